#include "dynamodb/client.h"

#include <curl/curl.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <random>
#include <stdexcept>
#include <thread>

#include "dynamodb/read_answer.h"
#include "dynamodb/sigv4.h"

namespace sortkey::dynamodb {

std::atomic<int>& interrupt_count() {
  static std::atomic<int> count{0};
  return count;
}

std::atomic<int>& interrupt_signal() {
  static std::atomic<int> signal{0};
  return signal;
}

namespace {

// The largest answer body read: DynamoDB's own are at most a few MB.
constexpr std::size_t kMaxBody = std::size_t{32} << 20;

struct Body {
  std::string text;
  bool too_large = false;
};

std::size_t collect(char* data, std::size_t size, std::size_t n, void* out) {
  Body& body = *static_cast<Body*>(out);
  if (body.text.size() + size * n > kMaxBody) {
    body.too_large = true;
    return 0;  // ends the transfer with CURLE_WRITE_ERROR
  }
  body.text.append(data, size * n);
  return size * n;
}

// What a summary of a body cut at kMaxBody reads: its start names its type
// and first line; the whole, parsed, took ten times its size in memory.
std::string_view body_start(std::string_view text) { return text.substr(0, std::size_t{64} << 10); }

struct Progress {
  int threshold;
  const std::atomic<std::int64_t>* deadline;
  bool over_budget = false;
};

std::int64_t steady_ticks() { return std::chrono::steady_clock::now().time_since_epoch().count(); }

// libcurl calls this during a transfer; non-zero aborts it.
int on_progress(void* p, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  Progress& progress = *static_cast<Progress*>(p);
  if (interrupt_count().load() >= progress.threshold) return 1;
  progress.over_budget = steady_ticks() > progress.deadline->load();
  return progress.over_budget ? 1 : 0;
}

// A connection that was made and then broke: retried like a 5xx.
bool broken_connection(CURLcode rc) {
  return rc == CURLE_SEND_ERROR || rc == CURLE_RECV_ERROR || rc == CURLE_GOT_NOTHING ||
         rc == CURLE_PARTIAL_FILE;
}

// It broke after the whole request was written: reading the answer failed,
// none came, or it was cut short. A send that failed left the request
// incomplete.
bool broken_after_sending(CURLcode rc) { return broken_connection(rc) && rc != CURLE_SEND_ERROR; }

// Keys this close to expiring are fetched again (the SDKs: 5 to 15 minutes).
constexpr auto kRefreshBefore = std::chrono::minutes(5);

void curl_global() {
  static const bool done = [] { return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK; }();
  (void)done;
}

// The request's headers for libcurl (which sets Host itself), signed.
curl_slist* header_list(const RequestToSign& r, const Signed& s) {
  curl_slist* headers = nullptr;
  for (const auto& [k, v] : r.headers) {
    if (k != "Host") headers = curl_slist_append(headers, (k + ": " + v).c_str());
  }
  for (const auto& [k, v] : s.headers) headers = curl_slist_append(headers, (k + ": " + v).c_str());
  return curl_slist_append(headers, "Expect:");  // no 100-continue round trip for large bodies
}

// One POST of `body` to the endpoint, its answer collected into `out`.
void prepare(CURL* curl, const EndpointConfig& config, const std::string& body, curl_slist* headers,
             Body* out, Progress* progress) {
  curl_easy_reset(curl);
  curl_easy_setopt(curl, CURLOPT_URL, config.url.c_str());
  curl_easy_setopt(curl, CURLOPT_POST, 1L);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.data());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, out);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, config.connect_timeout_ms);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, config.request_timeout_ms);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_NOPROXY,
                   "*");  // the endpoint is named exactly; never via a proxy
  curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
  curl_easy_setopt(curl, CURLOPT_XFERINFODATA, progress);
}

}  // namespace

