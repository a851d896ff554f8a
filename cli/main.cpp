// qianmj: Guizhou mahjong calculator. CLI11 wiring only; answers come from lib/.
#include <cerrno>
#include <iostream>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "io.hpp"

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

}  // namespace

int main(int argc, char** argv) {
  using namespace qianmj::cli;
  std::ios::sync_with_stdio(false);
  // Every answer goes through one checked buffer: a write that fails is an error and an exit
  // status, never a quiet success.
  FdOutput sink(1);
  std::ostream out(&sink);
  Common c;
  // The rule sets, from the registry: "Duyun (都匀) and Zunyi (遵义)", "duyun (default) or zunyi".
  std::string names, ids;
  const auto all = qianmj::rulesets();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const char* sep = i == 0 ? "" : i + 1 == all.size() ? " and " : ", ";
    names += sep + std::string(all[i].en) + " (" + std::string(all[i].zh) + ")";
    ids += (i == 0                ? ""
            : i + 1 == all.size() ? " or "
                                  : ", ") +
           std::string(all[i].id) + (i == 0 ? " (default)" : "");
  }
  CLI::App app{
      "qianmj (黔麻): Guizhou mahjong calculator, " + names +
          " rules.\n"
          "Reads hands as people write them (23445677筒345789条, 碰5万 1123p) and answers\n"
          "whether they win, what they wait on, their pattern and who pays whom.",
      "qianmj"};
  app.set_version_flag("--version", std::string("qianmj ") + QIANMJ_VERSION);
  app.require_subcommand(1);
  app.fallthrough();
  c.rules_option = app.add_option("--rules", c.rules_id, "rule set: " + ids)->type_name("NAME");
  app.add_option("--rule", c.rule_assignments,
                 "house rule NAME=VALUE (repeatable; see `qianmj rules`)")
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false);
  app.add_flag("--json", c.json, "one JSON object per answer");
  auto* zh = app.add_flag("--zh", c.zh_flag, "text output in Chinese");
  app.add_flag("--en", c.en_flag, "text output in English")->excludes(zh);
  app.add_flag("--narrow", c.narrow_flag,
               "one seat a line, for a phone (default when COLUMNS is under 60)");

  ScoreCommand score;
  WaitsCommand waits;
  SettleCommand settle;
  SessionCommand session;
  RulesCommand rules;
  auto* score_app = score.add(app);
  auto* waits_app = waits.add(app);
  auto* settle_app = settle.add(app);
  auto* session_app = session.add(app);
  auto* rules_app = rules.add(app);

  try {
    app.parse(protect_brackets(argc, argv));
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version
      app.exit(e, out, std::cerr);
      return finish(out, sink, chinese_from_environment(), 0);
    }
    bool json = false;
    for (int i = 1; i < argc; ++i) json = json || std::string_view(argv[i]) == "--json";
    c.json = json;
    // The language asked for, though the command line did not parse.
    bool zh_asked = false, en_asked = false;
    for (int i = 1; i < argc; ++i) {
      zh_asked = zh_asked || std::string_view(argv[i]) == "--zh";
      en_asked = en_asked || std::string_view(argv[i]) == "--en";
    }
    c.chinese = zh_asked || (!en_asked && chinese_from_environment());
    print_error(usage_error(e), c, out, std::cerr);
    if (!json)
      std::cerr << (c.chinese ? "用法见 qianmj --help\n" : "Run 'qianmj --help' for usage.\n");
    return finish(out, sink, c.chinese, kBad);
  }
  c.chinese = c.zh_flag || (!c.en_flag && chinese_from_environment());
  c.narrow = c.narrow_flag || narrow_from_environment();
  int code = kBad;
  if (*score_app) code = score.run(c, out, std::cerr);
  if (*waits_app) code = waits.run(c, out, std::cerr);
  if (*settle_app) code = settle.run(c, out, std::cerr);
  if (*session_app) code = session.run(c, out, std::cerr);
  if (*rules_app) code = rules.run(c, out, std::cerr);
  return finish(out, sink, c.chinese, code);
}
