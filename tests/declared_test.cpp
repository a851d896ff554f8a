// Declared hands (issue 38, item 1): a hand said by its result and pattern settles exactly as
// its tiles would. Generated tile tables are turned into declared tables from their own
// analysis (each winner's best pattern, each seat's readiness, 大叫, 花猪 and 鸡), and both
// must give the same totals and next hand; each bad declared word is a coded error at its word.
#include <algorithm>
#include <bit>
#include <map>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "generators.hpp"
#include "qianmj/engine/ruleset.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/json.hpp"
#include "qianmj/formats/table_words.hpp"

using namespace qianmj;
using namespace qianmj::test;

namespace {

// The situation of win `w` as settle scores it, without 天胡/地胡 (a declared pattern is the
// shape; the situation words add them back).
Situation shape_situation(const WinEvent& w) {
  Situation s;
  s.win_tile = w.tile;
  s.zimo = w.self_drawn();
  s.after_kong = w.after_kong;
  s.robbing_kong = w.robbing_kong;
  return s;
}

// 鸡 in `held` (Z6): 1条 and the 翻鸡, a 1条 that is both counted twice.
std::int64_t chickens_in(const Hand& held, const Table& t) {
  const Counts all = held.all_copies();
  std::int64_t n = all[Tile(Suit::Sou, 1).index()];
  const auto& slots = table_fields_of_result();
  for (std::size_t i = 0; i < slots.size(); ++i)
    if (slots[i]->path == "result.flipped" && t.result_fields.raw(i) > 0) {
      const auto flipped = TableFieldType<std::optional<Tile>>::decode(t.result_fields.raw(i));
      const Tile fan(flipped->suit(), flipped->rank() % 9 + 1);
      n += all[fan.index()];
    }
  return n;
}

// The declared table a tile table says: every hand replaced by what settle reads from it.
Table declared_from(const Table& t, const Ruleset& rules) {
  Table d = t;
  const bool zunyi = rules.id() == "zunyi";
  for (int s = 0; s < kSeats; ++s) {
    auto& seat = d.seats[static_cast<std::size_t>(s)];
    Declared said;
    const WinEvent* win = nullptr;
    for (const auto& w : t.wins)
      if (w.seat == s && t.outcome == Table::Outcome::Win) win = &w;
    if (seat.hand && s != t.escaper) {
      Hand waiting = *seat.hand;
      if (win && waiting.size() == 14) --waiting.concealed[win->tile.index()];
      Hand held = waiting;
      if (win) {
        held = with_tile(waiting, win->tile);
        said.pattern = std::string(rules.best_pattern(held, win->tile, shape_situation(*win))->id);
      } else {
        Situation st;
        st.baoting = seat.baoting;
        auto waits = analyze_waits(rules, waiting, st);
        said.ready = waits.ready;
        if (waits.ready && waits.dajiao) said.pattern = std::string(waits.dajiao->id);
        said.huazhu = t.outcome == Table::Outcome::Draw && !waits.ready &&
                      std::popcount(waiting.suits()) == 3;
      }
      if (zunyi && t.outcome == Table::Outcome::Win) said.chickens = chickens_in(held, t);
    }
    seat.hand.reset();
    seat.declared = said;
  }
  // 抢杠: the robbed kong is not said in a declared table (it never became a kong).
  if (t.outcome == Table::Outcome::Win && t.wins.front().robbing_kong) {
    const auto& w = t.wins.front();
    std::erase_if(d.kongs, [&](const KongEvent& k) {
      return k.seat == w.from && k.kind == Meld::Kind::AddedKong && k.tile == w.tile;
    });
  }
  return d;
}

Result<Ledger> settle_words(std::string_view line) {
  auto t = table_from_words(line);
  if (!t) return t.error();
  auto l = settle(t->table);
  if (!l) return t->at_word(l.error());
  return l;
}

}  // namespace

