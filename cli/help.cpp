#include "help.hpp"

#include <algorithm>
#include <sstream>

#include "qianmj/core/terminal_text.hpp"

namespace qianmj::cli {

namespace {

std::string group_label(const std::string& group, bool zh) {
  if (!zh) return group;
  if (group == kGroupOptions) return "选项";
  if (group == kGroupPipeline) return "管道（HAND 为 - 时）";
  if (group == kGroupCommon) return "通用选项";
  return group;
}

// The name of an option's value: its type name without CLI11's list of choices
// ("WHO:{winner,payer,none}" -> "WHO").
std::string value_name(const CLI::Option* o) {
  std::string t = o->get_type_name();
  if (auto colon = t.find(':'); colon != std::string::npos) t.resize(colon);
  return t;
}

// "-h, --help", "--win TILE", "HAND..." as the help shows it.
std::string option_label(const CLI::Option* o) {
  if (!o->nonpositional()) {
    std::string t = value_name(o);
    return (t.empty() ? o->get_name() : t) + (o->get_expected_max() > 1 ? "..." : "");
  }
  std::string out;
  for (const auto& s : o->get_snames()) out += (out.empty() ? "-" : ", -") + s;
  for (const auto& l : o->get_lnames()) out += (out.empty() ? "--" : ", --") + l;
  if (o->get_expected_max() > 0) out += " " + value_name(o);
  return out;
}

std::string command_path(const CLI::App* app) {
  std::string path = app->get_name();
  for (const CLI::App* p = app->get_parent(); p; p = p->get_parent())
    path = p->get_name() + (path.empty() ? "" : " ") + path;
  return path;
}

void table_row(std::ostringstream& out, const std::string& left, const std::string& right) {
  constexpr int kColumn = 28;
  out << "  " << left;
  int used = 2 + display_width(left);
  if (used > kColumn - 2) {
    out << '\n';
    used = 0;
  }
  out << std::string(static_cast<std::size_t>(kColumn - used), ' ') << right << '\n';
}

// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
// neighbours ("scroe" is one step from "score").
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::vector<std::string> HelpFormatter::values(const CLI::Option* o) const {
  auto it = values_.find(o);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

std::string HelpFormatter::description(const CLI::App* a, bool zh) const {
  if (zh)
    if (auto it = app_zh_.find(a); it != app_zh_.end()) return it->second;
  return a->get_description();
}

std::string HelpFormatter::description(const CLI::Option* o, bool zh) const {
  if (zh)
    if (auto it = option_zh_.find(o); it != option_zh_.end()) return it->second;
  return o->get_description();
}

std::string HelpFormatter::make_help(const CLI::App* app, std::string, CLI::AppFormatMode) const {
  const bool zh = chinese;
  std::ostringstream out;
  out << description(app, zh) << "\n\n";
  const auto subs = subcommands_of(*app);
  std::vector<const CLI::Option*> positionals;
  for (const CLI::Option* o : app->get_options())
    if (!o->nonpositional()) positionals.push_back(o);
  out << (zh ? "用法：" : "Usage: ") << command_path(app);
  if (!subs.empty()) out << (zh ? " [选项] 子命令" : " [OPTIONS] SUBCOMMAND");
  for (const CLI::Option* p : positionals)
    out << ' ' << (p->get_required() ? "" : "[") << option_label(p)
        << (p->get_required() ? "" : "]");
  if (subs.empty()) out << (zh ? " [选项]" : " [OPTIONS]");
  out << '\n';
  if (!positionals.empty()) {
    out << '\n' << (zh ? "参数：" : "Arguments:") << '\n';
    for (const CLI::Option* p : positionals) table_row(out, option_label(p), description(p, zh));
  }
  for (const char* group : {kGroupOptions, kGroupPipeline, kGroupCommon}) {
    std::vector<const CLI::Option*> in_group;
    for (const CLI::Option* o : app->get_options())
      if (o->nonpositional() && o->get_group() == group) in_group.push_back(o);
    if (in_group.empty()) continue;
    out << '\n' << group_label(group, zh) << (zh ? "：" : ":") << '\n';
    for (const CLI::Option* o : in_group) table_row(out, option_label(o), description(o, zh));
  }
  if (!subs.empty()) {
    out << '\n' << (zh ? "子命令：" : "Subcommands:") << '\n';
    for (const CLI::App* s : subs) table_row(out, s->get_name(), description(s, zh));
    out << '\n'
        << (zh ? "各子命令的选项：qianmj help 子命令（或 qianmj 子命令 --help）"
               : "Each subcommand's options: qianmj help SUBCOMMAND (or qianmj SUBCOMMAND --help)")
        << '\n';
  }
  return out.str();
}

HelpFormatter* help_formatter(const CLI::App& app) {
  return dynamic_cast<HelpFormatter*>(app.get_formatter().get());
}

CLI::Option* doc(CLI::App& cmd, CLI::Option* o, std::string zh, std::vector<std::string> values) {
  if (auto* f = help_formatter(cmd)) {
    f->set_zh(o, std::move(zh));
    if (!values.empty()) f->set_values(o, std::move(values));
  }
  return o;
}

void doc(CLI::App& cmd, std::string zh) {
  if (auto* f = help_formatter(cmd)) f->set_zh(&cmd, std::move(zh));
}

std::vector<const CLI::App*> subcommands_of(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App*) { return true; });
}

std::string nearest(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = word.size() / 3 + 1;
  for (const auto& c : candidates) {
    std::size_t d = edit_distance(word, c);
    if (d < best_distance) best = c, best_distance = d;
  }
  if (!best.empty()) return best;
  std::vector<std::string> starts;  // "--after" -> "--after-kong"
  for (const auto& c : candidates)
    if (word.size() >= 3 && c.starts_with(word)) starts.push_back(c);
  return starts.size() == 1 ? starts.front() : "";
}

std::string suggestion(const CLI::App& app, const std::vector<std::string>& unexpected) {
  const CLI::App* where = &app;
  for (auto subs = app.get_subcommands(); !subs.empty(); subs = where->get_subcommands())
    where = subs.front();
  for (const auto& word : unexpected) {
    std::vector<std::string> candidates;
    if (word.starts_with("-")) {
      for (const CLI::Option* o : where->get_options()) {
        for (const auto& l : o->get_lnames()) candidates.push_back("--" + l);
        for (const auto& s : o->get_snames()) candidates.push_back("-" + s);
      }
    } else if (where == &app) {
      for (const CLI::App* s : subcommands_of(app)) candidates.push_back(s->get_name());
    }
    std::string near = nearest(word.substr(0, word.find('=')), candidates);
    if (!near.empty()) return near;
  }
  return "";
}

namespace {

struct Spec {                      // one option as a completion script needs it
  std::vector<std::string> names;  // "--win", "-h"
  bool takes_value = false;
  std::string type;                 // "TILE"
  std::vector<std::string> values;  // candidates, or empty
  bool files = false;               // a FILE value
  bool repeatable = false;          // an option that may be given again
  std::string help;
};

std::vector<Spec> specs_of(const CLI::App& app, const HelpFormatter* f, bool positional) {
  std::vector<Spec> out;
  for (const CLI::Option* o : app.get_options()) {
    if (o->nonpositional() == positional) continue;
    Spec s;
    for (const auto& n : o->get_snames()) s.names.push_back("-" + n);
    for (const auto& n : o->get_lnames()) s.names.push_back("--" + n);
    if (positional) s.names.push_back(o->get_name());
    s.takes_value = positional || o->get_expected_max() > 0;
    s.type = value_name(o);
    s.repeatable = !positional && o->get_expected_max() > 1;  // --rule
    if (f) s.values = f->values(o);
    s.files = s.type.find("FILE") != std::string::npos;
    s.help = o->get_description();
    out.push_back(std::move(s));
  }
  return out;
}

std::string join(const std::vector<std::string>& v, const char* sep = " ") {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

std::string single_quoted(std::string s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

// A description inside zsh's _arguments "[...]" or _describe "name:desc".
std::string zsh_text(std::string s) {
  std::string out;
  for (char ch : s) {
    if (ch == '[') ch = '(';
    if (ch == ']') ch = ')';
    if (ch == ':' || ch == '\\') out += '\\';
    out += ch;
  }
  return out;
}

std::string bash_script(const CLI::App& app, const HelpFormatter* f) {
  const auto subs = subcommands_of(app);
  std::ostringstream out;
  out << "# bash completion for qianmj. Generated by `qianmj completions bash` from the option\n"
         "# table the parser uses; do not edit.\n"
         "_qianmj() {\n"
         "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
         "  local sub='' i\n"
         "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "    case ${COMP_WORDS[i]} in\n"
         "      ";
  std::vector<std::string> names;
  for (const CLI::App* s : subs) names.push_back(s->get_name());
  out << join(names, "|") << ")\n"
      << "        sub=${COMP_WORDS[i]}\n"
         "        break\n"
         "        ;;\n"
         "    esac\n"
         "  done\n";
  // An option's value: its candidates, files, or nothing to offer.
  std::map<std::string, std::string> value_cases;  // "--rules" -> the case body
  auto value_case = [&](const Spec& s) {
    if (!s.takes_value || s.names.empty() || !s.names.front().starts_with("-")) return;
    std::string body;
    if (!s.values.empty()) {
      bool open = std::any_of(s.values.begin(), s.values.end(),
                              [](const std::string& v) { return v.ends_with("="); });
      body = "COMPREPLY=($(compgen -W " + single_quoted(join(s.values)) + " -- \"$cur\"))";
      if (open) body += "\n      compopt -o nospace";
    } else if (s.files) {
      body = "COMPREPLY=($(compgen -f -- \"$cur\"))";
    } else {
      body = ":";  // a value no list can offer (a tile, a number)
    }
    for (const auto& n : s.names) value_cases[n] = body;
  };
  for (const auto& s : specs_of(app, f, false)) value_case(s);
  for (const CLI::App* sub : subs)
    for (const auto& s : specs_of(*sub, f, false)) value_case(s);
  out << "  case $prev in\n";
  for (const auto& [name, body] : value_cases)
    out << "    " << name << ")\n      " << body << "\n      return\n      ;;\n";
  out << "  esac\n"
         "  local words='' files=''\n"
         "  case $sub in\n";
  auto words_case = [&](const std::string& label, const CLI::App& a) {
    std::vector<std::string> words;
    for (const auto& s : specs_of(a, f, false))
      for (const auto& n : s.names) words.push_back(n);
    bool files = false;
    std::vector<std::string> positional_values;
    for (const auto& s : specs_of(a, f, true)) {
      files = files || s.files;
      for (const auto& v : s.values) positional_values.push_back(v);
    }
    if (&a == &app)
      for (const CLI::App* s : subs) positional_values.push_back(s->get_name());
    out << "    " << label << ")\n"
        << "      words=" << single_quoted(join(words)) << "\n";
    if (!positional_values.empty())
      out << "      [[ $cur == -* ]] || words=" << single_quoted(join(positional_values)) << "\n";
    if (files) out << "      files=1\n";
    out << "      ;;\n";
  };
  words_case("''", app);
  for (const CLI::App* sub : subs) words_case(sub->get_name(), *sub);
  out << "  esac\n"
         "  COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
         "  if [[ -n $files && $cur != -* ]]; then\n"
         "    COMPREPLY+=($(compgen -f -- \"$cur\"))\n"
         "  fi\n"
         "}\n"
         "complete -F _qianmj qianmj\n";
  return out.str();
}

// What zsh offers for a value: its candidates, files, or nothing.
std::string zsh_action(const Spec& s) {
  return !s.values.empty() ? "(" + join(s.values) + ")" : s.files ? "_files" : " ";
}

// One _arguments spec a line: '--win[the winning tile]:TILE:' etc.
std::string zsh_specs(const CLI::App& a, const HelpFormatter* f, const std::string& indent) {
  std::string out;
  for (const auto& s : specs_of(a, f, false)) {
    const std::string action = s.takes_value ? ":" + zsh_text(s.type) + ":" + zsh_action(s) : "";
    const std::string text = "[" + zsh_text(s.help) + "]" + action;
    if (s.names.size() == 1)  // '*--rule[...]': a repeatable option may be given again
      out += indent + single_quoted((s.repeatable ? "*" : "") + s.names.front() + text) + " \\\n";
    else
      out += indent + "{" + join(s.names, ",") + "}" + single_quoted(text) + " \\\n";
  }
  for (const auto& s : specs_of(a, f, true))
    out += indent + single_quoted("*:" + zsh_text(s.type) + ":" + zsh_action(s)) + " \\\n";
  return out;
}

std::string zsh_script(const CLI::App& app, const HelpFormatter* f) {
  const auto subs = subcommands_of(app);
  std::ostringstream out;
  out << "#compdef qianmj\n"
         "# zsh completion for qianmj. Generated by `qianmj completions zsh` from the option\n"
         "# table the parser uses; do not edit.\n"
         "_qianmj() {\n"
         "  local curcontext=$curcontext state line\n"
         "  local -a subcommands\n"
         "  subcommands=(\n";
  for (const CLI::App* s : subs)
    out << "    " << single_quoted(s->get_name() + ":" + zsh_text(s->get_description())) << "\n";
  out << "  )\n"
         "  _arguments -C \\\n"
      << zsh_specs(app, f, "    ")
      << "    '1: :->subcommand' \\\n"
         "    '*:: :->arguments'\n"
         "  case $state in\n"
         "    subcommand)\n"
         "      _describe 'subcommand' subcommands\n"
         "      ;;\n"
         "    arguments)\n"
         "      case $line[1] in\n";
  for (const CLI::App* s : subs) {
    std::string specs = zsh_specs(*s, f, "            ");
    if (!specs.empty()) specs.erase(specs.size() - 3);  // the last " \\\n"
    out << "        " << s->get_name() << ")\n"
        << "          _arguments \\\n"
        << specs << "\n"
        << "          ;;\n";
  }
  out << "      esac\n"
         "      ;;\n"
         "  esac\n"
         "}\n"
         "_qianmj \"$@\"\n";
  return out.str();
}

std::string fish_script(const CLI::App& app, const HelpFormatter* f) {
  const auto subs = subcommands_of(app);
  std::ostringstream out;
  out << "# fish completion for qianmj. Generated by `qianmj completions fish` from the option\n"
         "# table the parser uses; do not edit.\n"
         "complete -c qianmj -f\n";
  std::vector<std::string> names;
  for (const CLI::App* s : subs) names.push_back(s->get_name());
  for (const CLI::App* s : subs)
    out << "complete -c qianmj -n __fish_use_subcommand -a " << s->get_name() << " -d "
        << single_quoted(s->get_description()) << "\n";
  auto options = [&](const CLI::App& a, const std::string& condition) {
    for (const auto& s : specs_of(a, f, false)) {
      out << "complete -c qianmj";
      if (!condition.empty()) out << " -n " << single_quoted(condition);
      for (const auto& n : s.names)
        out << (n.starts_with("--") ? " -l " + n.substr(2) : " -s " + n.substr(1));
      if (s.takes_value) out << (s.files ? " -r -F" : " -x");
      if (!s.values.empty()) out << " -a " << single_quoted(join(s.values));
      out << " -d " << single_quoted(s.help) << "\n";
    }
    for (const auto& s : specs_of(a, f, true)) {
      if (!s.files && s.values.empty()) continue;
      out << "complete -c qianmj";
      if (!condition.empty()) out << " -n " << single_quoted(condition);
      out << (s.files ? " -F" : " -a " + single_quoted(join(s.values))) << "\n";
    }
  };
  options(app, "__fish_use_subcommand");
  for (const CLI::App* s : subs) options(*s, "__fish_seen_subcommand_from " + s->get_name());
  return out.str();
}

}  // namespace

std::string completion_script(const CLI::App& app, std::string_view shell) {
  const HelpFormatter* f = help_formatter(app);
  if (shell == "bash") return bash_script(app, f);
  if (shell == "zsh") return zsh_script(app, f);
  if (shell == "fish") return fish_script(app, f);
  return "";
}

}  // namespace qianmj::cli
