#!/usr/bin/env python3
"""Language-server benchmark: mlir-analyzer against LLVM's mlir-lsp-server.

Generates one IR file with bench/gen_ir.py (or takes --file), then drives each
server in turn over stdio with the same file and the same edits, as an editor
would: the document is opened with didOpen and edited with didChange, sending
ranged edits to a server that asks for incremental sync and the whole text to
one that asks for full sync (as its initialize reply says). Per server it
measures:

1. open: from sending didOpen until the first publishDiagnostics for version 1;
   and "open, all": until the last one for version 1, which is later for a
   server that publishes a large file's first lines first and reports the
   check of the rest as $/progress whose title names the file (ours): the
   publish before that progress ends (a server that begins no such progress
   within CHECK_GRACE s of its first publish has published everything);
2. keystrokes: K single-character edits (alternately inserting and deleting a
   digit of an integer constant in a function body near the middle of the
   file, so the text stays valid); each waits for the publishDiagnostics of
   its version before the next is sent. The first --warmup ones are reported
   separately and left out of the median / p95 / max;
3. burst: 20 such keystrokes sent back to back; the time from the first send
   until the diagnostics for the last version arrive, and how many
   publishDiagnostics were sent on the way;
4. memory: VmRSS after initialize and after open, VmHWM (peak RSS) at the end,
   from /proc/PID/status;
5. sanity (our server; --sanity-all for both): a keystroke that makes a syntax
   error (--error-text, default a `"` that opens an unterminated string just
   before the op name) and one that deletes it again; the diagnostics must go
   from none to some on the edited line and back to none;
6. requests (unless --no-requests): textDocument/documentSymbol and
   textDocument/semanticTokens/full (the latter only if the initialize reply
   advertises semanticTokensProvider.full, else "n/a") and .../full/delta
   against the last semantic-token answer (if full.delta is advertised; size =
   tokens in the edits, or in the whole answer if it came whole; an empty delta
   is no failure: a keystroke may change no token): the first of each on
   the current version, then --requests more (default 5), each after a
   keystroke whose diagnostics have arrived, so each asks about a fresh
   version; reported as first, median and max of the later ones, with the
   response size (symbols counted through `children`; tokens = len(data)/5).
   An empty answer from our server on a non-empty file fails its run. VmHWM
   is read again afterwards ("peak after requests"); the peak RSS of item 4
   is read before the requests, as it always was.

When both servers ran, a second table gives each figure both have (open,
keystroke median / p95, burst, peak RSS, request times) for ours and the peer
and the ratio ours / peer; with --runs N it gives the ratio of every run and
the medians over the runs (ratio = median ours / median peer). The --json
output holds the same under "ratios".

Workspace mode (--workspace [N], default 3000 files; our server only, as
mlir-lsp-server has no workspace index) replaces the single-file benchmark:
it builds a temporary folder of N .mlir files, copied from the corpora
(--corpus DIR, repeatable; by default corpus/ and corpus-downstream/ of the
`shared` folder beside the repository) with their relative paths kept, and
filled up with small generated files if the corpora hold fewer. It starts
our server on that folder (rootUri, workspaceFolders, with
window.workDoneProgress), answers window/workDoneProgress/create, and
records the $/progress of the indexing: the time from `initialized` to its
begin, the count of reports, the time to its end and the end's message
(other progress, such as loading ODS dialects, is recorded as well and
waited for). Then it times workspace/symbol queries, each 3 times: an empty
query and about 10 made from `func.func @name` definitions of the copied
files (whole names, prefixes, 3-4 letter fragments), and reads VmHWM. No
progress begin/end within --timeout, or a query that finds nothing, fails
the run.

Times start just before the first byte of the message is written (the JSON is
encoded beforehand) and end when the reader thread has read the whole
publishDiagnostics frame. Servers run one after the other, never at the same
time; with --runs N their order alternates between runs. Their stderr goes to
a temporary log file whose path is printed. A server that does not answer
within --timeout seconds fails that server's run with a clear message.

Python 3.11, standard library only. Examples:

    bench/lsp_bench.py                       # 96,000 lines, both servers
    bench/lsp_bench.py --lines 1000000 --runs 2 --json results.json
    MLIR_LSP_SERVER=/path/to/mlir-lsp-server bench/lsp_bench.py --keystrokes 10
    bench/lsp_bench.py --only ours --ours /tmp/target/release/mlir-analyzer
    bench/lsp_bench.py --lines 20000 -k 5 --requests 3   # fewer requests
    bench/lsp_bench.py --no-requests                     # the older measurements only
    bench/lsp_bench.py --workspace                       # 3,000 files, our server
    bench/lsp_bench.py --workspace 300 --corpus ~/mlir-tests --json ws.json
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import platform
import queue
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OURS = REPO_ROOT / "target" / "release" / "mlir-analyzer"
DEFAULT_INCUMBENT = "/usr/lib/llvm-22/bin/mlir-lsp-server"
BURST = 20
SHARED = REPO_ROOT.parent / "shared"  # the folder beside the repository holding the corpora
DEFAULT_CORPORA = (SHARED / "corpus", SHARED / "corpus-downstream")
DEFAULT_WORKSPACE_FILES = 3000
QUERY_REPEATS = 3
CHECK_GRACE = 0.5  # seconds after the open's first publish in which a check's progress may begin
PROGRESS_GRACE = 1.0  # seconds after the indexing ends in which other progress may still begin

# The standard token types and modifiers (LSP 3.17), announced so a server may use any.
TOKEN_TYPES = ["namespace", "type", "class", "enum", "interface", "struct", "typeParameter",
               "parameter", "variable", "property", "enumMember", "event", "function", "method",
               "macro", "keyword", "modifier", "comment", "string", "number", "regexp",
               "operator", "decorator", "label"]
TOKEN_MODIFIERS = ["declaration", "definition", "readonly", "static", "deprecated", "abstract",
                   "async", "modification", "documentation", "defaultLibrary"]


class BenchError(Exception):
    """A server misbehaved (timed out, exited, answered with an error)."""


class BenchTimeout(BenchError):
    """No message arrived before the deadline."""


# --------------------------------------------------------------------------- LSP client


class LspClient:
    """A JSON-RPC client on a child process's stdio, with a framing reader thread."""

    def __init__(self, name: str, argv: list[str], stderr_path: Path):
        self.name = name
        self.stderr_path = stderr_path
        self._stderr = open(stderr_path, "wb")
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
        )
        self.messages: queue.Queue[tuple[float, dict | None]] = queue.Queue()
        self._next_id = 0
        self._write_lock = threading.Lock()
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    # Reading ------------------------------------------------------------------------

    def _read_loop(self) -> None:
        stream = self.proc.stdout
        assert stream is not None
        try:
            while True:
                length = None
                while True:
                    line = stream.readline()
                    if not line:
                        raise EOFError
                    line = line.strip()
                    if not line:
                        break
                    key, _, value = line.partition(b":")
                    if key.strip().lower() == b"content-length":
                        length = int(value.strip())
                if length is None:
                    raise ValueError("frame without Content-Length")
                body = b""
                while len(body) < length:
                    chunk = stream.read(length - len(body))
                    if not chunk:
                        raise EOFError
                    body += chunk
                arrived = time.perf_counter()
                message = json.loads(body)
                if "method" in message and "id" in message:
                    self._answer_server_request(message)
                self.messages.put((arrived, message))
        except (EOFError, ValueError, OSError) as err:
            self.messages.put((time.perf_counter(), {"_closed": str(err) or "EOF"}))

    def _answer_server_request(self, message: dict) -> None:
        """Answers requests from the server (configuration, progress, registration)."""
        result: Any = None
        if message["method"] == "workspace/configuration":
            result = [None for _ in message.get("params", {}).get("items", [])]
        try:
            self._write(self._frame({"jsonrpc": "2.0", "id": message["id"], "result": result}))
        except OSError:
            pass

    def next_message(self, deadline: float, waiting_for: str) -> tuple[float, dict]:
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            raise BenchTimeout(f"{self.name}: timed out waiting for {waiting_for}")
        try:
            arrived, message = self.messages.get(timeout=remaining)
        except queue.Empty:
            raise BenchTimeout(f"{self.name}: timed out waiting for {waiting_for}") from None
        if "_closed" in message:
            try:
                code = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
            raise BenchError(
                f"{self.name}: output closed ({message['_closed']}, exit status {code}) "
                f"while waiting for {waiting_for}; stderr in {self.stderr_path}"
            )
        return arrived, message

    # Writing ------------------------------------------------------------------------

    @staticmethod
    def _frame(message: dict) -> bytes:
        body = json.dumps(message, separators=(",", ":")).encode()
        return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)

    def _write(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        with self._write_lock:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()

    def encode_notification(self, method: str, params: Any) -> bytes:
        return self._frame({"jsonrpc": "2.0", "method": method, "params": params})

    def send_encoded(self, data: bytes) -> float:
        """Writes a pre-encoded frame; returns the time just before the write began."""
        start = time.perf_counter()
        try:
            self._write(data)
        except OSError as err:
            raise BenchError(f"{self.name}: cannot write to the server ({err})") from None
        return start

    def notify(self, method: str, params: Any) -> float:
        return self.send_encoded(self.encode_notification(method, params))

    def request(self, method: str, params: Any, timeout: float) -> tuple[float, Any]:
        """Sends a request and waits for its answer; other messages are kept aside."""
        self._next_id += 1
        rid = self._next_id
        start = self.send_encoded(self._frame({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}))
        deadline = start + timeout
        kept = []
        try:
            while True:
                arrived, message = self.next_message(deadline, f"the answer to {method}")
                if message.get("id") == rid and "method" not in message:
                    if "error" in message:
                        raise BenchError(f"{self.name}: {method} failed: {message['error']}")
                    return arrived - start, message.get("result")
                kept.append((arrived, message))
        finally:
            for item in kept:
                self.messages.put(item)

    # Process ------------------------------------------------------------------------

    def proc_status(self) -> dict[str, int]:
        """VmRSS / VmHWM in KiB from /proc/PID/status ({} if it is gone or not Linux)."""
        out = {}
        try:
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    out[key] = int(value.split()[0])
        except OSError:
            pass
        return out

    def close(self, timeout: float = 10.0) -> None:
        if self.proc.poll() is None:
            try:
                self.request("shutdown", None, timeout)
                self.notify("exit", None)
                self.proc.wait(timeout=timeout)
            except (BenchError, subprocess.TimeoutExpired, OSError):
                self.proc.kill()
                self.proc.wait()
        try:
            self.proc.stdin.close()  # type: ignore[union-attr]
        except OSError:
            pass
        self._stderr.close()


# --------------------------------------------------------------------------- the edits


@dataclass
class EditSite:
    """Where keystrokes go: after the integer literal of an `arith.constant` line."""

    line: int  # 0-based
    column: int  # 0-based, UTF-16 == bytes (the generated file is ASCII)
    offset: int  # byte offset in the text
    text: str  # the line, for the report
    error_column: int  # where the syntax-error keystroke goes (just before the op name)
    error_offset: int


CONSTANT = re.compile(r"^(\s+%[\w$.]+ = )arith\.constant ([1-9][0-9]{0,3}) : (index|i32|i64)\b")


def find_edit_site(text: str) -> EditSite:
    lines = text.split("\n")
    middle = len(lines) // 2
    for distance in range(len(lines)):
        for index in (middle + distance, middle - distance):
            if 0 <= index < len(lines):
                match = CONSTANT.match(lines[index])
                if match:
                    offset = sum(len(line) + 1 for line in lines[:index])
                    column = match.end(2)
                    error_column = len(match.group(1))
                    return EditSite(index, column, offset + column, lines[index].strip(),
                                    error_column, offset + error_column)
    raise SystemExit("no `arith.constant N : index|i32|i64` line to edit in the input")


@dataclass
class Document:
    """The client's copy of the text, and how to tell a server about an edit."""

    uri: str
    text: str
    version: int = 1

    def edit(self, offset: int, line: int, column: int, delete: int, insert: str) -> dict:
        """Applies an edit; returns the incremental change event for it."""
        self.text = self.text[:offset] + insert + self.text[offset + delete:]
        self.version += 1
        return {
            "range": {
                "start": {"line": line, "character": column},
                "end": {"line": line, "character": column + delete},
            },
            "text": insert,
        }


# --------------------------------------------------------------------------- one server


@dataclass
class RequestTiming:
    """One request's latencies: the first on the current version, then one per fresh version."""

    method: str
    supported: bool = True  # False: the server does not offer it ("n/a")
    first_ms: float | None = None
    first_size: int | None = None
    later_ms: list[float] = field(default_factory=list)
    later_sizes: list[int] = field(default_factory=list)

    def summary(self) -> dict:
        """Median and max of the later requests (None if there were none)."""
        ms = self.later_ms
        return {"median_ms": statistics.median(ms) if ms else None, "max_ms": max(ms) if ms else None}

    def sizes(self) -> list[int]:
        """Every response size, the first one included."""
        return ([] if self.first_size is None else [self.first_size]) + self.later_sizes

    def to_json(self) -> dict:
        return {**vars(self), **self.summary()}


# The measured requests' methods by short name (RESPONSE_SIZE below sizes their answers).
REQUESTS = {
    "documentSymbol": "textDocument/documentSymbol",
    "semanticTokens": "textDocument/semanticTokens/full",
    "semanticTokensDelta": "textDocument/semanticTokens/full/delta",
}


def count_symbols(result: Any) -> int:
    """Symbols in a documentSymbol answer, counted recursively through `children`."""
    if not isinstance(result, list):
        return 0
    return sum(1 + count_symbols(item.get("children")) for item in result if isinstance(item, dict))


def count_tokens(result: Any) -> int:
    """Tokens in a semanticTokens answer: five integers each."""
    data = result.get("data") if isinstance(result, dict) else None
    return len(data) // 5 if isinstance(data, list) else 0


def count_delta_tokens(result: Any) -> int:
    """Tokens in a delta answer's edits (or in the whole answer, if it came whole)."""
    if isinstance(result, dict) and isinstance(result.get("edits"), list):
        return sum(len(e.get("data") or []) // 5 for e in result["edits"] if isinstance(e, dict))
    return count_tokens(result)


RESPONSE_SIZE = {"documentSymbol": count_symbols, "semanticTokens": count_tokens,
                 "semanticTokensDelta": count_delta_tokens}


@dataclass
class ServerResult:
    name: str
    argv: list[str]
    stderr_log: str
    sync: str = "?"
    server_info: Any = None
    versioned: bool | None = None
    initialize_ms: float | None = None
    open_ms: float | None = None
    open_diagnostics: int | None = None
    open_all_ms: float | None = None  # until the open's last publish (see CHECK_GRACE)
    open_publishes: int | None = None  # publishes for version 1
    warmup_ms: list[float] = field(default_factory=list)
    keystroke_ms: list[float] = field(default_factory=list)
    keystroke_diagnostics: set[int] = field(default_factory=set)
    burst_ms: float | None = None
    burst_publishes: int | None = None
    rss_idle_kib: int | None = None
    rss_open_kib: int | None = None
    hwm_kib: int | None = None
    sanity: dict | None = None
    requests: dict[str, RequestTiming] | None = None  # None with --no-requests
    hwm_requests_kib: int | None = None  # VmHWM after the requests
    error: str | None = None
    run: int = 0

    def summary(self) -> dict:
        ks = self.keystroke_ms
        return {
            "median_ms": statistics.median(ks) if ks else None,
            "p95_ms": percentile(ks, 95) if ks else None,
            "max_ms": max(ks) if ks else None,
        }


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[rank - 1]


def client_capabilities(workspace: bool) -> dict:
    """What the client announces in initialize; `workspace` adds progress and workspace symbols.

    Document symbols (hierarchical) and semantic tokens (full) are always announced: a
    server answers only with what the client says it supports.
    """
    caps: dict[str, Any] = {
        "general": {"positionEncodings": ["utf-16"]},
        "textDocument": {
            "synchronization": {"dynamicRegistration": False},
            "publishDiagnostics": {"versionSupport": True, "relatedInformation": True},
            "documentSymbol": {
                "dynamicRegistration": False,
                "hierarchicalDocumentSymbolSupport": True,
                "symbolKind": {"valueSet": list(range(1, 27))},
            },
            "semanticTokens": {
                "dynamicRegistration": False,
                "requests": {"full": True, "range": False},
                "tokenTypes": TOKEN_TYPES,
                "tokenModifiers": TOKEN_MODIFIERS,
                "formats": ["relative"],
                "overlappingTokenSupport": False,
                "multilineTokenSupport": False,
            },
        },
        # Editors take progress (VS Code, Neovim): a server may report its own work.
        "window": {"workDoneProgress": True},
    }
    if workspace:
        caps["workspace"] = {
            "workspaceFolders": True,
            "symbol": {"dynamicRegistration": False, "symbolKind": {"valueSet": list(range(1, 27))}},
        }
    return caps


def advertises_full_tokens(caps: dict) -> bool:
    """Does an initialize reply's capabilities offer textDocument/semanticTokens/full?"""
    provider = caps.get("semanticTokensProvider")
    return isinstance(provider, dict) and bool(provider.get("full"))


def advertises_delta_tokens(caps: dict) -> bool:
    """Does it offer textDocument/semanticTokens/full/delta?"""
    provider = caps.get("semanticTokensProvider")
    full = provider.get("full") if isinstance(provider, dict) else None
    return isinstance(full, dict) and bool(full.get("delta"))


class Session:
    def __init__(self, client: LspClient, result: ServerResult, doc: Document, timeout: float,
                 progress=None):
        self.client = client
        self.progress = progress or (lambda message: None)
        self.result = result
        self.doc = doc
        self.timeout = timeout
        self.full_sync = False
        self.semantic_full = False  # the server offers semanticTokens/full
        self.semantic_delta = False  # ... and full/delta
        self.tokens_result_id: str | None = None  # of the last semantic-token answer
        self.publishes = 0  # publishDiagnostics for our document seen so far
        self.last_publish: float | None = None  # when the last one arrived
        self.checks: dict[str, dict] = {}  # $/progress naming our document, by token

    def initialize(self) -> None:
        params = {
            "processId": os.getpid(),
            "clientInfo": {"name": "lsp_bench.py"},
            "rootUri": None,
            "capabilities": client_capabilities(workspace=False),
        }
        elapsed, reply = self.client.request("initialize", params, self.timeout)
        self.result.initialize_ms = elapsed * 1000
        caps = (reply or {}).get("capabilities", {})
        self.result.server_info = (reply or {}).get("serverInfo")
        self.semantic_full = advertises_full_tokens(caps)
        self.semantic_delta = advertises_delta_tokens(caps)
        sync = caps.get("textDocumentSync")
        change = sync.get("change") if isinstance(sync, dict) else sync
        self.full_sync = change != 2
        self.result.sync = {0: "none", 1: "full", 2: "incremental"}.get(change, repr(change))
        self.client.notify("initialized", {})

    def wait_diagnostics(self, start: float, version: int, what: str) -> tuple[float, list]:
        """Waits for publishDiagnostics of `version` (or later); returns (ms, diagnostics).

        A server that publishes without a version is assumed to publish once per
        document version, in order (mlir-lsp-server does, when it sends versions).
        """
        deadline = time.perf_counter() + self.timeout
        while True:
            arrived, message = self.client.next_message(
                deadline, f"diagnostics for version {version} ({what})")
            self.note_check(arrived, message)
            if message.get("method") != "textDocument/publishDiagnostics":
                continue
            params = message.get("params", {})
            if params.get("uri") != self.doc.uri:
                continue
            self.publishes += 1
            self.last_publish = arrived
            got = params.get("version")
            if self.result.versioned is None:
                self.result.versioned = got is not None
            if got is None:
                got = self.publishes  # publish n is for version n
            if got >= version:
                return (arrived - start) * 1000, params.get("diagnostics", [])

    def note_check(self, arrived: float, message: dict) -> None:
        """Notes $/progress whose begin's title names our document (a check of it)."""
        if message.get("method") != "$/progress":
            return
        params = message.get("params") or {}
        token, value = str(params.get("token")), params.get("value") or {}
        name = self.doc.uri.rsplit("/", 1)[-1]
        if value.get("kind") == "begin" and name in (value.get("title") or ""):
            self.checks[token] = {"begin": arrived, "end": None}
        elif value.get("kind") == "end" and token in self.checks:
            self.checks[token]["end"] = arrived

    def wait_open_done(self, start: float) -> float:
        """The ms from didOpen to the open's last publish: once a check's progress that
        begins within CHECK_GRACE s of the first publish has ended (see CHECK_GRACE)."""
        first = self.last_publish
        assert first is not None
        deadline = time.perf_counter() + self.timeout
        while True:
            checking = any(c["end"] is None for c in self.checks.values())
            if not checking and (self.checks or time.perf_counter() > first + CHECK_GRACE):
                break
            wait = deadline if checking else min(deadline, first + CHECK_GRACE)
            try:
                arrived, message = self.client.next_message(wait, "the open's check to end")
            except BenchTimeout:
                if checking:
                    raise
                break
            self.note_check(arrived, message)
            params = message.get("params") or {}
            if message.get("method") == "textDocument/publishDiagnostics" \
                    and params.get("uri") == self.doc.uri:
                self.publishes += 1
                self.last_publish = arrived
        return (self.last_publish - start) * 1000

    def change(self, offset: int, line: int, column: int, delete: int, insert: str) -> bytes:
        """Applies an edit and encodes its didChange (the encoding is not timed)."""
        event = self.doc.edit(offset, line, column, delete, insert)
        if self.full_sync:
            event = {"text": self.doc.text}
        return self.client.encode_notification("textDocument/didChange", {
            "textDocument": {"uri": self.doc.uri, "version": self.doc.version},
            "contentChanges": [event],
        })

    def keystroke(self, site: EditSite, index: int) -> bytes:
        """Keystroke `index`: even ones insert a digit, odd ones delete it."""
        if index % 2 == 0:
            return self.change(site.offset, site.line, site.column, 0, "7")
        return self.change(site.offset, site.line, site.column, 1, "")

    def run(self, site: EditSite, keystrokes: int, warmup: int, sanity: str | None,
            requests: int | None = None, strict: bool = False) -> None:
        """All measurements in order; `requests` None skips the request timings.

        `strict`: an empty request answer on a non-empty file fails the run.
        """
        r = self.result
        self.initialize()
        r.rss_idle_kib = self.client.proc_status().get("VmRSS")

        open_msg = self.client.encode_notification("textDocument/didOpen", {
            "textDocument": {"uri": self.doc.uri, "languageId": "mlir", "version": 1,
                             "text": self.doc.text},
        })
        start = self.client.send_encoded(open_msg)
        r.open_ms, diags = self.wait_diagnostics(start, 1, "didOpen")
        r.open_diagnostics = len(diags)
        r.open_all_ms = self.wait_open_done(start)
        r.open_publishes = self.publishes
        self.progress(f"open: {fmt_ms(r.open_ms)} ms, all: {fmt_ms(r.open_all_ms)} ms "
                      f"({r.open_publishes} publishes)")
        r.rss_open_kib = self.client.proc_status().get("VmRSS")

        # Warm-up and measured keystrokes: an even total leaves the text as it was.
        total = warmup + keystrokes
        total += total % 2
        for i in range(total):
            msg = self.keystroke(site, i)
            start = self.client.send_encoded(msg)
            ms, diags = self.wait_diagnostics(start, self.doc.version, f"keystroke {i + 1}")
            (r.warmup_ms if i < warmup else r.keystroke_ms).append(ms)
            self.progress(f"keystroke {i + 1}/{total}{' (warm-up)' if i < warmup else ''}: {fmt_ms(ms)} ms")
            r.keystroke_diagnostics.add(len(diags))
        del r.keystroke_ms[keystrokes:]  # the padding keystroke, if any, is not reported

        # Burst: everything is encoded first, then written back to back.
        frames = [self.keystroke(site, i) for i in range(BURST)]
        before = self.publishes
        start = self.client.send_encoded(frames[0])
        for frame in frames[1:]:
            self.client.send_encoded(frame)
        r.burst_ms, _ = self.wait_diagnostics(start, self.doc.version, "the burst's last version")
        r.burst_publishes = self.publishes - before
        self.progress(f"burst: {fmt_ms(r.burst_ms)} ms, {r.burst_publishes} publishes")

        if sanity:
            r.sanity = self.sanity(site, sanity)
        r.hwm_kib = self.client.proc_status().get("VmHWM")

        if requests is not None:
            self.measure_requests(site, requests, strict)
            r.hwm_requests_kib = self.client.proc_status().get("VmHWM")

    def measure_requests(self, site: EditSite, repeats: int, strict: bool) -> None:
        """Times each request once on the current version, then `repeats` times on fresh ones.

        Fills self.result.requests as it goes, so a failure keeps what was measured.
        """
        timings = {key: RequestTiming(method) for key, method in REQUESTS.items()}
        timings["semanticTokens"].supported = self.semantic_full
        timings["semanticTokensDelta"].supported = self.semantic_full and self.semantic_delta
        self.result.requests = timings
        active = [key for key, timing in timings.items() if timing.supported]
        for key in active:
            timings[key].first_ms, timings[key].first_size = self.timed_request(key, strict)
            self.progress(f"{key} (first): {fmt_ms(timings[key].first_ms)} ms, "
                          f"size {timings[key].first_size}")
        edits = 0
        for i in range(repeats):
            for key in active:
                self.fresh_version(site, edits, f"the keystroke before {key} {i + 1}")
                edits += 1
                ms, size = self.timed_request(key, strict)
                timings[key].later_ms.append(ms)
                timings[key].later_sizes.append(size)
                self.progress(f"{key} {i + 1}/{repeats}: {fmt_ms(ms)} ms, size {size}")
        if edits % 2:  # leave the text as it was
            self.fresh_version(site, edits, "the keystroke restoring the text")

    def fresh_version(self, site: EditSite, index: int, what: str) -> float:
        """Keystroke `index`, waiting for its version's diagnostics; returns its ms."""
        start = self.client.send_encoded(self.keystroke(site, index))
        ms, _ = self.wait_diagnostics(start, self.doc.version, what)
        return ms

    def timed_request(self, key: str, strict: bool) -> tuple[float, int]:
        """Sends one measured request on the document; returns (ms, response size).

        Raises BenchError if `strict` and the answer is empty while the text is not.
        """
        method = REQUESTS[key]
        params: dict[str, Any] = {"textDocument": {"uri": self.doc.uri}}
        if key == "semanticTokensDelta":
            params["previousResultId"] = self.tokens_result_id or ""
        elapsed, result = self.client.request(method, params, self.timeout)
        if key.startswith("semanticTokens") and isinstance(result, dict):
            self.tokens_result_id = result.get("resultId") or self.tokens_result_id
        size = RESPONSE_SIZE[key](result)
        if strict and size == 0 and self.doc.text.strip() and key != "semanticTokensDelta":
            raise BenchError(f"{self.result.name}: {method} returned an empty result "
                             f"({json.dumps(result)[:200]}) on a non-empty file "
                             f"(version {self.doc.version})")
        return elapsed * 1000, size

    def sanity(self, site: EditSite, error_text: str) -> dict:
        """A keystroke that breaks the syntax, then one that repairs it."""
        col, off = site.error_column, site.error_offset
        start = self.client.send_encoded(self.change(off, site.line, col, 0, error_text))
        broken_ms, broken = self.wait_diagnostics(start, self.doc.version, "the syntax error")
        start = self.client.send_encoded(self.change(off, site.line, col, len(error_text), ""))
        fixed_ms, fixed = self.wait_diagnostics(start, self.doc.version, "the fix")
        first = broken[0] if broken else None
        ok = bool(broken) and not fixed and any(
            d.get("range", {}).get("start", {}).get("line") == site.line for d in broken)
        return {
            "ok": ok,
            "error_text": error_text,
            "broken_ms": broken_ms,
            "broken_diagnostics": len(broken),
            "first_message": first and first.get("message"),
            "first_range": first and first.get("range"),
            "fixed_ms": fixed_ms,
            "fixed_diagnostics": len(fixed),
        }


def run_server(name: str, argv: list[str], text: str, uri: str, site: EditSite,
               args: argparse.Namespace, sanity: str | None, log_dir: Path, run: int) -> ServerResult:
    log = log_dir / f"{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}-run{run}.stderr"
    result = ServerResult(name=name, argv=argv, stderr_log=str(log), run=run)
    client = LspClient(name, argv, log)
    out = sys.stderr if args.json == "-" else sys.stdout
    progress = (lambda m: print(f"  {m}", file=out, flush=True)) if args.progress else None
    session = Session(client, result, Document(uri, text), args.timeout, progress)
    try:
        session.run(site, args.keystrokes, args.warmup, sanity,
                    None if args.no_requests else args.requests, strict=name == "mlir-analyzer")
    except BenchError as err:
        result.error = str(err)
        result.hwm_kib = client.proc_status().get("VmHWM")
    finally:
        client.close(timeout=min(10.0, args.timeout))
    return result


# --------------------------------------------------------------------------- report


def machine_info() -> dict:
    info: dict[str, Any] = {
        "nproc": os.cpu_count(),
        "usable_cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "arch": platform.machine(),
        "kernel": platform.release(),
        "python": platform.python_version(),
    }
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                info["ram_gib"] = round(int(line.split()[1]) / 1024 / 1024, 1)
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        info["loadavg_start"] = os.getloadavg()
    except OSError:
        pass
    return info


def fmt_ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}"


def fmt_mib(kib: int | None) -> str:
    return "-" if kib is None else f"{kib / 1024:.0f}"


def print_rows(headers: list[str], rows: list[list[str]], out=sys.stdout, left: int = 1) -> None:
    """A table: the first `left` columns left-aligned, the others right-aligned, a rule under the header."""
    widths = [max([len(h)] + [len(row[i]) for row in rows]) for i, h in enumerate(headers)]

    def join(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i < left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))

    line = join(headers)
    print(line, file=out)
    print("-" * len(line), file=out)
    for row in rows:
        print(join(row), file=out)


