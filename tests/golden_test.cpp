// Golden cases from testdata/: the seed examples (D1) and notation round trips.
#include "helpers.hpp"
#include "testdata.hpp"

using namespace qianmj;

TEST_CASE("D1 the ten seed examples score as RULES.md says") {
  auto rows = test::tsv("seed_examples.tsv");
  REQUIRE(rows.size() == 10);
  for (const auto& row : rows) {
    REQUIRE(row.size() >= 3);
    INFO(row[0] << " (" << (row.size() > 3 ? row[3] : "") << ")");
    auto sc = test::score(row[0], test::zimo());
    CHECK(test::pattern_id(sc) == row[1]);
    REQUIRE(sc.pattern);
    CHECK(sc.pattern->value == std::stoi(row[2]));
  }
}

TEST_CASE("Notation round trip for every golden hand") {
  const std::vector<std::string> hands = test::golden_hands();
  REQUIRE(hands.size() > 30);
  for (const auto& text : hands) {
    INFO(text);
    auto h = test::hand(text);
    CHECK(test::hand(to_ascii(h)) == h);
    CHECK(test::hand(to_chinese(h)) == h);
    CHECK(to_ascii(test::hand(to_chinese(h))) == to_ascii(h));
  }
}
