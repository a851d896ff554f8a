#!/usr/bin/env python3
"""The page's budgets, measured (not a test: numbers for a note, like bench/bench.cpp).

    python3 bench/page_budget.py build-web/site [RUNS]

in Debian's headless Chromium at 390×844 (tests/web/pagekit.py), the site on loopback:
- first load: every file the server sent with status 200 while a first visit loads and its
  service worker keeps the page, each counted at its gzip -9 size (what a static host that
  compresses sends);
- ready: the `qianmj-module` and `qianmj-ready` marks of js/core.js (the module instantiated;
  the tabs mounted), from the navigation's start and from the load event, median [min-max]
  over RUNS first visits in fresh profiles and, in each, RUNS more visits answered by the
  service worker (RUNS x RUNS);
- a tap: from a key's click to the answer written (the handler) and to the next frame
  (requestAnimationFrame, then a task), over the 14 taps of a hand;
- layout shift: the layout-shift entries (all of them, after input too) while that hand is
  tapped and its answer appears, and whether the keyboard moved;
- with the browser's default font size at 24 px instead of 16: no horizontal scrolling on
  any tab.
"""

import gzip
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'web'))
import pagekit as kit  # noqa: E402

site = sys.argv[1] if len(sys.argv) > 1 else os.path.join(kit.ROOT, 'build-web', 'site')
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
server = kit.Server(site)


def spread(xs):
    xs = sorted(xs)
    return f'{statistics.median(xs):.0f} [{xs[0]:.0f}-{xs[-1]:.0f}]'


def gz(path):
    with open(path, 'rb') as f:
        return len(gzip.compress(f.read(), 9))


MARKS = """const n = performance.getEntriesByType('navigation')[0];
const m = (k) => { const e = performance.getEntriesByName(k)[0]; return e ? e.startTime : null; };
return [m('qianmj-module'), m('qianmj-ready'), n.loadEventEnd];"""
KEPT = """const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then(() => caches.keys()).then(async (keys) => {
  let n = 0; for (const k of keys) n += (await (await caches.open(k)).keys()).length; done(n);
});"""


def visit(d):
    d.get(server.origin + '/')
    kit.wait_for(d, "return document.body.classList.contains('ready')", 30)
    return d.execute_script(MARKS)


first, kept = [], []
sent = None
for run in range(runs):
    d = kit.browser()  # a fresh profile: a first visit
    before = len(server.sent)
    first.append(visit(d))
    d.set_script_timeout(60)
    files = d.execute_async_script(KEPT)
    if sent is None:
        sent = server.sent[before:]
        print(f'first visit: {len(sent)} responses, {files} files kept by the service worker')
    for _ in range(runs):
        kept.append(visit(d))
    if run < runs - 1:
        d.quit()

by_status = {}
for path, status in sent:
    by_status.setdefault(status, []).append(path)
total = 0
for path in by_status.get(200, []):
    local = path.split('?')[0].lstrip('/') or 'index.html'
    total += gz(os.path.join(site, local))
print(f'first load: {len(by_status.get(200, []))} files sent, {total / 1024:.0f} KB gzip -9 '
      f'(other responses: { {s: len(p) for s, p in by_status.items() if s != 200} })')
for name, xs in (('first visit', first), ('service worker', kept)):
    print(f'{name}: module {spread([x[0] for x in xs])} ms, ready {spread([x[1] for x in xs])} ms '
          f'from navigation; module {spread([x[0] - x[2] for x in xs])} ms after the load event')

TAP = """const done = arguments[arguments.length - 1];
const tiles = arguments[0];
const key = (t) => document.querySelector(`#score-keyboard .key[data-tile="${t}"]`);
const board = () => document.getElementById('score-keyboard').getBoundingClientRect().top;
document.querySelector('#score-keyboard [data-action=clear]').click();
const shifts = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) shifts.push(e.value); })
  .observe({ type: 'layout-shift' });
(async () => {
  const out = { handler: [], frame: [], top: [board()] };
  for (const t of tiles) {
    const t0 = performance.now();
    key(t).click();
    out.handler.push(performance.now() - t0);
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    out.frame.push(performance.now() - t0);
    out.top.push(board());
  }
  await new Promise((r) => setTimeout(r, 300));
  out.shifts = shifts;
  out.answer = document.getElementById('score-answer').innerText.split('\\n')[0];
  done(out);
})();"""
hand = ['2p', '3p', '4p', '4p', '5p', '6p', '7p', '7p', '3s', '4s', '5s', '7s', '8s', '9s']
d.execute_script("document.getElementById('tabbtn-score').click()")
taps = [d.execute_async_script(TAP, hand) for _ in range(5)]
handler = [x for t in taps for x in t['handler']]
frame = [x for t in taps for x in t['frame']]
print(f'a tap (score, 14 taps x 5): handler {statistics.median(handler):.2f} ms '
      f'[{min(handler):.2f}-{max(handler):.2f}], next frame {statistics.median(frame):.1f} ms '
      f'[{min(frame):.1f}-{max(frame):.1f}]; answer: {taps[-1]["answer"]}')
print(f'layout shift while tapping: {sum(sum(t["shifts"]) for t in taps):.4f} '
      f'({sum(len(t["shifts"]) for t in taps)} entries); keyboard top moved: '
      f'{sorted(set(round(y) for t in taps for y in t["top"]))}')
d.quit()

# The browser's default font size at 24 px (a phone's enlarged text).
opts_font = kit.browser(font_size=24)
visit(opts_font)
wide = []
for tab in opts_font.execute_script("return [...document.querySelectorAll('#tabbar .tab')].map(b => b.dataset.tab)"):
    opts_font.execute_script(f"document.getElementById('tabbtn-{tab}').click()")
    w = opts_font.execute_script('return [document.documentElement.scrollWidth, window.innerWidth, '
                                 'parseFloat(getComputedStyle(document.body).fontSize)]')
    wide.append(f'{tab} {w[0]}/{w[1]} (body {w[2]:.0f} px)')
    kit.shot(opts_font, f'budget-font24-{tab}')
print('default font 24 px, scroll width / window: ' + ', '.join(wide))
opts_font.quit()
server.stop()
