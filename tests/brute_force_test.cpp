// Cross-check of C3-C5 and D1 against a brute-force oracle that knows nothing of the
// library's recursion: it generates every combination of sets and pairs in one suit and
// remembers which count vectors they make.
#include <random>
#include <unordered_map>

#include "generators.hpp"
#include "helpers.hpp"
#include "qianmj/core/analysis.hpp"
#include "rules/zunyi/zunyi.hpp"

using namespace qianmj;

namespace {

using Vec = std::array<int, kRanks>;

std::uint32_t code(const Vec& v) {
  std::uint32_t c = 0;
  for (int x : v) c = c * 6 + static_cast<std::uint32_t>(x);
  return c;
}

// For one suit: every vector made of k sets (k = 0..4), with or without a pair, copies
// up to 5 (a 13-tile hand plus a fifth copy is a formal wait, C5). Flags per vector.
struct Oracle {
  enum : std::uint8_t { kPungsOnly = 1, kTerminalsOnly = 2 };
  std::unordered_map<std::uint32_t, std::uint8_t> with_pair, sets_only;

  Oracle() {
    struct Unit {
      bool pung;
      int first;  // rank index 0..8
    };
    std::vector<Unit> units;
    for (int r = 0; r < kRanks; ++r) units.push_back({true, r});
    for (int r = 0; r < 7; ++r) units.push_back({false, r});
    std::vector<int> pick;
    auto visit = [&](auto&& self, std::size_t from) -> void {
      Vec v{};
      bool pungs = true, terminals = true;
      for (int u : pick) {
        const auto& x = units[static_cast<std::size_t>(u)];
        if (x.pung) {
          v[static_cast<std::size_t>(x.first)] += 3;
          terminals = terminals && (x.first == 0 || x.first == 8);
        } else {
          for (int k = 0; k < 3; ++k) ++v[static_cast<std::size_t>(x.first + k)];
          pungs = false;
          terminals = terminals && (x.first == 0 || x.first == 6);
        }
      }
      auto flags = [](bool p, bool t) {
        return static_cast<std::uint8_t>((p ? kPungsOnly : 0) | (t ? kTerminalsOnly : 0));
      };
      auto fits = [](const Vec& w) {
        for (int x : w)
          if (x > 5) return false;
        return true;
      };
      if (fits(v)) sets_only[code(v)] |= flags(pungs, terminals);
      for (int p = 0; p < kRanks; ++p) {
        Vec w = v;
        w[static_cast<std::size_t>(p)] += 2;
        if (fits(w)) with_pair[code(w)] |= flags(pungs, terminals && (p == 0 || p == 8));
      }
      if (pick.size() == 4) return;
      for (std::size_t u = from; u < units.size(); ++u) {
        pick.push_back(static_cast<int>(u));
        self(self, u);  // repetition allowed: two identical sequences
        pick.pop_back();
      }
    };
    visit(visit, 0);
  }

  static bool seven_pairs(const Hand& h) {
    if (!h.melds.empty() || total(h.concealed) != 14) return false;
    for (auto v : h.concealed)
      if (v % 2 || v > 4) return false;
    return true;
  }

  // Winning shape by suits: one suit holds sets + pair, the others sets only.
  bool wins(const Hand& h) const {
    if (h.size() != 14) return false;
    if (seven_pairs(h)) return true;
    int pair_suits = 0;
    for (int s = 0; s < kSuits; ++s) {
      Vec v{};
      int n = 0;
      for (int r = 0; r < kRanks; ++r)
        n += v[static_cast<std::size_t>(r)] = h.concealed[s * kRanks + r];
      if (n % 3 == 1) return false;
      const auto& table = n % 3 == 2 ? with_pair : sets_only;
      pair_suits += n % 3 == 2;
      if (!table.count(code(v))) return false;
    }
    return pair_suits == 1;
  }
};

const Oracle& oracle() {
  static const Oracle o;
  return o;
}

// Every single-suit hand of n tiles with at most 4 of a kind, in suit s.
template <class F>
void each_single_suit_hand(int n, F&& f) {
  Vec v{};
  auto rec = [&](auto&& self, int rank, int left) -> void {
    if (rank == kRanks) {
      if (left == 0) f(v);
      return;
    }
    for (int c = 0; c <= std::min(4, left); ++c) {
      v[static_cast<std::size_t>(rank)] = c;
      self(self, rank + 1, left - c);
    }
    v[static_cast<std::size_t>(rank)] = 0;
  };
  rec(rec, 0, n);
}

Hand to_hand(const Vec& v, Suit s) {
  Hand h;
  for (int r = 0; r < kRanks; ++r)
    h.concealed[Tile(s, r + 1).index()] = static_cast<std::uint8_t>(v[static_cast<std::size_t>(r)]);
  return h;
}

}  // namespace

