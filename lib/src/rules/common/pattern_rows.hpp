// Patterns as rows: a rule set's patterns are a table of rows (names, value or the house
// option that sets it, a predicate over one reading), and one loop serves every rule set:
// try every reading, and every winning tile where the rule set looks at the tile, keep the
// best and say which reading makes it.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "qianmj/core/analysis.hpp"
#include "qianmj/core/inline_vector.hpp"
#include "qianmj/core/item.hpp"
#include "qianmj/engine/options.hpp"
#include "qianmj/engine/situation.hpp"

namespace qianmj::pattern_rows {

// What a row's predicate sees: one reading of the hand, and what it was won on.
struct Context {
  const Hand& hand;
  const Reading& reading;
  const Situation& situation;
  const Options& options;
  std::optional<Tile> win;  // the winning tile, for a rule set that looks at it
  bool one_suit;            // every tile of one suit
  bool four_alike;          // some kind held four times among the concealed tiles
  bool all_pungs;           // a standard reading whose sets are all pungs or kongs

  bool standard() const { return !reading.seven_pairs; }
  // The live waits (C5) of the hand before `win`, as tile bits; computed at first use and
  // kept for the other readings of the same tile.
  std::uint32_t live_waits_before_win() const {
    if (!live_cache->computed) {
      LiveWaits& l = live_cache->hand;
      const int i = win->index();
      const std::uint32_t w = 1u << i;
      if (!(l.made & w)) {  // once a hand: its wait bits less each tile to try, and its copies
        if (!l.made) {
          const Counts copies = hand.all_copies();
          l.four = kinds_at_least(copies, kCopies), l.five = kinds_at_least(copies, kCopies + 1);
        }
        const std::uint32_t kinds = (l.kinds | w) & ~l.made;
        WaitBitsWithout(hand).each(kinds, l.waits);
        l.made |= kinds;
      }
      // A wait is dead when the player holds all four copies besides the winning tile: four
      // of another kind, or five of the winning tile's (a formal hand).
      live_cache->bits = l.waits[static_cast<std::size_t>(i)] & ~((l.four & ~w) | (l.five & w));
      live_cache->computed = true;
    }
    return live_cache->bits;
  }
  // What a hand's live waits less each tile need, made once for all the tiles tried.
  struct LiveWaits {
    std::uint32_t kinds = 0;  // the tiles a search will try: their waits are found together
    std::uint32_t made = 0;   // the tiles whose waits[] are found
    std::uint32_t four = 0, five = 0;         // kinds of which hand.all_copies() holds >= 4, > 4
    std::array<std::uint32_t, kKinds> waits;  // waits[i]: the hand's wait bits less tile i
  };
  struct LiveCache {
    bool computed = false;
    std::uint32_t bits = 0;
    LiveWaits& hand;
  };
  LiveCache* live_cache;
};

// The readings a row can hold on. A row of one shape is never tried on a reading of the
// other (add_rows skips it, so its predicate need not test the shape), and a search may leave
// it out of its bound when the hand has no reading of that shape.
enum class Shape : std::uint8_t { Any, Standard, SevenPairs };

struct Row {
  ItemSpec spec;
  std::string_view value_option;  // the house option that sets the value, or "" for spec.value
  bool (*holds)(const Context&);
  // A row of the situation rather than the shape (天胡): it holds for any winning hand, and
  // shows the reading of the best shape row.
  bool from_situation = false;
  // The predicate looks at the winning tile (Context::win, the live waits before it): over
  // several candidate tiles, only these rows are tried again for each (best_over_tiles).
  bool uses_win = false;
  Shape shape = Shape::Any;
};

// Which rows find() tries: all of them; the shape rows that do not look at the winning tile;
// or the rest (the shape rows that do, then the situation rows), to complete a Found of the
// second kind for one tile.
enum class Rows { All, WithoutWin, WinAndSituation };

// A Found's readings where it keeps none: setting one does nothing (clang checks the call
// even where `if constexpr` leaves it out).
struct NoReadings {
  void set(std::size_t, const Reading&) {}
};

// N readings left uninitialized until written: a row's slot is written when the row is
// first held, and read only then. (An array of std::optional<Reading> was zeroed whole,
// about 500 bytes for 12 rows, on every scored hand.)
template <std::size_t N>
class ReadingSlots {
 public:
  ReadingSlots() noexcept {}  // NOLINT(modernize-use-equals-default): leaves the slots unset
  void set(std::size_t i, const Reading& r) { slots_[i].reading = r; }
  const Reading& operator[](std::size_t i) const { return slots_[i].reading; }

