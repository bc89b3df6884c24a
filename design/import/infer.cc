#include "design/import/infer.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <utility>

namespace sortkey::design_import {

namespace {

// One piece of a template: literal text, or an attribute through a codec
// ("", "upper", "lower", "padded(W)").
struct InferPart {
  bool literal = true;
  std::string text;
  std::string codec;
};
using InferParts = std::vector<InferPart>;

// The DFS over the first sample's key stops after this many steps or
// candidates: keys are short, and a pathological key must not take long.
constexpr int kInferMaxSteps = 20000;
constexpr std::size_t kInferMaxCandidates = 64;
constexpr std::size_t kInferMaxAlternatives = 3;

int infer_class(unsigned char c) {
  if (c >= '0' && c <= '9') return 1;
  if (std::isalpha(c) || c >= 0x80) return 2;
  return 0;
}

// A part may start or end at `i` only where the key's text changes class
// (letters, digits, anything else) or beside a separator.
bool infer_boundary(std::string_view key, std::size_t i) {
  if (i == 0 || i >= key.size()) return true;
  const int a = infer_class(static_cast<unsigned char>(key[i - 1]));
  const int b = infer_class(static_cast<unsigned char>(key[i]));
  return a == 0 || b == 0 || a != b;
}

bool infer_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

bool infer_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string infer_cased(std::string_view s, bool upper) {
  std::string out(s);
  for (char& c : out) {
    c = static_cast<char>(upper ? std::toupper(static_cast<unsigned char>(c))
                                : std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// The text `part` renders for `values`, or nothing when it cannot.
std::optional<std::string> infer_render(const InferPart& part,
                                        const std::map<std::string, std::string>& values) {
  if (part.literal) return part.text;
  const auto it = values.find(part.text);
  if (it == values.end() || it->second.empty()) return std::nullopt;
  const std::string& v = it->second;
  if (part.codec.empty()) return v;
  if (part.codec == "upper" || part.codec == "lower") {
    if (!infer_ascii(v)) return std::nullopt;
    return infer_cased(v, part.codec == "upper");
  }
  // padded(W)
  const std::size_t width = std::stoul(part.codec.substr(7));
  if (!infer_digits(v) || v.size() > width) return std::nullopt;
  return std::string(width - v.size(), '0') + v;
}

bool infer_fits(const InferParts& parts, const KeySample& sample) {
  std::string out;
  for (const InferPart& p : parts) {
    auto r = infer_render(p, sample.values);
    if (!r) return false;
    out += *r;
    if (out.size() > sample.key.size()) return false;
  }
  return out == sample.key;
}

struct InferSearch {
  const KeySample& sample;
  const std::vector<SampleAttribute>& attributes;
  std::vector<InferParts> found;
  int steps = 0;

  void run(std::size_t pos, InferParts& parts) {
    if (++steps > kInferMaxSteps || found.size() >= kInferMaxCandidates) return;
    const std::string_view key = sample.key;
    if (pos == key.size()) {
      found.push_back(parts);
      return;
    }
    if (infer_boundary(key, pos)) {
      for (const SampleAttribute& a : attributes) try_attribute(pos, a, parts);
    }
    const bool merge = !parts.empty() && parts.back().literal;
    if (merge) {
      parts.back().text += key[pos];
    } else {
      parts.push_back({true, std::string(1, key[pos]), ""});
    }
    run(pos + 1, parts);
    if (merge) {
      parts.back().text.pop_back();
    } else {
      parts.pop_back();
    }
  }

  void try_attribute(std::size_t pos, const SampleAttribute& a, InferParts& parts) {
    const auto it = sample.values.find(a.name);
    if (it == sample.values.end() || it->second.empty()) return;
    std::vector<std::string> codecs = {""};
    if (a.type == SampleType::kString) {
      codecs.push_back("upper");
      codecs.push_back("lower");
    } else if (infer_digits(it->second)) {
      std::size_t run = pos;
      while (run < sample.key.size() &&
             infer_class(static_cast<unsigned char>(sample.key[run])) == 1)
        ++run;
      if (run - pos > it->second.size())
        codecs.push_back("padded(" + std::to_string(run - pos) + ")");
    }
    for (const std::string& codec : codecs) {
      InferPart part{false, a.name, codec};
      auto r = infer_render(part, sample.values);
      if (!r) continue;
      if ((codec == "upper" || codec == "lower") && *r == it->second) continue;
      if (sample.key.compare(pos, r->size(), *r) != 0) continue;
      if (!infer_boundary(sample.key, pos + r->size())) continue;
      parts.push_back(std::move(part));
      run(pos + r->size(), parts);
      parts.pop_back();
    }
  }
};

std::string infer_text(const InferParts& parts) {
  std::string out;
  for (const InferPart& p : parts) {
    if (p.literal) {
      out += template_literal(p.text);
    } else {
      out += "{" + p.text + (p.codec.empty() ? "" : ":" + p.codec) + "}";
    }
  }
  return out;
}

// Lower is better: literal characters, then codecs, then attribute names
// that do not continue the word before them ("P#{productId}" over
// "P#{categoryId}").
std::tuple<std::size_t, int, int> infer_score(const InferParts& parts) {
  std::size_t literal = 0;
  int codecs = 0;
  int unhinted = 0;
  std::string word;
  for (const InferPart& p : parts) {
    if (p.literal) {
      literal += p.text.size();
      word.clear();
      for (char c : p.text) {
        if (std::isalpha(static_cast<unsigned char>(c))) {
          word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!word.empty() && c != '#' && c != '_' && c != '|' && c != ':' && c != '/') {
          word.clear();
        }
      }
      continue;
    }
    if (!p.codec.empty()) ++codecs;
    const std::string name = infer_cased(p.text, false);
    if (word.empty() || name.rfind(word, 0) != 0) ++unhinted;
  }
  return {literal, codecs, unhinted};
}

bool infer_has_attribute(const InferParts& parts) {
  return std::any_of(parts.begin(), parts.end(), [](const InferPart& p) { return !p.literal; });
}

// No template over the attributes fits: the common literal prefix and suffix
// (cut at a separator) around a new attribute holding what varies.
InferredTemplate infer_fallback(const std::vector<KeySample>& samples, std::string_view name) {
  std::string_view prefix = samples.front().key;
  std::string_view suffix = samples.front().key;
  for (const KeySample& s : samples) {
    std::size_t n = 0;
    while (n < prefix.size() && n < s.key.size() && prefix[n] == s.key[n]) ++n;
    prefix = prefix.substr(0, n);
    std::size_t m = 0;
    while (m < suffix.size() && m < s.key.size() &&
           suffix[suffix.size() - 1 - m] == s.key[s.key.size() - 1 - m])
      ++m;
    suffix = suffix.substr(suffix.size() - m);
  }
  while (!prefix.empty() && infer_class(static_cast<unsigned char>(prefix.back())) != 0)
    prefix.remove_suffix(1);
  while (!suffix.empty() && infer_class(static_cast<unsigned char>(suffix.front())) != 0)
    suffix.remove_prefix(1);
  std::vector<std::string> middles;
  for (const KeySample& s : samples) {
    if (prefix.size() + suffix.size() > s.key.size()) {
      suffix = {};
      break;
    }
  }
  bool digits = true;
  bool same_width = true;
  bool leading_zero = false;
  for (const KeySample& s : samples) {
    std::string m = s.key.substr(prefix.size(), s.key.size() - prefix.size() - suffix.size());
    digits = digits && infer_digits(m) && m.size() <= 15;
    same_width =
        same_width && m.size() == samples.front().key.size() - prefix.size() - suffix.size();
    leading_zero = leading_zero || (m.size() > 1 && m[0] == '0');
    middles.push_back(std::move(m));
  }
  InferredTemplate t;
  t.new_attribute = std::string(name);
  std::string codec;
  if (digits && leading_zero && same_width) {
    codec = ":padded(" + std::to_string(middles.front().size()) + ")";
    t.new_attribute_is_integer = true;
  } else if (digits && !leading_zero) {
    t.new_attribute_is_integer = true;
  }
  t.text =
      template_literal(prefix) + "{" + std::string(name) + codec + "}" + template_literal(suffix);
  t.new_attribute_values = std::move(middles);
  return t;
}

}  // namespace

std::string template_literal(std::string_view text) {
  std::string out;
  for (char c : text) {
    out += c;
    if (c == '{' || c == '}') out += c;
  }
  return out;
}

InferredTemplate infer_template(const std::vector<KeySample>& samples,
                                const std::vector<SampleAttribute>& attributes,
                                std::string_view fallback_name) {
  const KeySample& first = samples.front();
  if (first.key.size() > kMaxInferredKeyBytes) {
    const bool same = std::all_of(samples.begin(), samples.end(),
                                  [&](const KeySample& s) { return s.key == first.key; });
    if (same)
      return InferredTemplate{template_literal(first.key), {}, std::nullopt, false,
                              samples.size() == 1,         {}};
    return infer_fallback(samples, fallback_name);
  }
  InferSearch search{first, attributes, {}, 0};
  InferParts parts;
  search.run(0, parts);
  std::vector<std::pair<std::tuple<std::size_t, int, int>, InferParts>> fits;
  for (InferParts& c : search.found) {
    const bool all = std::all_of(samples.begin() + 1, samples.end(),
                                 [&](const KeySample& s) { return infer_fits(c, s); });
    if (all) fits.emplace_back(infer_score(c), std::move(c));
  }
  if (fits.empty()) return infer_fallback(samples, fallback_name);
  std::stable_sort(fits.begin(), fits.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  InferredTemplate t;
  t.text = infer_text(fits.front().second);
  t.single_sample_literal = samples.size() == 1 && !infer_has_attribute(fits.front().second);
  for (std::size_t i = 1; i < fits.size() && t.alternatives.size() < kInferMaxAlternatives; ++i) {
    if (std::get<0>(fits[i].first) != std::get<0>(fits.front().first)) break;
    std::string alt = infer_text(fits[i].second);
    if (alt != t.text &&
        std::find(t.alternatives.begin(), t.alternatives.end(), alt) == t.alternatives.end()) {
      t.alternatives.push_back(std::move(alt));
    }
  }
  return t;
}

}  // namespace sortkey::design_import
