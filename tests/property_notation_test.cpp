// Properties of the notation over generated hands (issue 6), fixed seeds: canonical ASCII and
// Chinese read back to the same hand, and every spelling of a hand gives the same answer, in
// the library and through the binary.
#include <algorithm>
#include <sstream>

#include <nlohmann/json.hpp>

#include "generators.hpp"
#include "helpers.hpp"
#include "qianmj/formats/json.hpp"
#include "rules/zunyi/zunyi.hpp"
#include "testdata.hpp"

using namespace qianmj;
using namespace qianmj::test;
using nlohmann::json;

TEST_CASE(
    "Notation round trip: random hands with pungs and direct, added and concealed kongs read back "
    "from canonical ASCII and Chinese") {
  Rng rng(99);
  std::array<int, 4> meld_kinds{};
  for (int n = 0; n < 20000; ++n) {
    // Any size from a lone meld to 18 tiles: the parser does not count tiles.
    Hand h = random_hand(rng, uniform(rng, 3, 18), 4);
    for (const auto& m : h.melds) ++meld_kinds[at(int(m.kind))];
    check_spellings(h);
    const std::string ascii = to_ascii(h), chinese = to_chinese(h);
    // Canonical: sorted concealed runs in the order m s p, one run a suit, then the melds.
    std::string want;
    for (int suit : {0, 1, 2}) {
      std::string run;
      for (int r = 1; r <= kRanks; ++r)
        run.append(h.concealed[at(suit * kRanks + r - 1)], char('0' + r));
      if (!run.empty()) want += run + suit_letter(static_cast<Suit>(suit));
    }
    for (const auto& m : h.melds) {
      std::string tiles(static_cast<std::size_t>(m.copies()), char('0' + m.tile.rank()));
      tiles += suit_letter(m.tile.suit());
      want += m.kind == Meld::Kind::ConcealedKong ? "(" + tiles + ")"
              : m.kind == Meld::Kind::AddedKong   ? "[" + tiles + "+]"
                                                  : "[" + tiles + "]";
    }
    CHECK(ascii == want);
  }
  for (int k = 0; k < 4; ++k) CHECK(meld_kinds[at(k)] > 5000);  // measured: about 8,000 of each
}

namespace {

// The hand written another way, as README's notation table allows: every suit spelling,
// full-width and Chinese digits, 幺, runs split and in any order, spaces, and each meld in
// a bracket or keyword form. Melds keep their order (it is part of the hand).
std::string spell(const Hand& h, Rng& rng) {
  static const std::vector<std::vector<std::string>> suits = {
      {"m", "M", "w", "W", "万", "萬"},
      {"s", "S", "条", "條", "索"},
      {"p", "P", "b", "B", "筒", "饼", "餅"}};
  static const std::vector<std::string> full = {"１", "２", "３", "４", "５",
                                                "６", "７", "８", "９"};
  static const std::vector<std::string> zh = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
  auto digit = [&](int rank) -> std::string {
    switch (uniform(rng, 0, 4)) {
      case 0:
        return full[at(rank - 1)];
      case 1:
        return rank == 1 && chance(rng, 50) ? "幺" : zh[at(rank - 1)];
      default:
        return std::string(1, char('0' + rank));
    }
  };
  auto space = [&] { return chance(rng, 25) ? std::string(" ") : std::string(); };
  auto suit = [&](Tile t) { return one_of(rng, suits[at(int(t.suit()))]); };
  std::vector<std::string> runs;
  for (int s = 0; s < kSuits; ++s) {
    std::vector<int> ranks;
    for (int r = 1; r <= kRanks; ++r)
      for (int c = 0; c < h.concealed[at(s * kRanks + r - 1)]; ++c) ranks.push_back(r);
    std::shuffle(ranks.begin(), ranks.end(), rng);
    std::size_t i = 0;
    while (i < ranks.size()) {
      std::size_t len =
          std::min<std::size_t>(ranks.size() - i, static_cast<std::size_t>(uniform(rng, 1, 9)));
      std::string run;
      for (std::size_t k = 0; k < len; ++k) run += digit(ranks[i + k]) + space();
      run += suit(Tile(static_cast<Suit>(s), 1));
      runs.push_back(run);
      i += len;
    }
  }
  std::shuffle(runs.begin(), runs.end(), rng);
  std::vector<std::string> melds;
  for (const auto& m : h.melds) {
    const std::string d = digit(m.tile.rank()), st = suit(m.tile);
    auto repeated = [&](int n) {
      std::string out;
      for (int k = 0; k < n; ++k) out += digit(m.tile.rank());
      return out + st;
    };
    bool wide = chance(rng, 50);
    std::string open = wide ? "【" : "[", close = wide ? "】" : "]";
    std::vector<std::string> forms;
    switch (m.kind) {
      case Meld::Kind::Pung:
        forms = {open + repeated(3) + close, "碰" + d + st, "pung:" + d + st};
        break;
      case Meld::Kind::DirectKong:
        forms = {open + repeated(4) + close, "明杠" + d + st, "直杠" + d + st, "kong:" + d + st};
        break;
      case Meld::Kind::AddedKong:
        forms = {open + repeated(4) + "+" + close, "加杠" + d + st, "面下杠" + d + st,
                 "转弯杠" + d + st, "addkong:" + d + st};
        break;
      case Meld::Kind::ConcealedKong:
        forms = {(wide ? "（" : "(") + repeated(4) + (wide ? "）" : ")"), "暗杠" + d + st,
                 "ankong:" + d + st};
        break;
    }
    melds.push_back(one_of(rng, forms));
  }
  // Melds in order, runs anywhere between them.
  std::string out;
  std::size_t r = 0, m = 0;
  while (r < runs.size() || m < melds.size()) {
    bool take_meld = r == runs.size() || (m < melds.size() && chance(rng, 40));
    out += (take_meld ? melds[m++] : runs[r++]) + space();
  }
  return out;
}

}  // namespace

