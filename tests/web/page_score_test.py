#!/usr/bin/env python3
"""The phone page's 算分 (score) and 听牌 (waits) tabs, in headless Chromium at 390×844.

Usage: python3 tests/web/page_score_test.py SITE_DIR     (make web: build-web/site/)

Every answer the page shows is compared, as it shows it (innerText, line for line), with what
`qianmj` prints for the same request (pagekit.cli; QIANMJ names the program), e.g.
  qianmj score 2344567筒345789条 --win 7p --zimo --zh
  qianmj score 23445677p345789s --zimo --rule base=10 --en
  qianmj waits 2344567p345789s --en
Prints one line per check, then PASS; exit status 0 when all pass. Screenshots: pagekit.SHOTS.
"""

import time

from pagekit import (By, Server, browser, check, cli, cli_error, console_errors, error_parts,
                     finish, foreign_requests, no_hscroll, shot, site_dir, wait_for)


def shown(out):
    """The program's text as the page shows it: its lines, without the last newline."""
    return out.rstrip('\n')


def score(*args):
    return shown(cli('score', *args))


# Visible text whose colour against its background (the first opaque one up the tree) is below
# WCAG's AA ratio: 4.5:1, or 3:1 for large text (24 px, or 18.7 px bold).
CONTRAST = """
const rgb = (c) => { const m = c.match(/[0-9.]+/g).map(Number); return m.length > 3 ? m : m.concat([1]); };
const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
                             return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
// The backgrounds behind e: a gradient's every stop (the text must read on all of them), else
// the first opaque colour up the tree.
const backs = (e) => {
  for (; e; e = e.parentElement) {
    const st = getComputedStyle(e);
    const stops = st.backgroundImage.includes('gradient') ? st.backgroundImage.match(/rgba?\([^)]*\)/g) : null;
    if (stops) return stops.map(rgb);
    const c = rgb(st.backgroundColor);
    if (c[3] >= 0.99) return [c];
  }
  return [[255, 255, 255, 1]];
};
const out = [];
for (const e of document.querySelectorAll('body *')) {
  if (!e.offsetParent || ![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
  const st = getComputedStyle(e);
  if (st.visibility === 'hidden' || e.closest('[aria-hidden=true], :disabled')) continue;
  const fg = rgb(st.color), a = fg[3];
  const ratio = Math.min(...backs(e).map((bg) => {
    const mix = [0, 1, 2].map((i) => fg[i] * a + bg[i] * (1 - a));
    const [l1, l2] = [lum(mix), lum(bg)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  }));
  const size = parseFloat(st.fontSize);
  const large = size >= 24 || (size >= 18.66 && Number(st.fontWeight) >= 700);
  if (ratio < (large ? 3 : 4.5)) out.push(`${e.tagName}.${e.className} "${e.textContent.trim().slice(0, 12)}" ${ratio.toFixed(2)}`);
}
return out;"""


