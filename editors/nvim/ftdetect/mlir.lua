-- Sourced by Neovim at startup for every plugin on 'runtimepath': *.mlir -> filetype mlir.
require('mlir_analyzer').filetype()
