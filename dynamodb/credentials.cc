#include "dynamodb/credentials.h"

#include <fmt/format.h>

#include <ctime>
#include <nlohmann/json.hpp>
#include <optional>

#include "dynamodb/answer.h"
#include "sortkey/items_file.h"
#include "support/json_input.h"
#include "support/subprocess.h"
#include "support/text.h"

namespace sortkey::dynamodb {
namespace {

// credential_process: how long it may run and how much it may print.
constexpr auto kProcessTimeout = std::chrono::seconds(60);
constexpr std::size_t kMaxProcessOutput = std::size_t{64} << 10;

std::string mask(std::string_view id) {
  if (id.size() <= 4) return std::string(id.size(), '*');
  return std::string(id.size() - 4, '*') + std::string(id.substr(id.size() - 4));
}

// The keys of a section, if it holds both halves; an error if only one.
Result<std::optional<SigningKeys>> keys_in(const std::map<std::string, std::string>& section,
                                           const std::string& where) {
  const auto id = section.find("aws_access_key_id");
  const auto secret = section.find("aws_secret_access_key");
  if (id == section.end() && secret == section.end()) return std::optional<SigningKeys>();
  if (id == section.end() || secret == section.end() || id->second.empty() ||
      secret->second.empty()) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format("{} holds only one of aws_access_key_id and aws_secret_access_key", where));
  }
  SigningKeys k{id->second, secret->second, ""};
  if (const auto token = section.find("aws_session_token"); token != section.end())
    k.session_token = token->second;
  return std::optional<SigningKeys>(k);
}

// An RFC 3339 time ("2026-06-23T12:00:00Z", "...T12:00:00.5+02:00"), or nullopt.
std::optional<std::chrono::system_clock::time_point> parse_rfc3339(const std::string& text) {
  std::tm tm{};
  int consumed = 0;
  if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                  &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &consumed) != 6 ||
      consumed != 19) {
    return std::nullopt;
  }
  std::string_view rest = std::string_view(text).substr(19);
  if (!rest.empty() && rest[0] == '.') {
    std::size_t digits = 1;
    while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9') ++digits;
    if (digits == 1) return std::nullopt;
    rest.remove_prefix(digits);  // fractions of a second: not needed
  }
  long offset = 0;
  if (rest == "Z" || rest == "z") {
    offset = 0;
  } else if (rest.size() == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':') {
    int h = 0;
    int m = 0;
    if (std::sscanf(std::string(rest.substr(1)).c_str(), "%2d:%2d", &h, &m) != 2)
      return std::nullopt;
    offset = (rest[0] == '+' ? 1 : -1) * (h * 3600L + m * 60L);
  } else {
    return std::nullopt;
  }
  if (tm.tm_mon < 1 || tm.tm_mon > 12 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 ||
      tm.tm_min > 59 || tm.tm_sec > 60) {
    return std::nullopt;
  }
  tm.tm_year = std::min(tm.tm_year, 2200) - 1900;  // later is never, and within the clock's range
  tm.tm_mon -= 1;
  const std::time_t t = timegm(&tm);
  return std::chrono::system_clock::from_time_t(t - offset);
}

// The string member `name` of a credential_process answer; `required`: present and not empty.
Result<std::string> process_member(const nlohmann::json& answer, const char* name, bool required,
                                   const std::string& what) {
  // Never the value in a message: it may hold a secret.
  const auto it = answer.find(name);
  if (it == answer.end() || it->is_null()) {
    if (!required) return std::string();
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("{}: its output has no \"{}\"", what, name));
  }
  if (!it->is_string()) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format("{}: its \"{}\" is {}, not a string", what, name, what_json_is(*it)));
  }
  if (required && it->get_ref<const std::string&>().empty()) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("{}: its \"{}\" is empty", what, name));
  }
  if (auto ok = check_header_value(it->get_ref<const std::string&>(),
                                   fmt::format("{}: its \"{}\"", what, name));
      !ok) {
    return ok.error();
  }
  return it->get<std::string>();
}

// The first line of a failing process's standard error, for the message.
std::string first_line(const std::string& err) {
  const std::string line = support::excerpt(std::string_view(err).substr(0, err.find('\n')), 200);
  return line.empty() ? std::string() : ": " + line;
}

}  // namespace