def main():
    site = site_dir()
    server = Server(site)
    base = server.origin + '/'
    d = browser()
    errors = []

    def js(script, *args):
        return d.execute_script(script, *args)

    def load(url):
        d.get('about:blank')
        d.get(url)
        ok = wait_for(d, "return document.body.classList.contains('ready')")
        errors.extend(console_errors(d))
        return ok

    def text(sel):
        return js('const e = document.querySelector(arguments[0]); return e ? e.textContent : null;', sel)

    def click(sel):
        el = d.find_element(By.CSS_SELECTOR, sel)
        js("arguments[0].scrollIntoView({block: 'center'})", el)
        el.click()

    def tab(tid):
        click(f'#tabbtn-{tid}')
        wait_for(d, f"return !document.getElementById('tab-{tid}').hidden")

    def wide(where):
        """No horizontal scroll (the page's and the body's), nothing clipped sideways."""
        no_hscroll(d, where)
        w = js('return [document.body.scrollWidth, window.innerWidth]')
        check(f'{where}: the body is no wider ({w[0]} <= {w[1]})', w[0] <= w[1])
        clipped = js("""return [...document.querySelectorAll('pre, .tiles')].filter(e => e.offsetParent &&
                            e.scrollWidth > e.clientWidth + 1).map(e => e.id || e.className)""")
        check(f'{where}: nothing clipped sideways', not clipped, str(clipped))

    def answer(sel):  # the answer as shown, line for line (one block a line)
        return js('const e = document.querySelector(arguments[0]); return e ? e.innerText : null;', sel)

    def answer_is(name, sel, expected, timeout=5):
        wait_for(d, 'const e = document.querySelector(arguments[0]); return e && e.innerText === arguments[1]',
                 timeout, sel, expected)
        got = answer(sel)
        check(name, got == expected, f'\n--- got ---\n{got}\n--- expected (qianmj) ---\n{expected}')

    def notation(tid='score'):
        return js(f"return document.getElementById('{tid}-notation').value")

    try:
        # ---- the numbers a human checks, in the program's own answers ----
        win_zh = score('2344567筒345789条', '--win', '7p', '--zimo', '--zh')
        check('qianmj: 2344567筒345789条 self-drawn on 7筒 collects 18',
              win_zh.split('\n')[-1] == '胡家共收 18 分', win_zh)
        base10_en = score('23445677p345789s', '--zimo', '--rule', 'base=10', '--en')
        check('qianmj: with base=10 it collects 30',
              base10_en.split('\n')[-1] == 'Winner collects 30 points', base10_en)

        # ---- load, Chinese ----
        check('page loads and the library answers', bool(load(base)), 'body never got .ready')
        js("localStorage.clear(); localStorage.setItem('qianmj:lang', JSON.stringify('zh'))")
        check('page loads in Chinese', bool(load(base)) and js('return document.documentElement.lang') == 'zh-CN',
              js('return document.documentElement.lang'))
        check('viewport, theme-color, manifest, icon in the head',
              js("""return !!document.querySelector('meta[name=viewport]') &&
                     !!document.querySelector('meta[name=theme-color]') &&
                     !!document.querySelector('link[rel=manifest][href="manifest.webmanifest"]') &&
                     !!document.querySelector('link[rel=icon]')"""))
        icon = d.execute_async_script("""const done = arguments[arguments.length - 1];
            const l = document.querySelector('link[rel=icon]');
            fetch(l.href).then(r => done([l.getAttribute('href'), r.status]), e => done([l.getAttribute('href'), String(e)]));""")
        check(f'the icon the head links is there ({icon[0]})', icon[1] == 200, str(icon))
        tabs = js("return [...document.querySelectorAll('#tabbar .tab')].map(b => b.dataset.tab)")
        check('tab bar: score, waits, advise first', tabs[:3] == ['score', 'waits', 'advise'], str(tabs))
        check('opens on 算分', js("return !document.getElementById('tab-score').hidden"))
        sizes = js("""return [...document.querySelectorAll('#score-keyboard .key')].map(k => {
                        const r = k.getBoundingClientRect(); return [r.width, r.height, r.right]; })""")
        check('keyboard: 27 keys, 9 a row fit 390 px, 50 px tall',
              len(sizes) == 27 and all(s[2] <= 390 and s[1] >= 44 and s[0] >= 36 for s in sizes), str(sizes[:3]))

        # ---- build 2344567筒345789条 by taps, win 7筒, 自摸 ----
        click('#score-keyboard [data-action=clear]')
        js("""window.qmShifts = [];
              new PerformanceObserver((l) => { for (const e of l.getEntries()) window.qmShifts.push(e.value); })
                .observe({type: 'layout-shift'});""")
        for t in ['2p', '3p', '4p', '4p', '5p', '6p', '7p', '3s', '4s', '5s', '7s', '8s', '9s']:
            click(f'#score-keyboard .key[data-tile="{t}"]')
        check('taps write the notation', notation() == '345789条2344567筒', notation())
        check('the hand is drawn as 13 tiles', js("return document.querySelectorAll('#score-tiles .tiles > .tile').length") == 13)
        click('#score-win')
        click('#score-keyboard .key[data-tile="7p"]')
        wait_for(d, "return !document.getElementById('score-answer').classList.contains('soft')")
        time.sleep(0.2)
        shifts = js('return window.qmShifts')  # (自摸 next rearranges the situation's chips)
        check('no layout shift while the hand is tapped, its winning tile picked and its answer appears',
              not shifts, str(shifts))
        click('#score-zimo')
        answer_is('score by taps + win 7筒 + 自摸 (zh)', '#score-answer', win_zh)
        wide('score (zh)')
        shot(d, 'score-zh', full=True)

        # a fifth copy cannot be tapped
        click('#score-keyboard .key[data-tile="4p"]')      # 4筒 x3 now
        click('#score-keyboard .key[data-tile="4p"]')      # x4
        check('a fifth copy is grayed out',
              js("""return document.querySelector('#score-keyboard .key[data-tile="4p"]').disabled"""))
        check('pung mode grays a tile held twice',
              js("""document.querySelector('#score-keyboard [data-mode=pung]').click();
                    const d = document.querySelector('#score-keyboard .key[data-tile="7p"]').disabled;
                    document.querySelector('#score-keyboard [data-mode=pung]').click(); return d;"""))
        click('#score-keyboard [data-action=back]')
        click('#score-keyboard [data-action=back]')
        check('backspace removes the last taps', notation() == '345789条2344567筒', notation())

        # melds as the library reads them: 暗杠 5万, 碰 9条, then 2344567筒, win 7筒, 自摸
        click('#score-keyboard [data-action=clear]')
        click('#score-keyboard [data-mode=ankong]')
        click('#score-keyboard .key[data-tile="5m"]')
        click('#score-keyboard [data-mode=pung]')
        click('#score-keyboard .key[data-tile="9s"]')
        for t in ['2p', '3p', '4p', '4p', '5p', '6p', '7p']:
            click(f'#score-keyboard .key[data-tile="{t}"]')
        click('#score-win')
        click('#score-keyboard .key[data-tile="7p"]')
        melds = notation()
        check('melds by taps write 暗杠 and 碰', melds == '2344567筒 暗杠5万 碰9条', melds)
        answer_is('melds by taps are read by the library (暗杠, 碰)', '#score-answer',
                  score(melds, '--win', '7p', '--zimo', '--zh'))
        wide('score with melds')
        shot(d, 'score-melds-zh', full=True)

        # ---- typing: ASCII notation ----
        zimo_zh = score('23445677p345789s', '--zimo', '--zh')
        click('#score-keyboard [data-action=clear]')
        box = d.find_element(By.ID, 'score-notation')
        box.send_keys('23445677p345789s')
        answer_is('typed 23445677p345789s + 自摸 (zh)', '#score-answer', zimo_zh)
        check('typed hand drawn as 14 tiles', js("return document.querySelectorAll('#score-tiles .tiles > .tile').length") == 14)

        # an error: the library's code and message, the column, a caret under it
        box.send_keys('t')
        want = cli_error('score', '23445677p345789st', '--zimo', '--zh')
        wait_for(d, "return document.getElementById('score-answer').innerText.includes('[')", 5)
        got = answer('#score-answer') or ''
        check('an error shows the library\'s code and message in Chinese',
              error_parts(got.split('\n')[0]) == want and '第 17 列' in got, f'{got!r} vs qianmj {want!r}')
        pad = text('#score-caret .caret-pad')
        check('the caret stands under column 17', pad == '23445677p345789s' and text('#score-caret .caret-mark') == '^', repr(pad))
        shot(d, 'score-error-zh', full=True)
        box.send_keys('\ue003')  # backspace
        answer_is('back to the hand after the error', '#score-answer', zimo_zh)

        # IME: nothing is asked while composing, the hand updates at compositionend
        during = js("""const b = document.getElementById('score-notation');
                       b.dispatchEvent(new CompositionEvent('compositionstart'));
                       b.value = '23445677p345789s5';
                       b.dispatchEvent(new InputEvent('input', {isComposing: true}));
                       b.dispatchEvent(new InputEvent('input'));
                       return document.getElementById('score-answer').innerText;""")
        check('no answer during IME composition', during == zimo_zh, during)
        after = js("""const b = document.getElementById('score-notation');
                      b.value = '23445677p345789s';
                      b.dispatchEvent(new CompositionEvent('compositionend'));
                      return document.querySelectorAll('#score-tiles .tiles > .tile').length;""")
        check('the hand updates at compositionend', after == 14, str(after))

        # ---- English ----
        zimo_en = score('23445677p345789s', '--zimo', '--en')
        click('#lang-switch')
        check('switch to English', bool(wait_for(d, "return document.documentElement.lang === 'en'")))
        answer_is('score in English', '#score-answer', zimo_en)
        check('tab labels in English', js("return document.getElementById('tabbtn-score').textContent") == 'Score')
        wide('score (en)')
        shot(d, 'score-en', full=True)

        # ---- deep links ----
        load(base + '#hand=23445677p345789s')
        check('English remembered', js('return document.documentElement.lang') == 'en')
        check('#hand= opens score', js("return !document.getElementById('tab-score').hidden"))
        check('#hand= sets the hand', notation() == '23445677p345789s', notation())
        answer_is('#hand= answers (off a discard: illegal 平胡)', '#score-answer', score('23445677p345789s', '--en'))
        load(base + '#hand=2344567p345789s&win=7p&zimo=1')
        answer_is('#hand=…&win=7p&zimo=1 answers', '#score-answer',
                  score('2344567p345789s', '--win', '7p', '--zimo', '--en'))
        url = d.execute_async_script("""const done = arguments[arguments.length - 1];
                      let got = null;
                      try { Object.defineProperty(navigator, 'clipboard', {value: {writeText: async (t) => { got = t; }}, configurable: true}); } catch (e) {}
                      document.getElementById('score-share').click();
                      setTimeout(() => done(got || document.querySelector('#copy-fallback input').value), 200);""")
        check('share link carries hand, win and 自摸',
              url == base + '#hand=345789s2344567p&win=7p&zimo=1', str(url))
        # a hashchange while open
        js("location.hash = '#hand=' + encodeURIComponent('23445677筒345789条') + '&zimo=1'")
        answer_is('hashchange with a Chinese hand', '#score-answer', score('23445677筒345789条', '--zimo', '--en'))

        # ---- settings: a house option changes the library's answer ----
        click('#settings-button')
        wait_for(d, "return !!document.querySelector('#settings-body input[data-option=base]')")
        check('settings list the rule set and the house options',
              js("return document.querySelectorAll('#ruleset option').length") >= 1 and
              js("return document.querySelectorAll('#settings-body [data-option]').length") >= 5)
        check('true/false options are switches, numbers are number inputs',
              js("""return document.querySelector('[data-option=huazhu]').type === 'checkbox' &&
                            document.querySelector('[data-option=base]').type === 'number'"""))
        wide('settings (en)')
        shot(d, 'settings-en', full=True)
        base_in = d.find_element(By.CSS_SELECTOR, '#settings-body input[data-option=base]')
        base_in.clear()
        base_in.send_keys('10')
        js("arguments[0].dispatchEvent(new Event('change'))", base_in)
        opts = js("return JSON.parse(localStorage.getItem('qianmj:settings')).options")
        check('option saved as base=10', opts.count('base=10') == 1, str(opts))
        click('#settings-close')
        answer_is('base=10 reaches the library', '#score-answer', base10_en)
        click('#settings-button')
        base_in = d.find_element(By.CSS_SELECTOR, '#settings-body input[data-option=base]')
        base_in.clear()
        base_in.send_keys('0')
        js("arguments[0].dispatchEvent(new Event('change'))", base_in)
        err = text('#settings-error')
        check("a value the library refuses shows its error (base=0)", '[bad_option]' in (err or ''), str(err))
        click('#settings-reset')
        check('reset to defaults clears the options',
              len(js("return JSON.parse(localStorage.getItem('qianmj:settings')).options")) == 0)
        # another rule set shows its own house rules (rule sets come from the library)
        js("""const sel = document.getElementById('ruleset');
              if (![...sel.options].some(o => o.value === 'zunyi')) sel.add(new Option('zunyi', 'zunyi'));
              sel.value = 'zunyi'; sel.dispatchEvent(new Event('change'));""")
        names = js("return [...document.querySelectorAll('#settings-body [data-option]')].map(e => e.dataset.option)")
        check('zunyi lists its own house rules', 'zunyi-pinghu' in names and 'base' not in names and 'dead-wait-ready' in names, str(names))
        js("""const sel = document.getElementById('ruleset');
              if (![...sel.options].some(o => o.value === 'duyun')) sel.add(new Option('duyun', 'duyun'));
              sel.value = 'duyun'; sel.dispatchEvent(new Event('change'));""")
        check('back to duyun', js("return JSON.parse(localStorage.getItem('qianmj:settings')).rules") == 'duyun')
        click('#settings-close')
        answer_is('reset to defaults', '#score-answer', score('23445677筒345789条', '--zimo', '--en'))

        # ---- waits: the shared hand, 13 tiles ----
        tab('waits')
        check('the hand is shared with 听牌', notation('waits') == '23445677筒345789条', notation('waits'))
        wbox = d.find_element(By.ID, 'waits-notation')
        wbox.clear()
        wbox.send_keys('2344567p345789s')
        answer_is('waits of a 13-tile hand (en)', '#waits-answer', shown(cli('waits', '2344567p345789s', '--en')))
        wide('waits (en)')
        click('#lang-switch')
        answer_is('waits in Chinese', '#waits-answer', shown(cli('waits', '2344567p345789s', '--zh')))
        wide('waits (zh)')
        shot(d, 'waits-zh', full=True)
        tab('score')
        check('typing in 听牌 shows in 算分', notation() == '2344567p345789s', notation())

        # ---- advise (牌理): the shared hand, rows that open to their lines ----
        tab('advise')
        abox = d.find_element(By.ID, 'advise-notation')
        abox.clear()
        abox.send_keys('112233557799m4p6s')
        want = cli('advise', '112233557799m4p6s', '--zh').splitlines()
        rows_want = [l for l in want if l.startswith('打')]
        wait_for(d, "return document.querySelectorAll('#advise-rows .advice-row').length === arguments[0]",
                 5, len(rows_want))
        rows_got = js("return [...document.querySelectorAll('#advise-rows summary')].map(s => s.innerText)")
        check('牌理: a row a discard, as qianmj advise --zh orders them', rows_got == rows_want,
              f'{rows_got} != {rows_want}')
        check('牌理: the head is the hand and the rule set', answer('#advise-answer') == '\n'.join(want[:2]),
              answer('#advise-answer'))
        check('牌理: rows start closed', js("return [...document.querySelectorAll('#advise-rows details')].every(x => !x.open)"))
        click('#advise-rows .advice-row:nth-child(3) summary')
        third = want.index(rows_want[2])
        details_want = []
        for l in want[third + 1:]:
            if not l.startswith('  '):
                break
            details_want.append(l[2:])
        wait_for(d, "return document.querySelector('#advise-rows .advice-row:nth-child(3)').open")
        got_lines = answer('#advise-rows .advice-row:nth-child(3) pre')
        check('牌理: a tapped row shows its acceptance, lines and 花猪 risk', got_lines == '\n'.join(details_want),
              f'\n{got_lines}\n!=\n' + '\n'.join(details_want))
        wide('advise (zh)')
        shot(d, 'advise-zh', full=True)
        # a hand whose orders differ: 打4万 takes most tiles, 打5万 keeps 七对's value
        abox.clear()
        abox.send_keys('4445779m2277p88s1p')
        rows_speed = [l for l in cli('advise', '4445779m2277p88s1p', '--zh').splitlines() if l.startswith('打')]
        rows_value = [l for l in cli('advise', '4445779m2277p88s1p', '--zh', '--sort', 'value').splitlines()
                      if l.startswith('打')]
        check('牌理: the two orders differ on this hand', rows_speed != rows_value)
        summaries = "return [...document.querySelectorAll('#advise-rows summary')].map(s => s.innerText).join('|')"
        wait_for(d, summaries + " === arguments[0]", 5, '|'.join(rows_speed))
        click('#advise-value')
        wait_for(d, summaries + " === arguments[0]", 5, '|'.join(rows_value))
        rows_shown = js("return [...document.querySelectorAll('#advise-rows summary')].map(s => s.innerText)")
        check('牌理: value first orders as --sort value', rows_shown == rows_value, f'{rows_shown} != {rows_value}')
        click('#advise-value')
        abox.clear()
        abox.send_keys('112233m')
        wait_for(d, "return document.getElementById('advise-answer').classList.contains('soft')")
        check('牌理: too few tiles shows the hint, no rows',
              js("return document.querySelectorAll('#advise-rows .advice-row').length") == 0)
        abox.clear()
        abox.send_keys('112233557799m4p6s')

        click('#settings-button')
        wait_for(d, "return !!document.querySelector('#settings-body input[data-option=base]')")
        wide('settings (zh)')
        shot(d, 'settings-zh', full=True)
        click('#settings-close')

        # every tab: no scrolling sideways; every control a screen reader can name
        for tid in js("return [...document.querySelectorAll('#tabbar .tab')].map(b => b.dataset.tab)"):
            tab(tid)
            time.sleep(0.2)
            wide(f'tab {tid}')
            unnamed = js("""const byIds = (ids) => (ids || '').split(/\\s+/).map((i) => document.getElementById(i))
                                                 .filter(Boolean).map((x) => x.textContent).join('');
                             const name = (e) => (e.getAttribute('aria-label') || byIds(e.getAttribute('aria-labelledby')) ||
                                                 (e.labels && [...e.labels].map(l => l.textContent).join('')) ||
                                                 e.title || (e.tagName === 'BUTTON' ? e.textContent : '') || '').trim();
                             return [...document.querySelectorAll('button, input, select, textarea')]
                               .filter(e => e.offsetParent !== null && e.type !== 'hidden' && !name(e))
                               .map(e => e.outerHTML.slice(0, 80));""")
            check(f'tab {tid}: every control has a name', not unnamed, str(unnamed))
            low = js(CONTRAST)
            check(f'tab {tid}: text contrast at least 4.5:1 (3:1 large)', not low, str(low[:5]))
            if tid == 'score':  # the keys' other colours: picking the winning tile, a meld
                for mode in ('#score-win', '#score-keyboard [data-mode=pung]'):
                    click(mode)
                    low = js(CONTRAST)
                    click(mode)
                    check(f'tab score, {mode} on: text contrast at least 4.5:1', not low, str(low[:5]))

        # ---- nothing leaves the page; no console errors ----
        foreign = foreign_requests(d, server.origin)
        check('no request leaves the page', not foreign, str(foreign))
        errors.extend(console_errors(d))
        check('no console errors', not errors, '\n'.join(errors))

        # ---- a library that fails to load: a clear message in both languages ----
        # (the same site from another origin, so no service worker, with qianmj.wasm blocked)
        broken = Server(site)
        try:
            d.execute_cdp_cmd('Network.enable', {})
            d.execute_cdp_cmd('Network.setBlockedURLs', {'urls': ['*qianmj.wasm']})
            d.get('about:blank')
            d.get(broken.origin + '/')
            msg = wait_for(d, "const e = document.getElementById('loading'); "
                              "return e.classList.contains('failed') && e.innerText", 20)
            check('a library that fails to load says so in Chinese and English',
                  bool(msg) and '加载失败' in msg and 'failed to load' in msg, str(msg))
            shot(d, 'load-failed', full=True)
            console_errors(d)  # its errors are expected
        finally:
            d.execute_cdp_cmd('Network.setBlockedURLs', {'urls': []})
            broken.stop()
    except Exception as e:  # a broken page: report it as a failed check
        check('test ran to its end', False, f'{type(e).__name__}: {e}'.strip())
        try:
            for m in errors + console_errors(d):
                print('   console:', m)
        except Exception:
            pass
    finally:
        d.quit()
        server.stop()
    return finish()


if __name__ == '__main__':
    raise SystemExit(main())