std::string url_host(std::string_view url) {
  std::size_t start = 0;
  if (url.rfind("http://", 0) == 0) {
    start = 7;
  } else if (url.rfind("https://", 0) == 0) {
    start = 8;
  } else {
    return "";
  }
  std::string_view rest = url.substr(start);
  rest = rest.substr(0, rest.find('/'));
  if (!rest.empty() && rest[0] == '[') return std::string(rest.substr(0, rest.find(']') + 1));
  return std::string(rest.substr(0, rest.find(':')));
}

Result<std::unique_ptr<DynamoDbClient>> DynamoDbClient::create(EndpointConfig config) {
  if (url_host(config.url).empty()) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format("the endpoint must be an http:// or https:// URL, got \"{}\"", config.url));
  }
  if (config.url.back() != '/') config.url += '/';
  std::string_view rest = config.url;
  rest.remove_prefix(rest.find("//") + 2);
  std::string host(rest.substr(0, rest.find('/')));
  curl_global();
  CURL* curl = curl_easy_init();
  if (curl == nullptr)
    return make_error(ErrorCode::kUnavailable, 0, "libcurl could not be initialised");
  return std::unique_ptr<DynamoDbClient>(new DynamoDbClient(
      std::move(config), curl, std::move(host), std::make_shared<RateLimiter>()));
}

Result<std::unique_ptr<DynamoDbClient>> DynamoDbClient::another_connection() const {
  auto other = create(config_);
  if (!other) return other.error();
  (*other)->limiter_ = limiter_;
  (*other)->deadline_ = deadline_;
  (*other)->interrupt_threshold_ = interrupt_threshold_;
  return other;
}

ClientStats& operator+=(ClientStats& total, const ClientStats& more) {
  total.requests += more.requests;
  total.retries += more.retries;
  total.throttled += more.throttled;
  total.broken += more.broken;
  total.unknown_outcomes += more.unknown_outcomes;
  total.credential_refreshes += more.credential_refreshes;
  total.limited_seconds += more.limited_seconds;
  for (const auto& [action, n] : more.by_action) total.by_action[action] += n;
  return total;
}

DynamoDbClient::DynamoDbClient(EndpointConfig config, void* curl, std::string host,
                               std::shared_ptr<RateLimiter> limiter)
    : config_(std::move(config)),
      limiter_(std::move(limiter)),
      deadline_(
          std::make_shared<std::atomic<std::int64_t>>(std::numeric_limits<std::int64_t>::max())),
      curl_(curl),
      host_(std::move(host)),
      jitter_state_(std::random_device{}()) {}

DynamoDbClient::~DynamoDbClient() { curl_easy_cleanup(static_cast<CURL*>(curl_)); }

std::string DynamoDbClient::host() const { return host_; }

void DynamoDbClient::set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) {
  deadline_->store(deadline ? deadline->time_since_epoch().count()
                            : std::numeric_limits<std::int64_t>::max());
}

bool DynamoDbClient::past_deadline() const { return steady_ticks() > deadline_->load(); }

void DynamoDbClient::check_stop() const {
  if (interrupted()) throw TransportError(TransportError::Kind::kInterrupted, "interrupted");
  if (past_deadline()) {
    throw TransportError(TransportError::Kind::kOverBudget,
                         "the run's budget was spent before the endpoint answered");
  }
}

void DynamoDbClient::pause(double seconds) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point until =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(std::clamp(seconds, 0.0, 3600.0)));
  while (Clock::now() < until) {
    check_stop();
    std::this_thread::sleep_for(
        std::min<Clock::duration>(std::chrono::milliseconds(10), until - Clock::now()));
  }
}

void DynamoDbClient::refresh_credentials_if_expiring() {
  Credentials& c = config_.credentials;
  if (c.process.empty() || !c.expires ||
      std::chrono::system_clock::now() + kRefreshBefore < *c.expires) {
    return;
  }
  const std::string where = c.source.substr(c.source.find(" of ") + 4);
  auto fresh = run_credential_process(c.process, where);
  if (!fresh) {
    throw TransportError(
        TransportError::Kind::kProtocol,
        "the keys are about to expire and could not be renewed: " + fresh.error().message);
  }
  c = std::move(*fresh);
  ++stats_.credential_refreshes;
}

