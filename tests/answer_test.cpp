// The front door (answer_json) answers every golden request as the program does: each command
// of the CLI transcripts, byte for byte (text in both languages, narrow, JSON, errors), and the
// golden score and settle cases against the binary. The requests and answers are written to
// answer_requests.jsonl in the build folder, for the web module's equivalence test.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>

#include "helpers.hpp"
#include "qianmj/answers/answer.hpp"
#include "testdata.hpp"
#include "transcripts.hpp"

using namespace qianmj;
using Req = nlohmann::ordered_json;

namespace {

// A transcript command as a request, or why it is none (`skip`).
struct Mapped {
  std::optional<Req> request;
  std::string skip;
};

const std::map<std::string, std::string> kScoreFlags = {{"--zimo", "zimo"},
                                                        {"--after-kong", "after_kong"},
                                                        {"--robbing-kong", "robbing_kong"},
                                                        {"--baoting", "baoting"},
                                                        {"--payer-baoting", "payer_baoting"},
                                                        {"--tianhu", "tianhu"},
                                                        {"--dihu", "dihu"},
                                                        {"--dou", "dou"}};

Mapped skipped(std::string why) {
  return {std::nullopt, std::move(why)};
}

// The options every command takes; false for an option that is not one of them.
bool common_option(Req& r, const std::vector<std::string>& a, std::size_t& i, bool& usage) {
  const std::string& w = a[i];
  if ((w == "--rules" || w == "--rule") && i + 1 >= a.size()) return usage = true;
  if (w == "--rules")
    r["rules"] = a[++i];
  else if (w == "--rule")
    r["options"].push_back(a[++i]);
  else if (w == "--json")
    r["format"] = "json";
  else if (w == "--zh" || w == "--en")
    usage = usage || r.contains("lang"), r["lang"] = w.substr(2);
  else if (w == "--narrow")
    r["narrow"] = true;
  else if (w == "--glyphs")
    r["glyphs"] = true;
  else
    return false;
  return true;
}

// The options of one command into `r`, its other words into `words`; false: a usage error.
bool command_option(Req& r, const std::string& cmd, const std::vector<std::string>& a,
                    std::size_t& i, std::vector<std::string>& words) {
  const std::string& w = a[i];
  auto value = [&]() -> std::optional<std::string> {
    if (i + 1 >= a.size()) return std::nullopt;
    return a[++i];
  };
  if (cmd == "score" && kScoreFlags.count(w)) {
    r[kScoreFlags.at(w)] = true;
  } else if (cmd == "waits" && (w == "--baoting" || w == "--dou")) {
    r[w.substr(2)] = true;
  } else if (cmd == "score" && (w == "--win" || w == "--dealer" || w == "--streak")) {
    auto v = value();
    if (!v || (w == "--dealer" && *v != "winner" && *v != "payer" && *v != "none")) return false;
    r[w.substr(2)] = *v;
  } else if (cmd == "settle" && w == "--seat") {
    auto v = value();
    if (!v || v->size() != 1 || (*v)[0] < '0' || (*v)[0] > '3') return false;
    r["seat"] = (*v)[0] - '0';
  } else if ((cmd == "settle" && (w == "--to-json" || w == "--to-words")) ||
             (cmd == "rules" && w == "--markdown")) {
    r[w == "--markdown" ? "markdown" : w == "--to-json" ? "to_json" : "to_words"] = true;
  } else if (cmd == "session" && w == "--seat") {  // a seat as typed: the session reads it
    auto v = value();
    if (!v) return false;
    r["seat"] = *v;
  } else if (cmd == "session" && (w == "--csv" || w == "--tsv")) {
    if (r.contains("rows")) return false;
    r["rows"] = w.substr(2);
  } else if (w.size() > 1 && w[0] == '-') {
    return false;
  } else {
    words.push_back(w);
  }
  return true;
}

// Whether the CLI reads `input` as a table a line (JSON Lines) rather than one table.
bool many_tables(const std::string& input) {
  std::vector<std::string> lines;
  std::istringstream in(input);
  for (std::string l; std::getline(in, l);)
    if (l.find_first_not_of(" \t\r") != std::string::npos) lines.push_back(l);
  if (lines.size() < 2) return false;
  const std::string& second = lines[1];
  return !is_json_text(lines[0]) || nlohmann::json::accept(lines[0]) ||
         second[second.find_first_not_of(" \t")] == '{' || !is_json_text(second) ||
         nlohmann::json::accept(second);
}

// Options that exclude each other (CLI11 refuses them before any answer).
bool exclusive(const Req& r) {
  return (r.contains("rows") && r.value("format", "") == "json") ||
         (r.contains("to_json") && r.contains("to_words")) ||
         (r.contains("seat") && (r.contains("to_json") || r.contains("to_words"))) ||
         (r.contains("to_words") && r.value("format", "") == "json") ||
         (r.contains("markdown") && r.value("format", "") == "json");
}

Mapped request_for(const std::string& command, const std::string& input) {
  const auto a = test::split_args(command);
  if (a.empty() || a[0].empty() || a[0][0] == '-') return skipped("no subcommand (usage)");
  const std::string cmd = a[0];
  if (cmd != "score" && cmd != "waits" && cmd != "settle" && cmd != "session" && cmd != "rules")
    return skipped("help, completions or an unknown subcommand");
  Req r = {{"command", cmd}};
  std::vector<std::string> words;
  bool usage = false;
  for (std::size_t i = 1; i < a.size(); ++i)
    if (!common_option(r, a, i, usage) && !command_option(r, cmd, a, i, words)) usage = true;
  if (usage || exclusive(r)) return skipped("a usage error (CLI11's, before any request)");
  if (cmd == "score" || cmd == "waits") {
    if (words.empty()) return skipped("a usage error (CLI11's, before any request)");
    if (words.size() == 1 && words[0] == "-") return skipped("a pipeline (score -, waits -)");
    std::string hand;
    for (const auto& w : words) hand += (hand.empty() ? "" : " ") + w;
    r["hand"] = hand;
  } else if (cmd == "settle") {
    if (words.size() == 1 && words[0] != "-" &&
        (words[0].find('/') != std::string::npos || words[0].ends_with(".json")))
      return skipped("a file");
    if (words.empty() || (words.size() == 1 && words[0] == "-")) {
      if (many_tables(input)) return skipped("many tables, a line each (the CLI's stream)");
      std::size_t start = 0;  // the CLI reads from the first line that is not blank
      for (auto nl = input.find('\n'); nl != std::string::npos; nl = input.find('\n', start)) {
        if (input.find_first_not_of(" \t\r", start) < nl) break;
        start = nl + 1;
      }
      std::string text = input.substr(start);
      if (!text.empty() && text.back() == '\n') text.pop_back();
      r["table"] = text;
    } else {
      r["table"] = words;
    }
  } else if (cmd == "session") {
    if (!words.empty() && words[0] != "-") return skipped("a file");
    r["session"] = input;
  } else {
    r["ids"] = words;
  }
  return {r, ""};
}

// Where the requests and answers go for the web test: QIANMJ_ANSWERS_OUT, when it is set.
std::ofstream* answers_file() {
  static std::unique_ptr<std::ofstream> out = [] {
    const char* path = std::getenv("QIANMJ_ANSWERS_OUT");
    return path ? std::make_unique<std::ofstream>(path, std::ios::binary) : nullptr;
  }();
  return out.get();
}

// The front door's answer to `request`, kept for the web test.
Req ask(const Req& request) {
  const std::string text = request.dump();
  const std::string reply = answer_json(text);
  if (auto* out = answers_file()) *out << Req{{"request", text}, {"answer", reply}}.dump() << '\n';
  return Req::parse(reply);
}

// The front door's answer to `request` is the program's: its standard output `out`, byte for
// byte, its exit status, and an error exactly when the status is 2.
void check_answer(const Req& request, const std::string& out, int exit, int& compared) {
  Req reply = ask(request);
  CHECK(reply["output"].get<std::string>() == out);
  CHECK(reply["status"] == exit);
  CHECK(reply.contains("error") == (exit == 2));
  ++compared;
}

// The same for a command line as a transcript writes it ("settle - --zh"), run with `input`.
void check_like_program(const std::string& command, const std::string& input, int& compared) {
  auto m = request_for(command, input);
  REQUIRE(m.request);
  auto run = test::run_qianmj(test::split_args(command), input);
  check_answer(*m.request, run.out, run.exit, compared);
}

}  // namespace

