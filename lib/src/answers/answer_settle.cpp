// qianmj settle: a table's ledger, a seat's statement, or the table itself in JSON or words.
#include <sstream>

#include "answer_parts.hpp"
#include "qianmj/answers/layout.hpp"
#include "qianmj/answers/session.hpp"
#include "qianmj/core/terminal_text.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/formats/table_words.hpp"

namespace qianmj {
namespace {

// The rule set of a table: the one made for the table before when its rules and house rules
// are the same (the tables of a file mostly share them), else a new one. One a thread (-j).
Result<const Ruleset*> table_ruleset(const Table& table) {
  struct Made {
    std::string rules;
    Options options;
    std::unique_ptr<Ruleset> ruleset;
  };
  thread_local std::optional<Made> last;
  if (last && last->rules == table.rules && last->options == table.options)
    return last->ruleset.get();
  auto made = build_ruleset(table.rules, table.options);
  if (!made) return made.error();
  last = Made{table.rules, table.options, std::move(*made)};
  return last->ruleset.get();
}

// The table itself, as JSON or in words (--to-json, --to-words).
Result<std::string> table_itself(const Table& table, const Request& r) {
  if (table.declared())  // its JSON keys and words back are not written yet
    return Error{ErrorCode::BadField,
                 "a declared table (a pattern said instead of tiles) is not written back as JSON "
                 "or words yet",
                 "报称牌型的一局暂不能转写为 JSON 或文字"};
  if (r.to_json)  // the table alone (no "line"): settle reads it back as it is
    return json_text(table_to_json(table)) + '\n';
  auto w = table_to_words(table, r.chinese);
  if (!w)
    return Error{ErrorCode::BadField,
                 "this table holds what words cannot say (a name with spaces or marks)",
                 "此牌局含有文字无法表达的内容（名字中有空格或符号）"};
  return *w + '\n';
}

// The seat the request's statement is for: Request::seat, or its seat_word read at this table
// (a seat word, or one of the players' names).
Result<int> statement_seat(const Table& table, const Request& r) {
  if (r.seat_word.empty()) return r.seat;
  std::array<std::string, kSeats> names;
  for (std::size_t s = 0; s < kSeats; ++s) names[s] = table.seats[s].name;
  if (auto seat = session_seat(r.seat_word, names)) return *seat;
  return Error{
      ErrorCode::Usage,
      "--seat " + r.seat_word +
          ": no such seat or player here (东 南 西 北, E S W N, 0-3 or a player's name)",
      "--seat " + r.seat_word + "：没有这个座位或玩家（东南西北、E S W N、0–3 或玩家名字）"};
}

// The answer of a table read from JSON or from words: its rule set, house rules from the
// request, the ledger (or the table itself), written as asked.
Result<std::string> answer_table(Table& table, const WordsTable* words, const Request& r, long line,
                                 std::string& rules_id) {
  auto at_word = [&](Error e) { return words ? words->at_word(std::move(e)) : e; };
  if (table.rules.empty()) table.rules = r.rules_id();  // --rules, or the default rule set
  rules_id = table.rules;
  if (!r.rules.empty() && r.rules != table.rules) {
    Error e{ErrorCode::Inconsistent, "--rules " + r.rules + " but the table says " + table.rules,
            "--rules " + r.rules + " 与输入中的规则 " + table.rules + " 不一致"};
    e.field = "rules";
    return at_word(e);
  }
  for (const auto& a : r.options)
    if (auto e = table.options.set_assignment(a)) return *e;
  if (r.to_json || r.to_words) return table_itself(table, r);
  auto rules = table_ruleset(table);
  if (!rules) {
    Error e = rules.error();
    if (e.field.empty()) e.field = "rules";
    return at_word(e);
  }
  auto ledger = settle(**rules, table);
  if (!ledger) return at_word(ledger.error());
  auto statement = statement_seat(table, r);
  if (!statement) return statement.error();
  const int seat = *statement;
  if (r.json) {  // the answer's text, without a stream
    std::string text = seat >= 0 ? statement_json_text(*ledger, table, **rules, seat, line)
                                 : ledger_json_text(*ledger, table, **rules, line);
    text += '\n';
    return text;
  }
  if (r.rows != Request::Rows::None) {  // spreadsheet rows; the heading is the caller's
    std::string rows;
    append_settle_rows(rows, *ledger, table, line > 0 ? line : 1, seat,
                       r.rows == Request::Rows::Csv ? ',' : '\t', r.chinese);
    return rows;
  }
  std::ostringstream out;
  if (seat >= 0)
    statement_text(*ledger, table, seat, r.chinese, out);
  else
    ledger_text(*ledger, table, **rules, r.chinese, r.narrow, out, r.columns);
  return out.str();
}

}  // namespace

bool is_json_text(std::string_view text) {
  text = skip_bom(text);
  std::size_t i = 0;
  while (i < text.size() &&
         (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
    ++i;
  return i == text.size() || text[i] == '{' || text[i] == '[' || text[i] == '"';
}

Result<std::string> settle_answer(std::string_view text, const Request& r, long line,
                                  std::string& rules_id) {
  rules_id = r.rules_id();
  if (skip_bom(text).find_first_not_of(" \t\r\n") == std::string_view::npos)
    return Error{ErrorCode::Empty, "no table: the input is empty", "没有牌局：输入为空"};
  if (!is_json_text(text)) {
    auto words = table_from_words(text);
    if (!words) return words.error();
    return answer_table(words->table, &*words, r, line, rules_id);
  }
  auto table = table_from_json(text);
  if (!table) return table.error();
  return answer_table(*table, nullptr, r, line, rules_id);
}

Result<std::string> settle_words_answer(const std::vector<std::string>& words, const Request& r,
                                        std::string& rules_id) {
  rules_id = r.rules_id();
  auto table = table_from_words(words);
  if (!table) return table.error();
  return answer_table(table->table, &*table, r, 0, rules_id);
}

namespace detail {

Answer settle_request_answer(const Request& r) {
  std::string rules_id;
  auto text = r.table_words.empty() ? settle_answer(r.table, r, 0, rules_id)
                                    : settle_words_answer(r.table_words, r, rules_id);
  if (!text) return failed(r, text.error(), rules_id);
  Answer a;
  if (r.rows != Request::Rows::None && !r.json && !r.to_json && !r.to_words)
    a.output = settle_rows_heading(r.rows == Request::Rows::Csv ? ',' : '\t');
  a.output += *text;
  return a;
}

}  // namespace detail
}  // namespace qianmj
