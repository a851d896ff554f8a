// tiles.js: the tile keyboard and tile pictures, shared by the tabs.
//
// The library is the only judge of a hand. This module only BUILDS notation from taps and
// DRAWS notation as tiles for the eye (readNotation below reads the forms the keyboard
// writes and the common typed ones; what it cannot read is drawn as text). Nothing here
// decides whether a hand wins, waits or scores.
//
// Exports:
//   SUITS                                   [{id:'m', zh:'万', en:'m'}, ...] in keyboard order
//   tileLabel(tile, lang) -> '5万' | '5m'
//   readNotation(text) -> {items, ok}       items: {kind:'tile'|'meld'|'text', tile?, meld?, text?}
//                                           meld: 'pung' | 'kong' | 'ankong' | 'addkong'
//   writeNotation(items, lang) -> string    zh: 345789条23445677筒碰5万; en: 345789s23445677p[555m]
//   countTiles(items, extra = []) -> Map(tile -> copies)
//   renderTiles(text, app, {win}) -> HTMLElement   the notation drawn as tiles
//   tileElement(tile, app, {small}) -> HTMLElement one tile
//   makeKeyboard(app, opts) -> HTMLElement  the keyboard; opts:
//       onTile(tile, mode)   a key tapped; mode is null or a meld kind (only if opts.melds)
//       onBack(), onClear()  the backspace / clear keys (omitted when not given)
//       melds: true          show the meld modes 碰 / 明杠 / 暗杠 / 补杠
//       count(tile) -> n     copies already used: keys gray out when a tap would make a 5th
//     element.refresh()      re-read count() and the language
//     element.setMode(mode)  null or a meld kind
//   hand                                    the hand shared by score and waits:
//       hand.text, hand.set(text, source), hand.subscribe(cb(text, source))

export const SUITS = [
  { id: 'm', zh: '万', en: 'm', name_en: 'characters' },
  { id: 's', zh: '条', en: 's', name_en: 'bamboo' },
  { id: 'p', zh: '筒', en: 'p', name_en: 'dots' },
];
const SUIT_ZH = { m: '万', s: '条', p: '筒' };
const RANK_ZH = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

export const MELDS = [
  { id: 'pung', zh: '碰', en: 'Pung', copies: 3 },
  { id: 'kong', zh: '明杠', en: 'Kong', copies: 4 },
  { id: 'ankong', zh: '暗杠', en: 'Hidden kong', copies: 4 },
  { id: 'addkong', zh: '补杠', en: 'Added kong', copies: 4 },
];
const MELD_COPIES = { pung: 3, kong: 4, ankong: 4, addkong: 4 };

export function tileLabel(tile, lang) {
  return lang === 'zh' ? tile[0] + SUIT_ZH[tile[1]] : tile;
}

// ---------- reading notation (for drawing only) ----------

const SUIT_OF = {};
for (const c of 'mMwW万萬') SUIT_OF[c] = 'm';
for (const c of 'sS条條索') SUIT_OF[c] = 's';
for (const c of 'pPbB筒饼餅') SUIT_OF[c] = 'p';
const RANK_OF = {};
for (let i = 1; i <= 9; i++) {
  RANK_OF[String(i)] = i;
  RANK_OF[String.fromCharCode(0xff10 + i)] = i;   // full-width digits
  RANK_OF[RANK_ZH[i]] = i;
}
RANK_OF['幺'] = 1;
const IGNORED = new Set([' ', '\t', '\n', '\u3000', '，', '、', ',']);
const MELD_WORDS = [
  ['面下杠', 'addkong'], ['转弯杠', 'addkong'], ['addkong:', 'addkong'], ['加杠', 'addkong'],
  ['ankong:', 'ankong'], ['暗杠', 'ankong'], ['kong:', 'kong'], ['明杠', 'kong'], ['直杠', 'kong'],
  ['pung:', 'pung'], ['碰', 'pung'],
];

function tileFromGlyph(cp) {
  if (cp >= 0x1f007 && cp <= 0x1f00f) return `${cp - 0x1f007 + 1}m`;
  if (cp >= 0x1f010 && cp <= 0x1f018) return `${cp - 0x1f010 + 1}s`;
  if (cp >= 0x1f019 && cp <= 0x1f021) return `${cp - 0x1f019 + 1}p`;
  return null;
}

