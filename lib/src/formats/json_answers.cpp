// Answers as JSON documents: a score, the rules, an error, a ledger and a seat's statement.
#include <span>

#include "core/utf8.hpp"
#include "formats/json_common.hpp"
#include "formats/json_text.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj {

using json = Json;
using json_detail::header;
using json_detail::value_key;
using json_detail::Writer;

json to_json(const Item& item, const Unit& unit) {
  return {{"id", item.id}, {"zh", item.zh}, {"en", item.en}, {value_key(unit), item.value}};
}

namespace {

void write_items(Writer& w, std::span<const Item> items, const Unit& unit) {
  w.open('[');
  for (const auto& it : items) w.item(it, unit);
  w.close(']');
}

}  // namespace

std::string score_json_text(const Score& sc, const Ruleset& rules, long line) {
  std::string out;
  out.reserve(1024);
  append_score_json_text(out, sc, rules, line);
  return out;
}

void append_score_json_text(std::string& out, const Score& sc, const Ruleset& rules, long line) {
  const Unit unit = rules.unit();
  const bool priced = rules.price().has_value();  // the value and its points differ
  Writer w(out);
  w.open('{').key("schema").number(kSchema).key("rules").literal(rules.id());
  w.key("hand").literal_by([&](std::string& o) { append_ascii(o, sc.hand); }).key("win_tile");
  if (sc.win_tile)
    w.literal(sc.win_tile->ascii());
  else
    w.null();
  w.key("win").boolean(sc.win).key("legal").boolean(sc.legal);
  if (sc.reason)
    w.key("reason").string(sc.reason->en).key("reason_zh").string(sc.reason->zh);
  else
    w.key("reason").null().key("reason_zh").null();
  w.key("pattern");
  if (sc.pattern)
    w.item(*sc.pattern, unit);
  else
    w.null();
  w.key("reading");
  if (sc.reading)
    w.literal_by([&](std::string& o) { append_reading_text(o, *sc.reading, sc.hand, false); });
  else
    w.null();
  w.key("also");
  write_items(w, sc.also, unit);
  w.key("items");
  write_items(w, sc.items, unit);
  w.key("payers").open('[');
  for (const auto& p : sc.payers) {
    w.open('{').key("role").literal(role_name(p.role)).key("count").number(p.count);
    if (priced) w.value_key(unit).number(p.value);
    w.key("points").number(p.points).key("dealer").boolean(p.dealer);
    if (p.covers > 1) w.key("covers").number(p.covers);  // 包: the shares of `covers` seats
    w.key("items");
    write_items(w, p.items, unit);
    w.close('}');
  }
  w.close(']').key("total").number(sc.total).key("notes");
  w.notes(sc.notes);
  if (line > 0) w.key("line").number(line);
  w.close('}');
  w.finish();
}

json to_json(const Score& sc, const Ruleset& rules) {
  return json::parse(score_json_text(sc, rules));
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
    // An on/off option's values are true/false, a choice's its names, a number's numbers.
    auto value = [&](std::int64_t x) {
      return o.boolean ? json(x != 0) : o.choice() ? json(option_value_text(o, x)) : json(x);
    };
    json opt = {{"name", o.name},
                {"value", value(v)},
                {"default", value(o.default_value)},
                {"rules", o.rules.empty() ? std::string_view("all") : o.rules},
                {"en", o.en},
                {"zh", o.zh}};
    if (o.choice())
      opt["choices"] = std::vector<std::string_view>(o.choices.begin(), o.choices.end());
    else if (!o.boolean)
      opt["min"] = o.min, opt["max"] = o.max;  // the range it takes
    opts.push_back(std::move(opt));
  }
  j["options"] = opts;
  // Every rule set there is, the default first: what a page offers to choose from.
  json sets = json::array();
  for (const auto& info : rulesets())
    sets.push_back({{"id", info.id}, {"en", info.en}, {"zh", info.zh}});
  j["rulesets"] = sets;
  return j;
}

