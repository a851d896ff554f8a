// The library's layers (docs/architecture.md): every include in lib/ points down the list,
// core < engine < formats < answers, with the rule sets beside engine.
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "testdata.hpp"

namespace fs = std::filesystem;

namespace {

// The layer a path in lib/src or lib/include/qianmj belongs to ("rules/zunyi" for a rule
// set's folder), from its folders; "" for the umbrella header and the version.
std::string layer_of(const std::string& path) {
  const auto slash = path.find('/');
  if (slash == std::string::npos) return "";
  const std::string top = path.substr(0, slash);
  if (top != "rules") return top;
  const auto second = path.find('/', slash + 1);
  return second == std::string::npos ? "rules" : path.substr(0, second);
}

// Whether a file of layer `from` may include one of layer `to`.
bool may_include(const std::string& from, const std::string& to) {
  static const std::map<std::string, std::set<std::string>> kBelow = {
      {"core", {"core"}},
      {"engine", {"core", "engine"}},
      {"formats", {"core", "engine", "formats"}},
      {"answers", {"core", "engine", "formats", "answers"}},
      {"rules/common", {"core", "engine", "rules/common"}},
      {"rules/chicken_family", {"core", "engine", "rules/chicken_family"}},
  };
  if (from.starts_with("rules/") && !kBelow.count(from))  // one rule set's own folder
    return to == from || to == "core" || to == "engine" || to == "rules/common" ||
           to == "rules/chicken_family";
  auto it = kBelow.find(from);
  return it != kBelow.end() && it->second.count(to) > 0;
}

}  // namespace

TEST_CASE(
    "Docs: the layers of docs/architecture.md hold: no include in lib/ points up a layer, but "
    "the registry's list of rule sets") {
  const fs::path lib = fs::path(qianmj::test::testdata("../lib"));
  const std::regex include(R"(^\s*#\s*include\s*["<]([^">]+)[">])");
  std::vector<std::string> up;
  int checked = 0, exceptions = 0;
  for (const fs::path& root : {lib / "src", lib / "include" / "qianmj"}) {
    REQUIRE(fs::is_directory(root));
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      const auto ext = entry.path().extension();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".def")) continue;
      const std::string file = entry.path().lexically_relative(root).generic_string();
      const std::string from = layer_of(file);
      if (from.empty()) continue;  // qianmj.hpp includes the whole library
      std::ifstream in(entry.path());
      std::smatch m;
      for (std::string line; std::getline(in, line);) {
        if (!std::regex_search(line, m, include)) continue;
        std::string target = m[1].str();
        if (target.starts_with("qianmj/")) target = target.substr(7);
        // A header beside the file ("answer_parts.hpp"), or the standard library's and the
        // third parties' (<vector>, <nlohmann/json.hpp>): not a layer.
        if (target.find('/') == std::string::npos) continue;
        const std::string to = layer_of(target);
        static const std::set<std::string> kLayers = {"core", "engine", "formats", "answers"};
        if (!kLayers.count(to) && !to.starts_with("rules")) continue;
        ++checked;
        // The one include that points up: the registry lists the rule sets.
        if (file == "engine/registry.cpp" && target == "rules/rulesets.def") {
          ++exceptions;
          continue;
        }
        if (!may_include(from, to)) up.push_back(file + " includes " + m[1].str());
      }
    }
  }
  CAPTURE(up);
  CHECK(up.empty());
  CHECK(exceptions == 3);  // the registry's three passes: declarations, the list, the ids
  CHECK(checked > 100);
}
