#include "qianmj/engine/waits.hpp"

#include "qianmj/engine/ruleset.hpp"

namespace qianmj {

std::vector<Wait> formal_waits(const Ruleset& rules, const Hand& hand) {
  const ExtraShape* extra = rules.extra_shape();
  if (!extra) return formal_waits(hand);  // C3's shapes alone: the common path
  return waits_of_bits(hand, formal_wait_bits(hand) | extra->wait_bits(hand));
}

WaitsAnswer analyze_waits(const Ruleset& rules, const Hand& hand, const Situation& s) {
  WaitsAnswer answer;
  answer.hand = hand;
  Hand won = hand;  // the hand with each wait in turn
  const auto waits = formal_waits(rules, hand);
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
    // ADVICE A1: the discarded copy is in the river, not among the copies left.
    for (auto& v : w.waits)
      if (v.wait.tile.index() == i && v.wait.remaining > 0) --v.wait.remaining;
    if (w.ready) out.push_back({Tile::from_index(i), std::move(w)});
  }
  return out;
}

}  // namespace qianmj
