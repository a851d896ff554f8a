// ADVICE §4.1: 向听, acceptance and lines against a brute force that enumerates every target
// shape of a suit (O1), against `waits` (O2, O3), the closed forms (O4) and symmetries (O5);
// and the worked examples of ADVICE §2 with their exact numbers.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <sstream>

#include "core/suit_search.hpp"
#include "helpers.hpp"
#include "qianmj/answers/answer.hpp"
#include "qianmj/core/shanten.hpp"
#include "qianmj/core/terminal_text.hpp"
#include "qianmj/engine/advice.hpp"
#include "qianmj/engine/ruleset.hpp"
#include "qianmj/formats/notation.hpp"
#include "testdata.hpp"

using namespace qianmj;
using json = nlohmann::json;

namespace {

// ---- O1: the brute force. Every shape of one suit: k sets (9 pungs, 7 sequences; at most 4)
// and at most one pair, no rank over four copies, each marked with the families it belongs to.
constexpr unsigned kAnySets = 1, kPungsOnly = 2, kPungs258 = 4, kTerminalSets = 8;
struct Shape {
  std::array<std::uint8_t, 9> w{};
  int k = 0, p = 0;
  unsigned kinds = 0;
};

const std::vector<Shape>& shapes() {
  static const std::vector<Shape> all = [] {
    std::vector<Shape> out;
    // set types 0-8: pung of rank r; 9-15: sequence from rank r-9
    std::vector<int> chosen;
    auto emit = [&](int pair) {
      Shape s;
      s.k = static_cast<int>(chosen.size());
      s.p = pair >= 0;
      bool pungs = true, p258 = true, term = true;
      for (int t : chosen) {
        if (t < 9) {
          s.w[t] += 3;
          p258 = p258 && (t % 3 == 1);
          term = term && (t == 0 || t == 8);
        } else {
          for (int r = t - 9; r < t - 6; ++r) ++s.w[r];
          pungs = false;
          term = term && (t == 9 || t == 15);
        }
      }
      if (pair >= 0) {
        s.w[pair] += 2;
        p258 = p258 && pair % 3 == 1;
        term = term && (pair == 0 || pair == 8);
      }
      for (auto c : s.w)
        if (c > 4) return;
      s.kinds = kAnySets | (pungs ? kPungsOnly : 0) | (pungs && p258 ? kPungs258 : 0) |
                (term ? kTerminalSets : 0);
      out.push_back(s);
    };
    auto rec = [&](auto& self, int from) -> void {
      for (int pair = -1; pair < 9; ++pair) emit(pair);
      if (chosen.size() == 4) return;
      for (int t = from; t < 16; ++t) {
        chosen.push_back(t);
        self(self, t);
        chosen.pop_back();
      }
    };
    rec(rec, 0);
    return out;
  }();
  return all;
}

// Per suit vector (with its caps) and shape family: the least tiles lacked for k sets, p pairs.
struct SuitBest {
  int d[4][5][2];  // family index (bit of ShapeKind), k, p
};
const SuitBest& suit_best(const std::array<std::uint8_t, 9>& v,
                          const std::array<std::uint8_t, 9>& cap) {
  static std::map<std::pair<std::array<std::uint8_t, 9>, std::array<std::uint8_t, 9>>, SuitBest>
      memo;
  auto [it, fresh] = memo.try_emplace({v, cap});
  if (!fresh) return it->second;
  SuitBest& b = it->second;
  for (auto& f : b.d)
    for (auto& k : f) k[0] = k[1] = kNoShape;
  for (const Shape& s : shapes()) {
    int cost = 0;
    bool fits = true;
    for (int r = 0; r < 9; ++r) {
      fits = fits && s.w[r] <= cap[r];
      cost += std::max(0, s.w[r] - v[r]);
    }
    if (!fits) continue;
    for (int f = 0; f < 4; ++f)
      if (s.kinds >> f & 1) b.d[f][s.k][s.p] = std::min(b.d[f][s.k][s.p], cost);
  }
  return b;
}

// The brute-force distance of a hand to a family (the library's Family, read by the oracle).
int brute_distance(const Hand& h, const Family& f) {
  std::array<std::uint8_t, 27> cap;
  cap.fill(4);
  unsigned meld_suits = 0;
  for (const auto& m : h.melds) {
    cap[m.tile.index()] = static_cast<std::uint8_t>(std::max(0, cap[m.tile.index()] - m.copies()));
    meld_suits |= 1u << int(m.tile.suit());
  }
  const int need = 4 - static_cast<int>(h.melds.size());
  int best = kNoShape;
  for (unsigned set = 1; set < 8; ++set) {
    const unsigned allowed = f.suit_mask & 7u;
    const int most = std::min<int>(f.max_suits, std::popcount(allowed));
    if ((set & ~allowed) || std::popcount(set) != most || (meld_suits & ~set)) continue;
    if (f.form == Family::Form::SevenPairs) {
      if (!h.melds.empty()) continue;
      // knapsack over the kinds: w in {0, 2, 4} (riichi {0, 2}), seven pairs in all
      std::vector<int> dp(8, kNoShape);
      dp[0] = 0;
      for (int i = 0; i < 27; ++i) {
        if (!(set >> (i / 9) & 1)) continue;
        std::vector<int> nd = dp;
        for (int have = 0; have < 8; ++have)
          for (int add = 1; add <= (f.riichi_pairs ? 1 : 2) && have + add < 8; ++add)
            if (dp[have] < kNoShape)
              nd[have + add] =
                  std::min(nd[have + add], dp[have] + std::max(0, 2 * add - h.concealed[i]));
        dp = nd;
      }
      best = std::min(best, dp[7]);
      continue;
    }
    if (need < 0) continue;
    const int fam = f.form == Family::Form::Standard    ? 0
                    : f.form == Family::Form::Terminals ? 3
                    : f.kinds != kAllKinds              ? 2
                                                        : 1;
    bool melds_fit = true;
    for (const auto& m : h.melds) {
      if (fam == 2) melds_fit = melds_fit && m.tile.rank() % 3 == 2;
      if (fam == 3) melds_fit = melds_fit && m.tile.terminal();
    }
    if (!melds_fit) continue;
    int acc[5][2];
    for (auto& r : acc) r[0] = r[1] = kNoShape;
    acc[0][0] = 0;
    for (int s = 0; s < 3; ++s) {
      if (!(set >> s & 1)) continue;
      std::array<std::uint8_t, 9> v{}, c{};
      for (int r = 0; r < 9; ++r) v[r] = h.concealed[s * 9 + r], c[r] = cap[s * 9 + r];
      const SuitBest& b = suit_best(v, c);
      int next[5][2];
      for (auto& r : next) r[0] = r[1] = kNoShape;
      for (int k = 0; k < 5; ++k)
        for (int p = 0; p < 2; ++p)
          for (int j = 0; k + j < 5; ++j)
            for (int q = 0; p + q < 2; ++q)
              if (acc[k][p] < kNoShape && b.d[fam][j][q] < kNoShape)
                next[k + j][p + q] = std::min(next[k + j][p + q], acc[k][p] + b.d[fam][j][q]);
      std::copy(&next[0][0], &next[0][0] + 10, &acc[0][0]);
    }
    best = std::min(best, acc[need][1]);
  }
  return best;
}

int brute_shanten(const Hand& h, int max_suits) {
  const int d = std::min(brute_distance(h, {Family::Form::Standard, std::uint8_t(max_suits)}),
                         brute_distance(h, {Family::Form::SevenPairs, std::uint8_t(max_suits)}));
  return d >= kNoShape ? kNoShape : d - 1;
}

// The families of the lines (Duyun's eight cover every form the library has).
std::vector<Family> line_families() {
  using F = Family::Form;
  constexpr std::uint32_t k258 = 0b010010010u * (1u | 1u << 9 | 1u << 18);
  return {{F::Standard},      {F::Pungs},    {F::SevenPairs},     {F::Standard, 1},
          {F::SevenPairs, 1}, {F::Pungs, 1}, {F::Pungs, 3, k258}, {F::Terminals, 1},
          {F::Standard, 2},   {F::Pungs, 2}, {F::SevenPairs, 2}};
}

// Compares the library with the brute force on one 13-tile hand: shanten under both
// max_suits, each line family's distance, and the acceptance of the overall shanten.
int compare13(const Hand& h, bool lines) {
  int bad = 0;
  for (int most : {3, 2}) {
    const int want = brute_shanten(h, most);
    const int got = std::min(shanten(h, {Family::Form::Standard, std::uint8_t(most)}),
                             shanten(h, {Family::Form::SevenPairs, std::uint8_t(most)}));
    if (want != got && ++bad < 3)
      FAIL_CHECK(to_ascii(h) << " max_suits " << most << " shanten " << got << " brute " << want);
    if (want >= kNoShape || want == 0) continue;
    const Counts own = h.all_copies();
    for (int t = 0; t < 27; ++t) {
      if (own[t] >= 4) continue;
      Hand x = h;
      ++x.concealed[t];
      const bool w = brute_shanten(x, most) < want;
      const bool g = std::min(shanten(x, {Family::Form::Standard, std::uint8_t(most)}),
                              shanten(x, {Family::Form::SevenPairs, std::uint8_t(most)})) < want;
      if (w != g && ++bad < 3)
        FAIL_CHECK(to_ascii(h) << " accepts " << Tile::from_index(t).ascii() << " lib " << g
                               << " brute " << w);
    }
  }
  if (lines)
    for (const auto& f : line_families()) {
      const int want = brute_distance(h, f), got = distance(h, f);
      if (want != got && ++bad < 3)
        FAIL_CHECK(to_ascii(h) << " family " << int(f.form) << "/" << int(f.max_suits) << " " << got
                               << " brute " << want);
    }
  return bad;
}

// The shanten of a 14-tile hand (or any), both max_suits, against the brute force.
int compare_shanten(const Hand& h) {
  int bad = 0;
  for (int most : {3, 2}) {
    const int want = brute_shanten(h, most);
    const int got = std::min(shanten(h, {Family::Form::Standard, std::uint8_t(most)}),
                             shanten(h, {Family::Form::SevenPairs, std::uint8_t(most)}));
    if (want != got && ++bad < 3)
      FAIL_CHECK(to_ascii(h) << " max_suits " << most << " shanten " << got << " brute " << want);
  }
  return bad;
}

// Every one-suit hand of n tiles (0-4 copies a rank), each `every`-th one.
template <class F>
long each_one_suit(int n, int every, F&& f) {
  long seen = 0, done = 0;
  std::array<int, 9> v{};
  auto rec = [&](auto& self, int r, int left) -> void {
    if (r == 9) {
      if (left == 0 && seen++ % every == 0) {
        Hand h;
        for (int i = 0; i < 9; ++i)
          h.concealed[static_cast<std::size_t>(((seen % 3) * 9) + i)] =
              static_cast<std::uint8_t>(v[i]);
        ++done;
        f(h);
      }
      return;
    }
    for (int c = 0; c <= std::min(4, left); ++c) {
      v[r] = c;
      self(self, r + 1, left - c);
    }
  };
  rec(rec, 0, n);
  return seen;
}

Hand random_hand(std::mt19937& rng, int tiles, unsigned suits, bool melds) {
  std::vector<int> wall;
  for (int i = 0; i < 27; ++i)
    if (suits >> (i / 9) & 1)
      for (int c = 0; c < 4; ++c) wall.push_back(i);
  std::shuffle(wall.begin(), wall.end(), rng);
  Hand h;
  std::size_t at = 0;
  if (melds && rng() % 3 == 0) {
    Counts used{};
    const int n = static_cast<int>(rng() % 3) + 1;
    for (int m = 0; m < n; ++m) {
      int t = wall[at++];
      if (used[t]) continue;
      used[t] = 1;
      h.melds.push_back(
          {rng() % 4 == 0 ? Meld::Kind::ConcealedKong : Meld::Kind::Pung, Tile::from_index(t)});
    }
  }
  const Counts melded = h.all_copies();
  while (h.size() < tiles && at < wall.size()) {
    const int t = wall[at++];
    if (melded[t] + h.concealed[t] < 4) ++h.concealed[t];
  }
  return h;
}

// A winning hand (a quarter seven pairs) with 0-2 tiles swapped and one taken out (ADVICE §2.5's
// "near" set).
Hand near_hand(std::mt19937& rng) {
  Hand h;
  auto fits = [&](int t, int n) { return h.concealed[t] + n <= 4; };
  if (rng() % 4 == 0) {
    while (h.size() < 14) {
      const int t = static_cast<int>(rng() % 27);
      if (fits(t, 2)) h.concealed[t] += 2;
    }
  } else {
    int pair = static_cast<int>(rng() % 27);
    h.concealed[pair] = 2;
    while (h.size() < 14) {
      const int t = static_cast<int>(rng() % 27);
      if (rng() % 2 && t % 9 < 7 && fits(t, 1) && fits(t + 1, 1) && fits(t + 2, 1)) {
        ++h.concealed[t], ++h.concealed[t + 1], ++h.concealed[t + 2];
      } else if (fits(t, 3)) {
        h.concealed[t] += 3;
      }
    }
  }
  for (int swaps = static_cast<int>(rng() % 3); swaps > 0; --swaps) {
    const int from = static_cast<int>(rng() % 27), to = static_cast<int>(rng() % 27);
    if (h.concealed[from] && fits(to, 1)) --h.concealed[from], ++h.concealed[to];
  }
  for (;;) {
    const int t = static_cast<int>(rng() % 27);
    if (h.concealed[t]) {
      --h.concealed[t];
      return h;
    }
  }
}

Advice advice_of(const char* rules, const char* hand, const AdviceArgs& a = {},
                 AdviceSort sort = AdviceSort::Speed) {
  auto r = make_ruleset(rules);
  auto h = parse_hand(hand);
  REQUIRE(h);
  auto adv = advise(*r, *h, a, sort);
  REQUIRE(adv);
  return *adv;
}

const AdviceRow& row(const Advice& a, const char* tile) {
  for (const auto& r : a.rows)
    if (r.discard && r.discard->ascii() == tile) return r;
  FAIL("no row for " << tile);
  return a.rows.front();
}

const LineAdvice& line(const AdviceRow& r, std::string_view id) {
  for (const auto& l : r.lines)
    if (l.item.id == id) return l;
  FAIL("no line " << id);
  return r.lines.front();
}

}  // namespace

