// D10 Z8 D4 an evening: two scripted sessions (testdata/session/, tests/tools/
// make_session_evenings.py), every carried dealer, streak and running total checked against
// numbers worked out from the rules' arithmetic; errors stop the evening at their line.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <random>

#include <nlohmann/json.hpp>

#include "helpers.hpp"
#include "qianmj/answers/layout.hpp"
#include "qianmj/answers/session.hpp"
#include "testdata.hpp"

using namespace qianmj;
using nlohmann::json;

namespace {

std::vector<json> json_lines(const std::string& text) {
  std::vector<json> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

// The lines of testdata/session/NAME.txt that say something (no blank line, no # comment).
std::vector<std::string> evening_lines(const std::string& name) {
  std::vector<std::string> lines;
  std::istringstream in(test::slurp(test::testdata("session/" + name + ".txt")));
  for (std::string line; std::getline(in, line);)
    if (!session_blank_line(line)) lines.push_back(line);
  return lines;
}

void check_evening(const std::string& name, std::size_t want_hands) {
  INFO("testdata/session/" << name);
  auto expected = json_lines(test::slurp(test::testdata("session/" + name + ".expected.jsonl")));
  REQUIRE(expected.size() == want_hands);
  auto r = test::run_qianmj({"session", test::testdata("session/" + name + ".txt"), "--json"});
  CHECK(r.exit == 0);
  CHECK(r.err.empty());
  auto answers = json_lines(r.out);
  REQUIRE(answers.size() == want_hands + 1);  // a hand a line, then the summary
  for (std::size_t i = 0; i < want_hands; ++i) {
    INFO("hand " << i + 1);
    CHECK(answers[i]["hand"] == i + 1);
    CHECK(answers[i]["next"]["dealer"] == expected[i]["dealer"]);
    CHECK(answers[i]["next"]["streak"] == expected[i]["streak"]);
    CHECK(answers[i]["totals"] == expected[i]["totals"]);
    // The hand's own ledger adds up to the change of the running totals.
    for (std::size_t s = 0; s < 4; ++s) {
      std::int64_t before = i ? expected[i - 1]["totals"][s].get<std::int64_t>() : 0;
      CHECK(answers[i]["ledger"]["seats"][s]["total"].get<std::int64_t>() ==
            expected[i]["totals"][s].get<std::int64_t>() - before);
    }
  }
  const auto& summary = answers.back()["summary"];
  CHECK(summary["hands"] == want_hands);
  CHECK(summary["totals"] == expected.back()["totals"]);
  CHECK(summary["next"]["dealer"] == expected.back()["dealer"]);
}

}  // namespace

TEST_CASE(
    "D4 D10 a Duyun evening of 32 hands: streaks of 4, 一炮多响 giving the deal to the discarder, "
    "draws and escapes keeping it, a correction") {
  check_evening("duyun", 32);
  // The correction (hand 18 states 庄小李 连庄0) is noted.
  auto r = test::run_qianmj({"session", test::testdata("session/duyun.txt"), "--json"});
  auto answers = json_lines(r.out);
  REQUIRE(answers.size() > 18);
  REQUIRE(answers[17]["notes"].size() == 2);
  CHECK(answers[17]["notes"][0]["zh"] == "更正：本局小李坐庄（原为小红）");
  CHECK(answers[17]["notes"][1]["zh"] == "更正：连庄 0（原为 3）");
}

TEST_CASE(
    "Z8 a Zunyi evening of 12 hands: 一炮多响 giving the deal to the first winner after the "
    "discarder, a correction") {
  check_evening("zunyi", 12);
}

TEST_CASE(
    "Session text and CSV: each hand's line and running totals, the final standings, one row per "
    "hand and player") {
  auto r = test::run_qianmj({"session", test::testdata("session/duyun.txt"), "--zh"});
  CHECK(r.exit == 0);
  CHECK(r.out.rfind("第 1 局  庄家 阿明 连庄 0  阿明 自摸：平胡\n  本局  阿明 +18  小红 -6  老王 "
                    "-6  小李 -6\n"
                    "  累计  阿明 +18  小红 -6  老王 -6  小李 -6\n",
                    0) == 0);
  CHECK(r.out.find("终局（共 32 局）\n  1  老王      +324\n  2  小李      +132\n  3  阿明      "
                   "-108\n  4  小红      -348\n"
                   "下一局  庄家 小李，连庄 0\n") != std::string::npos);
  r = test::run_qianmj({"session", test::testdata("session/duyun.txt"), "--csv"});
  CHECK(r.exit == 0);
  std::istringstream rows(r.out);
  std::string line;
  std::getline(rows, line);
  CHECK(line == "hand,line,seat,name,points,total,dealer,streak,declared");  // declared last
  int n = 0;
  while (std::getline(rows, line) && !line.empty()) ++n;
  CHECK(n == 32 * 4);
  // Then who pays whom: +324 and +132 collected from -108 and -348, in three payments, the
  // largest debt (小红's) paid first to the largest creditor (老王).
  std::getline(rows, line);
  CHECK(line == "from,from_name,to,to_name,points");
  std::string rest((std::istreambuf_iterator<char>(rows)), std::istreambuf_iterator<char>());
  CHECK(rest == "0,阿明,3,小李,108\n1,小红,2,老王,324\n1,小红,3,小李,24\n");
  CHECK(r.out.find("\n32,36,3,小李,24,132,0,1,0\n") !=
        std::string::npos);  // the last hand's 小李 row
  r = test::run_qianmj({"session", test::testdata("session/zunyi.txt"), "--tsv", "--en"});
  CHECK(r.out.find("\n1\t5\t0\t阿明\t15\t15\t1\t0\t0\n") != std::string::npos);
}

TEST_CASE(
    "Session: a bad hand stops the evening at its line with exit 2, after every hand before it was "
    "printed") {
  std::string evening =
      "玩家 甲 乙 丙 丁\n庄甲\n甲:2344567筒345789条 甲自摸7筒\n# a comment\n\n甲:2344567筒345789条 "
      "甲胡1万 乙放炮\n甲:2344567筒345789条 甲自摸7筒\n";
  auto r = test::run_qianmj({"session", "-", "--en"}, evening);
  CHECK(r.exit == 2);
  CHECK(r.out.find("Hand 1") != std::string::npos);
  CHECK(r.out.find("Hand 2") == std::string::npos);
  CHECK(r.out.find("Final standings") == std::string::npos);  // no standings after a refused hand
  CHECK(r.err.rfind("qianmj: line 6: error [inconsistent] at column 19: ", 0) == 0);
  r = test::run_qianmj({"session", "-", "--json"}, evening);
  CHECK(r.exit == 2);
  auto answers = json_lines(r.out);
  REQUIRE(answers.size() == 2);
  CHECK(answers[1]["error"]["code"] == "inconsistent");
  CHECK(answers[1]["error"]["line"] == 6);
  // A bad header, an unknown word and the first hand without a dealer.
  CHECK(json_lines(
            test::run_qianmj({"session", "--json"}, "玩家 甲 乙 丙\n").out)[0]["error"]["code"] ==
        "bad_word");
  CHECK(json_lines(
            test::run_qianmj({"session", "--json"}, "遵义 base=6\n").out)[0]["error"]["code"] ==
        "bad_option");
  CHECK(json_lines(test::run_qianmj({"session", "--json"}, "东:2344567筒345789条 东自摸7筒\n")
                       .out)[0]["error"]["code"] == "bad_word");
}

TEST_CASE(
    "D10 Z8 Session: hands read ahead by one reader made after the first hand and played in order "
    "come to what play(line) gives, every carried dealer, streak and total") {
  for (const char* name : {"duyun", "zunyi"}) {
    INFO(name);
    std::vector<std::string> lines = evening_lines(name);
    // A JSON hand that says no dealer or streak (the session's carry them), twice over.
    lines.push_back(R"({"seats":[{"hand":"2344567p345789s"},{"hand":"35m2245588s3689p"},)"
                    R"({"hand":"15m4467s1125899p"},{"hand":"24789m6677s2334p"}],)"
                    R"("result":{"kind":"win","wins":[{"seat":0,"tile":"7p"}]}})");
    lines.push_back(lines.back());
    Session whole, ahead;
    std::size_t i = 0;
    for (; i < lines.size() && whole.hands() == 0; ++i) {  // the header and the first hand
      auto h = whole.header(lines[i]);
      REQUIRE(h);
      if (*h) {
        REQUIRE(ahead.header(lines[i]));
        continue;
      }
      REQUIRE(whole.play(lines[i]));
      REQUIRE(ahead.play(lines[i]));
    }
    const HandReader reader = ahead.reader();
    std::vector<Result<ReadHand>> read;
    for (std::size_t k = i; k < lines.size(); ++k) read.push_back(reader.read(lines[k]));
    std::size_t corrections = 0, dealers_moved = 0;
    for (std::size_t k = i; k < lines.size(); ++k) {
      INFO(lines[k]);
      auto want = whole.play(lines[k]);
      REQUIRE(want);
      auto& r = read[k - i];
      REQUIRE(r);
      auto got = ahead.play(std::move(*r));
      REQUIRE(got);
      CHECK(got->table == want->table);
      CHECK(got->ledger.totals == want->ledger.totals);
      CHECK(got->totals == want->totals);
      CHECK(got->notes.size() == want->notes.size());
      corrections += want->notes.size();
      CHECK(ahead.dealer() == whole.dealer());
      CHECK(ahead.streak() == whole.streak());
      dealers_moved += want->table.dealer != ahead.dealer();
    }
    CHECK(ahead.totals() == whole.totals());
    CHECK(ahead.hands() == whole.hands());
    // The evenings exercise the carry: the deal moves, and the Duyun one corrects it.
    CHECK(dealers_moved >= 3);
    if (std::string(name) == "duyun") CHECK(corrections == 2);
  }
}

TEST_CASE(
    "H Session: a hand's house options are the session's when the same options are set to the "
    "same values, whatever rule set each is bound to (Options::same_settings)") {
  const OptionSpec* spec = nullptr;  // a Duyun option
  for (const auto& s : option_specs())
    if (option_applies(s, "duyun") && s.max > s.min) spec = &s;
  REQUIRE(spec);
  const std::int64_t other = spec->default_value == spec->min ? spec->max : spec->min;
  Options a, b("duyun");
  CHECK(a.same_settings(b));
  REQUIRE_FALSE(a.set(spec->name, other));
  CHECK_FALSE(a.same_settings(b));
  CHECK_FALSE(b.same_settings(a));
  REQUIRE_FALSE(b.set(spec->name, other));
  CHECK(a.same_settings(b));  // bound to Duyun or to none: the same settings
  REQUIRE_FALSE(b.set(spec->name, spec->default_value));
  CHECK_FALSE(a.same_settings(b));
  // Set to its default is not the same as not set: a hand that says it is its own.
  Options c;
  CHECK_FALSE(b.same_settings(c));
  REQUIRE_FALSE(c.set(spec->name, spec->default_value));
  CHECK(b.same_settings(c));
}

namespace {

// The evening of the undo and edit tests (seats E S W N): hand 5 is East's self-draw, after
// which East deals on (a 天胡 in hand 6, which only the dealer can make; two draws), and North
// self-draws hand 9 against the carried dealer and streak.
const std::vector<std::string> kEditEvening = {
    "dealer:E",
    "E:2344567p345789s E:zimo:7p",
    "S:111222444m33399p S:win:9p E:pao",
    "W:2344567p345789s W:zimo:7p",
    "N:2344567p345789s N:zimo:7p",
    "E:2344567p345789s E:zimo:7p",
    "E:1357m2468s13579p S:2468m1357s2468p9s W:1369m1369s1369p5m N:2478m2478s2478p5s draw",
    "E:1357m2468s13579p S:2468m1357s2468p9s W:1369m1369s1369p5m N:2478m2478s2478p5s draw",
    "E:1357m2468s13579p S:2468m1357s2468p9s W:1369m1369s1369p5m N:2478m2478s2478p5s draw",
    "N:2344567p345789s N:zimo:7p",
};

Session play_all(const std::vector<std::string>& lines) {
  Session s;
  for (const auto& line : lines) {
    auto h = s.header(line);
    REQUIRE(h);
    if (!*h) REQUIRE(s.play(line));
  }
  return s;
}

using Totals = std::array<std::int64_t, kSeats>;

}  // namespace

TEST_CASE(
    "D4 D10 Session edit: hand 5 played otherwise moves every later dealer and streak, and every "
    "running total after it is the evening played that way from the start") {
  Session s = play_all(kEditEvening);
  REQUIRE(s.hands() == 9);
  // As played: East deals hands 6 to 9 (streak 0 to 3); North's self-draw in hand 9 takes
  // (1 + 3) × 6 = 24 from East (D4), 6 from the others.
  CHECK(s.kept()[8].dealer == 0);
  CHECK(s.kept()[8].streak == 3);
  CHECK(s.kept()[8].points == Totals{-24, -6, -6, 36});
  CHECK(s.totals() == Totals{-24, -6, -6, 36});
  auto edited = s.edit(5, "S:2344567p345789s S:zimo:7p");
  REQUIRE(edited);
  REQUIRE(edited->size() == 5);  // hands 5 to 9, played again
  CHECK((*edited)[0].number == 5);
  for (std::size_t k = 5; k < 9; ++k) {
    INFO("hand " << k + 1);
    CHECK(s.kept()[k].dealer == 1);  // South deals every later hand now
    CHECK(s.kept()[k].streak == static_cast<std::int64_t>(k - 5));
  }
  // North's self-draw now charges South the dealer's (1 + 3) × 6 = 24, East 6.
  CHECK(s.kept()[8].points == Totals{-6, -24, -6, 36});
  CHECK(s.totals() == Totals{-30, 0, -6, 36});
  CHECK(s.dealer() == 3);
  CHECK(s.streak() == 0);
  // The same as the evening typed that way.
  auto typed = kEditEvening;
  typed[5] = "S:2344567p345789s S:zimo:7p";
  const Session fresh = play_all(typed);
  CHECK(fresh.totals() == s.totals());
  CHECK(fresh.lines() == s.lines());
  for (std::size_t k = 0; k < 9; ++k) CHECK(fresh.kept()[k].points == s.kept()[k].points);
}

TEST_CASE(
    "Session edit: a change that makes a later hand impossible is refused naming that hand, and "
    "a hand that states its dealer keeps it") {
  auto lines = kEditEvening;
  lines[6] = "E:2344567p345789s E:zimo:7p tianhu";  // hand 6: a 天胡, the dealer's only
  Session s = play_all(lines);
  const Totals before = s.totals();
  const auto before_lines = s.lines();
  auto refused = s.edit(5, "S:2344567p345789s S:zimo:7p");
  REQUIRE_FALSE(refused);
  CHECK(refused.error().code == ErrorCode::Inconsistent);
  CHECK(refused.error().en.rfind("hand 6 would no longer stand: ", 0) == 0);
  CHECK(refused.error().zh.rfind("第 6 局将不成立：", 0) == 0);
  CHECK(s.totals() == before);  // unchanged
  CHECK(s.lines() == before_lines);
  CHECK(s.dealer() == 3);
  // Hand 6 saying 庄东 keeps East as its dealer whatever hand 5 becomes (a correction).
  lines[6] = "dealer:E E:2344567p345789s E:zimo:7p tianhu";
  Session kept = play_all(lines);
  auto edited = kept.edit(5, "S:2344567p345789s S:zimo:7p");
  REQUIRE(edited);
  CHECK(kept.kept()[5].dealer == 0);
  REQUIRE((*edited)[1].notes.size() == 1);  // the correction noted: South was carried
  CHECK((*edited)[1].notes[0].en == "correction: East deals this hand (carried: South)");
  // Refused: no such hand, a bad line; the evening unchanged.
  for (long n : {0L, 10L}) {
    auto e = kept.edit(n, "S:2344567p345789s S:zimo:7p");
    REQUIRE_FALSE(e);
    CHECK(e.error().code == ErrorCode::BadWord);
  }
  auto bad = kept.edit(2, "S:2344567p345789s S:win:1m E:pao");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().code == ErrorCode::Inconsistent);
  CHECK(bad.error().en.find("hand 2") == std::string::npos);  // about the new line itself
  CHECK(kept.hands() == 9);
}