export function readNotation(text) {
  const chars = Array.from(text || '');
  const items = [];
  let pending = [];
  let ok = true;
  let i = 0;
  const rest = () => chars.slice(i).join('');
  const fail = () => { ok = false; items.push({ kind: 'text', text: chars.slice(i).join('') }); i = chars.length; };
  while (i < chars.length) {
    const c = chars[i];
    if (IGNORED.has(c)) { i++; continue; }
    if (c in RANK_OF) { pending.push(RANK_OF[c]); i++; continue; }
    if (c in SUIT_OF) {
      if (!pending.length) { fail(); break; }
      for (const r of pending) items.push({ kind: 'tile', tile: `${r}${SUIT_OF[c]}` });
      pending = [];
      i++;
      continue;
    }
    const g = tileFromGlyph(c.codePointAt(0));
    if (g) { if (pending.length) { fail(); break; } items.push({ kind: 'tile', tile: g }); i++; continue; }
    if (pending.length) { fail(); break; }
    if ('[【(（'.includes(c)) {
      const concealed = c === '(' || c === '（';
      const close = concealed ? ')）' : ']】';
      let j = i + 1;
      const ranks = [];
      let suit = null;
      while (j < chars.length && chars[j] in RANK_OF) ranks.push(RANK_OF[chars[j++]]);
      if (j < chars.length && chars[j] in SUIT_OF) suit = SUIT_OF[chars[j++]];
      let plus = false;
      if (j < chars.length && chars[j] === '+') { plus = true; j++; }
      if (!suit || j >= chars.length || !close.includes(chars[j]) ||
          !ranks.every((r) => r === ranks[0]) || ranks.length < 3 || ranks.length > 4 ||
          (concealed && (ranks.length !== 4 || plus)) || (plus && ranks.length !== 4)) { fail(); break; }
      const meld = concealed ? 'ankong' : plus ? 'addkong' : ranks.length === 4 ? 'kong' : 'pung';
      items.push({ kind: 'meld', meld, tile: `${ranks[0]}${suit}` });
      i = j + 1;
      continue;
    }
    const r = rest();
    const w = MELD_WORDS.find(([word]) => r.toLowerCase().startsWith(word));
    if (w) {
      let j = i + Array.from(w[0]).length;
      while (j < chars.length && IGNORED.has(chars[j])) j++;
      if (j + 1 < chars.length && chars[j] in RANK_OF && chars[j + 1] in SUIT_OF) {
        items.push({ kind: 'meld', meld: w[1], tile: `${RANK_OF[chars[j]]}${SUIT_OF[chars[j + 1]]}` });
        i = j + 2;
        continue;
      }
    }
    fail();
    break;
  }
  if (pending.length) {
    ok = false;
    items.push({ kind: 'text', text: pending.join('') });
  }
  return { items, ok };
}

const SUIT_ORDER = { m: 0, s: 1, p: 2 };
function byTile(a, b) {
  return SUIT_ORDER[a[1]] - SUIT_ORDER[b[1]] || Number(a[0]) - Number(b[0]);
}

export function writeNotation(items, lang) {
  const tiles = items.filter((x) => x.kind === 'tile').map((x) => x.tile).sort(byTile);
  const out = [];
  for (const s of ['m', 's', 'p']) {
    const ranks = tiles.filter((t) => t[1] === s).map((t) => t[0]).join('');
    if (ranks) out.push(ranks + (lang === 'zh' ? SUIT_ZH[s] : s));
  }
  for (const x of items) {
    if (x.kind !== 'meld') continue;
    const r = x.tile[0];
    if (lang === 'zh') {
      const word = { pung: '碰', kong: '明杠', ankong: '暗杠', addkong: '加杠' }[x.meld];
      out.push(` ${word}${r}${SUIT_ZH[x.tile[1]]}`);
    } else {
      const s = x.tile[1];
      out.push({ pung: `[${r}${r}${r}${s}]`, kong: `[${r.repeat(4)}${s}]`,
                 ankong: `(${r.repeat(4)}${s})`, addkong: `[${r.repeat(4)}${s}+]` }[x.meld]);
    }
  }
  return out.join('').trim();
}

export function countTiles(items, extra = []) {
  const n = new Map();
  const add = (t, k) => n.set(t, (n.get(t) || 0) + k);
  for (const x of items) {
    if (x.kind === 'tile') add(x.tile, 1);
    else if (x.kind === 'meld') add(x.tile, MELD_COPIES[x.meld]);
  }
  for (const t of extra) if (t) add(t, 1);
  return n;
}

// ---------- drawing ----------

export function tileElement(tile, app, opts = {}) {
  const el = document.createElement('span');
  el.className = `tile suit-${tile[1]}${opts.small ? ' small' : ''}`;
  const rank = document.createElement('b');
  rank.textContent = tile[0];
  const suit = document.createElement('i');
  suit.textContent = SUIT_ZH[tile[1]];
  el.append(rank, suit);
  el.title = tileLabel(tile, app ? app.lang : 'zh');
  el.setAttribute('aria-label', el.title);
  return el;
}