Result<Credentials> read_process_answer(const std::string& out, const std::string& what) {
  // Never the output itself in a message: it holds a secret.
  // One pass for the nesting and the keys named twice, before the parse.
  const JsonScan scan = scan_json_within(out, support::kMaxJsonDepth);
  if (scan.stop == JsonScan::Stop::kTooDeep) {
    return make_error(
        ErrorCode::kBadParameter, 0,
        fmt::format("{}: its output nests deeper than {} levels", what, support::kMaxJsonDepth));
  }
  const nlohmann::json answer = nlohmann::json::parse(out, nullptr, false);
  if (answer.is_discarded() || !answer.is_object()) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("{}: its output is not a JSON object ({} bytes, not shown: it "
                                  "may hold a secret)",
                                  what, out.size()));
  }
  // Two "SecretAccessKey" keys: which one nlohmann kept is not a choice to make silently.
  if (scan.stop == JsonScan::Stop::kDuplicateKey) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("{}: its output names one key twice (not shown: it may hold a "
                                  "secret)",
                                  what));
  }
  const auto version = answer.find("Version");
  if (version == answer.end() || !version->is_number_integer() || version->get<long long>() != 1) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("{}: its \"Version\" must be the number 1{}", what,
                                  version == answer.end() ? std::string(", and is missing")
                                                          : ", and is " + what_json_is(*version)));
  }
  Credentials c;
  for (auto [name, field, required] :
       {std::tuple{"AccessKeyId", &c.keys.access_key_id, true},
        std::tuple{"SecretAccessKey", &c.keys.secret_access_key, true},
        std::tuple{"SessionToken", &c.keys.session_token, false}}) {
    auto value = process_member(answer, name, required, what);
    if (!value) return value.error();
    *field = std::move(*value);
  }
  auto expiration = process_member(answer, "Expiration", false, what);
  if (!expiration) return expiration.error();
  if (!expiration->empty()) {
    c.expires = parse_rfc3339(*expiration);
    if (!c.expires) {
      return make_error(ErrorCode::kBadParameter, 0,
                        fmt::format("{}: its \"Expiration\" is not an RFC 3339 time: \"{}\"", what,
                                    support::excerpt(*expiration, 40)));
    }
    if (*c.expires <= std::chrono::system_clock::now()) {
      return make_error(ErrorCode::kBadParameter, 0,
                        fmt::format("{}: it gave keys that expired at {}", what, *expiration));
    }
  }
  c.source = what;
  return c;
}

std::string Credentials::describe() const {
  return fmt::format("access key {} from {}", mask(keys.access_key_id), source);
}

std::string Credentials::redact(std::string text) const {
  for (const std::string* secret : {&keys.secret_access_key, &keys.session_token}) {
    if (secret->size() < 4) continue;  // too short to find reliably; placeholders only
    for (std::size_t at = text.find(*secret); at != std::string::npos;
         at = text.find(*secret, at)) {
      text.replace(at, secret->size(), "<redacted>");
    }
  }
  return text;
}

bool is_loopback_host(std::string_view host) {
  if (host == "localhost" || host == "::1" || host == "[::1]") return true;
  return host.rfind("127.", 0) == 0;
}

Result<Credentials> run_credential_process(const std::string& command, const std::string& where) {
  const std::string what = "credential_process of " + where;
  const support::ProcessResult r =
      support::run_process({"/bin/sh", "-c", command}, "",
                           std::chrono::duration_cast<std::chrono::milliseconds>(kProcessTimeout),
                           {}, kMaxProcessOutput);
  if (!r.started) return make_error(ErrorCode::kBadParameter, 0, what + ": " + r.problem);
  if (!r.problem.empty()) return make_error(ErrorCode::kBadParameter, 0, what + ": " + r.problem);
  if (r.exit_code != 0) {
    const std::string how = r.signal != 0 ? fmt::format("was killed by signal {}", r.signal)
                                          : fmt::format("exited with status {}", r.exit_code);
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("{}: {}{}", what, how, first_line(r.err)));
  }
  auto c = read_process_answer(r.out, what);
  if (!c) return c.error();
  c->process = command;
  return c;
}