TEST_CASE(
    "Session undo: the last hand taken back with its dealer, streak and totals, and with none "
    "left refused") {
  Session s = play_all(kEditEvening);
  const Session eight = play_all({kEditEvening.begin(), kEditEvening.end() - 1});
  auto u = s.undo();
  REQUIRE(u);
  CHECK(*u == 9);
  CHECK(s.totals() == eight.totals());
  CHECK(s.dealer() == eight.dealer());
  CHECK(s.streak() == eight.streak());
  CHECK(s.lines() == eight.lines());
  while (s.hands() > 0) REQUIRE(s.undo());
  auto none = s.undo();
  REQUIRE_FALSE(none);
  CHECK(none.error().code == ErrorCode::Inconsistent);
  CHECK(s.totals() == Totals{});
  CHECK(s.lines() == std::vector<std::string>{"dealer:E"});
  // After everything is undone, a header line may come again before the first hand.
  REQUIRE(s.header("players A B C D"));
  REQUIRE(s.play("A:2344567p345789s A:zimo:7p"));
  CHECK(s.totals() == Totals{18, -6, -6, -6});
}

TEST_CASE(
    "Session commands: undo, 撤销, edit N, 改N, settle-up, 结账 in any ASCII case, and their "
    "errors") {
  auto kind = [](std::string_view line) {
    auto c = session_command(line);
    REQUIRE(c);
    REQUIRE(*c);
    return (*c)->kind;
  };
  CHECK(kind("undo") == SessionCommand::Kind::Undo);
  CHECK(kind("  UnDo \r") == SessionCommand::Kind::Undo);
  CHECK(kind("撤销") == SessionCommand::Kind::Undo);
  CHECK(kind("Settle-Up") == SessionCommand::Kind::SettleUp);
  CHECK(kind("结账") == SessionCommand::Kind::SettleUp);
  auto edit = session_command("改5 东自摸7筒 东:2344567筒345789条");
  REQUIRE(edit);
  REQUIRE(*edit);
  CHECK((*edit)->hand == 5);
  CHECK((*edit)->rest == "东自摸7筒 东:2344567筒345789条");
  auto json = session_command("EDIT 12 {\"result\": {\"kind\": \"draw\"}}");
  REQUIRE(json);
  REQUIRE(*json);
  CHECK((*json)->hand == 12);
  CHECK((*json)->rest == "{\"result\": {\"kind\": \"draw\"}}");
  CHECK_FALSE(session_command("东:2344567筒345789条 东自摸7筒"));
  CHECK_FALSE(session_command("undone"));
  for (const char* bad : {"edit", "edit x", "改 5", "undo 3", "结账 现在"}) {
    INFO(bad);
    auto c = session_command(bad);
    REQUIRE(c);
    REQUIRE_FALSE(*c);
    CHECK(c->error().code == ErrorCode::BadWord);
    CHECK(c->error().column > 0);
  }
  CHECK(session_command("edit x")->error().column == 6);
}

