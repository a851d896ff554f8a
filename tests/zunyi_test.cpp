// Z1-Z4: Zunyi 缺一门, patterns, add-ons and payments (points per paying seat).
#include "rules/zunyi/zunyi.hpp"
#include "helpers.hpp"

using namespace qianmj;

namespace {

Score zscore(const std::string& text, Situation s = {}, Options o = {}) {
  Zunyi rules(o);
  auto sc = rules.score(test::hand(text), s);
  INFO("hand: " << text);
  if (!sc) FAIL("score error: " << sc.error().en);
  return *sc;
}

Situation on(const char* tile, bool zimo = false) {
  Situation s;
  s.win_tile = *parse_tile(tile);
  s.zimo = zimo;
  return s;
}

std::string ids(const Score& sc) {
  std::string out;
  for (const auto& it : sc.items)
    out += (out.empty() ? "" : " ") + std::string(it.id) + ":" + std::to_string(it.value);
  return out;
}

}  // namespace

TEST_CASE("Z1 缺一门: no win and no readiness while holding all three suits") {
  auto sc = zscore("123m456s789p234p55s", on("5s"));
  CHECK_FALSE(sc.win);
  REQUIRE(sc.reason);
  CHECK(sc.reason->en.find("Z1") != std::string::npos);
  CHECK(zscore("123s456s789p234p55s", on("5s")).win);  // the same shape in two suits
  Zunyi rules;
  auto w = analyze_waits(rules, test::hand("2344567p345s789m"), {});
  CHECK_FALSE(w.ready);
  CHECK(w.waits.empty());
  REQUIRE(w.reason);  // Z1: a 13-tile hand holding all three suits is never ready
  CHECK(w.reason->en ==
        "缺一门: a Zunyi hand wins and is ready only without one suit; this one holds all three "
        "(Z1)");
  CHECK(w.reason->zh == "缺一门：遵义麻将须缺一门才能和牌或听牌；此手牌三门俱全（Z1）");
  CHECK_FALSE(w.dajiao);
  CHECK(analyze_waits(rules, test::hand("2344567p345s789s"), {}).ready);
  // Duyun has no such rule: the three-suit hand is ready there.
  CHECK(analyze_waits(Duyun{}, test::hand("2344567p345s789m"), {}).ready);
}

TEST_CASE(
    "Z2 structural patterns: one counts, the highest, read from the hand without the winning "
    "tile") {
  CHECK(ids(zscore("123s456s789p234p55s", on("1s"))) == "pinghu:2");      // waits 1s 4s without it
  CHECK(ids(zscore("123s456s789p234p55s", on("5s"))) == "biankadiao:3");  // a single-pair wait
  CHECK(ids(zscore("123s456s789p234p55s", on("3s"))) == "biankadiao:3");  // 12s: an edge wait
  CHECK(ids(zscore("111222444m33399s", on("9s"))) == "duiduihu:4");     // 对对胡 beats 边卡吊
  CHECK(ids(zscore("23445677p345789s", on("4p"))) == "dakuanzhang:4");  // waits 1p 4p 7p
  CHECK(ids(zscore("1133557799m2244s", on("9m"))) == "anqidui:4");
  CHECK(ids(zscore("1111335577m2244s", on("1m"))) ==
        "longqidui:10");  // the 1m completes the four (Z2)
  Options o;
  REQUIRE_FALSE(o.set("zunyi-pinghu", "1"));  // the text also says 1
  CHECK(ids(zscore("123s456s789p234p55s", on("1s"), o)) == "pinghu:1");
}

TEST_CASE("Z2 清一色 adds 10 — 清一色 平胡 = 10, 清大对 14, 清七对 14, 清龙七对 20") {
  CHECK(ids(zscore("123456789m23499m", on("2m"))) == "qingyise:10");
  CHECK(zscore("123456789m23499m", on("2m")).total == 10);
  CHECK(ids(zscore("111222444m33399m", on("9m"))) == "duiduihu:4 qingyise:10");
  CHECK(zscore("111222444m33399m", on("9m")).pattern->value == 14);
  CHECK(zscore("1133557799m2244m", on("9m")).pattern->value == 14);
  CHECK(zscore("1111335577m2299m", on("1m")).pattern->value == 20);
  CHECK(zscore("123456789m23499m", on("9m")).pattern->id == "qingyise+dakuanzhang");
  Options o;  // a 平胡 worth as much as 边卡吊 still counts nothing under 清一色
  REQUIRE_FALSE(o.set("zunyi-pinghu", "3"));
  CHECK(ids(zscore("123456789p12355p", on("2p"), o)) == "biankadiao:3 qingyise:10");
}

