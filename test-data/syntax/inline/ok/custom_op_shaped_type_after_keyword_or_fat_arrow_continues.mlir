%0 = memref.subview %m[0] [4] [1] : memref<8xf32> to
    memref<4xf32, strided<[1]>>
%1 = hal.tensor.import %v =>
    tensor<4xf32>
