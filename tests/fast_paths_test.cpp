// The scoring path's shortcuts against their plain versions: the inline lists, the counts'
// word-at-a-time sums, the wait bits less one tile, and Zunyi's search over winning tiles
// (readings and tile-free rows found once, later tiles skipped) against trying every tile
// with every row.
#include <array>
#include <bit>
#include <set>
#include <sstream>
#include <string>

#include "generators.hpp"
#include "helpers.hpp"
#include "qianmj/core/analysis.hpp"
#include "qianmj/core/inline_vector.hpp"
#include "qianmj/formats/notation.hpp"
#include "rules/zunyi/zunyi.hpp"

using namespace qianmj;
using test::at;

TEST_CASE(
    "InlineVector: inline up to N, then on the heap, and copies and moves keep every element") {
  InlineVector<std::string, 2> v;
  CHECK(v.capacity() == 2);
  v.push_back("a fairly long string that does not fit in the small-string buffer");
  v.emplace_back("b");
  CHECK(v.capacity() == 2);  // still inline
  InlineVector<std::string, 2> inline_copy = v;
  v.push_back("c");
  v.push_back(v[0]);  // an element of itself, while it grows
  CHECK(v.capacity() > 2);
  REQUIRE(v.size() == 4);
  CHECK(v[3] == v[0]);
  CHECK(v.back() == v.front());
  CHECK(v.at(2) == "c");
  CHECK_THROWS_AS(v.at(4), std::out_of_range);

  InlineVector<std::string, 2> heap_copy = v;
  CHECK(heap_copy == v);
  InlineVector<std::string, 2> moved = std::move(v);  // takes the heap block
  CHECK(moved == heap_copy);
  CHECK(v.empty());  // NOLINT(bugprone-use-after-move): a moved-from list is empty
  CHECK(v.capacity() == 2);

  InlineVector<std::string, 2> moved_inline = std::move(inline_copy);  // element by element
  REQUIRE(moved_inline.size() == 2);
  CHECK(moved_inline[1] == "b");
  moved_inline = heap_copy;  // inline to heap by copy
  CHECK(moved_inline == heap_copy);
  moved_inline = {"x"};
  CHECK(moved_inline.size() == 1);
  moved_inline.pop_back();
  CHECK(moved_inline.empty());
  auto& self = heap_copy;
  heap_copy = self;  // self-assignment keeps it
  CHECK(heap_copy.size() == 4);
  heap_copy.clear();
  CHECK(heap_copy.empty());
  CHECK(heap_copy.capacity() > 2);  // clear keeps the block, as std::vector does
}

TEST_CASE(
    "InlineVector::emplace_back_for_overwrite: each element gets its default member "
    "initializers, inline and past N") {
  struct Defaults {
    int count = 1;
    std::string name = "other";
    InlineVector<int, 2> list;
  };
  InlineVector<Defaults, 2> v;
  for (int i = 0; i < 5; ++i) {
    Defaults& d = v.emplace_back_for_overwrite();
    CHECK(d.count == 1);
    CHECK(d.name == "other");
    CHECK(d.list.empty());
    d.count = 10 + i;
    d.list.push_back(i);
  }
  REQUIRE(v.size() == 5);
  CHECK(v.capacity() > 2);
  for (int i = 0; i < 5; ++i) {  // the earlier ones kept through the growth
    CHECK(v[at(i)].count == 10 + i);
    CHECK(v[at(i)].list.size() == 1);
  }
}

