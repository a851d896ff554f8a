#include "qianmj/formats/request.hpp"

#include <charconv>
#include <climits>
#include <initializer_list>

#include "qianmj/core/analysis.hpp"
#include "qianmj/engine/settle.hpp"  // field_error
#include "qianmj/formats/notation.hpp"
#include "qianmj/formats/table_words.hpp"

namespace qianmj {

namespace {

std::string named(std::string (*field_name)(std::string_view), std::string_view field) {
  return field_name ? field_name(field) : std::string(field);
}

bool same_word(std::string_view w, std::initializer_list<std::string_view> spellings) {
  for (auto s : spellings) {
    if (w.size() != s.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < w.size() && same; ++i) {
      auto lower = [](char c) {
        return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
      };
      same = lower(w[i]) == s[i];
    }
    if (same) return true;
  }
  return false;
}

// What follows one of `keys` at the start of `w` (连庄3, streak:3, 胡7筒, win:7p), or nullopt.
std::optional<std::string_view> after_key(std::string_view w,
                                          std::initializer_list<std::string_view> keys) {
  for (auto k : keys) {
    if (w.size() <= k.size() || !same_word(w.substr(0, k.size()), {k})) continue;
    std::string_view rest = w.substr(k.size());
    for (std::string_view sep : {":", "=", "：", "×"})
      if (rest.substr(0, sep.size()) == sep) rest.remove_prefix(sep.size());
    if (!rest.empty()) return rest;
  }
  return std::nullopt;
}

// The words of `hand_text` that `take` (true: a situation word it has set) leaves, joined with a
// space in `rest`; the text itself when it takes none. Nothing is copied until a word is taken:
// a line that is only a hand (a pipeline's usual line) costs one pass over it.
template <class Take>
std::string_view take_words(std::string_view hand_text, Take take, std::string& rest) {
  struct State {
    std::string_view text;
    Take& take;
    std::string& rest;
    bool took = false;
    void append(std::string_view w) {
      if (!rest.empty()) rest += ' ';
      rest += w;
    }
  } state{hand_text, take, rest, false};
  rest.clear();
  each_word(
      hand_text,
      [](void* context, std::string_view w) {
        auto& s = *static_cast<State*>(context);
        if (s.take(w)) {
          if (!s.took) {  // the words before it, none of them taken
            s.took = true;
            each_word(
                s.text.substr(0, static_cast<std::size_t>(w.data() - s.text.data())),
                [](void* c, std::string_view before) { static_cast<State*>(c)->append(before); },
                &s);
          }
          return;
        }
        if (s.took) s.append(w);
      },
      &state);
  return state.took ? std::string_view(rest) : hand_text;
}

}  // namespace

namespace {
// No situation word starts with a digit, and a hand mostly does: those are not looked up.
bool may_be_situation_word(std::string_view w) {
  return !w.empty() && !(w[0] >= '0' && w[0] <= '9');
}
}  // namespace

std::string_view take_situation_words(std::string_view hand_text, SituationArgs& a,
                                      std::string& rest) {
  return take_words(
      hand_text,
      [&](std::string_view w) {
        if (!may_be_situation_word(w)) return false;
        if (same_word(w, {"自摸", "zimo"})) return a.zimo = true;
        if (same_word(w, {"杠上花", "杠上开花", "gangshanghua"}))
          return a.zimo = a.after_kong = true;
        if (same_word(w, {"杠上炮", "gangshangpao"})) return a.after_kong = true;
        if (same_word(w, {"抢杠", "qianggang", "robbing"})) return a.robbing_kong = true;
        if (same_word(w, {"报听", "baoting"})) return a.baoting = true;
        if (same_word(w, {"天胡", "天和", "tianhu"})) return a.tianhu = true;
        if (same_word(w, {"地胡", "地和", "dihu"})) return a.dihu = true;
        if (same_word(w, {"庄家", "庄", "dealer"})) {
          a.dealer = "winner";
          return true;
        }
        if (auto n = after_key(w, {"连庄", "streak"})) {
          a.streak_text = std::string(*n), a.streak_given = true;
          return true;
        }
        if (auto t = after_key(w, {"胡", "win"})) {
          a.win = std::string(*t), a.win_given = true;
          return true;
        }
        return false;
      },
      rest);
}

std::string_view take_waits_words(std::string_view hand_text, WaitsArgs& a, std::string& rest) {
  return take_words(
      hand_text,
      [&](std::string_view w) {
        return may_be_situation_word(w) && same_word(w, {"报听", "baoting"}) && (a.baoting = true);
      },
      rest);
}

bool* situation_flag(SituationArgs& a, std::string_view key) {
  return key == "zimo"            ? &a.zimo
         : key == "after_kong"    ? &a.after_kong
         : key == "robbing_kong"  ? &a.robbing_kong
         : key == "baoting"       ? &a.baoting
         : key == "payer_baoting" ? &a.payer_baoting
         : key == "tianhu"        ? &a.tianhu
         : key == "dihu"          ? &a.dihu
         : key == "dou"           ? &a.dou
                                  : nullptr;
}

bool* waits_flag(WaitsArgs& a, std::string_view key) {
  return key == "baoting" ? &a.baoting : key == "dou" ? &a.dou : nullptr;
}

std::string flag_name(std::string_view field) {
  std::string flag = "--" + std::string(field);
  for (auto& ch : flag)
    if (ch == '_') ch = '-';
  return flag;
}

Result<Situation> read_situation(const SituationArgs& a,
                                 std::string (*field_name)(std::string_view)) {
  Situation s;
  s.field_name = field_name;
  s.zimo = a.zimo, s.after_kong = a.after_kong, s.robbing_kong = a.robbing_kong;
  s.baoting = a.baoting, s.payer_baoting = a.payer_baoting, s.tianhu = a.tianhu;
  s.dihu = a.dihu, s.dou = a.dou, s.streak = a.streak;
  // The fields' names as the caller spells them, made only for an error.
  auto streak = [&] { return named(field_name, "streak"); };
  auto win = [&] { return named(field_name, "win"); };
  if (a.streak_given && a.streak_text.empty())
    return Error{ErrorCode::Usage, streak() + " takes a whole number, not ''",
                 streak() + " 应为整数，不能为空"};
  if (!a.streak_text.empty()) {
    const char* first = a.streak_text.data();
    const char* last = first + a.streak_text.size();
    auto [end, ec] = std::from_chars(first, last, s.streak);
    // Written plainly: no '+', no leading zero, no -0 (a mistyped 05 or +5 is not a count).
    const std::string_view t = a.streak_text;
    if (t[0] == '+' || (t.size() > 1 && t[0] == '0') || t.starts_with("-0"))
      ec = std::errc::invalid_argument;
    if (ec == std::errc::result_out_of_range)
      return Error{ErrorCode::OutOfRange,
                   streak() + " " + a.streak_text + " is too large to compute exactly (over 2^63)",
                   streak() + " " + a.streak_text + " 过大，无法精确计算（超过 2^63）"};
    if (ec != std::errc() || end != last)
      return Error{ErrorCode::Usage,
                   streak() + " takes a whole number, not '" + a.streak_text + "'",
                   streak() + " 应为整数，而不是“" + a.streak_text + "”"};
  }
  if (a.dealer != "winner" && a.dealer != "payer" && a.dealer != "none")
    return Error{ErrorCode::BadOption, "dealer is winner, payer or none, not '" + a.dealer + "'",
                 "dealer 应为 winner、payer 或 none，而不是“" + a.dealer + "”"};
  s.dealer = a.dealer == "winner"  ? DealerRole::Winner
             : a.dealer == "payer" ? DealerRole::Payer
                                   : DealerRole::None;
  if (a.win_given && a.win.empty())
    return Error{ErrorCode::BadTile, win() + " takes one tile such as 7p or 7筒, not ''",
                 win() + " 应为一张牌，如 7p 或 7筒，不能为空"};
  if (!a.win.empty()) {
    auto t = parse_tile(a.win);
    if (!t) {
      Error e = t.error();
      e.en = win() + ": " + e.en;
      e.zh = win() + "：" + e.zh;
      return e;
    }
    s.win_tile = *t;
  }
  return s;
}

Result<ScoreRequest> score_request(std::string_view hand_text, const SituationArgs& a,
                                   std::string (*field_name)(std::string_view)) {
  auto hand = parse_hand(hand_text);
  if (!hand) return hand.error();
  auto s = read_situation(a, field_name);
  if (!s) return s.error();
  if (s->win_tile && hand->size() == 13) {
    Tile t = *s->win_tile;
    const std::string win = named(field_name, "win");
    if (hand->all_copies()[t.index()] >= kCopies)
      return Error{ErrorCode::TooManyCopies,
                   win + " " + t.ascii() + " would be a fifth copy: there are only four",
                   win + " " + t.chinese() + " 将是第五张：每种牌只有四张"};
    *hand = with_tile(*hand, t);
  }
  return ScoreRequest{std::move(*hand), std::move(*s)};
}

std::optional<Result<Json>> json_request(const std::string& line) {
  auto first = line.find_first_not_of(" \t");
  if (first == std::string::npos || line[first] != '{') return std::nullopt;
  // Through the gate every JSON input passes: its depth, a key twice (as in settle). A line
  // is at most 1 MiB: its DOM stays small.
  return read_json(line, std::size_t{1} << 20);
}

Result<SituationArgs> score_line(const std::string& line, SituationArgs a, std::string& hand) {
  hand = line;
  auto request = json_request(line);
  if (!request) return a;
  if (!*request) return request->error();
  const Json& j = **request;
  if (!j.is_object())
    return Error{ErrorCode::BadJson, "a line is a hand or a JSON object",
                 "每行应为手牌或 JSON 对象"};
  for (const auto& entry : j.items()) {
    const std::string& key =
        entry.key();  // not a structured binding: clang 14 lambdas cannot capture one
    const Json& v = entry.value();
    auto field = [&](const char* want, const char* want_zh, bool ok) -> std::optional<Error> {
      if (ok) return std::nullopt;
      return field_error(ErrorCode::BadField, key, std::string("expected ") + want,
                         std::string("应为") + want_zh);
    };
    std::optional<Error> e;
    if (bool* flag = situation_flag(a, key)) {
      if (!(e = field("true or false", "true 或 false", v.is_boolean()))) *flag = v.get<bool>();
    } else if (key == "hand" || key == "win" || key == "dealer") {
      if (!(e = field("a string", "字符串", v.is_string())))
        (key == "hand" ? hand : key == "win" ? a.win : a.dealer) = v.get<std::string>();
      a.win_given = a.win_given || key == "win";
    } else if (key == "streak") {
      if (!(e = field("a whole number from 0", "不小于 0 的整数", v.is_number_integer()))) {
        if (v.is_number_unsigned() &&
            v.get<std::uint64_t>() > INT64_MAX)  // as --streak and settle say
          e = field_error(ErrorCode::OutOfRange, key,
                          "the streak is too large to compute exactly (over 2^63)",
                          "连庄数过大，无法精确计算（超过 2^63）");
        else
          a.streak = v.get<std::int64_t>();
      }
    } else {
      e = field_error(ErrorCode::BadField, key, "unknown field", "未知字段");
    }
    if (e) return *e;
  }
  if (!j.contains("hand")) return field_error(ErrorCode::BadField, "hand", "required", "必填");
  return a;
}

namespace {

// A pipeline line that is a hand or a JSON object with "hand": its other keys go to `field`,
// which says what was wrong with one (unknown, or of the wrong type) or nothing.
template <class Field>
std::optional<Error> read_hand_line(const std::string& line, std::string& hand, Field&& field) {
  hand = line;
  auto request = json_request(line);
  if (!request) return std::nullopt;
  if (!*request) return request->error();
  const Json& j = **request;
  if (!j.is_object() || !j.contains("hand") || !j["hand"].is_string())
    return field_error(ErrorCode::BadField, "hand", "a JSON line needs \"hand\" as a string",
                       "JSON 行需要字符串字段 hand");
  for (const auto& [key, v] : j.items())
    if (key != "hand")
      if (auto e = field(key, v)) return e;
  hand = j["hand"].get<std::string>();
  return std::nullopt;
}

std::optional<Error> waits_field(WaitsArgs& a, const std::string& key, const Json& v) {
  bool* flag = waits_flag(a, key);
  if (!flag || !v.is_boolean())
    return field_error(ErrorCode::BadField, key, flag ? "expected true or false" : "unknown field",
                       flag ? "应为 true 或 false" : "未知字段");
  *flag = v.get<bool>();
  return std::nullopt;
}

}  // namespace

Result<WaitsArgs> waits_line(const std::string& line, WaitsArgs a, std::string& hand) {
  if (auto e = read_hand_line(line, hand, [&](const std::string& key, const Json& v) {
        return waits_field(a, key, v);
      }))
    return *e;
  return a;
}

Result<AdviseLine> advise_line(const std::string& line, AdviseLine a, std::string& hand) {
  if (auto e = read_hand_line(
          line, hand, [&](const std::string& key, const Json& v) -> std::optional<Error> {
            if (key != "seen" && key != "sort") return waits_field(a.waits, key, v);
            if (!v.is_string())
              return field_error(ErrorCode::BadField, key, "expected a string", "应为字符串");
            (key == "seen" ? a.advise.seen : a.advise.sort) = v.get<std::string>();
            return std::nullopt;
          }))
    return *e;
  return a;
}

}  // namespace qianmj
