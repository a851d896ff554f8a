#include "rules/duyun/duyun.hpp"

#include <algorithm>
#include <bit>

#include "engine/common_options.hpp"
#include "rules/common/pattern_rows.hpp"

namespace qianmj {
namespace {

bool is_258(Tile t) {
  return t.rank() == 2 || t.rank() == 5 || t.rank() == 8;
}

using pattern_rows::Context;

// D1, in the order of RULES.md; among equal fan the later (more specific) row wins.
constexpr pattern_rows::Table<12> kTable({{
    {{"pinghu", "平胡", "Plain win", 1, "any standard win", "四坎牌加一对将"},
     "",
     [](const Context& c) { return c.standard(); }},
    {{"duiduihu", "对对胡", "All pungs", 3, "all four sets are pungs or kongs (melds included)",
      "四坎全是刻子或杠（碰杠也算）"},
     "",
     [](const Context& c) { return c.all_pungs; }},
    {{"qingyise", "清一色", "Full flush", 6, "every tile, melds included, of one suit",
      "全部牌连碰杠都是一门"},
     "",
     [](const Context& c) { return c.one_suit; }},
    {{"qidui", "七对", "Seven pairs", 6, "seven pairs, no melds", "七个对子，无碰杠"},
     "",
     [](const Context& c) { return c.reading.seven_pairs && !c.one_suit; }},
    {{"qingdui", "清对", "Flush all pungs", 9, "清一色 + 对对胡", "清一色的对对胡"},
     "",
     [](const Context& c) { return c.all_pungs && c.one_suit; }},
    {{"jiangdui", "将对", "2-5-8 pungs", 9,
      "对对胡 whose every pung, kong and pair is of rank 2, 5 or 8",
      "刻子、杠和将全是二、五、八的对对胡"},
     "",
     [](const Context& c) {
       return c.all_pungs && is_258(c.reading.pair) &&
              std::all_of(c.reading.sets.begin(), c.reading.sets.end(),
                          [](const Set& x) { return is_258(x.first); });
     }},
    {{"longqidui", "龙七对", "Dragon seven pairs", 12,
      "七对 holding four alike (two sets of four are still 12)",
      "七对里有四张一样的（有两个四张也只算12番）"},
     "",
     [](const Context& c) { return c.reading.seven_pairs && c.four_alike && !c.one_suit; }},
    {{"qingqidui", "清七对", "Flush seven pairs", 12, "清一色 + 七对", "清一色的七对"},
     "",
     [](const Context& c) { return c.reading.seven_pairs && c.one_suit; }},
    {{"qingyaojiu", "清幺九", "Flush terminals", 12,
      "清一色 standard win where every set and the pair holds a 1 or a 9",
      "清一色，每坎牌和将都带1或9"},
     "",
     [](const Context& c) {
       return c.standard() && c.one_suit && c.reading.pair.terminal() &&
              std::all_of(c.reading.sets.begin(), c.reading.sets.end(),
                          [](const Set& x) { return x.contains_terminal(); });
     }},
    {{"tianhu", "天胡", "Heavenly win", 18, "the dealer wins on his 14 dealt tiles",
      "庄家起手14张就胡"},
     "",
     [](const Context& c) { return c.situation.tianhu; },
     true},
    {{"dihu", "地胡", "Earthly win", 18,
      "a non-dealer, ready from the deal, wins in the first go-round",
      "闲家起手就下叫，第一轮就胡"},
     "",
     [](const Context& c) { return c.situation.dihu; },
     true},
    {{"qinglongqidui", "清龙七对", "Flush dragon seven pairs", 18, "清一色 + 龙七对",
      "清一色的龙七对"},
     "",
     [](const Context& c) { return c.reading.seven_pairs && c.four_alike && c.one_suit; }},
}});

constexpr std::size_t kPinghu = kTable.index("pinghu");
const std::vector<ItemSpec> kPatterns = kTable.specs();

// D2: the discarder's 报听 has the winner's id, but says whose it is.
const ItemSpec kPayerBaoting = {"baoting",
                                "报听（点炮者）",
                                "Declared ready (discarder)",
                                6,
                                "the discarder declared 报听: +6 on his payment",
                                "点炮者报听：其所付加 6 番"};

// D2, D4 add-ons.
const std::vector<ItemSpec> kAddons = {
    {"baoting", "报听", "Declared ready", 6, "the winner declared 报听: +6 on every payment",
     "胡牌者报听：每家所付加 6 番"},
    kPayerBaoting,
    {"gangshanghua", "杠上花", "Win on a kong replacement", 1,
     "self-draw on a kong's replacement tile", "杠后补牌自摸"},
    {"gangshangpao", "杠上炮", "Win on a kong discard", 1,
     "win on the discard right after the discarder's kong", "杠后打出的牌点炮"},
    {"qianggang", "抢杠", "Robbing a kong", 0, "house rule qianggang-fan (default 0)",
     "抢杠加番（默认 0，见 qianggang-fan）"},
    {"lianzhuang", "连庄", "Dealer streak", 0, "+N on payments between the dealer and another seat",
     "庄家与他家之间的支付加 N 番"},
};

const ItemSpec& spec(const std::vector<ItemSpec>& table, std::string_view id) {
  return *std::find_if(table.begin(), table.end(), [&](const ItemSpec& s) { return s.id == id; });
}

}  // namespace

Duyun::Duyun(Options options)
    : Ruleset("duyun", std::move(options)),
      base_(options_.get("base")),
      qianggang_fan_(options_.get("qianggang-fan")),
      pinghu_gangshangpao_(options_.on("pinghu-gangshangpao")) {}

const std::vector<ItemSpec>& Duyun::patterns() const {
  return kPatterns;
}
Item Duyun::addon(std::string_view id) const {
  if (id == "qianggang") return spec(kAddons, id).item(qianggang_fan_);
  return spec(kAddons, id).item();
}
Item Duyun::addon(std::string_view id, std::int64_t value) const {
  return spec(kAddons, id).item(value);
}
const std::vector<ItemSpec>& Duyun::addons() const {
  return kAddons;
}
std::string Duyun::addon_value_text(std::string_view id) const {
  return id == "lianzhuang" ? "+N" : Ruleset::addon_value_text(id);  // D4: the streak of the table
}

// D8.3: a 大叫 is its pattern + 6 if the ready seat declared 报听 (+ N with the dealer).
std::vector<Item> Duyun::dajiao_addons(const Situation& s) const {
  if (s.baoting) return {addon("baoting")};
  return {};
}

std::optional<Item> Duyun::best_pattern(const Hand& hand, std::optional<Tile>,
                                        const Situation& s) const {
  const auto found = pattern_rows::find<kTable, false>(hand, pattern_rows::ReadingsOf{hand},
                                                       std::nullopt, s, options_);
  const auto best = kTable.best(found, options_);
  if (!best) return std::nullopt;
  return kTable.item(*best, options_);
}

// D3: a 平胡 off a discard needs a 豆, except in the listed situations.
bool Duyun::legal_on_discard(const Item& pattern, const Hand& hand, const Situation& s) const {
  if (pattern.id != "pinghu") return true;
  if (s.zimo || s.robbing_kong || s.baoting || s.payer_baoting) return true;
  if (s.after_kong && pinghu_gangshangpao_) return true;
  return hand.has_kong() || s.dou;
}

namespace {

// Why a 平胡 off a discard is not legal, naming the exceptions that apply under the options.
Text illegal_reason(const Options& o) {
  if (o.on("pinghu-gangshangpao"))
    return {
        "平胡 off a discard needs a 豆 (a kong of your own); self-draw, 抢杠, 报听 or 杠上炮 "
        "would allow it (D3)",
        "平胡点炮必须有豆（自己的杠）；自摸、抢杠、报听或杠上炮除外（D3）"};
  return {
      "平胡 off a discard needs a 豆 (a kong of your own); self-draw, 抢杠 or 报听 would allow "
      "it, 杠上炮 not (D3, pinghu-gangshangpao=off)",
      "平胡点炮必须有豆（自己的杠）；自摸、抢杠、报听除外，杠上炮不除外（D3，pinghu-gangshangpao="
      "off）"};
}

}  // namespace

std::optional<Error> Duyun::evaluate(const Hand& hand, const Situation& s, Score& sc) const {
  if (s.streak > 0 && s.dealer == DealerRole::None)
    sc.notes.push_back({field_name(s, "streak") + " " + std::to_string(s.streak) +
                            " applies only to payments with the dealer; none here (" +
                            field_name(s, "dealer") + " none)",
                        "连庄 " + std::to_string(s.streak) +
                            " 只加在与庄家之间的支付上；此处无庄家（" + field_name(s, "dealer") +
                            " none）"});
  sc.hand = hand;
  sc.win_tile = s.win_tile;
  const auto found = pattern_rows::find<kTable, true>(hand, pattern_rows::ReadingsOf{hand},
                                                      std::nullopt, s, options_);
  const auto ranked = kTable.ranked(found, options_);
  if (ranked.empty()) {
    sc.reason =
        Text{"neither 4 sets + a pair nor seven pairs (C3)", "既非四坎加一将，也非七对（C3）"};
    return std::nullopt;
  }
  sc.win = true;
  sc.pattern = kTable.item(ranked.front(), options_);
  sc.reading = found.reading[ranked.front()];  // (a held row: its slot is set)
  // Lower patterns, for the explanation; 平胡 goes without saying.
  for (auto row = ranked.begin() + 1; row != ranked.end(); ++row)
    if (*row != kPinghu) sc.also.push_back(kTable.item(*row, options_));
  price_pattern(hand.has_kong(), s, sc);
  return std::nullopt;
}

void Duyun::price_pattern(bool has_kong, const Situation& s, Score& sc) const {
  sc.items.reserve(4);
  sc.items.push_back(*sc.pattern);
  if (s.baoting) sc.items.push_back(spec(kAddons, "baoting").item());
  if (s.after_kong)
    sc.items.push_back(spec(kAddons, s.zimo ? "gangshanghua" : "gangshangpao").item());
  if (s.robbing_kong && qianggang_fan_ > 0)
    sc.items.push_back(spec(kAddons, "qianggang").item(qianggang_fan_));

  if (s.after_kong && !s.zimo)
    sc.notes.push_back(
        {"杠上炮: settle also hands the winner the income of the discarder's kong (D7); it is not "
         "in this total",
         "杠上炮：点炮者所开杠的豆另由 settle 转给胡家（D7），不在此合计中"});
  sc.legal = legal_on_discard(*sc.pattern, Hand{}, s) || has_kong;
  if (!sc.legal) {
    sc.reason = illegal_reason(options_);
    return;
  }

  // Who pays what (D4): the discarder, or on a self-draw each other seat; 连庄 on payments
  // with the dealer, the discarder's 报听 on his.
  auto payer = [&](Payer::Role role, int count, bool with_dealer, bool with_payer_baoting) {
    // Made and filled in place.
    Payer& p = sc.payers.emplace_back_for_overwrite();
    p.role = role;
    p.count = count;
    p.dealer = role == Payer::Role::Dealer ||
               (role == Payer::Role::Discarder && s.dealer == DealerRole::Payer);
    p.items = sc.items;
    if (with_payer_baoting) p.items.push_back(kPayerBaoting.item());
    if (with_dealer && s.streak > 0) p.items.push_back(spec(kAddons, "lianzhuang").item(s.streak));
  };
  if (s.zimo && s.dealer == DealerRole::Payer) {
    payer(Payer::Role::Dealer, 1, true, false);
    payer(Payer::Role::Other, 2, false, false);
  } else if (s.zimo) {
    payer(Payer::Role::Other, 3, s.dealer == DealerRole::Winner, false);
  } else {
    payer(Payer::Role::Discarder, 1, s.dealer != DealerRole::None, s.payer_baoting);
  }
}

namespace {

// Declared words of D1's patterns beside the rows' ids and names (清大对 is 清对), and which
// rows are all of one suit or seven pairs (what a declared pattern still has to fit).
constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
    {"大对子", "duiduihu"}, {"碰碰胡", "duiduihu"}, {"清大对", "qingdui"}, {"清对对胡", "qingdui"}};
constexpr std::string_view kFlushRows[] = {"qingyise", "qingdui", "qingqidui", "qingyaojiu",
                                           "qinglongqidui"};
constexpr std::string_view kPairsRows[] = {"qidui", "longqidui", "qingqidui", "qinglongqidui"};

bool listed(std::span<const std::string_view> list, std::string_view id) {
  return std::find(list.begin(), list.end(), id) != list.end();
}

}  // namespace