namespace {

// The fewest payments that settle `totals`, found without settle_up's reasoning: every set of
// k payments between distinct pairs of seats (k = 0, 1, 2, 3), each a forest whose amounts are
// forced (a leaf's payment is its balance), tried until one settles every seat exactly.
std::size_t fewest_payments(const Totals& totals) {
  static const std::array<std::pair<int, int>, 6> pairs = {
      {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}};
  for (std::size_t k = 0; k <= 3; ++k)
    for (unsigned set = 0; set < 64; ++set) {
      if (static_cast<std::size_t>(__builtin_popcount(set)) != k) continue;
      Totals left = totals;
      std::vector<std::pair<int, int>> edges;
      for (std::size_t e = 0; e < 6; ++e)
        if (set >> e & 1u) edges.push_back(pairs[e]);
      bool ok = true;
      while (ok && !edges.empty()) {  // peel a leaf: its one edge carries its whole balance
        bool peeled = false;
        for (int v = 0; v < kSeats && !peeled; ++v) {
          int degree = 0;
          std::size_t at = 0;
          for (std::size_t e = 0; e < edges.size(); ++e)
            if (edges[e].first == v || edges[e].second == v) ++degree, at = e;
          if (degree != 1) continue;
          const int other = edges[at].first == v ? edges[at].second : edges[at].first;
          const auto amount = left[static_cast<std::size_t>(v)];
          if (amount == 0) ok = false;  // a payment of nothing is no payment
          left[static_cast<std::size_t>(other)] += amount;
          left[static_cast<std::size_t>(v)] = 0;
          edges.erase(edges.begin() + static_cast<std::ptrdiff_t>(at));
          peeled = true;
        }
        if (!peeled) ok = false;  // a cycle: never fewest
      }
      if (ok && left == Totals{}) return k;
    }
  return 99;
}

}  // namespace

