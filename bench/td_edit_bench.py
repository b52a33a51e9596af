#!/usr/bin/env python3
"""Live `.td` editing benchmark (issue: our own TableGen evaluator): how long an edit of
an op's definition in an open, unsaved `.td` buffer takes to change the diagnostics of an
open `.mlir` file that uses the op, with every dialect of the installed MLIR loaded too.

A scratch workspace holds the toy dialect of test-data/ods and a file using `toy.add`.
The server loads the dialects, then each measured edit flips `toy.add`'s operands between
`AnyTypeOf<[I32, F32]>` and `AnyType` (the file's error moves from the operand to the
result and back); the time runs from the didChange to the publication that shows it.
mlir-lsp-server has no counterpart: its dialects are compiled in (a .td edit means a
rebuild), so only ours is measured.

Usage: python3 bench/td_edit_bench.py [--edits N] [--server PATH]
"""

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lsp_bench import LspClient  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OPERANDS = "AnyTypeOf<[I32, F32]>:$lhs, AnyTypeOf<[I32, F32]>:$rhs"
RELAXED = "AnyType:$lhs, AnyType:$rhs"
USER = "func.func @f(%a: i64) {\n  %0 = toy.add %a, %a : i64\n  return\n}\n"


def wait_for(client, predicate, what, timeout=120.0):
    deadline = time.perf_counter() + timeout
    while True:
        arrived, message = client.next_message(deadline, what)
        if predicate(message):
            return arrived, message


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edits", type=int, default=20, help="measured edits (default 20)")
    parser.add_argument("--server", default=str(ROOT / "target/release/mlir-analyzer"))
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="td-edit-bench-"))
    try:
        (work / "td").mkdir()
        for name in ["ToyOps.td", "OdsBase.td"]:
            shutil.copy(ROOT / "test-data/ods" / name, work / "td" / name)
        td = work / "td/ToyOps.td"
        text = td.read_text()
        assert OPERANDS in text
        user_uri, td_uri = (work / "user.mlir").as_uri(), td.as_uri()
        client = LspClient("ours", [args.server, "lsp"], work / "stderr.log")
        options = {"ods": {"files": ["td/ToyOps.td"], "installed": True}}
        caps = {"textDocument": {"publishDiagnostics": {"versionSupport": True}}}
        client.request("initialize", {"processId": os.getpid(), "capabilities": caps,
                                      "workspaceFolders": [{"uri": work.as_uri(), "name": "w"}],
                                      "initializationOptions": options}, 60)
        client.notify("initialized", {})
        started = time.perf_counter()
        wait_for(client, lambda m: m.get("method") == "window/logMessage"
                 and "ODS: loaded" in m["params"]["message"], "the first ODS load")
        print(f"first load (installed MLIR and the toy dialect): {(time.perf_counter() - started) * 1000:.0f} ms")
        client.notify("textDocument/didOpen", {"textDocument": {"uri": user_uri, "languageId": "mlir",
                                                                "version": 1, "text": USER}})
        client.notify("textDocument/didOpen", {"textDocument": {"uri": td_uri, "languageId": "tablegen",
                                                                "version": 1, "text": text}})

        def published(expect: str):
            def check(message):
                if message.get("method") != "textDocument/publishDiagnostics":
                    return False
                params = message["params"]
                found = [d["message"] for d in params.get("diagnostics", [])]
                return params["uri"] == user_uri and len(found) == 1 and expect in found[0]
            return check

        wait_for(client, published("operand #0"), "the first diagnostics")
        times = []
        for edit in range(args.edits):
            relaxed = edit % 2 == 0
            new = text.replace(OPERANDS, RELAXED) if relaxed else text
            sent = client.notify("textDocument/didChange", {
                "textDocument": {"uri": td_uri, "version": edit + 2},
                "contentChanges": [{"text": new}]})
            arrived, _ = wait_for(client, published("result #0" if relaxed else "operand #0"), f"edit {edit}")
            times.append((arrived - sent) * 1000)
        client.request("shutdown", None, 30)
        client.notify("exit", None)
        times.sort()
        print(f"{len(times)} edits of ToyOps.td reached user.mlir's diagnostics: "
              f"median {statistics.median(times):.0f} ms, p90 {times[int(len(times) * 0.9) - 1]:.0f} ms, "
              f"max {times[-1]:.0f} ms (the server waits 25 ms for more edits before a load)")
        print(json.dumps({"edits": len(times), "median_ms": statistics.median(times), "max_ms": times[-1]}))
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
