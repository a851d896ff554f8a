// rules.js: the 规则 (rules) tab. The rule set in effect as the library prints it (`qianmj
// rules`: patterns, add-ons and the house options with their current values), and the rule
// reference: every rule id (C1…, D1…, Z1…) from the library's whole reference (`markdown`),
// searchable, each tapped to show the library's own text of that rule (`ids: ["D3"]`).
// Editing the house options is the settings panel's (core.js); this tab links to it.

import { el, showReply, ruleSets } from './settle.js';

export const tab = { id: 'rules', zh: '规则', en: 'Rules' };

export function mount(root, app) {
  root.classList.add('qm-rules');
  let chosen = null;   // the rule id shown

  const title = el('h2');
  const current = el('pre', { class: 'qm-settle-pre' });
  current.id = 'rules-current';
  const settingsBtn = el('button', { type: 'button' });
  settingsBtn.id = 'rules-settings';
  settingsBtn.addEventListener('click', () => {
    const b = document.getElementById('settings-button');
    if (b) { b.click(); window.scrollTo(0, 0); }
  });
  const refTitle = el('h3');
  const search = el('input', { type: 'search', autocomplete: 'off', spellcheck: false, class: 'qm-rules-search' });
  search.id = 'rules-search';
  const shown = el('pre', { class: 'qm-settle-pre', hidden: true });
  shown.id = 'rules-shown';
  const list = el('div', { class: 'qm-rules-list' });
  list.id = 'rules-list';
  const curTitle = el('h3');
  root.append(title, refTitle, search, shown, list, curTitle, current, el('div', { class: 'qm-settle-actions' }, settingsBtn));

  let index = [];   // [{id, en, zh, body}] from the reference's `### ID — en · zh` headings

  function loadIndex() {
    const r = app.ask({ command: 'rules', markdown: true, options: [] });
    index = [];
    if (r.status !== 0) return;
    let cur = null;
    for (const line of String(r.output).split('\n')) {
      const m = /^###\s+([A-Z]+\d+)\s+—\s+(.*)$/.exec(line);
      if (m) {
        const [en, zh] = m[2].split(' · ');
        cur = { id: m[1], en: en || m[2], zh: zh || en || m[2], body: '' };
        index.push(cur);
      } else if (/^#{1,3}\s/.test(line)) {
        cur = null;
      } else if (cur) {
        cur.body += line.toLowerCase() + '\n';
      }
    }
  }

  function renderList() {
    list.textContent = '';
    const q = search.value.trim().toLowerCase();
    let n = 0;
    for (const x of index) {
      const hay = `${x.id} ${x.en} ${x.zh}`.toLowerCase();
      if (q && !hay.includes(q) && !x.body.includes(q)) continue;
      const b = el('button', { type: 'button', class: 'qm-rules-item' });
      b.dataset.rule = x.id;
      b.setAttribute('aria-pressed', String(x.id === chosen));
      b.append(el('b', { text: x.id }), ' ', app.t(x.zh, x.en));
      b.addEventListener('click', () => show(x.id));
      list.append(b);
      ++n;
    }
    if (!n) list.append(el('p', { class: 'qm-settle-note', text: app.t('没有找到。', 'Nothing found.') }));
  }

  function show(id) {
    chosen = id;
    const r = app.ask({ command: 'rules', ids: [id] });
    shown.hidden = false;
    showReply(app, shown, r);
    renderList();
    shown.scrollIntoView({ block: 'nearest' });
  }

  function render() {
    const sets = ruleSets(app);
    const rs = sets.find((x) => x.id === app.settings.rules);
    title.textContent = app.t('规则', 'Rules');
    refTitle.textContent = app.t('规则说明（点编号看全文）', 'The rules (tap one to read it)');
    search.placeholder = app.t('搜索：编号或文字，如 D3、花猪', 'Search: an id or words, e.g. D3, escape');
    search.setAttribute('aria-label', app.t('搜索规则', 'Search the rules'));
    curTitle.textContent = app.t(`当前规则：${rs ? rs.zh : app.settings.rules}（番型与房规）`, `In effect: ${rs ? rs.en : app.settings.rules} (patterns and house rules)`);
    const r = app.ask({ command: 'rules' });
    showReply(app, current, r);
    settingsBtn.textContent = app.t('修改规则和房规（设置）', 'Change the rule set and house rules (settings)');
    loadIndex();
    renderList();
    if (chosen) {
      const again = app.ask({ command: 'rules', ids: [chosen] });
      showReply(app, shown, again);
    }
  }

  search.addEventListener('input', () => {
    renderList();
    const q = search.value.trim().toUpperCase();
    if (index.some((x) => x.id === q)) show(q);
  });
  render();
  app.onChange(render);
}
