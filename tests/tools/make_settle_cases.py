#!/usr/bin/env python3
"""Writes testdata/settle_cases.jsonl: one golden settle case a line.

Each case: rule id, the arithmetic ("why"), the table, and what the ledger must be:
"rows" (each ledger row's id and net points per seat, in order), "totals", "next"
[dealer, streak]; or "error" {code, field}. The numbers here are worked out by hand from
RULES.md, not taken from the program.
"""
import json, os

W = "2344567筒345789条"   # ready on 1p 4p 7p, 平胡; + 7p = 23445677筒345789条
cases = []

def case(rule, why, table, rows=None, totals=None, next_=None, error=None, args=None, ready=None):
    c = {"rule": rule, "why": why}
    if ready: c["ready"] = ready
    if args: c["args"] = args
    if table is None:  # a raw text case: a key twice
        c["table_text"] = '{"dealer": 0, "dealer": 1, "seats": [{}, {}, {}, {}], "result": {"kind": "escape", "seat": 1}}'
    else:
        c["table"] = table
    if error: c["error"] = error
    else:
        c["rows"], c["totals"], c["next"] = rows, totals, next_
        assert sum(totals) == 0, (rule, why)
        for i in range(4):
            assert sum(r[1][i] for r in rows) == totals[i], (rule, why, i)
    cases.append(c)

def seats(*hands, **extra):
    out = []
    for i, h in enumerate(hands):
        s = {} if h is None else dict(h) if isinstance(h, dict) else {"hand": h}
        s.update(extra.get("s%d" % i, {}))
        out.append(s)
    return out

def win(seat, tile, frm=None, **flags):
    w = {"seat": seat, "tile": tile}
    if frm is not None: w["from"] = frm
    w.update(flags)
    return w

zimo0 = {"kind": "win", "wins": [win(0, "7p")]}

case("D6", "银豆: direct kong of 5m by seat 1 off seat 2: seat 2 pays 1 x 6; then seat 0 self-draws 平胡: 6 from each",
     {"dealer": 0, "seats": seats(W, None, None, None),
      "kongs": [{"seat": 1, "kind": "direct", "tile": "5m", "from": 2}], "result": zimo0},
     [["yindou", [0, 6, -6, 0]], ["win", [18, -6, -6, -6]]], [18, 0, -12, -6], [0, 1])
case("D6", "四季豆: added kong by seat 2: 1 x 6 from each other seat",
     {"dealer": 0, "seats": seats(W, None, None, None),
      "kongs": [{"seat": 2, "kind": "added", "tile": "5m"}], "result": zimo0},
     [["sijidou", [-6, -6, 18, -6]], ["win", [18, -6, -6, -6]]], [12, -12, 12, -12], [0, 1])
case("D6", "金豆: concealed kong by seat 3: 2 x 6 from each other seat",
     {"dealer": 0, "seats": seats(W, None, None, None),
      "kongs": [{"seat": 3, "kind": "concealed", "tile": "9p"}], "result": zimo0},
     [["jindou", [-12, -12, -12, 36]], ["win", [18, -6, -6, -6]]], [6, -18, -18, 30], [0, 1])
case("D6", "a robbed added kong pays nothing: seat 0 robs seat 1's 7p kong, 平胡 1 x 6 from seat 1 only",
     {"dealer": 2, "seats": seats("123456m345s11p56p", "[777p]111222333m1s", None, None),
      "kongs": [{"seat": 1, "kind": "added", "tile": "7p"}],
      "result": {"kind": "win", "wins": [win(0, "7p", 1, robbing_kong=True)]}},
     [["win", [6, -6, 0, 0]]], [6, -6, 0, 0], [0, 0])
case("D4", "seed: 5 连庄, the dealer self-draws 平胡: each pays (1+5) x 6 = 36",
     {"dealer": 0, "streak": 5, "seats": seats(W, None, None, None), "result": zimo0},
     [["win", [108, -36, -36, -36]]], [108, -36, -36, -36], [0, 6])
case("D4", "seed: the dealer (seat 1, 5 连庄) deals into 清一色: (6+5) x 6 = 66",
     {"dealer": 1, "streak": 5, "seats": seats("11333222456999条", None, None, None),
      "result": {"kind": "win", "wins": [win(0, "4s", 1)]}},
     [["win", [66, -66, 0, 0]]], [66, -66, 0, 0], [0, 0])
case("D4", "the dealer (seat 2, 2 连庄) is one of three payers of a 对对胡 self-draw: 5 x 6 = 30, others 3 x 6 = 18",
     {"dealer": 2, "streak": 2, "seats": seats("111222444万33399筒", None, None, None),
      "result": {"kind": "win", "wins": [win(0, "9p")]}},
     [["win", [66, -18, -30, -18]]], [66, -18, -30, -18], [0, 0])
