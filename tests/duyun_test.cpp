// D1-D5: Duyun patterns, add-ons, legality, dealer streak and payments.
#include "helpers.hpp"
#include "rules/zunyi/zunyi.hpp"

using namespace qianmj;
using test::pattern_id;
using test::score;
using test::zimo;

namespace {

Situation discard() {
  return {};
}

Situation with(Situation s, void (*f)(Situation&)) {
  f(s);
  return s;
}

std::string payers(const Score& sc) {
  std::string out;
  for (const auto& p : sc.payers)
    out += (out.empty() ? "" : " ") + std::string(role_name(p.role)) + "x" +
           std::to_string(p.count) + ":" + std::to_string(p.value) + ":" + std::to_string(p.points);
  return out;
}

}  // namespace

TEST_CASE("D1 patterns: each with its fan, best over every reading") {
  struct Case {
    const char* hand;
    const char* pattern;
    int fan;
  };
  const Case cases[] = {
      {"123m456m789m123s99s", "pinghu", 1},
      {"111222444万33399筒", "duiduihu", 3},
      {"[555m] 123m 456m 789m 11m", "qingyise", 6},
      {"2244m 5566p 7788s 99s", "qidui", 6},
      {"[222s] 444s 666s 888s 99s", "qingdui", 9},
      {"[222m] [555m] (8888s) 555p 22p", "jiangdui", 9},  // melds count for 将对
      {"[222m] [555m] (8888s) 555p 33p", "duiduihu", 3},  // a 3 pair spoils it
      {"2222m 5566p 7788s 99s", "longqidui", 12},
      {"11335577m 2244m 99m", "qingqidui", 12},
      {"[111m] 123m 789m 789m 99m", "qingyaojiu", 12},  // a melded 111 has a 1
      {"111m 999m 111p 999p 55s", "duiduihu", 3},       // terminals but not one suit
      {"11224444557799万", "qinglongqidui", 18},
      {"111222333m555p77s", "duiduihu", 3},    // C4: pungs beat 123 123 123
      {"11123777888999筒", "qingyaojiu", 12},  // needs the 789 789 789 reading
      {"1122334455667m7m", "qingqidui", 12},   // seven pairs beats 清一色 sequences
  };
  for (const auto& c : cases) {
    auto sc = score(c.hand, zimo());
    INFO(c.hand);
    CHECK(pattern_id(sc) == c.pattern);
    REQUIRE(sc.pattern);
    CHECK(sc.pattern->value == c.fan);
    CHECK(sc.total == 3 * c.fan * 6);
  }
}

TEST_CASE("D1 天胡 and 地胡 compete in the max — only the highest pattern counts") {
  Situation t = zimo();
  t.tianhu = true;
  auto sc = score("23445677筒345789条", t);
  CHECK(pattern_id(sc) == "tianhu");
  CHECK(sc.items.size() == 1);  // 平胡 is not added on top
  CHECK(sc.total == 3 * 18 * 6);
  // 清龙七对 18 ties with 天胡 18: one pattern, 18, not 36.
  sc = score("11224444557799万", t);
  CHECK(sc.pattern->value == 18);
  CHECK(sc.items.size() == 1);
  CHECK(sc.total == 324);
  // 地胡 off a discard: 18 fan, legal without 豆 (not 平胡).
  Situation d;
  d.dihu = true;
  sc = score("23445677筒345789条", d);
  CHECK(pattern_id(sc) == "dihu");
  CHECK(sc.legal);
  CHECK(payers(sc) == "discarderx1:18:108");
}

TEST_CASE("D2 报听 +6 on the winner's side, on the discarder's side, 12 for both") {
  Situation s;
  s.baoting = true;
  auto sc = score("23445677筒345789条", s);  // 平胡 off a discard, legal through 报听
  CHECK(sc.legal);
  CHECK(payers(sc) == "discarderx1:7:42");
  s.zimo = true;
  CHECK(payers(score("23445677筒345789条", s)) == "otherx3:7:42");
  CHECK(score("23445677筒345789条", s).total == 126);
  Situation p;
  p.payer_baoting = true;
  sc = score("111222444万33399筒", p);  // seed: 大对子 off a 报听 discarder = 3 + 6
  CHECK(payers(sc) == "discarderx1:9:54");
  p.baoting = true;
  CHECK(payers(score("111222444万33399筒", p)) == "discarderx1:15:90");
}

