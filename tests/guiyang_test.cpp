// Guiyang (贵阳捉鸡, RULES G1-G17) through the real binary: every score check GX1-GX26
// (testdata/guiyang_scores.jsonl) and every worked table GE1-GE17 with its variants
// (testdata/guiyang_tables.jsonl), each asserting the exact payments, per-seat totals and
// next dealer worked out by hand.
#include <nlohmann/json.hpp>

#include "helpers.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/table_words.hpp"
#include "testdata.hpp"

using namespace qianmj;
using nlohmann::json;

namespace {

std::vector<json> lines_of(const char* file) {
  std::vector<json> out;
  std::istringstream in(test::slurp(test::testdata(file)));
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

}  // namespace

TEST_CASE("G1-G7 GX1-GX26: each score check, its payments and total (guiyang_scores.jsonl)") {
  const auto cases = lines_of("guiyang_scores.jsonl");
  REQUIRE(cases.size() >= 26);
  for (const auto& c : cases) {
    const std::string id = c["id"];
    DYNAMIC_SECTION(id) {
      INFO(id << ": " << c["why"].get<std::string>());
      std::vector<std::string> args = {"score", "--rules", "guiyang", "--json"};
      for (const auto& a : c["args"]) args.push_back(a.get<std::string>());
      auto r = test::run_qianmj(args);
      INFO("stdout: " << r.out << "\nstderr: " << r.err);
      const bool legal = c["legal"];
      CHECK(r.exit == (legal ? 0 : 1));
      auto j = json::parse(r.out);
      CHECK(j["win"] == c["win"]);
      CHECK(j["legal"] == c["legal"]);
      CHECK(j["total"] == c["total"]);
      if (!c.contains("payments")) continue;
      // What each paying seat pays: the discarder's rows are one seat's (抢杠包三家: the
      // robbed seat pays each share), each other row `count` seats'.
      std::vector<std::int64_t> paid;
      std::int64_t discarder = 0;
      bool any_discarder = false;
      for (const auto& p : j["payers"]) {
        if (p["role"] == "discarder") {
          any_discarder = true;
          discarder += p["points"].get<std::int64_t>() * p["count"].get<std::int64_t>();
          continue;
        }
        for (int k = 0; k < p["count"].get<int>(); ++k) paid.push_back(p["points"]);
      }
      if (any_discarder) paid.push_back(discarder);
      std::sort(paid.rbegin(), paid.rend());
      CHECK(paid == c["payments"].get<std::vector<std::int64_t>>());
    }
  }
}

TEST_CASE(
    "G8-G14 GE1-GE17: each worked table and variant, totals and next dealer "
    "(guiyang_tables.jsonl)") {
  const auto cases = lines_of("guiyang_tables.jsonl");
  REQUIRE(cases.size() >= 17);
  for (const auto& c : cases) {
    const std::string id = c["id"];
    DYNAMIC_SECTION(id) {
      INFO(id << ": " << c["why"].get<std::string>());
      auto r = test::run_qianmj({"settle", "-", "--json"}, c["table"].dump());
      INFO("stdout: " << r.out << "\nstderr: " << r.err);
      auto j = json::parse(r.out);
      if (c.contains("error")) {
        CHECK(r.exit == 2);
        CHECK(j["error"]["code"] == c["error"]["code"]);
        if (c["error"].contains("field")) CHECK(j["error"]["field"] == c["error"]["field"]);
        continue;
      }
      REQUIRE(r.exit == 0);
      std::vector<std::int64_t> totals;
      for (const auto& s : j["seats"]) totals.push_back(s["total"]);
      CHECK(totals == c["totals"].get<std::vector<std::int64_t>>());
      CHECK(j["next"]["dealer"] == c["next"][0]);
      CHECK(j["next"]["streak"] == c["next"][1]);
    }
  }
}

TEST_CASE(
    "G8-G16 GE1-GE17 in words: each table said in Chinese and in ASCII (责任鸡西北, 南憨包7万, "
    "冲锋鸡, 打幺鸡2, 翻7筒) settles to the same totals") {
  const auto cases = lines_of("guiyang_tables.jsonl");
  int said = 0;
  for (const auto& c : cases) {
    const std::string id = c["id"];
    if (c.contains("error")) continue;
    DYNAMIC_SECTION(id) {
      auto t = table_from_json(c["table"].dump());
      REQUIRE(t);
      const auto want = settle(*t);
      REQUIRE(want);
      for (bool zh : {true, false}) {
        auto words = table_to_words(*t, zh);
        REQUIRE(words);
        INFO(*words);
        auto back = table_from_words(std::string_view(*words));
        REQUIRE(back);
        auto got = settle(back->table);
        REQUIRE(got);
        CHECK(got->totals == want->totals);
        CHECK(got->next_dealer == want->next_dealer);
        CHECK(got->items.size() == want->items.size());
        ++said;
      }
    }
  }
  CHECK(said >= 2);
}