TEST_CASE("Z2 without --win: the winning tile that scores most, and the answer says so") {
  auto sc = zscore("123s456s789p234p55s");
  CHECK(sc.win_tile == Tile(Suit::Sou, 2));  // first of the 边卡吊 tiles in tile order
  CHECK(sc.pattern->value == 3);
  REQUIRE(sc.notes.size() == 1);
  CHECK(sc.notes[0].en.find("assumed 2s") != std::string::npos);
  CHECK(zscore("123456789m23499m").pattern->value == 14);
}

TEST_CASE(
    "Z3 add-ons: 自摸 +1, 天和/地和 +10, 杠上炮 +3, 抢杠 +3, 杠上花 10 against the hand's own "
    "value plus 自摸") {
  CHECK(ids(zscore("111222444m33399s", on("9s", true))) == "duiduihu:4 zimo:1");
  CHECK(zscore("111222444m33399s", on("9s", true)).total == 15);  // 5 from each of three
  Situation t = on("9s");
  t.tianhu = true;
  CHECK(ids(zscore("111222444m33399s", t)) == "duiduihu:4 zimo:1 tianhu:10");
  Situation d = on("9s");
  d.dihu = true;
  CHECK(zscore("111222444m33399s", d).total == 14);  // off a discard: 4 + 10
  Situation pao = on("9s");
  pao.after_kong = true;
  CHECK(ids(zscore("111222444m33399s", pao)) == "duiduihu:4 gangshangpao:3");
  Situation rob = on("3s");
  rob.robbing_kong = true;
  CHECK(ids(zscore("111222444m99s345s", rob)) == "pinghu:2 qianggang:3");  // waits 3s 6s without it
  Options o;
  REQUIRE_FALSE(o.set("zunyi-qianggang", "0"));
  CHECK(ids(zscore("111222444m99s345s", rob, o)) == "pinghu:2");
  Situation hua = on("9m", true);
  hua.after_kong = true;
  auto sc =
      zscore("(5555m) 111222333m 99m", hua);  // 清一色 对对胡 14 is more than 杠上花 10 (revised)
  CHECK(ids(sc) == "duiduihu:4 qingyise:10 zimo:1");
  CHECK(sc.total == 45);
  Situation hua9p = on("9p", true);
  hua9p.after_kong = true;
  sc = zscore("(5555m) 111222333m 99p", hua9p);  // 对对胡 4 is less than 10: 杠上花 counts
  CHECK(ids(sc) == "gangshanghua:10 zimo:1");
  CHECK(sc.total == 33);
}

TEST_CASE("Z4 payments: self-draw three payers, a discard or 抢杠 one — no dealer bonus") {
  Situation s = on("9s", true);
  s.dealer = DealerRole::Winner;
  s.streak = 5;
  auto sc = zscore("111222444m33399s", s);
  REQUIRE(sc.payers.size() == 1);
  CHECK(sc.payers[0].role == Payer::Role::Other);
  CHECK(sc.payers[0].count == 3);
  CHECK(sc.payers[0].points == 5);  // no 连庄 in Zunyi: 对对胡 4 + 自摸 1
  CHECK(sc.total == 15);
  // And the answer says the streak does not count, in one note.
  REQUIRE(sc.notes.size() == 1);
  CHECK(
      sc.notes[0].en ==
      "streak (不按庄闲算分) has no effect under the Zunyi rules");  // the library names its fields
  CHECK(sc.notes[0].zh == "streak (不按庄闲算分) 在遵义规则下不计");
  auto off = zscore("111222444m33399s", on("9s"));
  REQUIRE(off.payers.size() == 1);
  CHECK(off.payers[0].role == Payer::Role::Discarder);
  CHECK(off.payers[0].count == 1);
  CHECK(off.payers[0].points == 4);
  CHECK(off.total == 4);
}