TEST_CASE("D2 杠上花 +1 (a self-draw), 杠上炮 +1, 抢杠 +0 unless qianggang-fan") {
  Situation hua = zimo();
  hua.after_kong = true;
  auto sc = score("(5555m) 123s 456s 789p 99p", hua);
  CHECK(payers(sc) == "otherx3:2:12");
  CHECK(sc.items.at(1).id == "gangshanghua");
  Situation pao;
  pao.after_kong = true;
  sc = score("23445677筒345789条", pao);
  CHECK(sc.legal);
  CHECK(payers(sc) == "discarderx1:2:12");
  CHECK(sc.items.at(1).id == "gangshangpao");
  Situation rob;
  rob.robbing_kong = true;
  sc = score("23445677筒345789条", rob);
  CHECK(payers(sc) == "discarderx1:1:6");
  CHECK(sc.items.size() == 1);
  Options o;
  REQUIRE_FALSE(o.set("qianggang-fan", "2"));
  sc = score("23445677筒345789条", rob, o);
  CHECK(payers(sc) == "discarderx1:3:18");
}

TEST_CASE("D3 平胡 off a discard needs a 豆, with the listed exceptions") {
  auto sc = score("23445677筒345789条", discard());
  CHECK(sc.win);
  CHECK(pattern_id(sc) == "pinghu");
  CHECK_FALSE(sc.legal);
  REQUIRE(sc.reason);  // the reason names the exceptions that apply (pinghu-gangshangpao on)
  CHECK(sc.reason->en ==
        "平胡 off a discard needs a 豆 (a kong of your own); self-draw, 抢杠, 报听 or 杠上炮 would "
        "allow it (D3)");
  CHECK(sc.reason->zh == "平胡点炮必须有豆（自己的杠）；自摸、抢杠、报听或杠上炮除外（D3）");
  CHECK(sc.payers.empty());
  CHECK(sc.total == 0);
  CHECK(score("(5555m) 123s 456s 789p 99p", discard()).legal);       // a concealed kong
  CHECK(score("[5555m+] 123s 456s 789p 99p", discard()).legal);      // an added kong
  CHECK(score("[5555m] 123s 456s 789p 99p", discard()).legal);       // a direct kong
  CHECK_FALSE(score("[555m] 123s 456s 789p 99p", discard()).legal);  // a pung is no 豆
  Situation dou;
  dou.dou = true;
  CHECK(score("23445677筒345789条", dou).total == 6);
  CHECK(score("23445677筒345789条", zimo()).legal);
  Situation p;
  p.payer_baoting = true;
  CHECK(score("23445677筒345789条", p).legal);
  Situation pao;
  pao.after_kong = true;
  CHECK(score("23445677筒345789条", pao).legal);
  Options strict;
  REQUIRE_FALSE(strict.set("pinghu-gangshangpao", "off"));
  CHECK_FALSE(score("23445677筒345789条", pao, strict).legal);
  CHECK(score("111222444万33399筒", discard()).legal);  // any larger pattern needs no 豆
}

TEST_CASE("D4 dealer streak: +N on payments between the dealer and another seat") {
  Situation s = zimo();
  s.dealer = DealerRole::Winner;
  s.streak = 5;
  auto sc = score("23445677筒345789条", s);  // seed: each pays (1+5)×6 = 36
  CHECK(payers(sc) == "otherx3:6:36");
  CHECK(sc.total == 108);
  Situation into;
  into.dealer = DealerRole::Payer;
  into.streak = 5;
  sc = score("11333222456999条", into);  // seed: dealer deals into 清一色, pays (6+5)×6 = 66
  CHECK(payers(sc) == "discarderx1:11:66");
  Situation payer_zimo = zimo();
  payer_zimo.dealer = DealerRole::Payer;
  payer_zimo.streak = 5;
  sc = score("23445677筒345789条", payer_zimo);
  CHECK(payers(sc) == "dealerx1:6:36 otherx2:1:6");
  CHECK(sc.total == 48);
  Situation none = zimo();
  none.streak = 5;  // the dealer is not in this payment
  sc = score("23445677筒345789条", none);
  CHECK(payers(sc) == "otherx3:1:6");
  REQUIRE(sc.notes.size() == 1);  // and the answer says so, naming the library's fields
  CHECK(sc.notes[0].en ==
        "streak 5 applies only to payments with the dealer; none here (dealer none)");
  none.field_name = [](std::string_view f) {
    return "--" + std::string(f);
  };  // as the CLI names them
  sc = score("23445677筒345789条", none);
  REQUIRE(sc.notes.size() == 1);
  CHECK(sc.notes[0].en ==
        "--streak 5 applies only to payments with the dealer; none here (--dealer none)");
}

