// waits.js: the 听牌 (waits) tab. The same hand as 算分 (score), shared through tiles.js;
// the answer is the library's text (for 14 tiles it answers each discard).

import { hand } from './tiles.js';
import { makeFlagChips, makeHandInput, showAnswer, showText } from './score.js';

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

  const { update: showFlags } = makeFlagChips(root, app, 'waits', state, [
    { id: 'baoting', zh: '报听', en: 'Declared ready' },
    { id: 'dou', zh: '有豆（未亮的杠）', en: 'Dou (unshown kong)' },
  ], () => update());

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
    showFlags();
    ask();
  }
  input.onChange(() => update());
  update();
}
