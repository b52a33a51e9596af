//! `check --external CMD` (else the `[external]` table of a checked file's project file):
//! the external verifier run on every checked text, its findings merged with ours before
//! `--verify-diagnostics` compares the union with the annotations.
//! A tool that cannot run, crashes or times out is told once on stderr (per kind of
//! problem) and makes the run fail with status 2, as unreadable input does.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use mlir_analysis::Diagnostic;
use mlir_analysis::external::merge_external;

use crate::check_projects::Projects;
use crate::cli::CheckOptions;
use crate::external::{self, check_text};

pub struct CheckExternal {
    /// `--external`, resolved; `None`: each project file's command.
    flag: Option<Vec<String>>,
    /// `--external-timeout-ms`, when given.
    timeout: Option<Duration>,
    told: RefCell<HashSet<String>>,
    /// Did a run fail?
    pub failed: Cell<bool>,
}

impl CheckExternal {
    /// The verifiers `--external` names; `Err` when `auto` finds none.
    pub fn from_options(options: &CheckOptions) -> Result<Self, String> {
        let flag = match &options.external {
            Some(command) => Some(
                external::resolve_command(&external::split_words(command))
                    .map_err(|why| format!("--external: {why}"))?,
            ),
            None => None,
        };
        Ok(CheckExternal {
            flag,
            timeout: options.external_timeout_ms.map(Duration::from_millis),
            told: RefCell::default(),
            failed: Cell::new(false),
        })
    }

    /// Ours, with the findings of the verifier `--external` names, else the one the
    /// project file above `folder` names (none without either).
    pub fn add_for(
        &self,
        projects: &mut Projects,
        folder: &Path,
        checked: Checked<'_>,
        ours: Vec<Diagnostic>,
    ) -> Vec<Diagnostic> {
        if let Some(command) = &self.flag {
            let timeout = self.timeout.unwrap_or(external::DEFAULT_TIMEOUT);
            return self.add(command, timeout, checked, ours);
        }
        let Some((table, command)) = projects.external_for(folder) else {
            return ours;
        };
        let Some(command) = command.filter(|c| !c.is_empty()) else {
            return ours;
        };
        let command = match external::resolve_command(&command) {
            Ok(command) => command,
            Err(why) => {
                self.tell(checked.name, format!("[external]: {why}"));
                return ours;
            }
        };
        let configured = table.timeout_ms.map(Duration::from_millis);
        let timeout = self
            .timeout
            .or(configured)
            .unwrap_or(external::DEFAULT_TIMEOUT);
        self.add(&command, timeout, checked, ours)
    }

    fn tell(&self, name: &Path, problem: String) {
        self.failed.set(true);
        if self.told.borrow_mut().insert(problem.clone()) {
            eprintln!("mlir-analyzer: {}: {problem}", name.display());
        }
    }

    /// Ours and the tool's findings on the checked text, merged.
    fn add(
        &self,
        command: &[String],
        timeout: Duration,
        checked: Checked<'_>,
        ours: Vec<Diagnostic>,
    ) -> Vec<Diagnostic> {
        let Checked { name, text, split } = checked;
        let file_name = name.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let full = name.to_str().unwrap_or("");
        let never = AtomicBool::new(false);
        let names = [file_name, full];
        let Some(found) = check_text(command, text, split, &names, timeout, &never) else {
            return ours;
        };
        for line in &found.unparsed {
            let tool = external::tool_name(command);
            eprintln!("mlir-analyzer: {}: {tool}: {line}", name.display());
        }
        if let Some(problem) = found.problem {
            self.tell(name, problem);
        }
        merge_external(ours, found.diagnostics, text, split)
    }
}

/// The text being checked: the name messages give it, and whether it is split.
pub struct Checked<'a> {
    pub name: &'a Path,
    pub text: &'a str,
    pub split: bool,
}

/// The external verifier for one checked input: `--external`'s, else its project file's.
pub struct ExternalFor<'a> {
    pub external: &'a CheckExternal,
    pub projects: &'a mut Projects,
    /// The folder whose project file applies.
    pub folder: std::path::PathBuf,
}

impl ExternalFor<'_> {
    pub fn add(
        &mut self,
        name: &Path,
        text: &str,
        split: bool,
        ours: Vec<Diagnostic>,
    ) -> Vec<Diagnostic> {
        let checked = Checked { name, text, split };
        let folder = self.folder.clone();
        self.external.add_for(self.projects, &folder, checked, ours)
    }
}
