#include "qianmj/engine/ruleset.hpp"
#include "engine/common_options.hpp"
#include "qianmj/core/amounts.hpp"

#include <stdexcept>

namespace qianmj {

namespace {

// D1, Z3: with dihu-discard off, a 地胡 is self-drawn.
std::optional<Error> check_dihu(const Situation& s, const Options& o) {
  static const OptionKey kDihuDiscardKey(kDihuDiscard.name);
  if (!s.dihu || s.zimo || o.on(kDihuDiscardKey)) return std::nullopt;
  return Error{
      ErrorCode::Inconsistent,
      "地胡 off a discard: with the house rule dihu-discard off, a 地胡 is self-drawn (D1, Z3)",
      "地胡点炮：房规 dihu-discard 关闭时，地胡只能自摸（D1、Z3）", 0, ""};
}

}  // namespace

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
    if (auto e = check_dihu(s, options_)) return e;
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

std::optional<Error> Ruleset::evaluate_declared(const DeclaredPattern&, const Situation&,
                                                Score&) const {
  return Error{ErrorCode::Inconsistent,
               "the " + std::string(name().en) + " rules take no declared hands: give the tiles",
               name().zh + "规则不能报称牌型：请写出手牌", 0, ""};
}

Result<Score> Ruleset::score_declared(const DeclaredPattern& p, const Situation& s) const {
  Result<Score> out(std::in_place);
  Score& sc = *out;
  if (auto e = check_dihu(s, options_)) return *e;
  if (auto e = evaluate_declared(p, s, sc)) return *e;
  if (auto e = price_payers(sc)) return *e;
  return out;
}

std::string Ruleset::addon_value_text(std::string_view id) const {
  return "+" + std::to_string(addon(id).value);
}

Ruleset::Ruleset(std::string_view id, Options options) : options_(std::move(options)) {
  if (auto e = foreign_option(id, options_)) throw std::invalid_argument(e->en);
  options_.bind(id);
}

}  // namespace qianmj
