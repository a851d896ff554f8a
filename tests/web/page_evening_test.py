#!/usr/bin/env python3
# The phone page's 结算 (settle), 一晚 (evening) and 规则 (rules) tabs in headless chromium at
# 390×844: a Duyun table built with the guided form answers exactly as `qianmj settle` does for
# the same words; a 4-hand evening with names, a refused line, an undo and an edit totals
# exactly as `qianmj session` does on the same lines, survives a reload, exports exactly its
# lines (the text `qianmj session FILE` reads) and the CLI's CSV, settles up and gives a seat's
# statement as the CLI does; the rules tab shows a rule by its id as `qianmj rules` does; no
# horizontal scroll, no console errors, no request off the page's origin. Every expected text
# is the program's output for the same request, asked at test time (pagekit.cli; QIANMJ).
#
#   python3 tests/web/page_evening_test.py SITE_DIR     (exit 0 = pass; one line per check)
# SITE_DIR is make web's build-web/site/. Screenshots: pagekit.SHOTS/evening-*.png.
import json
import os
import tempfile
import time

from pagekit import (By, Server, browser, check, cli, cli_error, console_errors, error_parts,
                     finish, foreign_requests, no_hscroll, shot, site_dir, wait_for)

# The tables the guided form writes (its words: what it must write, and what the CLI reads)
SETTLE_WORDS = '都匀 庄南 连庄1 西明杠9条 北点杠9条 东胡对对胡 北放炮'
TILES_WORDS = '都匀 庄东 东:345789条2344567筒 东自摸7筒'
ZUNYI_WORDS = '遵义 庄东 北自摸清一色 东听 东鸡2 北鸡3 翻7筒'
# Guiyang quick entry from the form: a 地龙 self-drawn, 鸡 said by value (G9), the turned tile
GUIYANG_WORDS = '贵阳 庄东 北自摸地龙 东听 东鸡2 北鸡3 翻5筒'

# The evening's lines as the page keeps them (= what `qianmj session FILE` reads).
EVENING_LINES = [
    '玩家 甲 乙 丙 丁',
    '都匀',
    '庄甲',
    '东自摸清一色',
    '南胡对对胡 东放炮',
    '流局 东听清一色 西花猪',
    '撤销',
    '西自摸七对',
    '北胡清一色 南放炮',
    '改 2 南胡对对胡 西放炮',
]
# a new evening naming one player only, a hand from the form
PARTIAL_LINES = ['东=Ming', '都匀', '庄Ming', '南自摸清一色']