case("D2", "seed: 大对子 off a 报听 discarder (seat 2): 3 + 6 = 9 fan = 54; the dealer (seat 1) is not in it",
     {"dealer": 1, "streak": 3, "seats": seats("111222444万33399筒", None, {"baoting": True}, None),
      "result": {"kind": "win", "wins": [win(0, "9p", 2)]}},
     [["win", [54, 0, -54, 0]]], [54, 0, -54, 0], [0, 0])
case("D2", "报听 on both sides: 平胡 1 + 6 + 6 = 13 fan = 78 (legal without 豆: D3)",
     {"dealer": 3, "seats": [{"hand": W, "baoting": True}, {}, {"baoting": True}, {}],
      "result": {"kind": "win", "wins": [win(0, "7p", 2)]}},
     [["win", [78, 0, -78, 0]]], [78, 0, -78, 0], [0, 0])
case("D5", "一炮多响: seat 3 (dealer, 1 连庄) discards 5p; seat 0 对对胡 (3+1) x 6 = 24, seat 1 七对 (6+1) x 6 = 42; the discarder deals next",
     {"dealer": 3, "streak": 1, "seats": seats("111222444m333s5p", "5566778899m11s5p", None, None),
      "result": {"kind": "win", "wins": [win(0, "5p", 3), win(1, "5p", 3)]}},
     [["win", [24, 0, 0, -24]], ["win", [0, 42, 0, -42]]], [24, 42, 0, -66], [3, 2])
case("D2", "杠上花: seat 1 self-draws on its concealed kong's replacement: 平胡 1 + 1 = 2 fan, 12 from each; 金豆 first",
     {"dealer": 0, "seats": seats(None, "(5555m)123s456s789p9p", None, None),
      "kongs": [{"seat": 1, "kind": "concealed", "tile": "5m"}],
      "result": {"kind": "win", "wins": [win(1, "9p", 1, after_kong=True)]}},
     [["jindou", [-12, 36, -12, -12]], ["win", [-12, 36, -12, -12]]], [-24, 72, -24, -24], [1, 0])
case("D7", "杠上炮: seat 2 konged 9s (金豆 12 x 3 = 36) and discarded 5p; seat 0 平胡 1 + 1 = 12, and the 36 is handed over",
     {"dealer": 1, "seats": seats("123456m345s11p46p", None, None, None),
      "kongs": [{"seat": 2, "kind": "concealed", "tile": "9s"}],
      "result": {"kind": "win", "wins": [win(0, "5p", 2, after_kong=True)]}},
     [["jindou", [-12, -12, 36, -12]], ["win", [12, 0, -12, 0]], ["gangshangpao", [36, 0, -36, 0]]],
     [36, -12, -12, -12], [0, 0])
gsp2 = {"dealer": 1, "seats": seats("123456m345s11p46p", "5566778899m11s5p", None, None),
        "kongs": [{"seat": 2, "kind": "direct", "tile": "9s", "from": 3}],
        "result": {"kind": "win", "wins": [win(0, "5p", 2, after_kong=True), win(1, "5p", 2, after_kong=True)]}}
case("D7", "杠上炮 一炮多响: the 银豆 6 goes in full to each winner (seat 0 平胡 2 fan 12, seat 1 七对 7 fan 42)",
     gsp2, [["yindou", [0, 0, 6, -6]], ["win", [12, 0, -12, 0]], ["win", [0, 42, -42, 0]],
            ["gangshangpao", [6, 6, -12, 0]]], [18, 48, -60, -6], [2, 0])
case("H", "gangshangpao-split: the 6 is split 3 + 3", dict(gsp2, options={"gangshangpao-split": True}),
     [["yindou", [0, 0, 6, -6]], ["win", [12, 0, -12, 0]], ["win", [0, 42, -42, 0]],
      ["gangshangpao", [3, 3, -6, 0]]], [15, 45, -54, -6], [2, 0])
case("H", "gangshangpao-split with base 5: 5 splits 3 (seat 0, first after the discarder... in turn order 3, 0, 1) + 2",
     dict(gsp2, options={"gangshangpao-split": True, "base": 5}),
     [["yindou", [0, 0, 5, -5]], ["win", [10, 0, -10, 0]], ["win", [0, 35, -35, 0]],
      ["gangshangpao", [3, 2, -5, 0]]], [13, 37, -45, -5], [2, 0])
draw = {"dealer": 0, "streak": 2,
        "seats": seats(W, "1357m2468s13579p", "[1111s+]1469m258m77s9s", "1112345678999p"),
        "kongs": [{"seat": 2, "kind": "added", "tile": "1s"}], "result": {"kind": "draw"}}
case("D8", "draw: 四季豆 of seat 2; 查花猪 seat 1 (three suits, not ready) pays 16 x 6 = 96 to 0, 2, 3; 黄豆 seat 2 returns its 18; "
     "查大叫 seat 2 pays seat 0 (平胡 1 + 连庄 2) x 6 = 18 and seat 3 (清一色 6) x 6 = 36; the dealer stays",
     draw, [["sijidou", [-6, -6, 18, -6]], ["huazhu", [96, -288, 96, 96]], ["huangdou", [6, 6, -18, 6]],
            ["chadajiao", [18, 0, -54, 36]]], [114, -288, 42, 132], [0, 3],
     ready=[[True, False, 1], [False, True, None], [False, False, None], [True, False, 6]])
