// One libFuzzer binary per target: QIANMJ_FUZZ_TARGET names it (fuzz/CMakeLists.txt).
#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  qianmj::fuzz::QIANMJ_FUZZ_TARGET(data, size);
  return 0;
}
