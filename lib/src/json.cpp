#include "qianmj/json.hpp"

#include "qianmj/notation.hpp"

namespace qianmj {

using json = Json;

namespace {

const char* value_key(Unit unit) { return unit == Unit::Fan ? "fan" : "points"; }

json items_json(const std::vector<Item>& items, Unit unit) {
  json a = json::array();
  for (const auto& it : items) a.push_back(to_json(it, unit));
  return a;
}

json header(const Ruleset& rules) { return {{"schema", kSchema}, {"rules", rules.id()}}; }

json wait_list(const WaitsAnswer& w, Unit unit) {
  json a = json::array();
  for (const auto& v : w.waits)
    a.push_back({{"tile", v.wait.tile.ascii()},
                 {"remaining", v.wait.remaining},
                 {"live", v.wait.live},
                 {"pattern", to_json(v.pattern, unit)},
                 {value_key(unit), v.pattern.value},
                 {"legal_on_discard", v.legal_on_discard}});
  return a;
}

json dajiao(const WaitsAnswer& w) { return w.dajiao ? json(w.dajiao->value) : json(nullptr); }

}  // namespace

json to_json(const Item& item, Unit unit) {
  return {{"id", item.id}, {"zh", item.zh}, {"en", item.en}, {value_key(unit), item.value}};
}

json to_json(const Score& sc, const Ruleset& rules) {
  Unit unit = rules.unit();
  json j = header(rules);
  j["hand"] = to_ascii(sc.hand);
  j["win_tile"] = sc.win_tile ? json(sc.win_tile->ascii()) : json(nullptr);
  j["win"] = sc.win;
  j["legal"] = sc.legal;
  j["reason"] = sc.reason ? json(sc.reason->en) : json(nullptr);
  j["reason_zh"] = sc.reason ? json(sc.reason->zh) : json(nullptr);
  j["pattern"] = sc.pattern ? to_json(*sc.pattern, unit) : json(nullptr);
  j["reading"] = sc.reading ? json(reading_text(*sc.reading, sc.hand, false)) : json(nullptr);
  j["also"] = items_json(sc.also, unit);
  j["items"] = items_json(sc.items, unit);
  json payers = json::array();
  for (const auto& p : sc.payers)
    payers.push_back({{"role", role_name(p.role)},
                      {"count", p.count},
                      {value_key(unit), p.value},
                      {"points", p.points},
                      {"dealer", p.dealer},
                      {"items", items_json(p.items, unit)}});
  j["payers"] = payers;
  j["total"] = sc.total;
  json notes = json::array();
  for (const auto& n : sc.notes) notes.push_back({{"en", n.en}, {"zh", n.zh}});
  j["notes"] = notes;
  return j;
}

json to_json(const WaitsAnswer& w, const Ruleset& rules) {
  json j = header(rules);
  j["hand"] = to_ascii(w.hand);
  j["ready"] = w.ready;
  j["waits"] = wait_list(w, rules.unit());
  j["dajiao"] = dajiao(w);
  j["dajiao_pattern"] = w.dajiao ? to_json(*w.dajiao, rules.unit()) : json(nullptr);
  return j;
}

json to_json(const Hand& hand14, const std::vector<DiscardAnswer>& discards, const Ruleset& rules) {
  json j = header(rules);
  j["hand"] = to_ascii(hand14);
  j["ready"] = !discards.empty();
  j["win"] = is_winning_shape(hand14);
  json a = json::array();
  for (const auto& d : discards)
    a.push_back({{"tile", d.discard.ascii()},
                 {"waits", wait_list(d.waits, rules.unit())},
                 {"dajiao", dajiao(d.waits)}});
  j["discards"] = a;
  return j;
}

json rules_json(const Ruleset& rules) {
  json j = header(rules);
  j["unit"] = value_key(rules.unit());
  auto table = [&](const std::vector<ItemSpec>& specs) {
    json a = json::array();
    for (const auto& s : specs)
      a.push_back({{"id", s.id},
                   {"zh", s.zh},
                   {"en", s.en},
                   {value_key(rules.unit()), s.value},
                   {"definition", s.definition_en},
                   {"definition_zh", s.definition_zh}});
    return a;
  };
  j["patterns"] = table(rules.patterns());
  j["addons"] = table(rules.addons());
  json opts = json::array();
  for (const auto& o : option_specs()) {
    std::int64_t v = rules.options().get(o.name);
    opts.push_back({{"name", o.name},
                    {"value", o.boolean ? json(v != 0) : json(v)},
                    {"default", o.boolean ? json(o.default_value != 0) : json(o.default_value)},
                    {"rules", o.rules},
                    {"en", o.en},
                    {"zh", o.zh}});
  }
  j["options"] = opts;
  return j;
}

json to_json(const Error& e, std::string_view rules_id, long line) {
  json err = {{"code", code_name(e.code)}, {"message", e.en}, {"message_zh", e.zh}};
  if (e.column > 0) err["column"] = e.column;
  if (line > 0) err["line"] = line;
  return {{"schema", kSchema}, {"rules", rules_id}, {"error", err}};
}

}  // namespace qianmj
