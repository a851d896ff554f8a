#include "rules/zunyi/zunyi.hpp"

#include <algorithm>
#include <bit>
#include <string>
#include <string_view>

#include "engine/common_options.hpp"
#include "rules/chicken_family/fields.hpp"
#include "rules/common/pattern_rows.hpp"

namespace qianmj {
namespace {

using pattern_rows::Context;

// Z1: fewer than three suits (a mask test: std::popcount is a libgcc call on a baseline
// x86-64 build).
bool lacks_a_suit(const Hand& h) {
  return h.suits() != 0b111u;
}

// 龙七对: the winning tile completes the four alike (zunyi-long-on-win), else any four.
bool dragon(const Context& c) {
  static const OptionKey kLongOnWin("zunyi-long-on-win");  // looked up once, not per reading
  return c.options.on(kLongOnWin) ? c.hand.concealed[c.win->index()] == 4 : c.four_alike;
}

// 大宽张: the live waits before the win are exactly 1-4-7, 2-5-8 or 3-6-9 of one suit:
// three bits, three ranks apart, the lowest a rank 1-3. Without a branch (random waits
// mispredict one); no waits give low = 32, which neither test passes.
bool wide(std::uint32_t live) {
  const int low = std::countr_zero(live);
  return (low % kRanks <= 2) & (std::uint64_t{live} == std::uint64_t{0x49} << low);
}

// Z2: structural patterns (one counts, the highest), then 清一色 adds. 边卡吊 and 大宽张
// count the live waits of the hand before the win: a wait on a tile the player holds four of
// can never be won (Z2, C5). Under 清一色 a 平胡 counts nothing: it is not a structural row
// there. Among equal values the pattern found first wins: 平胡, 对对胡, the seven pairs, then
// the waits.
constexpr pattern_rows::Table<7> kTable(
    {{
        {{"pinghu", "平胡", "Plain win", 2, "any standard win; not counted with 清一色",
          "四坎一将；有清一色时不计"},
         "zunyi-pinghu",
         [](const Context& c) { return !c.one_suit; },
         false,
         false,
         pattern_rows::Shape::Standard},
        {{"biankadiao", "边卡吊", "Single wait", 3,
          "with the winning tile taken out, the hand has exactly one live wait (edge, closed or "
          "single-tile wait)",
          "拿掉胡的那张，只有一个活叫（边张、卡张或单吊）"},
         "",
         [](const Context& c) { return single_bit(c.live_waits_before_win()); },
         false,
         true,
         pattern_rows::Shape::Standard},
        {{"duiduihu", "对对胡", "All pungs", 4, "all pungs or kongs + a pair",
          "全是刻子或杠加一对将"},
         "",
         [](const Context& c) { return c.all_pungs; }},
        {{"dakuanzhang", "大宽张", "Wide wait", 4,
          "with the winning tile taken out, the live waits are exactly 1-4-7, 2-5-8 or 3-6-9 of "
          "one suit",
          "拿掉胡的那张，活叫正好是同一门的1-4-7、2-5-8或3-6-9"},
         "",
         [](const Context& c) { return wide(c.live_waits_before_win()); },
         false,
         true,
         pattern_rows::Shape::Standard},
        {{"anqidui", "暗七对", "Seven pairs", 4, "seven pairs", "七个对子"},
         "",
         [](const Context& c) { return !dragon(c); },
         false,
         true,
         pattern_rows::Shape::SevenPairs},
        {{"longqidui", "龙七对", "Dragon seven pairs", 10,
          "seven pairs whose four alike is completed by the winning tile",
          "七对里有四张一样的，而且第四张正是胡的那张"},
         "",
         [](const Context& c) { return dragon(c); },
         false,
         true,
         pattern_rows::Shape::SevenPairs},
        {{"qingyise", "清一色", "Full flush", 10, "all one suit", "全是一门"},
         "",
         [](const Context& c) { return c.one_suit; }},
    }},
    {6, 2, 5, 1, 4, 3, 0});

constexpr std::size_t kFlush = kTable.index("qingyise");
const std::bitset<7> kStructural = std::bitset<7>().set().reset(kFlush);
const std::vector<ItemSpec> kPatterns = kTable.specs();

// Z3 add-ons, in points per payer.
const std::vector<ItemSpec> kAddons = {
    {"zimo", "自摸", "Self-draw", 1, "+1 from each payer", "每家加 1 分"},
    {"tianhu", "天和", "Heavenly win", 10, "dealer wins on the dealt hand", "庄家起手即和"},
    {"dihu", "地和", "Earthly win", 10, "non-dealer wins in the first go-round", "闲家第一轮即和"},
    {"gangshangpao", "杠上炮", "Win on a kong discard", 3, "win on the discard right after a kong",
     "杠后打出的牌点炮"},
    {"qianggang", "抢杠", "Robbing a kong", 3, "house rule zunyi-qianggang (default 3)",
     "抢杠加分（默认 3，见 zunyi-qianggang）"},
    {"gangshanghua", "杠上花", "Win on a kong replacement", 10,
     "a pattern worth 10 against the hand's own value: the larger counts, plus 自摸",
     "按 10 分与牌型本身分数取大者，另加自摸"},
    {"baoting", "报听", "Declared ready", 10,
     "+10 on every payment to a winner who declared 报听 (zunyi-baoting)",
     "报听者胡牌，每家所付加 10 分（见 zunyi-baoting）"},
    {"shabao", "杀报", "Win off a declared hand", 10,
     "+10 on a discard payment whose discarder declared 报听 (zunyi-shabao)",
     "点炮者报听时其所付加 10 分（见 zunyi-shabao）"},
};

const ItemSpec& spec(const std::vector<ItemSpec>& table, std::string_view id) {
  return pattern_rows::spec_of(table, id);
}

// 清一色 + a structural pattern, as one item (清一色对对胡).
const pattern_rows::FlushNames& flush_names() {
  static const pattern_rows::FlushNames names(kPatterns, "清一色");
  return names;
}
Item flush_plus(const Item& structural, std::int64_t flush_value) {
  return flush_names().plus(structural, flush_value);
}

// Z5: 豆 (no house option sets them).
const KongPayment kDou[] = {
    {Meld::Kind::DirectKong, "mingdou", {"Direct kong 豆 (明豆)", "明豆"}, 2},
    {Meld::Kind::ConcealedKong, "andou", {"Concealed kong 豆 (暗豆)", "暗豆"}, 2},
    {Meld::Kind::AddedKong, "zhuanwandou", {"Added kong 豆 (转弯豆)", "转弯豆"}, 3},
};

// Z5, Z6, Z3: the family's prices under the house options.
chicken_family::Prices family_prices(const Options& o, const Item& baoting, const Item& shabao) {
  return {.dou = kDou,
          .dou_needs_ready = o.on("zunyi-dou-needs-ready"),
          .ji = o.get("ji"),
          .chongfeng = o.get("chongfeng-ji"),
          .bao_ji = o.on("bao-ji"),
          .baoting = baoting,
          .shabao = shabao};
}

}  // namespace

Zunyi::Zunyi(Options options)
    : Ruleset("zunyi", std::move(options)),
      row_values_(kTable.values(options_)),
      addons_{addon("zimo"),         addon("tianhu"),    addon("dihu"),
              addon("gangshangpao"), addon("qianggang"), addon("gangshanghua")},
      qianggang_bao_(options_.on("zunyi-qianggang-bao")),
      tiandi_add_(options_.on("zunyi-tiandi-add")),
      family_(family_prices(options_, addon("baoting"), addon("shabao"))) {
  // What each set of rows held is worth (parts_of(f)->combined.value), for the winning-tile
  // search: a table read a tile instead of a best-of loop over the rows.
  for (std::size_t held = 0; held < worth_.size(); ++held) {
    pattern_rows::Found<7, false> f;
    f.held = held;
    const auto best = kTable.best(f, row_values_, kStructural);
    worth_[held] = (best ? row_values_[*best] : 0) + (f.held[kFlush] ? row_values_[kFlush] : 0);
  }
}

const std::vector<ItemSpec>& Zunyi::patterns() const {
  return kPatterns;
}
const std::vector<ItemSpec>& Zunyi::addons() const {
  return kAddons;
}
Item Zunyi::addon(std::string_view id) const {
  if (id == "qianggang") return spec(kAddons, id).item(options_.get("zunyi-qianggang"));
  if (id == "baoting") return spec(kAddons, id).item(options_.get("zunyi-baoting"));
  if (id == "shabao") return spec(kAddons, id).item(options_.get("zunyi-shabao"));
  return spec(kAddons, id).item();
}

namespace {

// Why a hand does not win: it holds all three suits (Z1), or it has no winning shape (C3).
constexpr std::string_view kAllSuitsEn =
    "缺一门: a Zunyi hand wins and is ready only without one suit; this one holds all three (Z1)";
constexpr std::string_view kAllSuitsZh =
    "缺一门：遵义麻将须缺一门才能和牌或听牌；此手牌三门俱全（Z1）";
constexpr std::string_view kNoShapeEn = "neither 4 sets + a pair nor seven pairs (C3)";
constexpr std::string_view kNoShapeZh = "既非四坎加一将，也非七对（C3）";

}  // namespace

std::optional<Text> Zunyi::no_win_reason(const Hand& hand) const {
  if (lacks_a_suit(hand)) return std::nullopt;
  return Text{kAllSuitsEn, kAllSuitsZh};
}

namespace {

// The parts of the rows found on one winning tile (nullopt: no win on it).
template <class Found>
std::optional<Zunyi::Parts> parts_of(const Found& f, const std::array<std::int64_t, 7>& v) {
  return pattern_rows::parts_of<kTable>(f, v, kStructural, kFlush, flush_names());
}

// The reading that makes the parts: the structural pattern's, else the flush's.
template <class Found>
std::optional<Reading> reading_of(const Found& f, const std::array<std::int64_t, 7>& v) {
  if (auto best = kTable.best(f, v, kStructural)) return f.reading[*best];
  return f.reading_of(kFlush);
}

}  // namespace

std::optional<Zunyi::Parts> Zunyi::pattern_parts(const Hand& hand, Tile win) const {
  if (!lacks_a_suit(hand) || hand.concealed[win.index()] == 0) return std::nullopt;
  return parts_of(
      pattern_rows::find<kTable, false>(hand, pattern_rows::ReadingsOf{hand}, win, {}, options_),
      row_values_);
}

std::optional<std::pair<Tile, Zunyi::Parts>> Zunyi::best_parts(const Hand& hand,
                                                               std::optional<Tile> win,
                                                               bool robbing) const {
  auto found = best_found(hand, win, robbing);
  if (!found) return std::nullopt;
  return std::pair{*found->win, *parts_of(*found, row_values_)};
}

std::optional<pattern_rows::Found<7>> Zunyi::best_found(const Hand& hand, std::optional<Tile> win,
                                                        bool robbing) const {
  if (!lacks_a_suit(hand)) return std::nullopt;
  return search(hand, win, robbing);
}

std::optional<pattern_rows::Found<7>> Zunyi::search(const Hand& hand, std::optional<Tile> win,
                                                    bool robbing) const {
  const Counts all = robbing ? hand.all_copies() : Counts{};
  return pattern_rows::best_over_tiles<kTable>(
      hand, win, {}, options_,
      [&](Tile t) {
        return !robbing || all[t.index()] == 1;
      },  // 抢杠: the winner holds only the robbed copy
      [&](const auto& f) -> std::optional<std::int64_t> {
        // parts_of(f)->combined.value, without building the items: looked up.
        if (!f.any_reading) return std::nullopt;
        return worth_[f.held.to_ulong()];
      });
}

std::optional<Item> Zunyi::best_pattern(const Hand& hand, std::optional<Tile> win,
                                        const Situation&) const {
  auto best = best_parts(hand, win);
  if (!best) return std::nullopt;
  return best->second.combined;
}

std::span<const IgnoredField> Zunyi::ignored_fields() const {
  static constexpr IgnoredField kIgnored[] = {{"dou", ""},
                                              {"streak", " (不按庄闲算分)"}};  // Z3, Z5
  return kIgnored;
}

std::optional<Error> Zunyi::evaluate(const Hand& hand, const Situation& s, Score& sc) const {
  sc.hand = hand;
  // Z2: without the winning tile, the one that scores most (C4), said in a note.
  const bool lacks = lacks_a_suit(hand);  // best_found, the suits found once
  auto found = lacks ? search(hand, s.win_tile, s.robbing_kong) : std::nullopt;
  if (!found) {  // no_win_reason's answer, else C3's, made in place
    const bool all_suits = !lacks && is_winning_shape(hand);
    sc.win_tile = s.win_tile;
    sc.reason.emplace(
        Text{all_suits ? kAllSuitsEn : kNoShapeEn, all_suits ? kAllSuitsZh : kNoShapeZh});
    return std::nullopt;
  }
  const Tile win = *found->win;
  const Parts parts = *parts_of(*found, row_values_);
  if (!s.win_tile) {  // each text one copy of each part (inline: no allocation)
    using namespace std::string_view_literals;
    Text& note = sc.notes.emplace_back();
    std::string spelled;  // a string only for a caller's own spelling (the CLI's --win)
    const std::string_view field = field_name(s, "win", spelled);
    note.en.assign_joined({"no "sv, field, " given: assumed "sv, win.ascii_name(),
                           ", the winning tile that scores most"sv,
                           s.robbing_kong ? " of those a kong could be robbed of"sv : ""sv});
    note.zh.assign_joined({"未给出和牌张：按"sv, s.robbing_kong ? "可抢杠的牌中"sv : ""sv,
                           "得分最高的 "sv, win.chinese_name(), " 计算"sv});
  }
  sc.win_tile = win;
  sc.win = sc.legal = true;
  sc.pattern = parts.combined;
  sc.reading =
      reading_of(*found, row_values_);  // the reading that makes the pattern, for the explanation
  price_parts(parts, s, sc);
  return std::nullopt;
}

void Zunyi::price_parts(const Parts& parts, const Situation& s, Score& sc) const {
  // Z3: 杠上花 is worth 10 against the hand's own value; the larger counts (a tie: 杠上花).
  // So are 天和/地和 with zunyi-tiandi-add off (on, the default: they add 10).
  const Addons& a = addons_;
  const Item* rival = s.after_kong && s.zimo ? &a.gangshanghua
                      : tiandi_add_          ? nullptr
                      : s.tianhu             ? &a.tianhu
                      : s.dihu               ? &a.dihu
                                             : nullptr;
  const bool rival_counts = rival && rival->value >= parts.combined.value;
  if (rival_counts) {
    sc.items.push_back(*rival);
    sc.pattern = *rival;
  } else {
    if (parts.structural) sc.items.push_back(*parts.structural);
    if (parts.flush) sc.items.push_back(*parts.flush);
  }
  if (rival) {  // a note says which of the two counted, and by what rule
    const bool option = rival != &a.gangshanghua;
    const std::string rule = option ? "Z3, zunyi-tiandi-add off" : "Z3";
    const std::string rule_zh = option ? "Z3，zunyi-tiandi-add 关闭" : "Z3";
    const std::string own =
        std::string(parts.combined.zh) + " " + std::to_string(parts.combined.value);
    const std::string name_zh(rival->zh), points = std::to_string(rival->value);
    if (rival_counts)
      sc.notes.push_back({name_zh + " " + points + " counts instead of the hand's own " + own +
                              " (the larger counts, " + rule + ")",
                          name_zh + " " + points + " 分，高于或等于牌型本身的" + own + " 分，按" +
                              name_zh + "计（" + rule_zh + "）"});
    else
      sc.notes.push_back({name_zh + ": the hand's own " + own + " is more than " + name_zh + " " +
                              points + " and counts (" + rule + ")",
                          name_zh + "：牌型本身" + own + " 分高于" + name_zh + " " + points +
                              " 分，按牌型计（" + rule_zh + "）"});
  }
  const bool bao = s.robbing_kong && qianggang_bao_;
  if (s.zimo || bao) sc.items.push_back(a.zimo);  // 包三家: what a self-draw collects
  if (s.tianhu && tiandi_add_) sc.items.push_back(a.tianhu);
  if (s.dihu && tiandi_add_) sc.items.push_back(a.dihu);
  if (s.after_kong && !s.zimo) sc.items.push_back(a.gangshangpao);
  if (s.robbing_kong && !bao && a.qianggang.value > 0) sc.items.push_back(a.qianggang);
  chicken_family::add_declared(sc.items, s, family_);
  if (s.after_kong && !s.zimo)
    sc.notes.push_back(
        {"杠上炮: the discarder's kong right before it scores no 豆 (Z5); settle books the 豆",
         "杠上炮：点炮者刚开的杠不得豆分（Z5），豆分由 settle 结算"});
  // Made and filled in place.
  Payer& p = sc.payers.emplace_back_for_overwrite();
  p.role = s.zimo ? Payer::Role::Other : Payer::Role::Discarder;
  p.count = s.zimo ? 3 : 1;
  p.items = sc.items;
  if (bao) {
    p.covers = 3;  // Z3 zunyi-qianggang-bao: the robbed seat pays for all three
    sc.notes.push_back(
        {"zunyi-qianggang-bao: the robbed seat pays what a self-draw would collect, for all three",
         "抢杠包三家：被抢者按自摸分赔三家"});
  }
}

namespace {

// Declared words of Z2's patterns beside the rows' ids and names and 清一色 + a row
// (qingyise+duiduihu, 清一色对对胡): the names players say.
constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
    {"大对子", "duiduihu"},
    {"碰碰胡", "duiduihu"},
    {"清大对", "qingyise+duiduihu"},
    {"清对", "qingyise+duiduihu"},
    {"七对", "anqidui"},
    {"清七对", "qingyise+anqidui"},
    {"清龙七对", "qingyise+longqidui"},
    {"卡", "biankadiao"},
    {"边", "biankadiao"},
    {"吊", "biankadiao"},
    {"卡张", "biankadiao"},
    {"边张", "biankadiao"},
    {"单吊", "biankadiao"},
};

bool names_row(const ItemSpec& spec, std::string_view word) {
  return word == spec.id || word == spec.zh || word == spec.en;
}

}  // namespace

