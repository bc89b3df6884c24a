// Write-request target: the file of `sortkey query run --request FILE`, an
// UpdateItem, DeleteItem, PutItem or TransactWriteItems request as the
// DynamoDB API takes it, read by parse_write_request
// (tools/codecs/write_request.h).
// Input: one byte naming the operation ('U' UpdateItem, 'D' DeleteItem, 'P'
// PutItem, 'T' TransactWriteItems; any other: UpdateItem), then the file's
// bytes.
//
// Checks (tools/codecs/write_request_props.h): the reader is total with
// one-line errors, and an accepted request written back reads the same.

#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_adapter.h"
#include "properties/props/common.h"
#include "tools/codecs/write_request_props.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sortkey;
  fuzz::set_target_name("write_request_fuzzer");
  if (size == 0) return 0;
  const char which = static_cast<char>(data[0]);
  const cli::WriteOperation op = which == 'D'   ? cli::WriteOperation::kDeleteItem
                                 : which == 'P' ? cli::WriteOperation::kPutItem
                                 : which == 'T' ? cli::WriteOperation::kTransactWriteItems
                                                : cli::WriteOperation::kUpdateItem;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  fuzz::check(props::write_request_reader(text, op), "write_request/reader",
              [&] { return "request " + props::show_key(text); });
  return 0;
}
