// An evening at one table: a header (players, rule set, house rules, first dealer), then one
// hand a line, in words or JSON, each settled with the dealer and streak the hands before it
// carried (D10, Z8), and the running totals.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/table_words.hpp"

namespace qianmj {

// A hand of the evening as the session keeps it, for an undo, an edit's replay and the
// settling up: its line and its amounts. Kept small, since an evening of a pipeline can have
// millions; what else a statement needs (who paid whom, a summary) comes from playing the
// lines again (Session::replay).
struct KeptHand {
  std::string line;                           // as it was played (words or JSON)
  std::array<std::int64_t, kSeats> points{};  // its ledger's totals
  std::int64_t streak = 0;
  int dealer = 0;
  bool declared = false;  // said by result and pattern, tiles not checked (报称)
  struct Carried {        // the session's carry before it, for an undo
    bool have_dealer = false;
    int dealer = 0;
    std::int64_t streak = 0;
    std::string rules;
  } carried;
};
// What a hand came to, in a few words: "东 自摸：平胡", "流局", "西逃跑".
Text session_hand_summary(const Table& t, const Ledger& ledger);
// The same in one language, at the end of `out`.
void append_hand_summary(std::string& out, const Table& t, const Ledger& ledger, bool zh);

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
  std::string line;  // the line it was read from (kept for an edit's replay)
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

// A line of an evening that is no hand but a command to the evening itself: undo (撤销) takes
// back the last hand, edit N … (改 N …) puts another line in place of hand N, settle-up (结账)
// asks who pays whom. ASCII words in any case.
struct SessionCommand {
  enum class Kind { Undo, Edit, SettleUp } kind = Kind::Undo;
  long hand = 0;          // edit: the hand replaced (1 for the first)
  std::string_view rest;  // edit: the hand's new line (words or JSON)
};
// nullopt for a line that is no command; an error for one that is, said wrong (edit with no
// hand number, or no hand after it).
std::optional<Result<SessionCommand>> session_command(std::string_view line);

// One payment of the settling up: `from` pays `to` `points`.
struct Payment {
  int from = 0, to = 0;
  std::int64_t points = 0;
  friend bool operator==(const Payment&, const Payment&) = default;
};
// Who pays whom so that every seat ends at its total, in the fewest payments (with four seats
// at most three): the seats split into the most groups that sum to zero, each group settled
// by its largest debtor paying its largest creditor in turn. Sorted by payer, then payee.
// `totals` must sum to zero.
std::vector<Payment> settle_up(const std::array<std::int64_t, kSeats>& totals);

// A seat of the evening as typed: 东南西北, E/S/W/N or East…(any case), 0-3, or a player's name.
Result<int> session_seat(std::string_view text, const std::array<std::string, kSeats>& names);

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
  // undo (撤销): the last hand taken back, with the dealer, streak and totals before it.
  // Returns its number. An evening with no hand is refused (inconsistent), unchanged.
  Result<long> undo();
  // edit N … (改 N …): hand N played from `line` instead, and every later hand played again
  // from its own line, with the dealer, streak and totals the hands before it now carry (a
  // hand that stated its own dealer or streak keeps it). Returns hands N to the last as now
  // played. A hand that does not exist, a bad line, or a later hand the change makes
  // impossible (the error names it: "hand 7: …") is refused, the evening unchanged.
  Result<std::vector<SessionHand>> edit(long number, std::string_view line);
  // One of the commands above, or settle-up (nothing changes: an empty list).
  Result<std::vector<SessionHand>> apply(const SessionCommand& command);
  // The evening's lines as accepted: header lines, then a hand a line (after undo and edit,
  // the lines that play it again from the start).
  std::vector<std::string> lines() const;
  const std::vector<KeptHand>& kept() const { return kept_; }
  // Every hand played again, in order, on a fresh session from the same header: `each` gets
  // each hand as play() gave it (its ledger without arithmetic lines). The evening is a pure
  // function of its lines, so these are the hands as they were played.
  template <class Each>
  void replay(Each&& each) const {
    Session fresh = fresh_copy();
    for (const auto& k : kept_) each(fresh.replay_one(k.line));
  }
  std::array<std::string, kSeats> names() const { return defaults_.names; }

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
  Session fresh_copy() const;
  SessionHand replay_one(std::string_view line);

  WordsDefaults defaults_;
  std::array<std::int64_t, kSeats> totals_{};
  long hands_ = 0;
  Arithmetic arithmetic_ = Arithmetic::With;
  std::shared_ptr<const Ruleset> rules_;   // built once for the header's rule set and options
  std::vector<std::string> header_lines_;  // the header as accepted
  WordsDefaults start_;                    // the defaults the header left, for a replay
  std::vector<KeptHand> kept_;             // the hands played, in order
};

}  // namespace qianmj
