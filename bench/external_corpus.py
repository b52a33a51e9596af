#!/usr/bin/env python3
"""The external verifier in the editor, measured on the oracle corpus (issue 46).

Drives the real server over stdio (the LSP client of bench/lsp_bench.py), opens every
file of MLIR_CORPUS (default ../shared/corpus) one at a time, and reads the diagnostics
it publishes once the external verifier has answered (the second publish of version 1),
first without a tool and then with `external.command` = [mlir-opt,
--allow-unregistered-dialect]. The editor shows an `expected-*` annotation that a
diagnostic met as information ("expected error: ..."), one that nothing met as an error
("expected error ... was not produced"), and a diagnostic nothing expected as it is.

Per run it reports, for invalid/: annotations met and not met, unexpected errors, files
whose every annotation is met; for valid/: files with an error or warning from either
tool. Python 3.11, standard library only.

    bench/external_corpus.py [--ours target/debug/mlir-analyzer] [--mlir-opt PATH]
                             [--limit N] [--only external|alone]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lsp_bench import BenchError, LspClient  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def find_mlir_opt() -> str | None:
    found = shutil.which("mlir-opt")
    if found:
        return found
    installed = sorted(Path("/usr/lib").glob("llvm-*/bin/mlir-opt"))
    return str(installed[-1]) if installed else None


def final_diagnostics(client: LspClient, uri: str, timeout: float, publishes: int) -> list[dict]:
    """The diagnostics of version 1 once the tool answered: the second publish (the first
    without a tool), or the last after a quiet second."""
    seen: list[list[dict]] = []
    deadline = time.perf_counter() + timeout
    quiet = None
    while len(seen) < publishes:
        wait_until = deadline if quiet is None else min(deadline, quiet)
        try:
            _, message = client.next_message(wait_until, f"diagnostics of {uri}")
        except BenchError:
            if seen:
                break
            raise
        params = message.get("params") or {}
        if message.get("method") == "textDocument/publishDiagnostics" and params.get("uri") == uri:
            seen.append(params.get("diagnostics", []))
            quiet = time.perf_counter() + 1.0
    return seen[-1]


def run(server: str, files: list[Path], external: list[str] | None, timeout: float,
        settle: float) -> dict:
    options = {"external": {"command": external}} if external else {}
    log = Path(tempfile.mkstemp(prefix="external-corpus-", suffix=".log")[1])
    client = LspClient("mlir-analyzer", [server], log)
    client.request("initialize", {"capabilities": {}, "initializationOptions": options}, timeout)
    client.notify("initialized", {})
    # The installed MLIR's dialects load in the background; files checked before they are
    # would be measured without them (and checked again later, unread).
    time.sleep(settle)
    totals = {"met": 0, "not_met": 0, "unexpected": 0, "files_ok": 0, "invalid": 0,
              "valid": 0, "valid_flagged": 0, "flagged": [], "missed": []}
    for path in files:
        uri = path.resolve().as_uri()
        text = path.read_bytes().decode("utf-8", "replace")
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
        shown = final_diagnostics(client, uri, timeout, 2 if external else 1)
        client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        serious = [d for d in shown if d.get("severity", 1) <= 2]
        if "/valid/" in str(path):
            totals["valid"] += 1
            if serious:
                totals["valid_flagged"] += 1
                totals["flagged"].append((path, serious[0]["message"][:100]))
            continue
        totals["invalid"] += 1
        met = sum(1 for d in shown if d.get("severity") == 3 and d["message"].startswith("expected "))
        not_met = [d for d in serious if d.get("code") == "unmatched-expectation"]
        unexpected = [d for d in serious if d.get("code") != "unmatched-expectation"]
        totals["met"] += met
        totals["not_met"] += len(not_met)
        totals["unexpected"] += len(unexpected)
        if not not_met:
            totals["files_ok"] += 1
        else:
            totals["missed"].append((path, not_met[0]["message"][:100]))
    client.close()
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ours", default=str(ROOT / "target/debug/mlir-analyzer"))
    parser.add_argument("--mlir-opt", default=find_mlir_opt())
    parser.add_argument("--corpus", default=os.environ.get("MLIR_CORPUS", str(ROOT / "../shared/corpus")))
    parser.add_argument("--limit", type=int, default=0, help="files per class (0: all)")
    parser.add_argument("--only", choices=["external", "alone"])
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--show", type=int, default=10, help="failures to list")
    parser.add_argument("--settle", type=float, default=5.0,
                        help="seconds to let the installed dialects load before opening files")
    args = parser.parse_args()
    corpus = Path(args.corpus)
    files = []
    for part in ("invalid", "valid"):
        found = sorted((corpus / part).rglob("*.mlir"))
        files += found[: args.limit] if args.limit else found
    runs = []
    if args.only != "external":
        runs.append(("ours alone", None))
    if args.only != "alone":
        if not args.mlir_opt:
            print("no mlir-opt found (give --mlir-opt)", file=sys.stderr)
            return 2
        runs.append(("with mlir-opt", [args.mlir_opt, "--allow-unregistered-dialect"]))
    for name, external in runs:
        started = time.perf_counter()
        t = run(args.ours, files, external, args.timeout, args.settle)
        took = time.perf_counter() - started
        print(f"{name} ({took:.0f} s): invalid/ {t['invalid']} files: annotations met {t['met']}, "
              f"not met {t['not_met']}, unexpected errors {t['unexpected']}, "
              f"files with every annotation met {t['files_ok']}; "
              f"valid/ {t['valid']} files: {t['valid_flagged']} with an error or warning")
        for path, message in (t["missed"] + t["flagged"])[: args.show]:
            print(f"  {path.relative_to(corpus)}: {message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