TEST_CASE(
    "Settling up: over 20,000 random standings the payments are the fewest a brute force finds, "
    "every seat ends exactly at its total, the order is fixed") {
  std::mt19937_64 rng(38);
  std::size_t seen[4] = {};
  for (int round = 0; round < 20000; ++round) {
    Totals t{};
    // Small amounts and many zeros and repeats, so that zero-sum pairs come up often.
    const int range = round % 3 == 0 ? 3 : round % 3 == 1 ? 30 : 100000;
    std::uniform_int_distribution<int> d(-range, range);
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < 3; ++i) sum += t[i] = round % 5 == 0 && i == 1 ? -t[0] : d(rng);
    t[3] = -sum;
    std::shuffle(t.begin(), t.end(), rng);
    INFO(t[0] << " " << t[1] << " " << t[2] << " " << t[3]);
    const auto payments = settle_up(t);
    CHECK(payments.size() == fewest_payments(t));
    Totals net{};
    for (std::size_t k = 0; k < payments.size(); ++k) {
      const auto& p = payments[k];
      CHECK(p.points > 0);
      CHECK(p.from != p.to);
      CHECK(t[static_cast<std::size_t>(p.from)] < 0);  // a debtor pays a creditor, nobody between
      CHECK(t[static_cast<std::size_t>(p.to)] > 0);
      net[static_cast<std::size_t>(p.from)] -= p.points;
      net[static_cast<std::size_t>(p.to)] += p.points;
      if (k) CHECK(std::pair(payments[k - 1].from, payments[k - 1].to) < std::pair(p.from, p.to));
    }
    CHECK(net == t);
    ++seen[std::min<std::size_t>(payments.size(), 3)];
  }
  for (std::size_t k = 0; k < 4; ++k) CHECK(seen[k] > 0);  // 0, 1, 2 and 3 payments all came up
  // A case worked by hand: +30 -10 -20 0 is two payments; +10 -10 +5 -5 two, not three.
  CHECK(settle_up({30, -10, -20, 0}) == std::vector<Payment>{{1, 0, 10}, {2, 0, 20}});
  CHECK(settle_up({10, -10, 5, -5}) == std::vector<Payment>{{1, 0, 10}, {3, 2, 5}});
  CHECK(settle_up({15, -10, 5, -10}).size() == 3);
}

