// Limits of issue 6 on amounts (D4, D10, Z8): streak 10^18 and base 10^12 give the exact
// int64 amount or out_of_range, in score and in settle.
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
    "Limits D4: --streak 10^18 and --rule base=10^12 give the exact int64 amount or out_of_range") {
  auto total = [](const std::vector<std::string>& args) -> std::string {
    std::vector<std::string> a = args;
    a.push_back("--json");
    auto r = test::run_qianmj(a);
    INFO("qianmj " << a[1] << " ... stdout: " << r.out << " stderr: " << r.err);
    auto j = json::parse(r.out);
    if (j.contains("error")) {
      CHECK(r.exit == 2);
      return j["error"]["code"].get<std::string>();
    }
    CHECK(r.exit == 0);
    return std::to_string(j["total"].get<std::int64_t>());
  };
  const std::string e18 = "1000000000000000000", e12 = "1000000000000";
  // 平胡 self-drawn, the dealer pays: (1 + 10^18) × 6 from the dealer, 6 from each other seat.
  CHECK(total({"score", "23445677筒345789条", "--zimo", "--dealer", "payer", "--streak", e18}) ==
        "6000000000000000018");
  // The dealer wins it: three payments of 6,000,000,000,000,000,006 pass 2^63.
  CHECK(total({"score", "23445677筒345789条", "--zimo", "--dealer", "winner", "--streak", e18}) ==
        "out_of_range");
  // 清一色 off the dealer's discard: (6 + 10^18) × 6.
  CHECK(total({"score", "11333222456999条", "--dealer", "payer", "--streak", e18}) ==
        "6000000000000000036");
  // 10^18 + 2^63 is beyond int64 as a number.
  CHECK(total({"score", "11333222456999条", "--dealer", "payer", "--streak",
               "10000000000000000000"}) == "out_of_range");
  // base 10^12: 清一色 self-drawn, 6 × 10^12 from each of three.
  CHECK(total({"score", "11333222456999条", "--zimo", "--rule", "base=" + e12}) ==
        "18000000000000");
  // With the dealer winning and streak 10^6: (6 + 10^6) × 10^12 × 3.
  CHECK(total({"score", "11333222456999条", "--zimo", "--dealer", "winner", "--streak", "1000000",
               "--rule", "base=" + e12}) == "3000018000000000000");
  // streak 10^7: (6 + 10^7) × 10^12 passes 2^63 on one payment.
  CHECK(total({"score", "11333222456999条", "--zimo", "--dealer", "winner", "--streak", "10000000",
               "--rule", "base=" + e12}) == "out_of_range");
  CHECK(total({"score", "11333222456999条", "--dealer", "payer", "--streak", e18, "--rule",
               "base=" + e12}) == "out_of_range");
  // The largest base the option takes, and one more.
  CHECK(total({"score", "11333222456999条", "--zimo", "--rule", "base=1000000000000000"}) ==
        "18000000000000000");
  CHECK(total({"score", "11333222456999条", "--zimo", "--rule", "base=1000000000000001"}) ==
        "bad_option");
  // Zunyi has no dealer bonus (Z4): 10^18 changes nothing, and the answer says so.
  auto r = test::run_qianmj({"score", "111222444万33399万", "--win", "9m", "--zimo", "--rules",
                             "zunyi", "--dealer", "payer", "--streak", e18, "--json"});
  CHECK(r.exit == 0);
  auto j = json::parse(r.out);
  CHECK(j["total"] == 45);
  CHECK(j["notes"].size() == 1);
  // The same numbers as pipeline JSON fields.
  r = test::run_qianmj(
      {"score", "-", "--json"},
      "{\"hand\": \"23445677p345789s\", \"zimo\": true, \"dealer\": \"payer\", \"streak\": " + e18 +
          "}\n"
          "{\"hand\": \"23445677p345789s\", \"zimo\": true, \"dealer\": \"winner\", \"streak\": " +
          e18 +
          "}\n"
          "{\"hand\": \"23445677p345789s\", \"zimo\": true, \"dealer\": \"payer\", \"streak\": "
          "10000000000000000000}\n");
  CHECK(r.exit == 2);
  auto answers = json_lines(r.out);
  REQUIRE(answers.size() == 3);
  CHECK(answers[0]["total"] == 6000000000000000018);
  CHECK(code(answers[1]) == "out_of_range");
  // A streak beyond int64 is an amount beyond 2^63, as on the command line and in settle.
  CHECK(code(answers[2]) == "out_of_range");
  CHECK(answers[2]["error"]["field"] == "streak");
}

