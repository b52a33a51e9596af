//! Large results written as JSON once, past tower-lsp-server's `serde_json::Value`.
//!
//! tower-lsp-server turns every result into a `Value` before it writes it. For the
//! semantic tokens of a 96,000-line file (600,000 tokens, three million numbers) that is
//! some 100 MB of `Value`s, built and dropped for a 6 MB answer: a request then cost
//! 200-300 ms and left the server twice the size of `mlir-lsp-server`; the 11,780 symbols
//! of a million-line file's outline cost 35-40 ms of `Value`s. So a handler with
//! a large result serializes it itself, stashes the bytes here and answers with a small
//! stand-in that names them; the transport, which reads every frame the server writes,
//! puts the bytes in the stand-in's place (`splice`) before the answer goes out.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};

use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tower_lsp_server::ls_types::{self as lsp, SemanticToken, SemanticTokens, Uri};

/// Results with fewer tokens than this go the usual way: the stand-in saves nothing there.
const MIN_TOKENS: usize = 20_000;

/// Stashed results not yet spliced (a request cancelled after its handler ran leaves
/// one behind): the oldest go beyond this many.
const MAX_STASHED: usize = 4;

struct Stash {
    /// Starts every stand-in's name, unguessable: only our semantic tokens' result ids
    /// stand in that field, and no document text goes there.
    nonce: String,
    next: AtomicU64,
    results: Mutex<VecDeque<(String, Vec<u8>)>>,
}

static STASH: LazyLock<Stash> = LazyLock::new(|| {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    Stash {
        nonce: format!("mlir-analyzer-raw-{seed:x}-{}:", std::process::id()),
        next: AtomicU64::new(0),
        results: Mutex::new(VecDeque::new()),
    }
});

/// For a large result, a stand-in whose result id names the bytes of the whole result
/// (written from `data` as it is, without a copy), which `splice` puts in its place.
pub fn semantic_tokens(result_id: &str, data: &[SemanticToken]) -> Option<SemanticTokens> {
    if data.len() < MIN_TOKENS {
        return None;
    }
    let mut bytes = Vec::with_capacity(data.len() * 12 + 64);
    serde_json::to_writer(&mut bytes, &TokensRef { result_id, data }).ok()?;
    Some(SemanticTokens {
        result_id: Some(stash(bytes)),
        data: Vec::new(),
    })
}

/// `SemanticTokens` over a borrowed list, serialized as ls-types does (five numbers a token).
struct TokensRef<'t> {
    result_id: &'t str,
    data: &'t [SemanticToken],
}

impl Serialize for TokensRef<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct Flat<'t>(&'t [SemanticToken]);
        impl Serialize for Flat<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut seq = serializer.serialize_seq(Some(self.0.len() * 5))?;
                for t in self.0 {
                    seq.serialize_element(&t.delta_line)?;
                    seq.serialize_element(&t.delta_start)?;
                    seq.serialize_element(&t.length)?;
                    seq.serialize_element(&t.token_type)?;
                    seq.serialize_element(&t.token_modifiers_bitset)?;
                }
                seq.end()
            }
        }
        let mut map = serializer.serialize_struct("SemanticTokens", 2)?;
        map.serialize_field("resultId", self.result_id)?;
        map.serialize_field("data", &Flat(self.data))?;
        map.end()
    }
}

/// Outlines with fewer symbols than this go the usual way.
const MIN_SYMBOLS: usize = 2_000;

/// For a large outline (of `document`), a stand-in: one symbol whose name names the bytes
/// of the whole answer, which `splice` puts in its place.
pub fn document_symbols(
    document: &Uri,
    symbols: &[lsp::DocumentSymbol],
) -> Option<lsp::DocumentSymbolResponse> {
    fn count(symbols: &[lsp::DocumentSymbol]) -> usize {
        symbols
            .iter()
            .map(|s| 1 + s.children.as_deref().map_or(0, count))
            .sum()
    }
    if count(symbols) < MIN_SYMBOLS {
        return None;
    }
    let mut bytes = Vec::with_capacity(symbols.len() * 256);
    serde_json::to_writer(&mut bytes, symbols).ok()?;
    #[allow(deprecated)] // `deprecated` is a required field of the struct
    let stand_in = lsp::SymbolInformation {
        name: stash(bytes),
        kind: lsp::SymbolKind::FILE,
        tags: None,
        deprecated: None,
        location: lsp::Location::new(document.clone(), lsp::Range::default()),
        container_name: None,
    };
    Some(lsp::DocumentSymbolResponse::Flat(vec![stand_in]))
}

fn stash(bytes: Vec<u8>) -> String {
    let name = format!(
        "{}{}",
        STASH.nonce,
        STASH.next.fetch_add(1, Ordering::Relaxed)
    );
    let mut results = STASH.results.lock().unwrap_or_else(|p| p.into_inner());
    results.push_back((name.clone(), bytes));
    while results.len() > MAX_STASHED {
        results.pop_front();
    }
    name
}