TEST_CASE("Front door: every transcript request answers as the program does") {
  int compared = 0;
  std::map<std::string, int> skips;
  for (const char* file : {"score.txt", "waits.txt", "rules.txt", "errors.txt", "settle.txt",
                           "settle_errors.txt", "zunyi.txt", "revised.txt", "words.txt",
                           "lose_nothing.txt", "evening.txt", "declared.txt"}) {
    for (const auto& c : test::transcripts(file)) {
      auto m = request_for(c.command, c.input);
      if (!m.request) {
        ++skips[m.skip];
        continue;
      }
      INFO("testdata/cli/" << file << ":" << c.line << " $ " << c.command);
      INFO("request " << m.request->dump());
      check_answer(*m.request, test::joined(c.out), c.exit, compared);
    }
  }
  int skipped_total = 0;
  for (const auto& [why, n] : skips) {
    WARN("skipped " << n << ": " << why);
    skipped_total += n;
  }
  WARN("transcript requests compared: " << compared << ", skipped: " << skipped_total);
  CHECK(compared >= 100);
}

TEST_CASE("Front door: golden score cases and sessions as the program answers them") {
  int compared = 0;
  for (const auto& row : test::tsv("score_cases.tsv")) {
    std::string args = "'score' '" + row[1] + "' ";
    for (const auto& a : test::split_args(row[2])) args += "'" + a + "' ";
    for (const char* out : {"--en", "--zh", "--json"}) {
      INFO(args + out);
      check_like_program(args + out, "", compared);
    }
  }
  for (const char* name : {"duyun.txt", "zunyi.txt"}) {
    const std::string evening = test::slurp(test::testdata(std::string("session/") + name));
    for (const char* out : {"--en", "--zh --narrow", "--json", "--csv", "--tsv --zh"}) {
      INFO(name << " " << out);
      check_like_program(std::string("session ") + out, evening, compared);
    }
  }
  WARN("score cases and sessions compared: " << compared);
}

