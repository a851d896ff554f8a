// The library built for the browser (make web) answers as the native program does: every
// golden score case (as a pipeline's JSON line, Duyun and Zunyi) and every golden settle
// table, byte for byte but for the native answers' "line". Run by ctest (label web):
//   node tests/web/equivalence.mjs BUILD-WEB/web/qianmj.js NATIVE-qianmj TESTDATA-DIR
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const [moduleJs, native, testdata] = process.argv.slice(2);
if (!moduleJs || !native || !testdata) {
  console.error('usage: equivalence.mjs QIANMJ_JS NATIVE_QIANMJ TESTDATA');
  process.exit(2);
}
const createQianmj = createRequire(import.meta.url)(moduleJs);
// Node's fetch() cannot read a file path, so the module is handed its .wasm.
const m = await createQianmj({ wasmBinary: readFileSync(moduleJs.replace(/\.js$/, '.wasm')) });
const score = m.cwrap('qianmj_score', 'string', ['string', 'string']);
const settle = m.cwrap('qianmj_settle', 'string', ['string']);

// The score cases as pipeline lines: the hand and its flags as JSON fields.
const flagFields = {
  '--zimo': 'zimo', '--after-kong': 'after_kong', '--robbing-kong': 'robbing_kong',
  '--baoting': 'baoting', '--payer-baoting': 'payer_baoting', '--tianhu': 'tianhu',
  '--dihu': 'dihu', '--dou': 'dou',
};
const scoreLines = [];
for (const row of readFileSync(`${testdata}/score_cases.tsv`, 'utf8').split('\n')) {
  if (!row || row.startsWith('#')) continue;
  const [, hand, flags] = row.split('\t');
  const words = flags.split(' ').filter(Boolean);
  if (words.includes('--rule')) continue;  // house rules: not a field of a line
  const request = { hand };
  for (let i = 0; i < words.length; ++i) {
    if (flagFields[words[i]]) request[flagFields[words[i]]] = true;
    else if (words[i] === '--win') request.win = words[++i];
    else if (words[i] === '--dealer') request.dealer = words[++i];
    else if (words[i] === '--streak') request.streak = Number(words[++i]);
    else throw new Error(`score_cases.tsv: a flag this test does not map: ${words[i]}`);
  }
  scoreLines.push(JSON.stringify(request), hand);
}
scoreLines.push('1234x', '11111m', '{"hand": "2344567p345789s", "hand": "1p"}', '{"hand": [[[1]]]}');

const tables = readFileSync(`${testdata}/settle_cases.jsonl`, 'utf8').split('\n').filter(Boolean)
  .map((l) => JSON.parse(l)).map((c) => c.table_text ?? JSON.stringify(c.table));
tables.push('{"dealer": 0, "seats": [}', '[1e999]');

// The native answers of a pipeline, each without its "line" (the last key of the answer, or
// of its "error").
function nativeAnswers(args, lines) {
  const out = execFileSync(native, args, { input: lines.join('\n') + '\n' }).toString();
  return out.split('\n').filter(Boolean).map((a) => a.replace(/,"line":\d+(\}+)$/, '$1'));
}
function runNative(args, lines) {
  try {
    return nativeAnswers(args, lines);
  } catch (e) {  // exit 1 or 2 when a line is not a win or is an error: the answers stand
    return e.stdout.toString().split('\n').filter(Boolean)
      .map((a) => a.replace(/,"line":\d+(\}+)$/, '$1'));
  }
}

let compared = 0, failed = 0;
function same(what, want, got) {
  ++compared;
  if (want === got) return;
  ++failed;
  console.error(`${what}\n  native: ${want}\n  wasm:   ${got}`);
}
for (const rules of ['duyun', 'zunyi']) {
  const want = runNative(['score', '-', '--json', '--rules', rules], scoreLines);
  if (want.length !== scoreLines.length) throw new Error(`native score answered ${want.length} of ${scoreLines.length}`);
  scoreLines.forEach((line, i) => same(`score ${rules} ${line}`, want[i], score(rules, line)));
}
const want = runNative(['settle', '-', '--json'], tables);
if (want.length !== tables.length) throw new Error(`native settle answered ${want.length} of ${tables.length}`);
tables.forEach((t, i) => same(`settle ${t}`, want[i], settle(t)));

console.log(`${compared - failed} passed, ${failed} failed`);
process.exit(failed === 0 && compared > 100 ? 0 : 1);
