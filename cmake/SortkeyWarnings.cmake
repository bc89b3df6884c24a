# sortkey_warnings: the warning flags every sortkey target builds with. An
# INTERFACE target, so flags are per target and never edit CMAKE_CXX_FLAGS.
add_library(sortkey_warnings INTERFACE)
target_compile_options(sortkey_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                       -Wnon-virtual-dtor -Wimplicit-fallthrough)
if(SORTKEY_WERROR)
  target_compile_options(sortkey_warnings INTERFACE -Werror)
endif()
