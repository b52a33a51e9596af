//! `AnalysisHost`: the one owner of the salsa database, fed with file texts and edits by the
//! server's analysis thread. It reparses incrementally when it knows the edits since the
//! last text of a file, and answers diagnostics through the database's per-body queries.

use std::collections::HashMap;
use std::sync::Arc;

use mlir_syntax::reparse::{TextEdit, reparse_pieces};
use mlir_syntax::{Parse, TextSize};
use salsa::{Database, Setter};

use crate::db::{self, RootDatabase, SourceFile};
use crate::text_source::TextSource;
use mlir_checks::diagnostic::Diagnostic;
use mlir_diagnostics::check_memo::FileChecksMemo;
use mlir_diagnostics::markers::Marker;
use mlir_dialects::registry::Registry;
use mlir_hir::outline::{OutlineMemo, outline, outline_parsed, parse_outlined};

pub struct AnalysisHost {
    db: RootDatabase,
    files: HashMap<String, SourceFile>,
    /// Per file, what the isolated ops of its last tree held (see `outline`).
    memos: HashMap<String, OutlineMemo>,
    /// Per file, the file checks' results for the functions of its last tree.
    check_memos: HashMap<String, FileChecksMemo>,
    /// Files parsed whole since their diagnostics were last asked for: most of their
    /// bodies are new, so checking them is worth spreading over threads.
    parsed_whole: std::collections::HashSet<String>,
    /// The files whose text defines IRDL dialects (open buffers and library files).
    irdl_files: std::collections::BTreeSet<String>,
    /// Files given as library files (not open in the editor).
    library: std::collections::HashSet<String>,
}

impl Default for AnalysisHost {
    fn default() -> AnalysisHost {
        AnalysisHost::with_database(RootDatabase::default())
    }
}

impl AnalysisHost {
    /// A host whose database reports every salsa event to `on_event` (tests use it to see
    /// which queries ran or were validated).
    pub fn with_event_callback(on_event: impl Fn(salsa::Event) + Send + Sync + 'static) -> Self {
        AnalysisHost::with_database(RootDatabase::with_event_callback(on_event))
    }

    /// A host owning `db` (a fresh database), whose files are checked with the built-in
    /// registry until `set_registry` gives another.
    fn with_database(mut db: RootDatabase) -> AnalysisHost {
        // Before any query: one that found no registry input would not see it set later.
        db::set_registry(&mut db, Registry::builtin_arc());
        AnalysisHost {
            db,
            files: HashMap::new(),
            memos: HashMap::new(),
            check_memos: HashMap::new(),
            parsed_whole: Default::default(),
            irdl_files: Default::default(),
            library: Default::default(),
        }
    }

    /// Checks every file with the op specs of `registry` from now on (the built-in specs
    /// and those imported at run time). Every body is checked again on its next read; the
    /// registry in use (the same `Arc`) changes nothing.
    pub fn set_registry(&mut self, registry: Arc<Registry>) {
        db::set_registry(&mut self.db, registry);
    }

    /// The registry files are checked with, for the IDE features of the same files.
    pub fn registry(&self) -> Arc<Registry> {
        db::registry(&self.db)
    }

    /// Sets the text of file `key`. `edits` are the changes since the text last given, in
    /// order; with them the tree is reparsed piecewise, without them (or for a new file) it
    /// is parsed whole. Returns the tree.
    pub fn update(&mut self, key: &str, text: Arc<str>, edits: Option<&[TextEdit]>) -> Parse {
        self.update_from(key, &text, edits)
    }