# The guided form's words writer (settle.js tableWords) over its choices: each result, seat,
# pattern, flag, kong kind (with and without its tile), 报听, draw states, escapes, Zunyi's
# 鸡 / 翻牌 / 打幺鸡 / 冲锋鸡, in both languages and both rule sets. Every table must read
# (status 0); the one refusal allowed is a 平胡 off a discard with no 豆 (D3), a table that
# cannot be (the library's error is what the page shows for it).
COMBINATIONS_JS = r'''
const done = arguments[arguments.length - 1];
(async () => {
  const { tableWords, newState } = await import('./js/settle.js');
  const m = await window.createQianmj();
  const ask = (r) => JSON.parse(m.ccall('qianmj_answer', 'string', ['string'], [JSON.stringify(r)]));
  const clone = (o) => JSON.parse(JSON.stringify(o));
  const seen = new Set(); const bad = []; let n = 0;
  const check = (rules, s, lang) => {
    const z = rules === 'zunyi';
    const ctx = { lang, evening: false, ruleWord: lang === 'zh' ? { duyun: '都匀', zunyi: '遵义' }[rules] : rules,
                  chickens: z, flip: z, yaoji: z, chongfeng: z };
    const w = tableWords(s, ctx);
    if (seen.has(w)) return; seen.add(w); ++n;
    const a = ask({ command: 'settle', table: w, lang: 'en', narrow: true });
    if (a.status !== 0 && !/\(D3\)$/.test(a.error.message)) bad.push(w + ' :: ' + a.error.message);
  };
  for (const rules of ['duyun', 'zunyi']) {
    const pats = JSON.parse(ask({ command: 'rules', format: 'json', rules }).output).patterns.filter((p) => !/tianhu|dihu/.test(p.id));
    for (const lang of ['zh', 'en']) {
      for (const dealer of [0, 2]) for (const streak of [0, 3]) for (const winner of [0, 1, 2, 3]) for (const p of pats) {
        const s = newState(dealer); s.streak = streak; s.result = 'zimo'; s.winner = winner; s.pattern = p;
        check(rules, s, lang);
        const t = clone(s); if (winner === dealer) t.tianhu = true; else t.dihu = true; check(rules, t, lang);
        if (!/qidui/.test(p.id)) {
          const g = clone(s); g.kongs = [{ seat: winner, kind: 'concealed', tile: null, from: null }]; g.gangshanghua = true; check(rules, g, lang);
          const g2 = clone(g); g2.kongs = [{ seat: winner, kind: 'concealed', tile: p.id.startsWith('qing') ? '9p' : '9s', from: null },
            { seat: winner, kind: 'added', tile: '8p', from: null }, { seat: (winner + 1) % 4, kind: 'direct', tile: '5m', from: (winner + 2) % 4 }];
          check(rules, g2, lang);
        }
        for (let b = 0; b < 16; b += 5) { const u = clone(s); u.baoting = [0, 1, 2, 3].map((i) => !!(b >> i & 1)); check(rules, u, lang); }
        if (rules === 'zunyi') { const q = clone(s); q.ji = [1, 2, 0, 3]; q.flip = '7p'; q.yaoji = [0, 1, 0, 2]; q.chongfeng = (winner + 1) % 4; q.readyAtWin = [true, false, true, false]; check(rules, q, lang); }
      }
      for (const from of [0, 1, 2, 3]) for (let mask = 1; mask < 16; ++mask) {
        if (mask >> from & 1) continue;
        for (const p of pats) {
          const s = newState(0); s.result = 'win'; s.from = from; s.winners = [0, 1, 2, 3].map((i) => (mask >> i & 1) ? p : null);
          check(rules, s, lang);
          const r = clone(s); r.robbed = true; check(rules, r, lang);
          const g = clone(s); g.gangshangpao = true; g.kongs = [{ seat: from, kind: 'direct', tile: '3s', from: (from + 3) % 4 }]; check(rules, g, lang);
          if (from === 0) { const dh = clone(s); dh.dihuSeat = [1, 2, 3].find((i) => mask >> i & 1); check(rules, dh, lang); }
          const bt = clone(s); bt.baoting[[0, 1, 2, 3].find((i) => mask >> i & 1)] = true; check(rules, bt, lang);
          if (rules === 'zunyi') { const q = clone(s); q.ji = [1, 0, 2, 0]; q.flip = '1s'; check(rules, q, lang); }
        }
      }
      const states = ['none', 'ready', 'huazhu'];
      for (let c = 0; c < 81; ++c) for (const p of [pats[0], pats[pats.length - 1], pats[2]]) {
        const s = newState(1); s.result = 'draw';
        for (let i = 0, x = c; i < 4; ++i, x = Math.floor(x / 3)) { s.seats[i].state = states[x % 3]; s.seats[i].pattern = p; }
        check(rules, s, lang);
      }
      if (rules === 'duyun') for (const e of [0, 1, 2, 3]) for (const lf of [false, true]) for (let c = 0; c < 16; ++c) {
        const s = newState(0); s.result = 'escape'; s.escaper = e; s.lastFour = lf;
        for (let i = 0; i < 4; ++i) { s.seats[i].state = (c >> i & 1) ? 'ready' : 'none'; s.seats[i].pattern = pats[1]; }
        check(rules, s, lang);
      }
      for (const kind of ['direct', 'concealed', 'added']) for (const tile of [null, '5m']) for (const seat of [0, 3]) {
        const s = newState(0); s.result = 'zimo'; s.winner = 1; s.pattern = pats[1]; s.kongs = [{ seat, kind, tile, from: kind === 'direct' ? (seat + 1) % 4 : null }];
        check(rules, s, lang);
        const dr = clone(s); dr.result = 'draw'; check(rules, dr, lang);
      }
    }
  }
  return { n, bad };
})().then(done, (e) => done({ n: 0, bad: [String(e)] }));
'''


