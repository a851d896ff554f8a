// qianmj waits HAND: ready or not, each wait with remaining copies and value, the 大叫.
#include <iostream>

#include "commands.hpp"
#include "help.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj::cli {
namespace {

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

void print_text(const WaitsAnswer& w, const Ruleset& rules, bool zh, bool glyphs,
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
  } else if (w.reason) {  // analyze_waits says why whenever waits do not make the hand ready
    out << (zh ? "未听牌：" : "Not ready: ") << w.reason->in(zh) << '\n';
  } else {
    out << (zh ? "未听牌\n" : "Not ready\n");
  }
  print_waits(w, rules, zh, out, "  ");
}

void print_text(const Hand& hand, const std::vector<DiscardAnswer>& discards, const Ruleset& rules,
                bool glyphs, bool zh, std::ostream& out) {
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

}  // namespace

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

struct WaitsResult {
  Hand hand;
  std::optional<WaitsAnswer> waits;     // 13 tiles
  std::vector<DiscardAnswer> discards;  // 14 tiles
  bool ready() const { return waits ? waits->ready : !discards.empty(); }
};

Result<WaitsResult> compute(const Ruleset& rules, const std::string& text, WaitsArgs a) {
  auto hand = parse_hand(text);
  if (!hand) return hand.error();
  Situation s;
  s.field_name = flag_name;
  s.baoting = a.baoting;
  s.dou = a.dou;
  WaitsResult r{*hand, std::nullopt, {}};
  if (hand->size() == 13)
    r.waits = analyze_waits(rules, *hand, s);
  else if (hand->size() == 14)
    r.discards = analyze_discards(rules, *hand, s);
  else {
    std::string n = std::to_string(hand->size());
    return Error{ErrorCode::WrongTileCount,
                 "waits needs 13 tiles (kong = 3), or 14 to choose a discard; this hand has " + n,
                 "waits 需要 13 张牌（杠算 3 张），或 14 张以选择打哪张；此手牌有 " + n + " 张"};
  }
  return r;
}

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
  auto r = compute(rules, hand, *a);
  if (!r) return out.take(error_answer(r.error(), c, n, 4));
  if (!c.json) return summary(*r, out.text);
  if (r->waits)
    append_waits_json_text(out.text, *r->waits, rules, n);
  else
    append_discards_json_text(out.text, r->hand, r->discards, rules, n);
}

int WaitsCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  auto rules = make_rules(c, out, err);
  if (!rules) return kBad;
  if (hand_.size() == 1 && hand_[0] == "-") {
    PipeOptions pipe = pipe_;
    pipe.columns = kColumns;
    pipe.prompt =
        c.chinese ? "查叫> " : "waits> ";  // at a terminal: one hand a line, answered at once
    return run_pipeline(c, pipe, out, err, [&](const std::string& line, long n, Answer& a) {
      answer_line(c, *rules, line, n, a);
    });
  }
  auto r = compute(*rules, hand_words(hand_), {baoting_, dou_});
  if (!r) {
    print_error(r.error(), c, out, err);
    return kBad;
  }
  if (c.json)
    out << (r->waits ? waits_json_text(*r->waits, *rules)
                     : discards_json_text(r->hand, r->discards, *rules))
        << '\n';
  else if (r->waits)
    print_text(*r->waits, *rules, c.chinese, c.glyphs, out);
  else
    print_text(r->hand, r->discards, *rules, c.glyphs, c.chinese, out);
  return r->ready() ? kOk : kNo;
}

}  // namespace qianmj::cli
