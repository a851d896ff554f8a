#include "qianmj/engine/settle.hpp"

#include <algorithm>

#include "engine/book.hpp"
#include "engine/declared.hpp"
#include "qianmj/core/terminal_text.hpp"

namespace qianmj {

Error field_error(ErrorCode code, std::string field, std::string en, std::string zh) {
  Error e{code, std::move(en), std::move(zh), 0, ""};
  e.field = std::move(field);
  return e;
}

std::string seat_name(const Table& table, int seat, bool chinese) {
  static constexpr const char* zh[] = {"东", "南", "西", "北"};
  static constexpr const char* en[] = {"East", "South", "West", "North"};
  if (seat < 0 || seat >= kSeats) return "?";
  const auto& name = table.seats[static_cast<std::size_t>(seat)].name;
  if (!name.empty()) return name;
  return chinese ? zh[seat] : en[seat];
}

bool Table::declared() const {
  return std::any_of(seats.begin(), seats.end(),
                     [](const SeatState& s) { return s.declared.has_value(); });
}

namespace {

std::string path(const char* base, std::size_t i, const char* leaf = nullptr) {
  std::string p = std::string(base) + "[" + std::to_string(i) + "]";
  if (leaf) p += std::string(".") + leaf;
  return p;
}

std::string seat_hand(int seat) {
  return path("seats", static_cast<std::size_t>(seat), "hand");
}

Error bad(std::string field, std::string en, std::string zh) {
  return field_error(ErrorCode::BadField, std::move(field), std::move(en), std::move(zh));
}

Error inconsistent(std::string field, std::string en, std::string zh) {
  return field_error(ErrorCode::Inconsistent, std::move(field), std::move(en), std::move(zh));
}

bool valid_seat(int s) {
  return s >= 0 && s < kSeats;
}

std::string kong_text(const std::vector<std::pair<Meld::Kind, Tile>>& ks, bool zh) {
  std::string out;
  for (const auto& [kind, tile] : ks) {
    if (!out.empty()) out += ' ';
    append_meld_text(out, {kind, tile}, false);
  }
  return out.empty() ? (zh ? "无" : "none") : out;
}

// The fields of the table only some rule sets read (RulesetInfo::table_fields), where given:
// a rule set that does not read one refuses it, naming the rule set that does.
std::optional<Error> check_owned_fields(const Table& t, const Ruleset& rules) {
  if (std::none_of(t.seats.begin(), t.seats.end(),
                   [](const SeatState& s) { return s.fields.any(); }) &&
      std::none_of(t.kongs.begin(), t.kongs.end(),
                   [](const KongEvent& k) { return k.fields.any(); }) &&
      !t.result_fields.any() && !t.fields.any())
    return std::nullopt;
  std::vector<std::pair<std::string_view, std::string>>
      given;  // {"seats[].chongfeng", "seats[2].chongfeng"}
  const auto of_seats = table_fields_of_seats();
  for (std::size_t s = 0; s < kSeats; ++s)
    for (std::size_t i = 0; i < of_seats.size(); ++i)
      if (t.seats[s].fields.raw(i) > 0)
        given.emplace_back(of_seats[i]->path,
                           path("seats", s) + "." + std::string(of_seats[i]->key()));
  const auto of_result = table_fields_of_result();
  for (std::size_t i = 0; i < of_result.size(); ++i)
    if (t.result_fields.raw(i) > 0) given.emplace_back(of_result[i]->path, of_result[i]->path);
  const auto of_kongs = table_fields_of_kongs();
  for (std::size_t k = 0; k < t.kongs.size(); ++k)
    for (std::size_t i = 0; i < of_kongs.size(); ++i)
      if (t.kongs[k].fields.raw(i) > 0)
        given.emplace_back(of_kongs[i]->path,
                           path("kongs", k) + "." + std::string(of_kongs[i]->key()));
  const auto of_table = table_fields_of_table();
  for (std::size_t i = 0; i < of_table.size(); ++i)
    if (t.fields.raw(i) > 0) given.emplace_back(of_table[i]->path, of_table[i]->path);
  const RulesetInfo* here = find_ruleset(rules.id());
  auto reads = [](const RulesetInfo& info, std::string_view field) {
    return std::any_of(info.table_fields.begin(), info.table_fields.end(),
                       [&](const TableField& f) { return f.path == field; });
  };
  for (const auto& [field, where] : given) {
    if (here && reads(*here, field)) continue;
    std::string owners_en, owners_zh;
    for (const auto& info : rulesets())
      if (reads(info, field)) {
        owners_en += (owners_en.empty() ? "" : ", ") + std::string(info.en) + " (--rules " +
                     std::string(info.id) + ")";
        owners_zh += (owners_zh.empty() ? "" : "、") + std::string(info.zh) + "（--rules " +
                     std::string(info.id) + "）";
      }
    std::string name(field.substr(field.rfind('.') + 1));
    return bad(where,
               name + " is read only by the " + owners_en + " rules; the " +
                   std::string(rules.name().en) + " rules have no such field",
               name + " 只用于" + owners_zh + "规则；" + rules.name().zh + "规则没有这一项");
  }
  return std::nullopt;
}

// Each kong: a seat, and a discarder for a direct kong only.
std::optional<Error> check_kongs(const Table& t) {
  for (std::size_t i = 0; i < t.kongs.size(); ++i) {
    const auto& k = t.kongs[i];
    if (!valid_seat(k.seat))
      return bad(path("kongs", i, "seat"), "a seat from 0 to 3", "应为 0 到 3 号座位");
    if (!k.tile_known && !t.declared())
      return bad(path("kongs", i, "tile"), "a kong of a table in tiles names its tile",
                 "按牌结算时杠须写明是哪张牌");
    if (k.kind == Meld::Kind::DirectKong) {
      if (!valid_seat(k.from))
        return bad(path("kongs", i, "from"), "a direct kong needs the discarder's seat (0 to 3)",
                   "明杠需要点杠者的座位（0 到 3）");
      if (k.from == k.seat)
        return inconsistent(path("kongs", i, "from"), "a direct kong's discarder is another seat",
                            "明杠的点杠者不能是自己");
    } else if (k.from != -1) {
      return inconsistent(path("kongs", i, "from"), "only a direct kong has a discarder",
                          "只有明杠才有点杠者");
    }
  }
  return std::nullopt;
}

// Win `i` of a win result: its seats, the same discard as the first's, its kind of win.
std::optional<Error> check_win(const Table& t, CheckedTable& c, std::size_t i) {
  const auto& first = t.wins.front();
  const auto& w = t.wins[i];
  if (!valid_seat(w.seat))
    return bad(path("result.wins", i, "seat"), "a seat from 0 to 3", "应为 0 到 3 号座位");
  if (w.from != -1 && !valid_seat(w.from))
    return bad(path("result.wins", i, "from"), "a seat from 0 to 3", "应为 0 到 3 号座位");
  if (c.winner[static_cast<std::size_t>(w.seat)])
    return inconsistent(path("result.wins", i, "seat"), "a seat wins once", "同一家不能胡两次");
  c.winner[static_cast<std::size_t>(w.seat)] = true;
  if (t.wins.size() > 1) {
    if (w.self_drawn())
      return inconsistent(path("result.wins", i, "from"),
                          "several wins are 一炮多响: all off one discard, none self-drawn",
                          "多家胡牌即一炮多响：须同胡一张打出的牌，不能有自摸");
    if (w.from != first.from || w.tile != first.tile || w.after_kong != first.after_kong ||
        w.robbing_kong != first.robbing_kong)
      return inconsistent(path("result.wins", i),
                          "wins on one discard share from, tile, after_kong and robbing_kong",
                          "一炮多响的各家须有相同的 from、tile、after_kong 与 robbing_kong");
  }
  if (w.robbing_kong && w.self_drawn())
    return inconsistent(path("result.wins", i, "from"), "抢杠 names the robbed seat in from",
                        "抢杠须在 from 中写明被抢杠者");
  if (w.robbing_kong && w.after_kong)
    return inconsistent(path("result.wins", i), "robbing_kong and after_kong exclude each other",
                        "抢杠与杠上花/杠上炮不能同时成立");
  if (w.tianhu && (w.seat != t.dealer || !w.self_drawn()))
    return inconsistent(path("result.wins", i, "tianhu"), "天胡 is the dealer's self-drawn win",
                        "天胡是庄家起手自摸");
  if (w.dihu && w.seat == t.dealer)
    return inconsistent(path("result.wins", i, "dihu"), "地胡 is a non-dealer's win",
                        "地胡是闲家胡牌");
  if (w.after_kong) {
    int konger = w.self_drawn() ? w.seat : w.from;
    if (t.kongs.empty() || t.kongs.back().seat != konger)
      return inconsistent(path("result.wins", i, "after_kong"),
                          w.self_drawn() ? "杠上花: the last of kongs[] must be the winner's"
                                         : "杠上炮: the last of kongs[] must be the discarder's",
                          w.self_drawn() ? "杠上花：kongs 中最后一个杠应是胡家的"
                                         : "杠上炮：kongs 中最后一个杠应是点炮者的");
  }
  if (!t.seats[static_cast<std::size_t>(w.seat)].hand && !t.declared())
    return bad(seat_hand(w.seat), "a winner's hand is required", "胡家的手牌必须给出");
  if (t.declared() && !t.seats[static_cast<std::size_t>(w.seat)].declared)
    return bad(path("seats", static_cast<std::size_t>(w.seat), "declared"),
               "a declared table says each winner's pattern", "报称牌型时须写出每家胡家的牌型");
  return std::nullopt;
}

// D5: the robbed added kong is void, if it is listed; the robbed seat shows the pung.
std::optional<Error> check_robbed_kong(const Table& t, CheckedTable& c) {
  const auto& first = t.wins.front();
  for (std::size_t i = 0; i < t.kongs.size(); ++i) {
    const auto& k = t.kongs[i];
    if (k.tile != first.tile) continue;
    if (k.seat != first.from || k.kind != Meld::Kind::AddedKong)
      return inconsistent(
          path("kongs", i),
          "抢杠 of " + first.tile.ascii() + ": the only kong of it is the robbed seat's added kong",
          "抢杠 " + first.tile.chinese() + "：此牌只能有被抢者的加杠");
    if (i + 1 != t.kongs.size())
      return inconsistent(path("kongs", i), "the robbed kong ends the hand: no kong comes after it",
                          "被抢的杠结束了这一局：其后不能再有杠");
    c.kong_void[i] = true;
  }
  const auto& robbed = t.seats[static_cast<std::size_t>(first.from)].hand;
  if (robbed && std::none_of(robbed->melds.begin(), robbed->melds.end(), [&](const Meld& m) {
        return m.kind == Meld::Kind::Pung && m.tile == first.tile;
      }))
    return inconsistent(seat_hand(first.from),
                        "the robbed seat must show the pung [" +
                            std::string(3, char('0' + first.tile.rank())) +
                            first.tile.ascii().substr(1) + "] it was adding to",
                        "被抢杠者手牌中应有所加杠的碰 " + first.tile.chinese());
  return std::nullopt;
}

std::optional<Error> check_wins(const Table& t, CheckedTable& c) {
  if (t.wins.empty())
    return bad("result.wins", "a win result lists at least one win", "胡牌结果至少要有一家胡");
  for (std::size_t i = 0; i < t.wins.size(); ++i)
    if (auto e = check_win(t, c, i)) return e;
  if (t.wins.front().robbing_kong && !t.declared())  // declared: no tile to match the kong by
    if (auto e = check_robbed_kong(t, c)) return e;
  for (std::size_t i = 0; i < t.wins.size(); ++i)
    if (t.wins[i].tianhu && !t.kongs.empty())
      return inconsistent(path("result.wins", i, "tianhu"),
                          "天胡 is won on the dealt tiles, before any kong",
                          "天胡是起手即胡，之前不可能有人开杠");
  return std::nullopt;
}

std::optional<Error> check_draw(const Table& t) {
  if (t.declared()) return std::nullopt;  // each seat's readiness is said
  for (int s = 0; s < kSeats; ++s)
    if (!t.seats[static_cast<std::size_t>(s)].hand)
      return bad(seat_hand(s), "every hand is required at a draw (查叫)", "流局查叫需要每家的手牌");
  return std::nullopt;
}

std::optional<Error> check_escape(const Table& t) {
  if (!valid_seat(t.escaper))
    return bad("result.seat", "the escaper is a seat from 0 to 3", "逃跑者应为 0 到 3 号座位");
  if (t.last_four && !t.declared())
    for (int s = 0; s < kSeats; ++s)
      if (s != t.escaper && !t.seats[static_cast<std::size_t>(s)].hand)
        return bad(seat_hand(s), "an escape in the last four tiles needs every other hand (查大叫)",
                   "最后四张逃跑需要其他各家的手牌（查大叫）");
  return std::nullopt;
}

std::optional<Error> check_events(const Table& t, CheckedTable& c) {
  if (!valid_seat(t.dealer))
    return bad("dealer", "the dealer is a seat from 0 to 3", "庄家应为 0 到 3 号座位");
  if (t.streak < 0) return bad("streak", "the streak is 0 or more", "连庄数不能为负");
  if (auto e = check_kongs(t)) return e;
  c.kong_void.assign(t.kongs.size(), false);
  switch (t.outcome) {
    case Table::Outcome::Win:
      return check_wins(t, c);
    case Table::Outcome::Draw:
      return check_draw(t);
    case Table::Outcome::Escape:
      return check_escape(t);
  }
  return std::nullopt;
}

std::optional<Error> check_seats(const Table& t) {
  for (int s = 0; s < kSeats; ++s) {
    const auto& seat = t.seats[static_cast<std::size_t>(s)];
    if (has_unsafe_characters(seat.name))  // it would be echoed to a terminal
      return bad(path("seats", static_cast<std::size_t>(s), "name"),
                 "control or bidi characters in a name (or bytes that are not UTF-8)",
                 "名字中有控制字符或双向文字控制符");
    if (has_invisible_characters(seat.name))  // it would print blank, or as another name
      return bad(path("seats", static_cast<std::size_t>(s), "name"),
                 "a name that prints blank or hides a character (a lone no-break space, a "
                 "zero-width space)",
                 "名字不能是空白，也不能含有看不见的字符（单独的不换行空格、零宽空格）");
    for (int other = 0; other < s; ++other)
      if (!seat.name.empty() && t.seats[static_cast<std::size_t>(other)].name == seat.name)
        return inconsistent(path("seats", static_cast<std::size_t>(s), "name"),
                            "two seats are called " + seat.name, "两家都叫" + seat.name);
    if (seat.name.size() > 64)
      return bad(path("seats", static_cast<std::size_t>(s), "name"), "a name of at most 64 bytes",
                 "名字最多 64 字节");
    // Seed: no 碰/杠 before 报听, and a 报听 hand does not change after it.
    if (seat.baoting && seat.hand && !seat.hand->melds.empty())
      return inconsistent(
          path("seats", static_cast<std::size_t>(s), "baoting"),
          "a 报听 hand has no melds: none before the declaration, no change after it",
          "报听的手牌不能有碰杠：报听前不能碰杠，报听后手牌不能变动");
  }
  return std::nullopt;
}

std::optional<Error> check_hands(const Table& t, CheckedTable& c, const Ruleset& rules) {
  Counts table_copies{};
  std::array<int, kKinds>
      last_holder;  // the seat whose hand or kong brought each kind's count up last
  last_holder.fill(-1);
  auto add_copies = [&](const Counts& k, int seat) {
    for (int i = 0; i < kKinds; ++i) {
      table_copies[i] = static_cast<std::uint8_t>(table_copies[i] + k[i]);
      if (k[i]) last_holder[static_cast<std::size_t>(i)] = seat;
    }
  };
  for (int s = 0; s < kSeats; ++s) {
    const auto& seat = t.seats[static_cast<std::size_t>(s)];
    if (!seat.hand) continue;
    Hand h = *seat.hand;
    const WinEvent* win = nullptr;
    for (const auto& w : t.wins)
      if (w.seat == s && t.outcome == Table::Outcome::Win) win = &w;
    std::string n = std::to_string(h.size());
    if (win && h.size() == 14) {
      if (!h.concealed[win->tile.index()])
        return inconsistent(
            seat_hand(s), "the winning tile " + win->tile.ascii() + " is not in this 14-tile hand",
            "14 张手牌中没有和牌张 " + win->tile.chinese());
      --h.concealed[win->tile.index()];
    } else if (h.size() != 13) {
      return bad(
          seat_hand(s),
          win ? "a winner's hand has 13 tiles, or 14 with the winning tile; this one has " + n
              : "a hand here has 13 tiles (kong = 3); this one has " + n,
          win ? "胡家手牌应为 13 张，或含和牌张的 14 张；此手牌有 " + n + " 张"
              : "此处手牌应为 13 张（杠算 3 张）；此手牌有 " + n + " 张");
    }
    // The seat's kong melds are its kongs[] entries (a robbed kong never became a meld).
    std::vector<std::pair<Meld::Kind, Tile>> shown, listed;
    for (const auto& m : h.melds)
      if (m.is_kong()) shown.emplace_back(m.kind, m.tile);
    for (std::size_t i = 0; i < t.kongs.size(); ++i)
      if (t.kongs[i].seat == s && !c.kong_void[i])
        listed.emplace_back(t.kongs[i].kind, t.kongs[i].tile);
    std::sort(shown.begin(), shown.end());
    std::sort(listed.begin(), listed.end());
    if (shown != listed)
      return inconsistent(seat_hand(s),
                          "its kong melds (" + kong_text(shown, false) +
                              ") differ from its kongs[] entries (" + kong_text(listed, false) +
                              ")",
                          "手牌中的杠（" + kong_text(shown, true) + "）与 kongs 中该家的杠（" +
                              kong_text(listed, true) + "）不符");
    add_copies(h.all_copies(), s);
    c.waiting[static_cast<std::size_t>(s)] = h;
  }
  // Kongs of seats whose hand is not given are known tiles too (a robbed one: its pung).
  std::array<int, kSeats> kongs_per_seat{};
  for (std::size_t i = 0; i < t.kongs.size(); ++i) {
    const auto& k = t.kongs[i];
    if (++kongs_per_seat[static_cast<std::size_t>(k.seat)] > 4)
      return inconsistent(path("kongs", i), "a seat holds at most four kongs", "一家最多四个杠");
    if (!t.seats[static_cast<std::size_t>(k.seat)].hand) {
      table_copies[k.tile.index()] =
          static_cast<std::uint8_t>(table_copies[k.tile.index()] + (c.kong_void[i] ? 3 : 4));
      last_holder[static_cast<std::size_t>(k.tile.index())] = k.seat;
    }
  }
  // 抢杠: the robbed seat's pung of the tile is on the table whether or not its hand or the
  // robbed kong is given (a given hand shows it; a listed void kong counted it above).
  if (t.outcome == Table::Outcome::Win && t.wins.front().robbing_kong) {
    const auto& w = t.wins.front();
    bool counted = t.seats[static_cast<std::size_t>(w.from)].hand.has_value();
    for (std::size_t i = 0; i < t.kongs.size(); ++i) counted = counted || c.kong_void[i];
    if (!counted) {
      table_copies[w.tile.index()] = static_cast<std::uint8_t>(table_copies[w.tile.index()] + 3);
      last_holder[static_cast<std::size_t>(w.tile.index())] = w.from;
    }
  }
  // C7 across the table: one discard completes every winner on it, so it counts once.
  if (t.outcome == Table::Outcome::Win) ++table_copies[t.wins.front().tile.index()];
  // Tiles only a rule set knows of (Zunyi: discarded 幺鸡, the turned-up tile).
  if (auto e = rules.count_table_tiles(t, table_copies)) return e;
  for (int i = 0; i < kKinds; ++i)
    if (table_copies[i] > kCopies) {
      // The field: the hand (or kong) that brought the count over four, where there is one.
      int holder = last_holder[static_cast<std::size_t>(i)];
      std::string field = holder < 0 ? "seats"
                          : t.seats[static_cast<std::size_t>(holder)].hand
                              ? seat_hand(holder)
                              : "seats[" + std::to_string(holder) + "]";
      return field_error(ErrorCode::TooManyCopies, field,
                         std::to_string(table_copies[i]) + " copies of " +
                             Tile::from_index(i).ascii() + " across the table; there are four",
                         "全桌共有 " + std::to_string(table_copies[i]) + " 张" +
                             Tile::from_index(i).chinese() + "，每种牌只有四张");
    }
  return std::nullopt;
}

// D2, Z3: a seat that declared 报听 is ready, and has no melds: no kong of its own (its
// hand may be left out), and it is not the robbed seat of a 抢杠 (that seat shows a pung).
std::optional<Error> check_baoting(const Table& t, const CheckedTable& c, const Ruleset& rules) {
  for (int s = 0; s < kSeats; ++s) {
    const auto& seat = t.seats[static_cast<std::size_t>(s)];
    if (!seat.baoting) continue;
    std::string field = path("seats", static_cast<std::size_t>(s), "baoting");
    bool robbed =
        t.outcome == Table::Outcome::Win && t.wins.front().robbing_kong && t.wins.front().from == s;
    bool kong = std::any_of(t.kongs.begin(), t.kongs.end(),
                            [&](const KongEvent& k) { return k.seat == s; });
    if (robbed || kong)
      return inconsistent(
          field,
          robbed ? "the robbed seat of a 抢杠 shows a pung: a 报听 hand has no melds"
                 : "this seat made a kong: a 报听 hand has no melds",
          robbed ? "被抢杠者有碰：报听的手牌不能有碰杠" : "此家开过杠：报听的手牌不能有碰杠");
    const auto& hand = c.waiting[static_cast<std::size_t>(s)];
    if (hand && !analyze_waits(rules, *hand, {}).ready)
      return inconsistent(field, "a seat that declared 报听 is ready, but this hand is not",
                          "报听的一家必然听牌，但此手牌未听牌");
  }
  return std::nullopt;
}

}  // namespace

Situation win_situation(const CheckedTable& c, const WinEvent& w) {
  const Table& t = c.table;
  Situation s;
  if (!c.declared[static_cast<std::size_t>(w.seat)]) s.win_tile = w.tile;  // declared: none
  s.zimo = w.self_drawn();
  s.after_kong = w.after_kong;
  s.robbing_kong = w.robbing_kong;
  s.baoting = t.seats[static_cast<std::size_t>(w.seat)].baoting;
  s.payer_baoting = !s.zimo && t.seats[static_cast<std::size_t>(w.from)].baoting;
  s.tianhu = w.tianhu;
  s.dihu = w.dihu;
  for (std::size_t i = 0; i < t.kongs.size(); ++i)
    s.dou = s.dou || (t.kongs[i].seat == w.seat && !c.kong_void[i]);
  s.streak = t.streak;
  if (w.seat == t.dealer)
    s.dealer = DealerRole::Winner;
  else if (s.zimo || w.from == t.dealer)
    s.dealer = DealerRole::Payer;
  return s;
}

Text transfer_line(const Book& book, const Transfer& tr, const Ruleset& rules) {
  const Unit unit = rules.unit();
  const bool priced = rules.price().has_value();
  Text line;
  for (bool zh : {false, true}) {
    std::string s = book.seat(tr.from, zh) + " → " + book.seat(tr.to, zh) + "  " +
                    item_sum(tr.items, zh) + " = " + unit_text(tr.value, unit, zh);
    if (tr.covers > 1)
      s += " × " + std::to_string(tr.covers) +
           (zh ? "（包" + std::to_string(tr.covers) + "家）"
               : " (for " + std::to_string(tr.covers) + " seats)");
    if (priced || tr.covers > 1) s += " → " + std::to_string(tr.points);
    (zh ? line.zh : line.en) = std::move(s);
  }
  return line;
}

LedgerItem& book_kong(Book& book, const KongEvent& k, const KongPayment& row) {
  Text detail{book.seat(k.seat, false), book.seat(k.seat, true)};
  if (k.tile_known) {  // a declared kong may be said without its tile (北暗杠)
    detail.en = k.tile.ascii() + " " + detail.en;
    detail.zh = k.tile.chinese() + " " + detail.zh;
  }
  if (k.kind == Meld::Kind::DirectKong) {
    detail.en += " (from " + book.seat(k.from, false) + ")";
    detail.zh += "（" + book.seat(k.from, true) + "点杠）";
  }
  auto& item = book.add(row.id, row.name, detail);
  const std::int64_t amount = book.times(row.amount, book.base());
  std::vector<int> payers;
  for (int p = 0; p < kSeats; ++p)
    if (p != k.seat && (k.kind != Meld::Kind::DirectKong || p == k.from)) {
      item.transfers.push_back({p, k.seat, amount, 0, {}});
      payers.push_back(p);
    }
  const auto n = static_cast<std::int64_t>(payers.size());
  const std::int64_t sum = book.times(amount, n);  // checked even where no line says it
  if (!book.lines()) return item;
  const std::string each = book.times_base(row.amount);
  if (n == 1) {
    if (book.base() != 1)
      item.lines.push_back(
          {book.seat(payers[0], false) + " pays " + each + " = " + std::to_string(amount),
           book.seat(payers[0], true) + "付 " + each + " = " + std::to_string(amount)});
  } else {
    const std::string total = std::to_string(sum);
    item.lines.push_back({each + (book.base() != 1 ? " = " + std::to_string(amount) : "") +
                              " from each of " + book.seats(payers, false) + " = " + total,
                          book.seats(payers, true) + "每家 " + each +
                              (book.base() != 1 ? " = " + std::to_string(amount) : "") + "，共 " +
                              total});
  }
  return item;
}

std::optional<Error> book_wins(Book& book, const CheckedTable& c, const Ruleset& rules,
                               const Text& name, std::string_view hu) {
  const Table& t = c.table;
  for (std::size_t i = 0; i < t.wins.size(); ++i) {
    const auto& w = t.wins[i];
    std::string field = "result.wins[" + std::to_string(i) + "]";
    const auto& declared = c.declared[static_cast<std::size_t>(w.seat)];
    auto sc = declared
                  ? rules.score_declared(*declared, win_situation(c, w))
                  : rules.score(with_tile(*c.waiting[static_cast<std::size_t>(w.seat)], w.tile),
                                win_situation(c, w));
    if (!sc) {
      Error e = sc.error();
      e.field = field;
      return e;
    }
    std::string who_en = book.seat(w.seat, false), who_zh = book.seat(w.seat, true);
    if (!sc->win)
      return field_error(
          ErrorCode::Inconsistent, field,
          who_en + "'s hand with " + w.tile.ascii() + " is not a win: " + sc->reason->en,
          who_zh + "的手牌加 " + w.tile.chinese() + " 不成" + std::string(hu) + "：" +
              sc->reason->zh);
    if (!sc->legal)
      return field_error(
          ErrorCode::Inconsistent,
          declared ? "seats[" + std::to_string(w.seat) + "].declared.pattern" : field,
          who_en + " cannot win this: " + sc->reason->en,
          who_zh + "不能" + std::string(hu) + "：" + sc->reason->zh);
    Text how = w.self_drawn() ? Text{"self-draw", "自摸"}
               : w.robbing_kong
                   ? Text{"robbing " + book.seat(w.from, false) + "'s kong",
                          "抢" + book.seat(w.from, true) + "的杠"}
                   : Text{"off " + book.seat(w.from, false), book.seat(w.from, true) + "点炮"};
    auto& item = book.add("win", name,
                          {who_en + ", " + how.en + ": " + item_names(sc->items, false),
                           who_zh + " " + how.zh + "：" + item_names(sc->items, true)});
    for (int k = 1; k < kSeats; ++k) {
      int p = (w.seat + k) % kSeats;
      if (!w.self_drawn() && p != w.from) continue;
      const Payer* payer = &sc->payers.front();
      for (const auto& candidate : sc->payers)
        if ((candidate.role == Payer::Role::Dealer) == (p == t.dealer && w.self_drawn()))
          payer = &candidate;
      item.transfers.push_back({p, w.seat, payer->points, payer->value,
                                std::vector<Item>(payer->items.begin(), payer->items.end()),
                                payer->covers});
      if (book.lines()) item.lines.push_back(transfer_line(book, item.transfers.back(), rules));
    }
  }
  return std::nullopt;
}

Result<Ledger> settle(const Table& t) {
  auto rules =
      build_ruleset(t.rules.empty() ? rulesets().front().id : std::string_view(t.rules), t.options);
  if (!rules) {
    Error e = rules.error();
    if (e.field.empty()) e.field = "rules";
    return e;
  }
  return settle(**rules, t);
}

Result<Ledger> settle(const Ruleset& rules_ref, const Table& t, Arithmetic arithmetic) {
  const Ruleset* rules = &rules_ref;
  CheckedTable c{t, {}, {}, {}, arithmetic};
  if (auto e = check_events(t, c)) return *e;
  if (auto e = check_owned_fields(t, *rules)) return *e;
  const bool declared = t.declared();
  if (rules->needs_all_hands() && !declared)
    for (int s = 0; s < kSeats; ++s)
      if (!t.seats[static_cast<std::size_t>(s)].hand)
        return bad(seat_hand(s),
                   "the " + std::string(rules->name().en) + " rules need every seat's hand",
                   rules->name().zh + "规则需要每家的手牌");
  if (auto e = check_seats(t)) return *e;
  if (auto e = declared ? check_declared(c, *rules) : check_hands(t, c, *rules)) return *e;
  if (declared) {  // no tiles to count, but what only a rule set reads must still agree
    Counts copies{};
    if (auto e = rules->count_table_tiles(t, copies)) return *e;
  }
  if (auto e = check_baoting(t, c, *rules)) return *e;
  auto ledger = rules->settle(c);
  if (!ledger) return ledger;
  ledger->declared = declared;
  if (ledger->next_dealer == t.dealer) {  // D10, Z8: N + 1 when the same seat deals again
    auto n = checked_add(t.streak, 1);
    if (!n)
      return field_error(ErrorCode::OutOfRange, "streak", "the next streak would pass 2^63",
                         "下一局连庄数超过 2^63");
    ledger->next_streak = *n;
  }
  // Every payment is booked on both seats; the totals must balance.
  ledger->totals = {};
  for (const auto& item : ledger->items)
    for (const auto& tr : item.transfers) {
      auto to = checked_add(ledger->totals[static_cast<std::size_t>(tr.to)], tr.points);
      auto from = checked_add(ledger->totals[static_cast<std::size_t>(tr.from)], -tr.points);
      if (!to || !from) return out_of_range("a seat's total", "某家合计");
      ledger->totals[static_cast<std::size_t>(tr.to)] = *to;
      ledger->totals[static_cast<std::size_t>(tr.from)] = *from;
    }
  __extension__ using Wide = __int128;  // four int64 totals cannot overflow it
  Wide sum = 0;
  for (auto v : ledger->totals) sum += v;
  if (sum != 0)
    return Error{ErrorCode::Internal, "internal error: the ledger does not balance (please report)",
                 "内部错误：账目不平（请报告）", 0, ""};
  return ledger;
}

}  // namespace qianmj
