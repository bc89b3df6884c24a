// File: sortkey/sortkey.h
//
// The umbrella header: every public codec of sortkey.

#ifndef SORTKEY_SORTKEY_H_
#define SORTKEY_SORTKEY_H_

#include "sortkey/error.h"
#include "sortkey/inverse.h"
#include "sortkey/padded.h"
#include "sortkey/uint128.h"

#endif  // SORTKEY_SORTKEY_H_
