//! The memos of one document's file-wide requests (`unit_memo`), kept together for the
//! server, each behind its own lock so that different requests run side by side.

use std::sync::Mutex;

use crate::document_links::LinksMemo;
use crate::document_symbols::SymbolsMemo;
use crate::folding_ranges::FoldsMemo;

#[derive(Default)]
pub struct RequestMemos {
    pub symbols: Mutex<SymbolsMemo>,
    pub folds: Mutex<FoldsMemo>,
    pub links: Mutex<LinksMemo>,
}
