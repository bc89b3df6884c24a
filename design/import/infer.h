// File: design/import/infer.h (not installed: `sortkey design import`)
//
// A key template inferred from sample items: given the values a key attribute
// holds in a few items and the other attributes of those items, the template
// of the design format (docs/design-format.md) that renders every one of them,
// e.g. "USER#{id}" from USER#123 and USER#456 with id 123 and 456.
//
// A part matches an attribute's value as it is, upper- or lower-cased
// (strings), or zero-padded to the width the key shows (integers), and only at
// a boundary of the key's text (a separator, or a change between letters and
// digits), so that "1" is not found inside "A10". Every sample must render
// exactly. Of the templates that do, the one with the fewest literal
// characters is kept; the others with as few are returned as alternatives for
// the importer to name in a comment.
//
// Example:
//   std::vector<KeySample> s = {{"USER#123", {{"id", "123"}}}, {"USER#456", {{"id", "456"}}}};
//   infer_template(s, {{"id", SampleType::kString}}, "user");  // template "USER#{id}"

#ifndef SORTKEY_DESIGN_IMPORT_INFER_H_
#define SORTKEY_DESIGN_IMPORT_INFER_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sortkey::design_import {

enum class SampleType { kString, kInteger };

struct SampleAttribute {
  std::string name;
  SampleType type = SampleType::kString;
};

// One item: the key attribute's text and the plain text of its other scalar
// attributes (a Number as its digits).
struct KeySample {
  std::string key;
  std::map<std::string, std::string> values;
};

struct InferredTemplate {
  std::string text;                       // the template, braces of literals doubled
  std::vector<std::string> alternatives;  // other templates as short, when ambiguous
  // Set when no template over the attributes fits: the part that varies
  // between the samples becomes this new string attribute ("user" of USER#...).
  std::optional<std::string> new_attribute;
  bool new_attribute_is_integer = false;
  bool single_sample_literal = false;             // one sample, no attribute in it: kept as text
  std::vector<std::string> new_attribute_values;  // the new attribute's value in each sample
};

// The longest key text inferred from; a longer one is kept as a literal.
inline constexpr std::size_t kMaxInferredKeyBytes = 1024;

// The template of `samples`' keys over `attributes`. REQUIRES: !samples.empty().
// Never fails: without a fit the part that varies becomes the new attribute
// `fallback_name`; a single sample without an attribute in it is a literal.
InferredTemplate infer_template(const std::vector<KeySample>& samples,
                                const std::vector<SampleAttribute>& attributes,
                                std::string_view fallback_name);

// `text` as a template literal: `{` and `}` doubled.
std::string template_literal(std::string_view text);

}  // namespace sortkey::design_import

#endif  // SORTKEY_DESIGN_IMPORT_INFER_H_
