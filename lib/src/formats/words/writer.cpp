// The writer: a table back into words, one step a part of the table, in the order the reader
// expects them (a header, the seats, the kongs, the result).
#include <optional>
#include <string>
#include <vector>

#include "formats/words/lexicon.hpp"
#include "qianmj/core/terminal_text.hpp"
#include "qianmj/engine/registry.hpp"
#include "qianmj/engine/table_fields.hpp"
#include "qianmj/formats/notation.hpp"
#include "qianmj/formats/table_words.hpp"

namespace qianmj {
namespace {

using namespace words;

// A name the reader reads back as the same name, alone in its word.
bool writable_name(const std::string& name) {
  bool ok = name.size() <= 64 && !looks_like_hand_text(name) &&
            separator(name) == std::string_view::npos &&
            name.find_first_of(" \t") == std::string::npos &&
            name.find("\u3000") == std::string::npos;
  ok = ok && !has_unsafe_characters(name);
  for (const auto& sp : kSeatWords) ok = ok && name != sp.text;
  return ok;
}

bool same_order(const std::vector<KongEvent>& a, const std::vector<KongEvent>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].seat != b[i].seat || a[i].tile != b[i].tile) return false;
  return true;
}

class WordsWriter {
 public:
  WordsWriter(const Table& t, bool zh) : t_(t), zh_(zh) {}

  std::optional<std::string> write() {
    if (!put_rules()) return std::nullopt;
    put_options();
    if (!put_names()) return std::nullopt;
    put_dealer();
    put_seats();
    find_shown_kongs();
    put_loose_kongs();
    put_feeds();
    put_kong_order();
    put_kong_fields();
    put_result();
    put_table_fields();
    std::string out;
    for (const auto& x : w_) out += (out.empty() ? "" : " ") + x;
    return out;
  }

 private:
  std::string seat(int s) const {
    return std::string(zh_ ? kSeatZh[static_cast<std::size_t>(s)]
                           : kSeatEn[static_cast<std::size_t>(s)]);
  }
  std::string tile(Tile x) const { return zh_ ? x.chinese() : x.ascii(); }
  std::string hand(const Hand& h) const { return zh_ ? to_chinese(h) : to_ascii(h); }
  std::string say(const Spelled& s) const { return std::string(s.in(zh_)); }
  // The after-kong konger of a win (杠上花: the winner; 杠上炮: the discarder), or nullopt.
  std::optional<int> after_kong_konger() const {
    if (t_.outcome != Table::Outcome::Win || !t_.wins.front().after_kong) return std::nullopt;
    return t_.wins.front().self_drawn() ? t_.wins.front().seat : t_.wins.front().from;
  }

  bool put_rules() {
    if (t_.rules.empty()) return true;
    const RulesetInfo* r = find_ruleset(t_.rules);
    if (!r) return false;
    w_.push_back(std::string(zh_ ? r->zh : r->id));
    return true;
  }

  void put_options() {
    for (auto name : t_.options.set_names()) {
      const OptionSpec* spec = nullptr;
      for (const auto& o : option_specs())
        if (o.name == name) spec = &o;
      std::int64_t v = t_.options.get(name);
      w_.push_back(std::string(name) + "=" +
                   (spec ? option_value_text(*spec, v) : std::to_string(v)));
    }
  }

  bool put_names() {
    for (int s = 0; s < kSeats; ++s) {
      const std::string& name = t_.seats[static_cast<std::size_t>(s)].name;
      if (name.empty()) continue;
      if (!writable_name(name)) return false;
      w_.push_back(seat(s) + "=" + name);
    }
    return true;
  }

  void put_dealer() {
    w_.push_back(say(say::kDealer) + seat(t_.dealer));
    if (t_.streak > 0) w_.push_back(say(say::kStreak) + std::to_string(t_.streak));
  }

  void put_seats() {
    for (int s = 0; s < kSeats; ++s) {
      const auto& st = t_.seats[static_cast<std::size_t>(s)];
      if (st.hand) w_.push_back(seat(s) + say(say::kHand) + hand(*st.hand));
      if (st.baoting) w_.push_back(seat(s) + say(say::kBaoting));
      if (st.fields.any()) put_fields(st.fields, s);
    }
  }

  // The rule sets' table fields given, in the order they are declared: seat s's after the seat
  // (zh: SEAT WORD ARG; en: SEAT:WORD:ARG), the result's (s < 0) as a keyword (WORD ARG;
  // WORD:ARG), each with its first spelling, a number or a tile as its argument (a Bool has
  // none).
  void put_fields(const TableFieldValues& values, int s) {
    const auto fields = s < 0 ? table_fields_of_result() : table_fields_of_seats();
    for (std::size_t slot = 0; slot < fields.size(); ++slot) {
      const std::int64_t v = values.raw(slot);
      if (v == 0) continue;  // not given
      const TableField& f = *fields[slot];
      std::string word = s < 0 ? std::string() : seat(s);
      if (!zh_ && s >= 0) word += ':';
      word += zh_ ? f.words_zh.front() : f.words_en.front();
      if (f.kind == TableField::Kind::Bool) {
        w_.push_back(std::move(word));
        continue;
      }
      if (!zh_) word += ':';
      if (f.kind == TableField::Kind::Tiles) {  // 东弃牌2468条5万 (none: 东弃牌)
        Hand h;
        h.concealed = *values.tiles(slot);
        if (total(h.concealed) > 0) word += zh_ ? to_chinese(h) : to_ascii(h);
      } else {
        word += f.kind == TableField::Kind::Int
                    ? std::to_string(v)
                    : tile(*TableFieldType<std::optional<Tile>>::decode(v));
      }
      w_.push_back(std::move(word));
    }
  }

