// qianmj score HAND: is it a (legal) win, its pattern, add-ons and what each payer pays.
#include <unistd.h>

#include <iostream>

#include "commands.hpp"
#include "help.hpp"
#include "pipeline.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj::cli {

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
  const int columns = explain_ ? 0 : kColumns;
  if (!a) return out.take(error_answer(a.error(), c, n, columns));
  auto sc = score_hand(rules, hand, *a);
  if (!sc) return out.take(error_answer(sc.error(), c, n, columns));
  if (explain_) {  // at a terminal: the answer as `score HAND` gives it, not a row
    Request r = request_of(c, Command::Score);
    r.hand = hand;
    r.situation = *a;
    out.text = answer(r).output;
    while (!out.text.empty() && out.text.back() == '\n') out.text.pop_back();
    return;
  }
  if (!c.json) return summary(*sc, out.text);
  append_score_json_text(out.text, *sc, rules, n);
}

int ScoreCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  if (hand_.size() == 1 && hand_[0] == "-") {
    auto rules = make_rules(c, out, err);
    if (!rules) return kBad;
    PipeOptions pipe = pipe_;
    pipe.columns = kColumns;
    pipe.prompt =
        c.chinese ? "计分> " : "score> ";  // at a terminal: one hand a line, answered at once
    // A person at a terminal reads the explanation; a pipeline keeps its rows.
    explain_ = !c.json && ::isatty(0) && ::isatty(1);
    if (explain_) pipe.columns = 0;
    return run_pipeline(c, pipe, out, err, [&](const std::string& line, long n, Answer& a) {
      answer_line(c, *rules, line, n, a);
    });
  }
  Request r = request_of(c, Command::Score);
  r.hand = hand_words(hand_);
  r.situation = s_;
  return write_answer(answer(r), c, out, err);
}

}  // namespace qianmj::cli