    /// `update` with a text that is flattened only if it must be parsed whole (or defines
    /// IRDL dialects): a file edited in place keeps no flat text in the database.
    pub fn update_from(
        &mut self,
        key: &str,
        source: &dyn TextSource,
        edits: Option<&[TextEdit]>,
    ) -> Parse {
        let previous = self.files.get(key).map(|f| db::parse(&self.db, *f).clone());
        let pieces = match (previous, edits) {
            (Some(old), Some(edits)) if lengths_agree(&old, edits, source.len()) => {
                reparse_pieces(&old, edits)
            }
            _ => None,
        };
        let defines_irdl = source.contains(Marker::IrdlDialect);
        let memo = self.memos.entry(key.to_string()).or_default();
        let (parse, text, outlined) = match pieces {
            Some(parse) => {
                let outlined = outline(&parse.syntax_node(), memo);
                (parse, defines_irdl.then(|| source.whole()), outlined)
            }
            None => {
                self.parsed_whole.insert(key.to_string());
                let text = source.whole();
                let (parse, pre) = parse_outlined(&text);
                let outlined = outline_parsed(&parse.syntax_node(), memo, pre);
                // Only a file that defines dialects needs its text past the parse (for
                // the IDE features of their ops); a large file's is freed for the checks.
                (parse, defines_irdl.then_some(text), outlined)
            }
        };
        let outlined = Some(outlined);
        match self.files.get(key) {
            Some(file) => {
                file.set_text(&mut self.db).to(text);
                file.set_parsed(&mut self.db).to(Some(parse.clone()));
                file.set_outlined(&mut self.db).to(outlined);
            }
            None => {
                let sources = self.irdl_sources_except(key);
                let file = SourceFile::new(&self.db, text, Some(parse.clone()), outlined, sources);
                self.files.insert(key.to_string(), file);
            }
        }
        self.library.remove(key);
        self.set_defines_irdl(key, defines_irdl);
        parse
    }

    /// Closes file `key`: it is forgotten, also as a source of IRDL dialects.
    pub fn remove(&mut self, key: &str) {
        self.files.remove(key);
        self.memos.remove(key);
        self.check_memos.remove(key);
        self.parsed_whole.remove(key);
        self.library.remove(key);
        self.set_defines_irdl(key, false);
    }

    /// Sets (or with `None` removes) a file that is not open in the editor but whose IRDL
    /// dialects the open files use: a workspace file, or one the configuration names.
    /// An open file's buffer wins over its text on disk.
    pub fn set_library_file(&mut self, key: &str, text: Option<Arc<str>>) {
        let is_open = self.files.contains_key(key) && !self.library.contains(key);
        match text {
            _ if is_open => {}
            Some(text) if mlir_dialects::irdl::may_define_dialects(&text) => {
                self.update(key, text, None);
                self.parsed_whole.remove(key);
                self.library.insert(key.to_string());
            }
            _ if self.library.contains(key) => self.remove(key),
            _ => {}
        }
    }

    /// The IRDL dialects the files known to the host define, with those files (for the
    /// IDE features of ops of those dialects).
    pub fn irdl_sources(&self) -> Vec<mlir_ide::IrdlSource> {
        let mut out = Vec::new();
        for key in &self.irdl_files {
            let Some(file) = self.files.get(key) else {
                continue;
            };
            // A file that defines dialects keeps its text (`update_from`).
            let text = file.text(&self.db).clone().unwrap_or_default();
            out.extend(
                db::file_irdl(&self.db, *file)
                    .iter()
                    .map(|dialect| mlir_ide::IrdlSource {
                        file: key.clone(),
                        text: text.clone(),
                        dialect: dialect.clone(),
                    }),
            );
        }
        out
    }

    /// Records whether `key` defines IRDL dialects; when the set of such files changes,
    /// every file gets the new list of the others.
    fn set_defines_irdl(&mut self, key: &str, defines: bool) {
        let changed = match defines {
            true => self.irdl_files.insert(key.to_string()),
            false => self.irdl_files.remove(key),
        };
        if !changed {
            return;
        }
        let keys: Vec<String> = self.files.keys().cloned().collect();
        for key in keys {
            let sources = self.irdl_sources_except(&key);
            let file = self.files[&key];
            if *file.irdl_sources(&self.db) != sources {
                file.set_irdl_sources(&mut self.db).to(sources);
            }
        }
    }

    fn irdl_sources_except(&self, key: &str) -> Vec<SourceFile> {
        self.irdl_files
            .iter()
            .filter(|k| k.as_str() != key)
            .filter_map(|k| self.files.get(k).copied())
            .collect()
    }

