// Limits of issue 6 on JSON nesting: 100,000 deep is bad_json in settle and in pipeline JSON
// lines, never a crash; settle refuses past exactly 64 levels and brackets inside strings do
// not count.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limits.hpp"
#include "qianmj/json.hpp"
#include "qianmj/settle.hpp"

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
  // 100,000 deep is bad JSON when unclosed and has no string "hand" when closed; one nested
  // 500,000 deep (just under the 1 MiB line limit) too.
  const std::string deepest =
      "{\"hand\": " + std::string(500'000, '[') + std::string(500'000, ']') + "}";
  r = run_piped({"waits", "-", "--json"}, open + "\n{\"hand\": " + open + "\n{\"hand\": " + open +
                                              close + "}\n" + deepest +
                                              "\n{\"hand\": \"2344567p345789s\"}\n");
  INFO("stdout: " << r.out.substr(0, 1000));
  CHECK(r.exit == 2);
  answers = json_lines(r.out);
  check_codes(answers, {"too_long", "bad_json", "bad_field", "bad_field", "ok"});
  CHECK(answers[2]["error"]["field"] == "hand");
  CHECK(answers[4]["ready"] == true);
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
    t["seats"][std::size_t(s)]["name"] = "\"" + std::string(30, '[') + std::string(30, '{');
  auto table = table_from_json(t.dump());
  INFO(t.dump());
  REQUIRE(table);
  CHECK(table->seats[3].name == "\"" + std::string(30, '[') + std::string(30, '{'));
  auto r = test::run_qianmj({"settle", "--json"}, t.dump());
  CHECK(r.exit == 0);
  CHECK(totals(json::parse(r.out)) == std::vector<std::int64_t>{18, -6, -6, -6});
}
