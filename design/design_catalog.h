// File: design/design_catalog.h
//
// The catalog of one design's properties (design/design_props.h,
// design/write_props.h), each
// driven by RapidCheck over generated populations (design/population_gen.h):
//
//   items/build                      every entity's item builds and is accepted
//   keys/unique                      distinct entities never share a primary key
//   keys/immutable                   no mutable attribute feeds the table's key
//                                    (when one is mutable)
//   index/<name>/follows_updates     an update moves the item in the index (when a
//                                    mutable attribute feeds it)
//   index/<name>/holds               the index holds exactly what it declares (when
//                                    it declares it)
//   width/<Entity>.<attr>/<KEY>      a fixed width holds the declared range
//   update/<Entity>.<name>           after a declared update (design/write_props.h),
//                                    every index holds the item where its templates
//                                    put it, or not at all
//   write/<name>                     a declared conditional write refuses and accepts
//                                    what its condition says
//   pattern/<name>                   the access pattern returns what it declares
//
// The read cost of every pattern with a FilterExpression is summed into
// `seen->costs` as the cases run, and every failing case of a property over a
// population is noted in `seen->failures` (design/observations.h).

#ifndef SORTKEY_DESIGN_DESIGN_CATALOG_H_
#define SORTKEY_DESIGN_DESIGN_CATALOG_H_

#include <memory>
#include <vector>

#include "design/design.h"
#include "design/design_props.h"
#include "design/observations.h"
#include "design/scope.h"
#include "design/store.h"
#include "properties/catalog.h"

namespace sortkey::design {

// Every property's store comes from `stores` (design/store.h). Each property
// checks its small scope (design/scope.h) before its first sampled case, and
// notes how far it went in `seen->scopes`; a property whose scope fails
// samples nothing more (design_target.cc reports the scope's failure).
// REQUIRES: seen->costs.size() == design->patterns.size().
props::Catalog design_catalog(std::shared_ptr<const Design> design,
                              std::shared_ptr<Observations> seen,
                              std::shared_ptr<StoreSource> stores, ScopeSettings scope = {});

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_DESIGN_CATALOG_H_
