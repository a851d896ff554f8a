#include "rules/guiyang/guiyang.hpp"

#include <algorithm>
#include <string>
#include <string_view>

#include "engine/common_options.hpp"
#include "rules/chicken_family/fields.hpp"
#include "rules/common/pattern_rows.hpp"
#include "rules/guiyang/fields.hpp"

namespace qianmj {
namespace {

using pattern_rows::Context;

// G3 龙七对: the winning tile is the fourth of a kind (guiyang-long-on-win), else any four.
bool dragon(const Context& c) {
  static const OptionKey kLongOnWin("guiyang-long-on-win");
  return c.options.on(kLongOnWin) ? c.hand.concealed[c.win->index()] == 4 : c.four_alike;
}

// G3: the structural patterns (one counts, the best reading), then 清一色 adds. Under 清一色 a
// 平胡 counts nothing: it is not a structural row there. 地龙 is a shape of its own (Dilong).
constexpr pattern_rows::Table<6> kTable({{
    {{"pinghu", "平胡", "Plain win", 1, "a standard win that is not 大对子",
      "四坎一将，又不是大对子"},
     "",
     [](const Context& c) { return !c.one_suit && !c.all_pungs; },
     false,
     false,
     pattern_rows::Shape::Standard},
    {{"daduizi", "大对子", "All pungs", 5, "four pungs or kongs, melds included, and a pair",
      "四坎全是刻子或杠（碰杠也算）加一对将"},
     "",
     [](const Context& c) { return c.all_pungs; },
     false,
     false,
     pattern_rows::Shape::Standard},
    {{"dandiao", "单吊", "Single-tile wait", 10,
      "a 大对子 with four melds, so the hand before the win was a single tile",
      "碰杠了四次的大对子，胡之前手里只剩一张"},
     "guiyang-dandiao",
     [](const Context& c) { return c.all_pungs && c.hand.melds.size() == 4; },
     false,
     false,
     pattern_rows::Shape::Standard},
    {{"qidui", "七对", "Seven pairs", 10, "seven pairs that are not 龙七对",
      "七个对子，又不是龙七对"},
     "guiyang-qidui",
     [](const Context& c) { return !dragon(c); },
     false,
     true,
     pattern_rows::Shape::SevenPairs},
    {{"longqidui", "龙七对", "Dragon seven pairs", 20,
      "seven pairs in which the winning tile is the fourth of a kind",
      "七对里胡的那张正好是第四张"},
     "guiyang-longqidui",
     [](const Context& c) { return dragon(c); },
     false,
     true,
     pattern_rows::Shape::SevenPairs},
    {{"qingyise", "清一色", "Full flush", 10, "every tile, melds included, of one suit",
      "连碰杠全是一门"},
     "",
     [](const Context& c) { return c.one_suit; }},
}});

constexpr std::size_t kFlush = kTable.index("qingyise");
constexpr std::size_t kPinghu = kTable.index("pinghu");
const std::bitset<6> kStructural = std::bitset<6>().set().reset(kFlush);

// G1/G3: the 地龙 tiers, priced from guiyang-dilong-value.
constexpr ItemSpec kDilong = {"dilong",
                              "地龙",
                              "Earth dragon",
                              20,
                              "one pung meld, one copy of its tile and five pairs, won on that "
                              "copy",
                              "一副碰、一张同样的牌加五个对子，胡碰牌的第四张"};
constexpr ItemSpec kShuangDilong = {"shuangdilong",
                                    "双地龙",
                                    "Double earth dragon",
                                    30,
                                    "地龙 whose five pairs hold one kind four times",
                                    "五个对子里有一种是四张的地龙"};
constexpr ItemSpec kSanDilong = {"sandilong",
                                 "三地龙",
                                 "Triple earth dragon",
                                 40,
                                 "地龙 whose five pairs hold two kinds four times each",
                                 "五个对子里有两种是四张的地龙"};

const std::vector<ItemSpec> kPatterns = [] {
  auto out = kTable.specs();
  out.insert(out.begin() + static_cast<std::ptrdiff_t>(kFlush),
             {kDilong, kShuangDilong, kSanDilong});
  return out;
}();

// G4, G7: the add-ons, in points per payment.
const std::vector<ItemSpec> kAddons = {
    {"zimo", "自摸", "Self-draw", 1, "+1 on every payment of a self-draw (guiyang-zimo)",
     "自摸每家加 1 分（见 guiyang-zimo）"},
    {"gangshanghua", "杠上花", "Win on a kong replacement", 3,
     "a self-draw on a kong's replacement tile, on top of 自摸 (guiyang-gangshanghua)",
     "杠后补牌自摸，另加于自摸之上（见 guiyang-gangshanghua）"},
    {"gangshangpao", "热炮", "Win on a kong discard", 1,
     "a win on the discard right after the discarder's kong (guiyang-gangshangpao)",
     "杠后打出的牌点炮（见 guiyang-gangshangpao）"},
    {"baoting", "报听", "Declared ready", 10,
     "on every payment to a winner who declared 报听 (guiyang-baoting)",
     "报听者胡牌，每笔加 10 分（见 guiyang-baoting）"},
    {"shabao", "杀报", "Win off a declared hand", 10,
     "on every payment made by a seat that declared 报听 (guiyang-shabao, guiyang-shabao-zimo)",
     "报听者付的每笔加 10 分（见 guiyang-shabao、guiyang-shabao-zimo）"},
    {"tianhu", "天胡", "Heavenly win", 30,
     "the dealer wins on his dealt tiles: the larger of 30 and the hand's value (guiyang-tianhu)",
     "庄家起手即胡：按 30 分与牌型分取大者（见 guiyang-tianhu）"},
    {"dihu", "地胡", "Earthly win", 20,
     "a non-dealer wins in the first go-round: the larger of 20 and the hand's value "
     "(guiyang-dihu)",
     "闲家第一轮即胡：按 20 分与牌型分取大者（见 guiyang-dihu）"},
    {"zuozhuang", "坐庄", "Dealer", 1,
     "+1 on every win payment between the dealer and another (guiyang-dealer)",
     "庄家与他人之间的每笔胡牌分加 1 分（见 guiyang-dealer）"},
    {"lianzhuang", "连庄", "Dealer streak", 0, "+N on the same payments: N extra deals",
     "同上每笔再加连庄数 N"},
};

const ItemSpec& spec(const std::vector<ItemSpec>& table, std::string_view id) {
  return pattern_rows::spec_of(table, id);
}

// 清一色 + a structural pattern as one item: 清大对子, 清龙七对 (G3).
const pattern_rows::FlushNames& flush_names() {
  static const pattern_rows::FlushNames names(kPatterns, "清");
  return names;
}

// Whether the hand may be seven pairs: no melds and every kind held an even number of times
// (the first odd kind ends the look: most hands have one early).
bool may_be_pairs(const Hand& h) {
  if (!h.melds.empty()) return false;
  for (auto c : h.concealed)
    if (c & 1) return false;
  return true;
}

bool one_suit(const Hand& h) {
  const unsigned s = h.suits();
  return s != 0 && (s & (s - 1)) == 0;
}

}  // namespace

// G1 地龙.
int Dilong::fours(const Hand& hand) {
  int n = 0;
  for (int i = 0; i < kKinds; ++i)
    n += hand.concealed[static_cast<std::size_t>(i)] == 4 && i != hand.melds.front().tile.index();
  return n;
}

bool Dilong::holds(const Hand& hand, std::optional<Tile> win) const {
  if (hand.melds.size() != 1 || hand.melds.front().kind != Meld::Kind::Pung || hand.size() != 14)
    return false;
  const int t = hand.melds.front().tile.index();
  for (int i = 0; i < kKinds; ++i) {
    const int c = hand.concealed[static_cast<std::size_t>(i)];
    if (i == t ? c != 1 : c % 2 != 0) return false;
  }
  if (!win) return true;
  if (hand.concealed[static_cast<std::size_t>(win->index())] == 0) return false;
  return any_tile_ || win->index() == t;
}

std::uint32_t Dilong::wait_bits(const Hand& hand) const {
  if (hand.melds.size() != 1 || hand.melds.front().kind != Meld::Kind::Pung || hand.size() != 13)
    return 0;
  const int t = hand.melds.front().tile.index();
  int odd = -1, odds = 0;
  for (int i = 0; i < kKinds; ++i) {
    const int c = hand.concealed[static_cast<std::size_t>(i)];
    if (i == t && c > 1) return 0;
    if (i != t && c % 2) odd = i, ++odds;
  }
  const int own = hand.concealed[static_cast<std::size_t>(t)];
  if (own == 0 && odds == 0) return 1u << t;  // five pairs: waits on the pung's fourth
  if (any_tile_ && own == 1 && odds == 1) return 1u << odd;
  return 0;
}

namespace {

// G1 guiyang-dilong: on-win (0), any (1), off (2).
constexpr std::string_view kDilongModes[] = {"on-win", "any", "off"};
// G12 guiyang-shao: all (0), last-kong (1), none (2).
constexpr std::string_view kShaoModes[] = {"all", "last-kong", "none"};
// G14 guiyang-draw-dealer: qq (0), stay (1).
constexpr std::string_view kDrawDealer[] = {"qq", "stay"};

constexpr OptionSpec kOptions[] = {
    kDeadWaitReady,
    kDihuDiscard,
    {"guiyang-queyimen", 0, true, 0, 1, "guiyang", "a hand must lack a suit to win or be ready",
     "须缺一门才能胡牌或听牌"},
    {"guiyang-dilong", 0, false, 0, 2, "guiyang",
     "地龙: on-win = won on the pung's fourth tile; any = on any tile; off = no 地龙",
     "地龙：on-win 须胡碰牌的第四张；any 胡任意一张；off 不算地龙", kDilongModes},
    {"guiyang-dilong-value", 20, false, 0, 1000, "guiyang",
     "地龙 points; 双地龙 +10, 三地龙 +20 on top", "地龙分数；双地龙另加 10，三地龙另加 20"},
    {"guiyang-qidui", 10, false, 0, 1000, "guiyang", "七对 points", "七对分数"},
    {"guiyang-longqidui", 20, false, 0, 1000, "guiyang", "龙七对 points", "龙七对分数"},
    {"guiyang-long-on-win", 1, true, 0, 1, "guiyang",
     "龙七对 needs the winning tile to be the fourth of a kind", "龙七对须由胡的那张凑成四张"},
    {"guiyang-dandiao", 10, false, 0, 1000, "guiyang",
     "单吊 points; 0 = no tier (it scores as 大对子)", "单吊分数；0 表示不单列（按大对子算）"},
    {"guiyang-zimo", 1, false, 0, 1000, "guiyang", "自摸 add-on per payer; 0 turns it off",
     "自摸每家加分；0 为不加"},
    {"guiyang-gangshanghua", 3, false, 0, 1000, "guiyang", "杠上花 add-on, on top of 自摸",
     "杠上花加分，另加于自摸之上"},
    {"guiyang-gangshangpao", 1, false, 0, 1000, "guiyang", "热炮 add-on", "热炮加分"},
    {"guiyang-qianggang-bao", 1, true, 0, 1, "guiyang",
     "抢杠 is a self-draw paid in full by the robbed seat; off = it pays one payment as a "
     "discarder",
     "抢杠按自摸算，由被抢者包三家；关闭时被抢者按点炮付一家"},
    {"guiyang-baoting", 10, false, 0, 1000, "guiyang", "报听 add-on; 0 turns it off",
     "报听加分；0 为不加"},
    {"guiyang-shabao", 10, false, 0, 1000, "guiyang", "杀报 add-on; 0 turns it off",
     "杀报加分；0 为不加"},
    {"guiyang-shabao-zimo", 1, true, 0, 1, "guiyang",
     "杀报 also on self-draw payments (off = discard payments only)",
     "自摸时报听的付分家也算杀报（关闭时只算点炮）"},
    {"guiyang-pinghu-absorbed", 1, true, 0, 1, "guiyang",
     "a plain 平胡 counts 0 on a payment carrying 报听 or 杀报",
     "带报听或杀报的一笔中，平胡不计分"},
    {"guiyang-tianhu", 30, false, 0, 1000, "guiyang", "天胡 value", "天胡分数"},
    {"guiyang-dihu", 20, false, 0, 1000, "guiyang", "地胡 value", "地胡分数"},
    {"guiyang-tiandi-add", 0, true, 0, 1, "guiyang",
     "天胡/地胡 add to the hand's value (plain 平胡 counts 0) instead of competing",
     "天胡/地胡加在牌型分上（平胡不计），而不是取大者"},
    {"guiyang-dealer", 1, false, 0, 1000, "guiyang",
     "坐庄 bonus per win payment with the dealer, plus N; 0 turns 坐庄 and 连庄 off",
     "庄家与他人之间每笔胡牌分的坐庄加分，另加连庄数；0 为坐庄连庄都不加"},
    {"guiyang-dealer-both-ways", 1, true, 0, 1, "guiyang",
     "the dealer bonus whichever way the payment flows; off = only to a dealer who won",
     "坐庄加分不论谁付谁；关闭时只加在庄家胡牌所收的分上"},
    {"guiyang-dealer-chajiao", 0, true, 0, 1, "guiyang",
     "1 + N also on 查叫 payments between the dealer and another",
     "查叫时庄家与他人之间也加 1 + N"},
    {"guiyang-mendou", 2, false, 0, 1000, "guiyang", "闷豆 (concealed kong) from each other seat",
     "闷豆（暗杠）每家分数"},
    {"guiyang-zhuanwandou", 3, false, 0, 1000, "guiyang",
     "转弯豆 (added kong) from each other seat", "转弯豆（补杠）每家分数"},
    {"guiyang-mingdou", 1, false, 0, 1000, "guiyang", "明豆 (direct kong) from the discarder",
     "明豆（直杠）点杠者付的分数"},
    {"guiyang-hanbao-dou", 0, false, 0, 1000, "guiyang",
     "憨包豆 points from each other seat (an added kong marked hanbao)",
     "憨包豆（标明 hanbao 的补杠）每家分数"},
    {"guiyang-bao-dou", 0, true, 0, 1, "guiyang",
     "a konger who neither won nor is ready pays his 豆 to the seats that would have paid it",
     "未胡未听的杠牌者，把豆分赔给本应付他豆的人"},
    {"guiyang-jinji", 1, true, 0, 1, "guiyang",
     "金鸡: a 翻鸡 of 1条 (8筒 with 乌骨鸡) doubles that kind, 冲锋鸡 included",
     "金鸡：翻鸡是1条（开乌骨鸡时8筒）时该种鸡翻倍，冲锋鸡也翻倍"},
    {"guiyang-chongfeng-ji", 2, false, 0, 1000, "guiyang", "冲锋鸡 points", "冲锋鸡分数"},
    {"guiyang-zeren-ji", 1, false, 0, 1000, "guiyang", "责任鸡 points", "责任鸡分数"},
    {"guiyang-bao-ji", 1, true, 0, 1, "guiyang",
     "包鸡: a seat neither won nor ready pays for each 幺鸡 it discarded",
     "包鸡：未胡未听者按自己打出的幺鸡赔付"},
    {"guiyang-bao-ji-melds", 0, true, 0, 1, "guiyang",
     "包鸡 also charges a non-ready seat's melded 幺鸡", "包鸡也算未听者碰杠中的幺鸡"},
    {"guiyang-ji-from-ready", 1, true, 0, 1, "guiyang",
     "seats that won or are ready also pay the chickens of other ready seats",
     "胡牌或听牌的人也付其他听牌者的鸡"},
    {"guiyang-wuguji", 0, true, 0, 1, "guiyang", "乌骨鸡: 8筒 is a fixed chicken",
     "乌骨鸡：8筒固定是鸡"},
    {"guiyang-wuguji-value", 2, false, 0, 1000, "guiyang",
     "乌骨鸡 points a copy (W; 冲锋 2W, 责任 W)", "乌骨鸡每张分数（W；冲锋 2W，责任 W）"},
    {"guiyang-shangxia-ji", 0, true, 0, 1, "guiyang",
     "上下鸡: the tile one rank below the turned tile is a 翻鸡 too", "上下鸡：翻牌下一张也是翻鸡"},
    {"guiyang-ben-ji", 0, true, 0, 1, "guiyang", "本鸡: the turned tile's own kind is a chicken",
     "本鸡：翻出的那种牌本身也是鸡"},
    {"guiyang-yin-ji", 0, true, 0, 1, "guiyang", "银鸡: a 翻鸡 of 1万 or 1筒 is worth 2 a copy",
     "银鸡：翻鸡是1万或1筒时每张 2 分"},
    {"guiyang-mantang-ji", 0, true, 0, 1, "guiyang",
     "满堂鸡: a ready seat's discarded 翻鸡 count too", "满堂鸡：听牌者打出的翻鸡也算"},
    {"guiyang-shao", 0, false, 0, 2, "guiyang",
     "全烧: all = a 热炮 discarder and a robbed seat collect no 豆 or 鸡; last-kong = only the "
     "kong "
     "before a 热炮 is void; none = nobody burns",
     "全烧：all 热炮者与被抢杠者不收豆和鸡；last-kong 只作废热炮前的那个杠；none 不烧", kShaoModes},
    {"guiyang-chajiao-baoting", 0, true, 0, 1, "guiyang", "a ready seat's 报听 10 counts in 查叫",
     "查叫时听牌者的报听 10 分也算"},
    {"guiyang-draw-dealer", 0, false, 0, 1, "guiyang",
     "next dealer at a draw: qq = the 查叫 order (G14); stay = the dealer stays",
     "黄庄后的庄家：qq 按查叫规则；stay 庄家连庄", kDrawDealer},
};

constexpr TableField kTableFields[] = {
    chicken_fields::kDiscardedYaoji,  chicken_fields::kChongfeng,       chicken_fields::kFlipped,
    guiyang_fields::kDiscardedWuguji, guiyang_fields::kChongfengWuguji, guiyang_fields::kZeren,
    guiyang_fields::kZerenWuguji,     guiyang_fields::kHanbao,          guiyang_fields::kDiscards};

std::unique_ptr<Ruleset> make_guiyang(Options options) {
  return std::make_unique<Guiyang>(std::move(options));
}

}  // namespace

extern const RulesetInfo guiyang_ruleset;
constinit const RulesetInfo guiyang_ruleset = {"guiyang",    "Guiyang", "贵阳",
                                               make_guiyang, kOptions,  kTableFields};

Guiyang::Guiyang(Options options)
    : Ruleset("guiyang", std::move(options)),
      row_values_(kTable.values(options_)),
      addons_{addon("zimo"),   addon("gangshanghua"), addon("gangshangpao"), addon("baoting"),
              addon("shabao"), addon("tianhu"),       addon("dihu"),         addon("zuozhuang")},
      dilong_(kDilong.item(options_.get("guiyang-dilong-value"))),
      shuangdilong_(kShuangDilong.item(options_.get("guiyang-dilong-value") + 10)),
      sandilong_(kSanDilong.item(options_.get("guiyang-dilong-value") + 20)),
      queyimen_(options_.on("guiyang-queyimen")),
      qianggang_bao_(options_.on("guiyang-qianggang-bao")),
      shabao_zimo_(options_.on("guiyang-shabao-zimo")),
      absorbed_(options_.on("guiyang-pinghu-absorbed")),
      tiandi_add_(options_.on("guiyang-tiandi-add")),
      both_ways_(options_.on("guiyang-dealer-both-ways")),
      dealer_(options_.get("guiyang-dealer")),
      shape_(options_.get("guiyang-dilong") == 1) {
  for (std::size_t held = 0; held < worth_.size(); ++held) {
    pattern_rows::Found<kRows, false> f;
    f.held = held;
    const auto best = kTable.best(f, row_values_, kStructural);
    worth_[held] = (best ? row_values_[*best] : 0) + (f.held[kFlush] ? row_values_[kFlush] : 0);
  }
  if (options_.get("guiyang-dilong") != 2) extra_shape_ = &shape_;
  const Options& o = options_;
  settings_ = {o.on("guiyang-wuguji"),          o.on("guiyang-shangxia-ji"),
               o.on("guiyang-jinji"),           o.on("guiyang-yin-ji"),
               o.on("guiyang-ben-ji"),          o.on("guiyang-mantang-ji"),
               o.on("guiyang-chajiao-baoting"), o.on("guiyang-dealer-chajiao"),
               o.on("guiyang-pinghu-absorbed"), o.on("guiyang-bao-dou"),
               o.on("guiyang-ji-from-ready"),   o.on("guiyang-bao-ji"),
               o.on("guiyang-bao-ji-melds"),    o.get("guiyang-draw-dealer") == 1,
               o.get("guiyang-wuguji-value"),   o.get("guiyang-chongfeng-ji"),
               o.get("guiyang-zeren-ji"),       o.get("guiyang-mendou"),
               o.get("guiyang-mingdou"),        o.get("guiyang-hanbao-dou"),
               o.get("guiyang-zhuanwandou"),    o.get("guiyang-shao")};
}

const std::vector<ItemSpec>& Guiyang::patterns() const {
  return kPatterns;
}
const std::vector<ItemSpec>& Guiyang::addons() const {
  return kAddons;
}

Item Guiyang::addon(std::string_view id) const {
  static constexpr std::pair<std::string_view, std::string_view> kValueOption[] = {
      {"zimo", "guiyang-zimo"},
      {"gangshanghua", "guiyang-gangshanghua"},
      {"gangshangpao", "guiyang-gangshangpao"},
      {"baoting", "guiyang-baoting"},
      {"shabao", "guiyang-shabao"},
      {"tianhu", "guiyang-tianhu"},
      {"dihu", "guiyang-dihu"},
      {"zuozhuang", "guiyang-dealer"}};
  for (const auto& [addon_id, option] : kValueOption)
    if (addon_id == id) return spec(kAddons, id).item(options_.get(option));
  return spec(kAddons, id).item();
}

Item Guiyang::lianzhuang(std::int64_t streak) const {
  return spec(kAddons, "lianzhuang").item(streak);
}

std::string Guiyang::addon_value_text(std::string_view id) const {
  return id == "lianzhuang" ? "+N" : Ruleset::addon_value_text(id);  // G7: the table's streak
}

bool Guiyang::lacks_needed(const Hand& h) const {
  return !queyimen_ || h.suits() != 0b111u;
}

std::optional<Text> Guiyang::no_win_reason(const Hand& hand) const {
  if (lacks_needed(hand)) return std::nullopt;
  return Text{
      "guiyang-queyimen: a hand wins and is ready only without one suit; this one holds "
      "all three (G1)",
      "guiyang-queyimen：须缺一门才能胡牌或听牌；此手牌三门俱全（G1）"};
}

namespace {

template <class Found>
std::optional<Guiyang::Parts> parts_of(const Found& f, const std::array<std::int64_t, 6>& v) {
  return pattern_rows::parts_of<kTable>(f, v, kStructural, kFlush, flush_names());
}

// The reading that makes the parts: the structural pattern's, else the flush's.
template <class Found>
std::optional<Reading> reading_of(const Found& f, const std::array<std::int64_t, 6>& v) {
  if (auto best = kTable.best(f, v, kStructural)) return f.reading[*best];
  return f.reading_of(kFlush);
}

}  // namespace

std::optional<std::pair<Tile, Guiyang::Parts>> Guiyang::dilong_parts(
    const Hand& hand, std::optional<Tile> win) const {
  if (!extra_shape_ || !lacks_needed(hand) || !shape_.holds(hand, std::nullopt))
    return std::nullopt;
  std::optional<Tile> tile = win;
  if (!tile) {  // the pung's fourth, else (any) the first tile it holds that makes it
    const Tile own = hand.melds.front().tile;
    if (shape_.holds(hand, own)) tile = own;
    for (int i = 0; !tile && i < kKinds; ++i)
      if (shape_.holds(hand, Tile::from_index(i))) tile = Tile::from_index(i);
  }
  if (!tile || !shape_.holds(hand, *tile)) return std::nullopt;
  const int fours = Dilong::fours(hand);
  std::optional<Item> flush;
  if (one_suit(hand)) flush = kTable.item(kFlush, row_values_);
  return std::pair{*tile, flush_names().parts(fours >= 2   ? sandilong_
                                              : fours == 1 ? shuangdilong_
                                                           : dilong_,
                                              flush)};
}

std::optional<std::pair<Tile, Guiyang::Parts>> Guiyang::best_parts(
    const Hand& hand, std::optional<Tile> win, bool robbing,
    std::optional<Reading>* reading) const {
  if (!lacks_needed(hand)) return std::nullopt;
  const Counts all = robbing ? hand.all_copies() : Counts{};
  const auto allowed = [&](Tile t) { return !robbing || all[t.index()] == 1; };
  std::optional<std::pair<Tile, Parts>> out;
  // Only the seven pairs rows look at the winning tile (龙七对): a hand that cannot be seven
  // pairs scores alike on every tile, so one pass over its readings, on the first tile it
  // holds (the one best_over_tiles would name), does what the search over tiles does.
  if (!may_be_pairs(hand)) {
    std::optional<Tile> tile;
    for (int i = 0; i < kKinds && !tile; ++i)
      if (hand.concealed[static_cast<std::size_t>(i)] && (!win || win->index() == i) &&
          allowed(Tile::from_index(i)))
        tile = Tile::from_index(i);
    if (tile) {
      const auto found = pattern_rows::find<kTable, true>(hand, pattern_rows::ReadingsOf{hand},
                                                          tile, {}, options_);
      if (auto parts = parts_of(found, row_values_)) {
        out.emplace(*tile, std::move(*parts));
        if (reading) *reading = reading_of(found, row_values_);
      }
    }
  } else if (auto found = pattern_rows::best_over_tiles<kTable>(
                 hand, win, {}, options_, allowed,
                 [&](const auto& f) -> std::optional<std::int64_t> {
                   if (!f.any_reading) return std::nullopt;
                   return worth_[f.held.to_ulong()];
                 })) {
    out.emplace(*found->win, *parts_of(*found, row_values_));
    if (reading) *reading = reading_of(*found, row_values_);
  }
  if (!robbing)  // 地龙 wins on a pung's fourth tile: a robbed tile is no pung's
    if (auto d = dilong_parts(hand, win);
        d && (!out || d->second.combined.value > out->second.combined.value)) {
      out = d;
      if (reading) reading->reset();  // 地龙 is no reading of C3's shapes
    }
  return out;
}

std::optional<Item> Guiyang::best_pattern(const Hand& hand, std::optional<Tile> win,
                                          const Situation&) const {
  auto best = best_parts(hand, win);
  if (!best) return std::nullopt;
  return best->second.combined;
}

// G5: a plain 平胡 off a discard needs a 豆 (any kong of the winner's own, or --dou), unless it
// is won on a 热炮, by 抢杠, off a 报听 discarder or by a 报听 winner.
bool Guiyang::legal_on_discard(const Item& pattern, const Hand& hand, const Situation& s) const {
  return legal_plain(pattern, hand.has_kong(), s);
}
bool Guiyang::legal_plain(const Item& pattern, bool has_kong, const Situation& s) {
  return pattern.id != "pinghu" || s.dou || has_kong || s.after_kong || s.robbing_kong ||
         s.payer_baoting || s.baoting || s.tianhu || s.dihu;
}

bool Guiyang::dealer_bonus(bool winner_deals, bool payer_deals) const {
  return dealer_ > 0 && (winner_deals || (both_ways_ && payer_deals));
}

ItemList Guiyang::price_share(const Parts& parts, const Situation& s, Share share) const {
  ItemList items;
  const Addons& a = addons_;
  const bool tiandi = s.tianhu || s.dihu;
  const Item& rival = s.tianhu ? a.tianhu : a.dihu;
  const bool declared =
      (s.baoting && !tiandi && a.baoting.value > 0) || (share.shabao && a.shabao.value > 0);
  // 平胡 absorbed (G4): a plain 平胡 counts 0 on a payment with 报听 or 杀报, and under
  // guiyang-tiandi-add on a 天胡/地胡.
  const bool absorb = plain_pinghu(parts) && ((absorbed_ && declared) || (tiandi && tiandi_add_));
  auto own = [&] {
    if (absorb) {
      items.push_back(kTable[kPinghu].spec.item(0));
      return;
    }
    if (parts.structural) items.push_back(*parts.structural);
    if (parts.flush) items.push_back(*parts.flush);
  };
  if (tiandi && !tiandi_add_) {  // G4: the larger of the hand's value and 30/20 counts
    if (rival.value >= parts.combined.value)
      items.push_back(rival);
    else
      own();
  } else {
    own();
    if (tiandi) items.push_back(rival);
  }
  const bool zimo_share = s.zimo || (s.robbing_kong && qianggang_bao_);
  if (zimo_share && a.zimo.value > 0) items.push_back(a.zimo);
  if (s.zimo && s.after_kong && a.gangshanghua.value > 0) items.push_back(a.gangshanghua);
  if (!s.zimo && s.after_kong && !s.robbing_kong && a.gangshangpao.value > 0)
    items.push_back(a.gangshangpao);
  if (s.baoting && !tiandi && a.baoting.value > 0) items.push_back(a.baoting);
  if (share.shabao && a.shabao.value > 0) items.push_back(a.shabao);
  if (share.dealer_bonus) {
    items.push_back(a.zuozhuang);
    if (s.streak > 0) items.push_back(lianzhuang(s.streak));
  }
  return items;
}

namespace {

// G17: a 天胡 or 地胡 carries no 报听.
std::optional<Error> tiandi_with_baoting(const Situation& s) {
  if (!(s.tianhu || s.dihu) || !s.baoting) return std::nullopt;
  return Error{
      ErrorCode::Inconsistent,
      "a 天胡 or 地胡 is won before any 报听 could be declared: " + field_name(s, "baoting") +
          " with " + field_name(s, s.tianhu ? "tianhu" : "dihu") + " (G4, G17)",
      "天胡、地胡在报听之前就胡了：" + field_name(s, "baoting") + " 不能与 " +
          field_name(s, s.tianhu ? "tianhu" : "dihu") + " 同时给出（G4、G17）",
      0, ""};
}

}  // namespace

std::optional<Error> Guiyang::evaluate(const Hand& hand, const Situation& s, Score& sc) const {
  if (auto e = tiandi_with_baoting(s)) return e;
  sc.hand = hand;
  std::optional<Reading> reading;
  auto best = best_parts(hand, s.win_tile, s.robbing_kong, &reading);
  if (!best) {
    sc.win_tile = s.win_tile;
    if (auto why = no_win_reason(hand); why && is_winning_shape(hand))
      sc.reason = *why;
    else
      sc.reason = Text{"neither 4 sets + a pair, seven pairs nor 地龙 (C3, G1)",
                       "既非四坎加一将、七对，也非地龙（C3、G1）"};
    return std::nullopt;
  }
  const Tile win = best->first;
  const Parts& parts = best->second;
  // Without a winning tile, one is named only where it changes what the hand is: seven pairs
  // (龙七对), 地龙, 抢杠 (a tile held once). Elsewhere every tile scores alike (C4), as in
  // Duyun, and none is assumed.
  const bool named = s.win_tile || s.robbing_kong || hand.melds.size() == 1 || may_be_pairs(hand);
  if (!named) {
    sc.win_tile.reset();
  } else if (!s.win_tile) {  // each text one copy of each part (inline: no allocation)
    using namespace std::string_view_literals;
    Text& note = sc.notes.emplace_back();
    std::string spelled;  // a string only for a caller's own spelling (the CLI's --win)
    const std::string_view field = field_name(s, "win", spelled);
    note.en.assign_joined({"no "sv, field, " given: assumed "sv, win.ascii_name(),
                           ", the winning tile that scores most"sv});
    note.zh.assign_joined({"未给出和牌张：按得分最高的 "sv, win.chinese_name(), " 计算"sv});
  }
  if (named) sc.win_tile = win;
  sc.win = true;
  sc.pattern = parts.combined;
  sc.reading = reading;  // the reading that makes the pattern, for the explanation
  price_win(parts, hand.has_kong(), s, sc);
  return std::nullopt;
}

namespace {

// Where 清一色 and the 地龙 tiers sit in patterns() (kPatterns).
const std::size_t kFlushRow = kPatterns.size() - 1;
constexpr std::size_t kDilongRow = kFlush;  // 地龙, then 双地龙 and 三地龙

// Declared words of G3's patterns beside the rows' ids and names and 清 + a row (清大对子,
// qingyise+daduizi): the other names players say (G3's table gives them).
constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
    {"对对胡", "daduizi"},        {"碰碰胡", "daduizi"}, {"清大对", "qingyise+daduizi"},
    {"金钩钓", "dandiao"},        {"把一", "dandiao"},   {"清单吊", "qingyise+dandiao"},
    {"双清", "qingyise+dandiao"}, {"小七对", "qidui"},   {"清龙背", "qingyise+longqidui"},
    {"地龙七对", "dilong"},
};

bool names_spec(const ItemSpec& spec, std::string_view word) {
  return word == spec.id || word == spec.zh || word == spec.en;
}
bool names_item(const Item& item, std::string_view word) {
  return word == item.id || word == item.zh || word == item.en;
}

}  // namespace

