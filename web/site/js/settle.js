// settle.js: the 结算 (settle) tab. A words box (the table in words, as `qianmj settle` reads
// it) answered by the library as it changes, and a guided form that WRITES those words for a
// player who does not know them. The page computes nothing about mahjong: the form only puts
// words together (their spellings are those of `qianmj help words`); the library reads them,
// checks them and answers. The pattern names come from the rules JSON answer's `patterns`.
//
// Exports shared with session.js: makeBuilder (the guided form, also used for a hand of the
// evening), tableWords (the pure words writer), showReply / errorText (an answer shown as the
// library gives it), rulesInfo (the rules JSON answer for a rule set).

export const tab = { id: 'settle', zh: '结算', en: 'Settle' };

const SEATS_ZH = ['东', '南', '西', '北'];
const SEATS_EN = ['E', 'S', 'W', 'N'];
const SUIT_ZH = { m: '万', p: '筒', s: '条' };

// ---------- the words writer (pure: no DOM, no library; tested under node too) ----------

// A tile as the form holds it ('7p') in the words of the language ('7筒' or '7p').
function tileWord(tile, lang) {
  if (!tile) return '';
  return lang === 'zh' ? tile[0] + SUIT_ZH[tile[1]] : tile;
}

// A seat's hand from its taps: items [{kind:'tile', tile:'7p'} | {kind:'meld', meld, tile}]
// (meld: pung, kong (direct), ankong (concealed), addkong (added)) -> the notation
// `2344567筒345789条[5555万]` (zh) or `2344567p345789s[5555m]`: the tiles in suit order, each
// suit's ranks then its letter, the melds in brackets (no spaces: a space ends a word).
const SUIT_ORDER = ['m', 's', 'p'];
export function notation(items, lang) {
  const suit = (x) => (lang === 'zh' ? SUIT_ZH[x] : x);
  const out = [];
  for (const x of SUIT_ORDER) {
    const ranks = items.filter((it) => it.kind === 'tile' && it.tile[1] === x).map((it) => it.tile[0]).sort().join('');
    if (ranks) out.push(ranks + suit(x));
  }
  for (const it of items) {
    if (it.kind !== 'meld') continue;
    const r = it.tile[0];
    const sx = suit(it.tile[1]);
    out.push({ pung: `[${r}${r}${r}${sx}]`, kong: `[${r.repeat(4)}${sx}]`, ankong: `(${r.repeat(4)}${sx})`, addkong: `[${r.repeat(4)}${sx}+]` }[it.meld]);
  }
  return out.join('');
}