TEST_CASE(
    "TextString: text up to kInline bytes inside itself, longer on the heap, and copies, moves, "
    "joins and appends keep every byte") {
  const std::string fits(TextString::kInline, 'a'), over(TextString::kInline + 1, 'b');
  TextString small = fits, big = over;
  CHECK(small.size() == TextString::kInline);
  CHECK(small == fits);
  CHECK(big == over);
  CHECK(std::string_view(big.c_str()) == over);  // NUL-terminated
  TextString copy = big, moved = std::move(big);
  CHECK(copy == over);
  CHECK(moved == over);
  CHECK(big.empty());  // NOLINT(bugprone-use-after-move): a moved-from text is empty
  TextString moved_small = std::move(small);
  CHECK(moved_small == fits);
  copy = moved_small;  // heap to inline
  CHECK(copy == fits);
  copy = over;  // inline to heap
  CHECK(copy == over);
  auto& self = copy;
  copy = self;
  CHECK(copy == over);
  copy = std::string_view(copy).substr(3, 5);  // a part of itself
  CHECK(copy == "bbbbb");

  TextString joined;
  joined.assign_joined({"no ", "win", " given: ", "", "5m"});
  CHECK(joined == "no win given: 5m");
  joined.assign_joined({fits, "+", fits});  // past kInline: on the heap
  CHECK(joined.size() == 2 * TextString::kInline + 1);
  CHECK(joined.find("+") == TextString::kInline);
  CHECK(joined.find("z") == std::string::npos);
  joined += "!";
  CHECK(joined.view().back() == '!');

  TextString zh = "未给出和牌张";
  CHECK(zh + "：按" == "未给出和牌张：按");
  CHECK("说明 " + zh == "说明 未给出和牌张");
  CHECK(std::string("x") + zh == "x未给出和牌张");
  const std::string as_string = zh;
  CHECK(as_string == "未给出和牌张");
  std::ostringstream out;
  out << zh;
  CHECK(out.str() == "未给出和牌张");
}

TEST_CASE("A score's items and payers stay inline (ItemList of 8, 3 payers) and spill beyond") {
  ItemList items;
  for (int i = 0; i < 20; ++i) items.push_back(Item{"id", "中", "en", i});
  REQUIRE(items.size() == 20);
  std::int64_t sum = 0;
  for (const auto& it : items) sum += it.value;
  CHECK(sum == 190);
  Score sc;
  CHECK(sc.payers.capacity() == 3);
  CHECK(sc.items.capacity() == 8);
}

TEST_CASE(
    "total(), any_count_is() and kinds_at_least() read eight counts at a time, exactly for any "
    "counts") {
  Counts c{};
  CHECK(total(c) == 0);
  CHECK_FALSE(any_count_is(c, 4));
  c.fill(255);
  CHECK(total(c) == 27 * 255);
  CHECK_FALSE(any_count_is(c, 4));
  CHECK(any_count_is(c, 255));
  test::Rng rng(7);
  for (int round = 0; round < 20000; ++round) {
    for (auto& v : c) v = static_cast<std::uint8_t>(test::uniform(rng, 0, round % 2 ? 6 : 255));
    int sum = 0;
    bool four = false, five = false;
    for (auto v : c) sum += v, four = four || v == 4, five = five || v == 5;
    REQUIRE(total(c) == sum);
    REQUIRE(any_count_is(c, 4) == four);
    REQUIRE(any_count_is(c, 5) == five);
    for (std::uint8_t n : {0, 1, 4, 5, 127}) {
      std::uint32_t want = 0;
      for (int i = 0; i < kKinds; ++i) want |= static_cast<std::uint32_t>(c[at(i)] >= n) << i;
      REQUIRE(kinds_at_least(c, n) == want);
    }
  }
  c.fill(128);  // a high bit set: at least 128, whatever the subtraction gives
  CHECK(kinds_at_least(c, 127) == (1u << kKinds) - 1);
  c.fill(3);
  c[26] = 4;
  CHECK(kinds_at_least(c, 4) == 1u << 26);
}

namespace {

std::uint32_t plain_without(const Hand& h, Tile t) {
  Hand before = h;
  --before.concealed[at(t.index())];
  return formal_wait_bits(before);
}

// Every 14-tile count vector of one suit (each count 0-4), placed in suit `suit`.
template <class F>
void each_one_suit_hand(int suit, F&& f) {
  Counts c{};
  auto rec = [&](auto&& self, int rank, int left) -> void {
    if (rank == kRanks) {
      if (left == 0) {
        Hand h;
        h.concealed = c;
        f(h);
      }
      return;
    }
    for (int n = 0; n <= std::min(4, left); ++n) {
      c[at(suit * kRanks + rank)] = static_cast<std::uint8_t>(n);
      self(self, rank + 1, left - n);
    }
    c[at(suit * kRanks + rank)] = 0;
  };
  rec(rec, 0, 14);
}

}  // namespace

