// Scores one hand and lists the waits of another through the installed library; the
// install test compares what it prints.
#include <iostream>

#include "qianmj/qianmj.hpp"

int main() {
  auto rules = qianmj::build_ruleset("duyun");
  if (!rules) return 3;
  auto hand = qianmj::parse_hand("23445677筒345789条");
  if (!hand) return 4;
  qianmj::Situation self_drawn;
  self_drawn.zimo = true;
  auto sc = (*rules)->score(*hand, self_drawn);
  if (!sc) return 5;
  std::cout << "qianmj " << qianmj::kVersion << ": " << qianmj::to_ascii(sc->hand) << " "
            << sc->pattern->id << " total " << sc->total << "\n";
  auto ready = qianmj::parse_hand("1112345678999m");
  if (!ready) return 6;
  auto w = qianmj::analyze_waits(**rules, *ready, qianmj::Situation{});
  std::cout << "waits";
  for (const auto& v : w.waits) std::cout << " " << v.wait.tile.ascii();
  std::cout << "\n" << qianmj::to_json(*sc, **rules)["total"] << "\n";
}
