#include "toy.hpp"

#include <algorithm>

#include "engine/book.hpp"
#include "engine/common_options.hpp"
#include "qianmj/core/amounts.hpp"
#include "qianmj/engine/settle.hpp"

namespace qianmj::toy {
namespace {

constexpr std::string_view kTokensZh[] = {"筹码"};
constexpr std::string_view kTokensEn[] = {"tokens"};

constexpr OptionSpec kOptions[] = {
    {"toy-liudui", 4, false, 1, 100, "toy", "fan of 六对 (six pairs, any two other tiles)",
     "六对（六个对子加任意两张）的番数"},
    kDeadWaitReady,
    kDihuDiscard,
};

constexpr ItemSpec kLiudui = {
    "liudui", "六对", "Six pairs", 4, "six pairs and two other tiles", "六个对子加任意两张"};

const KongPayment kKongs[] = {
    {Meld::Kind::DirectKong, "kong", {"Kong", "杠"}, 1},
    {Meld::Kind::AddedKong, "kong", {"Kong", "杠"}, 1},
    {Meld::Kind::ConcealedKong, "kong", {"Kong", "杠"}, 2},
};

// The house rules every rule set has (dead-wait-ready), for the Duyun inside.
Options duyun_options(const Options& toy) {
  Options out("duyun");
  for (const auto& spec : option_specs())
    if (spec.rules.empty() && toy.changed(spec.name)) (void)out.set(spec.name, toy.get(spec.name));
  return out;
}

std::unique_ptr<Ruleset> make_toy(Options options) {
  return std::make_unique<Toy>(std::move(options));
}

}  // namespace

constinit const TableField kTokens{
    "seats[].tokens", TableField::Kind::Int,     0, 8, kTokensZh, kTokensEn, "token count",
    "筹码",           "how many tokens {} holds"};
constinit const TableField kFields[] = {kTokens};
constinit const RulesetInfo toy_ruleset = {"toy", "Toy", "玩具", make_toy, kOptions, kFields};

int SixPairs::pairs(const Hand& hand) {
  int n = 0;
  for (auto c : hand.concealed) n += c / 2;
  return n;
}

bool SixPairs::holds(const Hand& hand, std::optional<Tile> win) const {
  return hand.melds.empty() && hand.size() == 14 && pairs(hand) >= 6 &&
         (!win || hand.concealed[static_cast<std::size_t>(win->index())] > 0);
}

std::uint32_t SixPairs::wait_bits(const Hand& hand) const {
  if (!hand.melds.empty() || hand.size() != 13) return 0;
  const int p = pairs(hand);
  if (p >= 6) return (1u << kKinds) - 1;  // any tile: a fifth copy too (C5)
  if (p < 5) return 0;
  std::uint32_t bits = 0;  // a single (or a third) made a pair
  for (int i = 0; i < kKinds; ++i)
    if (hand.concealed[static_cast<std::size_t>(i)] % 2) bits |= 1u << i;
  return bits;
}

// Six pairs and any two tiles: what the pairs lack; a 13-tile hand with six is ready.
int SixPairs::shanten(const Hand& hand) const {
  if (!hand.melds.empty() || hand.size() < 13 || hand.size() > 14) return kNoShape;
  const int d = pairs_distance(hand.concealed, 6, kAllKinds);
  return hand.size() == 14 ? d - 1 : std::max(0, d - 1);
}

Toy::Toy(Options options)
    : Ruleset("toy", std::move(options)),
      duyun_(duyun_options(options_)),
      patterns_(duyun_.patterns()) {
  patterns_.push_back(kLiudui);
  patterns_.back().value = options_.get("toy-liudui");
  extra_shape_ = &shape_;
}

Item Toy::liudui() const {
  return kLiudui.item(options_.get("toy-liudui"));
}

std::optional<Item> Toy::best_pattern(const Hand& hand, std::optional<Tile> win,
                                      const Situation& s) const {
  auto c3 = duyun_.best_pattern(hand, win, s);
  const Item six = liudui();
  if (!shape_.holds(hand, win) || (c3 && c3->value >= six.value)) return c3;
  return six;
}

bool Toy::legal_on_discard(const Item& pattern, const Hand& hand, const Situation& s) const {
  return pattern.id == kLiudui.id || duyun_.legal_on_discard(pattern, hand, s);
}

std::optional<Error> Toy::evaluate(const Hand& hand, const Situation& s, Score& sc) const {
  auto best = best_pattern(hand, s.win_tile, s);
  if (!best || best->id != kLiudui.id) return duyun_.evaluate(hand, s, sc);
  // 六对: its row and 报听; the discarder pays, or on a self-draw each other seat.
  sc.hand = hand;
  sc.win_tile = s.win_tile;
  sc.win = sc.legal = true;
  sc.pattern = *best;
  sc.items.push_back(*best);
  if (s.baoting) sc.items.push_back(duyun_.addon("baoting"));
  // No dealer's share here: every payer pays the same.
  Payer& p = sc.payers.emplace_back_for_overwrite();
  p.role = s.zimo ? Payer::Role::Other : Payer::Role::Discarder;
  p.count = s.zimo ? 3 : 1;
  p.dealer = !s.zimo && s.dealer == DealerRole::Payer;
  p.items = sc.items;
  return std::nullopt;
}

Result<Ledger> Toy::settle(const CheckedTable& c) const {
  const Table& t = c.table;
  Book book(t, 1, c.arithmetic);
  for (std::size_t i = 0; i < t.kongs.size(); ++i)
    if (!c.kong_void[i]) book_kong(book, t.kongs[i], kong_payment(kKongs, t.kongs[i].kind));
  if (t.outcome == Table::Outcome::Win)
    if (auto e = book_wins(book, c, *this, {"Win", "胡牌"}, "胡")) return *e;
  // Each token a seat holds: 1 from every other seat.
  static const TableFieldKey<int> tokens(kTokens);
  for (int s = 0; s < kSeats; ++s) {
    const int n = tokens.get(t.seats[static_cast<std::size_t>(s)].fields);
    if (n == 0) continue;
    auto& item = book.add("tokens", {"Tokens", "筹码"},
                          {book.seat(s, false) + "'s " + std::to_string(n) + " tokens",
                           book.seat(s, true) + "的 " + std::to_string(n) + " 个筹码"});
    for (int o = 0; o < kSeats; ++o)
      if (o != s) item.transfers.push_back({o, s, n, 0, {}});
    if (book.lines())
      item.lines.push_back({std::to_string(n) + " from each of 3 = " + std::to_string(3 * n),
                            "每家 " + std::to_string(n) + "，共 " + std::to_string(3 * n)});
  }
  int next = t.dealer;  // as Duyun D10
  if (t.outcome == Table::Outcome::Win)
    next = t.wins.size() == 1 ? t.wins.front().seat : t.wins.front().from;
  book.ledger.next_dealer = next;
  if (book.overflowed()) return out_of_range("an amount", "金额");
  return std::move(book.ledger);
}

}  // namespace qianmj::toy
