#include "qianmj/answers/session.hpp"

#include <algorithm>
#include <stdexcept>

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

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool same_ascii_word(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if ((a[i] >= 'A' && a[i] <= 'Z' ? static_cast<char>(a[i] - 'A' + 'a') : a[i]) != lower[i])
      return false;
  return true;
}

Error command_error(std::string_view line, std::string_view at, std::string en, std::string zh) {
  // The column of `at` in `line`, in characters (a column counts a character, not a byte).
  int column = 1;
  for (const char* p = line.data(); p < at.data(); ++p)
    if ((static_cast<unsigned char>(*p) & 0xC0) != 0x80) ++column;
  return Error(ErrorCode::BadWord, std::move(en), std::move(zh), column, std::string(line));
}

}  // namespace

std::optional<Result<SessionCommand>> session_command(std::string_view line) {
  const std::string_view t = trim(line);
  std::string_view word, rest;
  for (std::string_view zh : {"撤销", "结账", "改"})  // a Chinese word needs no space after it
    if (t.substr(0, zh.size()) == zh) word = t.substr(0, zh.size());
  if (word.empty()) {
    const auto end = t.find_first_of(" \t");
    word = t.substr(0, end);
  }
  rest = trim(t.substr(word.size()));
  SessionCommand c;
  if (word == "撤销" || same_ascii_word(word, "undo"))
    c.kind = SessionCommand::Kind::Undo;
  else if (word == "结账" || same_ascii_word(word, "settle-up"))
    c.kind = SessionCommand::Kind::SettleUp;
  else if (word == "改" || same_ascii_word(word, "edit"))
    c.kind = SessionCommand::Kind::Edit;
  else
    return std::nullopt;
  if (c.kind != SessionCommand::Kind::Edit) {
    if (!rest.empty())
      return Result<SessionCommand>(command_error(
          line, rest,
          "nothing goes after " + std::string(word) + " (a hand goes on a line of its own)",
          "“" + std::string(word) + "”后面不跟别的（一局写在单独一行）"));
    return Result<SessionCommand>(c);
  }
  std::size_t digits = 0;
  while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
  if (digits == 0 || digits > 9)
    return Result<SessionCommand>(command_error(
        line, rest.empty() ? t.substr(t.size()) : rest,
        "which hand? say its number and its new line: edit 5 E:zimo:7p … (改 5 东自摸7筒 …)",
        "改哪一局？写局数和新的一行：改 5 东自摸7筒 …（edit 5 …）"));
  c.hand = std::stol(std::string(rest.substr(0, digits)));
  c.rest = trim(rest.substr(digits));
  if (c.rest.empty())
    return Result<SessionCommand>(command_error(
        line, rest.substr(digits),
        "hand " + std::to_string(c.hand) + " as what? its new line goes after the number",
        "第 " + std::to_string(c.hand) + " 局改成什么？局数后面写新的一行"));
  return Result<SessionCommand>(c);
}