def print_table(results: list[ServerResult], out=sys.stdout) -> None:
    """The main table: one row per server and run."""
    headers = ["server", "run", "sync", "versions", "init ms", "open ms", "open all", "key med",
               "key p95", "key max", "warm-up ms", f"burst{BURST} ms", "pubs",
               "RSS idle", "RSS open", "peak MiB"]
    rows = []
    for r in results:
        s = r.summary()
        rows.append([
            r.name, str(getattr(r, "run", "")), r.sync,
            {True: "yes", False: "no", None: "?"}[r.versioned],
            fmt_ms(r.initialize_ms), fmt_ms(r.open_ms), fmt_ms(r.open_all_ms), fmt_ms(s["median_ms"]),
            fmt_ms(s["p95_ms"]), fmt_ms(s["max_ms"]),
            ",".join(fmt_ms(w) for w in r.warmup_ms) or "-",
            fmt_ms(r.burst_ms), "-" if r.burst_publishes is None else str(r.burst_publishes),
            fmt_mib(r.rss_idle_kib), fmt_mib(r.rss_open_kib), fmt_mib(r.hwm_kib),
        ])
    print_rows(headers, rows, out)


def fmt_sizes(sizes: list[int]) -> str:
    """One size, or the range if they differ."""
    if not sizes:
        return "-"
    low, high = min(sizes), max(sizes)
    return str(low) if low == high else f"{low}-{high}"


