// The reader: the players' names first (later words may call a seat by its name), then each word
// in turn, classified by the lexicon and read by the step for its kind (a flag, a rule set, a
// keyword, a house rule, what a seat did); then the table made from what was said, step by step.
#include "formats/words/reader.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <span>

#include "core/nearest.hpp"
#include "core/utf8.hpp"
#include "formats/words/lexicon.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj::words {
namespace {

// The fields a seat's words fill, spelled once.
constexpr std::string_view kHandField[] = {"seats[0].hand", "seats[1].hand", "seats[2].hand",
                                           "seats[3].hand"};
constexpr std::string_view kBaotingField[] = {"seats[0].baoting", "seats[1].baoting",
                                              "seats[2].baoting", "seats[3].baoting"};

struct Said {
  int column = 0;
  explicit operator bool() const { return column > 0; }
};

struct WinWord {
  int seat;
  Tile tile;
  bool self_drawn;
  int column;
  bool tianhu = false, dihu = false;
  bool declared = false;  // said by its pattern, no tile
};

// A seat's declared words (东自摸清一色, 东听, 南花猪, 东鸡2), with their columns.
struct DeclaredWords {
  Declared said;
  int column = 0;          // the first declared word of the seat
  int pattern_column = 0;  // the word of its pattern
  int huazhu_column = 0, chickens_column = 0, ready_column = 0;
  bool wants_pattern = false;  // a win or 听 said without one: a pattern word may follow
};

struct KongVerbWord {  // 西明杠9条, 北暗杠: a kong said by its kind
  int seat;
  Meld::Kind kind;
  std::optional<Tile> tile;
  int column;
};

struct KongWord {  // a kong of a seat, with where it came from
  KongEvent kong;
  int column;        // the word that shows it
  bool fed = false;  // a direct kong's discarder has been said
};

std::string seat_en(int s) {
  return std::string(kSeatEn[static_cast<std::size_t>(s)]);
}
std::string seat_zh(int s) {
  return std::string(kSeatZh[static_cast<std::size_t>(s)]);
}

// After an unknown word: the nearest known word ("" none) and where every word is listed.
std::string see_words_en(const std::string& guess) {
  return guess.empty() ? " (the words: qianmj help words)"
                       : " (did you mean " + guess + "? the words: qianmj help words)";
}
std::string see_words_zh(const std::string& guess) {
  return guess.empty() ? "（用词见 qianmj help 文字）"
                       : "（是不是 " + guess + "？用词见 qianmj help 文字）";
}

class WordsReader {
 public:
  explicit WordsReader(Words& words)
      : in_(words), out_(words.out), t_(words.out.table), defaults_(words.defaults) {}

  Result<WordsTable> read();

 private:
  using Failure = std::optional<Error>;  // the error a step found, or nullopt

  // ---- errors at a word ----
  Error word_error(ErrorCode code, const Token& t, std::string en, std::string zh) const {
    return Error{code, std::move(en), std::move(zh), t.column, in_.line};
  }
  Error bad_word(const Token& t, std::string en, std::string zh) const {
    return word_error(ErrorCode::BadWord, t, std::move(en), std::move(zh));
  }
  Error twice(const Token& t, std::string what_en, std::string what_zh) const {
    return word_error(ErrorCode::Inconsistent, t, what_en + " is said twice", what_zh + "说了两次");
  }
  // The word being read said `said`: an error if it was said before.
  Failure set_once(Said& said, const char* en, const char* zh) {
    if (said) return twice(*tok_, en, zh);
    said.column = tok_->column;
    return std::nullopt;
  }
  const Token& token_at(int column) const {
    for (const auto& tok : in_.tokens)
      if (tok.column == column) return tok;
    return in_.tokens.front();
  }

  // ---- seats and tiles in a word ----
  std::optional<std::pair<int, std::size_t>> seat_prefix(std::string_view s, bool whole) const;
  std::optional<int> seat_word(std::string_view s) const {
    auto p = seat_prefix(s, true);
    if (!p) return std::nullopt;
    return p->first;
  }
  Error moved(Error e, const Token& t, std::size_t byte_offset) const;
  Result<Tile> tile_at(const Token& t, std::string_view text, std::size_t byte_offset) const {
    if (auto plain = plain_tile(text)) return *plain;  // what parse_tile reads it as
    auto tile = parse_tile(text);
    if (!tile) return moved(tile.error(), t, byte_offset);
    return *tile;
  }
  Result<Counts> tiles_at(const Token& t, std::string_view text, std::size_t byte_offset) const {
    auto tiles = parse_tile_list(text);
    if (!tiles) return moved(tiles.error(), t, byte_offset);
    return *tiles;
  }
  Result<Hand> hand_at(const Token& t, std::string_view text, std::size_t byte_offset) const {
    auto hand = parse_hand(text);
    if (!hand) return moved(hand.error(), t, byte_offset);
    return *hand;
  }

  // ---- 1. the names ----
  void start();
  Failure read_names();
  Failure read_name(const Token& tok, std::size_t seat, std::string_view name);

  // ---- 2. each word, by its kind ----
  Failure read_word(const Token& tok);
  bool continues_hand(std::string_view w);
  const RulesetInfo* ruleset_word(std::string_view w) const;
  Failure on_flag(Flag flag);
  Failure on_ruleset(const RulesetInfo& r);
  Failure on_key(const KeyWord& k);
  Failure on_dealer_key(std::string_view arg);
  Failure on_streak(std::string_view arg);
  Failure on_rules(std::string_view arg);
  Failure on_result_field(const TableField& f, std::string_view arg, std::size_t offset);
  Failure on_last_kong(std::string_view arg, std::size_t offset);
  Failure on_kong_order(std::string_view arg, std::size_t offset);
  Failure on_option(std::string_view w);
  Error unknown_word(std::string_view w) const;
  std::string guess_word(std::string_view w) const;
  std::string guess_verb(std::string_view rest, bool ascii) const;
  Failure on_seat(int s, std::size_t seat_bytes);
  Failure on_hand(int s, std::string_view arg, std::size_t offset);
  Failure on_win(int s, bool self_drawn, std::string_view arg, std::size_t offset);
  Failure on_discarder(int s, bool robbed);
  Failure on_escape(int s);
  Failure on_baoting(int s);
  Failure on_fed(int s, std::string_view arg, std::size_t offset);
  Failure on_kongs(int s, std::string_view arg, std::size_t offset);
  Failure on_seat_dealer(int s);
  Failure on_seat_field(int s, const TableField& f, std::string_view arg, std::size_t offset);
  Result<std::int64_t> field_value(const TableField& f, int s, std::string_view arg,
                                   std::size_t offset) const;
  Failure on_tianhu_dihu(int s, Verb verb);
  Failure on_declared_pattern(int s, std::string_view arg, std::size_t offset);
  Failure on_ready(int s, std::string_view arg, std::size_t offset);
  Failure on_huazhu(int s);
  Failure on_chickens(int s, std::string_view arg);
  Failure on_kong_verb(int s, Meld::Kind kind, std::string_view arg, std::size_t offset);
  Failure on_pattern_word(std::string_view w);
  DeclaredWords& declared_words(int s);
  void put_declared();

  // ---- 3. the table from what was said ----
  Failure make_hands();
  Failure make_dealer_and_streak();
  Failure make_options();
  void collect_kongs();
  Failure feed_kongs();
  Failure make_result();
  Failure check_result_words(bool win);
  Failure make_win();
  Failure check_win(bool self) const;
  Failure check_after_kong() const;
  Failure order_kongs_as_said();
  Failure move_last_kong();
  void put_kongs_and_names();

  Words& in_;
  WordsTable& out_;
  Table& t_;
  const WordsDefaults* defaults_;
  const Token* tok_ = nullptr;  // the word being read
  std::span<const RulesetInfo> rulesets_ = rulesets();
  const FieldWords& fields_ = field_words();  // the rule sets' table fields and their words
  std::array<std::string, kSeats> names_;
  bool any_name_ = false;  // some seat has a name (a word may start with it)