std::optional<DeclaredPattern> Duyun::declared_pattern(std::string_view word) const {
  for (const auto& [alias, id] : kAliases)
    if (word == alias) word = id;
  for (std::size_t i = 0; i < kTable.size(); ++i) {
    const auto& spec = kTable[i].spec;
    if (kTable[i].from_situation) continue;  // 天胡, 地胡: words of the situation
    if (word != spec.id && word != spec.zh && word != spec.en) continue;
    return DeclaredPattern{kTable.item(i, options_), i, listed(kFlushRows, spec.id),
                           listed(kPairsRows, spec.id)};
  }
  return std::nullopt;
}

std::vector<std::string> Duyun::declared_pattern_words() const {
  std::vector<std::string> out;
  for (const auto& row : kTable.rows())
    if (!row.from_situation)
      for (auto w : {row.spec.id, row.spec.zh, row.spec.en}) out.emplace_back(w);
  for (const auto& a : kAliases) out.emplace_back(a.first);
  return out;
}

// D1: the declared row, unless 天胡 or 地胡 of the situation ranks above it (as a hand's
// situation rows would).
std::optional<Error> Duyun::evaluate_declared(const DeclaredPattern& p, const Situation& s,
                                              Score& sc) const {
  const auto values = kTable.values(options_);
  std::size_t best = p.row;
  for (std::string_view id : {"tianhu", "dihu"}) {
    const std::size_t row = kTable.index(id);
    if ((id == "tianhu" ? s.tianhu : s.dihu) && kTable.above(row, best, values)) best = row;
  }
  sc.win_tile = s.win_tile;
  sc.win = true;
  sc.pattern = kTable.item(best, options_);
  price_pattern(false, s, sc);
  return std::nullopt;
}

