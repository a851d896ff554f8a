// Waits answers written straight into a string: the pipeline's hot path. The DOM forms
// (to_json) parse this text, so there is one definition of the shape.
#include "formats/json_common.hpp"
#include "formats/json_text.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj {

using json = Json;
using json_detail::Writer;

namespace {

void write_header(Writer& w, const Ruleset& rules) {
  w.open('{').key("schema").number(kSchema).key("rules").literal(rules.id());
}

void write_waits(Writer& w, const WaitsAnswer& a, const Unit& unit) {
  w.open('[');
  for (const auto& v : a.waits) {
    w.open('{').key("tile").literal(v.wait.tile.ascii()).key("remaining").number(v.wait.remaining);
    w.key("live").boolean(v.wait.live).key("pattern").item(v.pattern, unit);
    w.value_key(unit)
        .number(v.pattern.value)
        .key("legal_on_discard")
        .boolean(v.legal_on_discard)
        .close('}');
  }
  w.close(']');
}

void write_dajiao(Writer& w, const WaitsAnswer& a) {
  if (a.dajiao)
    w.number(a.dajiao->value);
  else
    w.null();
}

}  // namespace

std::string waits_json_text(const WaitsAnswer& a, const Ruleset& rules, long line) {
  std::string out;
  out.reserve(512);
  append_waits_json_text(out, a, rules, line);
  return out;
}

void append_waits_json_text(std::string& out, const WaitsAnswer& a, const Ruleset& rules,
                            long line) {
  Writer w(out);
  write_header(w, rules);
  w.key("hand").literal_by([&](std::string& o) { append_ascii(o, a.hand); });
  w.key("ready").boolean(a.ready);
  if (a.reason)
    w.key("reason").string(a.reason->en).key("reason_zh").string(a.reason->zh);
  else
    w.key("reason").null().key("reason_zh").null();
  w.key("waits");
  write_waits(w, a, rules.unit());
  w.key("dajiao");
  write_dajiao(w, a);
  w.key("dajiao_pattern");
  if (a.dajiao)
    w.item(*a.dajiao, rules.unit());
  else
    w.null();
  w.key("dajiao_total");  // what a 查大叫 charges for it, add-ons included (D8: 报听)
  if (a.dajiao)
    w.number(a.dajiao_total);
  else
    w.null();
  if (line > 0) w.key("line").number(line);
  w.close('}');
  w.finish();
}

std::string discards_json_text(const Hand& hand14, const std::vector<DiscardAnswer>& discards,
                               const Ruleset& rules, long line) {
  std::string out;
  append_discards_json_text(out, hand14, discards, rules, line);
  return out;
}

void append_discards_json_text(std::string& out, const Hand& hand14,
                               const std::vector<DiscardAnswer>& discards, const Ruleset& rules,
                               long line) {
  Writer w(out);
  write_header(w, rules);
  w.key("hand").literal_by([&](std::string& o) { append_ascii(o, hand14); });
  w.key("ready").boolean(!discards.empty());
  w.key("win").boolean(rules.best_pattern(hand14, std::nullopt, {}).has_value());
  w.key("discards").open('[');
  for (const auto& d : discards) {
    w.open('{').key("tile").literal(d.discard.ascii()).key("waits");
    write_waits(w, d.waits, rules.unit());
    w.key("dajiao");
    write_dajiao(w, d.waits);
    w.close('}');
  }
  w.close(']');
  if (line > 0) w.key("line").number(line);
  w.close('}');
  w.finish();
}

json to_json(const WaitsAnswer& w, const Ruleset& rules) {
  return json::parse(waits_json_text(w, rules, 0));
}

json to_json(const Hand& hand14, const std::vector<DiscardAnswer>& discards, const Ruleset& rules) {
  return json::parse(discards_json_text(hand14, discards, rules, 0));
}

}  // namespace qianmj
