#include "qianmj/analysis.hpp"

namespace qianmj {
namespace {

// Enumerates every split of `c` into sets, appending each complete split to `out`.
void split_sets(Counts& c, int from, std::vector<Set>& sets, const Reading& base,
                std::vector<Reading>& out) {
  int i = from;
  while (i < kKinds && c[i] == 0) ++i;
  if (i == kKinds) {
    Reading r = base;
    r.sets.insert(r.sets.end(), sets.begin(), sets.end());
    out.push_back(std::move(r));
    return;
  }
  Tile t = Tile::from_index(i);
  if (c[i] >= 3) {
    c[i] -= 3;
    sets.push_back({Set::Kind::Pung, t, false});
    split_sets(c, i, sets, base, out);
    sets.pop_back();
    c[i] += 3;
  }
  if (t.rank() <= 7 && c[i + 1] && c[i + 2]) {
    --c[i], --c[i + 1], --c[i + 2];
    sets.push_back({Set::Kind::Sequence, t, false});
    split_sets(c, i, sets, base, out);
    sets.pop_back();
    ++c[i], ++c[i + 1], ++c[i + 2];
  }
}

// True when `c` splits into sets; the first tile left must start a set.
bool splits(Counts& c, int from) {
  int i = from;
  while (i < kKinds && c[i] == 0) ++i;
  if (i == kKinds) return true;
  bool ok = false;
  if (c[i] >= 3) {
    c[i] -= 3;
    ok = splits(c, i);
    c[i] += 3;
  }
  if (!ok && i % kRanks <= 6 && c[i + 1] && c[i + 2]) {
    --c[i], --c[i + 1], --c[i + 2];
    ok = splits(c, i);
    ++c[i], ++c[i + 1], ++c[i + 2];
  }
  return ok;
}

bool seven_pairs(const Hand& hand) {
  if (!hand.melds.empty() || total(hand.concealed) != 14) return false;
  for (auto v : hand.concealed)
    if (v % 2) return false;
  return true;
}

}  // namespace

std::vector<Reading> readings(const Hand& hand) {
  std::vector<Reading> out;
  if (hand.size() != 14) return out;
  Counts c = hand.concealed;
  Reading base;
  for (const auto& m : hand.melds) base.sets.push_back({Set::Kind::Pung, m.tile, true});
  std::vector<Set> sets;
  for (int p = 0; p < kKinds; ++p) {
    if (c[p] < 2) continue;
    c[p] -= 2;
    base.pair = Tile::from_index(p);
    split_sets(c, 0, sets, base, out);
    c[p] += 2;
  }
  if (seven_pairs(hand)) {
    Reading r;
    r.seven_pairs = true;
    out.push_back(r);
  }
  return out;
}

bool is_winning_shape(const Hand& hand) {
  if (hand.size() != 14) return false;
  if (seven_pairs(hand)) return true;
  Counts c = hand.concealed;
  for (int p = 0; p < kKinds; ++p) {
    if (c[p] < 2) continue;
    c[p] -= 2;
    bool ok = splits(c, 0);
    c[p] += 2;
    if (ok) return true;
  }
  return false;
}

Hand with_tile(Hand hand, Tile t) {
  ++hand.concealed[t.index()];
  return hand;
}

std::vector<Wait> formal_waits(const Hand& hand) {
  std::vector<Wait> out;
  if (hand.size() != 13) return out;
  Counts own = hand.all_copies();
  for (int i = 0; i < kKinds; ++i) {
    Tile t = Tile::from_index(i);
    if (!is_winning_shape(with_tile(hand, t))) continue;
    int remaining = own[i] >= kCopies ? 0 : kCopies - own[i];
    out.push_back({t, remaining, remaining > 0});
  }
  return out;
}

}  // namespace qianmj