struct DynamoDbClient::Exchange {
  CURLcode rc = CURLE_OK;
  long status = 0;
  long sent = 0;             // bytes of the request written, on every connection tried
  bool over_budget = false;  // aborted: the deadline passed
  Body body;
};

DynamoDbClient::Exchange DynamoDbClient::exchange(const std::string& target,
                                                  const std::string& body) {
  RequestToSign r;
  r.method = "POST";
  r.path = "/";
  r.headers = {
      {"Host", host_}, {"Content-Type", "application/x-amz-json-1.0"}, {"X-Amz-Target", target}};
  r.payload = body;
  const Signed s = sign(r, config_.credentials.keys, config_.region, "dynamodb", amz_date_now());
  curl_slist* headers = header_list(r, s);
  CURL* curl = static_cast<CURL*>(curl_);
  Exchange ex;
  Progress progress{interrupt_threshold_, deadline_.get()};
  prepare(curl, config_, body, headers, &ex.body, &progress);
  ex.rc = curl_easy_perform(curl);
  ex.over_budget = progress.over_budget;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &ex.status);
  curl_easy_getinfo(curl, CURLINFO_REQUEST_SIZE, &ex.sent);
  curl_slist_free_all(headers);
  return ex;
}

AnswerReading DynamoDbClient::attempt(std::string_view action, const std::string& target,
                                      const std::string& body) {
  refresh_credentials_if_expiring();
  const Exchange ex = exchange(target, body);
  const std::string where = fmt::format("{} {}", config_.url, action);
  const auto& creds = config_.credentials;
  if (ex.rc == CURLE_ABORTED_BY_CALLBACK) {
    if (ex.over_budget) check_stop();
    throw TransportError(TransportError::Kind::kInterrupted, "interrupted");
  }
  if (ex.rc == CURLE_OPERATION_TIMEDOUT) {
    throw TransportError(TransportError::Kind::kTimeout,
                         fmt::format("{}: no answer within {} ms ({}; --request-timeout sets "
                                     "the limit)",
                                     where, config_.request_timeout_ms, curl_easy_strerror(ex.rc)));
  }
  if (ex.body.too_large) {
    const std::string why = fmt::format("a body larger than {} bytes", kMaxBody);
    throw TransportError(
        TransportError::Kind::kProtocol, fmt::format("{}: HTTP {} with {}", where, ex.status, why),
        BadAnswer{ex.status, why, summarize_body(body_start(ex.body.text), creds)});
  }
  // libcurl sends on a kept connection and, when that one closes without an
  // answer, connects afresh once: a refused connection after bytes were
  // sent is a connection that broke with the request.
  const bool resent_refused = ex.rc == CURLE_COULDNT_CONNECT && ex.sent > 0;
  if (broken_connection(ex.rc) || resent_refused) {
    ++stats_.broken;
    AnswerReading broke;
    broke.retry_because =
        creds.redact(fmt::format("the connection broke: {}", curl_easy_strerror(ex.rc)));
    broke.broke = true;
    broke.unknown = broken_after_sending(ex.rc) || resent_refused;
    return broke;
  }
  if (ex.rc != CURLE_OK) {
    throw TransportError(TransportError::Kind::kUnreachable,
                         creds.redact(fmt::format("cannot reach {} ({}): {}", config_.url, action,
                                                  curl_easy_strerror(ex.rc))));
  }
  return read_answer(action, where, ex.status, ex.body.text, creds);
}

