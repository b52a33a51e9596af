//! `check --external CMD`: the external verifier run on every checked text, its findings
//! merged with ours before `--verify-diagnostics` compares the union with the annotations.
//! A tool that cannot run, crashes or times out is told once on stderr (per kind of
//! problem) and makes the run fail with status 2, as unreadable input does.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use mlir_analysis::Diagnostic;
use mlir_analysis::external::merge_external;

use crate::cli::CheckOptions;
use crate::external::{self, check_text};

pub struct CheckExternal {
    command: Vec<String>,
    timeout: Duration,
    told: RefCell<HashSet<String>>,
    /// Did a run fail?
    pub failed: Cell<bool>,
}

impl CheckExternal {
    /// The verifier `--external` names (`None` without it); `Err` when `auto` finds none.
    pub fn from_options(options: &CheckOptions) -> Result<Option<Self>, String> {
        let Some(command) = &options.external else {
            return Ok(None);
        };
        let command = external::resolve_command(&external::split_words(command))
            .map_err(|why| format!("--external: {why}"))?;
        Ok(Some(CheckExternal {
            command,
            timeout: Duration::from_millis(options.external_timeout_ms),
            told: RefCell::default(),
            failed: Cell::new(false),
        }))
    }

    /// Ours and the tool's findings on `text` (checked under `name`, split into chunks when
    /// `split`), merged.
    pub fn add(
        &self,
        name: &Path,
        text: &str,
        split: bool,
        ours: Vec<Diagnostic>,
    ) -> Vec<Diagnostic> {
        let file_name = name.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let full = name.to_str().unwrap_or("");
        let never = AtomicBool::new(false);
        let names = [file_name, full];
        let Some(checked) = check_text(&self.command, text, split, &names, self.timeout, &never)
        else {
            return ours;
        };
        for line in &checked.unparsed {
            let tool = external::tool_name(&self.command);
            eprintln!("mlir-analyzer: {}: {tool}: {line}", name.display());
        }
        if let Some(problem) = checked.problem {
            self.failed.set(true);
            if self.told.borrow_mut().insert(problem.clone()) {
                eprintln!("mlir-analyzer: {}: {problem}", name.display());
            }
        }
        merge_external(ours, checked.diagnostics, text)
    }
}
