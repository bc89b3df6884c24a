#include "design/html_page.h"

#include <fmt/format.h>

#include <algorithm>

#include "design/html_page_internal.h"
#include "design/items.h"
#include "design/values.h"

namespace sortkey::design {
namespace internal {

constexpr std::size_t kColours = 8;  // entity types beyond this share colours

std::string colour_of(const Design& d, const EntityType* type) {
  if (type == nullptr) return "tn";
  for (std::size_t i = 0; i < d.entities.size(); ++i) {
    if (&d.entities[i] == type) return fmt::format("t{}", i % kColours);
  }
  return "tn";
}

std::string chip(const Design& d, const EntityType* type) {
  return fmt::format(R"(<span class="chip {}">{}</span>)", colour_of(d, type),
                     type == nullptr ? "no entity" : html_escape(type->name));
}

}  // namespace internal
namespace {

using internal::chip;
using internal::colour_of;

const EntityType* type_of(const Population& population, const DrawnItem& item) {
  return item.entity ? population[*item.entity].type : nullptr;
}

constexpr std::size_t kTableCollections = 3;
constexpr std::size_t kAbsentRows = 12;  // of the items an index does not hold

constexpr const char* kStyle = R"css(
:root { --ink:#1f2328; --muted:#656d76; --line:#d8dee4; --paper:#ffffff; --wash:#f6f8fa;
  --range:#fff4c2; --range-edge:#e3b341; --bad:#cf222e; --warn:#bc4c00; --good:#1a7f37;
  --t0:#0f766e; --t1:#6d28d9; --t2:#b45309; --t3:#be123c; --t4:#1d4ed8; --t5:#15803d;
  --t6:#a21caf; --t7:#475569; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--wash); color: var(--ink);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
main { max-width: 1280px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 32px 0 10px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 0 0 6px; }
code, .key, pre { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, monospace; font-size: 12.5px; }
pre { white-space: pre-wrap; word-break: break-word; background: var(--wash); padding: 10px 12px;
  border-radius: 6px; border: 1px solid var(--line); margin: 8px 0 0; }
.sub { color: var(--muted); margin: 0 0 12px; }
.verdict { display: inline-block; padding: 6px 12px; border-radius: 6px; font-weight: 600; margin: 8px 0; }
.verdict.pass { background: #dafbe1; color: var(--good); border: 1px solid #aceebb; }
.verdict.fail { background: #ffebe9; color: var(--bad); border: 1px solid #ffcecb; }
.results { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0 0; padding: 0; list-style: none; }
.results li { font-size: 12px; padding: 2px 8px; border-radius: 999px; border: 1px solid var(--line); background: var(--paper); }
.results li.failed { border-color: var(--bad); color: var(--bad); font-weight: 600; }
.legend { display: flex; flex-wrap: wrap; gap: 14px; margin: 10px 0 0; padding: 0; list-style: none; }
.legend li { display: flex; align-items: center; gap: 6px; }
.chip { display: inline-block; min-width: 10px; padding: 1px 7px; border-radius: 4px; color: #fff;
  font-size: 12px; font-weight: 600; white-space: nowrap; }
.swatch { width: 12px; height: 12px; border-radius: 3px; display: inline-block; }
.t0 { --t: var(--t0); } .t1 { --t: var(--t1); } .t2 { --t: var(--t2); } .t3 { --t: var(--t3); }
.t4 { --t: var(--t4); } .t5 { --t: var(--t5); } .t6 { --t: var(--t6); } .t7 { --t: var(--t7); }
.tn { --t: #8c959f; }
.chip, .swatch { background: var(--t); }
.panel { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 16px 18px; margin: 0 0 18px; }
.panel.failing { border-color: var(--bad); box-shadow: 0 0 0 1px var(--bad) inset; }
.facts { display: flex; flex-wrap: wrap; gap: 6px 18px; margin: 4px 0 12px; color: var(--muted); }
.facts b { color: var(--ink); font-weight: 600; }
.reads { display: grid; grid-template-columns: repeat(auto-fit, minmax(460px, 1fr)); gap: 16px; }
.scroll { overflow-x: auto; min-width: 0; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; padding: 0 0 6px; font-weight: 600; }
caption .dir { font-size: 16px; margin-right: 4px; }
.pill { display: inline-block; font-size: 11px; font-weight: 600; padding: 1px 7px; border-radius: 999px;
  background: var(--ink); color: #fff; margin-left: 6px; vertical-align: 1px; }
.pill.other { background: var(--line); color: var(--muted); }
th { text-align: left; font-size: 11px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted);
  font-weight: 600; padding: 4px 8px; border-bottom: 1px solid var(--line); }
td { padding: 5px 8px; border-bottom: 1px solid #eef1f4; vertical-align: top; }
tr.item td:first-child { border-left: 4px solid var(--t); }
td.pos, td.page { width: 1%; white-space: nowrap; text-align: right; color: var(--muted); font-variant-numeric: tabular-nums; }
td.pos { font-weight: 700; color: var(--ink); }
tr.item td { white-space: nowrap; }
.attrs { color: var(--muted); font-size: 12.5px; }
tr.outside td { opacity: .42; }
tr.returned td { background: var(--range); }
tr.returned td:nth-child(2) { box-shadow: inset 2px 0 0 var(--range-edge); }
tr.filtered td { background: repeating-linear-gradient(135deg, #f6f8fa 0 6px, #eaeef2 6px 12px); }
tr.filtered .key, tr.filtered .attrs { text-decoration: line-through; text-decoration-color: #8c959f; }
tr.unread td { background: #fffdf3; color: var(--muted); }
tr.unread td:nth-child(2) { box-shadow: inset 2px 0 0 #f0d88a; }
tr.page-end td { border-bottom: 2px dashed var(--ink); }
tr.edge td { padding: 0 8px; border-bottom: 0; border-top: 2px solid var(--range-edge); line-height: 1; }
.edge-label { display: inline-block; font-size: 11px; color: #7d4e00; background: #fff8c5;
  border: 1px solid var(--range-edge); border-top: 0; border-radius: 0 0 4px 4px; padding: 1px 6px 2px; white-space: nowrap; }
.tag { display: inline-block; font-size: 11px; padding: 0 6px; border-radius: 4px; margin-left: 6px;
  background: #eaeef2; color: var(--muted); white-space: nowrap; }
.tag.lek { background: var(--ink); color: #fff; }
.mark { display: inline-block; font-size: 11px; font-weight: 700; padding: 0 6px; border-radius: 4px;
  margin-left: 6px; color: #fff; white-space: nowrap; }
.verdict-mark { display: table; font-size: 11px; font-weight: 700; padding: 1px 7px; border-radius: 4px; margin: 4px 0 0; }
.verdict-mark.wrong { background: var(--bad); color: #fff; }
.verdict-mark.right { background: #dafbe1; color: var(--good); }
.verdict-mark.other { background: #fff1e5; color: var(--warn); border: 1px solid #ffd8b5; }
td.expected { color: var(--muted); font-weight: 400; }
td.expected .none { font-size: 11px; }
.failnote { margin: 0 0 10px; color: var(--bad); font-weight: 600; }
.mark.absent { background: #57606a; margin-left: 0; }
.mark.missing { background: var(--bad); } .mark.extra { background: var(--bad); } .mark.order { background: var(--warn); }
tr.mark-missing td, tr.mark-extra td { box-shadow: inset 0 1px 0 var(--bad), inset 0 -1px 0 var(--bad); }
tr.mark-order td { box-shadow: inset 0 1px 0 var(--warn), inset 0 -1px 0 var(--warn); }
tr.mark-missing td { opacity: 1; background: #fff5f5; }
.keyhelp { display: flex; flex-wrap: wrap; gap: 8px 16px; font-size: 12px; color: var(--muted); margin: 0 0 12px; }
.keyhelp span.s { display: inline-block; width: 22px; height: 12px; border: 1px solid var(--line); vertical-align: -1px; margin-right: 4px; }
.s.returned { background: var(--range); } .s.filtered { background: repeating-linear-gradient(135deg, #f6f8fa 0 3px, #d0d7de 3px 6px); }
.s.unread { background: #fffdf3; } .s.outside { background: #fff; opacity: .5; }
.expected { margin: 12px 0 0; padding-left: 22px; }
.bounds { margin: -4px 0 12px; }
.bounds .condition { white-space: nowrap; font-weight: 600; }
.template { color: var(--muted); font-size: 12px; }
.empty { color: var(--muted); font-style: italic; padding: 8px 0; }
details summary { cursor: pointer; color: var(--muted); margin-top: 10px; }
.partition { font-weight: 600; }
tr.action td { vertical-align: top; white-space: nowrap; }
tr.action td:first-child { border-left: 4px solid var(--t); }
tr.example td { color: var(--muted); font-size: 12px; border-bottom: 1px solid var(--line); }
.proofs { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 10px; }
.proofs .verdict-mark { margin: 0; }
.move { display: inline-block; font-size: 12px; padding: 0 6px; border-radius: 4px; margin: 0 4px 2px 0;
  border: 1px solid var(--line); background: var(--wash); white-space: nowrap; }
.move.enters { border-color: #aceebb; background: #dafbe1; color: var(--good); }
.move.leaves { border-color: #d0d7de; background: #eaeef2; color: var(--muted); }
.move.moves, .move.enters-or-leaves { border-color: var(--range-edge); background: #fff8c5; color: #7d4e00; }
.move.stale { border-color: var(--bad); background: #ffebe9; color: var(--bad); font-weight: 700; }
.failnote ul { margin: 4px 0 0; font-weight: 400; color: var(--ink); }
)css";

std::string attributes_text(const Entity& e) {
  std::string out;
  for (std::size_t i = 0; i < e.values.size(); ++i) {
    const AttributeSpec& spec = e.type->attributes[i];
    out += (i == 0 ? "" : " \u00b7 ") + spec.name + " " + show_value(e.values[i], spec);
  }
  return out;
}

std::string item_attributes(const Population& population, const DrawnItem& item) {
  return item.entity ? attributes_text(population[*item.entity]) : to_json(item.item);
}

std::string legend(const Design& d) {
  std::string out = R"(<ul class="legend">)";
  for (const EntityType& e : d.entities) {
    out += fmt::format(R"(<li><span class="swatch {}"></span>{}</li>)", colour_of(d, &e),
                       html_escape(e.name));
  }
  return out + "</ul>";
}

std::string header(const DesignPage& page) {
  const Design& d = *page.design;
  std::string out = fmt::format("<header><h1>Design {}</h1><p class=\"sub\">{} \u00b7 table {}</p>",
                                html_escape(d.name), html_escape(d.path),
                                html_escape(d.table_name.empty() ? "(unnamed)" : d.table_name));
  out += fmt::format(R"(<div class="verdict {}">{}</div>)", page.certified ? "pass" : "fail",
                     html_escape(page.verdict));
  out += R"(<ul class="results">)";
  for (const auto& [id, verdict] : page.results) {
    out += fmt::format(R"(<li class="{}">{} {}</li>)", verdict == "passed" ? "passed" : "failed",
                       html_escape(id), html_escape(verdict));
  }
  out += "</ul>" + legend(d);
  if (!page.note.empty()) out += fmt::format(R"(<p class="sub">{}</p>)", html_escape(page.note));
  return out + "</header>";
}

std::string collection_rows(const Design& d, const Population& population, const Collection& c) {
  std::string out;
  for (const DrawnItem& item : c.items) {
    const EntityType* type = type_of(population, item);
    out += fmt::format(
        R"(<tr class="item {}" data-sk="{}" data-key="{}" data-entity="{}"><td class="key">{}</td><td>{}</td><td class="attrs">{}</td></tr>)",
        colour_of(d, type), html_escape(item.sort), html_escape(to_json(primary_key(d, item.item))),
        html_escape(type ? type->name : ""), html_escape(item.sort), chip(d, type),
        html_escape(item_attributes(population, item)));
  }
  return out;
}

std::string joined(const std::vector<std::string>& names, std::string_view none) {
  std::string out;
  for (const std::string& n : names) {
    if (!n.empty()) out += (out.empty() ? "" : " \u00b7 ") + n;
  }
  return out.empty() ? std::string(none) : out;
}

// The key attributes of a collection's table: the table's, or an index's.
struct CollectionKeys {
  std::string partition;
  std::string sort;
  std::string data;  // more attributes of its <table>
};

std::string collection_table(const Design& d, const Population& population, const Collection& c,
                             const CollectionKeys& keys) {
  return fmt::format(
      R"(<div class="panel"><h3>{} = <span class="key partition">{}</span></h3><div class="scroll"><table class="collection" data-partition="{}"{}><thead><tr><th>{}</th><th>entity</th><th>attributes</th></tr></thead><tbody>{}</tbody></table></div></div>)",
      html_escape(keys.partition), html_escape(c.partition), html_escape(c.partition), keys.data,
      html_escape(keys.sort), collection_rows(d, population, c));
}

// The largest few collections, largest first, and how many more there are.
std::string collections_of(const Design& d, const Population& population,
                           const std::vector<Collection>& collections, const CollectionKeys& keys) {
  std::vector<const Collection*> order;
  for (const Collection& c : collections) order.push_back(&c);
  std::stable_sort(order.begin(), order.end(), [](const Collection* a, const Collection* b) {
    return a->items.size() > b->items.size();
  });
  std::string out;
  for (std::size_t i = 0; i < order.size() && i < kTableCollections; ++i) {
    out += collection_table(d, population, *order[i], keys);
  }
  if (order.size() > kTableCollections) {
    out += fmt::format(R"(<p class="sub">and {} more item collections.</p>)",
                       order.size() - kTableCollections);
  }
  return out;
}

std::string table_section(const Design& d, const Population& population,
                          const std::vector<Collection>& table, const std::string& title) {
  std::string out = "<h2>" + html_escape(title) + "</h2>";
  if (table.empty()) return out + R"(<p class="empty">The population has no item.</p>)";
  const CollectionKeys keys{d.schema.partition_key.name,
                            d.schema.sort_key ? d.schema.sort_key->name : "(no sort key)", ""};
  return out + collections_of(d, population, table, keys);
}

std::string absent_rows(const Design& d, const Population& population, const IndexDrawing& ix) {
  std::string out;
  for (std::size_t i = 0; i < ix.absent.size() && i < kAbsentRows; ++i) {
    const IndexDrawing::Absent& a = ix.absent[i];
    const EntityType* type = type_of(population, a.item);
    const std::string lacks = joined(a.lacks, "");
    out += fmt::format(
        R"(<tr class="item absent {}" data-sk="{}" data-key="{}" data-entity="{}" data-state="absent" data-lacks="{}"><td class="key">{}</td><td>{}</td><td><span class="mark absent">{}</span></td><td class="attrs">{}</td></tr>)",
        colour_of(d, type), html_escape(a.item.sort),
        html_escape(to_json(primary_key(d, a.item.item))), html_escape(type ? type->name : ""),
        html_escape(lacks), html_escape(joined({a.item.partition, a.item.sort}, "")), chip(d, type),
        html_escape(lacks.empty() ? "absent" : "absent: no " + lacks),
        html_escape(item_attributes(population, a.item)));
  }
  return out;
}

// An index as its own item collections, then the table's items it does not hold.
std::string index_section(const Design& d, const Population& population, const IndexDrawing& ix) {
  std::size_t held = 0;
  for (const Collection& c : ix.collections) held += c.items.size();
  std::string out = fmt::format(
      R"(<h2>{} {}: its item collections</h2><p class="sub">{} item{} of the table in {} collection{}; {} absent.</p>)",
      ix.local ? "Local index" : "Index", html_escape(ix.name), held, held == 1 ? "" : "s",
      ix.collections.size(), ix.collections.size() == 1 ? "" : "s", ix.absent.size());
  const std::string sort_type = ix.sort_key.size() > 1 ? "multi" : "";
  const CollectionKeys keys{joined(ix.partition_key, ""), joined(ix.sort_key, "(no sort key)"),
                            fmt::format(R"( data-index="{}"{})", html_escape(ix.name),
                                        sort_type.empty() ? "" : R"( data-sort-type="multi")")};
  out += collections_of(d, population, ix.collections, keys);
  if (ix.absent.empty()) return out;
  const std::string table_keys =
      joined({d.schema.partition_key.name, d.schema.sort_key ? d.schema.sort_key->name : ""}, "");
  out += fmt::format(
      R"(<div class="panel"><h3>Not in {}: {} item{} of the table</h3><div class="scroll"><table class="absent" data-index="{}"><thead><tr><th>{}</th><th>entity</th><th>why</th><th>attributes</th></tr></thead><tbody>{}</tbody></table></div>)",
      html_escape(ix.name), ix.absent.size(), ix.absent.size() == 1 ? "" : "s",
      html_escape(ix.name), html_escape(table_keys), absent_rows(d, population, ix));
  if (ix.absent.size() > kAbsentRows) {
    out += fmt::format(R"(<p class="sub">and {} more absent items.</p>)",
                       ix.absent.size() - kAbsentRows);
  }
  return out + "</div>";
}

std::string_view state_of(const Read::Row& r) {
  if (!r.in_range) return "outside";
  if (r.page == 0) return "unread";
  return r.filtered ? "filtered" : "returned";
}

std::string row_tags(const Read::Row& r) {
  std::string out;
  if (r.filtered) out += R"(<span class="tag">filtered out</span>)";
  if (r.in_range && r.page == 0) out += R"(<span class="tag">not read: Limit</span>)";
  if (r.page_ends) out += R"(<span class="tag lek">LastEvaluatedKey</span>)";
  if (r.mark == Mark::kMissing) out += R"(<span class="mark missing">missing</span>)";
  if (r.mark == Mark::kExtra) out += R"(<span class="mark extra">extra</span>)";
  if (r.mark == Mark::kOutOfOrder) out += R"(<span class="mark order">out of order</span>)";
  return out;
}

std::string_view mark_class(Mark m) {
  switch (m) {
    case Mark::kMissing:
      return " mark-missing";
    case Mark::kExtra:
      return " mark-extra";
    case Mark::kOutOfOrder:
      return " mark-order";
    case Mark::kNone:
      break;
  }
  return "";
}

// A row's place in the declared answer: "2", "2–3" for a tie, "" for none.
std::string expected_text(const Read::Row& r) {
  if (r.expected_first == 0) return "";
  if (r.expected_first == r.expected_last) return std::to_string(r.expected_first);
  return fmt::format("{}\u2013{}", r.expected_first, r.expected_last);
}

// The expected place beside the actual one, for a failing pattern's rows.
std::string expected_cell(const PatternDrawing& pd, const Read::Row& r) {
  if (!pd.failing) return "";
  const std::string expected = expected_text(r);
  return fmt::format(R"(<td class="pos expected">{}</td>)",
                     expected.empty() ? R"(<span class="none">none</span>)" : expected);
}

std::string read_row(const Design& d, const Population& population, const PatternDrawing& pd,
                     const Read::Row& r) {
  const DrawnItem& item = pd.collection.items[r.item];
  const EntityType* type = type_of(population, item);
  const std::string page = r.page == 0 ? "" : fmt::format("p{}", r.page);
  return fmt::format(
      R"(<tr class="item {} {}{}{}" data-sk="{}" data-key="{}" data-partition="{}" data-entity="{}" data-state="{}" data-page="{}" data-position="{}" data-expected="{}" data-mark="{}"><td class="pos">{}</td>{}<td class="page">{}</td><td class="key">{}{}</td><td>{}</td><td class="attrs">{}</td></tr>)",
      colour_of(d, type), state_of(r), r.page_ends ? " page-end" : "", mark_class(r.mark),
      html_escape(item.sort), html_escape(to_json(primary_key(d, item.item))),
      html_escape(item.partition), html_escape(type ? type->name : ""), state_of(r), r.page,
      r.position, expected_text(r), to_string(r.mark),
      r.position == 0 ? "" : std::to_string(r.position), expected_cell(pd, r), page,
      html_escape(item.sort), row_tags(r), chip(d, type),
      html_escape(item_attributes(population, item)));
}

// A failing pattern's read, judged against the declared answer, in words.
std::string read_verdict(const PatternDrawing& pd, const Read& read) {
  if (!pd.failing || !read.refused.empty()) return "";
  std::size_t wrong = 0;
  for (const Read::Row& r : read.rows) wrong += r.mark == Mark::kNone ? 0 : 1;
  if (read.declared) wrong += pd.missing_elsewhere.size();
  const std::string rows = fmt::format("{} row{}", wrong, wrong == 1 ? "" : "s");
  if (read.declared) {
    return wrong == 0
               ? R"( <span class="verdict-mark right" data-verdict="right">right on this population</span>)"
               : fmt::format(
                     R"( <span class="verdict-mark wrong" data-verdict="wrong">wrong: {} marked</span>)",
                     rows);
  }
  return wrong == 0
             ? R"( <span class="verdict-mark other" data-verdict="other-right">not sent: read this way, the answer would be the declared one</span>)"
             : fmt::format(
                   R"( <span class="verdict-mark other" data-verdict="other-wrong">not sent: read this way, {} would be wrong too</span>)",
                   rows);
}

std::string read_caption(const PatternDrawing& pd, const Read& read) {
  const Pattern& p = *pd.pattern;
  const std::string how =
      p.scan ? "&#8595; Scan order" : (read.forward ? "&#8595; ascending" : "&#8593; descending");
  const std::string flag =
      p.scan ? "" : fmt::format(" <code>ScanIndexForward = {}</code>", read.forward);
  const std::string pill = read.declared ? R"(<span class="pill">as declared</span>)"
                                         : R"(<span class="pill other">the other way</span>)";
  return fmt::format("<caption>{}{}{} <span class=\"sub\">{} request{}</span>{}</caption>", how,
                     flag, pill, read.pages, read.pages == 1 ? "" : "s", read_verdict(pd, read));
}

std::string read_table(const Design& d, const Population& population, const PatternDrawing& pd,
                       const Read& read) {
  const std::string_view direction =
      pd.pattern->scan ? "scan" : (read.forward ? "ascending" : "descending");
  const int columns = pd.failing ? 6 : 5;
  std::string rows;
  const auto edges_at = [&](std::size_t at) {
    for (const Read::Edge& e : read.edges) {
      if (e.before != at) continue;
      rows += fmt::format(
          R"(<tr class="edge" data-edge="{}"><td colspan="{}"><span class="edge-label">{} {}</span></td></tr>)",
          e.lower ? "lower" : "upper", columns, (e.lower == read.forward) ? "&#9660;" : "&#9650;",
          html_escape(e.text));
    }
  };
  for (std::size_t i = 0; i < read.rows.size(); ++i) {
    edges_at(i);
    rows += read_row(d, population, pd, read.rows[i]);
  }
  edges_at(read.rows.size());
  if (rows.empty()) {
    rows = fmt::format(
        R"(<tr><td colspan="{}" class="empty">The collection holds no item.</td></tr>)", columns);
  }
  std::string refused;
  if (!read.refused.empty()) {
    refused = "<pre>the request is refused: " + html_escape(read.refused) + "</pre>";
  }
  return fmt::format(
      R"(<div class="scroll"><table class="read" data-pattern="{}" data-direction="{}" data-declared="{}" data-limit="{}">{}<thead><tr><th>#</th>{}<th>page</th><th>sort key</th><th>entity</th><th>attributes</th></tr></thead><tbody>{}</tbody></table>{}</div>)",
      html_escape(pd.pattern->name), direction, read.declared, pd.limit, read_caption(pd, read),
      pd.failing ? R"(<th title="its place in the declared answer">expected</th>)" : "", rows,
      refused);
}

std::string key_condition(const Pattern& p) {
  if (p.scan) return "Scan";
  std::string out;
  for (const KeyValue& kv : p.partition) {
    out += (out.empty() ? "" : " AND ") + kv.attribute + " = " + kv.value.source;
  }
  for (const KeyValue& kv : p.sort_prefix) {
    out += " AND " + kv.attribute + " = " + kv.value.source;
  }
  if (p.sort_op == SortCondition::Op::kBetween) {
    out += fmt::format(" AND {} BETWEEN {} AND {}", p.sort_attribute, p.sort_value.source,
                       p.sort_upper.source);
  } else if (p.sort_op != SortCondition::Op::kNone) {
    out += fmt::format(" AND {} {} {}", p.sort_attribute, sort_op_text(p.sort_op),
                       p.sort_value.source);
  }
  return out;
}

std::string pattern_facts(const PatternDrawing& pd) {
  const Pattern& p = *pd.pattern;
  std::string out = R"(<div class="facts">)";
  out += fmt::format("<span><b>{}</b> on {}</span>", p.scan ? "Scan" : "Query",
                     html_escape(p.index.empty() ? "the table" : "index " + p.index));
  if (!p.scan) {
    out += fmt::format("<span>direction <b>{}</b></span>", p.forward ? "ascending" : "descending");
  }
  out += fmt::format("<span>Limit <b>{}</b>{}</span>", pd.limit,
                     p.limit ? " (one request)" : " (each page)");
  if (p.filter) out += fmt::format("<span>filter <code>{}</code></span>", html_escape(*p.filter));
  out += fmt::format("<span>parameters <code>{}</code></span>", html_escape(pd.parameters));
  out += "</div>";
  if (p.scan) return out;
  // The bounds the drawn reads sent, on one line; the template they come from under them.
  return out +
         fmt::format(
             R"(<div class="bounds"><div class="scroll"><code class="condition">{}</code></div><div class="template">from <code>{}</code></div></div>)",
             html_escape(pd.condition), html_escape(key_condition(p)));
}

std::string key_help() {
  return R"(<div class="keyhelp"><span><span class="s returned"></span>read and returned</span><span><span class="s filtered"></span>read, filtered out (paid for)</span><span><span class="s unread"></span>in range, not read (Limit)</span><span><span class="s outside"></span>outside the key condition</span><span>dashed line: a page ends</span><span>labelled line: a bound of the key condition cuts the collection</span></div>)";
}

std::string expected_list(const Population& population, const PatternDrawing& pd) {
  std::string out = R"(<details><summary>The declared answer ()" +
                    std::to_string(pd.expected.size()) +
                    R"( entities)</summary><ol class="expected">)";
  for (std::size_t e : pd.expected) {
    out += "<li>" + html_escape(show_entity(population[e])) + "</li>";
  }
  return out + "</ol></details>";
}

std::string missing_elsewhere(const Population& population, const PatternDrawing& pd) {
  if (pd.missing_elsewhere.empty()) return {};
  std::string out =
      R"(<p><span class="mark missing">missing</span> declared, and not in this item collection at all:</p><ul>)";
  for (std::size_t e : pd.missing_elsewhere) {
    out += "<li>" + html_escape(show_entity(population[e])) + "</li>";
  }
  return out + "</ul>";
}

std::string_view type_letter(AttributeType t) {
  return t == AttributeType::kN ? "N" : (t == AttributeType::kB ? "B" : "S");
}

// The sort-key condition as data (data-sort-op, data-sort-type, data-sort-value,
// data-sort-upper), when it is on the whole sort key.
std::string sort_data(const PatternDrawing& pd) {
  if (pd.sort.op == SortCondition::Op::kNone || !pd.sort_whole_key) return {};
  const auto text = [](const AttributeValue& v) {
    return v.type() == AttributeType::kN ? to_string(v.as_number()) : v.as_string();
  };
  std::string out =
      fmt::format(R"( data-sort-op="{}" data-sort-type="{}" data-sort-value="{}")",
                  html_escape(sort_op_text(pd.sort.op)), type_letter(pd.sort.value.type()),
                  html_escape(text(pd.sort.value)));
  if (pd.sort.op == SortCondition::Op::kBetween) {
    out += fmt::format(R"( data-sort-upper="{}")", html_escape(text(pd.sort.upper)));
  }
  return out;
}

// `in_failure`: the panel draws a failing case. A failing pattern's panel
// elsewhere (the sample's) says that it failed, whether or not its sample shows it.
std::string pattern_panel(const Design& d, const Population& population, const PatternDrawing& pd,
                          bool in_failure) {
  std::string reads;
  for (const Read& r : pd.reads) reads += read_table(d, population, pd, r);
  std::string note;
  if (pd.failing && !in_failure) {
    note = fmt::format(
        R"(<p class="failnote" data-failed="pattern/{}">FAILED: the check failed this pattern; its failing case is drawn above, under &#8220;pattern/{} failed&#8221;. {}</p>)",
        html_escape(pd.pattern->name), html_escape(pd.pattern->name),
        pd.wrong ? "This sample shows it too."
                 : "This sample happens to read right: the failure needs the population above.");
  }
  return fmt::format(
      R"(<section class="panel{}" data-pattern="{}"{}><h3>{}</h3>{}{}{}<div class="reads">{}</div>{}{}<details><summary>The request as sent</summary><pre>{}</pre></details></section>)",
      in_failure || pd.failing ? " failing" : "", html_escape(pd.pattern->name), sort_data(pd),
      html_escape(pd.pattern->name), note, pattern_facts(pd), key_help(), reads,
      missing_elsewhere(population, pd), expected_list(population, pd), html_escape(pd.request));
}

std::string failure_section(const Design& d, const PageFailure& f) {
  const std::string first_line = f.message.substr(0, f.message.find('\n'));
  std::string out =
      fmt::format(R"(<section class="failure" data-property="{}"><h2>{} failed</h2><p>{}</p>)",
                  html_escape(f.property), html_escape(f.property), html_escape(first_line));
  if (!f.population.empty()) {
    out += fmt::format(R"(<p class="sub">The minimal population: {} {}.</p>)", f.population.size(),
                       f.population.size() == 1 ? "entity" : "entities");
    if (f.pattern) out += pattern_panel(d, f.population, *f.pattern, true);
    out += table_section(d, f.population, f.table, "Its items, as stored");
    for (const IndexDrawing& ix : f.indexes) out += index_section(d, f.population, ix);
  }
  out += "<details><summary>The check's words</summary><pre>" + html_escape(f.message) +
         "</pre></details>";
  return out + "</section>";
}

void append_code_point(std::string& out, std::string_view cp) {
  if (cp.size() == 1) {
    const auto c = static_cast<unsigned char>(cp[0]);
    switch (c) {
      case '&':
        out += "&amp;";
        return;
      case '<':
        out += "&lt;";
        return;
      case '>':
        out += "&gt;";
        return;
      case '"':
        out += "&quot;";
        return;
      case '\'':
        out += "&#39;";
        return;
      default:
        if (c < 0x20 || c == 0x7f) {
          out += fmt::format("\\x{:02X}", c);
          return;
        }
    }
  }
  out += cp;
}

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  while (!text.empty()) {
    // One well-formed code point at a time; a byte that starts none is shown as \xHH.
    auto cps = utf8_code_points(text);
    if (cps) {
      for (const std::string& cp : *cps) append_code_point(out, cp);
      return out;
    }
    const std::size_t bad = cps.error().offset;
    auto good = utf8_code_points(text.substr(0, bad));
    for (const std::string& cp : good.value_or(std::vector<std::string>{})) {
      append_code_point(out, cp);
    }
    if (bad >= text.size()) return out;
    out += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[bad]));
    text.remove_prefix(bad + 1);
  }
  return out;
}

std::string render_page(const DesignPage& page) {
  const Design& d = *page.design;
  std::string body = header(page);
  for (const PageFailure& f : page.failures) body += failure_section(d, f);
  if (!page.patterns.empty() || !page.table.empty()) {
    body += table_section(d, page.population, page.table, "The table's item collections");
    for (const IndexDrawing& ix : page.indexes) body += index_section(d, page.population, ix);
    body += "<h2>Access patterns</h2>";
    for (const PatternDrawing& pd : page.patterns) {
      body += pattern_panel(d, page.population, pd, false);
    }
  }
  body += internal::writes_section(page);
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
      "content=\"width=device-width, initial-scale=1\"><title>Design {}</title><style>{}</style>"
      "</head><body><main>{}</main></body></html>\n",
      html_escape(d.name), kStyle, body);
}

}  // namespace sortkey::design