TEST_CASE("C5 waits equal the brute-force oracle over every single-suit 13-tile hand") {
  long hands = 0, ready = 0, mismatches = 0;
  each_single_suit_hand(13, [&](const Vec& v) {
    Hand h = to_hand(v, Suit(hands % 3));
    ++hands;
    std::string want, got;
    for (int i = 0; i < kKinds; ++i) {
      Tile t = Tile::from_index(i);
      if (oracle().wins(with_tile(h, t)))
        want += t.ascii() + ":" + std::to_string(4 - h.concealed[i]) + " ";
    }
    for (const auto& w : formal_waits(h)) {
      got += w.tile.ascii() + ":" + std::to_string(w.remaining) + " ";
      if (w.live != (w.remaining > 0)) ++mismatches;
    }
    ready += !want.empty();
    if (want != got && ++mismatches < 5)
      FAIL_CHECK(to_ascii(h) << " oracle " << want << " library " << got);
  });
  CHECK(hands == 93600);
  CHECK(mismatches == 0);
  CHECK(ready == 48455);  // counted by the oracle alone
}

TEST_CASE(
    "C3 + D1 win detection and best fan equal the oracle over every single-suit 14-tile hand") {
  Duyun rules;
  long hands = 0, wins = 0, mismatches = 0;
  Situation self_draw;
  self_draw.zimo = true;
  each_single_suit_hand(14, [&](const Vec& v) {
    Hand h = to_hand(v, Suit(hands % 3));
    ++hands;
    bool want = oracle().wins(h);
    if (want != is_winning_shape(h) && ++mismatches < 5)
      FAIL_CHECK(to_ascii(h) << " oracle win " << want);
    if (!want) return;
    ++wins;
    // D1 in one suit: 清一色 6, 清对 9 (all pungs), 清幺九 12, 清七对 12, 清龙七对 18.
    int fan = 0;
    auto it = oracle().with_pair.find(code(v));
    if (it != oracle().with_pair.end()) {
      fan = 6;
      if (it->second & Oracle::kPungsOnly) fan = std::max(fan, 9);
      if (it->second & Oracle::kTerminalsOnly) fan = std::max(fan, 12);
    }
    if (Oracle::seven_pairs(h)) {
      bool dragon = false;
      for (int x : v) dragon = dragon || x == 4;
      fan = std::max(fan, dragon ? 18 : 12);
    }
    auto sc = rules.score(h, self_draw);
    REQUIRE(sc);
    if ((!sc->pattern || sc->pattern->value != fan) && ++mismatches < 5)
      FAIL_CHECK(to_ascii(h) << " oracle fan " << fan << " library "
                             << (sc->pattern ? std::string(sc->pattern->id) : std::string("none")));
  });
  CHECK(hands == 118800);
  CHECK(mismatches == 0);
  CHECK(wins == 15349);  // counted by the oracle alone
}

