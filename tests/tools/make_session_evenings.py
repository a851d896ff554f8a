#!/usr/bin/env python3
"""Writes testdata/session/*.txt: two scripted evenings (Duyun and Zunyi) and, beside each,
the dealer, streak and running totals after every hand, worked out here by the rules' own
arithmetic for the few kinds of hand the evenings use (not by running the program):

  A X      X self-draws 平胡 (2344567筒345789条 + 7筒): each other seat pays (1 + N) x 6 if X or
           that seat deals, else 1 x 6 (D1, D4). Zunyi: 大宽张 4 + 自摸 1 = 5 from each (Z2, Z3).
  B X Y    X wins 对对胡 (111222444万33399条 + 9条) off Y: Y pays (3 + N) x 6 if X or Y deals, else
           3 x 6. Zunyi: 对对胡 4 (it beats the single wait's 边卡吊 3).
  M X Z Y  一炮多响 off Y: X 对对胡 (111222333444万 + 5筒) and Z 七对 (5566778899万22筒 + 5筒), each
           priced alone; Duyun: the discarder deals next (D10); Zunyi: the first winner after the
           discarder (Z8). Zunyi: X 对对胡 4, Z 暗七对 4.
  D        a draw where nobody is ready (every hand holds three suits): no payment at all
           (Duyun: every seat a 花猪 and none to pay; Zunyi: nobody ready); the dealer stays.
  E X      Duyun: X escapes: 16 x 6 = 96 to each other seat; the dealer stays (D9, D10).
  C d n    the hand says 庄d 连庄n: a correction of the carried dealer and streak.

D10 / Z8: one winner deals next; the streak goes up by one when the same seat deals again,
else it is 0. Every Zunyi hand gives all four hands (Z5, Z6 need them); the other seats
hold no 1条 and no kong, so no 豆 or 鸡 are paid.
"""
import json, os, re

def copies(hands, extra=()):
    """C7: no tile five times over the given hands and extra tiles."""
    tot = {}
    for h in list(hands) + list(extra):
        h = h.replace("万", "m").replace("条", "s").replace("筒", "p")
        for digits, suit in re.findall(r"(\d+)([msp])", h):
            for d in digits:
                tot[d + suit] = tot.get(d + suit, 0) + 1
    assert max(tot.values(), default=0) <= 4, tot

SEATS = "东南西北"
NAMES = ["阿明", "小红", "老王", "小李"]
root = os.path.join(os.path.dirname(__file__), "..", "..", "testdata", "session")

WIN_A = "2344567筒345789条"
WIN_B = "111222444万33399条"
MX, MZ = "111222333444万5筒", "5566778899万22筒5筒"  # two suits each (Z1)
DRAW = ["1357m2468s13579p", "2468m1357s2468p9s", "1369m1369s1369p5m", "2478m2478s2478p5s"]
# Zunyi fillers: no 1条, no kong, never a fifth copy beside the winners' hands.
FILL = ["24789m6677s2334p", "15m4467s1125899p", "35m2245588s3689p"]

