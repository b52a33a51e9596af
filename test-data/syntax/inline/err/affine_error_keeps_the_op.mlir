x.for %i = 1 to max affine_map<(i)->(N, 100)> {
}
