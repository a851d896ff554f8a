#include "qianmj/options.hpp"

#include <charconv>
#include <stdexcept>

#include "qianmj/registry.hpp"

namespace qianmj {

std::span<const OptionSpec> option_specs() {
  constexpr std::int64_t kBig = 1'000'000'000'000'000;  // 10^15: amounts stay exact in int64
  static constexpr OptionSpec specs[] = {
      {"base", 6, false, 1, kBig, "duyun", "points per fan", "每番分数（底分）"},
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
      {"dead-wait-ready", 0, true, 0, 1, "", "a hand whose only waits are dead counts as ready",
       "所叫的牌都已被自己拿完的手牌也算听牌"},
      {"zunyi-pinghu", 2, false, 0, 1000, "zunyi", "平胡 points", "平胡分数"},
      {"zunyi-qianggang", 3, false, 0, 1000, "zunyi", "抢杠 add-on points", "抢杠加分"},
      {"zunyi-qianggang-bao", 0, true, 0, 1, "zunyi", "抢杠: the robbed seat pays what a self-draw would collect",
       "抢杠时被抢者包三家（按自摸分赔付）"},
      {"zunyi-baoting", 10, false, 0, 1000, "zunyi", "报听 add-on points for a winner who declared it",
       "报听者胡牌加分"},
      {"zunyi-shabao", 10, false, 0, 1000, "zunyi", "杀报 add-on points when the discarder declared 报听",
       "杀报：点炮者报听时加分"},
      {"zunyi-long-on-win", 1, true, 0, 1, "zunyi", "龙七对 needs the winning tile to complete the four alike",
       "龙七对须由和牌张凑成四张"},
      {"zunyi-dou-needs-ready", 1, true, 0, 1, "zunyi", "豆 count only for a winner or a ready konger",
       "豆只算给胡牌或听牌的杠牌者"},
      {"ji", 1, false, 0, 1000, "zunyi", "points per 鸡 per other seat", "每只鸡每家分数"},
      {"chongfeng-ji", 2, false, 0, 1000, "zunyi", "points for the 冲锋鸡 per other seat",
       "冲锋鸡每家分数"},
      {"bao-ji", 0, true, 0, 1, "zunyi", "a seat neither won nor ready pays back each 幺鸡 it discarded",
       "未胡未听者按自己打出的幺鸡赔每家胡牌或听牌者"},
  };
  return specs;
}

namespace {

std::optional<std::size_t> option_index(std::string_view name) {
  const auto specs = option_specs();
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (specs[i].name == name) return i;
  return std::nullopt;
}

Error option_error(std::string en, std::string zh) {
  return Error{ErrorCode::BadOption, std::move(en), std::move(zh), 0, ""};
}

std::string names_of(std::string_view rules_id) {
  std::string names;
  for (const auto& s : option_specs())
    if (rules_id.empty() || option_applies(s, rules_id)) names += (names.empty() ? "" : ", ") + std::string(s.name);
  return names;
}

Error foreign(std::string_view name, const OptionSpec& spec, std::string_view rules_id) {
  const RulesetInfo* here = find_ruleset(rules_id);
  const RulesetInfo* owner = find_ruleset(spec.rules);
  std::string n(name), id(spec.rules);
  std::string owner_en = owner ? std::string(owner->en) : id, owner_zh = owner ? std::string(owner->zh) : id;
  std::string here_en = here ? std::string(here->en) : std::string(rules_id);
  std::string here_zh = here ? std::string(here->zh) : std::string(rules_id);
  Error e = option_error(n + " is an option of the " + owner_en + " rules (--rules " + id + "); the " + here_en +
                             " rules have no such option (qianmj rules --rules " + std::string(rules_id) +
                             " lists them)",
                         n + " 是" + owner_zh + "规则的选项（--rules " + id + "）；" + here_zh +
                             "规则没有此选项（qianmj rules --rules " + std::string(rules_id) + " 列出全部选项）");
  e.field = "options." + n;
  return e;
}

}  // namespace

Options::Options() : set_(option_specs().size(), false) {
  for (const auto& s : option_specs()) values_.push_back(s.default_value);
}

Options::Options(std::string_view rules_id) : Options() { rules_ = rules_id; }

std::optional<Error> Options::set(std::string_view name, std::int64_t value) {
  auto i = option_index(name);
  if (!i)
    return option_error("unknown house rule '" + std::string(name) + "' (known: " + names_of(rules_) + ")",
                        "未知的规则选项“" + std::string(name) + "”（可用：" + names_of(rules_) + "）");
  const auto& spec = option_specs()[*i];
  if (!rules_.empty() && !option_applies(spec, rules_)) return foreign(name, spec, rules_);
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
  set_[*i] = true;
  return std::nullopt;
}

std::optional<Error> Options::set(std::string_view name, std::string_view text) {
  auto i = option_index(name);
  if (!i) return set(name, std::int64_t{0});  // reports the unknown name
  const auto& spec = option_specs()[*i];
  if (!rules_.empty() && !option_applies(spec, rules_)) return foreign(name, spec, rules_);
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

std::optional<Error> Options::set_switch(std::string_view name, bool value) {
  auto i = option_index(name);
  if (i && !option_specs()[*i].boolean)
    return option_error(std::string(name) + " takes a whole number, not " + (value ? "true" : "false"),
                        std::string(name) + " 应为整数，而不是 " + (value ? "true" : "false"));
  return set(name, std::int64_t{value});
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
  if (!i) throw std::logic_error("qianmj: no house rule named " + std::string(name));
  return values_[*i];
}

std::vector<std::string_view> Options::set_names() const {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < set_.size(); ++i)
    if (set_[i]) out.push_back(option_specs()[i].name);
  return out;
}

bool Options::changed(std::string_view name) const {
  auto i = option_index(name);
  return i && values_[*i] != option_specs()[*i].default_value;
}

std::optional<Error> foreign_option(std::string_view rules_id, const Options& options) {
  for (auto name : options.set_names()) {
    const OptionSpec& spec = option_specs()[*option_index(name)];
    if (!option_applies(spec, rules_id)) return foreign(name, spec, rules_id);
  }
  return std::nullopt;
}

}  // namespace qianmj