  Said name_said_[kSeats];
  Said dealer_said_, streak_said_, rules_said_, draw_said_, zimo_said_, hua_said_, pao_said_,
      rob_said_, tianhu_said_, dihu_said_, multi_said_, last_four_said_, last_kong_said_,
      order_said_;
  std::array<Said, kSeats> hand_said_{}, baoting_said_{}, kongs_said_{};
  // The rule sets' table fields said, by slot (table_fields_of_seats(), _of_result()).
  std::array<std::array<Said, TableFieldValues::kMax>, kSeats> seat_field_said_{};
  std::array<Said, TableFieldValues::kMax> result_field_said_{}, table_field_said_{};
  // A kong's field said after its seat with the kong's tile (南憨包7万): applied to that kong
  // once the kongs are known.
  struct KongFieldWord {
    int seat;
    Tile tile;
    const TableField* field;
    int column;
  };
  std::vector<KongFieldWord> kong_fields_;
  Failure put_kong_fields();
  std::optional<Tile> last_kong_;
  std::vector<std::pair<int, Tile>> kong_order_;  // 杠序
  std::vector<WinWord> wins_;
  std::optional<std::pair<int, int>> discarder_;  // seat, column
  bool robbed_word_ = false;
  std::optional<std::pair<int, int>> escaper_;
  std::vector<std::pair<Token, std::pair<int, std::optional<Tile>>>>
      feeds_;                                              // who fed which direct kong
  std::array<std::vector<Meld>, kSeats> loose_kongs_;      // kongs of seats whose hand is not given
  std::vector<std::pair<std::string, int>> option_words_;  // NAME=VALUE, column
  int last_hand_ = -1;                                     // a hand that a spaced word may continue
  // Each hand's text: a piece of the line (its words are one space apart there), and the
  // line's column of its first character (the others follow it).
  std::array<std::string_view, kSeats> hand_text_;
  std::array<int, kSeats> hand_column_{};
  std::vector<KongWord> kongs_;
  std::array<std::optional<DeclaredWords>, kSeats> declared_;
  int pattern_wanted_by_ = -1;  // the seat whose win or 听 waits for a pattern word
  std::vector<KongVerbWord> kong_verbs_;
};

Result<WordsTable> WordsReader::read() {
  start();
  if (auto e = read_names()) return *e;
  for (const auto& tok : in_.tokens)
    if (auto e = read_word(tok)) return *e;
  if (in_.tokens.empty())
    return Error{ErrorCode::Empty,
                 "no words: say the hands and what happened (东:… 北胡7筒 南放炮)",
                 "没有内容：请写出手牌和结果（东:… 北胡7筒 南放炮）"};
  if (auto e = make_hands()) return *e;
  if (auto e = make_dealer_and_streak()) return *e;
  if (auto e = make_options()) return *e;
  collect_kongs();
  if (auto e = feed_kongs()) return *e;
  if (auto e = make_result()) return *e;
  if (auto e = check_after_kong()) return *e;
  if (auto e = kong_order_.empty() ? move_last_kong() : order_kongs_as_said()) return *e;
  if (auto e = put_kong_fields()) return *e;
  put_kongs_and_names();
  put_declared();
  return std::move(out_);
}

// A seat at the start of `s`: a name first (the longest), then 东南西北, E S W N, 0-3.
std::optional<std::pair<int, std::size_t>> WordsReader::seat_prefix(std::string_view s,
                                                                    bool whole) const {
  if (any_name_) {
    std::optional<std::pair<int, std::size_t>> best;
    for (int i = 0; i < kSeats; ++i) {
      std::string_view w = names_[static_cast<std::size_t>(i)];
      if (w.empty() || !starts(s, w) || (whole && w.size() != s.size())) continue;
      if (!best || w.size() > best->second) best.emplace(i, w.size());
    }
    if (best) return best;
  }
  return seat_word_prefix(s, whole);
}

// A notation error about `text`, a piece of word `t` at `byte_offset`, moved to the line:
// its column, its input, and a message that names a column (bad UTF-8) names the line's.
Error WordsReader::moved(Error e, const Token& t, std::size_t byte_offset) const {
  e.column = t.column + chars(t.text.substr(0, byte_offset)) + std::max(0, e.column - 1);
  if (e.code == ErrorCode::BadUtf8) return utf8::bad_utf8(e.column, in_.line);
  e.input = in_.line;
  return e;
}

// ---- 1. the names ---------------------------------------------------------------------------

void WordsReader::start() {
  if (defaults_) names_ = defaults_->names;
  out_.fields.reserve(std::min<std::size_t>(in_.tokens.size() + 4, 32));  // a few a table
  t_.rules = defaults_ ? defaults_->rules : std::string();
  if (defaults_) t_.options = defaults_->options;
}

// Names first, so that later words may call a seat by its name (张三胡7筒).
WordsReader::Failure WordsReader::read_names() {
  for (const auto& tok : in_.tokens) {
    auto eq = tok.text.find('=');
    if (eq == std::string_view::npos) continue;
    auto seat = seat_of(tok.text.substr(0, eq));
    if (!seat) continue;
    if (auto e = read_name(tok, static_cast<std::size_t>(*seat), tok.text.substr(eq + 1))) return e;
  }
  for (std::size_t i = 0; i < kSeats; ++i) t_.seats[i].name = names_[i];
  any_name_ =
      std::any_of(names_.begin(), names_.end(), [](const std::string& n) { return !n.empty(); });
  return std::nullopt;
}

WordsReader::Failure WordsReader::read_name(const Token& tok, std::size_t i,
                                            std::string_view name) {
  if (name_said_[i])
    return twice(tok, "the name of seat " + std::string(kSeatEn[i]),
                 std::string(kSeatZh[i]) + "的名字");
  if (auto why = bad_name(name)) return bad_word(tok, why->en, why->zh);
  for (std::size_t k = 0; k < kSeats; ++k)
    if (k != i && names_[k] == name)
      return word_error(ErrorCode::Inconsistent, tok, "two seats are called " + std::string(name),
                        "两家都叫" + std::string(name));
  names_[i] = std::string(name);
  name_said_[i].column = tok.column;
  return std::nullopt;
}

// ---- 2. each word, by its kind --------------------------------------------------------------

// What kind of word `tok` is: a hand's next piece, a flag, a rule set, a keyword, a house rule,
// or a seat and what it did. A word that starts with a player's name is about that seat
// (张三胡7筒), whatever follows.
WordsReader::Failure WordsReader::read_word(const Token& tok) {
  tok_ = &tok;
  std::string_view w = tok.text;
  if (continues_hand(w)) return std::nullopt;
  last_hand_ = -1;
  const auto seat = seat_prefix(w, false);
  const bool named = any_name_ && seat && !names_[static_cast<std::size_t>(seat->first)].empty() &&
                     starts(w, names_[static_cast<std::size_t>(seat->first)]) &&
                     w.find('=') == std::string_view::npos;
  if (!named) {
    if (auto flag = flag_word(w)) return on_flag(*flag);
    if (const RulesetInfo* r = ruleset_word(w)) return on_ruleset(*r);
    if (auto key = key_word(w, fields_)) return on_key(*key);
  }
  if (w.find('=') != std::string_view::npos) return on_option(w);
  if (!seat && is_pattern_word(w)) return on_pattern_word(w);
  if (!seat) return unknown_word(w);
  return on_seat(seat->first, seat->second);
}

// A hand written with spaces (东:234m 567m ...) goes on in the next words that read as hand
// notation by themselves.
bool WordsReader::continues_hand(std::string_view w) {
  if (last_hand_ < 0 || !looks_like_hand_text(w) || !parse_hand(w)) return false;
  auto i = static_cast<std::size_t>(last_hand_);
  hand_text_[i] = std::string_view(
      hand_text_[i].data(), static_cast<std::size_t>(w.data() + w.size() - hand_text_[i].data()));
  return true;
}

const RulesetInfo* WordsReader::ruleset_word(std::string_view w) const {
  for (const auto& r : rulesets_)
    if (w == r.id || w == r.zh) return &r;
  return nullptr;
}

WordsReader::Failure WordsReader::on_flag(Flag flag) {
  switch (flag) {
    case Flag::Draw:
      return set_once(draw_said_, "流局 (draw)", "流局");
    case Flag::Zimo:
      return set_once(zimo_said_, "自摸 (zimo)", "自摸");
    case Flag::Gangshanghua:
      return set_once(hua_said_, "杠上花", "杠上花");
    case Flag::Gangshangpao:
      return set_once(pao_said_, "杠上炮", "杠上炮");
    case Flag::Robbing:
      return set_once(rob_said_, "抢杠", "抢杠");
    case Flag::Tianhu:
      return set_once(tianhu_said_, "天胡", "天胡");
    case Flag::Dihu:
      return set_once(dihu_said_, "地胡", "地胡");
    case Flag::Multi:
      return set_once(multi_said_, "一炮多响", "一炮多响");
    case Flag::LastFour:
      return set_once(last_four_said_, "最后四张 (last-four)", "最后四张");
  }
  return std::nullopt;
}

WordsReader::Failure WordsReader::on_ruleset(const RulesetInfo& r) {
  if (auto e = set_once(rules_said_, "the rule set", "规则")) return e;
  t_.rules = std::string(r.id);
  out_.fields.emplace_back("rules", tok_->column);
  return std::nullopt;
}

WordsReader::Failure WordsReader::on_key(const KeyWord& k) {
  const std::size_t offset = tok_->text.size() - k.arg.size();
  switch (k.key) {
    case Key::Dealer:
      return on_dealer_key(k.arg);
    case Key::Streak:
      return on_streak(k.arg);
    case Key::Rules:
      return on_rules(k.arg);
    case Key::Field:
      return on_result_field(*k.field, k.arg, offset);
    case Key::LastKong:
      return on_last_kong(k.arg, offset);
    case Key::KongOrder:
      return on_kong_order(k.arg, offset);
    case Key::Players:
      return bad_word(*tok_,
                      "the players are named in a session's header (players A B C D), or one "
                      "by one: 东=张三",
                      "玩家名字写在牌局开头（玩家 甲 乙 丙 丁），或逐个写：东=张三");
  }
  return std::nullopt;
}

WordsReader::Failure WordsReader::on_dealer_key(std::string_view arg) {
  auto seat = seat_word(arg);
  if (!seat)
    return bad_word(*tok_,
                    "the dealer is a seat: 东 南 西 北, E S W N or 0-3, not " + std::string(arg),
                    "庄家应为座位：东南西北、E S W N 或 0–3，而不是" + std::string(arg));
  if (auto e = set_once(dealer_said_, "the dealer", "庄家")) return e;
  t_.dealer = *seat;
  out_.fields.emplace_back("dealer", tok_->column);
  return std::nullopt;
}

WordsReader::Failure WordsReader::on_streak(std::string_view arg) {
  auto n = number(arg);
  if (!n || *n < 0)
    return word_error(n ? ErrorCode::OutOfRange : ErrorCode::BadWord, *tok_,
                      "the streak is a whole number from 0, not " + std::string(arg),
                      "连庄数应为不小于 0 的整数，而不是" + std::string(arg));
  if (auto e = set_once(streak_said_, "the streak", "连庄")) return e;
  t_.streak = *n;
  out_.fields.emplace_back("streak", tok_->column);
  return std::nullopt;
}

WordsReader::Failure WordsReader::on_rules(std::string_view arg) {
  const RulesetInfo* r = nullptr;
  for (const auto& info : rulesets_)
    if (arg == info.id || arg == info.zh) r = &info;
  if (!r) {
    Error e = unknown_ruleset(arg);
    return word_error(ErrorCode::BadOption, *tok_, e.en, e.zh);
  }
  return on_ruleset(*r);
}

// A win's table field of a rule set: its keyword, and its argument; or the table's own, a
// pair of seats (责任鸡西北: from 西 to 北; zeren:WN).
WordsReader::Failure WordsReader::on_result_field(const TableField& f, std::string_view arg,
                                                  std::size_t offset) {
  if (f.place() == TableField::Place::Table) {
    std::optional<int> from, to;
    // Two seats, each a Chinese seat (three bytes) or an ASCII letter.
    auto one = [&](std::string_view& rest) -> std::optional<int> {
      for (std::size_t n : {std::size_t{3}, std::size_t{1}})
        if (rest.size() >= n)
          if (auto seat = seat_of(rest.substr(0, n))) {
            rest.remove_prefix(n);
            return seat;
          }
      return std::nullopt;
    };
    std::string_view rest = arg;
    from = one(rest);
    to = one(rest);
    if (!from || !to || !rest.empty() || *from == *to)
      return word_error(ErrorCode::BadWord, *tok_,
                        std::string(tok_->text) + ": the " + std::string(f.what_en) +
                            " names two seats, from whom to whom (" +
                            std::string(f.words_zh.front()) + "西北, " +
                            std::string(f.words_en.front()) + ":WN)",
                        std::string(tok_->text) + "：" + std::string(f.what_zh) +
                            "须写明从哪家到哪家（" + std::string(f.words_zh.front()) + "西北）");
    const std::size_t slot = fields_.slot(f);
    if (table_field_said_[slot])
      return twice(*tok_, "the " + std::string(f.what_en), std::string(f.what_zh));
    table_field_said_[slot].column = tok_->column;
    t_.fields.set_raw(slot, TableFieldType<SeatPair>::encode(std::pair{*from, *to}));
    out_.fields.emplace_back(f.path, tok_->column);
    return std::nullopt;
  }
  auto value = field_value(f, -1, arg, offset);
  if (!value) return value.error();
  const std::size_t slot = fields_.slot(f);
  if (result_field_said_[slot])
    return twice(*tok_, "the " + std::string(f.what_en), std::string(f.what_zh));
  result_field_said_[slot].column = tok_->column;
  t_.result_fields.set_raw(slot, *value);
  out_.fields.emplace_back(f.path, tok_->column);
  return std::nullopt;
}

WordsReader::Failure WordsReader::on_last_kong(std::string_view arg, std::size_t offset) {
  auto tile = tile_at(*tok_, arg, offset);
  if (!tile) return tile.error();
  if (auto e = set_once(last_kong_said_, "the last kong", "最后杠")) return e;
  last_kong_ = *tile;
  return std::nullopt;
}

// 杠序:北9筒,东5万 — the kongs in the order they were made, a seat and a tile each.
WordsReader::Failure WordsReader::on_kong_order(std::string_view rest, std::size_t at) {
  if (auto e = set_once(order_said_, "the kong order", "杠序")) return e;
  while (!rest.empty()) {
    auto comma = first_comma(rest);
    std::string_view item = rest.substr(0, comma);
    auto kong_seat = seat_prefix(item, false);
    if (!kong_seat)
      return bad_word(
          *tok_, "杠序 lists kongs as a seat and a tile (北9筒,东5万), not " + std::string(item),
          "杠序按“座位+牌”逐个列出（北9筒,东5万），而不是" + std::string(item));
    auto tile = tile_at(*tok_, item.substr(kong_seat->second), at + kong_seat->second);
    if (!tile) return tile.error();
    kong_order_.emplace_back(kong_seat->first, *tile);
    if (comma == std::string_view::npos) break;
    std::size_t skip = rest.substr(comma, 1) == "," ? 1 : std::string_view("，").size();
    at += comma + skip;
    rest = rest.substr(comma + skip);
  }
  return std::nullopt;
}

// NAME=VALUE: a house rule (a seat's name was read with the names).
WordsReader::Failure WordsReader::on_option(std::string_view w) {
  std::string_view left = w.substr(0, w.find('='));
  if (auto named_seat = seat_word(left);
      named_seat && name_said_[*named_seat].column == tok_->column)
    return std::nullopt;
  bool known = false;
  for (const auto& o : option_specs()) known = known || o.name == left;
  if (!known) {
    std::vector<std::string_view> names;
    for (const auto& o : option_specs()) names.push_back(o.name);
    const std::string guess = nearest_word(left, names);
    const std::string en = guess.empty() ? "" : "did you mean " + guess + "? ";
    const std::string zh = guess.empty() ? "" : "是不是 " + guess + "？";
    return word_error(
        ErrorCode::BadOption, *tok_,
        "unknown house rule '" + std::string(left) + "' (" + en + "qianmj rules lists them)",
        "未知的规则选项“" + std::string(left) + "”（" + zh + "qianmj rules 列出全部选项）");
  }
  option_words_.emplace_back(std::string(w), tok_->column);
  return std::nullopt;
}

Error WordsReader::unknown_word(std::string_view w) const {
  const std::string guess = guess_word(w);
  if (separator(w) != std::string_view::npos && separator(w) > 0)
    return bad_word(
        *tok_,
        "there is no seat '" + std::string(w.substr(0, separator(w))) +
            "': the seats are 东 南 西 北, E S W N or 0-3 (东 is seat 0), or a player's name" +
            (guess.empty() ? "" : see_words_en(guess)),
        "没有座位“" + std::string(w.substr(0, separator(w))) +
            "”：座位为东南西北、E S W N 或 0–3（东为 0 号），或玩家的名字" +
            (guess.empty() ? "" : see_words_zh(guess)));
  return bad_word(*tok_, "unknown word '" + std::string(w) + "'" + see_words_en(guess),
                  "无法识别的词“" + std::string(w) + "”" + see_words_zh(guess));
}

// The word a mistyped one was meant to be: a word alone or a rule set (all of `w`), or a keyword
// and its value (the start of `w`).
std::string WordsReader::guess_word(std::string_view w) const {
  std::vector<std::string_view> whole, started;
  for (const auto& f : kFlags) whole.push_back(f.text);
  for (const auto& r : rulesets_) whole.push_back(r.id), whole.push_back(r.zh);
  for (const auto& k : kKeys) started.push_back(k.text);
  for (const auto& k : fields_.keys) started.push_back(k.text);
  std::string guess = nearest_word(w, whole);
  return guess.empty() ? nearest_start(w, started) : guess;
}

// What a seat did, mistyped: the verb it was meant to be (glued, or after "SEAT:"), all of
// `rest` for a verb alone, its start for one with an argument.
std::string WordsReader::guess_verb(std::string_view rest, bool ascii) const {
  std::vector<std::string_view> whole, started;
  auto add = [&](const VerbSpelling& v) {
    if (v.ascii == ascii) (takes_argument(v) ? started : whole).push_back(v.text);
  };
  for (const auto& v : kVerbs) add(v);
  for (const auto& v : fields_.verbs) add(v);
  std::string guess = nearest_word(rest, whole);
  return guess.empty() ? nearest_start(rest, started) : guess;
}

// A seat and what it did: the verb after the seat (its first `seat_bytes`), read by its step.
WordsReader::Failure WordsReader::on_seat(int s, std::size_t seat_bytes) {
  std::string_view w = tok_->text;
  auto verb = verb_word(w.substr(seat_bytes), fields_);
  if (!verb) {
    std::string guess = guess_verb(w.substr(seat_bytes), false);
    if (!guess.empty()) guess = std::string(w.substr(0, seat_bytes)) + guess;
    return bad_word(*tok_,
                    "unknown word '" + std::string(w) +
                        "': after a seat comes its hand (东:…), a name (东=…) or what it did "
                        "(胡7筒, 自摸7筒, 放炮, 报听 …)" +
                        see_words_en(guess),
                    "无法识别的词“" + std::string(w) +
                        "”：座位后面应是手牌（东:…）、名字（东="
                        "…）或它做了什么（胡7筒、自摸7筒、放炮、报听……）" +
                        see_words_zh(guess));
  }
  const std::string_view arg = verb->arg;
  const std::size_t offset = w.size() - arg.size();
  switch (verb->verb) {
    case Verb::Name:
      return std::nullopt;
    case Verb::Hand:
      return on_hand(s, arg, offset);
    case Verb::Win:
    case Verb::SelfDraw:
      return on_win(s, verb->verb == Verb::SelfDraw, arg, offset);
    case Verb::Discarder:
    case Verb::Robbed:
      return on_discarder(s, verb->verb == Verb::Robbed);
    case Verb::Escape:
      return on_escape(s);
    case Verb::Baoting:
      return on_baoting(s);
    case Verb::Fed:
      return on_fed(s, arg, offset);
    case Verb::Kongs:
      return on_kongs(s, arg, offset);
    case Verb::Dealer:
      return on_seat_dealer(s);
    case Verb::Field:
      return on_seat_field(s, *verb->field, arg, offset);
    case Verb::Tianhu:
    case Verb::Dihu:
      return on_tianhu_dihu(s, verb->verb);
    case Verb::HuaWin:
      if (auto e = on_win(s, true, arg, offset)) return e;
      if (!hua_said_) hua_said_.column = tok_->column;
      return std::nullopt;
    case Verb::Ready:
      return on_ready(s, arg, offset);
    case Verb::Huazhu:
      return on_huazhu(s);
    case Verb::Chickens:
      return on_chickens(s, arg);
    case Verb::DirectKong:
      return on_kong_verb(s, Meld::Kind::DirectKong, arg, offset);
    case Verb::ConcealedKong:
      return on_kong_verb(s, Meld::Kind::ConcealedKong, arg, offset);
    case Verb::AddedKong:
      return on_kong_verb(s, Meld::Kind::AddedKong, arg, offset);
  }
  return std::nullopt;
}

WordsReader::Failure WordsReader::on_hand(int s, std::string_view arg, std::size_t offset) {
  const auto si = static_cast<std::size_t>(s);
  const std::string_view w = tok_->text;
  // E:zmo:7p is no hand but a mistyped verb: say which.
  if (std::string guess = looks_like_hand_text(arg) ? "" : guess_verb(arg, true); !guess.empty()) {
    guess = std::string(w.substr(0, offset)) + guess;
    return bad_word(*tok_, "unknown word '" + std::string(w) + "'" + see_words_en(guess),
                    "无法识别的词“" + std::string(w) + "”" + see_words_zh(guess));
  }
  if (hand_said_[si]) return twice(*tok_, "the hand of " + seat_en(s), seat_zh(s) + "的手牌");
  if (arg.empty())
    return bad_word(*tok_, "a hand must follow " + std::string(w), std::string(w) + "后面应是手牌");
  hand_said_[si].column = tok_->column;
  hand_text_[si] = arg;
  hand_column_[si] = tok_->column + chars(w.substr(0, offset));
  out_.fields.emplace_back(kHandField[si], tok_->column);
  last_hand_ = s;
  return std::nullopt;
}

WordsReader::Failure WordsReader::on_win(int s, bool self_drawn, std::string_view arg,
                                         std::size_t offset) {
  if (starts(arg, ":")) {  // E:win:qingyise, E:zimo (the spellings without ':')
    arg.remove_prefix(1);
    ++offset;
  }
  for (const auto& x : wins_)
    if (x.seat == s) return twice(*tok_, seat_en(s) + "'s win", seat_zh(s) + "胡牌");
  // A tile (胡7筒), else a declared pattern (胡清一色, or none yet: 北自摸 清大对).
  auto tile = arg.empty() ? Result<Tile>(Tile()) : tile_at(*tok_, arg, offset);
  if (!arg.empty() && tile) {
    wins_.push_back({s, *tile, self_drawn, tok_->column});
    return std::nullopt;
  }
  // Tile text gets the tile's error; any other word is no pattern (东自摸清清).
  if (!arg.empty() && !is_pattern_word(arg) && looks_like_hand_text(arg)) return tile.error();
  wins_.push_back({s, Tile(), self_drawn, tok_->column, false, false, true});
  declared_words(s);
  return on_declared_pattern(s, arg, offset);
}

WordsReader::Failure WordsReader::on_discarder(int s, bool robbed) {
  if (discarder_) return twice(*tok_, "the discarder", "点炮者");
  discarder_.emplace(s, tok_->column);
  robbed_word_ = robbed;
  return std::nullopt;
}

WordsReader::Failure WordsReader::on_escape(int s) {
  if (escaper_) return twice(*tok_, "the escape", "逃跑");
  escaper_.emplace(s, tok_->column);
  out_.fields.emplace_back("result.seat", tok_->column);
  return std::nullopt;
}

WordsReader::Failure WordsReader::on_baoting(int s) {
  const auto si = static_cast<std::size_t>(s);
  if (baoting_said_[si]) return twice(*tok_, seat_en(s) + "'s 报听", seat_zh(s) + "报听");
  baoting_said_[si].column = tok_->column;
  t_.seats[si].baoting = true;
  out_.fields.emplace_back(kBaotingField[si], tok_->column);
  return std::nullopt;
}

WordsReader::Failure WordsReader::on_fed(int s, std::string_view arg, std::size_t offset) {
  if (starts(arg, ":")) {  // N:fed (a kong said without its tile)
    arg.remove_prefix(1);
    ++offset;
  }
  if (arg.empty()) {  // 北点杠: the direct kong said without its tile (西明杠)
    feeds_.push_back({*tok_, {s, std::nullopt}});
    return std::nullopt;
  }
  auto tile = tile_at(*tok_, arg, offset);
  if (!tile) return tile.error();
  feeds_.push_back({*tok_, {s, *tile}});
  return std::nullopt;
}

// The kongs of a seat whose hand is not given (东杠(9999筒)).
WordsReader::Failure WordsReader::on_kongs(int s, std::string_view arg, std::size_t offset) {
  const auto si = static_cast<std::size_t>(s);
  const std::string_view w = tok_->text;
  if (kongs_said_[si]) return twice(*tok_, seat_en(s) + "'s kongs", seat_zh(s) + "的杠");
  kongs_said_[si].column = tok_->column;
  auto h = hand_at(*tok_, arg, offset);
  if (!h) return h.error();
  if (total(h->concealed) != 0 || h->melds.empty() ||
      std::any_of(h->melds.begin(), h->melds.end(), [](const Meld& m) { return !m.is_kong(); }))
    return bad_word(
        *tok_,
        std::string(w) +
            ": only kongs, such as (9999筒) or [5555万], for a seat whose hand is not given",
        std::string(w) + "：只写杠，如 (9999筒) 或 [5555万]，用于未给出手牌的一家");
  loose_kongs_[si] = h->melds;
  return std::nullopt;
}

WordsReader::Failure WordsReader::on_seat_dealer(int s) {
  if (auto e = set_once(dealer_said_, "the dealer", "庄家")) return e;
  t_.dealer = s;
  out_.fields.emplace_back("dealer", tok_->column);
  return std::nullopt;
}

// A seat's table field of a rule set: its word after the seat, and its argument.
WordsReader::Failure WordsReader::on_seat_field(int s, const TableField& f, std::string_view arg,
                                                std::size_t offset) {
  const auto si = static_cast<std::size_t>(s);
  if (f.place() == TableField::Place::Kong) {  // 南憨包7万: the kong of that tile
    auto tile = tile_at(*tok_, arg, offset);
    if (!tile) return tile.error();
    for (const auto& k : kong_fields_)
      if (k.seat == s && k.tile == *tile && k.field == &f)
        return twice(*tok_, seat_en(s) + "'s " + std::string(f.what_en) + " " + tile->ascii(),
                     seat_zh(s) + tile->chinese() + std::string(f.what_zh));
    kong_fields_.push_back({s, *tile, &f, tok_->column});
    return std::nullopt;
  }
  std::optional<Counts> tiles;  // a list of tiles (东弃牌2468条5万), none for 东弃牌 alone
  if (f.kind == TableField::Kind::Tiles) {
    auto read = tiles_at(*tok_, arg, offset);
    if (!read) return read.error();
    tiles = *read;
  }
  auto value = tiles ? Result<std::int64_t>(1) : field_value(f, s, arg, offset);
  if (!value) return value.error();
  const std::size_t slot = fields_.slot(f);
  Said& said = seat_field_said_[si][slot];
  if (said)
    return twice(*tok_, seat_en(s) + "'s " + std::string(f.what_en),
                 seat_zh(s) + std::string(f.what_zh));
  said.column = tok_->column;
  if (tiles)
    t_.seats[si].fields.set_tiles(slot, &*tiles);
  else
    t_.seats[si].fields.set_raw(slot, *value);
  std::string field;  // "seats[].KEY" with the seat: "seats[2].KEY"
  field.reserve(f.path.size() + 1);
  field.append(f.path.substr(0, 6)).push_back(static_cast<char>('0' + s));
  field.append(f.path.substr(6));
  out_.fields.emplace_back(std::move(field), tok_->column);
  return std::nullopt;
}

// The value `arg` gives field `f` of seat `s` (of the result when s < 0), as its slot keeps it:
// a Bool's 1, an Int's number from 1 to its maximum (none: 1), a Tile's tile.
Result<std::int64_t> WordsReader::field_value(const TableField& f, int s, std::string_view arg,
                                              std::size_t offset) const {
  switch (f.kind) {
    case TableField::Kind::Bool:
      return TableFieldType<bool>::encode(true);
    case TableField::Kind::Tile: {
      auto tile = tile_at(*tok_, arg, offset);
      if (!tile) return tile.error();
      return TableFieldType<std::optional<Tile>>::encode(*tile);
    }
    case TableField::Kind::Seats:  // the table's own: read by on_result_field
    case TableField::Kind::Tiles:  // a seat's: read by on_seat_field
    case TableField::Kind::Int:
      break;
  }
  std::optional<std::int64_t> n = arg.empty() ? std::optional<std::int64_t>(1) : number(arg);
  if (n && *n >= 1 && *n <= f.max) return *n;
  std::string how_many(f.how_many_en);
  if (auto at = how_many.find("{}"); at != std::string::npos)
    how_many.replace(at, 2, s < 0 ? std::string() : seat_en(s));
  const std::string max = std::to_string(f.max);
  return bad_word(*tok_, how_many + ": 1 to " + max + ", not " + std::string(arg),
                  (s < 0 ? std::string() : seat_zh(s)) + std::string(f.what_zh) + "数应为 1 到 " +
                      max + "，而不是" + std::string(arg));
}

// 北天胡, 北地胡: after that seat's win.
WordsReader::Failure WordsReader::on_tianhu_dihu(int s, Verb verb) {
  const std::string_view w = tok_->text;
  bool found = false;
  for (auto& x : wins_)
    if (x.seat == s) (verb == Verb::Tianhu ? x.tianhu : x.dihu) = found = true;
  if (!found)
    return word_error(ErrorCode::Inconsistent, *tok_,
                      std::string(w) + " comes after " + seat_en(s) + "'s win (北胡7筒 北地胡)",
                      std::string(w) + "应写在" + seat_zh(s) + "胡牌之后（北胡7筒 北地胡）");
  return std::nullopt;
}

DeclaredWords& WordsReader::declared_words(int s) {
  auto& d = declared_[static_cast<std::size_t>(s)];
  if (!d) {
    d.emplace();
    d->column = tok_->column;
  }
  return *d;
}

// The pattern of a declared win or 听 (`arg`, in this word), or a pattern word to come.
WordsReader::Failure WordsReader::on_declared_pattern(int s, std::string_view arg, std::size_t) {
  DeclaredWords& d = declared_words(s);
  if (arg.empty()) {
    d.wants_pattern = true;
    pattern_wanted_by_ = s;
    return std::nullopt;
  }
  if (!is_pattern_word(arg))
    return word_error(ErrorCode::BadWord, *tok_,
                      "'" + std::string(arg) +
                          "' is neither a tile nor a pattern (qianmj rules lists the patterns)",
                      "“" + std::string(arg) + "”既不是牌也不是牌型（qianmj rules 列出全部牌型）");
  d.said.pattern = std::string(arg);
  d.pattern_column = tok_->column;
  d.wants_pattern = false;
  if (pattern_wanted_by_ == s) pattern_wanted_by_ = -1;
  return std::nullopt;
}

// 清大对 alone: the pattern of the win or 听 said just before it without one.
WordsReader::Failure WordsReader::on_pattern_word(std::string_view w) {
  if (pattern_wanted_by_ < 0)
    return word_error(ErrorCode::BadWord, *tok_,
                      "the pattern " + std::string(w) +
                          " follows a win or 听 without one (北自摸 " + std::string(w) + ")",
                      "牌型" + std::string(w) + "应跟在未写牌型的胡牌或听牌之后（北自摸 " +
                          std::string(w) + "）");
  return on_declared_pattern(pattern_wanted_by_, w, 0);
}

// 东听, 东听清一色, E:ready:qingyise.
WordsReader::Failure WordsReader::on_ready(int s, std::string_view arg, std::size_t offset) {
  if (starts(arg, ":")) {
    arg.remove_prefix(1);
    ++offset;
  }
  DeclaredWords& d = declared_words(s);
  if (d.said.ready) return twice(*tok_, seat_en(s) + "'s 听", seat_zh(s) + "听牌");
  d.said.ready = true;
  d.ready_column = tok_->column;
  return on_declared_pattern(s, arg, offset);
}

WordsReader::Failure WordsReader::on_huazhu(int s) {
  DeclaredWords& d = declared_words(s);
  if (d.said.huazhu) return twice(*tok_, seat_en(s) + "'s 花猪", seat_zh(s) + "花猪");
  d.said.huazhu = true;
  d.huazhu_column = tok_->column;
  return std::nullopt;
}

// 东鸡2, E:ji:2: the 鸡 in the seat's hand and melds.
WordsReader::Failure WordsReader::on_chickens(int s, std::string_view arg) {
  auto n = number(arg);
  if (!n || *n < 0 || *n > 12)
    return word_error(
        n ? ErrorCode::OutOfRange : ErrorCode::BadWord, *tok_,
        "how many 鸡 " + seat_en(s) + " holds in hand and melds: 0 to 12 (东鸡2), not '" +
            std::string(arg) + "'",
        seat_zh(s) + "手牌与碰杠中的鸡数应为 0 到 12（东鸡2），而不是“" + std::string(arg) + "”");
  DeclaredWords& d = declared_words(s);
  if (d.said.chickens) return twice(*tok_, seat_en(s) + "'s 鸡", seat_zh(s) + "的鸡");
  d.said.chickens = *n;
  d.chickens_column = tok_->column;
  return std::nullopt;
}

// 西明杠9条, 北暗杠, S:added-kong:5m: a kong meld said without brackets.
WordsReader::Failure WordsReader::on_kong_verb(int s, Meld::Kind kind, std::string_view arg,
                                               std::size_t offset) {
  if (starts(arg, ":")) {
    arg.remove_prefix(1);
    ++offset;
  }
  std::optional<Tile> tile;
  if (!arg.empty()) {
    auto t = tile_at(*tok_, arg, offset);
    if (!t) return t.error();
    tile = *t;
  }
  kong_verbs_.push_back({s, kind, tile, tok_->column});
  return std::nullopt;
}

// The declared records, and the words behind their fields.
void WordsReader::put_declared() {
  // 流局 alone, with no hand and no seat's words: the table says nobody was ready and nobody
  // a 花猪 — a declared draw (checking it would need all four hands).
  const bool no_hand = std::none_of(hand_said_.begin(), hand_said_.end(),
                                    [](const Said& h) { return static_cast<bool>(h); });
  const bool none_declared =
      std::none_of(declared_.begin(), declared_.end(), [](const auto& d) { return d.has_value(); });
  if (draw_said_ && no_hand && none_declared)
    for (auto& d : declared_) d.emplace().column = draw_said_.column;
  for (int s = 0; s < kSeats; ++s) {
    const auto& d = declared_[static_cast<std::size_t>(s)];
    if (!d) continue;
    t_.seats[static_cast<std::size_t>(s)].declared = d->said;
    const std::string base = "seats[" + std::to_string(s) + "].declared";
    out_.fields.emplace_back(base, d->column);
    if (d->pattern_column)
      out_.fields.emplace_back(base + ".pattern", d->pattern_column);
    else if (d->ready_column)
      out_.fields.emplace_back(base + ".pattern", d->ready_column);
    if (d->huazhu_column) out_.fields.emplace_back(base + ".huazhu", d->huazhu_column);
    if (d->chickens_column) out_.fields.emplace_back(base + ".chickens", d->chickens_column);
  }
}

// ---- 3. the table from what was said --------------------------------------------------------

// Hands, parsed with their continuation words.
WordsReader::Failure WordsReader::make_hands() {
  for (std::size_t i = 0; i < kSeats; ++i) {
    if (!hand_said_[i]) continue;
    const Token& tok = token_at(hand_said_[i].column);
    auto h = parse_hand(hand_text_[i]);
    if (!h) {
      Error e = h.error();
      // The hand's characters are the line's, from hand_column on; a column past its end is
      // the one just after it.
      e.column = e.column > 0 ? hand_column_[i] + std::min(e.column - 1, chars(hand_text_[i]))
                              : tok.column;
      if (e.code == ErrorCode::BadUtf8) return utf8::bad_utf8(e.column, in_.line);
      e.input = in_.line;
      return e;
    }
    for (const auto& k : kong_verbs_) {
      if (k.seat != static_cast<int>(i)) continue;
      if (!k.tile)
        return bad_word(
            token_at(k.column),
            "this seat's hand is given: say its kong's tile (" + seat_zh(k.seat) + "暗杠9筒)",
            "此家已写出手牌：杠须写明是哪张牌（" + seat_zh(k.seat) + "暗杠9筒）");
      h->melds.push_back(Meld{k.kind, *k.tile});
    }
    t_.seats[i].hand = *h;
    if (kongs_said_[i])
      return word_error(ErrorCode::Inconsistent, token_at(kongs_said_[i].column),
                        "this seat's hand is given: its kongs are the kong melds in it",
                        "此家已写出手牌：杠就是手牌中的杠");
  }
  return std::nullopt;
}

WordsReader::Failure WordsReader::make_dealer_and_streak() {
  if (!dealer_said_) {
    if (!defaults_ || !defaults_->have_dealer)
      return Error{ErrorCode::BadWord, "who is the dealer? say 庄东 (or dealer:E)",
                   "谁坐庄？写作 庄东（或 dealer:E）"};
    t_.dealer = defaults_->dealer;
  }
  out_.dealer_given = static_cast<bool>(dealer_said_);
  out_.streak_given = static_cast<bool>(streak_said_);
  if (!streak_said_ && defaults_) t_.streak = defaults_->streak;
  return std::nullopt;
}

// House rules: the session's, then these words' (bound to the rule set when it is known).
WordsReader::Failure WordsReader::make_options() {
  if (option_words_.empty()) return std::nullopt;
  if (!defaults_ && find_ruleset(t_.rules)) t_.options = Options(t_.rules);
  for (std::size_t i = 0; i < option_words_.size(); ++i) {
    const auto& [word, column] = option_words_[i];
    const std::string_view name = std::string_view(word).substr(0, word.find('='));
    for (std::size_t k = 0; k < i; ++k)  // base=5 base=6: said twice, as every other word
      if (std::string_view(option_words_[k].first).substr(0, option_words_[k].first.find('=')) ==
          name)
        return Error{ErrorCode::Inconsistent, std::string(name) + " is said twice",
                     std::string(name) + "说了两次", column, in_.line};
    if (auto e = t_.options.set_assignment(word)) {
      Error err = *e;
      err.column = column;
      err.input = in_.line;
      return err;
    }
    out_.fields.emplace_back("options." + word.substr(0, word.find('=')), column);
  }
  return std::nullopt;
}

// Kongs: each kong meld of a given hand, and the kongs said for a hand-less seat, in seat order.
void WordsReader::collect_kongs() {
  for (int s = 0; s < kSeats; ++s) {
    auto si = static_cast<std::size_t>(s);
    const std::vector<Meld>* melds =
        t_.seats[si].hand ? &t_.seats[si].hand->melds : &loose_kongs_[si];
    int column = t_.seats[si].hand ? hand_said_[si].column : kongs_said_[si].column;
    for (const auto& m : *melds)
      if (m.is_kong()) kongs_.push_back({{s, m.kind, m.tile, -1, true, {}}, column});
    if (t_.seats[si].hand) continue;  // its kong words are melds of the hand now
    for (const auto& k : kong_verbs_)
      if (k.seat == s)
        kongs_.push_back(
            {{s, k.kind, k.tile.value_or(Tile()), -1, k.tile.has_value(), {}}, k.column});
  }
}

// A direct kong needs the seat that fed it (西点杠5万).
WordsReader::Failure WordsReader::feed_kongs() {
  for (const auto& [tok, feed] : feeds_) {
    KongWord* k = nullptr;
    for (auto& x : kongs_)  // a tile names its kong; without one, the first not yet fed
      if (x.kong.kind == Meld::Kind::DirectKong &&
          (feed.second ? x.kong.tile_known && x.kong.tile == *feed.second
                       : !x.kong.tile_known && !x.fed && !k))
        k = &x;
    const std::string tile_en = feed.second ? feed.second->ascii() : "no tile said";
    const std::string tile_zh = feed.second ? feed.second->chinese() : "未写牌";
    if (!k)
      return word_error(
          ErrorCode::Inconsistent, tok,
          "no hand shows a direct kong of " + tile_en +
              " (write it [5555m] in the hand, or 西明杠5万)",
          "没有哪家手牌中有 " + tile_zh + " 的直杠（在手牌中写作 [5555万]，或 西明杠5万）");
    if (k->fed) return twice(tok, "who fed the kong of " + tile_en, "谁点的 " + tile_zh + " 杠");
    if (feed.first == k->kong.seat)
      return word_error(ErrorCode::Inconsistent, tok, "a direct kong is fed by another seat",
                        "直杠是别家点的，不能是自己");
    k->kong.from = feed.first;
    k->fed = true;
  }
  for (const auto& k : kongs_)
    if (k.kong.kind == Meld::Kind::DirectKong && !k.fed && !k.kong.tile_known) {
      const int other = (k.kong.seat + 1) % kSeats;  // an example seat that could have fed it
      return bad_word(
          token_at(k.column),
          "who fed this direct kong? say the seat and 点杠 (" + seat_zh(other) + "点杠)",
          "谁点的这个直杠？写作“座位点杠”（如 " + seat_zh(other) + "点杠）");
    }
  for (const auto& k : kongs_)
    if (k.kong.kind == Meld::Kind::DirectKong && !k.fed)
      return bad_word(token_at(k.column),
                      "who fed the direct kong of " + k.kong.tile.ascii() +
                          "? say the seat and 点杠" + k.kong.tile.chinese() + " (西点杠" +
                          k.kong.tile.chinese() + ", or W:fed:" + k.kong.tile.ascii() + ")",
                      "谁点的 " + k.kong.tile.chinese() + " 直杠？写作“座位点杠" +
                          k.kong.tile.chinese() + "”（如 西点杠" + k.kong.tile.chinese() + "）");
  return std::nullopt;
}

// The result: a win, a draw or an escape, exactly one.
WordsReader::Failure WordsReader::make_result() {
  int results =
      (!wins_.empty()) + static_cast<int>(static_cast<bool>(draw_said_)) + (escaper_ ? 1 : 0);
  if (results == 0)
    return Error{ErrorCode::BadWord, "what happened? say 北胡7筒 南放炮, 东自摸7筒, 流局 or 南逃跑",
                 "结果是什么？写作 北胡7筒 南放炮、东自摸7筒、流局 或 南逃跑"};
  if (results > 1) {
    int column = draw_said_ ? draw_said_.column
                 : escaper_ ? escaper_->second
                            : wins_.front().column;
    return word_error(ErrorCode::Inconsistent, token_at(column),
                      "a hand ends one way: a win, a draw (流局) or an escape (逃跑)",
                      "一局只有一种结果：胡牌、流局或逃跑");
  }
  if (auto e = check_result_words(!wins_.empty())) return e;
  if (draw_said_) {
    t_.outcome = Table::Outcome::Draw;
    out_.fields.emplace_back("result", draw_said_.column);
  } else if (escaper_) {
    t_.outcome = Table::Outcome::Escape;
    t_.escaper = escaper_->first;
    t_.last_four = static_cast<bool>(last_four_said_);
    out_.fields.emplace_back("result", escaper_->second);
  } else {
    return make_win();
  }
  return std::nullopt;
}

// The words that belong to one kind of result only.
WordsReader::Failure WordsReader::check_result_words(bool win) {
  // The messages are built only for a refusal: this runs on every table read.
  auto only_with = [&](const Said& said, bool ok, std::string_view en,
                       std::string_view zh) -> Failure {
    if (said && !ok)
      return word_error(ErrorCode::Inconsistent, token_at(said.column), std::string(en),
                        std::string(zh));
    return std::nullopt;
  };
  if (auto e = only_with(last_four_said_, escaper_.has_value(),
                         "最后四张 belongs to an escape (南逃跑 最后四张)",
                         "最后四张只用于逃跑（南逃跑 最后四张）"))
    return e;
  const auto of_result = fields_.of_result;
  for (std::size_t slot = 0; slot < of_result.size(); ++slot) {
    const TableField& f = *of_result[slot];
    if (!result_field_said_[slot] || win) continue;
    // "the WHAT_EN (WORD) AFTER_WIN_EN"
    return word_error(ErrorCode::Inconsistent, token_at(result_field_said_[slot].column),
                      "the " + std::string(f.what_en) + " (" + std::string(f.words_zh.front()) +
                          ") " + std::string(f.after_win_en),
                      std::string(f.what_zh) + "只在胡牌后");
  }
  for (const Said* s :
       {&zimo_said_, &hua_said_, &pao_said_, &rob_said_, &tianhu_said_, &dihu_said_, &multi_said_})
    if (auto e = only_with(*s, win, "this word belongs to a win (北胡7筒 …)",
                           "此词只用于胡牌（北胡7筒 ……）"))
      return e;
  if (discarder_ && !win)
    return word_error(ErrorCode::Inconsistent, token_at(discarder_->second),
                      "a discarder (放炮) needs a win", "放炮需要有人胡牌");
  return std::nullopt;
}

WordsReader::Failure WordsReader::make_win() {
  t_.outcome = Table::Outcome::Win;
  bool any_self =
      std::any_of(wins_.begin(), wins_.end(), [](const WinWord& x) { return x.self_drawn; });
  const bool self = any_self || zimo_said_ || hua_said_ || tianhu_said_;
  if (auto e = check_win(self)) return e;
  const bool robbing = robbed_word_ || rob_said_;
  if (tianhu_said_ && wins_.size() == 1) wins_.front().tianhu = true;
  if (dihu_said_) {
    if (wins_.size() != 1)
      return word_error(ErrorCode::Inconsistent, token_at(dihu_said_.column),
                        "with several winners, say whose 地胡 (北地胡)",
                        "多家胡牌时写明谁地胡（北地胡）");
    wins_.front().dihu = true;
  }
  for (std::size_t i = 0; i < wins_.size(); ++i) {
    const auto& x = wins_[i];
    WinEvent e;
    e.seat = x.seat;
    e.tile = x.tile;
    e.from = self ? -1 : discarder_->first;
    e.after_kong = hua_said_ || pao_said_;
    e.robbing_kong = robbing;
    e.tianhu = x.tianhu;
    e.dihu = x.dihu;
    t_.wins.push_back(e);
    std::string field = "result.wins[" + std::to_string(i) + "]";
    out_.fields.emplace_back(field, x.column);
    if (discarder_) out_.fields.emplace_back(field + ".from", discarder_->second);
    if (hua_said_ || pao_said_)
      out_.fields.emplace_back(field + ".after_kong",
                               hua_said_ ? hua_said_.column : pao_said_.column);
    if (tianhu_said_) out_.fields.emplace_back(field + ".tianhu", tianhu_said_.column);
    if (dihu_said_) out_.fields.emplace_back(field + ".dihu", dihu_said_.column);
  }
  return std::nullopt;
}

// A win is self-drawn or off one discard, never the winner's own.
WordsReader::Failure WordsReader::check_win(bool self) const {
  if (self && discarder_)
    return word_error(ErrorCode::Inconsistent, token_at(discarder_->second),
                      "a self-draw (自摸) has no discarder (放炮)", "自摸没有点炮者");
  if (!self && !discarder_)
    return word_error(
        ErrorCode::BadWord, token_at(wins_.front().column),
        "self-drawn or off a discard? add 自摸, or who discarded (南放炮), or write 北自摸7筒",
        "自摸还是点炮？加上“自摸”或点炮者（南放炮），或写作 北自摸7筒");
  if (self && wins_.size() > 1)
    return word_error(ErrorCode::Inconsistent, token_at(wins_[1].column),
                      "several winners are 一炮多响: all off one discard, none self-drawn",
                      "多家胡牌即一炮多响：须同胡一张打出的牌，不能自摸");
  if (multi_said_ && wins_.size() < 2)
    return word_error(ErrorCode::Inconsistent, token_at(multi_said_.column),
                      "一炮多响 needs two or three winners", "一炮多响需要两家或三家胡牌");
  if (hua_said_ && pao_said_)
    return word_error(ErrorCode::Inconsistent, token_at(pao_said_.column),
                      "杠上花 is a self-draw, 杠上炮 off a discard: not both",
                      "杠上花是自摸，杠上炮是点炮，不能同时成立");
  if ((robbed_word_ || rob_said_) && !discarder_)
    return word_error(ErrorCode::BadWord, token_at(rob_said_.column),
                      "抢杠: whose kong was robbed? say 南被抢杠",
                      "抢杠：抢的是谁的杠？写作 南被抢杠");
  if (discarder_)
    for (const auto& x : wins_)
      if (x.seat == discarder_->first)
        return word_error(ErrorCode::Inconsistent, token_at(discarder_->second),
                          "a winner cannot be the discarder: nobody wins off their own discard",
                          "胡牌者不能同时是点炮者：不能胡自己打出的牌");
  return std::nullopt;
}

// 杠上花 and 杠上炮 come right after a kong of the winner / the discarder.
WordsReader::Failure WordsReader::check_after_kong() const {
  if (t_.outcome != Table::Outcome::Win || !t_.wins.front().after_kong) return std::nullopt;
  const auto& first = t_.wins.front();
  int konger = first.self_drawn() ? first.seat : first.from;
  if (std::any_of(kongs_.begin(), kongs_.end(),
                  [&](const KongWord& k) { return k.kong.seat == konger; }))
    return std::nullopt;
  const auto ki = static_cast<std::size_t>(konger);
  const bool hua = first.self_drawn();
  return word_error(ErrorCode::Inconsistent, token_at(hua ? hua_said_.column : pao_said_.column),
                    std::string(hua ? "杠上花 is a self-draw right after the winner's kong"
                                    : "杠上炮 is a discard right after the discarder's kong") +
                        ", but " + std::string(kSeatEn[ki]) +
                        " made none (write it in the hand, or " + std::string(kSeatZh[ki]) +
                        "杠(9999筒))",
                    std::string(hua ? "杠上花是胡家杠后自摸" : "杠上炮是点炮者杠后打出") + "，但" +
                        std::string(kSeatZh[ki]) + "没有杠（写在手牌中，或写作 " +
                        std::string(kSeatZh[ki]) + "杠(9999筒)）");
}

// The order the kongs were made: seat order, then 杠序 in full, or 最后杠 (or, for 杠上花 and
// 杠上炮, the konger's only kong) moved to the end. First 杠序: every kong, each once.
WordsReader::Failure WordsReader::order_kongs_as_said() {
  std::vector<KongWord> ordered;
  for (const auto& said : kong_order_) {  // not a structured binding: clang 14 lambdas cannot
    const int seat = said.first;          // capture one
    const Tile tile = said.second;
    auto it = std::find_if(kongs_.begin(), kongs_.end(), [&](const KongWord& k) {
      return k.kong.seat == seat && k.kong.tile == tile;
    });
    if (it == kongs_.end())
      return word_error(ErrorCode::Inconsistent, token_at(order_said_.column),
                        "杠序 names a kong no hand shows: " + seat_en(seat) + " " + tile.ascii(),
                        "杠序中的杠不在手牌中：" + seat_zh(seat) + tile.chinese());
    ordered.push_back(*it);
    kongs_.erase(it);
  }
  if (!kongs_.empty())
    return word_error(ErrorCode::Inconsistent, token_at(order_said_.column),
                      "杠序 must list every kong of the table", "杠序须列出全桌所有的杠");
  kongs_ = std::move(ordered);
  return std::nullopt;
}

// Without 杠序: 最后杠's kong, or the after-kong konger's only kong, made last.
WordsReader::Failure WordsReader::move_last_kong() {
  std::optional<int> konger;
  if (t_.outcome == Table::Outcome::Win && t_.wins.front().after_kong)
    konger = t_.wins.front().self_drawn() ? t_.wins.front().seat : t_.wins.front().from;
  std::vector<std::size_t> candidates;
  for (std::size_t i = 0; i < kongs_.size(); ++i)
    if (last_kong_ ? kongs_[i].kong.tile == *last_kong_
                   : (konger && kongs_[i].kong.seat == *konger))
      candidates.push_back(i);
  if (last_kong_ && candidates.empty())
    return word_error(ErrorCode::Inconsistent, token_at(last_kong_said_.column),
                      "最后杠 names a kong no hand shows", "最后杠所写的杠不在手牌中");
  if (konger && !last_kong_ && candidates.size() > 1)
    return word_error(ErrorCode::BadWord, token_at(hua_said_ ? hua_said_.column : pao_said_.column),
                      "which of the konger's kongs was the last? say 最后杠 and its tile "
                      "(最后杠9筒, last-kong:9p)",
                      "杠者有几个杠：最后开的是哪个？写作 最后杠9筒（last-kong:9p）");
  if (candidates.size() == 1) {
    KongWord k = kongs_[candidates.front()];
    kongs_.erase(kongs_.begin() + static_cast<long>(candidates.front()));
    kongs_.push_back(k);
  }
  return std::nullopt;
}

WordsReader::Failure WordsReader::put_kong_fields() {
  for (const auto& said : kong_fields_) {
    auto it = std::find_if(kongs_.begin(), kongs_.end(), [&](const KongWord& k) {
      return k.kong.seat == said.seat && k.kong.tile == said.tile;
    });
    if (it == kongs_.end())
      return word_error(ErrorCode::Inconsistent, token_at(said.column),
                        std::string(said.field->what_en) + ": " + seat_en(said.seat) +
                            " shows no kong of " + said.tile.ascii(),
                        std::string(said.field->what_zh) + "：" + seat_zh(said.seat) + "没有" +
                            said.tile.chinese() + "的杠");
    it->kong.fields.set_raw(fields_.slot(*said.field), 1);
    const auto i = static_cast<std::size_t>(it - kongs_.begin());
    out_.fields.emplace_back("kongs[" + std::to_string(i) + "]." + std::string(said.field->key()),
                             said.column);
  }
  return std::nullopt;
}

void WordsReader::put_kongs_and_names() {
  for (std::size_t i = 0; i < kongs_.size(); ++i) {
    t_.kongs.push_back(kongs_[i].kong);
    out_.fields.emplace_back("kongs[" + std::to_string(i) + "]", kongs_[i].column);
  }
  for (int s = 0; s < kSeats; ++s)
    if (name_said_[s])
      out_.fields.emplace_back("seats[" + std::to_string(s) + "].name", name_said_[s].column);
}

}  // namespace

Result<WordsTable> read_words(Words& words) {
  return WordsReader(words).read();
}

}  // namespace qianmj::words
