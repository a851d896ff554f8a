#include "qianmj/answers/session.hpp"

#include "qianmj/core/terminal_text.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/formats/json.hpp"

namespace qianmj {

bool session_blank_line(std::string_view line) {
  const auto i = line.find_first_not_of(" \t");
  return i == std::string_view::npos || line[i] == '#' ||
         line.find_first_not_of(" \t\r") == std::string_view::npos;
}

std::string session_header_line(std::string_view rules, const std::vector<std::string>& options) {
  std::string header(rules);
  for (const auto& a : options) header += (header.empty() ? "" : " ") + a;
  return header;
}

Session::Session() = default;

std::string Session::seat_name(int seat, bool chinese) const {
  Table t;
  for (std::size_t i = 0; i < kSeats; ++i) t.seats[i].name = defaults_.names[i];
  return qianmj::seat_name(t, seat, chinese);
}

Result<bool> Session::header(std::string_view line) {
  if (hands_ > 0) return false;  // after the first hand every line is a hand
  auto read = read_header_words(line, defaults_);
  if (!read) return false;
  if (!*read) return read->error();
  WordsDefaults d = **read;
  if (!d.rules.empty())
    if (auto e = foreign_option(d.rules, d.options)) {
      e->field.clear();
      return *e;
    }
  defaults_ = std::move(d);
  rules_.reset();  // built again for the new rule set or options
  return true;
}

namespace {

bool is_json(std::string_view s) {
  s = skip_bom(s);
  std::size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return i < s.size() && s[i] == '{';
}

// A hand's line read with the session's defaults as they are: the carried dealer and streak
// are filled in here too, and again by play() with those of the hand's own turn.
Result<ReadHand> read_hand(std::string_view line, const WordsDefaults& defaults) {
  ReadHand hand;
  if (is_json(line)) {
    // A JSON hand needs only what happened: what it leaves out comes from the session.
    // Through the gate every JSON input passes: a hand nested 100,000 deep is refused
    // before a DOM is built, copied or written out again (all recursive).
    auto read = read_json(line, kMaxTableValues);
    if (!read) return read.error();
    Json& j = *read;
    if (j.is_object()) {
      hand.dealer_given = j.contains("dealer");
      hand.streak_given = j.contains("streak");
      if (!hand.dealer_given && defaults.have_dealer) j["dealer"] = defaults.dealer;
      if (!hand.streak_given) j["streak"] = defaults.streak;
      if (!j.contains("rules") && !defaults.rules.empty()) j["rules"] = defaults.rules;
      if (!j.contains("options") && !defaults.options.set_names().empty()) {
        Table carrier;
        carrier.options = defaults.options;
        j["options"] = table_to_json(carrier)["options"];
      }
      if (j.contains("seats") && j["seats"].is_array() && j["seats"].size() == kSeats)
        for (std::size_t i = 0; i < kSeats; ++i)
          if (j["seats"][i].is_object() && !j["seats"][i].contains("name") &&
              !defaults.names[i].empty())
            j["seats"][i]["name"] = defaults.names[i];
    }
    auto t = table_from_json_value(j);
    if (!t) return t.error();
    hand.table = std::move(*t);
  } else {
    auto w = table_from_words(line, &defaults);
    if (!w) return w.error();
    hand.dealer_given = w->dealer_given;
    hand.streak_given = w->streak_given;
    hand.table = std::move(w->table);
    hand.words = std::move(*w);
  }
  return hand;
}

}  // namespace

Result<ReadHand> HandReader::read(std::string_view line) const {
  return read_hand(line, defaults_);
}

HandReader Session::reader() const {
  HandReader r;
  r.defaults_ = defaults_;
  return r;
}

Result<SessionHand> Session::play(std::string_view line) {
  auto read = read_hand(line, defaults_);
  if (!read) return read.error();
  return play(std::move(*read));
}

Result<SessionHand> Session::play(ReadHand read) {
  SessionHand hand;
  hand.number = hands_ + 1;
  hand.table = std::move(read.table);
  const WordsTable* words = read.words ? &*read.words : nullptr;
  const bool dealer_given = read.dealer_given, streak_given = read.streak_given;
  // The dealer and streak the hands before this one carried, where it says none of its own
  // (a reader made hands ago filled in those of its own time).
  if (!dealer_given && defaults_.have_dealer) hand.table.dealer = defaults_.dealer;
  if (!streak_given) hand.table.streak = defaults_.streak;
  auto at_word = [&](Error e) { return words ? words->at_word(std::move(e)) : e; };
  Table& t = hand.table;
  if (t.rules.empty())
    t.rules = defaults_.rules.empty() ? std::string(rulesets().front().id) : defaults_.rules;
  if (!defaults_.rules.empty() && t.rules != defaults_.rules) {
    Error e{ErrorCode::Inconsistent,
            "this session plays the " + defaults_.rules + " rules, not " + t.rules,
            "本场按 " + defaults_.rules + " 规则，而不是 " + t.rules};
    e.field = "rules";
    return at_word(e);
  }
  // A hand that states the dealer or streak corrects what the session carried (a note says so).
  if (defaults_.have_dealer && dealer_given && t.dealer != defaults_.dealer)
    hand.notes.push_back(
        {"correction: " + qianmj::seat_name(t, t.dealer, false) +
             " deals this hand (carried: " + qianmj::seat_name(t, defaults_.dealer, false) + ")",
         "更正：本局" + qianmj::seat_name(t, t.dealer, true) + "坐庄（原为" +
             qianmj::seat_name(t, defaults_.dealer, true) + "）"});
  if (hands_ > 0 && streak_given && t.streak != defaults_.streak)
    hand.notes.push_back({"correction: streak " + std::to_string(t.streak) +
                              " (carried: " + std::to_string(defaults_.streak) + ")",
                          "更正：连庄 " + std::to_string(t.streak) + "（原为 " +
                              std::to_string(defaults_.streak) + "）"});
  // The session's rule set, built once; a hand with house rules of its own gets its own.
  std::shared_ptr<const Ruleset> rules = rules_;
  if (!rules || rules->id() != t.rules || !t.options.same_settings(defaults_.options)) {
    auto built = build_ruleset(t.rules, t.options);
    if (!built) {
      Error e = built.error();
      if (e.field.empty()) e.field = "rules";
      return at_word(e);
    }
    rules = std::shared_ptr<const Ruleset>(std::move(*built));
    if (t.options.same_settings(defaults_.options) &&
        t.rules == (defaults_.rules.empty() ? t.rules : defaults_.rules))
      rules_ = rules;
  }
  auto ledger = settle(*rules, t, arithmetic_);
  if (!ledger) return at_word(ledger.error());
  std::array<std::int64_t, kSeats> totals = totals_;
  for (std::size_t i = 0; i < kSeats; ++i) {
    auto sum = checked_add(totals[i], ledger->totals[i]);
    if (!sum) return out_of_range("the evening's total of a seat", "某家本场累计");
    totals[i] = *sum;
  }
  // Only now does the session move on: a refused hand changes nothing.
  hand.ledger = std::move(*ledger);
  hand.rules = rules;
  hand.totals = totals;
  totals_ = totals;
  defaults_.dealer = hand.ledger.next_dealer;
  defaults_.streak = hand.ledger.next_streak;
  defaults_.have_dealer = true;
  if (defaults_.rules.empty()) defaults_.rules = t.rules;
  ++hands_;
  return hand;
}

}  // namespace qianmj
