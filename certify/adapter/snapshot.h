// File: certify/adapter/snapshot.h
//
// The regression gate for an external codec's format. A silent re-encoding
// splits the data already stored under the old keys, so `sortkey certify
// --codec-cmd CMD --snapshot FILE` records the adapter's keys for a fixed,
// versioned set of inputs per codec (the boundaries of every codec included),
// and a later run given the same file fails naming every input whose key
// changed, old -> new. The built-in codecs are gated the same way by the
// golden vectors in corpus/vectors/.
//
// The inputs do not depend on the seed: they are written out below
// (snapshot.cc), with a few pseudo-random values from a fixed splitmix64
// stream. Changing them is changing kSnapshotInputsVersion; a file of
// another version is refused (record it again).
//
// The file (JSON, one object; keys are compared byte for byte, refusals as
// refusals — their text may change freely):
//
//   {
//     "format": "sortkey-adapter-snapshot",
//     "inputs_version": 1,
//     "adapter": "sortkey reference adapter (Python)",
//     "codecs": {
//       "padded": [
//         {"params": {"width": 5}, "value": "157", "key": "00157"},
//         {"params": {"width": 5}, "value": "100000", "refused": true},
//         ...
//       ],
//       ...
//     }
//   }

#ifndef SORTKEY_CERTIFY_ADAPTER_SNAPSHOT_H_
#define SORTKEY_CERTIFY_ADAPTER_SNAPSHOT_H_

#include <optional>
#include <string>
#include <vector>

#include "certify/adapter/snapshot_file.h"
#include "properties/props/contract_props.h"
#include "properties/runner.h"
#include "sortkey/error.h"

namespace sortkey::certify::adapter {

struct SnapshotInput {
  props::contract::json params;
  props::contract::json value;
};

// The inputs of `codec` (a protocol v1 codec), in a stable order.
std::vector<SnapshotInput> snapshot_inputs(const std::string& codec);

struct SnapshotOutcome {
  bool recorded = false;                  // the file did not exist and was written
  std::vector<props::RunReport> reports;  // one per codec, id "<codec>/snapshot"
  std::string summary;                    // one line: what was recorded or compared
};

// Records (if `path` does not exist) or compares (if it does) the keys of
// `codecs` on `service`. A codec in the file that the adapter no longer
// lists fails; a listed codec the file lacks passes with a note. Errors:
// the file cannot be read, parsed or written, or is of another format or
// version. The service may throw (AdapterError).
Result<SnapshotOutcome> check_snapshot(props::contract::CodecService& service,
                                       const std::string& adapter_name,
                                       const std::vector<std::string>& codecs,
                                       const std::string& path);

}  // namespace sortkey::certify::adapter

#endif  // SORTKEY_CERTIFY_ADAPTER_SNAPSHOT_H_
