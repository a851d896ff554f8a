// The Ruleset interface: what every rule set answers, and how one is made.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>
#include "qianmj/core/analysis.hpp"
#include "qianmj/core/error.hpp"
#include "qianmj/core/hand.hpp"
#include "qianmj/core/item.hpp"
#include "qianmj/core/shanten.hpp"
#include "qianmj/engine/options.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/engine/score.hpp"
#include "qianmj/engine/situation.hpp"
#include "qianmj/engine/waits.hpp"

namespace qianmj {

struct CheckedTable;
struct Ledger;
struct Table;

// A winning shape a rule set has beside C3's two (Guiyang's 地龙, G1). A rule set that
// declares one (Ruleset::extra_shape) has its waits among the formal ones (formal_waits with
// the rule set, analyze_waits: so in every wait list, ready check and 大叫), and scores it
// in its own best_pattern and evaluate, where holds() says which hands are of it.
class ExtraShape {
 public:
  virtual ~ExtraShape() = default;
  // Whether a 14-tile hand (kong = 3) is of this shape won on `win` (without one: on some
  // tile it holds). Copies beyond four are allowed, as in readings().
  virtual bool holds(const Hand& hand, std::optional<Tile> win) const = 0;
  // The tiles that make a 13-tile hand (kong = 3) of this shape, as bits (bit i = tile index
  // i): its formal waits in this shape, a fifth copy included (C5).
  virtual std::uint32_t wait_bits(const Hand& hand) const = 0;
  // Its 向听 (ADVICE A3): for 13 tiles the fewest exchanges (draw, discard) to a hand ready
  // in this shape; for 14 the least over the discards, or -1 when it holds(); kNoShape when
  // the hand can never be of it.
  virtual int shanten(const Hand& hand) const = 0;
  // Its id and names as a form of a hand (ADVICE A2's forms: "dilong").
  virtual Item form() const = 0;
};

// A pattern line of advice (ADVICE A5): a pattern worth at least item.value, made by the
// shapes of `family` (or of `or_family`: Duyun 清一色 is a standard win or seven pairs), or by
// the rule set's extra shape.
struct AdviceLine {
  Item item;
  Family family;
  std::optional<Family> or_family;
  bool extra_shape = false;
};

// A pattern said instead of tiles (a declared hand): the item a hand of it scores, and what
// every hand of it is, for the checks a declared table still gets.
struct DeclaredPattern {
  Item item;                 // as the hand would score (Zunyi: 清一色 + the structure, one item)
  std::size_t row = 0;       // its row in patterns() (Zunyi: the structural row, or 清一色's)
  bool flush = false;        // 清一色 included: the whole hand of one suit
  bool seven_pairs = false;  // of the seven pairs family: no melds
  bool kongless = false;     // a shape with no kong of its own (Guiyang 地龙: one pung meld)
};

class Ruleset {
 public:
  virtual ~Ruleset() = default;
  virtual std::string_view id() const = 0;
  virtual Text name() const = 0;
  // What its values are, and what prices them into points (none: a value is its points).
  virtual Unit unit() const = 0;
  virtual std::optional<Price> price() const { return std::nullopt; }
  // The heading of its pattern table after its name ("Duyun patterns (only the highest counts)").
  virtual Text patterns_heading() const = 0;
  // An add-on's value as `qianmj rules` shows it ("+6"; "+N" for one that depends on the table).
  virtual std::string addon_value_text(std::string_view id) const;
  // What a wait that may not be won off a discard is labelled (Duyun D3).
  virtual Text self_draw_only() const { return {"self-draw only", "只能自摸"}; }
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
  virtual bool legal_on_discard(const Item& pattern, const Hand& hand,
                                const Situation& s) const = 0;
  // Scores a 14-tile hand (kong = 3) in a situation: checks the situation against the hand
  // (normalize_situation), notes the fields this rule set ignores, evaluate()s, then prices.
  Result<Score> score(const Hand& hand, const Situation& s) const;
  // The score before any price: pattern, add-ons, and each payer's role, count, items and
  // covers (value and points are price_payers()'s). `s` is normalized; `sc` has its notes.
  virtual std::optional<Error> evaluate(const Hand& hand, const Situation& s, Score& sc) const = 0;
  // Each payer's value (the sum of its items), points (value × covers × price()) and the
  // total, exactly or out_of_range.
  std::optional<Error> price_payers(Score& sc) const;
  // Situation fields this rule set does not read (Zunyi: dou).
  virtual std::span<const IgnoredField> ignored_fields() const { return {}; }
  // Prices a table that settle() has checked: the whole ledger of the hand.
  virtual Result<Ledger> settle(const CheckedTable& table) const = 0;
  // Adds the tiles of the table that only this rule set knows of to `copies` (C7 across the
  // table), checking its own fields; an error names the field.
  virtual std::optional<Error> count_table_tiles(const Table&, Counts&) const {
    return std::nullopt;
  }
  // Whether settle needs every seat's hand whatever the result (Zunyi: 豆 and 鸡 need
  // to know who is ready).
  virtual bool needs_all_hands() const { return false; }
  // The add-ons a 查大叫 adds to a ready hand's best pattern in this situation (Duyun D8:
  // 报听); none by default (Zunyi Z7: pattern points only).
  virtual std::vector<Item> dajiao_addons(const Situation&) const { return {}; }
  // Why a hand of winning shape is still no win under these rules (Zunyi Z1), if so.
  virtual std::optional<Text> no_win_reason(const Hand&) const { return std::nullopt; }
  // A declared pattern by its row id or name (Chinese or English), or an alias the rule set
  // lists (Zunyi 清大对); nullopt where the rule set has no such pattern or takes no declared
  // hands.
  virtual std::optional<DeclaredPattern> declared_pattern(std::string_view) const {
    return std::nullopt;
  }
  // The words declared_pattern() reads, each once (the words of a table take them).
  virtual std::vector<std::string> declared_pattern_words() const { return {}; }
  // The score of a declared win, as evaluate() would give for a hand of that pattern: no
  // hand, no reading. The default refuses.
  virtual std::optional<Error> evaluate_declared(const DeclaredPattern& p, const Situation& s,
                                                 Score& sc) const;
  Result<Score> score_declared(const DeclaredPattern& p, const Situation& s) const;
  // The most suits a winning hand may hold (Zunyi Z1: 2): the winning shapes' families.
  virtual std::uint8_t max_suits() const { return 3; }
  // The pattern lines advice reports (ADVICE A5), in the order shown.
  virtual std::vector<AdviceLine> advice_lines() const { return {}; }
  // Whether a non-ready hand of three suits pays at a draw (Duyun D8 花猪): advice warns.
  virtual bool has_huazhu() const { return false; }
  // Whether a declared seat may say its 鸡 (Zunyi Z6).
  virtual bool declared_chickens() const { return false; }
  // The winning shape it has beside C3's (see ExtraShape), or nullptr: none by default, and
  // then the waits are C3's alone, found as before.
  const ExtraShape* extra_shape() const { return extra_shape_; }

 protected:
  // std::invalid_argument for an option of another rule set (build_ruleset reports it as an
  // error instead).
  Ruleset(std::string_view id, Options options);
  Options options_;
  // Set by a rule set that declares an extra winning shape (kept as long as it is).
  const ExtraShape* extra_shape_ = nullptr;
};

// The rule set `id` (see registry.hpp); nullptr for an unknown id or an option of another
// rule set (build_ruleset says which).
std::unique_ptr<Ruleset> make_ruleset(std::string_view id, Options options = {});

}  // namespace qianmj
