// File: design/endpoint_store.h
//
// `sortkey design check FILE --endpoint URL`: the check's stores
// (design/store.h) on a live DynamoDB-compatible endpoint (DynamoDB Local,
// dynalite, AWS), through the DynamoDB client the endpoint certifier uses
// (dynamodb/) and under the same safety rules:
//
//   * the URL, region, credentials and retry mode resolved as `sortkey
//     certify --endpoint` resolves them (dynamodb/aws_config.h,
//     credentials.h, retry.h), the requests signed and retried by the client
//     (dynamodb/client.h);
//   * one table made from the design's schema and its indexes by a
//     dynamodb::TableManager (dynamodb/tables.h), named sortkey-cert-<random run id>-<n> (never the
//     design's own table name): only it is written, read or deleted; each
//     case empties it by deleting the items earlier cases wrote;
//   * the table deleted at close(), also after a failure or a first
//     SIGINT/SIGTERM (which stops the check: exit 2); a second signal aborts
//     at once; --keep-tables keeps it and names it;
//   * an endpoint that cannot be reached, times out, keeps throttling or
//     answers what is not DynamoDB's JSON ends the check (fatal(): exit 2,
//     no verdict for the property it cut short); an API error (a
//     ValidationException) is the endpoint's answer to the request, and the
//     property shows it.
//
// Indexes on an endpoint that is not on this machine are eventually
// consistent: the first read of an index after writes waits `index_wait_ms`.
//
// Example:
//
//   auto stores = open_endpoint_source(design, {"http://127.0.0.1:8000"},
//                                      dynamodb::process_environment());
//   targets.push_back(make_design_target(design, seen, *stores));

#ifndef SORTKEY_DESIGN_ENDPOINT_STORE_H_
#define SORTKEY_DESIGN_ENDPOINT_STORE_H_

#include <memory>
#include <string>

#include "design/design.h"
#include "design/store.h"
#include "dynamodb/aws_config.h"
#include "sortkey/error.h"

namespace sortkey::design {

struct EndpointStoreOptions {
  std::string url;     // --endpoint; "" from the environment, as certify reads it
  std::string region;  // --region; "" from the environment
  bool keep_tables = false;
  long request_timeout_ms = 30000;
  int index_wait_ms = -1;  // -1: 0 on loopback, 1000 elsewhere
};

// Connects, checks that the endpoint speaks DynamoDB's protocol, and creates
// the design's table. Errors (the check cannot start: exit 2): the URL,
// credentials or retry settings, an endpoint that cannot be reached or does
// not answer as DynamoDB, a table it refuses (a multi-attribute index key
// on an endpoint without them), each naming the endpoint.
Result<std::shared_ptr<StoreSource>> open_endpoint_source(const Design& design,
                                                          const EndpointStoreOptions& options,
                                                          const dynamodb::Getenv& env);

}  // namespace sortkey::design

#endif  // SORTKEY_DESIGN_ENDPOINT_STORE_H_
