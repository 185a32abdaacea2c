# SPDX-License-Identifier: GPL-3.0-or-later
# ROPELAB_FUZZ: libFuzzer targets for the input formats (tests/fuzz). Needs clang and
# ROPELAB_SANITIZE=ON (the "fuzz" preset sets both); run them with tools/fuzz.sh.
option(ROPELAB_FUZZ "Build the libFuzzer targets in tests/fuzz (clang, with ROPELAB_SANITIZE)" OFF)
if(ROPELAB_FUZZ)
  add_subdirectory(${PROJECT_SOURCE_DIR}/tests/fuzz ${PROJECT_BINARY_DIR}/tests/fuzz)
endif()
