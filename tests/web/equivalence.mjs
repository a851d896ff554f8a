// The library built for the browser (make web) answers as the native library does: every
// golden request of tests/answer_test.cpp (the CLI transcripts, the score cases, the settle
// tables in every layout, the sessions) through qianmj_answer, byte for byte against the
// native answer_json. The requests and native answers come from `qianmj_tests "Front door*"`
// with QIANMJ_ANSWERS_OUT set (ctest's web.requests). Run by ctest (label web):
//   node tests/web/equivalence.mjs BUILD-WEB/web/qianmj.js ANSWER-REQUESTS.jsonl
// It prints the median time of an answer, the requests answered again and again.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const [moduleJs, requestsFile] = process.argv.slice(2);
if (!moduleJs || !requestsFile) {
  console.error('usage: equivalence.mjs QIANMJ_JS ANSWER_REQUESTS_JSONL');
  process.exit(2);
}
const createQianmj = createRequire(import.meta.url)(moduleJs);
// Node's fetch() cannot read a file path, so the module is handed its .wasm.
const m = await createQianmj({ wasmBinary: readFileSync(moduleJs.replace(/\.js$/, '.wasm')) });
const answer = m.cwrap('qianmj_answer', 'string', ['string']);

const cases = readFileSync(requestsFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
let compared = 0, failed = 0;
for (const { request, answer: want } of cases) {
  ++compared;
  const got = answer(request);
  if (got === want) continue;
  ++failed;
  if (failed <= 20) console.error(`${request}\n  native: ${want}\n  wasm:   ${got}`);
}

// The time of one answer: each request answered in turn, rounds over them all, the median.
const times = [];
for (let round = 0; round < 3; ++round)
  for (const { request } of cases) {
    const t0 = process.hrtime.bigint();
    answer(request);
    times.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
times.sort((a, b) => a - b);
console.log(`${compared - failed} passed, ${failed} failed; median answer ${times[times.length >> 1].toFixed(1)} µs over ${times.length}`);
process.exit(failed === 0 && compared > 100 ? 0 : 1);
