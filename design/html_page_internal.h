// File: design/html_page_internal.h
//
// What the files of the design's page (html_page.cc, html_writes.cc) share,
// private to them: an entity type's colour and chip, and the writes'
// section. Not part of html_page.h's promise.

#ifndef SORTKEY_DESIGN_HTML_PAGE_INTERNAL_H_
#define SORTKEY_DESIGN_HTML_PAGE_INTERNAL_H_

#include <string>

#include "design/design.h"
#include "design/html_page.h"

namespace sortkey::design::internal {

// The colour class of an entity type ("t0" to "t7"; "tn" for none): its
// place among the design's types.
std::string colour_of(const Design& d, const EntityType* type);

// The type's name on its colour, "no entity" for none; escaped.
std::string chip(const Design& d, const EntityType* type);

// The writes of page.writes, each with its verdicts from page.results and
// page.failures; "" when the design has none. REQUIRES: page.design.
std::string writes_section(const DesignPage& page);

}  // namespace sortkey::design::internal

#endif  // SORTKEY_DESIGN_HTML_PAGE_INTERNAL_H_
