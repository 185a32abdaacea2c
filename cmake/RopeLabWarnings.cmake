# SPDX-License-Identifier: GPL-3.0-or-later
# Warnings for our own targets only (third-party headers are included as SYSTEM).
function(ropelab_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-unused-parameter)
endfunction()