TEST_CASE("C3-C5 waits equal the oracle on random multi-suit hands with melds") {
  std::mt19937 rng(20261130);
  long mismatches = 0, checked = 0, ready = 0;
  for (int round = 0; round < 100000; ++round) {
    Hand h;
    Counts used{};
    auto draw_kind = [&](int need) {
      std::uniform_int_distribution<int> pick(0, kKinds - 1);
      for (int tries = 0; tries < 100; ++tries) {
        int k = pick(rng);
        if (used[k] + need <= kCopies) return k;
      }
      return -1;
    };
    int melds = std::uniform_int_distribution<int>(0, 4)(rng);
    for (int m = 0; m < melds; ++m) {
      auto kind = static_cast<Meld::Kind>(std::uniform_int_distribution<int>(0, 3)(rng));
      Meld meld{kind, {}};
      int k = draw_kind(meld.copies());
      if (k < 0) continue;
      meld.tile = Tile::from_index(k);
      used[k] = static_cast<std::uint8_t>(used[k] + meld.copies());
      h.melds.push_back(meld);
    }
    if (round % 2 == 0) {
      // Half the rounds: random sets and a pair, minus one tile, so most are ready.
      std::uniform_int_distribution<int> kind(0, kKinds - 1);
      int guard = 0;
      while (h.size() < 12 && ++guard < 200) {
        int k = kind(rng);
        bool seq = rng() % 2 && k % kRanks <= 6;
        if (seq && used[k] < 4 && used[k + 1] < 4 && used[k + 2] < 4) {
          for (int d = 0; d < 3; ++d) ++used[k + d], ++h.concealed[k + d];
        } else if (!seq && used[k] + 3 <= kCopies) {
          used[k] = static_cast<std::uint8_t>(used[k] + 3);
          h.concealed[k] = static_cast<std::uint8_t>(h.concealed[k] + 3);
        }
      }
      int k = draw_kind(1);
      if (h.size() == 12 && k >= 0) ++used[k], ++h.concealed[k];  // the single left: a tanki wait
    }
    while (h.size() < 13) {
      int k = draw_kind(1);
      if (k < 0) break;
      ++used[k];
      ++h.concealed[k];
    }
    if (h.size() != 13) continue;
    ++checked;
    std::string want, got;
    for (int i = 0; i < kKinds; ++i)
      if (oracle().wins(with_tile(h, Tile::from_index(i))))
        want += Tile::from_index(i).ascii() + " ";
    for (const auto& w : formal_waits(h)) got += w.tile.ascii() + " ";
    if (want != got && ++mismatches < 5)
      FAIL_CHECK(to_ascii(h) << " oracle " << want << " library " << got);
    ready += !want.empty();
  }
  INFO("checked " << checked << ", with waits " << ready);
  CHECK(checked > 90000);
  CHECK(ready > checked / 3);  // the generator must reach ready hands, or the check is empty
  CHECK(mismatches == 0);
}

TEST_CASE(
    "Z2 pattern values equal the oracle over every single-suit 14-tile win and winning tile, with "
    "zunyi-long-on-win on and off") {
  for (bool long_on_win : {true, false}) {
    INFO("zunyi-long-on-win " << long_on_win);
    Options o;
    REQUIRE_FALSE(o.set("zunyi-long-on-win", std::int64_t{long_on_win}));
    Zunyi rules(o);
    long checked = 0, mismatches = 0;
    each_single_suit_hand(14, [&](const Vec& v) {
      if (!oracle().wins(to_hand(v, Suit::Pin))) return;
      Hand h = to_hand(v, Suit::Pin);
      for (int r = 0; r < kRanks; ++r) {
        if (!v[static_cast<std::size_t>(r)]) continue;
        Tile win(Suit::Pin, r + 1);
        // The oracle's reading of Z2 (revised): live waits of the hand without `win`, by the
        // oracle; a wait on a tile that hand holds four of is dead and does not count.
        Hand before = h;
        --before.concealed[win.index()];
        std::vector<int> waits;
        for (int k = 0; k < kRanks; ++k)
          if (before.concealed[Tile(Suit::Pin, k + 1).index()] < 4 &&
              oracle().wins(with_tile(before, Tile(Suit::Pin, k + 1))))
            waits.push_back(k + 1);
        int structural = 0;  // 平胡 does not count under 清一色
        auto it = oracle().with_pair.find(code(v));
        if (it != oracle().with_pair.end()) {
          if (it->second & Oracle::kPungsOnly) structural = std::max(structural, 4);
          if (waits.size() == 1) structural = std::max(structural, 3);
          if (waits.size() == 3 && waits[1] == waits[0] + 3 && waits[2] == waits[0] + 6)
            structural = std::max(structural, 4);
        }
        if (Oracle::seven_pairs(
                h)) {  // 龙七对: the winning tile completes the four (revised), or any four
          bool dragon = v[static_cast<std::size_t>(r)] == 4;
          if (!long_on_win)
            for (int x : v) dragon = dragon || x == 4;
          structural = std::max(structural, dragon ? 10 : 4);
        }
        int want = structural + 10;
        auto got = rules.pattern_parts(h, win);
        ++checked;
        if ((!got || got->combined.value != want) && ++mismatches < 5)
          FAIL_CHECK(to_ascii(h) << " on " << win.ascii() << ": oracle " << want << " library "
                                 << (got ? std::string(got->combined.id) + " " +
                                               std::to_string(got->combined.value)
                                         : "none"));
      }
    });
    CHECK(mismatches == 0);
    CHECK(checked == 95247);  // (hand, winning tile) pairs, counted by the oracle's enumeration
  }
}