TEST_CASE("O1 shapes: 23,533 single-suit partial shapes, as mahjong-cpp's generator counts") {
  CHECK(shapes().size() == 23533);
}

TEST_CASE("O1 shanten, acceptance and lines equal the brute force on a tenth of one-suit hands") {
#if defined(QIANMJ_SANITIZED)
  const int every = 200;  // the sanitized build: a two-hundredth
#else
  const int every = 10;
#endif
  long bad = 0, n13 = 0, n14 = 0;
  n13 = each_one_suit(13, every, [&](const Hand& h) { bad += compare13(h, true); });
  n14 = each_one_suit(14, every, [&](const Hand& h) { bad += compare_shanten(h); });
  CHECK(n13 == 93600);
  CHECK(n14 == 118800);
  CHECK(bad == 0);
}

TEST_CASE("O1 shanten, acceptance and lines equal the brute force on random hands with melds") {
  std::mt19937 rng(20261206);
#if defined(QIANMJ_SANITIZED)
  const int n = 150;
#else
  const int n = 1500;
#endif
  long bad = 0;
  for (int i = 0; i < n; ++i) {
    const unsigned suits = i % 3 == 0 ? 7u : i % 3 == 1 ? 3u : 5u;
    bad += compare13(random_hand(rng, 13, suits, true), true);
  }
  CHECK(bad == 0);
}

