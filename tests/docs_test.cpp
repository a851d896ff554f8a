// The rule reference (docs/rules.md, `qianmj rules D3`) is complete and cannot drift: it is
// made from the rule texts and the house-rule table, every rule set has its rules and names
// every one of its options, and every rule id the program cites exists.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "core/utf8.hpp"
#include "helpers.hpp"
#include "qianmj/answers/rule_texts.hpp"
#include "qianmj/engine/registry.hpp"
#include "testdata.hpp"

using namespace qianmj;

TEST_CASE(
    "Rule reference: docs/rules.md is what `qianmj rules --markdown` makes (make docs rewrites "
    "it)") {
  const std::string doc = test::slurp(test::testdata("../docs/rules.md"));
  REQUIRE(doc.size() > 10000);
  CHECK(doc == rules_markdown());
  auto r = test::run_qianmj({"rules", "--markdown"});
  CHECK(r.exit == 0);
  CHECK(r.out == doc);
}

TEST_CASE(
    "Rule reference: C1-C7, D1-D11 and Z1-Z9, each with both languages, and each option of a rule "
    "set named by one of its rules") {
  auto check_ids = [](std::string_view folder, char letter, int count) {
    auto texts = rule_texts(folder);
    REQUIRE(static_cast<int>(texts.size()) == count);
    for (int i = 0; i < count; ++i) {
      const auto& t = texts[static_cast<std::size_t>(i)];
      CHECK(t.id == std::string(1, letter) + std::to_string(i + 1));
      CHECK(t.text_en.size() > 40);
      CHECK(t.text_zh.size() > 40);
      for (auto name : t.options) {
        INFO(t.id << " names " << name);
        bool known = false;
        for (const auto& o : option_specs())
          known = known || (o.name == name && (folder == "common" || option_applies(o, folder)));
        CHECK(known);
      }
    }
  };
  check_ids("common", 'C', 7);
  check_ids("duyun", 'D', 11);
  check_ids("zunyi", 'Z', 9);
  for (const auto& info : rulesets()) {
    INFO(info.id);
    CHECK_FALSE(rule_texts(info.id).empty());
    for (const auto& o : option_specs()) {
      if (!option_applies(o, info.id)) continue;
      bool named = false;
      for (std::string_view folder : {std::string_view("common"), info.id})
        for (const auto& t : rule_texts(folder))
          for (auto n : t.options) named = named || n == o.name;
      INFO("option " << o.name);
      CHECK(named);
    }
  }
  REQUIRE(find_rule_text("D3"));
  CHECK(find_rule_text("D3")->folder == "duyun");
  CHECK(find_rule_text("Z10") == nullptr);
}

TEST_CASE(
    "Rule reference: every rule id the program cites in its answers (testdata/cli transcripts) "
    "exists") {
  std::set<std::string> cited;
  const std::regex id(R"([^A-Za-z0-9]([CDZ][0-9]{1,2})[^0-9])");
  for (const char* file : {"score.txt", "waits.txt", "rules.txt", "errors.txt", "settle.txt",
                           "settle_errors.txt", "zunyi.txt", "revised.txt", "words.txt",
                           "lose_nothing.txt", "evening.txt", "declared.txt"}) {
    std::istringstream in(test::slurp(test::testdata(std::string("cli/") + file)));
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("> ", 0) != 0 && line.rfind("! ", 0) != 0) continue;  // answers only
      for (std::sregex_iterator m(line.begin(), line.end(), id), end; m != end; ++m)
        cited.insert((*m)[1]);
    }
  }
  CHECK(cited.size() > 8);
  for (const auto& c : cited) {
    INFO(c);
    CHECK(find_rule_text(c) != nullptr);
  }
}

TEST_CASE("rules D3 prints one rule, in the language asked, with its house rules in effect") {
  auto r = test::run_qianmj({"rules", "D3", "--zh", "--rule", "pinghu-gangshangpao=off"});
  CHECK(r.exit == 0);
  CHECK(r.out.rfind("D3  平胡点炮须有豆（都匀）\n", 0) == 0);
  CHECK(r.out.find("--rule pinghu-gangshangpao=off") != std::string::npos);
  r = test::run_qianmj({"rules", "z2", "--en"});  // any case; a rule of the other rule set too
  CHECK(r.exit == 0);
  CHECK(r.out.rfind("Z2  Patterns: one structural pattern, then 清一色 +10 (Zunyi)\n", 0) == 0);
  r = test::run_qianmj({"rules", "D12", "--json"});
  CHECK(r.exit == 2);
  CHECK(r.out.find("\"code\":\"usage\"") != std::string::npos);
}