case("H", "huazhu=off: seat 1 is no 花猪 and pays the 大叫 like seat 2",
     dict(draw, options={"huazhu": False}),
     [["sijidou", [-6, -6, 18, -6]], ["huangdou", [6, 6, -18, 6]], ["chadajiao", [18, -54, 0, 36]],
      ["chadajiao", [18, 0, -54, 36]]], [36, -54, -54, 72], [0, 3])
case("H", "huazhu-penalty=8: the 花猪 pays 8 x 6 = 48", dict(draw, options={"huazhu-penalty": 8}),
     [["sijidou", [-6, -6, 18, -6]], ["huazhu", [48, -144, 48, 48]], ["huangdou", [6, 6, -18, 6]],
      ["chadajiao", [18, 0, -54, 36]]], [66, -144, -6, 84], [0, 3])
case("D8", "报听 adds 6 to the 大叫: seat 0 declared, so seat 2 pays (1 + 6 + 2) x 6 = 54",
     dict(draw, seats=[{"hand": W, "baoting": True}] + draw["seats"][1:]),
     [["sijidou", [-6, -6, 18, -6]], ["huazhu", [96, -288, 96, 96]], ["huangdou", [6, 6, -18, 6]],
      ["chadajiao", [54, 0, -90, 36]]], [150, -288, 6, 132], [0, 3])
case("D9", "escape: seat 2 pays 16 x 6 = 96 to each; seat 1's 金豆 stands; the dealer stays",
     {"dealer": 0, "seats": seats(None, "(5555m)123s456s789p9p", None, None),
      "kongs": [{"seat": 1, "kind": "concealed", "tile": "5m"}], "result": {"kind": "escape", "seat": 2}},
     [["jindou", [-12, 36, -12, -12]], ["escape", [96, 96, -288, 96]]], [84, 132, -300, 84], [0, 1])
esc4 = {"dealer": 0, "streak": 5,
        "seats": seats("1122444455778m", W, None, "13357p2468s159s9m"),
        "result": {"kind": "escape", "seat": 2, "last_four": True}}
case("D9", "escape in the last four: seat 0's 大叫 清龙七对 (18 + 连庄 5) x 6 = 138 > 96; seat 1 平胡 6 < 96; seat 3 not ready: 96",
     esc4, [["escape", [138, 96, -330, 96]]], [138, 96, -330, 96], [0, 6])
case("H", "escape-penalty=30: 30 x 6 = 180 beats every 大叫", dict(esc4, options={"escape-penalty": 30}),
     [["escape", [180, 180, -540, 180]]], [180, 180, -540, 180], [0, 6])
case("H", "--rule base=10 from the command line, over options.base", dict(esc4, options={"base": 6}),
     [["escape", [230, 160, -550, 160]]], [230, 160, -550, 160], [0, 6], args=["--rule", "base=10"])
case("D10", "one winner deals next, a new dealer starts at streak 0; the dealer (seat 3, 4 连庄) pays (3+4) x 6 = 42",
     {"dealer": 3, "streak": 4, "seats": seats(None, None, "111222444万33399筒", None),
      "result": {"kind": "win", "wins": [win(2, "9p")]}},
     [["win", [-18, -18, 78, -42]]], [-18, -18, 78, -42], [2, 0])

def err(rule, why, table, code, field, args=None):
    case(rule, why, table, error={"code": code, "field": field}, args=args)

ok = {"dealer": 0, "seats": seats(W, None, None, None), "result": zimo0}
err("D3", "平胡 off a discard without 豆 is no win: the seat and the reason",
    {"dealer": 0, "seats": seats(W, None, None, None), "result": {"kind": "win", "wins": [win(0, "7p", 1)]}},
    "inconsistent", "result.wins[0]")
err("C3", "a hand that the tile does not complete",
    {"dealer": 0, "seats": seats(W, None, None, None), "result": {"kind": "win", "wins": [win(0, "9p")]}},
    "inconsistent", "result.wins[0]")
err("C2", "three seats", dict(ok, seats=ok["seats"][:3]), "bad_field", "seats")
err("C2", "dealer 4", dict(ok, dealer=4), "bad_field", "dealer")
err("D4", "negative streak", dict(ok, streak=-1), "bad_field", "streak")
err("D4", "streak beyond int64", dict(ok, streak=2**64), "out_of_range", "streak")
err("D4", "a fractional streak", dict(ok, streak=1.5), "bad_field", "streak")
err("C7", "five 7p across the table: the error names the hand that brings the count over four",
    dict(ok, seats=seats(W, "7777p123456789m", None, None)), "too_many_copies", "seats[1].hand")