std::string error_json_text(const Error& e, std::string_view rules_id, long line) {
  // Messages pass through terminal_safe (valid UTF-8 always); a rules id from the command
  // line might not be: that rare answer goes through the DOM, whose dump replaces bad bytes.
  if (!utf8::decode(rules_id))
    return to_json(e, rules_id, line).dump(-1, ' ', false, json::error_handler_t::replace);
  std::string out;
  Writer w(out);
  w.open('{').key("schema").number(kSchema).key("rules").string(rules_id);
  w.key("error").open('{').key("code").literal(code_name(e.code));
  w.key("message").string(terminal_safe(e.en)).key("message_zh").string(terminal_safe(e.zh));
  if (!e.field.empty()) w.key("field").string(terminal_safe(e.field));
  if (e.column > 0) w.key("column").number(e.column);
  if (line > 0) w.key("line").number(line);
  w.close('}').close('}');
  w.finish();
  return out;
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

void write_transfer_items(Writer& w, const Transfer& tr, const Unit& unit, bool priced) {
  if (tr.items.empty()) return;
  if (priced) w.value_key(unit).number(tr.value);  // unpriced, the value is the amount itself
  w.key("items");
  write_items(w, tr.items, unit);
}

void write_seat_item(Writer& w, const LedgerItem& item, const Transfer& tr, int seat,
                     const Unit& unit, bool priced) {
  w.open('{').key("id").string(item.id).key("zh").string(item.name.zh);
  w.key("en").string(item.name.en);
  w.key("points").number(tr.to == seat ? tr.points : -tr.points);
  w.key("counterparty").number(tr.to == seat ? tr.from : tr.to);
  w.key("detail").string(item.detail.en).key("detail_zh").string(item.detail.zh);
  write_transfer_items(w, tr, unit, priced);
  w.close('}');
}

void write_strings(Writer& w, const std::vector<Text>& lines, bool zh) {
  w.open('[');
  for (const auto& l : lines) w.string(zh ? l.zh : l.en);
  w.close(']');
}

// A declared seat's record as it was said (tiles not checked): its pattern by id, null for none.
void write_declared(Writer& w, const Declared& said, const Ruleset& rules) {
  w.key("declared").open('{').key("pattern");
  const auto pattern = said.pattern.empty() ? std::nullopt : rules.declared_pattern(said.pattern);
  if (pattern)
    w.string(pattern->item.id);
  else
    w.null();
  w.key("ready").boolean(said.ready).key("huazhu").boolean(said.huazhu).key("chickens");
  if (said.chickens)
    w.number(*said.chickens);
  else
    w.null();
  w.close('}');
}

void write_ledger(Writer& w, const Ledger& ledger, const Table& table, const Ruleset& rules,
                  long line) {
  const Unit unit = rules.unit();
  const auto price = rules.price();
  const bool priced = price.has_value();
  w.open('{').key("schema").number(kSchema).key("rules").literal(rules.id());
  if (price) w.key(price->key).number(price->value);
  w.key("dealer").number(table.dealer).key("streak").number(table.streak);
  w.key("seats").open('[');
  for (int s = 0; s < kSeats; ++s) {
    w.open('{').key("seat").number(s).key("name").string(seat_name(table, s, true));
    w.key("total").number(ledger.totals[static_cast<std::size_t>(s)]).key("items").open('[');
    for (const auto& item : ledger.items)
      for (const auto& tr : item.transfers)
        if (tr.from == s || tr.to == s) write_seat_item(w, item, tr, s, unit, priced);
    w.close(']');
    if (const auto& check = ledger.checks[static_cast<std::size_t>(s)]) {
      w.key("ready").boolean(check->ready);
      if (check->huazhu) w.key("huazhu").boolean(*check->huazhu);
      w.key("dajiao");
      if (check->dajiao)
        w.item(*check->dajiao, unit);
      else
        w.null();
    }
    if (ledger.declared)  // every seat, a seat not named with the defaults
      write_declared(w, table.seats[static_cast<std::size_t>(s)].declared.value_or(Declared{}),
                     rules);
    w.close('}');
  }
  w.close(']').key("ledger").open('[');
  for (const auto& item : ledger.items) {
    w.open('{').key("id").string(item.id).key("zh").string(item.name.zh);
    w.key("en").string(item.name.en).key("detail").string(item.detail.en);
    w.key("detail_zh").string(item.detail.zh).key("transfers").open('[');
    for (const auto& tr : item.transfers) {
      w.open('{').key("from").number(tr.from).key("to").number(tr.to);
      w.key("points").number(tr.points);
      write_transfer_items(w, tr, unit, priced);
      w.close('}');
    }
    w.close(']').key("explain");
    write_strings(w, item.lines, false);
    w.key("explain_zh");
    write_strings(w, item.lines, true);
    w.close('}');
  }
  w.close(']').key("totals").open('[');  // each seat's total, in seat order (as the text's 合计)
  for (auto total : ledger.totals) w.number(total);
  w.close(']').key("next").open('{').key("dealer").number(ledger.next_dealer);
  w.key("streak").number(ledger.next_streak).close('}').key("notes");
  w.notes(ledger.notes);
  if (ledger.declared) w.key("declared").boolean(true);  // said by pattern, tiles not checked
  if (line > 0) w.key("line").number(line);
  w.close('}');
}

}  // namespace

std::string ledger_json_text(const Ledger& ledger, const Table& table, const Ruleset& rules,
                             long line) {
  std::string out;
  out.reserve(4096);
  append_ledger_json_text(out, ledger, table, rules, line);
  return out;
}

void append_ledger_json_text(std::string& out, const Ledger& ledger, const Table& table,
                             const Ruleset& rules, long line) {
  Writer w(out);
  write_ledger(w, ledger, table, rules, line);
  w.finish();
}

json to_json(const Ledger& ledger, const Table& table, const Ruleset& rules) {
  return json::parse(ledger_json_text(ledger, table, rules));
}

std::string statement_json_text(const Ledger& ledger, const Table& table, const Ruleset& rules,
                                int seat, long line) {
  const Unit unit = rules.unit();
  const bool priced = rules.price().has_value();
  std::string out;
  Writer w(out);
  w.open('{').key("schema").number(kSchema).key("rules").literal(rules.id());
  w.key("seat").number(seat).key("name").string(seat_name(table, seat, true));
  w.key("total").number(ledger.totals[static_cast<std::size_t>(seat)]);
  w.key("counterparties").open('[');
  for (int other = 0; other < kSeats; ++other) {
    if (other == seat) continue;
    std::int64_t sum = 0;
    for (const auto& item : ledger.items)
      for (const auto& tr : item.transfers)
        if ((tr.from == seat && tr.to == other) || (tr.to == seat && tr.from == other))
          sum += tr.to == seat ? tr.points : -tr.points;
    w.open('{').key("seat").number(other).key("name").string(seat_name(table, other, true));
    w.key("total").number(sum).key("items").open('[');
    for (const auto& item : ledger.items)
      for (const auto& tr : item.transfers)
        if ((tr.from == seat && tr.to == other) || (tr.to == seat && tr.from == other))
          write_seat_item(w, item, tr, seat, unit, priced);
    w.close(']').close('}');
  }
  w.close(']');
  if (line > 0) w.key("line").number(line);
  w.close('}');
  w.finish();
  return out;
}

json seat_statement_json(const Ledger& ledger, const Table& table, const Ruleset& rules, int seat) {
  return json::parse(statement_json_text(ledger, table, rules, seat));
}

}  // namespace qianmj