TEST_CASE(
    "Notation: ASCII, Chinese and mixed spellings of random hands give the same score and waits in "
    "both rule sets") {
  Rng rng(31);
  const Duyun duyun;
  const Zunyi zunyi;
  int hands = 0, wins = 0, ready = 0;
  for (int n = 0; n < 10000; ++n) {
    const int size = chance(rng, 50) ? 14 : 13;
    Hand h = random_hand(rng, size);
    ++hands;
    std::vector<std::string> texts = {to_ascii(h), to_chinese(h), spell(h, rng), spell(h, rng)};
    const Ruleset& rules = n % 2 ? static_cast<const Ruleset&>(zunyi) : duyun;
    Situation s;
    s.zimo = chance(rng, 50);
    std::string want_score, want_waits;
    if (size == 14) {
      auto sc = rules.score(h, s);
      REQUIRE(sc);
      want_score = to_json(*sc, rules).dump();
      wins += sc->win;
    } else {
      auto w = analyze_waits(rules, h, {});
      want_waits = to_json(w, rules).dump();
      ready += w.ready;
    }
    for (const auto& text : texts) {
      INFO(texts[0] << " written " << text);
      auto parsed = parse_hand(text);
      if (!parsed)
        FAIL_CHECK(code_name(parsed.error().code)
                   << " at column " << parsed.error().column << ": " << parsed.error().en);
      if (!parsed) continue;
      CHECK(*parsed == h);
      if (size == 14) {
        auto sc = rules.score(*parsed, s);
        REQUIRE(sc);
        CHECK(to_json(*sc, rules).dump() == want_score);
      } else {
        CHECK(to_json(analyze_waits(rules, *parsed, {}), rules).dump() == want_waits);
      }
    }
  }
  INFO("hands " << hands << ", wins " << wins << ", ready " << ready);
  CHECK(wins > 1500);  // measured: 2,546 wins and 2,818 ready of 10,000
  CHECK(ready > 1500);
}

TEST_CASE(
    "Notation through the binary: score and waits pipelines print identical answers for ASCII, "
    "Chinese and mixed spellings") {
  Rng rng(47);
  for (const char* command : {"score", "waits"}) {
    for (const char* rules : {"duyun", "zunyi"}) {
      INFO(command << " --rules " << rules);
      std::vector<Hand> hands;
      std::string ascii, chinese, mixed;
      for (int n = 0; n < 300; ++n) {
        // score: 14 tiles; waits: mostly 13, some 14 (the discards form).
        Hand h = random_hand(rng, std::string(command) == "score" || chance(rng, 10) ? 14 : 13);
        hands.push_back(h);
        ascii += to_ascii(h) + "\n";
        chinese += to_chinese(h) + "\n";
        mixed += spell(h, rng) + "\n";
      }
      std::vector<std::string> args = {command, "-", "--json", "--rules", rules};
      if (std::string(command) == "score") args.push_back("--zimo");
      auto a = test::run_qianmj(args, ascii);
      auto c = test::run_qianmj(args, chinese);
      auto m = test::run_qianmj(args, mixed);
      REQUIRE(a.err.empty());
      CHECK(c.exit == a.exit);
      CHECK(m.exit == a.exit);
      CHECK(c.out == a.out);
      CHECK(m.out == a.out);
      CHECK(c.err == a.err);
      CHECK(m.err == a.err);
      // The answers are real answers: one a line, for the hand given, some of them wins.
      std::istringstream lines(a.out);
      std::string line;
      std::size_t n = 0;
      int positive = 0;
      while (std::getline(lines, line)) {
        auto j = json::parse(line);
        REQUIRE(n < hands.size());
        INFO(line.substr(0, 300));
        REQUIRE_FALSE(j.contains("error"));
        CHECK(j["line"] == n + 1);
        CHECK(j["hand"] == to_ascii(hands[n]));
        positive += std::string(command) == "score" ? j["win"].get<bool>()
                    : j.contains("ready")           ? j["ready"].get<bool>()
                                                    : !j["discards"].empty();
        ++n;
      }
      CHECK(n == hands.size());
      CHECK(positive > 30);
      // The text answers agree too.
      args.erase(args.begin() + 2);
      CHECK(test::run_qianmj(args, mixed).out == test::run_qianmj(args, ascii).out);
    }
  }
}