TEST_CASE(
    "Limits D4 D10 Z8: settle tables with streak 10^18 or base 10^12 give exact totals or "
    "out_of_range") {
  auto settle_json = [](const json& t, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"settle", "--json"};
    for (auto& a : extra) args.push_back(a);
    auto r = test::run_qianmj(args, t.dump());
    INFO("table: " << t.dump() << "\nstdout: " << r.out << " stderr: " << r.err);
    auto j = json::parse(r.out);
    CHECK(r.exit == (j.contains("error") ? 2 : 0));
    return j;
  };
  const std::int64_t e18 = 1'000'000'000'000'000'000, e12 = 1'000'000'000'000;
  // The draw at streak 10^17: 西 pays the dealer (1 + 10^17) × 6 for 查大叫, and so does the
  // 花猪 南, whose 96 is raised to the dealer's 查大叫 (D8 huazhu-at-least-dajiao); the rest
  // as at streak 2: 东 -6 + 6 + 2 × (6 × 10^17 + 6), 南 -6 - 96 - 96 + 6 - (6 × 10^17 + 6),
  // 西 18 + 96 - 18 - 36 - (6 × 10^17 + 6), 北 132.
  const std::int64_t e17 = e18 / 10;
  auto j = settle_json(draw_table(e17));
  CHECK(totals(j) == std::vector<std::int64_t>{1200000000000000012, -600000000000000198,
                                               -599999999999999946, 132});
  CHECK(j["next"]["dealer"] == 0);
  CHECK(j["next"]["streak"] == e17 + 1);
  // At 10^18 the dealer's two 查大叫 payments, 2 × (6 × 10^18 + 6), pass 2^63.
  CHECK(code(settle_json(draw_table(e18))) == "out_of_range");
  CHECK(code(settle_json(draw_table(e17), {"--rule", "base=" + std::to_string(e12)})) ==
        "out_of_range");
  // base 10^12 from the table's options: README's ledger (114, -288, 42, 132 at base 6) × 10^12
  // / 6.
  json t = draw_table(2);
  t["options"] = {{"base", e12}};
  j = settle_json(t);
  CHECK(totals(j) == std::vector<std::int64_t>{19 * e12, -48 * e12, 7 * e12, 22 * e12});
  CHECK(j["next"]["streak"] == 3);
  // A non-dealer self-draws 平胡 at streak 10^18: only the dealer's payment carries it.
  t = json::parse(kGoodTable);
  t["streak"] = e18;
  t["seats"] = {json::object(), {{"hand", "2344567筒345789条"}}, json::object(), json::object()};
  t["result"]["wins"][0]["seat"] = 1;
  j = settle_json(t);
  CHECK(totals(j) == std::vector<std::int64_t>{-6000000000000000006, 6000000000000000018, -6, -6});
  CHECK(j["next"]["dealer"] == 1);
  CHECK(j["next"]["streak"] == 0);
  // The dealer self-draws it: 3 × 6,000,000,000,000,000,006 passes 2^63.
  t["seats"] = {{{"hand", "2344567筒345789条"}}, json::object(), json::object(), json::object()};
  t["result"]["wins"][0]["seat"] = 0;
  CHECK(code(settle_json(t)) == "out_of_range");
  // Zunyi prices no streak (Z4) but still counts it on (Z8): 一炮多响 at streak 10^18.
  t = json::parse(
      R"({"rules": "zunyi", "dealer": 3, "seats": [{"hand": "111222444m333p5p"}, {"hand": "5566778899m11p5p"},
    {"hand": "1357m2468s13579p"}, {"hand": "678m2468s9s24689p"}],
    "result": {"kind": "win", "wins": [{"seat": 1, "tile": "5p", "from": 3}, {"seat": 0, "tile": "5p", "from": 3}]}})");
  t["streak"] = e18;
  j = settle_json(t);
  CHECK(totals(j) == std::vector<std::int64_t>{4, 4, 0, -8});
  CHECK(j["next"]["dealer"] == 0);
  CHECK(j["next"]["streak"] == 0);
  // A Zunyi draw where nobody is ready: the dealer stays, streak 10^18 + 1; at 2^63 - 1 it
  // cannot go on.
  t = json::parse(
      R"({"rules": "zunyi", "dealer": 2, "seats": [{"hand": "1357m2468s13579p"}, {"hand": "2468m1357s2468p9s"},
    {"hand": "1369m1369s1369p5m"}, {"hand": "2478m2478s2478p5s"}], "result": {"kind": "draw"}})");
  t["streak"] = e18;
  j = settle_json(t);
  CHECK(totals(j) == std::vector<std::int64_t>{0, 0, 0, 0});
  CHECK(j["next"]["dealer"] == 2);
  CHECK(j["next"]["streak"] == e18 + 1);
  t["streak"] = INT64_MAX;
  j = settle_json(t);
  CHECK(code(j) == "out_of_range");
  CHECK(j["error"]["field"] == "streak");
}