def print_requests_table(results: list[ServerResult], out=sys.stdout) -> None:
    """One row per server, run and request: first, median and max of the later ones, sizes."""
    headers = ["server", "run", "request", "first ms", "later med", "later max", "n", "size",
               "peak MiB"]
    rows = []
    for r in results:
        for key, t in (r.requests or {}).items():
            if not t.supported:
                rows.append([r.name, str(r.run), key] + ["n/a"] * 5 + [fmt_mib(r.hwm_requests_kib)])
                continue
            s = t.summary()
            rows.append([r.name, str(r.run), key, fmt_ms(t.first_ms), fmt_ms(s["median_ms"]),
                         fmt_ms(s["max_ms"]), str(len(t.later_ms)), fmt_sizes(t.sizes()),
                         fmt_mib(r.hwm_requests_kib)])
    print_rows(headers, rows, out)
    print("first = on the current version; later = each after a keystroke whose diagnostics had"
          "\narrived (a fresh version); n = later requests; size = symbols (through children) or"
          "\ntokens (len(data)/5); peak MiB = VmHWM after the requests; n/a = not offered.",
          file=out)


# --------------------------------------------------------------------------- ratios


# Figure name -> (label, "ms" or "kib"), in table order.
FIGURES = {
    "open_ms": ("open", "ms"),
    "open_all_ms": ("open, all", "ms"),
    "key_median_ms": ("keystroke median", "ms"),
    "key_p95_ms": ("keystroke p95", "ms"),
    "burst_ms": (f"burst{BURST}", "ms"),
    "peak_rss_kib": ("peak RSS MiB", "kib"),
    "peak_requests_kib": ("peak after requests MiB", "kib"),
    **{f"{key}_{part}_ms": (f"{key} {part}", "ms") for key in REQUESTS
       for part in ("first", "median", "max")},
}


