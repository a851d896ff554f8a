// qianmj waits HAND: ready or not, each wait with remaining copies and value, the 大叫.
#include <iostream>

#include "commands.hpp"
#include "help.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj::cli {

CLI::App* WaitsCommand::add(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "waits", "What a 13-tile hand waits on; for 14 tiles, each discard that leaves it ready");
  doc(*cmd, "查叫：13 张牌听什么；14 张时，打哪张能听、听什么");
  add_hand_option(*cmd, hand_, "13 tiles (kong = 3), or 14; - reads one a line",
                  "13 张牌（杠算 3 张），或 14 张；- 从标准输入逐行读取");
  doc(*cmd,
      cmd->add_flag("--baoting", baoting_,
                    "the player declared 报听 (a 平胡 may then win off a discard)"),
      "已报听（平胡也可胡别人打的牌）");
  doc(*cmd, cmd->add_flag("--dou", dou_, "the player owns a 豆 (kong) not shown as a meld"),
      "有未写成副露的豆（杠）");
  add_pipe_options(*cmd, pipe_);
  return cmd;
}

namespace {

// A pipeline answer: hand, ready/not-ready, live waits, 大叫 (error rows keep these four
// columns).
constexpr int kColumns = 4;
void summary(const WaitsResult& r, std::string& out) {
  append_ascii(out, r.hand);
  out += "\t";
  out += r.ready() ? "ready" : "not-ready";
  out += "\t";
  if (r.waits) {
    std::string tiles;
    for (const auto& v : r.waits->waits)
      if (v.wait.live) tiles += (tiles.empty() ? "" : " ") + v.wait.tile.ascii();
    out += (tiles.empty() ? "-" : tiles) + "\t" +
           (r.waits->dajiao ? std::to_string(r.waits->dajiao->value) : "-");
  } else {
    std::string tiles;
    for (const auto& d : r.discards) tiles += (tiles.empty() ? "" : " ") + d.discard.ascii();
    out += (tiles.empty() ? "-" : tiles) + "\t-";
  }
}

}  // namespace

void WaitsCommand::answer_line(const Common& c, const Ruleset& rules, const std::string& line,
                               long n, Answer& out) const {
  std::string hand;
  auto a = waits_line(line, {baoting_, dou_}, hand);
  if (!a) return out.take(error_answer(a.error(), c, n, 4));
  auto r = waits_hand(rules, hand, *a);
  if (!r) return out.take(error_answer(r.error(), c, n, 4));
  if (!c.json) return summary(*r, out.text);
  if (r->waits) {
    add_shanten(rules, *r->waits);  // ADVICE §3.1: the 向听, and the acceptance when not ready
    append_waits_json_text(out.text, *r->waits, rules, n);
  } else
    append_discards_json_text(out.text, r->hand, r->discards, rules, n);
}

int WaitsCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  if (hand_.size() == 1 && hand_[0] == "-") {
    auto rules = make_rules(c, out, err);
    if (!rules) return kBad;
    PipeOptions pipe = pipe_;
    pipe.columns = kColumns;
    pipe.prompt =
        c.chinese ? "查叫> " : "waits> ";  // at a terminal: one hand a line, answered at once
    return run_pipeline(c, pipe, out, err, [&](const std::string& line, long n, Answer& a) {
      answer_line(c, *rules, line, n, a);
    });
  }
  Request r = request_of(c, Command::Waits);
  r.hand = hand_words(hand_);
  r.waits = {baoting_, dou_};
  return write_answer(answer(r), c, out, err);
}

}  // namespace qianmj::cli
