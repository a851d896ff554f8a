// session.js: the 一晚 (evening) tab: `qianmj session` on a phone. The evening is its LINES
// (header lines, then a hand a line, with `撤销` / `改 N …` lines), exactly what
// `qianmj session FILE` reads and what `qianmj session --save FILE` writes as its journal:
// an undo appends `撤销` (undo) and an edit appends `改 N …` (edit N …), as the journal does,
// so the saved evening, the exported text and the CLI's journal are the same lines. The page
// keeps the lines (localStorage, after every change) and asks the library for everything:
// each hand's answer, the running totals, the next hand's dealer and streak, the settling up
// (结账), a seat's statement, the CSV rows. A line the library refuses changes nothing.

import { makeBuilder, showReply, errorText, ruleSets, rulesInfo, el } from './settle.js';

export const tab = { id: 'session', zh: '一晚', en: 'Evening' };

const KEY = 'evening';
const SEATS_ZH = ['东', '南', '西', '北'];
const SEATS_EN = ['E', 'S', 'W', 'N'];
const SEATS_LONG = ['East', 'South', 'West', 'North'];

// The text answer split into its blocks: a line at column 0 and the indented lines after it.
function blocks(text) {
  const out = [];
  for (const line of String(text || '').split('\n')) {
    if (line === '') continue;
    if (/^\s/.test(line) && out.length) out[out.length - 1] += '\n' + line;
    else out.push(line);
  }
  return out;
}

function jsonLines(text) {
  const out = [];
  for (const line of String(text || '').split('\n')) {
    if (!line.trim()) continue;
    try { out.push(JSON.parse(line)); } catch (e) { /* not an object line */ }
  }
  return out;
}

