// Generated input for the property and cross-check tests: random hands drawn from one wall
// (never a fifth copy) and random tables of every registered rule set, of every kind of result.
#pragma once

#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "qianmj/core/hand.hpp"

namespace qianmj::test {

using Rng = std::mt19937;

int uniform(Rng& rng, int lo, int hi);
bool chance(Rng& rng, int percent);
template <class T>
const T& one_of(Rng& rng, const std::vector<T>& v) {
  return v[static_cast<std::size_t>(uniform(rng, 0, static_cast<int>(v.size()) - 1))];
}
inline std::size_t at(int i) {
  return static_cast<std::size_t>(i);
}

// The copies of each kind nobody holds yet: a table never sees a fifth copy (C7).
struct Pool {
  Counts left{};
  Pool() { left.fill(kCopies); }
  // A kind with `need` copies free outside suit `avoid` (-1: any suit), or -1.
  int pick(Rng& rng, int need, int avoid = -1) const;
  void take(int k, int n) { left[at(k)] = static_cast<std::uint8_t>(left[at(k)] - n); }
  void give(int k, int n) { left[at(k)] = static_cast<std::uint8_t>(left[at(k)] + n); }
};

struct Shape {
  int size = 13;  // tiles, a kong counting 3
  int max_melds = 2;
  int avoid_suit = -1;  // a suit kept out (Zunyi Z1 needs one missing)
  int structured = 60;  // percent: sets + pair (one tile out for 13) instead of random tiles
};

// A random hand drawn from `pool`; it may fall short of shape.size when the pool runs dry.
Hand random_hand(Rng& rng, Pool& pool, const Shape& shape);
// A random hand of exactly `size` tiles (the pool is fresh, so it always gets there).
Hand random_hand(Rng& rng, int size, int max_melds = 4);

const char* kind_name(Meld::Kind k);  // "direct" "added" "concealed" "pung"

// A generated table and what kind of hand it describes, for the counts.
struct GenTable {
  nlohmann::json table;
  std::string kind;  // zimo discard multi robbing draw escape
  bool after_kong = false;
};

// What random tables of a rule set look like beside what every table has: random_table_for()
// asks table_shape() for each rule set's.
struct TableShape {
  int avoid_suit = 45;  // percent of hands kept out of one suit (Zunyi Z1 needs one missing)
  int baoting = 30;     // percent of ready seats without melds that declared 报听 (D2, Z3)
  bool escapes = true;  // nobody wins: a draw, or now and then an escape
  bool always_names_rules = true;  // else a table names its rule set half the time
  // The rule set's own fields (RulesetInfo::table_fields) of a seat, called for each seat in
  // turn with a state the table's seats share (0 at first), and of a win's result.
  std::function<void(Rng&, Pool&, nlohmann::json& seat, int& shared)> seat_fields;
  std::function<void(Rng&, Pool&, nlohmann::json& result)> win_fields;
  // House options, now and then.
  std::function<void(Rng&, nlohmann::json& options)> options;
  // A last look at the whole table, its options made (Guiyang: 满堂鸡 and every seat's discards).
  std::function<void(Rng&, Pool&, nlohmann::json& table)> finish;
};

// The shape of rule set `rules_id`'s tables: Duyun's and Zunyi's as written in generators.cpp;
// any other's drawn from what it declares (each table field and option now and then, at a
// small value in its range, a tile field's tile from the wall).
TableShape table_shape(std::string_view rules_id);

// A random Duyun or Zunyi table: hands from one wall, kongs as melds and in `kongs`,
// and a self-draw, a discard, 一炮多响, 抢杠, a draw or (Duyun) an escape. Some tables are
// invalid on purpose or by chance (an illegal 平胡 off a discard, a fifth copy ...).
GenTable random_table(Rng& rng, bool zunyi);
// The same for the registered rule set `rules_id`, in its table_shape().
GenTable random_table_for(Rng& rng, std::string_view rules_id);

}  // namespace qianmj::test