TEST_CASE(
    "O3 shanten 0 iff waits says ready, and acceptance at 0 is the live waits, every rule set") {
  std::mt19937 rng(7);
  for (const char* id : {"duyun", "zunyi", "guiyang"}) {
    auto rules = make_ruleset(id);
    int ready = 0, bad = 0;
    for (int i = 0; i < 3000; ++i) {
      Hand h = i % 2 ? near_hand(rng) : random_hand(rng, 13, i % 4 ? 3u : 7u, true);
      const int sh = shanten(*rules, h);
      const auto w = analyze_waits(*rules, h, {});
      ready += w.ready;
      if ((sh == 0) != w.ready && ++bad < 3)
        FAIL_CHECK(id << " " << to_ascii(h) << " shanten " << sh << " ready " << w.ready);
      if (sh != 0) continue;
      auto adv = advise(*rules, h, {});
      REQUIRE(adv);
      int live = 0;
      for (const auto& v : w.waits) live += v.wait.live;
      if (adv->rows.front().accept.kinds != live && ++bad < 3) FAIL_CHECK(id << " " << to_ascii(h));
    }
    CHECK(bad == 0);
    CHECK(ready > 100);
  }
}

TEST_CASE("O3 Guiyang 地龙: shanten 0 iff ready, through the extra shape's own 向听") {
  auto rules = make_ruleset("guiyang");
  auto any = make_ruleset("guiyang", [] {
    Options o("guiyang");
    REQUIRE_FALSE(o.set_assignment("guiyang-dilong=any"));
    return o;
  }());
  std::mt19937 rng(41);
  int bad = 0, dilong_ready = 0;
  for (int i = 0; i < 4000; ++i) {
    // one pung meld and ten tiles of few kinds: 地龙 is near
    Hand h;
    const int m = static_cast<int>(rng() % 27);
    h.melds.push_back({Meld::Kind::Pung, Tile::from_index(m)});
    while (h.size() < 13) {
      const int t = static_cast<int>(rng() % 27) / 3 * 3;  // 9 kinds: pairs come often
      if (h.all_copies()[t] < 4) ++h.concealed[t];
    }
    for (auto* r : {rules.get(), any.get()}) {
      const int sh = shanten(*r, h);
      const bool ready = analyze_waits(*r, h, {}).ready;
      dilong_ready += r->extra_shape()->shanten(h) == 0;
      if ((sh == 0) != ready && ++bad < 3)
        FAIL_CHECK(to_ascii(h) << " shanten " << sh << " ready " << ready);
    }
  }
  CHECK(bad == 0);
  CHECK(dilong_ready > 20);
  // G1's example: ready on 3m as 地龙, and 1-shanten with 地龙 off.
  auto off = make_ruleset("guiyang", [] {
    Options o("guiyang");
    REQUIRE_FALSE(o.set_assignment("guiyang-dilong=off"));
    return o;
  }());
  const Hand g1 = *parse_hand("1122m4455s77p[333m]");
  CHECK(shanten(*rules, g1) == 0);
  CHECK(shanten(*off, g1) > 0);
  CHECK(rules->extra_shape()->form().id == "dilong");
}