def settle(words):
    """`qianmj settle WORDS --zh --narrow`: the page's 结算 answer, as it shows it."""
    return cli('settle', *words.split(), '--zh', '--narrow')


def session(lines, *args):
    """`qianmj session ARGS` on the evening's lines (its standard input)."""
    return cli('session', *args, stdin='\n'.join(lines) + '\n')


def so_far(block):
    """The standings as the page asks for them (going_on: the evening is being played): the
    program's final standings, headed as the totals so far."""
    return block.replace('终局（共', '累计（共', 1).replace('Final standings (', 'Standings so far (', 1)


def part(out, heading, until=None):
    """The part of the program's output the page shows on its own: from the line that starts
    with `heading` to the next line that is not indented (a block: a heading and its indented
    lines), or with `until`, to the first later line that starts with `until`."""
    lines = out.split('\n')
    at = next((i for i, l in enumerate(lines) if l.startswith(heading)), None)
    if at is None:
        return None

    def stops(line):
        return line.startswith(until) if until else not line.startswith(' ')
    end = at + 1
    while end < len(lines) and not stops(lines[end]):
        end += 1
    return '\n'.join(lines[at:end])


def main():
    site = site_dir()
    downloads = tempfile.mkdtemp(prefix='qianmj-dl-')
    server = Server(site)
    origin = server.origin
    d = browser(downloads=downloads)
    js = d.execute_script

    def wait(cond, timeout=10.0):
        return wait_for(d, cond, timeout)

    def load(path=''):
        d.get(origin + '/' + path)
        return wait("return document.body.classList.contains('ready') && document.getElementById('tabbtn-session')")

    def tab(tid):
        js(f"document.getElementById('tabbtn-{tid}').click()")
        time.sleep(0.2)

    def text(sel):
        return js('const e = document.querySelector(arguments[0]); return e ? e.textContent : null', sel)

    def click(sel):
        js('const e = document.querySelector(arguments[0]); e.scrollIntoView({block: "center"}); e.click()', sel)
        time.sleep(0.05)

    def select(sel, value):
        js('const e = document.querySelector(arguments[0]); e.value = arguments[1];'
           'e.dispatchEvent(new Event("change", {bubbles: true}))', sel, value)

    def typed(sel, value):
        e = d.find_element(By.CSS_SELECTOR, sel)
        js('arguments[0].scrollIntoView({block: "center"}); arguments[0].value = ""', e)
        e.send_keys(value)

    def is_cli(name, sel, expected):
        got = text(sel)
        check(name, got == expected, f'\n--- got ---\n{got}\n--- expected (qianmj) ---\n{expected}')

    def downloaded(ext):
        for _ in range(100):
            names = [n for n in os.listdir(downloads) if n.endswith(ext)]
            if names:
                with open(os.path.join(downloads, names[0]), encoding='utf-8') as f:
                    return f.read()
            time.sleep(0.05)
        return None

    try:
        # The program's answers for the evening (zh and en, narrow) and 乙's statement (what
        # `--seat 乙` prints after the evening's own output)
        ev_zh = session(EVENING_LINES, '--zh', '--narrow')
        ev_en = session(EVENING_LINES, '--en', '--narrow')
        standings_zh = so_far(part(ev_zh, '终局'))
        statement_zh = session(EVENING_LINES, '--zh', '--narrow', '--seat', '乙')
        if statement_zh.startswith(ev_zh):
            statement_zh = statement_zh[len(ev_zh):].rstrip('\n')
        # the numbers a human checks
        rows = [r.split() for r in (standings_zh or '').split('\n')[1:]]
        check('qianmj: the evening ends 甲 +72, 丙 +54, 丁 -36, 乙 -90',
              [(r[1], int(r[2])) for r in rows] == [('甲', 72), ('丙', 54), ('丁', -36), ('乙', -90)],
              repr(standings_zh))

        # A fresh page in Chinese.
        load()
        js("localStorage.clear(); localStorage.setItem('qianmj:lang', '\"zh\"')")
        check('page loads', load() is not None)
        js('window.confirm = () => true')

        # ---------- 结算: a Duyun table from the guided form ----------
        tab('settle')
        click('#settle-clear')
        js("document.querySelector('#settle-form').open = true")
        click('#settle-form [data-name="dealer1"]')        # 庄家 南
        click('#settle-form [data-name="streak-up"]')      # 连庄 1
        click('#settle-form [data-name="result-win"]')     # 点炮胡
        click('#settle-form [data-name="winner0"]')        # 东 胡
        select('#settle-form select[data-name="pattern0"]', 'duiduihu')
        click('#settle-form [data-name="from3"]')          # 北 放炮
        click('#settle-form [data-name="kong-add"]')
        select('#settle-form select[data-name="kong0-seat"]', '2')       # 西
        select('#settle-form select[data-name="kong0-kind"]', 'direct')  # 明杠
        click('#settle-form [data-name="kong0-tile-pick"]')              # the tile keyboard
        kb = wait("return document.querySelector('#settle-form .keyboard [data-tile=\"9s\"]')")
        check('settle: the kong tile comes from the tile keyboard', kb is not None)
        click('#settle-form .keyboard [data-tile="9s"]')
        select('#settle-form select[data-name="kong0-from"]', '3')       # 北点杠
        words = js("return document.getElementById('settle-words').value")
        check('settle: the form writes the words', words == SETTLE_WORDS, repr(words))
        is_cli('settle: the answer is the CLI\'s (zh, narrow)', '#settle-answer', settle(SETTLE_WORDS))
        no_hscroll(d, 'settle')
        shot(d, 'evening-settle-zh')
        shot(d, 'evening-settle-form-zh', at='#settle-form')
        # typing: a mistake shows the library's error, marked
        typed('#settle-words', '庄东 东子摸清一色')
        wait("return document.getElementById('settle-answer').classList.contains('qm-settle-error')", 3)
        got = js("return document.getElementById('settle-answer').innerText") or ''
        want = cli_error('settle', '庄东', '东子摸清一色', '--zh', '--narrow')
        check('settle: a typed mistake shows the library\'s error (code, message)',
              error_parts(got.split('\n')[0]) == want, f'{got!r} vs qianmj {want!r}')
        # the same form, in tiles: a hand from A's tile keyboard and the drawn tile
        click('#settle-clear')
        js("document.querySelector('#settle-form').open = true")
        click('#settle-form [data-name="mode-tiles"]')
        click('#settle-form [data-name="result-zimo"]')
        click('#settle-form [data-name="hand0-edit"]')
        for t in ['2p', '3p', '4p', '4p', '5p', '6p', '7p', '3s', '4s', '5s', '7s', '8s', '9s']:
            click(f'#settle-form .keyboard [data-tile="{t}"]')
        click('#settle-form [data-name="hand0-edit"]')
        click('#settle-form [data-name="wintile-pick"]')
        click('#settle-form .keyboard [data-tile="7p"]')
        words = js("return document.getElementById('settle-words').value")
        check('settle (tiles): the form writes the hand', words == TILES_WORDS, repr(words))
        tiles_zh = settle(TILES_WORDS)
        check('qianmj: 2344567筒345789条 self-drawn on 7筒: 东 +18', part(tiles_zh, '合计').split('\n')[1].split() == ['东', '+18'],
              tiles_zh)
        is_cli('settle (tiles): the answer is the CLI\'s', '#settle-answer', tiles_zh)
        no_hscroll(d, 'settle (tiles)')
        shot(d, 'evening-settle-tiles-zh', at='#settle-form [data-name="hand0-edit"]')
        # IME: nothing is asked while a composition is under way, the answer follows its end
        before = text('#settle-answer')
        js("""const w = document.getElementById('settle-words');
              w.dispatchEvent(new CompositionEvent('compositionstart'));
              w.value = '庄东 东自摸清一色';
              w.dispatchEvent(new InputEvent('input', {isComposing: true}));""")
        time.sleep(0.4)
        check('settle: no answer mid-composition', text('#settle-answer') == before)
        js("document.getElementById('settle-words').dispatchEvent(new CompositionEvent('compositionend'))")
        time.sleep(0.4)
        is_cli('settle: the answer after the composition ends', '#settle-answer', settle('都匀 庄东 东自摸清一色'))
        # the share link opens the table
        click('#settle-share')
        url = js("return document.getElementById('settle-share-url').value")
        check('settle: share link is #table=', url.startswith(origin + '/#table='), url)

        # ---------- 一晚: names, 4 hands, a refused line, an undo, an edit ----------
        tab('session')
        for i, n in enumerate('甲乙丙丁'):
            typed(f'#evening-name{i}', n)
        click('#evening-start')
        check('evening: started with the header', wait("return document.getElementById('evening-line')") is not None)

        def add(line):
            typed('#evening-line', line)
            click('#evening-add')
            time.sleep(0.1)

        add('东自摸清一色')
        # hand 2 with the guided form
        js("document.querySelector('#evening-form').open = true")
        click('#evening-form [data-name="result-win"]')
        click('#evening-form [data-name="winner1"]')       # 南 胡 (东 was preselected:
        click('#evening-form [data-name="winner0"]')       # tapped off again)
        select('#evening-form select[data-name="pattern1"]', 'duiduihu')
        click('#evening-form [data-name="from0"]')
        check('evening: the form writes the hand', js("return document.getElementById('evening-line').value") == '南胡对对胡 东放炮',
              js("return document.getElementById('evening-line').value"))
        click('#evening-add')
        add('流局 东听清一色 西花猪')
        before = js("return localStorage.getItem('qianmj:evening')")
        add('东自摸')   # refused: a declared win says its pattern
        msg = js("const e = document.getElementById('evening-msg'); return e ? e.innerText : ''") or ''
        want = cli_error('session', '--zh', '--narrow', stdin='\n'.join(EVENING_LINES[:6] + ['东自摸']) + '\n')
        check('evening: a refused line shows the library\'s error (code, message)',
              error_parts(msg.split('\n')[0]) == want, f'{msg!r} vs qianmj {want!r}')
        check('evening: a refused line changes nothing', js("return localStorage.getItem('qianmj:evening')") == before)
        click('#evening-undo')
        add('西自摸七对')
        add('北胡清一色 南放炮')
        click('#evening-hands [data-hand="2"]')
        check('evening: tapping hand 2 puts its words up to change', js("return document.getElementById('evening-line').value") == '南胡对对胡 东放炮')
        add('南胡对对胡 西放炮')
        stored = json.loads(js("return localStorage.getItem('qianmj:evening')") or 'null')
        check('evening: the kept lines are the CLI\'s session lines', stored and stored.get('lines') == EVENING_LINES,
              repr(stored))
        is_cli('evening: the edit\'s answer is the CLI\'s', '#evening-last', part(ev_zh, '改第', until='终局'))
        is_cli('evening: totals equal `qianmj session` (zh)', '#evening-totals', standings_zh)
        is_cli('evening: the next hand as the library says it', '#evening-next', part(ev_zh, '下一局'))
        hands = js("return [...document.querySelectorAll('#evening-hands [data-hand]')].map(e => e.dataset.hand)")
        check('evening: 4 hands listed', hands == ['1', '2', '3', '4'], repr(hands))
        no_hscroll(d, 'evening')
        shot(d, 'evening-4hands-zh')

        # settle up and a statement
        click('#evening-settleup')
        is_cli('evening: 结账 is the CLI\'s', '#evening-tool-out', part(ev_zh, '结账'))
        shot(d, 'evening-settleup-zh', at='#evening-tool-out')
        select('#evening-seat', '1')
        click('#evening-statement')
        is_cli('evening: 乙\'s statement is the CLI\'s', '#evening-tool-out', statement_zh)
        no_hscroll(d, 'evening tools')

        # exports
        click('#evening-download')
        exported = downloaded('.txt')
        check('evening: the exported text is exactly the lines', exported == '\n'.join(EVENING_LINES) + '\n', repr(exported))
        click('#evening-csv')
        csv = downloaded('.csv')
        want = session(EVENING_LINES, '--csv')
        check('evening: CSV is the library\'s rows (qianmj session --csv)', csv == want,
              f'\n--- got ---\n{csv}\n--- expected (qianmj) ---\n{want}')

        # reload: the evening is still there
        load()
        tab('session')
        is_cli('evening: survives a reload', '#evening-totals', standings_zh)

        # English
        click('#lang-switch')
        time.sleep(0.2)
        is_cli('evening (en): totals', '#evening-totals', so_far(part(ev_en, 'Final standings')))
        is_cli('evening (en): next hand', '#evening-next', part(ev_en, 'Next hand'))
        no_hscroll(d, 'evening (en)')
        shot(d, 'evening-4hands-en')
        click('#lang-switch')
        time.sleep(0.2)

        # share, then the link opens the evening (after a new one was started)
        click('#evening-share')
        url = js("return document.getElementById('evening-share-url').value")
        check('evening: share link is #evening=', url.startswith(origin + '/#evening='), url[:80])
        js('window.confirm = () => true')
        click('#evening-new')
        check('evening: new evening after asking', js("return localStorage.getItem('qianmj:evening')") is None)
        d.get(url)
        wait("return document.body.classList.contains('ready')")
        time.sleep(0.3)
        stored = json.loads(js("return localStorage.getItem('qianmj:evening')") or 'null')
        check('evening: #evening= opens the evening', stored and stored.get('lines') == EVENING_LINES, repr(stored))
        check('evening: #evening= shows the evening tab', js("return !document.getElementById('tab-session').hidden"))
        is_cli('evening: #evening= shows the evening\'s totals', '#evening-totals', standings_zh)

        # import a pasted text
        js('window.confirm = () => true')
        click('#evening-import-open')
        js("document.getElementById('evening-import-text').value = arguments[0]", '\n'.join(EVENING_LINES[:5]) + '\n')
        click('#evening-import-go')
        stored = json.loads(js("return localStorage.getItem('qianmj:evening')") or 'null')
        check('evening: import a pasted session text', stored and stored.get('lines') == EVENING_LINES[:5], repr(stored))

        # a new evening naming one player only (seat by seat), a hand from the form
        click('#evening-new')
        typed('#evening-name0', 'Ming')
        click('#evening-start')
        js("document.querySelector('#evening-form').open = true")
        click('#evening-form [data-name="result-zimo"]')
        click('#evening-form [data-name="winner1"]')
        select('#evening-form select[data-name="pattern"]', 'qingyise')
        click('#evening-add')
        stored = json.loads(js("return localStorage.getItem('qianmj:evening')") or 'null')
        check('evening: one name, seat by seat; a hand from the form', stored and stored.get('lines') == PARTIAL_LINES, repr(stored))
        is_cli('evening: its totals (the CLI\'s)', '#evening-totals', so_far(part(session(PARTIAL_LINES, '--zh', '--narrow'), '终局')))

        # ---------- a damaged stored evening: said, shown and kept, never dropped ----------
        broken = '{"lines": ["东自摸清一色", "南胡对对胡 北放'
        js("localStorage.removeItem('qianmj:evening-damaged'); localStorage.setItem('qianmj:evening', arguments[0])", broken)
        load()
        tab('session')
        shown = wait("const n = document.getElementById('evening-damaged'); "
                     "return n && !n.hidden && n.querySelector('textarea') && n.querySelector('textarea').value")
        check('evening: a damaged saved evening is said and shown as it was', shown == broken, repr(shown))
        check('evening: ... and kept aside', js("return localStorage.getItem('qianmj:evening-damaged')") == broken)
        check('evening: ... and not overwritten by opening the page',
              js("return localStorage.getItem('qianmj:evening')") == broken)
        shot(d, 'evening-damaged-zh', at='#evening-damaged')
        js("localStorage.removeItem('qianmj:evening'); localStorage.removeItem('qianmj:evening-damaged')")

        # ---------- 规则 ----------
        tab('rules')
        typed('#rules-search', 'D3')
        time.sleep(0.2)
        got = text('#rules-shown') or ''
        want = cli('rules', 'D3', '--zh').split('\n')[0]
        check('rules: D3 is the library\'s text (its first line)', got.split('\n')[0] == want, f'{got[:80]!r} vs qianmj {want!r}')
        items = js("return document.querySelectorAll('#rules-list [data-rule]').length")
        check('rules: the search narrows the list', items >= 1)
        typed('#rules-search', '')
        js("document.getElementById('rules-search').dispatchEvent(new Event('input'))")
        n = js("return document.querySelectorAll('#rules-list [data-rule]').length")
        check('rules: every rule id listed', n >= 20, str(n))
        check('rules: current rule set shown', (text('#rules-current') or '').startswith('都匀'))
        no_hscroll(d, 'rules')
        shot(d, 'evening-rules-zh')

        # ---------- 结算 in Zunyi (the settings' rule set): 鸡 and the 翻牌 from the form ----------
        js("localStorage.setItem('qianmj:settings', JSON.stringify({rules: 'zunyi', options: []}))")
        load()
        tab('settle')
        def chicken_table(name, rule_set, pattern, flip, want, what):
            """A 捉鸡 family table from the form: 北 self-draws `pattern`, 东 is ready, 东鸡2
            北鸡3, the turned tile `flip`; `rule_set` picked in the form (None: the settings')."""
            click('#settle-clear')
            js("document.querySelector('#settle-form').open = true")
            if rule_set:
                select('#settle-form select[data-name="rules"]', rule_set)
            click('#settle-form [data-name="dealer0"]')        # 庄家 东
            click('#settle-form [data-name="result-zimo"]')
            click('#settle-form [data-name="winner3"]')        # 北 自摸
            select('#settle-form select[data-name="pattern"]', pattern)
            click('#settle-form [data-name="readyatwin0"]')    # 东听
            select('#settle-form select[data-name="ji0"]', '2')
            select('#settle-form select[data-name="ji3"]', '3')
            click('#settle-form [data-name="flip-pick"]')
            wait(f"return document.querySelector('#settle-form .keyboard [data-tile=\"{flip}\"]')")
            click(f'#settle-form .keyboard [data-tile="{flip}"]')
            words = js("return document.getElementById('settle-words').value")
            check(f'settle ({name}): the form writes {what}', words == want, repr(words))
            is_cli(f'settle ({name}): the answer is the CLI\'s', '#settle-answer', settle(want))
            no_hscroll(d, f'settle ({name})')
            shot(d, f'evening-settle-{name.lower()}-zh', at='#settle-form [data-name="ji0"]')

        chicken_table('Zunyi', None, 'qingyise', '7p', ZUNYI_WORDS, '鸡 and 翻牌')
        # Guiyang, picked in the form over the settings' Zunyi: quick entry, 鸡 by value
        chicken_table('Guiyang', 'guiyang', 'dilong', '5p', GUIYANG_WORDS, 'a 地龙, 鸡 and 翻牌')
        shot(d, 'evening-settle-guiyang-answer-zh', at='#settle-answer')
        # a #table= link opens settle with that table
        d.get(origin + '/#table=' + '%E5%BA%84%E4%B8%9C%20%E4%B8%9C%E8%87%AA%E6%91%B8%E6%B8%85%E4%B8%80%E8%89%B2')
        wait("return document.body.classList.contains('ready')")
        time.sleep(0.2)
        check('settle: #table= opens the table', js("return document.getElementById('settle-words').value") == '庄东 东自摸清一色'
              and js("return !document.getElementById('tab-settle').hidden"))

        # ---------- every table the guided form can write, asked of the library ----------
        res = d.execute_async_script(COMBINATIONS_JS)
        check(f"form: every combination reads ({res['n'] if res else '?'} tables; only D3's impossible wins refused)",
              res and not res['bad'], repr(res and res['bad'][:5]))

        # ---------- the whole visit ----------
        logs = console_errors(d)
        check('no console errors', not logs, repr(logs[:3]))
        hosts = foreign_requests(d, origin)
        check('no request leaves the page\'s origin', not hosts, repr(hosts))
    except Exception as e:  # a broken page: report it as a failed check
        check('test ran to its end', False, f'{type(e).__name__}: {e}'.strip())
    finally:
        d.quit()
        server.stop()
    return finish()


if __name__ == '__main__':
    raise SystemExit(main())