// ---- The examples of README.md and the man page, run as a user would type them -----------

namespace {

struct Example {
  int line = 0;          // where the command starts in its file
  std::string command;   // as typed after "$ ", continuation lines included
  std::string expected;  // what the document shows after it (stdout and stderr as one)
};

// A command goes on while a single quote is open (an echo of a table over two lines).
bool open_quote(const std::string& s) {
  return std::count(s.begin(), s.end(), '\'') % 2 == 1;
}

std::vector<Example> console_examples(const std::vector<std::string>& lines) {
  std::vector<Example> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("$ ", 0) != 0) continue;
    Example e;
    e.line = static_cast<int>(i) + 1;
    e.command = lines[i].substr(2);
    while (open_quote(e.command) && i + 1 < lines.size()) e.command += "\n" + lines[++i];
    while (i + 1 < lines.size() && lines[i + 1].rfind("$ ", 0) != 0)
      e.expected += lines[++i] + "\n";
    while (e.expected.size() >= 2 && e.expected.compare(e.expected.size() - 2, 2, "\n\n") == 0)
      e.expected.pop_back();  // the blank line that separates two examples
    out.push_back(e);
  }
  return out;
}

// README.md: the ```console blocks.
std::vector<Example> readme_examples() {
  std::istringstream in(test::slurp(test::testdata("../README.md")));
  std::vector<Example> out;
  std::vector<std::string> block;
  std::string line;
  int n = 0, first = 0;
  bool inside = false;
  while (std::getline(in, line)) {
    ++n;
    if (!inside && line == "```console") {
      inside = true, block.clear(), first = n;
    } else if (inside && line == "```") {
      inside = false;
      for (auto e : console_examples(block)) {
        e.line += first;
        out.push_back(e);
      }
    } else if (inside) {
      block.push_back(line);
    }
  }
  return out;
}

// A man page (the English one, or the Chinese): the .nf/.fi blocks of EXAMPLES (示例), roff
// escapes undone.
std::vector<Example> man_examples(const char* page = "../man/qianmj.1",
                                  const char* heading = ".SH EXAMPLES") {
  std::istringstream in(test::slurp(test::testdata(page)));
  std::vector<std::string> block;
  std::string line;
  bool examples = false, inside = false;
  int n = 0, first = 0;
  std::vector<Example> out;
  auto unroff = [](std::string s) {
    std::string r;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] == '\\' && i + 1 < s.size() &&
          (s[i + 1] == '-' || s[i + 1] == '\\' || s[i + 1] == 'e')) {
        r += s[i + 1] == '-' ? '-' : '\\';
        ++i;
      } else if (s.compare(i, 3, "\\(aq") == 0) {
        r += '\'';
        i += 3;
      } else if (s.compare(i, 2, "\\&") == 0) {
        ++i;
      } else {
        r += s[i];
      }
    }
    return r;
  };
  while (std::getline(in, line)) {
    ++n;
    if (line.rfind(".SH", 0) == 0) examples = line == heading;
    if (!examples) continue;
    if (line == ".nf") {
      inside = true, block.clear(), first = n;
    } else if (line == ".fi" && inside) {
      inside = false;
      for (auto e : console_examples(block)) {
        e.line += first;
        out.push_back(e);
      }
    } else if (inside) {
      block.push_back(unroff(line));
    }
  }
  return out;
}

// Runs a documented command with bash in `dir`, qianmj on PATH, the C locale, stdout and
// stderr as one stream. `cat FILE` of a file the document shows makes that file first.
std::string run_documented(const Example& e, const std::string& dir) {
  if (e.command.rfind("cat ", 0) == 0 && e.command.find(' ', 4) == std::string::npos) {
    std::ofstream(dir + "/" + e.command.substr(4), std::ios::binary) << e.expected;
    return e.expected;
  }
  std::string bin = QIANMJ_BIN;
  std::string path = bin.substr(0, bin.rfind('/'));
  std::string script = dir + "/cmd.sh", out = dir + "/out";
  std::ofstream(script, std::ios::binary)
      << "cd '" << dir << "' && export PATH='" << path
      << "':\"$PATH\" LANG=C COLUMNS=200\nunset LC_ALL LC_MESSAGES\n"
      << e.command << "\n";
  std::string run = "bash '" + script + "' > '" + out + "' 2>&1";
  (void)std::system(run.c_str());
  return test::slurp(out);
}

