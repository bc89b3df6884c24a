// File: certify/builtin_target.h
//
// The default target of `sortkey certify`: the catalog of every property of
// every built-in codec and of the query model (properties/catalog.h), run in
// process. Its replay commands are the runner's own.

#ifndef SORTKEY_CERTIFY_BUILTIN_TARGET_H_
#define SORTKEY_CERTIFY_BUILTIN_TARGET_H_

#include <memory>

#include "certify/target.h"

namespace sortkey::certify {

std::unique_ptr<Target> builtin_target();

}  // namespace sortkey::certify

#endif  // SORTKEY_CERTIFY_BUILTIN_TARGET_H_