TEST_CASE("C2 one seat is the dealer: the winner, one of the payers, or neither") {
  Situation s = zimo();
  s.streak = 2;
  s.dealer = DealerRole::Winner;
  CHECK(payers(score("111222444万33399筒", s)) == "otherx3:5:30");
  s.dealer = DealerRole::Payer;
  CHECK(payers(score("111222444万33399筒", s)) == "dealerx1:5:30 otherx2:3:18");
  s.dealer = DealerRole::None;
  CHECK(payers(score("111222444万33399筒", s)) == "otherx3:3:18");
  Situation d;
  d.streak = 2;
  d.dealer = DealerRole::Payer;  // the discarder deals
  CHECK(payers(score("111222444万33399筒", d)) == "discarderx1:5:30");
}

TEST_CASE("D5 payments: self-draw three payers, discard one, 抢杠 the robbed seat") {
  CHECK(payers(score("111222444万33399筒", zimo())) == "otherx3:3:18");
  CHECK(score("111222444万33399筒", zimo()).total == 54);
  CHECK(payers(score("111222444万33399筒", discard())) == "discarderx1:3:18");
  Situation rob;
  rob.robbing_kong = true;
  CHECK(payers(score("23445677筒345789条", rob)) == "discarderx1:1:6");
  // The robbed pung holds the other three copies: every tile of an all-pungs hand is held
  // at least twice, so 对对胡 can never rob a kong (nor can seven pairs).
  Duyun rules;
  CHECK(rules.score(test::hand("111222444万33399筒"), rob).error().code == ErrorCode::Inconsistent);
}

TEST_CASE("D-base: points = fan × base (H base)") {
  Options o;
  REQUIRE_FALSE(o.set("base", "10"));
  CHECK(score("111222444万33399筒", zimo(), o).total == 90);
  CHECK(o.set("base", "0")->code == ErrorCode::BadOption);
  CHECK(o.set("base", "x")->code == ErrorCode::BadOption);
  CHECK(o.set("base", "99999999999999999999")->code == ErrorCode::OutOfRange);
  CHECK(o.set("nope", "1")->code == ErrorCode::BadOption);
  CHECK(o.set("huazhu", "maybe")->code == ErrorCode::BadOption);
  CHECK_FALSE(o.set_assignment("huazhu=off"));
  CHECK(o.get("huazhu") == 0);
  CHECK(o.set_assignment("huazhu")->code == ErrorCode::BadOption);
}

