// The direct JSON writers (score, ledger, seat statement) against the DOMs the library built
// before (tests/reference/json_dom.cpp): the same bytes as nlohmann's compact dump, for every
// golden hand and thousands of random hands and tables of every rule set.
#include <catch2/catch.hpp>

#include "formats/json_text.hpp"
#include "generators.hpp"
#include "helpers.hpp"
#include "qianmj/answers/layout.hpp"
#include "qianmj/answers/session.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/notation.hpp"
#include "reference/json_dom.hpp"
#include "testdata.hpp"

using namespace qianmj;

namespace {

std::string dump(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

TEST_CASE("JSON writers: score_json_text is the DOM's dump, byte for byte, in every rule set") {
  test::Rng rng(15);
  long compared = 0, wins = 0;
  for (const auto& info : rulesets()) {
    INFO(info.id);
    auto rules = build_ruleset(info.id);
    REQUIRE(rules);
    std::vector<Hand> hands;
    for (const auto& text : test::golden_hands()) hands.push_back(test::hand(text));
    for (int i = 0; i < 4000; ++i) hands.push_back(test::random_hand(rng, 14));
    for (const auto& h : hands) {
      if (h.size() != 14) continue;
      Situation s;
      s.zimo = test::chance(rng, 50);
      s.baoting = test::chance(rng, 20);
      s.payer_baoting = !s.zimo && test::chance(rng, 20);
      s.streak = test::chance(rng, 30) ? test::uniform(rng, 1, 5) : 0;
      if (s.streak) s.dealer = DealerRole::Winner;
      auto sc = (*rules)->score(h, s);
      if (!sc) continue;
      INFO(to_ascii(h));
      const long line = test::uniform(rng, 0, 3);
      Json want = test::dom::score(*sc, **rules);
      if (line > 0) want["line"] = line;
      CHECK(score_json_text(*sc, **rules, line) == dump(want));
      ++compared;
      wins += sc->win;
    }
  }
  CHECK(compared > 6000);
  CHECK(wins > 100);
}

TEST_CASE(
    "JSON writers: ledger_json_text and statement_json_text are the DOMs' dumps, byte for byte, "
    "over random tables of every rule set") {
  test::Rng rng(1515);
  long ledgers = 0;
  for (const auto& info : rulesets()) {
    INFO(info.id);
    for (int i = 0; i < 1500; ++i) {
      auto g = test::random_table_for(rng, info.id);
      auto table = table_from_json(g.table.dump());
      if (!table) continue;
      auto rules =
          build_ruleset(table->rules.empty() ? std::string(info.id) : table->rules, table->options);
      if (!rules) continue;
      auto ledger = settle(**rules, *table);
      if (!ledger) continue;
      INFO(g.table.dump());
      const long line = test::uniform(rng, 0, 2);
      Json want = test::dom::ledger(*ledger, *table, **rules);
      if (line > 0) want["line"] = line;
      CHECK(ledger_json_text(*ledger, *table, **rules, line) == dump(want));
      const int seat = test::uniform(rng, 0, 3);
      CHECK(statement_json_text(*ledger, *table, **rules, seat) ==
            dump(test::dom::statement(*ledger, *table, **rules, seat)));
      ++ledgers;
    }
  }
  CHECK(ledgers > 1500);
}

TEST_CASE(
    "JSON writers: error_json_text is the DOM's dump, byte for byte, for errors over garbage "
    "hands, broken tables and odd rules ids") {
  test::Rng rng(151515);
  const std::string alphabet = "123456789mspt[]()+ 万条筒碰杠\t\x01\x7f\xe2\x80\xae\xff\xc3\"\\";
  std::vector<Error> errors;
  for (int i = 0; i < 3000; ++i) {
    std::string text;
    for (int k = test::uniform(rng, 0, 20); k > 0; --k)
      text += alphabet[static_cast<std::size_t>(test::uniform(rng, 0, int(alphabet.size()) - 1))];
    if (auto h = parse_hand(text); !h) errors.push_back(h.error());
    auto g = test::random_table(rng, test::chance(rng, 50)).table.dump();
    g.insert(static_cast<std::size_t>(test::uniform(rng, 0, int(g.size()))), text);
    if (auto t = table_from_json(g); !t) errors.push_back(t.error());
  }
  REQUIRE(errors.size() > 3000);
  long compared = 0;
  for (const auto& e : errors)
    for (const std::string id : {"duyun", "zun\"yi", "\xff\xfe", "新"}) {
      const long line = test::uniform(rng, 0, 2);
      CHECK(error_json_text(e, id, line) == dump(to_json(e, id, line)));
      ++compared;
    }
  CHECK(compared > 12000);
}

TEST_CASE("JSON writer: a string is escaped as nlohmann dumps it, whatever byte sits where") {
  // Each byte that needs escaping (and bytes next to the word-at-a-time test's edges: space,
  // 0x1f, 0x7f, UTF-8), at every position of strings of 0-24 bytes of plain and Chinese text.
  const std::string specials[] = {"\"",   "\\", "\n",   "\t",       "\x01",
                                  "\x1f", " ",  "\x7f", "\xc2\xa0", "胡"};
  const std::string fillers[] = {"a", "胡", " "};  // repeated: whole characters only (the
                                                   // writer is handed valid UTF-8)
  long compared = 0;
  for (const auto& filler : fillers)
    for (std::size_t len = 0; len <= 24; ++len)
      for (const auto& special : specials)
        for (std::size_t at = 0; at <= len; ++at) {
          std::string v;
          for (std::size_t k = 0; k < len; ++k) v += (k == at ? special : "") + filler;
          if (at == len) v += special;
          std::string out;
          json_detail::Writer w(out);
          w.string(v);
          w.finish();
          CHECK(out == dump(Json(v)));
          ++compared;
        }
  CHECK(compared > 2000);
}

TEST_CASE(
    "JSON writers: append_session_hand_json_text is the DOM's dump, byte for byte, over both "
    "scripted evenings (corrections and their notes included)") {
  long compared = 0, with_notes = 0;
  for (const char* name : {"duyun", "zunyi"}) {
    INFO(name);
    std::istringstream in(test::slurp(test::testdata(std::string("session/") + name + ".txt")));
    Session session;
    std::string line;
    long n = 0;
    while (std::getline(in, line)) {
      ++n;
      if (line.empty() || line[0] == '#') continue;
      auto h = session.header(line);
      REQUIRE(h);
      if (*h) continue;
      auto hand = session.play(line);
      REQUIRE(hand);
      // The DOM as session --json built it before.
      Json dom = {{"schema", kSchema},
                  {"rules", hand->rules->id()},
                  {"hand", hand->number},
                  {"line", n},
                  {"ledger", to_json(hand->ledger, hand->table, *hand->rules)},
                  {"totals", hand->totals},
                  {"next", {{"dealer", session.dealer()}, {"streak", session.streak()}}}};
      Json notes = Json::array();
      for (const auto& note : hand->notes) notes.push_back({{"en", note.en}, {"zh", note.zh}});
      dom["notes"] = notes;
      std::string text = "x";  // appended to what is there
      append_session_hand_json_text(text, *hand, n, session.dealer(), session.streak());
      CHECK(text == "x" + dump(dom));
      ++compared;
      with_notes += !hand->notes.empty();
    }
  }
  CHECK(compared == 44);
  CHECK(with_notes == 2);
}
