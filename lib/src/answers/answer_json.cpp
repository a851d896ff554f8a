// answer() over JSON: a request object in, {"schema", "status", "output", "error"?} out.
#include "answer_parts.hpp"
#include "qianmj/answers/layout.hpp"
#include "qianmj/formats/json.hpp"

namespace qianmj {
namespace {

constexpr std::size_t kMaxRequestValues = 100000;

Error bad_field(const std::string& key, const std::string& en, const std::string& zh,
                ErrorCode code = ErrorCode::BadField) {
  return field_error(code, key, en, zh);
}

// One of `names` (its index), or an error naming the key and the choices.
Result<int> choice(const std::string& key, const Json& v,
                   std::initializer_list<const char*> names) {
  std::string list;
  int i = 0;
  for (const char* n : names) {
    if (v.is_string() && v.get<std::string>() == n) return i;
    list += (i++ ? ", " : "") + std::string(n);
  }
  return bad_field(key, "expected one of " + list, "应为以下之一：" + list);
}

// A string, or an array of strings (joined lines, or kept as words).
Result<std::vector<std::string>> strings(const std::string& key, const Json& v) {
  std::vector<std::string> out;
  if (v.is_string()) return std::vector<std::string>{v.get<std::string>()};
  if (v.is_array())
    for (const auto& s : v) {
      if (!s.is_string()) break;
      out.push_back(s.get<std::string>());
    }
  if (!v.is_array() || out.size() != v.size())
    return bad_field(key, "expected a string or an array of strings", "应为字符串或字符串数组");
  return out;
}

// A boolean field of the request: where it goes, or nullptr for a key that is none.
bool* flag_of(Request& r, const std::string& key) {
  if (bool* flag = r.command == Command::Waits || r.command == Command::Advise
                       ? waits_flag(r.waits, key)
                       : nullptr)
    return flag;
  if (bool* flag = situation_flag(r.situation, key)) return flag;
  return key == "to_json"    ? &r.to_json
         : key == "to_words" ? &r.to_words
         : key == "markdown" ? &r.markdown
         : key == "narrow"   ? &r.narrow
         : key == "glyphs"   ? &r.glyphs
         : key == "going_on" ? &r.going_on
                             : nullptr;
}

// A string field: where it goes (and whether it was given), or nullptr.
std::string* text_of(Request& r, const std::string& key) {
  if (key == "win") r.situation.win_given = true;
  if (r.command == Command::Advise && (key == "seen" || key == "sort" || key == "lines"))
    return key == "seen" ? &r.advise.seen : key == "sort" ? &r.advise.sort : &r.advise.lines;
  return key == "rules"    ? &r.rules
         : key == "hand"   ? &r.hand
         : key == "win"    ? &r.situation.win
         : key == "dealer" ? &r.situation.dealer
                           : nullptr;
}

std::optional<Error> read_field(Request& r, const std::string& key, const Json& v) {
  if (bool* flag = flag_of(r, key)) {
    if (!v.is_boolean()) return bad_field(key, "expected true or false", "应为 true 或 false");
    *flag = v.get<bool>();
  } else if (key == "command") {  // read first
  } else if (std::string* text = text_of(r, key)) {
    if (!v.is_string()) return bad_field(key, "expected a string", "应为字符串");
    *text = v.get<std::string>();
  } else if (key == "streak") {  // a number, or text as typed after --streak
    if (!v.is_string() && !v.is_number_integer())
      return bad_field(key, "expected a whole number or a string", "应为整数或字符串");
    r.situation.streak_text = v.is_string() ? v.get<std::string>() : v.dump();
    r.situation.streak_given = true;
  } else if (key == "top" && r.command == Command::Advise) {
    if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > 1000)
      return bad_field(key, "expected a whole number from 0 to 1000", "应为 0 到 1000 的整数");
    r.advise.top = v.get<int>();
  } else if (key == "seat" && v.is_string()) {  // a session's statement: a seat as typed
    r.seat_word = v.get<std::string>();
  } else if (key == "seat") {
    if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > 3)
      return bad_field(key,
                       "expected a seat from 0 to 3 (or, for a session, a seat or name as text)",
                       "应为 0 到 3 的座位（会话也可写座位或玩家名）");
    r.seat = v.get<int>();
  } else if (key == "options" || key == "ids" || key == "table" || key == "session") {
    if (key == "table" && v.is_object()) {
      r.table = v.dump();
      return std::nullopt;
    }
    auto list = strings(key, v);
    if (!list) return list.error();
    if (key == "options") r.options = std::move(*list);
    if (key == "ids") r.rule_ids = std::move(*list);
    if (key == "table" && v.is_string()) r.table = (*list)[0];
    if (key == "table" && !v.is_string()) r.table_words = std::move(*list);
    if (key == "session")
      for (const auto& line : *list) r.session += v.is_string() ? line : line + '\n';
  } else if (key == "rows" || key == "format" || key == "lang") {
    auto c = key == "rows"     ? choice(key, v, {"none", "csv", "tsv"})
             : key == "format" ? choice(key, v, {"text", "json"})
                               : choice(key, v, {"en", "zh"});
    if (!c) return c.error();
    if (key == "rows") r.rows = static_cast<Request::Rows>(*c);
    if (key == "format") r.json = *c == 1;
    if (key == "lang") r.chinese = *c == 1;
  } else {
    return bad_field(key, "unknown field", "未知字段");
  }
  return std::nullopt;
}

// The request a JSON text asks for (docs/answer.md).
Result<Request> read_request(std::string_view text) {
  auto read = read_json(text, kMaxRequestValues);
  if (!read) return read.error();
  const Json& j = *read;
  if (!j.is_object())
    return Error{ErrorCode::BadJson, "a request is a JSON object", "请求应为 JSON 对象"};
  Request r;
  if (!j.contains("command")) return bad_field("command", "required", "必填");
  auto command = choice("command", j["command"],
                        {"score", "waits", "settle", "session", "rules", "words", "advise"});
  if (!command) return command.error();
  r.command = static_cast<Command>(*command);
  for (const auto& entry : j.items())
    if (auto e = read_field(r, entry.key(), entry.value())) return *e;
  return r;
}

std::string reply(const Answer& a) {
  Json j = {{"schema", kSchema}, {"status", a.status}, {"output", a.output}};
  if (a.error) {
    Json e = to_json(*a.error, a.error_rules, a.error_line);
    j["rules"] = e["rules"];
    j["error"] = e["error"];
  }
  return json_text(j);
}

}  // namespace

std::string answer_json(std::string_view request_json) {
  // The rule set an error is reported under: the default one until the request is read.
  std::string rules(default_ruleset().id);
  auto refused = [&](Error e) {
    Answer a;
    a.error = std::move(e);
    a.error_rules = rules;
    a.status = 2;
    return reply(a);
  };
  try {
    auto request = read_request(request_json);
    if (!request) return refused(request.error());
    rules = request->rules_id();
    return reply(answer(*request));
  } catch (const std::exception& e) {  // a bug: still an answer
    return refused(Error{ErrorCode::Internal, e.what(), e.what()});
  }
}

}  // namespace qianmj
