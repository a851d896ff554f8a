// score.js: the 算分 (score) tab, and the hand input it shares with the 听牌 (waits) tab.
// Every answer is the library's text (app.ask); this module only builds the request.

import { makeKeyboard, readNotation, writeNotation, countTiles, renderTiles, tileElement,
         hand } from './tiles.js';

export const tab = { id: 'score', zh: '算分', en: 'Score' };

const HAND_KEY = 'hand';

// The situation flags of a score request, in the order they are offered.
const FLAGS = [
  { id: 'after_kong', zh: (s) => (s.zimo ? '杠上花' : '杠上炮'), en: (s) => (s.zimo ? 'Win on kong replacement' : 'Win on kong discard') },
  { id: 'robbing_kong', zh: () => '抢杠', en: () => 'Robbing a kong' },
  { id: 'baoting', zh: () => '报听', en: () => 'Declared ready' },
  { id: 'payer_baoting', zh: () => '放炮者报听', en: () => 'Discarder declared ready' },
  { id: 'tianhu', zh: () => '天胡', en: () => 'Heavenly win' },
  { id: 'dihu', zh: () => '地胡', en: () => 'Earthly win' },
  { id: 'dou', zh: () => '有豆（未亮的杠）', en: () => 'Dou (unshown kong)' },
];
export const LINK_FLAGS = ['zimo', ...FLAGS.map((f) => f.id)];
const DEALERS = [
  { id: 'none', zh: '都不是', en: 'Neither' },
  { id: 'winner', zh: '胡家', en: 'Winner' },
  { id: 'payer', zh: '付款者', en: 'Payer' },
];

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// Shows a library error: its message in the current language, its code, its column.
export function errorText(app, error) {
  const e = error || {};
  const msg = app.t(e.message_zh || e.message || '', e.message || e.message_zh || '');
  const where = e.column ? app.t(` 第 ${e.column} 列`, ` at column ${e.column}`) : '';
  return `${app.t('错误', 'error')} [${e.code || '?'}]${where}${app.t('：', ': ')}${msg}`;
}

// Shows the library's text as it is, one block a line, so that a line too long for the
// phone wraps with a hanging indent (innerText is the text, line for line).
export function showText(pre, text) {
  pre.textContent = '';
  for (const line of String(text).replace(/\n$/, '').split('\n')) {
    pre.append(el('span', 'line', line));
  }
}

// The caret under the notation: the text up to the column, invisible, then ^.
// A hand's answer in `pre`: the library's text, or its error (a count still being typed is
// soft), with the caret under the hand input at the error's column; `notwin` for status 1.
// `hint`: what to show instead while the hand has too few or too many tiles (the library's
// message then speaks of the command line's --win and waits).
export function showAnswer(app, pre, reply, input, hint) {
  if (reply.status === 2 && hint && reply.error && reply.error.code === 'wrong_tile_count') {
    showText(pre, hint);
    pre.classList.add('soft');
    return;
  }
  if (reply.status === 2) {
    showText(pre, errorText(app, reply.error));
    pre.classList.add(reply.error && reply.error.code === 'wrong_tile_count' ? 'soft' : 'error');
    if (reply.error && reply.error.column && !reply.error.field) input.showError(reply.error);
    return;
  }
  showText(pre, reply.output);
  if (reply.status === 1) pre.classList.add('notwin');
}

// A "情况" (situation) heading and a chip a flag under `root`, each toggling state[id] and
// calling onChange; update() relabels them in the language in effect and shows which are on.
export function makeFlagChips(root, app, prefix, state, list, onChange) {
  const sit = el('div', 'situation');
  const title = el('h3');
  const chips = el('div', 'chips');
  const flags = list.map((f) => {
    const b = el('button', 'chip');
    b.type = 'button';
    b.id = `${prefix}-${f.id}`;
    b.addEventListener('click', () => { state[f.id] = !state[f.id]; onChange(); });
    chips.append(b);
    return [b, f];
  });
  sit.append(title, chips);
  root.append(sit);
  function update() {
    title.textContent = app.t('情况', 'Situation');
    for (const [b, f] of flags) {
      b.textContent = app.t(f.zh, f.en);
      b.setAttribute('aria-pressed', state[f.id] ? 'true' : 'false');
      b.classList.toggle('on', state[f.id]);
    }
  }
  return { flags, update };
}