namespace {

// What the derived-table tests compared: each kind of result, each pattern said, the ready
// seats at a draw and the 花猪.
struct Tally {
  std::map<std::string, int> compared, patterns;
  int draws_with_ready = 0, huazhu = 0;
};

// A declared table `d` settles as its tile table did.
void compare_declared(const Result<Ledger>& said, const Ledger& tiles, const Table& d,
                      const std::string& kind, Tally& tally) {
  if (!said) FAIL_CHECK(said.error().en << " at " << said.error().field);
  if (!said) return;
  CHECK(said->declared);
  CHECK(!tiles.declared);
  CHECK(said->totals == tiles.totals);
  CHECK(said->next_dealer == tiles.next_dealer);
  CHECK(said->next_streak == tiles.next_streak);
  ++tally.compared[kind];
  for (const auto& seat : d.seats) {
    if (!seat.declared->pattern.empty()) ++tally.patterns[seat.declared->pattern];
    tally.huazhu += seat.declared->huazhu;
    tally.draws_with_ready += kind == "draw" && seat.declared->ready;
  }
}

// Every kind of result and every pattern of the rule set but `skipped` took part.
void check_tally(const Tally& tally, std::string_view rules_id,
                 std::initializer_list<std::string_view> skipped) {
  for (const char* kind : {"zimo", "discard", "multi", "robbing", "draw"}) {
    const auto it = tally.compared.find(kind);
    INFO(kind << " " << (it == tally.compared.end() ? 0 : it->second));
    CHECK((it != tally.compared.end() && it->second > 5));
  }
  CHECK(tally.draws_with_ready > 10);
  for (const auto& p : make_ruleset(rules_id)->patterns()) {
    if (std::find(skipped.begin(), skipped.end(), p.id) != skipped.end()) continue;
    int seen = 0;
    for (const auto& [id, count] : tally.patterns)
      if (id == p.id || id.ends_with("+" + std::string(p.id))) seen += count;
    INFO(p.id);
    CHECK(seen > 0);
  }
}

}  // namespace

TEST_CASE(
    "Declared tables derived from generated tile tables settle to the same totals and next hand "
    "(every pattern, draws, 花猪, kongs, 杠上花, 杠上炮, 抢杠, 报听, streaks, Zunyi 鸡)") {
  for (bool zunyi : {false, true}) {
    INFO((zunyi ? "zunyi" : "duyun"));
    Rng rng(zunyi ? 3838 : 8383);
    Tally tally;
    int with_kongs = 0;
    for (int n = 0; n < 1500; ++n) {
      auto g = random_table(rng, zunyi);
      auto table = table_from_json(g.table.dump());
      if (!table) continue;
      auto rules = build_ruleset(table->rules.empty() ? "duyun" : table->rules, table->options);
      REQUIRE(rules);
      auto tiles = settle(**rules, *table);
      if (!tiles) continue;
      INFO(g.table.dump());
      const Table d = declared_from(*table, **rules);
      REQUIRE(d.declared());
      compare_declared(settle(**rules, d), *tiles, d, g.kind, tally);
      with_kongs += !table->kongs.empty();
    }
    CHECK(tally.huazhu > 10);
    CHECK(with_kongs > 50);
    // tianhu, dihu: words of the situation; qingqidui, qingyaojiu: rare, the named test below.
    check_tally(tally, zunyi ? "zunyi" : "duyun", {"tianhu", "dihu", "qingqidui", "qingyaojiu"});
  }
}

