# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -DSOURCE_DIR=<repo> -P library_internals_check.cmake: fails where a source outside
# ui/widgets/library_internals.* reaches into Qt or QCustomPlot (issue 37): their private classes,
# headers and object names, members QCustomPlot keeps for itself, protected members called
# through a member pointer, or private made public by the preprocessor.
file(GLOB_RECURSE sources RELATIVE "${SOURCE_DIR}"
     "${SOURCE_DIR}/ui/*.h" "${SOURCE_DIR}/ui/*.cpp" "${SOURCE_DIR}/app/*.h"
     "${SOURCE_DIR}/app/*.cpp" "${SOURCE_DIR}/tests/*.h" "${SOURCE_DIR}/tests/*.cpp")
list(FILTER sources EXCLUDE REGEX "^ui/widgets/library_internals\\.(h|cpp)$")
set(pattern "Q[A-Za-z]*Private|d_func|\"qt_[a-z_]+\"|include *[<\"][^>\"]*_p\\.h|mPaintBuffers|mMapImage|")
string(APPEND pattern "mAxisPainter|mBackgroundBrush|drawLegendIcon|[.>]\\*\\(?&|")
string(APPEND pattern "#define +(private|protected)")
set(found "")
foreach(source IN LISTS sources)
  file(STRINGS "${SOURCE_DIR}/${source}" lines REGEX "${pattern}")
  foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    string(APPEND found "\n  ${source}: ${line}")
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "Library internals outside ui/widgets/library_internals.*:${found}")
endif()