std::optional<DeclaredPattern> Zunyi::declared_pattern(std::string_view word) const {
  for (const auto& [alias, id] : kAliases)
    if (word == alias) word = id;
  const ItemSpec& flush = kTable[kFlush].spec;
  const auto pairs = [](std::size_t row) {
    return kTable[row].shape == pattern_rows::Shape::SevenPairs;
  };
  if (names_row(flush, word))  // 清一色 alone: under it a 平胡 counts nothing
    return DeclaredPattern{kTable.item(kFlush, row_values_), kFlush, true, false};
  for (std::size_t i = 0; i < kTable.size(); ++i) {
    if (i == kFlush) continue;
    const Item row = kTable.item(i, row_values_);
    if (names_row(kTable[i].spec, word)) return DeclaredPattern{row, i, false, pairs(i)};
    if (i == kTable.index("pinghu")) continue;  // 清一色 平胡 is 清一色
    const Item both = flush_plus(row, row_values_[kFlush]);
    if (word == both.id || word == both.zh || word == both.en)
      return DeclaredPattern{both, i, true, pairs(i)};
  }
  return std::nullopt;
}

std::vector<std::string> Zunyi::declared_pattern_words() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < kTable.size(); ++i) {
    const auto& spec = kTable[i].spec;
    for (auto w : {spec.id, spec.zh, spec.en}) out.emplace_back(w);
    if (i == kFlush || i == kTable.index("pinghu")) continue;
    const Item both = flush_plus(kTable.item(i, row_values_), 0);
    for (auto w : {both.id, both.zh, both.en}) out.emplace_back(w);
  }
  for (const auto& a : kAliases) out.emplace_back(a.first);
  return out;
}

