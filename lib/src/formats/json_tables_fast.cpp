// Settle tables read in one pass without a DOM, for the tables pipelines send: plain strings,
// whole numbers. Anything else (an error above all) is left to the checked reader, which
// names the field at fault; this one only ever agrees with it.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <string>

#include "core/utf8.hpp"
#include "formats/json_tables.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj::json_detail {

namespace {

// A cursor over the text. Each read skips the whitespace JSON allows before it and says
// whether what follows is what it reads; false leaves the table to the checked reader.
class Scan {
 public:
  explicit Scan(std::string_view text) : p_(text.data()), end_(text.data() + text.size()) {}

  bool eat(char c) {
    skip();
    if (p_ == end_ || *p_ != c) return false;
    ++p_;
    return true;
  }
  bool at_end() {
    skip();
    return p_ == end_;
  }
  // A string without escapes or control characters, in valid UTF-8 (as the JSON parser
  // checks it), as a view of the text.
  bool string(std::string_view& out) {
    if (!eat('"')) return false;
    const char* start = p_;
    bool wide = false;
    for (; p_ != end_ && *p_ != '"'; ++p_) {
      const auto c = static_cast<unsigned char>(*p_);
      if (c < 0x20 || c == '\\') return false;
      wide |= c >= 0x80;
    }
    if (p_ == end_) return false;
    out = std::string_view(start, static_cast<std::size_t>(p_ - start));
    ++p_;
    return !wide || static_cast<bool>(utf8::decode(out));
  }
  // A whole number from lo to hi written as JSON writes one (no sign, no leading zero), of at
  // most 18 digits. A fraction or an exponent is left unread, so the token after it fails.
  bool integer(std::int64_t& out, std::int64_t lo, std::int64_t hi) {
    skip();
    const char* start = p_;
    std::int64_t x = 0;
    for (; p_ != end_ && *p_ >= '0' && *p_ <= '9'; ++p_)
      if (p_ - start < 18) x = x * 10 + (*p_ - '0');  // (more digits are refused below)
    const auto digits = p_ - start;
    if (digits == 0 || digits > 18 || (digits > 1 && *start == '0')) return false;
    if (x < lo || x > hi) return false;
    out = x;
    return true;
  }
  bool integer(int& out, int lo, int hi) {
    std::int64_t x = 0;
    if (!integer(x, lo, hi)) return false;
    out = static_cast<int>(x);
    return true;
  }
  char peek() {
    skip();
    return p_ == end_ ? '\0' : *p_;
  }
  bool boolean(bool& out) {
    skip();
    const bool on = word("true");
    if (!on && !word("false")) return false;
    out = on;
    return true;
  }
  bool tile(Tile& out) {
    std::string_view s;
    if (!string(s)) return false;
    auto t = parse_tile(s);
    if (!t) return false;
    out = *t;
    return true;
  }
  // An object: `member(key)` reads the value of each key.
  template <class F>
  bool members(F&& member) {
    if (!eat('{')) return false;
    if (eat('}')) return true;
    do {
      std::string_view key;
      if (!string(key) || !eat(':') || !member(key)) return false;
    } while (eat(','));
    return eat('}');
  }
  // An object of known keys (json_tables.hpp): `field(bit)` reads the value of the key at
  // `bit`'s place in `keys`, then `more` (the keys of the table fields there); an unknown
  // key, or a key twice, is refused.
  template <std::size_t N, class F>
  bool object(const std::string_view (&keys)[N], std::uint32_t& seen, F&& field) {
    return object(keys, {}, seen, field);
  }
  template <std::size_t N, class F>
  bool object(const std::string_view (&keys)[N], std::span<const std::string_view> more,
              std::uint32_t& seen, F&& field) {
    seen = 0;
    return members([&](std::string_view key) {
      std::uint32_t bit = 1;
      for (auto k : keys) {
        if (k == key) break;
        bit <<= 1;
      }
      if (bit >> N)
        for (auto k : more) {
          if (k == key) break;
          bit <<= 1;
        }
      if (bit >> (N + more.size()) || (seen & bit)) return false;
      seen |= bit;
      return field(bit);
    });
  }
  // An array of at most `max` elements, each read by `element()`.
  template <class F>
  bool array(std::size_t max, F&& element) {
    if (!eat('[')) return false;
    if (eat(']')) return true;
    std::size_t n = 0;
    do {
      if (++n > max || !element()) return false;
    } while (eat(','));
    return eat(']');
  }