Item Guiyang::structural_item(std::size_t row) const {
  if (row < kDilongRow) return kTable.item(row, row_values_);
  if (row == kDilongRow) return dilong_;
  if (row == kDilongRow + 1) return shuangdilong_;
  if (row == kDilongRow + 2) return sandilong_;
  return kTable.item(kFlush, row_values_);
}

std::optional<DeclaredPattern> Guiyang::declared_pattern(std::string_view word) const {
  for (const auto& [alias, id] : kAliases)
    if (word == alias) word = id;
  const Item flush = kTable.item(kFlush, row_values_);
  if (names_spec(kPatterns[kFlushRow], word))  // 清一色 alone: a 平胡 counts nothing under it
    return DeclaredPattern{flush, kFlushRow, true, false, false};
  for (std::size_t i = 0; i < kFlushRow; ++i) {
    const Item row = structural_item(i);
    const bool pairs = kPatterns[i].id == "qidui" || kPatterns[i].id == "longqidui";
    const bool dilong = i >= kDilongRow;
    if (names_spec(kPatterns[i], word)) return DeclaredPattern{row, i, false, pairs, dilong};
    if (i == kPinghu) continue;  // 清一色 平胡 is 清一色
    const Item both = flush_names().plus(row, flush.value);
    if (names_item(both, word)) return DeclaredPattern{both, i, true, pairs, dilong};
  }
  return std::nullopt;
}

