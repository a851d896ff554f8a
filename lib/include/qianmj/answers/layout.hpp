// The text layouts of the answers, as the program prints them: a score, waits, a ledger, a
// seat's statement, an evening's hands and standings. answer() puts them together; a caller
// that streams (the CLI's session) writes them a piece at a time.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qianmj/answers/session.hpp"
#include "qianmj/engine/explain.hpp"
#include "qianmj/engine/rules.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"

namespace qianmj {

// Text helpers.
std::string pad_right(const std::string& s, int width);  // to `width` terminal columns
std::string pad_left(const std::string& s, int width);
std::string signed_points(std::int64_t v);  // "+18", "-6", "0"
// The same at the end of `out`, without a string of its own.
void append_signed_points(std::string& out, std::int64_t v);
// `s` cut to `width` terminal columns, the last one a '…', when it is wider.
std::string truncate_to(const std::string& s, int width);
// A cell of a CSV or TSV row that a spreadsheet will not run as a formula: text that starts
// with = + - @, a tab or a CR gets a leading ' (as spreadsheet-safe CSV writers do).
std::string spreadsheet_safe(std::string cell);
// A spreadsheet cell: spreadsheet_safe, then quoted for CSV (`sep` ',') or its tabs made
// spaces for TSV.
std::string csv_cell(const std::string& text, char sep);
// "345789条 23445677筒 [555万]", and with `glyphs` the tiles as pictures after it.
std::string hand_text(const Hand& hand, bool chinese, bool glyphs = false);
// One JSON value as compact text (bad UTF-8 replaced).
std::string json_text(const Json& j);

// score HAND, waits HAND (13 tiles), waits HAND (14 tiles: each discard).
void score_text(const Score& sc, const Ruleset& rules, bool zh, bool glyphs, std::ostream& out);
void waits_text(const WaitsAnswer& w, const Ruleset& rules, bool zh, bool glyphs,
                std::ostream& out);
void discards_text(const Hand& hand, const std::vector<DiscardAnswer>& discards,
                   const Ruleset& rules, bool zh, bool glyphs, std::ostream& out);

// advise HAND (ADVICE §3.3): `lines` says which pattern lines a row shows (near: those within
// one step of the row's 向听); `top` > 0 shows that many rows; `columns` > 0 wraps each line
// within that width (narrow).
enum class AdviceLines { All, Near, None };
void advice_text(const Advice& advice, const Ruleset& rules, bool zh, bool glyphs,
                 AdviceLines lines, int top, std::ostream& out, int columns = 0);
// "一向听" / "1-shanten" ("听牌"/"ready" at 0), and "进张 5种16张" / "accepts 5 kinds, 16 tiles".
std::string shanten_text(int shanten, bool zh);
std::string accept_text(int kinds, int tiles, bool zh);

// settle: the ledger (wide, or `narrow` one seat a line) and one seat's statement.
// `columns` > 0: a narrow ledger's lines wrap within that width.
void ledger_text(const Ledger& ledger, const Table& t, const Ruleset& rules, bool zh, bool narrow,
                 std::ostream& out, int columns = 0);
// `text` in lines of at most `width` display columns, broken at spaces only: a word wider than
// that stays whole on a line of its own (a number is never split). `width` <= 0: one line.
std::vector<std::string> wrap_at_spaces(std::string_view text, int width);
void statement_text(const Ledger& ledger, const Table& t, int seat, bool zh, std::ostream& out);
// settle --csv / --tsv: "line,seat,name,points,dealer,streak", then a row a seat of each
// table (`seat` >= 0: that seat's alone); `line` is the table's line in a stream (1 for one).
std::string settle_rows_heading(char sep);
void append_settle_rows(std::string& out, const Ledger& ledger, const Table& t, long line, int seat,
                        char sep, bool zh);

// session: the seats' names as the session knows them, "东 +18  南 -6 ...", one hand's text
// (its summary, notes, amounts and totals) and its rows (--csv, --tsv), and the end.
std::array<std::string, kSeats> session_names(const Session& s, bool zh);
std::string seat_amounts(const std::array<std::string, kSeats>& who,
                         const std::array<std::int64_t, kSeats>& v);
// `columns` > 0 (narrow): the hand's first line wraps at its spaces within that width.
void append_session_hand_text(std::string& out, const SessionHand& hand,
                              const std::array<std::string, kSeats>& who, bool zh, bool narrow,
                              int columns = 0);
std::string session_rows_heading(char sep);
void append_session_rows(std::string& out, const SessionHand& hand, long line, char sep, bool zh);
// One hand as JSON (session --json): {"schema", "rules", "hand", "line", "ledger", "totals",
// "next": {"dealer", "streak"}, "notes": [{"en", "zh"}]}, the session's carried dealer and
// streak after it as "next"; appended to `out`, written directly.
void append_session_hand_json_text(std::string& out, const SessionHand& hand, long line,
                                   int next_dealer, std::int64_t next_streak);
// The final standings: text, or the JSON summary line (`rules_id` when the session has none).
// `going_on`: the evening is still being played, the heading says "so far" (累计), not final.
std::string session_standings_text(const Session& s, bool zh, bool going_on = false);
// With the JSON summary: "transfers" [{"from", "to", "points"}] (settle_up), and with `seat`
// >= 0 that seat's "statement".
std::string session_summary_json_text(const Session& s, const std::string& rules_id, bool zh,
                                      int seat = -1);

// How a session's answers are written: JSON lines, spreadsheet rows (`rows` ',' or '\t'), or
// text in Chinese or English, wide or narrow.
struct SessionOutput {
  bool json = false;
  char rows = 0;  // 0: no rows
  bool zh = false, narrow = false;
  int columns = 0;  // narrow: a hand's first line wraps at its spaces within this width
};
// One hand's answer as `o` asks (line: its line in the input).
void append_session_hand(std::string& out, const Session& s, const SessionHand& hand, long line,
                         const SessionOutput& o);
// A line that is a command to the evening (undo, edit N …, settle-up; session_command)
// applied to `s` and its answer appended to `out`: nullopt for a line that is no command, true
// when the evening changed (undo, edit), false for settle-up. On an error `s` is unchanged
// and nothing is appended. An undo writes, as rows, the undone hand's rows with the amounts
// reversed; an edit, those of every hand it replays, then their rows as now played.
std::optional<Result<bool>> session_command_answer(Session& s, std::string_view line, long n,
                                                   const SessionOutput& o, std::string& out);
// Who pays whom (settle_up), as text (`narrow`: the same, it fits 40 columns) or rows (a blank
// line, then from,from_name,to,to_name,points).
std::string settle_up_text(const Session& s, bool zh);
std::string settle_up_rows(const Session& s, char sep, bool zh);
// One seat's statement for the evening: per hand and per other seat, from the ledgers'
// payments, with totals that are its standing. Text (wide, or narrow one item a line) or rows
// (a blank line, then hand,seat,name,with,with_name,points; the last rows' hand is "total").
struct SeatStatement {
  int seat = 0;
  struct HandRow {
    long hand = 0;
    std::int64_t points = 0;                  // the seat's amount in the hand
    std::array<std::int64_t, kSeats> with{};  // net with each other seat (its own: 0)
    Text summary;
  };
  std::vector<HandRow> hands;
  std::array<std::int64_t, kSeats> with{};
  std::int64_t total = 0;
};
SeatStatement session_statement(const Session& s, int seat);
std::string session_statement_text(const Session& s, int seat, bool zh, bool narrow);
std::string session_statement_rows(const Session& s, int seat, char sep, bool zh);
// The interactive prompt: the totals on a line of their own (empty before the first hand;
// `narrow`: two seats a line), then a short prompt naming the next hand and its dealer
// ("第3局 庄阿明> ", "hand 3 dealer East> "), so it never wraps at 40 columns.
struct SessionPrompt {
  std::string totals, prompt;
};
SessionPrompt session_prompt(const Session& s, bool zh, bool narrow);

}  // namespace qianmj
