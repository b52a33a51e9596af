//! `mlir-analysis`: semantic analysis and IDE features of MLIR files (grows in later stages).
