// advise.js: the 牌理 (what to discard) tab. The same hand as 算分 and 听牌 (tiles.js); the
// answer is the library's text, one row a discard, each row tapped open for its waits,
// acceptance and pattern lines.

import { hand } from './tiles.js';
import { makeFlagChips, makeHandInput, showAnswer, showText } from './score.js';

export const tab = { id: 'advise', zh: '牌理', en: 'Discard' };

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// The library's text cut into its head (hand, rules) and rows: a row is a line that starts at
// the margin after the head ("打6条  听牌 …", "Discard 6s  ready …") with the indented lines
// under it; the last line of a cut list ("……另有", "... and") stays a row of its own.
export function adviceRows(text) {
  const head = [];
  const rows = [];
  for (const line of String(text).replace(/\n$/, '').split('\n')) {
    if (line.startsWith('  ') && rows.length) rows[rows.length - 1].details.push(line.slice(2));
    else if (/^(打|Discard |……|\.\.\. )/.test(line) || (rows.length && !line.startsWith('  ')))
      rows.push({ summary: line, details: [] });
    else head.push(line);
  }
  return { head, rows };
}

export function mount(root, app) {
  const state = { baoting: false, dou: false, value: false };
  const input = makeHandInput(app, { name: 'advise' });
  root.append(input);

  const answer = el('pre', 'answer');
  answer.id = 'advise-answer';
  answer.setAttribute('aria-live', 'polite');
  const list = el('div', 'advice-rows');
  list.id = 'advise-rows';
  const box = el('div', 'answer-box');
  box.append(answer, list);
  root.append(box);

  const { update: showFlags } = makeFlagChips(root, app, 'advise', state, [
    { id: 'baoting', zh: '报听', en: 'Declared ready' },
    { id: 'dou', zh: '有豆（未亮的杠）', en: 'Dou (unshown kong)' },
    { id: 'value', zh: '价值优先', en: 'Value first' },
  ], () => update());

  function ask() {
    answer.classList.remove('error', 'soft', 'notwin');
    input.showError(null);
    list.textContent = '';
    const hint = app.t('输入 14 张牌（杠算 3 张）看打哪张最好；13 张则看这手牌本身：向听、进张、牌型路线。',
                       'Enter 14 tiles (a kong counts 3) to see what to discard; 13 to see the hand itself: shanten, acceptance, pattern lines.');
    if (!hand.text.trim()) {
      showText(answer, hint);
      answer.classList.add('soft');
      return;
    }
    const req = { command: 'advise', hand: hand.text };
    if (state.baoting) req.baoting = true;
    if (state.dou) req.dou = true;
    if (state.value) req.sort = 'value';
    const reply = app.ask(req);
    if (reply.status === 2) {
      showAnswer(app, answer, reply, input, hint);
      return;
    }
    const { head, rows } = adviceRows(reply.output);
    showText(answer, head.join('\n'));
    if (reply.status === 1) answer.classList.add('notwin');
    for (const r of rows) {
      const row = el('details', 'advice-row');
      const summary = el('summary', '', r.summary);
      row.append(summary);
      if (r.details.length) {
        const more = el('pre', 'advice-lines');
        showText(more, r.details.join('\n'));
        row.append(more);
      } else {
        row.classList.add('bare');
      }
      list.append(row);
    }
  }

  function update() {
    showFlags();
    ask();
  }
  input.onChange(() => update());
  update();
}
