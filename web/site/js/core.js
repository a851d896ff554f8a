// core.js: the page's shell. Loads the library (qianmj.js + qianmj.wasm) once, holds the
// settings (language, rule set, house options), the tab bar and the deep links, and mounts
// the six tab modules. The page computes nothing about mahjong: every answer comes from
// the library through app.ask (one call, `qianmj_answer`, docs/answer.md).
//
// The interface the tab modules code against (stable; it only grows):
//   app.ask(request) -> reply object {schema, status, output, error, rules}
//       adds `rules`, `options` and `lang` from the settings unless the request gives them.
//   app.lang -> 'zh' | 'en'              from navigator.language, switchable, remembered
//   app.t(zh, en) -> string              the text in the current language
//   app.settings: {rules, options: ['NAME=VALUE', ...]}   remembered (localStorage)
//   app.onChange(cb)                     cb() after a language / rule set / option change
//   app.share(kind, value) -> url        `${origin}${pathname}#${kind}=${encodeURIComponent(value)}`
//   app.store: {get(key), set(key, value)}   localStorage JSON, namespaced 'qianmj:'
// Added (modules may use them, need not):
//   app.show(tabId)                      switch to a tab ('score', 'waits', 'advise', 'settle', 'session', 'rules')
//   app.link -> {kind, value, params}    the parsed fragment (see below); null when none
//   app.onLink(cb)                       cb(link) on load (after mounting) and on every hashchange
//   app.copy(text) -> Promise<boolean>   copy to the clipboard (falls back to a selection)
//
// Each tab module: `export const tab = {id, zh, en}; export function mount(root, app)`.
//
// Deep links (the fragment, read on load and on `hashchange`; nothing is sent anywhere):
//   #hand=23445677p345789s                  opens 算分 (score) on that hand (public, stable)
//   #hand=2344567p345789s&win=7p&zimo=1     the score share link may also carry the winning
//       tile (`win`) and the situation: `zimo`, `after_kong`, `robbing_kong`, `baoting`,
//       `payer_baoting`, `tianhu`, `dihu`, `dou` (=1 when set), `dealer` (winner|payer|none)
//       and `streak` (a number); every value is encodeURIComponent-encoded. `#hand=` alone
//       stays valid. Unknown parameters are ignored.
//   #table=<words>                          opens 结算 (settle) with that table
//   #evening=<lines joined by \n>           opens 一晚 (session); the module asks before
//                                           replacing a stored evening
// The first `key=value` of the fragment names the link's kind; `params` holds them all
// (decoded). Each kind opens its tab: hand -> score, table -> settle, evening -> session.

const NS = 'qianmj:';

export const store = {
  get(key) {
    const s = this.raw(key);
    try {
      return s === null ? null : JSON.parse(s);
    } catch (e) {
      return null;
    }
  },
  // The stored text itself (null when there is none), and a text stored as it is.
  raw(key) {
    try { return localStorage.getItem(NS + key); } catch (e) { return null; }
  },
  setRaw(key, text) {
    try { localStorage.setItem(NS + key, text); } catch (e) { /* private mode or full */ }
  },
  set(key, value) {
    try {
      if (value === undefined || value === null) localStorage.removeItem(NS + key);
      else localStorage.setItem(NS + key, JSON.stringify(value));
    } catch (e) { /* private mode or full: settings just are not remembered */ }
  },
};

const LINK_TABS = { hand: 'score', table: 'settle', evening: 'session' };
const TAB_MODULES = ['score', 'waits', 'advise', 'settle', 'session', 'rules'];

