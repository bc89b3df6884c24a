#!/usr/bin/env python3
"""slowest_tests.py JUNIT [N]: the N (default 10) slowest tests of a ctest
JUnit file, slowest first, with their seconds; ci/test.sh prints them last."""
import sys
import xml.etree.ElementTree as ET


def main(argv):
    if len(argv) not in (2, 3):
        print("usage: slowest_tests.py JUNIT [N]", file=sys.stderr)
        return 2
    count = int(argv[2]) if len(argv) == 3 else 10
    try:
        root = ET.parse(argv[1]).getroot()
    except (OSError, ET.ParseError) as e:
        print(f"slowest_tests.py: cannot read {argv[1]}: {e}", file=sys.stderr)
        return 2
    cases = [(float(c.get("time", "0") or 0), c.get("name", "?")) for c in root.iter("testcase")]
    cases.sort(reverse=True)
    print(f"the {min(count, len(cases))} slowest of {len(cases)} tests:")
    for seconds, name in cases[:count]:
        print(f"  {seconds:7.1f} s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
