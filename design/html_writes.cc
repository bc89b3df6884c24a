// The writes' section of the design's page (html_page_internal.h): one
// panel per write in the patterns' visual language (the entity's colour on
// each row's edge, facts, pills, verdict marks), every verdict and index
// move said in words as well as in colour.

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "design/html_page_internal.h"
#include "design/population.h"

namespace sortkey::design::internal {
namespace {

enum class ProofState { kProven, kFailing, kUnchecked };

struct Proof {
  std::string id;  // "write/create_ticket", "update/Ticket.edit"
  ProofState state = ProofState::kUnchecked;
  const PageFailure* failure = nullptr;
};

std::vector<Proof> proofs_of(const DesignPage& page, const WriteDrawing& w) {
  std::vector<std::string> ids{"write/" + w.write->name};
  for (const WriteAction& a : w.actions) {
    if (a.update == nullptr) continue;
    const std::string id = "update/" + a.entity->name + "." + a.update->name;
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  std::vector<Proof> out;
  for (const std::string& id : ids) {
    Proof p{id, ProofState::kUnchecked, nullptr};
    for (const auto& [property, verdict] : page.results) {
      if (property == id)
        p.state = verdict == "passed" ? ProofState::kProven : ProofState::kFailing;
    }
    for (const PageFailure& f : page.failures) {
      if (f.property == id) p.failure = &f;
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::string_view proof_word(ProofState s) {
  return s == ProofState::kProven ? "proven"
                                  : (s == ProofState::kFailing ? "failing" : "unchecked");
}

std::string proof_marks(const std::vector<Proof>& proofs) {
  std::string out = R"(<div class="proofs">)";
  for (const Proof& p : proofs) {
    const char* look = p.state == ProofState::kProven    ? "right"
                       : p.state == ProofState::kFailing ? "wrong"
                                                         : "other";
    const char* words = p.state == ProofState::kProven    ? "proven"
                        : p.state == ProofState::kFailing ? "FAILED"
                                                          : "not checked in this run";
    out += fmt::format(
        R"(<span class="verdict-mark {}" data-proof="{}" data-verdict="{}">{}: {}</span>)", look,
        html_escape(p.id), proof_word(p.state), html_escape(p.id), words);
  }
  return out + "</div>";
}

// The failure's summary: its first line and the lines that name its counterexample.
std::vector<std::string> failure_summary(const std::string& message) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at <= message.size()) {
    const std::size_t end = std::min(message.find('\n', at), message.size());
    std::string line = message.substr(at, end - at);
    const std::size_t text = line.find_first_not_of(' ');
    line = text == std::string::npos ? "" : line.substr(text);
    const bool names_case = line.rfind("subject:", 0) == 0 ||
                            line.rfind("first subject:", 0) == 0 ||
                            line.rfind("second subject:", 0) == 0 ||
                            line.rfind("entity:", 0) == 0 || line.rfind("stale key:", 0) == 0;
    if (out.empty() || names_case) out.push_back(line);
    at = end + 1;
  }
  return out;
}

std::string failure_notes(const std::vector<Proof>& proofs) {
  std::string out;
  for (const Proof& p : proofs) {
    if (p.state != ProofState::kFailing) continue;
    std::string lines;
    std::string first = "the check failed it";
    if (p.failure != nullptr) {
      const std::vector<std::string> summary = failure_summary(p.failure->message);
      first = summary.front();
      for (std::size_t i = 1; i < summary.size(); ++i) {
        lines += "<li>" + html_escape(summary[i]) + "</li>";
      }
    }
    out += fmt::format(
        R"(<div class="failnote" data-failed-write="{}">FAILED {}: {}{}<p class="sub">Its failing case is drawn above, under &#8220;{} failed&#8221;.</p></div>)",
        html_escape(p.id), html_escape(p.id), html_escape(first),
        lines.empty() ? "" : "<ul>" + lines + "</ul>", html_escape(p.id));
  }
  return out;
}

std::string names_text(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string move_span(const IndexEffect& e) {
  const char* glyph = e.move == IndexMove::kEnters   ? "&#8594;"
                      : e.move == IndexMove::kLeaves ? "&#8592;"
                      : e.move == IndexMove::kStale  ? "&#9888;"
                                                     : "&#8597;";
  std::string detail;
  if (e.move == IndexMove::kStale) {
    detail = fmt::format(": {} derived from {}, not rewritten", names_text(e.written),
                         names_text(e.from));
  } else if (e.move == IndexMove::kMoves || e.move == IndexMove::kEntersOrLeaves) {
    detail = " (rewrites " + names_text(e.written) + ")";
  }
  if (!e.when.empty()) detail += ", as the `when` of " + names_text(e.when) + " decides";
  std::string keys;
  for (const std::string& k : e.keys) keys += (keys.empty() ? "" : " ") + k;
  return fmt::format(
      R"(<span class="move {}" data-index="{}" data-move="{}" data-keys="{}">{} {} {} {}{}</span>)",
      move_word(e.move), html_escape(e.index), move_word(e.move), html_escape(keys), glyph,
      to_string(e.move), e.local ? "LSI" : "GSI", html_escape(e.index), html_escape(detail));
}

// Each key attribute with its template, one a line.
std::string template_lines(const std::vector<KeyWritten>& keys) {
  std::string out;
  for (const KeyWritten& k : keys) {
    out += fmt::format("<div>{} = {}</div>", html_escape(k.attribute), html_escape(k.source));
  }
  return out;
}

std::string templates_cell(const std::string& lines) {
  return lines.empty() ? R"(<td class="attrs">none</td>)" : R"(<td class="key">)" + lines + "</td>";
}

std::string changes_cell(const WriteAction& a) {
  using Kind = TransactionAction::Kind;
  if (a.kind == Kind::kPut) return R"(<td class="attrs">the whole item</td>)";
  if (a.kind == Kind::kDelete) return R"(<td class="attrs">the whole item, removed</td>)";
  if (a.kind == Kind::kConditionCheck || a.update == nullptr) {
    return R"(<td class="attrs">nothing: its condition only</td>)";
  }
  std::string out;
  for (const auto& [word, names] :
       {std::pair{"SET", &a.update->set}, std::pair{"REMOVE", &a.update->remove},
        std::pair{"ADD", &a.update->add}}) {
    if (names->empty()) continue;
    out +=
        fmt::format("<div><b>{}</b> <code>{}</code></div>", word, html_escape(names_text(*names)));
  }
  return fmt::format(R"(<td><div class="attrs">{}.{}</div>{}</td>)", html_escape(a.entity->name),
                     html_escape(a.update->name), out);
}

std::string stored_text(const AttributeValue& v) {
  if (v.type() == AttributeType::kS) return v.as_string();
  if (v.type() == AttributeType::kN) return to_string(v.as_number());
  return to_json(v);
}

// The example item's key attributes as text, in the order of the table's
// and its indexes' keys: "PK = ORG#A · SK = TICKET#1"; the table key alone
// when `table_key_only`.
std::string example_text(const Design& d, const Item& example, bool table_key_only) {
  std::vector<std::string> names;
  if (table_key_only) {
    names.push_back(d.schema.partition_key.name);
    if (d.schema.sort_key) names.push_back(d.schema.sort_key->name);
  } else {
    for (const KeyAttribute& k : key_attributes(d.schema)) names.push_back(k.name);
  }
  std::string out;
  for (const std::string& n : names) {
    const auto it = example.find(n);
    if (it == example.end()) continue;
    out += fmt::format("{}{} = {}", out.empty() ? "" : " \u00b7 ", n, stored_text(it->second));
  }
  return out;
}

std::string example_row(const Design& d, const WriteAction& a) {
  using Kind = TransactionAction::Kind;
  if (!a.example) return "";
  const char* verb = a.kind == Kind::kPut      ? "writes"
                     : a.kind == Kind::kUpdate ? "updates the item at"
                     : a.kind == Kind::kDelete ? "deletes"
                                               : "checks the item at";
  const bool table_key_only = a.kind == Kind::kUpdate || a.kind == Kind::kConditionCheck;
  std::string refers;
  for (const KeyWritten& k : a.example_refers) {
    refers += fmt::format("{}{} = {}", refers.empty() ? "" : " \u00b7 ", k.attribute, k.source);
  }
  if (!refers.empty()) {
    refers = fmt::format(", holding the key of its {}: <code>{}</code>", html_escape(a.refers_to),
                         html_escape(refers));
  }
  return fmt::format(
      R"(<tr class="example"><td></td><td colspan="7">for the sample: {} <code>{}</code>{}</td></tr>)",
      verb, html_escape(example_text(d, *a.example, table_key_only)), refers);
}

// A `refers` action's example as data: data-refers-to, and data-refers, the
// attributes it holds with their texts in the order of the table's key, as
// a JSON list of pairs.
std::string refers_data(const WriteAction& a) {
  if (a.refers_to.empty()) return "";
  nlohmann::json pairs = nlohmann::json::array();
  for (const KeyWritten& k : a.example_refers) pairs.push_back({k.attribute, k.source});
  return fmt::format(
      R"( data-refers-to="{}" data-refers="{}")", html_escape(a.refers_to),
      html_escape(pairs.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
}

std::string action_rows(const Design& d, std::size_t n, const WriteAction& a) {
  std::string moves;
  std::string data_moves;
  for (const IndexEffect& e : a.indexes) {
    moves += "<div>" + move_span(e) + "</div>";
    data_moves += fmt::format("{}{}:{}", data_moves.empty() ? "" : " ", move_word(e.move), e.index);
  }
  if (moves.empty()) moves = R"(<span class="attrs">no index</span>)";
  std::string keys = template_lines(a.writes);
  if (!a.refers.empty()) {
    keys +=
        fmt::format(R"(<div class="attrs">the key of its {}:</div>)", html_escape(a.refers_to)) +
        template_lines(a.refers);
  }
  const std::string row = fmt::format(
      R"(<tr class="action {}" data-action="{}" data-entity="{}" data-item="{}" data-moves="{}"{}><td class="pos">{}</td><td><b>{}</b></td><td>{}</td><td>{}</td>{}<td>{}</td>{}{}</tr>)",
      colour_of(d, a.entity), action_text(a.kind), html_escape(a.entity->name),
      html_escape(a.example ? to_json(*a.example) : ""), html_escape(data_moves), refers_data(a),
      n + 1, action_text(a.kind), chip(d, a.entity),
      a.condition.empty() ? R"(<span class="attrs">none</span>)"
                          : "<code>" + html_escape(a.condition) + "</code>",
      changes_cell(a), moves, templates_cell(template_lines(a.key)), templates_cell(keys));
  return row + example_row(d, a);
}

std::string write_facts(const Design& d, const WriteDrawing& w) {
  const Write& write = *w.write;
  std::string out = R"(<div class="facts">)";
  if (write.kind == Write::Kind::kTransaction) {
    out += fmt::format("<span><b>TransactWriteItems</b> of {} action{}, all or nothing</span>",
                       w.actions.size(), w.actions.size() == 1 ? "" : "s");
  } else {
    const char* request = write.kind == Write::Kind::kPut      ? "PutItem"
                          : write.kind == Write::Kind::kUpdate ? "UpdateItem"
                                                               : "DeleteItem";
    out += fmt::format("<span><b>{}</b> on the table</span>", request);
  }
  out += fmt::format("<span>subject <b>{}</b></span>", html_escape(write.entity));
  if (!d.table_name.empty()) {
    out += fmt::format("<span>table <b>{}</b></span>", html_escape(d.table_name));
  }
  if (w.subject) {
    out += fmt::format("<span>its items for the sample's <code>{}</code></span>",
                       html_escape(show_entity(*w.subject)));
  }
  return out + "</div>";
}

std::string write_panel(const DesignPage& page, const WriteDrawing& w) {
  const Design& d = *page.design;
  const std::vector<Proof> proofs = proofs_of(page, w);
  const bool failing = std::any_of(proofs.begin(), proofs.end(),
                                   [](const Proof& p) { return p.state == ProofState::kFailing; });
  const bool proven = std::all_of(proofs.begin(), proofs.end(),
                                  [](const Proof& p) { return p.state == ProofState::kProven; });
  const std::string_view verdict = failing ? "failing" : (proven ? "proven" : "unchecked");
  std::string rows;
  for (std::size_t i = 0; i < w.actions.size(); ++i) rows += action_rows(d, i, w.actions[i]);
  return fmt::format(
      R"(<section class="panel write{}" data-write="{}" data-kind="{}" data-verdict="{}"><h3>{} <span class="pill">{}</span></h3>{}{}{}<div class="scroll"><table class="write" data-write="{}" data-table-key="{}"><thead><tr><th>#</th><th>action</th><th>entity</th><th>condition</th><th>changes</th><th>indexes</th><th>item key</th><th>other keys it writes</th></tr></thead><tbody>{}</tbody></table></div></section>)",
      failing ? " failing" : "", html_escape(w.write->name),
      w.write->kind == Write::Kind::kTransaction ? "transaction" : action_text(w.actions[0].kind),
      verdict, html_escape(w.write->name), kind_text(*w.write), write_facts(d, w),
      proof_marks(proofs), failure_notes(proofs), html_escape(w.write->name),
      html_escape(d.schema.partition_key.name +
                  (d.schema.sort_key ? " " + d.schema.sort_key->name : std::string())),
      rows);
}

std::string move_help() {
  return R"(<div class="keyhelp"><span><span class="move enters">&#8594; enters</span>the write puts the item in the index</span><span><span class="move leaves">&#8592; leaves</span>the write takes it out</span><span><span class="move moves">&#8597; moves within</span>the write rewrites its key there</span><span><span class="move stale">&#9888; stale in</span>the write changes what the key is made of and leaves the key as it was</span></div>)";
}

}  // namespace

std::string writes_section(const DesignPage& page) {
  if (page.writes.empty()) return {};
  std::string out =
      R"(<h2>Writes</h2><p class="sub">Each write the design declares: its actions, the item key and the other keys each writes (with the item it writes for an entity of the sample), what it does to the item in each index, and the verdict of its proofs.</p>)" +
      move_help();
  for (const WriteDrawing& w : page.writes) out += write_panel(page, w);
  return out;
}

}  // namespace sortkey::design::internal
