#include "qianmj/engine/advice.hpp"

#include <algorithm>
#include <bit>

#include "qianmj/core/shanten.hpp"
#include "qianmj/engine/ruleset.hpp"

namespace qianmj {
namespace {

constexpr Item kStandardForm{"standard", "标准型", "Standard", 0};
constexpr Item kPairsForm{"qidui", "七对", "Seven pairs", 0};

// The kinds of an acceptance, as bits (bit i = tile index i).
std::uint32_t kinds_of(const Acceptance& a) {
  std::uint32_t bits = 0;
  for (const auto& t : a.list) bits |= 1u << t.tile.index();
  return bits;
}

struct Context {
  const Ruleset& rules;
  const AdviceArgs& args;
  Counts own;  // the input's copies, hand and melds: the discarded copy is in the river (A1)
  std::vector<AdviceLine> lines;
  Situation situation;
  std::int64_t bonus = 0;  // 报听's value, added to every ready row's waits (--baoting)
  // A 1-shanten row's hand less each kind (A7), kept for the next such row.
  mutable std::vector<std::optional<DrawnDistances>> less;

  int remaining(Tile t) const {
    const auto i = static_cast<std::size_t>(t.index());
    return 4 - own[i] - args.seen[i];
  }
  // A line's 向听 of the hand `d` knows (`h` itself, kept equal), with `drawn` drawn (-1: none).
  int line_shanten(const AdviceLine& l, const DrawnDistances& d, Hand& h, int drawn) const {
    if (l.extra_shape) return extra_shanten(h, drawn);
    int v = d.distance(l.family, drawn);
    if (l.or_family) v = std::min(v, d.distance(*l.or_family, drawn));
    return v >= kNoShape ? kNoShape : v - 1;
  }
  int extra_shanten(Hand& h, int drawn) const {
    const ExtraShape* extra = rules.extra_shape();
    if (!extra) return kNoShape;
    if (drawn < 0) return extra->shanten(h);
    ++h.concealed[static_cast<std::size_t>(drawn)];
    const int v = extra->shanten(h);
    --h.concealed[static_cast<std::size_t>(drawn)];
    return v;
  }
  // The rule set's 向听 (shanten(rules, hand)) of the same.
  int rules_shanten(const DrawnDistances& d, Hand& h, int drawn) const {
    const std::uint8_t most = rules.max_suits();
    const int v = std::min(d.distance(Family{Family::Form::Standard, most}, drawn),
                           d.distance(Family{Family::Form::SevenPairs, most}, drawn));
    return std::min(v >= kNoShape ? kNoShape : v - 1, extra_shanten(h, drawn));
  }
  std::int64_t value(const WaitValue& w) const { return w.pattern.value + bonus; }
};

// A4 over any shanten function of the tile drawn: the tiles (own < 4) whose draw lowers it.
template <class F>
Acceptance acceptance(const Context& c, const Hand& r, int base, F&& shanten_of, bool with_list) {
  Acceptance a;
  const Counts own = r.all_copies();
  for (int i = 0; i < kKinds; ++i) {
    if (own[static_cast<std::size_t>(i)] >= 4) continue;
    if (shanten_of(i) >= base) continue;
    const Tile t = Tile::from_index(i);
    const int left = c.remaining(t);
    ++a.kinds;
    a.tiles += left;
    if (with_list) a.list.push_back({t, left});
  }
  return a;
}

// The ready step of a row (A6): its waits, with A1's remaining, and their worth.
void ready_row(const Context& c, Hand& r, AdviceRow& row) {
  row.waits = analyze_waits(c.rules, r, c.situation);
  row.ready_for_settlement = row.waits->ready;
  for (auto& w : row.waits->waits) {
    w.wait.remaining = c.remaining(w.wait.tile);
    if (!w.wait.live) continue;
    const int left = w.wait.remaining;
    ++row.accept.kinds;
    row.accept.tiles += left;
    row.accept.list.push_back({w.wait.tile, left});
    row.win_tiles += left;
    if (w.legal_on_discard) row.discard_win_tiles += left;
    row.value_tiles += left * c.value(w);
    row.dajiao = std::max(row.dajiao, c.value(w));
  }
  row.vwa = row.value_tiles;
}

// F(X) of A7 for X = R + t, R a row at shanten 1 and t a tile it accepts: the best wait of a
// ready discard of X. X less d is R less d with t drawn; `less[d]` knows R less d.
std::int64_t worth_ahead(const Context& c, Hand& r, int t,
                         const std::vector<std::optional<DrawnDistances>>& less) {
  std::int64_t best = 0;
  for (int d = 0; d < kKinds; ++d) {
    if (!less[static_cast<std::size_t>(d)] || d == t) continue;  // X less t is R: 1-shanten
    --r.concealed[static_cast<std::size_t>(d)];
    if (c.rules_shanten(*less[static_cast<std::size_t>(d)], r, t) == 0) {
      ++r.concealed[static_cast<std::size_t>(t)];
      const auto w = analyze_waits(c.rules, r, c.situation);
      for (const auto& v : w.waits)
        if (v.wait.live) best = std::max(best, c.value(v));
      --r.concealed[static_cast<std::size_t>(t)];
    }
    ++r.concealed[static_cast<std::size_t>(d)];
  }
  return best;
}

std::optional<HuazhuRisk> huazhu_risk(const Hand& r, const AdviceRow& row) {
  if (std::popcount(row.suits) != 3) return std::nullopt;
  HuazhuRisk risk;
  risk.ready = row.shanten == 0;
  risk.two_suit_shanten = kNoShape;
  for (int s = 0; s < kSuits; ++s) {
    const auto mask = static_cast<std::uint8_t>(7u & ~(1u << s));
    const int sh =
        std::min(shanten(r, Family{Family::Form::Standard, 2, kAllKinds, false, mask}),
                 shanten(r, Family{Family::Form::SevenPairs, 2, kAllKinds, false, mask}));
    int tiles = 0;
    for (int k = 0; k < kRanks; ++k) tiles += r.concealed[static_cast<std::size_t>(s * kRanks + k)];
    if (sh < risk.two_suit_shanten || (sh == risk.two_suit_shanten && tiles < risk.shed_tiles)) {
      risk.two_suit_shanten = sh;
      risk.shed = static_cast<Suit>(s);
      risk.shed_tiles = tiles;
    }
  }
  return risk;
}

AdviceRow row_of(const Context& c, Hand& r, std::optional<Tile> discard) {
  AdviceRow row;
  row.discard = discard;
  row.suits = r.suits();
  const DrawnDistances dd(r);
  const std::uint8_t most = c.rules.max_suits();
  auto sh = [](int d) { return d >= kNoShape ? kNoShape : d - 1; };
  const int standard = sh(dd.distance(Family{Family::Form::Standard, most}));
  const int pairs = sh(dd.distance(Family{Family::Form::SevenPairs, most}));
  const int other = c.extra_shanten(r, -1);
  row.shanten = std::min({standard, pairs, other});
  if (row.shanten < kNoShape) {
    if (standard == row.shanten) row.forms.push_back(kStandardForm);
    if (pairs == row.shanten) row.forms.push_back(kPairsForm);
    if (other == row.shanten) row.forms.push_back(c.rules.extra_shape()->form());
  }
  if (row.shanten == 0) {
    ready_row(c, r, row);
  } else if (row.shanten < kNoShape) {
    row.accept = acceptance(
        c, r, row.shanten, [&](int t) { return c.rules_shanten(dd, r, t); }, true);
    if (row.shanten == 1) {
      auto& less = c.less;
      less.resize(kKinds);
      for (int d = 0; d < kKinds; ++d) {
        less[static_cast<std::size_t>(d)].reset();
        if (!r.concealed[static_cast<std::size_t>(d)]) continue;
        --r.concealed[static_cast<std::size_t>(d)];
        less[static_cast<std::size_t>(d)].emplace(r);
        ++r.concealed[static_cast<std::size_t>(d)];
      }
      for (const auto& a : row.accept.list)
        row.vwa += a.remaining * worth_ahead(c, r, a.tile.index(), less);
    }
    // C5 with dead-wait-ready: a hand waiting only on dead tiles is ready at a draw.
    if (c.rules.options().on("dead-wait-ready"))
      row.ready_for_settlement = analyze_waits(c.rules, r, c.situation).ready;
  }
  // A7 at shanten s >= 2: a line P is at s - 1 one draw ahead exactly when it is at s now and
  // the draw is in its acceptance (a draw lowers a line's 向听 by one at most, and no line is
  // below the row's), so F(R + t) is the best such line's value.
  std::int64_t ahead[kKinds] = {};
  for (const auto& l : c.lines) {
    const int line_sh = c.line_shanten(l, dd, r, -1);
    if (line_sh >= kNoShape) continue;  // A5: impossible lines are left out
    LineAdvice line{l.item, line_sh, {}};
    line.accept = acceptance(
        c, r, line_sh, [&](int t) { return c.line_shanten(l, dd, r, t); }, row.shanten >= 2);
    if (row.shanten >= 2 && line_sh == row.shanten)
      for (std::uint32_t bits = kinds_of(line.accept); bits; bits &= bits - 1)
        ahead[std::countr_zero(bits)] = std::max(ahead[std::countr_zero(bits)], l.item.value);
    line.accept.list.clear();
    row.lines.push_back(std::move(line));
  }
  if (row.shanten >= 2 && row.shanten < kNoShape)
    for (const auto& a : row.accept.list) row.vwa += a.remaining * ahead[a.tile.index()];
  if (c.rules.has_huazhu()) row.huazhu = huazhu_risk(r, row);
  return row;
}

// A9.
bool before(const AdviceRow& a, const AdviceRow& b, AdviceSort sort) {
  if (a.shanten != b.shanten) return a.shanten < b.shanten;
  if (sort == AdviceSort::Value) {
    if (a.vwa != b.vwa) return a.vwa > b.vwa;
    if (a.accept.tiles != b.accept.tiles) return a.accept.tiles > b.accept.tiles;
  } else {
    if (a.accept.tiles != b.accept.tiles) return a.accept.tiles > b.accept.tiles;
    if (a.accept.kinds != b.accept.kinds) return a.accept.kinds > b.accept.kinds;
    if (a.discard_win_tiles != b.discard_win_tiles)
      return a.discard_win_tiles > b.discard_win_tiles;
    if (a.vwa != b.vwa) return a.vwa > b.vwa;
  }
  return a.discard && b.discard && *a.discard < *b.discard;
}

}  // namespace

int shanten(const Ruleset& rules, const Hand& hand) {
  const int d = least_distance(hand, rules.max_suits());
  int best = d >= kNoShape ? kNoShape : d - 1;
  if (const ExtraShape* extra = rules.extra_shape()) best = std::min(best, extra->shanten(hand));
  return best;
}

void add_shanten(const Ruleset& rules, WaitsAnswer& waits) {
  // A live wait the rule set takes is 向听 0 (O3): no search for the pipeline's ready hands.
  for (const auto& w : waits.waits)
    if (w.wait.live) {
      waits.shanten = 0;
      return;
    }
  Hand r = waits.hand;
  const int sh = shanten(rules, r);
  waits.shanten = sh;
  if (sh == 0 || sh >= kNoShape || r.size() != 13) return;
  const AdviceArgs none;
  const Context c{rules, none, r.all_copies(), {}, {}, 0, {}};
  const DrawnDistances dd(r);
  waits.accept = acceptance(
      c, r, sh, [&](int t) { return c.rules_shanten(dd, r, t); }, true);
}

Result<Advice> advise(const Ruleset& rules, const Hand& hand, const AdviceArgs& args,
                      AdviceSort sort) {
  const int n = hand.size();
  if (n != 13 && n != 14) {
    const std::string got = std::to_string(n);
    return Error{
        ErrorCode::WrongTileCount,
        "advise needs 13 tiles (kong = 3), or 14 to choose a discard; this hand has " + got,
        "牌理需要 13 张牌（杠算 3 张），或 14 张以选择打哪张；此手牌有 " + got + " 张"};
  }
  Context c{rules, args, hand.all_copies(), rules.advice_lines(), {}, 0, {}};
  for (int i = 0; i < kKinds; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (c.own[k] + args.seen[k] <= 4) continue;
    const Tile t = Tile::from_index(i);
    const std::string held = std::to_string(c.own[k] + args.seen[k]);
    return Error{ErrorCode::TooManyCopies,
                 held + " copies of " + t.ascii() + " in the hand and --seen (C7: four of each)",
                 "手牌和 --seen 共有 " + held + " 张" + t.chinese() + "（C7：每种只有四张）"};
  }
  if (args.baoting && !hand.melds.empty())
    return Error{ErrorCode::Inconsistent,
                 "--baoting with a meld: a player who declared 报听 has no melds (D2, Z3, G4)",
                 "--baoting 与碰杠矛盾：报听的玩家没有碰杠（D2、Z3、G4）"};
  c.situation.baoting = args.baoting;
  c.situation.dou = args.dou;
  if (args.baoting) {
    for (const auto& a : rules.addons())
      if (a.id == "baoting") c.bonus = rules.addon("baoting").value;
  }
  Advice advice;
  advice.hand = hand;
  Hand r = hand;
  if (n == 13) {
    advice.rows.push_back(row_of(c, r, std::nullopt));
  } else {
    advice.win = rules.best_pattern(hand, std::nullopt, c.situation).has_value();
    for (int i = 0; i < kKinds; ++i) {
      if (!hand.concealed[static_cast<std::size_t>(i)]) continue;
      --r.concealed[static_cast<std::size_t>(i)];
      advice.rows.push_back(row_of(c, r, Tile::from_index(i)));
      ++r.concealed[static_cast<std::size_t>(i)];
    }
    std::stable_sort(advice.rows.begin(), advice.rows.end(),
                     [&](const AdviceRow& a, const AdviceRow& b) { return before(a, b, sort); });
  }
  // A3: a winning 14-tile hand is -1; else the best row's.
  advice.shanten = advice.win ? -1 : advice.rows.empty() ? kNoShape : advice.rows.front().shanten;
  return advice;
}

}  // namespace qianmj