 private:
  static_assert(std::is_trivially_copyable_v<Reading> && std::is_trivially_destructible_v<Reading>);
  union Slot {
    Slot() noexcept {}  // NOLINT(modernize-use-equals-default)
    Reading reading;
  };
  std::array<Slot, N> slots_;
};

// The rows a hand makes and, with `Readings`, the first reading that makes each (without,
// nothing is kept or cleared: the waits path asks only for the best row).
template <std::size_t N, bool Readings = true>
struct Found {
  std::bitset<N> held;
  [[no_unique_address]] std::conditional_t<Readings, ReadingSlots<N>, NoReadings> reading;
  bool any_reading = false;
  std::optional<Tile> win;
  // The first reading that makes row i, or nullopt when the row is not held.
  std::optional<Reading> reading_of(std::size_t i) const requires Readings {
    if (!held[i]) return std::nullopt;
    return reading[i];
  }
};

// A table of N rows (N is the table's own length, so no array can be too short for it).
// Among rows of equal value the one of higher precedence wins: by default the later row
// (the more specific), or the order given.
template <std::size_t N>
class Table {
 public:
  constexpr explicit Table(std::array<Row, N> rows) : rows_(rows) {
    for (std::size_t i = 0; i < N; ++i) precedence_[i] = static_cast<std::uint8_t>(i);
    note_options();
  }
  constexpr Table(std::array<Row, N> rows, std::array<std::uint8_t, N> precedence)
      : rows_(rows), precedence_(precedence) {
    note_options();
  }
  constexpr const std::array<Row, N>& rows() const { return rows_; }
  constexpr bool any_situation() const {
    return std::any_of(rows_.begin(), rows_.end(), [](const Row& r) { return r.from_situation; });
  }
  constexpr const Row& operator[](std::size_t i) const { return rows_[i]; }
  static constexpr std::size_t size() { return N; }

  // The row with this id; compile-time use fails to compile on an unknown id.
  constexpr std::size_t index(std::string_view id) const {
    for (std::size_t i = 0; i < N; ++i)
      if (rows_[i].spec.id == id) return i;
    throw "unknown pattern id";
  }

  // A row's value under the house options.
  std::int64_t value(std::size_t i, const Options& o) const {
    return rows_[i].value_option.empty() ? rows_[i].spec.value : o.get(rows_[i].value_option);
  }
  Item item(std::size_t i, const Options& o) const { return rows_[i].spec.item(value(i, o)); }
  Item item(std::size_t i, const std::array<std::int64_t, N>& v) const {
    return rows_[i].spec.item(v[i]);
  }
  std::vector<ItemSpec> specs() const {
    std::vector<ItemSpec> out;
    for (const auto& r : rows_) out.push_back(r.spec);
    return out;
  }

  // Every row's value under the house options (an option is looked up once).
  std::array<std::int64_t, N> values(const Options& o) const {
    std::array<std::int64_t, N> v{};
    for (std::size_t i = 0; i < N; ++i) v[i] = value(i, o);
    return v;
  }
  // Whether row a ranks above row b: a higher value, or an equal one of higher precedence.
  bool above(std::size_t a, std::size_t b, const std::array<std::int64_t, N>& v) const {
    return v[a] != v[b] ? v[a] > v[b] : precedence_[a] > precedence_[b];
  }

  // The rows held, best first (no allocation).
  struct Ranked {
    Ranked() noexcept {}  // NOLINT(modernize-use-equals-default): rows past count stay unset
    std::array<std::size_t, N> rows;
    std::size_t count = 0;
    const std::size_t* begin() const { return rows.data(); }
    const std::size_t* end() const { return rows.data() + count; }
    bool empty() const { return count == 0; }
    std::size_t front() const { return rows[0]; }
  };
  template <bool R>
  Ranked ranked(const Found<N, R>& f, const Options& o) const {
    if (!any_option_) return ranked(f, spec_values_);  // the values are the table's
    return ranked(f, values(o));
  }
  // The same with the values looked up already (a rule set keeps them from when it is made).
  template <bool R>
  Ranked ranked(const Found<N, R>& f, const std::array<std::int64_t, N>& v) const {
    static_assert(N <= 64, "rows as the bits of one word");
    Ranked out;
    // The rows held (usually one to three), each put in its place among those before it.
    for (std::uint64_t left = f.held.to_ullong(); left; left &= left - 1) {
      const auto i = static_cast<std::size_t>(std::countr_zero(left));
      std::size_t at = out.count++;
      for (; at > 0 && above(i, out.rows[at - 1], v); --at) out.rows[at] = out.rows[at - 1];
      out.rows[at] = i;
    }
    return out;
  }