std::vector<std::string> Guiyang::declared_pattern_words() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < kPatterns.size(); ++i) {
    const auto& spec = kPatterns[i];
    for (auto w : {spec.id, spec.zh, spec.en}) out.emplace_back(w);
    if (i == kFlushRow || i == kPinghu) continue;
    const Item both = flush_names().plus(spec.item(), 0);
    for (const auto& w : {both.id, both.zh, both.en}) out.emplace_back(w);
  }
  for (const auto& a : kAliases) out.emplace_back(a.first);
  return out;
}

Guiyang::Parts Guiyang::declared_parts(const DeclaredPattern& p) const {
  Parts parts;
  if (p.row != kFlushRow) parts.structural = structural_item(p.row);
  if (p.flush) parts.flush = kTable.item(kFlush, row_values_);
  parts.combined = p.item;
  return parts;
}

std::optional<Error> Guiyang::evaluate_declared(const DeclaredPattern& p, const Situation& s,
                                                Score& sc) const {
  if (auto e = tiandi_with_baoting(s)) return e;
  const Parts parts = declared_parts(p);
  sc.win_tile = s.win_tile;
  sc.win = true;
  sc.pattern = parts.combined;
  price_win(parts, false, s, sc);  // its kongs, if any, are the table's (Situation::dou)
  return std::nullopt;
}