TEST_CASE("Front door: golden settle tables, words and JSON, in every layout") {
  int compared = 0;
  std::vector<std::string> tables;
  for (const auto& row : test::tsv("settle_words.txt")) tables.push_back(row.back());
  std::istringstream cases(test::slurp(test::testdata("settle_cases.jsonl")));
  for (std::string line; std::getline(cases, line);)
    if (!line.empty()) {
      auto c = nlohmann::json::parse(line);
      tables.push_back(c.contains("table_text") ? c["table_text"].get<std::string>()
                                                : c["table"].dump());
    }
  constexpr const char* kLayouts[] = {"--en",          "--zh",           "--en --narrow",
                                      "--zh --narrow", "--json",         "--seat 2 --zh",
                                      "--to-json",     "--to-words --zh"};
  constexpr std::size_t kN = std::size(kLayouts);
  for (std::size_t l = 0; l < kN; ++l) {
    for (std::size_t i = 0; i < tables.size(); ++i) {
#ifdef QIANMJ_SANITIZED
      // A program started per table and layout took 100 s under the sanitizers for a fourth
      // of the tables: there, every table in one layout, in turn (the unsanitized suite
      // compares every table in every layout).
      if (l != i % kN) continue;
#endif
      INFO(tables[i] << " " << kLayouts[l]);
      check_like_program(std::string("settle - ") + kLayouts[l], tables[i] + "\n", compared);
    }
  }
#ifdef QIANMJ_SANITIZED
  CHECK(compared >= static_cast<int>(tables.size()));
#else
  CHECK(compared >= static_cast<int>(kN * tables.size()));
#endif
  WARN("settle tables compared: " << compared);
}