err("C7", "a hand that does not parse", dict(ok, seats=seats(W, "123t", None, None)), "bad_suit", "seats[1].hand")
err("D5", "a winner without a hand", dict(ok, seats=seats(None, None, None, None)), "bad_field", "seats[0].hand")
err("D8", "a draw needs every hand", {"dealer": 0, "seats": seats(W, W, W, None), "result": {"kind": "draw"}},
    "bad_field", "seats[3].hand")
err("D6", "a direct kong from its own seat",
    dict(ok, kongs=[{"seat": 1, "kind": "direct", "tile": "5m", "from": 1}]), "inconsistent", "kongs[0].from")
err("D6", "a concealed kong has no discarder",
    dict(ok, kongs=[{"seat": 1, "kind": "concealed", "tile": "5m", "from": 2}]), "inconsistent", "kongs[0].from")
err("D6", "a direct kong without from", dict(ok, kongs=[{"seat": 1, "kind": "direct", "tile": "5m"}]),
    "bad_field", "kongs[0].from")
err("D6", "a kong kind that does not exist", dict(ok, kongs=[{"seat": 1, "kind": "big", "tile": "5m"}]),
    "bad_field", "kongs[0].kind")
err("D6", "a hand's kong melds must be its kongs entries",
    dict(ok, seats=seats(W, "(5555m)123s456s789p9p", None, None)), "inconsistent", "seats[1].hand")
err("D5", "a 14-tile winner's hand without the winning tile",
    dict(ok, seats=seats("23445677筒345789条", None, None, None), result={"kind": "win", "wins": [win(0, "1p")]}),
    "inconsistent", "seats[0].hand")
err("D5", "a non-winner's hand must have 13 tiles",
    dict(ok, seats=seats(W, "123m", None, None)), "bad_field", "seats[1].hand")
err("D5", "一炮多响 with a self-draw",
    {"dealer": 0, "seats": seats(W, "111222444m333s5p", None, None),
     "result": {"kind": "win", "wins": [win(0, "7p", 3), win(1, "5p")]}}, "inconsistent", "result.wins[1].from")
err("D5", "a seat wins twice",
    {"dealer": 0, "seats": seats(W, None, None, None),
     "result": {"kind": "win", "wins": [win(0, "7p", 3), win(0, "7p", 3)]}}, "inconsistent", "result.wins[1].seat")
err("D1", "天胡 by a non-dealer", dict(ok, dealer=1, result={"kind": "win", "wins": [win(0, "7p", tianhu=True)]}),
    "inconsistent", "result.wins[0].tianhu")
err("D2", "杠上花 with no kong made", dict(ok, result={"kind": "win", "wins": [win(0, "7p", after_kong=True)]}),
    "inconsistent", "result.wins[0].after_kong")
err("D7", "杠上炮 whose last kong is not the discarder's",
    dict(ok, kongs=[{"seat": 3, "kind": "concealed", "tile": "9s"}],
         result={"kind": "win", "wins": [win(0, "7p", 2, after_kong=True)]}), "inconsistent", "result.wins[0].after_kong")
err("D9", "an escape in the last four needs the other hands",
    {"dealer": 0, "seats": seats(W, None, None, None), "result": {"kind": "escape", "seat": 2, "last_four": True}},
    "bad_field", "seats[1].hand")
err("H", "an unknown house rule", dict(ok, options={"nope": 1}), "bad_option", "options.nope")
err("H", "a bad value", dict(ok, options={"base": 0}), "bad_option", "options.base")
err("H", "an unknown field (typo)", dict(ok, dealr=0), "bad_field", "dealr")
err("H", "an unknown result kind", dict(ok, result={"kind": "flower"}), "bad_field", "result.kind")
err("H", "a wrong type", dict(ok, seats=[{"hand": W, "baoting": "yes"}, {}, {}, {}]), "bad_field", "seats[0].baoting")

err("C7", "kongs of seats without a hand count too: 7p x 8",
    {"dealer": 0, "seats": seats("234777p345789s11s", None, None, None),
     "kongs": [{"seat": 2, "kind": "direct", "tile": "7p", "from": 1}], "result": zimo0}, "too_many_copies", "seats[2]")
err("C7", "two concealed kongs of 5s", dict(ok, kongs=[{"seat": 1, "kind": "concealed", "tile": "5s"},
                                                      {"seat": 2, "kind": "concealed", "tile": "5s"}]),
    "too_many_copies", "seats[2]")
err("D6", "five kongs for one seat", dict(ok, kongs=[{"seat": 3, "kind": "concealed", "tile": t} for t in
                                                    ["1m", "2m", "3m", "4m", "5m"]]), "inconsistent", "kongs[4]")
rob = {"dealer": 2, "seats": seats("123456m345s11p56p", "[777p]111222333m1s", None, None),
       "kongs": [{"seat": 1, "kind": "added", "tile": "7p"}],
       "result": {"kind": "win", "wins": [win(0, "7p", 1, robbing_kong=True)]}}