 private:
  void skip() {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\t' || *p_ == '\n' || *p_ == '\r')) ++p_;
  }
  bool word(std::string_view w) {
    if (static_cast<std::size_t>(end_ - p_) < w.size() || std::string_view(p_, w.size()) != w)
      return false;
    p_ += w.size();
    return true;
  }
  const char* p_;
  const char* end_;
};

// The value of a table field (TableField) into its slot.
bool table_field(Scan& in, const TableField& field, std::size_t slot, TableFieldValues& out) {
  switch (field.kind) {
    case TableField::Kind::Bool: {
      bool on = false;
      if (!in.boolean(on)) return false;
      out.set_raw(slot, on ? 1 : 0);
      return true;
    }
    case TableField::Kind::Int: {
      std::int64_t x = 0;
      if (!in.integer(x, field.min, field.max)) return false;
      out.set_raw(slot, x);
      return true;
    }
    case TableField::Kind::Tile: {
      Tile tile;
      if (!in.tile(tile)) return false;
      out.set_raw(slot, TableFieldType<std::optional<Tile>>::encode(tile));
      return true;
    }
    case TableField::Kind::Tiles: {  // a list of tiles in hand notation (满堂鸡's discards)
      std::string_view s;
      if (!in.string(s)) return false;
      auto tiles = parse_tile_list(s);
      if (!tiles) return false;
      out.set_tiles(slot, &*tiles);
      return true;
    }
    case TableField::Kind::Seats:  // only the table's own: the checked reader reads those
      return false;
  }
  return false;
}

// The table fields of seats and of a result, and their keys (json_tables.hpp), looked up once
// a table.
struct Places {
  std::span<const std::string_view> seat_keys =
      json_detail::seat_keys().subspan(std::size(kSeatOwnKeys));
  std::span<const TableField* const> seat_fields = table_fields_of_seats();
  std::span<const std::string_view> result_keys =
      json_detail::result_keys().subspan(std::size(kResultOwnKeys));
  std::span<const TableField* const> result_fields = table_fields_of_result();
};

// The table field at key `b` of an object whose own keys are `own`.
template <std::size_t N>
std::size_t field_slot(std::uint32_t b, const std::string_view (&)[N]) {
  return static_cast<std::size_t>(std::countr_zero(b)) - N;
}

// The bits of the keys of each object (json_tables.hpp), by name.
consteval std::uint32_t seat_key(std::string_view k) {
  return key_bit(kSeatOwnKeys, k);
}
consteval std::uint32_t kong_key(std::string_view k) {
  return key_bit(kKongKeys, k);
}
consteval std::uint32_t win_key(std::string_view k) {
  return key_bit(kWinKeys, k);
}
consteval std::uint32_t result_key(std::string_view k) {
  return key_bit(kResultOwnKeys, k);
}
consteval std::uint32_t table_key(std::string_view k) {
  return key_bit(kTableKeys, k);
}

bool seat(Scan& in, const Places& places, SeatState& seat) {
  std::uint32_t seen = 0;
  return in.object(kSeatOwnKeys, places.seat_keys, seen, [&](std::uint32_t b) {
    std::string_view s;
    switch (b) {
      case seat_key("name"):
        if (!in.string(s)) return false;
        seat.name = s;
        return true;
      case seat_key("hand"): {
        if (!in.string(s)) return false;
        auto hand = parse_hand(s);
        if (!hand) return false;
        seat.hand = *hand;
        return true;
      }
      case seat_key("baoting"):
        return in.boolean(seat.baoting);
      default: {
        const std::size_t i = field_slot(b, kSeatOwnKeys);
        return table_field(in, *places.seat_fields[i], i, seat.fields);
      }
    }
  });
}

bool kong(Scan& in, Table& t) {
  KongEvent k;
  std::uint32_t seen = 0;
  const bool ok = in.object(kKongKeys, seen, [&](std::uint32_t b) {
    std::string_view kind;
    switch (b) {
      case kong_key("seat"):
        return in.integer(k.seat, 0, 3);
      case kong_key("kind"): {
        if (!in.string(kind)) return false;
        const auto named = kong_kind(kind);
        if (named) k.kind = *named;
        return named.has_value();
      }
      case kong_key("tile"):
        return in.tile(k.tile);
      default:  // from
        return in.integer(k.from, 0, 3);
    }
  });
  constexpr std::uint32_t required = kong_key("seat") | kong_key("kind") | kong_key("tile");
  if (!ok || (seen & required) != required) return false;
  t.kongs.push_back(k);
  return true;
}

bool win(Scan& in, Table& t) {
  WinEvent w;
  std::uint32_t seen = 0;
  const bool ok = in.object(kWinKeys, seen, [&](std::uint32_t b) {
    switch (b) {
      case win_key("seat"):
        return in.integer(w.seat, 0, 3);
      case win_key("from"):
        return in.integer(w.from, 0, 3);
      case win_key("tile"):
        return in.tile(w.tile);
      case win_key("after_kong"):
        return in.boolean(w.after_kong);
      case win_key("robbing_kong"):
        return in.boolean(w.robbing_kong);
      case win_key("tianhu"):
        return in.boolean(w.tianhu);
      default:  // dihu
        return in.boolean(w.dihu);
    }
  });
  constexpr std::uint32_t required = win_key("seat") | win_key("tile");
  if (!ok || (seen & required) != required) return false;
  t.wins.push_back(w);
  return true;
}

bool result(Scan& in, const Places& places, Table& t) {
  std::string_view kind;
  TableFieldValues fields;
  int seat = -1;
  bool last_four = false;
  std::uint32_t seen = 0;
  const bool ok = in.object(kResultOwnKeys, places.result_keys, seen, [&](std::uint32_t b) {
    switch (b) {
      case result_key("kind"):
        return in.string(kind);
      case result_key("wins"):
        return in.array(3, [&] { return win(in, t); });
      case result_key("seat"):
        return in.integer(seat, 0, 3);
      case result_key("last_four"):
        return in.boolean(last_four);
      default: {
        const std::size_t i = field_slot(b, kResultOwnKeys);
        return table_field(in, *places.result_fields[i], i, fields);
      }
    }
  });
  if (!ok || !(seen & result_key("kind"))) return false;
  const std::uint32_t others = seen & ~result_key("kind");
  constexpr std::uint32_t escape = result_key("seat") | result_key("last_four");
  if (kind == "win") {
    if (others & escape || !(others & result_key("wins"))) return false;  // table fields: a win's
    t.outcome = Table::Outcome::Win;
    t.result_fields = fields;
  } else if (kind == "draw") {
    if (others) return false;
    t.outcome = Table::Outcome::Draw;
  } else if (kind == "escape") {
    if (others & ~escape || !(others & result_key("seat"))) return false;
    t.outcome = Table::Outcome::Escape;
    t.escaper = seat;
    t.last_four = last_four;
  } else {
    return false;
  }
  return true;
}

// House rules as written, set once the rule set is known (in the order of their names, as
// the checked reader sets them).
class HouseRules {
 public:
  bool read(Scan& in) {
    return in.members([&](std::string_view name) {
      if (count_ == kMax) return false;
      for (std::size_t i = 0; i < count_; ++i)
        if (rules_[i].name == name) return false;  // twice
      Rule& r = rules_[count_++];
      r.name = name;
      switch (in.peek()) {
        case 't':
        case 'f':
          r.kind = Rule::Switch;
          return in.boolean(r.on);
        case '"':
          r.kind = Rule::Text;
          return in.string(r.text);
        default:
          r.kind = Rule::Number;
          return in.integer(r.number, 0, INT64_MAX);
      }
    });
  }
  bool set(Options& options) {
    std::sort(rules_.begin(), rules_.begin() + static_cast<std::ptrdiff_t>(count_),
              [](const Rule& a, const Rule& b) { return a.name < b.name; });
    for (std::size_t i = 0; i < count_; ++i) {
      const Rule& r = rules_[i];
      const auto error = r.kind == Rule::Switch ? options.set_switch(r.name, r.on)
                         : r.kind == Rule::Text ? options.set(r.name, r.text)
                                                : options.set(r.name, std::to_string(r.number));
      if (error) return false;
    }
    return true;
  }

