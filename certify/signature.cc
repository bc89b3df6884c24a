#include "certify/signature.h"

#include <fmt/format.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include <memory>
#include <vector>

#include "support/json_input.h"

namespace sortkey::certify {
namespace {

using Key = std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)>;
using Context = std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)>;

constexpr std::size_t kMaxKeyFile = 64 * 1024;

Error key_error(const std::string& path, std::string_view why) {
  return make_error(ErrorCode::kBadParameter, 0, fmt::format("the key {} {}", path, why));
}

// The Ed25519 key in the PEM file at `path`: private or public.
Result<Key> read_key(const std::string& path, bool private_key) {
  auto text = support::read_file_within(path, kMaxKeyFile);
  if (!text) return make_error(ErrorCode::kBadParameter, 0, "cannot read " + text.error().message);
  std::unique_ptr<BIO, decltype(&BIO_free)> bio(
      BIO_new_mem_buf(text->data(), static_cast<int>(text->size())), &BIO_free);
  Key key(private_key ? PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr)
                      : PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr),
          &EVP_PKEY_free);
  if (!key) {
    return key_error(path, private_key ? "is not a PEM private key" : "is not a PEM public key");
  }
  if (EVP_PKEY_id(key.get()) != EVP_PKEY_ED25519) {
    return key_error(path, "is not an Ed25519 key (openssl genpkey -algorithm ed25519)");
  }
  return key;
}

std::string hex(const std::vector<unsigned char>& bytes) {
  std::string out;
  for (const unsigned char b : bytes) out += fmt::format("{:02x}", b);
  return out;
}

bool unhex(std::string_view text, std::vector<unsigned char>& out) {
  if (text.size() % 2 != 0) return false;
  const auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const int hi = nibble(text[i]), lo = nibble(text[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out.push_back(static_cast<unsigned char>(hi * 16 + lo));
  }
  return true;
}

}  // namespace

Result<std::string> sign_ed25519(const std::string& key_path, std::string_view message) {
  auto key = read_key(key_path, true);
  if (!key) return key.error();
  Context ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  std::vector<unsigned char> signature(64);
  std::size_t size = signature.size();
  const auto* data = reinterpret_cast<const unsigned char*>(message.data());
  if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, key->get()) != 1 ||
      EVP_DigestSign(ctx.get(), signature.data(), &size, data, message.size()) != 1) {
    return key_error(key_path, "could not sign (OpenSSL refused)");
  }
  signature.resize(size);
  return hex(signature);
}

Result<void> verify_ed25519(const std::string& public_key_path, std::string_view message,
                            std::string_view signature_hex) {
  std::vector<unsigned char> signature;
  if (!unhex(signature_hex, signature) || signature.size() != 64) {
    return make_error(ErrorCode::kBadFormat, 0,
                      "the signature is not 128 lowercase hex digits (an Ed25519 signature)");
  }
  auto key = read_key(public_key_path, false);
  if (!key) return key.error();
  Context ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  const auto* data = reinterpret_cast<const unsigned char*>(message.data());
  if (!ctx || EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, key->get()) != 1 ||
      EVP_DigestVerify(ctx.get(), signature.data(), signature.size(), data, message.size()) != 1) {
    return make_error(ErrorCode::kNonCanonical, 0,
                      fmt::format("the signature does not verify with the public key {}: the "
                                  "certificate was not signed by its private key, or was changed",
                                  public_key_path));
  }
  return {};
}

}  // namespace sortkey::certify