TEST_CASE(
    "O4 closed forms: seven pairs 6 - sum(c/2), and riichi's differs by quads + missing kinds") {
  std::mt19937 rng(4);
  int bad = 0;
  for (int i = 0; i < 20000; ++i) {
    Hand h = random_hand(rng, 13, i % 4 == 0 ? 1u : 7u, false);
    int pairs = 0, quads = 0, kinds = 0;
    for (auto c : h.concealed) pairs += c / 2, quads += c == 4, kinds += c > 0;
    const int gz = shanten(h, {Family::Form::SevenPairs});
    Family riichi{Family::Form::SevenPairs};
    riichi.riichi_pairs = true;
    const int rc = shanten(h, riichi);
    if (gz != 6 - pairs && ++bad < 3) FAIL_CHECK(to_ascii(h) << " 7p " << gz);
    if (rc - gz != quads + std::max(0, 7 - kinds) && ++bad < 3)
      FAIL_CHECK(to_ascii(h) << " riichi " << rc);
  }
  CHECK(bad == 0);
}

TEST_CASE("O5 suit permutation, rank mirror, --seen and the 13/14 relations leave shanten alone") {
  std::mt19937 rng(5);
  auto duyun = make_ruleset("duyun");
  auto zunyi = make_ruleset("zunyi");
  int bad = 0;
  for (int i = 0; i < 1500; ++i) {
    Hand h = random_hand(rng, 13, 7u, false);
    Hand perm, mirror;
    for (int t = 0; t < 27; ++t) {
      perm.concealed[(t + 9) % 27] = h.concealed[t];
      mirror.concealed[t / 9 * 9 + 8 - t % 9] = h.concealed[t];
    }
    for (auto* r : {duyun.get(), zunyi.get()}) {
      const int sh = shanten(*r, h);
      if ((shanten(*r, perm) != sh || shanten(*r, mirror) != sh) && ++bad < 3)
        FAIL_CHECK(to_ascii(h));
      int best14 = kNoShape;
      for (int t = 0; t < 27; ++t)
        if (h.all_copies()[t] < 4)
          best14 = std::min(best14, shanten(*r, with_tile(h, Tile::from_index(t))));
      if (sh < kNoShape && best14 != sh - 1 && !(sh == 0 && best14 == -1) && ++bad < 3)
        FAIL_CHECK(to_ascii(h) << " 13 " << sh << " best 14 " << best14);
      const int extra = static_cast<int>(rng() % 27);
      if (h.all_copies()[extra] >= 4) continue;
      Hand h14 = with_tile(h, Tile::from_index(extra));
      int best13 = kNoShape;
      for (int t = 0; t < 27; ++t) {
        if (!h14.concealed[t]) continue;
        Hand x = h14;
        --x.concealed[t];
        best13 = std::min(best13, shanten(*r, x));
      }
      const int s14 = shanten(*r, h14);
      if (s14 != best13 && !(s14 == -1 && best13 == 0) && ++bad < 3)
        FAIL_CHECK(to_ascii(h14) << " 14 " << s14 << " best 13 " << best13);
    }
    AdviceArgs seen;
    const auto t = static_cast<std::size_t>(rng() % 27);
    seen.seen[t] = static_cast<std::uint8_t>(4 - h.all_copies()[t]);
    auto a = advise(*duyun, h, {});
    auto b = advise(*duyun, h, seen);
    if (a && b && a->shanten != b->shanten) ++bad;
  }
  CHECK(bad == 0);
}