TEST_CASE("Situations that contradict each other or the hand are errors") {
  Duyun rules;
  auto h = test::hand("23445677筒345789条");
  auto code = [&](Situation s) {
    auto r = rules.score(h, s);
    return r ? std::string("ok") : std::string(code_name(r.error().code));
  };
  CHECK(code(with(zimo(), [](Situation& s) { s.payer_baoting = true; })) == "inconsistent");
  CHECK(code(with(zimo(), [](Situation& s) { s.robbing_kong = true; })) == "inconsistent");
  CHECK(code(with({}, [](Situation& s) { s.robbing_kong = s.after_kong = true; })) ==
        "inconsistent");
  CHECK(code(with({}, [](Situation& s) { s.tianhu = s.dihu = true; })) == "inconsistent");
  CHECK(code(with({}, [](Situation& s) { s.tianhu = true, s.dealer = DealerRole::Payer; })) ==
        "inconsistent");
  CHECK(code(with({}, [](Situation& s) { s.dihu = true, s.dealer = DealerRole::Winner; })) ==
        "inconsistent");
  CHECK(code(with(zimo(), [](Situation& s) { s.after_kong = true; })) ==
        "inconsistent");  // no kong shown
  CHECK(code(with({}, [](Situation& s) { s.win_tile = Tile(Suit::Man, 1); })) == "inconsistent");
  // 抢杠 of 7p: the other three 7p are in the robbed pung, but this hand holds two.
  CHECK(code(with({}, [](Situation& s) {
          s.robbing_kong = true, s.win_tile = Tile(Suit::Pin, 7);
        })) == "inconsistent");
  CHECK(code(with({}, [](Situation& s) {
          s.robbing_kong = true, s.win_tile = Tile(Suit::Pin, 2);
        })) == "ok");
  auto melded = rules.score(test::hand("[555m] 123s 456s 789p 99p"),
                            with({}, [](Situation& s) { s.tianhu = true; }));
  CHECK(melded.error().code == ErrorCode::Inconsistent);  // a dealt hand has no melds
  CHECK(code(with({}, [](Situation& s) { s.streak = -1; })) == "out_of_range");
  CHECK(code(with(zimo(), [](Situation& s) { s.streak = 1'000'000'000'000'000'000; })) ==
        "ok");  // no dealer
  CHECK(code(with(zimo(), [](Situation& s) {
          s.streak = 1'000'000'000'000'000'000, s.dealer = DealerRole::Winner;
        })) == "out_of_range");  // (1 + 10^18) × 6 > 2^63
  CHECK(rules.score(test::hand("2344567筒345789条"), {}).error().code == ErrorCode::WrongTileCount);
}