TEST_CASE(
    "Session statement: per hand and per other seat from the ledgers' payments, summing to the "
    "seat's standing, for every seat of both sample evenings") {
  for (const char* name : {"duyun", "zunyi"}) {
    INFO(name);
    const Session s = play_all(evening_lines(name));
    std::int64_t check = 0;
    for (int seat = 0; seat < kSeats; ++seat) {
      const auto st = session_statement(s, seat);
      CHECK(st.total == s.totals()[static_cast<std::size_t>(seat)]);
      std::int64_t with = 0;
      for (auto v : st.with) with += v;
      CHECK(with == st.total);
      REQUIRE(st.hands.size() == static_cast<std::size_t>(s.hands()));
      for (const auto& row : st.hands) {
        std::int64_t sum = 0;
        for (auto v : row.with) sum += v;
        CHECK(sum == row.points);
      }
      // What a seat won from another is what that other lost to it.
      for (int o = 0; o < kSeats; ++o)
        CHECK(st.with[static_cast<std::size_t>(o)] ==
              -session_statement(s, o).with[static_cast<std::size_t>(seat)]);
      check += st.total;
    }
    CHECK(check == 0);
  }
}

TEST_CASE("Session seats for --seat: 东南西北, E S W N in any case, 0-3, a player's name") {
  const std::array<std::string, kSeats> names = {"阿明", "小红", "", "Li"};
  CHECK(*session_seat("西", names) == 2);
  CHECK(*session_seat("w", names) == 2);
  CHECK(*session_seat("North", names) == 3);
  CHECK(*session_seat("1", names) == 1);
  CHECK(*session_seat("小红", names) == 1);
  CHECK(*session_seat("Li", names) == 3);
  auto bad = session_seat("老王", names);
  REQUIRE_FALSE(bad);
  CHECK(bad.error().code == ErrorCode::BadWord);
  CHECK(bad.error().zh.find("阿明、小红、Li") != std::string::npos);
}

