"""Validates design files against docs/design.schema.json with a real JSON
Schema validator (python3-jsonschema), and checks that the schema refuses
files that are not designs.

Usage: validate_schema.py SCHEMA --valid FILE... --invalid FILE...
Exit status 0 when every --valid file validates and every --invalid one does
not; 1 otherwise, naming the file and the first problem.
"""
import json
import sys

import jsonschema
import yaml


def load(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def main(argv):
    schema = json.load(open(argv[1], encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    want_valid = None
    failures = 0
    checked = 0
    for arg in argv[2:]:
        if arg in ("--valid", "--invalid"):
            want_valid = arg == "--valid"
            continue
        errors = sorted(validator.iter_errors(load(arg)), key=lambda e: list(e.path))
        checked += 1
        if want_valid and errors:
            e = errors[0]
            print(f"{arg}: /{'/'.join(map(str, e.path))}: {e.message}")
            failures += 1
        elif not want_valid and not errors:
            print(f"{arg}: the schema accepts it, but it is not a design")
            failures += 1
    print(f"{checked - failures} of {checked} files as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
