// The front door: one request (a command, its input, the rule set and the output wanted) in,
// the text or JSON the program prints out. The CLI, the web module and any other caller ask
// here; each command's layouts live behind it (docs/answer.md).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qianmj/core/error.hpp"
#include "qianmj/engine/rules.hpp"
#include "qianmj/formats/request.hpp"

namespace qianmj {

enum class Command { Score, Waits, Settle, Session, Rules, Words, Advise };

struct Request {
  Command command = Command::Score;
  // The rule set (empty: the default one, or a table's own) and house rules NAME=VALUE.
  std::string rules;
  std::vector<std::string> options;
  // score and waits: the hand, and the situation (score) or its two flags (waits).
  std::string hand;
  SituationArgs situation;
  WaitsArgs waits;  // advise too
  AdviseArgs advise;
  // settle: one table, in words or JSON text, or in words one argument a word.
  std::string table;
  std::vector<std::string> table_words;
  int seat = -1;  // that seat's statement (个人结算); a session's too
  // The same as typed: 东南西北, E S W N (any case), 0-3 or a player's name (this table's, or
  // the evening's).
  std::string seat_word;
  bool to_json = false;   // the table itself as JSON
  bool to_words = false;  // the table itself in words
  // session: the evening's lines; rows: one row a hand and seat, comma- or tab-separated.
  std::string session;
  enum class Rows { None, Csv, Tsv } rows = Rows::None;
  // session: the evening goes on (a page showing it as it is played): its standings are the
  // totals so far, not the final ones.
  bool going_on = false;
  // rules: rule ids to explain, or the whole reference as Markdown; none: the table in effect.
  std::vector<std::string> rule_ids;
  bool markdown = false;
  // words: the listing of the words of a table in words (qianmj help words); json, chinese and
  // narrow apply.
  // The output: JSON, or text in Chinese or English, narrow (one seat a line), with glyphs.
  bool json = false, chinese = false, narrow = false, glyphs = false;
  int columns = 0;  // narrow: the lines of a ledger wrap within this width (0: they do not)

  const std::string& rules_id() const;  // `rules`, or the default rule set's id
};

struct Answer {
  std::string output;  // what the program prints on standard output (a JSON error included)
  std::optional<Error> error;
  std::string error_rules;  // the rule set an error is reported under
  long error_line = 0;      // session: the line of the hand refused
  int status = 0;           // the exit status: 0, 1 (not a win, not ready) or 2 (an error)
};

// The answer to a request; never throws.
Answer answer(const Request& request);

// The same over JSON (docs/answer.md): a request object in, {"schema", "status", "output",
// "error"?} out. A request that is not JSON or not a request is a coded error. Never throws.
std::string answer_json(std::string_view request_json);

// One settle table (words or JSON text; `line` > 0: its line in JSON Lines) answered as the
// request asks, or its error; `rules_id` is the table's rule set as soon as it is known.
Result<std::string> settle_answer(std::string_view text, const Request& request, long line,
                                  std::string& rules_id);
// The same for a table in words, one argument a word.
Result<std::string> settle_words_answer(const std::vector<std::string>& words,
                                        const Request& request, std::string& rules_id);
// The rule set a request names, with its house rules; errors say which option was wrong.
Result<std::unique_ptr<Ruleset>> request_ruleset(const Request& request);
// The same of rule set `id` as given ("" is no rule set) and house rules NAME=VALUE.
Result<std::unique_ptr<Ruleset>> ruleset_with_options(const std::string& id,
                                                      const std::vector<std::string>& options);

// score: the hand (14 tiles, or 13 and the winning tile) scored, its fields named as the
// program's flags (--win).
Result<Score> score_hand(const Ruleset& rules, std::string_view hand, const SituationArgs& a);
// waits: 13 tiles' waits, or 14 tiles' discards that leave the hand ready.
struct WaitsResult {
  Hand hand;
  std::optional<WaitsAnswer> waits;     // 13 tiles
  std::vector<DiscardAnswer> discards;  // 14 tiles
  bool ready() const { return waits ? waits->ready : !discards.empty(); }
};
Result<WaitsResult> waits_hand(const Ruleset& rules, std::string_view hand, WaitsArgs a);
// advise: the advice on a hand (13 or 14 tiles) with --seen and --sort read; errors name the
// flag (--seen's fifth copy: too_many_copies).
Result<Advice> advise_hand(const Ruleset& rules, std::string_view hand, WaitsArgs a,
                           const AdviseArgs& o);

// "C1-C7, D1-D11, Z1-Z9": the rule ids, with `dash` and the separators given.
std::string rule_id_list(std::string_view dash, std::string_view sep, std::string_view last_sep);

// JSON, unless the text starts with something no JSON starts with (a table in words); nothing
// at all counts as (broken) JSON.
bool is_json_text(std::string_view text);

}  // namespace qianmj