Reply DynamoDbClient::call(std::string_view action, const nlohmann::json& request) {
  std::string body;
  try {
    body = request.dump(-1, ' ', false, nlohmann::json::error_handler_t::strict);
  } catch (const nlohmann::json::exception& e) {
    // Requests are sortkey's own: text in one that is not UTF-8 is sortkey's bug.
    throw std::invalid_argument(
        fmt::format("sortkey made a {} request that is not valid JSON (a bug of sortkey's): {}",
                    action, e.what()));
  }
  const std::string target = "DynamoDB_20120810." + std::string(action);
  const RetrySettings& retry = config_.retry;
  AnswerReading last;
  bool unknown = false;  // an attempt so far may have been applied
  for (int n = 1; n <= retry.max_attempts; ++n) {
    check_stop();
    if (n > 1) {
      ++stats_.retries;
      std::mt19937_64 rng(jitter_state_++);
      pause(backoff_seconds(retry.mode, n - 1, last.throttled,
                            std::uniform_real_distribution<double>(0, 1)(rng)));
    }
    if (retry.mode == RetryMode::kAdaptive && rate_limited_) {
      const double wait = limiter_->reserve();
      // A wait that would end past the deadline is not begun: its token goes
      // back, so that the requests after the deadline (the cleanup's) do not
      // pay for attempts never sent.
      const auto until = std::chrono::steady_clock::now().time_since_epoch().count() +
                         std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(wait))
                             .count();
      if (until > deadline_->load()) {
        limiter_->give_back();
        check_stop();
        throw TransportError(TransportError::Kind::kOverBudget,
                             "the run's budget ends before the rate limiter lets this request go");
      }
      stats_.limited_seconds += wait;
      pause(wait);
    }
    ++stats_.requests;
    ++stats_.by_action[std::string(action)];
    try {
      last = attempt(action, target, body);
    } catch (const TransportError& e) {
      // Sent, the connection broke, and now it cannot be made: the endpoint
      // went away with the request.
      if (e.kind() != TransportError::Kind::kUnreachable || last.retry_because.empty() ||
          !last.broke) {
        throw;
      }
      throw TransportError(TransportError::Kind::kConnectionLost,
                           fmt::format("{} {}: no answer: {}, then {}", config_.url, action,
                                       last.retry_because, e.what()));
    }
    // A 5xx that is not throttling leaves the outcome unknown too: DynamoDB
    // says it could not process the request, but an endpoint under test may
    // have applied it before failing (DynamoDB Local applies an UpdateItem
    // with ReturnValues UPDATED_NEW and no UpdateExpression, then answers
    // 500), and the retry of a write that is not idempotent then meets the
    // state the first attempt left.
    unknown = unknown || last.unknown || last.server_error.has_value();
    if (last.throttled) ++stats_.throttled;
    if (retry.mode == RetryMode::kAdaptive) limiter_->on_answer(last.throttled);
    if (last.reply) {
      last.reply->attempts = n;
      last.reply->outcome_unknown = unknown;
      if (unknown) ++stats_.unknown_outcomes;
      return std::move(*last.reply);
    }
    if (last.server_error && n >= std::min(retry.server_error_attempts, retry.max_attempts)) {
      throw server_error_after(fmt::format("{} {}", config_.url, action), *last.server_error, n,
                               retry, config_.credentials);
    }
  }
  throw TransportError(
      last.broke ? TransportError::Kind::kConnectionLost : TransportError::Kind::kThrottled,
      config_.credentials.redact(
          fmt::format("{} {}: still failing after {} attempts (retry mode {}, settings from {}; "
                      "AWS_MAX_ATTEMPTS and AWS_RETRY_MODE change them); last: {}",
                      config_.url, action, retry.max_attempts, retry_mode_name(retry.mode),
                      retry.source, last.retry_because)));
}

Result<AttributeValue> value_from_json(const nlohmann::json& j) {
  return parse_attribute_value(j.dump());
}

Result<Item> item_from_json(const nlohmann::json& j) { return parse_item(j.dump()); }

nlohmann::json to_json_value(const AttributeValue& v) { return nlohmann::json::parse(to_json(v)); }

nlohmann::json to_json_item(const Item& item) { return nlohmann::json::parse(to_json(item)); }

}  // namespace sortkey::dynamodb
