// The toy test binary: the toy rule set registered before anything reads the registry, then
// the conformance suite and the toy's own tests.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "toy.hpp"

#include <stdexcept>
#include <string>

// What a second registration of the toy said (toy_test.cpp checks it).
std::string toy_second_registration = "(no error)";

int main(int argc, char* argv[]) {
  qianmj::register_ruleset(qianmj::toy::toy_ruleset);
  try {
    qianmj::register_ruleset(qianmj::toy::toy_ruleset);
  } catch (const std::logic_error& e) {
    toy_second_registration = e.what();
  }
  return Catch::Session().run(argc, argv);
}