export function caretElement(text, column) {
  const pre = el('pre', 'caret');
  const chars = Array.from(text);
  pre.append(el('span', '', text), document.createTextNode('\n'));
  pre.append(el('span', 'caret-pad', chars.slice(0, Math.max(0, column - 1)).join('')));
  pre.append(el('span', 'caret-mark', '^'));
  return pre;
}

// The hand input: tiles, notation box, keyboard; shared by score and waits through `hand`.
// opts.withWin: a 胡的牌 slot and picker. opts.onShare: a share button. opts.name: ids.
export function makeHandInput(app, opts = {}) {
  const root = el('div', 'hand-input');
  const name = opts.name || 'hand';
  let win = null;
  let winMode = false;
  let taps = [];   // items added by taps, last first out for backspace

  // tiles row
  const tilesRow = el('div', 'hand-tiles');
  tilesRow.id = `${name}-tiles`;
  const tilesBox = el('div', 'hand-tiles-box');
  tilesRow.append(tilesBox);
  let winSlot = null;
  if (opts.withWin) {
    winSlot = el('button', 'win-slot');
    winSlot.type = 'button';
    winSlot.id = `${name}-win`;
    winSlot.setAttribute('aria-pressed', 'false');
    winSlot.addEventListener('click', () => {
      if (win && !winMode) { setWinMode(true); return; }
      setWinMode(!winMode);
    });
    tilesRow.append(winSlot);
  }
  root.append(tilesRow);

  // notation box
  const boxRow = el('div', 'notation-row');
  const input = el('input', 'notation');
  input.type = 'text';
  input.id = `${name}-notation`;
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.setAttribute('autocapitalize', 'off');
  input.setAttribute('autocorrect', 'off');
  input.setAttribute('enterkeyhint', 'done');
  boxRow.append(input);
  let shareBtn = null;
  if (opts.onShare) {
    shareBtn = el('button', 'pill share');
    shareBtn.type = 'button';
    shareBtn.id = `${name}-share`;
    shareBtn.addEventListener('click', async () => {
      const ok = await opts.onShare();
      shareBtn.textContent = ok ? app.t('已复制', 'Copied') : app.t('请复制', 'Copy it');
      setTimeout(() => { shareBtn.textContent = app.t('分享', 'Share'); }, 1800);
    });
    boxRow.append(shareBtn);
  }
  root.append(boxRow);
  const caretBox = el('div', 'caret-box');
  caretBox.id = `${name}-caret`;
  root.append(caretBox);

  let composing = false;
  input.addEventListener('compositionstart', () => { composing = true; });
  input.addEventListener('compositionend', () => { composing = false; typed(); });
  input.addEventListener('input', (e) => { if (composing || e.isComposing) return; typed(); });
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter' && !composing) input.blur(); });
  function typed() {
    taps = [];
    hand.set(input.value, name);
  }

  // keyboard
  const kb = makeKeyboard(app, {
    melds: true,
    onTile(tile, mode) {
      if (winMode) {
        win = tile;
        setWinMode(false);
        changed();
        return;
      }
      const item = mode ? { kind: 'meld', meld: mode, tile } : { kind: 'tile', tile };
      const r = readNotation(hand.text);
      let text;
      if (r.ok) text = writeNotation([...r.items, item], app.lang);
      else text = hand.text + writeNotation([item], app.lang);
      taps.push(item);
      hand.set(text, 'tap');
    },
    onBack() {
      if (winMode) { win = null; setWinMode(false); changed(); return; }
      const r = readNotation(hand.text);
      if (!r.ok) {
        taps = [];
        hand.set(Array.from(hand.text).slice(0, -1).join(''), 'tap');
        return;
      }
      const items = r.items.slice();
      let drop = -1;
      const last = taps.pop();
      if (last) {
        for (let k = items.length - 1; k >= 0; k--) {
          const x = items[k];
          if (x.kind === last.kind && x.tile === last.tile && x.meld === last.meld) { drop = k; break; }
        }
      }
      if (drop < 0) {
        // Not a tap of ours: the last tile written, else the last meld.
        const tiles = items.map((x, k) => [x, k]).filter(([x]) => x.kind === 'tile');
        drop = tiles.length ? tiles[tiles.length - 1][1] : items.length - 1;
      }
      if (drop >= 0) items.splice(drop, 1);
      hand.set(writeNotation(items, app.lang), 'tap');
    },
    onClear() {
      taps = [];
      if (opts.withWin) { win = null; setWinMode(false); }
      hand.set('', 'tap');
      changed();
    },
    count(tile) {
      const { items } = readNotation(hand.text);
      return countTiles(items, winMode ? [] : [win]).get(tile) || 0;
    },
  });
  kb.id = `${name}-keyboard`;
  root.append(kb);

  function setWinMode(on) {
    winMode = on;
    if (winSlot) {
      winSlot.setAttribute('aria-pressed', on ? 'true' : 'false');
      winSlot.classList.toggle('on', on);
    }
    kb.classList.toggle('win-mode', on);
    if (on) kb.setMode(null);
    drawWin();
    kb.refresh();
  }

  function drawWin() {
    if (!winSlot) return;
    winSlot.textContent = '';
    const label = el('small', '', winMode ? app.t('点选胡的牌', 'Tap the winning tile') : app.t('胡的牌', 'Winning tile'));
    if (win && /^[1-9][msp]$/.test(win)) {
      winSlot.append(tileElement(win, app));
      winSlot.classList.add('has-tile');
    } else if (win) {
      winSlot.append(el('span', 'win-empty', win));
      winSlot.classList.add('has-tile');
    } else {
      winSlot.append(el('span', 'win-empty', '?'));
      winSlot.classList.remove('has-tile');
    }
    winSlot.append(label);
  }

  function draw() {
    if (document.activeElement !== input || input.value !== hand.text) {
      if (!composing && input.value !== hand.text) input.value = hand.text;
    }
    tilesBox.textContent = '';
    if (hand.text.trim()) tilesBox.append(renderTiles(hand.text, app));
    else tilesBox.append(el('span', 'hint', app.t('点下面的牌输入手牌，或在框里打字、粘贴', 'Tap the tiles below, or type or paste the hand')));
    input.placeholder = app.t('如 23445677筒345789条', 'e.g. 23445677p345789s');
    input.setAttribute('aria-label', app.t('手牌（文字）', 'Hand (notation)'));
    if (shareBtn) shareBtn.textContent = app.t('分享', 'Share');
    drawWin();
    kb.refresh();
  }

  const changeCbs = [];
  function changed() { draw(); for (const cb of changeCbs) cb(); }
  hand.subscribe((text, source) => {
    if (source !== 'tap' && source !== name) taps = [];
    changed();
  });
  app.onChange(() => changed());

  root.onChange = (cb) => changeCbs.push(cb);
  root.getWin = () => win;
  root.setWin = (t) => {
    const r = readNotation(t || '');
    win = r.ok && r.items.length === 1 && r.items[0].kind === 'tile' ? r.items[0].tile : (t || null);
    changed();
  };
  root.showError = (error) => {
    caretBox.textContent = '';
    if (error && error.column && hand.text) caretBox.append(caretElement(hand.text, error.column));
  };
  root.draw = draw;
  draw();
  return root;
}

