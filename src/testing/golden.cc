#include "src/testing/golden.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "src/testing/source_dir.h"

namespace sortkey::testing {
namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == '\t') {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

std::string unescape(const std::string& s, const std::string& where) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\') {
      out += s[i];
      continue;
    }
    if (i + 1 >= s.size()) throw std::runtime_error(where + ": dangling backslash");
    const char e = s[++i];
    if (e == 't')
      out += '\t';
    else if (e == 'n')
      out += '\n';
    else if (e == '\\')
      out += '\\';
    else if (e == 'x' && i + 2 < s.size()) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      throw std::runtime_error(where + ": unknown escape \\" + std::string(1, e));
    }
  }
  return out;
}

}  // namespace

const std::string& GoldenRow::operator[](const std::string& column) const {
  auto it = fields.find(column);
  if (it == fields.end()) {
    throw std::runtime_error("golden vector line " + std::to_string(line) + " has no column " +
                             column);
  }
  return it->second;
}

std::vector<GoldenRow> load_golden(const std::string& codec) {
  const std::string path = source_path("corpus/vectors/" + codec + ".tsv");
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open golden vectors " + path);
  std::vector<std::string> header;
  std::vector<GoldenRow> rows;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    auto cells = split_tabs(line);
    if (header.empty()) {
      header = cells;
      continue;
    }
    const std::string where = path + ":" + std::to_string(number);
    if (cells.size() != header.size()) {
      throw std::runtime_error(where + ": expected " + std::to_string(header.size()) +
                               " columns, found " + std::to_string(cells.size()));
    }
    GoldenRow row;
    row.line = number;
    for (std::size_t i = 0; i < cells.size(); ++i)
      row.fields[header[i]] = unescape(cells[i], where);
    rows.push_back(std::move(row));
  }
  if (rows.empty()) throw std::runtime_error(path + " holds no vectors");
  return rows;
}

bool is_error_field(const std::string& field, std::string& kind) {
  if (field.rfind("error:", 0) != 0) return false;
  kind = field.substr(6);
  return true;
}

}  // namespace sortkey::testing
