// qianmj rules: the pattern table and the house options in effect.
#include <iostream>

#include "commands.hpp"
#include "qianmj/json.hpp"

namespace qianmj::cli {

CLI::App* RulesCommand::add(CLI::App& app) {
  return app.add_subcommand("rules", "Print the pattern table and the house options in effect");
}

int RulesCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  auto rules = make_rules(c, out, err);
  if (!rules) return kBad;
  if (c.json) {
    print_json(rules_json(*rules), out);
    return kOk;
  }
  bool zh = c.chinese;
  Unit unit = rules->unit();
  if (unit == Unit::Fan)
    out << rules->name().in(zh) << (zh ? " 番型（只计最大番）\n" : " patterns (only the highest counts)\n");
  else
    out << rules->name().in(zh)
        << (zh ? " 牌型（只计最高的一种，清一色另加）\n" : " patterns (the highest one counts; 清一色 adds)\n");
  for (const auto& p : rules->patterns())
    out << "  " << p.id << std::string(16 - std::min<std::size_t>(15, p.id.size()), ' ')
        << item_name(p.item(), zh) << "  " << unit_text(p.value, unit, zh) << "  — "
        << (zh ? p.definition_zh : p.definition_en) << '\n';
  out << (zh ? "加番\n" : "Add-ons\n");
  for (const auto& p : rules->addons())
    out << "  " << p.id << std::string(16 - std::min<std::size_t>(15, p.id.size()), ' ')
        << item_name(p.item(), zh) << "  "
        << (p.id == "lianzhuang" ? std::string("+N") : "+" + std::to_string(rules->addon(p.id).value))
        << "  — " << (zh ? p.definition_zh : p.definition_en) << '\n';
  out << (zh ? "房规选项（--rule NAME=VALUE）\n" : "House options (--rule NAME=VALUE)\n");
  for (const auto& o : option_specs()) {
    if (!option_applies(o, rules->id())) continue;
    std::int64_t v = rules->options().get(o.name);
    std::string shown = o.boolean ? (v ? "on" : "off") : std::to_string(v);
    out << "  " << o.name << " = " << shown << (v != o.default_value ? (zh ? "（已修改）" : " (changed)") : "")
        << "  — " << (zh ? o.zh : o.en) << '\n';
  }
  return kOk;
}

}  // namespace qianmj::cli
