// File: dynamodb/run_notes.h
//
// What an endpoint run says about its own infrastructure, after the
// verdict: where the URL came from, how the client retried (the retry mode,
// the throttling answers, the broken connections, the time the rate limiter
// held requests back), and what became of the tables it created: deleted,
// kept for debugging (--keep-tables), or left because they could not be
// deleted, named so that a person can delete them.

#ifndef SORTKEY_DYNAMODB_RUN_NOTES_H_
#define SORTKEY_DYNAMODB_RUN_NOTES_H_

#include <string>
#include <vector>

#include "dynamodb/client.h"
#include "dynamodb/tables.h"

namespace sortkey::dynamodb {

// One line: "URL from AWS_ENDPOINT_URL; retry mode adaptive, 10 attempts
// (default); 42 answers throttled, 1 connection broken; the rate limiter held
// requests back 3.2 s, at 51.0 requests/s at the end".
std::string client_summary(const DynamoDbClient& client, const std::string& url_source);
// The same for several connections sharing `client`'s settings and rate
// limiter, `stats` their sum.
std::string client_summary(const DynamoDbClient& client, const ClientStats& stats,
                           const std::string& url_source);

// The lines for stderr when the tables are kept: their names.
std::vector<std::string> kept_tables(const std::vector<std::string>& names);

// Deletes every table `tables` holds; the lines for stderr: each table that
// could not be deleted, with why, then the ones that remain and how to
// delete them. Empty when all went.
std::vector<std::string> dropped_tables(TableManager& tables, const std::string& url);
// The same for the tables of several managers (one per connection), said once.
std::vector<std::string> dropped_tables(const std::vector<TableManager*>& tables,
                                        const std::string& url);

}  // namespace sortkey::dynamodb

#endif  // SORTKEY_DYNAMODB_RUN_NOTES_H_