// The first character of `command` outside quotes that zsh would glob or bash and fish would
// parse (南:[5555万]… is "no matches found" in zsh, 北杠(9999筒) a syntax error), or 0.
char unquoted_special(const std::string& command) {
  char quote = 0;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '\\') {
      ++i;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '[' || c == ']' || c == '*' || c == '?' || c == '(' || c == ')') {
      return c;
    }
  }
  return 0;
}

void check_examples(const std::vector<Example>& examples, const char* file) {
  char tmpl[] = "/tmp/qianmj-docs-XXXXXX";
  std::string dir = mkdtemp(tmpl);
  for (const auto& e : examples) {
    INFO(file << ":" << e.line << "\n$ " << e.command);
    CHECK(unquoted_special(e.command) == 0);  // what every shell reads the same, as typed
    CHECK(run_documented(e, dir) == e.expected);
  }
  std::string clean = "rm -rf '" + dir + "'";
  (void)std::system(clean.c_str());
}

}  // namespace

TEST_CASE("Docs: every $ qianmj example in README.md prints what the README shows") {
  auto examples = readme_examples();
  CHECK(examples.size() >= 10);
  check_examples(examples, "README.md");
}

TEST_CASE("Docs: every example in the man page's EXAMPLES prints what the page shows") {
  auto examples = man_examples();
  CHECK(examples.size() >= 10);
  check_examples(examples, "man/qianmj.1");
}

TEST_CASE(
    "Docs: every example in the Chinese man page's 示例 prints what the page shows (its commands "
    "say --zh)") {
  auto examples = man_examples("../man/zh/qianmj.1", ".SH 示例");
  CHECK(examples.size() >= 10);
  check_examples(examples, "man/zh/qianmj.1");
}

namespace {

// Who has an option, as the generated tables say it: the rule set, or "all" for an option of
// every rule set (listed by each).
std::string owners(const OptionSpec& o) {
  if (o.rules.empty()) return "all";
  const RulesetInfo* info = find_ruleset(o.rules);
  return info ? std::string(info->en) : std::string(o.rules);
}

std::string shown_default(const OptionSpec& o) {
  return option_value_text(o, o.default_value);
}

// The section between `begin` and `end` in `text` (markers excluded), or npos-marked empty.
std::pair<std::size_t, std::size_t> section_of(const std::string& text, const std::string& begin,
                                               const std::string& end) {
  auto a = text.find(begin);
  if (a == std::string::npos) return {std::string::npos, std::string::npos};
  a = text.find('\n', a) + 1;
  auto b = text.find(end, a);
  return {a, b};
}

// README's house-rule table and the man page's HOUSE RULES entries, made from the option
// tables of every registered rule set (a new rule set adds its rows by `make docs`).
std::string readme_options() {
  std::string out = "| name | rules | default | meaning |\n|---|---|---|---|\n";
  for (const auto& o : option_specs())
    out += "| `" + std::string(o.name) + "` | " + owners(o) + " | " + shown_default(o) + " | " +
           std::string(o.en) + " |\n";
  return out;
}

std::string man_options(bool zh = false) {
  std::string out;
  for (const auto& o : option_specs()) {
    const RulesetInfo* info = find_ruleset(o.rules);
    const std::string owner_zh = o.rules.empty() ? "所有规则"
                                 : info          ? std::string(info->zh)
                                                 : std::string(o.rules);
    out += ".TP\n.B " + std::string(o.name) + "=" + shown_default(o) + "\n" +
           (zh ? owner_zh + "：" + std::string(o.zh) + "。\n"
               : (o.rules.empty() ? std::string("All") : owners(o)) + ": " + std::string(o.en) +
                     ".\n");
  }
  return out;
}

// Whether `c` is a Chinese character or punctuation (a line may break beside it), and whether
// it is punctuation no line may start with, or end with.
bool cjk(char32_t c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xFF00 && c <= 0xFFEF);
}
bool closing(char32_t c) {
  return std::u32string_view(U"，。、；：！？）”】》").find(c) != std::u32string_view::npos;
}
bool opening(char32_t c) {
  return std::u32string_view(U"（“【《").find(c) != std::u32string_view::npos;
}

// The code points of UTF-8 text (the pages are valid UTF-8: a bad byte throws), and back,
// with the library's own strict decoder and encoder.
std::u32string decode(const std::string& s) {
  auto chars = utf8::decode(s);
  if (!chars) throw std::runtime_error("not UTF-8: " + chars.error().en);
  std::u32string out;
  for (const auto& c : *chars) out += c.cp;
  return out;
}
std::string encode(const std::u32string& s) {
  std::string out;
  for (char32_t c : s) out += utf8::encode(c);
  return out;
}

