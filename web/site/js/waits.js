// waits.js: the 听牌 (waits) tab. The same hand as 算分 (score), shared through tiles.js;
// the answer is the library's text (for 14 tiles it answers each discard).

import { hand } from './tiles.js';
import { makeHandInput, showAnswer, showText } from './score.js';

export const tab = { id: 'waits', zh: '听牌', en: 'Waits' };

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export function mount(root, app) {
  const state = { baoting: false, dou: false };
  const input = makeHandInput(app, { name: 'waits' });
  root.append(input);

  const answer = el('pre', 'answer');
  answer.id = 'waits-answer';
  answer.setAttribute('aria-live', 'polite');
  const box = el('div', 'answer-box');
  box.append(answer);
  root.append(box);

  const sit = el('div', 'situation');
  const title = el('h3');
  const chips = el('div', 'chips');
  const flags = [
    { id: 'baoting', zh: '报听', en: 'Declared ready' },
    { id: 'dou', zh: '有豆（未亮的杠）', en: 'Dou (unshown kong)' },
  ].map((f) => {
    const b = el('button', 'chip');
    b.type = 'button';
    b.id = `waits-${f.id}`;
    b.addEventListener('click', () => { state[f.id] = !state[f.id]; update(); });
    chips.append(b);
    return [b, f];
  });
  sit.append(title, chips);
  root.append(sit);

  function ask() {
    answer.classList.remove('error', 'soft', 'notwin');
    input.showError(null);
    const hint = app.t('输入 13 张牌（杠算 3 张）看叫什么牌；14 张则看打哪张能听。',
                       'Enter 13 tiles (a kong counts 3) to see the waits; 14 to see which discards leave the hand ready.');
    if (!hand.text.trim()) {
      showText(answer, hint);
      answer.classList.add('soft');
      return;
    }
    const req = { command: 'waits', hand: hand.text };
    if (state.baoting) req.baoting = true;
    if (state.dou) req.dou = true;
    showAnswer(app, answer, app.ask(req), input, hint);
  }

  function update() {
    title.textContent = app.t('情况', 'Situation');
    for (const [b, f] of flags) {
      b.textContent = app.t(f.zh, f.en);
      b.setAttribute('aria-pressed', state[f.id] ? 'true' : 'false');
      b.classList.toggle('on', state[f.id]);
    }
    ask();
  }
  input.onChange(() => update());
  update();
}
