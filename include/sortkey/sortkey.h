// File: sortkey/sortkey.h
//
// The umbrella header: every public codec of sortkey.

#ifndef SORTKEY_SORTKEY_H_
#define SORTKEY_SORTKEY_H_

#include "sortkey/attribute.h"
#include "sortkey/composite.h"
#include "sortkey/epoch.h"
#include "sortkey/error.h"
#include "sortkey/expression.h"
#include "sortkey/expression_builder.h"
#include "sortkey/id_source.h"
#include "sortkey/inverse.h"
#include "sortkey/ksuid.h"
#include "sortkey/layout.h"
#include "sortkey/name.h"
#include "sortkey/number.h"
#include "sortkey/padded.h"
#include "sortkey/query.h"
#include "sortkey/stored_item.h"
#include "sortkey/table.h"
#include "sortkey/timestamp.h"
#include "sortkey/transaction.h"
#include "sortkey/uint128.h"
#include "sortkey/ulid.h"
#include "sortkey/unique.h"
#include "sortkey/update.h"

#endif  // SORTKEY_SORTKEY_H_