  // The best row held among `among`, or nullopt.
  template <bool R>
  std::optional<std::size_t> best(const Found<N, R>& f, const Options& o,
                                  std::bitset<N> among = std::bitset<N>().set()) const {
    if (!any_option_) return best(f, spec_values_, among);  // the values are the table's
    return best(f, values(o), among);
  }
  template <bool R>
  std::optional<std::size_t> best(const Found<N, R>& f, const std::array<std::int64_t, N>& v,
                                  std::bitset<N> among = std::bitset<N>().set()) const {
    static_assert(N <= 64, "rows as the bits of one word");
    std::optional<std::size_t> out;
    // Only the rows held and asked for: usually one or two of the N.
    for (std::uint64_t left = (f.held & among).to_ullong(); left; left &= left - 1) {
      const auto i = static_cast<std::size_t>(std::countr_zero(left));
      if (!out || above(i, *out, v)) out = i;
    }
    return out;
  }

 private:
  std::array<Row, N> rows_;
  std::array<std::uint8_t, N> precedence_{};
  bool any_option_ = false;                    // a row whose value a house option sets
  std::array<std::int64_t, N> spec_values_{};  // each row's own value (spec.value)
  constexpr void note_options() {
    for (std::size_t i = 0; i < N; ++i) {
      any_option_ = any_option_ || !rows_[i].value_option.empty();
      spec_values_[i] = rows_[i].spec.value;
    }
  }
};

// What the rows' contexts say of the whole hand, found once.
struct HandFacts {
  explicit HandFacts(const Hand& hand)
      : one_suit(single_bit(hand.suits())), four_alike(any_count_is(hand.concealed, 4)) {}
  bool one_suit, four_alike;
};

// The rows `rows` selects (the situation rows, or the others) that one reading makes, added
// to `out`; a row of the other shape is not tried. Where `out` keeps readings, a row already
// held is not tried again (its first reading stays); where it keeps held bits only, each
// answer is or-ed in without a branch on it (random answers, as a tile's waits give,
// mispredict one), so a predicate must be pure.
template <const auto& table, Rows rows, bool situation, class Found>
void try_rows(Found& out, const Context& c) {
  constexpr std::size_t N = std::remove_cvref_t<decltype(table)>::size();
  constexpr bool with_readings = !std::is_same_v<decltype(out.reading), NoReadings>;
  const Reading& r = c.reading;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (
        [&] {
          constexpr const Row& row = table[I];
          constexpr bool tried =
              row.from_situation == situation &&
              (rows == Rows::All || situation || row.uses_win == (rows == Rows::WinAndSituation));
          constexpr bool standard_only = row.shape == Shape::Standard,
                         pairs_only = row.shape == Shape::SevenPairs;
          if constexpr (tried && with_readings) {
            if (!out.held[I] && !(standard_only && r.seven_pairs) &&
                !(pairs_only && !r.seven_pairs) && row.holds(c)) {
              out.held[I] = true;
              out.reading.set(I, r);
            }
          } else if constexpr (tried) {
            if (!(standard_only && r.seven_pairs) && !(pairs_only && !r.seven_pairs))
              out.held |= std::bitset<N>(std::uint64_t{row.holds(c)} << I);
          }
        }(),
        ...);
  }
  (std::make_index_sequence<N>{});
}

// The rows `rows` selects that `hand` makes over `readings`, added to `out` (which holds
// the others already): find() below, in parts.
template <const auto& table, Rows rows, class Found, class Readings>
void add_rows(Found& out, const Hand& hand, const HandFacts& facts, const Readings& readings,
              std::optional<Tile> win, const Situation& s, const Options& o) {
  out.win = win;
  const bool one_suit = facts.one_suit, four = facts.four_alike;
  Context::LiveWaits live;
  Context::LiveCache cache{.hand = live};
  readings([&](const Reading& r, bool pungs) {
    out.any_reading = true;
    try_rows<table, rows, false>(out, Context{hand, r, s, o, win, one_suit, four, pungs, &cache});
  });
  if (rows == Rows::WithoutWin || !out.any_reading) return;
  if constexpr (!table.any_situation()) return;
  // Situation rows: shown with the reading of the best shape row.
  const auto shape = table.best(out, o);
  Reading shown;
  if constexpr (!std::is_same_v<decltype(out.reading), NoReadings>)
    if (shape) shown = out.reading[*shape];
  try_rows<table, rows, true>(out, Context{hand, shown, s, o, win, one_suit, four, false, &cache});
}