def evening(rules, script, first_dealer, declared=lambda i: False):
    """The lines of an evening and the state after each hand. declared(i) says whether hand i
    (0-based) is said by its result and pattern (quick entry) instead of its tiles: the same
    facts, so the same arithmetic."""
    zy = rules == "zunyi"
    lines = ["# A scripted %s evening (tests/tools/make_session_evenings.py): one hand a line." % rules,
             "玩家 " + " ".join(NAMES), "遵义" if zy else "都匀", "庄" + NAMES[first_dealer]]
    dealer, streak, totals, expected = first_dealer, 0, [0, 0, 0, 0], []
    def pay(frm, to, pts):
        totals[frm] -= pts
        totals[to] += pts
    for i, step in enumerate(script):
        kind, args = step[0], step[1:]
        words = []
        said = declared(i)
        if kind == "C":
            dealer, streak = args[0], args[1]
            words.append("庄%s 连庄%d" % (NAMES[dealer], streak))
            kind, args = args[2], args[3:]
        def with_dealer(a, b, fan):
            return (fan + (streak if dealer in (a, b) else 0)) * 6
        held = {}
        if kind == "A":
            x, = args
            held[x] = WIN_A
            if said:
                words.append("%s自摸%s" % (NAMES[x], "大宽张" if zy else "平胡"))
            else:
                words.append("%s:%s %s自摸7筒" % (NAMES[x], WIN_A, NAMES[x]))
            for p in range(4):
                if p != x: pay(p, x, 5 if zy else with_dealer(x, p, 1))
            nd = x
        elif kind == "B":
            x, y = args
            held[x] = WIN_B
            if said:
                words.append("%s胡对对胡 %s放炮" % (NAMES[x], NAMES[y]))
            else:
                words.append("%s:%s %s胡9条 %s放炮" % (NAMES[x], WIN_B, NAMES[x], NAMES[y]))
            pay(y, x, 4 if zy else with_dealer(x, y, 3))
            nd = x
        elif kind == "M":
            x, z, y = args
            held[x], held[z] = MX, MZ
            if said:
                words.append("%s胡对对胡 %s胡%s %s放炮" % (NAMES[x], NAMES[z], "暗七对" if zy else "七对", NAMES[y]))
            else:
                words.append("%s:%s %s:%s %s胡5筒 %s胡5筒 %s放炮" % (NAMES[x], MX, NAMES[z], MZ, NAMES[x], NAMES[z], NAMES[y]))
            pay(y, x, 4 if zy else with_dealer(x, y, 3))
            pay(y, z, 4 if zy else with_dealer(z, y, 6))
            if zy:
                nd = next((y + k) % 4 for k in range(1, 4) if (y + k) % 4 in (x, z))
            else:
                nd = y
        elif kind == "D":
            for s in range(4): held[s] = DRAW[s]
            if said:  # nobody ready: no payment, as when every seat is a 花猪 (none is paid)
                words.append("流局")
            else:
                words.append(" ".join("%s:%s" % (NAMES[s], DRAW[s]) for s in range(4)) + " 流局")
            nd = dealer
        elif kind == "E":
            x, = args
            words.append("%s逃跑" % NAMES[x])
            for p in range(4):
                if p != x: pay(x, p, 96)
            nd = dealer
        if zy and kind != "D" and not said:
            fill = iter(FILL)
            for s in range(4):
                if s not in held:
                    held[s] = next(fill)
                    words.insert(0, "%s:%s" % (NAMES[s], held[s]))
        copies(held.values(), {"A": ["7p"], "B": ["9s"], "M": ["5p"]}.get(kind, []))
        streak = streak + 1 if nd == dealer else 0
        dealer = nd
        lines.append(" ".join(words))
        expected.append({"dealer": dealer, "streak": streak, "totals": list(totals)})
    return lines, expected

def fewest_transfers(totals):
    """The fewest payments that settle `totals` (zero-sum), by brute force: n seats with a
    nonzero total need n - k payments, k the most disjoint zero-sum groups they split into."""
    seats = [s for s in range(4) if totals[s]]
    best = 0
    def groups(rest):
        if not rest: return 0
        first, others, most = rest[0], rest[1:], -1
        for mask in range(1 << len(others)):
            g = [first] + [others[j] for j in range(len(others)) if mask >> j & 1]
            if sum(totals[s] for s in g) == 0:
                most = max(most, 1 + groups([s for s in others if s not in g]))
        return most
    return len(seats) - groups(seats) if seats else 0

# Duyun: streaks of 3 and more, 一炮多响 moving the deal to the discarder, draws and escapes
# keeping it, a correction in the middle.
duyun = [("A", 0), ("A", 0), ("A", 0), ("A", 0), ("B", 2, 0), ("A", 2), ("D",), ("D",), ("E", 1),
         ("B", 3, 1), ("M", 0, 1, 2), ("A", 2), ("A", 2), ("M", 3, 0, 1), ("A", 1), ("B", 1, 3),
         ("E", 0), ("C", 3, 0, "A", 3), ("A", 3), ("A", 3), ("B", 0, 3), ("D",), ("M", 1, 2, 0), ("A", 0),
         ("B", 2, 1), ("A", 2), ("A", 2), ("A", 2), ("A", 2), ("B", 1, 2), ("D",), ("A", 3)]