namespace {

std::string temp_journal(const std::string& name) {
  const std::string path = "/tmp/qianmj-journal-test-" + std::to_string(getpid()) + "-" + name;
  std::remove(path.c_str());
  return path;
}

}  // namespace

TEST_CASE(
    "Session --save appends every accepted line (header, hands, undo, edit) and --resume plays it "
    "again, then goes on appending") {
  const std::string path = temp_journal("save");
  const std::string evening =
      "players A B C D\ndealer:A\nA:2344567p345789s A:zimo:7p\n# a comment\n"
      "B:111222444m33399p B:win:9p A:pao\nundo\nC:2344567p345789s C:zimo:7p\n"
      "edit 1 D:2344567p345789s D:zimo:7p\nsettle-up\n";
  auto r = test::run_qianmj({"session", "--save", path, "--en"}, evening);
  REQUIRE(r.exit == 0);
  // Refused lines, comments and settle-up are not kept; what changed the evening is.
  CHECK(test::slurp(path) ==
        "players A B C D\ndealer:A\nA:2344567p345789s A:zimo:7p\n"
        "B:111222444m33399p B:win:9p A:pao\nundo\nC:2344567p345789s C:zimo:7p\n"
        "edit 1 D:2344567p345789s D:zimo:7p\n");
  // Resumed: the same standings, then a hand more, appended.
  auto resumed =
      test::run_qianmj({"session", "--resume", path, "--en"}, "A:2344567p345789s A:zimo:7p\n");
  CHECK(resumed.exit == 0);
  CHECK(resumed.err == "resumed " + path + ": 2 hands\n");
  CHECK(resumed.out.rfind("Hand 3  dealer C streak 0  A, self-draw", 0) == 0);  // C dealt on
  CHECK(
      test::slurp(path).ends_with("edit 1 D:2344567p345789s D:zimo:7p\n"
                                  "A:2344567p345789s A:zimo:7p\n"));
  // The journal read as a session file gives the same standings as the resumed evening.
  auto replay = test::run_qianmj({"session", path, "--json"});
  CHECK(replay.exit == 0);
  auto resumed_json = test::run_qianmj({"session", "--resume", path, "--json"}, "");
  CHECK(json_lines(replay.out).back()["summary"]["totals"] ==
        json_lines(resumed_json.out).back()["summary"]["totals"]);
  // --rules from the command line goes into a new journal first, so a resume plays Zunyi too.
  const std::string zunyi = temp_journal("zunyi");
  r = test::run_qianmj({"session", "--save", zunyi, "--rules", "zunyi", "--json"},
                       "dealer:E\nN:35m2245588s3689p W:15m4467s1125899p S:24789m6677s2334p "
                       "E:2344567p345789s E:zimo:7p\n");
  REQUIRE(r.exit == 0);
  CHECK(test::slurp(zunyi).rfind("zunyi\n", 0) == 0);
  auto z = test::run_qianmj({"session", "--resume", zunyi, "--json"}, "");
  CHECK(json_lines(z.out).back()["rules"] == "zunyi");
  CHECK(json_lines(z.out).back()["summary"]["totals"] ==
        json_lines(r.out).back()["summary"]["totals"]);
  std::remove(path.c_str());
  std::remove(zunyi.c_str());
}

