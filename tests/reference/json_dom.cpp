// The JSON answers as nlohmann DOMs, the way the library built them before it wrote them
// directly: the tests' reference for the direct writers (byte for byte the same dump).
#include "json_dom.hpp"

#include "qianmj/formats/notation.hpp"

namespace qianmj::test::dom {

using json = Json;

namespace {

json item_json(const Item& item, const Unit& unit) {
  return {{"id", item.id}, {"zh", item.zh}, {"en", item.en}, {std::string(unit.key), item.value}};
}

std::string value_key(const Unit& unit) {
  return std::string(unit.key);
}

json items_json(std::span<const Item> items, const Unit& unit) {
  json a = json::array();
  for (const auto& it : items) a.push_back(item_json(it, unit));
  return a;
}

json header(const Ruleset& rules) {
  return {{"schema", kSchema}, {"rules", rules.id()}};
}

}  // namespace

json score(const Score& sc, const Ruleset& rules) {
  const Unit unit = rules.unit();
  const bool priced = rules.price().has_value();  // the value and its points differ
  json j = header(rules);
  j["hand"] = to_ascii(sc.hand);
  j["win_tile"] = sc.win_tile ? json(sc.win_tile->ascii()) : json(nullptr);
  j["win"] = sc.win;
  j["legal"] = sc.legal;
  j["reason"] = sc.reason ? json(sc.reason->en) : json(nullptr);
  j["reason_zh"] = sc.reason ? json(sc.reason->zh) : json(nullptr);
  j["pattern"] = sc.pattern ? item_json(*sc.pattern, unit) : json(nullptr);
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

namespace {

json transfer_items(const Transfer& tr, const Unit& unit) {
  json a = json::array();
  for (const auto& it : tr.items) a.push_back(item_json(it, unit));
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

json ledger(const Ledger& ledger, const Table& table, const Ruleset& rules) {
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
      seat["dajiao"] = check->dajiao ? item_json(*check->dajiao, unit) : json(nullptr);
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
  j["totals"] = json::array();  // each seat's total, in seat order
  for (auto total : ledger.totals) j["totals"].push_back(total);
  j["next"] = {{"dealer", ledger.next_dealer}, {"streak", ledger.next_streak}};
  json notes = json::array();
  for (const auto& n : ledger.notes) notes.push_back({{"en", n.en}, {"zh", n.zh}});
  j["notes"] = notes;
  return j;
}

json statement(const Ledger& ledger, const Table& table, const Ruleset& rules, int seat) {
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

}  // namespace qianmj::test::dom