function parseHash(hash) {
  const h = (hash || '').replace(/^#/, '');
  if (!h) return null;
  const params = {};
  let kind = null;
  for (const part of h.split('&')) {
    const i = part.indexOf('=');
    const k = i < 0 ? part : part.slice(0, i);
    let v = i < 0 ? '' : part.slice(i + 1);
    try { v = decodeURIComponent(v.replace(/\+/g, '%20')); } catch (e) { /* keep raw */ }
    if (!k) continue;
    if (kind === null) kind = k;
    if (!(k in params)) params[k] = v;
  }
  if (kind === null) return null;
  return { kind, value: params[kind], params };
}

let wasm = null;
const changeListeners = [];
const linkListeners = [];
const tabs = [];   // {id, zh, en, section, button}
let currentTab = null;

function initialLang() {
  const saved = store.get('lang');
  if (saved === 'zh' || saved === 'en') return saved;
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || '';
  return /^zh/i.test(nav) ? 'zh' : 'en';
}

function initialSettings() {
  const s = store.get('settings') || {};
  return {
    rules: typeof s.rules === 'string' ? s.rules : '',  // '': the library's default, once loaded
    options: Array.isArray(s.options) ? s.options.filter((o) => typeof o === 'string') : [],
  };
}

let lang = initialLang();

export const app = {
  ask(request) {
    const req = Object.assign({}, request);
    if (!('rules' in req)) req.rules = app.settings.rules;
    if (!('options' in req) && app.settings.options.length) req.options = app.settings.options.slice();
    if (!('lang' in req)) req.lang = lang;
    if (!wasm) {
      return { schema: 1, status: 2, output: '',
               error: { code: 'internal', message: 'the library is not loaded',
                        message_zh: '计算库尚未加载' } };
    }
    try {
      return JSON.parse(wasm.ccall('qianmj_answer', 'string', ['string'], [JSON.stringify(req)]));
    } catch (e) {
      return { schema: 1, status: 2, output: '',
               error: { code: 'internal', message: String(e && e.message || e),
                        message_zh: '计算库出错：' + String(e && e.message || e) } };
    }
  },
  get lang() { return lang; },
  t(zh, en) { return lang === 'zh' ? zh : en; },
  settings: initialSettings(),
  onChange(cb) { changeListeners.push(cb); },
  share(kind, value) {
    return `${location.origin}${location.pathname}#${kind}=${encodeURIComponent(value)}`;
  },
  store,
  // --- additions ---
  link: parseHash(location.hash),
  show(id) { showTab(id); },
  onLink(cb) { linkListeners.push(cb); },
  copy(text) { return copyText(text); },
  setLang(l) { setLang(l); },
  saveSettings() { store.set('settings', app.settings); fireChange(); },
};

function fireChange() {
  for (const cb of changeListeners) {
    try { cb(); } catch (e) { console.warn(e); }
  }
}

function fireLink() {
  const link = app.link;
  if (!link) return;
  if (LINK_TABS[link.kind]) showTab(LINK_TABS[link.kind]);
  for (const cb of linkListeners) {
    try { cb(link); } catch (e) { console.warn(e); }
  }
}

async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (e) { /* fall back */ }
  // Fallback: a selected, read-only text field the user can copy from.
  const box = document.getElementById('copy-fallback');
  if (box) {
    box.hidden = false;
    box.dataset.shown = String(Date.now());
    const input = box.querySelector('input');
    input.value = text;
    input.focus();
    input.select();
    try {
      if (document.execCommand('copy')) {  // copied: the field goes away by itself
        setTimeout(() => { box.hidden = true; }, 1500);
        return true;
      }
    } catch (e) { /* manual copy */ }
  }
  return false;
}

// ---------- language ----------

function applyStaticText() {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = app.t('黔麻 · 贵州麻将计算器', 'qianmj · Guizhou mahjong');
  for (const el of document.querySelectorAll('[data-zh]')) {
    el.textContent = lang === 'zh' ? el.dataset.zh : el.dataset.en;
  }
  for (const el of document.querySelectorAll('[data-zh-label]')) {
    el.setAttribute('aria-label', lang === 'zh' ? el.dataset.zhLabel : el.dataset.enLabel);
  }
  for (const t of tabs) {
    t.button.querySelector('.tab-label').textContent = lang === 'zh' ? t.zh : t.en;
  }
  const sw = document.getElementById('lang-switch');
  if (sw) {
    sw.textContent = lang === 'zh' ? 'English' : '中文';
    sw.setAttribute('aria-label', lang === 'zh' ? 'Switch to English' : '切换到中文');
  }
}

function setLang(l) {
  if (l !== 'zh' && l !== 'en' || l === lang) return;
  lang = l;
  store.set('lang', lang);
  applyStaticText();
  renderSettings();
  fireChange();
}

// ---------- tabs ----------

function showTab(id) {
  const t = tabs.find((x) => x.id === id);
  if (!t) return;
  currentTab = id;
  for (const x of tabs) {
    const on = x.id === id;
    x.section.hidden = !on;
    x.button.setAttribute('aria-selected', on ? 'true' : 'false');
    x.button.classList.toggle('active', on);
  }
  store.set('tab', id);
}

// ---------- settings ----------

let rulesInfo = null;   // the rules JSON answer for the chosen rule set (no options)

function loadRulesInfo() {
  const r = app.ask({ command: 'rules', format: 'json', options: [] });
  rulesInfo = null;
  if (r.status === 0) {
    try { rulesInfo = JSON.parse(String(r.output).split('\n')[0]); } catch (e) { rulesInfo = null; }
  }
  return r;
}

function optionValue(name) {
  for (const o of app.settings.options) {
    const i = o.indexOf('=');
    if (i > 0 && o.slice(0, i) === name) return o.slice(i + 1);
  }
  return null;
}