TEST_CASE("ADVICE 2.4 112233557799m4p6s (Duyun): ready on 4p or 6s, 清七对 one exchange away") {
  const Advice a = advice_of("duyun", "112233557799m4p6s");
  CHECK(a.shanten == 0);
  CHECK(a.rows.front().discard->ascii() == "6s");  // ties 4p on every key: m s p order
  for (const char* d : {"6s", "4p"}) {
    const AdviceRow& r = row(a, d);
    CHECK(r.shanten == 0);
    CHECK(r.accept.kinds == 1);
    CHECK(r.accept.tiles == 3);
    CHECK(r.value_tiles == 18);
    CHECK(r.vwa == 18);
    CHECK(r.dajiao == 6);
    CHECK(line(r, "qingqidui").shanten == 1);
    CHECK(line(r, "qingqidui").accept.tiles == 24);
    CHECK(line(r, "pinghu").shanten == 1);
    CHECK(line(r, "pinghu").accept.tiles == 14);
  }
  for (const char* d : {"1m", "2m", "3m", "5m", "7m", "9m"}) {
    const AdviceRow& r = row(a, d);
    CHECK(r.shanten == 1);
    CHECK(r.accept.kinds == 3);
    CHECK(r.accept.tiles == 8);
    CHECK(line(r, "qidui").accept.tiles == 8);
    CHECK(line(r, "qingqidui").shanten == 2);
    CHECK(line(r, "qingqidui").accept.tiles == 24);
  }
}

TEST_CASE("ADVICE 2.4 222555888m8p55s1p3p (Duyun): 打8p ready on 2p self-draw only") {
  const Advice a = advice_of("duyun", "222555888m8p55s1p3p");
  const AdviceRow& r = row(a, "8p");
  CHECK(r.shanten == 0);
  CHECK(r.win_tiles == 4);
  CHECK(r.discard_win_tiles == 0);  // D3: 平胡 without a 豆
  CHECK(r.dajiao == 1);
  const AdviceRow& one = row(a, "1p");
  CHECK(one.shanten == 1);
  CHECK(one.accept.kinds == 10);
  CHECK(one.accept.tiles == 35);
  CHECK(line(one, "duiduihu").shanten == 1);
  CHECK(line(one, "duiduihu").accept.tiles == 8);
  CHECK(line(one, "jiangdui").shanten == 1);
  CHECK(line(one, "jiangdui").accept.tiles == 5);
  AdviceArgs dou;
  dou.dou = true;
  CHECK(row(advice_of("duyun", "222555888m8p55s1p3p", dou), "8p").discard_win_tiles == 4);
}

TEST_CASE("ADVICE 2.2 2344567p345789s1m: Duyun and Zunyi (Z1) differ on 打4p") {
  const Advice d = advice_of("duyun", "2344567p345789s1m");
  CHECK(row(d, "1m").shanten == 0);
  CHECK(row(d, "1m").accept.tiles == 9);  // 1p x4, 4p x2, 7p x3
  CHECK(row(d, "4p").shanten == 0);
  CHECK(row(d, "4p").accept.tiles == 3);  // 1m x3
  CHECK(row(d, "7p").accept.tiles == 3);
  const Advice z = advice_of("zunyi", "2344567p345789s1m");
  CHECK(row(z, "1m").shanten == 0);
  CHECK(row(z, "1m").dajiao == 4);  // 大宽张
  CHECK(row(z, "1m").accept.tiles == 9);
  for (const char* t : {"4p", "7p"}) {
    CHECK(row(z, t).shanten == 1);
    CHECK(row(z, t).accept.kinds == 18);
    CHECK(row(z, t).accept.tiles == 59);
  }
}

TEST_CASE("ADVICE 2.1 555m333678p8888s is 1-shanten: the 8s wait would be a fifth copy (C5)") {
  const Advice a = advice_of("duyun", "555m333678p8888s");
  CHECK(a.shanten == 1);
  CHECK(a.rows.front().huazhu);  // three suits, not ready: D8 花猪 exposure
  CHECK_FALSE(a.rows.front().ready_for_settlement);
}

