#include "properties/props/query_conversions.h"

#include <optional>
#include <vector>

namespace sortkey::props {

using oracle::NItem;
using oracle::NKey;
using oracle::NSchema;
using oracle::NValue;
using T = NValue::T;

AttributeValue to_engine(const NValue& v) {
  switch (v.t) {
    case T::S:
      return AttributeValue::S(v.s);
    case T::N:
      return *AttributeValue::N(std::string_view(v.s));
    case T::B:
      return AttributeValue::B(v.s);
    case T::BOOL:
      return AttributeValue::Bool(v.b);
    case T::NUL:
      return AttributeValue::Null();
    case T::L: {
      AttributeValue::List list;
      for (const NValue& e : v.list) list.push_back(to_engine(e));
      return AttributeValue::L(std::move(list));
    }
    case T::M: {
      AttributeValue::Map map;
      for (const auto& [k, e] : v.map) map.emplace(k, to_engine(e));
      return AttributeValue::M(std::move(map));
    }
    case T::SS:
      return *AttributeValue::SS(v.set);
    case T::BS:
      return *AttributeValue::BS(v.set);
    case T::NS: {
      std::vector<Number> numbers;
      for (const std::string& s : v.set) numbers.push_back(*parse_number(s));
      return *AttributeValue::NS(std::move(numbers));
    }
  }
  return {};
}

Item to_engine(const NItem& item) {
  Item out;
  for (const auto& [k, v] : item) out.insert_or_assign(k, to_engine(v));
  return out;
}

namespace {

// The error of the first Number text of `v` that does not parse.
std::optional<Error> number_error(const NValue& v) {
  if (v.t == T::N) {
    if (auto n = parse_number(v.s); !n) return n.error();
  }
  if (v.t == T::NS) {
    for (const std::string& e : v.set) {
      if (auto n = parse_number(e); !n) return n.error();
    }
  }
  for (const NValue& e : v.list) {
    if (auto bad = number_error(e)) return bad;
  }
  for (const auto& [k, e] : v.map) {
    if (auto bad = number_error(e)) return bad;
  }
  return std::nullopt;
}

}  // namespace

Result<Item> to_engine_checked(const NItem& item) {
  for (const auto& [k, v] : item) {
    if (auto bad = number_error(v)) return *bad;
  }
  return to_engine(item);
}

namespace {

AttributeType engine_type(T t) {
  return t == T::S ? AttributeType::kS : (t == T::N ? AttributeType::kN : AttributeType::kB);
}

std::vector<KeyAttribute> engine_keys(const std::vector<NKey>& keys) {
  std::vector<KeyAttribute> out;
  for (const NKey& k : keys) out.push_back({k.name, engine_type(k.type)});
  return out;
}

ProjectionType engine_projection(oracle::NIndex::Projection p) {
  return p == oracle::NIndex::Projection::kAll
             ? ProjectionType::kAll
             : (p == oracle::NIndex::Projection::kKeysOnly ? ProjectionType::kKeysOnly
                                                           : ProjectionType::kInclude);
}

}  // namespace

TableSchema to_engine(const NSchema& s) {
  TableSchema out;
  out.partition_key = {s.pk.name, engine_type(s.pk.type)};
  if (s.sk) out.sort_key = KeyAttribute{s.sk->name, engine_type(s.sk->type)};
  for (const oracle::NIndex& i : s.indexes) {
    if (i.local) {
      // naive_local_index_refusal: one sort attribute on the table's partition key.
      LocalIndexSchema local;
      local.name = i.name;
      local.sort_key = engine_keys(i.sk).at(0);
      local.projection.type = engine_projection(i.projection);
      if (local.projection.type == ProjectionType::kInclude)
        local.projection.non_key_attributes = i.include;
      out.local_indexes.push_back(std::move(local));
      continue;
    }
    IndexSchema index;
    index.name = i.name;
    index.partition_key = engine_keys(i.pk);
    index.sort_key = engine_keys(i.sk);
    index.projection.type = engine_projection(i.projection);
    if (index.projection.type == ProjectionType::kInclude)
      index.projection.non_key_attributes = i.include;
    out.indexes.push_back(std::move(index));
  }
  return out;
}

NValue to_naive(const AttributeValue& v) {
  NValue out;
  switch (v.type()) {
    case AttributeType::kS:
      out.t = T::S;
      out.s = v.as_string();
      break;
    case AttributeType::kB:
      out.t = T::B;
      out.s = v.as_string();
      break;
    case AttributeType::kN:
      out.t = T::N;
      out.s = to_string(v.as_number());
      break;
    case AttributeType::kBool:
      out.t = T::BOOL;
      out.b = v.as_bool();
      break;
    case AttributeType::kNull:
      out.t = T::NUL;
      break;
    case AttributeType::kL:
      out.t = T::L;
      for (const AttributeValue& e : v.as_list()) out.list.push_back(to_naive(e));
      break;
    case AttributeType::kM:
      out.t = T::M;
      for (const auto& [k, e] : v.as_map()) out.map.emplace_back(k, to_naive(e));
      break;
    case AttributeType::kSS:
      out.t = T::SS;
      out.set = v.as_strings();
      break;
    case AttributeType::kBS:
      out.t = T::BS;
      out.set = v.as_strings();
      break;
    case AttributeType::kNS:
      out.t = T::NS;
      for (const Number& n : v.as_numbers()) out.set.push_back(to_string(n));
      break;
  }
  return out;
}

NItem to_naive(const Item& item) {
  NItem out;
  for (const auto& [k, v] : item) out.emplace_back(k, to_naive(v));
  return out;
}

NItem to_naive(const StoredItem& item) { return to_naive(item.to_item()); }

oracle::NOperand to_naive(const Operand& o) {
  oracle::NOperand out;
  out.kind = o.kind == Operand::Kind::kValue
                 ? oracle::NOperand::Kind::kValue
                 : (o.kind == Operand::Kind::kPath ? oracle::NOperand::Kind::kPath
                                                   : oracle::NOperand::Kind::kSize);
  for (const PathStep& s : o.path) out.path.push_back(oracle::NStep{s.is_index, s.name, s.index});
  if (o.kind == Operand::Kind::kValue) out.value = to_naive(o.value);
  return out;
}

oracle::NCond to_naive(const Condition& c) {
  using Op = oracle::NCond::Op;
  oracle::NCond out;
  for (const Condition& child : c.children) out.kids.push_back(to_naive(child));
  for (const Operand& o : c.operands) out.args.push_back(to_naive(o));
  switch (c.kind) {
    case Condition::Kind::kCompare: {
      static constexpr Op kOps[] = {Op::kEq, Op::kNe, Op::kLt, Op::kLe, Op::kGt, Op::kGe};
      out.op = kOps[static_cast<int>(c.comparator)];
      break;
    }
    case Condition::Kind::kBetween:
      out.op = Op::kBetween;
      break;
    case Condition::Kind::kIn:
      out.op = Op::kIn;
      break;
    case Condition::Kind::kAnd:
      out.op = Op::kAnd;
      break;
    case Condition::Kind::kOr:
      out.op = Op::kOr;
      break;
    case Condition::Kind::kNot:
      out.op = Op::kNot;
      break;
    case Condition::Kind::kAttributeExists:
      out.op = Op::kExists;
      break;
    case Condition::Kind::kAttributeNotExists:
      out.op = Op::kNotExists;
      break;
    case Condition::Kind::kAttributeType:
      out.op = Op::kType;
      out.type_name = c.operands[1].value.as_string();
      out.args.resize(1);
      break;
    case Condition::Kind::kBeginsWith:
      out.op = Op::kBeginsWith;
      break;
    case Condition::Kind::kContains:
      out.op = Op::kContains;
      break;
  }
  return out;
}

}  // namespace sortkey::props