err("D5", "抢杠 of a concealed kong", dict(rob, kongs=[{"seat": 1, "kind": "concealed", "tile": "7p"}],
                                         seats=seats("123456m345s11p56p", None, None, None)), "inconsistent", "kongs[0]")
err("D5", "the robbed seat must show the pung it was adding to",
    dict(rob, seats=seats("123456m345s11p56p", "111222333m1s99s9p", None, None)), "inconsistent", "seats[1].hand")
err("D5", "no kong after the robbed one", dict(rob, kongs=rob["kongs"] + [{"seat": 3, "kind": "concealed", "tile": "9s"}]),
    "inconsistent", "kongs[0]")
err("D2", "a 报听 hand has no melds",
    {"dealer": 0, "seats": [{"hand": "[222m]456m789m234p5p", "baoting": True}, {}, {}, {}],
     "result": {"kind": "win", "wins": [win(0, "5p", 2)]}}, "inconsistent", "seats[0].baoting")
err("D2", "a 报听 seat is ready at a draw",
    dict(draw, seats=[draw["seats"][0], {"hand": "1479m258m1469p55p", "baoting": True}] + draw["seats"][2:]),
    "inconsistent", "seats[1].baoting")
err("D1", "天胡 comes before any kong",
    dict(ok, kongs=[{"seat": 2, "kind": "concealed", "tile": "9m"}],
         result={"kind": "win", "wins": [win(0, "7p", tianhu=True)]}), "inconsistent", "result.wins[0].tianhu")
err("H", "a key twice", None, "bad_json", "dealer")
err("H", "a house rule beyond int64", dict(ok, options={"base": 2**64 - 1}), "out_of_range", "options.base")
err("D10", "the next streak would pass 2^63",
    {"dealer": 0, "streak": 2**63 - 1, "seats": seats(None, None, None, None), "result": {"kind": "escape", "seat": 1}},
    "out_of_range", "streak")
err("H", "control characters in a name", dict(ok, seats=[{"hand": W, "name": "\u001b[31mX"}, {}, {}, {}]),
    "bad_field", "seats[0].name")

# ---- Zunyi (遵义): points, no base, no dealer bonus ----------------------------------
zy = {"rules": "zunyi", "dealer": 1, "streak": 0,
      "seats": [{"hand": "(5555m)123s456s789s9s"},
                {"hand": "[7777p+]123m678m11m23m", "discarded_yaoji": 1, "chongfeng": True},
                {"hand": "[9999p]14499m2358s6p", "discarded_yaoji": 1},
                {"hand": "(1111p)234p345p56p88p"}],
      "kongs": [{"seat": 0, "kind": "concealed", "tile": "5m"}, {"seat": 1, "kind": "added", "tile": "7p"},
                {"seat": 2, "kind": "direct", "tile": "9p", "from": 3}, {"seat": 3, "kind": "concealed", "tile": "1p"}],
      "result": {"kind": "win", "wins": [win(0, "9s")], "flipped": "8p"}}
zy_rows = [["win", [15, -5, -5, -5]], ["andou", [6, -2, -2, -2]], ["zhuanwandou", [-3, 9, -3, -3]],
           ["andou", [-2, -2, -2, 6]], ["ji", [3, -1, -1, -1]], ["ji", [-2, 6, -2, -2]]]
case("Z5", "seat 0 self-draws 9s: 大宽张 4 (waits 3s 6s 9s without it) + 自摸 1 = 5 from each; 暗豆 2 x 3 for seat 0 "
     "(won), 转弯豆 3 x 3 for seat 1 (ready), 暗豆 2 x 3 for seat 3 (ready); seat 2's 明豆 earns nothing (not ready: "
     "three suits); 鸡: seat 0 one 1s = 1 from each, seat 1 the 冲锋鸡 = 2 from each; seat 2's 鸡 earn nothing",
     zy, zy_rows, [17, 5, -15, -7], [0, 0])
case("H", "zunyi-dou-needs-ready=off: seat 2's 明豆 2 from seat 3 counts", dict(zy, options={"zunyi-dou-needs-ready": False}),
     zy_rows[:3] + [["mingdou", [0, 0, 2, -2]]] + zy_rows[3:], [17, 5, -13, -9], [0, 0])
case("Z6", "bao-ji=on (revised): seat 2 neither won nor is ready: it pays back the 1 幺鸡 it discarded, 1 to each "
     "seat that won or is ready; its 4 翻鸡 9p in hand cost nothing",
     dict(zy, options={"bao-ji": True}), zy_rows + [["ji", [1, 1, -3, 1]]], [18, 6, -18, -6], [0, 0])
case("Z6", "flipped 9s: the 翻鸡 wraps to 1s, so seat 0's 1s counts twice: 2 from each",
     dict(zy, result={"kind": "win", "wins": [win(0, "9s")], "flipped": "9s"}),
     zy_rows[:4] + [["ji", [6, -2, -2, -2]], ["ji", [-2, 6, -2, -2]]], [20, 4, -16, -8], [0, 0])
