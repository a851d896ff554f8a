// libFuzzer targets (issue 6), as plain functions: fuzz/main.cpp wraps one of them as
// LLVMFuzzerTestOneInput, and tests/fuzz_replay_test.cpp replays every input kept under
// tests/fuzz/<target>/ through the same function in the normal suite.
// A target returns normally or aborts with a message when an invariant breaks; crashes
// and sanitizer reports are the fuzzer's own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace qianmj::fuzz {

// Hand notation: parse_hand, and for a hand the ASCII and Chinese round trips; for an
// error, its code and column; parse_tile, display_width, caret_lines.
void notation(const std::uint8_t* data, std::size_t size);

// One pipeline line for `score -` or `waits -` (a hand or a JSON request). The first byte
// chooses command, rule set, JSON or text, language; the rest up to a newline is the line.
void request(const std::uint8_t* data, std::size_t size);

// One settle table (a JSON document). The first byte chooses rule set, JSON or text,
// language and --seat.
void settle(const std::uint8_t* data, std::size_t size);

// The pipeline line reader over the bytes (limit 16 bytes a line): every line comes back
// whole, without '\n' and one '\r', or as too long, in order.
void lines(const std::uint8_t* data, std::size_t size);

// A table in words: read, and when it reads, written back in Chinese and in ASCII words that
// read to the same table (its JSON form); an error has a code and a column in the line.
void words(const std::uint8_t* data, std::size_t size);

// An evening: each line a header line or a hand; after every hand priced, the hand's totals
// and the running totals sum to zero, and a refused hand changes nothing.
void session(const std::uint8_t* data, std::size_t size);

// A request to the front door (answer_json), any bytes: the answer is one JSON object with
// "schema", "status" (0, 1 or 2) and "output", "error" and "rules" exactly when the status
// is 2, and never an internal error; with "format": "json" its output is JSON lines.
void answer(const std::uint8_t* data, std::size_t size);

struct Target {
  std::string_view name;
  void (*run)(const std::uint8_t*, std::size_t);
};
inline constexpr Target kTargets[] = {
    {"notation", notation}, {"request", request}, {"settle", settle}, {"lines", lines},
    {"words", words},       {"session", session}, {"answer", answer}};

}  // namespace qianmj::fuzz
