#include "properties/gen/bytes_gen.h"

#include <vector>

namespace sortkey::props {

rc::Gen<char> gen_tricky_byte() {
  return rc::gen::weightedOneOf<char>({
      {3, rc::gen::element<char>('\x00', '\x01', ' ', '!', '"', '#', '$', '.', '/', '0', '9', ':',
                                 'T', 'Z', 'a', 'z', '\x7f', '\x80', '\xc0', '\xff')},
      {2, rc::gen::arbitrary<char>()},
  });
}

rc::Gen<std::string> gen_bytes() { return rc::gen::container<std::string>(gen_tricky_byte()); }

namespace {

struct Edit {
  int kind;           // 0 insert, 1 delete, 2 replace
  std::size_t where;  // position, taken modulo the length
  char byte;
};

}  // namespace

rc::Gen<std::string> gen_mutated(rc::Gen<std::string> valid) {
  auto edit = rc::gen::construct<Edit>(rc::gen::inRange(0, 3), rc::gen::inRange<std::size_t>(0, 64),
                                       gen_tricky_byte());
  auto edits = rc::gen::resize(3, rc::gen::container<std::vector<Edit>>(edit));
  return rc::gen::apply(
      [](std::string s, const std::vector<Edit>& es) {
        for (const Edit& e : es) {
          const std::size_t at = s.empty() ? 0 : e.where % (s.size() + (e.kind == 0 ? 1 : 0));
          if (e.kind == 0) {
            s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), e.byte);
          } else if (!s.empty() && e.kind == 1) {
            s.erase(at, 1);
          } else if (!s.empty()) {
            s[at] = e.byte;
          }
        }
        return s;
      },
      valid, edits);
}

}  // namespace sortkey::props
