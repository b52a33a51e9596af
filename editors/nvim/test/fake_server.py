#!/usr/bin/env python3
"""A stand-in LSP server for the fake-server tests (Neovim smoke test, VS Code e2e --fake).

Answers `initialize`, `shutdown` and `mlir-analyzer/syntaxTree` (with a fixed string),
publishes one "fake diagnostic" for each opened file, exits on `exit`, and appends every
method it receives to the log file named by argv[1]. `--version` prints a version line.
"""
import json
import sys


def read_message(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.decode("ascii").partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(stream.read(length))


def send(stream, message):
    body = json.dumps(message).encode("utf-8")
    stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    stream.flush()


def main():
    if sys.argv[1:] == ["--version"]:
        print("mlir-analyzer 0.0.0-fake")
        return
    log = open(sys.argv[1], "a", encoding="utf-8") if len(sys.argv) > 1 else None
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    while True:
        msg = read_message(stdin)
        if msg is None or msg.get("method") == "exit":
            return
        method = msg.get("method")
        if log:
            log.write(f"{method} {json.dumps(msg.get('params', {}).get('rootUri'))}\n")
            log.flush()
        if method == "textDocument/didOpen":
            # One diagnostic per opened file, so clients can check the whole round trip.
            uri = msg["params"]["textDocument"]["uri"]
            span = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 4}}
            diag = {"range": span, "severity": 1, "source": "fake", "message": "fake diagnostic"}
            send(stdout, {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                          "params": {"uri": uri, "diagnostics": [diag]}})
        if "id" not in msg:
            continue  # a notification
        if method == "initialize":
            result = {"capabilities": {"textDocumentSync": 1}, "serverInfo": {"name": "fake"}}
        elif method == "mlir-analyzer/syntaxTree":
            # Same params as the real server: a TextDocumentIdentifier, {"uri": ...}.
            result = "FAKE_SYNTAX_TREE " + msg["params"]["uri"]
        else:
            result = None
        send(stdout, {"jsonrpc": "2.0", "id": msg["id"], "result": result})


if __name__ == "__main__":
    main()