std::optional<Error> Zunyi::evaluate_declared(const DeclaredPattern& p, const Situation& s,
                                              Score& sc) const {
  Parts parts;
  if (p.row != kFlush) parts.structural = kTable.item(p.row, row_values_);
  if (p.flush) parts.flush = kTable.item(kFlush, row_values_);
  parts.combined = p.item;
  sc.win_tile = s.win_tile;
  sc.win = sc.legal = true;
  sc.pattern = parts.combined;
  price_parts(parts, s, sc);
  return std::nullopt;
}

namespace {

// RULES.md H, as `qianmj rules --rules zunyi` lists them.
// Z8: who deals after 一炮多响.
constexpr std::string_view kYipaoDealer[] = {"first-winner", "next-seat"};

constexpr OptionSpec kOptions[] = {
    kDeadWaitReady,
    kDihuDiscard,
    {"zunyi-pinghu", 2, false, 0, 1000, "zunyi", "平胡 points", "平胡分数"},
    {"zunyi-qianggang", 3, false, 0, 1000, "zunyi", "抢杠 add-on points", "抢杠加分"},
    {"zunyi-qianggang-bao", 0, true, 0, 1, "zunyi",
     "抢杠: the robbed seat pays what a self-draw would collect",
     "抢杠时被抢者包三家（按自摸分赔付）"},
    {"zunyi-baoting", 10, false, 0, 1000, "zunyi",
     "报听 add-on points for a winner who declared it", "报听者胡牌加分"},
    {"zunyi-shabao", 10, false, 0, 1000, "zunyi",
     "杀报 add-on points when the discarder declared 报听", "杀报：点炮者报听时加分"},
    {"zunyi-tiandi-add", 1, true, 0, 1, "zunyi",
     "天和/地和 add 10 to the hand's value; off: the larger of 10 and the value counts",
     "天和/地和在牌型分上加 10 分；关闭时按 10 分与牌型分取大者"},
    {"zunyi-yipao-dealer", 0, false, 0, 1, "zunyi",
     "after 一炮多响: first-winner = the first winner after the discarder deals; next-seat = "
     "the discarder's next seat deals, whether or not it won",
     "一炮多响后：first-winner 为点炮者之后第一个胡牌者坐庄；next-seat 为点炮者下家坐庄，"
     "不论其是否胡牌",
     kYipaoDealer},
    {"zunyi-long-on-win", 1, true, 0, 1, "zunyi",
     "龙七对 needs the winning tile to complete the four alike", "龙七对须由和牌张凑成四张"},
    {"zunyi-dou-needs-ready", 1, true, 0, 1, "zunyi",
     "豆 count only for a winner or a ready konger", "豆只算给胡牌或听牌的杠牌者"},
    {"ji", 1, false, 0, 1000, "zunyi", "points per 鸡 per other seat", "每只鸡每家分数"},
    {"chongfeng-ji", 2, false, 0, 1000, "zunyi", "points for the 冲锋鸡 per other seat",
     "冲锋鸡每家分数"},
    {"bao-ji", 0, true, 0, 1, "zunyi",
     "a seat neither won nor ready pays back each 幺鸡 it discarded",
     "未胡未听者按自己打出的幺鸡赔每家胡牌或听牌者"},
};

// Z6: the 鸡 fields of a table.
constexpr TableField kTableFields[] = {chicken_fields::kDiscardedYaoji, chicken_fields::kChongfeng,
                                       chicken_fields::kFlipped};

std::unique_ptr<Ruleset> make_zunyi(Options options) {
  return std::make_unique<Zunyi>(std::move(options));
}

}  // namespace