case("H", "ji=2, chongfeng-ji=5", dict(zy, options={"ji": 2, "chongfeng-ji": 5}),
     zy_rows[:4] + [["ji", [6, -2, -2, -2]], ["ji", [-5, 15, -5, -5]]], [17, 13, -19, -11], [0, 0])
zb = {"rules": "zunyi", "dealer": 2,
      "seats": seats("111222444m333p5p", "5566778899m11p5p", "1357m2468s13579p", "(9999s)678m2468s246p"),
      "kongs": [{"seat": 3, "kind": "concealed", "tile": "9s"}], "options": {"zunyi-dou-needs-ready": False},
      "result": {"kind": "win", "wins": [win(0, "5p", 3, after_kong=True)]}}
case("Z5", "杠上炮: seat 3's kong before the discard scores nothing (even with dou-needs-ready off); "
     "seat 0 对对胡 4 + 杠上炮 3 = 7 from seat 3", zb, [["win", [7, 0, 0, -7]]], [7, 0, 0, -7], [0, 0])
zc = {"rules": "zunyi", "dealer": 3,
      "seats": seats("111222444m333p5p", "5566778899m11p5p", "1357m2468s13579p", "678m2468s9s24689p"),
      "result": {"kind": "win", "wins": [win(1, "5p", 3), win(0, "5p", 3)]}}
case("Z8", "一炮多响 off seat 3: seat 1 暗七对 4, seat 0 对对胡 4; the first winner after the discarder (seat 0) deals",
     zc, [["win", [0, 4, 0, -4]], ["win", [4, 0, 0, -4]]], [4, 4, 0, -8], [0, 0])
zd = {"rules": "zunyi", "dealer": 0, "streak": 1,
      "seats": seats("2344567p345789s", "1357m2468s13579p", "[1111s+]1469m258m77s9s", "1112345678999p"),
      "kongs": [{"seat": 2, "kind": "added", "tile": "1s"}], "result": {"kind": "draw"}}
case("Z7", "黄庄查叫: 豆 void; seat 1 (three suits) pays double: 2 x 大宽张 4 = 8 to seat 0 and 2 x 清一色 10 = 20 "
     "to seat 3; seat 2 pays 4 and 10; the dealer (seat 0) is ready and stays",
     zd, [["chadajiao", [8, -28, 0, 20]], ["chadajiao", [4, 0, -14, 10]]], [12, -28, -14, 30], [0, 2],
     ready=[[True, False, 4], [False, False, None], [False, False, None], [True, False, 10]])
case("Z8", "dealer seat 1 not ready, two seats not ready: the ready seat nearest after the dealer (seat 3) deals",
     dict(zd, dealer=1), [["chadajiao", [8, -28, 0, 20]], ["chadajiao", [4, 0, -14, 10]]], [12, -28, -14, 30], [3, 0])
case("Z8", "exactly one seat (1) not ready: it pays 2 x (4 + 2 + 10) and deals next, though the dealer is ready",
     dict(zd, seats=seats("2344567p345789s", "1357m2468s13579p", "[1111s+]234m567m55m89m", "1112345678999p")),
     [["chadajiao", [8, -32, 4, 20]]], [8, -32, 4, 20], [1, 0])
case("Z7", "nobody ready: no payment, the dealer (seat 2) stays",
     {"rules": "zunyi", "dealer": 2,
      "seats": seats("1357m2468s13579p", "2468m1357s2468p9s", "1369m1369s1369p5m", "2478m2478s2478p5s"),
      "result": {"kind": "draw"}}, [], [0, 0, 0, 0], [2, 1])
err("Z4", "Zunyi has no escape settlement",
    {"rules": "zunyi", "dealer": 0, "seats": zd["seats"], "kongs": zd["kongs"], "result": {"kind": "escape", "seat": 1}},
    "inconsistent", "result.kind")
err("Z5", "Zunyi needs every hand", dict(zc, seats=zc["seats"][:3] + [{}]), "bad_field", "seats[3].hand")
err("Z1", "a winner holding three suits", dict(zc, seats=seats("111222444m333s5p", "5566778899m11p5p",
                                                             "1357m2468s13579p", "678m2468s9s24689p")),
    "inconsistent", "result.wins[1]")

def zy_with(seat, **extra):
    seats_ = [dict(x) for x in zy["seats"]]
    seats_[seat].update(extra)
    return dict(zy, seats=seats_)
err("Z6", "five 幺鸡 counting the discarded ones", zy_with(2, discarded_yaoji=3), "too_many_copies", "seats")
err("Z6", "a turned-up tile that would be a fifth copy",
    dict(zy, result={"kind": "win", "wins": [win(0, "9s")], "flipped": "7p"}), "too_many_copies", "result.flipped")