function setOption(opt, value) {
  // value: a string as the library reads it; equal to the default -> removed.
  const rest = app.settings.options.filter((o) => !o.startsWith(opt.name + '='));
  const def = typeof opt.default === 'boolean' ? (opt.default ? 'on' : 'off') : String(opt.default);
  if (value !== null && value !== def) rest.push(`${opt.name}=${value}`);
  app.settings.options = rest;
  app.saveSettings();
  checkOptions();
}

function checkOptions() {
  const err = document.getElementById('settings-error');
  if (!err) return;
  err.textContent = '';
  if (!app.settings.options.length) return;
  const chk = app.ask({ command: 'rules', format: 'json' });
  if (chk.status === 2 && chk.error) {
    err.textContent = `${app.t('错误', 'error')} [${chk.error.code}]${app.t('：', ': ')}` +
                      app.t(chk.error.message_zh || chk.error.message, chk.error.message);
  }
}

function optionsForRuleSet() {
  if (!rulesInfo || !Array.isArray(rulesInfo.options)) return [];
  return rulesInfo.options.filter((o) => o.rules === app.settings.rules || o.rules === 'all');
}

function renderSettings() {
  const panel = document.getElementById('settings-body');
  if (!panel) return;
  panel.textContent = '';
  const r = loadRulesInfo();
  if (!rulesInfo) {
    const p = document.createElement('p');
    p.className = 'error';
    const e = r.error || {};
    p.textContent = `${app.t(e.message_zh || '', e.message || '')} [${e.code || '?'}]`;
    panel.append(p);
    // A stored rule set or option the library no longer knows: offer the reset below.
  }

  // Rule set
  const rsRow = document.createElement('label');
  rsRow.className = 'setting';
  const rsName = document.createElement('span');
  rsName.textContent = app.t('规则', 'Rule set');
  const sel = document.createElement('select');
  sel.id = 'ruleset';
  let sets = rulesInfo && Array.isArray(rulesInfo.rulesets) ? rulesInfo.rulesets : null;
  if (!sets || !sets.length) {
    const id = (rulesInfo && rulesInfo.rules) || app.settings.rules;
    sets = [{ id, zh: id, en: id }];
  }
  for (const s of sets) {
    const o = document.createElement('option');
    o.value = s.id;
    o.textContent = app.t(s.zh || s.id, s.en || s.id);
    if (s.id === app.settings.rules) o.selected = true;
    sel.append(o);
  }
  sel.addEventListener('change', () => {
    app.settings.rules = sel.value;
    // Options of another rule set would be refused (bad_option): keep those for all.
    loadRulesInfo();
    const keep = new Set(optionsForRuleSet().map((o) => o.name));
    app.settings.options = app.settings.options.filter((o) => keep.has(o.split('=')[0]));
    app.saveSettings();
    renderSettings();
  });
  rsRow.append(rsName, sel);
  panel.append(rsRow);

  // House options
  const opts = optionsForRuleSet();
  if (opts.length) {
    const h = document.createElement('h3');
    h.textContent = app.t('房规', 'House rules');
    panel.append(h);
  }
  for (const opt of opts) {
    const row = document.createElement('label');
    row.className = 'setting';
    const name = document.createElement('span');
    name.className = 'setting-name';
    const main = document.createElement('span');
    main.textContent = app.t(opt.zh || opt.en, opt.en || opt.zh);
    const code = document.createElement('small');
    code.textContent = opt.name;
    name.append(main, code);
    row.append(name);
    const cur = optionValue(opt.name);
    if (typeof opt.default === 'boolean') {
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.className = 'switch';
      input.dataset.option = opt.name;
      input.checked = cur === null ? opt.default : /^(on|true|1|yes)$/i.test(cur);
      input.addEventListener('change', () => setOption(opt, input.checked ? 'on' : 'off'));
      row.append(input);
    } else if (Array.isArray(opt.choices)) {
      // A choice among named values (zunyi-yipao-dealer: first-winner or next-seat).
      const choice = document.createElement('select');
      choice.dataset.option = opt.name;
      for (const c of opt.choices) {
        const o = document.createElement('option');
        o.value = c;
        o.textContent = c;
        if (c === (cur === null ? opt.default : cur)) o.selected = true;
        choice.append(o);
      }
      choice.addEventListener('change', () => setOption(opt, choice.value));
      row.append(choice);
    } else {
      const input = document.createElement('input');
      input.type = 'number';
      input.inputMode = 'numeric';
      input.step = '1';
      input.dataset.option = opt.name;
      input.value = cur === null ? String(opt.default) : cur;
      input.addEventListener('change', () => {
        const v = input.value.trim();
        setOption(opt, v === '' ? null : v);
      });
      row.append(input);
    }
    panel.append(row);
  }

  const reset = document.createElement('button');
  reset.type = 'button';
  reset.id = 'settings-reset';
  reset.className = 'wide';
  reset.textContent = app.t('恢复默认', 'Reset to defaults');
  reset.addEventListener('click', () => {
    app.settings.options = [];
    app.saveSettings();
    renderSettings();
  });
  panel.append(reset);

  // An option the library refuses shows its message here (the library checks values).
  const err = document.createElement('p');
  err.id = 'settings-error';
  err.className = 'error';
  panel.append(err);
  checkOptions();
}

