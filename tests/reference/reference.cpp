// Independent reference implementation of RULES.md (see reference.hpp).
// Everything here is brute force on purpose; read it top to bottom.
#include "reference.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>

namespace ref {
namespace {

using json = nlohmann::json;
using i64 = std::int64_t;

// ---------------------------------------------------------------- tiles ---
// Tile index 0..26: 1m..9m = 0..8, 1s..9s = 9..17, 1p..9p = 18..26.
constexpr int kKinds = 27;
constexpr int kYaoji = 9;  // 1s
using Counts = std::array<int, kKinds>;

int suit_of(int t) {
  return t / 9;
}
int rank_of(int t) {
  return t % 9 + 1;
}  // 1..9
std::string tile_name(int t) {
  std::string s;
  s += static_cast<char>('0' + rank_of(t));
  s += "msp"[suit_of(t)];
  return s;
}

int suit_index(char ch) {
  switch (ch) {
    case 'm':
    case 'M':
      return 0;
    case 's':
    case 'S':
      return 1;
    case 'p':
    case 'P':
      return 2;
    default:
      return -1;
  }
}

int parse_tile(const std::string& text) {
  std::string s;
  for (char ch : text)
    if (ch != ' ') s += ch;
  if (s.size() != 2 || s[0] < '1' || s[0] > '9' || suit_index(s[1]) < 0)
    throw std::invalid_argument("bad tile: " + text);
  return suit_index(s[1]) * 9 + (s[0] - '1');
}

// ---------------------------------------------------------------- hands ---
enum class MeldKind { Pung, Direct, Added, Concealed };
struct Meld {
  int tile;
  MeldKind kind;
};
struct Hand {
  Counts c{};  // concealed tiles
  std::vector<Meld> melds;
};

Hand parse_hand(const std::string& text) {
  Hand h;
  std::vector<int> digits;
  std::size_t i = 0;
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument("bad hand '" + text + "': " + why);
  };
  while (i < text.size()) {
    char ch = text[i];
    if (ch == ' ') {
      ++i;
      continue;
    }
    if (ch >= '1' && ch <= '9') {
      digits.push_back(ch - '0');
      ++i;
      continue;
    }
    if (suit_index(ch) >= 0) {
      if (digits.empty()) fail("suit without digits");
      for (int d : digits) h.c[suit_index(ch) * 9 + d - 1]++;
      digits.clear();
      ++i;
      continue;
    }
    if (ch == '[' || ch == '(') {
      if (!digits.empty()) fail("digits without suit before a meld");
      char close = (ch == '[') ? ']' : ')';
      std::size_t j = i + 1;
      std::vector<int> md;
      while (j < text.size() && text[j] >= '1' && text[j] <= '9') md.push_back(text[j++] - '0');
      if (j >= text.size() || suit_index(text[j]) < 0) fail("meld without suit");
      int suit = suit_index(text[j++]);
      bool plus = false;
      if (j < text.size() && text[j] == '+') {
        plus = true;
        ++j;
      }
      if (j >= text.size() || text[j] != close) fail("unclosed meld");
      ++j;
      if (md.empty() || std::any_of(md.begin(), md.end(), [&](int d) { return d != md[0]; }))
        fail("meld digits differ");
      Meld m{suit * 9 + md[0] - 1, MeldKind::Pung};
      if (ch == '[' && md.size() == 3 && !plus)
        m.kind = MeldKind::Pung;
      else if (ch == '[' && md.size() == 4 && !plus)
        m.kind = MeldKind::Direct;
      else if (ch == '[' && md.size() == 4 && plus)
        m.kind = MeldKind::Added;
      else if (ch == '(' && md.size() == 4 && !plus)
        m.kind = MeldKind::Concealed;
      else
        fail("bad meld");
      h.melds.push_back(m);
      i = j;
      continue;
    }
    fail(std::string("unexpected character '") + ch + "'");
  }
  if (!digits.empty()) fail("digits without suit at end");
  return h;
}

// Copies of every tile kind in hand + melds (a kong is 4 copies).
Counts own_counts(const Hand& h) {
  Counts o = h.c;
  for (const Meld& m : h.melds) o[m.tile] += (m.kind == MeldKind::Pung) ? 3 : 4;
  return o;
}
int concealed_count(const Hand& h) {
  int n = 0;
  for (int x : h.c) n += x;
  return n;
}
// Hand size with a kong counting as 3.
int tile_size(const Hand& h) {
  return concealed_count(h) + 3 * static_cast<int>(h.melds.size());
}
bool has_kong_meld(const Hand& h) {
  return std::any_of(h.melds.begin(), h.melds.end(),
                     [](const Meld& m) { return m.kind != MeldKind::Pung; });
}
int suits_present(const Counts& o) {
  int n = 0;
  for (int s = 0; s < 3; ++s) {
    bool any = false;
    for (int r = 0; r < 9; ++r) any = any || o[s * 9 + r] > 0;
    n += any ? 1 : 0;
  }
  return n;
}
void check_copies(const Hand& h) {
  Counts o = own_counts(h);
  for (int t = 0; t < kKinds; ++t)
    if (o[t] > 4) throw std::invalid_argument("more than 4 copies of " + tile_name(t));
}
Hand plus_tile(const Hand& h, int t) {
  Hand r = h;
  r.c[t]++;
  return r;
}
Hand minus_tile(const Hand& h, int t) {
  Hand r = h;
  if (r.c[t] <= 0) throw std::invalid_argument("tile not in hand: " + tile_name(t));
  r.c[t]--;
  return r;
}

// ------------------------------------------------------- decompositions ---
struct Set {
  bool pung;  // else a sequence starting at `tile`
  int tile;
};
struct Decomp {
  int pair;
  std::vector<Set> sets;  // melds included (as pungs)
};

// All ways to split `c` into exactly `need` sets. The lowest remaining tile must
// start either a pung or a sequence, so trying both covers every split.
void enum_sets(Counts& c, int need, std::vector<Set>& cur, std::vector<std::vector<Set>>& out) {
  int i = 0;
  while (i < kKinds && c[i] == 0) ++i;
  if (i == kKinds) {
    if (need == 0) out.push_back(cur);
    return;
  }
  if (need == 0) return;
  if (c[i] >= 3) {
    c[i] -= 3;
    cur.push_back({true, i});
    enum_sets(c, need - 1, cur, out);
    cur.pop_back();
    c[i] += 3;
  }
  if (rank_of(i) <= 7 && c[i + 1] > 0 && c[i + 2] > 0) {
    c[i]--, c[i + 1]--, c[i + 2]--;
    cur.push_back({false, i});
    enum_sets(c, need - 1, cur, out);
    cur.pop_back();
    c[i]++, c[i + 1]++, c[i + 2]++;
  }
}

std::vector<Decomp> standard_decomps(const Hand& h) {
  std::vector<Decomp> result;
  int need = 4 - static_cast<int>(h.melds.size());
  if (need < 0 || concealed_count(h) != 3 * need + 2) return result;
  for (int p = 0; p < kKinds; ++p) {
    if (h.c[p] < 2) continue;
    Counts c = h.c;
    c[p] -= 2;
    std::vector<Set> cur;
    std::vector<std::vector<Set>> found;
    enum_sets(c, need, cur, found);
    for (auto& sets : found) {
      Decomp d{p, {}};
      for (const Meld& m : h.melds) d.sets.push_back({true, m.tile});
      for (const Set& s : sets) d.sets.push_back(s);
      result.push_back(d);
    }
  }
  return result;
}

bool is_seven_pairs(const Hand& h) {
  if (!h.melds.empty() || concealed_count(h) != 14) return false;
  return std::all_of(h.c.begin(), h.c.end(), [](int x) { return x % 2 == 0; });
}

bool is_win_shape(const Hand& h) {
  return !standard_decomps(h).empty() || is_seven_pairs(h);
}

// A win the rule set accepts: the shape, and for Zunyi Z1 (lacks a suit).
bool accepted_win(const Hand& h, bool zunyi) {
  if (!is_win_shape(h)) return false;
  if (zunyi && suits_present(own_counts(h)) >= 3) return false;
  return true;
}

// ---------------------------------------------------------------- options ---
i64 option_default(const std::string& name) {
  static const std::map<std::string, i64> d = {
      {"base", 6},
      {"qianggang-fan", 0},
      {"pinghu-gangshangpao", 1},
      {"gangshangpao-split", 0},
      {"huazhu", 1},
      {"huazhu-penalty", 16},
      {"huazhu-at-least-dajiao", 1},
      {"dead-wait-ready", 0},
      {"escape-penalty", 16},
      {"zunyi-pinghu", 2},
      {"zunyi-qianggang", 3},
      {"zunyi-dou-needs-ready", 1},
      {"ji", 1},
      {"chongfeng-ji", 2},
      {"bao-ji", 0},
      {"zunyi-long-on-win", 1},
      {"zunyi-baoting", 10},
      {"zunyi-shabao", 10},
      {"zunyi-qianggang-bao", 0},
  };
  return d.at(name);
}

struct Opts {
  const json* j = nullptr;
  i64 get(const std::string& name) const {
    i64 def = option_default(name);
    if (j == nullptr || !j->is_object() || !j->contains(name)) return def;
    const json& v = (*j)[name];
    if (v.is_boolean()) return v.get<bool>() ? 1 : 0;
    if (v.is_number_integer() || v.is_number_unsigned()) return v.get<i64>();
    if (v.is_number_float()) return static_cast<i64>(v.get<double>());
    if (v.is_string()) {
      std::string s = v.get<std::string>();
      if (s == "on" || s == "true" || s == "yes") return 1;
      if (s == "off" || s == "false" || s == "no") return 0;
      return std::stoll(s);
    }
    return def;
  }
};

bool rules_zunyi(const std::string& rules) {
  if (rules == "duyun") return false;
  if (rules == "zunyi") return true;
  throw std::invalid_argument("unknown rules: " + rules);
}

// --------------------------------------------------------------- waits ---
// Formal waits accepted by the rule set (hand + t is an accepted win), tile order.
std::vector<int> formal_waits(const Hand& h13, bool zunyi) {
  std::vector<int> w;
  for (int t = 0; t < kKinds; ++t)
    if (accepted_win(plus_tile(h13, t), zunyi)) w.push_back(t);
  return w;
}
// Live = fewer than 4 copies in the player's own hand + melds.
std::vector<int> live_waits(const Hand& h13, bool zunyi) {
  Counts o = own_counts(h13);
  std::vector<int> w;
  for (int t : formal_waits(h13, zunyi))
    if (o[t] < 4) w.push_back(t);
  return w;
}

// ------------------------------------------------------ Duyun patterns ---
bool set_has_terminal(const Set& s) {
  if (s.pung) return rank_of(s.tile) == 1 || rank_of(s.tile) == 9;
  return rank_of(s.tile) == 1 || rank_of(s.tile) == 7;  // 123 or 789
}
bool is_258(int t) {
  return rank_of(t) == 2 || rank_of(t) == 5 || rank_of(t) == 8;
}

// D1 shape pattern (no 天胡/地胡), best over all readings; -1 if not a win shape.
i64 duyun_shape_fan(const Hand& h) {
  bool qys = suits_present(own_counts(h)) == 1;
  i64 best = -1;
  for (const Decomp& d : standard_decomps(h)) {
    bool ddh = std::all_of(d.sets.begin(), d.sets.end(), [](const Set& s) { return s.pung; });
    bool jiang =
        ddh && is_258(d.pair) &&
        std::all_of(d.sets.begin(), d.sets.end(), [](const Set& s) { return is_258(s.tile); });
    bool yaojiu = qys && (rank_of(d.pair) == 1 || rank_of(d.pair) == 9) &&
                  std::all_of(d.sets.begin(), d.sets.end(), set_has_terminal);
    i64 f = 1;                                // 平胡
    if (ddh) f = std::max<i64>(f, 3);         // 对对胡
    if (qys) f = std::max<i64>(f, 6);         // 清一色
    if (qys && ddh) f = std::max<i64>(f, 9);  // 清对
    if (jiang) f = std::max<i64>(f, 9);       // 将对
    if (yaojiu) f = std::max<i64>(f, 12);     // 清幺九
    best = std::max(best, f);
  }
  if (is_seven_pairs(h)) {
    bool four = std::any_of(h.c.begin(), h.c.end(), [](int x) { return x == 4; });
    i64 f = 6;                // 七对
    if (four) f = 12;         // 龙七对
    if (qys) f = 12;          // 清七对
    if (qys && four) f = 18;  // 清龙七对
    best = std::max(best, f);
  }
  return best;
}

// ------------------------------------------------------ Zunyi patterns ---
// Z2 value (structural + 清一色) of a 14-tile hand won on `w`; -1 if not an accepted win.
i64 zunyi_value(const Hand& h14, int w, const Opts& o) {
  if (!accepted_win(h14, true) || h14.c[w] <= 0) return -1;
  bool qys = suits_present(own_counts(h14)) == 1;
  Hand h13 = minus_tile(h14, w);
  std::vector<int> live = live_waits(h13, true);
  bool bian = live.size() == 1;  // 边卡吊
  bool dakuan = false;           // 大宽张
  if (live.size() == 3) {
    int a = live[0], b = live[1], c = live[2];
    dakuan = suit_of(a) == suit_of(c) && b == a + 3 && c == a + 6;  // 147 / 258 / 369
  }
  i64 pinghu = qys ? 0 : o.get("zunyi-pinghu");
  i64 best = -1;
  for (const Decomp& d : standard_decomps(h14)) {
    bool ddh = std::all_of(d.sets.begin(), d.sets.end(), [](const Set& s) { return s.pung; });
    i64 s = pinghu;
    if (bian) s = std::max<i64>(s, 3);
    if (dakuan) s = std::max<i64>(s, 4);
    if (ddh) s = std::max<i64>(s, 4);
    best = std::max(best, s);
  }
  if (is_seven_pairs(h14)) {
    bool long7;
    if (o.get("zunyi-long-on-win") != 0)
      long7 = h14.c[w] == 4;
    else
      long7 = std::any_of(h14.c.begin(), h14.c.end(), [](int x) { return x == 4; });
    best = std::max<i64>(best, long7 ? 10 : 4);
  }
  if (best < 0) return -1;
  return best + (qys ? 10 : 0);
}

// Pattern value of a 13-tile hand completed by wait `t` (fan / points).
i64 wait_value(const Hand& h13, int t, bool zunyi, const Opts& o) {
  Hand h = plus_tile(h13, t);
  return zunyi ? zunyi_value(h, t, o) : duyun_shape_fan(h);
}

struct WaitInfo {
  bool ready = false;
  std::vector<int> formal, live;
  std::optional<i64> dajiao;
};
WaitInfo analyze_waits(const Hand& h13, bool zunyi, const Opts& o) {
  WaitInfo r;
  r.formal = formal_waits(h13, zunyi);
  r.live = live_waits(h13, zunyi);
  std::vector<int> pool = r.live;
  if (pool.empty() && o.get("dead-wait-ready") != 0) pool = r.formal;  // only dead waits
  r.ready = !pool.empty();
  for (int t : pool) {
    i64 v = wait_value(h13, t, zunyi, o);
    if (!r.dajiao || v > *r.dajiao) r.dajiao = v;
  }
  return r;
}

// ----------------------------------------------------------- situation ---
enum class Role { None, Winner, Payer };
struct Situation {
  std::optional<int> win;
  bool zimo = false, after_kong = false, robbing_kong = false, baoting = false,
       payer_baoting = false;
  bool tianhu = false, dihu = false, dou = false;
  Role dealer = Role::None;
  i64 streak = 0;
};

bool jbool(const json& obj, const char* key) {
  if (!obj.is_object() || !obj.contains(key) || obj[key].is_null()) return false;
  return obj[key].get<bool>();
}

Situation parse_situation(const json& j) {
  Situation s;
  if (j.is_null()) return s;
  if (j.contains("win") && !j["win"].is_null()) s.win = parse_tile(j["win"].get<std::string>());
  s.zimo = jbool(j, "zimo");
  s.after_kong = jbool(j, "after_kong");
  s.robbing_kong = jbool(j, "robbing_kong");
  s.baoting = jbool(j, "baoting");
  s.payer_baoting = jbool(j, "payer_baoting");
  s.tianhu = jbool(j, "tianhu");
  s.dihu = jbool(j, "dihu");
  s.dou = jbool(j, "dou");
  if (j.contains("dealer") && !j["dealer"].is_null()) {
    std::string d = j["dealer"].get<std::string>();
    if (d == "winner")
      s.dealer = Role::Winner;
    else if (d == "payer")
      s.dealer = Role::Payer;
    else if (d == "none")
      s.dealer = Role::None;
    else
      throw std::invalid_argument("bad dealer: " + d);
  }
  if (j.contains("streak") && !j["streak"].is_null()) s.streak = j["streak"].get<i64>();
  return s;
}

// The situation contradicts itself or the hand (facts only; tile checks separately).
bool inconsistent(const Hand& h, const Situation& s) {
  bool melds = !h.melds.empty();
  if (s.tianhu && s.dihu) return true;
  if (s.zimo && s.payer_baoting) return true;
  if (s.zimo && s.robbing_kong) return true;
  if (s.robbing_kong && s.after_kong) return true;
  if (s.robbing_kong && s.payer_baoting) return true;  // the robbed seat shows a pung: no 报听 (D2)
  if (s.after_kong && s.zimo && !has_kong_meld(h) && !s.dou) return true;
  if (s.tianhu &&
      (s.dealer == Role::Payer || s.after_kong || s.robbing_kong || s.payer_baoting || melds))
    return true;
  if (s.dihu && (s.dealer == Role::Winner || melds)) return true;
  if (s.baoting && melds) return true;
  if (s.streak < 0) return true;
  return false;
}

// ------------------------------------------------------ Duyun win value ---
struct DuyunEval {
  bool win = false;
  bool legal = false;
  i64 pattern = 0;  // D1 incl. 天胡/地胡
  i64 common = 0;   // pattern + add-ons carried by every payment
};
DuyunEval duyun_eval(const Hand& h14, const Situation& s, const Opts& o) {
  DuyunEval e;
  i64 shape = duyun_shape_fan(h14);
  if (shape < 0) return e;
  e.win = true;
  e.pattern = shape;
  if (s.tianhu || s.dihu) e.pattern = std::max<i64>(e.pattern, 18);
  e.legal = true;
  if (e.pattern == 1 && !s.zimo) {  // D3: 平胡 off a discard needs a 豆 or an exception
    e.legal = s.robbing_kong || s.baoting || s.payer_baoting ||
              (s.after_kong && o.get("pinghu-gangshangpao") != 0) || has_kong_meld(h14) || s.dou;
  }
  e.common = e.pattern;
  if (s.after_kong && s.zimo) e.common += 1;   // 杠上花
  if (s.after_kong && !s.zimo) e.common += 1;  // 杠上炮
  if (s.robbing_kong) e.common += o.get("qianggang-fan");
  if (s.baoting) e.common += 6;  // winner's 报听
  return e;
}
i64 duyun_payment_fan(const DuyunEval& e, const Situation& s, bool payer_is_discarder,
                      bool with_streak) {
  i64 f = e.common;
  if (payer_is_discarder && s.payer_baoting) f += 6;
  if (with_streak) f += s.streak;
  return f;
}

// ------------------------------------------------------ Zunyi win value ---
// One ordinary payment (not the 抢杠包 case). `V` is the Z2 value.
i64 zunyi_payment(i64 V, const Situation& s, const Opts& o, bool payer_is_discarder) {
  i64 a = V;
  if (s.after_kong && s.zimo) a = std::max<i64>(10, V);  // 杠上花 competes with the hand's value
  if (s.zimo) a += 1;
  if (s.tianhu) a += 10;
  if (s.dihu) a += 10;
  if (s.after_kong && !s.zimo) a += 3;  // 杠上炮
  if (s.robbing_kong) a += o.get("zunyi-qianggang");
  if (s.baoting) a += o.get("zunyi-baoting");
  if (payer_is_discarder && s.payer_baoting) a += o.get("zunyi-shabao");  // 杀报
  return a;
}
// zunyi-qianggang-bao: the robbed seat pays what a self-draw collects from all three.
i64 zunyi_qianggang_bao(i64 V, const Situation& s, const Opts& o) {
  return 3 * (V + 1 + (s.baoting ? o.get("zunyi-baoting") : 0));
}

}  // namespace