// The rows `hand` makes over `readings` (the hand's, in order), won on `win`, under the
// constant `table`: every row's predicate is known at compile time and called directly.
// `with_readings`: keep the first reading that makes each row; `rows`: only some rows.
template <const auto& table, bool with_readings, Rows rows = Rows::All, class Readings>
auto find(const Hand& hand, const Readings& readings, std::optional<Tile> win, const Situation& s,
          const Options& o) {
  constexpr std::size_t N = std::remove_cvref_t<decltype(table)>::size();
  Found<N, with_readings> out;
  add_rows<table, rows>(out, hand, HandFacts(hand), readings, win, s, o);
  return out;
}

// A standard reading whose sets are all pungs or kongs (Context::all_pungs).
inline bool all_pungs(const Reading& r) {
  return !r.seven_pairs && std::all_of(r.sets.begin(), r.sets.end(),
                                       [](const Set& x) { return x.kind == Set::Kind::Pung; });
}

// Readings as find() takes them: the hand's own, visited without allocating, each with
// all_pungs().
struct ReadingsOf {
  const Hand& hand;
  template <class F>
  void operator()(F&& f) const {
    for_each_reading(hand, [&](const Reading& r) { f(r, all_pungs(r)); });
  }
};

// Readings computed once, with all_pungs() of each, for a loop over winning tiles.
struct ReadingList {
  std::span<const Reading> list;
  std::span<const bool> pungs;
  template <class F>
  void operator()(F&& f) const {
    for (std::size_t i = 0; i < list.size(); ++i) f(list[i], pungs[i]);
  }
};

// The shared loop over winning tiles: each candidate tile (the given one, or each kind the
// hand holds that `allowed` accepts), the rows it makes over the hand's readings, scored by
// `worth` (nullopt: no win on that tile); the best, first in tile order among equals. The
// same Found as find() over all rows for that tile, with less work: the readings and the
// rows that do not look at the tile (Row::uses_win) are found once, and no further tile is
// tried once none could do better. `worth` must not fall when a row is added (a best-of or a
// sum does not), so that every row held is an upper bound; it takes a Found with or without
// readings.
template <const auto& table, class Allowed, class Worth>
auto best_over_tiles(const Hand& hand, std::optional<Tile> win, const Situation& s,
                     const Options& o, Allowed&& allowed, Worth&& worth)
    -> std::optional<Found<std::remove_cvref_t<decltype(table)>::size()>> {
  constexpr std::size_t N = std::remove_cvref_t<decltype(table)>::size();
  InlineVector<Reading, 8> all;
  InlineVector<bool, 8> pungs;
  bool standard = false, seven_pairs = false;  // the shapes of the readings
  for_each_reading(hand, [&](const Reading& r) {
    all.push_back(r);
    pungs.push_back(all_pungs(r));
    (r.seven_pairs ? seven_pairs : standard) = true;
  });
  if (all.empty()) return std::nullopt;
  const ReadingList list{all, pungs};
  const HandFacts facts(hand);
  Found<N> base;
  add_rows<table, Rows::WithoutWin>(base, hand, facts, list, std::nullopt, s, o);
  // The bound: every row a tile might add, of a shape the hand has a reading of (held bits
  // only: those rows have no reading to show).
  constexpr auto tile_rows = [](Shape shape) {  // those rows of one shape, as bits
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < N; ++i)
      if ((table[i].uses_win || table[i].from_situation) && table[i].shape == shape)
        bits |= std::uint64_t{1} << i;
    return bits;
  };
  constexpr std::uint64_t any_shape = tile_rows(Shape::Any),
                          standard_only = tile_rows(Shape::Standard),
                          pairs_only = tile_rows(Shape::SevenPairs);
  Found<N, false> upper;
  upper.held = base.held | std::bitset<N>(any_shape | (standard ? standard_only : 0) |
                                          (seven_pairs ? pairs_only : 0));
  upper.any_reading = base.any_reading;
  const auto most = worth(upper);
  // Each tile's rows without their readings (held bits only, no copy of the readings); the
  // best tile's Found is made once at the end, as it was found.
  static_assert(!table.any_situation(),
                "situation rows show the best shape row's reading: held bits alone cannot say");
  // The kinds that may be the winning tile: those held.
  std::uint32_t held = kinds_at_least(hand.concealed, 1);
  if (win) held &= 1u << win->index();
  Context::LiveWaits live;
  live.kinds = held;  // a row that reads the live waits has them found for every tile at once
  Context::LiveCache cache{.hand = live};
  // Each reading's context, made once: a tile sets its own fields (the tile, its live waits).
  InlineVector<Context, 8> contexts;
  for (std::size_t k = 0; k < all.size(); ++k)
    contexts.push_back(Context{hand, all[k], s, o, std::nullopt, facts.one_suit, facts.four_alike,
                               pungs[k], &cache});
  // The rows that look at tile t, over every reading, added to `f`.
  auto add_tile_rows = [&](auto& f, Tile t) {
    f.win = t;
    cache.computed = false;
    for (Context& c : contexts) {
      c.win = t;
      try_rows<table, Rows::WinAndSituation, false>(f, c);
    }
  };
  int best = -1;  // the best tile's index so far, or -1
  std::int64_t best_worth = 0;
  for (; held; held &= held - 1) {
    const int i = std::countr_zero(held);
    const Tile t = Tile::from_index(i);
    if (!allowed(t)) continue;
    if (best >= 0 && (!most || *most <= best_worth)) break;  // no later tile can score more
    Found<N, false> f;
    f.held = base.held;
    f.any_reading = true;
    add_tile_rows(f, t);
    if (const auto w = worth(f)) {  // the better of the two without a branch (random here)
      const bool better = (best < 0) | (*w > best_worth);
      best ^= (best ^ i) & -int{better};
      best_worth ^= (best_worth ^ *w) & -std::int64_t{better};
    }
  }
  if (best < 0) return std::nullopt;
  Found<N> found = base;
  add_tile_rows(found, Tile::from_index(best));
  return found;
}

