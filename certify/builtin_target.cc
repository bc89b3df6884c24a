#include "certify/builtin_target.h"

namespace sortkey::certify {
namespace {

class BuiltinTarget final : public Target {
 public:
  std::string kind() const override { return "built-in"; }
  std::string name() const override { return "sortkey built-in codecs"; }
  const props::Catalog& catalog() const override { return props::builtin_catalog(); }
};

}  // namespace

std::unique_ptr<Target> builtin_target() { return std::make_unique<BuiltinTarget>(); }

}  // namespace sortkey::certify