    /// The diagnostics of the start of file `key` (its first `LEADING_BYTES`, about a
    /// few hundred lines, then up to the next body), if it was just parsed whole and is
    /// large enough that checking all of it keeps the editor waiting: what an editor
    /// shows first of a file it opens, to publish before `diagnostics` gives all of
    /// them. Exactly those of `diagnostics` that start there, with where they end.
    pub fn leading_diagnostics(&mut self, key: &str) -> Option<(Vec<Diagnostic>, TextSize)> {
        let file = *self.files.get(key)?;
        if !self.parsed_whole.contains(key) || db::body_count(&self.db, file) < MIN_BODIES_TO_STAGE
        {
            return None;
        }
        let memo = self.check_memos.entry(key.to_string()).or_default();
        db::leading_diagnostics(&self.db, file, memo, TextSize::new(LEADING_BYTES))
    }

    /// Every diagnostic of file `key` (none for an unknown file).
    pub fn diagnostics(&mut self, key: &str) -> Vec<Diagnostic> {
        match self.files.get(key) {
            Some(file) => {
                if self.parsed_whole.remove(key) {
                    self.check_bodies_in_parallel(*file);
                }
                let memo = self.check_memos.entry(key.to_string()).or_default();
                let found = db::file_diagnostics_with(&self.db, *file, memo);
                self.release_replaced_results();
                found
            }
            None => Vec::new(),
        }
    }

    /// Frees what the queries just replaced. salsa frees a replaced result only when the
    /// next revision begins (a reader may still hold it until then), which for the file
    /// edited last is its whole previous tree and outline, kept for as long as the editor
    /// is idle. A new revision without a change frees them now; the next read validates
    /// the memos once, as it would after the next edit anyway.
    fn release_replaced_results(&mut self) {
        self.db.synthetic_write(salsa::Durability::LOW);
    }

    /// Brings every body's queries up to date on all cores, each thread with its own
    /// handle on the database, so that the sequential pass after it finds them memoized.
    /// Opening a large file checks thousands of bodies; after a keystroke all but one
    /// are only validated.
    fn check_bodies_in_parallel(&self, file: SourceFile) {
        let count = db::body_count(&self.db, file);
        let threads = mlir_syntax::pool::threads();
        if threads < 2 || count < MIN_BODIES_FOR_THREADS {
            return;
        }
        std::thread::scope(|scope| {
            for first in 0..threads as u32 {
                let db = self.db.clone();
                scope.spawn(move || {
                    let context = db::file_context(&db, file);
                    db::with_shapes_for(context, || {
                        for index in (first..count).step_by(threads) {
                            let id = db::BodyId::new(&db, file, index);
                            db::body_checks(&db, id);
                        }
                    });
                });
            }
        });
    }
}

/// Below this many bodies a file is checked whole at once: its diagnostics come soon.
const MIN_BODIES_TO_STAGE: u32 = 256;

/// How much of a file's start `leading_diagnostics` covers: a few screens.
const LEADING_BYTES: u32 = 16 * 1024;

/// Below this many bodies, threads cost more than they save.
const MIN_BODIES_FOR_THREADS: u32 = 64;