TEST_CASE("Front door: an evening going on is headed as its totals so far, the rest unchanged") {
  const std::string evening = test::slurp(test::testdata("session/duyun.txt"));
  for (const char* lang : {"zh", "en"}) {
    INFO(lang);
    Req request = {{"command", "session"}, {"lang", lang}, {"narrow", true}, {"session", evening}};
    const std::string ended = Req::parse(answer_json(request.dump()))["output"];
    request["going_on"] = true;
    Req reply = Req::parse(answer_json(request.dump()));
    REQUIRE(reply["status"] == 0);
    std::string so_far = reply["output"];
    const std::string final_zh = "终局（共 ", final_en = "Final standings (";
    const std::string now_zh = "累计（共 ", now_en = "Standings so far (";
    const std::string& was = std::string(lang) == "zh" ? final_zh : final_en;
    const std::string& now = std::string(lang) == "zh" ? now_zh : now_en;
    CHECK(so_far.find(was) == std::string::npos);
    const auto at = so_far.find(now);
    REQUIRE(at != std::string::npos);
    so_far.replace(at, now.size(), was);
    CHECK(so_far == ended);
  }
}

TEST_CASE("Front door: a bad request is a coded error, never an exception") {
  for (const char* bad :
       {"", "nope", "[1]", "{\"command\": \"fly\"}", "{\"hand\": \"1m\"}",
        "{\"command\": \"score\", \"zimo\": 1}", "{\"command\": \"score\", \"bogus\": true}",
        "{\"command\": \"settle\", \"seat\": 7}",
        "{\"command\": \"score\", \"command\": \"waits\"}"}) {
    INFO(bad);
    Req reply = Req::parse(answer_json(bad));
    CHECK(reply["status"] == 2);
    REQUIRE(reply.contains("error"));
    CHECK(!reply["error"]["message"].get<std::string>().empty());
    CHECK(!reply["error"]["message_zh"].get<std::string>().empty());
    CHECK(reply["rules"] == "duyun");  // not read: the default rule set
  }
  // Read: the rule set it names (docs/answer.md).
  Req reply = Req::parse(answer_json(R"({"command": "score", "rules": "zunyi", "hand": "1m"})"));
  CHECK(reply["status"] == 2);
  CHECK(reply["rules"] == "zunyi");
}

TEST_CASE("Front door: a session asked for rows and JSON answers JSON lines alone (fuzz)") {
  const std::string evening = test::slurp(test::testdata("session/duyun.txt"));
  for (const char* rows : {"csv", "tsv"}) {
    INFO(rows);
    Req reply = Req::parse(answer_json(
        Req{{"command", "session"}, {"rows", rows}, {"format", "json"}, {"session", evening}}
            .dump()));
    CHECK(reply["status"] == 0);
    std::istringstream out(reply["output"].get<std::string>());
    int lines = 0;
    for (std::string line; std::getline(out, line); ++lines) CHECK(Req::accept(line));
    CHECK(lines > 10);
  }
}

// The native time of one answer over the requests web.requests wrote (QIANMJ_ANSWERS_IN), as
// tests/web/equivalence.mjs times the wasm module: run by hand, `QIANMJ_ANSWERS_IN=FILE
// qianmj_tests "[.timing]"`.
TEST_CASE("Answer timing: the median time of a front door answer", "[.timing]") {
  const char* path = std::getenv("QIANMJ_ANSWERS_IN");
  REQUIRE(path);
  std::vector<std::string> requests;
  std::istringstream in(test::slurp(path));
  for (std::string line; std::getline(in, line);)
    requests.push_back(Req::parse(line)["request"].get<std::string>());
  std::vector<double> times;
  for (int round = 0; round < 3; ++round)
    for (const auto& r : requests) {
      auto t0 = std::chrono::steady_clock::now();
      auto reply = answer_json(r);
      times.push_back(
          std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
      CHECK(!reply.empty());
    }
  std::sort(times.begin(), times.end());
  WARN("median answer " << times[times.size() / 2] << " us over " << times.size());
}