TEST_CASE(
    "WaitBitsWithout(h)(t) and .each() are formal_wait_bits of h less t, over every one-suit "
    "hand and random ones") {
  long checked = 0, nonzero = 0;
  constexpr std::uint32_t kUnset = 0xDEADBEEF;  // what each() must leave where not asked
  auto check = [&](const Hand& h) {
    const WaitBitsWithout without(h);
    std::uint32_t held = 0;
    for (int i = 0; i < kKinds; ++i) {
      if (!h.concealed[at(i)]) continue;
      held |= 1u << i;
      const Tile t = Tile::from_index(i);
      const auto bits = without(t);
      REQUIRE(bits == plain_without(h, t));
      ++checked, nonzero += bits != 0;
    }
    // each(): every held kind at once, or every other one (a search that asks for a few).
    for (const std::uint32_t asked : {held, held & 0x2AAAAAAu}) {
      std::array<std::uint32_t, kKinds> out;
      out.fill(kUnset);
      without.each(asked, out);
      for (int i = 0; i < kKinds; ++i)
        REQUIRE(out[at(i)] == (asked >> i & 1 ? plain_without(h, Tile::from_index(i)) : kUnset));
    }
  };
  for (int suit : {0, 2}) each_one_suit_hand(suit, check);
  test::Rng rng(11);
  for (int round = 0; round < 30000; ++round) {
    Hand h = test::random_hand(rng, 14, round % 3 ? 2 : 0);
    if (round % 50 == 0) {  // a fifth copy: the general path
      const int k = test::uniform(rng, 0, kKinds - 1);
      h.concealed[at(k)] = 5;
    }
    check(h);
  }
  CHECK(checked > 500000);
  CHECK(nonzero > 100000);  // ready hands are well represented
}

namespace {

// Z2 without a winning tile, the plain way: every tile the hand holds (that a robbed kong
// allows), each with every row (pattern_parts: one tile, all rows), the most points first in
// tile order.
std::optional<std::pair<Tile, Zunyi::Parts>> plain_best(const Zunyi& z, const Hand& h,
                                                        bool robbing) {
  std::optional<std::pair<Tile, Zunyi::Parts>> best;
  const Counts all = h.all_copies();
  for (int i = 0; i < kKinds; ++i) {
    const Tile t = Tile::from_index(i);
    if (!h.concealed[at(i)] || (robbing && all[at(i)] != 1)) continue;
    auto p = z.pattern_parts(h, t);
    if (p && (!best || p->combined.value > best->second.combined.value)) best = std::pair{t, *p};
  }
  return best;
}

}  // namespace

TEST_CASE("Z2 Zunyi's best winning tile: the shortcut search equals trying every tile fully") {
  test::Rng rng(13);
  std::set<std::string> seen;  // the patterns met, so the check covers more than 平胡
  long compared = 0;
  for (const auto& [long_on_win, pinghu] :
       {std::pair{"on", "2"}, std::pair{"off", "2"}, std::pair{"on", "5"}, std::pair{"off", "3"}}) {
    Options o;
    REQUIRE_FALSE(o.set("zunyi-long-on-win", long_on_win));
    REQUIRE_FALSE(o.set("zunyi-pinghu", pinghu));
    const Zunyi z(o);
    for (int round = 0; round < 6000; ++round) {
      test::Pool pool;
      test::Shape shape;
      shape.size = 14;
      shape.avoid_suit = test::uniform(rng, 0, 2);
      shape.structured = 90;
      shape.max_melds = round % 4 ? 1 : 0;
      Hand h = test::random_hand(rng, pool, shape);
      if (round % 5 == 0) {  // seven pairs, some with four alike, one suit or two
        h = Hand{};
        for (int p = 0; p < 7; ++p) {
          int k = test::uniform(rng, 0, 17) + (shape.avoid_suit == 0 ? 9 : 0);
          if (h.concealed[at(k)] >= 4) k = (k + 1) % kKinds;
          h.concealed[at(k)] = static_cast<std::uint8_t>(h.concealed[at(k)] + 2);
        }
      }
      if (round % 5 == 1) {  // a ready hand won on one of its waits: many waits, wide ones
        shape.size = 13;
        test::Pool fresh;
        Hand ready = test::random_hand(rng, fresh, shape);
        std::uint32_t waits = formal_wait_bits(ready);
        for (int skip = test::uniform(rng, 0, 3); waits & (waits - 1) && skip > 0; --skip)
          waits &= waits - 1;
        if (waits) h = with_tile(ready, Tile::from_index(std::countr_zero(waits)));
      }
      if (h.size() != 14) continue;
      for (bool robbing : {false, true}) {
        const auto fast = z.best_parts(h, std::nullopt, robbing);
        const auto plain = plain_best(z, h, robbing);
        REQUIRE(fast.has_value() == plain.has_value());
        if (!fast) continue;
        ++compared;
        INFO(to_ascii(h) << (robbing ? " robbing" : ""));
        REQUIRE(fast->first == plain->first);
        REQUIRE(fast->second.combined == plain->second.combined);
        REQUIRE(fast->second.structural == plain->second.structural);
        REQUIRE(fast->second.flush == plain->second.flush);
        seen.insert(std::string(fast->second.combined.id));
      }
    }
  }
  CHECK(compared > 10000);
  for (const char* id : {"pinghu", "biankadiao", "duiduihu", "dakuanzhang", "anqidui", "longqidui",
                         "qingyise", "qingyise+duiduihu"}) {
    INFO(id);
    CHECK(seen.count(id) == 1);
  }
}