namespace {

Result<Credentials> find_credentials(const Getenv& env, bool loopback_endpoint) {
  const std::string id = env("AWS_ACCESS_KEY_ID");
  const std::string secret = env("AWS_SECRET_ACCESS_KEY");
  if (!id.empty() || !secret.empty()) {
    if (id.empty() || secret.empty()) {
      return make_error(
          ErrorCode::kBadParameter, 0,
          "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together; only one is set");
    }
    Credentials c;
    c.keys = {id, secret, env("AWS_SESSION_TOKEN")};
    c.source = "environment";
    return c;
  }

  const std::string profile = profile_name(env);
  const SharedFile creds = read_credentials_file(env);
  const SharedFile config = read_config_file(env);
  for (const SharedFile* f : {&creds, &config}) {
    if (f->exists && !f->readable)
      return make_error(ErrorCode::kBadParameter, 0, "cannot read " + f->why);
  }
  const std::string config_section = config_section_name(profile);
  struct Place {
    const std::map<std::string, std::string>* section;
    std::string where;
  };
  const Place in_creds{creds.section(profile),
                       fmt::format("shared credentials file {} [{}]", creds.path, profile)};
  const Place in_config{config.section(config_section),
                        fmt::format("config file {} [{}]", config.path, config_section)};
  const auto static_keys = [](const Place& p) -> Result<std::optional<Credentials>> {
    if (p.section == nullptr) return std::optional<Credentials>();
    auto k = keys_in(*p.section, p.where);
    if (!k) return k.error();
    if (!*k) return std::optional<Credentials>();
    Credentials c;
    c.keys = **k;
    c.source = p.where;
    return std::optional<Credentials>(c);
  };
  // The order of the AWS CLI: keys in the credentials file, credential_process, keys in the
  // config file.
  auto from_creds = static_keys(in_creds);
  if (!from_creds) return from_creds.error();
  if (*from_creds) return **from_creds;
  for (const Place* p : {&in_creds, &in_config}) {
    if (p->section == nullptr) continue;
    const auto process = p->section->find("credential_process");
    if (process != p->section->end() && !process->second.empty())
      return run_credential_process(process->second, p->where);
  }
  auto from_config = static_keys(in_config);
  if (!from_config) return from_config.error();
  if (*from_config) return **from_config;
  if (!env("AWS_PROFILE").empty() && in_creds.section == nullptr && in_config.section == nullptr) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("AWS_PROFILE={}: no such profile in {} or {}", profile,
                                  creds.path, config.path));
  }
  if (loopback_endpoint) {
    Credentials c;
    c.keys = {"sortkeylocal", "sortkey-local-placeholder", ""};
    c.source = "placeholder (loopback endpoint)";
    return c;
  }
  return make_error(
      ErrorCode::kBadParameter, 0,
      fmt::format("no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or put the "
                  "profile [{}] in {} (AWS_PROFILE picks another profile)",
                  profile, creds.path.empty() ? "~/.aws/credentials" : creds.path));
}

// The names a key of `c` goes by where it came from, for messages.
std::string key_name(const Credentials& c, int field) {
  static constexpr const char* kVariables[] = {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
                                               "AWS_SESSION_TOKEN"};
  static constexpr const char* kSettings[] = {"aws_access_key_id", "aws_secret_access_key",
                                              "aws_session_token"};
  if (c.source == "environment") return kVariables[field];
  return fmt::format("{} of {}", kSettings[field], c.source);
}

// The region and where it came from.
std::pair<std::string, std::string> find_region(const Getenv& env, std::string_view from_option,
                                                std::string_view endpoint_host) {
  if (!from_option.empty()) return {std::string(from_option), "--region"};
  for (const char* var : {"AWS_REGION", "AWS_DEFAULT_REGION"}) {
    if (std::string v = env(var); !v.empty()) return {v, var};
  }
  const SharedFile config = read_config_file(env);
  const std::string section = config_section_name(profile_name(env));
  if (const auto* s = config.section(section)) {
    if (const auto r = s->find("region"); r != s->end() && !r->second.empty()) {
      return {r->second, fmt::format("region of {} [{}]", config.path, section)};
    }
  }
  // dynamodb.<region>.amazonaws.com[.cn]
  if (endpoint_host.rfind("dynamodb.", 0) == 0) {
    const std::string_view rest = endpoint_host.substr(9);
    const std::size_t dot = rest.find('.');
    if (dot != std::string_view::npos && rest.substr(dot).rfind(".amazonaws.com", 0) == 0) {
      return {std::string(rest.substr(0, dot)), "the endpoint's host"};
    }
  }
  return {"us-east-1", "the default"};
}

}  // namespace

Result<Credentials> resolve_credentials(const Getenv& env, bool loopback_endpoint) {
  auto c = find_credentials(env, loopback_endpoint);
  if (!c) return c.error();
  const std::string* keys[] = {&c->keys.access_key_id, &c->keys.secret_access_key,
                               &c->keys.session_token};
  for (int field = 0; field < 3; ++field) {
    if (auto ok = check_header_value(*keys[field], key_name(*c, field)); !ok) return ok.error();
  }
  return c;
}

Result<std::string> resolve_region(const Getenv& env, std::string_view from_option,
                                   std::string_view endpoint_host) {
  auto [region, from] = find_region(env, from_option, endpoint_host);
  if (auto ok = check_header_value(region, "the region (" + from + ")"); !ok) return ok.error();
  return region;
}

Result<void> check_header_value(std::string_view value, std::string_view what) {
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto byte = static_cast<unsigned char>(value[i]);
    if (byte < 0x20 || byte == 0x7f) {
      return make_error(ErrorCode::kBadParameter, i,
                        fmt::format("{} holds a control character (byte 0x{:02X} at offset {}): "
                                    "an HTTP header cannot carry it",
                                    what, byte, i));
    }
  }
  return {};
}

}  // namespace sortkey::dynamodb
