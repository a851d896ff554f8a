// The extra winning shape a rule set may declare (Ruleset::extra_shape, for Guiyang's 地龙):
// a test-only rule set, Duyun with one more shape, has its waits, patterns and 大叫; Duyun and
// Zunyi, which declare none, wait as before.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/book.hpp"
#include "helpers.hpp"
#include "qianmj/engine/settle.hpp"
#include "rules/zunyi/zunyi.hpp"

using namespace qianmj;

namespace {

// 幺九 (a toy, no rule of any rule set): no melds, and every tile a 1 or a 9.
std::uint32_t terminal_bits() {
  std::uint32_t bits = 0;
  for (Suit s : {Suit::Man, Suit::Pin, Suit::Sou})
    for (int r : {1, 9}) bits |= 1u << Tile(s, r).index();
  return bits;
}

int total_of(const Hand& h, std::uint32_t kinds) {
  int n = 0;
  for (int i = 0; i < kKinds; ++i)
    if (kinds >> i & 1) n += h.concealed[static_cast<std::size_t>(i)];
  return n;
}

class AllTerminals final : public ExtraShape {
 public:
  bool holds(const Hand& h, std::optional<Tile> win) const override {
    return h.size() == 14 && only_terminals(h) && (!win || h.concealed[win->index()] > 0);
  }
  std::uint32_t wait_bits(const Hand& h) const override {
    return h.size() == 13 && only_terminals(h) ? terminal_bits() : 0;
  }
  // Each tile that is no terminal costs an exchange.
  int shanten(const Hand& h) const override {
    if (!h.melds.empty() || h.size() < 13 || h.size() > 14) return kNoShape;
    const int others = h.size() - total_of(h, terminal_bits());
    return h.size() == 14 ? others - 1 : others;
  }
  Item form() const override { return {"yaojiu", "幺九", "All terminals", 0}; }

 private:
  static bool only_terminals(const Hand& h) {
    return h.melds.empty() && (kinds_at_least(h.concealed, 1) & ~terminal_bits()) == 0;
  }
};

constexpr Item kToy{"yaojiu", "幺九", "All terminals", 2};

// Duyun's answers, but for the 幺九 shape: it wins as kToy (C3's pattern if it is worth
// more), and a draw pays each ready seat its 大叫 from each seat that is not ready.
class ToyRules final : public Ruleset {
 public:
  ToyRules() : Ruleset("duyun", {}) { extra_shape_ = &shape_; }
  std::string_view id() const override { return "toy"; }
  Text name() const override { return {"Toy", "玩具"}; }
  Unit unit() const override { return duyun_.unit(); }
  Text patterns_heading() const override { return duyun_.patterns_heading(); }
  const std::vector<ItemSpec>& patterns() const override { return duyun_.patterns(); }
  const std::vector<ItemSpec>& addons() const override { return duyun_.addons(); }
  Item addon(std::string_view id) const override { return duyun_.addon(id); }
  std::optional<Item> best_pattern(const Hand& h, std::optional<Tile> win,
                                   const Situation& s) const override {
    auto c3 = duyun_.best_pattern(h, win, s);
    if (!shape_.holds(h, win) || (c3 && c3->value >= kToy.value)) return c3;
    return kToy;
  }
  bool legal_on_discard(const Item& p, const Hand& h, const Situation& s) const override {
    return duyun_.legal_on_discard(p, h, s);
  }
  std::optional<Error> evaluate(const Hand& h, const Situation& s, Score& sc) const override {
    return duyun_.evaluate(h, s, sc);
  }
  std::vector<Item> dajiao_addons(const Situation& s) const override {
    return duyun_.dajiao_addons(s);
  }
  bool needs_all_hands() const override { return true; }
  Result<Ledger> settle(const CheckedTable& c) const override {
    Book book(c.table, 1, c.arithmetic);
    std::array<WaitsAnswer, kSeats> w;
    for (std::size_t s = 0; s < kSeats; ++s) {
      w[s] = analyze_waits(*this, *c.waiting[s], {});
      book.ledger.checks[s] = SeatCheck{w[s].ready, std::nullopt, w[s].dajiao, w[s].dajiao_items};
    }
    auto& item = book.add("chadajiao", {"大叫", "大叫"}, {"", ""});
    for (std::size_t n = 0; n < kSeats; ++n)
      for (std::size_t r = 0; r < kSeats; ++r)
        if (!w[n].ready && w[r].ready)
          item.transfers.push_back({static_cast<int>(n), static_cast<int>(r), w[r].dajiao_total,
                                    w[r].dajiao_total, w[r].dajiao_items});
    book.ledger.next_dealer = c.table.dealer;
    return std::move(book.ledger);
  }

 private:
  Duyun duyun_;
  AllTerminals shape_;
};

// "1m:1:yaojiu 9s:2:duiduihu": each wait's tile, copies left and pattern (dead: 0).
std::string waits_text(const WaitsAnswer& a) {
  std::string out;
  for (const auto& w : a.waits)
    out += (out.empty() ? "" : " ") + w.wait.tile.ascii() + ":" + std::to_string(w.wait.remaining) +
           ":" + std::string(w.pattern.id);
  return out;
}

std::string tiles_text(const std::vector<Wait>& waits) {
  std::string out;
  for (const auto& w : waits)
    out += (out.empty() ? "" : " ") + w.tile.ascii() + ":" + std::to_string(w.remaining);
  return out;
}

}  // namespace

