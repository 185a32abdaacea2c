# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -DARCHIVE=libropelab_core.a -DNM=nm -P check_no_cli_symbols.cmake: fails when the archive
# defines any symbol of namespace ropelab::cli (the command line belongs to ropelab_cli).
execute_process(COMMAND ${NM} --demangle --defined-only ${ARCHIVE}
                OUTPUT_VARIABLE symbols RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${ARCHIVE}")
endif()
string(REGEX MATCHALL "[^\n]*ropelab::cli::[^\n]*" cli_symbols "${symbols}")
list(LENGTH cli_symbols count)
if(count GREATER 0)
  list(GET cli_symbols 0 first)
  message(FATAL_ERROR "${ARCHIVE} defines ${count} ropelab::cli symbols, e.g. ${first}")
endif()
string(REGEX MATCHALL "ropelab::" core_symbols "${symbols}")
list(LENGTH core_symbols core_count)
if(core_count EQUAL 0)
  message(FATAL_ERROR "no ropelab:: symbol in ${ARCHIVE}: wrong archive?")
endif()
message(STATUS "${ARCHIVE}: ${core_count} ropelab:: symbols, none of ropelab::cli")