export function renderTiles(text, app, opts = {}) {
  const box = document.createElement('div');
  box.className = 'tiles';
  const { items } = readNotation(text);
  const tiles = items.filter((x) => x.kind === 'tile').map((x) => x.tile).sort(byTile);
  let prevSuit = null;
  for (const t of tiles) {
    const el = tileElement(t, app);
    if (prevSuit && prevSuit !== t[1]) el.classList.add('gap');
    prevSuit = t[1];
    box.append(el);
  }
  for (const x of items) {
    if (x.kind === 'meld') {
      const g = document.createElement('span');
      g.className = `meld meld-${x.meld}`;
      const n = MELD_COPIES[x.meld];
      for (let k = 0; k < n; k++) {
        const el = tileElement(x.tile, app);
        if (x.meld === 'ankong' && (k === 0 || k === 3)) el.classList.add('back');
        g.append(el);
      }
      const m = MELDS.find((d) => d.id === x.meld);
      const label = document.createElement('small');
      label.textContent = app ? app.t(m.zh, m.en) : m.zh;
      g.append(label);
      box.append(g);
    } else if (x.kind === 'text') {
      const s = document.createElement('span');
      s.className = 'tiles-text';
      s.textContent = x.text;
      box.append(s);
    }
  }
  if (opts.win) {
    const w = tileElement(opts.win, app);
    w.classList.add('win');
    box.append(w);
  }
  return box;
}

// ---------- the keyboard ----------

export function makeKeyboard(app, opts = {}) {
  const kb = document.createElement('div');
  kb.className = 'keyboard';
  let mode = null;
  const keys = [];
  for (const s of SUITS) {
    const row = document.createElement('div');
    row.className = `krow suit-${s.id}`;
    for (let r = 1; r <= 9; r++) {
      const tile = `${r}${s.id}`;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `key suit-${s.id}`;
      b.dataset.tile = tile;
      const rank = document.createElement('b');
      rank.textContent = String(r);
      const suit = document.createElement('i');
      suit.textContent = s.zh;
      b.append(rank, suit);
      b.addEventListener('click', () => {
        if (b.disabled) return;
        const m = mode;
        if (mode) setMode(null);
        if (opts.onTile) opts.onTile(tile, m);
        refresh();
      });
      row.append(b);
      keys.push(b);
    }
    kb.append(row);
  }

  const ctl = document.createElement('div');
  ctl.className = 'krow controls';
  const modeButtons = [];
  if (opts.melds) {
    for (const m of MELDS) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'kctl mode';
      b.dataset.mode = m.id;
      b.setAttribute('aria-pressed', 'false');
      b.addEventListener('click', () => setMode(mode === m.id ? null : m.id));
      modeButtons.push([b, m]);
      ctl.append(b);
    }
  }
  let back = null;
  let clear = null;
  if (opts.onBack) {
    back = document.createElement('button');
    back.type = 'button';
    back.className = 'kctl back';
    back.dataset.action = 'back';
    back.textContent = '⌫';
    back.addEventListener('click', () => { opts.onBack(); refresh(); });
    ctl.append(back);
  }
  if (opts.onClear) {
    clear = document.createElement('button');
    clear.type = 'button';
    clear.className = 'kctl clear';
    clear.dataset.action = 'clear';
    clear.addEventListener('click', () => { setMode(null); opts.onClear(); refresh(); });
    ctl.append(clear);
  }
  if (ctl.children.length) kb.append(ctl);

  function setMode(m) {
    mode = m;
    for (const [b, d] of modeButtons) {
      const on = d.id === m;
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
      b.classList.toggle('on', on);
    }
    kb.classList.toggle('meld-mode', !!m);
    refresh();
  }

  function refresh() {
    for (const [b, d] of modeButtons) b.textContent = app.t(d.zh, d.en);
    if (back) back.setAttribute('aria-label', app.t('退格', 'Backspace'));
    if (clear) clear.textContent = app.t('清空', 'Clear');
    const need = mode ? MELD_COPIES[mode] : 1;
    for (const b of keys) {
      const have = opts.count ? opts.count(b.dataset.tile) : 0;
      // A kong made from a pung already shown (补杠) still adds only its one copy, but the
      // keyboard writes a whole meld: the library refuses what does not fit.
      const full = have + need > 4;
      b.disabled = full;
      b.classList.toggle('full', full);
      b.setAttribute('aria-label', `${tileLabel(b.dataset.tile, app.lang)}${full ? app.t('（已满 4 张）', ' (all 4 used)') : ''}`);
    }
  }

  kb.refresh = refresh;
  kb.setMode = setMode;
  refresh();
  return kb;
}

// ---------- the hand shared by score and waits ----------

const handListeners = [];
export const hand = {
  text: '',
  set(text, source) {
    if (text === hand.text) return;
    hand.text = text;
    for (const cb of handListeners) {
      try { cb(text, source); } catch (e) { console.warn(e); }
    }
  },
  subscribe(cb) { handListeners.push(cb); },
};