// ---------- start ----------

function showFatal(zh, en, detail) {
  const el = document.getElementById('loading');
  if (!el) return;
  el.hidden = false;
  el.classList.add('failed');
  el.textContent = '';
  const a = document.createElement('p');
  a.textContent = zh;
  const b = document.createElement('p');
  b.textContent = en;
  el.append(a, b);
  if (detail) {
    const c = document.createElement('p');
    c.className = 'detail';
    c.textContent = detail;
    el.append(c);
  }
}

async function loadWasm() {
  if (typeof window.createQianmj !== 'function') throw new Error('qianmj.js did not load');
  const module = await window.createQianmj();
  performance.mark('qianmj-module');  // measured by the page's budget check (README)
  return module;
}

async function start() {
  applyStaticText();
  document.getElementById('lang-switch').addEventListener('click', () => setLang(lang === 'zh' ? 'en' : 'zh'));
  const settingsBtn = document.getElementById('settings-button');
  const settingsPanel = document.getElementById('settings');
  settingsBtn.addEventListener('click', () => {
    settingsPanel.hidden = !settingsPanel.hidden;
    settingsBtn.setAttribute('aria-expanded', settingsPanel.hidden ? 'false' : 'true');
    if (!settingsPanel.hidden) renderSettings();
  });
  document.getElementById('settings-close').addEventListener('click', () => {
    settingsPanel.hidden = true;
    settingsBtn.setAttribute('aria-expanded', 'false');
  });

  // The copy fallback goes away at the next tap elsewhere.
  document.addEventListener('click', (e) => {
    const box = document.getElementById('copy-fallback');
    if (!box || box.hidden || box.contains(e.target)) return;
    if (Date.now() - Number(box.dataset.shown || 0) < 500) return;
    box.hidden = true;
  });

  if ('serviceWorker' in navigator) {
    try {
      navigator.serviceWorker.register('sw.js').catch(() => { /* offline cache is optional */ });
    } catch (e) { /* ignore */ }
  }

  try {
    wasm = await loadWasm();
  } catch (e) {
    showFatal('计算库加载失败，请刷新页面重试。', 'The calculator failed to load. Please reload the page.',
              String(e && e.message || e));
    return;
  }

  // No rule set chosen yet, or one this library no longer knows: the library's default (the
  // first of its rule sets; `rules` left out of the request asks for it).
  const probe = app.ask({ command: 'rules', format: 'json', options: [] });
  if (!app.settings.rules || (probe.status === 2 && probe.error && probe.error.code === 'bad_option')) {
    const def = app.ask({ command: 'rules', format: 'json', options: [], rules: undefined });
    let id = '';
    try { id = JSON.parse(def.output).rulesets[0].id; } catch (e) { id = def.rules || ''; }
    app.settings.rules = id;
    app.settings.options = [];
    store.set('settings', app.settings);
  }

  const bar = document.getElementById('tabbar');
  const sections = document.querySelectorAll('main > section[data-module]');
  const modules = await Promise.all(TAB_MODULES.map((name) =>
    import(`./${name}.js`).catch((e) => { console.warn(`tab ${name}:`, e); return null; })));
  modules.forEach((mod, i) => {
    const section = sections[i];
    if (!section || !mod || !mod.tab) { if (section) section.hidden = true; return; }
    const t = { id: mod.tab.id, zh: mod.tab.zh, en: mod.tab.en, section };
    section.id = `tab-${t.id}`;
    section.setAttribute('role', 'tabpanel');
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.className = 'tab';
    btn.id = `tabbtn-${t.id}`;
    btn.setAttribute('role', 'tab');
    btn.setAttribute('aria-controls', section.id);
    btn.dataset.tab = t.id;
    const label = document.createElement('span');
    label.className = 'tab-label';
    btn.append(label);
    btn.addEventListener('click', () => showTab(t.id));
    bar.append(btn);
    t.button = btn;
    tabs.push(t);
    try {
      mod.mount(section, app);
    } catch (e) {
      console.warn(`mount ${t.id}:`, e);
    }
  });
  applyStaticText();
  const saved = store.get('tab');
  showTab(tabs.some((t) => t.id === saved) ? saved : (tabs[0] && tabs[0].id));
  document.getElementById('loading').hidden = true;
  document.body.classList.add('ready');
  performance.mark('qianmj-ready');

  fireLink();
  window.addEventListener('hashchange', () => {
    app.link = parseHash(location.hash);
    fireLink();
  });
}

start();
