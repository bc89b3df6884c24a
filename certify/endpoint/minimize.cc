#include "certify/endpoint/minimize.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "sortkey/number.h"

namespace sortkey::certify::endpoint {

using oracle::NCond;
using oracle::NItem;
using oracle::NKey;
using oracle::NValue;
using T = NValue::T;

std::size_t Case::weight() const {
  std::size_t n = items.size();
  for (const NItem& i : items) n += i.size();
  return n;
}

Case case_of(const CheckContext& context) {
  Case c;
  c.schema = context.model->schema();
  c.items = context.model->items();
  if (context.item != nullptr) c.items.push_back(*context.item);
  if (context.query != nullptr) c.query = *context.query;
  c.large = context.large;
  if (context.scan != nullptr) c.scan = *context.scan;
  if (context.step != nullptr) c.step = *context.step;
  if (context.invalid != nullptr) c.invalid = *context.invalid;
  if (context.write != nullptr) c.write = *context.write;
  c.transaction = context.transaction != nullptr;
  return c;
}

std::optional<Divergence> Minimizer::run(const Case& c, const Signature& s,
                                         const std::vector<std::string>& unsettled) {
  const std::string table = table_(c.schema);
  oracle::NaiveTable model(c.schema);
  std::optional<Divergence> hit;
  const Workload::Observe observe = [&](Divergence& d, const CheckContext& context) {
    if (hit || !Attribution::same_symptom(d, s, c.schema, table)) return;
    d.signature = attribution_.classify(d, context);
    if (d.signature == s && d.unsettled == unsettled) hit = d;
  };
  if (!w_.load(table, model, c.items, observe)) return hit;
  if (c.query && c.large) {
    w_.check_large_query(table, model, *c.query, observe);
  } else if (c.query) {
    w_.check_query(table, model, *c.query, observe);
  }
  if (c.scan) w_.check_scan(table, model, *c.scan, observe);
  if (c.invalid) w_.check_invalid(table, model, *c.invalid, observe);
  if (c.step) {
    const oracle::NaiveTable before = model;
    if (std::optional<Divergence> d = w_.step_divergence(table, model, *c.step)) {
      CheckContext context{table, &before};
      context.step = &*c.step;
      observe(*d, context);
    }
  }
  if (c.write) {
    const oracle::NaiveTable before = model;
    if (std::optional<Divergence> d = w_.write_divergence(table, model, *c.write)) {
      CheckContext context{table, &before};
      context.write = &*c.write;
      observe(*d, context);
    }
  }
  return hit;
}

namespace {

bool is_table_key(const oracle::NSchema& schema, const std::string& name) {
  return name == schema.pk.name || (schema.sk && name == schema.sk->name);
}

std::size_t filter_size(const NCond& c) {
  std::size_t n = 1;
  for (const NCond& k : c.kids) n += filter_size(k);
  return n;
}

void subtrees(const NCond& c, std::vector<NCond>& out) {
  for (const NCond& k : c.kids) {
    subtrees(k, out);
    out.push_back(k);
  }
}

// The filter's proper subtrees, smallest first.
std::vector<NCond> smaller_filters(const NCond& filter) {
  std::vector<NCond> out;
  subtrees(filter, out);
  std::stable_sort(out.begin(), out.end(),
                   [](const NCond& a, const NCond& b) { return filter_size(a) < filter_size(b); });
  return out;
}

// The plainer versions of a request, each one step from `spec`; each
// smaller filter in `styles` renderings (a parser may refuse one spelling
// of a subtree only).
template <class Spec>
std::vector<Spec> plainer_common(const Spec& spec, int styles) {
  std::vector<Spec> out;
  if (spec.filter) {
    for (const NCond& f : smaller_filters(*spec.filter)) {
      Spec p = spec;
      p.filter = f;
      for (int i = 0; i < styles; ++i) {
        p.style = spec.style + static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ULL;
        out.push_back(p);
      }
    }
    Spec p = spec;
    p.filter.reset();
    out.push_back(std::move(p));
  }
  if (spec.limit) {
    Spec p = spec;
    p.limit.reset();
    out.push_back(std::move(p));
  }
  if (spec.count_only) {
    Spec p = spec;
    p.count_only = false;
    out.push_back(std::move(p));
  }
  if (spec.consistent) {
    Spec p = spec;
    p.consistent = false;
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<props::QuerySpec> plainer(const props::QuerySpec& q, int styles) {
  std::vector<props::QuerySpec> out = plainer_common(q, styles);
  if (!q.forward) {
    props::QuerySpec p = q;
    p.forward = true;
    out.push_back(std::move(p));
  }
  if (q.key.op != oracle::NKeyCond::Op::kNone) {
    props::QuerySpec p = q;
    p.key.op = oracle::NKeyCond::Op::kNone;
    p.key.a = NValue{};
    p.key.b = NValue{};
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<props::ScanSpec> plainer(const props::ScanSpec& s, int styles) {
  return plainer_common(s, styles);
}

// The UTF-8 code points of `s` (whole sequences), or its bytes for binary.
std::vector<std::string> units_of(const std::string& s, bool binary) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = 1;
    while (!binary && i + n < s.size() && (static_cast<unsigned char>(s[i + n]) & 0xC0) == 0x80)
      ++n;
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

std::string joined(const std::vector<std::string>& units, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) out += units[i];
  return out;
}

// Shorter versions of a value, most shortened first; a `key` is never
// made empty, a set never loses its last element.
std::vector<NValue> shorter(const NValue& v, bool key) {
  std::vector<NValue> out;
  auto with = [&v, &out](auto&& change) {
    NValue c = v;
    change(c);
    out.push_back(std::move(c));
  };
  if (v.t == T::S || v.t == T::B) {
    const auto units = units_of(v.s, v.t == T::B);
    const std::size_t n = units.size();
    if (n > 2) with([&](NValue& c) { c.s = joined(units, 0, n / 2); });
    if (n > (key ? 1u : 0u)) {
      with([&](NValue& c) { c.s = joined(units, 0, n - 1); });
      with([&](NValue& c) { c.s = joined(units, 1, n); });
    }
  } else if (v.t == T::N) {
    // The same value in fewer characters, then the simplest numbers.
    if (auto n = parse_number(v.s); n && to_string(*n).size() < v.s.size())
      with([&n](NValue& c) { c.s = to_string(*n); });
    if (v.s.size() > 1) {
      for (const char* simple : {"0", "1"}) with([simple](NValue& c) { c.s = simple; });
    }
  } else if (v.t == T::L && !v.list.empty()) {
    with([](NValue& c) { c.list.pop_back(); });
    with([](NValue& c) { c.list.erase(c.list.begin()); });
  } else if (v.t == T::M) {
    for (std::size_t i = 0; i < v.map.size(); ++i)
      with([i](NValue& c) { c.map.erase(c.map.begin() + static_cast<std::ptrdiff_t>(i)); });
  } else if ((v.t == T::SS || v.t == T::NS || v.t == T::BS) && v.set.size() > 1) {
    for (std::size_t i = 0; i < v.set.size(); ++i)
      with([i](NValue& c) { c.set.erase(c.set.begin() + static_cast<std::ptrdiff_t>(i)); });
  }
  return out;
}

// One minimization under way: the smallest case that still diverges with
// the signature, and what is left of the budget. Each step tries
// candidates one step from the smallest case and keeps every one that still
// diverges; once the budget is spent, every attempt fails and `cut` is set.
class Shrinking {
 public:
  Shrinking(Minimizer& minimizer, const Signature& s, const MinimizeBudget& budget, Minimized& m)
      : minimizer_(minimizer), s_(s), budget_(budget), m_(m) {}

  // Replays `candidate`; keeps it when it still diverges with the signature.
  bool attempt(const Case& candidate) {
    if (m_.tried >= budget_.candidates || std::chrono::steady_clock::now() > budget_.deadline) {
      m_.cut = true;
      return false;
    }
    ++m_.tried;
    std::optional<Divergence> d;
    try {
      d = minimizer_.run(candidate, s_, m_.divergence.unsettled);
    } catch (const dynamodb::TransportError& e) {
      // The minimizing share ended in the middle of a replay: keep the smallest so far.
      if (e.kind() != dynamodb::TransportError::Kind::kOverBudget) throw;
      m_.cut = true;
      return false;
    }
    if (!d) return false;
    m_.divergence = std::move(*d);
    m_.smallest = candidate;
    return true;
  }

  // Replaces the smallest case by the first of `variants(smallest)` that
  // still diverges, again and again, until none does.
  void keep_first_of(const std::function<std::vector<Case>(const Case&)>& variants) {
    for (bool changed = true; changed && !m_.cut;) {
      changed = false;
      for (const Case& candidate : variants(m_.smallest)) {
        if (attempt(candidate)) {
          changed = true;
          break;
        }
      }
    }
  }

  // The case with its filter cut to the subtree attribution blamed, in the
  // rendering that showed it.
  void try_hint(const Case& c) {
    Case candidate = c;
    if (candidate.query) {
      candidate.query->filter = c.hint->filter;
      candidate.query->style = c.hint->style;
    }
    if (candidate.scan) {
      candidate.scan->filter = c.hint->filter;
      candidate.scan->style = c.hint->style;
    }
    attempt(candidate);
  }

  // Items dropped in chunks of halving size, down to one by one; a write
  // case keeps its write (its last item).
  void drop_items(bool write) {
    if (write && m_.smallest.items.empty()) return;
    for (std::size_t chunk = std::max<std::size_t>(1, m_.smallest.items.size() / 2);
         chunk >= 1 && !m_.cut; chunk /= 2) {
      for (std::size_t at = 0; !m_.cut;) {
        const std::size_t movable = m_.smallest.items.size() - (write ? 1 : 0);
        if (at >= movable) break;
        Case candidate = m_.smallest;
        const std::size_t to = std::min(movable, at + chunk);
        candidate.items.erase(candidate.items.begin() + static_cast<std::ptrdiff_t>(at),
                              candidate.items.begin() + static_cast<std::ptrdiff_t>(to));
        if (!attempt(candidate)) at = to;
      }
      if (chunk == 1) break;
    }
  }

  // The request in `slot` (&Case::query or &Case::scan) made plainer; a
  // rejection tries each smaller filter in four renderings.
  template <class Slot>
  void plainer_request(Slot slot) {
    const int styles = s_.outcome == "rejected" ? 4 : 1;
    keep_first_of([slot, styles](const Case& smallest) {
      std::vector<Case> out;
      for (const auto& p : plainer(*(smallest.*slot), styles)) {
        out.push_back(smallest);
        out.back().*slot = p;
      }
      return out;
    });
  }

  // Indexes other than `read_index` dropped (each is a table of its own to create).
  void drop_indexes(const std::string& read_index) {
    for (std::size_t i = 0; i < m_.smallest.schema.indexes.size() && !m_.cut;) {
      if (m_.smallest.schema.indexes[i].name == read_index) {
        ++i;
        continue;
      }
      Case candidate = m_.smallest;
      candidate.schema.indexes.erase(candidate.schema.indexes.begin() +
                                     static_cast<std::ptrdiff_t>(i));
      if (!attempt(candidate)) ++i;
    }
  }

  // Attributes other than the table key of `schema` dropped, one at a time.
  void drop_attributes(const oracle::NSchema& schema) {
    for (std::size_t i = 0; i < m_.smallest.items.size() && !m_.cut; ++i) {
      for (std::size_t a = 0; a < m_.smallest.items[i].size() && !m_.cut;) {
        if (is_table_key(schema, m_.smallest.items[i][a].first)) {
          ++a;
          continue;
        }
        Case candidate = m_.smallest;
        candidate.items[i].erase(candidate.items[i].begin() + static_cast<std::ptrdiff_t>(a));
        if (!attempt(candidate)) ++a;
      }
    }
  }

  // Every value made shorter (shorter()) for as long as it still diverges;
  // a key of `schema` is never made empty.
  void shorten_values(const oracle::NSchema& schema) {
    for (std::size_t i = 0; i < m_.smallest.items.size() && !m_.cut; ++i) {
      for (std::size_t a = 0; a < m_.smallest.items[i].size() && !m_.cut; ++a) {
        const bool key = is_table_key(schema, m_.smallest.items[i][a].first);
        keep_first_of([i, a, key](const Case& smallest) {
          std::vector<Case> out;
          for (const NValue& v : shorter(smallest.items[i][a].second, key)) {
            out.push_back(smallest);
            out.back().items[i][a].second = v;
          }
          return out;
        });
      }
    }
  }

 private:
  Minimizer& minimizer_;
  const Signature& s_;
  const MinimizeBudget& budget_;
  Minimized& m_;
};

}  // namespace

Minimized Minimizer::minimize(const Case& c, const Signature& s, const Divergence& found,
                              const MinimizeBudget& budget) {
  Minimized m{found, c, 0, false};
  Shrinking shrinking(*this, s, budget, m);
  if (c.hint) shrinking.try_hint(c);
  shrinking.drop_items(!c.query && !c.scan && !c.step && !c.invalid && !c.write);
  if (c.query) shrinking.plainer_request(&Case::query);
  if (c.scan) shrinking.plainer_request(&Case::scan);
  shrinking.drop_indexes(c.query ? c.query->index : (c.scan ? c.scan->index : ""));
  // The table key is the case's own: dropping indexes leaves it as it is.
  shrinking.drop_attributes(c.schema);
  shrinking.shorten_values(c.schema);
  return m;
}

}  // namespace sortkey::certify::endpoint
