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
  Options options;
  for (const auto& a : c.rule_assignments) {
    if (auto e = options.set_assignment(a)) {
      print_error(*e, c, out, err);
      return nullptr;
    }
  }
  auto rules = make_ruleset(c.rules_id, std::move(options));
  if (!rules)
    print_error(Error{ErrorCode::BadOption, "unknown rule set '" + c.rules_id + "' (known: duyun, zunyi)",
                      "未知的规则“" + c.rules_id + "”（可用：duyun、zunyi）", 0, ""},
                c, out, err);
  return rules;
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

std::string item_name(const Item& item, bool chinese) {
  std::string name(item.zh);
  if (!chinese) name.append(" ").append(item.en);
  return name;
}

std::string item_sum(const std::vector<Item>& items, bool chinese) {
  std::string sum;
  for (const auto& it : items) {
    sum += sum.empty() ? "" : " + ";
    sum += chinese ? it.zh : it.en;
    sum += " " + std::to_string(it.value);
  }
  return sum;
}

std::string unit_text(std::int64_t v, Unit unit, bool chinese) {
  if (unit == Unit::Fan) return std::to_string(v) + (chinese ? " 番" : " fan");
  return std::to_string(v) + (chinese ? " 分" : " points");
}

}  // namespace qianmj::cli
