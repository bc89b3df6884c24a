# Release packages of the installed tool and library (`cpack` in the build
# tree): a Debian package and a .tar.gz. The version is project()'s, the one
# place it is written; CHANGELOG.md's top entry, `sortkey --version` and the
# certificates agree with it (ci/check_version.sh).
#
#   cpack --config build/release/CPackConfig.cmake -B build/release/packages
#
# writes sortkey_<version>_<arch>.deb and sortkey-<version>-Linux-<arch>.tar.gz.
# The .deb's Depends are computed from what the binary links
# (dpkg-shlibdeps), so they name the libraries of the distribution it was
# built on.
#
# What the packages hold besides the library and the command, so that an
# installed sortkey works without the source tree:
#   share/doc/sortkey/    LICENSE, README, CHANGELOG, design-format.md and its
#                         JSON Schema, the example designs (examples/, broken/)
#   share/man/man1/sortkey.1, share/man/man5/sortkey-design.5
#                         `sortkey man`, and design-format.md as a manual page
#                         (docs/md2man.py), written at install time
#   share/sortkey/corpus/ the seed corpora, regressions and golden vectors
#                         (`sortkey fuzz --corpus`, `certify --corpus`)
#   share/sortkey/fuzz/   the fuzz targets' dictionaries (`sortkey fuzz --dicts`)
#   libexec/sortkey/fuzzers/
#                         the libFuzzer binaries found in
#                         SORTKEY_PACKAGE_FUZZERS_DIR at install time (ci/release.sh
#                         puts the fuzz preset's there), where `sortkey fuzz` finds
#                         them next to bin/sortkey
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/README.md
              ${PROJECT_SOURCE_DIR}/CHANGELOG.md ${PROJECT_SOURCE_DIR}/docs/design-format.md
              ${PROJECT_SOURCE_DIR}/docs/design.schema.json
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/corpus/ DESTINATION ${CMAKE_INSTALL_DATADIR}/sortkey/corpus)
# The script `sortkey design import` runs under Node.js for ElectroDB and
# OneTable modules (design/import/node_source.cc finds it there).
install(FILES ${PROJECT_SOURCE_DIR}/design/import/node/entities.mjs
        DESTINATION ${CMAKE_INSTALL_DATADIR}/sortkey/import)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/fuzz/ DESTINATION ${CMAKE_INSTALL_DATADIR}/sortkey/fuzz
        FILES_MATCHING PATTERN "*.dict" PATTERN "selftest" EXCLUDE PATTERN "oss-fuzz" EXCLUDE
        PATTERN "tests" EXCLUDE)

find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  install(CODE "
    file(MAKE_DIRECTORY \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_MANDIR}/man5\")
    execute_process(COMMAND \"${Python3_EXECUTABLE}\" \"${PROJECT_SOURCE_DIR}/docs/md2man.py\"
                            \"${PROJECT_SOURCE_DIR}/docs/design-format.md\"
                            \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_MANDIR}/man5/sortkey-design.5\"
                            \"${PROJECT_VERSION}\" COMMAND_ERROR_IS_FATAL ANY)")
endif()
if(SORTKEY_BUILD_TOOLS)
  install(CODE "
    file(MAKE_DIRECTORY \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_MANDIR}/man1\")
    execute_process(COMMAND \"$<TARGET_FILE:sortkey_cli>\" man
                    OUTPUT_FILE \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_MANDIR}/man1/sortkey.1\"
                    COMMAND_ERROR_IS_FATAL ANY)")
endif()
set(SORTKEY_PACKAGE_FUZZERS_DIR "${PROJECT_BINARY_DIR}/package-fuzzers"
    CACHE PATH "libFuzzer binaries (*_fuzzer) to install in libexec/sortkey/fuzzers, when there")
install(CODE "
  file(GLOB _sortkey_fuzzers \"${SORTKEY_PACKAGE_FUZZERS_DIR}/*_fuzzer\")
  if(_sortkey_fuzzers)
    file(INSTALL \${_sortkey_fuzzers} USE_SOURCE_PERMISSIONS
         DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBEXECDIR}/sortkey/fuzzers\")
  endif()")

set(CPACK_PACKAGE_NAME sortkey)
set(CPACK_PACKAGE_VENDOR "The sortkey authors")
set(CPACK_PACKAGE_CONTACT "The sortkey authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "The sortkey command (codec commands, the certifier of codec adapters and of DynamoDB-compatible \
endpoints, fuzz campaigns) and the sortkey C++20 library with its headers and CMake package.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB TGZ)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)
set(CPACK_SYSTEM_NAME "Linux-${CMAKE_SYSTEM_PROCESSOR}")

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# A consumer of the static library links what it links.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libfmt-dev, libicu-dev, nlohmann-json3-dev")

include(CPack)