TEST_CASE("Declared words: 自摸 清一色, 一炮多响 and a 流局 with two ready seats, as tiles give") {
  // 东自摸清一色 is 清一色 6 fan × base 6 from each seat.
  auto zimo = settle_words("庄东 东自摸清一色");
  REQUIRE(zimo);
  CHECK(zimo->declared);
  CHECK(zimo->totals == std::array<std::int64_t, kSeats>{108, -36, -36, -36});
  // The same in tiles.
  auto tiles = settle_words("庄东 东:1112345678999筒 东自摸5筒");
  REQUIRE(tiles);
  CHECK(tiles->totals == zimo->totals);
  // 一炮多响: 南 对对胡 3 fan, 西 七对 6 fan, off 北 (with 北's kong: 西 平胡 has its 豆).
  auto multi = settle_words("庄东 南胡对对胡 西胡七对 北放炮");
  REQUIRE(multi);
  CHECK(multi->totals == std::array<std::int64_t, kSeats>{0, 18, 36, -54});
  // 流局: 东 清一色 6, 北 平胡 1, 南 花猪 16 to each, 西 pays both 大叫.
  auto draw = settle_words("庄东 流局 东听清一色 北听平胡 南花猪");
  REQUIRE(draw);
  CHECK(draw->totals == std::array<std::int64_t, kSeats>{132, -288, 54, 102});
  // Zunyi: 清大对 14 + 自摸 1 from each; 鸡 1 each from each other seat (东 is ready).
  auto z = settle_words("遵义 庄东 北自摸 清大对 翻7筒 东鸡2 北鸡3 东听");
  REQUIRE(z);
  CHECK(z->totals == std::array<std::int64_t, kSeats>{-12, -20, -20, 52});
  // ASCII spellings.
  auto ascii = settle_words("dealer:E W:direct-kong:9s N:fed:9s N:concealed-kong E:zimo:qingyise");
  REQUIRE(ascii);
  CHECK(ascii->totals == std::array<std::int64_t, kSeats>{96, -48, -42, -6});
  auto ready = settle_words("dealer:E draw E:ready:qingyise N:ready:pinghu S:huazhu");
  REQUIRE(ready);
  CHECK(ready->totals == draw->totals);
}

TEST_CASE("The issue's examples, declared, in both rule sets (D1 D4 D6 D8, Z2 Z3 Z5 Z6 Z7)") {
  using Totals = std::array<std::int64_t, kSeats>;
  const std::pair<const char*, Totals> cases[] = {
      // D1: 清一色 6 fan x 6 from each; Z2 Z3: 清一色 10 + 自摸 1 from each.
      {"庄东 东自摸清一色", {108, -36, -36, -36}},
      {"遵义 庄东 东自摸清一色", {33, -11, -11, -11}},
      // D4 Z4: the discarder alone pays 对对胡 (3 fan x 6; 4 points).
      {"庄东 南胡对对胡 北放炮", {0, 18, 0, -18}},
      {"遵义 庄东 南胡对对胡 北放炮", {0, 4, 0, -4}},
      // D6 金豆 2 x 6 each, then 对对胡 3 + 杠上花 1 = 4 fan x 6 each; Z3 杠上花 10 ties 清一色
      // 10 (杠上花 counts) + 自摸 1, and Z5 暗豆 2 each.
      {"庄东 西暗杠 西杠上花 对对胡", {-36, -36, 108, -36}},
      {"遵义 庄东 西暗杠 西杠上花 清一色", {-13, -13, 39, -13}},
      // D8: 南 a 花猪 pays 16 x 6 to each other seat, 西 pays the 大叫 36 and 6; Z7: 南 (three
      // suits) pays double, 20 and 4, 西 pays 10 and 2.
      {"庄东 流局 东听清一色 北听平胡 南花猪", {132, -288, 54, 102}},
      {"遵义 庄东 流局 东听清一色 北听平胡 南花猪", {30, -24, -12, 6}},
      // Z6: 15 from each for 清大对 + 自摸, 北's 3 鸡 from each; 东's 2 鸡 earn nothing unready.
      {"遵义 庄东 北自摸 清大对 翻7筒 东鸡2 北鸡3", {-18, -18, -18, 54}},
  };
  for (const auto& [line, totals] : cases) {
    INFO(line);
    auto l = settle_words(line);
    REQUIRE(l);
    CHECK(l->declared);
    CHECK(l->totals == totals);
  }
}

