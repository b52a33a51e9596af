//! The line a check ends with, on stderr, as linters print it: `checked 12 files: 3 errors
//! in 2 files, 1 warning`. Hints, notes and remarks are not counted; under
//! `--verify-diagnostics` an expectation nothing matched is an error like any other.

use mlir_analysis::Severity;

use super::FileReport;
use super::style::{BOLD, Colors, ERROR, GOOD, WARNING};

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Summary {
    files: usize,
    errors: usize,
    files_with_errors: usize,
    warnings: usize,
}

impl Summary {
    pub fn of(reports: &[FileReport]) -> Self {
        let mut summary = Summary {
            files: reports.len(),
            ..Summary::default()
        };
        for report in reports {
            let errors = report.count(Severity::Error);
            summary.errors += errors;
            summary.files_with_errors += usize::from(errors > 0);
            summary.warnings += report.count(Severity::Warning);
        }
        summary
    }

    /// The line, coloured: what was checked bold, errors red, warnings yellow, and a
    /// clean run green.
    pub fn line(&self, colors: Colors) -> String {
        let checked = format!("checked {}:", counted(self.files, "file"));
        let mut line = format!("{} ", colors.paint(BOLD, checked));
        if self.errors == 0 {
            line.push_str(&colors.paint(GOOD, "no errors").to_string());
        } else {
            let errors = format!(
                "{} in {}",
                counted(self.errors, "error"),
                counted(self.files_with_errors, "file")
            );
            line.push_str(&colors.paint(ERROR, errors).to_string());
        }
        if self.warnings > 0 {
            let warnings = counted(self.warnings, "warning");
            line.push_str(&format!(", {}", colors.paint(WARNING, warnings)));
        }
        line
    }
}

/// `1 file`, `2 files`, `0 files`.
fn counted(n: usize, word: &str) -> String {
    let plural = if n == 1 { "" } else { "s" };
    format!("{n} {word}{plural}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(files: usize, errors: usize, files_with_errors: usize, warnings: usize) -> String {
        let summary = Summary {
            files,
            errors,
            files_with_errors,
            warnings,
        };
        summary.line(Colors(false))
    }

    #[test]
    fn counts_are_singular_or_plural() {
        assert_eq!(line(734, 0, 0, 0), "checked 734 files: no errors");
        assert_eq!(line(1, 0, 0, 0), "checked 1 file: no errors");
        assert_eq!(line(0, 0, 0, 0), "checked 0 files: no errors");
        assert_eq!(line(12, 3, 2, 0), "checked 12 files: 3 errors in 2 files");
        assert_eq!(
            line(1, 1, 1, 1),
            "checked 1 file: 1 error in 1 file, 1 warning"
        );
        assert_eq!(line(5, 0, 0, 2), "checked 5 files: no errors, 2 warnings");
    }

    #[test]
    fn colour_marks_errors_warnings_and_a_clean_run() {
        let failing = Summary {
            files: 2,
            errors: 1,
            files_with_errors: 1,
            warnings: 1,
        };
        assert_eq!(
            failing.line(Colors(true)),
            "\x1b[1mchecked 2 files:\x1b[0m \x1b[1;31m1 error in 1 file\x1b[0m, \x1b[1;33m1 warning\x1b[0m"
        );
        assert_eq!(
            Summary::default().line(Colors(true)),
            "\x1b[1mchecked 0 files:\x1b[0m \x1b[1;32mno errors\x1b[0m"
        );
    }
}
