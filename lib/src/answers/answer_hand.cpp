// The answers about one hand (score, waits) and about the rules, for answer().
#include <cctype>
#include <sstream>

#include "answer_parts.hpp"
#include "qianmj/answers/layout.hpp"
#include "qianmj/answers/rule_texts.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj {

const std::string& Request::rules_id() const {
  static const std::string kDefault(default_ruleset().id);
  return rules.empty() ? kDefault : rules;
}

Result<std::unique_ptr<Ruleset>> request_ruleset(const Request& r) {
  return ruleset_with_options(r.rules_id(), r.options);
}

Result<std::unique_ptr<Ruleset>> ruleset_with_options(const std::string& id,
                                                      const std::vector<std::string>& assignments) {
  Options options(find_ruleset(id) ? id : std::string());
  for (const auto& a : assignments) {
    if (auto e = options.set_assignment(a)) {
      e->field.clear();  // from --rule, not from a table's "options"
      return *e;
    }
  }
  auto rules = build_ruleset(id, std::move(options));
  if (!rules) {
    Error e = rules.error();
    e.field.clear();
    return e;
  }
  return std::move(*rules);
}

Result<Score> score_hand(const Ruleset& rules, std::string_view text, const SituationArgs& given) {
  SituationArgs a = given;
  std::string rest;
  const std::string_view hand_text = take_situation_words(text, a, rest);  // 自摸 庄家 连庄3 …
  auto request = score_request(hand_text, a, flag_name);
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

Result<WaitsResult> waits_hand(const Ruleset& rules, std::string_view text, WaitsArgs a) {
  std::string rest;
  auto hand = parse_hand(take_waits_words(text, a, rest));  // 报听
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

namespace {

Error bad_choice(std::string_view flag, const std::string& got, std::string_view choices) {
  const std::string f(flag), c(choices);
  return Error{ErrorCode::BadOption, f + " " + got + ": expected one of " + c,
               f + " " + got + "：应为以下之一：" + c};
}

}  // namespace

Result<Advice> advise_hand(const Ruleset& rules, std::string_view text, WaitsArgs a,
                           const AdviseArgs& o) {
  AdviceSort sort = AdviceSort::Speed;
  if (o.sort == "value")
    sort = AdviceSort::Value;
  else if (o.sort != "speed")
    return bad_choice("--sort", o.sort, "speed, value");
  if (!o.lines.empty() && o.lines != "near" && o.lines != "all" && o.lines != "none")
    return bad_choice("--lines", o.lines, "near, all, none");
  std::string rest;
  auto hand = parse_hand(take_waits_words(text, a, rest));  // 报听
  if (!hand) return hand.error();
  AdviceArgs args;
  args.baoting = a.baoting;
  args.dou = a.dou;
  if (!o.seen.empty()) {
    auto seen = parse_tile_list(o.seen);
    if (!seen) {
      Error e = seen.error();
      e.en = "--seen: " + e.en;
      e.zh = "--seen：" + e.zh;
      return e;
    }
    args.seen = *seen;
  }
  return advise(rules, *hand, args, sort);
}

namespace detail {

Answer advise_answer(const Request& r, const Ruleset& rules) {
  auto adv = advise_hand(rules, r.hand, r.waits, r.advise);
  if (!adv) return failed(r, adv.error(), r.rules_id());
  Answer a;
  if (r.json) {
    a.output = advice_json_text(*adv, rules) + '\n';
  } else {
    const AdviceLines lines = r.advise.lines == "all"    ? AdviceLines::All
                              : r.advise.lines == "none" ? AdviceLines::None
                                                         : AdviceLines::Near;
    std::ostringstream out;
    // narrow (--narrow, or a narrow terminal): lines wrapped within its width, 40 if unknown
    const int columns = r.narrow ? (r.columns > 0 ? r.columns : 40) : 0;
    advice_text(*adv, rules, r.chinese, r.glyphs, lines, r.advise.top, out, columns);
    a.output = out.str();
  }
  a.status = adv->ready() ? 0 : 1;
  return a;
}

Answer score_answer(const Request& r, const Ruleset& rules) {
  auto sc = score_hand(rules, r.hand, r.situation);
  if (!sc) return failed(r, sc.error(), r.rules_id());
  Answer a;
  if (r.json) {
    a.output = score_json_text(*sc, rules) + '\n';
  } else {
    std::ostringstream out;
    score_text(*sc, rules, r.chinese, r.glyphs, out);
    a.output = out.str();
  }
  a.status = sc->win && sc->legal ? 0 : 1;
  return a;
}

Answer waits_answer(const Request& r, const Ruleset& rules) {
  auto w = waits_hand(rules, r.hand, r.waits);
  if (!w) return failed(r, w.error(), r.rules_id());
  if (w->waits) add_shanten(rules, *w->waits);  // ADVICE §3.1
  Answer a;
  if (r.json) {
    a.output = (w->waits ? waits_json_text(*w->waits, rules)
                         : discards_json_text(w->hand, w->discards, rules)) +
               '\n';
  } else {
    std::ostringstream out;
    if (w->waits)
      waits_text(*w->waits, rules, r.chinese, r.glyphs, out);
    else
      discards_text(w->hand, w->discards, rules, r.chinese, r.glyphs, out);
    a.output = out.str();
  }
  a.status = w->ready() ? 0 : 1;
  return a;
}

Answer failed(const Request& r, const Error& e, const std::string& rules_id, long line,
              std::string output) {
  Answer a;
  a.output = std::move(output);
  if (r.json) (a.output += error_json_text(e, rules_id, line)) += '\n';
  a.error = e;
  a.error_rules = rules_id;
  a.error_line = line;
  a.status = 2;
  return a;
}

}  // namespace detail

Answer answer(const Request& r) {
  using namespace detail;
  try {
    if (r.command == Command::Settle) return settle_request_answer(r);
    if (r.command == Command::Session) return session_answer(r);
    if (r.command == Command::Words) return words_answer(r);
    auto rules = request_ruleset(r);
    if (!rules) return failed(r, rules.error(), r.rules_id());
    if (r.command == Command::Score) return score_answer(r, **rules);
    if (r.command == Command::Waits) return waits_answer(r, **rules);
    if (r.command == Command::Advise) return advise_answer(r, **rules);
    return rules_answer(r, **rules);
  } catch (const std::exception& e) {  // a bug: an answer, never an exception
    return failed(r, Error{ErrorCode::Internal, e.what(), e.what()}, r.rules_id());
  }
}

}  // namespace qianmj