extern const RulesetInfo zunyi_ruleset;
constinit const RulesetInfo zunyi_ruleset = {"zunyi",    "Zunyi",  "遵义",
                                             make_zunyi, kOptions, kTableFields};

// ADVICE A5: Z2's structures on at most two suits (Z1), and with 清一色 (one item each, as
// the combined pattern scores). 边卡吊, 大宽张 and 龙七对 depend on the wait or the winning tile,
// known only at the ready step (they are among the waits' values).
std::vector<AdviceLine> Zunyi::advice_lines() const {
  using F = Family::Form;
  auto value = [&](std::string_view id) { return row_values_[kTable.index(id)]; };
  auto item = [&](std::string_view id) { return kTable.item(kTable.index(id), options_); };
  const std::int64_t flush = value("qingyise");
  return {
      {item("pinghu"), {F::Standard, 2}, std::nullopt},
      {item("duiduihu"), {F::Pungs, 2}, std::nullopt},
      {item("anqidui"), {F::SevenPairs, 2}, std::nullopt},
      {item("qingyise"), {F::Standard, 1}, Family{F::SevenPairs, 1}},
      {{"qingdui", "清大对", "Flush all pungs", value("duiduihu") + flush},
       {F::Pungs, 1},
       std::nullopt},
      {{"qingqidui", "清七对", "Flush seven pairs", value("anqidui") + flush},
       {F::SevenPairs, 1},
       std::nullopt},
  };
}

}  // namespace qianmj
