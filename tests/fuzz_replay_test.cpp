// Every input kept under tests/fuzz/<target>/ (the seed corpus, and each input a fuzzer
// ever found a crash, hang or sanitizer report with) replayed through the same target
// function as `make fuzz` runs, in the normal suite. A broken invariant aborts.
#include <filesystem>

#include "helpers.hpp"
#include "targets.hpp"
#include "testdata.hpp"

namespace fs = std::filesystem;

TEST_CASE("Fuzz inputs kept under tests/fuzz replay without a crash or a broken invariant") {
  for (const auto& target : qianmj::fuzz::kTargets) {
    fs::path dir = fs::path(QIANMJ_FUZZ_INPUTS) / target.name;
    INFO("target " << target.name);
    REQUIRE(fs::is_directory(dir));
    std::size_t inputs = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (!entry.is_regular_file()) continue;
      std::string data = qianmj::test::slurp(entry.path().string());
      INFO("input " << entry.path().filename().string());
      target.run(reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
      ++inputs;
    }
    CHECK(inputs >= 5);  // the seeds are there
  }
}