export function mount(root, app) {
  const saved = app.store.get(HAND_KEY);
  if (saved && typeof saved.text === 'string' && !hand.text) hand.text = saved.text;

  const state = { zimo: false, dealer: 'none', streak: '' };
  for (const f of FLAGS) state[f.id] = false;

  const input = makeHandInput(app, {
    withWin: true,
    name: 'score',
    onShare: () => app.copy(shareUrl()),
  });
  if (saved && typeof saved.win === 'string') input.setWin(saved.win);
  root.append(input);

  // the answer
  const answerBox = el('div', 'answer-box');
  const answer = el('pre', 'answer');
  answer.id = 'score-answer';
  answer.setAttribute('aria-live', 'polite');
  answerBox.append(answer);
  root.append(answerBox);

  // the situation
  const sit = el('div', 'situation');
  sit.id = 'score-situation';
  const sitTitle = el('h3');
  sit.append(sitTitle);

  const zimoSeg = el('div', 'segmented');
  zimoSeg.setAttribute('role', 'group');
  const zimoButtons = [false, true].map((v) => {
    const b = el('button', 'seg');
    b.type = 'button';
    b.dataset.zimo = v ? '1' : '0';
    b.id = v ? 'score-zimo' : 'score-dianpao';
    b.addEventListener('click', () => { state.zimo = v; update(); });
    zimoSeg.append(b);
    return [b, v];
  });
  sit.append(zimoSeg);

  const chips = el('div', 'chips');
  const flagButtons = FLAGS.map((f) => {
    const b = el('button', 'chip');
    b.type = 'button';
    b.id = `score-${f.id.replace(/_/g, '-')}`;
    b.dataset.flag = f.id;
    b.addEventListener('click', () => { state[f.id] = !state[f.id]; update(); });
    chips.append(b);
    return [b, f];
  });
  sit.append(chips);

  const dealerRow = el('div', 'row dealer-row');
  const dealerLabel = el('span', 'row-label');
  const dealerSeg = el('div', 'segmented');
  const dealerButtons = DEALERS.map((d) => {
    const b = el('button', 'seg');
    b.type = 'button';
    b.id = `score-dealer-${d.id}`;
    b.addEventListener('click', () => { state.dealer = d.id; update(); });
    dealerSeg.append(b);
    return [b, d];
  });
  dealerRow.append(dealerLabel, dealerSeg);
  sit.append(dealerRow);

  const streakRow = el('label', 'row streak-row');
  const streakLabel = el('span', 'row-label');
  const streak = el('input', 'streak');
  streak.type = 'number';
  streak.id = 'score-streak';
  streak.min = '0';
  streak.step = '1';
  streak.inputMode = 'numeric';
  streak.addEventListener('input', () => { state.streak = streak.value.trim(); ask(); });
  streakRow.append(streakLabel, streak);
  sit.append(streakRow);
  root.append(sit);

  function request() {
    const req = { command: 'score', hand: hand.text, narrow: true };
    const w = input.getWin();
    if (w) req.win = w;
    if (state.zimo) req.zimo = true;
    for (const f of FLAGS) if (state[f.id]) req[f.id] = true;
    if (state.dealer !== 'none') req.dealer = state.dealer;
    if (state.streak !== '') req.streak = state.streak;
    return req;
  }

  function shareUrl() {
    const r = readNotation(hand.text);
    const text = r.ok ? writeNotation(r.items, 'en') : hand.text;
    let url = app.share('hand', text);
    const w = input.getWin();
    if (w) url += `&win=${encodeURIComponent(w)}`;
    if (state.zimo) url += '&zimo=1';
    for (const f of FLAGS) if (state[f.id]) url += `&${f.id}=1`;
    if (state.dealer !== 'none') url += `&dealer=${encodeURIComponent(state.dealer)}`;
    if (state.streak !== '') url += `&streak=${encodeURIComponent(state.streak)}`;
    return url;
  }

  function ask() {
    app.store.set(HAND_KEY, { text: hand.text, win: input.getWin() });
    answer.classList.remove('error', 'soft', 'notwin');
    input.showError(null);
    const hint = app.t('输入 14 张牌（杠算 3 张），或 13 张再选胡的牌。',
                       'Enter 14 tiles (a kong counts 3), or 13 and pick the winning tile.');
    if (!hand.text.trim()) {
      showText(answer, hint);
      answer.classList.add('soft');
      return;
    }
    showAnswer(app, answer, app.ask(request()), input, hint);
  }

  function update() {
    sitTitle.textContent = app.t('情况', 'Situation');
    for (const [b, v] of zimoButtons) {
      b.textContent = v ? app.t('自摸', 'Self-drawn') : app.t('点炮', 'Off a discard');
      b.setAttribute('aria-pressed', state.zimo === v ? 'true' : 'false');
      b.classList.toggle('on', state.zimo === v);
    }
    for (const [b, f] of flagButtons) {
      b.textContent = app.t(f.zh(state), f.en(state));
      b.setAttribute('aria-pressed', state[f.id] ? 'true' : 'false');
      b.classList.toggle('on', state[f.id]);
    }
    dealerLabel.textContent = app.t('庄家', 'Dealer');
    for (const [b, d] of dealerButtons) {
      b.textContent = app.t(d.zh, d.en);
      b.setAttribute('aria-pressed', state.dealer === d.id ? 'true' : 'false');
      b.classList.toggle('on', state.dealer === d.id);
    }
    streakLabel.textContent = app.t('连庄', 'Dealer streak');
    streak.placeholder = '0';
    if (streak.value !== state.streak) streak.value = state.streak;
    ask();
  }

  input.onChange(() => update());
  app.onLink((link) => {
    if (!link || link.kind !== 'hand') return;
    const p = link.params;
    hand.set(p.hand || '', 'link');
    for (const k of LINK_FLAGS) state[k] = p[k] === '1' || p[k] === 'true';
    state.dealer = DEALERS.some((d) => d.id === p.dealer) ? p.dealer : 'none';
    state.streak = p.streak && /^\d+$/.test(p.streak) ? p.streak : '';
    input.setWin(p.win || null);
    update();
  });
  update();
}