err("Z6", "two 冲锋鸡", zy_with(2, chongfeng=True), "inconsistent", "seats[2].chongfeng")
err("Z6", "a 冲锋鸡 never discarded", zy_with(3, chongfeng=True), "inconsistent", "seats[3].chongfeng")

# ---- RULES.md round 2: the revised readings -------------------------------------------
# D8 (revised): a 花猪 pays a ready seat at least that seat's 查大叫 (huazhu-at-least-dajiao).
hz = {"dealer": 0, "streak": 3,
      "seats": seats("1122444455778m", "1357m2468s13579p", "[1111s+]1369m258m77s9s",
                     {"hand": "1112345678999p", "baoting": True}),
      "kongs": [{"seat": 2, "kind": "added", "tile": "1s"}], "result": {"kind": "draw"}}
case("D8", "花猪 南 pays 东 (the dealer) the larger of 16 x 6 = 96 and 东's 查大叫 (清龙七对 18 + 连庄 3) x 6 = 126, "
     "and 北 96 (查大叫 (清一色 6 + 报听 6) x 6 = 72 is less); 西 96; 黄豆 6 each; 西 pays 查大叫 126 and 72",
     hz, [["sijidou", [-6, -6, 18, -6]], ["huazhu", [126, -318, 96, 96]], ["huangdou", [6, 6, -18, 6]],
          ["chadajiao", [126, 0, -198, 72]]], [252, -318, -102, 168], [0, 4],
     ready=[[True, False, 18], [False, True, None], [False, False, None], [True, False, 6]])
case("H", "huazhu-at-least-dajiao=off: the 花猪 pays a flat 96 to each", dict(hz, options={"huazhu-at-least-dajiao": False}),
     [["sijidou", [-6, -6, 18, -6]], ["huazhu", [96, -288, 96, 96]], ["huangdou", [6, 6, -18, 6]],
      ["chadajiao", [126, 0, -198, 72]]], [222, -288, -102, 168], [0, 4])
# C5 (revised) dead-wait-ready: 东's only wait (1m) is dead; with the option it is ready, so not a 花猪.
dw = {"dealer": 2,
      "seats": seats("1111m234p567p789s", "2344567p345789s", "[1111s+]3479m47s9s258m", "2468m2468s13579p"),
      "kongs": [{"seat": 2, "kind": "added", "tile": "1s"}], "result": {"kind": "draw"}}
case("C5", "东 waits only on a dead 1m: not ready and three suits, a 花猪 like 北; each pays 96 to 南 and 西; "
     "黄豆 6 each; 西 pays 南's 查大叫 平胡 1 x 6", dw,
     [["sijidou", [-6, -6, 18, -6]], ["huazhu", [-192, 96, 96, 0]], ["huazhu", [0, 96, 96, -192]],
      ["huangdou", [6, 6, -18, 6]], ["chadajiao", [0, 6, -6, 0]]], [-192, 198, 186, -192], [2, 1],
     ready=[[False, True, None], [True, False, 1], [False, False, None], [False, True, None]])
case("H", "dead-wait-ready=on: 东 is ready (大叫 平胡 1 over its dead wait), so only 北 is a 花猪 (96 to each); "
     "西 pays 查大叫 6 to 东 and to 南", dict(dw, options={"dead-wait-ready": True}),
     [["sijidou", [-6, -6, 18, -6]], ["huazhu", [96, 96, 96, -288]], ["huangdou", [6, 6, -18, 6]],
      ["chadajiao", [6, 6, -12, 0]]], [102, 102, 84, -288], [2, 1],
     ready=[[True, False, 1], [True, False, 1], [False, False, None], [False, True, None]])
# Z2 (revised): 边卡吊 on live waits at a draw (Z7): 东 waits on 4m only (5m is dead).
zl = {"rules": "zunyi", "dealer": 0,
      "seats": seats("3335555789m123p", "2468s2468s13579p", "2468p2468p13579s", "667788s99s11p33p5p"),
      "result": {"kind": "draw"}}
case("Z2", "黄庄查叫: 东's 大叫 is 边卡吊 3 (one live wait, 4m; 5m is dead), 北's 暗七对 4; 南 and 西 pay each",
     zl, [["chadajiao", [3, -7, 0, 4]], ["chadajiao", [3, 0, -7, 4]]], [6, -7, -7, 8], [0, 1],
     ready=[[True, False, 3], [False, False, None], [False, False, None], [True, False, 4]])
# Z2 (revised): 龙七对 needs the winning tile to complete the four (zunyi-long-on-win).
zw = {"rules": "zunyi", "dealer": 2,
      "seats": seats("1111335577m224s", "2468s2468p13579p", "5566778899m11p5p", "22446688m999s12s"),
      "result": {"kind": "win", "wins": [win(0, "4s")]}}
case("Z2", "东 self-draws 4s: its four 1m were not completed by the 4s: 暗七对 4 + 自摸 1 = 5 from each", zw,
     [["win", [15, -5, -5, -5]]], [15, -5, -5, -5], [0, 0])
