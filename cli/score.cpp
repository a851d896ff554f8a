// qianmj score HAND: is it a (legal) win, its pattern, add-ons and what each payer pays.
#include <charconv>
#include <iostream>

#include "commands.hpp"
#include "pipeline.hpp"
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
    std::string sum = item_sum(p.items, zh);
    out << "  " << role_text(p.role, zh);
    if (p.dealer && p.role != Payer::Role::Dealer) out << (zh ? "（庄家）" : " (dealer)");
    out << " ×" << p.count << "  " << sum;
    if (p.items.size() > 1) out << " = " << unit_text(p.value, unit, zh);
    else out << (unit == Unit::Fan ? (zh ? " 番" : " fan") : (zh ? " 分" : " points"));
    if (p.covers > 1)
      out << " × " << p.covers << (zh ? "（包" + std::to_string(p.covers) + "家）" : " (for " + std::to_string(p.covers) + " seats)");
    if (unit == Unit::Fan || p.covers > 1) out << " → " << p.points << (zh ? " 分" : " points");
    out << (p.count > 1 ? (zh ? "（每家）" : " each") : "") << '\n';
  }
  out << (zh ? "胡家共收 " : "Winner collects ") << sc.total << (zh ? " 分\n" : " points\n");
}

}  // namespace

CLI::App* ScoreCommand::add(CLI::App& app) {
  auto* cmd = app.add_subcommand("score", "Score a winning hand: pattern, add-ons, payments");
  add_hand_option(*cmd, hand_, "14 tiles (kong = 3), or 13 with --win");
  cmd->add_option_function<std::string>(
         "--win", [this](const std::string& v) { s_.win = v, s_.win_given = true; }, "the winning tile (7p, 7筒)")
      ->type_name("TILE");
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
  cmd->add_option_function<std::string>(
         "--streak", [this](const std::string& v) { s_.streak_text = v, s_.streak_given = true; },
         "连庄 count N (the dealer's extra rounds)")
      ->type_name("N");
  add_pipe_options(*cmd, pipe_);
  return cmd;
}

