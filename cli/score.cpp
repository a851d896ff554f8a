// qianmj score HAND: is it a (legal) win, its pattern, add-ons and what each payer pays.
#include <iostream>

#include "commands.hpp"
#include "help.hpp"
#include "pipeline.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj::cli {
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

void print_text(const Score& sc, const Ruleset& rules, bool zh, bool glyphs, std::ostream& out) {
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

}  // namespace

CLI::App* ScoreCommand::add(CLI::App& app) {
  auto* cmd = app.add_subcommand("score", "Score a winning hand: pattern, add-ons, payments");
  doc(*cmd, "计算一手胡牌：番型、加番、谁付多少");
  add_hand_option(*cmd, hand_, "14 tiles (kong = 3), or 13 with --win; - reads one a line",
                  "14 张牌（杠算 3 张），或 13 张加 --win；- 从标准输入逐行读取");
  doc(*cmd,
      cmd->add_option_function<std::string>(
             "--win", [this](const std::string& v) { s_.win = v, s_.win_given = true; },
             "the winning tile (7p, 7筒)")
          ->type_name("TILE"),
      "胡的那张牌（7p、7筒）");
  doc(*cmd, cmd->add_flag("--zimo", s_.zimo, "self-drawn (default: off a discard)"),
      "自摸（默认：点炮）");
  doc(*cmd, cmd->add_flag("--after-kong", s_.after_kong, "杠上花 with --zimo, 杠上炮 without"),
      "杠后胡：加 --zimo 为杠上花，否则为杠上炮");
  doc(*cmd, cmd->add_flag("--robbing-kong", s_.robbing_kong, "抢杠: won off another's added kong"),
      "抢杠：胡别人加杠的那张牌");
  doc(*cmd, cmd->add_flag("--baoting", s_.baoting, "the winner declared 报听"), "胡家报听");
  doc(*cmd, cmd->add_flag("--payer-baoting", s_.payer_baoting, "the discarder declared 报听"),
      "放炮者报听");
  doc(*cmd, cmd->add_flag("--tianhu", s_.tianhu, "天胡: the dealer wins on the dealt tiles"),
      "天胡：庄家起手即胡");
  doc(*cmd, cmd->add_flag("--dihu", s_.dihu, "地胡: a non-dealer wins in the first go-round"),
      "地胡：闲家第一圈即胡");
  doc(*cmd, cmd->add_flag("--dou", s_.dou, "the winner owns a 豆 (kong) not shown as a meld"),
      "胡家有未写成副露的豆（杠）");
  doc(*cmd,
      cmd->add_option("--dealer", s_.dealer, "who is dealer: winner, payer or none")
          ->check(CLI::IsMember({"winner", "payer", "none"}))
          ->type_name("WHO"),
      "谁是庄家：winner（胡家）、payer（付款者）或 none（都不是）", {"winner", "payer", "none"});
  doc(*cmd,
      cmd->add_option_function<std::string>(
             "--streak",
             [this](const std::string& v) { s_.streak_text = v, s_.streak_given = true; },
             "连庄 count N (the dealer's extra rounds)")
          ->type_name("N"),
      "连庄次数 N");
  add_pipe_options(*cmd, pipe_);
  return cmd;
}

namespace {

Result<Score> compute(const Ruleset& rules, const std::string& text, const SituationArgs& a) {
  auto request = score_request(text, a, flag_name);
  if (!request) return request.error();
  const Hand& hand = request->hand;
  if (hand.size() != 14) {
    std::string n = std::to_string(hand.size());
    return Error{ErrorCode::WrongTileCount,
                 "score needs 14 tiles (kong = 3), or 13 with --win; this hand has " + n +
                     (hand.size() == 13 ? " (for its waits: qianmj waits)" : ""),
                 "score 需要 14 张牌（杠算 3 张），或 13 张加 --win；此手牌有 " + n + " 张" +
                     (hand.size() == 13 ? "（查叫请用 qianmj waits）" : "")};
  }
  return rules.score(hand, request->situation);
}

// A pipeline answer: hand, win/illegal/not-win, pattern id, its value, total (error rows keep
// these five columns).
constexpr int kColumns = 5;
void summary(const Score& sc, std::string& out) {
  append_ascii(out, sc.hand);
  out += "\t";
  out += sc.win ? (sc.legal ? "win" : "illegal") : "not-win";
  out += "\t";
  out += sc.pattern ? sc.pattern->id : std::string_view("-");  // the stable id in every language
  out += "\t";
  out += sc.pattern ? std::to_string(sc.pattern->value) : std::string("-");
  out += "\t";
  out += std::to_string(sc.total);
}

}  // namespace

void ScoreCommand::answer_line(const Common& c, const Ruleset& rules, const std::string& line,
                               long n, Answer& out) const {
  std::string hand;
  auto a = score_line(line, s_, hand);
  if (!a) return out.take(error_answer(a.error(), c, n, 5));
  auto sc = compute(rules, hand, *a);
  if (!sc) return out.take(error_answer(sc.error(), c, n, 5));
  if (!c.json) return summary(*sc, out.text);
  append_score_json_text(out.text, *sc, rules, n);
}

int ScoreCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  auto rules = make_rules(c, out, err);
  if (!rules) return kBad;
  if (hand_.size() == 1 && hand_[0] == "-") {
    PipeOptions pipe = pipe_;
    pipe.columns = kColumns;
    pipe.prompt =
        c.chinese ? "计分> " : "score> ";  // at a terminal: one hand a line, answered at once
    return run_pipeline(c, pipe, out, err, [&](const std::string& line, long n, Answer& a) {
      answer_line(c, *rules, line, n, a);
    });
  }
  auto sc = compute(*rules, hand_words(hand_), s_);
  if (!sc) {
    print_error(sc.error(), c, out, err);
    return kBad;
  }
  if (c.json)
    out << score_json_text(*sc, *rules) << '\n';
  else
    print_text(*sc, *rules, c.chinese, c.glyphs, out);
  return sc->win && sc->legal ? kOk : kNo;
}

}  // namespace qianmj::cli