// state: see newState(). ctx: {lang, evening, ruleWord, seatWords?: [4 strings]}.
// Returns the table in words (one line). Every word is spelled as `qianmj help words` lists it.
export function tableWords(s, ctx) {
  const zh = ctx.lang === 'zh';
  const seat = (i) => (ctx.seatWords ? ctx.seatWords[i] : (zh ? SEATS_ZH : SEATS_EN)[i]);
  // a seat doing something: 东自摸清一色 / E:zimo:qingyise
  const act = (i, zhVerb, enVerb, value) => (zh
    ? `${seat(i)}${zhVerb}${value || ''}`
    : `${seat(i)}:${enVerb}${value ? ':' + value : ''}`);
  const pat = (p) => (p ? (zh ? p.zh : p.id) : '');
  const w = [];
  if (!ctx.evening) {
    if (ctx.ruleWord) w.push(ctx.ruleWord);
    if (s.dealer !== null && s.dealer !== undefined) w.push(zh ? `庄${seat(s.dealer)}` : `dealer:${seat(s.dealer)}`);
    if (s.streak > 0) w.push(zh ? `连庄${s.streak}` : `streak:${s.streak}`);
  }
  const tiles = s.mode === 'tiles';
  if (tiles) {
    // the hands given, then who fed each direct kong in them
    for (let i = 0; i < 4; ++i) if (s.hands[i].length) w.push(`${seat(i)}:${notation(s.hands[i], ctx.lang)}`);
    for (let i = 0; i < 4; ++i) {
      for (const it of s.hands[i]) {
        if (it.kind !== 'meld' || it.meld !== 'kong' || it.from === null || it.from === undefined) continue;
        w.push(act(it.from, '点杠', 'fed', tileWord(it.tile, ctx.lang)));
      }
    }
  }
  const winTile = tiles && s.winTile ? tileWord(s.winTile, ctx.lang) : '';
  // kongs, in the order made (said as words only for a declared table; in tiles, in the hands)
  for (const k of (tiles ? [] : s.kongs)) {
    const t = tileWord(k.tile, ctx.lang);
    const tt = zh ? t : k.tile;
    if (k.kind === 'direct') {
      w.push(act(k.seat, '明杠', 'direct-kong', tt));
      // ASCII `fed:` takes a value: with no tile it is said `S:fed:`
      if (k.from !== null && k.from !== undefined) w.push(zh || tt ? act(k.from, '点杠', 'fed', tt) : `${seat(k.from)}:fed:`);
    } else if (k.kind === 'concealed') {
      w.push(act(k.seat, '暗杠', 'concealed-kong', tt));
    } else {
      w.push(act(k.seat, '补杠', 'added-kong', tt));
    }
  }
  const lastKongOf = (i) => {
    const mine = tiles
      ? s.hands[i].filter((it) => it.kind === 'meld' && it.meld !== 'pung')
      : s.kongs.filter((k) => k.seat === i);
    if (mine.length < 2) return null;
    const t = mine[mine.length - 1].tile;
    return t ? (zh ? `最后杠${tileWord(t, 'zh')}` : `last-kong:${t}`) : null;
  };
  const r = s.result;
  if (r === 'zimo') {
    w.push(act(s.winner, '自摸', 'zimo', tiles ? winTile : pat(s.pattern)));
    if (s.gangshanghua) {
      w.push(zh ? '杠上花' : 'gangshanghua');
      const lk = lastKongOf(s.winner);
      if (lk) w.push(lk);
    }
    if (s.tianhu) w.push(zh ? '天胡' : 'tianhu');
    if (s.dihu) w.push(zh ? '地胡' : 'dihu');
  } else if (r === 'win') {
    for (let i = 0; i < 4; ++i) {
      if (s.winners[i]) w.push(act(i, '胡', 'win', tiles ? winTile : pat(s.winners[i])));
    }
    if (s.from !== null && s.from !== undefined) {
      w.push(s.robbed ? act(s.from, '被抢杠', 'robbed') : act(s.from, '放炮', 'pao'));
    }
    if (s.gangshangpao) {
      w.push(zh ? '杠上炮' : 'gangshangpao');
      if (s.from !== null && s.from !== undefined) {
        const lk = lastKongOf(s.from);
        if (lk) w.push(lk);
      }
    }
    // 地胡 off a discard: with several winners, say whose
    const nw = s.winners.filter(Boolean).length;
    if (s.dihuSeat !== null && s.dihuSeat !== undefined && s.winners[s.dihuSeat]) {
      w.push(nw > 1 ? act(s.dihuSeat, '地胡', 'dihu') : (zh ? '地胡' : 'dihu'));
    }
  } else if (r === 'draw') {
    w.push(zh ? '流局' : 'draw');
  } else if (r === 'escape') {
    if (s.escaper !== null && s.escaper !== undefined) w.push(act(s.escaper, '逃跑', 'escape'));
    // In the last four tiles only the ready seats collect more than the escape penalty (D9):
    // with none ready the table is a plain escape (quick entry cannot say "none ready" here).
    if (s.lastFour && (tiles || escapeReady(s))) w.push(zh ? '最后四张' : 'last-four');
  }
  // at a draw, or an escape in the last four tiles: who is ready with which pattern, 花猪
  if (!tiles && (r === 'draw' || (r === 'escape' && s.lastFour))) {
    for (let i = 0; i < 4; ++i) {
      if (r === 'escape' && i === s.escaper) continue;
      const st = s.seats[i];
      if (st.state === 'ready') w.push(act(i, '听', 'ready', pat(st.pattern)));
      else if (st.state === 'huazhu' && r === 'draw') w.push(act(i, '花猪', 'huazhu'));
    }
  }
  // a win where the rule set counts 鸡: the others that are ready (they earn their 鸡)
  if ((r === 'zimo' || r === 'win') && ctx.chickens && !tiles) {
    for (let i = 0; i < 4; ++i) {
      const won = r === 'zimo' ? i === s.winner : !!s.winners[i];
      if (!won && s.readyAtWin[i]) w.push(act(i, '听', 'ready'));
    }
  }
  for (let i = 0; i < 4; ++i) if (s.baoting[i]) w.push(act(i, '报听', 'baoting'));
  if ((r === 'zimo' || r === 'win') && ctx.chickens && !tiles) {
    for (let i = 0; i < 4; ++i) if (s.ji[i] > 0) w.push(act(i, '鸡', 'ji', String(s.ji[i])));
  }
  if ((r === 'zimo' || r === 'win') && ctx.flip && s.flip) w.push(zh ? `翻${tileWord(s.flip, 'zh')}` : `flip:${s.flip}`);
  if ((r === 'zimo' || r === 'win') && ctx.yaoji) {
    // the 冲锋鸡 is one of its seat's discarded 幺鸡, so that seat discarded at least one
    const cf = ctx.chongfeng && s.chongfeng !== null && s.chongfeng !== undefined ? s.chongfeng : -1;
    for (let i = 0; i < 4; ++i) {
      const n = Math.max(s.yaoji[i], i === cf ? 1 : 0);
      if (n > 0) w.push(act(i, '打幺鸡', 'yaoji', String(n)));
    }
  }
  if ((r === 'zimo' || r === 'win') && ctx.chongfeng && s.chongfeng !== null && s.chongfeng !== undefined) {
    w.push(act(s.chongfeng, '冲锋鸡', 'chongfeng'));
  }
  return w.join(' ');
}

function escapeReady(s) {
  return s.seats.some((st, i) => i !== s.escaper && st.state === 'ready');
}

export function newState(dealer = 0) {
  return {
    dealer, streak: 0, result: 'zimo', mode: 'declared',
    hands: [[], [], [], []], winTile: null,
    winner: 0, pattern: null, gangshanghua: false, tianhu: false, dihu: false,
    winners: [null, null, null, null], dihuSeat: null, from: null, robbed: false, gangshangpao: false,
    seats: [0, 1, 2, 3].map(() => ({ state: 'none', pattern: null })),
    escaper: null, lastFour: false,
    kongs: [], baoting: [false, false, false, false],
    readyAtWin: [false, false, false, false],
    ji: [0, 0, 0, 0], flip: null, yaoji: [0, 0, 0, 0], chongfeng: null,
  };
}

// ---------- the library's answers ----------

