#!/usr/bin/env python3
"""Soak test of the language server (issue 42): a long session of random edits and
requests over several files, then the server's memory against a fresh server's on the
same final texts.

Opens --files generated files (bench/gen_ir.py, a few thousand lines each) and sends
--edits random edits, each a ranged didChange at a random place of a random file
(inserting or deleting a few characters, sometimes a whole line, sometimes breaking the
syntax), with a request every few edits (hover, completion, document symbols,
definition, semantic tokens) at a random position. Every --check edits it waits until
the server's text equals the client's (mlir-analyzer/documentText) and the diagnostics
of the last version arrived. At the end it prints VmRSS after opening, at the end, and
of a fresh server that opened the final texts and answered each kind of request once on
each (the median of --fresh such servers: their figure moves by 20% from run to run),
and the ratio of the last two. Each figure is read once the server's ODS load has ended
(a server read before it would lack the dialects' memory) and after --settle quiet
seconds: the analysis thread hands freed memory back after 1 s idle, and the blocking
threads that answered requests end, handing theirs back, after 10 s. It is
bounded: it stops after --edits edits or --minutes minutes, whichever comes first.

Not part of CI (100,000 edits take several minutes). Example:

    cargo build --release --locked -p mlir-analyzer
    bench/soak.py --edits 100000
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lsp_bench import DEFAULT_OURS, REPO_ROOT, BenchError, Document, LspClient  # noqa: E402

TIMEOUT = 60.0
REQUESTS = [
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/documentSymbol",
    "textDocument/definition",
    "textDocument/semanticTokens/full",
]


def generate(lines: int, seed: int) -> str:
    out = subprocess.run(
        [sys.executable, str(REPO_ROOT / "bench" / "gen_ir.py"), "--lines", str(lines), "--seed", str(seed)],
        check=True, capture_output=True, text=True,
    )
    return out.stdout


def line_col(text: str, offset: int) -> tuple[int, int]:
    """The LSP position (UTF-16) of a byte-free str offset: the texts are ASCII."""
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return line, offset - start


def random_edit(rng: random.Random, doc: Document) -> dict:
    text = doc.text
    offset = rng.randrange(len(text) + 1)
    choice = rng.random()
    if choice < 0.4:
        delete, insert = 0, rng.choice(["1", "%x", " ", "i32", "\n", "}", "\"", "(", "arith.addi"])
    elif choice < 0.8:
        delete, insert = min(rng.randint(1, 4), len(text) - offset), ""
    else:
        # A whole line deleted or duplicated.
        start = text.rfind("\n", 0, offset) + 1
        end = text.find("\n", offset)
        end = len(text) if end < 0 else end + 1
        offset, delete = start, end - start
        insert = "" if rng.random() < 0.5 else text[start:end] * 2
    line, column = line_col(text, offset)
    end_line, end_column = line_col(text, offset + delete)
    doc.text = text[:offset] + insert + text[offset + delete:]
    doc.version += 1
    return {
        "range": {"start": {"line": line, "character": column},
                  "end": {"line": end_line, "character": end_column}},
        "text": insert,
    }


def ask(client: LspClient, rng: random.Random, doc: Document, method: str) -> None:
    """Sends request `method` on `doc` (at a random position where it takes one)."""
    line, column = line_col(doc.text, rng.randrange(len(doc.text) + 1))
    params = {"textDocument": {"uri": doc.uri}}
    if "semanticTokens" not in method and "documentSymbol" not in method:
        params["position"] = {"line": line, "character": column}
    try:
        client.request(method, params, TIMEOUT)
    except BenchError as err:
        # ContentModified and the like are answers too; a hang or an exit is not.
        if "failed" not in str(err):
            raise


def start(binary: str, log: Path) -> LspClient:
    PUBLISHED.clear()
    client = LspClient("mlir-analyzer", [binary], log)
    client.request("initialize", {"capabilities": {}}, TIMEOUT)
    client.notify("initialized", {})
    return client


def open_all(client: LspClient, docs: list[Document]) -> None:
    for doc in docs:
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": doc.uri, "languageId": "mlir", "version": doc.version, "text": doc.text}})
    for doc in docs:
        wait_synced(client, doc)


def wait_synced(client: LspClient, doc: Document) -> None:
    """Waits until the server holds the client's text of `doc` (its version and text) and
    has published the diagnostics of that version (so its analysis is done with it)."""
    deadline = time.perf_counter() + TIMEOUT
    while True:
        _, answer = client.request("mlir-analyzer/documentText", {"uri": doc.uri}, TIMEOUT)
        if answer["version"] == doc.version:
            if answer["text"] != doc.text:
                raise BenchError(f"text diverged on {doc.uri} at version {doc.version}")
            break
        if time.perf_counter() > deadline:
            raise BenchError(f"{doc.uri} never reached version {doc.version}")
        time.sleep(0.005)
    while PUBLISHED.get(doc.uri, -1) < doc.version:
        read_published(client, deadline)


def read_published(client: LspClient, deadline: float) -> None:
    """Reads the next message, noting the version of published diagnostics (requests here
    are answered before the next one is sent, so every message waiting is a
    notification)."""
    _, message = client.next_message(deadline, "published diagnostics")
    if message.get("method") == "textDocument/publishDiagnostics":
        params = message["params"]
        PUBLISHED[params["uri"]] = params.get("version", -1)
    elif message.get("method") == "window/logMessage" and message["params"].get("type") == 1:
        # An error the server logs (a panic it survived) fails the soak.
        raise BenchError(f"the server logged an error: {message['params'].get('message')}")


# The last version of each document whose diagnostics the current server published.
PUBLISHED: dict[str, int] = {}


def rss(client: LspClient) -> int:
    return client.proc_status().get("VmRSS", 0)


def wait_for_dialects(client: LspClient) -> None:
    """Waits until the server's log says how its ODS load ended (loaded, nothing to load,
    or failed), for at most TIMEOUT seconds."""
    ended = ("ODS: loaded", "ODS: nothing to load", "the dialects loaded before stay")
    deadline = time.perf_counter() + TIMEOUT
    while time.perf_counter() < deadline:
        log = client.stderr_path.read_text(errors="replace")
        if any(mark in log for mark in ended):
            return
        time.sleep(0.05)
    raise BenchError("the ODS load did not end")


def fresh_rss(args: argparse.Namespace, log: Path, docs: list[Document],
              rng: random.Random) -> int:
    """The RSS of a fresh server that opened the final texts of `docs` and answered each
    kind of request once on each, as the soaked server was in use."""
    client = start(args.binary, log)
    fresh_docs = [Document(uri=d.uri, text=d.text) for d in docs]
    open_all(client, fresh_docs)
    for d in fresh_docs:
        for method in REQUESTS:
            ask(client, rng, d, method)
    for d in fresh_docs:
        wait_synced(client, d)
    wait_for_dialects(client)
    time.sleep(args.settle)
    figure = rss(client)
    client.close()
    return figure


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default=str(DEFAULT_OURS))
    parser.add_argument("--files", type=int, default=4)
    parser.add_argument("--lines", type=int, default=3000)
    parser.add_argument("--edits", type=int, default=100_000)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--check", type=int, default=500, help="edits between text checks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--settle", type=float, default=12.0,
                        help="seconds of quiet before each RSS reading (see above)")
    parser.add_argument("--fresh", type=int, default=3, help="fresh servers to take the median of")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp(prefix="soak-"))
    docs = [Document(uri=f"file://{tmp}/f{i}.mlir", text=generate(args.lines, args.seed + i))
            for i in range(args.files)]
    client = start(args.binary, tmp / "soak.log")
    open_all(client, docs)
    opened = rss(client)
    print(f"opened {args.files} files of {args.lines} lines: RSS {opened // 1024} MiB", flush=True)
    began = time.perf_counter()
    requests = edits = 0
    while edits < args.edits and time.perf_counter() - began < args.minutes * 60:
        doc = rng.choice(docs)
        change = random_edit(rng, doc)
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": doc.uri, "version": doc.version}, "contentChanges": [change]})
        edits += 1
        if edits % 7 == 0:
            ask(client, rng, doc, rng.choice(REQUESTS))
            requests += 1
        if edits % args.check == 0:
            for d in docs:
                wait_synced(client, d)
            print(f"{edits} edits, {requests} requests, {time.perf_counter() - began:.0f} s, "
                  f"RSS {rss(client) // 1024} MiB", flush=True)
    for d in docs:
        wait_synced(client, d)
    wait_for_dialects(client)
    time.sleep(args.settle)
    ended = rss(client)
    client.close()
    fresh_figures = sorted(fresh_rss(args, tmp / f"fresh{i}.log", docs, rng) for i in range(args.fresh))
    fresh = fresh_figures[len(fresh_figures) // 2]
    print(f"{edits} edits and {requests} requests in {time.perf_counter() - began:.0f} s, "
          f"texts equal to the client's at every check")
    print(f"RSS: after opening {opened // 1024} MiB, at the end {ended // 1024} MiB, "
          f"a fresh server on the final texts {fresh // 1024} MiB "
          f"(median of {', '.join(str(f // 1024) for f in fresh_figures)}): "
          f"{ended / max(fresh, 1):.2f} of the fresh server's")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as err:
        print(f"soak: FAILED: {err}", file=sys.stderr)
        sys.exit(1)