// ===================================================================== waits
RefWaits waits(const std::string& hand, const std::string& rules, const nlohmann::json& options) {
  bool zunyi = rules_zunyi(rules);
  Opts o{&options};
  Hand h = parse_hand(hand);
  check_copies(h);
  if (tile_size(h) != 13) throw std::invalid_argument("waits needs 13 tiles: " + hand);
  WaitInfo w = analyze_waits(h, zunyi, o);
  RefWaits r;
  r.ready = w.ready;
  for (int t : w.live) r.live.push_back(tile_name(t));
  for (int t : w.formal) r.formal.push_back(tile_name(t));
  r.dajiao = w.dajiao;
  return r;
}

// ===================================================================== score
RefScore score(const std::string& hand, const std::string& rules, const nlohmann::json& options,
               const nlohmann::json& situation) {
  bool zunyi = rules_zunyi(rules);
  Opts o{&options};
  Hand h = parse_hand(hand);
  check_copies(h);
  if (tile_size(h) != 14) throw std::invalid_argument("score needs 14 tiles: " + hand);
  Situation s = parse_situation(situation);
  RefScore r;
  if (inconsistent(h, s)) {
    r.error = true;
    return r;
  }
  if (s.tianhu) {
    s.zimo = true;
    s.dealer = Role::Winner;
  }

  // Candidate winning tiles.
  Counts own = own_counts(h);
  std::vector<int> cands;
  if (s.win) {
    int w = *s.win;
    if (h.c[w] == 0) {
      r.error = true;
      return r;
    }  // win tile not in the hand
    if (s.robbing_kong && own[w] != 1) {
      r.error = true;
      return r;
    }  // can't rob: holds another copy
    cands.push_back(w);
  } else {
    for (int t = 0; t < kKinds; ++t)
      if (h.c[t] > 0 && (!s.robbing_kong || own[t] == 1)) cands.push_back(t);
    if (cands.empty()) {
      r.error = true;
      return r;
    }
  }

  if (!accepted_win(h, zunyi)) return r;
  r.win = true;

  if (!zunyi) {
    DuyunEval e = duyun_eval(h, s, o);
    r.legal = e.legal;
    if (!e.legal) return r;
    i64 base = o.get("base");
    if (s.zimo) {
      i64 plain = duyun_payment_fan(e, s, false, false);
      i64 streaked = duyun_payment_fan(e, s, false, true);
      if (s.dealer == Role::Winner) {
        r.value = streaked;
        r.total = 3 * streaked * base;
      } else if (s.dealer == Role::Payer) {
        r.value = plain;
        r.total = (2 * plain + streaked) * base;
      } else {
        r.value = plain;
        r.total = 3 * plain * base;
      }
    } else {
      i64 f = duyun_payment_fan(e, s, true, s.dealer != Role::None);
      r.value = f;
      r.total = f * base;
    }
    return r;
  }

  // Zunyi: legal == win.
  r.legal = true;
  i64 V = -1;
  for (int t : cands) V = std::max(V, zunyi_value(h, t, o));
  if (s.robbing_kong && o.get("zunyi-qianggang-bao") != 0) {
    r.value = zunyi_qianggang_bao(V, s, o);
    r.total = r.value;
  } else {
    i64 a = zunyi_payment(V, s, o, !s.zimo);
    r.value = a;
    r.total = s.zimo ? 3 * a : a;
  }
  return r;
}