case("H", "zunyi-long-on-win=off: any four alike: 龙七对 10 + 自摸 1 = 11 from each",
     dict(zw, options={"zunyi-long-on-win": False}), [["win", [33, -11, -11, -11]]], [33, -11, -11, -11], [0, 0])
# Z3 (revised): 杠上花 against the hand's own value; 报听 and 杀报; 包三家.
zh = {"rules": "zunyi", "dealer": 1,
      "seats": seats("(5555m)111222333m9m", "2468s2468s13579p", "2468p2468p13579s", "44667788s99p112p"),
      "kongs": [{"seat": 0, "kind": "concealed", "tile": "5m"}],
      "result": {"kind": "win", "wins": [win(0, "9m", after_kong=True)]}}
case("Z3", "杠上花 worth 10, but 东's own 清一色对对胡 14 is more: 14 + 自摸 1 = 15 from each; 暗豆 2 from each", zh,
     [["win", [45, -15, -15, -15]], ["andou", [6, -2, -2, -2]]], [51, -17, -17, -17], [0, 0])
zt = {"rules": "zunyi", "dealer": 0,
      "seats": seats("123m456m789m1299p", "1357m2468s13579p", {"hand": "234s567s88s33m456m", "baoting": True},
                     {"hand": "222333444p5566p", "baoting": True}),
      "result": {"kind": "win", "wins": [win(3, "5p", 2)]}}
case("Z3", "北 (报听) wins off 西 (报听): 清一色对对胡 14 + 报听 10 + 杀报 10 = 34 from 西", zt,
     [["win", [0, 0, -34, 34]]], [0, 0, -34, 34], [3, 0])
case("H", "zunyi-baoting=0 and zunyi-shabao=5", dict(zt, options={"zunyi-baoting": 0, "zunyi-shabao": 5}),
     [["win", [0, 0, -19, 19]]], [0, 0, -19, 19], [3, 0])
zq = {"rules": "zunyi", "dealer": 0,
      "seats": seats("111222444m99s45s", "[333s]123m456p789p1p", "5566778899m11p5p", "4688m2468s13579p"),
      "result": {"kind": "win", "wins": [win(0, "3s", 1, robbing_kong=True)]}}
case("Z3", "东 robs 南's 3s kong: 平胡 2 + 抢杠 3 = 5 from 南", zq, [["win", [5, -5, 0, 0]]], [5, -5, 0, 0], [0, 1])
case("H", "zunyi-qianggang-bao=on: 南 pays what a self-draw collects, (平胡 2 + 自摸 1) x 3 = 9",
     dict(zq, options={"zunyi-qianggang-bao": True}), [["win", [9, -9, 0, 0]]], [9, -9, 0, 0], [0, 1])
# D7: a split 杠上炮 transfer.
case("D7", "一炮多响 off 西's concealed kong: 金豆 2 x 6 from each = 36; 东 平胡 1 + 杠上炮 1 = 12, 南 七对 6 + 1 = 42; "
     "gangshangpao-split: 36 / 2 = 18 each; the discarder deals next",
     {"dealer": 1, "seats": seats(W, "11223344m55667p", "(1111s)123m456m11p23p", None),
      "kongs": [{"seat": 2, "kind": "concealed", "tile": "1s"}], "options": {"gangshangpao-split": True},
      "result": {"kind": "win", "wins": [win(0, "7p", 2, after_kong=True), win(1, "7p", 2, after_kong=True)]}},
     [["jindou", [-12, -12, 36, -12]], ["win", [12, 0, -12, 0]], ["win", [0, 42, -42, 0]],
      ["gangshangpao", [18, 18, -36, 0]]], [18, 48, -54, -12], [2, 0])
# D2, Z3: a 报听 seat has no melds, whether or not its hand is given.
err("D2", "a seat that made a kong cannot have declared 报听 (its hand left out)",
    {"dealer": 0, "seats": [{"hand": W}, {"baoting": True}, {}, {}],
     "kongs": [{"seat": 1, "kind": "concealed", "tile": "1s"}], "result": zimo0}, "inconsistent", "seats[1].baoting")
err("D2", "the robbed seat of a 抢杠 shows a pung: it cannot have declared 报听",
    {"dealer": 2, "seats": [{"hand": "123456m345s11p56p"}, {"baoting": True}, {}, {}],
     "result": {"kind": "win", "wins": [win(0, "7p", 1, robbing_kong=True)]}}, "inconsistent", "seats[1].baoting")
err("H", "an option of the other rule set", dict(zt, options={"base": 6}), "bad_option", "options.base")
err("H", "a boolean for a numeric option", dict(ok, options={"base": True}), "bad_option", "options.base")

path = os.path.join(os.path.dirname(__file__), "..", "..", "testdata", "settle_cases.jsonl")
with open(path, "w", encoding="utf-8") as f:
    for c in cases:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")
print(len(cases), "cases")
