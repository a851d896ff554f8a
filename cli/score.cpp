// qianmj score HAND: is it a (legal) win, its pattern, add-ons and what each payer pays.
#include <iostream>

#include "commands.hpp"
#include "qianmj/json.hpp"
#include "qianmj/notation.hpp"

namespace qianmj::cli {
namespace {

std::string role_text(Payer::Role r, bool chinese) {
  switch (r) {
    case Payer::Role::Discarder: return chinese ? "点炮者" : "discarder";
    case Payer::Role::Dealer: return chinese ? "庄家" : "dealer";
    case Payer::Role::Other: return chinese ? "闲家" : "other";
  }
  return "";
}

void print_text(const Score& sc, const Ruleset& rules, bool zh, std::ostream& out) {
  Unit unit = rules.unit();
  out << (zh ? "手牌    " : "Hand      ") << hand_text(sc.hand, zh);
  if (sc.win_tile) out << (zh ? "（和 " : "  (won on ") << (zh ? sc.win_tile->chinese() : sc.win_tile->ascii()) << (zh ? "）" : ")");
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
  if (sc.reading) out << (zh ? "拆分    " : "Reading   ") << reading_text(*sc.reading, sc.hand, zh) << '\n';
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
  if (unit == Unit::Fan) out << (zh ? "（底分 " : " (base ") << rules.options().get("base") << (zh ? "）" : ")");
  out << '\n';
  for (const auto& p : sc.payers) {
    std::string sum;
    for (const auto& it : p.items)
      sum += (sum.empty() ? "" : " + ") + (zh ? it.zh : it.en) + " " + std::to_string(it.value);
    out << "  " << role_text(p.role, zh);
    if (p.dealer && p.role != Payer::Role::Dealer) out << (zh ? "（庄家）" : " (dealer)");
    out << " ×" << p.count << "  " << sum;
    if (p.items.size() > 1) out << " = " << unit_text(p.value, unit, zh);
    else out << (unit == Unit::Fan ? (zh ? " 番" : " fan") : (zh ? " 分" : " points"));
    if (unit == Unit::Fan) out << " → " << p.points << (zh ? " 分" : " points");
    out << (p.count > 1 ? (zh ? "（每家）" : " each") : "") << '\n';
  }
  out << (zh ? "胡家共收 " : "Winner collects ") << sc.total << (zh ? " 分\n" : " points\n");
}

}  // namespace

CLI::App* ScoreCommand::add(CLI::App& app) {
  auto* cmd = app.add_subcommand("score", "Score a winning hand: pattern, add-ons, payments");
  add_hand_option(*cmd, hand_, "14 tiles (kong = 3), or 13 with --win");
  cmd->add_option("--win", s_.win, "the winning tile (7p, 7筒)")->type_name("TILE");
  cmd->add_flag("--zimo", s_.zimo, "self-drawn (default: off a discard)");
  cmd->add_flag("--after-kong", s_.after_kong, "杠上花 with --zimo, 杠上炮 without");
  cmd->add_flag("--robbing-kong", s_.robbing_kong, "抢杠: won off another's added kong");
  cmd->add_flag("--baoting", s_.baoting, "the winner declared 报听");
  cmd->add_flag("--payer-baoting", s_.payer_baoting, "the discarder declared 报听");
  cmd->add_flag("--tianhu", s_.tianhu, "天胡: the dealer wins on the dealt tiles");
  cmd->add_flag("--dihu", s_.dihu, "地胡: a non-dealer wins in the first go-round");
  cmd->add_flag("--dou", s_.dou, "the winner owns a 豆 (kong) not shown as a meld");
  cmd->add_option("--dealer", s_.dealer, "who is dealer: winner, payer or none")
      ->check(CLI::IsMember({"winner", "payer", "none"}))
      ->type_name("WHO");
  cmd->add_option("--streak", s_.streak, "连庄 count N (the dealer's extra rounds)")->type_name("N");
  return cmd;
}

int ScoreCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  auto rules = make_rules(c, out, err);
  if (!rules) return kBad;
  auto hand = read_hand(hand_, c, out, err);
  if (!hand) return kBad;
  Situation s;
  s.zimo = s_.zimo, s.after_kong = s_.after_kong, s.robbing_kong = s_.robbing_kong;
  s.baoting = s_.baoting, s.payer_baoting = s_.payer_baoting, s.tianhu = s_.tianhu;
  s.dihu = s_.dihu, s.dou = s_.dou, s.streak = s_.streak;
  s.dealer = s_.dealer == "winner" ? DealerRole::Winner
             : s_.dealer == "payer" ? DealerRole::Payer
                                    : DealerRole::None;
  if (!s_.win.empty()) {
    auto t = parse_tile(s_.win);
    if (!t) {
      Error e = t.error();
      e.en = "--win: " + e.en;
      e.zh = "--win：" + e.zh;
      print_error(e, c, out, err);
      return kBad;
    }
    s.win_tile = *t;
    if (hand->size() == 13) {
      if (hand->all_copies()[t->index()] >= kCopies) {
        print_error(Error{ErrorCode::TooManyCopies,
                          "--win " + t->ascii() + " would be a fifth copy: there are only four",
                          "--win " + t->chinese() + " 将是第五张：每种牌只有四张", 0, ""},
                    c, out, err);
        return kBad;
      }
      *hand = with_tile(*hand, *t);
    }
  }
  if (hand->size() != 14) {
    std::string n = std::to_string(hand->size());
    print_error(Error{ErrorCode::WrongTileCount,
                      "score needs 14 tiles (kong = 3), or 13 with --win; this hand has " + n +
                          (hand->size() == 13 ? " (for its waits: qianmj waits)" : ""),
                      "score 需要 14 张牌（杠算 3 张），或 13 张加 --win；此手牌有 " + n + " 张" +
                          (hand->size() == 13 ? "（查叫请用 qianmj waits）" : ""),
                      0, ""},
                c, out, err);
    return kBad;
  }
  auto sc = rules->score(*hand, s);
  if (!sc) {
    print_error(sc.error(), c, out, err);
    return kBad;
  }
  if (c.json)
    print_json(to_json(*sc, *rules), out);
  else
    print_text(*sc, *rules, c.chinese, out);
  return sc->win && sc->legal ? kOk : kNo;
}

}  // namespace qianmj::cli