const rulesCache = new Map();
// The rules JSON answer of a rule set (patterns, options, rulesets); null if refused.
export function rulesInfo(app, rules) {
  const key = `${rules || ''}|${app.lang}`;
  if (rulesCache.has(key)) return rulesCache.get(key);
  const req = { command: 'rules', format: 'json', options: [] };
  if (rules) req.rules = rules;
  const r = app.ask(req);
  let info = null;
  if (r.status === 0) {
    try { info = JSON.parse(String(r.output).split('\n')[0]); } catch (e) { info = null; }
  }
  rulesCache.set(key, info);
  return info;
}

let wordsJson = null;
// The words JSON answer (`qianmj help words`): which words a rule set has of its own.
function ruleSetWords(app, id) {
  if (!wordsJson) {
    const r = app.ask({ command: 'words', format: 'json', options: [] });
    try { wordsJson = r.status === 0 ? JSON.parse(String(r.output).split('\n')[0]) : { words: [] }; } catch (e) { wordsJson = { words: [] }; }
  }
  const sec = (wordsJson.words || []).find((x) => x.id === `rules:${id}`);
  const en = new Set();
  if (sec) for (const wd of sec.words) for (const e of wd.en || []) en.add(e.replace(/[:=]$/, ''));
  return { sec, en };
}

// The rule sets the library has: the rules JSON answer's `rulesets`, or the one it names.
export function ruleSets(app) {
  const info = rulesInfo(app, app.settings.rules);
  if (info && Array.isArray(info.rulesets) && info.rulesets.length) return info.rulesets;
  const id = (info && info.rules) || app.settings.rules;
  return [{ id, zh: id, en: id }];
}

// An error answer as one line of text, in the page's language.
export function errorText(app, reply) {
  const e = reply.error || {};
  const where = [];
  if (e.line) where.push(app.t(`第 ${e.line} 行`, `line ${e.line}`));
  if (e.column) where.push(app.t(`第 ${e.column} 列`, `column ${e.column}`));
  const msg = app.t(e.message_zh || e.message || '', e.message || e.message_zh || '');
  return `${app.t('错误', 'error')} [${e.code || '?'}]${where.length ? ' ' + where.join(app.t('，', ', ')) : ''}${app.t('：', ': ')}${msg}`;
}

// Shows a reply in `pre` (the library's text) or its error; `text` + column marks the word.
export function showReply(app, pre, reply, text) {
  pre.textContent = '';
  pre.classList.toggle('qm-settle-error', reply.status === 2);
  if (reply.status === 2) {
    pre.append(errorText(app, reply));
    const col = reply.error && reply.error.column;
    if (col && typeof text === 'string') {
      const chars = Array.from(text);
      const at = col - 1;
      if (at >= 0 && at < chars.length) {
        let end = at;
        while (end < chars.length && !/[\s，、；。]/.test(chars[end])) ++end;
        const line = document.createElement('div');
        line.className = 'qm-settle-caret';
        const mark = document.createElement('mark');
        mark.textContent = chars.slice(at, Math.max(end, at + 1)).join('');
        line.append(chars.slice(0, at).join(''), mark, chars.slice(Math.max(end, at + 1)).join(''));
        pre.append(line);
      }
    }
    if (reply.output) pre.append('\n' + reply.output);
  } else {
    pre.textContent = reply.output;
  }
}


// ---------- small DOM helpers ----------

export function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k in e && k !== 'list') e[k] = v;
    else e.setAttribute(k, v);
  }
  for (const c of kids) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// A row of toggle buttons; value() -> chosen, multi or single.
function seg(options, current, onPick) {
  const box = el('span', { class: 'qm-settle-seg' });
  for (const o of options) {
    const b = el('button', { type: 'button', text: o.label });
    b.setAttribute('aria-pressed', String(o.on !== undefined ? o.on : o.value === current));
    if (o.name) b.dataset.name = o.name;
    b.addEventListener('click', () => onPick(o.value));
    box.append(b);
  }
  return box;
}

// ---------- the tile picker for a kong's tile or the 翻牌 (A's tile keyboard if present) ----------

let tilesMod;
async function loadTiles() {
  if (tilesMod !== undefined) return tilesMod;
  try { tilesMod = await import('./tiles.js'); } catch (e) { tilesMod = null; }
  return tilesMod;
}

// A single-tile picker: a button showing the tile; tapped, A's tile keyboard opens below it
// (a full-width item of the flex row) and a tapped tile is the pick. Without tiles.js, rank
// and suit selects. Returns the elements to append. onPick('7p').
function tilePicker(app, current, onPick, name, picking, setPicking) {
  if (!tilesMod) {
    const box = el('span', { class: 'qm-settle-seg' });
    const rank = el('select', { 'aria-label': app.t('点数', 'rank') });
    rank.dataset.name = `${name}-rank`;
    rank.append(el('option', { value: '', text: app.t('牌…', 'tile…') }));
    for (let i = 1; i <= 9; ++i) rank.append(el('option', { value: String(i), text: String(i) }));
    const suit = el('select', { 'aria-label': app.t('花色', 'suit') });
    suit.dataset.name = `${name}-suit`;
    for (const x of ['m', 'p', 's']) suit.append(el('option', { value: x, text: app.t(SUIT_ZH[x], x) }));
    if (current) { rank.value = current[0]; suit.value = current[1]; }
    const fire = () => onPick(rank.value ? rank.value + suit.value : null);
    rank.addEventListener('change', fire);
    suit.addEventListener('change', fire);
    box.append(rank, suit);
    return [box];
  }
  const btn = el('button', { type: 'button', class: 'qm-settle-tilebtn' });
  btn.dataset.name = `${name}-pick`;
  btn.setAttribute('aria-expanded', String(picking === name));
  if (current) btn.append(tilesMod.tileElement(current, app, { small: true }));
  else btn.append(app.t('选牌…', 'Tile…'));
  btn.addEventListener('click', () => setPicking(picking === name ? null : name));
  const out = [btn];
  if (current && name !== 'wintile') {   // a kong's tile and the 翻牌 may be left out
    const rm = el('button', { type: 'button', text: app.t('不写牌', 'no tile') });
    rm.dataset.name = `${name}-none`;
    rm.addEventListener('click', () => onPick(null));
    out.push(rm);
  }
  if (picking === name) {
    const kb = tilesMod.makeKeyboard(app, { onTile: (t) => { setPicking(null, true); onPick(t); } });
    out.push(el('div', { class: 'qm-settle-tilepick' }, kb));
  }
  return out;
}

