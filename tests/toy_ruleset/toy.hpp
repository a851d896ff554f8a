// A toy rule set, registered only in the toy test binary (main.cpp): Duyun with one more
// pattern row (六对, a winning shape of its own), one house option (toy-liudui, the row's fan)
// and one table field (seats[].tokens, tokens a seat holds, each paid 1 by every other seat).
// It is no rule of Guizhou: it shows what a rule set is made of, and that one made outside
// lib/src/rules/ is read, priced, written and checked by the library with nothing named
// outside this folder. A shortcut only a test takes: it wraps Duyun and builds against lib/src
// (Book, common options), where a rule set in lib/src/rules/ may not include another's folder.
#pragma once

#include <vector>

#include "qianmj/engine/registry.hpp"
#include "qianmj/engine/ruleset.hpp"
#include "rules/duyun/duyun.hpp"

namespace qianmj::toy {

// 六对: no melds and at least six pairs among the 14 tiles (four alike are two pairs).
class SixPairs final : public ExtraShape {
 public:
  bool holds(const Hand& hand, std::optional<Tile> win) const override;
  std::uint32_t wait_bits(const Hand& hand) const override;
  int shanten(const Hand& hand) const override;
  Item form() const override { return {"liudui", "六对", "Six pairs", 0}; }
  static int pairs(const Hand& hand);
};

// Duyun's patterns, add-ons and answers, and 六对 where it is worth more than any C3 pattern.
class Toy final : public Ruleset {
 public:
  explicit Toy(Options options = {});
  std::string_view id() const override { return "toy"; }
  Text name() const override { return {"Toy", "玩具"}; }
  Unit unit() const override { return duyun_.unit(); }
  Text patterns_heading() const override { return duyun_.patterns_heading(); }
  const std::vector<ItemSpec>& patterns() const override { return patterns_; }
  const std::vector<ItemSpec>& addons() const override { return duyun_.addons(); }
  Item addon(std::string_view id) const override { return duyun_.addon(id); }
  std::string addon_value_text(std::string_view id) const override {
    return duyun_.addon_value_text(id);
  }
  std::optional<Item> best_pattern(const Hand& hand, std::optional<Tile> win,
                                   const Situation& s) const override;
  bool legal_on_discard(const Item& pattern, const Hand& hand, const Situation& s) const override;
  std::optional<Error> evaluate(const Hand& hand, const Situation& s, Score& sc) const override;
  std::vector<Item> dajiao_addons(const Situation& s) const override {
    return duyun_.dajiao_addons(s);
  }
  Result<Ledger> settle(const CheckedTable& table) const override;

  Item liudui() const;  // the 六对 row at its fan (toy-liudui)

 private:
  Duyun duyun_;  // with the house rules every rule set has, as set here
  std::vector<ItemSpec> patterns_;
  SixPairs shape_;
};

// The toy's table field and its RulesetInfo (which lists its house option, toy-liudui).
extern const TableField kTokens;
extern const RulesetInfo toy_ruleset;

}  // namespace qianmj::toy
