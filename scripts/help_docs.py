#!/usr/bin/env python3
"""Writes the programs' own `--help` into docs/CLI.md, so the documented command lines are the option tables'.

usage: scripts/help_docs.py [--check] [build/release/bin]
Replaces the code block after each `<!-- help: PROGRAM -->` marker in docs/CLI.md with `PROGRAM --help`.
--check writes nothing: exit status 1 (naming the program) when a block differs from the program's --help
(the test docs_cli_help_blocks keeps docs/CLI.md's command lines those of the option tables).
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
doc = root / "docs" / "CLI.md"
name = doc.relative_to(root).as_posix()
text = doc.read_text(encoding="utf-8")
marker = r"<!-- help: ([\w-]+) -->\n```\n.*?\n```"


def block(match):
    program = match.group(1)
    out = subprocess.run([str(bin_dir / program), "--help"], check=True, capture_output=True, text=True).stdout
    return f"<!-- help: {program} -->\n```\n{out.rstrip()}\n```"


new, n = re.subn(marker, block, text, flags=re.S)
if n == 0:
    sys.exit(f"help_docs.py: no <!-- help: PROGRAM --> markers in {name}")
if check:
    stale = [m.group(1) for m in re.finditer(marker, text, flags=re.S) if m.group(0) != block(m)]
    if stale:
        sys.exit(f"help_docs.py: {name}'s --help block of " + ", ".join(stale) +
                 " differs from the program's --help: run scripts/help_docs.py")
    print(f"help_docs.py: {n} help blocks in {name} match the programs' --help")
    sys.exit(0)
doc.write_text(new, encoding="utf-8")
print(f"help_docs.py: {n} help blocks written into {name}")