namespace {

// The readings of a 14-tile hand by a plain recursion, without tables or forced moves: each
// pair in tile order, then the lowest kind left starts a pung or a sequence (the pung
// first); seven pairs last. The library's readings must be these, in this order: a rule set
// shows the first reading that makes its pattern.
void plain_sets(Counts& c, Reading& cur, std::vector<std::string>& out, const std::string& pair) {
  int i = 0;
  while (i < kKinds && c[i] == 0) ++i;
  if (i == kKinds) {
    std::string s = pair;
    for (const auto& x : cur.sets)
      s += std::string(x.kind == Set::Kind::Pung ? " P" : " S") + x.first.ascii() +
           (x.melded ? "*" : "");
    out.push_back(s);
    return;
  }
  if (cur.sets.size() == 4) return;
  const Tile t = Tile::from_index(i);
  if (c[i] >= 3) {
    c[i] = static_cast<std::uint8_t>(c[i] - 3);
    cur.sets.push_back({Set::Kind::Pung, t, false});
    plain_sets(c, cur, out, pair);
    cur.sets.pop_back();
    c[i] = static_cast<std::uint8_t>(c[i] + 3);
  }
  if (i % kRanks <= 6 && c[i + 1] && c[i + 2]) {
    --c[i], --c[i + 1], --c[i + 2];
    cur.sets.push_back({Set::Kind::Sequence, t, false});
    plain_sets(c, cur, out, pair);
    cur.sets.pop_back();
    ++c[i], ++c[i + 1], ++c[i + 2];
  }
}

std::vector<std::string> plain_readings(const Hand& h) {
  std::vector<std::string> out;
  if (h.size() != 14) return out;
  Counts c = h.concealed;
  Reading cur;
  for (const auto& m : h.melds) cur.sets.push_back({Set::Kind::Pung, m.tile, true});
  for (int p = 0; p < kKinds; ++p) {
    if (c[p] < 2) continue;
    c[p] = static_cast<std::uint8_t>(c[p] - 2);
    plain_sets(c, cur, out, "pair " + Tile::from_index(p).ascii());
    c[p] = static_cast<std::uint8_t>(c[p] + 2);
  }
  bool pairs = h.melds.empty();
  for (auto v : h.concealed) pairs = pairs && v % 2 == 0;
  if (pairs) out.push_back("seven pairs");
  return out;
}

std::vector<std::string> library_readings(const Hand& h) {
  std::vector<std::string> out;
  for (const auto& r : readings(h)) {
    if (r.seven_pairs) {
      out.push_back("seven pairs");
      continue;
    }
    std::string s = "pair " + r.pair.ascii();
    for (const auto& x : r.sets)
      s += std::string(x.kind == Set::Kind::Pung ? " P" : " S") + x.first.ascii() +
           (x.melded ? "*" : "");
    out.push_back(s);
  }
  return out;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += "[" + s + "] ";
  return out;
}

}  // namespace

TEST_CASE(
    "C4 readings equal a plain recursion, in order, over every single-suit 14-tile hand and "
    "random hands with melds and fifth copies") {
  long hands = 0, readings_seen = 0, several = 0, mismatches = 0;
  auto check = [&](const Hand& h) {
    ++hands;
    const auto want = plain_readings(h), got = library_readings(h);
    readings_seen += static_cast<long>(want.size());
    several += want.size() > 1;
    if (want != got && ++mismatches < 5)
      FAIL_CHECK(to_ascii(h) << "\n plain   " << joined(want) << "\n library " << joined(got));
  };
  each_single_suit_hand(14, [&](const Vec& v) { check(to_hand(v, Suit(hands % 3))); });
  CHECK(hands == 118800);
  std::mt19937 rng(20261202);
  for (int round = 0; round < 200000; ++round) {
    Hand h = test::random_hand(rng, 14, round % 3);
    if (round % 10 == 0) {  // a fifth copy of a kind held (formal waits ask such hands)
      const int k = static_cast<int>(rng() % kKinds);
      if (h.concealed[k] == 4 && h.concealed[(k + 1) % kKinds] > 0)
        ++h.concealed[k], --h.concealed[(k + 1) % kKinds];
    }
    check(h);
  }
  CHECK(mismatches == 0);
  CHECK(readings_seen > 100000);  // the generator must reach winning hands, or this is empty
  CHECK(several > 10000);         // and hands with several readings
}
