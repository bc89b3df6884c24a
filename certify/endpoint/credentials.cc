#include "certify/endpoint/credentials.h"

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace sortkey::certify::endpoint {
namespace {

std::string trim(std::string_view s) {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
  return std::string(s.substr(b, e - b));
}

std::string lower(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

struct IniFile {
  bool exists = false;
  bool readable = true;
  std::map<std::string, std::map<std::string, std::string>> sections;
};

IniFile read_ini(const std::string& path) {
  IniFile f;
  if (path.empty()) return f;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return f;  // the common case: nothing there
  f.exists = true;
  std::ifstream in(path);
  if (!in) {
    f.readable = false;
    return f;
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    f.readable = false;
    return f;
  }
  f.sections = parse_ini(text.str());
  return f;
}

std::string home_file(const Getenv& env, const char* var, const char* rel) {
  if (std::string p = env(var); !p.empty()) return p;
  const std::string home = env("HOME");
  return home.empty() ? std::string() : home + "/" + rel;
}

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

}  // namespace

Getenv process_environment() {
  return [](const std::string& name) {
    const char* v = std::getenv(name.c_str());
    return v == nullptr ? std::string() : std::string(v);
  };
}

Getenv map_environment(std::map<std::string, std::string> vars) {
  return [vars = std::move(vars)](const std::string& name) {
    const auto it = vars.find(name);
    return it == vars.end() ? std::string() : it->second;
  };
}

std::map<std::string, std::map<std::string, std::string>> parse_ini(std::string_view text) {
  std::map<std::string, std::map<std::string, std::string>> out;
  std::string section;
  bool in_section = false;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string line = trim(text.substr(at, nl - at));
    at = nl + 1;
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line.front() == '[' && line.back() == ']') {
      section = trim(std::string_view(line).substr(1, line.size() - 2));
      in_section = true;
      out[section];
      continue;
    }
    const std::size_t eq = line.find('=');
    if (!in_section || eq == std::string::npos)
      continue;  // nested settings and stray lines: not ours
    out[section][lower(trim(std::string_view(line).substr(0, eq)))] =
        trim(std::string_view(line).substr(eq + 1));
  }
  return out;
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

Result<Credentials> resolve_credentials(const Getenv& env, bool loopback_endpoint) {
  const std::string id = env("AWS_ACCESS_KEY_ID");
  const std::string secret = env("AWS_SECRET_ACCESS_KEY");
  if (!id.empty() || !secret.empty()) {
    if (id.empty() || secret.empty()) {
      return make_error(
          ErrorCode::kBadParameter, 0,
          "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together; only one is set");
    }
    return Credentials{{id, secret, env("AWS_SESSION_TOKEN")}, "environment"};
  }

  const std::string profile_var = env("AWS_PROFILE");
  const std::string profile = profile_var.empty() ? "default" : profile_var;
  const std::string cred_path = home_file(env, "AWS_SHARED_CREDENTIALS_FILE", ".aws/credentials");
  const std::string config_path = home_file(env, "AWS_CONFIG_FILE", ".aws/config");
  const IniFile creds = read_ini(cred_path);
  const IniFile config = read_ini(config_path);
  for (const IniFile* f : {&creds, &config}) {
    if (f->exists && !f->readable) {
      return make_error(ErrorCode::kBadParameter, 0,
                        fmt::format("cannot read {}", f == &creds ? cred_path : config_path));
    }
  }
  bool profile_seen = false;
  if (const auto s = creds.sections.find(profile); s != creds.sections.end()) {
    profile_seen = true;
    const std::string where = fmt::format("shared credentials file {} [{}]", cred_path, profile);
    auto k = keys_in(s->second, where);
    if (!k) return k.error();
    if (*k) return Credentials{**k, where};
  }
  const std::string config_section = profile == "default" ? "default" : "profile " + profile;
  if (const auto s = config.sections.find(config_section); s != config.sections.end()) {
    profile_seen = true;
    const std::string where = fmt::format("config file {} [{}]", config_path, config_section);
    auto k = keys_in(s->second, where);
    if (!k) return k.error();
    if (*k) return Credentials{**k, where};
  }
  if (!profile_var.empty() && !profile_seen) {
    return make_error(ErrorCode::kBadParameter, 0,
                      fmt::format("AWS_PROFILE={}: no such profile in {} or {}", profile, cred_path,
                                  config_path));
  }
  if (loopback_endpoint) {
    return Credentials{{"sortkeylocal", "sortkey-local-placeholder", ""},
                       "placeholder (loopback endpoint)"};
  }
  return make_error(
      ErrorCode::kBadParameter, 0,
      fmt::format("no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or put the "
                  "profile [{}] in {} (AWS_PROFILE picks another profile)",
                  profile, cred_path.empty() ? "~/.aws/credentials" : cred_path));
}

std::string resolve_region(const Getenv& env, std::string_view from_option,
                           std::string_view endpoint_host) {
  if (!from_option.empty()) return std::string(from_option);
  for (const char* var : {"AWS_REGION", "AWS_DEFAULT_REGION"}) {
    if (std::string v = env(var); !v.empty()) return v;
  }
  const std::string profile = env("AWS_PROFILE").empty() ? "default" : env("AWS_PROFILE");
  const IniFile config = read_ini(home_file(env, "AWS_CONFIG_FILE", ".aws/config"));
  const auto s = config.sections.find(profile == "default" ? "default" : "profile " + profile);
  if (s != config.sections.end()) {
    if (const auto r = s->second.find("region"); r != s->second.end() && !r->second.empty())
      return r->second;
  }
  // dynamodb.<region>.amazonaws.com[.cn]
  if (endpoint_host.rfind("dynamodb.", 0) == 0) {
    const std::string_view rest = endpoint_host.substr(9);
    const std::size_t dot = rest.find('.');
    if (dot != std::string_view::npos && rest.substr(dot).rfind(".amazonaws.com", 0) == 0) {
      return std::string(rest.substr(0, dot));
    }
  }
  return "us-east-1";
}

}  // namespace sortkey::certify::endpoint
