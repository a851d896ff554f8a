// The parts of answer(), one a command (internal to lib/src/answers/).
#pragma once

#include <string>

#include "qianmj/answers/answer.hpp"

namespace qianmj::detail {

// An answer that is `e` (after `output`): as a JSON line in the output too when JSON is asked.
Answer failed(const Request& r, const Error& e, const std::string& rules_id, long line = 0,
              std::string output = "");
Answer score_answer(const Request& r, const Ruleset& rules);
Answer waits_answer(const Request& r, const Ruleset& rules);
Answer advise_answer(const Request& r, const Ruleset& rules);
Answer rules_answer(const Request& r, const Ruleset& rules);
Answer settle_request_answer(const Request& r);
Answer session_answer(const Request& r);
Answer words_answer(const Request& r);

}  // namespace qianmj::detail
