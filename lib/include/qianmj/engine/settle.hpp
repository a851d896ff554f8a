// The ledger of one hand: a described table in, every payment out (RULES.md D4-D10).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "qianmj/engine/rules.hpp"
#include "qianmj/engine/table_fields.hpp"

namespace qianmj {

inline constexpr int kSeats = 4;  // C2: seats 0-3 in turn order

struct KongEvent {
  int seat = 0;
  Meld::Kind kind = Meld::Kind::DirectKong;  // never Pung
  Tile tile;
  int from = -1;            // the discarder, for a direct kong
  bool tile_known = true;   // false: a declared kong said without its tile (北暗杠)
  TableFieldValues fields;  // "kongs[].NAME" of the rule sets that own them (Guiyang: 憨包)
  friend bool operator==(const KongEvent&, const KongEvent&) = default;
};

struct WinEvent {
  int seat = 0;
  int from = -1;  // the discarder (or the robbed seat); == seat or -1 for a self-draw
  Tile tile;
  bool after_kong = false;
  bool robbing_kong = false;
  bool tianhu = false;
  bool dihu = false;
  bool self_drawn() const { return from < 0 || from == seat; }
  friend bool operator==(const WinEvent&, const WinEvent&) = default;
};

// A seat's hand said by its result instead of its tiles (a declared table): what the tiles
// would have told settle. Nothing of it is checked against tiles.
struct Declared {
  std::string pattern;  // a winner's or a ready seat's pattern: a rule set's row id or name
  bool ready = false;   // 听: ready at the end (a winner need not say it)
  bool huazhu = false;  // 花猪: not ready and holding all three suits (Duyun D8.1, Zunyi Z7)
  std::optional<std::int64_t> chickens;  // Zunyi Z6: 鸡 in hand and melds, 翻鸡 included
  friend bool operator==(const Declared&, const Declared&) = default;
};

struct SeatState {
  std::string name;
  std::optional<Hand> hand;  // as given: 13 tiles, or a winner's 13 + tile / 14
  bool baoting = false;
  TableFieldValues fields;  // "seats[].NAME" of the rule sets that own them (Zunyi: 冲锋鸡)
  // Set on a declared table (no seat has a hand then): a seat not named has the default,
  // neither ready nor 花猪.
  std::optional<Declared> declared;
  friend bool operator==(const SeatState&, const SeatState&) = default;
};

struct Table {
  std::string rules{default_ruleset().id};  // empty from JSON without "rules": the caller's choice
  Options options;
  int dealer = 0;
  std::int64_t streak = 0;
  std::array<SeatState, kSeats> seats;
  std::vector<KongEvent> kongs;  // in the order they were made
  enum class Outcome { Win, Draw, Escape };
  Outcome outcome = Outcome::Draw;
  std::vector<WinEvent> wins;
  int escaper = -1;
  bool last_four = false;
  TableFieldValues result_fields;  // "result.NAME" of a win (Zunyi: the turned-up tile)
  TableFieldValues fields;         // "NAME" of the table itself (Guiyang: 责任鸡)
  // Declared (said by result and pattern, tiles not checked): some seat has `declared`. A
  // table is declared or in tiles, not both: a declared table has no hands.
  bool declared() const;
  friend bool operator==(const Table&, const Table&) = default;
};

// One payment between two seats.
struct Transfer {
  int from = 0;
  int to = 0;
  std::int64_t points = 0;
  std::int64_t value = 0;   // fan (Duyun) or points (Zunyi) charged, where a pattern is priced
  std::vector<Item> items;  // pattern and add-ons, where a pattern is priced
  int covers = 1;  // seats' shares paid (Zunyi 包三家: 3): points = value × covers (× base)
};

// One row of the ledger: what happened and the payments it caused.
struct LedgerItem {
  std::string id;  // yindou sijidou jindou win gangshangpao huazhu huangdou chadajiao escape
  Text name;       // 金豆 / Concealed kong 豆
  Text detail;     // 9筒 北 / 9p, seat 3
  std::vector<Transfer> transfers;
  std::vector<Text> lines;  // the arithmetic, a line each, for a referee to check by hand
};

// 查叫: what the draw (or a late escape) found in one seat's hand.
struct SeatCheck {
  bool ready = false;
  std::optional<bool> huazhu;      // 花猪 (D8.1), where the rule set checks for it
  std::optional<Item> dajiao;      // best pattern over the live waits
  std::vector<Item> dajiao_items;  // what a 查大叫 charges for it: the pattern and its add-ons
};

struct Ledger {
  std::vector<LedgerItem> items;
  std::array<std::optional<SeatCheck>, kSeats> checks;  // seats whose hands were checked
  std::array<std::int64_t, kSeats> totals{};
  int next_dealer = 0;
  std::int64_t next_streak = 0;
  std::vector<Text> notes;
  bool declared = false;  // from a declared table: the tiles were not checked
};

// Whether a ledger's items carry their arithmetic (LedgerItem::lines). A caller that shows
// only the amounts (a session's running totals) settles Without: the same items, transfers
// and totals, without the work of writing the lines.
enum class Arithmetic : bool { Without, With };

// A table after the checks every rule set shares.
struct CheckedTable {
  const Table& table;
  std::array<std::optional<Hand>, kSeats> waiting;  // 13-tile hands; a winner's without the win
  std::vector<bool> kong_void;                      // per kongs[i]: robbed (D5), pays nothing
  std::array<bool, kSeats> winner{};
  Arithmetic arithmetic = Arithmetic::With;
  // A declared table: each seat's pattern, resolved by the rule set (a winner's, a ready one's).
  std::array<std::optional<DeclaredPattern>, kSeats> declared{};
  bool is_declared() const { return table.declared(); }
};

// Checks the table (field paths in Error::field) and prices it under `rules`; the ledger is
// checked to sum to zero. The table's own `rules` and `options` are the caller's to apply
// (the second form builds the rule set from them: an unknown one or a foreign option is
// bad_option).
Result<Ledger> settle(const Ruleset& rules, const Table& table,
                      Arithmetic arithmetic = Arithmetic::With);
Result<Ledger> settle(const Table& table);

// An error about one field of the table.
Error field_error(ErrorCode code, std::string field, std::string en, std::string zh);

// Seat names for text: the table's, else 东南西北 / East South West North.
std::string seat_name(const Table& table, int seat, bool chinese);

}  // namespace qianmj