// groff breaks lines only at spaces, and Chinese has none: a break point (\:) between two
// Chinese characters of filled text, but before closing or after opening punctuation.
std::string breakable(const std::string& line) {
  const std::u32string in = decode(line);
  std::u32string out;
  for (std::size_t i = 0; i < in.size(); ++i) {
    out += in[i];
    if (i + 1 < in.size() && cjk(in[i]) && cjk(in[i + 1]) && !opening(in[i]) && !closing(in[i + 1]))
      out += U"\\:";
  }
  return encode(out);
}

// The Chinese page set for groff, which breaks and joins lines at spaces and Chinese has none:
// in filled text (not .nf/.fi blocks, headings, comments or the NAME line) a break point (\:)
// between two Chinese characters, and a text line that ends in one joined to a text line that
// starts with one (\c), not with a space.
std::string for_groff(const std::vector<std::string>& lines) {
  std::string out;
  bool nofill = false, name = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (line == ".nf" || line == ".fi") nofill = line == ".nf";
    if (line.rfind(".SH", 0) == 0) name = line == ".SH 名称";
    const bool macro = !line.empty() && line[0] == '.';
    const bool text =
        !macro || line.rfind(".B", 0) == 0 || line.rfind(".I", 0) == 0 || line.rfind(".R", 0) == 0;
    if (nofill || name || !text) {
      out += line + "\n";
      continue;
    }
    const std::u32string here = decode(line);
    const std::u32string next = i + 1 < lines.size() ? decode(lines[i + 1]) : U"";
    const bool join =
        !macro && !here.empty() && cjk(here.back()) && !next.empty() && cjk(next.front());
    out += breakable(line) + (join ? "\\c" : "") + "\n";
  }
  return out;
}

// The man pages, English and Chinese, from their one source (man/qianmj.1.src): a line is in
// both pages, but between "@en" and "@zh" (English only) and "@zh" and "@@" (Chinese only);
// an English block is always followed by its Chinese one. "@house-rules" is the house-rule
// entries of every rule set. An error names its line.
std::string man_page(const std::string& src, bool zh) {
  std::istringstream in(src);
  std::string line, block;  // block: "", "en" or "zh"
  std::vector<std::string> out;
  int n = 0;
  auto fail = [&](const std::string& why) {
    throw std::runtime_error("man/qianmj.1.src:" + std::to_string(n) + ": " + why);
  };
  while (std::getline(in, line)) {
    ++n;
    if (line == "@en") {
      if (!block.empty()) fail("@en inside a block");
      block = "en";
    } else if (line == "@zh") {
      if (block == "zh") fail("@zh inside a Chinese block");
      block = "zh";
    } else if (line == "@@") {
      if (block != "zh") fail("@@ ends no Chinese block (an English block needs its @zh)");
      block.clear();
    } else if (line == "@house-rules") {
      std::istringstream rules(man_options(zh));
      for (std::string r; std::getline(rules, r);) out.push_back(r);
    } else if (!line.empty() && line[0] == '@') {
      fail("unknown marker " + line);
    } else if (block.empty() || (block == "zh") == zh) {
      out.push_back(line);
    }
  }
  if (!block.empty()) fail("the file ends inside a block");
  if (zh) return for_groff(out);
  std::string text;
  for (const auto& l : out) text += l + "\n";
  return text;
}

}  // namespace

TEST_CASE(
    "Docs: man/qianmj.1 and man/zh/qianmj.1 are made from man/qianmj.1.src, so the English and the "
    "Chinese page cannot drift (QIANMJ_UPDATE_DOCS=1 rewrites them: make docs)") {
  const bool update = std::getenv("QIANMJ_UPDATE_DOCS") != nullptr;
  const std::string src = test::slurp(test::testdata("../man/qianmj.1.src"));
  REQUIRE(src.size() > 10000);
  for (bool zh : {false, true}) {
    const std::string path = zh ? "../man/zh/qianmj.1" : "../man/qianmj.1";
    INFO(path << " (edit man/qianmj.1.src, then make docs)");
    const std::string want = man_page(src, zh);
    if (update) std::ofstream(test::testdata(path), std::ios::binary) << want;
    CHECK(test::slurp(test::testdata(path)) == want);
  }
  // A block that is English only, without its Chinese, is refused: no prose goes untranslated.
  CHECK_THROWS_WITH(man_page(".SH A\n@en\nx\n@@\n", true),
                    Catch::Contains("src:4: @@ ends no Chinese block"));
  CHECK(man_page("@en\nA b\n@zh\n甲乙，丙\n丁\n.B x\n@@\n", true) ==
        "甲\\:乙，\\:丙\\c\n丁\n.B x\n");
  CHECK(man_page("@en\nA b\n@zh\n甲乙，丙\n@@\n", false) == "A b\n");
}

