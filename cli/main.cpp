// qianmj: Guizhou mahjong calculator. CLI11 wiring only; answers come from lib/.
#include <algorithm>
#include <cerrno>
#include <iostream>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "help.hpp"
#include "io.hpp"
#include "qianmj/version.hpp"

namespace {

// The exit status once the output is flushed: `code`, or why the output was lost.
int finish(std::ostream& out, const qianmj::cli::FdOutput& sink, bool chinese, int code) {
  using namespace qianmj::cli;
  out.flush();
  int e = sink.error();
  if (!e) return code;
  if (e == EPIPE) return kReaderGone;  // the reader left (SIGPIPE ignored): stop quietly
  // stdout is what failed: the error goes to stderr, whatever the output mode.
  std::cerr << "qianmj: " << io_error(e, true, "", "").message(chinese) << '\n';
  return kWriteFailed;
}

// The words of a command line CLI11 did not expect, from its message.
std::vector<std::string> unexpected_words(const std::string& message) {
  std::vector<std::string> out;
  auto colon = message.find(": ");
  if (colon == std::string::npos) return out;
  std::string rest = message.substr(colon + 2), word;
  for (char ch : rest + ' ') {
    if (ch == ' ') {
      if (!word.empty()) out.push_back(word);
      word.clear();
    } else {
      word += ch;
    }
  }
  return out;
}

// The n-th word of the command line that is neither an option nor the value of --rules or
// --rule (the subcommand, then its first argument), or "".
std::string first_word(int argc, char** argv, int n) {
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--rules" || a == "--rule")
      ++i;
    else if (!a.starts_with("-") && --n == 0)
      return std::string(a);
  }
  return "";
}

// " (did you mean --zimo?)" after a usage error's message, when there is a guess.
void add_guess(qianmj::Error& error, const std::string& near) {
  if (near.empty()) return;
  error.en += " (did you mean " + near + "?)";
  error.zh += "（是不是 " + near + "？）";
}

// qianmj help words: the library's listing of the words of a table, at the terminal's width.
int help_words(const qianmj::cli::Common& c, std::ostream& out) {
  using namespace qianmj::cli;
  return write_answer(qianmj::answer(request_of(c, qianmj::Command::Words)), c, out, std::cerr);
}