// The rows of a rule set's table by id (the add-ons' too): the first with `id`; the table
// must hold it.
inline const ItemSpec& spec_of(std::span<const ItemSpec> table, std::string_view id) {
  return *std::find_if(table.begin(), table.end(), [&](const ItemSpec& s) { return s.id == id; });
}

// The 捉鸡 family's pattern of one hand: one structural row (absent for a 清一色 平胡) and 清一色
// beside it, and the item the two make together (清一色 + 对对胡 as "qingyise+duiduihu").
struct Parts {
  std::optional<Item> structural;
  std::optional<Item> flush;
  Item combined;
};

// The names of 清一色 + each structural pattern as one item: "qingyise+ID", `zh_prefix` + its
// Chinese name (清一色对对胡 in Zunyi, 清大对子 in Guiyang), "Full flush " + its English name;
// made once for the life of the program.
class FlushNames {
 public:
  FlushNames(std::span<const ItemSpec> patterns, std::string_view zh_prefix) {
    for (const auto& p : patterns)
      names_.push_back({std::string(p.id), "qingyise+" + std::string(p.id),
                        std::string(zh_prefix) + std::string(p.zh),
                        "Full flush " + std::string(p.en)});
  }
  // 清一色 worth `flush_value` on top of `structural`, as one item.
  Item plus(const Item& structural, std::int64_t flush_value) const {
    for (const auto& n : names_)
      if (n.of == structural.id) return {n.id, n.zh, n.en, structural.value + flush_value};
    return structural;  // unreachable: every structural item is one of the patterns
  }
  // The parts made of a structural row (or none) and 清一色 (or none; one of the two is given).
  Parts parts(std::optional<Item> structural, std::optional<Item> flush) const {
    Parts p{std::move(structural), std::move(flush), {}};
    if (p.structural && p.flush)
      p.combined = plus(*p.structural, p.flush->value);
    else
      p.combined = p.structural ? *p.structural : *p.flush;
    return p;
  }

 private:
  struct Names {
    std::string of, id, zh, en;
  };
  std::vector<Names> names_;
};

// The parts of the rows a hand made on one winning tile (nullopt: no win on it): the best of
// `structural` and the 清一色 row `flush`, at the values `v`.
template <const auto& table, class Found, std::size_t N>
std::optional<Parts> parts_of(const Found& f, const std::array<std::int64_t, N>& v,
                              std::bitset<N> structural, std::size_t flush,
                              const FlushNames& names) {
  if (!f.any_reading) return std::nullopt;
  std::optional<Item> s, fl;
  if (auto best = table.best(f, v, structural)) s = table.item(*best, v);
  if (f.held[flush]) fl = table.item(flush, v);
  return names.parts(std::move(s), std::move(fl));
}

}  // namespace qianmj::pattern_rows
