#include "sortkey/stored_item.h"

#include <atomic>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>

#include "src/query/stored_item_internal.h"

namespace sortkey {
namespace internal {

// The header; the encoded bytes follow it in the same allocation.
struct ItemBlock {
  std::atomic<std::uint32_t> refs{1};
  std::uint32_t size = 0;     // DynamoDB item size
  std::uint32_t keys_at = 0;  // where the keys start in bytes()
  std::uint32_t length = 0;   // bytes in all
  std::uint32_t count = 0;    // attributes

  const char* bytes() const { return reinterpret_cast<const char*>(this + 1); }
  char* bytes() { return reinterpret_cast<char*>(this + 1); }
};

}  // namespace internal

namespace {

using internal::ItemBlock;

// ---------------------------------------------------------------- writing

void append_varint(std::string& out, std::size_t v) {
  while (v >= 0x80) {
    out += static_cast<char>(static_cast<unsigned char>(v | 0x80));
    v >>= 7;
  }
  out += static_cast<char>(v);
}

void append_bytes(std::string& out, std::string_view bytes) {
  append_varint(out, bytes.size());
  out += bytes;
}

void append_value(std::string& out, const AttributeValue& v);

// The payload of a compound value, without its length.
std::string compound_payload(const AttributeValue& v) {
  std::string p;
  switch (v.type()) {
    case AttributeType::kL:
      for (const AttributeValue& e : v.as_list()) append_value(p, e);
      break;
    case AttributeType::kM:
      for (const auto& [name, e] : v.as_map()) {
        append_bytes(p, name);
        append_value(p, e);
      }
      break;
    case AttributeType::kSS:
    case AttributeType::kBS:
      for (const std::string& s : v.as_strings()) append_bytes(p, s);
      break;
    default:  // kNS
      for (const Number& n : v.as_numbers()) append_bytes(p, encode_number(n));
      break;
  }
  return p;
}

void append_value(std::string& out, const AttributeValue& v) {
  out += static_cast<char>(v.type());
  switch (v.type()) {
    case AttributeType::kS:
    case AttributeType::kB:
      append_bytes(out, v.as_string());
      return;
    case AttributeType::kN:
      append_bytes(out, encode_number(v.as_number()));
      return;
    case AttributeType::kBool:
      append_bytes(out, v.as_bool() ? "\x01" : std::string_view("\x00", 1));
      return;
    case AttributeType::kNull:
      append_varint(out, 0);
      return;
    default:
      append_bytes(out, compound_payload(v));
      return;
  }
}

std::uint32_t checked_u32(std::size_t n) {
  if (n > std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("a stored item's encoding may not pass 4 GiB");
  }
  return static_cast<std::uint32_t>(n);
}

ItemBlock* make_block(const Item& item, const std::vector<std::string>& keys) {
  std::string bytes;
  for (const auto& [name, value] : item) {
    append_bytes(bytes, name);
    append_value(bytes, value);
  }
  const std::size_t keys_at = bytes.size();
  for (const std::string& k : keys) append_bytes(bytes, k);
  void* memory = ::operator new(sizeof(ItemBlock) + bytes.size());
  auto* block = new (memory) ItemBlock;
  block->size = checked_u32(sortkey::item_size(item));
  block->keys_at = checked_u32(keys_at);
  block->length = checked_u32(bytes.size());
  block->count = checked_u32(item.size());
  std::memcpy(block->bytes(), bytes.data(), bytes.size());
  return block;
}

// ---------------------------------------------------------------- reading
// The bytes were written above: no read here can fail.

std::size_t read_varint(const char*& p) {
  std::size_t v = 0;
  for (int shift = 0;; shift += 7) {
    const auto b = static_cast<unsigned char>(*p++);
    v |= static_cast<std::size_t>(b & 0x7F) << shift;
    if (b < 0x80) return v;
  }
}

std::string_view read_bytes(const char*& p) {
  const std::size_t n = read_varint(p);
  const std::string_view s(p, n);
  p += n;
  return s;
}

struct EncodedValue {
  AttributeType type;
  std::string_view payload;
};

EncodedValue read_value(const char*& p) {
  const auto type = static_cast<AttributeType>(static_cast<unsigned char>(*p++));
  return {type, read_bytes(p)};
}

AttributeValue decode(const EncodedValue& e);

std::vector<std::string> decode_strings(std::string_view payload) {
  std::vector<std::string> out;
  for (const char* p = payload.data(); p != payload.data() + payload.size();) {
    out.emplace_back(read_bytes(p));
  }
  return out;
}

AttributeValue decode(const EncodedValue& e) {
  const char* p = e.payload.data();
  const char* const end = p + e.payload.size();
  switch (e.type) {
    case AttributeType::kS:
      return AttributeValue::S(std::string(e.payload));
    case AttributeType::kB:
      return AttributeValue::B(std::string(e.payload));
    case AttributeType::kN:
      return AttributeValue::N(*decode_number(e.payload));
    case AttributeType::kBool:
      return AttributeValue::Bool(e.payload[0] != 0);
    case AttributeType::kNull:
      return AttributeValue::Null();
    case AttributeType::kL: {
      AttributeValue::List list;
      while (p != end) list.push_back(decode(read_value(p)));
      return AttributeValue::L(std::move(list));
    }
    case AttributeType::kM: {
      AttributeValue::Map map;
      while (p != end) {
        const std::string_view name = read_bytes(p);
        map.emplace_hint(map.end(), name, decode(read_value(p)));
      }
      return AttributeValue::M(std::move(map));
    }
    case AttributeType::kSS:
      return *AttributeValue::SS(decode_strings(e.payload));
    case AttributeType::kBS:
      return *AttributeValue::BS(decode_strings(e.payload));
    case AttributeType::kNS: {
      std::vector<Number> numbers;
      while (p != end) numbers.push_back(*decode_number(read_bytes(p)));
      return *AttributeValue::NS(std::move(numbers));
    }
  }
  return AttributeValue::Null();
}

// Calls f(name, encoded value) for each attribute, in name order, until f
// returns false.
template <class F>
void for_each_attribute(const ItemBlock* block, F f) {
  const char* p = block->bytes();
  const char* const end = p + block->keys_at;
  while (p != end) {
    const std::string_view name = read_bytes(p);
    if (!f(name, read_value(p))) return;
  }
}

std::optional<EncodedValue> find_encoded(const ItemBlock* block, std::string_view name) {
  std::optional<EncodedValue> found;
  for_each_attribute(block, [&](std::string_view n, const EncodedValue& e) {
    if (n < name) return true;
    if (n == name) found = e;
    return false;
  });
  return found;
}

}  // namespace

StoredItem::StoredItem(const Item& item) : block_(make_block(item, {})) {}

StoredItem::StoredItem(const StoredItem& other) noexcept : block_(other.block_) {
  block_->refs.fetch_add(1, std::memory_order_relaxed);
}

StoredItem::StoredItem(StoredItem&& other) noexcept : block_(other.block_) {
  other.block_ = nullptr;
}

StoredItem& StoredItem::operator=(const StoredItem& other) noexcept {
  StoredItem copy(other);
  std::swap(block_, copy.block_);
  return *this;
}

StoredItem& StoredItem::operator=(StoredItem&& other) noexcept {
  std::swap(block_, other.block_);
  return *this;
}

StoredItem::~StoredItem() {
  if (block_ == nullptr || block_->refs.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  block_->~ItemBlock();
  ::operator delete(block_);
}

Item StoredItem::to_item() const {
  Item item;
  for_each_attribute(block_, [&](std::string_view name, const EncodedValue& e) {
    item.emplace_hint(item.end(), name, decode(e));
    return true;
  });
  return item;
}

Item StoredItem::select(const std::set<std::string, std::less<>>& names) const {
  Item item;
  for_each_attribute(block_, [&](std::string_view name, const EncodedValue& e) {
    if (names.contains(name)) item.emplace_hint(item.end(), name, decode(e));
    return true;
  });
  return item;
}

std::optional<AttributeValue> StoredItem::find(std::string_view name) const {
  const auto e = find_encoded(block_, name);
  if (!e) return std::nullopt;
  return decode(*e);
}

AttributeValue StoredItem::at(std::string_view name) const {
  auto v = find(name);
  if (!v) throw std::out_of_range("the stored item has no attribute " + std::string(name));
  return std::move(*v);
}

bool StoredItem::contains(std::string_view name) const {
  return find_encoded(block_, name).has_value();
}

std::size_t StoredItem::attribute_count() const { return block_->count; }
std::size_t StoredItem::item_size() const { return block_->size; }

bool operator==(const StoredItem& stored, const Item& item) { return stored.to_item() == item; }

namespace internal {

StoredItem StoredItemAccess::make(const Item& item, const std::vector<std::string>& keys) {
  return StoredItem(make_block(item, keys));
}

std::string_view StoredItemAccess::key(const StoredItem& stored, std::size_t slot) {
  const char* p = stored.block_->bytes() + stored.block_->keys_at;
  for (std::size_t i = 0; i < slot; ++i) p += read_varint(p);
  return read_bytes(p);
}

}  // namespace internal
}  // namespace sortkey
