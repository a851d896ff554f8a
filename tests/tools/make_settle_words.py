#!/usr/bin/env python3
"""Writes testdata/settle_words.txt: every table of testdata/settle_cases.jsonl in words.

Usage: tests/tools/make_settle_words.py build/cli/qianmj
One line a case: its index in settle_cases.jsonl, a tab, and the words (Chinese spellings for
even cases, ASCII for odd ones); or "-" and why, when the case is about JSON that words cannot
say (a key twice, a field of the wrong type, a kong entry the hand does not show); or the
words and the error code they give when it differs from the JSON's. The suite settles each line and
checks the ledger is byte for byte that of the JSON table; review the diff when you rerun this.
"""
import json, os, subprocess, sys

# Error cases about JSON fields that words cannot say at all (words take each kong from a
# hand's melds, so a kong entry cannot disagree with the hand or carry a discarder it may not
# have): the reason, in place of words.
JSON_ONLY = {
    "a concealed kong has no discarder": "words say a discarder only for a direct kong (西点杠5万)",
    "a hand's kong melds must be its kongs entries": "words take the kongs from the hand's melds",
}
# Error cases whose words give the same mistake under another code: the code words give.
WORDS_CODE = {
    "a direct kong without from": "bad_word",  # 'who fed the direct kong?' asks for the 点杠 word
}

binary = sys.argv[1]
root = os.path.join(os.path.dirname(__file__), "..", "..", "testdata")
out = []
with open(os.path.join(root, "settle_cases.jsonl"), encoding="utf-8") as f:
    for i, line in enumerate(f):
        case = json.loads(line)
        text = case.get("table_text") or json.dumps(case["table"], ensure_ascii=False)
        args = [binary, "settle", "-", "--to-words", "--zh" if i % 2 == 0 else "--en"]
        r = subprocess.run(args, input=text.encode(), capture_output=True, env=dict(os.environ, LANG="C"))
        words = r.stdout.decode().strip() if r.returncode == 0 else "-"
        why = case["why"]
        if why in JSON_ONLY:
            out.append("%d\t-\t%s" % (i, JSON_ONLY[why]))
        elif why in WORDS_CODE:
            out.append("%d\t%s\t%s" % (i, words, WORDS_CODE[why]))
        elif words == "-":
            out.append("%d\t-\tthe JSON is refused before it is a table" % i)
        else:
            out.append("%d\t%s" % (i, words))
with open(os.path.join(root, "settle_words.txt"), "w", encoding="utf-8") as f:
    f.write("\n".join(out) + "\n")
print(len(out), "cases,", sum(1 for l in out if not l.endswith("\t-")), "in words")
