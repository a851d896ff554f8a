// The Ruleset interface, house-rule options (RULES.md H), situations and scores.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qianmj/analysis.hpp"
#include "qianmj/error.hpp"
#include "qianmj/hand.hpp"
#include "qianmj/options.hpp"
#include "qianmj/registry.hpp"

namespace qianmj {

struct Text {
  std::string en;
  std::string zh;
  const std::string& in(bool chinese) const { return chinese ? zh : en; }
};

// A pattern or add-on as it appears in answers: RULES.md id, names, value. The names
// point into the rule sets' static tables, so Items copy without allocating.
struct Item {
  std::string_view id;
  std::string_view zh;
  std::string_view en;
  std::int64_t value = 0;  // fan (Duyun) or points (Zunyi); see Ruleset::unit()
  friend bool operator==(const Item&, const Item&) = default;
};

// One row of a rule set's table, for `qianmj rules` and for building Items.
struct ItemSpec {
  std::string_view id;
  std::string_view zh;
  std::string_view en;
  std::int64_t value;
  std::string_view definition_en;
  std::string_view definition_zh;
  Item item() const { return {id, zh, en, value}; }
  Item item(std::int64_t v) const { return {id, zh, en, v}; }
};

enum class DealerRole { None, Winner, Payer };

// What happened around a win: the situation options of INTERFACE §2.
struct Situation {
  std::optional<Tile> win_tile;
  bool zimo = false;          // self-drawn
  bool after_kong = false;    // on a kong's replacement (杠上花) or right after it (杠上炮)
  bool robbing_kong = false;  // 抢杠
  bool baoting = false;       // winner declared 报听
  bool payer_baoting = false; // discarder declared 报听
  bool tianhu = false;
  bool dihu = false;
  bool dou = false;           // winner owns a 豆 not shown as a meld
  DealerRole dealer = DealerRole::None;
  std::int64_t streak = 0;    // 连庄 count N
};

enum class Unit { Fan, Points };

struct Payer {
  enum class Role { Discarder, Dealer, Other };
  Role role = Role::Other;
  int count = 1;
  std::int64_t value = 0;   // fan (Duyun) or points (Zunyi) this payer is charged
  std::int64_t points = 0;  // what this payer pays
  std::vector<Item> items;
  bool dealer = false;      // this payer is the dealer (the discarder may be)
  int covers = 1;           // seats' shares this payer pays (Zunyi 包三家: 3), points = value × covers
};

std::string_view role_name(Payer::Role r);  // "discarder" "dealer" "other"

struct Score {
  Hand hand;
  std::optional<Tile> win_tile;
  bool win = false;
  bool legal = false;
  std::optional<Text> reason;  // why not a win, or why not legal
  std::optional<Item> pattern;
  std::optional<Reading> reading;  // the reading that makes the pattern
  std::vector<Item> also;      // lower patterns the hand also holds
  std::vector<Item> items;     // pattern and add-ons every payer pays
  std::vector<Payer> payers;
  std::int64_t total = 0;      // points the winner collects
  std::vector<Text> notes;     // assumptions the scorer made (e.g. 天胡 counts as self-drawn)
};

struct WaitValue {
  Wait wait;
  Item pattern;
  bool legal_on_discard = true;
};

struct WaitsAnswer {
  Hand hand;
  bool ready = false;
  std::optional<Text> reason;  // why formal waits do not count (Zunyi 缺一门)
  std::vector<WaitValue> waits;
  std::optional<Item> dajiao;  // best pattern over the live waits
  // What a 查大叫 at a draw charges for it before any dealer streak: the pattern and the
  // add-ons of the situation (Duyun: 报听 +6, D8), and their sum.
  std::vector<Item> dajiao_items;
  std::int64_t dajiao_total = 0;
};

struct DiscardAnswer {
  Tile discard;
  WaitsAnswer waits;
};

struct CheckedTable;
struct Ledger;
struct Table;

class Ruleset {
 public:
  virtual ~Ruleset() = default;
  virtual std::string_view id() const = 0;
  virtual Text name() const = 0;
  virtual Unit unit() const = 0;
  virtual const std::vector<ItemSpec>& patterns() const = 0;
  virtual const std::vector<ItemSpec>& addons() const = 0;
  // An add-on by id with its value under the house options in effect.
  virtual Item addon(std::string_view id) const = 0;
  const Options& options() const { return options_; }

  // The best pattern of a 14-tile hand (kong = 3) won on `win` (if known), or nullopt
  // when it is not a win under this rule set. Situation flags such as 天胡 take part.
  virtual std::optional<Item> best_pattern(const Hand& hand, std::optional<Tile> win,
                                           const Situation& s) const = 0;
  // Whether a win with this pattern may be taken off a discard (Duyun D3).
  virtual bool legal_on_discard(const Item& pattern, const Hand& hand, const Situation& s) const = 0;
  // Scores a 14-tile hand (kong = 3) in a situation.
  virtual Result<Score> score(const Hand& hand, const Situation& s) const = 0;
  // Prices a table that settle() has checked: the whole ledger of the hand.
  virtual Result<Ledger> settle(const CheckedTable& table) const = 0;
  // Adds the tiles of the table that only this rule set knows of to `copies` (C7 across the
  // table), checking its own fields; an error names the field.
  virtual std::optional<Error> count_table_tiles(const Table&, Counts&) const { return std::nullopt; }
  // Whether settle needs every seat's hand whatever the result (Zunyi: 豆 and 鸡 need
  // to know who is ready).
  virtual bool needs_all_hands() const { return false; }
  // The add-ons a 查大叫 adds to a ready hand's best pattern in this situation (Duyun D8:
  // 报听); none by default (Zunyi Z7: pattern points only).
  virtual std::vector<Item> dajiao_addons(const Situation&) const { return {}; }
  // Why a hand of winning shape is still no win under these rules (Zunyi Z1), if so.
  virtual std::optional<Text> no_win_reason(const Hand&) const { return std::nullopt; }

 protected:
  // std::invalid_argument for an option of another rule set (build_ruleset reports it as an
  // error instead).
  Ruleset(std::string_view id, Options options);
  Options options_;
};

// The rule set `id` (see registry.hpp); nullptr for an unknown id or an option of another
// rule set (build_ruleset says which).
std::unique_ptr<Ruleset> make_ruleset(std::string_view id, Options options = {});

// C5/C6 waits of a 13-tile hand with each wait's best pattern; ready = a live wait exists.
WaitsAnswer analyze_waits(const Ruleset& rules, const Hand& hand, const Situation& s);
// For a 14-tile hand: each distinct discard that leaves the hand ready.
std::vector<DiscardAnswer> analyze_discards(const Ruleset& rules, const Hand& hand,
                                            const Situation& s);

// Checks the situation options against each other and the hand, and settles what they
// imply (天胡 is a self-draw by the dealer); notes say what was assumed.
std::optional<Error> normalize_situation(const Hand& hand, Situation& s, std::vector<Text>& notes);

// Checked arithmetic for amounts: nullopt on overflow.
std::optional<std::int64_t> checked_add(std::int64_t a, std::int64_t b);
std::optional<std::int64_t> checked_mul(std::int64_t a, std::int64_t b);
Error out_of_range(std::string_view what_en, std::string_view what_zh);

}  // namespace qianmj