namespace {

// RULES.md H, as `qianmj rules --rules duyun` lists them.
constexpr OptionSpec kOptions[] = {
    {"base", 6, false, 1, kLargestOption, "duyun", "points per fan", "每番分数（底分）"},
    {"qianggang-fan", 0, false, 0, 1000, "duyun", "add-on fan for 抢杠", "抢杠加番"},
    {"pinghu-gangshangpao", 1, true, 0, 1, "duyun", "a 平胡 without 豆 may win off a 杠上炮",
     "无豆平胡可胡杠上炮"},
    {"gangshangpao-split", 0, true, 0, 1, "duyun",
     "一炮多响 after a kong: split the transferred kong income", "杠上炮一炮多响时平分转移的豆"},
    {"huazhu", 1, true, 0, 1, "duyun", "查花猪 at a draw", "流局查花猪"},
    {"huazhu-penalty", 16, false, 0, 1000, "duyun", "花猪 pays this × base to each non-花猪 seat",
     "花猪赔每家非花猪的倍数（× 底分）"},
    {"huazhu-at-least-dajiao", 1, true, 0, 1, "duyun",
     "a 花猪 pays a ready seat at least that seat's 查大叫", "花猪赔听牌者至少其查大叫之数"},
    {"escape-penalty", 16, false, 0, 1000, "duyun", "escaper pays this × base to each other seat",
     "逃跑者赔每家的倍数（× 底分）"},
    {"streak-on-dajiao", 1, true, 0, 1, "duyun",
     "连庄 +N also on 查大叫, 花猪 and escape payments priced by the 大叫",
     "连庄加番也加在查大叫及花猪、逃跑按大叫赔付的各笔上"},
    kDeadWaitReady,
    kDihuDiscard,
};

std::unique_ptr<Ruleset> make_duyun(Options options) {
  return std::make_unique<Duyun>(std::move(options));
}

}  // namespace

