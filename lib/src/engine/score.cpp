#include "qianmj/engine/score.hpp"

namespace qianmj {

std::string_view role_name(Payer::Role r) {
  switch (r) {
    case Payer::Role::Discarder:
      return "discarder";
    case Payer::Role::Dealer:
      return "dealer";
    case Payer::Role::Other:
      return "other";
  }
  return "other";
}

}  // namespace qianmj