def figures(r: ServerResult) -> dict[str, float]:
    """The comparable figures of one run (those it has)."""
    s = r.summary()
    out = {"open_ms": r.open_ms, "open_all_ms": r.open_all_ms, "key_median_ms": s["median_ms"], "key_p95_ms": s["p95_ms"],
           "burst_ms": r.burst_ms, "peak_rss_kib": r.hwm_kib, "peak_requests_kib": r.hwm_requests_kib}
    for key, t in (r.requests or {}).items():
        if t.supported:
            out[f"{key}_first_ms"] = t.first_ms
            out[f"{key}_median_ms"] = t.summary()["median_ms"]
            out[f"{key}_max_ms"] = t.summary()["max_ms"]
    return {k: v for k, v in out.items() if v is not None}


def compare(ours: dict[str, float], peer: dict[str, float]) -> dict[str, dict]:
    """For each figure both have: ours, the peer's and ours / peer."""
    return {k: {"ours": ours[k], "peer": peer[k], "ratio": ours[k] / peer[k] if peer[k] else None}
            for k in FIGURES if k in ours and k in peer}


def median_figures(runs: list[dict[str, float]]) -> dict[str, float]:
    """The median of each figure every run has."""
    return {k: statistics.median(run[k] for run in runs) for k in FIGURES if all(k in run for run in runs)}


