// The text of score HAND and waits HAND, as the program prints it.
#include <ostream>

#include "qianmj/answers/layout.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj {
namespace {

std::string role_text(Payer::Role r, bool chinese) {
  switch (r) {
    case Payer::Role::Discarder:
      return chinese ? "点炮者" : "discarder";
    case Payer::Role::Dealer:
      return chinese ? "庄家" : "dealer";
    case Payer::Role::Other:
      return chinese ? "闲家" : "other";
  }
  return "";
}

void print_waits(const WaitsAnswer& w, const Ruleset& rules, bool zh, std::ostream& out,
                 const std::string& indent) {
  const Unit unit = rules.unit();
  for (const auto& v : w.waits) {
    out << indent << (zh ? v.wait.tile.chinese() : v.wait.tile.ascii()) << "  ";
    if (v.wait.live)
      out << (zh ? "剩 " : "") << v.wait.remaining << (zh ? " 张" : " left");
    else
      out << (zh ? "绝张（四张都在自己手里）" : "dead (all four are yours)");
    out << "  " << item_name(v.pattern, zh) << " " << unit_text(v.pattern.value, unit, zh);
    if (v.wait.live && !v.legal_on_discard) out << "  " << rules.self_draw_only().in(zh);
    out << '\n';
  }
  if (w.dajiao) {
    out << indent << (zh ? "大叫  " : "大叫 (best)  ") << item_name(*w.dajiao, zh) << " "
        << unit_text(w.dajiao->value, unit, zh);
    if (w.dajiao_items.size() > 1)  // what a 查大叫 charges at a draw, add-ons included (D8)
      out << (zh ? "；查大叫 " : "; at a draw (查大叫) ") << item_sum(w.dajiao_items, zh) << " = "
          << unit_text(w.dajiao_total, unit, zh);
    out << '\n';
  }
}

}  // namespace

void score_text(const Score& sc, const Ruleset& rules, bool zh, bool glyphs, std::ostream& out) {
  const Unit unit = rules.unit();
  const auto price = rules.price();
  out << (zh ? "手牌    " : "Hand      ") << hand_text(sc.hand, zh, glyphs);
  if (sc.win_tile)
    out << (zh ? "（和 " : "  (won on ") << (zh ? sc.win_tile->chinese() : sc.win_tile->ascii())
        << (zh ? "）" : ")");
  out << '\n';
  for (const auto& n : sc.notes) out << (zh ? "说明    " : "Note      ") << n.in(zh) << '\n';
  if (!sc.win) {
    out << (zh ? "不是胡牌：" : "Not a win: ") << sc.reason->in(zh) << '\n';
    return;
  }
  bool first = true;
  for (const auto& it : sc.items) {
    out << (first ? (zh ? "番型    " : "Pattern   ") : (zh ? "加番    " : "Add-on    "))
        << item_name(it, zh) << "  " << (first ? "" : "+") << unit_text(it.value, unit, zh) << '\n';
    first = false;
  }
  if (sc.reading)
    out << (zh ? "拆分    " : "Reading   ") << reading_text(*sc.reading, sc.hand, zh) << '\n';
  if (!sc.also.empty()) {
    out << (zh ? "也符合  " : "Also      ");
    for (std::size_t i = 0; i < sc.also.size(); ++i)
      out << (i ? (zh ? "、" : ", ") : "") << item_name(sc.also[i], zh) << " " << sc.also[i].value;
    out << (zh ? "（只计最大番）\n" : " (only the highest counts)\n");
  }
  if (!sc.legal) {
    out << (zh ? "不能胡  " : "Illegal   ") << sc.reason->in(zh) << '\n';
    return;
  }
  out << (zh ? "付款" : "Payments");
  if (price)
    out << (zh ? "（" : " (") << price->name(zh) << ' ' << price->value << (zh ? "）" : ")");
  out << '\n';
  for (const auto& p : sc.payers) {
    std::string sum = item_sum(p.items, zh);
    out << "  " << role_text(p.role, zh);
    if (p.dealer && p.role != Payer::Role::Dealer) out << (zh ? "（庄家）" : " (dealer)");
    out << " ×" << p.count << "  " << sum;
    if (p.items.size() > 1)
      out << " = " << unit_text(p.value, unit, zh);
    else
      out << ' ' << (zh ? unit.zh : unit.en);
    if (p.covers > 1)
      out << " × " << p.covers
          << (zh ? "（包" + std::to_string(p.covers) + "家）"
                 : " (for " + std::to_string(p.covers) + " seats)");
    if (price || p.covers > 1) out << " → " << p.points << (zh ? " 分" : " points");
    out << (p.count > 1 ? (zh ? "（每家）" : " each") : "") << '\n';
  }
  out << (zh ? "胡家共收 " : "Winner collects ") << sc.total << (zh ? " 分\n" : " points\n");
}

void waits_text(const WaitsAnswer& w, const Ruleset& rules, bool zh, bool glyphs,
                std::ostream& out) {
  out << (zh ? "手牌    " : "Hand      ") << hand_text(w.hand, zh, glyphs) << '\n';
  std::size_t live = 0;
  for (const auto& v : w.waits) live += v.wait.live;
  if (w.ready && live == 0) {
    out << (zh ? "听牌（房规 dead-wait-ready）：所叫的牌都是绝张\n"
               : "Ready (house rule dead-wait-ready): every wait is dead\n");
  } else if (w.ready) {
    out << (zh ? "听牌：叫 " : "Ready: waits on ") << live
        << (zh ? " 种牌\n" : (live == 1 ? " tile\n" : " tiles\n"));
  } else {
    // analyze_waits says why whenever waits do not make the hand ready
    out << (zh ? "未听牌" : "Not ready");
    if (w.reason) out << (zh ? "：" : ": ") << w.reason->in(zh);
    if (w.shanten && *w.shanten > 0)  // ADVICE §3.1: how far, and what comes in
      out << (w.reason ? (zh ? "；" : "; ") : (zh ? "：" : ": ")) << shanten_text(*w.shanten, zh)
          << (zh ? "，" : ", ")
          << (w.accept ? accept_text(w.accept->kinds, w.accept->tiles, zh) : std::string());
    out << '\n';
  }
  print_waits(w, rules, zh, out, "  ");
}

void discards_text(const Hand& hand, const std::vector<DiscardAnswer>& discards,
                   const Ruleset& rules, bool zh, bool glyphs, std::ostream& out) {
  out << (zh ? "手牌    " : "Hand      ") << hand_text(hand, zh, glyphs) << '\n';
  if (rules.best_pattern(hand, std::nullopt, {}))
    out << (zh ? "已成胡牌牌型（计分请用 qianmj score）\n"
               : "This is already a winning shape (qianmj score prices it)\n");
  if (discards.empty()) {
    out << (zh ? "打任何一张都不能听牌\n" : "No discard leaves the hand ready\n");
    return;
  }
  for (const auto& d : discards) {
    out << (zh ? "打 " : "Discard ") << (zh ? d.discard.chinese() : d.discard.ascii())
        << (zh ? "，听" : ", waits on");
    for (const auto& v : d.waits.waits)
      if (v.wait.live) out << ' ' << (zh ? v.wait.tile.chinese() : v.wait.tile.ascii());
    out << '\n';
    print_waits(d.waits, rules, zh, out, "    ");
  }
}

}  // namespace qianmj
