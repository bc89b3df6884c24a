#include "dynamodb/run_notes.h"

#include <fmt/format.h>

#include "support/text.h"

namespace sortkey::dynamodb {
namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string plural(std::uint64_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace

std::string client_summary(const DynamoDbClient& client, const std::string& url_source) {
  return client_summary(client, client.stats(), url_source);
}

std::string client_summary(const DynamoDbClient& client, const ClientStats& st,
                           const std::string& url_source) {
  const RetrySettings& retry = client.config().retry;
  std::string out = fmt::format(
      "URL from {}; retry mode {}, {} attempts ({}); {} throttled, {} broken", url_source,
      retry_mode_name(retry.mode), retry.max_attempts, retry.source,
      plural(st.throttled, "answer", "answers"), plural(st.broken, "connection", "connections"));
  if (client.limiter().enabled()) {
    out += fmt::format(
        "; the rate limiter held requests back {:.1f}s, at {:.1f} requests/s at the end",
        st.limited_seconds, client.limiter().fill_rate());
  }
  if (st.credential_refreshes > 0) {
    out += fmt::format("; credential_process renewed the keys {} time(s)", st.credential_refreshes);
  }
  return out;
}

std::vector<std::string> kept_tables(const std::vector<std::string>& names) {
  if (names.empty()) return {};
  return {fmt::format("kept {} (--keep-tables): {}", plural(names.size(), "table", "tables"),
                      joined(names))};
}

std::vector<std::string> dropped_tables(TableManager& tables, const std::string& url) {
  return dropped_tables(std::vector<TableManager*>{&tables}, url);
}

std::vector<std::string> dropped_tables(const std::vector<TableManager*>& tables,
                                        const std::string& url) {
  std::vector<std::string> out;
  std::vector<std::string> left;
  for (TableManager* t : tables) {
    for (const std::string& failure : t->drop_all()) {
      out.push_back("could not delete the table " + failure);
    }
    for (std::string& name : t->names()) left.push_back(std::move(name));
  }
  if (!left.empty()) {
    out.push_back(fmt::format(
        "{} remain{}: {}; delete each with: aws dynamodb delete-table --endpoint-url {} "
        "--table-name NAME",
        plural(left.size(), "table", "tables"), left.size() == 1 ? "s" : "", joined(left),
        support::shell_quote(url)));
  }
  return out;
}

}  // namespace sortkey::dynamodb