TEST_CASE("D1 (revised 3) dihu-discard off: a declared 地胡 off a discard is refused at its win") {
  auto ok = settle_words("庄东 南胡七对 地胡 北放炮");
  REQUIRE(ok);
  CHECK(ok->totals[1] == 108);  // 地胡 18 fan beats 七对: 18 × 6, from North
  auto refused = settle_words("庄东 南胡七对 地胡 北放炮 dihu-discard=off");
  REQUIRE_FALSE(refused);
  CHECK(refused.error().code == ErrorCode::Inconsistent);
  CHECK(refused.error().column == 4);  // at 南胡七对, the win
}

TEST_CASE("D4 (revised 3) streak-on-dajiao: 连庄 +N on the 查大叫 too, unless the option is off") {
  auto on = settle_words("庄东 连庄2 流局 东听清一色");  // each pays (6 + 2) × 6
  REQUIRE(on);
  CHECK(on->totals == std::array<std::int64_t, 4>{144, -48, -48, -48});
  auto off = settle_words("庄东 连庄2 流局 东听清一色 streak-on-dajiao=off");  // 6 × 6
  REQUIRE(off);
  CHECK(off->totals == std::array<std::int64_t, 4>{108, -36, -36, -36});
  CHECK(off->next_dealer == 0);  // the option prices; the deal stays with a ready dealer
}

TEST_CASE("Kong words without brackets are kong melds, for a hand given or not") {
  // 北暗杠9筒 beside 北's hand is its [9999筒] meld.
  auto bracket = settle_words("庄东 北:(9999筒)123万456万789万5条 北自摸5条");
  auto word = settle_words("庄东 北:123万456万789万5条 北暗杠9筒 北自摸5条");
  REQUIRE(bracket);
  REQUIRE(word);
  CHECK(word->totals == bracket->totals);
  CHECK(!word->declared);
  // A seat whose hand is not given: the same as 杠(9999筒).
  auto loose_bracket = settle_words("庄东 北杠[9999条] 东点杠9条 东:1112345678999筒 东自摸5筒");
  auto loose_word = settle_words("庄东 北明杠9条 东点杠9条 东:1112345678999筒 东自摸5筒");
  REQUIRE(loose_bracket);
  REQUIRE(loose_word);
  CHECK(loose_word->totals == loose_bracket->totals);
  CHECK(loose_word->totals == std::array<std::int64_t, kSeats>{102, -36, -36, -30});
  auto added = settle_words("庄东 南补杠5万 东:1112345678999筒 东自摸5筒");
  REQUIRE(added);
  CHECK(added->totals == std::array<std::int64_t, kSeats>{102, -18, -42, -42});
}

namespace {

// A table in tiles and the same said by its patterns settle alike.
void same_as_tiles(const char* tiles, const char* words) {
  INFO(tiles << " / " << words);
  auto a = settle_words(tiles);
  auto b = settle_words(words);
  REQUIRE(a);
  REQUIRE(b);
  CHECK(b->declared);
  CHECK(a->totals == b->totals);
  CHECK(a->next_dealer == b->next_dealer);
}

}  // namespace

TEST_CASE("Every Duyun pattern the generated tables rarely make: its tiles and its words agree") {
  const std::pair<const char*, const char*> pairs[] = {
      {"庄东 东:1122334455667筒 东自摸7筒", "庄东 东自摸清七对"},
      {"庄东 东:1111223378999筒 东自摸9筒", "庄东 东自摸清幺九"},
      {"庄东 东:1111223344556筒 东自摸6筒", "庄东 东自摸清龙七对"},
      {"庄东 东:222万555筒888条555万2条 东自摸2条", "庄东 东自摸将对"},
      {"庄东 东:222万555筒888条555万2条 东自摸2条", "dealer:E E:zimo:jiangdui"},
  };
  for (const auto& [tiles, words] : pairs) same_as_tiles(tiles, words);
}

