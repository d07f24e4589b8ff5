#!/usr/bin/env python3
"""Writes the programs' own `--help` into README.md, so the documented command lines are the option tables'.

usage: scripts/help_docs.py [--check] [build/release/bin]
Replaces the code block after each `<!-- help: PROGRAM -->` marker in README.md with `PROGRAM --help`.
--check writes nothing: exit status 1 (naming the program) when a block differs from the program's --help
(the test readme_help_blocks keeps the README's command lines those of the option tables).
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
args = sys.argv[1:]
check = "--check" in args
args = [a for a in args if a != "--check"]
bin_dir = pathlib.Path(args[0]) if args else root / "build/release/bin"
readme = root / "README.md"
text = readme.read_text(encoding="utf-8")


def block(match):
    program = match.group(1)
    out = subprocess.run([str(bin_dir / program), "--help"], check=True, capture_output=True, text=True).stdout
    return f"<!-- help: {program} -->\n```\n{out.rstrip()}\n```"


new, n = re.subn(r"<!-- help: ([\w-]+) -->\n```\n.*?\n```", block, text, flags=re.S)
if n == 0:
    sys.exit("help_docs.py: no <!-- help: PROGRAM --> markers in README.md")
if check:
    stale = [m.group(1) for m in re.finditer(r"<!-- help: ([\w-]+) -->\n```\n.*?\n```", text, flags=re.S)
             if m.group(0) != block(m)]
    if stale:
        sys.exit("help_docs.py: README.md's --help block of " + ", ".join(stale) +
                 " differs from the program's --help: run scripts/help_docs.py")
    print(f"help_docs.py: {n} help blocks match the programs' --help")
    sys.exit(0)
readme.write_text(new, encoding="utf-8")
print(f"help_docs.py: {n} help blocks written")