export function mount(root, app) {
  root.classList.add('qm-evening');
  // A stored evening that cannot be read is not dropped: it is kept aside as it was
  // (qianmj:evening-damaged, or -damaged-TIME beside an earlier one), and shown to copy.
  const saved = app.store.get(KEY);
  const readable = saved && Array.isArray(saved.lines) && saved.lines.every((l) => typeof l === 'string');
  let lines = readable ? saved.lines : [];
  const damaged = readable ? null : app.store.raw(KEY);
  if (damaged !== null) {
    const kept = app.store.raw(`${KEY}-damaged`);
    if (kept === null) app.store.setRaw(`${KEY}-damaged`, damaged);
    else if (kept !== damaged) app.store.setRaw(`${KEY}-damaged-${Date.now()}`, damaged);
  }
  let editing = null;   // the hand number being edited, or null
  let view = null;      // the last answer, worked out: {text, json, blocks, hands, summary, names}
  let message = null;   // {text, error: bool} after the last action

  const title = el('h2');
  const notice = el('div', { class: 'qm-evening-damaged' });
  notice.id = 'evening-damaged';
  const setup = el('div', { class: 'qm-evening-setup' });
  const play = el('div', { class: 'qm-evening-play' });
  const tools = el('div', { class: 'qm-evening-tools' });
  root.append(title, notice, setup, play, tools);

  // ---------- asking ----------

  function ask(ls, extra = {}) {
    return app.ask(Object.assign({ command: 'session', session: ls, narrow: true, options: [] }, extra));
  }

  function work() {
    const text = ask(lines, { going_on: true });  // standings: the totals so far
    const js = ask(lines, { format: 'json' });
    const objs = jsonLines(js.output);
    const summaryObj = objs.find((o) => o.summary);
    const events = objs.filter((o) => !o.summary);
    const bl = blocks(text.output);
    const hands = new Map();
    events.forEach((o, i) => {
      o._block = bl[i] || '';
      if (o.hand) hands.set(o.hand, o);
      else if (o.undo) for (const k of [...hands.keys()]) if (k >= o.undo.hand) hands.delete(k);
    });
    const rest = bl.slice(events.length);
    const summary = summaryObj ? summaryObj.summary : null;
    const names = summary ? [0, 1, 2, 3].map((i) => {
      const s = summary.standings.find((x) => x.seat === i);
      return s ? s.name : SEATS_ZH[i];
    }) : null;
    view = {
      text, js, events, hands, summary, names,
      standings: rest[0] || '', next: rest[1] || '', settleUp: rest[2] || '',
      error: text.status === 2 ? text : null,
    };
  }

  function save() { app.store.set(KEY, lines.length ? { lines } : null); }

  // Try the evening with one more line; keep it only if the library accepts it.
  function tryLines(candidate, okText) {
    const r = ask(candidate);
    if (r.status === 2) {
      message = { reply: r, text: candidate[candidate.length - 1] };
      render();
      return false;
    }
    lines = candidate;
    save();
    message = okText ? { ok: okText } : null;
    render();
    return true;
  }

  // ---------- setup: players, rule set, first dealer ----------

  const nameInputs = [0, 1, 2, 3].map((i) => {
    const inp = el('input', { type: 'text', autocomplete: 'off', autocapitalize: 'off', spellcheck: false });
    inp.id = `evening-name${i}`;
    return inp;
  });
  let firstDealer = 0;
  let setupRules = app.settings.rules;

  function renderSetup() {
    setup.textContent = '';
    setup.append(el('p', { class: 'qm-settle-note', text: app.t('写下四家的名字（依次为东南西北，可不写），选规则和第一局的庄家。', 'The four players (East, South, West, North; optional), the rule set and the first dealer.') }));
    nameInputs.forEach((inp, i) => {
      inp.placeholder = app.t(`${SEATS_ZH[i]}家名字`, `${SEATS_EN[i]} player`);
      inp.setAttribute('aria-label', inp.placeholder);
      setup.append(el('div', { class: 'qm-settle-row' }, el('span', { class: 'qm-settle-label', text: app.t(SEATS_ZH[i], SEATS_EN[i]) }), inp));
    });
    const sets = ruleSets(app);
    if (!sets.some((x) => x.id === setupRules)) setupRules = sets[0].id;
    const sel = el('select', { 'aria-label': app.t('规则', 'rule set') });
    sel.id = 'evening-rules';
    for (const x of sets) sel.append(el('option', { value: x.id, text: app.t(x.zh, x.en), selected: x.id === setupRules }));
    sel.addEventListener('change', () => { setupRules = sel.value; });
    setup.append(el('div', { class: 'qm-settle-row' }, el('span', { class: 'qm-settle-label', text: app.t('规则', 'Rules') }), sel));
    const seg = el('span', { class: 'qm-settle-seg' });
    [0, 1, 2, 3].forEach((i) => {
      const b = el('button', { type: 'button', text: nameInputs[i].value.trim() || app.t(SEATS_ZH[i], SEATS_EN[i]) });
      b.dataset.name = `first-dealer${i}`;
      b.setAttribute('aria-pressed', String(i === firstDealer));
      b.addEventListener('click', () => { firstDealer = i; renderSetup(); });
      seg.append(b);
    });
    setup.append(el('div', { class: 'qm-settle-row' }, el('span', { class: 'qm-settle-label', text: app.t('首局庄家', 'First dealer') }), seg));
    const opts = houseOptions(setupRules);
    if (opts.length) setup.append(el('p', { class: 'qm-settle-note', text: app.t(`房规（来自设置）：${opts.join(' ')}`, `House rules (from the settings): ${opts.join(' ')}`) }));
    const start = el('button', { type: 'button', class: 'qm-settle-primary', text: app.t('开始这一晚', 'Start the evening') });
    start.id = 'evening-start';
    start.addEventListener('click', startEvening);
    setup.append(el('div', { class: 'qm-settle-actions' }, start));
    if (message && message.reply && !lines.length) {
      const pre = el('pre', { class: 'qm-settle-pre' });
      showReply(app, pre, message.reply);
      setup.append(pre);
    }
  }

  // The settings' house options that the rule set has.
  function houseOptions(rules) {
    const info = rulesInfo(app, rules);
    const known = new Set(((info && info.options) || []).filter((o) => o.rules === rules || o.rules === 'all').map((o) => o.name));
    return app.settings.options.filter((o) => known.has(o.split('=')[0]));
  }

  function startEvening() {
    const names = nameInputs.map((inp) => inp.value.replace(/\s+/g, ''));
    const zh = app.lang === 'zh';
    const head = [];
    const given = names.filter(Boolean).length;
    // all four: `玩家 甲 乙 丙 丁`; some: seat by seat, `东=甲 西=丙`
    if (given === 4) head.push(`${zh ? '玩家' : 'players'} ${names.join(' ')}`);
    else if (given) head.push(names.map((n, i) => (n ? `${(zh ? SEATS_ZH : SEATS_EN)[i]}=${n}` : '')).filter(Boolean).join(' '));
    const rs = ruleSets(app).find((x) => x.id === setupRules);
    head.push(zh ? (rs && rs.zh ? rs.zh : `规则:${setupRules}`) : setupRules);
    const d = names[firstDealer] || (zh ? SEATS_ZH : SEATS_EN)[firstDealer];
    head.push(zh ? `庄${d}` : `dealer:${d}`);
    const opts = houseOptions(setupRules);
    if (opts.length) head.push(opts.join(' '));
    tryLines(head);
  }

  // ---------- playing ----------

  const lineBox = el('textarea', { class: 'qm-settle-words', rows: 2, spellcheck: false, autocapitalize: 'off', autocomplete: 'off' });
  lineBox.id = 'evening-line';
  let composing = false;
  lineBox.addEventListener('compositionstart', () => { composing = true; });
  lineBox.addEventListener('compositionend', () => { composing = false; });
  lineBox.addEventListener('keydown', (e) => { if (e.key === 'Enter' && !e.shiftKey && !composing && !e.isComposing) { e.preventDefault(); addLine(); } });
  const builder = makeBuilder(app, {
    evening: true,
    rules: () => (view && view.js && jsonLines(view.js.output).map((o) => o.rules).find(Boolean)) || app.settings.rules,
    seatNames: () => (view && view.names ? view.names.map((n, i) => ([SEATS_ZH[i], SEATS_EN[i], SEATS_LONG[i]].includes(n) ? app.t(SEATS_ZH[i], SEATS_EN[i]) : `${app.t(SEATS_ZH[i], SEATS_EN[i])} ${n}`)) : null),
    dealer: () => (view && view.summary ? view.summary.next.dealer : null),
    onWords(w) { lineBox.value = w; },
  });
  builder.el.id = 'evening-form';

  function oneLine(text) { return text.replace(/[\r\n]+/g, ' ').trim(); }

  function addLine() {
    const w = oneLine(lineBox.value);
    if (!w) return;
    const zh = app.lang === 'zh';
    const line = editing ? (zh ? `改 ${editing} ${w}` : `edit ${editing} ${w}`) : w;
    const n = editing;
    if (tryLines([...lines, line], n ? app.t(`已改第 ${n} 局`, `Hand ${n} changed`) : null)) {
      lineBox.value = '';
      editing = null;
      builder.reset(view && view.summary ? view.summary.next.dealer : 0);
      render();
    }
  }

  function undo() {
    if (!view || !view.hands.size) return;
    tryLines([...lines, app.t('撤销', 'undo')], app.t('已撤销上一局', 'The last hand was taken back'));
  }

  function startEdit(n) {
    const h = view.hands.get(n);
    editing = n;
    // the hand's own words: its line, without an `改 N` / `edit N` in front
    lineBox.value = h && h.line ? String(lines[h.line - 1] || '').replace(/^\s*(改|edit)\s*\d+\s*/i, '') : '';
    message = null;
    render();
    lineBox.focus();
    lineBox.scrollIntoView({ block: 'center' });
  }

  function renderPlay() {
    play.textContent = '';
    const v = view;
    // The latest answer: the blocks of the last line (a hand, an undo, an edit and its replays).
    const last = el('pre', { class: 'qm-settle-pre qm-evening-last' });
    last.id = 'evening-last';
    const lastLine = lines.length;
    const firstIdx = v.events.findIndex((o) => (o.line || (o.undo && o.undo.line) || (o.edit && o.edit.line) || (o.settle_up && 0)) === lastLine);
    if (v.error) {
      showReply(app, last, v.error);
    } else if (firstIdx >= 0) {
      last.textContent = v.events.slice(firstIdx).map((o) => o._block).join('\n');
    } else {
      last.textContent = app.t('还没有打完的局。', 'No hand yet.');
    }
    const totals = el('pre', { class: 'qm-settle-pre qm-evening-totals' });
    totals.id = 'evening-totals';
    totals.textContent = v.standings;
    play.append(el('h3', { text: app.t('累计', 'Totals') }), totals);
    const next = el('div', { class: 'qm-evening-next' });
    next.id = 'evening-next';
    next.textContent = editing ? app.t(`改第 ${editing} 局：`, `Change hand ${editing}:`) : v.next;
    play.append(next, lineBox);
    lineBox.placeholder = app.t('这一局，例：东自摸清一色', 'This hand, e.g. E:zimo:qingyise');
    lineBox.setAttribute('aria-label', app.t('这一局', 'This hand'));
    const add = el('button', { type: 'button', class: 'qm-settle-primary', text: editing ? app.t(`改第 ${editing} 局`, `Change hand ${editing}`) : app.t('记下这一局', 'Add this hand') });
    add.id = 'evening-add';
    add.addEventListener('click', addLine);
    const acts = el('div', { class: 'qm-settle-actions' }, add);
    if (editing) {
      const cancel = el('button', { type: 'button', text: app.t('不改了', 'Cancel') });
      cancel.id = 'evening-cancel';
      cancel.addEventListener('click', () => { editing = null; lineBox.value = ''; render(); });
      acts.append(cancel);
    } else {
      const u = el('button', { type: 'button', text: app.t('撤销上一局', 'Undo last hand'), disabled: !v.hands.size });
      u.id = 'evening-undo';
      u.addEventListener('click', undo);
      acts.append(u);
    }
    if (message) {
      const m = el('pre', { class: 'qm-settle-pre qm-evening-msg' });
      m.id = 'evening-msg';
      if (message.reply) showReply(app, m, message.reply, message.text);
      else m.textContent = message.ok;
      play.append(m);
    }
    play.append(acts, builder.el);
    builder.render();
    play.append(el('h3', { text: app.t('上一局的结果', 'The last hand') }), last);

    // the hands: tap one to change it
    if (v.hands.size) {
      play.append(el('h3', { text: app.t('各局（点一局可改）', 'Hands (tap one to change it)') }));
      const list = el('div', { class: 'qm-evening-hands' });
      list.id = 'evening-hands';
      for (const [n, h] of [...v.hands.entries()].sort((a, b) => a[0] - b[0])) {
        const b = el('button', { type: 'button', class: 'qm-evening-hand' });
        b.dataset.hand = String(n);
        b.append(el('pre', { text: h._block.split('\n')[0] }));
        b.addEventListener('click', () => startEdit(n));
        list.append(b);
      }
      play.append(list);
    }
  }

  // ---------- tools: settle up, statement, export, import, share, new ----------

  let toolOut = null;   // {id, text | reply}
  function renderTools() {
    tools.textContent = '';
    const out = el('pre', { class: 'qm-settle-pre' });
    out.id = 'evening-tool-out';
    if (lines.length && view && !view.error) {
      const su = el('button', { type: 'button', text: app.t('结账', 'Settle up') });
      su.id = 'evening-settleup';
      su.addEventListener('click', () => { toolOut = { id: 'settleup' }; renderTools(); });
      const seatSel = el('select', { 'aria-label': app.t('谁的结算', 'whose statement') });
      seatSel.id = 'evening-seat';
      (view.names || SEATS_ZH).forEach((n, i) => seatSel.append(el('option', { value: String(i), text: n, selected: toolOut && toolOut.seat === i })));
      const st = el('button', { type: 'button', text: app.t('个人结算', 'Statement') });
      st.id = 'evening-statement';
      st.addEventListener('click', () => { toolOut = { id: 'statement', seat: Number(seatSel.value) }; renderTools(); });
      tools.append(el('h3', { text: app.t('结账与个人结算', 'Settle up and statements') }),
        el('div', { class: 'qm-settle-actions' }, su, seatSel, st));
      if (toolOut && toolOut.id === 'settleup') {
        out.textContent = view.settleUp;
        tools.append(out);
      } else if (toolOut && toolOut.id === 'statement') {
        const r = ask(lines, { seat: toolOut.seat });
        if (r.status === 2) showReply(app, out, r);
        else out.textContent = blocks(r.output).slice(view.events.length + 3).join('\n');
        tools.append(out);
      }
    }

    tools.append(el('h3', { text: app.t('导出、导入、分享', 'Export, import, share') }));
    const acts = el('div', { class: 'qm-settle-actions' });
    if (lines.length) {
      const dl = el('button', { type: 'button', text: app.t('下载文本', 'Download text') });
      dl.id = 'evening-download';
      dl.addEventListener('click', () => download(`qianmj-${stamp()}.txt`, sessionText(), 'text/plain'));
      const cp = el('button', { type: 'button', text: app.t('复制文本', 'Copy text') });
      cp.id = 'evening-copy';
      cp.addEventListener('click', async () => { const ok = await app.copy(sessionText()); flash(ok ? app.t('已复制', 'Copied') : app.t('请手动复制', 'Copy it by hand')); });
      const csv = el('button', { type: 'button', text: 'CSV' });
      csv.id = 'evening-csv';
      csv.addEventListener('click', () => {
        const r = ask(lines, { rows: 'csv' });
        if (r.status === 2) { toolOut = null; flash(errorText(app, r)); return; }
        download(`qianmj-${stamp()}.csv`, r.output, 'text/csv');
      });
      const sh = el('button', { type: 'button', text: app.t('分享链接', 'Share link') });
      sh.id = 'evening-share';
      sh.addEventListener('click', async () => {
        const url = app.share('evening', lines.join('\n'));
        shareUrl.value = url;
        flash(await app.copy(url) ? app.t('链接已复制', 'Link copied') : app.t('请复制上面的链接', 'Copy the link above'));
      });
      acts.append(dl, cp, csv, sh);
    }
    const imp = el('button', { type: 'button', text: app.t('导入…', 'Import…') });
    imp.id = 'evening-import-open';
    imp.addEventListener('click', () => { importBox.hidden = !importBox.hidden; });
    acts.append(imp);
    if (lines.length) {
      const nw = el('button', { type: 'button', text: app.t('新的一晚', 'New evening') });
      nw.id = 'evening-new';
      nw.addEventListener('click', () => {
        if (!confirm(app.t('放弃这一晚的记录，开始新的一晚？', 'Discard this evening and start a new one?'))) return;
        lines = []; editing = null; message = null; toolOut = null; save(); render();
      });
      acts.append(nw);
    }
    tools.append(acts, shareUrl, status, importBox);
    renderImport();
  }

  const shareUrl = el('input', { type: 'text', readOnly: true, class: 'qm-settle-share', hidden: true });
  shareUrl.id = 'evening-share-url';
  const status = el('div', { class: 'qm-settle-note', 'aria-live': 'polite' });
  status.id = 'evening-status';
  function flash(t) { status.textContent = t; }

  const importBox = el('div', { class: 'qm-evening-import', hidden: true });
  importBox.id = 'evening-import';
  const importText = el('textarea', { class: 'qm-settle-words', rows: 5, spellcheck: false });
  importText.id = 'evening-import-text';
  const importFile = el('input', { type: 'file', accept: '.txt,text/plain' });
  importFile.id = 'evening-import-file';
  importFile.addEventListener('change', async () => {
    const f = importFile.files && importFile.files[0];
    if (f) importText.value = await f.text();
  });
  const importGo = el('button', { type: 'button', class: 'qm-settle-primary' });
  importGo.id = 'evening-import-go';
  importGo.addEventListener('click', () => importLines(importText.value));
  function renderImport() {
    importBox.textContent = '';
    importText.placeholder = app.t('粘贴 qianmj session 的文本（一行一局）', 'Paste a qianmj session text (a hand a line)');
    importText.setAttribute('aria-label', app.t('导入的一晚', 'The evening to import'));
    importGo.textContent = app.t('导入这一晚', 'Import this evening');
    importBox.append(el('p', { class: 'qm-settle-note', text: app.t('选文件或粘贴：', 'Choose a file or paste:') }), importFile, importText, el('div', { class: 'qm-settle-actions' }, importGo));
  }

  function splitText(text) {
    const ls = String(text).replace(/\r\n?/g, '\n').split('\n');
    while (ls.length && ls[ls.length - 1].trim() === '') ls.pop();
    return ls;
  }

  function importLines(text, fromLink) {
    const ls = splitText(text);
    if (!ls.length) return false;
    const r = ask(ls);
    if (r.status === 2) {
      message = { reply: r };
      flash(errorText(app, r));
      render();
      return false;
    }
    if (lines.length && !(ls.length === lines.length && ls.every((x, i) => x === lines[i]))) {
      if (!confirm(app.t('用导入的这一晚替换现在的记录？', 'Replace the evening kept here with this one?'))) return false;
    }
    lines = ls; editing = null; toolOut = null;
    message = { ok: app.t(`已导入（${ls.length} 行）`, `Imported (${ls.length} lines)`) };
    save();
    importBox.hidden = true;
    importText.value = '';
    render();
    return true;
  }

  function sessionText() { return lines.join('\n') + '\n'; }
  function stamp() {
    const d = new Date();
    const p = (x) => String(x).padStart(2, '0');
    return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}`;
  }
  function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
    const a = el('a', { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // ---------- render ----------

  function renderDamaged() {
    notice.hidden = damaged === null;
    notice.textContent = '';
    if (damaged === null) return;
    notice.append(el('p', { class: 'qm-settle-note qm-evening-damaged-text', text: app.t(
      '本机保存的一晚已损坏，读不出来。原文没有丢：已另存为 qianmj:evening-damaged，也在下面，可以复制、改好后用“导入”。',
      'The evening saved on this device is damaged and cannot be read. Nothing is lost: it is kept as qianmj:evening-damaged, and shown below to copy, mend and import.') }));
    const box = el('textarea', { class: 'qm-settle-words', rows: 4, readonly: true, spellcheck: false });
    box.value = damaged;
    box.setAttribute('aria-label', app.t('损坏的一晚（原文）', 'The damaged evening, as it was'));
    notice.append(box);
  }

  function render() {
    title.textContent = app.t('一晚（记分）', 'An evening');
    renderDamaged();
    if (lines.length) work();
    setup.hidden = !!lines.length;
    play.hidden = !lines.length;
    if (!lines.length) renderSetup();
    else renderPlay();
    renderTools();
  }

  render();
  app.onChange(() => render());
  if (app.onLink) {
    app.onLink((link) => {
      if (link && link.kind === 'evening' && typeof link.value === 'string') importLines(link.value, true);
    });
  }
}