std::vector<Payment> settle_up(const std::array<std::int64_t, kSeats>& totals) {
  // The seats split into the most groups that sum to zero: each group of k seats takes k - 1
  // payments, and no fewer payments can settle it (they would leave a group unconnected).
  constexpr unsigned kAll = (1u << kSeats) - 1;
  auto sum = [&](unsigned mask) {
    std::int64_t s = 0;
    for (std::size_t i = 0; i < kSeats; ++i)
      if (mask >> i & 1u) s += totals[i];
    return s;
  };
  unsigned owing = 0;  // the seats not at zero
  for (std::size_t i = 0; i < kSeats; ++i)
    if (totals[i] != 0) owing |= 1u << i;
  // best[mask]: the most zero-sum groups `mask` splits into (-1: it does not sum to zero);
  // first[mask]: the group with the lowest seat of `mask` in one best split.
  std::array<int, kAll + 1> best{};
  std::array<unsigned, kAll + 1> first{};
  for (unsigned mask = 1; mask <= kAll; ++mask) {
    best[mask] = -1;
    if ((mask & ~owing) || sum(mask) != 0) continue;
    const unsigned low = mask & (~mask + 1);
    for (unsigned sub = mask; sub; sub = (sub - 1) & mask) {  // groups holding the lowest seat
      if (!(sub & low) || sum(sub) != 0) continue;
      const int rest = sub == mask ? 0 : best[mask & ~sub];
      if (rest >= 0 && rest + 1 > best[mask]) best[mask] = rest + 1, first[mask] = sub;
    }
  }
  std::vector<Payment> out;
  std::array<std::int64_t, kSeats> left = totals;
  for (unsigned mask = owing; mask; mask &= ~first[mask]) {
    const unsigned group = first[mask];
    while (true) {  // the largest debtor pays the largest creditor (ties: the lower seat)
      int debtor = -1, creditor = -1;
      for (int i = 0; i < kSeats; ++i) {
        if (!(group >> i & 1u)) continue;
        const auto v = left[static_cast<std::size_t>(i)];
        if (v < 0 && (debtor < 0 || v < left[static_cast<std::size_t>(debtor)])) debtor = i;
        if (v > 0 && (creditor < 0 || v > left[static_cast<std::size_t>(creditor)])) creditor = i;
      }
      if (debtor < 0 || creditor < 0) break;
      auto& d = left[static_cast<std::size_t>(debtor)];
      auto& c = left[static_cast<std::size_t>(creditor)];
      const std::int64_t points = std::min(-d, c);
      out.push_back({debtor, creditor, points});
      d += points;
      c -= points;
    }
  }
  std::sort(out.begin(), out.end(), [](const Payment& a, const Payment& b) {
    return a.from != b.from ? a.from < b.from : a.to < b.to;
  });
  return out;
}

Result<int> session_seat(std::string_view text, const std::array<std::string, kSeats>& names) {
  const std::string_view t = trim(text);
  static constexpr std::string_view kZh[] = {"东", "南", "西", "北"};
  static constexpr std::string_view kLetter[] = {"e", "s", "w", "n"};
  static constexpr std::string_view kWord[] = {"east", "south", "west", "north"};
  for (int i = 0; i < kSeats; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (t == kZh[k] || same_ascii_word(t, kLetter[k]) || same_ascii_word(t, kWord[k]) ||
        (t.size() == 1 && t[0] == static_cast<char>('0' + i)))
      return i;
  }
  for (int i = 0; i < kSeats; ++i)
    if (!t.empty() && names[static_cast<std::size_t>(i)] == t) return i;
  std::string en = "no seat \"" + std::string(t) + "\": say 东 南 西 北, E S W N, 0-3",
              zh = "没有座位“" + std::string(t) + "”：写 东 南 西 北、E S W N、0-3";
  std::string en_names, zh_names;
  for (const auto& n : names)
    if (!n.empty())
      en_names += (en_names.empty() ? "" : ", ") + n,
          zh_names += (zh_names.empty() ? "" : "、") + n;
  if (!en_names.empty())
    en += " or a player's name (" + en_names + ")", zh += "或玩家名（" + zh_names + "）";
  return Error(ErrorCode::BadWord, en, zh);
}

void append_hand_summary(std::string& s, const Table& t, const Ledger& ledger, bool zh) {
  switch (t.outcome) {
    case Table::Outcome::Draw:
      s += zh ? "流局" : "draw";
      break;
    case Table::Outcome::Escape:
      s += seat_name(t, t.escaper, zh);
      s += zh ? "逃跑" : " escaped";
      break;
    case Table::Outcome::Win: {
      bool first = true;
      for (const auto& item : ledger.items)
        if (item.id == "win") {
          if (!first) s += zh ? "；" : "; ";
          s += item.detail.in(zh).view();
          first = false;
        }
      break;
    }
  }
}

Text session_hand_summary(const Table& t, const Ledger& ledger) {
  Text out;
  for (bool zh : {false, true}) {
    std::string s;
    append_hand_summary(s, t, ledger, zh);
    (zh ? out.zh : out.en) = s;
  }
  return out;
}

Session::Session() = default;