namespace {

void refused(std::string_view line, ErrorCode code, int column) {
  INFO(line);
  auto l = settle_words(line);
  REQUIRE(!l);
  CHECK(l.error().code == code);
  CHECK(l.error().column == column);
}

}  // namespace

TEST_CASE("Declared hands: bad input is a coded error at its word") {
  // 清一色 with kongs of two suits.
  refused("庄东 东暗杠9筒 东明杠5万 南点杠5万 东自摸清一色", ErrorCode::Inconsistent, 22);
  // 龙七对 (seven pairs) with a kong.
  refused("庄东 西暗杠9筒 西杠上花 龙七对", ErrorCode::Inconsistent, 15);
  // A Duyun pattern in Zunyi (清幺九), and a word that is no pattern of either.
  refused("遵义 庄东 东自摸清幺九", ErrorCode::BadField, 7);
  refused("庄东 东自摸清清", ErrorCode::BadWord, 4);  // neither a tile nor a pattern
  // D3: 平胡 off a discard without 豆.
  refused("庄东 东胡平胡 北放炮", ErrorCode::Inconsistent, 4);
  // 听 at a draw without its pattern.
  refused("庄东 流局 东听", ErrorCode::BadField, 7);
  // 报听 with a kong (D2).
  refused("庄东 东报听 东暗杠9筒 东自摸清一色", ErrorCode::Inconsistent, 4);
  // Both 听 and 花猪.
  refused("庄东 流局 东听清一色 东花猪", ErrorCode::Inconsistent, 13);
  // 花猪 at a win; 鸡 in Duyun.
  refused("庄东 东自摸清一色 南花猪", ErrorCode::Inconsistent, 11);
  refused("庄东 东自摸清一色 南鸡2", ErrorCode::BadField, 11);
  // A pattern word with no win or 听 before it.
  refused("庄东 清一色 东自摸", ErrorCode::BadWord, 4);
  // A declared win beside a hand in tiles: a table is one or the other.
  refused("庄东 东自摸清一色 南:1112345678999筒", ErrorCode::Inconsistent, 11);
  // A kong word without its tile beside a hand given.
  refused("庄东 北:123万456万789万5条 北暗杠 北自摸5条", ErrorCode::BadWord, 21);
}

namespace {

// G9, G17: the value of the 鸡 in `held` (hand and melds) under the table's turned tile and
// the rule set's options, worked from the rule text alone (the oracle of the test below).
std::int64_t guiyang_chickens_in(const Hand& held, const Table& t, const Options& o) {
  std::optional<Tile> flipped;
  const auto& slots = table_fields_of_result();
  for (std::size_t i = 0; i < slots.size(); ++i)
    if (slots[i]->path == "result.flipped" && t.result_fields.raw(i) > 0)
      flipped = TableFieldType<std::optional<Tile>>::decode(t.result_fields.raw(i));
  std::array<std::int64_t, kKinds> value{};
  const Tile yaoji(Suit::Sou, 1), wuguji(Suit::Pin, 8);
  std::vector<Tile> fan;  // the 翻鸡: one above the turned tile, with 上下鸡 one below too
  if (flipped) {
    fan.emplace_back(flipped->suit(), flipped->rank() % 9 + 1);
    if (o.on("guiyang-shangxia-ji"))
      fan.emplace_back(flipped->suit(), (flipped->rank() + 7) % 9 + 1);
  }
  const auto is_fan = [&](Tile x) { return std::find(fan.begin(), fan.end(), x) != fan.end(); };
  const bool gold = o.on("guiyang-jinji") && is_fan(yaoji);
  const std::int64_t w = o.get("guiyang-wuguji-value");
  for (int i = 0; i < kKinds; ++i) {
    const Tile x = Tile::from_index(i);
    auto& v = value[static_cast<std::size_t>(i)];
    if (x == yaoji)
      v = gold ? 2 : 1;
    else if (o.on("guiyang-wuguji") && x == wuguji)
      v = o.on("guiyang-jinji") && is_fan(wuguji) ? 2 * w : w;
    else if (is_fan(x))
      v = o.on("guiyang-yin-ji") && x.rank() == 1 ? 2 : 1;  // 1万 or 1筒 (1条 is the 幺鸡)
    else if (flipped && x == *flipped && o.on("guiyang-ben-ji"))
      v = 1;
  }
  const Counts all = held.all_copies();
  std::int64_t n = 0;
  for (int i = 0; i < kKinds; ++i)
    n += all[static_cast<std::size_t>(i)] * value[static_cast<std::size_t>(i)];
  return n;
}

}  // namespace

