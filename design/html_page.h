// File: design/html_page.h
//
// The page of `sortkey design show FILE --html OUT.html` and `sortkey design
// check FILE --html OUT.html`: one self-contained HTML file (inline CSS, no
// script, no font or image from anywhere) that draws a design's drawings
// (design/drawing.h): the table's item collections in sort-key order, each
// entity type in its colour; each index's own item collections, and the
// table's items it does not hold, each marked "absent" with the key
// attributes it lacks; for each access pattern its collection read
// ascending and descending side by side, the range highlighted, the pages
// of its Limit, its filtered-out items struck through, the bounds of its
// key condition drawn where they cut the collection; after a failed check,
// the failing population with the wrong rows marked, and every panel of a
// failing pattern marked, its rows' expected places beside their actual ones;
// each write (design/write_drawing.h) with its actions, the key templates
// and an example of the items it writes, what it does to the item in each
// index, and the verdict of its proofs in words.
//
// Every string that comes from the design file or from the items (names,
// enum values, characters, template literals, keys, messages, the path) is
// HTML-escaped, attribute values included: a design is hostile input.
//
// The page is also read by programs (the browser test): every drawn row is
// <tr class="item ..."> with data-sk (its sort key), data-key (the table's
// key of its item, as DynamoDB JSON), data-entity (its entity
// type, "" for an item of no entity), data-state (returned, filtered,
// unread, outside), data-page, data-position, data-expected ("2", "2–3" for
// a tie, "" when not in the declared answer) and data-mark; every read is a
// <table class="read"> with data-pattern, data-direction (ascending,
// descending, scan), data-declared and data-limit; an index's collection is a
// <table class="collection" data-index=...> (data-sort-type="multi" when its
// sort key has several attributes), the items it does not hold a <table
// class="absent" data-index=...> of rows with data-state="absent" and
// data-lacks; a write is a <section class="panel write" data-write=...
// data-kind=... data-verdict="proven|failing|unchecked">, its proofs spans
// with data-proof and data-verdict, its actions <tr class="action ..."> of a
// <table class="write"> with data-action, data-entity, data-item (the
// example item's key attributes, JSON; "" without one) and data-moves
// ("enters:ByUpdate moves:ByStatus"), a `refers` action's data-refers-to
// and data-refers (the key it holds in its example, a JSON list of
// [attribute, text] in the order of the table's key, data-table-key of the
// <table>), each index it changes a <span class="move ..."> with
// data-index, data-move and data-keys.

#ifndef SORTKEY_DESIGN_HTML_PAGE_H_
#define SORTKEY_DESIGN_HTML_PAGE_H_

#include <string>
#include <string_view>
#include <vector>

#include "design/design.h"
#include "design/drawing.h"
#include "design/population.h"
#include "design/write_drawing.h"

namespace sortkey::design {

struct PageFailure {
  std::string property;  // "pattern/org_and_teams"
  std::string message;
  Population population;  // the minimal one
  std::vector<Collection> table;
  std::vector<IndexDrawing> indexes;
  std::optional<PatternDrawing> pattern;  // a pattern's failure, drawn with its marks
};

struct DesignPage {
  const Design* design = nullptr;
  std::string verdict;  // the verdict line: "CERTIFIED: design saas ..."
  bool certified = false;
  std::vector<std::pair<std::string, std::string>> results;  // property id, "passed" / "FAILED"
  std::vector<PageFailure> failures;
  Population population;  // what `table` and `patterns` draw
  std::vector<Collection> table;
  std::vector<IndexDrawing> indexes;
  std::vector<PatternDrawing> patterns;
  std::vector<WriteDrawing> writes;  // the design's writes, their examples made of `population`
  std::string note;                  // under the header: how the population was chosen
};

// The whole page. REQUIRES: page.design.
std::string render_page(const DesignPage& page);

// `text` with & < > " ' as character references, and every byte below 0x20
// (and 0x7F) or of an ill-formed UTF-8 sequence shown as \xHH.
std::string html_escape(std::string_view text);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_HTML_PAGE_H_
