// File: certify/internal/bounded_regex.h (private to the certifier)
//
// A regular expression from outside (a known-divergences file's
// match.detail) searched with a bound on its work. A backtracking engine
// (std::regex) takes exponential time on patterns such as (a*)*b and
// recurses once per character; a file must not be able to hang or crash a
// run. This is ICU's engine (Perl's syntax, the same as ECMAScript's for
// classes, groups, alternation, anchors, quantifiers and escapes) with a
// limit on its steps and on its backtracking stack: a search that reaches
// either says so instead of answering.
//
// Example:
//   auto re = BoundedRegex::compile("Count [0-9]+, but");
//   re->search("Count 3, but the oracle reads 2");   // true
//   BoundedRegex::compile("(a*)*b")->search(std::string(40, 'a'));   // nullopt: the bound

#ifndef SORTKEY_CERTIFY_INTERNAL_BOUNDED_REGEX_H_
#define SORTKEY_CERTIFY_INTERNAL_BOUNDED_REGEX_H_

#include <memory>
#include <optional>
#include <string_view>

#include "sortkey/error.h"

namespace sortkey::certify::internal {

class BoundedRegex {
 public:
  // Errors (kBadFormat): "not a valid regex: <ICU's reason> at offset N".
  static Result<BoundedRegex> compile(std::string_view pattern);

  // Whether the pattern occurs in `text` (UTF-8); nullopt when the search
  // reached its bound first.
  std::optional<bool> search(std::string_view text) const;

 private:
  struct Compiled;
  explicit BoundedRegex(std::shared_ptr<const Compiled> compiled)
      : compiled_(std::move(compiled)) {}
  std::shared_ptr<const Compiled> compiled_;
};

}  // namespace sortkey::certify::internal

#endif  // SORTKEY_CERTIFY_INTERNAL_BOUNDED_REGEX_H_
