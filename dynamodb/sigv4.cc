#include "dynamodb/sigv4.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <algorithm>
#include <ctime>
#include <map>

#include "support/text.h"

namespace sortkey::dynamodb {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// Header values: no leading or trailing spaces, inner runs folded to one.
std::string trim_fold(std::string_view v) {
  std::string out;
  bool space = false;
  for (const char c : v) {
    if (c == ' ' || c == '\t') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::string canonical_query(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> pairs;
  std::size_t at = 0;
  while (at <= query.size() && !query.empty()) {
    const std::size_t amp = std::min(query.find('&', at), query.size());
    const std::string_view part = query.substr(at, amp - at);
    if (!part.empty()) {
      const std::size_t eq = part.find('=');
      pairs.emplace_back(
          uri_encode(part.substr(0, eq), false),
          eq == std::string_view::npos ? std::string() : uri_encode(part.substr(eq + 1), false));
    }
    at = amp + 1;
  }
  std::sort(pairs.begin(), pairs.end());
  std::string out;
  for (const auto& [k, v] : pairs) {
    if (!out.empty()) out.push_back('&');
    out.append(k).append("=").append(v);
  }
  return out;
}

}  // namespace

std::string to_hex(std::string_view bytes) {
  static const char* const kDigits = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

std::string sha256_hex(std::string_view data) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest);
  return to_hex(std::string_view(reinterpret_cast<const char*>(digest), sizeof digest));
}

std::string hmac_sha256(std::string_view key, std::string_view data) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), out, &n);
  return std::string(reinterpret_cast<const char*>(out), n);
}

std::string signing_key(std::string_view secret, std::string_view date, std::string_view region,
                        std::string_view service) {
  const std::string k_date = hmac_sha256("AWS4" + std::string(secret), date);
  const std::string k_region = hmac_sha256(k_date, region);
  const std::string k_service = hmac_sha256(k_region, service);
  return hmac_sha256(k_service, "aws4_request");
}

std::string uri_encode(std::string_view text, bool keep_slash) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    const bool unreserved = (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') ||
                            (b >= '0' && b <= '9') || b == '-' || b == '.' || b == '_' || b == '~';
    if (unreserved || (keep_slash && b == '/')) {
      out += c;
    } else {
      out += '%';
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
  }
  return out;
}

std::string amz_date_now() { return support::utc_now("%Y%m%dT%H%M%SZ"); }

Signed sign(const RequestToSign& request, const SigningKeys& keys, std::string_view region,
            std::string_view service, std::string_view amz_date) {
  Signed out;
  out.headers.emplace_back("X-Amz-Date", std::string(amz_date));
  if (!keys.session_token.empty())
    out.headers.emplace_back("X-Amz-Security-Token", keys.session_token);

  // Every header sent is signed: the caller's and the two above.
  std::map<std::string, std::string> canonical;
  auto add = [&canonical](const std::string& name, const std::string& value) {
    std::string& slot = canonical[lower(name)];
    if (!slot.empty()) slot.push_back(',');
    slot.append(trim_fold(value));
  };
  for (const auto& [k, v] : request.headers) add(k, v);
  for (const auto& [k, v] : out.headers) add(k, v);
  std::string header_block;
  std::string signed_headers;
  for (const auto& [k, v] : canonical) {
    header_block.append(k).append(":").append(v).append("\n");
    if (!signed_headers.empty()) signed_headers.push_back(';');
    signed_headers.append(k);
  }

  out.canonical_request = request.method + "\n" +
                          uri_encode(request.path.empty() ? "/" : request.path, true) + "\n" +
                          canonical_query(request.query) + "\n" + header_block + "\n" +
                          signed_headers + "\n" + sha256_hex(request.payload);
  const std::string date(amz_date.substr(0, 8));
  const std::string scope =
      date + "/" + std::string(region) + "/" + std::string(service) + "/aws4_request";
  out.string_to_sign = "AWS4-HMAC-SHA256\n" + std::string(amz_date) + "\n" + scope + "\n" +
                       sha256_hex(out.canonical_request);
  const std::string signature = to_hex(
      hmac_sha256(signing_key(keys.secret_access_key, date, region, service), out.string_to_sign));
  out.authorization = "AWS4-HMAC-SHA256 Credential=" + keys.access_key_id + "/" + scope +
                      ", SignedHeaders=" + signed_headers + ", Signature=" + signature;
  out.headers.emplace_back("Authorization", out.authorization);
  return out;
}

}  // namespace sortkey::dynamodb