// ---------- the guided form ----------

// opts: {evening: bool, seatNames?: () => [4 names] (labels), rules?: () => id (evening),
//        dealer?: () => seat (the evening's next dealer, for 天胡), onWords(words)}
export function makeBuilder(app, opts) {
  let s = newState();
  let rules = opts.rules ? opts.rules() : app.settings.rules;
  let rulesPicked = false;   // the form's rule set chosen here, not the settings'
  let picking = null;   // the tile picker open, by name
  const setPicking = (name, quiet) => { picking = name; if (!quiet) render(); };
  if (tilesMod === undefined) loadTiles().then(() => render());
  const root = el('details', { class: 'qm-settle-form' });
  const summary = el('summary');
  const body = el('div');
  root.append(summary, body);

  const names = () => (opts.seatNames ? opts.seatNames() : null) || [0, 1, 2, 3].map((i) => app.t(SEATS_ZH[i], SEATS_EN[i]));
  const seatOpts = (prefix) => names().map((n, i) => ({ label: n, value: i, name: `${prefix}${i}` }));

  function ctx() {
    const info = rulesInfo(app, rules);
    const rw = ruleSetWords(app, rules);
    const sets = ruleSets(app);
    const rs = sets.find((x) => x.id === rules);
    // The rule set is always said, so a shared table reads the same under any settings.
    let ruleWord = null;
    if (!opts.evening && rs) {
      const zhWord = rs.zh && rw.sec && rw.sec.words.some((x) => (x.zh || []).includes(rs.zh));
      ruleWord = app.lang === 'zh' ? (zhWord ? rs.zh : `规则:${rs.id}`) : (rw.en.has(rs.id) ? rs.id : `rules:${rs.id}`);
    }
    return {
      lang: app.lang, evening: !!opts.evening, ruleWord,
      // the 捉鸡 family (Zunyi, Guiyang: the rule sets with 打幺鸡) says its 鸡 in quick entry
      chickens: rw.en.has('yaoji'),
      flip: rw.en.has('flip'), yaoji: rw.en.has('yaoji'), chongfeng: rw.en.has('chongfeng'),
      patterns: (info && info.patterns) || [],
    };
  }

  function write() {
    const c = ctx();
    const words = tableWords(s, c);
    opts.onWords(words);
  }

  function patternSelect(cur, onPick, name, c) {
    const sel = el('select', { 'aria-label': app.t('牌型', 'pattern') });
    sel.dataset.name = name;
    for (const p of c.patterns) {
      const o = el('option', { value: p.id, text: app.t(p.zh, `${p.en} ${p.zh}`) });
      if (cur && cur.id === p.id) o.selected = true;
      sel.append(o);
    }
    sel.addEventListener('change', () => onPick(c.patterns.find((p) => p.id === sel.value) || null));
    return sel;
  }

  const set = (f) => { f(); render(); write(); };
  // Every choice the form offers makes a whole table: the parts a result needs get a default
  // (a winner, a discarder not among the winners, who escaped, who fed a direct kong).
  function complete(c) {
    if (s.result === 'win') {
      if (!s.winners.some(Boolean)) s.winners[s.winner] = s.pattern || c.patterns[0] || null;
      if (s.from === null || s.winners[s.from]) {
        for (let k = 1; k < 4; ++k) {
          const i = (s.winners.findIndex(Boolean) + k) % 4;
          if (!s.winners[i]) { s.from = i; break; }
        }
      }
      if (s.dihuSeat !== null && !s.winners[s.dihuSeat]) s.dihuSeat = null;
    }
    if (s.result === 'escape' && s.escaper === null) s.escaper = (dealerNow() ?? 0);
    for (const k of s.kongs) if (k.kind === 'direct' && (k.from === null || k.from === k.seat)) k.from = (k.seat + 3) % 4;
    s.hands.forEach((h, i) => { for (const it of h) if (it.kind === 'meld' && it.meld === 'kong' && (it.from === null || it.from === undefined)) it.from = (i + 3) % 4; });
  }
  // the dealer of this hand: the form's, or the evening's next dealer (the library's)
  const dealerNow = () => (opts.evening ? (opts.dealer ? opts.dealer() : null) : s.dealer);

  function render() {
    const c = ctx();
    summary.textContent = app.t('帮我写（不会用词时点这里）', 'Help me write it (tap here)');
    body.textContent = '';
    const row = (label, ...kids) => el('div', { class: 'qm-settle-row' }, el('span', { class: 'qm-settle-label', text: label }), ...kids);
    // pattern objects must be this rule set's
    const fix = (p) => (p && c.patterns.find((x) => x.id === p.id)) || null;
    s.pattern = fix(s.pattern) || c.patterns[0] || null;
    s.winners = s.winners.map((p) => (p ? fix(p) || c.patterns[0] || null : null));
    for (const st of s.seats) st.pattern = fix(st.pattern) || c.patterns[0] || null;

    if (!opts.evening) {
      const sets = ruleSets(app);
      if (sets.length > 1 || sets[0].id !== rules) {
        const sel = el('select', { 'aria-label': app.t('规则', 'rule set') });
        sel.dataset.name = 'rules';
        for (const x of sets) sel.append(el('option', { value: x.id, text: app.t(x.zh, x.en), selected: x.id === rules }));
        sel.addEventListener('change', () => set(() => { rules = sel.value; rulesPicked = true; }));
        body.append(row(app.t('规则', 'Rules'), sel));
      }
      body.append(row(app.t('庄家', 'Dealer'), seg(seatOpts('dealer'), s.dealer, (v) => set(() => { s.dealer = v; }))));
      body.append(row(app.t('连庄', 'Streak'),
        el('button', { type: 'button', text: '−', onclick: () => set(() => { s.streak = Math.max(0, s.streak - 1); }) }),
        el('b', { text: String(s.streak), class: 'qm-settle-streak' }),
        el('button', { type: 'button', text: '+', onclick: () => set(() => { s.streak += 1; }) })));
      body.lastChild.querySelectorAll('button')[0].dataset.name = 'streak-down';
      body.lastChild.querySelectorAll('button')[1].dataset.name = 'streak-up';
    }
    const tiles = s.mode === 'tiles';
    body.append(row(app.t('写法', 'Say it by'), seg([
      { value: 'declared', label: app.t('报牌型', 'pattern'), name: 'mode-declared' },
      { value: 'tiles', label: app.t('写手牌', 'tiles'), name: 'mode-tiles' },
    ], s.mode, (v) => set(() => { s.mode = v; picking = null; complete(c); }))));
    const results = [
      { value: 'zimo', label: app.t('自摸', 'Self-draw') },
      { value: 'win', label: app.t('点炮胡', 'Off a discard') },
      { value: 'draw', label: app.t('流局', 'Draw') },
      { value: 'escape', label: app.t('逃跑', 'Escape') },
    ].map((o) => ({ ...o, name: `result-${o.value}` }));
    body.append(row(app.t('结果', 'Result'), seg(results, s.result, (v) => set(() => { s.result = v; complete(c); }))));

    const box = el('div', { class: 'qm-settle-box' });
    body.append(box);
    if (s.result === 'zimo') {
      box.append(row(app.t('胡家', 'Winner'), seg(seatOpts('winner'), s.winner, (v) => set(() => { s.winner = v; }))));
      if (tiles) box.append(row(app.t('自摸的牌', 'Drawn tile'), ...tilePicker(app, s.winTile, (t) => set(() => { s.winTile = t; }), 'wintile', picking, setPicking)));
      else box.append(row(app.t('牌型', 'Pattern'), patternSelect(s.pattern, (p) => set(() => { s.pattern = p; }), 'pattern', c)));
      box.append(el('div', { class: 'qm-settle-row' },
        check(app.t('杠上花', '杠上花 kong replacement'), s.gangshanghua, (v) => set(() => { s.gangshanghua = v; }), 'gangshanghua'),
        s.winner === dealerNow()
          ? check(app.t('天胡', '天胡 heavenly'), s.tianhu, (v) => set(() => { s.tianhu = v; }), 'tianhu')
          : check(app.t('地胡', '地胡 earthly'), s.dihu, (v) => set(() => { s.dihu = v; }), 'dihu')));
      if (s.winner === dealerNow()) s.dihu = false; else s.tianhu = false;
    } else if (s.result === 'win') {
      const wopts = names().map((n, i) => ({ label: n, value: i, on: !!s.winners[i], name: `winner${i}` }));
      box.append(row(app.t('胡家', 'Winners'), seg(wopts, null, (v) => set(() => {
        const n = s.winners.filter(Boolean).length;
        if (s.winners[v]) { if (n > 1) s.winners[v] = null; }      // one winner at least
        else if (n < 3) s.winners[v] = c.patterns[0] || null;      // and a discarder
        complete(c);
      }))));
      if (tiles) box.append(row(app.t('点炮的牌', 'The discard'), ...tilePicker(app, s.winTile, (t) => set(() => { s.winTile = t; }), 'wintile', picking, setPicking)));
      for (let i = 0; i < 4 && !tiles; ++i) {
        if (!s.winners[i]) continue;
        box.append(row(`${names()[i]} ${app.t('牌型', 'pattern')}`, patternSelect(s.winners[i], (p) => set(() => { s.winners[i] = p || c.patterns[0]; }), `pattern${i}`, c)));
      }
      const fopts = names().map((n, i) => ({ label: n, value: i, name: `from${i}` })).filter((o) => !s.winners[o.value]);
      box.append(row(s.robbed ? app.t('被抢杠', 'Robbed') : app.t('放炮', 'Discarder'), seg(fopts, s.from, (v) => set(() => { s.from = v; }))));
      box.append(el('div', { class: 'qm-settle-row' },
        check(app.t('抢杠（被抢的加杠）', '抢杠 robbing a kong'), s.robbed, (v) => set(() => { s.robbed = v; }), 'robbed'),
        check(app.t('杠上炮', '杠上炮 kong discard'), s.gangshangpao, (v) => set(() => { s.gangshangpao = v; }), 'gangshangpao'),
        check(app.t('地胡', '地胡 earthly'), s.dihuSeat !== null && !!s.winners[s.dihuSeat], (v) => set(() => {
          s.dihuSeat = v ? s.winners.findIndex((x, i) => x && i !== dealerNow()) : null;
          if (s.dihuSeat < 0) s.dihuSeat = null;
        }), 'dihu')));
      if (s.dihuSeat !== null && s.winners.filter(Boolean).length > 1) {
        const dopts = names().map((n, i) => ({ label: n, value: i, name: `dihu${i}` })).filter((o) => s.winners[o.value]);
        box.append(row(app.t('谁地胡', '地胡 by'), seg(dopts, s.dihuSeat, (v) => set(() => { s.dihuSeat = v; }))));
      }
    } else if (s.result === 'draw' || s.result === 'escape') {
      if (s.result === 'escape') {
        box.append(row(app.t('逃跑', 'Escaped'), seg(seatOpts('escaper'), s.escaper, (v) => set(() => { s.escaper = v; }))));
        box.append(el('div', { class: 'qm-settle-row' },
          check(app.t('最后四张', 'in the last four tiles'), s.lastFour, (v) => set(() => { s.lastFour = v; }), 'lastfour')));
        if (s.lastFour && !tiles && !escapeReady(s)) {
          box.append(el('div', { class: 'qm-settle-note', text: app.t('标出听牌的几家；都未听牌时按普通逃跑结算（D9）。', 'Mark the ready seats; with none ready it is settled as a plain escape (D9).') }));
        }
      }
      if (tiles && (s.result === 'draw' || s.lastFour)) {
        box.append(el('div', { class: 'qm-settle-note', text: app.t('写出每家的手牌（逃跑者除外）：谁听牌、谁是花猪由计算器判断。', 'Write every hand (not the escaper\'s): the calculator finds who is ready and who is 花猪.') }));
      } else if (s.result === 'draw' || s.lastFour) {
        box.append(el('div', { class: 'qm-settle-note', text: app.t('每家：听牌（所听最大牌型）或花猪；不选即未听。', 'Each seat: ready (its best pattern) or 花猪; none = not ready.') }));
        for (let i = 0; i < 4; ++i) {
          if (s.result === 'escape' && i === s.escaper) continue;
          const st = s.seats[i];
          const choices = [{ value: 'none', label: app.t('未听', 'not ready') }, { value: 'ready', label: app.t('听', 'ready') }];
          if (s.result === 'draw') choices.push({ value: 'huazhu', label: app.t('花猪', '花猪') });
          const line = el('div', { class: 'qm-settle-seatline' }, el('b', { text: names()[i] }),
            seg(choices.map((o) => ({ ...o, name: `s${i}-${o.value}` })), st.state, (v) => set(() => { st.state = v; })));
          if (st.state === 'ready') line.append(patternSelect(st.pattern, (p) => set(() => { st.pattern = p || c.patterns[0]; }), `ready${i}`, c));
          box.append(line);
        }
      }
    }

    if (tiles) body.append(handsBox(c));
    // kongs
    const kbox = el('div', { class: 'qm-settle-box', hidden: tiles });
    kbox.append(el('div', { class: 'qm-settle-label', text: app.t('杠（按先后）', 'Kongs (in order)') }));
    s.kongs.forEach((k, idx) => {
      const line = el('div', { class: 'qm-settle-kong' });
      const who = el('select', { 'aria-label': app.t('谁杠', 'who') });
      who.dataset.name = `kong${idx}-seat`;
      names().forEach((n, i) => who.append(el('option', { value: String(i), text: n, selected: i === k.seat })));
      who.addEventListener('change', () => set(() => { k.seat = Number(who.value); if (k.from === k.seat) k.from = null; complete(c); }));
      const kind = el('select', { 'aria-label': app.t('杠的种类', 'kind') });
      kind.dataset.name = `kong${idx}-kind`;
      for (const [v, zh, en] of [['direct', '明杠', 'direct 明杠'], ['concealed', '暗杠', 'concealed 暗杠'], ['added', '补杠', 'added 补杠']]) {
        kind.append(el('option', { value: v, text: app.t(zh, en), selected: v === k.kind }));
      }
      kind.addEventListener('change', () => set(() => { k.kind = kind.value; complete(c); }));
      line.append(who, kind, ...tilePicker(app, k.tile, (t) => set(() => { k.tile = t; }), `kong${idx}-tile`, picking, setPicking));
      if (k.kind === 'direct') {
        const from = el('select', { 'aria-label': app.t('谁点杠', 'fed by') });
        from.dataset.name = `kong${idx}-from`;
        names().forEach((n, i) => { if (i !== k.seat) from.append(el('option', { value: String(i), text: app.t(`${n}点杠`, `fed by ${n}`), selected: i === k.from })); });
        from.addEventListener('change', () => set(() => { k.from = from.value === '' ? null : Number(from.value); }));
        line.append(from);
      }
      const rm = el('button', { type: 'button', text: '✕', 'aria-label': app.t('删去这个杠', 'remove this kong') });
      rm.dataset.name = `kong${idx}-remove`;
      rm.addEventListener('click', () => set(() => { s.kongs.splice(idx, 1); }));
      line.append(rm);
      const kb = line.querySelector('.qm-settle-tilepick');
      if (kb) line.append(kb);   // the keyboard last, under the row
      kbox.append(line);
    });
    const add = el('button', { type: 'button', text: app.t('＋ 加一个杠', '+ Add a kong') });
    add.dataset.name = 'kong-add';
    add.addEventListener('click', () => set(() => { s.kongs.push({ seat: 0, kind: 'concealed', tile: null, from: null }); }));
    kbox.append(add);
    body.append(kbox);

    // 报听
    const bopts = names().map((n, i) => ({ label: n, value: i, on: s.baoting[i], name: `baoting${i}` }));
    body.append(row(app.t('报听', '报听'), seg(bopts, null, (v) => set(() => { s.baoting[v] = !s.baoting[v]; }))));

    // rule-set words at a win: 鸡, 翻牌, 打幺鸡, 冲锋鸡, the others' 听
    if ((s.result === 'zimo' || s.result === 'win') && (c.chickens || c.yaoji || c.chongfeng || c.flip)) {
      const zb = el('div', { class: 'qm-settle-box' });
      if (c.chickens && !tiles) {
        const ropts = names().map((n, i) => ({ label: n, value: i, on: s.readyAtWin[i], name: `readyatwin${i}` }));
        zb.append(row(app.t('未胡听牌', 'Ready (not won)'), seg(ropts, null, (v) => set(() => { s.readyAtWin[v] = !s.readyAtWin[v]; }))));
        zb.append(el('div', { class: 'qm-settle-note', text: app.t('鸡：手牌与碰杠中的鸡数（含翻鸡；金鸡一张算 2）', '鸡: chickens in hand and melds (flipped ones included; a gold one counts 2)') }));
        zb.append(counters(app.t('鸡', '鸡'), s.ji, 'ji', 12));
      }
      if (c.yaoji) {
        zb.append(el('div', { class: 'qm-settle-note', text: app.t('打幺鸡：一家打出的幺鸡数', '打幺鸡: 1-bamboo tiles a seat discarded') }));
        zb.append(counters(app.t('打幺鸡', '打幺鸡'), s.yaoji, 'yaoji', 4));
      }
      if (c.chongfeng) {
        zb.append(row(app.t('冲锋鸡', '冲锋鸡'), seg([{ label: app.t('无', 'none'), value: null, name: 'chongfeng-none' },
          ...names().map((n, i) => ({ label: n, value: i, name: `chongfeng${i}` }))], s.chongfeng, (v) => set(() => { s.chongfeng = v; if (v !== null && s.yaoji[v] < 1) s.yaoji[v] = 1; }))));
      }
      if (c.flip) zb.append(row(app.t('翻牌', 'Flipped'), ...tilePicker(app, s.flip, (t) => set(() => { s.flip = t; }), 'flip', picking, setPicking)));
      body.append(zb);
    }
    body.append(el('div', { class: 'qm-settle-note', text: app.t('表单会改写上面的文字；也可直接改文字。', 'The form rewrites the words above; you may also edit them.') }));
  }

  function check(label, on, onToggle, name) {
    const input = el('input', { type: 'checkbox', checked: !!on });
    input.dataset.name = name;
    input.addEventListener('change', () => onToggle(input.checked));
    return el('label', { class: 'qm-settle-check' }, input, label);
  }

  // tiles: each seat's hand from A's keyboard (melds too), who fed each direct kong
  function handsBox(c) {
    const hb = el('div', { class: 'qm-settle-box' });
    hb.append(el('div', { class: 'qm-settle-note', text: app.t('胡家写 13 张（不含胡的那张）；流局写每家；遵义写每家。碰杠用键盘上的碰/明杠/暗杠/补杠。',
      'A winner: 13 tiles (without the winning one); at a draw and in Zunyi: every hand. Melds with the 碰/明杠/暗杠/补杠 keys.') }));
    const used = (tile) => {
      let n = 0;
      for (const h of s.hands) for (const it of h) if (it.tile === tile) n += it.kind === 'tile' ? 1 : (it.meld === 'pung' ? 3 : 4);
      if (s.winTile === tile) n += 1;
      return n;
    };
    for (let i = 0; i < 4; ++i) {
      const name = `hand${i}`;
      const line = el('div', { class: 'qm-settle-kong' }, el('b', { text: names()[i], class: 'qm-settle-label' }));
      const shown = notation(s.hands[i], 'en');
      if (shown) {
        const t = tilesMod ? tilesMod.renderTiles(shown, app) : el('span', { text: notation(s.hands[i], app.lang) });
        t.classList.add('qm-settle-hand');
        line.append(t);
      }
      const edit = el('button', { type: 'button', text: picking === name ? app.t('写好了', 'Done') : (shown ? app.t('改手牌', 'Change') : app.t('写手牌', 'Write hand')) });
      edit.dataset.name = `${name}-edit`;
      edit.setAttribute('aria-expanded', String(picking === name));
      edit.addEventListener('click', () => setPicking(picking === name ? null : name));
      line.append(edit);
      if (picking === name && tilesMod) {
        const kb = tilesMod.makeKeyboard(app, {
          melds: true,
          count: used,
          onTile: (tile, meld) => set(() => { s.hands[i].push(meld ? { kind: 'meld', meld, tile, from: null } : { kind: 'tile', tile }); complete(c); }),
          onBack: () => set(() => { s.hands[i].pop(); }),
          onClear: () => set(() => { s.hands[i] = []; }),
        });
        line.append(el('div', { class: 'qm-settle-tilepick' }, kb));
      }
      hb.append(line);
      // who fed each direct kong (明杠) in this hand
      s.hands[i].forEach((it, k) => {
        if (it.kind !== 'meld' || it.meld !== 'kong') return;
        const from = el('select', { 'aria-label': app.t('谁点杠', 'fed by') });
        from.dataset.name = `${name}-fed${k}`;
        names().forEach((n, j) => { if (j !== i) from.append(el('option', { value: String(j), text: app.t(`${n}点杠`, `fed by ${n}`), selected: j === it.from })); });
        from.addEventListener('change', () => set(() => { it.from = Number(from.value); }));
        hb.append(el('div', { class: 'qm-settle-row' }, el('span', { class: 'qm-settle-label', text: `${app.t('明杠', 'Kong')} ${tileWord(it.tile, app.lang)}` }), from));
      });
    }
    return hb;
  }

  // one count per seat, in a 2 × 2 grid: 东 [2]  南 [0] / 西 [0]  北 [3]
  function counters(label, arr, prefix, max) {
    const grid = el('div', { class: 'qm-settle-grid' });
    for (let i = 0; i < 4; ++i) {
      const sel = el('select', { 'aria-label': `${names()[i]} ${label}` });
      sel.dataset.name = `${prefix}${i}`;
      for (let n = 0; n <= max; ++n) sel.append(el('option', { value: String(n), text: String(n), selected: n === arr[i] }));
      sel.addEventListener('change', () => set(() => { arr[i] = Number(sel.value); }));
      grid.append(el('label', { class: 'qm-settle-count' }, el('span', { text: names()[i] }), sel));
    }
    return el('div', { class: 'qm-settle-row' }, el('span', { class: 'qm-settle-label', text: label }), grid);
  }

  render();
  return {
    el: root,
    render() { if (opts.rules) rules = opts.rules(); else if (!rulesPicked) rules = app.settings.rules; render(); },
    reset(dealer) { s = newState(dealer === undefined ? 0 : dealer); render(); },
    write,
  };
}