/// An answer of the server's whose result holds a stand-in (where does not matter: the
/// whole result is replaced).
#[derive(Deserialize)]
struct StandIn {
    id: Value,
}

/// Stand-ins are small frames.
const MAX_STAND_IN_BYTES: usize = 512;

/// If `body` answers with a stand-in, the answer with the stashed result in its place,
/// and the request's id.
pub fn splice(body: &[u8]) -> Option<(Value, Vec<u8>)> {
    if body.len() > MAX_STAND_IN_BYTES {
        return None;
    }
    let at = memchr::memmem::find(body, STASH.nonce.as_bytes())?;
    let number = &body[at + STASH.nonce.len()..];
    let digits = number.iter().take_while(|b| b.is_ascii_digit()).count();
    let name = std::str::from_utf8(&body[at..at + STASH.nonce.len() + digits]).ok()?;
    let stand_in: StandIn = serde_json::from_slice(body).ok()?;
    let bytes = {
        let mut results = STASH.results.lock().unwrap_or_else(|p| p.into_inner());
        let found = results.iter().position(|(stashed, _)| stashed == name)?;
        results.remove(found)?.1
    };
    let id = serde_json::to_vec(&stand_in.id).ok()?;
    let mut out = Vec::with_capacity(bytes.len() + id.len() + 40);
    out.extend_from_slice(b"{\"jsonrpc\":\"2.0\",\"id\":");
    out.extend_from_slice(&id);
    out.extend_from_slice(b",\"result\":");
    out.extend_from_slice(&bytes);
    out.push(b'}');
    Some((stand_in.id, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(n: usize) -> SemanticTokens {
        let token = SemanticToken {
            delta_line: 1,
            delta_start: 2,
            length: 3,
            token_type: 4,
            token_modifiers_bitset: 0,
        };
        SemanticTokens {
            result_id: Some("7".into()),
            data: vec![token; n],
        }
    }

    /// What goes out for a large result is the answer tower-lsp-server would have written.
    #[test]
    fn a_spliced_answer_is_the_whole_answer() {
        let whole = tokens(MIN_TOKENS);
        let stand_in = semantic_tokens("7", &whole.data).expect("a stand-in");
        assert!(stand_in.data.is_empty());
        let frame = serde_json::json!({ "jsonrpc": "2.0", "result": stand_in, "id": 12 });
        let (id, body) = splice(frame.to_string().as_bytes()).expect("spliced");
        assert_eq!(id, 12);
        let answer: Value = serde_json::from_slice(&body).unwrap();
        let expected = serde_json::json!({ "jsonrpc": "2.0", "id": 12, "result": whole });
        assert_eq!(answer, expected);
        // A stand-in is spliced once.
        assert!(splice(frame.to_string().as_bytes()).is_none());
    }

    #[test]
    fn a_spliced_outline_is_the_whole_outline() {
        let uri: Uri = "file:///a.mlir".parse().unwrap();
        #[allow(deprecated)] // `deprecated` is a required field of the struct
        let symbol = |i: u32| lsp::DocumentSymbol {
            name: format!("f{i}"),
            detail: Some("func.func".into()),
            kind: lsp::SymbolKind::FUNCTION,
            tags: None,
            deprecated: None,
            range: lsp::Range::new(lsp::Position::new(i, 0), lsp::Position::new(i, 9)),
            selection_range: lsp::Range::new(lsp::Position::new(i, 2), lsp::Position::new(i, 4)),
            children: None,
        };
        let few: Vec<_> = (0..10).map(symbol).collect();
        assert!(document_symbols(&uri, &few).is_none());
        let many: Vec<_> = (0..MIN_SYMBOLS as u32).map(symbol).collect();
        let stand_in = document_symbols(&uri, &many).expect("a stand-in");
        let frame = serde_json::json!({ "jsonrpc": "2.0", "result": stand_in, "id": "x" });
        let (id, body) = splice(frame.to_string().as_bytes()).expect("spliced");
        assert_eq!(id, "x");
        let answer: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(answer["result"], serde_json::to_value(&many).unwrap());
    }

    #[test]
    fn small_results_and_other_frames_pass_as_they_are() {
        let small = tokens(10);
        assert!(semantic_tokens("7", &small.data).is_none());
        let frame = serde_json::json!({ "jsonrpc": "2.0", "result": small, "id": 1 });
        assert!(splice(frame.to_string().as_bytes()).is_none());
        let forged = format!(
            "{{\"id\":1,\"result\":{{\"resultId\":\"{}99\"}}}}",
            STASH.nonce
        );
        assert!(
            splice(forged.as_bytes()).is_none(),
            "nothing stashed under that name"
        );
    }
}
