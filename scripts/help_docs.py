#!/usr/bin/env python3
"""Writes the programs' own `--help` into README.md, so the documented command lines are the option tables'.

usage: scripts/help_docs.py [build/release/bin]
Replaces the code block after each `<!-- help: PROGRAM -->` marker in README.md with `PROGRAM --help`.
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
bin_dir = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else root / "build/release/bin"
readme = root / "README.md"
text = readme.read_text(encoding="utf-8")


def block(match):
    program = match.group(1)
    out = subprocess.run([str(bin_dir / program), "--help"], check=True, capture_output=True, text=True).stdout
    return f"<!-- help: {program} -->\n```\n{out.rstrip()}\n```"


new, n = re.subn(r"<!-- help: ([\w-]+) -->\n```\n.*?\n```", block, text, flags=re.S)
if n == 0:
    sys.exit("help_docs.py: no <!-- help: PROGRAM --> markers in README.md")
readme.write_text(new, encoding="utf-8")
print(f"help_docs.py: {n} help blocks written")
