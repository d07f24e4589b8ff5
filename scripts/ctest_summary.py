#!/usr/bin/env python3
"""One line per CTest run for scripts/test.sh: passed / failed / skipped, every skipped test named with its
reason, and the GoogleTest cases skipped inside a test that passed (a grouped GL test runs many cases in one
process). Reads the JUnit file of `ctest --output-junit`.

usage: ctest_summary.py LABEL JUNIT.xml [--ci]
Prints "LABEL: P passed, F failed, S skipped" (and the names), then exits 1 when a test failed or, with --ci,
when a test was skipped for any reason but the optional ../shared models (a missing tool such as xvfb-run, a
missing driver feature: in CI those are failures, not skips). Exit 0 otherwise.
"""
import re
import sys
import xml.etree.ElementTree as ET

# The one legitimate skip in CI: the research-only models beside the repository (tests/test_models.h,
# window_test.sh, the dicer_bench.model_bunny test) are not part of it.
OPTIONAL_INPUT = re.compile(r"\.\./shared/models|shared models folder is optional")
GTEST_CASE_SKIPPED = re.compile(r"^\[  SKIPPED \] (\S+\.\S+)", re.M)


def reason(output: str) -> str:
    """The line that says why: window_test.sh's "SKIP: ...", the bench's "skipped: ...", gtest's message."""
    lines = [l.strip() for l in output.splitlines()]
    for i, line in enumerate(lines):
        if line.startswith(("SKIP:", "skipped:")):
            return line
        if line.endswith(": Skipped") and i + 1 < len(lines) and lines[i + 1]:
            return lines[i + 1]
    return "no reason printed"


def main() -> int:
    label, path = sys.argv[1], sys.argv[2]
    ci = "--ci" in sys.argv[3:]
    root = ET.parse(path).getroot()
    passed, failed, skipped, inner = [], [], [], []
    for case in root.iter("testcase"):
        name = case.get("name", "?")
        out_el = case.find("system-out")
        output = (out_el.text or "") if out_el is not None else ""
        status = case.get("status", "run")
        if case.find("failure") is not None or status == "fail":
            failed.append(name)
        elif case.find("skipped") is not None or status in ("notrun", "disabled"):
            skipped.append((name, reason(output)))
        else:
            passed.append(name)
            inner += [f"{name}: {c}" for c in GTEST_CASE_SKIPPED.findall(output)]

    line = f"{label}: {len(passed)} passed, {len(failed)} failed, {len(skipped)} skipped"
    if inner:
        line += f" (+{len(inner)} GoogleTest cases skipped inside passing tests)"
    print(line)
    for name in failed:
        print(f"  failed: {name}")
    bad_skips = 0
    for name, why in skipped:
        legit = bool(OPTIONAL_INPUT.search(why))
        if ci and not legit:
            bad_skips += 1
        kind = "optional input, allowed" if legit else ("NOT ALLOWED in CI" if ci else "would fail in CI")
        print(f"  skipped: {name} -- {why} [{kind}]")
    for entry in inner:
        print(f"  skipped case: {entry}")
    if bad_skips:
        print(f"{label}: {bad_skips} tests skipped for a missing tool or feature: a failure under CI=true")
    return 1 if failed or bad_skips else 0


if __name__ == "__main__":
    sys.exit(main())
