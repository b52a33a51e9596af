//! Call hierarchy over fixtures: func calls, llvm.call, gpu.launch_func's nested
//! references, generic forms, and what is no call.

use super::*;

const FILE: &str = "module attributes {gpu.container_module} {
  func.func private @ext(i32)
  func.func @leaf(%a: i32) {
    return
  }
  func.func @main(%a: i32) {
    func.call @leaf(%a) : (i32) -> ()
    call @ext(%a) : (i32) -> ()
    \"func.call\"(%a) <{callee = @leaf}> : (i32) -> ()
    %f = func.constant @leaf : (i32) -> ()
    func.call_indirect %f(%a) : (i32) -> ()
    llvm.call @native(%a) : (i32) -> ()
    gpu.launch_func @kernels::@kernel blocks in (%c, %c, %c) threads in (%c, %c, %c) args(%a : i32)
    return
  }
  llvm.func @native(i32)
  gpu.module @kernels {
    func.func @helper(%a: i32) {
      return
    }
    gpu.func @kernel(%a: i32) kernel {
      func.call @helper(%a) : (i32) -> ()
      gpu.return
    }
  }
}
";

fn root(text: &str) -> SyntaxNode {
    mlir_syntax::parse(text).syntax_node()
}

fn path(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

/// The path at the first occurrence of `needle`'s `$0`.
fn target(needle: &str) -> Option<Vec<String>> {
    let at = needle.find("$0").expect("$0");
    let plain = needle.replace("$0", "");
    let offset = FILE.find(&plain).expect("needle in FILE") + at;
    call_target_at(
        &root(FILE),
        TextSize::new(offset as u32),
        Registry::builtin(),
    )
}

#[test]
fn the_function_at_a_definition_or_a_call() {
    assert_eq!(target("@ma$0in"), Some(path(&["main"])));
    assert_eq!(target("func.call @le$0af"), Some(path(&["leaf"])));
    assert_eq!(target("llvm.call @nat$0ive"), Some(path(&["native"])));
    assert_eq!(
        target("@kernels::@ke$0rnel"),
        Some(path(&["kernels", "kernel"]))
    );
    assert_eq!(
        target("gpu.func @ker$0nel"),
        Some(path(&["kernels", "kernel"]))
    );
    // A module is no function; `func.constant` refers to one but does not call it.
    assert_eq!(target("gpu.module @ker$0nels"), None);
    assert_eq!(target("func.constant @le$0af"), None);
    assert_eq!(target("%f$0(%a)"), None);
}

#[test]
fn incoming_calls_grouped_by_caller() {
    let root = root(FILE);
    let incoming = incoming_calls(&root, &path(&["leaf"]), Registry::builtin());
    let shown: Vec<(String, String, usize)> = incoming
        .iter()
        .map(|s| (s.other.name.clone(), s.other.detail.clone(), s.ranges.len()))
        .collect();
    assert_eq!(
        shown,
        [("@main".into(), "func.func".into(), 2)],
        "the custom and the generic func.call; not func.constant"
    );
    // `@helper` is looked up in the kernel's module, as MLIR does.
    let helper = incoming_calls(&root, &path(&["kernels", "helper"]), Registry::builtin());
    assert_eq!(helper[0].other.detail, "gpu.func in @kernels");
    let kernel = incoming_calls(&root, &path(&["kernels", "kernel"]), Registry::builtin());
    assert_eq!(kernel.len(), 1);
    assert_eq!(&FILE[kernel[0].ranges[0]], "@kernels::@kernel");
    assert_eq!(
        &FILE[kernel[0].other.selection_range], "@main",
        "the launch is in @main"
    );
}

#[test]
fn outgoing_calls_grouped_by_callee() {
    let root = root(FILE);
    let outgoing = outgoing_calls(&root, &path(&["main"]), Registry::builtin());
    let shown: Vec<(Vec<String>, usize)> = outgoing
        .iter()
        .map(|s| (s.other.clone(), s.ranges.len()))
        .collect();
    assert_eq!(
        shown,
        [
            (path(&["leaf"]), 2),
            (path(&["ext"]), 1),
            (path(&["native"]), 1),
            (path(&["kernels", "kernel"]), 1),
        ]
    );
    let item =
        call_item(&root, Registry::builtin(), &path(&["kernels", "kernel"])).expect("the kernel");
    assert_eq!(&FILE[item.selection_range], "@kernel");
    assert!(FILE[item.range].starts_with("gpu.func @kernel"));
    assert_eq!(
        call_item(&root, Registry::builtin(), &path(&["kernel"])),
        None,
        "not at the top level"
    );
    let ext =
        call_item(&root, Registry::builtin(), &path(&["ext"])).expect("a declaration is an item");
    assert_eq!(ext.detail, "func.func");
}

#[test]
fn a_named_module_at_the_top_stands_for_the_file() {
    let text = "module @m {\n  func.func @a() {\n    call @b() : () -> ()\n    return\n  }\n  func.func private @b()\n  module @inner {\n    func.func private @c()\n  }\n}\n";
    let root = root(text);
    let registry = Registry::builtin();
    let incoming = incoming_calls(&root, &path(&["b"]), registry);
    assert_eq!(&text[incoming[0].other.selection_range], "@a");
    assert_eq!(incoming[0].other.path, path(&["a"]));
    assert!(call_item(&root, registry, &path(&["b"])).is_some());
    // A nested module is a table like any other.
    assert!(call_item(&root, registry, &path(&["inner", "c"])).is_some());
}

#[test]
fn never_panics_anywhere() {
    let text = "func.func @f() {\n  func.call @(\n  llvm.call @\"x\"::\n  \"func.call\"() {callee} : () -> ()\n  gpu.launch_func @a::@\n}\n";
    let root = root(text);
    for offset in 0..=text.len() as u32 {
        let registry = Registry::builtin();
        if let Some(path) = call_target_at(&root, TextSize::new(offset), registry) {
            let _ = (
                incoming_calls(&root, &path, registry),
                outgoing_calls(&root, &path, registry),
                call_item(&root, Registry::builtin(), &path),
            );
        }
    }
}
