// The toy test binary: the toy rule set registered before anything reads the registry, then
// the conformance suite and the toy's own tests.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "toy.hpp"

int main(int argc, char* argv[]) {
  qianmj::register_ruleset(qianmj::toy::toy_ruleset);
  return Catch::Session().run(argc, argv);
}
