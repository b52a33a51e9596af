//! The cache key follows every file a root's includes reach, and entries read back.

use std::path::{Path, PathBuf};

use super::{Cache, Keys};

/// A fresh folder of its own for the test `name`.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ods-cache-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A folder with `Root.td` including `Shared.td` (in `inc/`), which includes `Leaf.td`.
fn tree(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("Root.td"), "include \"Shared.td\"\ndef R;\n").unwrap();
    std::fs::write(dir.join("inc/Shared.td"), "include \"Leaf.td\"\nclass S;\n").unwrap();
    std::fs::write(dir.join("inc/Leaf.td"), "class L;\n").unwrap();
    dir.join("Root.td")
}

fn key_of(root: &Path, include: &Path) -> String {
    let dirs = vec![include.to_path_buf()];
    let overlay = Default::default();
    let mut keys = Keys::new(b"llvm-tblgen", &dirs, &[], &overlay, None);
    keys.key(root).expect("the root reads").0
}

#[test]
fn the_key_changes_with_any_reached_file_and_only_then() {
    let temp = scratch("reached");
    let root = tree(temp.as_path());
    let include = temp.as_path().join("inc");
    let first = key_of(&root, &include);
    assert_eq!(first, key_of(&root, &include), "same files, same key");
    std::fs::write(include.join("Leaf.td"), "class L2;\n").unwrap();
    let changed_leaf = key_of(&root, &include);
    assert_ne!(first, changed_leaf, "a file two includes away changed");
    std::fs::write(temp.as_path().join("Unrelated.td"), "class U;\n").unwrap();
    assert_eq!(
        changed_leaf,
        key_of(&root, &include),
        "an unreached file changed"
    );
    std::fs::remove_file(include.join("Leaf.td")).unwrap();
    let missing = key_of(&root, &include);
    assert_ne!(changed_leaf, missing, "an include went missing");
    // The include is found again beside the root (the root's folder is searched too).
    std::fs::write(temp.as_path().join("Leaf.td"), "class L2;\n").unwrap();
    assert_ne!(missing, key_of(&root, &include));
}

#[test]
fn the_key_depends_on_the_include_folders() {
    let temp = scratch("folders");
    let root = tree(temp.as_path());
    assert_ne!(
        key_of(&root, &temp.as_path().join("inc")),
        key_of(&root, &temp.as_path().join("elsewhere"))
    );
}

#[test]
fn an_unreadable_root_has_no_key() {
    let temp = scratch("unreadable");
    let overlay = Default::default();
    let mut keys = Keys::new(b"llvm-tblgen", &[], &[], &overlay, None);
    assert!(keys.key(&temp.as_path().join("Missing.td")).is_none());
}

#[test]
fn entries_read_back_and_broken_ones_are_misses() {
    let temp = scratch("entries");
    let root = tree(temp.as_path());
    let json = include_str!("../../../../test-data/ods/ToyOps.json");
    let records = tablegen::Records::from_dump_json_str(json).unwrap();
    let cache = Cache::new(temp.as_path().join("cache"));
    let key = Keys::new(b"t", &[], &[], &Default::default(), None)
        .key(&root)
        .unwrap();
    assert!(cache.get(&key).is_none(), "nothing stored yet");
    cache.put(&key, &records);
    let read = cache.get(&key).expect("the entry reads back");
    assert_eq!(read.as_slice(), records.as_slice());
    std::fs::write(cache.path(&key), "{\"!tablegen_json_version\":1,").unwrap();
    assert!(cache.get(&key).is_none(), "a truncated entry is a miss");
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(temp.as_path().join("cache"))
        .unwrap()
        .collect();
    assert_eq!(names.len(), 1);
}

#[test]
fn a_cache_folder_that_cannot_be_made_costs_nothing() {
    let temp = scratch("unmakeable");
    let file = temp.as_path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let cache = Cache::new(file.join("cache"));
    let key = super::Key("k".into());
    cache.put(&key, &tablegen::Records::default());
    assert!(cache.get(&key).is_none());
}
