#include "qianmj/rules.hpp"

#include <algorithm>
#include <charconv>

#include "qianmj/duyun.hpp"
#include "qianmj/zunyi.hpp"

namespace qianmj {

const std::vector<OptionSpec>& option_specs() {
  constexpr std::int64_t kBig = 1'000'000'000'000'000;  // 10^15: amounts stay exact in int64
  static const std::vector<OptionSpec> specs = {
      {"base", 6, false, 1, kBig, "duyun", "points per fan", "每番分数（底分）"},
      {"qianggang-fan", 0, false, 0, 1000, "duyun", "add-on fan for 抢杠", "抢杠加番"},
      {"pinghu-gangshangpao", 1, true, 0, 1, "duyun", "a 平胡 without 豆 may win off a 杠上炮",
       "无豆平胡可胡杠上炮"},
      {"gangshangpao-split", 0, true, 0, 1, "duyun",
       "一炮多响 after a kong: split the transferred kong income", "杠上炮一炮多响时平分转移的豆"},
      {"huazhu", 1, true, 0, 1, "duyun", "查花猪 at a draw", "流局查花猪"},
      {"huazhu-penalty", 16, false, 0, 1000, "duyun", "花猪 pays this × base to each non-花猪 seat",
       "花猪赔每家非花猪的倍数（× 底分）"},
      {"escape-penalty", 16, false, 0, 1000, "duyun", "escaper pays this × base to each other seat",
       "逃跑者赔每家的倍数（× 底分）"},
      {"zunyi-pinghu", 2, false, 0, 1000, "zunyi", "平胡 points", "平胡分数"},
      {"zunyi-qianggang", 3, false, 0, 1000, "zunyi", "抢杠 add-on points", "抢杠加分"},
      {"zunyi-dou-needs-ready", 1, true, 0, 1, "zunyi", "豆 count only for a winner or a ready konger",
       "豆只算给胡牌或听牌的杠牌者"},
      {"ji", 1, false, 0, 1000, "zunyi", "points per 鸡 per other seat", "每只鸡每家分数"},
      {"chongfeng-ji", 2, false, 0, 1000, "zunyi", "points for the 冲锋鸡 per other seat",
       "冲锋鸡每家分数"},
      {"bao-ji", 0, true, 0, 1, "zunyi", "a non-ready seat pays its own 鸡 to each ready seat",
       "未听牌者按自己的鸡赔每家听牌者"},
  };
  return specs;
}

namespace {

std::optional<std::size_t> option_index(std::string_view name) {
  const auto& specs = option_specs();
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (specs[i].name == name) return i;
  return std::nullopt;
}

Error option_error(std::string en, std::string zh) {
  return Error{ErrorCode::BadOption, std::move(en), std::move(zh), 0, ""};
}

}  // namespace

Options::Options() {
  for (const auto& s : option_specs()) values_.push_back(s.default_value);
}

std::optional<Error> Options::set(std::string_view name, std::int64_t value) {
  auto i = option_index(name);
  if (!i) {
    std::string names;
    for (const auto& s : option_specs()) names += (names.empty() ? "" : ", ") + std::string(s.name);
    return option_error("unknown house rule '" + std::string(name) + "' (known: " + names + ")",
                        "未知的规则选项“" + std::string(name) + "”（可用：" + names + "）");
  }
  const auto& spec = option_specs()[*i];
  if (value < spec.min || value > spec.max)
    return option_error(std::string(name) + " must be " +
                            (spec.boolean ? std::string("on or off")
                                          : "from " + std::to_string(spec.min) + " to " +
                                                std::to_string(spec.max)) +
                            ", not " + std::to_string(value),
                        std::string(name) + " 应为 " +
                            (spec.boolean ? std::string("on 或 off")
                                          : std::to_string(spec.min) + " 到 " +
                                                std::to_string(spec.max)) +
                            "，而不是 " + std::to_string(value));
  values_[*i] = value;
  return std::nullopt;
}

std::optional<Error> Options::set(std::string_view name, std::string_view text) {
  auto i = option_index(name);
  if (!i) return set(name, std::int64_t{0});  // reports the unknown name
  const auto& spec = option_specs()[*i];
  if (spec.boolean) {
    if (text == "on" || text == "true" || text == "1" || text == "yes") return set(name, std::int64_t{1});
    if (text == "off" || text == "false" || text == "0" || text == "no") return set(name, std::int64_t{0});
    return option_error(std::string(name) + " takes on or off, not '" + std::string(text) + "'",
                        std::string(name) + " 取值为 on 或 off，而不是“" + std::string(text) + "”");
  }
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range)
    return Error{ErrorCode::OutOfRange, std::string(name) + " is too large: " + std::string(text),
                 std::string(name) + " 过大：" + std::string(text), 0, ""};
  if (ec != std::errc() || end != text.data() + text.size())
    return option_error(std::string(name) + " takes a whole number, not '" + std::string(text) + "'",
                        std::string(name) + " 应为整数，而不是“" + std::string(text) + "”");
  return set(name, v);
}

std::optional<Error> Options::set_assignment(std::string_view assignment) {
  auto eq = assignment.find('=');
  if (eq == std::string_view::npos)
    return option_error("--rule takes NAME=VALUE, not '" + std::string(assignment) + "'",
                        "--rule 的格式为 NAME=VALUE，而不是“" + std::string(assignment) + "”");
  return set(assignment.substr(0, eq), assignment.substr(eq + 1));
}

std::int64_t Options::get(std::string_view name) const {
  auto i = option_index(name);
  return i ? values_[*i] : 0;
}

std::string_view role_name(Payer::Role r) {
  switch (r) {
    case Payer::Role::Discarder: return "discarder";
    case Payer::Role::Dealer: return "dealer";
    case Payer::Role::Other: return "other";
  }
  return "other";
}

