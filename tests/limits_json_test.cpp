// Limits of issue 6 on JSON nesting: 100,000 deep is bad_json in settle and in pipeline JSON
// lines, never a crash; settle refuses past exactly 64 levels and brackets inside strings do
// not count.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limits.hpp"
#include "qianmj/answers/session.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"

using namespace qianmj;
using namespace qianmj::test::limits;
using nlohmann::json;

TEST_CASE(
    "Limits: JSON nested 100,000 deep is bad_json in settle and in a pipeline JSON line, never a "
    "crash") {
  const std::string open(100'000, '['), close(100'000, ']');
  // settle, one document: unclosed, and closed (one line that is a whole JSON value).
  for (const std::string& doc : {open, open + close, "{\"dealer\": " + open + close + "}"}) {
    auto r = run_piped({"settle", "--json"}, doc + "\n");
    INFO(doc.substr(0, 20) << "... stdout: " << r.out.substr(0, 400) << " stderr: " << r.err);
    CHECK(r.exit == 2);
    auto j = json::parse(r.out);
    CHECK(j["error"]["code"] == "bad_json");
    CHECK(j["error"]["message"] == "JSON nested deeper than 64 levels");
  }
  // settle JSON Lines: each deep line answered in place, the tables around them priced.
  std::string objects;
  for (int i = 0; i < 100'000; ++i) objects += "{\"a\": ";
  objects += "1" + std::string(100'000, '}');
  auto r = run_piped({"settle", "-", "--json"},
                     kGoodTable + "\n" + open + close + "\n" + objects + "\n" + kGoodTable + "\n");
  INFO("stdout: " << r.out.substr(0, 1000));
  CHECK(r.exit == 2);
  auto answers = json_lines(r.out);
  check_codes(answers, {"ok", "bad_json", "bad_json", "ok"});
  // A waits pipeline: a line of 100,000 '[' is a hand (too long); a JSON request nested
  // 100,000 deep is bad JSON, unclosed or closed; one nested 500,000 deep (just under the
  // 1 MiB line limit) too: the one gate every JSON input passes refuses them all alike.
  const std::string deepest =
      "{\"hand\": " + std::string(500'000, '[') + std::string(500'000, ']') + "}";
  r = run_piped({"waits", "-", "--json"}, open + "\n{\"hand\": " + open + "\n{\"hand\": " + open +
                                              close + "}\n" + deepest +
                                              "\n{\"hand\": \"2344567p345789s\"}\n");
  INFO("stdout: " << r.out.substr(0, 1000));
  CHECK(r.exit == 2);
  answers = json_lines(r.out);
  check_codes(answers, {"too_long", "bad_json", "bad_json", "bad_json", "ok"});
  CHECK(answers[2]["error"]["message"] == "JSON nested deeper than 64 levels");
  CHECK(answers[4]["ready"] == true);
}

TEST_CASE(
    "Limits: a session hand nested 100,000 deep is bad_json with the hands before it and no "
    "crash, at -j 1 and -j 2") {
  // It was SIGSEGV (exit 139): the session parsed, copied and wrote out the tree, all
  // recursive, without the depth limit settle had.
  const std::string deep =
      "{\"a\":" + std::string(100'000, '[') + std::string(100'000, ']') + "}\n";
  const std::string hand = "东:2344567筒345789条 东自摸7筒\n";
  std::string before = "庄东\n";
  for (int i = 0; i < 3000; ++i) before += hand;
  for (const char* jobs : {"1", "2"}) {
    INFO("-j " << jobs);
    auto first = run_piped({"session", "-", "--json", "-j", jobs}, deep);
    CHECK(first.exit == 2);
    auto refused = json_lines(first.out);
    REQUIRE(refused.size() == 1);
    CHECK(refused[0]["error"]["message"] == "JSON nested deeper than 64 levels");
    auto later = run_piped({"session", "-", "--json", "-j", jobs}, before + deep + hand);
    CHECK(later.exit == 2);
    auto answers = json_lines(later.out);
    REQUIRE(answers.size() == 3001);  // the 3,000 hands, then the error on line 3,002
    CHECK(answers[2999]["hand"] == 3000);
    CHECK(answers[3000]["error"]["code"] == "bad_json");
    CHECK(answers[3000]["error"]["line"] == 3002);
  }
  // Through the library: every JSON entry point passes the one gate.
  Session s;
  auto played = s.play(deep);
  REQUIRE_FALSE(played);
  CHECK(played.error().code == ErrorCode::BadJson);
  CHECK(played.error().en == "JSON nested deeper than 64 levels");
  auto read = read_json(deep, kMaxTableValues);
  REQUIRE_FALSE(read);
  CHECK(read.error().en == "JSON nested deeper than 64 levels");
  CHECK(json_gate(std::string(64, '[')) == std::nullopt);
  REQUIRE(json_gate(std::string(65, '[')));
}

TEST_CASE(
    "Limits: settle JSON nesting is refused past exactly 64 levels and brackets inside strings do "
    "not count") {
  // 64 levels: the object and 63 arrays pass the depth check (and fail as a field); 65 do not.
  auto nested = [](int arrays) {
    return "{\"seats\": " + std::string(std::size_t(arrays), '[') +
           std::string(std::size_t(arrays), ']') + "}";
  };
  auto at64 = table_from_json(nested(63));
  REQUIRE_FALSE(at64);
  CHECK(at64.error().code == ErrorCode::BadField);
  auto at65 = table_from_json(nested(64));
  REQUIRE_FALSE(at65);
  CHECK(at65.error().code == ErrorCode::BadJson);
  // 240 '[' and '{' inside names (after an escaped quote) are text, not nesting.
  json t = json::parse(kGoodTable);
  for (int s = 0; s < 4; ++s)
    t["seats"][std::size_t(s)]["name"] =
        "\"" + std::string(30, '[') + std::string(30, '{') + std::to_string(s);
  auto table = table_from_json(t.dump());
  INFO(t.dump());
  REQUIRE(table);
  CHECK(table->seats[3].name == "\"" + std::string(30, '[') + std::string(30, '{') + "3");
  auto r = test::run_qianmj({"settle", "--json"}, t.dump());
  CHECK(r.exit == 0);
  CHECK(totals(json::parse(r.out)) == std::vector<std::int64_t>{18, -6, -6, -6});
}

TEST_CASE(
    "Limits: bytes that are not UTF-8 inside a JSON string are bad_utf8 with line and column, in "
    "each language, wherever JSON is read") {
  const std::string table =
      "{\"dealer\": 0,\n \"seats\": [{\"name\": \"a\xff\"}, {}, {}, {}], \"result\": {\"kind\": "
      "\"draw\"}}";
  auto t = table_from_json(table);
  REQUIRE_FALSE(t);
  CHECK(t.error().code == ErrorCode::BadUtf8);
  CHECK(t.error().en == "bytes that are not UTF-8 in a JSON string at line 2, column 23");
  CHECK(t.error().zh == "JSON 字符串中有无效的 UTF-8 编码（第 2 行第 23 列）");
  auto r = run_piped({"score", "-", "--json"}, "{\"hand\": \"123m\xff\"}\n");
  auto answers = json_lines(r.out);
  REQUIRE(answers.size() == 1);
  CHECK(answers[0]["error"]["code"] == "bad_utf8");
  CHECK(answers[0]["error"]["message"] ==
        "bytes that are not UTF-8 in a JSON string at line 1, column 15");
}
