//! Incremental analysis gives what a fresh one gives: corpus files are edited a character
//! at a time through one `AnalysisHost` (incremental reparse, remembered outlines and file
//! checks, memoized salsa queries), and after each edit its diagnostics must equal those
//! of a new host that reads the edited text whole.

mod common;
#[path = "common/lcg.rs"]
mod lcg;

use std::sync::Arc;

use common::{corpus, mlir_files};
use lcg::Lcg;
use mlir_analysis::{AnalysisHost, TextEdit, TextRange, TextSize};

/// An edit at a char boundary near a random place: an insertion from characters that
/// break or mend IR, or the deletion of one character.
fn random_edit(text: &str, rng: &mut Lcg) -> TextEdit {
    let mut at = rng.below(text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    const INSERTS: [&str; 8] = ["%", "1", " ", "x", "}", "\n", "@f", ": i32"];
    let choice = rng.below(INSERTS.len() + 2);
    match (INSERTS.get(choice), text[at..].chars().next()) {
        (None, Some(c)) => {
            TextEdit::delete(TextRange::at(TextSize::new(at as u32), TextSize::of(c)))
        }
        (insert, _) => TextEdit::insert(TextSize::new(at as u32), insert.copied().unwrap_or("%")),
    }
}

fn shown(host: &mut AnalysisHost) -> Vec<String> {
    host.diagnostics("f")
        .into_iter()
        .map(|d| format!("{:?} {} {:?}", d.range, d.message, d.notes))
        .collect()
}

#[test]
fn edited_files_get_the_diagnostics_of_a_fresh_analysis() {
    let mut files = mlir_files(&corpus("MLIR_CORPUS", "shared/corpus"));
    files.extend(mlir_files(&corpus(
        "MLIR_DOWNSTREAM_CORPUS",
        "shared/corpus-downstream",
    )));
    // `MLIR_EDIT_SEED` picks other edits (the default is what CI runs).
    let seed = std::env::var("MLIR_EDIT_SEED")
        .ok()
        .and_then(|s| s.parse().ok());
    let mut rng = Lcg(seed.unwrap_or(7));
    let mut checked = 0;
    for path in files.iter().step_by(9) {
        let Ok(mut text) = std::fs::read_to_string(path) else {
            continue;
        };
        let mut host = AnalysisHost::default();
        host.update("f", Arc::from(text.as_str()), None);
        host.diagnostics("f");
        for _ in 0..4 {
            let edit = random_edit(&text, &mut rng);
            edit.apply(&mut text);
            host.update(
                "f",
                Arc::from(text.as_str()),
                Some(std::slice::from_ref(&edit)),
            );
            let mut fresh = AnalysisHost::default();
            fresh.update("f", Arc::from(text.as_str()), None);
            assert_eq!(
                shown(&mut host),
                shown(&mut fresh),
                "{} after {edit:?}",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 500, "only {checked} edits checked");
}
