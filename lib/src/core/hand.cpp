#include "qianmj/core/hand.hpp"

#include <cstring>

namespace qianmj {

void append_meld_text(std::string& out, const Meld& m, bool chinese) {
  out += m.kind == Meld::Kind::ConcealedKong ? '(' : '[';
  out.append(static_cast<std::size_t>(m.copies()), char('0' + m.tile.rank()));
  if (chinese)
    out += suit_zh(m.tile.suit());
  else
    out += suit_letter(m.tile.suit());
  if (m.kind == Meld::Kind::AddedKong) out += '+';
  out += m.kind == Meld::Kind::ConcealedKong ? ')' : ']';
}

Counts Hand::all_copies() const {
  Counts c = concealed;
  for (const auto& m : melds)
    c[m.tile.index()] = static_cast<std::uint8_t>(c[m.tile.index()] + m.copies());
  return c;
}

bool Hand::has_kong() const {
  for (const auto& m : melds)
    if (m.is_kong()) return true;
  return false;
}

unsigned Hand::suits() const {
  unsigned mask = 0;
  for (int s = 0; s < kSuits; ++s) {  // ranks 1-8 as one word, then rank 9
    std::uint64_t w;
    std::memcpy(&w, concealed.data() + s * kRanks, sizeof w);
    mask |= static_cast<unsigned>((w | concealed[static_cast<std::size_t>(s * kRanks + 8)]) != 0)
            << s;
  }
  for (const auto& m : melds) mask |= 1u << int(m.tile.suit());
  return mask;
}

}  // namespace qianmj
