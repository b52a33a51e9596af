#!/usr/bin/env python3
"""Language-server benchmark: mlir-analyzer against LLVM's mlir-lsp-server.

Generates one IR file with bench/gen_ir.py (or takes --file), then drives each
server in turn over stdio with the same file and the same edits, as an editor
would: the document is opened with didOpen and edited with didChange, sending
ranged edits to a server that asks for incremental sync and the whole text to
one that asks for full sync (as its initialize reply says). Per server it
measures:

1. open: from sending didOpen until the first publishDiagnostics for version 1;
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
   from none to some on the edited line and back to none.

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
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import queue
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


class BenchError(Exception):
    """A server misbehaved (timed out, exited, answered with an error)."""


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
            raise BenchError(f"{self.name}: timed out waiting for {waiting_for}")
        try:
            arrived, message = self.messages.get(timeout=remaining)
        except queue.Empty:
            raise BenchError(f"{self.name}: timed out waiting for {waiting_for}") from None
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
    warmup_ms: list[float] = field(default_factory=list)
    keystroke_ms: list[float] = field(default_factory=list)
    keystroke_diagnostics: set[int] = field(default_factory=set)
    burst_ms: float | None = None
    burst_publishes: int | None = None
    rss_idle_kib: int | None = None
    rss_open_kib: int | None = None
    hwm_kib: int | None = None
    sanity: dict | None = None
    error: str | None = None

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


class Session:
    def __init__(self, client: LspClient, result: ServerResult, doc: Document, timeout: float,
                 progress=None):
        self.client = client
        self.progress = progress or (lambda message: None)
        self.result = result
        self.doc = doc
        self.timeout = timeout
        self.full_sync = False
        self.publishes = 0  # publishDiagnostics for our document seen so far

    def initialize(self) -> None:
        params = {
            "processId": os.getpid(),
            "clientInfo": {"name": "lsp_bench.py"},
            "rootUri": None,
            "capabilities": {
                "general": {"positionEncodings": ["utf-16"]},
                "textDocument": {
                    "synchronization": {"dynamicRegistration": False},
                    "publishDiagnostics": {"versionSupport": True, "relatedInformation": True},
                },
                "window": {"workDoneProgress": False},
            },
        }
        elapsed, reply = self.client.request("initialize", params, self.timeout)
        self.result.initialize_ms = elapsed * 1000
        caps = (reply or {}).get("capabilities", {})
        self.result.server_info = (reply or {}).get("serverInfo")
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
            if message.get("method") != "textDocument/publishDiagnostics":
                continue
            params = message.get("params", {})
            if params.get("uri") != self.doc.uri:
                continue
            self.publishes += 1
            got = params.get("version")
            if self.result.versioned is None:
                self.result.versioned = got is not None
            if got is None:
                got = self.publishes  # publish n is for version n
            if got >= version:
                return (arrived - start) * 1000, params.get("diagnostics", [])

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

    def run(self, site: EditSite, keystrokes: int, warmup: int, sanity: str | None) -> None:
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
        self.progress(f"open: {fmt_ms(r.open_ms)} ms")
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
    result = ServerResult(name=name, argv=argv, stderr_log=str(log))
    client = LspClient(name, argv, log)
    out = sys.stderr if args.json == "-" else sys.stdout
    progress = (lambda m: print(f"  {m}", file=out, flush=True)) if args.progress else None
    session = Session(client, result, Document(uri, text), args.timeout, progress)
    try:
        session.run(site, args.keystrokes, args.warmup, sanity)
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


def print_table(results: list[ServerResult], out=sys.stdout) -> None:
    headers = ["server", "run", "sync", "versions", "init ms", "open ms", "key med",
               "key p95", "key max", "warm-up ms", f"burst{BURST} ms", "pubs",
               "RSS idle", "RSS open", "peak MiB"]
    rows = []
    for r in results:
        s = r.summary()
        rows.append([
            r.name, str(getattr(r, "run", "")), r.sync,
            {True: "yes", False: "no", None: "?"}[r.versioned],
            fmt_ms(r.initialize_ms), fmt_ms(r.open_ms), fmt_ms(s["median_ms"]),
            fmt_ms(s["p95_ms"]), fmt_ms(s["max_ms"]),
            ",".join(fmt_ms(w) for w in r.warmup_ms) or "-",
            fmt_ms(r.burst_ms), "-" if r.burst_publishes is None else str(r.burst_publishes),
            fmt_mib(r.rss_idle_kib), fmt_mib(r.rss_open_kib), fmt_mib(r.hwm_kib),
        ])
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(headers)]
    line = "  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(headers, widths)))
    print(line, file=out)
    print("-" * len(line), file=out)
    for row in rows:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                        for i, (c, w) in enumerate(zip(row, widths))), file=out)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--lines", type=int, default=96_000, help="lines to generate (default 96000)")
    parser.add_argument("--seed", type=int, default=1, help="gen_ir.py seed (default 1)")
    parser.add_argument("--file", type=Path, help="benchmark this .mlir file instead of generating one")
    parser.add_argument("--ours", default=os.environ.get("MLIR_ANALYZER", str(DEFAULT_OURS)),
                        help="our server binary (env MLIR_ANALYZER; default target/release/mlir-analyzer)")
    parser.add_argument("--incumbent", default=os.environ.get("MLIR_LSP_SERVER", DEFAULT_INCUMBENT),
                        help=f"mlir-lsp-server binary (env MLIR_LSP_SERVER; default {DEFAULT_INCUMBENT})")
    parser.add_argument("--only", choices=["ours", "incumbent"], help="run one server only")
    parser.add_argument("--keystrokes", "-k", type=int, default=30, help="measured keystrokes (default 30)")
    parser.add_argument("--warmup", type=int, default=2, help="keystrokes before those, reported apart (default 2)")
    parser.add_argument("--runs", type=int, default=1, help="repeat the whole measurement; server order alternates")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds to wait for any one answer before failing that server (default 300)")
    parser.add_argument("--sanity-all", action="store_true", help="run the syntax-error check on both servers")
    parser.add_argument("--error-text", default='"', metavar="TEXT",
                        help="what the syntax-error keystroke inserts before the op name (default '\"')")
    parser.add_argument("--progress", action="store_true", help="print each measurement as it is taken")
    parser.add_argument("--json", nargs="?", const="-", metavar="PATH",
                        help="also write the results as JSON to PATH (or stdout)")
    args = parser.parse_args()

    servers: list[tuple[str, list[str]]] = []
    if args.only != "incumbent":
        servers.append(("mlir-analyzer", [args.ours]))
    if args.only != "ours":
        servers.append(("mlir-lsp-server", [args.incumbent]))
    for name, argv in servers:
        exe = shutil.which(argv[0])
        if exe is None:
            hint = " (build it: cargo build --release --locked -p mlir-analyzer)" if name == "mlir-analyzer" else ""
            parser.error(f"{name} not found at {argv[0]}{hint}")
        argv[0] = str(Path(exe).resolve())

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
    print(f"machine: {machine.get('nproc')} CPUs ({machine.get('usable_cpus')} usable), "
          f"{machine.get('ram_gib')} GiB RAM, {machine.get('cpu', machine['arch'])}, "
          f"load average {' '.join(f'{x:.2f}' for x in machine.get('loadavg_start', ()))}", file=out)
    print(f"input: {path} ({text.count(chr(10))} lines, {len(text.encode())} bytes)", file=out)
    print(f"edits: line {site.line + 1}, column {site.column + 1}: `{site.text}` "
          f"(insert/delete a digit); {args.keystrokes} keystrokes + {args.warmup} warm-up, "
          f"burst of {BURST}", file=out)
    print(f"stderr logs: {work}", file=out, flush=True)

    results: list[ServerResult] = []
    for run in range(1, args.runs + 1):
        order = servers if run % 2 == 1 else list(reversed(servers))
        for name, argv in order:
            sanity = args.error_text if name == "mlir-analyzer" or args.sanity_all else None
            print(f"run {run}: {name} ...", file=out, flush=True)
            r = run_server(name, argv, text, uri, site, args, sanity, work, run)
            r.run = run  # type: ignore[attr-defined]
            results.append(r)
            if r.error:
                print(f"  FAILED: {r.error}", file=out)
            else:
                s = r.summary()
                print(f"  open {fmt_ms(r.open_ms)} ms, keystroke median {fmt_ms(s['median_ms'])} ms, "
                      f"burst {fmt_ms(r.burst_ms)} ms, peak RSS {fmt_mib(r.hwm_kib)} MiB", file=out, flush=True)
    results.sort(key=lambda r: (r.name != "mlir-analyzer", r.run))  # type: ignore[attr-defined]

    print(file=out)
    print_table(results, out)
    print("\nms = milliseconds from sending to the matching publishDiagnostics; key = keystroke;"
          f"\npubs = publishDiagnostics sent during the burst of {BURST}; RSS in MiB (peak = VmHWM).",
          file=out)
    problems = 0
    for r in results:
        label = f"{r.name} run {r.run}"  # type: ignore[attr-defined]
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
            "results": [{**{k: v for k, v in vars(r).items() if k != "keystroke_diagnostics"},
                         "keystroke_diagnostics": sorted(r.keystroke_diagnostics),
                         **r.summary()} for r in results],
        }
        if args.json == "-":
            json.dump(doc, sys.stdout, indent=2)
            print()
        else:
            Path(args.json).write_text(json.dumps(doc, indent=2) + "\n")
    if not args.file:
        path.unlink()
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