// ==================================================================== settle
namespace {

struct SeatIn {
  std::optional<Hand> hand;
  bool baoting = false;
  i64 yaoji = 0;  // discarded_yaoji
  bool chongfeng = false;
};
enum class KongKind { Direct, Added, Concealed };
struct KongIn {
  int seat = 0;
  KongKind kind = KongKind::Direct;
  int tile = 0;
  int from = -1;
};
struct WinIn {
  int seat = 0;
  int from = -1;  // -1 or == seat: self-draw
  std::optional<int> tile;
  bool after_kong = false, robbing_kong = false, tianhu = false, dihu = false;
  bool self_draw() const { return from < 0 || from == seat; }
};

struct Refusal {
  std::string why;
};

int seat_index(const json& v, const std::string& what) {
  int s = v.get<int>();
  if (s < 0 || s > 3) throw Refusal{what + " out of range"};
  return s;
}

struct Ledger {
  std::array<i64, 4> totals{};
  void pay(int from, int to, i64 amount) {
    totals[static_cast<std::size_t>(from)] -= amount;
    totals[static_cast<std::size_t>(to)] += amount;
  }
};

std::optional<RefLedger> settle_impl(const json& table) {
  if (!table.is_object()) throw Refusal{"table is not an object"};
  std::string rules = "duyun";
  if (table.contains("rules") && !table["rules"].is_null())
    rules = table["rules"].get<std::string>();
  if (rules != "duyun" && rules != "zunyi") throw Refusal{"unknown rules"};
  bool zunyi = rules == "zunyi";
  static const json kNoOptions = json::object();
  Opts o{table.contains("options") && table["options"].is_object() ? &table["options"]
                                                                   : &kNoOptions};
  int dealer = table.contains("dealer") && !table["dealer"].is_null()
                   ? seat_index(table["dealer"], "dealer")
                   : 0;
  i64 streak =
      table.contains("streak") && !table["streak"].is_null() ? table["streak"].get<i64>() : 0;

  // Seats.
  if (!table.contains("seats") || !table["seats"].is_array() || table["seats"].size() != 4)
    throw Refusal{"seats must be 4"};
  std::array<SeatIn, 4> seats;
  for (std::size_t i = 0; i < 4; ++i) {
    const json& sj = table["seats"][i];
    if (sj.contains("hand") && !sj["hand"].is_null()) {
      Hand h = parse_hand(sj["hand"].get<std::string>());
      seats[i].hand = h;
    }
    seats[i].baoting = jbool(sj, "baoting");
    seats[i].chongfeng = jbool(sj, "chongfeng");
    if (sj.contains("discarded_yaoji") && !sj["discarded_yaoji"].is_null())
      seats[i].yaoji = sj["discarded_yaoji"].get<i64>();
  }

  // Kongs.
  std::vector<KongIn> kongs;
  if (table.contains("kongs") && !table["kongs"].is_null()) {
    for (const json& kj : table["kongs"]) {
      KongIn k;
      k.seat = seat_index(kj.at("seat"), "kongs[].seat");
      std::string kind = kj.at("kind").get<std::string>();
      if (kind == "direct")
        k.kind = KongKind::Direct;
      else if (kind == "added")
        k.kind = KongKind::Added;
      else if (kind == "concealed")
        k.kind = KongKind::Concealed;
      else
        throw Refusal{"bad kong kind " + kind};
      k.tile = parse_tile(kj.at("tile").get<std::string>());
      if (kj.contains("from") && !kj["from"].is_null())
        k.from = seat_index(kj["from"], "kongs[].from");
      if (k.kind == KongKind::Direct && (k.from < 0 || k.from == k.seat))
        throw Refusal{"direct kong without from"};
      kongs.push_back(k);
    }
  }

  // Result.
  if (!table.contains("result") || !table["result"].is_object()) throw Refusal{"no result"};
  const json& res = table["result"];
  std::string kind = res.at("kind").get<std::string>();
  std::vector<WinIn> wins;
  std::optional<int> flipped;
  int escaper = -1;
  bool last_four = false;
  if (kind == "win") {
    for (const json& wj : res.at("wins")) {
      WinIn w;
      w.seat = seat_index(wj.at("seat"), "wins[].seat");
      if (wj.contains("from") && !wj["from"].is_null())
        w.from = seat_index(wj["from"], "wins[].from");
      if (wj.contains("tile") && !wj["tile"].is_null())
        w.tile = parse_tile(wj["tile"].get<std::string>());
      w.after_kong = jbool(wj, "after_kong");
      w.robbing_kong = jbool(wj, "robbing_kong");
      w.tianhu = jbool(wj, "tianhu");
      w.dihu = jbool(wj, "dihu");
      if (w.robbing_kong && w.self_draw()) throw Refusal{"robbing kong without a robbed seat"};
      if (w.robbing_kong && !w.tile) throw Refusal{"robbing kong without the tile"};
      for (const WinIn& other : wins)
        if (other.seat == w.seat) throw Refusal{"a seat wins twice"};
      wins.push_back(w);
    }
    if (wins.empty()) throw Refusal{"win without winners"};
    if (res.contains("flipped") && !res["flipped"].is_null())
      flipped = parse_tile(res["flipped"].get<std::string>());
  } else if (kind == "draw") {
  } else if (kind == "escape") {
    if (zunyi) throw Refusal{"Zunyi has no escape rule"};
    escaper = seat_index(res.at("seat"), "result.seat");
    last_four = jbool(res, "last_four");
  } else {
    throw Refusal{"bad result kind " + kind};
  }

  std::array<bool, 4> is_winner{};
  std::array<const WinIn*, 4> win_of{};
  for (const WinIn& w : wins) {
    is_winner[static_cast<std::size_t>(w.seat)] = true;
    win_of[static_cast<std::size_t>(w.seat)] = &w;
  }

  // Robbed kongs: (robbed seat, tile). The robbed seat's added kong of that tile is void.
  std::set<std::pair<int, int>> robbed;
  for (const WinIn& w : wins)
    if (w.robbing_kong) robbed.insert({w.from, *w.tile});
  auto is_void = [&](const KongIn& k) {
    return k.kind == KongKind::Added && robbed.count({k.seat, k.tile}) > 0;
  };
  auto is_robbed_seat = [&](int s) {
    return std::any_of(robbed.begin(), robbed.end(), [&](const auto& p) { return p.first == s; });
  };

  // Winners' 14-tile hands and candidate winning tiles.
  std::array<Hand, 4> h14;
  std::array<std::vector<int>, 4> cands;
  for (const WinIn& w : wins) {
    std::size_t ws = static_cast<std::size_t>(w.seat);
    if (!seats[ws].hand) throw Refusal{"winner's hand missing"};
    Hand h = *seats[ws].hand;
    int n = tile_size(h);
    if (n == 13) {
      if (!w.tile) throw Refusal{"13-tile winner without a winning tile"};
      h = plus_tile(h, *w.tile);
    } else if (n == 14) {
      if (w.tile && h.c[static_cast<std::size_t>(*w.tile)] == 0)
        throw Refusal{"winning tile not in the winner's hand"};
    } else {
      throw Refusal{"winner's hand has a wrong size"};
    }
    h14[ws] = h;
    Counts own = own_counts(h);
    if (w.tile)
      cands[ws] = {*w.tile};
    else
      for (int t = 0; t < kKinds; ++t)
        if (h.c[t] > 0 && (!w.robbing_kong || own[t] == 1)) cands[ws].push_back(t);
  }

  // ---- Refusal: more than 4 copies of a tile kind across the table.
  {
    Counts tot{};
    std::set<std::pair<int, int>> discards;  // (discarder, tile) won on, counted once
    for (std::size_t s = 0; s < 4; ++s) {
      if (seats[s].hand) {
        Counts c;
        if (is_winner[s]) {
          c = own_counts(h14[s]);
          const WinIn& w = *win_of[s];
          if (!w.self_draw() && w.tile) {
            c[static_cast<std::size_t>(*w.tile)]--;  // the discarded tile is counted once below
            discards.insert({w.from, *w.tile});
          }
        } else {
          c = own_counts(*seats[s].hand);
        }
        for (int t = 0; t < kKinds; ++t) tot[t] += c[t];
      } else {
        for (const KongIn& k : kongs)
          if (static_cast<std::size_t>(k.seat) == s && !is_void(k)) tot[k.tile] += 4;
      }
    }
    for (const auto& [r, t] : robbed)
      if (!seats[static_cast<std::size_t>(r)].hand) tot[t] += 3;  // the robbed seat's pung
    for (const auto& d : discards) tot[d.second] += 1;
    for (const SeatIn& s : seats) tot[kYaoji] += static_cast<int>(s.yaoji);
    if (flipped) tot[*flipped] += 1;
    for (int t = 0; t < kKinds; ++t)
      if (tot[t] > 4) throw Refusal{"more than 4 copies of " + tile_name(t) + " on the table"};
  }

  // ---- Refusal: a winner that does not win.
  for (const WinIn& w : wins)
    if (!accepted_win(h14[static_cast<std::size_t>(w.seat)], zunyi))
      throw Refusal{"winner's hand is not a win"};

  // ---- Refusal: tianhu / dihu by the wrong seat.
  for (const WinIn& w : wins) {
    if (w.tianhu && w.seat != dealer) throw Refusal{"tianhu for a non-dealer"};
    if (w.dihu && w.seat == dealer) throw Refusal{"dihu for the dealer"};
  }

  // Readiness of every seat with a 13-tile hand that did not win.
  std::array<bool, 4> ready{};
  std::array<i64, 4> dajiao{};
  std::array<bool, 4> known{};  // hand given
  for (std::size_t s = 0; s < 4; ++s) {
    if (!seats[s].hand || is_winner[s]) continue;
    if (tile_size(*seats[s].hand) != 13) throw Refusal{"a non-winner's hand is not 13 tiles"};
    WaitInfo wi = analyze_waits(*seats[s].hand, zunyi, o);
    known[s] = true;
    ready[s] = wi.ready;
    dajiao[s] = wi.dajiao.value_or(0);
  }

  // ---- Refusal: 报听 with melds, or not ready.
  for (std::size_t s = 0; s < 4; ++s) {
    if (!seats[s].baoting) continue;
    bool melds = false;
    if (seats[s].hand)
      melds = !seats[s].hand->melds.empty();
    else
      melds = std::any_of(kongs.begin(), kongs.end(),
                          [&](const KongIn& k) { return static_cast<std::size_t>(k.seat) == s; });
    if (is_robbed_seat(static_cast<int>(s))) melds = true;  // it holds the robbed pung
    if (melds) throw Refusal{"baoting seat with melds"};
    if (is_winner[s]) {
      bool ok = false;
      for (int t : cands[s]) ok = ok || analyze_waits(minus_tile(h14[s], t), zunyi, o).ready;
      if (!ok) throw Refusal{"baoting winner not ready"};
    } else if (seats[s].hand && !ready[s]) {
      throw Refusal{"baoting seat not ready"};
    }
  }

  // Hands required.
  if (kind == "draw" || zunyi)
    for (std::size_t s = 0; s < 4; ++s)
      if (!seats[s].hand) throw Refusal{"seats[" + std::to_string(s) + "].hand missing"};

  // Winner situations.
  auto situation_of = [&](const WinIn& w) {
    Situation s;
    s.win = w.tile;
    s.zimo = w.self_draw();
    s.after_kong = w.after_kong;
    s.robbing_kong = w.robbing_kong;
    s.tianhu = w.tianhu;
    s.dihu = w.dihu;
    s.baoting = seats[static_cast<std::size_t>(w.seat)].baoting;
    s.payer_baoting = !s.zimo && seats[static_cast<std::size_t>(w.from)].baoting;
    s.dou = has_kong_meld(h14[static_cast<std::size_t>(w.seat)]) ||
            std::any_of(kongs.begin(), kongs.end(),
                        [&](const KongIn& k) { return k.seat == w.seat && !is_void(k); });
    if (w.seat == dealer)
      s.dealer = Role::Winner;
    else if (s.zimo || w.from == dealer)
      s.dealer = Role::Payer;
    else
      s.dealer = Role::None;
    s.streak = streak;
    return s;
  };

  // The discarder's last kong (index into kongs), for 杠上炮.
  auto last_kong_of = [&](int seat) {
    int idx = -1;
    for (std::size_t i = 0; i < kongs.size(); ++i)
      if (kongs[i].seat == seat) idx = static_cast<int>(i);
    return idx;
  };

  Ledger L;
  RefLedger out;

  if (!zunyi) {
    // ============================ Duyun ============================
    i64 base = o.get("base");
    // D6: every non-void kong pays at once.
    std::vector<std::vector<std::pair<int, i64>>> kong_pay(kongs.size());  // (payer, amount)
    for (std::size_t i = 0; i < kongs.size(); ++i) {
      const KongIn& k = kongs[i];
      if (is_void(k)) continue;
      if (k.kind == KongKind::Direct) kong_pay[i].push_back({k.from, base});
      for (int p = 0; p < 4; ++p) {
        if (p == k.seat) continue;
        if (k.kind == KongKind::Added) kong_pay[i].push_back({p, base});
        if (k.kind == KongKind::Concealed) kong_pay[i].push_back({p, 2 * base});
      }
      for (const auto& [p, a] : kong_pay[i]) L.pay(p, k.seat, a);
    }
    auto kong_income = [&](int idx) {
      i64 sum = 0;
      for (const auto& pa : kong_pay[static_cast<std::size_t>(idx)]) sum += pa.second;
      return sum;
    };

    if (kind == "win") {
      for (const WinIn& w : wins) {
        Situation s = situation_of(w);
        DuyunEval e = duyun_eval(h14[static_cast<std::size_t>(w.seat)], s, o);
        if (!e.legal) throw Refusal{"illegal pinghu (D3)"};
        if (s.zimo) {
          for (int p = 0; p < 4; ++p) {
            if (p == w.seat) continue;
            i64 f = duyun_payment_fan(e, s, false, p == dealer || w.seat == dealer);
            L.pay(p, w.seat, f * base);
          }
        } else {
          i64 f = duyun_payment_fan(e, s, true, w.from == dealer || w.seat == dealer);
          L.pay(w.from, w.seat, f * base);
        }
      }
      // D7: 杠上炮 transfer of the discarder's last kong income.
      std::map<int, std::vector<int>> gsp;  // discarder -> winners
      for (const WinIn& w : wins)
        if (w.after_kong && !w.self_draw()) gsp[w.from].push_back(w.seat);
      for (const auto& [d, ws] : gsp) {
        int idx = last_kong_of(d);
        if (idx < 0) continue;
        i64 income = kong_income(idx);
        if (o.get("gangshangpao-split") == 0) {
          for (int w : ws) L.pay(d, w, income);
        } else {
          i64 n = static_cast<i64>(ws.size());
          i64 q = income / n, rem = income % n;
          for (int w : ws) L.pay(d, w, q);
          for (int k = 1; k <= 3 && rem > 0; ++k) {
            int s = (d + k) % 4;
            if (std::find(ws.begin(), ws.end(), s) != ws.end()) {
              L.pay(d, s, 1);
              --rem;
            }
          }
        }
      }
      out.next_dealer = (wins.size() == 1) ? wins[0].seat : wins[0].from;
    } else if (kind == "draw") {
      auto dj_amount = [&](int r, int payer) {  // what ready seat r's 查大叫 collects from payer
        i64 f = dajiao[static_cast<std::size_t>(r)] +
                (seats[static_cast<std::size_t>(r)].baoting ? 6 : 0) +
                ((dealer == r || dealer == payer) ? streak : 0);
        return f * base;
      };
      std::array<bool, 4> huazhu{};
      for (std::size_t s = 0; s < 4; ++s)
        huazhu[s] =
            o.get("huazhu") != 0 && !ready[s] && suits_present(own_counts(*seats[s].hand)) == 3;
      // (1) 查花猪
      for (int h = 0; h < 4; ++h) {
        if (!huazhu[static_cast<std::size_t>(h)]) continue;
        for (int j = 0; j < 4; ++j) {
          if (j == h || huazhu[static_cast<std::size_t>(j)]) continue;
          i64 amt = o.get("huazhu-penalty") * base;
          if (ready[static_cast<std::size_t>(j)] && o.get("huazhu-at-least-dajiao") != 0)
            amt = std::max(amt, dj_amount(j, h));
          L.pay(h, j, amt);
        }
      }
      // (2) 黄豆: a non-ready seat refunds its 豆 income.
      for (std::size_t i = 0; i < kongs.size(); ++i) {
        int k = kongs[i].seat;
        if (ready[static_cast<std::size_t>(k)]) continue;
        for (const auto& [p, a] : kong_pay[i]) L.pay(k, p, a);
      }
      // (3) 查大叫
      for (int p = 0; p < 4; ++p) {
        if (ready[static_cast<std::size_t>(p)] || huazhu[static_cast<std::size_t>(p)]) continue;
        for (int r = 0; r < 4; ++r)
          if (ready[static_cast<std::size_t>(r)]) L.pay(p, r, dj_amount(r, p));
      }
      out.next_dealer = dealer;
    } else {  // escape
      for (int j = 0; j < 4; ++j) {
        if (j == escaper) continue;
        i64 amt = o.get("escape-penalty") * base;
        std::size_t ju = static_cast<std::size_t>(j);
        if (last_four && known[ju] && ready[ju]) {
          i64 f = dajiao[ju] + (seats[ju].baoting ? 6 : 0) +
                  ((dealer == j || dealer == escaper) ? streak : 0);
          amt = std::max(amt, f * base);
        }
        L.pay(escaper, j, amt);
      }
      out.next_dealer = dealer;
    }
  } else {
    // ============================ Zunyi ============================
    if (kind == "win") {
      std::array<bool, 4> counts{};  // won or ready at the end
      for (std::size_t s = 0; s < 4; ++s) counts[s] = is_winner[s] || ready[s];
      // Z3/Z4: win payments.
      for (const WinIn& w : wins) {
        std::size_t ws = static_cast<std::size_t>(w.seat);
        Situation s = situation_of(w);
        i64 V = -1;
        for (int t : cands[ws]) V = std::max(V, zunyi_value(h14[ws], t, o));
        if (V < 0) throw Refusal{"winner's hand is not a win"};
        if (s.robbing_kong && o.get("zunyi-qianggang-bao") != 0) {
          L.pay(w.from, w.seat, zunyi_qianggang_bao(V, s, o));
        } else if (s.zimo) {
          i64 a = zunyi_payment(V, s, o, false);
          for (int p = 0; p < 4; ++p)
            if (p != w.seat) L.pay(p, w.seat, a);
        } else {
          L.pay(w.from, w.seat, zunyi_payment(V, s, o, true));
        }
      }
      // Z5: 豆.
      std::set<int> no_score;  // the kong right before a 杠上炮 discard
      for (const WinIn& w : wins)
        if (w.after_kong && !w.self_draw()) {
          int idx = last_kong_of(w.from);
          if (idx >= 0) no_score.insert(idx);
        }
      bool needs_ready = o.get("zunyi-dou-needs-ready") != 0;
      for (std::size_t i = 0; i < kongs.size(); ++i) {
        const KongIn& k = kongs[i];
        if (is_void(k) || no_score.count(static_cast<int>(i))) continue;
        if (needs_ready && !counts[static_cast<std::size_t>(k.seat)]) continue;
        if (k.kind == KongKind::Direct) L.pay(k.from, k.seat, 2);
        for (int p = 0; p < 4; ++p) {
          if (p == k.seat) continue;
          if (k.kind == KongKind::Concealed) L.pay(p, k.seat, 2);
          if (k.kind == KongKind::Added) L.pay(p, k.seat, 3);
        }
      }
      // Z6: 鸡.
      i64 ji = o.get("ji"), cfji = o.get("chongfeng-ji");
      auto discarded_value = [&](std::size_t s) {
        i64 n = seats[s].yaoji;
        if (n <= 0) return i64{0};
        return seats[s].chongfeng ? (n - 1) * ji + cfji : n * ji;
      };
      std::optional<int> fanji;
      if (flipped)
        fanji = suit_of(*flipped) * 9 + (rank_of(*flipped) % 9);  // one rank above, 9 -> 1
      for (std::size_t s = 0; s < 4; ++s) {
        if (!counts[s]) continue;
        Counts c = is_winner[s] ? own_counts(h14[s]) : own_counts(*seats[s].hand);
        i64 n = c[kYaoji] + (fanji ? c[static_cast<std::size_t>(*fanji)] : 0);
        i64 value = n * ji + discarded_value(s);
        for (int p = 0; p < 4; ++p)
          if (static_cast<std::size_t>(p) != s && value != 0) L.pay(p, static_cast<int>(s), value);
      }
      if (o.get("bao-ji") != 0) {
        for (std::size_t s = 0; s < 4; ++s) {
          if (counts[s]) continue;
          i64 v = discarded_value(s);
          for (int j = 0; j < 4; ++j)
            if (counts[static_cast<std::size_t>(j)] && v != 0) L.pay(static_cast<int>(s), j, v);
        }
      }
      // Z8.
      if (wins.size() == 1) {
        out.next_dealer = wins[0].seat;
      } else {
        int d = wins[0].from;
        out.next_dealer = -1;
        for (int k = 1; k <= 3 && out.next_dealer < 0; ++k)
          if (is_winner[static_cast<std::size_t>((d + k) % 4)]) out.next_dealer = (d + k) % 4;
        if (out.next_dealer < 0) throw Refusal{"no winner after the discarder"};
      }
    } else {  // draw (Z7)
      int nready = 0;
      for (bool r : ready) nready += r ? 1 : 0;
      if (nready != 0 && nready != 4) {
        for (std::size_t p = 0; p < 4; ++p) {
          if (ready[p]) continue;
          i64 mult = suits_present(own_counts(*seats[p].hand)) == 3 ? 2 : 1;
          for (std::size_t r = 0; r < 4; ++r)
            if (ready[r]) L.pay(static_cast<int>(p), static_cast<int>(r), dajiao[r] * mult);
        }
      }
      if (nready == 3) {
        for (int s = 0; s < 4; ++s)
          if (!ready[static_cast<std::size_t>(s)]) out.next_dealer = s;
      } else if (nready == 0 || nready == 4 || ready[static_cast<std::size_t>(dealer)]) {
        out.next_dealer = dealer;
      } else {
        out.next_dealer = dealer;
        for (int k = 1; k <= 3; ++k)
          if (ready[static_cast<std::size_t>((dealer + k) % 4)]) {
            out.next_dealer = (dealer + k) % 4;
            break;
          }
      }
    }
  }

  out.totals = L.totals;
  out.next_streak = (out.next_dealer == dealer) ? streak + 1 : 0;
  return out;
}

}  // namespace

std::optional<RefLedger> settle(const nlohmann::json& table, std::string* why) {
  try {
    auto r = settle_impl(table);
    if (why) why->clear();
    return r;
  } catch (const Refusal& r) {
    if (why) *why = r.why;
  } catch (const std::exception& e) {
    if (why) *why = std::string("malformed table: ") + e.what();
  }
  return std::nullopt;
}

}  // namespace ref
