affine.if #set0(%i) {
