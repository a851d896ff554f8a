#include "qianmj/core/error.hpp"

namespace qianmj {

std::string_view code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::Empty:
      return "empty";
    case ErrorCode::TooLong:
      return "too_long";
    case ErrorCode::BadUtf8:
      return "bad_utf8";
    case ErrorCode::BadChar:
      return "bad_char";
    case ErrorCode::BadSuit:
      return "bad_suit";
    case ErrorCode::MissingSuit:
      return "missing_suit";
    case ErrorCode::BadMeld:
      return "bad_meld";
    case ErrorCode::TooManyCopies:
      return "too_many_copies";
    case ErrorCode::WrongTileCount:
      return "wrong_tile_count";
    case ErrorCode::BadTile:
      return "bad_tile";
    case ErrorCode::BadOption:
      return "bad_option";
    case ErrorCode::Inconsistent:
      return "inconsistent";
    case ErrorCode::OutOfRange:
      return "out_of_range";
    case ErrorCode::BadJson:
      return "bad_json";
    case ErrorCode::BadField:
      return "bad_field";
    case ErrorCode::BadWord:
      return "bad_word";
    case ErrorCode::ReadError:
      return "read_error";
    case ErrorCode::WriteError:
      return "write_error";
    case ErrorCode::Usage:
      return "usage";
    case ErrorCode::Internal:
      return "internal";
  }
  return "usage";
}

}  // namespace qianmj
