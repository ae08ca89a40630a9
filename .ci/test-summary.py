#!/usr/bin/env python3
"""Passes `swift test`'s output through unchanged, then prints a one-screen summary: the failed
tests first (each with its first issue), then the count of tests per suite, then the totals.

    swift test --xunit-output X.xml 2>&1 | python3 .ci/test-summary.py X.xml

The counts come from the xUnit files `swift test` writes (X.xml for XCTest, X-swift-testing.xml
for Swift Testing); without them (a build that failed), from the console lines. The script never
fails the build: it exits 0, and `set -o pipefail` keeps `swift test`'s status."""
import os
import re
import sys
import xml.etree.ElementTree as ElementTree
from collections import OrderedDict


def read_xunit(paths):
    """{suite: [passed, failed, skipped]} and [(test, message)] from xUnit files."""
    suites, failures = OrderedDict(), []
    for path in paths:
        if not os.path.exists(path):
            continue
        for case in ElementTree.parse(path).getroot().iter("testcase"):
            suite = case.get("classname", "?").split(".")[-1]
            counts = suites.setdefault(suite, [0, 0, 0])
            failure = case.find("failure")
            if failure is None:
                failure = case.find("error")
            if failure is not None:
                counts[1] += 1
                message = (failure.get("message") or failure.text or "").strip().splitlines()
                failures.append((f"{suite}.{case.get('name')}", message[0] if message else ""))
            elif case.find("skipped") is not None:
                counts[2] += 1
            else:
                counts[0] += 1
    return suites, failures


def summary(lines, paths):
    xunit = [p for path in paths for p in (path, re.sub(r"\.xml$", "", path) + "-swift-testing.xml")]
    suites, failures = read_xunit(xunit)
    issues = [line for line in lines if re.search(r"recorded an issue|error: -\[|: error: ", line)]
    if not suites:
        seen = OrderedDict()
        for line in issues:
            match = re.match(r"✘ Test (.*?) recorded an issue(?: with .*?)? at (.*)", line)
            name, message = (match.group(1), match.group(2)) if match else (line.strip(), "")
            seen.setdefault(name, message)
        failures = list(seen.items())
    out = ["", "=" * 30 + " swift test: summary " + "=" * 29]
    if failures:
        out.append(f"FAILED: {len(failures)} test{'s' if len(failures) != 1 else ''}")
        for name, message in failures[:12]:
            out.append(f"  {name}: {message}"[:200])
        if len(failures) > 12:
            out.append(f"  … and {len(failures) - 12} more (search the log for '✘')")
    elif issues and not suites:
        out.append("FAILED: see the lines with '✘' or 'error:' above")
    cells = []
    for name, (passed, failed, skipped) in sorted(suites.items(), key=lambda s: (-s[1][1], s[0])):
        cell = f"{name} {passed}" + (f" ✘{failed}" if failed else "") + (f" ~{skipped}" if skipped else "")
        cells.append(cell)
    width = max((len(c) for c in cells), default=0) + 2
    per_line = max(1, 96 // width) if width else 1
    if cells:
        out.append("Tests passed per suite (✘ failed, ~ skipped):")
        for start in range(0, len(cells), per_line):
            out.append("  " + "".join(c.ljust(width) for c in cells[start:start + per_line]).rstrip())
    totals = [sum(c[i] for c in suites.values()) for i in range(3)]
    if suites:
        out.append(f"{sum(totals)} tests in {len(suites)} suites: {totals[0]} passed, {totals[1]} failed, "
                   f"{totals[2]} skipped")
    ends = [line for line in lines if re.search(r"Test run with .* (passed|failed)|Executed \d+ tests", line)]
    out += ends[-2:]
    return out


def main():
    lines = []
    for line in sys.stdin:
        sys.stdout.write(line)
        sys.stdout.flush()
        lines.append(line.rstrip("\n"))
    try:
        print("\n".join(summary(lines, sys.argv[1:])), flush=True)
    except Exception as error:  # the summary is a convenience: never fail the build for it
        print(f"(no test summary: {error})", flush=True)


if __name__ == "__main__":
    main()
