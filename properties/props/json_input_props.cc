#include "properties/props/json_input_props.h"

#include <string>

#include "support/json_input.h"

namespace sortkey::props {

Outcome json_input_bounded_and_stable(std::string_view text) {
  const int depth = support::json_depth(text);
  auto parsed = support::parse_json(text, "the input");
  if (!parsed) {
    return Outcome::holds();  // refused, with a message: what any bytes may get
  }
  if (depth > support::kMaxJsonDepth) {
    return Outcome::fails("accepted a document nested " + std::to_string(depth) + " deep");
  }
  const std::string printed = parsed->dump();
  auto again = support::parse_json(printed, "the printed input");
  if (!again || *again != *parsed) {
    return Outcome::fails("the accepted document does not read back from its own text " +
                          printed.substr(0, 200));
  }
  return Outcome::holds();
}

}  // namespace sortkey::props
