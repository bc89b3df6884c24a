#include "design/import/import_props.h"

#include <string>

#include "design/import/import.h"
#include "design/load.h"

namespace sortkey::design_import {

props::Outcome imported_design_loads(std::string_view text, std::string_view source) {
  using props::Outcome;
  ImportOptions o;
  o.source = std::string(source);
  auto yaml = import_design_text(text, o);
  if (!yaml) {
    const std::string& m = yaml.error().message;
    if (m.find('\n') != std::string::npos)
      return Outcome::fails("a message of several lines: " + m);
    if (m.find(source) == std::string::npos)
      return Outcome::fails("a message without the source: " + m);
    // The import's last guard caught a design its readers let through.
    // (A prefix: a message may quote the model, and the model may hold these words.)
    if (m.rfind(std::string(source) + ": the design imported from it does not load", 0) == 0)
      return Outcome::fails(m);
    return Outcome::holds();
  }
  auto design = design::load_design_text(*yaml, "imported.yaml");
  if (!design) {
    return Outcome::fails("the imported design does not load: " + design.error().message + "\n" +
                          *yaml);
  }
  return Outcome::holds();
}

}  // namespace sortkey::design_import
