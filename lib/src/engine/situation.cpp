#include "qianmj/engine/situation.hpp"

#include <stdexcept>

namespace qianmj {

std::string field_name(const Situation& s, std::string_view field) {
  return s.field_name ? s.field_name(field) : std::string(field);
}

bool field_given(const Situation& s, std::string_view f) {
  if (const std::uint32_t bit = field_bit(f)) return (given_fields(s) & bit) != 0;
  throw std::logic_error("qianmj: no situation field " + std::string(f));
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

}  // namespace qianmj
