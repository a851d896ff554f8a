// Limits of issue 6 on hands: 10,000 tiles are too_long wherever a hand is read (an argument,
// --win, a pipeline line, a JSON line, a settle hand).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "limits.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"

using namespace qianmj;
using namespace qianmj::test::limits;
using nlohmann::json;

TEST_CASE(
    "Limits: a hand of 10,000 tiles is too_long as an argument, as --win, as a pipeline line, as a "
    "JSON line and as a settle hand") {
  for (bool chinese : {false, true}) {
    const std::string h = ten_thousand_tiles(chinese);
    INFO((chinese ? "Chinese" : "ASCII") << ", " << h.size() << " bytes");
    CHECK(error_code(test::run_qianmj({"score", h, "--json"})) == "too_long");
    CHECK(error_code(test::run_qianmj({"waits", h, "--json"})) == "too_long");
    CHECK(error_code(test::run_qianmj({"score", "2344567筒345789条", "--win", h, "--json"})) ==
          "too_long");
    auto r = test::run_qianmj({"score", h});
    CHECK(r.exit == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("[too_long]") != std::string::npos);
    for (const char* command : {"score", "waits"}) {
      r = test::run_qianmj({command, "-", "--json"},
                           h + "\n{\"hand\": \"" + h + "\"}\n23445677p345789s\n");
      CHECK(r.exit == 2);
      auto answers = json_lines(r.out);
      REQUIRE(answers.size() == 3);
      CHECK(code(answers[0]) == "too_long");
      CHECK(code(answers[1]) == "too_long");
      CHECK(code(answers[2]) == "ok");
      CHECK(line_of(answers[2]) == 3);
    }
    json t = json::parse(kGoodTable);
    t["seats"][1]["hand"] = h;
    r = test::run_qianmj({"settle", "--json"}, t.dump());
    CHECK(error_code(r) == "too_long");
    CHECK(json::parse(r.out)["error"]["field"] == "seats[1].hand");
  }
}
