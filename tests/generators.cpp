#include "generators.hpp"

#include <algorithm>
#include <map>
#include <memory>

#include <catch2/catch.hpp>

#include "qianmj/engine/registry.hpp"
#include "qianmj/engine/ruleset.hpp"
#include "qianmj/engine/settle.hpp"
#include "qianmj/formats/notation.hpp"

namespace qianmj::test {

using json = nlohmann::json;

int uniform(Rng& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}
bool chance(Rng& rng, int percent) {
  return uniform(rng, 0, 99) < percent;
}

int Pool::pick(Rng& rng, int need, int avoid) const {
  for (int tries = 0; tries < 200; ++tries) {
    int k = uniform(rng, 0, kKinds - 1);
    if (k / kRanks != avoid && left[at(k)] >= need) return k;
  }
  return -1;
}

namespace {
void add(Hand& h, Pool& pool, int k, int n) {
  h.concealed[at(k)] = static_cast<std::uint8_t>(h.concealed[at(k)] + n);
  pool.take(k, n);
}

}  // namespace

Hand random_hand(Rng& rng, Pool& pool, const Shape& shape) {
  Hand h;
  int melds = uniform(rng, 0, shape.max_melds);
  for (int m = 0; m < melds && h.size() + 3 <= shape.size; ++m) {
    Meld meld{static_cast<Meld::Kind>(uniform(rng, 0, 3)), {}};
    int k = pool.pick(rng, meld.copies(), shape.avoid_suit);
    if (k < 0) continue;
    meld.tile = Tile::from_index(k);
    pool.take(k, meld.copies());
    h.melds.push_back(meld);
  }
  if (chance(rng, shape.structured)) {
    if (h.melds.empty() && chance(rng, 12)) {  // seven pairs
      for (int p = 0; p < 7; ++p) {
        int k = pool.pick(rng, 2, shape.avoid_suit);
        if (k >= 0) add(h, pool, k, 2);
      }
    } else {
      for (int guard = 0; h.size() < 12 && guard < 100; ++guard) {
        int k = uniform(rng, 0, kKinds - 1);
        if (k / kRanks == shape.avoid_suit) continue;
        if (chance(rng, 55) && k % kRanks <= 6) {
          if (pool.left[at(k)] && pool.left[at(k + 1)] && pool.left[at(k + 2)])
            for (int d = 0; d < 3; ++d) add(h, pool, k + d, 1);
        } else if (pool.left[at(k)] >= 3) {
          add(h, pool, k, 3);
        }
      }
      int k = pool.pick(rng, 2, shape.avoid_suit);
      if (h.size() == 12 && k >= 0) add(h, pool, k, 2);
    }
    // One tile out for a waiting hand: the hand waits at least on that tile.
    while (h.size() > shape.size) {
      int k = uniform(rng, 0, kKinds - 1);
      if (h.concealed[at(k)] == 0) continue;
      --h.concealed[at(k)];
      pool.give(k, 1);
    }
  }
  while (h.size() < shape.size) {
    int k = pool.pick(rng, 1, chance(rng, 70) ? shape.avoid_suit : -1);
    if (k < 0) break;
    add(h, pool, k, 1);
  }
  return h;
}

Hand random_hand(Rng& rng, int size, int max_melds) {
  Pool pool;
  Shape shape;
  shape.size = size;
  shape.max_melds = max_melds;
  shape.avoid_suit = chance(rng, 50) ? uniform(rng, 0, 2) : -1;
  Hand h = random_hand(rng, pool, shape);
  REQUIRE(h.size() == size);
  return h;
}

const char* kind_name(Meld::Kind k) {
  switch (k) {
    case Meld::Kind::DirectKong:
      return "direct";
    case Meld::Kind::AddedKong:
      return "added";
    case Meld::Kind::ConcealedKong:
      return "concealed";
    default:
      return "pung";
  }
}

namespace {

// The rule set `id` with its default options, made once.
const Ruleset& default_ruleset(std::string_view id) {
  static std::map<std::string, std::unique_ptr<Ruleset>, std::less<>> made;
  auto it = made.find(id);
  if (it == made.end()) {
    auto r = build_ruleset(id);
    REQUIRE(r);
    it = made.emplace(std::string(id), std::move(*r)).first;
  }
  return *it->second;
}

// A small value of an Int field: 1 to 3, or to its maximum if that is less.
int small_value(Rng& rng, const TableField& f) {
  return uniform(rng, 1, static_cast<int>(std::min<std::int64_t>(f.max, 3)));
}

// Up to `most` tiles from the wall, never 1s (a 幺鸡 discarded is said as such), as a hand of
// concealed tiles.
Hand some_tiles(Rng& rng, Pool& pool, int most) {
  Hand h;
  for (int n = uniform(rng, 0, most); n > 0; --n) {
    const int k = pool.pick(rng, 1);
    if (k < 0 || k == Tile(Suit::Sou, 1).index()) continue;
    pool.take(k, 1);
    ++h.concealed[static_cast<std::size_t>(k)];
  }
  return h;
}

// A declared field's value now and then (`percent`), or nothing: a Tile field takes its tile
// from the wall.
void some_value(Rng& rng, Pool& pool, json& place, const TableField& f, int percent) {
  if (!chance(rng, percent)) return;
  const std::string key(f.key());
  switch (f.kind) {
    case TableField::Kind::Bool:
      place[key] = true;
      break;
    case TableField::Kind::Int:
      place[key] = small_value(rng, f);
      break;
    case TableField::Kind::Tile:
      if (int k = pool.pick(rng, 1); k >= 0)
        place[key] = Tile::from_index(k).ascii(), pool.take(k, 1);
      break;
    case TableField::Kind::Seats: {
      const int from = uniform(rng, 0, 3);
      place[key] = {{"from", from}, {"to", (from + uniform(rng, 1, 3)) % 4}};
      break;
    }
    case TableField::Kind::Tiles:
      place[key] = to_ascii(some_tiles(rng, pool, 3));
      break;
  }
}

TableShape duyun_shape() {
  TableShape shape;
  shape.always_names_rules = false;  // the default rule set
  shape.options = [](Rng& rng, json& options) {
    if (chance(rng, 30)) options["gangshangpao-split"] = chance(rng, 50);
    if (chance(rng, 20)) options["qianggang-fan"] = 2;
    if (chance(rng, 20)) options["pinghu-gangshangpao"] = chance(rng, 50);
    if (chance(rng, 20)) options["huazhu"] = chance(rng, 50);
    if (chance(rng, 30)) options["base"] = one_of(rng, std::vector<int>{1, 5, 10});
    if (chance(rng, 30)) options["huazhu-at-least-dajiao"] = chance(rng, 50);
    if (chance(rng, 15)) options["dead-wait-ready"] = chance(rng, 50);
  };
  return shape;
}

TableShape zunyi_shape() {
  TableShape shape;
  shape.avoid_suit = 85;
  shape.baoting = 15;
  shape.escapes = false;
  // Z6: the 幺鸡 a seat discarded come from the wall; one seat's first was the 冲锋鸡.
  shape.seat_fields = [](Rng& rng, Pool& pool, json& seat, int& chongfeng_taken) {
    if (!chance(rng, 20)) return;
    int n = std::min(uniform(rng, 1, 2), int(pool.left[9]));  // 1s = 幺鸡
    if (n <= 0) return;
    seat["discarded_yaoji"] = n;
    pool.take(9, n);
    if (!chongfeng_taken && chance(rng, 50)) seat["chongfeng"] = true, chongfeng_taken = 1;
  };
  shape.win_fields = [](Rng& rng, Pool& pool, json& result) {
    if (!chance(rng, 70)) return;
    int k = pool.pick(rng, 1);
    if (k >= 0) result["flipped"] = Tile::from_index(k).ascii(), pool.take(k, 1);
  };
  shape.options = [](Rng& rng, json& options) {
    if (chance(rng, 30)) options["zunyi-dou-needs-ready"] = chance(rng, 50);
    if (chance(rng, 30)) options["bao-ji"] = chance(rng, 50);
    if (chance(rng, 20)) options["ji"] = 2;
    if (chance(rng, 20)) options["zunyi-pinghu"] = 1;
    if (chance(rng, 20)) options["zunyi-qianggang"] = 5;
    if (chance(rng, 20)) options["zunyi-long-on-win"] = chance(rng, 50);
    if (chance(rng, 20)) options["zunyi-baoting"] = one_of(rng, std::vector<int>{0, 5});
    if (chance(rng, 20)) options["zunyi-shabao"] = one_of(rng, std::vector<int>{0, 7});
    if (chance(rng, 30)) options["zunyi-qianggang-bao"] = chance(rng, 50);
    if (chance(rng, 15)) options["dead-wait-ready"] = chance(rng, 50);
  };
  return shape;
}

// A rule set that has no shape here: what it declares.
// Guiyang (G9-G11, G16): discarded 幺鸡 with one 冲锋鸡, and the turned tile (absent now and
// then: the last tile); 报听 often enough that 平胡 wins off a discard are legal (G5). Its
// options now and then, each at a value that leaves a win drawn under the defaults a win
// (not guiyang-queyimen, not guiyang-dilong=off), and never 乌骨鸡 (its fields need it).
TableShape guiyang_shape() {
  TableShape shape = zunyi_shape();
  shape.baoting = 35;
  shape.options = [](Rng& rng, json& options) {
    for (const auto& spec : option_specs()) {
      if (!option_applies(spec, "guiyang") || !chance(rng, 12)) continue;
      const std::string name(spec.name);
      if (name == "guiyang-queyimen" || name == "guiyang-wuguji" || name == "guiyang-mantang-ji")
        continue;  // (满堂鸡: with every seat's discards, below)
      if (spec.boolean)
        options[name] = chance(rng, 50);
      else if (spec.choice())
        options[name] = std::string(spec.choices[static_cast<std::size_t>(
            uniform(rng, 0, name == "guiyang-dilong" ? 1 : static_cast<int>(spec.max)))]);
      else
        options[name] = uniform(rng, static_cast<int>(spec.min),
                                static_cast<int>(std::min<std::int64_t>(spec.max, spec.min + 10)));
    }
  };
  // G9 满堂鸡 now and then, with every seat's discards from the wall (some of them 翻鸡).
  shape.finish = [](Rng& rng, Pool& pool, json& t) {
    if (!chance(rng, 15)) return;
    t["options"]["guiyang-mantang-ji"] = true;
    for (auto& seat : t["seats"]) seat["discards"] = to_ascii(some_tiles(rng, pool, 8));
  };
  return shape;
}

TableShape declared_shape(const RulesetInfo& info) {
  TableShape shape;
  shape.seat_fields = [&info](Rng& rng, Pool& pool, json& seat, int&) {
    for (const auto& f : info.table_fields)
      if (f.of_seat()) some_value(rng, pool, seat, f, 20);
  };
  shape.win_fields = [&info](Rng& rng, Pool& pool, json& result) {
    for (const auto& f : info.table_fields)
      if (!f.of_seat()) some_value(rng, pool, result, f, 50);
  };
  shape.options = [&info](Rng& rng, json& options) {
    // Each of its options (and those of every rule set) now and then, at a small value.
    for (const auto& spec : option_specs()) {
      if (!option_applies(spec, info.id) || !chance(rng, 20)) continue;
      if (spec.boolean)
        options[std::string(spec.name)] = chance(rng, 50);
      else if (spec.choice())
        options[std::string(spec.name)] = std::string(spec.choices[static_cast<std::size_t>(
            uniform(rng, static_cast<int>(spec.min), static_cast<int>(spec.max)))]);
      else
        options[std::string(spec.name)] =
            uniform(rng, static_cast<int>(spec.min),
                    static_cast<int>(std::min<std::int64_t>(spec.max, spec.min + 10)));
    }
  };
  return shape;
}

}  // namespace

TableShape table_shape(std::string_view rules_id) {
  if (rules_id == "duyun") return duyun_shape();
  if (rules_id == "zunyi") return zunyi_shape();
  if (rules_id == "guiyang") return guiyang_shape();
  const RulesetInfo* info = find_ruleset(rules_id);
  REQUIRE(info);
  return declared_shape(*info);
}

GenTable random_table(Rng& rng, bool zunyi) {
  return random_table_for(rng, zunyi ? "zunyi" : "duyun");
}

GenTable random_table_for(Rng& rng, std::string_view rules_id) {
  // Duyun and Zunyi tables draw exactly the numbers they always did (the fixed seeds of the
  // tests keep their tables).
  const TableShape shape = table_shape(rules_id);
  const Ruleset& rules = default_ruleset(rules_id);
  Pool pool;
  std::array<Hand, kSeats> hands;
  for (auto& h : hands) {
    Shape hand_shape;
    hand_shape.avoid_suit = chance(rng, shape.avoid_suit) ? uniform(rng, 0, 2) : -1;
    hand_shape.max_melds = chance(rng, 50) ? 2 : 0;
    h = random_hand(rng, pool, hand_shape);
  }
  GenTable g;
  json t = {{"dealer", uniform(rng, 0, 3)}, {"streak", uniform(rng, 0, 5)}};
  if (shape.always_names_rules || chance(rng, 50)) t["rules"] = std::string(rules_id);
  const int dealer = t["dealer"].get<int>();

  // Live waits whose tile is still in the wall.
  std::array<std::vector<int>, kSeats> waits;
  for (int s = 0; s < kSeats; ++s)
    if (hands[at(s)].size() == 13)
      for (const auto& w : analyze_waits(rules, hands[at(s)], {}).waits)
        if (w.wait.live && pool.left[at(w.wait.tile.index())] > 0)
          waits[at(s)].push_back(w.wait.tile.index());

  std::vector<int> ready_seats;
  for (int s = 0; s < kSeats; ++s)
    if (!waits[at(s)].empty()) ready_seats.push_back(s);

  json result;
  std::vector<int> winners;
  int win_tile = -1, from = -1, last_kong_seat = -1;
  bool robbed_listed = false;
  if (chance(rng, 65) && !ready_seats.empty()) {
    int w = one_of(rng, ready_seats);
    win_tile = one_of(rng, waits[at(w)]);
    const int roll = uniform(rng, 0, 99);
    if (roll >= 70 && roll < 88) {
      // 一炮多响 wants a tile two seats wait on; 抢杠 a tile nobody holds (the robbed pung).
      for (int s : ready_seats)
        for (int t : waits[at(s)])
          for (int o : ready_seats)
            if (o != s && std::count(waits[at(o)].begin(), waits[at(o)].end(), t))
              w = s, win_tile = t;
    } else if (roll >= 88) {
      for (int s : ready_seats)
        for (int t : waits[at(s)])
          if (pool.left[at(t)] == kCopies && chance(rng, 50)) w = s, win_tile = t;
    }
    winners.push_back(w);
    json win = {{"seat", w}, {"tile", Tile::from_index(win_tile).ascii()}};
    std::vector<json> wins;
    if (roll < 40) {
      g.kind = "zimo";
      if (chance(rng, 25)) win["from"] = w;  // from = the winner is a self-draw too
      if (hands[at(w)].has_kong() && chance(rng, 40))
        last_kong_seat = w, g.after_kong = true;  // 杠上花
      if (hands[at(w)].melds.empty() && chance(rng, 10))
        win[w == dealer ? "tianhu" : "dihu"] = true;
      pool.take(win_tile, 1);
      wins.push_back(win);
    } else {
      do from = uniform(rng, 0, 3);
      while (from == w);
      win["from"] = from;
      if (roll < 88 && hands[at(from)].has_kong() && chance(rng, 40))
        last_kong_seat = from, g.after_kong = true;  // 杠上炮
      if (roll < 70) {
        g.kind = "discard";
        pool.take(win_tile, 1);
        wins.push_back(win);
      } else if (roll < 88) {
        // 一炮多响: every other seat waiting on the same tile wins on it too.
        g.kind = "multi";
        pool.take(win_tile, 1);
        wins.push_back(win);
        for (int s = 0; s < kSeats; ++s)
          if (s != w && s != from &&
              std::count(waits[at(s)].begin(), waits[at(s)].end(), win_tile)) {
            json other = win;
            other["seat"] = s;
            wins.push_back(other);
            winners.push_back(s);
          }
        if (wins.size() == 1) g.kind = "discard";
        std::shuffle(wins.begin(), wins.end(), rng);
      } else {
        // 抢杠: the robbed seat shows the pung of the winning tile and added the fourth.
        g.kind = "robbing";
        win["robbing_kong"] = true;
        if (pool.left[at(win_tile)] == kCopies) {
          Hand& robbed = hands[at(from)];
          robbed.melds.push_back({Meld::Kind::Pung, Tile::from_index(win_tile)});
          pool.take(win_tile, 4);
          for (int out = 0; out < 3;) {  // three concealed tiles back to the wall
            int k = uniform(rng, 0, kKinds - 1);
            if (k == win_tile || robbed.concealed[at(k)] == 0) continue;
            --robbed.concealed[at(k)];
            pool.give(k, 1);
            ++out;
          }
          robbed_listed = chance(rng, 40);  // the void added kong listed last in kongs
        }
        wins.push_back(win);
      }
    }
    if (g.after_kong)
      for (auto& x : wins) x["after_kong"] = true;
    result = {{"kind", "win"}, {"wins", wins}};
    if (shape.win_fields) shape.win_fields(rng, pool, result);
  } else if (!shape.escapes || chance(rng, 60)) {
    g.kind = "draw";
    result = {{"kind", "draw"}};
  } else {
    g.kind = "escape";
    result = {{"kind", "escape"}, {"seat", uniform(rng, 0, 3)}, {"last_four", chance(rng, 50)}};
  }
  t["result"] = result;

  // Kongs: every kong meld, in a random order; an after-kong win needs the right one last.
  std::vector<json> kongs;
  json last;
  for (int s = 0; s < kSeats; ++s)
    for (const auto& m : hands[at(s)].melds) {
      if (!m.is_kong()) continue;
      json k = {{"seat", s}, {"kind", kind_name(m.kind)}, {"tile", m.tile.ascii()}};
      if (m.kind == Meld::Kind::DirectKong) {
        int f;
        do f = uniform(rng, 0, 3);
        while (f == s);
        k["from"] = f;
      }
      if (s == last_kong_seat && last.is_null())
        last = k;
      else
        kongs.push_back(k);
    }
  std::shuffle(kongs.begin(), kongs.end(), rng);
  if (!last.is_null()) kongs.push_back(last);
  if (robbed_listed)
    kongs.push_back(
        {{"seat", from}, {"kind", "added"}, {"tile", Tile::from_index(win_tile).ascii()}});
  if (!kongs.empty() || chance(rng, 50)) t["kongs"] = kongs;

  json seats = json::array();
  const bool omit_others =
      !rules.needs_all_hands() && g.kind != "draw" && g.kind != "robbing" && chance(rng, 25);
  int shared = 0;  // for shape.seat_fields
  for (int s = 0; s < kSeats; ++s) {
    json seat = json::object();
    const Hand& h = hands[at(s)];
    bool winner = std::count(winners.begin(), winners.end(), s) > 0;
    if (!(omit_others && !winner)) {
      // A winner's hand: 13 tiles (the tile in the win), or 14 holding it.
      Hand shown = winner && chance(rng, 25) ? with_tile(h, Tile::from_index(win_tile)) : h;
      seat["hand"] = chance(rng, 30) ? to_chinese(shown) : to_ascii(shown);
    }
    if (chance(rng, 20)) seat["name"] = std::string("P") + std::to_string(s);
    if (h.melds.empty() && !waits[at(s)].empty() &&
        chance(rng, shape.baoting))  // D2, Z3: 报听, no melds
      seat["baoting"] = true;
    if (shape.seat_fields) shape.seat_fields(rng, pool, seat, shared);
    seats.push_back(seat);
  }
  t["seats"] = seats;

  json options = json::object();
  if (shape.options) shape.options(rng, options);
  if (!options.empty()) t["options"] = options;
  if (shape.finish) shape.finish(rng, pool, t);
  g.table = t;
  return g;
}

}  // namespace qianmj::test
