// Errors with stable codes (INTERFACE §3) and a small Result type.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace qianmj {

enum class ErrorCode {
  Empty,           // nothing to read
  TooLong,         // input longer than any hand
  BadUtf8,         // bytes that are not UTF-8
  BadChar,         // a character with no meaning in the notation
  BadSuit,         // digits followed by something that is not a suit (t, x, ...)
  MissingSuit,     // digits with no suit after them
  BadMeld,         // a meld that is not a pung or kong of one tile
  TooManyCopies,   // C7: more than 4 of a tile kind
  WrongTileCount,  // not 13/14 tiles where the command needs them
  BadTile,         // a single tile (--win) that is not one tile
  BadOption,       // unknown house rule or bad value
  Inconsistent,    // options that contradict each other or the hand
  OutOfRange,      // a number too large to price exactly
  BadJson,         // JSON that does not parse
  BadField,        // a JSON field of the wrong type or value
  BadWord,         // a word of a table in words that means nothing, or lacks its part
  ReadError,       // the input could not be read (a directory, a closed descriptor, EIO)
  WriteError,      // the output could not be written (a full disk, a closed descriptor, EIO)
  Usage,           // command-line usage
  Internal,        // a bug: a ledger that does not balance
};

std::string_view code_name(ErrorCode code);  // "bad_char", ...

struct Error {
  Error() = default;
  Error(ErrorCode c, std::string message_en, std::string message_zh, int col = 0,
        std::string in = "")
      : code(c),
        en(std::move(message_en)),
        zh(std::move(message_zh)),
        column(col),
        input(std::move(in)) {}

  ErrorCode code = ErrorCode::Usage;
  std::string en;     // message in English
  std::string zh;     // message in Chinese
  int column = 0;     // 1-based character column in the input, 0 when not about one character
  std::string input;  // the text the column points into, when there is one
  std::string field;  // the JSON field at fault (seats[2].hand), when there is one

  const std::string& message(bool chinese) const { return chinese ? zh : en; }
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(const T& value) : v_(value) {}  // NOLINT(google-explicit-constructor)
  Result(T&& value)
      : v_(std::move(value)) {}  // NOLINT(google-explicit-constructor): one move, not two
  Result(Error error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)
  // A default T built in place, to be filled through operator* and returned by name (no move).
  explicit Result(std::in_place_t) : v_(std::in_place_index<0>) {}
  explicit operator bool() const { return v_.index() == 0; }
  T& operator*() { return std::get<0>(v_); }
  const T& operator*() const { return std::get<0>(v_); }
  T* operator->() { return &std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace qianmj
