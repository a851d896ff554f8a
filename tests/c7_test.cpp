// C7 across the table: tables dealt from one 108-tile wall, then perturbed (a tile swapped in
// a hand, a kong for a seat whose hand is left out, another winning tile, a turned-up tile or
// discarded 幺鸡, the robbed seat's hand or kong left out). Every table that needs a fifth copy
// of a tile, by the independent reference's own count, is refused, and a table refused as
// too_many_copies really needs one.
#include <nlohmann/json.hpp>

#include "generators.hpp"
#include "helpers.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"
#include "reference/reference.hpp"
#include "tables.hpp"

using namespace qianmj;
using namespace qianmj::test;
using nlohmann::json;

namespace {

// One change to a valid table; what it was, for the counts.
std::string perturb(json& t, Rng& rng, bool zunyi) {
  auto tile = [&] { return Tile::from_index(uniform(rng, 0, kKinds - 1)).ascii(); };
  auto& seats = t["seats"];
  std::vector<int> with_hand, without;
  for (int s = 0; s < 4; ++s) (seats[at(s)].contains("hand") ? with_hand : without).push_back(s);
  auto& res = t["result"];
  bool robbing = res["kind"] == "win" && res["wins"][0].value("robbing_kong", false);
  switch (uniform(rng, 0, 5)) {
    case 0:
    case 1: {  // swap one tile of a hand for another kind
      if (with_hand.empty()) break;
      auto& seat = seats[at(one_of(rng, with_hand))];
      auto h = parse_hand(seat["hand"].get<std::string>());
      std::vector<int> held;
      for (int i = 0; i < kKinds; ++i)
        if (h->concealed[at(i)]) held.push_back(i);
      if (held.empty()) break;
      --h->concealed[at(one_of(rng, held))];
      ++h->concealed[at(uniform(rng, 0, kKinds - 1))];
      const Counts all = h->all_copies();
      if (*std::max_element(all.begin(), all.end()) > 4) break;  // the notation refuses it
      seat["hand"] = to_ascii(*h);
      return "swap";
    }
    case 2:  // a kong for a seat whose hand is left out
      if (without.empty() || zunyi) break;
      if (!t.contains("kongs")) t["kongs"] = json::array();
      t["kongs"].insert(
          t["kongs"].begin(),
          json{{"seat", one_of(rng, without)}, {"kind", "concealed"}, {"tile", tile()}});
      return "kong";
    case 3:  // another winning tile
      if (res["kind"] != "win") break;
      for (auto& w : res["wins"]) w["tile"] = res["wins"][0]["tile"] = tile();
      return "win-tile";
    case 4:  // Zunyi: a turned-up tile, or more discarded 幺鸡
      if (!zunyi) break;
      if (res["kind"] == "win" && uniform(rng, 0, 1)) {
        res["flipped"] = tile();
        return "flipped";
      }
      seats[at(uniform(rng, 0, 3))]["discarded_yaoji"] = uniform(rng, 1, 4);
      return "yaoji";
    case 5:  // 抢杠: leave out the robbed seat's hand, or the robbed kong
      if (!robbing || zunyi) break;
      if (uniform(rng, 0, 1)) {
        seats[at(res["wins"][0]["from"].get<int>())].erase("hand");
        return "robbed-hand";
      }
      if (t.contains("kongs") && !t["kongs"].empty()) {
        t["kongs"].erase(t["kongs"].size() - 1);
        return "robbed-kong";
      }
      break;
  }
  return "";
}

}  // namespace

TEST_CASE(
    "C7 tables dealt from one wall and then perturbed: every one that needs a fifth copy is "
    "refused") {
  for (bool zunyi : {false, true}) {
    INFO((zunyi ? "zunyi" : "duyun"));
    Rng rng(zunyi ? 108 : 107);
    int needing = 0, refused_c7 = 0, priced = 0;
    std::map<std::string, int> needing_by;
    for (int n = 0; n < 4000; ++n) {
      auto g = random_table(rng, zunyi);
      json t = canonical(g.table);
      std::string what = perturb(t, rng, zunyi);
      if (what.empty()) continue;
      INFO(what << ": " << t.dump());
      std::string why;
      auto want = ref::settle(t, &why);
      const bool fifth = !want && why.find("more than 4 copies") != std::string::npos;
      auto table = table_from_json(t.dump());
      auto got = table ? settle(*table) : Result<Ledger>(table.error());
      priced += static_cast<bool>(got);
      if (fifth) {
        ++needing, ++needing_by[what];
        CHECK_FALSE(got);  // never priced
        if (!got) refused_c7 += got.error().code == ErrorCode::TooManyCopies;
      }
      if (!got && got.error().code == ErrorCode::TooManyCopies) CHECK(fifth);  // and only then
    }
    std::string counts;
    for (const auto& [k, v] : needing_by) counts += k + " " + std::to_string(v) + "  ";
    INFO("needing a fifth copy: " << needing << " (" << counts << "), refused as too_many_copies "
                                  << refused_c7 << ", priced " << priced);
    CHECK(needing > 300);
    CHECK(refused_c7 > needing * 8 / 10);  // the rest were refused earlier, for another mistake
    CHECK(priced > 400);
  }
}
