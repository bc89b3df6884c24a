#include <iostream>

#include "sortkey/sortkey.h"

int main() {
  auto key = sortkey::encode_padded(157, 5);
  if (!key) return 1;
  std::cout << *key << "\n";
}