/// Do the edits turn a text of the old tree's length into one of the new text's length?
/// (A cheap guard against edits that do not belong to the tree.)
fn lengths_agree(old: &Parse, edits: &[TextEdit], text_len: usize) -> bool {
    let mut len = i64::from(u32::from(old.green().text_len()));
    for edit in edits {
        if i64::from(u32::from(edit.delete.end())) > len {
            return false;
        }
        len += edit.insert.len() as i64 - i64::from(u32::from(edit.delete.len()));
    }
    len == text_len as i64
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlir_syntax::{TextRange, TextSize};
    use std::collections::BTreeSet;

    #[test]
    fn edits_reparse_to_the_same_tree_and_diagnostics() {
        let mut host = AnalysisHost::default();
        let text = "func.func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32\n  return\n}\n";
        host.update("f", Arc::from(text), None);
        assert!(host.diagnostics("f").is_empty());
        let at = TextSize::new(text.find("%a, %a").unwrap() as u32);
        let edit = TextEdit::replace(TextRange::at(at, TextSize::new(2)), "%b");
        let mut new_text = text.to_string();
        edit.apply(&mut new_text);
        let parse = host.update("f", Arc::from(new_text.as_str()), Some(&[edit]));
        assert_eq!(parse, mlir_syntax::parse(&new_text));
        let messages: Vec<String> = host
            .diagnostics("f")
            .into_iter()
            .map(|d| d.message)
            .collect();
        assert_eq!(messages, ["use of undeclared SSA value name"]);
    }

    /// A file parsed whole keeps no flat copy of its text beside its tree, unless it
    /// defines IRDL dialects (whose IDE features read it).
    #[test]
    fn only_files_that_define_dialects_keep_their_text() {
        let mut host = AnalysisHost::default();
        host.update("plain", Arc::from("func.func @f() {\n  return\n}\n"), None);
        host.update("dialect", Arc::from(DIALECT), None);
        let kept = |host: &AnalysisHost, key: &str| host.files[key].text(&host.db).is_some();
        assert!(!kept(&host, "plain"));
        assert!(kept(&host, "dialect"));
    }

    /// Ops of one shape are checked once per file context: an edited alias, which gives
    /// the same text another type, must not leave the old context's verdicts in place.
    #[test]
    fn shapes_remembered_under_old_aliases_are_not_reused() {
        let mut text = String::from(concat!(
            "!t = i32\n",
            "func.func @f(%a: !t) {\n  %0 = arith.addi %a, %a : !t\n  return\n}\n",
            "func.func @g(%a: !t) {\n  %0 = arith.addi %a, %a : !t\n  return\n}\n",
        ));
        let mut host = AnalysisHost::default();
        host.update("f", Arc::from(text.as_str()), None);
        assert!(host.diagnostics("f").is_empty());
        let edit = TextEdit::replace(TextRange::at(5.into(), 3.into()), "f32");
        edit.apply(&mut text);
        host.update("f", Arc::from(text.as_str()), Some(&[edit]));
        let fresh = mlir_diagnostics::shown::file_diagnostics(&text, false);
        assert_eq!(fresh.len(), 2, "{fresh:?}");
        assert_eq!(host.diagnostics("f"), fresh);
    }

    /// Opened on threads (enough bodies), each thread keeping its memo of op shapes from
    /// body to body: the diagnostics are a fresh analysis's, before and after an alias
    /// edit that gives every op's text another type.
    #[test]
    fn bodies_checked_on_threads_with_remembered_shapes_agree_with_a_fresh_analysis() {
        let count = MIN_BODIES_FOR_THREADS as usize + 6;
        let functions: String = (0..count)
            .map(|i| {
                format!("func.func @f{i}(%a: !t) {{\n  %0 = arith.addi %a, %a : !t\n  return\n}}\n")
            })
            .collect();
        let mut text = format!("!t = i32\n{functions}");
        let mut host = AnalysisHost::default();
        host.update("f", Arc::from(text.as_str()), None);
        let fresh = |text: &str| mlir_diagnostics::shown::file_diagnostics(text, false);
        assert_eq!(host.diagnostics("f"), fresh(&text));
        let edit = TextEdit::replace(TextRange::at(5.into(), 3.into()), "f32");
        edit.apply(&mut text);
        host.update("f", Arc::from(text.as_str()), Some(&[edit]));
        let after = fresh(&text);
        assert_eq!(after.len(), count, "{after:?}");
        assert_eq!(host.diagnostics("f"), after);
    }

    /// Each edit's diagnostics must be those of a fresh analysis of the new text, while
    /// the file checks reuse the results of unchanged functions.
    #[test]
    fn remembered_file_checks_follow_every_edit() {
        let mut text = String::from(concat!(
            "func.func @callee(%a: i32) -> i32 {\n  return %a : i32\n}\n",
            "func.func @other() {\n  %c = arith.constant 1 : i64\n  return\n}\n",
            "func.func @caller(%x: i32) {\n  %r = func.call @callee(%x) : (i32) -> i32\n",
            "  %s = func.call @missing() : () -> ()\n  return\n}\n",
        ));
        let mut host = AnalysisHost::default();
        host.update("f", Arc::from(text.as_str()), None);
        let steps: [(&str, &str); 6] = [
            // Inside another function: the caller's results are reused, moved.
            ("%c = arith", "%cc = arith"),
            // The callee's signature: every call is checked again.
            ("@callee(%a: i32) -> i32", "@callee(%a: i64) -> i32"),
            ("return %a : i32", "return %a : i64"),
            // A new function named as the missing callee (the skeleton changes).
            ("func.func @other()", "func.func @missing()"),
            // Back, and the call's own text.
            ("func.func @missing()", "func.func @other()"),
            ("@callee(%x) : (i32)", "@callee(%x, %x) : (i32, i32)"),
        ];
        for (old, new) in steps {
            let at = TextSize::new(text.find(old).expect("step text") as u32);
            let edit = TextEdit::replace(TextRange::at(at, TextSize::of(old)), new);
            edit.apply(&mut text);
            host.update("f", Arc::from(text.as_str()), Some(&[edit]));
            let shown = |ds: Vec<Diagnostic>| -> Vec<String> {
                ds.into_iter()
                    .map(|d| format!("{:?} {}", d.range, d.message))
                    .collect()
            };
            let fresh = shown(mlir_diagnostics::shown::file_diagnostics(&text, false));
            assert_eq!(shown(host.diagnostics("f")), fresh, "after {old} -> {new}");
            assert!(!fresh.is_empty());
        }
    }

    /// A spec of an op the built-in registry does not know, in our spec format.
    const FROB_SPEC: &str = "dialect test_ods\n  summary: Ops for a test.\n\nop frob\n  summary: Frobs a 32-bit integer.\n  arguments: I32:$input\n";
    const FROB_USER: &str =
        "func.func @f(%a: f32) {\n  \"test_ods.frob\"(%a) : (f32) -> ()\n  return\n}\n";

    /// A host whose database logs the queries it executes into the vector returned.
    fn logging_host() -> (AnalysisHost, Arc<std::sync::Mutex<Vec<String>>>) {
        let log = Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = log.clone();
        let db = RootDatabase::with_event_callback(move |event| {
            if let salsa::EventKind::WillExecute { database_key } = event.kind {
                sink.lock().unwrap().push(format!("{database_key:?}"));
            }
        });
        (AnalysisHost::with_database(db), log)
    }

    /// A new registry checks every body again with its specs; the registry in use, given
    /// again, re-runs no query.
    #[test]
    fn a_new_registry_checks_again_and_the_same_one_reruns_nothing() {
        let (mut host, log) = logging_host();
        host.update("f", Arc::from(FROB_USER), None);
        assert!(
            messages(&mut host, "f").is_empty(),
            "test_ods is unknown yet"
        );
        let (mut registry, _) = Registry::with_builtin_specs();
        assert!(registry.load("test.spec", FROB_SPEC).is_empty());
        let registry = Arc::new(registry);
        host.set_registry(registry.clone());
        assert!(Arc::ptr_eq(&host.registry(), &registry));
        log.lock().unwrap().clear();
        assert_eq!(
            messages(&mut host, "f"),
            ["'test_ods.frob' op operand #0 must be 32-bit signless integer, but got 'f32'"]
        );
        let executed = std::mem::take(&mut *log.lock().unwrap());
        let ran = |query: &str| executed.iter().any(|k| k.starts_with(query));
        assert!(ran("file_context") && ran("body_checks"), "{executed:?}");
        assert!(!ran("parse") && !ran("body("), "{executed:?}");
        host.set_registry(registry);
        let again = messages(&mut host, "f");
        assert_eq!(again.len(), 1);
        assert_eq!(*log.lock().unwrap(), Vec::<String>::new());
        // Back to the built-in registry: the op is unknown again.
        host.set_registry(Registry::builtin_arc());
        assert!(messages(&mut host, "f").is_empty());
    }

    const DIALECT: &str = "irdl.dialect @d {\n  irdl.operation @op {\n    %0 = irdl.is i32\n    irdl.operands(x: %0)\n  }\n}\n";
    const USER: &str = "func.func @f(%a: i64) {\n  \"d.op\"(%a) : (i64) -> ()\n  return\n}\n";

    fn messages(host: &mut AnalysisHost, key: &str) -> Vec<String> {
        host.diagnostics(key)
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn ops_are_verified_against_irdl_dialects_of_other_files_as_they_change() {
        let mut host = AnalysisHost::default();
        host.update("user", Arc::from(USER), None);
        assert!(messages(&mut host, "user").is_empty(), "d is unknown yet");
        host.update("dialect", Arc::from(DIALECT), None);
        assert_eq!(
            messages(&mut host, "user"),
            ["expected 'i32' but got 'i64'"]
        );
        // Edit the definition in its buffer: the user's op is now valid.
        let at = TextSize::new(DIALECT.find("i32").unwrap() as u32);
        let edit = TextEdit::replace(TextRange::at(at, TextSize::new(3)), "i64");
        let mut text = DIALECT.to_string();
        edit.apply(&mut text);
        host.update("dialect", Arc::from(text.as_str()), Some(&[edit]));
        assert!(messages(&mut host, "user").is_empty());
        assert_eq!(host.irdl_sources().len(), 1);
        host.remove("dialect");
        assert!(host.irdl_sources().is_empty());
    }

    #[test]
    fn library_files_give_way_to_open_buffers() {
        let mut host = AnalysisHost::default();
        host.update("user", Arc::from(USER), None);
        host.set_library_file("lib", Some(Arc::from(DIALECT)));
        assert_eq!(messages(&mut host, "user").len(), 1);
        // Opened with another text: the buffer counts, and a later disk text does not.
        let open = DIALECT.replace("i32", "i64");
        host.update("lib", Arc::from(open.as_str()), None);
        host.set_library_file("lib", Some(Arc::from(DIALECT)));
        assert!(messages(&mut host, "user").is_empty());
        // A library file that no longer defines dialects is dropped.
        host.set_library_file("other", Some(Arc::from(DIALECT)));
        host.set_library_file("other", Some(Arc::from("// nothing\n")));
        assert_eq!(host.irdl_sources().len(), 1);
    }

    /// A large file with findings of every stage near its start and far from it: what
    /// `leading_diagnostics` gives are exactly the file's diagnostics before where it
    /// ends, however they are found (syntax, names, body checks, file checks).
    #[test]
    fn the_leading_diagnostics_are_those_of_the_files_start() {
        let mut text = String::new();
        for f in 0..300 {
            let body = match f {
                0 | 250 => "  %0 = arith.addi %nowhere, %a : i32\n".to_string(),
                1 | 260 => "  %0 = arith.addi %a, %a : i32 )\n".to_string(),
                2 | 270 => "  func.call @missing() : () -> ()\n".to_string(),
                3 | 280 => "  %0 = arith.addi %a, %a : i64\n".to_string(),
                _ => format!("  %0 = arith.constant {f} : i32\n"),
            };
            let name = if f == 4 || f == 290 {
                "dup".to_string()
            } else {
                format!("f{f}")
            };
            let padding: String = (0..4)
                .map(|i| format!("  %p{i} = arith.constant {i} : i32\n"))
                .collect();
            text.push_str(&format!(
                "func.func @{name}(%a: i32) {{\n{padding}{body}  return\n}}\n"
            ));
        }
        let mut host = AnalysisHost::default();
        host.update("big", Arc::from(text.as_str()), None);
        let (leading, until) = host.leading_diagnostics("big").expect("a large file");
        assert!(usize::from(until) < text.len() / 2, "{until:?}");
        let all = host.diagnostics("big");
        let before: Vec<_> = all
            .iter()
            .filter(|d| d.range.start() < until)
            .cloned()
            .collect();
        assert_eq!(leading, before);
        let codes = |ds: &[Diagnostic]| ds.iter().map(|d| d.code).collect::<BTreeSet<_>>();
        assert!(codes(&leading).len() >= 4, "{leading:#?}");
        assert!(all.len() >= 2 * leading.len() - 1, "{all:#?}");
        // Once the whole file was checked there is nothing to give first.
        assert!(host.leading_diagnostics("big").is_none());
    }
}