std::string Session::seat_name(int seat, bool chinese) const {
  static constexpr const char* zh[] = {"东", "南", "西", "北"};
  static constexpr const char* en[] = {"East", "South", "West", "North"};
  if (seat < 0 || seat >= kSeats) return "?";
  const auto& name = defaults_.names[static_cast<std::size_t>(seat)];
  if (!name.empty()) return name;
  return chinese ? zh[seat] : en[seat];
}

Session Session::fresh_copy() const {
  Session fresh;
  fresh.defaults_ = start_;
  fresh.header_lines_ = header_lines_;
  fresh.start_ = start_;
  fresh.arithmetic_ = Arithmetic::Without;
  return fresh;
}

SessionHand Session::replay_one(std::string_view line) {
  auto hand = play(line);
  // Every line was accepted once from this very state: a refusal now is a bug, not input.
  if (!hand)
    throw std::logic_error("a kept hand of the evening did not play again: " + hand.error().en);
  return std::move(*hand);
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
  header_lines_.emplace_back(line);
  start_ = defaults_;
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
  hand.line = std::string(line);
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
  KeptHand kept;
  kept.line = std::move(read.line);
  kept.points = hand.ledger.totals;
  kept.dealer = t.dealer;
  kept.streak = t.streak;
  kept.declared = hand.ledger.declared;
  kept.carried = {defaults_.have_dealer, defaults_.dealer, defaults_.streak, defaults_.rules};
  kept_.push_back(std::move(kept));
  defaults_.dealer = hand.ledger.next_dealer;
  defaults_.streak = hand.ledger.next_streak;
  defaults_.have_dealer = true;
  if (defaults_.rules.empty()) defaults_.rules = t.rules;
  ++hands_;
  return hand;
}

Result<long> Session::undo() {
  if (kept_.empty())
    return Error(ErrorCode::Inconsistent, "nothing to undo: the evening has no hand yet",
                 "没有可撤销的：本场还没有一局");
  const KeptHand& last = kept_.back();
  for (std::size_t i = 0; i < kSeats; ++i) totals_[i] -= last.points[i];
  defaults_.have_dealer = last.carried.have_dealer;
  defaults_.dealer = last.carried.dealer;
  defaults_.streak = last.carried.streak;
  defaults_.rules = last.carried.rules;
  kept_.pop_back();
  return hands_--;
}

Result<std::vector<SessionHand>> Session::edit(long number, std::string_view line) {
  if (number < 1 || number > hands_)
    return Error(
        ErrorCode::BadWord,
        "there is no hand " + std::to_string(number) + " to edit (the evening has " +
            std::to_string(hands_) + ")",
        "没有第 " + std::to_string(number) + " 局可改（本场共 " + std::to_string(hands_) + " 局）");
  Session next = *this;  // the edit is played on a copy: a refusal leaves this one unchanged
  std::vector<std::string> later;
  while (next.hands_ >= number) {
    later.push_back(std::move(next.kept_.back().line));
    (void)next.undo();
  }
  later.pop_back();  // hand `number`'s old line
  std::vector<SessionHand> played;
  auto first = next.play(line);
  if (!first) return first.error();
  played.push_back(std::move(*first));
  for (auto it = later.rbegin(); it != later.rend(); ++it) {
    const long n = next.hands_ + 1;
    auto hand = next.play(*it);
    if (!hand) {  // the change makes a later hand impossible: it names that hand
      Error e = hand.error();
      e.en = "hand " + std::to_string(n) + " would no longer stand: " + e.en;
      e.zh = "第 " + std::to_string(n) + " 局将不成立：" + e.zh;
      return e;
    }
    played.push_back(std::move(*hand));
  }
  *this = std::move(next);
  return played;
}

Result<std::vector<SessionHand>> Session::apply(const SessionCommand& command) {
  switch (command.kind) {
    case SessionCommand::Kind::Undo:
      if (auto u = undo(); !u) return u.error();
      return std::vector<SessionHand>{};
    case SessionCommand::Kind::Edit:
      return edit(command.hand, command.rest);
    case SessionCommand::Kind::SettleUp:
      break;
  }
  return std::vector<SessionHand>{};
}

std::vector<std::string> Session::lines() const {
  std::vector<std::string> out = header_lines_;
  for (const auto& k : kept_) out.push_back(k.line);
  return out;
}

}  // namespace qianmj