 private:
  static constexpr std::size_t kMax = 32;
  struct Rule {
    std::string_view name, text;
    enum { Switch, Number, Text } kind = Switch;
    bool on = false;
    std::int64_t number = 0;
  };
  std::array<Rule, kMax> rules_;
  std::size_t count_ = 0;
};

}  // namespace

std::optional<Table> table_from_json_fast(std::string_view text) {
  Scan in(text);
  Table t;
  t.rules.clear();
  std::string_view rules;
  std::uint32_t seen = 0;
  std::size_t seats = 0;
  HouseRules house;
  const Places places;
  const bool ok = in.object(kTableKeys, seen, [&](std::uint32_t b) {
    switch (b) {
      case table_key("rules"):
        return in.string(rules);
      case table_key("dealer"):
        return in.integer(t.dealer, 0, 3);
      case table_key("streak"):
        return in.integer(t.streak, 0, INT64_MAX);
      case table_key("seats"):
        return in.array(kSeats, [&] { return seat(in, places, t.seats[seats++]); });
      case table_key("kongs"):
        return in.array(64, [&] { return kong(in, t); });
      case table_key("result"):
        return result(in, places, t);
      default:  // options
        return house.read(in);
    }
  });
  constexpr std::uint32_t required = table_key("dealer") | table_key("seats") | table_key("result");
  if (!ok || !in.at_end() || (seen & required) != required || seats != kSeats) return std::nullopt;
  if (seen & table_key("rules")) t.rules = rules;
  if (find_ruleset(t.rules)) t.options = Options(t.rules);
  if (!house.set(t.options)) return std::nullopt;
  return t;
}

}  // namespace qianmj::json_detail
