//! SARIF 2.1.0, which code-scanning services read: one run of `mlir-analyzer`, with a rule
//! for each diagnostic code used and a result for each diagnostic, its notes as related
//! locations. Lines and columns are 1-based; columns count UTF-16 code units (SARIF's
//! default, said in `columnKind` too), the end column that just past the range.
//! `scripts/validate_sarif.py` checks a log against the official schema.

use std::io::{self, Write};
use std::path::Path;

use mlir_analysis::line_index::LineIndex;
use mlir_analysis::{Diagnostic, Severity, TextRange};
use serde_json::{Value, json};

use super::{FileReport, position, with_diagnostics};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The workspace's `repository` (its Cargo.toml, which the package does not inherit); a
/// test checks that they agree.
const INFORMATION_URI: &str = "https://github.com/mlir-analyzer/mlir-analyzer";

pub fn render_sarif(out: &mut impl Write, reports: &[FileReport]) -> io::Result<()> {
    let mut rules = Rules::default();
    let mut results = Vec::new();
    for (report, index) in with_diagnostics(reports) {
        let file = SarifFile {
            report,
            index: &index,
            uri: artifact_uri(&report.path),
        };
        for d in &report.diagnostics {
            results.push(file.result(d, rules.index_of(d.code)));
        }
    }
    let log = json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "mlir-analyzer",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": INFORMATION_URI,
                    "rules": rules.descriptors(),
                }
            },
            "columnKind": "utf16CodeUnits",
            "results": results,
        }]
    });
    serde_json::to_writer_pretty(&mut *out, &log)?;
    writeln!(out)
}

/// The diagnostic codes used, in the order first used: a result names its rule by index.
#[derive(Default)]
struct Rules(Vec<&'static str>);

impl Rules {
    fn index_of(&mut self, code: &'static str) -> usize {
        match self.0.iter().position(|&c| c == code) {
            Some(at) => at,
            None => {
                self.0.push(code);
                self.0.len() - 1
            }
        }
    }

    fn descriptors(&self) -> Vec<Value> {
        self.0.iter().map(|code| json!({ "id": code })).collect()
    }
}

/// What the results of one file need.
struct SarifFile<'a> {
    report: &'a FileReport,
    index: &'a LineIndex,
    uri: String,
}

impl SarifFile<'_> {
    fn result(&self, d: &Diagnostic, rule_index: usize) -> Value {
        let mut result = json!({
            "ruleId": d.code,
            "ruleIndex": rule_index,
            "level": level(d.severity),
            "message": { "text": d.message },
            "locations": [{ "physicalLocation": self.physical_location(d.range) }],
        });
        if !d.notes.is_empty() {
            let related: Vec<Value> = d
                .notes
                .iter()
                .map(|note| {
                    json!({
                        "physicalLocation": self.physical_location(note.range),
                        "message": { "text": note.message },
                    })
                })
                .collect();
            result["relatedLocations"] = Value::Array(related);
        }
        result
    }

    fn physical_location(&self, range: TextRange) -> Value {
        let text = &self.report.text;
        let start = position(text, self.index, range.start());
        let end = position(text, self.index, range.end());
        json!({
            "artifactLocation": { "uri": self.uri },
            "region": {
                "startLine": start.line + 1,
                "startColumn": start.utf16_col + 1,
                "endLine": end.line + 1,
                "endColumn": end.utf16_col + 1,
            }
        })
    }
}

/// SARIF has three levels of result: a hint, like a note or remark, is a `note`.
fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note | Severity::Remark | Severity::Hint => "note",
    }
}

/// A path as a URI reference: a relative path stays relative (to where the check ran),
/// an absolute one becomes a `file://` URI; `/` separates segments, and every byte a URI
/// path cannot hold as it is (a space, `%`, `#`, `?`, `:`, which would read as a scheme in
/// a first segment, non-ASCII) is percent-encoded.
fn artifact_uri(path: &Path) -> String {
    let text = path.to_string_lossy();
    // Only Windows separates with `\`; elsewhere it is a character of a name.
    let text = if cfg!(windows) {
        text.replace('\\', "/")
    } else {
        text.into_owned()
    };
    let encoded = percent_encode(&text);
    if !path.is_absolute() {
        encoded
    } else if encoded.starts_with('/') {
        format!("file://{encoded}")
    } else {
        format!("file:///{encoded}")
    }
}

fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        let kept = byte.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=@/".contains(&byte);
        if kept {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(artifact_uri(Path::new("a/b.mlir")), "a/b.mlir");
        assert_eq!(artifact_uri(Path::new("../x/y z.mlir")), "../x/y%20z.mlir");
        assert_eq!(artifact_uri(Path::new("<stdin>")), "%3Cstdin%3E");
        assert_eq!(
            artifact_uri(Path::new("c:d#e%é.mlir")),
            "c%3Ad%23e%25%C3%A9.mlir"
        );
        if cfg!(unix) {
            assert_eq!(
                artifact_uri(Path::new("/w/a b.mlir")),
                "file:///w/a%20b.mlir"
            );
        }
    }

    #[test]
    fn the_information_uri_is_the_workspaces_repository() {
        let manifest = include_str!("../../../Cargo.toml");
        let repository = manifest
            .lines()
            .find_map(|line| line.strip_prefix("repository = "))
            .expect("the workspace names its repository");
        assert_eq!(repository.trim_matches('"'), INFORMATION_URI);
    }
}
