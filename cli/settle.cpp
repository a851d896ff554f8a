// qianmj settle [FILE|-]: the full ledger of one hand, item by item.
#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "commands.hpp"
#include "help.hpp"
#include "io.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"
#include "qianmj/formats/table_words.hpp"

namespace qianmj::cli {
namespace {

// The net of one ledger row for each seat, and which seats it touches.
struct RowNet {
  std::array<std::int64_t, kSeats> net{};
  std::array<bool, kSeats> touched{};
};

RowNet row_net(const LedgerItem& item) {
  RowNet r;
  for (const auto& tr : item.transfers) {
    r.net[static_cast<std::size_t>(tr.to)] += tr.points;
    r.net[static_cast<std::size_t>(tr.from)] -= tr.points;
    r.touched[static_cast<std::size_t>(tr.to)] = r.touched[static_cast<std::size_t>(tr.from)] =
        true;
  }
  return r;
}

// "东 听牌，大叫 平胡 1 番" for one seat's 查叫.
std::string check_text(const SeatCheck& ch, const Ruleset& rules, bool zh) {
  if (ch.ready)
    return (zh ? "听牌，大叫 " : "ready, 大叫 ") + item_name(*ch.dajiao, zh) + ' ' +
           unit_text(ch.dajiao->value, rules.unit(), zh);
  return ch.huazhu.value_or(false) ? (zh ? "未听牌（花猪）" : "not ready (花猪)")
                                   : (zh ? "未听牌" : "not ready");
}

void print_ledger(const Ledger& ledger, const Table& t, const Ruleset& rules, bool zh, bool narrow,
                  std::ostream& out) {
  out << rules.name().in(zh);
  if (auto price = rules.price()) out << "  " << price->name(zh) << ' ' << price->value;
  out << (zh ? "  庄家 " : "  dealer ") << seat_name(t, t.dealer, zh)
      << (zh ? "  连庄 " : "  streak ") << t.streak << '\n';
  bool checked = false;
  for (const auto& ch : ledger.checks) checked = checked || ch.has_value();
  if (checked && narrow) {
    out << (zh ? "查叫\n" : "Hands at the end\n");
    for (int s = 0; s < kSeats; ++s)
      if (const auto& ch = ledger.checks[static_cast<std::size_t>(s)])
        out << "  " << seat_name(t, s, zh) << ' ' << check_text(*ch, rules, zh) << '\n';
  } else if (checked) {
    out << (zh ? "查叫 " : "Hands at the end: ");
    bool first = true;
    for (int s = 0; s < kSeats; ++s) {
      const auto& ch = ledger.checks[static_cast<std::size_t>(s)];
      if (!ch) continue;
      out << (first ? "" : (zh ? "；" : "; ")) << seat_name(t, s, zh) << ' '
          << check_text(*ch, rules, zh);
      first = false;
    }
    out << '\n';
  }
  std::string total_label = zh ? "合计" : "Total";
  if (narrow) {  // one seat a line, for a phone: the row, then each seat it touches
    int name_width = 0;
    for (int s = 0; s < kSeats; ++s)
      name_width = std::max(name_width, display_width(seat_name(t, s, zh)));
    auto seat_lines = [&](const std::array<std::int64_t, kSeats>& net,
                          const std::array<bool, kSeats>& touched) {
      int width = 0;
      for (int s = 0; s < kSeats; ++s)
        if (touched[static_cast<std::size_t>(s)])
          width = std::max(width, display_width(signed_points(net[static_cast<std::size_t>(s)])));
      for (int s = 0; s < kSeats; ++s)
        if (touched[static_cast<std::size_t>(s)])
          out << "  " << pad_right(seat_name(t, s, zh), name_width) << "  "
              << pad_left(signed_points(net[static_cast<std::size_t>(s)]), width) << '\n';
    };
    for (const auto& item : ledger.items) {
      RowNet r = row_net(item);
      out << item.name.in(zh) << "  " << item.detail.in(zh) << '\n';
      seat_lines(r.net, r.touched);
      for (const auto& line : item.lines) out << "    " << line.in(zh) << '\n';
    }
    out << total_label << '\n';
    seat_lines(ledger.totals, {true, true, true, true});
  } else {
    std::vector<std::string> labels;
    for (const auto& item : ledger.items)
      labels.push_back(item.name.in(zh) + "  " + item.detail.in(zh));
    int label_width = display_width(total_label);
    for (const auto& l : labels) label_width = std::max(label_width, display_width(l));
    // Each seat's column as wide as its widest cell (at least 8), two spaces apart: a large
    // amount or a long name never touches its neighbour. A name over 16 columns is cut, marked.
    std::vector<RowNet> nets;
    for (const auto& item : ledger.items) nets.push_back(row_net(item));
    std::array<std::string, kSeats> heads;
    std::array<int, kSeats> width{};
    for (int s = 0; s < kSeats; ++s)
      heads[static_cast<std::size_t>(s)] = truncate_to(seat_name(t, s, zh), 16);
    // Two long names cut to the same heading would read as one seat: each such heading
    // ends with its seat instead (东 E), still 16 columns at most.
    std::array<bool, kSeats> clash{};
    for (std::size_t s = 0; s < kSeats; ++s)
      for (std::size_t o = 0; o < kSeats; ++o)
        clash[s] = clash[s] || (o != s && heads[o] == heads[s]);
    constexpr std::string_view kSeatTag[2][kSeats] = {{"E", "S", "W", "N"},
                                                      {"东", "南", "西", "北"}};
    for (int s = 0; s < kSeats; ++s)
      if (auto i = static_cast<std::size_t>(s); clash[i])
        heads[i] = truncate_to(seat_name(t, s, zh), 13) + " " + std::string(kSeatTag[zh][i]);
    for (int s = 0; s < kSeats; ++s) {
      auto i = static_cast<std::size_t>(s);
      width[i] =
          std::max({8, display_width(heads[i]), display_width(signed_points(ledger.totals[i]))});
      for (const auto& r : nets)
        if (r.touched[i]) width[i] = std::max(width[i], display_width(signed_points(r.net[i])));
    }
    out << pad_right("", label_width);
    for (std::size_t s = 0; s < kSeats; ++s) out << "  " << pad_left(heads[s], width[s]);
    out << '\n';
    for (std::size_t i = 0; i < ledger.items.size(); ++i) {
      out << pad_right(labels[i], label_width);
      for (std::size_t s = 0; s < kSeats; ++s)
        out << "  " << pad_left(nets[i].touched[s] ? signed_points(nets[i].net[s]) : "·", width[s]);
      out << '\n';
      for (const auto& line : ledger.items[i].lines) out << "    " << line.in(zh) << '\n';
    }
    out << pad_right(total_label, label_width);
    for (std::size_t s = 0; s < kSeats; ++s)
      out << "  " << pad_left(signed_points(ledger.totals[s]), width[s]);
    out << '\n';
  }
  for (const auto& n : ledger.notes) out << (zh ? "说明  " : "Note  ") << n.in(zh) << '\n';
  out << (zh ? "下一局  庄家 " : "Next hand  dealer ") << seat_name(t, ledger.next_dealer, zh)
      << (zh ? "，连庄 " : ", streak ") << ledger.next_streak << '\n';
}

void print_statement(const Ledger& ledger, const Table& t, int seat, bool zh, std::ostream& out) {
  out << seat_name(t, seat, zh) << (zh ? " 的个人结算\n" : ": statement\n");
  // Columns sized to their widest cell, so that no name runs into its amount.
  struct Row {
    std::string name, amount, detail;
  };
  std::vector<std::pair<int, std::vector<Row>>> parts;
  int name_width = 0, amount_width = 0;
  for (int other = 0; other < kSeats; ++other) {
    if (other == seat) continue;
    std::vector<Row> rows;
    for (const auto& item : ledger.items)
      for (const auto& tr : item.transfers) {
        bool in = tr.to == seat && tr.from == other, outgoing = tr.from == seat && tr.to == other;
        if (!in && !outgoing) continue;
        rows.push_back(
            {item.name.in(zh), signed_points(in ? tr.points : -tr.points), item.detail.in(zh)});
        name_width = std::max(name_width, display_width(rows.back().name));
        amount_width = std::max(amount_width, display_width(rows.back().amount));
      }
    parts.emplace_back(other, std::move(rows));
  }
  for (const auto& [other, rows] : parts) {
    std::int64_t sum =
        0;  // the per-counterparty net, from the transfers (each fits; so does their sum)
    for (const auto& item : ledger.items)
      for (const auto& tr : item.transfers) {
        if (tr.to == seat && tr.from == other) sum += tr.points;
        if (tr.from == seat && tr.to == other) sum -= tr.points;
      }
    out << (zh ? "  与 " : "  with ") << seat_name(t, other, zh) << (zh ? "：" : ": ")
        << signed_points(sum) << '\n';
    for (const auto& r : rows)
      out << "    " << pad_right(r.name, std::max(24, name_width)) << "  "
          << pad_left(r.amount, std::max(6, amount_width)) << "  " << r.detail << '\n';
  }
  out << (zh ? "  合计 " : "  Total ")
      << signed_points(ledger.totals[static_cast<std::size_t>(seat)]) << '\n';
}

}  // namespace

CLI::App* SettleCommand::add(CLI::App& app) {
  auto* cmd = app.add_subcommand("settle",
                                 "The full ledger of a hand: a table in words (庄东 东:… 北胡7筒 "
                                 "南放炮), or JSON from FILE or stdin");
  doc(*cmd,
      "一局的完整结算：用文字写的牌桌（庄东 东:… 北胡7筒 南放炮），或文件、标准输入中的 JSON");
  doc(*cmd,
      cmd->add_option("table", args_,
                      "the table in words, or a JSON FILE; - or nothing reads stdin")
          ->type_name("WORDS|FILE"),
      "文字写的牌桌，或 JSON 文件；- 或不给则读标准输入");
  doc(*cmd,
      cmd->add_option("--seat", output_.seat, "print one seat's statement (个人结算)")
          ->check(CLI::Range(0, 3))
          ->type_name("N"),
      "只输出一家的个人结算（0–3）", {"0", "1", "2", "3"});
  doc(*cmd,
      cmd->add_flag("--to-json", output_.to_json, "print the table as JSON instead of settling it"),
      "不结算，把牌桌转写为 JSON");
  doc(*cmd,
      cmd->add_flag("--to-words", output_.to_words,
                    "print the table in words instead of settling it"),
      "不结算，把牌桌转写为文字");
  doc(*cmd,
      cmd->add_flag("--line-buffered", pipe_.line_buffered, "JSON Lines: write each answer at once")
          ->group(kGroupPipeline),
      "JSON Lines：每个答案立即写出");
  add_jobs_option(*cmd, pipe_);
  return cmd;
}

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

// The answer of a table read from JSON or from words: its rule set, house rules from the
// command line, the ledger (or the table itself), printed as asked.
Result<std::string> answer_table(Table& table, const WordsTable* words, const Common& c,
                                 const SettleOutput& o, long line, std::string& rules_id) {
  auto at_word = [&](Error e) { return words ? words->at_word(std::move(e)) : e; };
  if (table.rules.empty()) table.rules = c.rules_id;  // --rules, or the default rule set
  rules_id = table.rules;
  if (c.rules_given && c.rules_id != table.rules) {
    Error e{ErrorCode::Inconsistent, "--rules " + c.rules_id + " but the table says " + table.rules,
            "--rules " + c.rules_id + " 与输入中的规则 " + table.rules + " 不一致"};
    e.field = "rules";
    return at_word(e);
  }
  for (const auto& a : c.rule_assignments)
    if (auto e = table.options.set_assignment(a)) return *e;
  std::ostringstream out;
  if (o.to_json || o.to_words) {
    if (o.to_json) {  // the table alone (no "line"): settle reads it back as it is
      print_json(table_to_json(table), out);
    } else {
      auto w = table_to_words(table, c.chinese);
      if (!w)
        return Error{ErrorCode::BadField,
                     "this table holds what words cannot say (a name with spaces or marks)",
                     "此牌局含有文字无法表达的内容（名字中有空格或符号）"};
      out << *w << '\n';
    }
    return out.str();
  }
  auto rules = table_ruleset(table);
  if (!rules) {
    Error e = rules.error();
    if (e.field.empty()) e.field = "rules";
    return at_word(e);
  }
  auto ledger = settle(**rules, table);
  if (!ledger) return at_word(ledger.error());
  if (c.json) {  // the answer's text, without a stream
    std::string text = o.seat >= 0 ? statement_json_text(*ledger, table, **rules, o.seat, line)
                                   : ledger_json_text(*ledger, table, **rules, line);
    text += '\n';
    return text;
  }
  if (o.seat >= 0)
    print_statement(*ledger, table, o.seat, c.chinese, out);
  else
    print_ledger(*ledger, table, **rules, c.chinese, c.narrow, out);
  return out.str();
}

// JSON, unless the text starts with something no JSON starts with: a table in words. Nothing
// at all is taken as (broken) JSON.
// Whether `text` could begin a JSON document: it parses, or its only fault is that it ends.
bool json_prefix(const std::string& text) {
  struct Where : nlohmann::json_sax<nlohmann::json> {
    std::size_t error_at = std::string::npos;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t at, const std::string&,
                     const nlohmann::detail::exception&) override {
      error_at = at;
      return false;
    }
  } where;
  nlohmann::json::sax_parse(text, &where);
  return where.error_at == std::string::npos || where.error_at > text.size();
}

