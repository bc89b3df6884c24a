// File: design/drawing.h
//
// What a design's page draws (design/html_page.h renders it), as data
// computed with the in-memory model and the very requests the check sends:
//
//   * the table's item collections, each in sort-key order, every item with
//     the entity stored there;
//   * for an access pattern with its parameters: the item collection it reads
//     (the partition of its index; the whole index for a Scan) in key order,
//     and its read of it in both directions, ascending and descending, side
//     by side: the range its key condition selects, the items its
//     FilterExpression drops, the page that reads each item under the Limit
//     and where each page ends (its LastEvaluatedKey), the place of each
//     returned item in the answer, and the edges of the range where its
//     bounds cut the collection;
//   * every row's place in the declared answer beside its place in the read's;
//   * for a failing case, in the direction the pattern sends (and, for a
//     pattern the check failed, in the other too), the rows that are wrong
//     against the declared answer: missing (declared, not
//     returned), extra (returned, not declared), out of order (returned and
//     declared, but not where the declared order puts them, the fewest such
//     rows that explain the answer).
//
// Example:
//
//   auto drawing = draw_pattern(design, pattern, population, params, /*page_limit=*/2);
//   drawing->reads[0].rows[0].in_range;   // the first item, ascending, is read

#ifndef SORTKEY_DESIGN_DRAWING_H_
#define SORTKEY_DESIGN_DRAWING_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "design/design.h"
#include "design/population.h"
#include "sortkey/error.h"
#include "sortkey/expression_builder.h"

namespace sortkey::design {

enum class Mark { kNone, kMissing, kExtra, kOutOfOrder };
std::string_view to_string(Mark mark);  // "", "missing", "extra", "out of order"

struct DrawnItem {
  std::optional<std::size_t> entity;  // the entity stored there, into the population
  std::string partition;  // the partition key's text ("ORG#ACME"; attributes joined by " · ")
  std::string sort;       // the sort key's text ("" without one)
  Item item;
};

// The items of a population in key order of the table or of an index.
struct Collection {
  std::string partition;  // "" for a Scan's collection, which spans partitions
  std::vector<DrawnItem> items;
};

// A pattern's read of its collection in one direction.
struct Read {
  struct Row {
    std::size_t item = 0;    // into the collection
    bool in_range = false;   // its key condition selects the item
    bool filtered = false;   // read, and dropped by the FilterExpression
    int page = 0;            // the page that read it, from 1; 0 when none did
    bool page_ends = false;  // the item is its page's LastEvaluatedKey
    int position = 0;        // its place in the answer, from 1; 0 when not returned
    // Its place in the declared answer: from 1, a range when it ties with
    // others ("2" to "3"), or when only some of a tie fit under the Limit;
    // 0 when the declared answer does not hold it.
    int expected_first = 0;
    int expected_last = 0;
    Mark mark = Mark::kNone;  // the declared read's; the other's too for a failing pattern
  };
  // A bound of the key condition drawn where it cuts the collection: above
  // the first row it lets in, or under the last (a window's two edges).
  struct Edge {
    std::size_t before = 0;  // the row it is drawn above; rows.size(): under the last
    bool lower = true;       // the lower bound, else the upper
    std::string text;        // "lower bound: SK >= \"EVT#2026-03-01T00:00:00Z\""
  };
  bool forward = true;
  bool declared = false;    // the direction the pattern sends
  int pages = 0;            // requests sent
  std::vector<Row> rows;    // the collection in this read's order
  std::vector<Edge> edges;  // in the order they are drawn
  std::string refused;      // the model's refusal of a request, "" when none
};

struct PatternDrawing {
  const Pattern* pattern = nullptr;
  std::string index;    // the index it reads, "" for the table
  std::string request;  // as sent, in the declared direction, with the Limit
  // The key condition with its values in place, as the drawn requests send
  // it: PK = "ACTOR#1" AND SK BETWEEN "EVT#2026-03-01T00:00:00Z" AND
  // "EVT#2026-03-31T23:59:59Z$"; "" for a Scan.
  std::string condition;
  SortCondition sort;                 // its condition on the sort key (op kNone without one) ...
  bool sort_whole_key = false;        // ... on the whole sort key (no leading equalities before it)
  std::string parameters;             // "org = \"ACME\""
  int limit = 0;                      // of every page
  Collection collection;              // ascending key order (a Scan: the order it reads)
  std::vector<Read> reads;            // ascending then descending; one for a Scan
  std::vector<std::size_t> expected;  // the declared answer, in order
  std::vector<std::size_t> missing_elsewhere;  // declared entities outside the collection
  bool wrong = false;                          // some row of the declared read is marked
  bool failing = false;                        // the check failed the pattern: both reads marked
};

// An index drawn as its own item collections, and the table's items it does
// not hold (a sparse index: the items without its key attributes).
struct IndexDrawing {
  struct Absent {
    DrawnItem item;                  // partition and sort: the table's key
    std::vector<std::string> lacks;  // the index's key attributes the item has not
  };
  std::string name;
  bool local = false;                      // a local secondary index: the table's partitions
  std::vector<std::string> partition_key;  // its key attributes
  std::vector<std::string> sort_key;
  std::vector<Collection> collections;  // partitions in key order, each in the index's order
  // The items of a type the index holds others of first, then the rest, each
  // group in the table's key order.
  std::vector<Absent> absent;
};

// The table's item collections, partitions in key order.
// Errors: an item that does not build, a put the model refuses.
Result<std::vector<Collection>> draw_table(const Design& design, const Population& population);

// Every index of the design, in its order (the global ones, then the local
// ones), read from the model: its items
// by Scan, each partition's order by Query. Errors: draw_table's, a read
// the model refuses.
Result<std::vector<IndexDrawing>> draw_indexes(const Design& design, const Population& population);

// `page_limit`: the Limit of every page of a pattern without a Limit of its
// own. `failing`: the check failed the pattern, so the read in the other
// direction is marked against the declared answer too. Errors: draw_table's,
// a parameter the codecs refuse.
Result<PatternDrawing> draw_pattern(const Design& design, const Pattern& pattern,
                                    const Population& population, const Params& params,
                                    int page_limit, bool failing = false);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_DRAWING_H_
