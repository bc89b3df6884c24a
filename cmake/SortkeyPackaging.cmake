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
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/README.md
              ${PROJECT_SOURCE_DIR}/CHANGELOG.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

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