TEST_CASE(
    "Session --resume: a journal cut mid-line is read to its last whole line with a warning and "
    "cut back, one that is no evening is refused, an unwritable journal is a coded error") {
  const std::string path = temp_journal("cut");
  {
    std::ofstream f(path, std::ios::binary);
    f << "dealer:E\nE:2344567p345789s E:zimo:7p\nS:2344567p345";  // killed mid-write
  }
  auto r = test::run_qianmj({"session", "--resume", path, "--en"}, "");
  CHECK(r.exit == 0);
  CHECK(r.err.find("qianmj: warning [read_error]: the journal's last line was cut mid-line (13 "
                   "bytes after line 2)") == 0);
  CHECK(r.out.find("Final standings (1 hand)") != std::string::npos);
  CHECK(test::slurp(path) == "dealer:E\nE:2344567p345789s E:zimo:7p\n");  // whole lines only
  {
    std::ofstream f(path, std::ios::binary);
    f << "dealer:E\nthis is a shopping list\n";
  }
  r = test::run_qianmj({"session", "--resume", path, "--en"}, "E:2344567p345789s E:zimo:7p\n");
  CHECK(r.exit == 2);
  CHECK(r.err.find("qianmj: line 2: error [bad_word]") == 0);
  CHECK(r.err.find("is not an evening (line 2, above): not resumed") != std::string::npos);
  CHECK(r.out.empty());
  std::remove(path.c_str());
  // A full disk: the hand is answered, then the evening stops with a write_error naming the
  // journal, never silently.
  r = test::run_qianmj({"session", "--save", "/dev/full", "--en"},
                       "dealer:E\nE:2344567p345789s E:zimo:7p\n");
  CHECK(r.exit == 2);
  CHECK(
      r.err.find("error [write_error]: write error: journal /dev/full: no space left on device") !=
      std::string::npos);
  r = test::run_qianmj({"session", "--save", "/nonexistent-dir/j.txt", "--zh"}, "dealer:E\n");
  CHECK(r.exit == 2);
  CHECK(r.err.find(
            "错误 [write_error]：写入错误：记录文件 /nonexistent-dir/j.txt：没有那个文件或目录") !=
        std::string::npos);
  r = test::run_qianmj({"session", "--resume", "/nonexistent-dir/j.txt", "--en"}, "");
  CHECK(r.exit == 2);
  CHECK(r.err.find("error [read_error]") != std::string::npos);
}