def ratios(results: list[ServerResult]) -> dict | None:
    """Ratios ours / peer per run and of the medians over runs; None unless both servers ran."""
    ours = {r.run: figures(r) for r in results if r.name == "mlir-analyzer"}
    peer = {r.run: figures(r) for r in results if r.name != "mlir-analyzer"}
    runs = sorted(set(ours) & set(peer))
    if not runs:
        return None
    return {
        "per_run": [{"run": run, "figures": compare(ours[run], peer[run])} for run in runs],
        "median": compare(median_figures([ours[run] for run in runs]),
                          median_figures([peer[run] for run in runs])),
    }


def fmt_ratio(value: float | None) -> str:
    if value is None:
        return "-"
    if value >= 0.1:
        return f"{value:.2f}"
    return f"{value:.3f}" if value >= 0.001 else f"{value:.1e}"


def fmt_figure(key: str, value: float | None) -> str:
    return fmt_mib(value) if FIGURES[key][1] == "kib" else fmt_ms(value)


def print_ratio_table(table: dict, out=sys.stdout) -> None:
    """Rows = figures; one run: ours, peer, ratio; several: each run's ratio, then the medians."""
    per_run, median = table["per_run"], table["median"]
    several = len(per_run) > 1
    headers = ["figure"] + [f"ratio r{p['run']}" for p in per_run if several]
    headers += ["ours med", "peer med", "ratio"] if several else ["ours", "peer", "ratio"]
    rows = []
    for key in FIGURES:
        if key not in median and not any(key in p["figures"] for p in per_run):
            continue
        row = [FIGURES[key][0]]
        if several:
            row += [fmt_ratio(p["figures"].get(key, {}).get("ratio")) for p in per_run]
        m = median.get(key, {})
        row += [fmt_figure(key, m.get("ours")), fmt_figure(key, m.get("peer")), fmt_ratio(m.get("ratio"))]
        rows.append(row)
    print_rows(headers, rows, out)
    print("ratio = mlir-analyzer / mlir-lsp-server (below 1: ours is faster or smaller)"
          + ("; med = median over the runs, ratio = of the medians." if several else "."), file=out)


# --------------------------------------------------------------------------- workspace mode


# Folder names that workspace indexers skip by convention; copied files get "_" + the name.
SKIPPED_DIRS = {"target", "build", "node_modules"}
FUNC_DEF = re.compile(r"\bfunc\.func\s+(?:(?:private|public|nested)\s+)*@([A-Za-z_][\w$.]*)")


@dataclass
class Workspace:
    """The temporary folder of .mlir files the server indexes."""

    folder: Path
    files: int  # .mlir files in it
    copied: int
    generated: int
    corpora: list[str]
    bytes: int
    names: list[str]  # `func.func @name` names defined in the copied files


def safe_relative(rel: Path) -> Path:
    """`rel` with its hidden and build-output folders renamed, so an indexer does not skip them."""
    parts = [f"_{part}" if part in SKIPPED_DIRS or part.startswith(".") else part
             for part in rel.parts[:-1]]
    return Path(*parts, rel.name)


def pick_evenly(items: list, n: int) -> list:
    """`n` items spread evenly over `items` (all of them if there are no more than `n`)."""
    if len(items) <= n:
        return list(items)
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


def corpus_files(corpora: list[Path]) -> list[tuple[Path, Path]]:
    """(source, path in the workspace) for each .mlir file: under the corpus's name, paths kept."""
    out, labels = [], {"generated"}
    for corpus in corpora:
        label = corpus.name or "corpus"
        while label in labels:
            label += "_"
        labels.add(label)
        for src in sorted(corpus.rglob("*.mlir")):
            if src.is_file():
                out.append((src, Path(label) / safe_relative(src.relative_to(corpus))))
    return out


def load_gen_ir() -> Any:
    """bench/gen_ir.py as a module, or None if it cannot be imported."""
    try:
        spec = importlib.util.spec_from_file_location("gen_ir", REPO_ROOT / "bench" / "gen_ir.py")
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        spec.loader.exec_module(module)  # type: ignore[union-attr]
    except (ImportError, OSError, SyntaxError, AttributeError):
        return None
    return module if callable(getattr(module, "generate", None)) else None


def generate_files(folder: Path, count: int, seed: int) -> None:
    """Writes `count` generated files of 200 to 500 lines (seeds seed, seed + 1, ...)."""
    if count <= 0:
        return
    folder.mkdir(parents=True, exist_ok=True)
    gen = load_gen_ir()
    for i in range(count):
        lines, path = 200 + (i * 61) % 301, folder / f"gen_{i:05d}.mlir"
        if gen is not None:
            with open(path, "w", encoding="utf-8") as f:
                gen.generate(lines, seed + i, f.write)
        else:
            subprocess.run([sys.executable, str(REPO_ROOT / "bench" / "gen_ir.py"), "--lines",
                            str(lines), "--seed", str(seed + i), "-o", str(path)], check=True)


def function_names(paths: list[Path]) -> list[str]:
    """The names of the `func.func @name` definitions in the files, sorted."""
    names: set[str] = set()
    for path in paths:
        names.update(FUNC_DEF.findall(path.read_text(errors="replace")))
    return sorted(names)


def build_workspace(folder: Path, corpora: list[Path], n: int, seed: int) -> Workspace:
    """Copies up to `n` corpus files into `folder` and generates the rest."""
    chosen = pick_evenly(corpus_files(corpora), n)
    for src, rel in chosen:
        dst = folder / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    generate_files(folder / "generated", n - len(chosen), seed)
    files = sorted(folder.rglob("*.mlir"))
    copied = [folder / rel for _, rel in chosen]
    return Workspace(folder=folder, files=len(files), copied=len(chosen),
                     generated=max(n - len(chosen), 0), corpora=[str(c) for c in corpora],
                     bytes=sum(f.stat().st_size for f in files),
                     names=function_names(copied or files))