bool has_arg(int argc, char** argv, std::string_view arg) {
  for (int i = 1; i < argc; ++i)
    if (argv[i] == arg) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace qianmj::cli;
  std::ios::sync_with_stdio(false);
  // Every answer goes through one checked buffer: a write that fails is an error and an exit
  // status, never a quiet success.
  FdOutput sink(1);
  std::ostream out(&sink);
  Common c;
  // The language asked for, known before parsing (for --help, and for usage errors).
  const bool zh_asked = has_arg(argc, argv, "--zh"), en_asked = has_arg(argc, argv, "--en");
  const bool chinese_asked = zh_asked || (!en_asked && chinese_from_environment());
  // The rule sets, from the registry: "Duyun (都匀) and Zunyi (遵义)".
  std::string names, names_zh;
  const auto all = qianmj::rulesets();
  for (std::size_t i = 0; i < all.size(); ++i) {
    names += (i == 0                ? ""
              : i + 1 == all.size() ? " and "
                                    : ", ") +
             std::string(all[i].en) + " (" + std::string(all[i].zh) + ")";
    names_zh +=
        (i == 0 ? "" : "、") + std::string(all[i].zh) + "（" + std::string(all[i].en) + "）";
  }
  CLI::App app{
      "qianmj (黔麻): Guizhou mahjong calculator, " + names +
          " rules.\n"
          "Reads hands as people write them (23445677筒345789条, 碰5万 1123p) and answers\n"
          "whether they win, what they wait on, their pattern and who pays whom.",
      "qianmj"};
  auto help = std::make_shared<HelpFormatter>();
  help->chinese = chinese_asked;
  app.formatter(help);
  doc(app, "qianmj（黔麻）：贵州麻将计算器，" + names_zh +
               "规则。\n"
               "按人们的写法读手牌（23445677筒345789条、碰5万 1123p），回答是否胡牌、\n"
               "听什么牌、什么番型、谁付给谁多少。");
  app.set_help_flag("-h,--help", "print this help and exit");
  doc(app,
      app.set_version_flag("-V,--version", std::string("qianmj ") + QIANMJ_VERSION,
                           "print the version and exit")
          ->group(kGroupCommon),
      "显示版本并退出");
  app.require_subcommand(1);
  app.fallthrough();
  add_common_options(app, c);

  ScoreCommand score;
  WaitsCommand waits;
  AdviseCommand advise;
  SettleCommand settle;
  SessionCommand session;
  RulesCommand rules;
  auto* score_app = score.add(app);
  auto* waits_app = waits.add(app);
  auto* advise_app = advise.add(app);
  auto* settle_app = settle.add(app);
  auto* session_app = session.add(app);
  auto* rules_app = rules.add(app);
  // `qianmj help [SUBCOMMAND]` and `qianmj completions SHELL`.
  std::string help_topic, shell;
  auto* help_app = app.add_subcommand(
      "help",
      "Print the help of qianmj or of one subcommand, or the words of a table (help words)");
  doc(*help_app, "显示 qianmj 或某个子命令的帮助，或牌桌用词（help 文字）");
  auto* completions_app =
      app.add_subcommand("completions", "Print the shell completion script for bash, zsh or fish");
  doc(*completions_app, "输出 bash、zsh 或 fish 的命令补全脚本");
  doc(*completions_app,
      completions_app->add_option("shell", shell, "bash, zsh or fish")
          ->required()
          ->type_name("SHELL")
          ->check(CLI::IsMember({"bash", "zsh", "fish"})),
      "bash、zsh 或 fish", {"bash", "zsh", "fish"});
  std::vector<std::string> topics;  // every subcommand, `help` and `completions` included
  for (const CLI::App* s : subcommands_of(app)) topics.push_back(s->get_name());
  // `help words` (help 文字, help 词) lists the words of a table in words.
  std::vector<std::string> help_topics = topics;
  help_topics.push_back("words");
  doc(*help_app,
      help_app->add_option("subcommand", help_topic, "the subcommand, or words")
          ->type_name("SUBCOMMAND"),
      "子命令，或 words（文字）", help_topics);
  // The common options go on the subcommands the command line can reach: the one it names
  // (and the one `help` names), or all of them for `completions`. Declaring them on all
  // eight every time would cost a fifth of a call's start-up.
  const std::string named = first_word(argc, argv, 1);
  for (auto* s : {score_app, waits_app, advise_app, settle_app, session_app, rules_app, help_app,
                  completions_app})
    if (named == "completions" || s->get_name() == named ||
        (named == "help" && s->get_name() == first_word(argc, argv, 2)))
      add_common_options(*s, c);

  // Output choices that exclude each other: with both, one would be dropped silently.
  constexpr std::pair<const char*, const char*> kExclusive[] = {
      {"--csv", "--json"},         {"--tsv", "--json"},      {"--csv", "--tsv"},
      {"--to-json", "--to-words"}, {"--to-words", "--json"}, {"--seat", "--to-json"},
      {"--seat", "--to-words"},    {"--markdown", "--json"}, {"--csv", "--to-json"},
      {"--csv", "--to-words"},     {"--tsv", "--to-json"},   {"--tsv", "--to-words"}};
  for (auto* s : {score_app, waits_app, advise_app, settle_app, session_app, rules_app})
    for (const auto& [a, b] : kExclusive)
      if (auto* x = s->get_option_no_throw(a), *y = s->get_option_no_throw(b); x && y)
        x->excludes(y);

  try {
    app.parse(protect_brackets(argc, argv));
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version
      app.exit(e, out, std::cerr);
      return finish(out, sink, chinese_asked, 0);
    }
    c.json = has_arg(argc, argv, "--json");
    c.chinese = chinese_asked;
    qianmj::Error error = usage_error(e);
    std::vector<std::string> unexpected = unexpected_words(e.what());
    if (app.get_subcommands().empty() && !named.empty()) {  // "qianmj scor ..."
      unexpected = {named};
      std::string list, list_zh;
      for (const auto& t : topics) {
        list += (list.empty() ? "" : ", ") + t;
        list_zh += (list_zh.empty() ? "" : "、") + t;
      }
      error.en = "unknown subcommand " + named + " (one of " + list + ")";
      error.zh = "没有子命令 " + named + "（可用：" + list_zh + "）";
    }
    add_guess(error, suggestion(app, unexpected));
    print_error(error, c, out, std::cerr);
    if (!c.json)
      std::cerr << (c.chinese ? "用法见 qianmj --help\n" : "Run 'qianmj --help' for usage.\n");
    return finish(out, sink, c.chinese, kBad);
  }
  c.chinese = c.zh_flag || (!c.en_flag && chinese_from_environment());
  c.narrow = c.narrow_flag || narrow_from_environment();
  c.glyphs = c.glyphs_flag || glyphs_from_environment();
  // Ctrl-C or a kill: what was read whole is answered and written whole, then 130 or 143.
  catch_stop_signals();
  int code = kBad;
  if (*score_app) code = score.run(c, out, std::cerr);
  if (*waits_app) code = waits.run(c, out, std::cerr);
  if (*advise_app) code = advise.run(c, out, std::cerr);
  if (*settle_app) code = settle.run(c, out, std::cerr);
  if (*session_app) code = session.run(c, out, std::cerr);
  if (*rules_app) code = rules.run(c, out, std::cerr);
  if (*help_app) {
    help->chinese = c.chinese;
    if (help_topic.empty()) {
      out << help->make_help(&app, "", CLI::AppFormatMode::Normal);
      code = kOk;
    } else if (help_topic == "words" || help_topic == "文字" || help_topic == "词") {
      code = help_words(c, out);
    } else if (std::find(topics.begin(), topics.end(), help_topic) != topics.end()) {  // or help
      out << help->make_help(app.get_subcommand(help_topic), "", CLI::AppFormatMode::Normal);
      code = kOk;
    } else {
      qianmj::Error error{qianmj::ErrorCode::Usage, "no subcommand " + help_topic,
                          "没有子命令 " + help_topic, 0, ""};
      add_guess(error, nearest(help_topic, topics));
      print_error(error, c, out, std::cerr);
      code = kBad;
    }
  }
  if (*completions_app) {
    out << completion_script(app, shell);
    code = kOk;
  }
  code = finish(out, sink, c.chinese, code);
  if (int sig = stop_signal(); sig && code != kWriteFailed && code != kReaderGone) return 128 + sig;
  return code;
}
