#!/usr/bin/env python3
"""Hover latency while an external verifier runs, against without one (issue 46).

Drives the real server over stdio (the LSP client of bench/lsp_bench.py) on a generated
file of N functions. Phases, each a series of hovers on values at random places:

- `none`: no external verifier configured;
- `sleeping`: a tool that reads its input and then sleeps (a hung tool; killed at the
  timeout, which is set past the phase);
- `mlir-opt`: the real mlir-opt verifying the file, kept busy by saving before each hover
  (each save supersedes the run in flight: the old one is killed, a new one starts).

It prints each phase's median, p90 and maximum latency and the ratio of medians to
`none`. Python 3.11, standard library only.

    bench/external_hover.py [--ours target/release/mlir-analyzer] [--functions 2000]
                            [--hovers 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from external_corpus import find_mlir_opt  # noqa: E402
from lsp_bench import LspClient  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def generate(functions: int) -> tuple[str, list[tuple[int, int]]]:
    """A valid file and the (line, column) of each value use in it."""
    lines: list[str] = []
    uses: list[tuple[int, int]] = []
    for f in range(functions):
        lines.append(f"func.func @f{f}(%a: i32, %b: i32) -> i32 {{")
        lines.append("  %0 = arith.addi %a, %b : i32")
        uses.append((len(lines) - 1, lines[-1].index("%a, %b") + 1))
        lines.append("  %1 = arith.muli %0, %a : i32")
        uses.append((len(lines) - 1, lines[-1].index("%0, %a") + 1))
        lines.append("  return %1 : i32")
        uses.append((len(lines) - 1, lines[-1].index("%1") + 1))
        lines.append("}")
    return "\n".join(lines) + "\n", uses


def sleeping_tool(folder: Path) -> str:
    tool = folder / "sleepy-opt"
    tool.write_text("#!/bin/sh\ncat >/dev/null\nexec sleep 600\n")
    tool.chmod(0o755)
    return str(tool)


def phase(server: str, text: str, uses: list[tuple[int, int]], external: list[str] | None,
          hovers: int, seed: int, keep_busy: bool) -> tuple[list[float], int]:
    options = {"logLevel": "debug"}
    if external:
        options["external"] = {"command": external, "when": "save", "timeoutMs": 120000}
    log = Path(tempfile.mkstemp(prefix="external-hover-", suffix=".log")[1])
    client = LspClient("mlir-analyzer", [server], log)
    client.request("initialize", {"capabilities": {}, "initializationOptions": options}, 60)
    client.notify("initialized", {})
    uri = (Path(tempfile.gettempdir()) / "external_hover.mlir").as_uri()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
    # The first answer waits for the analysis of the open: not part of any phase.
    client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                          "position": {"line": 1, "character": 18}}, 120)
    time.sleep(2.0)
    save = {"textDocument": {"uri": uri}}
    if external:
        client.notify("textDocument/didSave", save)
        time.sleep(0.5)
    rng = random.Random(seed)
    latencies = []
    for _ in range(hovers):
        if keep_busy:
            client.notify("textDocument/didSave", save)
        line, column = rng.choice(uses)
        start = time.perf_counter()
        client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                              "position": {"line": line, "character": column}},
                       60)
        latencies.append((time.perf_counter() - start) * 1000)
        time.sleep(0.02)
    client.close()
    # Runs killed for a newer save log nothing: these are the ones that finished.
    runs = sum(1 for line in log.read_text(errors="replace").splitlines()
               if " diagnostics in " in line)
    return latencies, runs


def report(name: str, measured: tuple[list[float], int], base: float | None) -> float:
    latencies, runs = sorted(measured[0]), measured[1]
    median = statistics.median(latencies)
    p90 = latencies[int(len(latencies) * 0.9) - 1]
    ratio = f"  {median / base:.2f}x of none" if base else ""
    finished = f"  ({runs} tool runs finished)" if base else ""
    print(f"{name:>9}: median {median:6.2f} ms  p90 {p90:6.2f} ms  max {latencies[-1]:7.2f} ms"
          f"{ratio}{finished}")
    return median


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ours", default=str(ROOT / "target/release/mlir-analyzer"))
    parser.add_argument("--functions", type=int, default=2000)
    parser.add_argument("--hovers", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    text, uses = generate(args.functions)
    print(f"{len(text.splitlines())} lines, {args.hovers} hovers a phase")
    with tempfile.TemporaryDirectory() as folder:
        base = report("none", phase(args.ours, text, uses, None, args.hovers, args.seed, False),
                      None)
        tool = sleeping_tool(Path(folder))
        report("sleeping", phase(args.ours, text, uses, [tool], args.hovers, args.seed, False),
               base)
        mlir_opt = find_mlir_opt()
        if mlir_opt:
            command = [mlir_opt, "--allow-unregistered-dialect"]
            report("mlir-opt", phase(args.ours, text, uses, command, args.hovers, args.seed,
                                     True), base)
        else:
            print("mlir-opt: not found, phase skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
