// qianmj advise HAND: for each discard (or a 13-tile hand itself) its 向听, acceptance,
// pattern lines, waits and their worth (ADVICE §3).
#include <iostream>

#include "commands.hpp"
#include "help.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj::cli {

CLI::App* AdviseCommand::add(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "advise", "What to discard: 向听, acceptance, pattern lines and waits for each discard");
  doc(*cmd, "牌理：打哪张——每种打法的向听、进张、牌型路线和听牌");
  add_hand_option(*cmd, hand_, "14 tiles (kong = 3), or 13; - reads one a line",
                  "14 张牌（杠算 3 张），或 13 张；- 从标准输入逐行读取");
  doc(*cmd,
      cmd->add_option("--seen", advise_.seen,
                      "tiles seen elsewhere (rivers, others' melds, a turned tile): only the "
                      "copies left change")
          ->type_name("TILES"),
      "别处已见的牌（牌河、别人的碰杠、翻牌）：只改变剩余张数");
  doc(*cmd, cmd->add_flag("--baoting", baoting_, "value ready rows as if 报听 were declared"),
      "听牌的打法按报听计值");
  doc(*cmd, cmd->add_flag("--dou", dou_, "the player owns a 豆 (kong) not shown as a meld"),
      "有未写成副露的豆（杠）");
  doc(*cmd,
      cmd->add_option("--sort", advise_.sort, "row order: speed (default) or value")
          ->type_name("ORDER"),
      "排序：speed（最快，默认）或 value（价值）", {"speed", "value"});
  doc(*cmd,
      cmd->add_option("--lines", advise_.lines,
                      "pattern lines in text: near (default: within one step), all, none")
          ->type_name("WHICH"),
      "文字输出的牌型路线：near（默认，相差一步以内）、all、none", {"near", "all", "none"});
  doc(*cmd,
      cmd->add_option("--top", advise_.top, "text shows the first N rows only")
          ->type_name("N")
          ->check(CLI::Range(0, 1000)),
      "文字输出只列前 N 种打法");
  add_pipe_options(*cmd, pipe_);
  return cmd;
}

namespace {

// A pipeline answer: hand, 向听 of the best row, the best discards (tied on every key but the
// tile), their acceptance in tiles.
constexpr int kColumns = 4;
void summary(const Advice& a, std::string& out) {
  append_ascii(out, a.hand);
  out += "\t";
  out += a.shanten >= kNoShape ? "-" : std::to_string(a.shanten);
  out += "\t";
  std::string best;
  for (const auto& r : a.rows) {
    const auto& top = a.rows.front();
    if (r.shanten != top.shanten || r.accept.tiles != top.accept.tiles) break;
    if (r.discard) best += (best.empty() ? "" : " ") + r.discard->ascii();
  }
  out += (best.empty() ? "-" : best) + "\t";
  out += a.rows.empty() ? "-" : std::to_string(a.rows.front().accept.tiles);
}

}  // namespace

void AdviseCommand::answer_line(const Common& c, const Ruleset& rules, const std::string& line,
                                long n, Answer& out) const {
  std::string hand;
  auto a = advise_line(line, {{baoting_, dou_}, advise_}, hand);  // a JSON line: seen, sort too
  if (!a) return out.take(error_answer(a.error(), c, n, kColumns));
  auto r = advise_hand(rules, hand, a->waits, a->advise);
  if (!r) return out.take(error_answer(r.error(), c, n, kColumns));
  if (!c.json) return summary(*r, out.text);
  append_advice_json_text(out.text, *r, rules, n);
}

int AdviseCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  if (hand_.size() == 1 && hand_[0] == "-") {
    auto rules = make_rules(c, out, err);
    if (!rules) return kBad;
    PipeOptions pipe = pipe_;
    pipe.columns = kColumns;
    pipe.prompt = c.chinese ? "牌理> " : "advise> ";
    return run_pipeline(c, pipe, out, err, [&](const std::string& line, long n, Answer& a) {
      answer_line(c, *rules, line, n, a);
    });
  }
  Request r = request_of(c, Command::Advise);
  r.hand = hand_words(hand_);
  r.waits = {baoting_, dou_};
  r.advise = advise_;
  return write_answer(answer(r), c, out, err);
}

}  // namespace qianmj::cli
