// File: design/transaction_props.h
//
// The property of a transaction write (`writes: {w: {transaction: [...]}}`),
// framework-free like write_props.h. Every action's item is made of one
// entity, the transaction's subject, by attribute name.
//
//   transaction_writes  the keys the actions compute agree as the design
//                       declares (a `refers` attribute holds the key of the
//                       item it names); on the stored population, the
//                       transaction for a subject commits, and every
//                       action's item is then where its templates put it, in
//                       the table and in every index (never stale); a second
//                       transaction for another subject is cancelled exactly
//                       when a condition is false on the items as it finds
//                       them, with the reasons in request order, and then
//                       changes nothing; when it commits, it never replaces
//                       an item the first wrote for another subject
//
// Example:
//
//   DrawnTransaction t{ticket, {{}, {}}};
//   Outcome o = transaction_writes(*in_memory_source(), design, w, population, t, second);

#ifndef SORTKEY_DESIGN_TRANSACTION_PROPS_H_
#define SORTKEY_DESIGN_TRANSACTION_PROPS_H_

#include <vector>

#include "design/design.h"
#include "design/population.h"
#include "design/store.h"
#include "design/write_props.h"
#include "properties/props/outcome.h"

namespace sortkey::design {

// A transaction for one subject: the values an update action writes.
struct DrawnTransaction {
  Entity subject;                    // of the type of the write's first action
  std::vector<DrawnUpdate> updates;  // one per action; used by kUpdate actions only
};

// The entity of `type` made of the subject's values, by attribute name.
// REQUIRES: every attribute of `type` is one of the subject's (the loader
// checks it).
Entity bound_entity(const EntityType& type, const Entity& subject);

// The TransactWriteItems actions of `t`; `items` (when given) receives the
// item each action leaves in the table (nullopt for a delete or a
// ConditionCheck). Errors: an item whose table key does not build.
Result<std::vector<TransactWriteAction>> transaction_actions(
    const Design& design, const Write& w, const DrawnTransaction& t,
    std::vector<std::optional<Item>>* items);

// REQUIRES: w.kind == kTransaction; both transactions of w's actions.
props::Outcome transaction_writes(StoreSource& stores, const Design& design, const Write& w,
                                  const Population& stored, const DrawnTransaction& first,
                                  const DrawnTransaction& second);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_TRANSACTION_PROPS_H_
