#include "qianmj/rules.hpp"

#include <algorithm>
#include <stdexcept>

namespace qianmj {

Result<Score> Ruleset::score(const Hand& hand, const Situation& situation) const {
  // Filled in place and returned by name from the one return statement: never moved.
  Result<Score> out(std::in_place);
  Score& sc = *out;
  Situation s = situation;
  // The steps in turn, the first error ending them. (Each optional<Error> comes from a
  // return: GCC zeroes all 152 bytes of a default-constructed one.)
  auto steps = [&]() -> std::optional<Error> {
    if (hand.size() != 14)
      return Error{ErrorCode::WrongTileCount,
                   "a win has 14 tiles (kong = 3), this hand has " + std::to_string(hand.size()),
                   "胡牌应有 14 张（杠算 3 张），此手牌有 " + std::to_string(hand.size()) + " 张",
                   0, ""};
    if (auto e = normalize_situation(hand, s, sc.notes)) return e;
    const auto ignored = ignored_fields();
    const std::uint32_t given = ignored.empty() ? 0 : given_fields(s);
    for (const auto& f : ignored)
      if (f.bit ? (given & f.bit) != 0 : field_given(s, f.field)) {
        std::string shown = field_name(s, f.field) + std::string(f.aside);
        sc.notes.push_back({shown + " has no effect under the " + name().en + " rules",
                            shown + " 在" + name().zh + "规则下不计"});
      }
    if (auto e = evaluate(hand, s, sc)) return e;
    return price_payers(sc);
  };
  if (auto e = steps()) out = std::move(*e);
  return out;
}

std::optional<Error> Ruleset::price_payers(Score& sc) const {
  const Unit u = unit();
  const auto priced = price();
  const std::int64_t each = priced ? priced->value : 1;
  sc.total = 0;
  for (auto& p : sc.payers) {
    p.value = 0;
    for (const auto& it : p.items) {
      auto v = checked_add(p.value, it.value);
      if (!v) return out_of_range("the " + std::string(u.en), std::string(u.zh) + "数");
      p.value = *v;
    }
    auto covered = checked_mul(p.value, p.covers);
    auto pts = covered ? checked_mul(*covered, each) : std::nullopt;
    if (!pts) return out_of_range("the payment", "支付分数");
    p.points = *pts;
    auto share = checked_mul(p.points, p.count);
    auto sum = share ? checked_add(sc.total, *share) : std::nullopt;
    if (!sum) return out_of_range("the total", "合计");
    sc.total = *sum;
  }
  return std::nullopt;
}

std::string field_name(const Situation& s, std::string_view field) {
  return s.field_name ? s.field_name(field) : std::string(field);
}

bool field_given(const Situation& s, std::string_view f) {
  if (const std::uint32_t bit = field_bit(f)) return (given_fields(s) & bit) != 0;
  throw std::logic_error("qianmj: no situation field " + std::string(f));
}

std::string Ruleset::addon_value_text(std::string_view id) const {
  return "+" + std::to_string(addon(id).value);
}

std::string_view role_name(Payer::Role r) {
  switch (r) {
    case Payer::Role::Discarder:
      return "discarder";
    case Payer::Role::Dealer:
      return "dealer";
    case Payer::Role::Other:
      return "other";
  }
  return "other";
}

Ruleset::Ruleset(std::string_view id, Options options) : options_(std::move(options)) {
  if (auto e = foreign_option(id, options_)) throw std::invalid_argument(e->en);
  options_.bind(id);
}

WaitsAnswer analyze_waits(const Ruleset& rules, const Hand& hand, const Situation& s) {
  WaitsAnswer answer;
  answer.hand = hand;
  Hand won = hand;  // the hand with each wait in turn
  const auto waits = formal_waits(hand);
  answer.waits.reserve(waits.size());
  std::optional<Item> dead_best;  // the best pattern over dead waits (dead-wait-ready)
  for (const auto& w : waits) {
    ++won.concealed[w.tile.index()];
    auto pattern = rules.best_pattern(won, w.tile, s);
    Situation on_discard = s;
    on_discard.win_tile = w.tile;
    on_discard.zimo = false;
    bool legal = pattern && rules.legal_on_discard(*pattern, won, on_discard);
    if (!pattern && !answer.reason) answer.reason = rules.no_win_reason(won);  // e.g. Z1
    --won.concealed[w.tile.index()];
    if (!pattern) continue;  // a shape this rule set does not accept as a win
    auto& best = w.live ? answer.dajiao : dead_best;
    if (!best || pattern->value > best->value) best = *pattern;
    answer.ready = answer.ready || w.live;
    answer.waits.push_back({w, std::move(*pattern), legal});
  }
  // C5: a hand whose only waits are dead is not ready, unless dead-wait-ready says it is
  // (its 大叫 is then the best of those dead waits).
  if (!answer.ready && dead_best) {
    if (rules.options().on("dead-wait-ready")) {
      answer.ready = true;
      answer.dajiao = dead_best;
    } else if (!answer.reason) {
      answer.reason = Text{"every wait is dead (you hold all four of each tile you wait on, C5)",
                           "所叫的牌四张都在自己手里，叫的是绝张（C5）"};
    }
  }
  if (answer.dajiao) {
    answer.dajiao_items.push_back(*answer.dajiao);
    for (auto& it : rules.dajiao_addons(s)) answer.dajiao_items.push_back(it);
    for (const auto& it : answer.dajiao_items)
      answer.dajiao_total += it.value;  // table values: no overflow
  }
  return answer;
}

std::vector<DiscardAnswer> analyze_discards(const Ruleset& rules, const Hand& hand,
                                            const Situation& s) {
  std::vector<DiscardAnswer> out;
  for (int i = 0; i < kKinds; ++i) {
    if (!hand.concealed[i]) continue;
    Hand rest = hand;
    --rest.concealed[i];
    auto w = analyze_waits(rules, rest, s);
    if (w.ready) out.push_back({Tile::from_index(i), std::move(w)});
  }
  return out;
}

namespace {
Error inconsistent(std::string en, std::string zh) {
  return Error{ErrorCode::Inconsistent, std::move(en), std::move(zh), 0, ""};
}
}  // namespace

std::optional<Error> normalize_situation(const Hand& hand, Situation& s, NoteList& notes) {
  auto n = [&](std::string_view field) { return field_name(s, field); };
  if (s.streak < 0)
    return Error{ErrorCode::OutOfRange, n("streak") + " must be 0 or more",
                 n("streak") + " 不能为负数", 0, ""};
  if (s.win_tile && hand.concealed[s.win_tile->index()] == 0)
    return inconsistent(
        "the winning tile " + s.win_tile->ascii() + " is not among the concealed tiles",
        "和牌张 " + s.win_tile->chinese() + " 不在手牌中");
  if (s.tianhu && s.dihu)
    return inconsistent(
        n("tianhu") + " (dealer) and " + n("dihu") + " (non-dealer) exclude each other",
        "天胡（庄家）与地胡（闲家）不能同时成立");
  if (s.zimo && s.payer_baoting)
    return inconsistent(n("payer_baoting") + " needs a discarder; a self-draw has none",
                        "自摸没有点炮者，不能使用 " + n("payer_baoting"));
  if (s.zimo && s.robbing_kong)
    return inconsistent(n("robbing_kong") + " is a win off another's kong, not a self-draw",
                        "抢杠是胡他人的杠牌，不是自摸");
  if (s.robbing_kong && s.after_kong)
    return inconsistent(n("robbing_kong") + " and " + n("after_kong") + " exclude each other",
                        "抢杠与杠上花/杠上炮不能同时成立");
  if (s.after_kong && s.zimo && !hand.has_kong() && !s.dou)
    return inconsistent(
        "杠上花 is a win on a kong's replacement tile: the hand shows no kong (" + n("dou") +
            " says one is owned)",
        "杠上花是杠后补牌自摸，但手牌中没有杠（有杠而未写出时用 " + n("dou") + "）");
  if (s.robbing_kong && s.payer_baoting)
    return inconsistent(
        "the robbed seat must show the pung it was adding to: it cannot have declared 报听 (D2)",
        "被抢杠者有碰，不可能报听（D2）");
  // D2, Z3: 报听 comes before any 碰 or 杠, and the hand does not change after it.
  if (s.baoting && !hand.melds.empty())
    return inconsistent(
        "a 报听 hand has no melds: none before the declaration, no change after it (D2)",
        "报听的手牌不能有碰杠：报听前不能碰杠，报听后手牌不能变动（D2）");
  // D1: 地胡, like 天胡, is won on the hand as dealt.
  if (s.dihu && !hand.melds.empty())
    return inconsistent(
        "地胡 is won on the hand as dealt, ready from the deal: a meld is not possible (D1)",
        "地胡是起手听牌、第一轮即胡：不可能有碰或杠（D1）");
  if (s.tianhu) {
    if (s.dealer == DealerRole::Payer)
      return inconsistent("天胡 is the dealer's win: " + n("dealer") + " must be winner",
                          "天胡是庄家胡牌：" + n("dealer") + " 应为 winner");
    if (s.after_kong || s.robbing_kong || s.payer_baoting)
      return inconsistent("天胡 is won on the dealt tiles: no kong, discard or discarder",
                          "天胡是起手即胡：没有杠、点炮或点炮者");
    if (!s.zimo) notes.push_back({"天胡 is paid as a self-draw", "天胡按自摸计算"});
    if (s.dealer == DealerRole::None)
      notes.push_back({"天胡: the winner is the dealer", "天胡：胡牌者为庄家"});
    s.zimo = true;
    s.dealer = DealerRole::Winner;
  }
  if (s.tianhu && !hand.melds.empty())
    return inconsistent("天胡 is won on the dealt tiles: a meld is not possible",
                        "天胡是起手即胡：不可能有碰或杠");
  // D5: the other three copies of a robbed tile are the robbed seat's pung.
  if (s.robbing_kong && s.win_tile && hand.all_copies()[s.win_tile->index()] > 1)
    return inconsistent(
        "robbing a kong of " + s.win_tile->ascii() +
            " leaves one copy for the winner; this hand holds more",
        "抢杠 " + s.win_tile->chinese() + " 时其余三张在被抢者的碰里，胡家只能有这一张");
  if (s.robbing_kong && !s.win_tile) {
    const Counts all = hand.all_copies();
    bool any = false;
    for (int i = 0; i < kKinds; ++i) any = any || (all[i] == 1 && hand.concealed[i] == 1);
    if (!any)
      return inconsistent(
          "抢杠: the winner holds one copy of the robbed tile (the robbed pung has the other "
          "three); "
          "this hand holds no tile only once (seven pairs can never rob a kong)",
          "抢杠：胡家只能有被抢的那一张（其余三张在被抢者的碰里）；此手牌没有只有一张的牌（七对不可"
          "能抢杠）");
  }
  if (s.dihu && s.dealer == DealerRole::Winner)
    return inconsistent("地胡 is a non-dealer's win: " + n("dealer") + " cannot be winner",
                        "地胡是闲家胡牌：" + n("dealer") + " 不能为 winner");
  return std::nullopt;
}

std::optional<std::int64_t> checked_add(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<std::int64_t> checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

Error out_of_range(std::string_view what_en, std::string_view what_zh) {
  return Error{ErrorCode::OutOfRange,
               std::string(what_en) + " is too large to compute exactly (over 2^63)",
               std::string(what_zh) + "过大，无法精确计算（超过 2^63）", 0, ""};
}

}  // namespace qianmj
