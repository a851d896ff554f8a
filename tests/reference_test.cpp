// Cross-checks against tests/reference/, an independent implementation of the rule book
// written from the rules alone (its own notation reader, brute-force readings, its own
// ledger): random tables and random hands in both rule sets, house options included, must
// give the same totals, next dealer, waits, wins and amounts.
#include <map>

#include <nlohmann/json.hpp>

#include "generators.hpp"
#include "helpers.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"
#include "reference/reference.hpp"
#include "rules/zunyi/zunyi.hpp"
#include "tables.hpp"

using namespace qianmj;
using namespace qianmj::test;
using nlohmann::json;

namespace {

json random_options(Rng& rng, bool zunyi) {
  json o = json::object();
  if (chance(rng, 15)) o["dead-wait-ready"] = chance(rng, 50);
  if (zunyi) {
    if (chance(rng, 20)) o["zunyi-pinghu"] = 1;
    if (chance(rng, 20)) o["zunyi-qianggang"] = 5;
    if (chance(rng, 25)) o["zunyi-long-on-win"] = false;
    if (chance(rng, 20)) o["zunyi-baoting"] = 4;
    if (chance(rng, 20)) o["zunyi-shabao"] = 0;
    if (chance(rng, 30)) o["zunyi-qianggang-bao"] = true;
  } else {
    if (chance(rng, 20)) o["qianggang-fan"] = 2;
    if (chance(rng, 20)) o["pinghu-gangshangpao"] = false;
    if (chance(rng, 30)) o["base"] = one_of(rng, std::vector<int>{1, 5, 10});
  }
  return o;
}

Options options_of(const json& o) {
  Options out;
  for (const auto& [name, v] : o.items()) {
    auto e =
        v.is_boolean() ? out.set_switch(name, v.get<bool>()) : out.set(name, v.get<std::int64_t>());
    REQUIRE_FALSE(e);
  }
  return out;
}

}  // namespace

TEST_CASE(
    "D5-D10 Z2-Z8 C5 C7 H random Duyun and Zunyi tables give the independent reference's totals "
    "and next dealer") {
  for (bool zunyi : {false, true}) {
    INFO((zunyi ? "zunyi" : "duyun"));
    Rng rng(zunyi ? 77 : 76);
    int compared = 0, both_refused = 0, mismatches = 0;
    std::map<std::string, int> priced_by_kind;
    for (int n = 0; n < 3000; ++n) {
      auto g = random_table(rng, zunyi);
      json t = canonical(g.table);
      INFO(t.dump());
      auto table = table_from_json(t.dump());
      REQUIRE(table);
      auto ledger = settle(*table);
      std::string why;
      auto expected = ref::settle(t, &why);
      INFO("library: " << (ledger ? "priced" : ledger.error().en)
                       << "\nreference: " << (expected ? "priced" : why));
      if (!ledger && !expected) {
        ++both_refused;
        continue;
      }
      // The library checks more than the reference models (kong listings and the like), so a
      // table only it refuses is fine; one only the reference refuses is not.
      if (!ledger) {
        CHECK(ledger.error().code != ErrorCode::Internal);
        continue;
      }
      ++compared;
      ++priced_by_kind[g.kind];
      bool same = expected && expected->totals == ledger->totals &&
                  expected->next_dealer == ledger->next_dealer &&
                  expected->next_streak == ledger->next_streak;
      if (!same && ++mismatches <= 5) {
        CHECK(expected.has_value());
        if (expected) {
          CHECK(ledger->totals == expected->totals);
          CHECK(ledger->next_dealer == expected->next_dealer);
          CHECK(ledger->next_streak == expected->next_streak);
        }
      }
    }
    std::string counts;
    for (const auto& [k, v] : priced_by_kind) counts += k + " " + std::to_string(v) + "  ";
    INFO("compared " << compared << " (" << counts << "), both refused " << both_refused);
    CHECK(mismatches == 0);
    CHECK(compared > 2000);
    CHECK(priced_by_kind["draw"] > 300);
    CHECK(priced_by_kind["robbing"] > 20);
    CHECK(priced_by_kind["multi"] > 10);
  }
}

