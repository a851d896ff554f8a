#!/usr/bin/env python3
"""Fills in the expected output of testdata/cli/*.txt from the built binary.

Usage: tests/update_transcripts.py build/cli/qianmj testdata/cli/*.txt
Keeps each case's comments and command; replaces its >, ! and ? lines. Review the diff:
a transcript is a claim about the right answer, not a record of whatever the code says.
"""
import os
import subprocess
import sys


def split_args(s):
    out, cur, quoted, any_ = [], "", False, False
    for c in s:
        if c == "'":
            quoted, any_ = not quoted, True
        elif c == " " and not quoted:
            if any_ or cur:
                out.append(cur)
            cur, any_ = "", False
        else:
            cur += c
    if any_ or cur:
        out.append(cur)
    return out


def run_block(binary, env, block):
    """A case is a block of lines up to a blank line: comments, "$ ARGS", "< stdin"."""
    out, command, stdin = [], None, ""
    for line in block:
        if line.startswith(("> ", "! ", "? ")) or line in (">", "!", "?"):
            continue
        if line.startswith("<"):
            stdin += line[2:] + "\n"
        if line.startswith("$"):
            command = line[2:]
        out.append(line)
    if command is not None:
        r = subprocess.run([binary] + split_args(command), input=stdin.encode(),
                           capture_output=True, env=env)
        out += ["> " + l for l in r.stdout.decode().split("\n")[:-1]]
        out += ["! " + l for l in r.stderr.decode().split("\n")[:-1]]
        out.append("? %d" % r.returncode)
    return out


def main():
    binary, files = sys.argv[1], sys.argv[2:]
    env = dict(os.environ, LANG="C")
    env.pop("LC_ALL", None)
    env.pop("LC_MESSAGES", None)
    for path in files:
        with open(path, encoding="utf-8") as f:
            lines = f.read().rstrip("\n").split("\n")
        blocks, cur = [], []
        for line in lines:
            if line == "":
                blocks.append(cur)
                cur = []
            else:
                cur.append(line)
        blocks.append(cur)
        text = "\n\n".join("\n".join(run_block(binary, env, b)) for b in blocks if b)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