TEST_CASE("Extra shape: its waits are formal waits, in tile order, with their copies left",
          "[extra-shape]") {
  const ToyRules toy;
  REQUIRE(toy.extra_shape() != nullptr);
  // No C3 wait: 幺九's six, each with its copies left (three 1m held: one left).
  const Hand h1 = test::hand("111m99m1p99p11s999s");
  CHECK(formal_waits(h1).empty());
  CHECK(tiles_text(formal_waits(toy, h1)) == "1m:1 9m:2 1s:2 9s:1 1p:3 9p:2");
  // C3's two (9s, 1p 对对胡) merged with 幺九's in tile order, each once.
  const Hand h2 = test::hand("111m999m11p999p99s");
  CHECK(tiles_text(formal_waits(h2)) == "9s:2 1p:2");
  CHECK(tiles_text(formal_waits(toy, h2)) == "1m:1 9m:1 1s:4 9s:2 1p:2 9p:1");
  // A hand that is not 幺九 waits only on C3's.
  const Hand h3 = test::hand("123m456m789m1p99p11s");
  CHECK(formal_waits(toy, h3).size() == formal_waits(h3).size());
}

TEST_CASE("Extra shape: best_pattern scores it, waits and 大叫 take it", "[extra-shape]") {
  const ToyRules toy;
  const Hand h1 = test::hand("111m99m1p99p11s999s");
  auto a = analyze_waits(toy, h1, {});
  CHECK(a.ready);
  CHECK(waits_text(a) == "1m:1:yaojiu 9m:2:yaojiu 1s:2:yaojiu 9s:1:yaojiu 1p:3:yaojiu 9p:2:yaojiu");
  REQUIRE(a.dajiao);
  CHECK(*a.dajiao == kToy);
  CHECK(a.dajiao_items == std::vector<Item>{kToy});
  CHECK(a.dajiao_total == 2);
  // Won on 1p it is 幺九; a tile it does not hold is no win of it.
  CHECK(toy.best_pattern(with_tile(h1, Tile(Suit::Pin, 1)), Tile(Suit::Pin, 1), {}) == kToy);
  CHECK(!toy.best_pattern(with_tile(h1, Tile(Suit::Pin, 1)), Tile(Suit::Man, 5), {}));
  // Where C3's 对对胡 (3) also wins, it counts: it is worth more; 大叫 is the best of all.
  const Hand h2 = test::hand("111m999m11p999p99s");
  a = analyze_waits(toy, h2, {});
  CHECK(waits_text(a) ==
        "1m:1:yaojiu 9m:1:yaojiu 1s:4:yaojiu 9s:2:duiduihu 1p:2:duiduihu 9p:1:yaojiu");
  REQUIRE(a.dajiao);
  CHECK(a.dajiao->id == "duiduihu");
  CHECK(a.dajiao_total == 3);
  // Its dead waits are dead as C3's are (C5): four 1m, 9m and 1p held.
  const auto dead = formal_waits(toy, test::hand("1111m9999m1111p9p"));
  CHECK(tiles_text(dead) == "1m:0 9m:0 1s:4 9s:4 1p:0 9p:3");
  CHECK(!dead[0].live);
}

TEST_CASE("Extra shape: the draw settlement's 大叫 takes it", "[extra-shape]") {
  Table t;
  t.outcome = Table::Outcome::Draw;
  const char* hands[] = {"111m99m1p99p11s999s", "2468m2468p2468s2s", "3579m3579p3579s3m",
                         "2468m2468p2468s4s"};
  for (std::size_t s = 0; s < kSeats; ++s) t.seats[s].hand = test::hand(hands[s]);
  const ToyRules toy;
  auto ledger = settle(toy, t);
  REQUIRE(ledger);
  REQUIRE(ledger->checks[0]);
  CHECK(ledger->checks[0]->ready);
  CHECK(ledger->checks[0]->dajiao == kToy);
  for (std::size_t s = 1; s < kSeats; ++s) CHECK(!ledger->checks[s]->ready);
  CHECK(ledger->totals == std::array<std::int64_t, kSeats>{6, -2, -2, -2});
  // Under Duyun itself the same hand is not ready.
  auto duyun = settle(Duyun(), t);
  REQUIRE(duyun);
  REQUIRE(duyun->checks[0]);
  CHECK(!duyun->checks[0]->ready);
}

TEST_CASE("Extra shape: Duyun and Zunyi declare none and wait on C3's shapes alone",
          "[extra-shape]") {
  const Duyun duyun;
  const Zunyi zunyi;
  CHECK(duyun.extra_shape() == nullptr);
  CHECK(zunyi.extra_shape() == nullptr);
  for (const char* text : {"111m99m1p99p11s999s", "111m999m11p999p99s", "1112345678999m"}) {
    INFO(text);
    const Hand h = test::hand(text);
    CHECK(tiles_text(formal_waits(duyun, h)) == tiles_text(formal_waits(h)));
    CHECK(tiles_text(formal_waits(zunyi, h)) == tiles_text(formal_waits(h)));
  }
  CHECK(!analyze_waits(duyun, test::hand("111m99m1p99p11s999s"), {}).ready);
  CHECK(waits_text(analyze_waits(duyun, test::hand("111m999m11p999p99s"), {})) ==
        "9s:2:duiduihu 1p:2:duiduihu");
}