TEST_CASE(
    "C3-C6 D1-D4 Z1-Z3 H random hands and situations score as the independent reference says") {
  for (bool zunyi : {false, true}) {
    INFO((zunyi ? "zunyi" : "duyun"));
    Rng rng(zunyi ? 11 : 10);
    int compared = 0, wins = 0, errors = 0, mismatches = 0;
    for (int n = 0; n < 6000; ++n) {
      Hand h = random_hand(rng, 14, chance(rng, 60) ? 0 : 2);
      json o = random_options(rng, zunyi);
      json s = json::object();
      Situation sit;
      if (chance(rng, 70)) {  // a winning tile from the concealed ones
        std::vector<int> held;
        for (int i = 0; i < kKinds; ++i)
          if (h.concealed[at(i)]) held.push_back(i);
        Tile t = Tile::from_index(one_of(rng, held));
        s["win"] = t.ascii(), sit.win_tile = t;
      }
      auto flag = [&](const char* key, bool& field, int percent) {
        if (chance(rng, percent)) s[key] = field = true;
      };
      flag("zimo", sit.zimo, 45);
      flag("after_kong", sit.after_kong, 15);
      flag("robbing_kong", sit.robbing_kong, 10);
      flag("baoting", sit.baoting, 15);
      flag("payer_baoting", sit.payer_baoting, 10);
      flag("tianhu", sit.tianhu, 4);
      flag("dihu", sit.dihu, 4);
      flag("dou", sit.dou, 15);
      int dealer = uniform(rng, 0, 2);
      sit.dealer = static_cast<DealerRole>(dealer);
      s["dealer"] = std::vector<std::string>{"none", "winner", "payer"}[at(dealer)];
      if (chance(rng, 40)) s["streak"] = sit.streak = uniform(rng, 1, 6);
      const std::string text = to_ascii(h);
      INFO(text << " " << s.dump() << " options " << o.dump());
      auto rules = make_ruleset(zunyi ? "zunyi" : "duyun", options_of(o));
      REQUIRE(rules);
      auto got = rules->score(h, sit);
      auto want = ref::score(text, zunyi ? "zunyi" : "duyun", o, s);
      ++compared;
      bool same;
      if (!got) {
        ++errors;
        same = want.error && got.error().code == ErrorCode::Inconsistent;
      } else {
        wins += got->win && got->legal;
        same = !want.error && want.win == got->win && want.legal == got->legal &&
               (!got->legal || want.total == got->total);
      }
      if (!same && ++mismatches <= 5) {
        INFO("library: " << (got ? std::to_string(got->total) + (got->win ? " win" : " no-win") +
                                       (got->legal ? " legal" : " illegal")
                                 : got.error().en)
                         << "\nreference: " << (want.error ? "error" : std::to_string(want.total))
                         << " win " << want.win << " legal " << want.legal);
        CHECK(same);
      }
    }
    INFO("compared " << compared << ", legal wins " << wins << ", errors " << errors);
    CHECK(mismatches == 0);
    CHECK(wins > 1500);
    CHECK(errors > 500);
  }
}

TEST_CASE(
    "C5 C6 Z1 Z2 D8 Z7 random 13-tile hands wait on what the independent reference says, with the "
    "same 大叫") {
  for (bool zunyi : {false, true}) {
    INFO((zunyi ? "zunyi" : "duyun"));
    Rng rng(zunyi ? 21 : 20);
    int ready = 0, mismatches = 0;
    for (int n = 0; n < 6000; ++n) {
      Hand h = random_hand(rng, 13, chance(rng, 60) ? 0 : 3);
      json o = random_options(rng, zunyi);
      auto rules = make_ruleset(zunyi ? "zunyi" : "duyun", options_of(o));
      REQUIRE(rules);
      auto got = analyze_waits(*rules, h, {});
      auto want = ref::waits(to_ascii(h), zunyi ? "zunyi" : "duyun", o);
      std::vector<std::string> live, formal;
      for (const auto& w : got.waits) {
        formal.push_back(w.wait.tile.ascii());
        if (w.wait.live) live.push_back(w.wait.tile.ascii());
      }
      std::optional<std::int64_t> dajiao;
      if (got.dajiao) dajiao = got.dajiao->value;
      ready += got.ready;
      bool same = got.ready == want.ready && live == want.live && formal == want.formal &&
                  dajiao == want.dajiao;
      if (!same && ++mismatches <= 5) {
        INFO(to_ascii(h) << " options " << o.dump() << " ready " << got.ready << "/" << want.ready
                         << " dajiao " << dajiao.value_or(-1) << "/" << want.dajiao.value_or(-1));
        CHECK(same);
      }
    }
    INFO("ready " << ready);
    CHECK(mismatches == 0);
    CHECK(ready > 1500);
  }
}
