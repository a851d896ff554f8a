// The library for JavaScript (emscripten): JSON text in, JSON text out, as the CLI's --json.
// Each function returns a pointer to a string that stays valid until the next call.
#include <emscripten/emscripten.h>
#include <string>
#include "qianmj/engine/rules.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/request.hpp"

namespace {

std::string g_out;
const char* done(std::string s) {
  g_out = std::move(s);
  return g_out.c_str();
}
}  // namespace

extern "C" {

// One score pipeline line (a hand, or {"hand": ..., "zimo": true, ...}) under rule set `rules`.
EMSCRIPTEN_KEEPALIVE const char* qianmj_score(const char* rules_id, const char* line) {
  auto rules = qianmj::build_ruleset(rules_id);
  if (!rules) return done(qianmj::error_json_text(rules.error(), rules_id));
  std::string hand;
  auto args = qianmj::score_line(line, {}, hand);
  if (!args) return done(qianmj::error_json_text(args.error(), rules_id));
  // Fields named as the program names them (--win): a note reads alike here and there.
  auto req = qianmj::score_request(hand, *args, qianmj::flag_name);
  if (!req) return done(qianmj::error_json_text(req.error(), rules_id));
  auto sc = (*rules)->score(req->hand, req->situation);
  if (!sc) return done(qianmj::error_json_text(sc.error(), rules_id));
  return done(qianmj::score_json_text(*sc, **rules));
}

// A settle table (JSON, INTERFACE §4): its ledger.
EMSCRIPTEN_KEEPALIVE const char* qianmj_settle(const char* table_json) {
  const std::string default_id(qianmj::default_ruleset().id);  // as the program's --rules
  auto table = qianmj::table_from_json(table_json);
  if (!table) return done(qianmj::error_json_text(table.error(), default_id));
  if (table->rules.empty()) table->rules = default_id;
  auto rules = qianmj::build_ruleset(table->rules, table->options);
  if (!rules) return done(qianmj::error_json_text(rules.error(), table->rules));
  auto ledger = qianmj::settle(**rules, *table);
  if (!ledger) return done(qianmj::error_json_text(ledger.error(), table->rules));
  return done(qianmj::ledger_json_text(*ledger, *table, **rules));
}

}  // extern "C"
