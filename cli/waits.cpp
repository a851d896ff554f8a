// qianmj waits HAND: ready or not, each wait with remaining copies and value, the 大叫.
#include <iostream>

#include "commands.hpp"
#include "qianmj/json.hpp"

namespace qianmj::cli {
namespace {

void print_waits(const WaitsAnswer& w, const Ruleset& rules, bool zh, std::ostream& out,
                 const std::string& indent) {
  Unit unit = rules.unit();
  for (const auto& v : w.waits) {
    out << indent << (zh ? v.wait.tile.chinese() : v.wait.tile.ascii()) << "  ";
    if (v.wait.live)
      out << (zh ? "剩 " : "") << v.wait.remaining << (zh ? " 张" : " left");
    else
      out << (zh ? "绝张（四张都在自己手里）" : "dead (all four are yours)");
    out << "  " << item_name(v.pattern, zh) << " " << unit_text(v.pattern.value, unit, zh);
    if (v.wait.live && !v.legal_on_discard)
      out << (zh ? "  只能自摸（平胡无豆不能点炮胡，D3）" : "  self-draw only (平胡 without 豆, D3)");
    out << '\n';
  }
  if (w.dajiao)
    out << indent << (zh ? "大叫  " : "大叫 (best)  ") << item_name(*w.dajiao, zh) << " "
        << unit_text(w.dajiao->value, unit, zh) << '\n';
}

void print_text(const WaitsAnswer& w, const Ruleset& rules, bool zh, std::ostream& out) {
  out << (zh ? "手牌    " : "Hand      ") << hand_text(w.hand, zh) << '\n';
  if (w.ready) {
    std::size_t live = 0;
    for (const auto& v : w.waits) live += v.wait.live;
    out << (zh ? "听牌：叫 " : "Ready: waits on ") << live << (zh ? " 种牌\n" : (live == 1 ? " tile\n" : " tiles\n"));
  } else if (w.reason) {
    out << (zh ? "未听牌：" : "Not ready: ") << w.reason->in(zh) << '\n';
  } else if (w.waits.empty()) {
    out << (zh ? "未听牌\n" : "Not ready\n");
  } else {
    out << (zh ? "未听牌：所叫的牌已被自己拿完（C5）\n" : "Not ready: every wait is dead (C5)\n");
  }
  print_waits(w, rules, zh, out, "  ");
}

void print_text(const Hand& hand, const std::vector<DiscardAnswer>& discards, const Ruleset& rules,
                bool zh, std::ostream& out) {
  out << (zh ? "手牌    " : "Hand      ") << hand_text(hand, zh) << '\n';
  if (is_winning_shape(hand)) out << (zh ? "已成胡牌牌型（计分请用 qianmj score）\n" : "This is already a winning shape (qianmj score prices it)\n");
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

}  // namespace

CLI::App* WaitsCommand::add(CLI::App& app) {
  auto* cmd = app.add_subcommand("waits", "What a 13-tile hand waits on; for 14 tiles, each discard that leaves it ready");
  add_hand_option(*cmd, hand_, "13 tiles (kong = 3), or 14");
  cmd->add_flag("--baoting", baoting_, "the player declared 报听 (a 平胡 may then win off a discard)");
  cmd->add_flag("--dou", dou_, "the player owns a 豆 (kong) not shown as a meld");
  return cmd;
}

int WaitsCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  auto rules = make_rules(c, out, err);
  if (!rules) return kBad;
  auto hand = read_hand(hand_, c, out, err);
  if (!hand) return kBad;
  Situation s;
  s.baoting = baoting_;
  s.dou = dou_;
  if (hand->size() == 13) {
    auto w = analyze_waits(*rules, *hand, s);
    if (c.json)
      print_json(to_json(w, *rules), out);
    else
      print_text(w, *rules, c.chinese, out);
    return w.ready ? kOk : kNo;
  }
  if (hand->size() == 14) {
    auto d = analyze_discards(*rules, *hand, s);
    if (c.json)
      print_json(to_json(*hand, d, *rules), out);
    else
      print_text(*hand, d, *rules, c.chinese, out);
    return d.empty() ? kNo : kOk;
  }
  std::string n = std::to_string(hand->size());
  print_error(Error{ErrorCode::WrongTileCount,
                    "waits needs 13 tiles (kong = 3), or 14 to choose a discard; this hand has " + n,
                    "waits 需要 13 张牌（杠算 3 张），或 14 张以选择打哪张；此手牌有 " + n + " 张", 0, ""},
              c, out, err);
  return kBad;
}

}  // namespace qianmj::cli