// ---- RULES.md round 2 (revised readings) --------------------------------------------

TEST_CASE("Z2 (revised) 边卡吊 and 大宽张 count live waits only, in score, waits and the 大叫") {
  Zunyi rules;
  // 3335555789万123筒 waits 4万 and a dead 5万: one live wait, 边卡吊 3 (it was 平胡 2).
  auto w = analyze_waits(rules, test::hand("3335555789万123筒"), {});
  REQUIRE(w.waits.size() == 2);
  CHECK(w.waits[0].pattern.id == "biankadiao");
  CHECK(w.waits[0].pattern.value == 3);
  REQUIRE(w.dajiao);
  CHECK(w.dajiao->value == 3);
  CHECK(ids(zscore("33345555789万123筒", on("4m"))) == "biankadiao:3");
  // 456条4556666778筒 waits 3筒, 9筒 and a dead 6筒: not 大宽张 (it was 4), 平胡 2.
  w = analyze_waits(rules, test::hand("456条4556666778筒"), {});
  REQUIRE(w.dajiao);
  CHECK(w.dajiao->id == "pinghu");
  CHECK(w.dajiao->value == 2);
  CHECK(ids(zscore("456条34556666778筒", on("3p"))) == "pinghu:2");
  // A real 大宽张: 23456万111999筒55筒 waits 1万 4万 7万, all live.
  CHECK(ids(zscore("234456m111999p55p", on("4m"))) == "dakuanzhang:4");
}

TEST_CASE(
    "Z2 (revised) 龙七对 needs the winning tile to complete the four alike (zunyi-long-on-win)") {
  CHECK(ids(zscore("11223344m556666p", on("5p"))) == "anqidui:4");
  CHECK(ids(zscore("1122334455m6666p", on("6p"))) == "longqidui:10");
  CHECK(zscore("11224444557799m", on("9m")).pattern->value ==
        14);  // 清一色 暗七对: the four 4万 came before
  CHECK(zscore("11224444557799m", on("4m")).pattern->value == 20);  // 清龙七对
  // Without --win, the winning tile that scores most: 6p completes the four.
  auto best = zscore("11223344m556666p");
  CHECK(best.win_tile == Tile(Suit::Pin, 6));
  CHECK(best.pattern->value == 10);
  Options old;
  REQUIRE_FALSE(old.set("zunyi-long-on-win", "off"));
  CHECK(ids(zscore("11223344m556666p", on("5p"), old)) == "longqidui:10");
}

TEST_CASE(
    "Z3 (revised) 杠上花 is worth the larger of 10 and the hand's own value, never less than the "
    "self-draw") {
  Situation hua = on("9m", true);
  hua.after_kong = true;
  auto flush = zscore("(5555m) 111222333m 99m", hua);
  auto drawn = zscore("(5555m) 111222333m 99m", on("9m", true));
  CHECK(flush.total == 45);  // (清一色对对胡 14 + 自摸 1) x 3
  CHECK(flush.total >= drawn.total);
  Situation hua9p = on("9p", true);
  hua9p.after_kong = true;
  CHECK(zscore("(5555m) 111222333m 99p", hua9p).total == 33);  // (10 + 1) x 3: 对对胡 4 is less
  // A tie (清一色 平胡 = 10) is 杠上花.
  Situation tie = on("9m", true);
  tie.after_kong = true;
  CHECK(ids(zscore("(5555m) 123789m 23499m", tie)) == "gangshanghua:10 zimo:1");
}

