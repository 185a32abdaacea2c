# SPDX-License-Identifier: GPL-3.0-or-later
# The layer test (ctest ui_layers; ARCHITECTURE.md): reads every #include in core/, cli/ and ui/
# and fails, naming file:line, on one that points up a layer or across features. Plain CMake, so
# a fresh machine needs nothing more:  cmake -DSOURCE_DIR=<repo> -P tools/check_layers.cmake
#
# ui/'s folders, bottom to top: an include may point down, or sideways within its own layer,
# except in the features layer, where each folder sees the others only through a lower layer.
cmake_minimum_required(VERSION 3.25)

set(ui_layers
    "base: model style"
    "widgets: widgets"
    "lessons: lessons"
    "features: export session activities help"
    "shell: window")
set(feature_layer "features")

if(NOT SOURCE_DIR)
  get_filename_component(SOURCE_DIR "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
endif()

set(folder_names "")
set(layer_index 0)
foreach(entry IN LISTS ui_layers)
  string(REGEX MATCH "^([a-z]+): (.*)$" _ "${entry}")
  set(name "${CMAKE_MATCH_1}")
  string(REPLACE " " ";" folders "${CMAKE_MATCH_2}")
  foreach(folder IN LISTS folders)
    set(layer_of_${folder} ${layer_index})
    set(layer_name_of_${folder} "${name}")
    list(APPEND folder_names ${folder})
  endforeach()
  math(EXPR layer_index "${layer_index} + 1")
endforeach()

set(problems "")

# Every folder of ui/ has a layer, so a new one cannot slip past the test.
file(GLOB ui_entries LIST_DIRECTORIES true RELATIVE "${SOURCE_DIR}/ui" "${SOURCE_DIR}/ui/*")
foreach(entry IN LISTS ui_entries)
  if(IS_DIRECTORY "${SOURCE_DIR}/ui/${entry}" AND NOT entry IN_LIST folder_names)
    list(APPEND problems "ui/${entry}: a folder in no layer (add it to tools/check_layers.cmake)")
  endif()
endforeach()
set(ui_folders ${ui_entries})
list(FILTER ui_folders INCLUDE REGEX "^[a-z_]+$")

# check(<tree>): appends a problem for each include in <tree>/ that breaks its rules.
function(check tree)
  file(GLOB_RECURSE sources RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${tree}/*.h"
       "${SOURCE_DIR}/${tree}/*.hpp" "${SOURCE_DIR}/${tree}/*.cpp" "${SOURCE_DIR}/${tree}/*.cu"
       "${SOURCE_DIR}/${tree}/*.cl" "${SOURCE_DIR}/${tree}/*.in")
  list(SORT sources)
  foreach(source IN LISTS sources)
    file(READ "${SOURCE_DIR}/${source}" text)
    # One list element per line: characters CMake's lists treat specially are set aside first.
    string(REPLACE "\\" "/" text "${text}")
    string(REPLACE ";" "," text "${text}")
    string(REPLACE "[" "(" text "${text}")
    string(REPLACE "]" ")" text "${text}")
    string(REPLACE "\n" ";" lines "${text}")
    string(REGEX MATCH "^${tree}/([a-z_]+)/" _ "${source}")
    set(own "${CMAKE_MATCH_1}")
    set(number 0)
    foreach(line IN LISTS lines)
      math(EXPR number "${number} + 1")
      if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*([\"<])([^\">]+)[\">]")
        continue()
      endif()
      set(quoted "${CMAKE_MATCH_1}")
      set(path "${CMAKE_MATCH_2}")
      string(REGEX MATCH "^[^/]+" top "${path}")
      set(closing ">")
      if(quoted STREQUAL "\"")
        set(closing "\"")
      endif()
      set(where "${source}:${number}: #include ${quoted}${path}${closing}")
      if(tree STREQUAL "ui")
        if(NOT quoted STREQUAL "\"" OR NOT top IN_LIST ui_folders OR NOT own)
          continue()
        endif()
        set(from ${layer_of_${own}})
        set(to ${layer_of_${top}})
        if(to GREATER from)
          list(APPEND problems
               "${where} points up from ${layer_name_of_${own}} (ui/${own}) to ${layer_name_of_${top}} (ui/${top})")
        elseif(to EQUAL from AND NOT top STREQUAL own
               AND layer_name_of_${own} STREQUAL feature_layer)
          list(APPEND problems
               "${where} crosses features (ui/${own} to ui/${top}), use an interface in a lower layer")
        endif()
      else()
        if(quoted STREQUAL "\"" AND (top IN_LIST ui_folders OR top STREQUAL "ui"))
          list(APPEND problems "${where}: ${tree}/ never includes ui/")
        elseif(quoted STREQUAL "<" AND path MATCHES "^(Q[A-Za-z]+|Qt[A-Za-z]+/.*|qcustomplot\\.h)$")
          list(APPEND problems "${where}: ${tree}/ never includes Qt")
        elseif(tree STREQUAL "core" AND quoted STREQUAL "\"" AND top STREQUAL "cli")
          list(APPEND problems "${where}: core/ never includes cli/")
        endif()
      endif()
    endforeach()
  endforeach()
  set(problems "${problems}" PARENT_SCOPE)
endfunction()

check(core)
check(cli)
check(ui)

if(problems)
  list(LENGTH problems count)
  list(JOIN problems "\n" report)
  message(NOTICE "${report}")
  message(FATAL_ERROR "${count} include(s) break the layers (see ARCHITECTURE.md)")
endif()
message(STATUS "Layers hold: core and cli include no ui/ or Qt; ui/ includes point down only")