void Guiyang::price_win(const Parts& parts, bool has_kong, const Situation& s, Score& sc) const {
  // G5: a plain 平胡 off a discard needs a 豆; a 天胡/地胡 is no 平胡.
  if (!s.zimo && !legal_plain(parts.combined, has_kong, s)) {
    sc.legal = false;
    sc.reason = Text{
        "a plain 平胡 may be won off a discard only by a winner who owns a 豆 (a kong, "
        "or " +
            field_name(s, "dou") + "), on a 热炮, by 抢杠, or with 报听 (G5)",
        "平胡点炮须有豆（自己开过杠，或 " + field_name(s, "dou") +
            "），热炮、抢杠、报听除外（G5）"};
    return;
  }
  sc.legal = true;
  const bool winner_deals = s.dealer == DealerRole::Winner;
  const bool payer_deals = s.dealer == DealerRole::Payer;
  // The items every payer pays (the win's own), for the answer's summary.
  sc.items = price_share(parts, s, {});
  auto add = [&](Payer::Role role, int count, Share share, bool dealer) {
    Payer& p = sc.payers.emplace_back_for_overwrite();
    p.role = role;
    p.count = count;
    p.dealer = dealer;
    if (share.dealer_bonus || share.shabao)
      p.items = price_share(parts, s, share);
    else
      p.items = sc.items;  // the common payment: the win's own items
  };
  const bool bao = s.robbing_kong && qianggang_bao_;
  if (s.zimo || bao) {
    // Three shares (G4, G6): the dealer's, a 报听 payer's (杀报), the rest. 抢杠包三家: the
    // robbed seat pays all three, each priced as a self-draw would be.
    const Payer::Role other = bao ? Payer::Role::Discarder : Payer::Role::Other;
    const bool shabao = s.payer_baoting && shabao_zimo_;
    int left = 3;
    if (payer_deals) {
      add(bao ? Payer::Role::Discarder : Payer::Role::Dealer, 1, {dealer_bonus(false, true), false},
          true);
      --left;
    }
    if (shabao) {
      add(other, 1, {dealer_bonus(winner_deals, false), true}, false);
      --left;
    }
    add(other, left, {dealer_bonus(winner_deals, false), false}, false);
    if (bao)
      sc.notes.push_back(
          {"抢杠 (guiyang-qianggang-bao): a self-draw, and the robbed seat pays "
           "all three shares (被抢者包三家, G4)",
           "抢杠按自摸算，被抢者包三家（G4）"});
  } else {
    add(Payer::Role::Discarder, 1, {dealer_bonus(winner_deals, payer_deals), s.payer_baoting},
        payer_deals);
  }
  if (s.after_kong && !s.zimo && !s.robbing_kong)
    sc.notes.push_back({"热炮: the discarder is burnt (全烧): settle books the 豆 and 鸡 (G12)",
                        "热炮：点炮者全烧，豆和鸡由 settle 结算（G12）"});
}

