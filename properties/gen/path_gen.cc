#include "properties/gen/path_gen.h"

#include <cstddef>
#include <utility>

#include "properties/gen/list_gen.h"
#include "properties/gen/text_gen.h"

namespace sortkey::props {

namespace {

// How a segment relates to the ones before it.
enum class Relation { kFresh, kRepeat, kExtend, kCut };

struct Drawn {
  Relation relation;
  std::size_t earlier;  // which earlier segment, modulo their number
  std::string text;     // the segment, or the extension
  std::size_t cut;      // where a cut falls
};

std::vector<std::string> resolve(const std::vector<Drawn>& drawn) {
  std::vector<std::string> path;
  for (const Drawn& x : drawn) {
    if (path.empty() || x.relation == Relation::kFresh) {
      path.push_back(x.text);
      continue;
    }
    const std::string& base = path[x.earlier % path.size()];
    switch (x.relation) {
      case Relation::kRepeat:
        path.push_back(base);
        break;
      case Relation::kExtend:
        path.push_back(base + x.text);
        break;
      default:
        path.push_back(cut_at_code_point(base, x.cut));
        break;
    }
  }
  return path;
}

}  // namespace

std::string cut_at_code_point(const std::string& s, std::size_t at) {
  std::size_t j = at % (s.size() + 1);
  while (j > 0 && j < s.size() && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) --j;
  return s.substr(0, j);
}

rc::Gen<std::vector<std::string>> gen_composite_path(char delimiter) {
  auto length = rc::gen::weightedOneOf<std::size_t>({{3, rc::gen::just<std::size_t>(1)},
                                                     {3, rc::gen::inRange<std::size_t>(2, 4)},
                                                     {2, rc::gen::inRange<std::size_t>(4, 9)},
                                                     {1, rc::gen::inRange<std::size_t>(9, 13)}});
  // Fresh 6 times in 10, then repeated, extended (twice) or cut; shrinks to fresh.
  auto relation = rc::gen::map(rc::gen::inRange(0, 10), [](int n) {
    if (n < 6) return Relation::kFresh;
    if (n == 6) return Relation::kRepeat;
    return n < 9 ? Relation::kExtend : Relation::kCut;
  });
  auto segment = rc::gen::apply(
      [](Relation r, std::size_t earlier, std::string text, std::size_t cut) {
        return Drawn{r, earlier, std::move(text), cut};
      },
      relation, rc::gen::inRange<std::size_t>(0, 12), gen_segment(delimiter),
      rc::gen::inRange<std::size_t>(0, 16));
  return rc::gen::map(gen_list(length, segment, 1), resolve);
}

}  // namespace sortkey::props
