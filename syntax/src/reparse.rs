//! Incremental reparsing: after an edit, reparse only the smallest enclosing balanced
//! region when possible (DESIGN §3.5).