TEST_CASE("ADVICE 2.1 4445779m2277p88s: Guizhou accepts 4m 5m 9m where riichi takes 5m 9m") {
  const Advice a = advice_of("duyun", "4445779m2277p88s");
  const AdviceRow& r = a.rows.front();
  CHECK(r.shanten == 1);
  std::string tiles;
  for (const auto& t : r.accept.list) tiles += t.tile.ascii() + " ";
  CHECK(tiles == "4m 5m 9m ");
  CHECK(r.accept.tiles == 7);  // 4m x1 (three held), 5m x3, 9m x3
}

TEST_CASE("A1: the discarded copy and --seen are not among the copies left") {
  AdviceArgs seen;
  seen.seen[Tile(Suit::Pin, 4).index()] = 2;
  const Advice a = advice_of("duyun", "112233557799m4p6s", seen);
  CHECK(row(a, "6s").accept.tiles == 1);           // 4p: 4 - 1 own - 2 seen
  CHECK(row(a, "6s").shanten == 0);                // seen tiles change counts, never shanten
  CHECK(a.rows.front().discard->ascii() == "4p");  // now the faster discard
  // waits with 14 tiles adopts A1: 打2p of 123456789m345s22p waits on 2p with 2 left, not 3
  auto rules = make_ruleset("duyun");
  int checked = 0;
  for (const auto& x : analyze_discards(*rules, *parse_hand("123456789m345s22p"), {}))
    for (const auto& w : x.waits.waits)
      if (x.discard.ascii() == "2p" && w.wait.tile.ascii() == "2p") {
        CHECK(w.wait.remaining == 2);
        ++checked;
      }
  CHECK(checked == 1);
  CHECK(row(advice_of("duyun", "123456789m345s22p"), "2p").accept.tiles == 2);
}

TEST_CASE("A1 bad input: --seen over four, 报听 with a meld, a hand not of 13 or 14 tiles") {
  auto rules = make_ruleset("duyun");
  AdviceArgs seen;
  seen.seen[Tile(Suit::Pin, 4).index()] = 4;
  auto e = advise(*rules, *parse_hand("112233557799m4p6s"), seen);
  REQUIRE_FALSE(e);
  CHECK(e.error().code == ErrorCode::TooManyCopies);
  CHECK(e.error().en.find("4p") != std::string::npos);
  AdviceArgs bt;
  bt.baoting = true;
  auto m = advise(*rules, *parse_hand("[555m]112233m4477p9s"), bt);
  REQUIRE_FALSE(m);
  CHECK(m.error().code == ErrorCode::Inconsistent);
  auto n = advise(*rules, *parse_hand("112233m"), {});
  REQUIRE_FALSE(n);
  CHECK(n.error().code == ErrorCode::WrongTileCount);
  Request r;
  r.command = Command::Advise;
  r.hand = "112233557799m4p6s";
  r.advise.sort = "fast";
  CHECK(answer(r).error->code == ErrorCode::BadOption);
  r.advise.sort = "value";
  r.advise.lines = "some";
  CHECK(answer(r).error->code == ErrorCode::BadOption);
}

TEST_CASE("A9 --sort value puts the row of most value-weighted acceptance first among equals") {
  const Advice speed = advice_of("duyun", "4445779m2277p88s1p", {}, AdviceSort::Speed);
  const Advice value = advice_of("duyun", "4445779m2277p88s1p", {}, AdviceSort::Value);
  REQUIRE(speed.rows.size() == value.rows.size());
  for (std::size_t i = 1; i < value.rows.size(); ++i) {
    const auto &a = value.rows[i - 1], &b = value.rows[i];
    CHECK((a.shanten < b.shanten || (a.shanten == b.shanten && a.vwa >= b.vwa)));
  }
  for (std::size_t i = 1; i < speed.rows.size(); ++i) {
    const auto &a = speed.rows[i - 1], &b = speed.rows[i];
    CHECK((a.shanten < b.shanten || (a.shanten == b.shanten && a.accept.tiles >= b.accept.tiles)));
  }
}

TEST_CASE("A6 --baoting values ready rows with 报听 and makes a Duyun 平胡 legal off a discard") {
  AdviceArgs bt;
  bt.baoting = true;
  const Advice a = advice_of("duyun", "222555888m8p55s1p3p", bt);
  const AdviceRow& r = row(a, "8p");
  CHECK(r.discard_win_tiles == 4);
  CHECK(r.dajiao == 1 + make_ruleset("duyun")->addon("baoting").value);
}