// ADVICE A3 for 地龙 (G1). on-win: a ready hand is the pung meld and five pairs of other
// kinds (it waits on the pung's fourth), so 13 and 14 tiles alike lack what those pairs lack
// (a 14-tile hand keeps one tile over, to throw), unless it holds() already. any: the target
// is the copy and the five pairs, less one.
int Dilong::shanten(const Hand& hand) const {
  const int n = hand.size();
  if (hand.melds.size() != 1 || hand.melds.front().kind != Meld::Kind::Pung || n < 13 || n > 14)
    return kNoShape;
  const int t = hand.melds.front().tile.index();
  const int pairs = pairs_distance(hand.concealed, 5, kAllKinds & ~(1u << t));
  if (pairs >= kNoShape) return kNoShape;
  if (n == 14 && holds(hand, std::nullopt)) return -1;
  if (!any_tile_) return pairs;
  return (hand.concealed[static_cast<std::size_t>(t)] == 0 ? 1 : 0) + pairs - 1;
}

// ADVICE A5: G3's structures, 地龙 (the extra shape) and 清一色 with them (one item each, as
// the combined pattern scores). 单吊, 龙七对 and the 地龙 tiers depend on the melds or the
// winning tile, known only at the ready step (they are among the waits' values).
std::vector<AdviceLine> Guiyang::advice_lines() const {
  using F = Family::Form;
  const std::uint8_t suits = max_suits();
  auto value = [&](std::string_view id) { return row_values_[kTable.index(id)]; };
  auto item = [&](std::string_view id) { return kTable.item(kTable.index(id), row_values_); };
  const std::int64_t flush = value("qingyise");
  std::vector<AdviceLine> lines = {
      {item("pinghu"), {F::Standard, suits}, std::nullopt},
      {item("daduizi"), {F::Pungs, suits}, std::nullopt},
      {item("qidui"), {F::SevenPairs, suits}, std::nullopt},
  };
  if (extra_shape_) lines.push_back({dilong_, {}, std::nullopt, true});
  lines.push_back({item("qingyise"), {F::Standard, 1}, Family{F::SevenPairs, 1}});
  lines.push_back({{"qingdui", "清大对", "Flush all pungs", value("daduizi") + flush},
                   {F::Pungs, 1},
                   std::nullopt});
  lines.push_back({{"qingqidui", "清七对", "Flush seven pairs", value("qidui") + flush},
                   {F::SevenPairs, 1},
                   std::nullopt});
  return lines;
}

}  // namespace qianmj