TEST_CASE(
    "G quick entry: declared tables derived from generated Guiyang tile tables settle to the "
    "same totals and next hand (every pattern and 地龙 tier, draws, 鸡 by value, 冲锋鸡, 满堂鸡, "
    "豆)") {
  Rng rng(4040);
  Tally tally;
  int chickens_said = 0, refused_melds = 0, mantang = 0;
  for (int n = 0; n < 2000; ++n) {
    auto g = random_table_for(rng, "guiyang");
    auto table = table_from_json(g.table.dump());
    if (!table) continue;
    auto rules = build_ruleset("guiyang", table->options);
    REQUIRE(rules);
    auto tiles = settle(**rules, *table);
    if (!tiles) continue;
    INFO(g.table.dump());
    Table d = declared_from(*table, **rules);
    for (int s = 0; s < kSeats; ++s) {  // 鸡 by value (G9); Guiyang has no 花猪
      auto& said = *d.seats[static_cast<std::size_t>(s)].declared;
      said.huazhu = false;
      if (table->outcome != Table::Outcome::Win || !table->seats[static_cast<std::size_t>(s)].hand)
        continue;
      Hand held = *table->seats[static_cast<std::size_t>(s)].hand;
      for (const auto& w : table->wins)
        if (w.seat == s && held.size() == 13) held = with_tile(held, w.tile);
      said.chickens = guiyang_chickens_in(held, *table, (*rules)->options());
      chickens_said += *said.chickens > 0;
    }
    auto said = settle(**rules, d);
    if ((*rules)->options().on("guiyang-bao-ji-melds") && !said &&
        said.error().field == "options.guiyang-bao-ji-melds") {
      ++refused_melds;  // the melds of a seat not ready are not said
      continue;
    }
    compare_declared(said, *tiles, d, g.kind, tally);
    mantang += (*rules)->options().on("guiyang-mantang-ji") && g.kind != "draw";
  }
  CHECK(tally.huazhu == 0);
  CHECK(mantang > 20);  // 满堂鸡: every seat's discards kept in the declared table
  CHECK(chickens_said > 100);
  CHECK(refused_melds > 0);
  // Rare in random tables (four melds; the 地龙 shape): the named test below.
  check_tally(tally, "guiyang", {"dandiao", "dilong", "shuangdilong", "sandilong"});
}

