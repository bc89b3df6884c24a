// Write-request target: the file of `sortkey query run --request FILE`, an
// UpdateItem, DeleteItem or PutItem request as the DynamoDB API takes it,
// read by parse_write_request (tools/codecs/write_request.h), or a
// TransactWriteItems, TransactGetItems or BatchGetItem request, read by
// parse_multi_request (tools/codecs/multi_request.h).
// Input: one byte naming the operation ('U' UpdateItem, 'D' DeleteItem, 'P'
// PutItem, 'T' TransactWriteItems, 'G' TransactGetItems, 'B' BatchGetItem;
// any other: UpdateItem), then the file's bytes.
//
// Checks (tools/codecs/write_request_props.h): the readers are total with
// one-line errors, an accepted request written back reads the same, and a
// multi-item request accepted holds 1 to 100 actions or keys.

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
                                 : which == 'G' ? cli::WriteOperation::kTransactGetItems
                                 : which == 'B' ? cli::WriteOperation::kBatchGetItem
                                                : cli::WriteOperation::kUpdateItem;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (cli::is_multi_item(op)) {
    fuzz::check(props::multi_request_reader(text, op), "write_request/multi_reader",
                [&] { return "request " + props::show_key(text); });
    return 0;
  }
  fuzz::check(props::write_request_reader(text, op), "write_request/reader",
              [&] { return "request " + props::show_key(text); });
  return 0;
}