namespace {

// The #38 evenings at a table (testdata/session/table-*.txt): every other hand declared
// (quick entry), a wrong hand taken back with 撤销 and another with undo, hand 5 edited
// after hand 12 — the final evening checked hand by hand against the state the generator
// worked out, then its settling up.
void check_table_evening(const std::string& name) {
  INFO("testdata/session/" << name);
  auto expected = json_lines(test::slurp(test::testdata("session/" + name + ".expected.jsonl")));
  auto last = json::parse(test::slurp(test::testdata("session/" + name + ".settle-up.json")));
  REQUIRE(expected.size() == 30);
  Session s;
  long undos = 0, edits = 0;
  for (const auto& line : evening_lines(name)) {
    INFO(line);
    if (auto c = session_command(line)) {
      REQUIRE(*c);
      auto applied = s.apply(**c);
      REQUIRE(applied);
      undos += (*c)->kind == SessionCommand::Kind::Undo;
      edits += (*c)->kind == SessionCommand::Kind::Edit;
      continue;
    }
    auto h = s.header(line);
    REQUIRE(h);
    if (*h) continue;
    REQUIRE(s.play(line));
  }
  CHECK(undos == 2);
  CHECK(edits == 1);
  REQUIRE(s.kept().size() == 30);
  std::array<std::int64_t, kSeats> running{};
  for (std::size_t i = 0; i < 30; ++i) {
    INFO("hand " << i + 1);
    for (std::size_t p = 0; p < kSeats; ++p) running[p] += s.kept()[i].points[p];
    CHECK(json(running) == expected[i]["totals"]);
    const int next_dealer = i + 1 < 30 ? s.kept()[i + 1].dealer : s.dealer();
    const std::int64_t next_streak = i + 1 < 30 ? s.kept()[i + 1].streak : s.streak();
    CHECK(next_dealer == expected[i]["dealer"]);
    CHECK(next_streak == expected[i]["streak"]);
  }
  CHECK(json(s.totals()) == last["totals"]);
  // Settling up: the fewest payments (brute force in the generator), summing to the totals.
  auto pay = settle_up(s.totals());
  CHECK(pay.size() == last["fewest_transfers"].get<std::size_t>());
  std::array<std::int64_t, kSeats> net{};
  for (const auto& p : pay) {
    CHECK(p.points > 0);
    net[p.from] -= p.points;
    net[p.to] += p.points;
  }
  CHECK(net == s.totals());
  // A statement after the undos and the edit is the one of the evening typed straight: the
  // evening keeps only lines and amounts, and the statement plays them again.
  Session straight;
  for (const auto& line : s.lines()) {
    auto h = straight.header(line);
    REQUIRE(h);
    if (!*h) REQUIRE(straight.play(line));
  }
  REQUIRE(straight.hands() == 30);
  for (int seat = 0; seat < kSeats; ++seat) {
    INFO("seat " << seat);
    const auto a = session_statement(s, seat), b = session_statement(straight, seat);
    REQUIRE(a.hands.size() == 30);
    CHECK(a.total == s.totals()[static_cast<std::size_t>(seat)]);
    CHECK(a.with == b.with);
    std::int64_t with_sum = 0;
    for (auto w : a.with) with_sum += w;
    CHECK(with_sum == a.total);  // what it won and lost, seat by seat
    for (std::size_t i = 0; i < 30; ++i) {
      CHECK(a.hands[i].points == s.kept()[i].points[static_cast<std::size_t>(seat)]);
      CHECK(a.hands[i].with == b.hands[i].with);
      CHECK(a.hands[i].summary.zh.view() == b.hands[i].summary.zh.view());
      CHECK(!a.hands[i].summary.zh.view().empty());
    }
  }
  // The program says the same: the summary's totals and transfers.
  auto r = test::run_qianmj({"session", test::testdata("session/" + name + ".txt"), "--json"});
  CHECK(r.exit == 0);
  auto answers = json_lines(r.out);
  REQUIRE(!answers.empty());
  const auto& summary = answers.back()["summary"];
  CHECK(summary["totals"] == last["totals"]);
  CHECK(summary["hands"] == 30);
  CHECK(summary["transfers"].size() == pay.size());
}

}  // namespace

TEST_CASE(
    "D10 D4 the Duyun evening at a table: 30 hands, every other declared, 撤销 and undo, hand 5 "
    "edited after hand 12, settled up in the fewest payments") {
  check_table_evening("table-duyun");
}

TEST_CASE(
    "Z8 the Zunyi evening at a table: 30 hands, every other declared, 撤销 and undo, hand 5 "
    "edited after hand 12, settled up in the fewest payments") {
  check_table_evening("table-zunyi");
}

TEST_CASE(
    "Session --resume without a file continues the latest journal: -2 of the same second after "
    "the first, an earlier day before both") {
  char tmpl[] = "/tmp/qianmj-resume-XXXXXX";
  const std::string state = mkdtemp(tmpl);
  const std::string dir = state + "/qianmj";
  REQUIRE(std::system(("mkdir -p '" + dir + "'").c_str()) == 0);
  std::ofstream(dir + "/session-20261206-235959.txt") << "玩家 子 丑 寅 卯\n";
  std::ofstream(dir + "/session-20261207-010101.txt") << "玩家 甲 乙 丙 丁\n";
  std::ofstream(dir + "/session-20261207-010101-2.txt") << "玩家 春 夏 秋 冬\n";
  const std::string out = state + "/out";
  const std::string run = "printf '庄东 东:2344567筒345789条 东自摸7筒\\n' | XDG_STATE_HOME='" +
                          state + "' LANG=C '" + QIANMJ_BIN + "' session --resume --json > '" +
                          out + "' 2> /dev/null";
  CHECK(std::system(run.c_str()) == 0);
  auto answers = json_lines(test::slurp(out));
  REQUIRE(answers.size() == 2);
  CHECK(answers.back()["summary"]["standings"][0]["name"] == "春");  // the -2 journal's players
  CHECK(test::slurp(dir + "/session-20261207-010101-2.txt") ==
        "玩家 春 夏 秋 冬\n庄东 东:2344567筒345789条 东自摸7筒\n");
  CHECK(std::system(("rm -rf '" + state + "'").c_str()) == 0);
}