TEST_CASE("A7 the weighted acceptance equals its definition, one draw ahead, every rule set") {
  std::mt19937 rng(77);
  for (const char* id : {"duyun", "zunyi", "guiyang"}) {
    auto rules = make_ruleset(id);
    const auto lines = rules->advice_lines();
    int bad = 0, deep = 0;
    for (int i = 0; i < 150; ++i) {
      Hand h = i % 2 ? near_hand(rng) : random_hand(rng, 13, i % 4 ? 3u : 7u, false);
      auto a = advise(*rules, h, {});
      REQUIRE(a);
      const AdviceRow& r = a->rows.front();
      if (r.shanten < 1 || r.shanten >= kNoShape) continue;
      deep += r.shanten >= 2;
      std::int64_t want = 0;
      for (const auto& t : r.accept.list) {
        const Hand x = with_tile(h, t.tile);
        std::int64_t best = 0;
        if (r.shanten == 1) {  // the best live wait of a ready discard of x
          for (int d = 0; d < kKinds; ++d) {
            if (!x.concealed[d]) continue;
            Hand y = x;
            --y.concealed[d];
            if (shanten(*rules, y) != 0) continue;
            for (const auto& v : analyze_waits(*rules, y, {}).waits)
              if (v.wait.live) best = std::max(best, v.pattern.value);
          }
          want += t.remaining * best;
          continue;
        }
        for (const auto& l : lines) {
          int sh = l.extra_shape ? rules->extra_shape()->shanten(x) : shanten(x, l.family);
          if (l.or_family) sh = std::min(sh, shanten(x, *l.or_family));
          if (sh == r.shanten - 1) best = std::max(best, l.item.value);
        }
        want += t.remaining * best;
      }
      if (want != r.vwa && ++bad < 3)
        FAIL_CHECK(id << " " << to_ascii(h) << " vwa " << r.vwa << " want " << want);
    }
    CHECK(bad == 0);
    CHECK(deep > 20);
  }
}

// `make exhaustive` (not in the suite): every one-suit hand, and a million multi-suit ones.
TEST_CASE("O1 exhaustive: every one-suit hand of 13 and 14 tiles, and 1,000,000 multi-suit hands",
          "[.exhaustive]") {
  long bad = 0;
  const long n13 = each_one_suit(13, 1, [&](const Hand& h) { bad += compare13(h, true); });
  const long n14 = each_one_suit(14, 1, [&](const Hand& h) { bad += compare_shanten(h); });
  CHECK(n13 == 93600);
  CHECK(n14 == 118800);
  std::mt19937 rng(20261206);
  long sampled = 0;
  for (int i = 0; i < 1000000; ++i) {
    const Hand h = i % 10 < 4   ? random_hand(rng, 13 + i % 2, 7u, i % 5 == 0)
                   : i % 10 < 7 ? random_hand(rng, 13 + i % 2, i % 3 ? 3u : 6u, i % 5 == 0)
                                : near_hand(rng);
    bad += compare_shanten(h);
    ++sampled;
  }
  CHECK(sampled == 1000000);
  CHECK(bad == 0);
}

namespace {

// Whether the waits call a 13-tile hand ready: Duyun by its live formal waits (every shape is a
// Duyun win), else through analyze_waits.
bool waits_ready(const Ruleset& rules, const Hand& h, bool duyun) {
  if (duyun) return (formal_wait_bits(h) & ~kinds_at_least(h.all_copies(), 4)) != 0;
  return analyze_waits(rules, h, {}).ready;
}

// ADVICE O2: the fewest exchanges (draw a tile held fewer than four times, discard one) until
// the waits call the hand ready, searched up to `depth`; depth + 1 when more.
int exchanges(const Ruleset& rules, const Hand& h, bool duyun, int depth) {
  if (waits_ready(rules, h, duyun)) return 0;
  if (depth == 0) return 1;
  int best = depth + 1;
  const Counts own = h.all_copies();
  for (int t = 0; t < kKinds && best > 1; ++t) {
    if (own[t] >= 4) continue;
    Hand x = h;
    ++x.concealed[t];
    for (int d = 0; d < kKinds && best > 1; ++d) {
      if (!x.concealed[d] || d == t) continue;
      --x.concealed[d];
      best = std::min(best, 1 + exchanges(rules, x, duyun, depth - 1));
      ++x.concealed[d];
    }
  }
  return best;
}

}  // namespace

TEST_CASE("O2 the exchange walk: the fewest draw-and-discard steps to what waits calls ready") {
  std::mt19937 rng(2);
  for (const char* id : {"duyun", "zunyi"}) {
    auto rules = make_ruleset(id);
    const bool duyun = std::string_view(id) == "duyun";
    const int depth = duyun ? 2 : 1;  // Zunyi asks analyze_waits: one step deep
    int bad = 0, counted[4] = {};
#if defined(QIANMJ_SANITIZED)
    const int n = duyun ? 100 : 40;
#else
    const int n = duyun ? 300 : 200;
#endif
    for (int i = 0; i < n; ++i) {
      const Hand h = i % 2 ? near_hand(rng) : random_hand(rng, 13, i % 4 ? 3u : 1u, false);
      const int sh = shanten(*rules, h);
      const int walk = exchanges(*rules, h, duyun, depth);
      if (sh <= depth) ++counted[sh];
      if (std::min(sh, depth + 1) != walk && ++bad < 3)
        FAIL_CHECK(id << " " << to_ascii(h) << " shanten " << sh << " exchanges " << walk);
    }
    CHECK(bad == 0);
    CHECK(counted[0] > 5);
    CHECK(counted[1] > 5);
    if (duyun) CHECK(counted[2] > 5);
    UNSCOPED_INFO(id << " shanten 0/1/2: " << counted[0] << "/" << counted[1] << "/" << counted[2]);
  }
}