TEST_CASE("G quick entry: each pattern said in words settles as its tiles do (GX, G3 names)") {
  // Guiyang tile tables give every hand (G16): the other seats' are not ready.
  const std::pair<const char*, const char*> pairs[] = {
      // 清大对 15 + 自摸 1, 坐庄 1 from each (G3, G4, G7); 东's three 幺鸡.
      {"贵阳 庄东 东:1112223334449条 东自摸9条 翻5万 南:15万123345678筒49条 西:13456679万2678筒7条 "
       "北:12467899万467筒56条",
       "贵阳 庄东 东自摸清大对 翻5万 东鸡3"},
      {"贵阳 庄东 东:1112223334449条 东自摸9条 翻5万 南:15万123345678筒49条 西:13456679万2678筒7条 "
       "北:12467899万467筒56条",
       "guiyang dealer:E E:zimo:qingyise+daduizi flipped:5m E:ji:3"},
      // 单吊 10 (金钩钓) off a discard.
      {"贵阳 庄东 南:[111万][222万][333筒][444筒]9条 南胡9条 西放炮 翻5万 东:37万114558筒34489条 "
       "西:245678万1678筒257条 北:136万23588筒44678条",
       "贵阳 庄东 南胡金钩钓 西放炮 翻5万"},
      // 三地龙 40 on the pung's fourth, 清 adds 10: 清三地龙 50.
      {"贵阳 庄东 北:[333万]1111225555万 北自摸3万 翻5筒 东:499万34455689筒57条 "
       "南:46678万224筒35899条 西:11126678筒22568条",
       "贵阳 庄东 北自摸清三地龙 翻5筒"},
      // 双地龙 30 off a discard (the five pairs hold 1万 four times).
      {"贵阳 庄东 北:[333万]1111万2244筒66条 北胡3万 南放炮 翻5筒 东:56688万245688筒28条 "
       "南:22448万389筒23489条 西:56679万1356999筒9条",
       "贵阳 庄东 北胡双地龙 南放炮 翻5筒"},
      // 地龙 off a discard (地龙七对); 清龙背 (清一色 龙七对) by self-draw.
      {"贵阳 庄东 北:[333万]1122万4455条77筒 北胡3万 东放炮 翻5筒 东:2448万1189筒23477条 "
       "南:467万2368筒345669条 西:66779万245筒23689条",
       "贵阳 庄东 北胡地龙七对 东放炮 翻5筒"},
      {"贵阳 庄东 西:1122335566777筒 西自摸7筒 翻5万 东:11455万23558筒278条 南:123366万369筒2467条 "
       "北:3678万12468899筒5条",
       "贵阳 庄东 西自摸清龙背 翻5万"},
      // A draw: 东 ready for 清大对 15, 南 for 平胡 1; 西 and 北 pay both (G13).
      {"贵阳 庄东 流局 东:1112223334449条 南:123456789万12筒55条 西:58万2236679筒7789条 "
       "北:799万124455689筒5条",
       "贵阳 庄东 流局 东听清大对 南听平胡"},
  };
  for (const auto& [tiles, words] : pairs) same_as_tiles(tiles, words);
  // The numbers themselves: 清三地龙 50 + 自摸 1 from each, the dealer's share + 坐庄 1.
  auto san = settle_words("贵阳 庄东 北自摸清三地龙 翻5筒");
  REQUIRE(san);
  CHECK(san->totals == std::array<std::int64_t, kSeats>{-52, -51, -51, 154});
  // 鸡 by value: 东's 3 from each other seat (东 won), 北 unready collects nothing.
  auto ji = settle_words("贵阳 庄东 东自摸清大对 翻5万 东鸡3 北鸡2");
  REQUIRE(ji);
  CHECK(ji->totals == std::array<std::int64_t, kSeats>{3 * (15 + 1 + 1) + 9, -20, -20, -20});
}

TEST_CASE("G quick entry: bad declared input is a coded error at its word") {
  // No 花猪 in Guiyang (G13).
  refused("贵阳 庄东 流局 东听清大对 南花猪", ErrorCode::BadField, 16);
  // 地龙 has one pung meld and no kong.
  refused("贵阳 庄东 北暗杠9筒 北自摸地龙", ErrorCode::Inconsistent, 13);
  // G5: 平胡 off a discard without a 豆.
  refused("贵阳 庄东 南胡平胡 北放炮", ErrorCode::Inconsistent, 7);
  // A Duyun-only pattern (清幺九) under Guiyang.
  refused("贵阳 庄东 东自摸清幺九", ErrorCode::BadField, 7);
  // G17: 天胡 with 报听.
  refused("贵阳 庄东 东报听 东自摸清大对 天胡", ErrorCode::Inconsistent, 11);
}