TEST_CASE(
    "Z3 (revised) 报听 +10 to a winner who declared it, 杀报 +10 off a declared discarder "
    "(zunyi-baoting, zunyi-shabao)") {
  Situation bt = on("9s", true);
  bt.baoting = true;
  auto sc = zscore("111222444m33399s", bt);
  CHECK(ids(sc) == "duiduihu:4 zimo:1 baoting:10");
  CHECK(sc.total == 45);
  Situation sb = on("9s");
  sb.payer_baoting = true;
  CHECK(zscore("111222444m33399s", sb).total == 14);
  sb.baoting = true;
  CHECK(zscore("111222444m33399s", sb).total == 24);  // both
  Options o;
  REQUIRE_FALSE(o.set("zunyi-baoting", "0"));
  REQUIRE_FALSE(o.set("zunyi-shabao", "7"));
  CHECK(zscore("111222444m33399s", sb, o).total == 11);
  CHECK(zscore("111222444m33399s", bt, o).total == 15);
  Zunyi rules;  // a 报听 hand has no melds
  Situation melded = on("7p");
  melded.baoting = true;
  CHECK(rules.score(test::hand("[555m]2344567p345s7p"), melded).error().code ==
        ErrorCode::Inconsistent);
}

TEST_CASE(
    "Z3 (revised 3) zunyi-tiandi-add: 天和/地和 add 10 (39 for a self-drawn 天和 平胡), off, the "
    "larger of 10 and the hand's value counts (33)") {
  Situation t = on("3s", true);
  t.tianhu = true;
  auto sc = zscore("111222444m99s345s", t);  // 平胡 2 + 自摸 1 + 天和 10, from each of three
  CHECK(ids(sc) == "pinghu:2 zimo:1 tianhu:10");
  CHECK(sc.total == 39);
  Options off;
  REQUIRE_FALSE(off.set("zunyi-tiandi-add", "off"));
  sc = zscore("111222444m99s345s", t, off);  // 天和 10 beats 平胡 2: 10 + 自摸 1
  CHECK(ids(sc) == "tianhu:10 zimo:1");
  CHECK(sc.total == 33);
  CHECK(sc.pattern->id == "tianhu");
  Situation d = on("9m");  // 地和 off a discard: 清一色 对对胡 14 beats 10
  d.dihu = true;
  sc = zscore("11122233344499m", d, off);
  CHECK(ids(sc) == "duiduihu:4 qingyise:10");
  CHECK(sc.total == 14);
  CHECK(zscore("11122233344499m", d).total == 24);  // on: 14 + 10
  REQUIRE(sc.notes.size() == 1);
  CHECK(
      sc.notes[0].en ==
      "地和: the hand's own 清一色对对胡 14 is more than 地和 10 and counts (Z3, zunyi-tiandi-add "
      "off)");
}

TEST_CASE("Z3 zunyi-qianggang-bao: the robbed seat pays what a self-draw would collect") {
  Situation rob = on("3s");
  rob.robbing_kong = true;
  CHECK(zscore("111222444m99s345s", rob).total == 5);  // 平胡 2 + 抢杠 3
  Options bao;
  REQUIRE_FALSE(bao.set("zunyi-qianggang-bao", "on"));
  auto sc = zscore("111222444m99s345s", rob, bao);
  REQUIRE(sc.payers.size() == 1);
  CHECK(sc.payers[0].role == Payer::Role::Discarder);
  CHECK(sc.payers[0].covers == 3);
  CHECK(sc.payers[0].value == 3);   // 平胡 2 + 自摸 1
  CHECK(sc.payers[0].points == 9);  // for all three
  CHECK(sc.total == zscore("111222444m99s345s", on("3s", true)).total);
}

TEST_CASE(
    "D5 Z3 抢杠 without --win picks only a tile the winner holds once, and seven pairs can never "
    "rob") {
  Situation rob;
  rob.robbing_kong = true;
  auto sc = zscore("12223s[999s](8888p)[7777p]", rob);
  CHECK(sc.win_tile == Tile(Suit::Sou, 1));
  CHECK(sc.total == 5);  // 平胡 2 + 抢杠 3; the 2s (held three times) would have been 边卡吊 6
  CHECK(zscore("12344567788889m", rob).total ==
        16);  // 边卡吊 3 + 清一色 10 + 3, not 大宽张 on a 7m held twice
  Zunyi rules;
  CHECK(rules.score(test::hand("11223344m556677p"), rob).error().code == ErrorCode::Inconsistent);
  CHECK(Duyun{}.score(test::hand("11223344m556677p"), rob).error().code == ErrorCode::Inconsistent);
}
