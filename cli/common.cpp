#include "common.hpp"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <regex>

#include "help.hpp"
#include "io.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj::cli {

void add_common_options(CLI::App& cmd, Common& c) {
  // "duyun (default) or zunyi", from the registry.
  std::string ids, ids_zh;
  std::vector<std::string> id_list;
  const auto all = rulesets();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const char* sep = i == 0 ? "" : i + 1 == all.size() ? " or " : ", ";
    const char* sep_zh = i == 0 ? "" : i + 1 == all.size() ? "或 " : "、";
    ids += sep + std::string(all[i].id) + (i == 0 ? " (default)" : "");
    ids_zh += sep_zh + std::string(all[i].id) + "（" + std::string(all[i].zh) +
              (i == 0 ? "，默认）" : "）");
    id_list.emplace_back(all[i].id);
  }
  std::vector<std::string> rule_names;
  for (const auto& o : option_specs()) rule_names.push_back(std::string(o.name) + "=");
  doc(cmd,
      cmd.add_option("--rules", c.rules_id, "rule set: " + ids)
          ->type_name("NAME")
          ->each([&c](const std::string&) { c.rules_given = true; })
          ->group(kGroupCommon),
      "规则：" + ids_zh, id_list);
  doc(cmd,
      cmd.add_option("--rule", c.rule_assignments,
                     "house rule NAME=VALUE (repeatable; see `qianmj rules`)")
          ->type_name("NAME=VALUE")
          ->allow_extra_args(false)
          ->group(kGroupCommon),
      "房规 NAME=VALUE（可重复；见 qianmj rules）", rule_names);
  doc(cmd, cmd.add_flag("--json", c.json, "one JSON object per answer")->group(kGroupCommon),
      "每个答案输出一个 JSON 对象");
  auto* zh =
      cmd.add_flag("--zh", c.zh_flag, "text output (and help) in Chinese")->group(kGroupCommon);
  doc(cmd, zh, "中文输出（及帮助）");
  doc(cmd,
      cmd.add_flag("--en", c.en_flag, "text output (and help) in English")
          ->excludes(zh)
          ->group(kGroupCommon),
      "英文输出（及帮助）");
  doc(cmd,
      cmd.add_flag(
             "--narrow", c.narrow_flag,
             "one seat a line, for a phone (default under 60 columns: the terminal's, or COLUMNS)")
          ->group(kGroupCommon),
      "每家一行，适合手机（终端或 COLUMNS 不足 60 列时默认）");
  doc(cmd,
      cmd.add_flag("--glyphs", c.glyphs_flag,
                   "hands also as tile pictures 🀇🀐🀙 (default: QIANMJ_GLYPHS=1)")
          ->group(kGroupCommon),
      "手牌同时以牌面图案 🀇🀐🀙 显示（默认：QIANMJ_GLYPHS=1）");
  if (auto* help = cmd.get_help_ptr()) {
    help->group(kGroupCommon);
    doc(cmd, help, "显示此帮助并退出");
  }
}

bool glyphs_from_environment() {
  const char* v = std::getenv("QIANMJ_GLYPHS");
  if (!v) return false;
  std::string_view s(v);
  return s == "1" || s == "yes" || s == "on" || s == "true";
}

bool chinese_from_environment() {
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(name);
    if (v && *v) return std::string_view(v).substr(0, 2) == "zh";
  }
  return false;
}

int terminal_columns() {
  if (const char* v = std::getenv("COLUMNS"); v && *v) {  // the override, as for ls
    char* end = nullptr;
    long n = std::strtol(v, &end, 10);
    if (end && *end == '\0' && n > 0 && n <= 100000) return static_cast<int>(n);
  }
  winsize w{};
  if (::isatty(1) && ::ioctl(1, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) return w.ws_col;
  return 0;
}

bool narrow_from_environment() {
  const int columns = terminal_columns();
  return columns > 0 && columns < kNarrowColumns;
}

int open_input(const std::string& file, const Common& c, std::ostream& out, std::ostream& err) {
  if (file == "-") return 0;
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) print_error(io_error(errno, false, file, file), c, out, err);
  return fd;
}

