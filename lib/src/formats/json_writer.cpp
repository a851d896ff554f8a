// Waits answers written straight into a string: the pipeline's hot path. The DOM forms
// (to_json) parse this text, so there is one definition of the shape.
#include <bit>

#include "formats/json_common.hpp"
#include "formats/json_text.hpp"
#include "qianmj/engine/advice.hpp"
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

void write_accept(Writer& w, const Acceptance& a, bool with_list) {
  w.open('{').key("kinds").number(a.kinds).key("tiles").number(a.tiles);
  if (with_list) {
    w.key("list").open('[');
    for (const auto& t : a.list) {
      w.open('{').key("tile").literal(t.tile.ascii()).key("remaining").number(t.remaining);
      if (t.remaining == 0) w.key("exhausted").boolean(true);
      w.close('}');
    }
    w.close(']');
  }
  w.close('}');
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
  if (a.shanten) {
    w.key("shanten");
    if (*a.shanten >= kNoShape)
      w.null();
    else
      w.number(*a.shanten);
  }
  if (a.accept) {
    w.key("accept");
    write_accept(w, *a.accept, true);
  }
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

namespace {

void write_shanten(Writer& w, int sh) {
  w.key("shanten");
  if (sh >= kNoShape)
    w.null();  // no winning shape can be reached (Zunyi: melds in three suits)
  else
    w.number(sh);
}

// One row of advice (ADVICE §3.4): the discard's fields, or a 13-tile hand's at the top.
void write_row(Writer& w, const AdviceRow& r, const Ruleset& rules) {
  const Unit& unit = rules.unit();
  write_shanten(w, r.shanten);
  w.key("suits").number(std::popcount(r.suits));
  w.key("forms").open('[');
  for (const auto& f : r.forms) w.literal(f.id);
  w.close(']');
  w.key("accept");
  write_accept(w, r.accept, true);
  if (r.shanten == 0 && r.accept.tiles == 0) w.key("exhausted").boolean(true);  // A4
  if (r.waits) {
    w.key("waits");
    write_waits(w, *r.waits, unit);
    w.key("win_tiles").number(r.win_tiles).key("discard_win_tiles").number(r.discard_win_tiles);
    w.key("value_tiles").number(r.value_tiles).key("dajiao").number(r.dajiao);
    if (r.discard_win_tiles == 0) w.key("zimo_only").boolean(true);  // A8
  }
  w.key("ready_for_settlement").boolean(r.ready_for_settlement);
  w.key("vwa").number(r.vwa);
  w.key("lines").open('[');
  for (const auto& l : r.lines) {
    w.open('{').key("id").literal(l.item.id).key("zh").string(l.item.zh).key("en").string(
        l.item.en);
    w.value_key(unit).number(l.item.value);
    write_shanten(w, l.shanten);
    w.key("accept");
    write_accept(w, l.accept, false);
    w.close('}');
  }
  w.close(']');
  if (rules.has_huazhu()) {
    w.key("huazhu");
    if (!r.huazhu) {
      w.null();
    } else {
      const auto& h = *r.huazhu;
      w.open('{').key("suits").number(h.suits).key("ready").boolean(h.ready);
      write_shanten(w, h.two_suit_shanten);
      w.key("shed").open('{');
      w.key("suit").literal(std::string(1, suit_letter(h.shed))).key("tiles").number(h.shed_tiles);
      w.close('}').close('}');
    }
  }
}

}  // namespace

std::string advice_json_text(const Advice& a, const Ruleset& rules, long line) {
  std::string out;
  append_advice_json_text(out, a, rules, line);
  return out;
}

void append_advice_json_text(std::string& out, const Advice& a, const Ruleset& rules, long line) {
  Writer w(out);
  write_header(w, rules);
  w.key("hand").literal_by([&](std::string& o) { append_ascii(o, a.hand); });
  w.key("tiles").number(a.hand.size());
  w.key("win").boolean(a.win);
  if (a.hand.size() == 13 && !a.rows.empty()) {
    write_row(w, a.rows.front(), rules);
  } else {
    write_shanten(w, a.shanten);
    w.key("suits").number(std::popcount(a.hand.suits()));
    w.key("discards").open('[');
    int rank = 0;
    for (const auto& r : a.rows) {
      w.open('{').key("tile").literal(r.discard->ascii()).key("rank").number(++rank);
      write_row(w, r, rules);
      w.close('}');
    }
    w.close(']');
  }
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
