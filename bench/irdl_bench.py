#!/usr/bin/env python3
"""IRDL live-reload benchmark (issue: IRDL): how long after an edit of an IRDL
definition the diagnostics of an open file that uses the dialect are updated.

Our server only: mlir-lsp-server cannot load dialects at run time. Two buffers
are opened: a small IRDL dialect (`bench.op` takes one operand of `irdl.is
i32`) and a user file, made of bench/gen_ir.py's IR (--lines, default 96,000)
with one function of --uses generic `"bench.op"(%x) : (i32) -> ()` ops added.
Then K edits toggle the definition between `irdl.is i32` and `irdl.is i64`, so
that every use alternates between valid and an error. Each edit is timed from
its didChange until the user file's publishDiagnostics with the expected
number of errors arrives.

Python 3.11, standard library only:

    bench/irdl_bench.py                    # 96,000 lines, 20 edits
    bench/irdl_bench.py --lines 10000 --edits 10
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lsp_bench import DEFAULT_OURS, LspClient, fmt_ms  # noqa: E402

DIALECT = """irdl.dialect @bench {
  irdl.operation @op {
    %0 = irdl.is i32
    irdl.operands(x: %0)
  }
}
"""


def user_text(lines: int, uses: int) -> str:
    with tempfile.NamedTemporaryFile(suffix=".mlir", delete=False) as f:
        path = f.name
    try:
        gen = Path(__file__).resolve().parent / "gen_ir.py"
        subprocess.run([sys.executable, str(gen), "--lines", str(lines), "--seed", "1", "-o", path],
                       check=True)
        text = Path(path).read_text()
    finally:
        os.unlink(path)
    body = "".join('  "bench.op"(%x) : (i32) -> ()\n' for _ in range(uses))
    return text + f"func.func @irdl_uses(%x: i32) {{\n{body}  return\n}}\n"


def wait_for(client: LspClient, uri: str, errors: int, timeout: float) -> None:
    """Waits for a publishDiagnostics of `uri` with `errors` diagnostics."""
    deadline = time.perf_counter() + timeout
    while True:
        _, message = client.next_message(deadline, f"{errors} diagnostics for {uri}")
        params = message.get("params", {})
        if (message.get("method") == "textDocument/publishDiagnostics"
                and params.get("uri") == uri and len(params.get("diagnostics", [])) == errors):
            return


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=96_000, help="lines of the user file's IR")
    parser.add_argument("--uses", type=int, default=200, help="uses of the IRDL op")
    parser.add_argument("--edits", type=int, default=20, help="edits of the definition")
    parser.add_argument("--ours", default=os.environ.get("MLIR_ANALYZER", str(DEFAULT_OURS)))
    parser.add_argument("--timeout", type=float, default=60.0)
    args = parser.parse_args()

    user = user_text(args.lines, args.uses)
    print(f"user file: {user.count(chr(10))} lines, {args.uses} uses of bench.op")
    log = Path(tempfile.gettempdir()) / "irdl_bench.stderr"
    client = LspClient("mlir-analyzer", [args.ours], log)
    try:
        client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}},
                       args.timeout)
        client.notify("initialized", {})
        dialect_uri, user_uri = "file:///bench/dialect.irdl.mlir", "file:///bench/user.mlir"
        for uri, text in ((dialect_uri, DIALECT), (user_uri, user)):
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
        wait_for(client, user_uri, 0, args.timeout)
        line = DIALECT.splitlines().index("    %0 = irdl.is i32")
        column = len("    %0 = irdl.is ")
        times = []
        for i in range(args.edits):
            new, errors = ("i64", args.uses) if i % 2 == 0 else ("i32", 0)
            change = {"range": {"start": {"line": line, "character": column},
                                "end": {"line": line, "character": column + 3}}, "text": new}
            encoded = client.encode_notification("textDocument/didChange", {
                "textDocument": {"uri": dialect_uri, "version": i + 2}, "contentChanges": [change]})
            start = client.send_encoded(encoded)
            wait_for(client, user_uri, errors, args.timeout)
            times.append((time.perf_counter() - start) * 1000)
    finally:
        client.close()
    print(f"definition edit -> user diagnostics: median {fmt_ms(statistics.median(times))} ms, "
          f"max {fmt_ms(max(times))} ms over {len(times)} edits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
