#include "targets.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "formats/json_tables.hpp"
#include "pipeline.hpp"
#include "qianmj/answers/answer.hpp"
#include "qianmj/answers/session.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"
#include "qianmj/formats/table_words.hpp"

namespace qianmj::fuzz {
namespace {

void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "qianmj fuzz: invariant broken: %s\n", what);
  std::abort();
}

std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The settings of a run, from its first byte and the input's length. The rule set is drawn
// from every registered one: the byte's low bit and the length's low bits make the index, so
// with two rule sets an input keeps the rule set its first byte gave it before a third came.
struct Settings {
  cli::Common common;
  bool waits = false;
  int seat = -1;
  Settings(std::uint8_t b, std::size_t size) {
    common.rules_id = std::string(rulesets()[((b & 1) + 2 * (size & 7)) % rulesets().size()].id);
    common.json = b & 2;
    common.chinese = b & 4;
    waits = b & 8;
    seat = (b >> 4) % 5 - 1;  // -1 (whole ledger) or 0-3
    if (b & 0x80) common.rule_assignments = {b & 0x40 ? "base=1000000000000" : "qianggang-fan=3"};
  }
};

void check_answer(const std::string& text, bool json) {
  check(!text.empty(), "an empty answer");
  if (json) check(Json::accept(text), "an answer that is not JSON");
}

}  // namespace

void notation(const std::uint8_t* data, std::size_t size) {
  auto text = text_of(data, size);
  auto hand = parse_hand(text);
  if (hand) {
    check(hand->size() > 0, "a hand without tiles");
    auto ascii = parse_hand(to_ascii(*hand));
    check(ascii && *ascii == *hand, "the ASCII round trip changed the hand");
    auto chinese = parse_hand(to_chinese(*hand));
    check(chinese && *chinese == *hand, "the Chinese round trip changed the hand");
    if (auto plain = parse_plain(text)) check(*plain == *hand, "the fast path read another hand");
  } else {
    const Error& e = hand.error();
    check(!code_name(e.code).empty(), "an error without a code");
    check(!e.en.empty() && !e.zh.empty(), "an error without a message");
    check(e.column >= 0 && static_cast<std::size_t>(e.column) <= text.size() + 1,
          "an error column past the end");
    check(!parse_plain(text), "the fast path accepted what the parser refuses");
    if (e.column > 0) (void)caret_lines(text, e.column);
  }
  (void)display_width(text);
  auto tile = parse_tile(text);
  if (tile) check(hand && hand->size() == 1, "parse_tile accepted more or less than one tile");
}

void request(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  Settings s(data[0], size);
  auto text = text_of(data + 1, size - 1);
  std::string line(text.substr(0, text.find('\n')));  // the reader never passes a newline
  auto rules = make_ruleset(s.common.rules_id, Options{});
  check(rules != nullptr, "no rule set");
  cli::Answer a;
  if (s.waits && size % 3 == 0)  // a third of the waits inputs go to advise
    cli::AdviseCommand{}.answer_line(s.common, *rules, line, 7, a);
  else if (s.waits)
    cli::WaitsCommand{}.answer_line(s.common, *rules, line, 7, a);
  else
    cli::ScoreCommand{}.answer_line(s.common, *rules, line, 7, a);
  check_answer(a.text, s.common.json);
  if (s.common.json) {
    auto j = Json::parse(a.text);
    check(a.error == j.contains("error"), "an error answer without \"error\", or the reverse");
    check(a.error ? j["error"]["line"] == 7 : j["line"] == 7, "an answer without its line number");
  }
}

void settle(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  Settings s(data[0], size);
  std::string text(text_of(data + 1, size - 1));
  std::string rules_id;
  Request request = cli::request_of(s.common, Command::Settle);
  request.seat = s.seat;
  // The one-pass table reader reads only what the checked reader reads, to the same table.
  if (auto fast = json_detail::table_from_json_fast(text)) {
    auto checked = json_detail::table_from_json_checked(text);
    check(checked && *checked == *fast, "the one-pass table reader disagrees with the checked one");
  }
  auto a = settle_answer(text, request, 3, rules_id);
  if (a)
    check_answer(*a, s.common.json);
  else
    check(!code_name(a.error().code).empty() && a.error().code != ErrorCode::Internal,
          "an internal error (an unbalanced ledger?)");
}

