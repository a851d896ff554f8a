// Requests as a score or waits pipeline reads them (INTERFACE §2): a line is a hand, or a JSON
// object of a hand and situation fields over the defaults of the command line. The CLI calls
// these for `score -` and `waits -`; a C++ caller can do the same.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "qianmj/core/error.hpp"
#include "qianmj/core/hand.hpp"
#include "qianmj/engine/situation.hpp"
#include "qianmj/formats/json.hpp"

namespace qianmj {

// The situation of a score request as given, before it is read: text where a caller types
// text (the winning tile, the dealer, the streak), so every mistake is an error that says so.
struct SituationArgs {
  std::string win;
  bool zimo = false, after_kong = false, robbing_kong = false, baoting = false,
       payer_baoting = false, tianhu = false, dihu = false, dou = false;
  std::string dealer = "none";  // winner, payer, none
  std::int64_t streak = 0;
  std::string streak_text;  // the streak as typed, read here: 10^19 is out_of_range, not 2^63-1
  bool win_given = false,
       streak_given = false;  // an empty win or streak is an error, not "not given"
};

// The flag of `a` a request's key names ("zimo", "payer_baoting": the field's own name), or
// nullptr for a key that is no situation flag.
bool* situation_flag(SituationArgs& a, std::string_view key);

// A situation field as the command line spells it: streak -> --streak, payer_baoting ->
// --payer-baoting (the library's messages name fields; the program and the web module name
// its flags, with this as their `field_name`).
std::string flag_name(std::string_view field);

// The situation those arguments say; errors name the fields through `field_name` (null: the
// field names themselves, "streak"; the CLI: its flags, "--streak").
Result<Situation> read_situation(const SituationArgs& a,
                                 std::string (*field_name)(std::string_view) = nullptr);

// A hand to score and its situation: 14 tiles, or 13 and the winning tile (added here).
struct ScoreRequest {
  Hand hand;
  Situation situation;
};
Result<ScoreRequest> score_request(std::string_view hand_text, const SituationArgs& a,
                                   std::string (*field_name)(std::string_view) = nullptr);

// The situation fields a waits request takes.
struct WaitsArgs {
  bool baoting = false;
  bool dou = false;
};

// What an advise request adds, as typed (ADVICE §3.1): tiles seen elsewhere in hand notation,
// the row order (speed, value), the lines a text row shows (near, all, none; empty: near),
// and how many rows text shows (0: all).
struct AdviseArgs {
  std::string seen;
  std::string sort = "speed";
  std::string lines;
  int top = 0;
};

// The same for a waits request: "baoting", "dou".
bool* waits_flag(WaitsArgs& a, std::string_view key);

// The situation said in words beside the hand, as players say it (自摸, 杠上花, 杠上炮, 抢杠,
// 报听, 天胡, 地胡, 庄家, 连庄3, 胡7筒; or zimo, gangshanghua, baoting, dealer, streak:3, win:7p,
// any case), set on `a` as the flags would be: the hand text without them, made in `rest`
// (or the text itself, nothing copied, when it has none).
std::string_view take_situation_words(std::string_view hand_text, SituationArgs& a,
                                      std::string& rest);
// The same for waits: 报听 (baoting).
std::string_view take_waits_words(std::string_view hand_text, WaitsArgs& a, std::string& rest);

// A line that starts with '{' is a JSON request: its object, or a bad_json error (a key
// twice included). nullopt for any other line (a hand).
std::optional<Result<Json>> json_request(const std::string& line);

// One line of a pipeline over `defaults`: the hand text (the line itself, or the object's
// "hand") and the arguments with the object's fields applied. An error names the field.
Result<SituationArgs> score_line(const std::string& line, SituationArgs defaults,
                                 std::string& hand);
Result<WaitsArgs> waits_line(const std::string& line, WaitsArgs defaults, std::string& hand);
// advise: the same, and "seen" (tiles) and "sort" over the command line's --seen and --sort.
struct AdviseLine {
  WaitsArgs waits;
  AdviseArgs advise;
};
Result<AdviseLine> advise_line(const std::string& line, AdviseLine defaults, std::string& hand);

}  // namespace qianmj