// ---------- the tab ----------

export function mount(root, app) {
  root.classList.add('qm-settle');
  const title = el('h2');
  const words = el('textarea', { class: 'qm-settle-words', rows: 3, spellcheck: false, autocapitalize: 'off', autocomplete: 'off' });
  words.id = 'settle-words';
  const hint = el('div', { class: 'qm-settle-note' });
  const answer = el('pre', { class: 'qm-settle-pre', 'aria-live': 'polite' });
  answer.id = 'settle-answer';
  const shareBtn = el('button', { type: 'button' });
  shareBtn.id = 'settle-share';
  const clearBtn = el('button', { type: 'button' });
  clearBtn.id = 'settle-clear';
  const shareOut = el('input', { type: 'text', readOnly: true, class: 'qm-settle-share', hidden: true });
  shareOut.id = 'settle-share-url';
  const builder = makeBuilder(app, {
    evening: false,
    onWords(w) { words.value = w; update(); },
  });
  builder.el.id = 'settle-form';
  root.append(title, words, hint, answer, el('div', { class: 'qm-settle-actions' }, shareBtn, clearBtn), shareOut, builder.el);

  let composing = false;
  let timer = 0;
  function update() {
    clearTimeout(timer);
    const text = words.value.trim();
    app.store.set('settle-words', words.value);
    if (!text) {
      answer.classList.remove('qm-settle-error');
      answer.textContent = app.t('在上面写牌桌，或用下面的表单。', 'Write the table above, or use the form below.');
      return;
    }
    let reply = app.ask({ command: 'settle', table: text, narrow: true });
    // The table names a rule set other than the settings' (贵阳 …, or the form's choice): the
    // table's own counts, without the settings' house rules (they are the other rule set's).
    if (reply.status === 2 && reply.rules && reply.rules !== app.settings.rules) {
      reply = app.ask({ command: 'settle', table: text, narrow: true, rules: reply.rules, options: [] });
    }
    showReply(app, answer, reply, text);
  }
  function later() { clearTimeout(timer); timer = setTimeout(update, 150); }
  words.addEventListener('compositionstart', () => { composing = true; });
  words.addEventListener('compositionend', () => { composing = false; later(); });
  words.addEventListener('input', (e) => { if (!composing && !e.isComposing) later(); });

  shareBtn.addEventListener('click', async () => {
    const url = app.share('table', words.value.trim());
    shareOut.value = url;
    const ok = app.copy ? await app.copy(url) : false;
    hint.textContent = ok ? app.t('链接已复制。', 'Link copied.') : app.t('请复制上面的链接。', 'Copy the link above.');
  });
  clearBtn.addEventListener('click', () => { words.value = ''; builder.reset(); update(); });

  function texts() {
    title.textContent = app.t('结算一局', 'Settle a hand');
    words.placeholder = app.t('例：庄东 东自摸清一色', 'e.g. dealer:E E:zimo:qingyise');
    words.setAttribute('aria-label', app.t('这一桌（文字）', 'The table in words'));
    hint.textContent = app.t('用文字写牌桌（中文或 ASCII），答案随写随算。', 'The table in words (Chinese or ASCII); the answer follows as you type.');
    shareBtn.textContent = app.t('分享这一局', 'Share this table');
    clearBtn.textContent = app.t('清空', 'Clear');
  }
  texts();
  words.value = app.store.get('settle-words') || '';
  update();
  app.onChange(() => { rulesCache.clear(); texts(); builder.render(); update(); });
  const onLink = (link) => {
    if (link && link.kind === 'table' && typeof link.value === 'string') {
      words.value = link.value;
      update();
    }
  };
  if (app.onLink) app.onLink(onLink);
}