TEST_CASE(
    "Docs: README's house-rule table and the man page's HOUSE RULES are made from every rule set's "
    "options (QIANMJ_UPDATE_DOCS=1 rewrites them: make docs)") {
  const bool update = std::getenv("QIANMJ_UPDATE_DOCS") != nullptr;
  struct Doc {
    std::string path, begin, end, want;
  };
  const Doc docs[] = {
      {"../README.md", "<!-- house-rules:begin", "<!-- house-rules:end", readme_options()},
      {"../man/qianmj.1", ".\\\" house-rules:begin", ".\\\" house-rules:end", man_options()},
  };
  for (const auto& d : docs) {
    INFO(d.path);
    std::string text = test::slurp(test::testdata(d.path));
    auto [a, b] = section_of(text, d.begin, d.end);
    REQUIRE(a != std::string::npos);
    REQUIRE(b != std::string::npos);
    if (update && text.substr(a, b - a) != d.want) {
      text.replace(a, b - a, d.want);
      std::ofstream(test::testdata(d.path), std::ios::binary) << text;
      continue;
    }
    CHECK(text.substr(a, b - a) == d.want);
  }
}

TEST_CASE(
    "Rule reference: the id ranges help and errors print (C1-C7, D1-D11, Z1-Z9) are the first and "
    "last ids of each folder's rules") {
  const auto ranges = rule_id_ranges();
  std::vector<std::string_view> folders = {"common"};
  for (const auto& info : rulesets()) folders.push_back(info.id);
  REQUIRE(ranges.size() == folders.size());
  for (std::size_t i = 0; i < folders.size(); ++i) {
    INFO(folders[i]);
    const auto texts = rule_texts(folders[i]);
    REQUIRE_FALSE(texts.empty());
    CHECK(ranges[i].first == texts.front().id);
    CHECK(ranges[i].second == texts.back().id);
  }
  CHECK(ranges.front() == std::pair<std::string_view, std::string_view>{"C1", "C7"});
}

TEST_CASE(
    "Docs: every qianmj help page a message points to exists and lists words, in both languages") {
  namespace fs = std::filesystem;
  // "(the words: qianmj help words)" in English, "（用词见 qianmj help 文字）" in Chinese.
  // A page is a lower-case word or Chinese ("qianmj help [SUBCOMMAND]" in usage is no pointer).
  const std::regex pointer(R"re(qianmj help ([a-z]+|(?:(?![）」”])[^\x00-\x7f])+))re");
  std::set<std::string> pages;
  for (const char* dir : {"../lib/src"})  // the library's messages; cli/ has usage lines
    for (const auto& f : fs::recursive_directory_iterator(test::testdata(dir))) {
      if (!f.is_regular_file()) continue;
      const std::string text = test::slurp(f.path().string());
      for (std::sregex_iterator m(text.begin(), text.end(), pointer), end; m != end; ++m)
        pages.insert((*m)[1]);
    }
  CHECK(pages.count("words") == 1);  // the words reader's unknown word, in both languages
  CHECK(pages.count("文字") == 1);
  for (const auto& page : pages) {
    INFO("qianmj help " << page);
    auto r = test::run_qianmj({"help", page, "--zh"});
    CHECK(r.exit == 0);
    CHECK(r.out.find("东自摸7筒") != std::string::npos);  // a word's example
  }
}

TEST_CASE(
    "Rule reference: every pattern's definition in `qianmj rules` (D1, Z2, G3) is the one its rule "
    "text shows, from one source ({def:ID} in rules.md)") {
  for (const auto& info : rulesets()) {
    INFO(info.id);
    auto rules = make_ruleset(info.id);
    REQUIRE(rules);
    std::string en, zh;  // all the texts of its folder
    for (const auto& t : rule_texts(info.id)) en += t.text_en + "\n", zh += t.text_zh + "\n";
    CHECK(en.find("{def:") == std::string::npos);  // every placeholder expanded
    for (const auto& p : rules->patterns()) {
      INFO(p.id);
      CHECK(en.find(std::string(p.definition_en)) != std::string::npos);
      CHECK(zh.find(std::string(p.definition_zh)) != std::string::npos);
    }
  }
}
