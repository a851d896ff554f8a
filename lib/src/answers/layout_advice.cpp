// The text of advise HAND (ADVICE §3.3): a row a discard, phone-narrow (each line within
// 40 columns for the common hands), in Chinese or English.
#include <algorithm>
#include <ostream>
#include <sstream>

#include "qianmj/answers/layout.hpp"
#include "qianmj/core/shanten.hpp"
#include "qianmj/engine/explain.hpp"

namespace qianmj {

std::string shanten_text(int sh, bool zh) {
  if (sh >= kNoShape) return zh ? "不能胡" : "cannot win";
  if (sh < 0) return zh ? "胡牌" : "a win";
  if (sh == 0) return zh ? "听牌" : "ready";
  static constexpr std::string_view kDigits[] = {"",   "一", "二", "三", "四",
                                                 "五", "六", "七", "八"};
  if (zh) return (sh <= 8 ? std::string(kDigits[sh]) : std::to_string(sh)) + "向听";
  return std::to_string(sh) + "-shanten";
}

std::string accept_text(int kinds, int tiles, bool zh) {
  if (zh) return "进张 " + std::to_string(kinds) + "种" + std::to_string(tiles) + "张";
  return "accepts " + std::to_string(kinds) + (kinds == 1 ? " kind, " : " kinds, ") +
         std::to_string(tiles) + (tiles == 1 ? " tile" : " tiles");
}

namespace {

std::string tile_name(Tile t, bool zh) {
  return zh ? t.chinese() : t.ascii();
}

// `split`: the acceptance on a line of its own (narrow English, whose header is too wide).
void print_row(const AdviceRow& r, const Ruleset& rules, bool zh, AdviceLines lines, bool split,
               std::ostream& out) {
  const Unit unit = rules.unit();
  if (r.discard) out << (zh ? "打" : "Discard ") << tile_name(*r.discard, zh) << "  ";
  out << shanten_text(r.shanten, zh);
  if (r.shanten < kNoShape)
    out << (split ? "\n  " : "  ") << accept_text(r.accept.kinds, r.accept.tiles, zh)
        << (split ? "; " : "  ") << (zh ? "加权 " : "weighted ") << r.vwa;
  out << '\n';
  if (r.waits) {
    for (const auto& v : r.waits->waits) {
      if (!v.wait.live) continue;
      out << "  " << (zh ? "听 " : "waits ") << tile_name(v.wait.tile, zh) << "×"
          << v.wait.remaining << "  " << item_name(v.pattern, zh) << " "
          << unit_text(v.pattern.value, unit, zh);
      if (!v.legal_on_discard) out << "  " << rules.self_draw_only().in(zh);
      if (v.wait.remaining == 0) out << (zh ? "  （已绝）" : "  (none left)");
      out << '\n';
    }
    if (r.accept.tiles == 0)
      out << (zh ? "  所听的牌已经没有了\n" : "  every tile it waits on is gone\n");
  } else if (!r.accept.list.empty()) {
    // Eight tiles a line, so that a phone's 40 columns hold it.
    std::size_t n = 0;
    for (const auto& a : r.accept.list) {
      if (n % 8 == 0) out << (n ? "\n      " : zh ? "  进张" : "  takes");
      out << ' ' << tile_name(a.tile, zh);
      ++n;
    }
    out << '\n';
  }
  if (lines != AdviceLines::None) {
    for (const auto& l : r.lines) {
      if (l.shanten == 0 && r.shanten == 0) continue;  // its waits above
      if (lines == AdviceLines::Near && l.shanten > r.shanten + 1) continue;
      out << "  " << (zh ? "路线 " : "line ") << (zh ? l.item.zh : l.item.en) << " "
          << unit_text(l.item.value, unit, zh) << (zh ? " " : ": ") << shanten_text(l.shanten, zh)
          << (zh ? " " : ", ") << l.accept.tiles << (zh ? "张" : " tiles") << '\n';
    }
  }
  if (r.huazhu) {
    const auto& h = *r.huazhu;
    const std::string suit =
        zh ? std::string(suit_zh(h.shed)) : std::string(1, suit_letter(h.shed));
    if (zh)
      out << "  花猪风险：三门，二门" << shanten_text(h.two_suit_shanten, zh) << "（弃" << suit
          << " " << h.shed_tiles << "张）\n";
    else
      out << "  花猪 risk: three suits; two suits " << shanten_text(h.two_suit_shanten, zh)
          << " (shed " << suit << ", " << h.shed_tiles << (h.shed_tiles == 1 ? " tile" : " tiles")
          << ")\n";
  }
}

void write_advice(const Advice& a, const Ruleset& rules, bool zh, bool glyphs, AdviceLines lines,
                  int top, bool split, std::ostream& out);

}  // namespace

void advice_text(const Advice& a, const Ruleset& rules, bool zh, bool glyphs, AdviceLines lines,
                 int top, std::ostream& out, int columns) {
  if (columns <= 0) return write_advice(a, rules, zh, glyphs, lines, top, false, out);
  {  // narrow: each line wrapped at spaces, its rest indented two more; English's header split
    std::ostringstream wide;
    write_advice(a, rules, zh, glyphs, lines, top, !zh, wide);
    std::istringstream in(wide.str());
    for (std::string line; std::getline(in, line);) {
      const std::size_t at = std::min(line.find_first_not_of(' '), line.size());
      const std::string indent(at, ' '), more(at + 2, ' ');
      const auto parts = wrap_at_spaces(std::string_view(line).substr(at),
                                        std::max(10, columns - static_cast<int>(at)));
      if (parts.empty()) out << '\n';
      std::string rest;
      for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i == 0) {
          out << indent << parts[i] << '\n';
          continue;
        }
        rest += (rest.empty() ? "" : " ") + parts[i];
      }
      if (!rest.empty())
        for (const auto& l :
             wrap_at_spaces(rest, std::max(10, columns - static_cast<int>(more.size()))))
          out << more << l << '\n';
    }
  }
}

namespace {

void write_advice(const Advice& a, const Ruleset& rules, bool zh, bool glyphs, AdviceLines lines,
                  int top, bool split, std::ostream& out) {
  out << (zh ? "手牌    " : "Hand      ") << hand_text(a.hand, zh, glyphs) << '\n';
  out << (zh ? "规则    " : "Rules     ") << rules.name().in(zh) << '\n';
  if (a.win)
    out << (zh ? "已成胡牌牌型（计分请用 qianmj score）\n"
               : "This is already a winning shape (qianmj score prices it)\n");
  int shown = 0;
  for (const auto& r : a.rows) {
    if (top > 0 && shown == top) {
      const auto left = a.rows.size() - static_cast<std::size_t>(shown);
      out << (zh ? "……另有 " : "... and ") << left
          << (zh ? " 种打法（--top）\n" : " more (--top)\n");
      break;
    }
    print_row(r, rules, zh, lines, split, out);
    ++shown;
  }
}

}  // namespace

}  // namespace qianmj