TEST_CASE("advise text, narrow: every line within 40 columns, in both languages, every rule set") {
  std::mt19937 rng(40);
  int lines = 0;
  for (const char* id : {"duyun", "zunyi", "guiyang"})
    for (bool zh : {true, false})
      for (int i = 0; i < 12; ++i) {
        Request r;
        r.command = Command::Advise;
        r.rules = id;
        r.hand = to_ascii(i % 2 ? random_hand(rng, 14, 7u, true)
                                : with_tile(near_hand(rng), Tile::from_index(i)));
        r.chinese = zh;
        r.narrow = true;
        r.advise.lines = "all";
        const Answer a = answer(r);
        if (a.status == 2) continue;  // a fifth copy drawn
        std::istringstream in(a.output);
        for (std::string line; std::getline(in, line); ++lines) {
          INFO(id << " " << r.hand << ": " << line);
          CHECK(display_width(line) <= 40);
        }
      }
  CHECK(lines > 500);
}

TEST_CASE("A3 a winning 14-tile hand: win, 向听 -1, and its rows still there") {
  const Advice a = advice_of("duyun", "123456789m345s22p");
  CHECK(a.win);
  CHECK(a.shanten == -1);
  CHECK(a.ready());
  CHECK(a.rows.size() == 13);  // one a kind held
  CHECK(a.rows.front().shanten == 0);
  const Advice z = advice_of("zunyi", "123456789m345s22p");  // three suits: no win in Zunyi (Z1)
  CHECK_FALSE(z.win);
  CHECK(z.shanten == 1);
}

TEST_CASE("The 向听 table by classes: every suit of at most 14 tiles reads what the search finds") {
  // The embedded table holds a class a suit and 126 class vectors (gen_tables --shanten); a
  // wrong class or vector would show here as a distance the rank-by-rank search does not find.
  const std::uint8_t cap[kRanks] = {4, 4, 4, 4, 4, 4, 4, 4, 4};
  std::uint8_t v[kRanks] = {};
  int suits = 0, bad = 0;
  std::map<std::array<std::uint8_t, 10>, int> vectors;
  auto visit = [&](auto& self, int r, int tiles) -> void {
    if (r == kRanks) {
      const SuitDistances got = suit_distances(v, cap);
      const auto want = suit_search::search(v, cap);
      std::array<std::uint8_t, 10> row{};
      for (int i = 0; i < 10; ++i) row[static_cast<std::size_t>(i)] = got.d[i / 2][i % 2];
      ++vectors[row];
      ++suits;
      if (row != want && ++bad < 4) FAIL_CHECK("suit " << suits << " differs from the search");
      return;
    }
    for (int c = 0; c <= 4 && tiles + c <= 14; ++c) {
      v[r] = static_cast<std::uint8_t>(c);
      self(self, r + 1, tiles + c);
    }
    v[r] = 0;
  };
  visit(visit, 0, 0);
  CHECK(bad == 0);
  CHECK(suits == 405350);
  CHECK(vectors.size() == 126);
}

TEST_CASE("DrawnDistances equals distance() of the hand with each tile drawn, every family") {
  std::mt19937 rng(27);
  auto families = line_families();
  families.push_back({Family::Form::SevenPairs, 3, kAllKinds, true});    // riichi's
  families.push_back({Family::Form::Standard, 2, kAllKinds, false, 5});  // a suit left out
  int bad = 0, asked = 0;
  for (int i = 0; i < 400; ++i) {
    const Hand h =
        i % 3 == 0 ? near_hand(rng) : random_hand(rng, 13 - (i % 4 == 0), i % 2 ? 7u : 3u, true);
    const DrawnDistances d(h);
    for (const auto& f : families)
      for (int t = -1; t < kKinds; ++t) {
        const int want = t < 0 ? distance(h, f) : distance(with_tile(h, Tile::from_index(t)), f);
        const int got = d.distance(f, t);
        ++asked;
        if (want != got && ++bad < 4)
          FAIL_CHECK(to_ascii(h) << " family " << int(f.form) << "/" << int(f.max_suits)
                                 << " drawn " << t << ": " << got << " want " << want);
      }
  }
  CHECK(bad == 0);
  CHECK(asked == 400 * 13 * 28);
}

TEST_CASE(
    "advise - reads a hand or a JSON line whose seen and sort stand in for --seen and --sort") {
  const auto r = test::run_qianmj({"advise", "-", "--json", "--seen", "6s"},
                                  "{\"hand\":\"112233557799m4p6s\",\"seen\":\"4p4p\"}\n"
                                  "{\"hand\":\"4445779m2277p88s1p\",\"sort\":\"value\"}\n"
                                  "{\"hand\":\"112233557799m4p6s\",\"seen\":4}\n"
                                  "{\"hand\":\"112233557799m4p6s\",\"sort\":\"fast\"}\n"
                                  "112233557799m4p6s\n");
  CHECK(r.exit == 2);  // two lines refused, the others answered
  std::vector<json> lines;
  std::istringstream in(r.out);
  for (std::string l; std::getline(in, l);) lines.push_back(json::parse(l));
  REQUIRE(lines.size() == 5);
  CHECK(lines[0]["discards"][0]["tile"] == "4p");  // 6s: its 4p wait has one copy left
  CHECK(lines[1]["discards"][0]["tile"] == "5m");  // value first: 打5万
  CHECK(lines[2]["error"]["code"] == "bad_field");
  CHECK(lines[3]["error"]["code"] == "bad_option");
  CHECK(lines[4]["discards"][0]["tile"] == "6s");  // --seen 6s: 打6s leaves 4p x3, 打4p 6s x2
  CHECK(lines[4]["discards"][0]["accept"]["tiles"] == 3);
}