void lines(const std::uint8_t* data, std::size_t size) {
  constexpr std::size_t kMax = 16;
  int fd = memfd_create("qianmj-fuzz-lines", 0);
  check(fd >= 0, "memfd_create");
  for (std::size_t done = 0; done < size;) {
    ssize_t n = ::write(fd, data + done, size - done);
    check(n > 0, "write to memfd");
    done += static_cast<std::size_t>(n);
  }
  check(::lseek(fd, 0, SEEK_SET) == 0, "lseek");
  // The expected lines: the pieces between newlines (the last one if not empty).
  auto text = text_of(data, size);
  std::vector<std::string_view> pieces;
  for (std::size_t start = 0; start < size;) {
    auto nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = size;
    pieces.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  cli::LineReader reader(fd, kMax);
  std::string line;
  bool too_long = false;
  std::size_t i = 0;
  while (reader.next(line, too_long)) {
    check(i < pieces.size(), "more lines than the input has");
    check(reader.number() == static_cast<long>(i + 1), "line numbers out of step");
    std::string_view want = pieces[i];
    if (!want.empty() && want.back() == '\r')
      want.remove_suffix(1);  // the limit counts the line without its CR
    check(too_long == (want.size() > kMax), "too_long on the wrong line");
    if (!too_long) check(line == want, "a line changed on the way");
    ++i;
  }
  check(i == pieces.size(), "fewer lines than the input has");
  ::close(fd);
}

void words(const std::uint8_t* data, std::size_t size) {
  auto text = text_of(data, size);
  std::string line(text.substr(0, text.find('\n')));
  auto w = table_from_words(line);
  if (!w) {
    const Error& e = w.error();
    check(!code_name(e.code).empty() && e.code != ErrorCode::Internal,
          "a words error without a code, or internal");
    check(e.column >= 0, "a negative column");
    return;
  }
  const std::string json = table_to_json(w->table).dump();
  for (bool zh : {true, false}) {
    auto again = table_to_words(w->table, zh);
    check(again.has_value(), "a table read from words that words cannot write");
    auto back = table_from_words(*again);
    check(static_cast<bool>(back), "words written from a table that do not read");
    check(table_to_json(back->table).dump() == json, "the words round trip changed the table");
  }
  (void)settle(w->table);  // any answer or error, never a crash
}

void session(const std::uint8_t* data, std::size_t size) {
  // `ahead` plays the same lines, each read by one reader made after its first hand (as
  // session -j reads hands ahead): the same hands, errors and evening.
  Session evening, ahead;
  std::optional<HandReader> reader;
  auto text = text_of(data, size);
  for (std::size_t start = 0; start < text.size();) {
    auto nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    std::string line(text.substr(start, nl - start));
    start = nl + 1;
    auto header = evening.header(line);
    auto header_ahead = ahead.header(line);
    check(static_cast<bool>(header) == static_cast<bool>(header_ahead) &&
              (!header || *header == *header_ahead),
          "two sessions read a header apart");
    if (!header || *header) continue;
    const auto before = evening.totals();
    const long hands = evening.hands();
    auto hand = evening.play(line);
    Result<SessionHand> other = Error{};
    if (reader) {
      auto read = reader->read(line);
      other = read ? ahead.play(std::move(*read)) : Result<SessionHand>(read.error());
    } else {
      other = ahead.play(line);
    }
    check(static_cast<bool>(hand) == static_cast<bool>(other),
          "a hand read ahead was played otherwise");
    if (hand && other)
      check(hand->table == other->table && hand->totals == other->totals &&
                hand->notes.size() == other->notes.size(),
            "a hand read ahead came to another table or totals");
    if (!hand && !other)
      check(hand.error().code == other.error().code && hand.error().en == other.error().en &&
                hand.error().column == other.error().column,
            "a hand read ahead failed otherwise");
    check(evening.dealer() == ahead.dealer() && evening.streak() == ahead.streak() &&
              evening.totals() == ahead.totals(),
          "the evening read ahead carried otherwise");
    if (!reader && ahead.hands() > 0) reader = ahead.reader();
    if (!hand) {
      check(evening.totals() == before && evening.hands() == hands,
            "a refused hand changed the evening");
      continue;
    }
    std::int64_t sum = 0, total = 0;
    for (int s = 0; s < kSeats; ++s) {
      sum += hand->ledger.totals[static_cast<std::size_t>(s)];
      total += hand->totals[static_cast<std::size_t>(s)];
    }
    check(sum == 0 && total == 0, "a hand or the evening does not sum to zero");
  }
}

void answer(const std::uint8_t* data, std::size_t size) {
  const auto text = text_of(data, size);
  const std::string reply = answer_json(text);
  check(Json::accept(reply), "an answer that is not JSON");
  const auto j = Json::parse(reply);
  check(j.is_object() && j.value("schema", 0) == kSchema && j.contains("status") &&
            j["status"].is_number_integer() && j.contains("output") && j["output"].is_string(),
        "an answer without its schema, status or output");
  const int status = j["status"].get<int>();
  check(status >= 0 && status <= 2, "a status that is no exit status");
  check(j.contains("error") == (status == 2) && j.contains("rules") == (status == 2),
        "an error answer without \"error\" and \"rules\", or the reverse");
  if (status == 2) {
    check(j["error"].value("code", "") != "internal", "an internal error");
    check(j["rules"].is_string() && !j["rules"].get<std::string>().empty(),
          "an error under no rule set");
  }
  // JSON asked for: each line of the output is JSON (an error's included), but for what the
  // program's options exclude with --json (the rule reference in Markdown, a table in words).
  // An output at all: the request passed the JSON gate.
  const std::string& output = j["output"].get_ref<const std::string&>();
  if (output.empty()) return;
  const auto request = Json::parse(text, nullptr, false);
  check(request.is_object(), "an answer with output to a request that is no JSON object");
  auto is = [&](const char* key, const Json& v) {
    return request.contains(key) && request[key] == v;
  };
  if (!is("format", "json") || is("markdown", true) || is("to_words", true)) return;
  for (std::size_t start = 0; start < output.size();) {
    auto nl = output.find('\n', start);
    if (nl == std::string::npos) nl = output.size();
    check(Json::accept(output.substr(start, nl - start)), "a JSON answer line that is not JSON");
    start = nl + 1;
  }
}

}  // namespace qianmj::fuzz