TEST_CASE(
    "formal_wait_bits: a seven-pairs wait on each of the 27 kinds, with one or three copies of "
    "it, and with three odd kinds, equals trying every tile (the odd kind found from the four "
    "count words folded into one)") {
  // is_winning_shape with each tile added: the plain definition of the waits.
  auto plain = [](const Hand& h) {
    std::uint32_t bits = 0;
    for (int i = 0; i < kKinds; ++i) {
      Hand with = h;
      ++with.concealed[at(i)];
      if (is_winning_shape(with)) bits |= 1u << i;
    }
    return bits;
  };
  test::Rng rng(15);
  int seven_pairs_waits = 0, three_odd = 0;
  for (int odd = 0; odd < kKinds; ++odd)
    for (int copies : {1, 3})
      for (int round = 0; round < 40; ++round) {
        Hand h;
        h.concealed[at(odd)] = static_cast<std::uint8_t>(copies);
        int tiles = copies;
        while (tiles < 13) {  // pairs elsewhere (a kind may take two, as 龙七对)
          const int k = test::uniform(rng, 0, kKinds - 1);
          if (k == odd || h.concealed[at(k)] >= 4) continue;
          h.concealed[at(k)] = static_cast<std::uint8_t>(h.concealed[at(k)] + 2);
          tiles += 2;
        }
        if (tiles != 13) continue;
        const std::uint32_t bits = formal_wait_bits(h);
        REQUIRE(bits == plain(h));
        REQUIRE((bits >> odd & 1) == 1);  // waits on the odd kind
        ++seven_pairs_waits;
        // Three odd kinds (a pair split into a single and a new single): no seven-pairs wait,
        // whatever the standard shape says.
        Hand three = h;
        const int pair = test::uniform(rng, 0, kKinds - 1),
                  fresh = test::uniform(rng, 0, kKinds - 1);
        if (pair == odd || three.concealed[at(pair)] != 2 || three.concealed[at(fresh)] != 0)
          continue;
        --three.concealed[at(pair)];
        ++three.concealed[at(fresh)];
        REQUIRE(formal_wait_bits(three) == plain(three));
        ++three_odd;
      }
  CHECK(seven_pairs_waits > 2000);
  CHECK(three_odd > 200);
}

TEST_CASE("formal_wait_bits_each gives formal_wait_bits of each hand, and refuses a short out") {
  test::Rng rng(20261202);
  std::vector<Hand> hands;
  for (int i = 0; i < 5000; ++i) {
    Hand h = test::random_hand(rng, i % 7 ? 13 : test::uniform(rng, 10, 15), i % 3);
    if (i % 11 == 0) {  // a fifth copy: the path off the table
      const int k = test::uniform(rng, 0, kKinds - 1);
      if (h.concealed[at(k)] == 4) ++h.concealed[at(k)];
    }
    hands.push_back(h);
  }
  std::vector<std::uint32_t> out(hands.size() + 1, 0xFFFFFFFFu);
  formal_wait_bits_each(hands, out);
  long waiting = 0;
  for (std::size_t i = 0; i < hands.size(); ++i) {
    INFO(to_ascii(hands[i]));
    REQUIRE(out[i] == formal_wait_bits(hands[i]));
    waiting += out[i] != 0;
  }
  CHECK(out.back() == 0xFFFFFFFFu);  // nothing written past the hands
  CHECK(waiting > 1000);             // the hands reach waits, or the comparison is empty
  formal_wait_bits_each({}, {});     // no hands: nothing to do
  std::vector<std::uint32_t> short_out(hands.size() - 1);
  CHECK_THROWS_WITH(formal_wait_bits_each(hands, short_out),
                    "qianmj: formal_wait_bits_each: out holds 4999 answers for 5000 hands");
}
