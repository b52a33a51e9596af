//! Symbol lookup for the file checks: the symbols each symbol table defines, computed
//! once per table (through the `SymbolMemo` of the last tree), and MLIR's
//! `lookupNearestSymbolFrom` restricted to the tables `symbols` knows.

use std::collections::HashMap;
use std::sync::Arc;

use mlir_syntax::SyntaxNode;

use crate::ops;
use crate::symbol_memo::SymbolMemo;
use crate::symbols::{TableOp, nearest_table, table_op_list};
use rustc_hash::FxHashMap;

/// What a lookup found.
pub enum Lookup {
    /// The op defining the symbol.
    Found(SyntaxNode),
    /// Surely not defined in the table the lookup searched.
    Missing,
    /// An op we do not know stands between: it may be the table that defines the name.
    Unknown,
}

/// The symbols of each table of a chunk (`None` = the chunk's top level).
pub struct SymbolTables<'c> {
    chunk: &'c [SyntaxNode],
    symbols: &'c SymbolMemo,
    tables: HashMap<Option<SyntaxNode>, FxHashMap<Arc<str>, TableOp>>,
    /// The nearest table of the ops of each block, found once per block: a file's calls
    /// are looked up on every keystroke, many from the same block.
    nearest: HashMap<SyntaxNode, Option<Option<SyntaxNode>>>,
}

impl<'c> SymbolTables<'c> {
    /// The tables of `chunk`, whose ops' symbols are read through `symbols`.
    pub fn new(chunk: &'c [SyntaxNode], symbols: &'c SymbolMemo) -> SymbolTables<'c> {
        SymbolTables {
            chunk,
            symbols,
            tables: HashMap::new(),
            nearest: HashMap::new(),
        }
    }

    /// The top-level nodes of the chunk the tables are in.
    pub fn chunk(&self) -> &'c [SyntaxNode] {
        self.chunk
    }

    /// The symbol `name` of the nearest symbol table around `op`.
    pub fn lookup_from(&mut self, op: &SyntaxNode, name: &str) -> Lookup {
        let table = match op.parent() {
            Some(block) => self
                .nearest
                .entry(block)
                .or_insert_with(|| nearest_table(op))
                .clone(),
            None => nearest_table(op),
        };
        match table {
            Some(table) => self.lookup_in(table, name),
            None => Lookup::Unknown,
        }
    }

    /// The symbol `name` defined directly in `table` (`None`: the chunk's top level).
    pub fn lookup_in(&mut self, table: Option<SyntaxNode>, name: &str) -> Lookup {
        let (chunk, memo) = (self.chunk, self.symbols);
        let symbols = self.tables.entry(table.clone()).or_insert_with(|| {
            let ops = match &table {
                Some(t) => table_op_list(t),
                None => chunk
                    .iter()
                    .filter(|n| ops::is_op(n))
                    .filter_map(TableOp::of)
                    .collect(),
            };
            let mut symbols = FxHashMap::default();
            for op in ops {
                if let Some(name) = memo.defined_name(&op) {
                    symbols.entry(name).or_insert(op);
                }
            }
            symbols
        });
        match symbols.get(name).and_then(TableOp::node) {
            Some(op) => Lookup::Found(op),
            None => Lookup::Missing,
        }
    }
}
