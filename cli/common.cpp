#include "common.hpp"

#include <cstdlib>
#include <iostream>

#include "qianmj/json.hpp"
#include "qianmj/notation.hpp"

namespace qianmj::cli {

bool chinese_from_environment() {
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(name);
    if (v && *v) return std::string_view(v).substr(0, 2) == "zh";
  }
  return false;
}

void print_json(const Json& j, std::ostream& out) {
  out << j.dump(-1, ' ', false, Json::error_handler_t::replace) << '\n';
}

void print_error(const Error& e, const Common& c, std::ostream& out, std::ostream& err) {
  if (c.json) {
    print_json(to_json(e, c.rules_id), out);
    return;
  }
  err << "qianmj: " << (c.chinese ? "错误" : "error") << " [" << code_name(e.code) << "]";
  if (e.column > 0) err << (c.chinese ? " 第 " : " at column ") << e.column << (c.chinese ? " 列" : "");
  err << (c.chinese ? "：" : ": ");
  if (!e.field.empty()) err << e.field << (c.chinese ? "：" : ": ");
  err << e.message(c.chinese) << '\n';
  if (e.column > 0 && !e.input.empty()) {
    std::string lines = caret_lines(e.input, e.column);
    std::size_t nl = lines.find('\n');
    err << "  " << lines.substr(0, nl) << "\n  " << lines.substr(nl + 1) << '\n';
  }
}

std::unique_ptr<Ruleset> make_rules(const Common& c, std::ostream& out, std::ostream& err) {
  Options options(find_ruleset(c.rules_id) ? c.rules_id : std::string());
  for (const auto& a : c.rule_assignments) {
    if (auto e = options.set_assignment(a)) {
      e->field.clear();  // from --rule, not from a table's "options"
      print_error(*e, c, out, err);
      return nullptr;
    }
  }
  auto rules = build_ruleset(c.rules_id, std::move(options));
  if (!rules) {
    Error e = rules.error();
    e.field.clear();  // from --rule, not from a table's "options"
    print_error(e, c, out, err);
    return nullptr;
  }
  return std::move(*rules);
}

std::string hand_words(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

void add_hand_option(CLI::App& cmd, std::vector<std::string>& words, const std::string& help) {
  cmd.add_option("hand", words, help)->required()->type_name("HAND");
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

std::string hand_text(const Hand& hand, bool chinese) {
  std::string out;
  auto piece = [&](const Hand& h) {
    std::string t = chinese ? to_chinese(h) : to_ascii(h);
    if (!t.empty()) out += (out.empty() ? "" : " ") + t;
  };
  for (int s = 0; s < kSuits; ++s) {
    Hand one;
    for (int r = 1; r <= kRanks; ++r) {
      int i = Tile(Suit(s), r).index();
      one.concealed[i] = hand.concealed[i];
    }
    piece(one);
  }
  for (const auto& m : hand.melds) {
    Hand one;
    one.melds.push_back(m);
    piece(one);
  }
  return out;
}




}  // namespace qianmj::cli