bool is_json_text(const std::string& text) {
  std::size_t i = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;  // a UTF-8 byte order mark
  while (i < text.size() &&
         (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
    ++i;
  return i == text.size() || text[i] == '{' || text[i] == '[' || text[i] == '"';
}

}  // namespace

Result<std::string> settle_answer(const std::string& text, const Common& c, const SettleOutput& o,
                                  long line, std::string& rules_id) {
  rules_id = c.rules_id;
  if (text.find_first_not_of(" \t\r\n") == std::string::npos ||
      (text.compare(0, 3, "\xEF\xBB\xBF") == 0 &&
       text.find_first_not_of(" \t\r\n", 3) == std::string::npos))
    return Error{ErrorCode::Empty, "no table: the input is empty", "没有牌局：输入为空"};
  if (!is_json_text(text)) {
    auto words = table_from_words(text);
    if (!words) return words.error();
    return answer_table(words->table, &*words, c, o, line, rules_id);
  }
  auto table = table_from_json(text);
  if (!table) return table.error();
  return answer_table(*table, nullptr, c, o, line, rules_id);
}

Result<std::string> settle_words_answer(const std::vector<std::string>& args, const Common& c,
                                        const SettleOutput& o, std::string& rules_id) {
  rules_id = c.rules_id;
  auto words = table_from_words(args);
  if (!words) return words.error();
  return answer_table(words->table, &*words, c, o, 0, rules_id);
}

namespace {

bool blank(const std::string& s) {
  return s.find_first_not_of(" \t\r") == std::string::npos;
}

}  // namespace

int SettleCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  // One argument that is -, a file or a path: the input; anything else is a table in words.
  std::string file_ = "-";
  if (!args_.empty()) {
    std::error_code ec;
    const std::string& a = args_.front();
    bool input = args_.size() == 1 &&
                 (a == "-" || std::filesystem::exists(a, ec) || a.find('/') != std::string::npos ||
                  (a.size() > 5 && a.compare(a.size() - 5, 5, ".json") == 0));
    if (!input) {
      std::string rules;
      auto answer = settle_words_answer(args_, c, output_, rules);
      if (!answer) {
        Common used = c;
        used.rules_id = rules;
        print_error(answer.error(), used, out, err);
        return kBad;
      }
      out << *answer;
      return kOk;
    }
    file_ = a;
  }
  int fd = 0;
  if (file_ != "-") {
    fd = ::open(file_.c_str(), O_RDONLY);
    if (fd < 0) {
      print_error(io_error(errno, false, file_, file_), c, out, err);
      return kBad;
    }
  }
  const std::string input_en = fd == 0 ? "standard input" : file_,
                    input_zh = fd == 0 ? "标准输入" : file_;
  auto read_failed = [&](const LineReader& reader) {
    print_error(io_error(reader.error(), false, input_en, input_zh), c, out, err);
    return kBad;
  };
  // At a terminal: a table a line (words or JSON), each answered as soon as it is entered.
  if (fd == 0 && ::isatty(0)) {
    LineReader reader(0);
    std::string line;
    bool too_long = false, any_error = false;
    const char* prompt = c.chinese ? "结算> " : "settle> ";
    err << prompt << std::flush;
    while (reader.next(line, too_long) && out) {
      if (too_long || !blank(line)) {
        std::string rules;
        auto a = too_long ? Result<std::string>(line_too_long())
                          : settle_answer(line, c, output_, c.json ? reader.number() : 0, rules);
        if (a) {
          out << *a;
        } else {
          any_error = true;
          Common used = c;
          used.rules_id = rules;
          print_error(a.error(), used, out, err);
        }
        out.flush();
      }
      err << prompt << std::flush;
    }
    err << '\n';
    if (reader.error()) return read_failed(reader);
    return any_error ? kBad : kOk;
  }
  // One table, or one table a line. The first non-blank line decides (README "Reading many
  // tables"): a table in words, a whole JSON value, or a line starting with '{' followed by
  // another line starting with '{' (a broken first table, answered in place) make it a table
  // a line (JSON Lines), when another line follows; otherwise the input is one JSON document,
  // which may span lines, up to 16 MiB (on one line too).
  constexpr std::size_t kLimit = 16u << 20;
  LineReader reader(fd, kLimit);
  std::string line;
  bool too_long = false;
  while (reader.next(line, too_long) && !too_long && blank(line)) {
  }
  if (reader.error()) return read_failed(reader);
  const long first_number = reader.number();
  // The next non-blank line; the blank ones before it belong to a document that spans lines
  // (kept, up to the limit, so that its size counts them).
  std::string second, skipped;
  bool second_too_long = false;
  while (reader.next(second, second_too_long) && !second_too_long && blank(second)) {
    skipped += second + "\n";
    if (skipped.size() > kLimit) break;  // a document over the limit either way
  }
  if (reader.error()) return read_failed(reader);
  const bool more = second_too_long || !blank(second);
  auto starts_brace = [](const std::string& s) {
    auto i = s.find_first_not_of(" \t");
    return i != std::string::npos && s[i] == '{';
  };
  // A document spans lines only when its first line is the start of one (broken only by its
  // end) and the next line could go on with it; otherwise each line is a table, and a bad
  // first line, whatever its first byte or size, is answered in place like any other.
  const bool lines_mode = more && (too_long || !is_json_text(line) || Json::accept(line) ||
                                   !json_prefix(line) || second_too_long || starts_brace(second) ||
                                   !is_json_text(second) || Json::accept(second));
  if (!lines_mode) {
    std::string text = line;
    if (too_long) text.append(kLimit + 1, ' ');  // a first line over 16 MiB: no table is
    if (!skipped.empty() || more) text += "\n" + skipped;
    if (skipped.empty() || skipped.size() <= kLimit) {
      if (second_too_long)
        text.append(kLimit, ' ');  // over the limit either way
      else if (more)
        text += second;
    }
    if (!text.empty() && text.back() == '\n' && !more) text.pop_back();
    while (text.size() <= kLimit && reader.next(line, too_long)) {
      if (too_long)
        text.append(kLimit, ' ');
      else
        text += "\n" + line;
    }
    if (reader.error()) return read_failed(reader);
    if (text.size() > kLimit) {
      print_error(Error{ErrorCode::TooLong, "the table is over 16 MiB", "输入超过 16 MiB"}, c, out,
                  err);
      return kBad;
    }
    std::string rules;
    auto answer = settle_answer(text, c, output_, 0, rules);
    if (!answer) {
      Common used = c;
      used.rules_id = rules;
      print_error(answer.error(), used, out, err);
      return kBad;
    }
    out << *answer;
    return kOk;
  }
  // A table a line: one answer each, in order; a bad line does not stop the others.
  bool any_error = false, first = true;
  const long second_number = reader.number();
  // `too_long`: the reader dropped the line (over 16 MiB); over 1 MiB it is too long here.
  auto answer_line = [&](const InputLine& l, Answer& out) {
    if (!l.too_long && blank(l.text)) {
      out.skip = true;
      return;
    }
    std::string rules = c.rules_id;
    auto a = l.too_long || l.text.size() > kMaxLine
                 ? Result<std::string>(line_too_long())
                 : settle_answer(l.text, c, output_, l.number, rules);
    if (a) {
      out.text.assign(*a);
    } else {
      Common used = c;
      used.rules_id = rules;
      out.take(Answer{error_answer(a.error(), used, l.number).text + '\n', true});
    }
    if (l.unterminated) mark_unterminated(out.text, c.json);
  };
  auto write = [&](const Answer& a, const InputLine&) {
    if (a.skip) return true;
    if (!c.json && !output_.to_json && !first) out << '\n';  // --to-json: JSON Lines
    first = false;
    any_error = any_error || a.error;
    out << a.text;
    if (pipe_.line_buffered) out.flush();
    return static_cast<bool>(out);
  };
  std::vector<InputLine> read;
  read.push_back({line, first_number, too_long});
  read.push_back({second, second_number, second_too_long, reader.unterminated()});
  answer_in_order(
      reader, std::move(read), pipeline_jobs(pipe_.jobs, false), answer_line, write,
      [&] { out.flush(); }, &out);
  if (reader.error()) return read_failed(reader);
  warn_unterminated(reader, c, err);
  return any_error ? kBad : kOk;
}

}  // namespace qianmj::cli