namespace {

// The situation of the command line or of one pipeline line, checked.
Result<Situation> situation_of(const SituationArgs& a) {
  Situation s;
  s.zimo = a.zimo, s.after_kong = a.after_kong, s.robbing_kong = a.robbing_kong;
  s.baoting = a.baoting, s.payer_baoting = a.payer_baoting, s.tianhu = a.tianhu;
  s.dihu = a.dihu, s.dou = a.dou, s.streak = a.streak;
  if (a.streak_given && a.streak_text.empty())
    return Error{ErrorCode::Usage, "--streak takes a whole number, not ''", "--streak 应为整数，不能为空"};
  if (!a.streak_text.empty()) {
    const char* first = a.streak_text.data();
    const char* last = first + a.streak_text.size();
    auto [end, ec] = std::from_chars(first + (*first == '+'), last, s.streak);
    if (ec == std::errc::result_out_of_range)
      return Error{ErrorCode::OutOfRange, "--streak " + a.streak_text + " is too large to compute exactly (over 2^63)",
                   "--streak " + a.streak_text + " 过大，无法精确计算（超过 2^63）"};
    if (ec != std::errc() || end != last)
      return Error{ErrorCode::Usage, "--streak takes a whole number, not '" + a.streak_text + "'",
                   "--streak 应为整数，而不是“" + a.streak_text + "”"};
  }
  if (a.dealer != "winner" && a.dealer != "payer" && a.dealer != "none")
    return Error{ErrorCode::BadOption, "dealer is winner, payer or none, not '" + a.dealer + "'",
                 "dealer 应为 winner、payer 或 none，而不是“" + a.dealer + "”"};
  s.dealer = a.dealer == "winner" ? DealerRole::Winner : a.dealer == "payer" ? DealerRole::Payer : DealerRole::None;
  if (a.win_given && a.win.empty())
    return Error{ErrorCode::BadTile, "--win takes one tile such as 7p or 7筒, not ''", "--win 应为一张牌，如 7p 或 7筒，不能为空"};
  if (!a.win.empty()) {
    auto t = parse_tile(a.win);
    if (!t) {
      Error e = t.error();
      e.en = "--win: " + e.en;
      e.zh = "--win：" + e.zh;
      return e;
    }
    s.win_tile = *t;
  }
  return s;
}

Result<Score> compute(const Ruleset& rules, const std::string& text, const SituationArgs& a) {
  auto hand = parse_hand(text);
  if (!hand) return hand.error();
  auto s = situation_of(a);
  if (!s) return s.error();
  if (s->win_tile && hand->size() == 13) {
    Tile t = *s->win_tile;
    if (hand->all_copies()[t.index()] >= kCopies)
      return Error{ErrorCode::TooManyCopies, "--win " + t.ascii() + " would be a fifth copy: there are only four",
                   "--win " + t.chinese() + " 将是第五张：每种牌只有四张"};
    *hand = with_tile(*hand, t);
  }
  if (hand->size() != 14) {
    std::string n = std::to_string(hand->size());
    return Error{ErrorCode::WrongTileCount,
                 "score needs 14 tiles (kong = 3), or 13 with --win; this hand has " + n +
                     (hand->size() == 13 ? " (for its waits: qianmj waits)" : ""),
                 "score 需要 14 张牌（杠算 3 张），或 13 张加 --win；此手牌有 " + n + " 张" +
                     (hand->size() == 13 ? "（查叫请用 qianmj waits）" : "")};
  }
  return rules.score(*hand, *s);
}

// A pipeline line in JSON: {"hand": ..., "win": ..., "zimo": true, ...} over the defaults.
Result<SituationArgs> read_line_object(const Json& j, SituationArgs a, std::string& hand) {
  if (!j.is_object()) return Error{ErrorCode::BadJson, "a line is a hand or a JSON object", "每行应为手牌或 JSON 对象"};
  for (const auto& entry : j.items()) {
    const std::string& key = entry.key();  // not a structured binding: clang 14 lambdas cannot capture one
    const Json& v = entry.value();
    auto field = [&](const char* want, const char* want_zh, bool ok) -> std::optional<Error> {
      if (ok) return std::nullopt;
      Error e{ErrorCode::BadField, std::string("expected ") + want, std::string("应为") + want_zh};
      e.field = key;
      return e;
    };
    std::optional<Error> e;
    bool* flag = key == "zimo" ? &a.zimo : key == "after_kong" ? &a.after_kong : key == "robbing_kong" ? &a.robbing_kong
               : key == "baoting" ? &a.baoting : key == "payer_baoting" ? &a.payer_baoting : key == "tianhu" ? &a.tianhu
               : key == "dihu" ? &a.dihu : key == "dou" ? &a.dou : nullptr;
    if (flag) {
      if (!(e = field("true or false", "true 或 false", v.is_boolean()))) *flag = v.get<bool>();
    } else if (key == "hand" || key == "win" || key == "dealer") {
      if (!(e = field("a string", "字符串", v.is_string())))
        (key == "hand" ? hand : key == "win" ? a.win : a.dealer) = v.get<std::string>();
      a.win_given = a.win_given || key == "win";
    } else if (key == "streak") {
      if (!(e = field("a whole number from 0", "不小于 0 的整数", v.is_number_integer()))) {
        if (v.is_number_unsigned() && v.get<std::uint64_t>() > INT64_MAX) {  // as --streak and settle say
          e = Error{ErrorCode::OutOfRange, "the streak is too large to compute exactly (over 2^63)",
                    "连庄数过大，无法精确计算（超过 2^63）"};
          e->field = key;
        } else {
          a.streak = v.get<std::int64_t>();
        }
      }
    } else {
      e = Error{ErrorCode::BadField, "unknown field", "未知字段"};
      e->field = key;
    }
    if (e) return *e;
  }
  if (!j.contains("hand")) {
    Error e{ErrorCode::BadField, "required", "必填"};
    e.field = "hand";
    return e;
  }
  return a;
}

std::string summary(const Score& sc, bool zh) {
  std::string out = to_ascii(sc.hand) + "\t" + (sc.win ? (sc.legal ? "win" : "illegal") : "not-win");
  out += "\t";
  out += sc.pattern ? (zh ? sc.pattern->zh : sc.pattern->id) : std::string_view("-");
  out += "\t" + (sc.pattern ? std::to_string(sc.pattern->value) : std::string("-"));
  out += "\t" + std::to_string(sc.total);
  return out;
}

}  // namespace

Answer ScoreCommand::answer_line(const Common& c, const Ruleset& rules, const std::string& line, long n) const {
  std::string hand = line;
  SituationArgs a = s_;
  if (auto request = json_request(line)) {
    if (!*request) return error_answer(request->error(), c, n);
    auto r = read_line_object(**request, a, hand);
    if (!r) return error_answer(r.error(), c, n);
    a = *r;
  }
  auto sc = compute(rules, hand, a);
  if (!sc) return error_answer(sc.error(), c, n);
  if (!c.json) return {summary(*sc, c.chinese), false};
  Json j = to_json(*sc, rules);
  j["line"] = n;
  return {j.dump(-1, ' ', false, Json::error_handler_t::replace), false};
}

int ScoreCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  auto rules = make_rules(c, out, err);
  if (!rules) return kBad;
  if (hand_.size() == 1 && hand_[0] == "-") {
    PipeOptions pipe = pipe_;
    pipe.prompt = c.chinese ? "计分> " : "score> ";  // at a terminal: one hand a line, answered at once
    return run_pipeline(c, pipe, out, err, [&](const std::string& line, long n) { return answer_line(c, *rules, line, n); });
  }
  auto sc = compute(*rules, hand_words(hand_), s_);
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
