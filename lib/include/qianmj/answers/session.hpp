// An evening at one table: a header (players, rule set, house rules, first dealer), then one
// hand a line, in words or JSON, each settled with the dealer and streak the hands before it
// carried (D10, Z8), and the running totals.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/table_words.hpp"

namespace qianmj {

struct SessionHand {
  long number = 0;  // 1 for the evening's first hand
  Table table;
  Ledger ledger;
  std::shared_ptr<const Ruleset> rules;       // the rule set it was priced under
  std::array<std::int64_t, kSeats> totals{};  // the evening's totals after this hand
  std::vector<Text> notes;                    // corrections of the carried dealer or streak
};

// A hand read but not yet played: its table as its words or JSON gave it, and whether they
// said the dealer and the streak. Reading is most of a hand's work, and once the evening's
// first hand is played it needs nothing a later hand changes: a pipeline reads hands ahead,
// on other threads (HandReader), and plays them in order (Session::play).
struct ReadHand {
  Table table;
  std::optional<WordsTable> words;  // when it was words: errors point at the word behind them
  bool dealer_given = false, streak_given = false;
};

// Reads hands as the session that made it (Session::reader) would: its rule set, house rules
// and names. The dealer and streak are the session's to fill in when it plays the hand.
// read() may be called on several threads at once.
class HandReader {
 public:
  Result<ReadHand> read(std::string_view line) const;

 private:
  friend class Session;
  WordsDefaults defaults_;
};

// A line of an evening with nothing to play: blank (spaces, tabs, a CR) or a # comment.
bool session_blank_line(std::string_view line);
// The rule set and house rules given outside the evening (--rules NAME, --rule NAME=VALUE)
// as its own header line, before any line of it: "" when neither is given.
std::string session_header_line(std::string_view rules, const std::vector<std::string>& options);

class Session {
 public:
  Session();
  // A line before the first hand: players (玩家 甲 乙 丙 丁), rule set, house rules, first
  // dealer and streak. Returns false, changing nothing, for a line that is a hand.
  Result<bool> header(std::string_view line);
  // One hand (words, or JSON with "dealer"/"streak" optional): its ledger, and the session's
  // state moves on; on an error nothing changes, so the hand can be typed again.
  Result<SessionHand> play(std::string_view line);
  // The same in two steps: reader().read(line), then play() with its hand. After the first
  // hand no line is a header, so a reader made then reads every later hand as play(line)
  // would, whatever the hands between carried.
  HandReader reader() const;
  Result<SessionHand> play(ReadHand hand);
  // Whether the hands' ledgers carry their arithmetic lines (by default they do); a caller
  // that shows only amounts and totals plays Without, to the same amounts.
  void set_arithmetic(Arithmetic a) { arithmetic_ = a; }

  const std::array<std::int64_t, kSeats>& totals() const { return totals_; }
  int dealer() const { return defaults_.dealer; }
  std::int64_t streak() const { return defaults_.streak; }
  long hands() const { return hands_; }
  const std::string& rules_id() const { return defaults_.rules; }
  std::string seat_name(int seat, bool chinese) const;
  bool has_dealer() const { return defaults_.have_dealer; }

 private:
  WordsDefaults defaults_;
  std::array<std::int64_t, kSeats> totals_{};
  long hands_ = 0;
  Arithmetic arithmetic_ = Arithmetic::With;
  std::shared_ptr<const Ruleset> rules_;  // built once for the header's rule set and options
};

}  // namespace qianmj
