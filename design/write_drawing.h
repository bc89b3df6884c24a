// File: design/write_drawing.h
//
// What a design's page draws of its writes (`writes:`; design/html_page.h
// renders it), as data computed from the design alone, and one example of
// the items each write writes made of the sample's entities:
//
//   * each write as its actions: a single conditional put, update or delete
//     is one action, a transaction (TransactWriteItems) one per item;
//   * each action's kind, entity type, condition (attribute_not_exists or
//     attribute_exists of the table's partition key), for an update the
//     attributes it SETs, REMOVEs and ADDs to, the key templates of the item
//     it addresses and those it writes, and a `refers` action's templates of
//     the key it holds;
//   * what the action does to the item in each global and local index:
//     enters it (a put of an entity whose templates build the index's key),
//     leaves it (a delete), moves within it (an update that rewrites the
//     index's key), enters, leaves or moves (the rewritten key has a `when`,
//     or the update removes it), or leaves it stale (an update that changes
//     what an index key is derived from and does not rewrite that key:
//     update/<Entity>.<name> fails on it).
//
// The verdicts of the writes' proofs are the check's (write/<name> and, for
// each update action, update/<Entity>.<name>); html_page.cc reads them from
// the page's results.
//
// Example:
//
//   auto writes = draw_writes(design, sample_population);
//   writes[0].actions[0].indexes[0].move;  // IndexMove::kEnters: create_ticket puts Ticket in
//   ByUpdate

#ifndef SORTKEY_DESIGN_WRITE_DRAWING_H_
#define SORTKEY_DESIGN_WRITE_DRAWING_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "design/design.h"
#include "design/population.h"
#include "sortkey/attribute.h"

namespace sortkey::design {

enum class IndexMove { kEnters, kLeaves, kMoves, kEntersOrLeaves, kStale };
// "enters", "leaves", "moves within", "enters, leaves or moves within", "stale in"
std::string_view to_string(IndexMove move);
// "enters", "leaves", "moves", "enters-or-leaves", "stale": as data for programs
std::string_view move_word(IndexMove move);

// What one action does to its item in one index.
struct IndexEffect {
  std::string index;
  bool local = false;
  IndexMove move = IndexMove::kEnters;
  std::vector<std::string> keys;  // the index's key attributes (partition, then sort)
  // kMoves, kEntersOrLeaves: the index's key attributes the update rewrites;
  // kStale: those it leaves stale.
  std::vector<std::string> written;
  std::vector<std::string> from;  // kStale: the changed attributes they are derived from
  std::vector<std::string> when;  // the attributes of the `when` that decides it; empty: none
};

// A key attribute and the template that makes it.
struct KeyWritten {
  std::string attribute;
  std::string source;  // "ORG#{org}"
};

struct WriteAction {
  TransactionAction::Kind kind = TransactionAction::Kind::kPut;
  const EntityType* entity = nullptr;
  const EntityUpdate* update = nullptr;  // kUpdate
  std::string condition;                 // "attribute_not_exists(PK)", "" for none
  std::vector<KeyWritten> key;           // the table key of the item it addresses
  std::vector<KeyWritten> writes;        // the other key attributes it writes (put, update)
  std::string refers_to;                 // `refers`: the entity type whose key it holds
  std::vector<KeyWritten> refers;
  std::vector<IndexEffect> indexes;  // in the design's index order; only those it changes
  // The key attributes (table and index keys) of the item it writes or
  // addresses, made of the sample's subject; none without one.
  std::optional<Item> example;
  // With `refers`: what the example holds of the key it refers to, each
  // attribute with its text made of the subject ("TicketSK", "TICKET#1").
  std::vector<KeyWritten> example_refers;
};

struct WriteDrawing {
  const Write* write = nullptr;
  std::vector<WriteAction> actions;  // one; a transaction's in request order
  std::optional<Entity> subject;     // the sample's entity the examples are made of
};

// "conditional put", "update", "conditional delete", "transaction", for the page.
std::string kind_text(const Write& w);
// "Put", "Update", "Delete", "ConditionCheck"
std::string_view action_text(TransactionAction::Kind kind);

// Every write of the design, in its order. `sample`: the population the page
// draws; the first entity of each write's subject type makes its examples
// (none when it holds no such entity, or its item does not build).
std::vector<WriteDrawing> draw_writes(const Design& design, const Population& sample);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_WRITE_DRAWING_H_