# Zunyi: 一炮多响 gives the deal to the first winner after the discarder; draws keep it.
zunyi = [("A", 0), ("A", 0), ("A", 0), ("B", 1, 0), ("M", 3, 2, 1), ("M", 0, 2, 3), ("D",), ("D",), ("A", 1),
         ("C", 2, 3, "B", 2, 3), ("A", 2), ("A", 2)]

os.makedirs(root, exist_ok=True)
for name, rules, script, first in (("duyun", "duyun", duyun, 0), ("zunyi", "zunyi", zunyi, 0)):
    lines, expected = evening(rules, script, first)
    with open(os.path.join(root, name + ".txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(root, name + ".expected.jsonl"), "w", encoding="utf-8") as f:
        for e in expected:
            f.write(json.dumps(e) + "\n")
    print(name, len(expected), "hands")

# The evening of #38's "done when": 30 hands, every other one said by its result and pattern
# (quick entry), two hands typed wrong and taken back (撤销 / undo), and hand 5 edited after
# hand 12 (改 5 …) so that the dealer of every hand up to the next win moves. Written with the
# commands where a player types them; the expected state is that of the evening as it ends.
def table_evening(name, rules, script, edit_at, edited_step, wrong):
    final = list(script)
    final[4] = edited_step
    lines, expected = evening(rules, final, 0, declared=lambda i: i % 2 == 1)
    typed, _ = evening(rules, script, 0, declared=lambda i: i % 2 == 1)
    head, hands = lines[:4], lines[4:]
    out = list(head)
    for i, line in enumerate(typed[4:]):
        out.append(line)
        if i + 1 in wrong:  # a wrong hand after this one, taken back at once
            out.append(wrong[i + 1])
            out.append("撤销" if i + 1 == min(wrong) else "undo")
        if i + 1 == edit_at:
            out.append("改 5 " + hands[4])
    out[0] = "# The evening of #38 (tests/tools/make_session_evenings.py): quick entry, undo, edit."
    with open(os.path.join(root, name + ".txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    last = expected[-1]
    with open(os.path.join(root, name + ".expected.jsonl"), "w", encoding="utf-8") as f:
        for e in expected:
            f.write(json.dumps(e) + "\n")
    with open(os.path.join(root, name + ".settle-up.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps({"totals": last["totals"], "fewest_transfers": fewest_transfers(last["totals"])}) + "\n")
    print(name, len(expected), "hands,", fewest_transfers(last["totals"]), "transfers")

# Hand 5 was 老王 winning off 阿明 (老王 deals next); it is edited to 小红's self-draw, and
# the draws and escape after it keep the deal, so hands 6 to 9 change dealer.
duyun_table = [("A", 0), ("A", 0), ("B", 2, 0), ("A", 0), ("B", 2, 0), ("D",), ("E", 3), ("D",), ("E", 0),
               ("A", 1), ("M", 0, 2, 3), ("A", 3), ("B", 1, 3), ("D",), ("A", 2), ("A", 2), ("M", 3, 1, 0),
               ("B", 0, 2), ("E", 2), ("A", 0), ("A", 0), ("A", 0), ("B", 3, 0), ("D",), ("A", 1),
               ("M", 2, 3, 1), ("A", 2), ("B", 2, 1), ("E", 1), ("A", 3)]
zunyi_table = [("A", 0), ("A", 0), ("B", 2, 0), ("A", 0), ("B", 2, 0), ("D",), ("D",), ("D",), ("A", 1),
               ("M", 0, 2, 3), ("A", 3), ("B", 1, 3), ("D",), ("A", 2), ("A", 2), ("M", 3, 1, 0),
               ("B", 0, 2), ("A", 0), ("A", 0), ("A", 0), ("B", 3, 0), ("D",), ("A", 1),
               ("M", 2, 3, 1), ("A", 2), ("B", 2, 1), ("A", 3), ("A", 3), ("D",), ("A", 0)]
table_evening("table-duyun", "duyun", duyun_table, 12, ("A", 1),
              {3: "小红:2344567筒345789条 小红自摸7筒", 20: "小李胡清一色 阿明放炮"})
table_evening("table-zunyi", "zunyi", zunyi_table, 12, ("A", 1),
              {3: "小红自摸大宽张", 20: "小李胡对对胡 阿明放炮"})
