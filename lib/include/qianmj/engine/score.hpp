// A scored win: its pattern, add-ons and what each payer pays.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include "qianmj/core/analysis.hpp"
#include "qianmj/core/hand.hpp"
#include "qianmj/core/inline_vector.hpp"
#include "qianmj/core/item.hpp"

namespace qianmj {

// What a rule set's values are (Ruleset::unit()): the JSON key and the word after a number.
struct Unit {
  std::string_view key;  // "fan", "points"
  std::string_view en;   // "fan", "points"
  std::string_view zh;   // "番", "分"
  friend bool operator==(const Unit&, const Unit&) = default;
};

// What turns a value into points, where a rule set prices its values (Ruleset::price()):
// points = value × price; without one, a value is its points.
struct Price {
  std::string_view key;  // the JSON key of the price (Duyun: base)
  std::string_view en;   // its name in English
  std::string_view zh;   // "底分"
  std::int64_t value = 1;
  std::string_view name(bool chinese) const { return chinese ? zh : en; }
};

// A score's lists of items, kept inline up to eight (no allocation per scored hand).
using ItemList = InlineVector<Item, 8>;

struct Payer {
  enum class Role { Discarder, Dealer, Other };
  Role role = Role::Other;
  int count = 1;
  std::int64_t value = 0;   // fan (Duyun) or points (Zunyi) this payer is charged
  std::int64_t points = 0;  // what this payer pays
  ItemList items{};
  bool dealer = false;  // this payer is the dealer (the discarder may be)
  int covers = 1;  // seats' shares this payer pays (Zunyi 包三家: 3), points = value × covers
};

std::string_view role_name(Payer::Role r);  // "discarder" "dealer" "other"

struct Score {
  // User-provided, so that value-initialization (Result's in-place Score) does not zero the
  // inline lists first.
  Score() noexcept {}  // NOLINT(modernize-use-equals-default)
  Hand hand;
  std::optional<Tile> win_tile;
  bool win = false;
  bool legal = false;
  std::optional<Text> reason;  // why not a win, or why not legal
  std::optional<Item> pattern;
  std::optional<Reading> reading;  // the reading that makes the pattern
  InlineVector<Item, 4> also;      // lower patterns the hand also holds
  ItemList items;                  // pattern and add-ons every payer pays
  InlineVector<Payer, 3> payers;   // one per role at most
  std::int64_t total = 0;          // points the winner collects
  NoteList notes;                  // assumptions the scorer made (e.g. 天胡 counts as self-drawn)
};

}  // namespace qianmj