extern const RulesetInfo duyun_ruleset;
constinit const RulesetInfo duyun_ruleset = {"duyun", "Duyun", "都匀", make_duyun, kOptions, {}};

// ADVICE A5: D1's patterns as families of shapes. 龙七对 and 清龙七对 need four alike, known
// only at the ready step (they are among the waits' values).
std::vector<AdviceLine> Duyun::advice_lines() const {
  using F = Family::Form;
  auto item = [&](std::string_view id) { return kTable.item(kTable.index(id), options_); };
  constexpr std::uint32_t k258 = 0b010010010u * (1u | 1u << 9 | 1u << 18);  // ranks 2 5 8
  return {
      {item("pinghu"), {F::Standard}, std::nullopt},
      {item("duiduihu"), {F::Pungs}, std::nullopt},
      {item("qidui"), {F::SevenPairs}, std::nullopt},
      {item("qingyise"), {F::Standard, 1}, Family{F::SevenPairs, 1}},
      {item("qingdui"), {F::Pungs, 1}, std::nullopt},
      {item("jiangdui"), {F::Pungs, 3, k258}, std::nullopt},
      {item("qingqidui"), {F::SevenPairs, 1}, std::nullopt},
      {item("qingyaojiu"), {F::Terminals, 1}, std::nullopt},
  };
}

}  // namespace qianmj