std::unique_ptr<Ruleset> make_ruleset(std::string_view id, Options options) {
  if (id == "duyun") return std::make_unique<Duyun>(std::move(options));
  if (id == "zunyi") return std::make_unique<Zunyi>(std::move(options));
  return nullptr;
}

WaitsAnswer analyze_waits(const Ruleset& rules, const Hand& hand, const Situation& s) {
  WaitsAnswer answer;
  answer.hand = hand;
  Hand won = hand;  // the hand with each wait in turn
  const auto waits = formal_waits(hand);
  answer.waits.reserve(waits.size());
  for (const auto& w : waits) {
    ++won.concealed[w.tile.index()];
    auto pattern = rules.best_pattern(won, w.tile, s);
    Situation on_discard = s;
    on_discard.win_tile = w.tile;
    on_discard.zimo = false;
    bool legal = pattern && rules.legal_on_discard(*pattern, won, on_discard);
    if (!pattern && !answer.reason) answer.reason = rules.no_win_reason(won);  // e.g. Z1
    --won.concealed[w.tile.index()];
    if (!pattern) continue;  // a shape this rule set does not accept as a win
    if (w.live) {
      answer.ready = true;
      if (!answer.dajiao || pattern->value > answer.dajiao->value) answer.dajiao = *pattern;
    }
    answer.waits.push_back({w, std::move(*pattern), legal});
  }
  return answer;
}

std::vector<DiscardAnswer> analyze_discards(const Ruleset& rules, const Hand& hand,
                                            const Situation& s) {
  std::vector<DiscardAnswer> out;
  for (int i = 0; i < kKinds; ++i) {
    if (!hand.concealed[i]) continue;
    Hand rest = hand;
    --rest.concealed[i];
    auto w = analyze_waits(rules, rest, s);
    if (w.ready) out.push_back({Tile::from_index(i), std::move(w)});
  }
  return out;
}

namespace {
Error inconsistent(std::string en, std::string zh) {
  return Error{ErrorCode::Inconsistent, std::move(en), std::move(zh), 0, ""};
}
}  // namespace

std::optional<Error> normalize_situation(const Hand& hand, Situation& s, std::vector<Text>& notes) {
  if (s.streak < 0)
    return Error{ErrorCode::OutOfRange, "--streak must be 0 or more", "--streak 不能为负数", 0, ""};
  if (s.win_tile && hand.concealed[s.win_tile->index()] == 0)
    return inconsistent("the winning tile " + s.win_tile->ascii() + " is not among the concealed tiles",
                        "和牌张 " + s.win_tile->chinese() + " 不在手牌中");
  if (s.tianhu && s.dihu)
    return inconsistent("--tianhu (dealer) and --dihu (non-dealer) exclude each other",
                        "天胡（庄家）与地胡（闲家）不能同时成立");
  if (s.zimo && s.payer_baoting)
    return inconsistent("--payer-baoting needs a discarder; a self-draw has none",
                        "自摸没有点炮者，不能使用 --payer-baoting");
  if (s.zimo && s.robbing_kong)
    return inconsistent("--robbing-kong is a win off another's kong, not a self-draw",
                        "抢杠是胡他人的杠牌，不是自摸");
  if (s.robbing_kong && s.after_kong)
    return inconsistent("--robbing-kong and --after-kong exclude each other",
                        "抢杠与杠上花/杠上炮不能同时成立");
  if (s.after_kong && s.zimo && !hand.has_kong())
    return inconsistent("杠上花 is a win on a kong's replacement tile: the hand shows no kong",
                        "杠上花是杠后补牌自摸，但手牌中没有杠");
  if (s.tianhu) {
    if (s.dealer == DealerRole::Payer)
      return inconsistent("天胡 is the dealer's win: --dealer must be winner",
                          "天胡是庄家胡牌：--dealer 应为 winner");
    if (s.after_kong || s.robbing_kong || s.payer_baoting)
      return inconsistent("天胡 is won on the dealt tiles: no kong, discard or discarder",
                          "天胡是起手即胡：没有杠、点炮或点炮者");
    if (!s.zimo) notes.push_back({"天胡 is paid as a self-draw", "天胡按自摸计算"});
    if (s.dealer == DealerRole::None) notes.push_back({"天胡: the winner is the dealer", "天胡：胡牌者为庄家"});
    s.zimo = true;
    s.dealer = DealerRole::Winner;
  }
  if (s.tianhu && !hand.melds.empty())
    return inconsistent("天胡 is won on the dealt tiles: a meld is not possible",
                        "天胡是起手即胡：不可能有碰或杠");
  if (s.robbing_kong && s.win_tile && hand.all_copies()[s.win_tile->index()] > 1)
    return inconsistent("robbing a kong of " + s.win_tile->ascii() +
                            " leaves one copy for the winner; this hand holds more",
                        "抢杠 " + s.win_tile->chinese() + " 时其余三张在被抢者的碰里，胡家只能有这一张");
  if (s.dihu && s.dealer == DealerRole::Winner)
    return inconsistent("地胡 is a non-dealer's win: --dealer cannot be winner",
                        "地胡是闲家胡牌：--dealer 不能为 winner");
  return std::nullopt;
}

std::optional<std::int64_t> checked_add(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

std::optional<std::int64_t> checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

Error out_of_range(std::string_view what_en, std::string_view what_zh) {
  return Error{ErrorCode::OutOfRange,
               std::string(what_en) + " is too large to compute exactly (over 2^63)",
               std::string(what_zh) + "过大，无法精确计算（超过 2^63）", 0, ""};
}

}  // namespace qianmj