def symbol_queries(names: list[str], seed: int, count: int = 10) -> list[dict]:
    """Queries made from real names: 4 whole names, 3 prefixes, 3 fragments of 3-4 letters."""
    usable = [n for n in names if len(n) >= 6 and re.fullmatch(r"[A-Za-z0-9_]+", n)] or names
    chosen = random.Random(seed).sample(usable, min(count, len(usable)))
    kinds = ["name"] * 4 + ["prefix"] * 3 + ["fragment"] * 3
    queries, seen = [], {""}
    for i, (name, kind) in enumerate(zip(chosen, kinds)):
        if kind == "name":
            query = name
        elif kind == "prefix":
            query = name[:max(3, len(name) // 2)]
        else:
            size = 3 + i % 2
            middle = max(0, (len(name) - size) // 2)
            query = name[middle:middle + size]
        if query not in seen:
            seen.add(query)
            queries.append({"query": query, "kind": kind, "name": name})
    return queries


@dataclass
class WorkspaceResult:
    """One run of our server on the workspace."""

    run: int
    stderr_log: str
    server_info: Any = None
    initialize_ms: float | None = None
    rss_idle_kib: int | None = None
    # Progress token -> title, create_ms, begin_ms, reports, end_ms, message (ms from `initialized`).
    progress: dict[str, dict] = field(default_factory=dict)
    indexing_token: str | None = None
    indexed_files: int | None = None  # the number in the indexing end's message
    rss_indexed_kib: int | None = None  # read when the indexing end arrived
    hwm_indexed_kib: int | None = None
    rss_settled_kib: int | None = None  # read once every progress had ended
    hwm_settled_kib: int | None = None
    queries: list[dict] = field(default_factory=list)
    hwm_end_kib: int | None = None
    error: str | None = None

    def indexing(self) -> dict:
        return self.progress.get(self.indexing_token or "", {})

    def query_summary(self) -> dict:
        """Median and max over the timings of all non-empty queries."""
        ms = [t for q in self.queries if q["kind"] != "empty" for t in q["ms"]]
        empty = [t for q in self.queries if q["kind"] == "empty" for t in q["ms"]]
        return {"median_ms": statistics.median(ms) if ms else None, "max_ms": max(ms) if ms else None,
                "empty_median_ms": statistics.median(empty) if empty else None}

    def to_json(self) -> dict:
        return {**vars(self), "indexing": self.indexing(), **self.query_summary()}


class WorkspaceSession:
    """Our server on a workspace folder: indexing progress, memory, then workspace/symbol."""

    def __init__(self, client: LspClient, result: WorkspaceResult, folder: Path, timeout: float,
                 progress=None):
        self.client = client
        self.result = result
        self.folder = folder
        self.timeout = timeout
        self.progress = progress or (lambda message: None)

    def initialize(self) -> float:
        """initialize with the folder as root and workspace folder; returns when `initialized` went."""
        uri = self.folder.as_uri()
        params = {
            "processId": os.getpid(),
            "clientInfo": {"name": "lsp_bench.py"},
            "rootUri": uri,
            "workspaceFolders": [{"uri": uri, "name": self.folder.name}],
            "capabilities": client_capabilities(workspace=True),
        }
        elapsed, reply = self.client.request("initialize", params, self.timeout)
        self.result.initialize_ms = elapsed * 1000
        self.result.server_info = (reply or {}).get("serverInfo")
        self.result.rss_idle_kib = self.client.proc_status().get("VmRSS")
        return self.client.notify("initialized", {})

    def record(self, since: float, arrived: float, message: dict) -> None:
        """Notes a progress token's creation or a $/progress notification."""
        method, params = message.get("method"), message.get("params") or {}
        if method not in ("window/workDoneProgress/create", "$/progress"):
            return
        token = str(params.get("token"))
        entry = self.result.progress.setdefault(
            token, {"title": None, "create_ms": None, "begin_ms": None, "reports": 0,
                    "end_ms": None, "message": None, "last_report": None})
        ms = (arrived - since) * 1000
        value = params.get("value") or {}
        if method == "window/workDoneProgress/create":
            entry["create_ms"] = ms
        elif value.get("kind") == "begin":
            entry.update(title=value.get("title"), begin_ms=ms)
            if self.result.indexing_token is None and re.search(r"index", value.get("title") or "", re.I):
                self.result.indexing_token = token
        elif value.get("kind") == "report":
            entry["reports"] += 1
            entry["last_report"] = value.get("message")
        elif value.get("kind") == "end":
            entry.update(end_ms=ms, message=value.get("message"))
            if token == self.result.indexing_token:
                status = self.client.proc_status()
                self.result.rss_indexed_kib = status.get("VmRSS")
                self.result.hwm_indexed_kib = status.get("VmHWM")
            self.progress(f"progress {entry['title']!r} ended after {fmt_ms(ms)} ms: {entry['message']}")

    def indexing_done(self) -> bool:
        """Has the indexing progress ended, and every other progress begun so far?"""
        begun = [e for e in self.result.progress.values() if e["begin_ms"] is not None]
        return bool(self.result.indexing().get("end_ms") is not None
                    and all(e["end_ms"] is not None for e in begun))

    def describe_progress(self) -> str:
        seen = [f"{token}: {e['title']!r} begin {fmt_ms(e['begin_ms'])} ms, {e['reports']} reports, "
                f"end {fmt_ms(e['end_ms'])} ms" for token, e in self.result.progress.items()]
        return "; ".join(seen) or "none"

    def wait_indexing(self, since: float) -> None:
        """Reads messages until the indexing progress (and any other) has ended.

        Other progress (loading ODS dialects) may begin a little later than the
        indexing: PROGRESS_GRACE seconds after the indexing end are read as well,
        and what begins in them is waited for too, so it does not overlap the queries.
        """
        deadline = since + self.timeout
        while not self.indexing_done():
            try:
                arrived, message = self.client.next_message(deadline, "the indexing progress to begin and end")
            except BenchError as err:
                raise BenchError(f"{err} (no indexing $/progress begin/end within {self.timeout:g} s; "
                                 f"progress seen: {self.describe_progress()})") from None
            self.record(since, arrived, message)
        found = re.match(r"\s*(\d+)", self.result.indexing().get("message") or "")
        self.result.indexed_files = int(found.group(1)) if found else None
        self.settle(since, deadline)

    def settle(self, since: float, deadline: float) -> None:
        """Reads for PROGRESS_GRACE s more, and on while some progress has not ended."""
        quiet_until = time.perf_counter() + PROGRESS_GRACE
        while time.perf_counter() < quiet_until or not self.indexing_done():
            done = self.indexing_done()
            try:
                arrived, message = self.client.next_message(
                    min(deadline, quiet_until) if done else deadline, "other progress to end")
            except BenchTimeout as err:
                if done:
                    break
                raise BenchError(f"{err} (progress seen: {self.describe_progress()})") from None
            self.record(since, arrived, message)
        status = self.client.proc_status()
        self.result.rss_settled_kib, self.result.hwm_settled_kib = status.get("VmRSS"), status.get("VmHWM")

    def query(self, spec: dict) -> dict:
        """Runs one workspace/symbol query QUERY_REPEATS times; fails if it finds nothing."""
        timings, counts, found = [], [], False
        for _ in range(QUERY_REPEATS):
            elapsed, answer = self.client.request("workspace/symbol", {"query": spec["query"]}, self.timeout)
            answer = answer if isinstance(answer, list) else []
            timings.append(elapsed * 1000)
            counts.append(len(answer))
            found = found or any(str(s.get("name", "")).lstrip("@") == spec["name"] for s in answer)
        if not any(counts):
            raise BenchError(f"mlir-analyzer: workspace/symbol {spec['query']!r} ({spec['kind']}"
                             f"{' of ' + spec['name'] if spec['name'] else ''}) found nothing")
        entry = {**spec, "ms": timings, "results": counts, "median_ms": statistics.median(timings),
                 "max_ms": max(timings), "has_name": found if spec["kind"] == "name" else None}
        self.progress(f"workspace/symbol {spec['query']!r}: {fmt_ms(entry['median_ms'])} ms, "
                      f"{counts[0]} results")
        return entry

    def run(self, queries: list[dict]) -> None:
        since = self.initialize()
        self.wait_indexing(since)
        for spec in [{"query": "", "kind": "empty", "name": ""}] + queries:
            self.result.queries.append(self.query(spec))
        self.result.hwm_end_kib = self.client.proc_status().get("VmHWM")


def run_workspace_server(argv: list[str], ws: Workspace, queries: list[dict],
                         args: argparse.Namespace, log_dir: Path, run: int, out) -> WorkspaceResult:
    """Starts our server on the workspace, measures, and shuts it down."""
    log = log_dir / f"mlir-analyzer-workspace-run{run}.stderr"
    result = WorkspaceResult(run=run, stderr_log=str(log))
    client = LspClient("mlir-analyzer", argv, log)
    progress = (lambda m: print(f"  {m}", file=out, flush=True)) if args.progress else None
    try:
        WorkspaceSession(client, result, ws.folder, args.timeout, progress).run(queries)
    except BenchError as err:
        result.error = str(err)
        result.hwm_end_kib = client.proc_status().get("VmHWM")
    finally:
        client.close(timeout=min(10.0, args.timeout))
    return result


def print_workspace_tables(results: list[WorkspaceResult], out=sys.stdout) -> None:
    """Per run: indexing and memory; the progress seen; the workspace/symbol queries."""
    rows = []
    for r in results:
        ix, q = r.indexing(), r.query_summary()
        rows.append([str(r.run), fmt_ms(r.initialize_ms), fmt_ms(ix.get("create_ms")),
                     fmt_ms(ix.get("begin_ms")), str(ix.get("reports", "-")), fmt_ms(ix.get("end_ms")),
                     str(ix.get("message") or "-"), fmt_mib(r.rss_indexed_kib), fmt_mib(r.hwm_indexed_kib),
                     fmt_mib(r.hwm_settled_kib), fmt_ms(q["empty_median_ms"]), fmt_ms(q["median_ms"]),
                     fmt_ms(q["max_ms"])])
    print_rows(["run", "init ms", "create ms", "begin ms", "reports", "end ms", "end message",
                "RSS MiB", "peak MiB", "settled peak", "empty q ms", "query med", "query max"], rows, out)
    print("ms from sending `initialized`; create = window/workDoneProgress/create for the indexing"
          "\ntoken; RSS and peak (VmHWM) when the indexing end arrived; settled peak = VmHWM once"
          f"\nevery progress had ended ({PROGRESS_GRACE:g} s grace after the indexing); query med / max"
          f"\nover the timings of the named queries ({QUERY_REPEATS} each); empty q = query ''.", file=out)
    print(file=out)
    rows = [[str(r.run), str(e["title"]), fmt_ms(e["create_ms"]), fmt_ms(e["begin_ms"]), str(e["reports"]),
             fmt_ms(e["end_ms"]), str(e["message"] or "-")]
            for r in results for e in r.progress.values()]
    if rows:
        print_rows(["run", "$/progress", "create ms", "begin ms", "reports", "end ms", "end message"], rows,
                   out, left=2)
        print(file=out)
    rows = [[str(r.run), repr(q["query"]), q["kind"], fmt_sizes(q["results"]), fmt_ms(q["median_ms"]),
             fmt_ms(q["max_ms"]), {True: "yes", False: "NO", None: "-"}[q["has_name"]]]
            for r in results for q in r.queries]
    if rows:
        print_rows(["run", "workspace/symbol", "kind", "results", "med ms", "max ms", "has name"], rows, out,
                   left=3)
        print("has name = the whole-name query's results include that name.", file=out)


def workspace_problems(results: list[WorkspaceResult], ws: Workspace, out=sys.stdout) -> int:
    """Prints failures and warnings; returns how many runs failed."""
    problems = 0
    for r in results:
        label = f"mlir-analyzer run {r.run}"
        if r.server_info:
            print(f"{label}: serverInfo {r.server_info}", file=out)
        if r.indexed_files is not None and r.indexed_files != ws.files:
            print(f"{label}: WARNING: the indexing end says {r.indexed_files} files, the workspace "
                  f"holds {ws.files}", file=out)
        for q in r.queries:
            if q["has_name"] is False:
                print(f"{label}: WARNING: workspace/symbol {q['query']!r} did not return {q['name']!r} "
                      f"among {max(q['results'])} results", file=out)
        if r.error:
            print(f"{label}: FAILED: {r.error}", file=out)
            problems += 1
    return problems


def workspace_main(args: argparse.Namespace, argv: list[str], work: Path, machine: dict, out) -> int:
    """--workspace: builds the folder, runs our server on it --runs times, reports; removes the folder."""
    corpora = [c.resolve() for c in (args.corpus or DEFAULT_CORPORA)]
    for corpus in corpora:
        if not corpus.is_dir():
            print(f"corpus {corpus}: not a folder, skipped", file=out)
    corpora = [c for c in corpora if c.is_dir()]
    try:
        return measure_workspace(args, argv, work, corpora, machine, out)
    finally:
        shutil.rmtree(work / "workspace", ignore_errors=True)


def measure_workspace(args: argparse.Namespace, argv: list[str], work: Path, corpora: list[Path],
                      machine: dict, out) -> int:
    """Builds the workspace under `work`, runs our server --runs times, prints, writes --json."""
    started = time.perf_counter()
    ws = build_workspace(work / "workspace", corpora, args.workspace, args.seed)
    print(f"workspace: {ws.folder}: {ws.files} .mlir files ({ws.copied} copied from "
          f"{', '.join(ws.corpora) or 'no corpus'}; {ws.generated} generated), "
          f"{ws.bytes / 1e6:.1f} MB, built in {time.perf_counter() - started:.1f} s", file=out)
    queries = symbol_queries(ws.names, args.seed)
    print(f"queries: {len(queries) + 1} ('' and {len(queries)} from {len(ws.names)} func.func names), "
          f"{QUERY_REPEATS} times each", file=out)
    print("mlir-lsp-server: not run (it has no workspace index)", file=out)
    print(f"stderr logs: {work}", file=out, flush=True)

    results = []
    for run in range(1, args.runs + 1):
        print(f"run {run}: mlir-analyzer on the workspace ...", file=out, flush=True)
        r = run_workspace_server(argv, ws, queries, args, work, run, out)
        results.append(r)
        if r.error:
            print(f"  FAILED: {r.error}", file=out)
        else:
            print(f"  indexing ended after {fmt_ms(r.indexing().get('end_ms'))} ms "
                  f"({r.indexing().get('message')}), peak RSS {fmt_mib(r.hwm_indexed_kib)} MiB", file=out)
    print(file=out)
    print_workspace_tables(results, out)
    problems = workspace_problems(results, ws, out)
    if args.json:
        doc = {"machine": machine, "mode": "workspace",
               "workspace": {k: v for k, v in vars(ws).items() if k != "names"} | {"folder": str(ws.folder)},
               "queries": queries, "incumbent": "not run: mlir-lsp-server has no workspace index",
               "results": [r.to_json() for r in results]}
        write_json(doc, args.json)
    return 1 if problems else 0


# --------------------------------------------------------------------------- main


def write_json(doc: dict, target: str) -> None:
    """Writes `doc` to stdout ("-") or to the file `target`."""
    if target == "-":
        json.dump(doc, sys.stdout, indent=2)
        print()
    else:
        Path(target).write_text(json.dumps(doc, indent=2) + "\n")


def result_json(r: ServerResult) -> dict:
    """One server run for --json: its fields, the keystroke summary, the request timings."""
    doc = {k: v for k, v in vars(r).items() if k not in ("keystroke_diagnostics", "requests")}
    requests = None if r.requests is None else {k: t.to_json() for k, t in r.requests.items()}
    return {**doc, "keystroke_diagnostics": sorted(r.keystroke_diagnostics), **r.summary(),
            "requests": requests}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__[__doc__.index("Python 3.11"):]
        + "\nThe module docstring (bench/lsp_bench.py) says what is measured and how.",
    )
    parser.add_argument("--lines", type=int, default=96_000, help="lines to generate (default 96000)")
    parser.add_argument("--seed", type=int, default=1,
                        help="gen_ir.py seed (default 1); in workspace mode, of the generated files "
                             "(seed, seed + 1, ...) and of the query choice")
    parser.add_argument("--file", type=Path, help="benchmark this .mlir file instead of generating one")
    parser.add_argument("--ours", default=os.environ.get("MLIR_ANALYZER", str(DEFAULT_OURS)),
                        help="our server binary (env MLIR_ANALYZER; default target/release/mlir-analyzer)")
    parser.add_argument("--incumbent", default=os.environ.get("MLIR_LSP_SERVER", DEFAULT_INCUMBENT),
                        help=f"mlir-lsp-server binary (env MLIR_LSP_SERVER; default {DEFAULT_INCUMBENT})")
    parser.add_argument("--only", choices=["ours", "incumbent"], help="run one server only")
    parser.add_argument("--keystrokes", "-k", type=int, default=30, help="measured keystrokes (default 30)")
    parser.add_argument("--warmup", type=int, default=2, help="keystrokes before those, reported apart (default 2)")
    parser.add_argument("--requests", type=int, default=5, metavar="R",
                        help="documentSymbol / semanticTokens requests after the first one, each on a "
                             "fresh version after a keystroke (default 5)")
    parser.add_argument("--no-requests", action="store_true",
                        help="skip the documentSymbol / semanticTokens timings")
    parser.add_argument("--runs", type=int, default=1, help="repeat the whole measurement; server order alternates")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds to wait for any one answer before failing that server (default 300)")
    parser.add_argument("--sanity-all", action="store_true", help="run the syntax-error check on both servers")
    parser.add_argument("--error-text", default='"', metavar="TEXT",
                        help="what the syntax-error keystroke inserts before the op name (default '\"')")
    parser.add_argument("--workspace", type=int, nargs="?", const=DEFAULT_WORKSPACE_FILES, metavar="N",
                        help="workspace mode instead of the single-file benchmark: our server indexes a "
                             f"folder of N .mlir files (default {DEFAULT_WORKSPACE_FILES}); times the "
                             "indexing $/progress and workspace/symbol queries, and reads the peak RSS")
    parser.add_argument("--corpus", type=Path, action="append", metavar="DIR",
                        help="with --workspace: copy the .mlir files under DIR (repeatable; default "
                             f"{DEFAULT_CORPORA[0]} and {DEFAULT_CORPORA[1]}); generated files fill up to N")
    parser.add_argument("--progress", action="store_true", help="print each measurement as it is taken")
    parser.add_argument("--json", nargs="?", const="-", metavar="PATH",
                        help="also write the results as JSON to PATH (or stdout)")
    return parser


def resolve_servers(args: argparse.Namespace, parser: argparse.ArgumentParser) -> list[tuple[str, list[str]]]:
    """(name, argv) of the servers to run, binaries resolved; exits if one is missing."""
    servers: list[tuple[str, list[str]]] = []
    if args.only != "incumbent":
        servers.append(("mlir-analyzer", [args.ours]))
    if args.only != "ours" and args.workspace is None:
        servers.append(("mlir-lsp-server", [args.incumbent]))
    for name, argv in servers:
        exe = shutil.which(argv[0])
        if exe is None:
            hint = " (build it: cargo build --release --locked -p mlir-analyzer)" if name == "mlir-analyzer" else ""
            parser.error(f"{name} not found at {argv[0]}{hint}")
        argv[0] = str(Path(exe).resolve())
    return servers


def main() -> int:
    parser = build_parser()
    args = parser.parse_args()
    if args.workspace is not None and args.only == "incumbent":
        parser.error("--workspace runs our server only: mlir-lsp-server has no workspace index")
    if args.workspace is not None and args.workspace < 1:
        parser.error("--workspace N needs N >= 1")
    if args.corpus and args.workspace is None:
        parser.error("--corpus only applies with --workspace")
    if args.requests < 0:
        parser.error("--requests must be >= 0")
    servers = resolve_servers(args, parser)
    if args.workspace is not None:
        work = Path(tempfile.mkdtemp(prefix="lsp-bench-"))
        machine = machine_info()
        out = sys.stderr if args.json == "-" else sys.stdout
        print_machine(machine, out)
        return workspace_main(args, servers[0][1], work, machine, out)
    return single_file_main(args, servers)


def print_machine(machine: dict, out) -> None:
    print(f"machine: {machine.get('nproc')} CPUs ({machine.get('usable_cpus')} usable), "
          f"{machine.get('ram_gib')} GiB RAM, {machine.get('cpu', machine['arch'])}, "
          f"load average {' '.join(f'{x:.2f}' for x in machine.get('loadavg_start', ()))}", file=out)


def single_file_main(args: argparse.Namespace, servers: list[tuple[str, list[str]]]) -> int:
    """The single-file benchmark: both servers (or --only one) on one file."""
    work = Path(tempfile.mkdtemp(prefix="lsp-bench-"))
    if args.file:
        path = args.file.resolve()
        text = path.read_text()
    else:
        path = work / f"bench-{args.lines}.mlir"
        subprocess.run([sys.executable, str(REPO_ROOT / "bench" / "gen_ir.py"), "--lines",
                        str(args.lines), "--seed", str(args.seed), "-o", str(path)], check=True)
        text = path.read_text()
    uri = path.as_uri()
    site = find_edit_site(text)

    machine = machine_info()
    out = sys.stderr if args.json == "-" else sys.stdout
    print_machine(machine, out)
    print(f"input: {path} ({text.count(chr(10))} lines, {len(text.encode())} bytes)", file=out)
    print(f"edits: line {site.line + 1}, column {site.column + 1}: `{site.text}` "
          f"(insert/delete a digit); {args.keystrokes} keystrokes + {args.warmup} warm-up, "
          f"burst of {BURST}", file=out)
    if not args.no_requests:
        print(f"requests: documentSymbol, semanticTokens/full: 1 + {args.requests} each", file=out)
    print(f"stderr logs: {work}", file=out, flush=True)

    results: list[ServerResult] = []
    for run in range(1, args.runs + 1):
        order = servers if run % 2 == 1 else list(reversed(servers))
        for name, argv in order:
            sanity = args.error_text if name == "mlir-analyzer" or args.sanity_all else None
            print(f"run {run}: {name} ...", file=out, flush=True)
            r = run_server(name, argv, text, uri, site, args, sanity, work, run)
            results.append(r)
            if r.error:
                print(f"  FAILED: {r.error}", file=out)
            else:
                s = r.summary()
                print(f"  open {fmt_ms(r.open_ms)} ms, keystroke median {fmt_ms(s['median_ms'])} ms, "
                      f"burst {fmt_ms(r.burst_ms)} ms, peak RSS {fmt_mib(r.hwm_kib)} MiB", file=out, flush=True)
    results.sort(key=lambda r: (r.name != "mlir-analyzer", r.run))

    print(file=out)
    print_table(results, out)
    print("\nms = milliseconds from sending to the matching publishDiagnostics; key = keystroke;"
          f"\npubs = publishDiagnostics sent during the burst of {BURST}; RSS in MiB (peak = VmHWM).",
          file=out)
    problems = report_problems(results, out)
    if any(r.requests for r in results):
        print(file=out)
        print_requests_table(results, out)
        request_warnings(results, text, out)
    table = ratios(results)
    if table:
        print(file=out)
        print_ratio_table(table, out)
    try:
        machine["loadavg_end"] = os.getloadavg()
        print(f"load average at the end: {' '.join(f'{x:.2f}' for x in machine['loadavg_end'])}", file=out)
    except OSError:
        pass

    if args.json:
        doc = {
            "machine": machine,
            "input": {"path": str(path), "lines": text.count("\n"), "bytes": len(text.encode()),
                      "seed": None if args.file else args.seed},
            "edit_site": {"line": site.line + 1, "column": site.column + 1, "text": site.text},
            "keystrokes": args.keystrokes, "warmup": args.warmup, "burst": BURST,
            "requests": None if args.no_requests else args.requests,
            "results": [result_json(r) for r in results],
            "ratios": table,
        }
        write_json(doc, args.json)
    if not args.file:
        path.unlink()
    return 1 if problems else 0


def report_problems(results: list[ServerResult], out) -> int:
    """Prints each run's serverInfo, warnings, sanity check and failure; returns the problems."""
    problems = 0
    for r in results:
        label = f"{r.name} run {r.run}"
        if r.server_info:
            print(f"{label}: serverInfo {r.server_info}", file=out)
        if r.open_diagnostics:
            print(f"{label}: WARNING: {r.open_diagnostics} diagnostics on the unedited file", file=out)
        if r.keystroke_diagnostics - {0}:
            print(f"{label}: WARNING: keystrokes left diagnostics ({sorted(r.keystroke_diagnostics)})", file=out)
        if r.sanity:
            s = r.sanity
            status = "ok" if s["ok"] else "FAILED"
            print(f"{label}: syntax-error check {status}: inserting {s['error_text']!r} -> {s['broken_diagnostics']} "
                  f"diagnostic(s) in {fmt_ms(s['broken_ms'])} ms (first: {s['first_message']!r} at "
                  f"{s['first_range'] and s['first_range']['start']}), fix -> {s['fixed_diagnostics']} "
                  f"in {fmt_ms(s['fixed_ms'])} ms", file=out)
            problems += not s["ok"]
        if r.error:
            print(f"{label}: FAILED: {r.error}", file=out)
            problems += 1
    return problems


def request_warnings(results: list[ServerResult], text: str, out) -> None:
    """Warns of empty answers (the peer's; ours fail the run) and of sizes that vary by version."""
    for r in results:
        for key, t in (r.requests or {}).items():
            if key == "semanticTokensDelta":
                continue  # a delta's size is what changed: any size is right
            sizes = t.sizes()
            if text.strip() and 0 in sizes:
                print(f"{r.name} run {r.run}: WARNING: {key} returned an empty result", file=out)
            if len(set(sizes)) > 1:
                print(f"{r.name} run {r.run}: WARNING: {key} sizes differ between versions "
                      f"({sizes}) though the keystrokes only change a digit", file=out)

if __name__ == "__main__":
    sys.exit(main())