  // Each kong's fields given, after its seat with its tile (南憨包7万, S:hanbao:7m).
  void put_kong_fields() {
    const auto fields = table_fields_of_kongs();
    for (const auto& k : t_.kongs)
      for (std::size_t slot = 0; slot < fields.size(); ++slot)
        if (k.fields.raw(slot))
          w_.push_back(
              seat(k.seat) + (zh_ ? "" : ":") +
              std::string(zh_ ? fields[slot]->words_zh.front() : fields[slot]->words_en.front()) +
              (zh_ ? "" : ":") + tile(k.tile));
  }

  // The table's own fields: a keyword and the two seats (责任鸡西北, zeren:WN).
  void put_table_fields() {
    const auto fields = table_fields_of_table();
    for (std::size_t slot = 0; slot < fields.size(); ++slot)
      if (const auto pair = TableFieldType<SeatPair>::decode(t_.fields.raw(slot)))
        w_.push_back(
            std::string(zh_ ? fields[slot]->words_zh.front() : fields[slot]->words_en.front()) +
            (zh_ ? "" : ":") + seat(pair->first) + seat(pair->second));
  }

  // Kongs the hands show, and those of hand-less seats; the void robbed kong is left out.
  void find_shown_kongs() {
    for (std::size_t i = 0; i < t_.kongs.size(); ++i) {
      const auto& k = t_.kongs[i];
      bool robbed = t_.outcome == Table::Outcome::Win && t_.wins.front().robbing_kong &&
                    k.kind == Meld::Kind::AddedKong && k.seat == t_.wins.front().from &&
                    k.tile == t_.wins.front().tile && i + 1 == t_.kongs.size();
      if (!robbed) shown_.push_back(k);
    }
  }

  void put_loose_kongs() {
    for (int s = 0; s < kSeats; ++s) {
      if (t_.seats[static_cast<std::size_t>(s)].hand) continue;
      Hand melds;
      for (const auto& k : shown_)
        if (k.seat == s) melds.melds.push_back({k.kind, k.tile});
      if (!melds.melds.empty()) w_.push_back(seat(s) + say(say::kKongs) + hand(melds));
    }
  }

  void put_feeds() {
    for (const auto& k : shown_)
      if (k.kind == Meld::Kind::DirectKong && k.from >= 0)
        w_.push_back(seat(k.from) + say(say::kFed) + tile(k.tile));
  }

  // The order words would give (seat order, the after-kong konger's only kong last); empty
  // when the konger has several (杠序 then says which was last).
  std::vector<KongEvent> derived_order() const {
    std::vector<KongEvent> derived;
    for (int s = 0; s < kSeats; ++s) {
      const auto& st = t_.seats[static_cast<std::size_t>(s)];
      if (st.hand) {
        for (const auto& m : st.hand->melds)
          if (m.is_kong())
            for (const auto& k : shown_)
              if (k.seat == s && k.tile == m.tile) derived.push_back(k);
      } else {
        for (const auto& k : shown_)
          if (k.seat == s) derived.push_back(k);
      }
    }
    if (auto konger = after_kong_konger()) {
      std::vector<std::size_t> c;
      for (std::size_t i = 0; i < derived.size(); ++i)
        if (derived[i].seat == *konger) c.push_back(i);
      if (c.size() == 1) {
        KongEvent k = derived[c.front()];
        derived.erase(derived.begin() + static_cast<long>(c.front()));
        derived.push_back(k);
      } else if (c.size() > 1) {
        derived.clear();
      }
    }
    return derived;
  }

  // 杠序 when the table's order differs from the one words would give.
  void put_kong_order() {
    if (same_order(derived_order(), shown_)) return;
    std::string order = say(say::kKongOrder);
    for (std::size_t i = 0; i < shown_.size(); ++i)
      order += (i ? "," : "") + seat(shown_[i].seat) + tile(shown_[i].tile);
    w_.push_back(order);
  }

  void put_result() {
    switch (t_.outcome) {
      case Table::Outcome::Draw:
        w_.push_back(say(say::kDraw));
        break;
      case Table::Outcome::Escape:
        w_.push_back(seat(t_.escaper) + say(say::kEscape));
        if (t_.last_four) w_.push_back(say(say::kLastFour));
        break;
      case Table::Outcome::Win:
        put_win();
        break;
    }
  }

  void put_win() {
    const auto& first = t_.wins.front();
    for (const auto& x : t_.wins) {
      w_.push_back(seat(x.seat) + say(x.self_drawn() ? say::kSelfDraw : say::kWin) + tile(x.tile));
      if (x.tianhu) w_.push_back(seat(x.seat) + say(say::kTianhu));
      if (x.dihu) w_.push_back(seat(x.seat) + say(say::kDihu));
    }
    if (!first.self_drawn())
      w_.push_back(seat(first.from) + say(first.robbing_kong ? say::kRobbed : say::kDiscarder));
    if (first.after_kong)
      w_.push_back(say(first.self_drawn() ? say::kGangshanghua : say::kGangshangpao));
    if (t_.result_fields.any()) put_fields(t_.result_fields, -1);
  }

  const Table& t_;
  const bool zh_;
  std::vector<std::string> w_;    // the words so far
  std::vector<KongEvent> shown_;  // the kongs the words show
};

}  // namespace

std::optional<std::string> table_to_words(const Table& t, bool chinese) {
  return WordsWriter(t, chinese).write();
}

}  // namespace qianmj