TEST_CASE("Amounts stay exact up to the int64 limit") {
  Situation s = zimo();
  s.dealer = DealerRole::Winner;
  s.streak = 1'000'000'000'000'000;  // 10^15 fan x 6 still fits
  auto sc = score("23445677筒345789条", s);
  CHECK(sc.payers.at(0).points == 6'000'000'000'000'006);
  CHECK(sc.total == 18'000'000'000'000'018);
}

TEST_CASE("C4 the answer says which reading makes the best pattern") {
  auto sc = score("11123777888999筒", zimo());
  REQUIRE(sc.reading);
  CHECK(reading_text(*sc.reading, sc.hand, false) == "11p 123p 789p 789p 789p");  // 清幺九 12
  sc = score("111222333m555p77s", zimo());
  CHECK(reading_text(*sc.reading, sc.hand, false) ==
        "77s 111m 222m 333m 555p");  // 对对胡, not 123×3
  sc = score("[222m] [555m] (8888s) 555p 22p", zimo());
  CHECK(reading_text(*sc.reading, sc.hand, true) == "22筒 555筒 [222万] [555万] (8888条)");
  sc = score("2244552299万1199筒", zimo());
  CHECK(reading_text(*sc.reading, sc.hand, false) == "22m 22m 44m 55m 99m 11p 99p");  // 龙七对
}

// ---- RULES.md round 2 (revised readings) --------------------------------------------

TEST_CASE("D1 D2 (revised) 地胡 and 报听 with a meld are inconsistent in score, as in settle") {
  Duyun rules;
  auto melded = test::hand("[555m] 2344567p 345s 7p");
  Situation dihu;
  dihu.dihu = true;
  CHECK(rules.score(melded, dihu).error().code == ErrorCode::Inconsistent);
  Situation bt;
  bt.baoting = true;
  CHECK(rules.score(melded, bt).error().code == ErrorCode::Inconsistent);
  CHECK(payers(score("23445677筒345789条", bt)) == "discarderx1:7:42");  // no meld: 平胡 1 + 报听 6
  Situation rob_bt;  // the robbed seat shows a pung: it cannot have declared 报听
  rob_bt.robbing_kong = rob_bt.payer_baoting = true;
  CHECK(rules.score(test::hand("23445677筒345789条"), rob_bt).error().code ==
        ErrorCode::Inconsistent);
}

TEST_CASE(
    "D1 Z3 (revised 3) dihu-discard: 地胡 off a discard is 18 fan (Duyun) and 地和 +10 (Zunyi), "
    "off, it must be self-drawn") {
  const auto hand = test::hand("11223344m556677s");  // 七对, won on 7s
  Situation off_discard;
  off_discard.win_tile = *parse_tile("7s");
  off_discard.dihu = true;
  Situation drawn = off_discard;
  drawn.zimo = true;
  Options off;
  REQUIRE_FALSE(off.set("dihu-discard", "off"));
  auto sc = Duyun{}.score(hand, off_discard);
  REQUIRE(sc);
  CHECK(sc->total == 108);  // 地胡 18 fan × 6, from the discarder
  auto refused = Duyun{off}.score(hand, off_discard);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().code == ErrorCode::Inconsistent);
  CHECK(refused.error().en ==
        "地胡 off a discard: with the house rule dihu-discard off, a 地胡 is self-drawn (D1, Z3)");
  CHECK(Duyun{off}.score(hand, drawn)->total == 324);  // self-drawn: 18 × 6 from each of three
  CHECK(Zunyi{}.score(test::hand("11223344m55667s7s"), off_discard)->total == 14);  // 暗七对 4 + 10
  CHECK(Zunyi{off}.score(test::hand("11223344m55667s7s"), off_discard).error().code ==
        ErrorCode::Inconsistent);
}

TEST_CASE("D2 --zimo --after-kong --dou: the winner owns a kong not shown, so 杠上花 is possible") {
  Situation s = zimo();
  s.after_kong = s.dou = true;
  auto sc = score("23445677筒345789条", s);
  CHECK(payers(sc) == "otherx3:2:12");  // 平胡 1 + 杠上花 1
  CHECK(sc.total == 36);
}

TEST_CASE("D8 waits --baoting: the 大叫 carries the +6 a 查大叫 charges at a draw") {
  Situation bt;
  bt.baoting = true;
  auto w = analyze_waits(Duyun{}, test::hand("2344567p345789s"), bt);
  REQUIRE(w.dajiao);
  CHECK(w.dajiao->value == 1);
  CHECK(w.dajiao_total == 7);
  CHECK(w.dajiao_items.size() == 2);
  CHECK(analyze_waits(Duyun{}, test::hand("2344567p345789s"), {}).dajiao_total == 1);
}

TEST_CASE(
    "C5 (revised) a hand whose only waits are dead is not ready and says why, and dead-wait-ready "
    "makes it ready") {
  auto h = test::hand("1111m234p567p789s");
  auto w = analyze_waits(Duyun{}, h, {});
  CHECK_FALSE(w.ready);
  REQUIRE(w.reason);
  CHECK(w.reason->en.find("dead") != std::string::npos);
  Options o;
  REQUIRE_FALSE(o.set("dead-wait-ready", "on"));
  w = analyze_waits(Duyun(o), h, {});
  CHECK(w.ready);
  REQUIRE(w.dajiao);
  CHECK(w.dajiao->value == 1);  // 平胡 over the dead wait
  CHECK_FALSE(w.reason);
}

TEST_CASE(
    "H (revised) an option belongs to one rule set: another's is bad_option naming its owner") {
  Options o;
  REQUIRE_FALSE(o.set("base", "10"));
  auto z = build_ruleset("zunyi", o);
  REQUIRE_FALSE(z);
  CHECK(z.error().code == ErrorCode::BadOption);
  CHECK(z.error().en.find("Duyun") != std::string::npos);
  CHECK(build_ruleset("duyun", o));
  Options bound("zunyi");
  auto e = bound.set("huazhu", "off");
  REQUIRE(e);
  CHECK(e->code == ErrorCode::BadOption);
  CHECK(e->zh.find("都匀") != std::string::npos);
  CHECK_FALSE(bound.set("dead-wait-ready", "on"));   // an option of every rule set
  CHECK_THROWS_AS(Zunyi(o), std::invalid_argument);  // a programming error, not a silent default
  CHECK_THROWS_AS(Options{}.get("no-such-option"), std::logic_error);
}
