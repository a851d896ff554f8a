// Answers as JSON documents: a score, the rules, an error, a ledger and a seat's statement.
#include "json_common.hpp"
#include "qianmj/notation.hpp"
#include "qianmj/settle.hpp"

namespace qianmj {

using json = Json;
using json_detail::header;
using json_detail::items_json;
using json_detail::value_key;

json to_json(const Item& item, const Unit& unit) {
  return {{"id", item.id}, {"zh", item.zh}, {"en", item.en}, {value_key(unit), item.value}};
}

json to_json(const Score& sc, const Ruleset& rules) {
  const Unit unit = rules.unit();
  const bool priced = rules.price().has_value();  // the value and its points differ
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
  for (const auto& p : sc.payers) {
    json payer = {{"role", role_name(p.role)}, {"count", p.count}};
    if (priced) payer[value_key(unit)] = p.value;
    payer["points"] = p.points;
    payer["dealer"] = p.dealer;
    if (p.covers > 1)
      payer["covers"] = p.covers;  // 包: this payer pays the shares of `covers` seats
    payer["items"] = items_json(p.items, unit);
    payers.push_back(std::move(payer));
  }
  j["payers"] = payers;
  j["total"] = sc.total;
  json notes = json::array();
  for (const auto& n : sc.notes) notes.push_back({{"en", n.en}, {"zh", n.zh}});
  j["notes"] = notes;
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
  for (const auto& o :
       find_ruleset(rules.id())->options) {  // RULES.md H: only its own, as `qianmj rules`
    std::int64_t v = rules.options().get(o.name);
    opts.push_back({{"name", o.name},
                    {"value", o.boolean ? json(v != 0) : json(v)},
                    {"default", o.boolean ? json(o.default_value != 0) : json(o.default_value)},
                    {"rules", o.rules.empty() ? std::string_view("all") : o.rules},
                    {"en", o.en},
                    {"zh", o.zh}});
  }
  j["options"] = opts;
  return j;
}

json to_json(const Error& e, std::string_view rules_id, long line) {
  // Messages quote what the user typed: controls and bidi marks are escaped there too, so a
  // script that prints them (jq -r) shows no raw ones.
  json err = {{"code", code_name(e.code)},
              {"message", terminal_safe(e.en)},
              {"message_zh", terminal_safe(e.zh)}};
  if (!e.field.empty()) err["field"] = terminal_safe(e.field);
  if (e.column > 0) err["column"] = e.column;
  if (line > 0) err["line"] = line;
  return {{"schema", kSchema}, {"rules", rules_id}, {"error", err}};
}

namespace {

json transfer_items(const Transfer& tr, const Unit& unit) {
  json a = json::array();
  for (const auto& it : tr.items) a.push_back(to_json(it, unit));
  return a;
}

json seat_item(const LedgerItem& item, const Transfer& tr, int seat, const Unit& unit,
               bool priced) {
  json j = {{"id", item.id},
            {"zh", item.name.zh},
            {"en", item.name.en},
            {"points", tr.to == seat ? tr.points : -tr.points},
            {"counterparty", tr.to == seat ? tr.from : tr.to},
            {"detail", item.detail.en},
            {"detail_zh", item.detail.zh}};
  if (!tr.items.empty()) {
    if (priced) j[value_key(unit)] = tr.value;  // unpriced, the value is the amount itself
    j["items"] = transfer_items(tr, unit);
  }
  return j;
}

}  // namespace

json to_json(const Ledger& ledger, const Table& table, const Ruleset& rules) {
  const Unit unit = rules.unit();
  const auto price = rules.price();
  const bool priced = price.has_value();
  json j = header(rules);
  if (price) j[std::string(price->key)] = price->value;
  j["dealer"] = table.dealer;
  j["streak"] = table.streak;
  json seats = json::array();
  for (int s = 0; s < kSeats; ++s) {
    json items = json::array();
    for (const auto& item : ledger.items)
      for (const auto& tr : item.transfers)
        if (tr.from == s || tr.to == s) items.push_back(seat_item(item, tr, s, unit, priced));
    json seat = {{"seat", s},
                 {"name", seat_name(table, s, true)},
                 {"total", ledger.totals[static_cast<std::size_t>(s)]},
                 {"items", items}};
    if (const auto& check = ledger.checks[static_cast<std::size_t>(s)]) {
      seat["ready"] = check->ready;
      if (check->huazhu) seat["huazhu"] = *check->huazhu;
      seat["dajiao"] = check->dajiao ? to_json(*check->dajiao, unit) : json(nullptr);
    }
    seats.push_back(seat);
  }
  j["seats"] = seats;
  json rows = json::array();
  for (const auto& item : ledger.items) {
    json transfers = json::array();
    for (const auto& tr : item.transfers) {
      json t = {{"from", tr.from}, {"to", tr.to}, {"points", tr.points}};
      if (!tr.items.empty()) {
        if (priced) t[value_key(unit)] = tr.value;
        t["items"] = transfer_items(tr, unit);
      }
      transfers.push_back(t);
    }
    json explain = json::array(), explain_zh = json::array();
    for (const auto& line : item.lines) explain.push_back(line.en), explain_zh.push_back(line.zh);
    rows.push_back({{"id", item.id},
                    {"zh", item.name.zh},
                    {"en", item.name.en},
                    {"detail", item.detail.en},
                    {"detail_zh", item.detail.zh},
                    {"transfers", transfers},
                    {"explain", explain},
                    {"explain_zh", explain_zh}});
  }
  j["ledger"] = rows;
  j["next"] = {{"dealer", ledger.next_dealer}, {"streak", ledger.next_streak}};
  json notes = json::array();
  for (const auto& n : ledger.notes) notes.push_back({{"en", n.en}, {"zh", n.zh}});
  j["notes"] = notes;
  return j;
}

json seat_statement_json(const Ledger& ledger, const Table& table, const Ruleset& rules, int seat) {
  const Unit unit = rules.unit();
  const bool priced = rules.price().has_value();
  json j = header(rules);
  j["seat"] = seat;
  j["name"] = seat_name(table, seat, true);
  j["total"] = ledger.totals[static_cast<std::size_t>(seat)];
  json parties = json::array();
  for (int other = 0; other < kSeats; ++other) {
    if (other == seat) continue;
    json items = json::array();
    std::int64_t sum = 0;
    for (const auto& item : ledger.items)
      for (const auto& tr : item.transfers)
        if ((tr.from == seat && tr.to == other) || (tr.to == seat && tr.from == other)) {
          items.push_back(seat_item(item, tr, seat, unit, priced));
          sum += tr.to == seat ? tr.points : -tr.points;
        }
    parties.push_back({{"seat", other},
                       {"name", seat_name(table, other, true)},
                       {"total", sum},
                       {"items", items}});
  }
  j["counterparties"] = parties;
  return j;
}

}  // namespace qianmj
