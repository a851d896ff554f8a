// qianmj rules: the pattern table and the house options in effect.
#include <iostream>

#include "commands.hpp"
#include "help.hpp"
#include "qianmj/answers/rule_texts.hpp"
#include "qianmj/formats/json.hpp"

namespace qianmj::cli {

CLI::App* RulesCommand::add(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "rules",
      "Print the pattern table and the house options in effect, or explain rules by id (rules D3)");
  doc(*cmd, "显示番型表和当前房规，或按编号解释规则（rules D3）");
  // Every rule id, for completion: "C1" ... "C7", "D1" ...
  std::vector<std::string> ids;
  for (const auto& [first, last] : rule_id_ranges()) {
    auto digits = first.find_first_of("0123456789");
    if (digits == std::string_view::npos || last.substr(0, digits) != first.substr(0, digits)) {
      ids.emplace_back(first);
      continue;
    }
    int from = std::stoi(std::string(first.substr(digits)));
    int to = std::stoi(std::string(last.substr(digits)));
    for (int n = from; n <= to; ++n)
      ids.push_back(std::string(first.substr(0, digits)) + std::to_string(n));
  }
  doc(*cmd,
      cmd->add_option("id", ids_, "rule ids to explain: " + rule_id_list("-", ", ", ", "))
          ->type_name("ID"),
      "要解释的规则编号：" + rule_id_list("–", "、", "、"), ids);
  doc(*cmd,
      cmd->add_flag("--markdown", markdown_,
                    "print the whole rule reference as Markdown (docs/rules.md)"),
      "以 Markdown 输出全部规则（docs/rules.md）");
  return cmd;
}

int RulesCommand::run(const Common& c, std::ostream& out, std::ostream& err) const {
  Request r = request_of(c, Command::Rules);
  r.rule_ids = ids_;
  r.markdown = markdown_;
  return write_answer(answer(r), c, out, err);
}

}  // namespace qianmj::cli