void print_error(const Error& e, const Common& c, std::ostream& out, std::ostream& err, long line) {
  if (c.json) {
    out << error_json_text(e, c.rules_id, line) << '\n';
    return;
  }
  err << "qianmj: ";
  if (line > 0)
    err << (c.chinese ? "第 " + std::to_string(line) + " 行："
                      : "line " + std::to_string(line) + ": ");
  err << (c.chinese ? "错误" : "error") << " [" << code_name(e.code) << "]";
  if (e.column > 0)
    err << (c.chinese ? " 第 " : " at column ") << e.column << (c.chinese ? " 列" : "");
  err << (c.chinese ? "：" : ": ");
  if (!e.field.empty()) err << terminal_safe(e.field) << (c.chinese ? "：" : ": ");
  err << terminal_safe(e.message(c.chinese)) << '\n';
  if (e.column > 0 && !e.input.empty()) {
    std::string lines = caret_lines(e.input, e.column);
    std::size_t nl = lines.find('\n');
    err << "  " << lines.substr(0, nl) << "\n  " << lines.substr(nl + 1) << '\n';
  }
}

Error usage_error(const CLI::ParseError& e) {
  const std::string en = e.what();
  std::string zh = en;
  std::smatch m;
  auto match = [&](const char* pattern) { return std::regex_match(en, m, std::regex(pattern)); };
  if (match("The following arguments? (?:was|were) not expected: (.*)"))
    zh = "多余的参数：" + m[1].str();
  else if (en == "A subcommand is required")
    zh = "需要一个子命令：score、waits、settle、session 或 rules";
  else if (en == "hand is required")
    zh = "缺少手牌（HAND）";
  else if (match("(.*) is required"))
    zh = "缺少必需的 " + m[1].str();
  else if (match("(.*): ([0-9]+) required (.*) missing"))
    zh = m[1].str() + " 后面缺少 " + m[3].str();
  else if (match("(.*): Value (.*) not in range (.*) to (.*)"))
    zh = m[1].str() + "：" + m[2].str() + " 不在 " + m[3].str() + " 到 " + m[4].str() + " 之间";
  else if (match("(.*): (.*) not in \\{(.*)\\}"))
    zh = m[1].str() + "：" + m[2].str() + " 不是可选值之一（" + m[3].str() + "）";
  else if (match("(.*) excludes (.*)"))
    zh = m[1].str() + " 与 " + m[2].str() + " 不能同时使用";
  else if (match("(.*) requires (.*)"))
    zh = m[1].str() + " 需要同时给出 " + m[2].str();
  else if (match("Could not convert: (.*) = (.*)"))
    zh = "无法转换：" + m[1].str() + " = " + m[2].str();
  else if (match("The value (.*) is not an allowed value for (.*)"))
    zh = m[1].str() + " 不是 " + m[2].str() + " 允许的取值";
  else if (match("(.*): too many inputs for a flag"))
    zh = m[1].str() + "：开关选项不带取值";
  else
    zh = "命令行用法错误：" + en;
  return Error{ErrorCode::Usage, en, zh, 0, ""};
}

std::unique_ptr<Ruleset> make_rules(const Common& c, std::ostream& out, std::ostream& err) {
  // --rules as given: '' names no rule set here (a request's empty rules are the default).
  auto rules = ruleset_with_options(c.rules_id, c.rule_assignments);
  if (!rules) {
    print_error(rules.error(), c, out, err);
    return nullptr;
  }
  return std::move(*rules);
}

Request request_of(const Common& c, Command command) {
  Request r;
  r.command = command;
  if (c.rules_given) r.rules = c.rules_id;
  r.options = c.rule_assignments;
  r.json = c.json;
  r.chinese = c.chinese;
  r.narrow = c.narrow;
  r.columns = c.narrow ? terminal_columns() : 0;  // known only at a terminal or from COLUMNS
  r.glyphs = c.glyphs;
  return r;
}

int write_answer(const qianmj::Answer& a, const Common& c, std::ostream& out, std::ostream& err) {
  out << a.output;
  if (a.error && !c.json) {
    Common used = c;
    used.rules_id = a.error_rules;
    print_error(*a.error, used, out, err, a.error_line);
  }
  return a.status;
}

std::string hand_words(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

void add_hand_option(CLI::App& cmd, std::vector<std::string>& words, const std::string& help,
                     const std::string& help_zh) {
  doc(cmd, cmd.add_option("hand", words, help)->required()->type_name("HAND"), help_zh);
}

std::vector<std::string> protect_brackets(int argc, char** argv) {
  std::vector<std::string> args;
  for (int i = argc - 1; i >= 1; --i) {  // CLI11 takes the arguments in reverse order
    std::string a = argv[i];
    if (a.size() >= 2 && a.front() == '[' && a.back() == ']') a += ' ';
    args.push_back(std::move(a));
  }
  return args;
}

}  // namespace qianmj::cli
