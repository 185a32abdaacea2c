# SPDX-License-Identifier: GPL-3.0-or-later
# Installation and packaging: `cmake --install <build>` puts the programs, their man pages, the
# desktop entry, the icon (SVG and PNG sizes), AppStream metainfo, the .ropelab MIME type, the
# copyright file and the changelog in the usual places; `cpack -G DEB` (run in the build folder)
# makes a stripped Debian package of the same files. `bash tools/setup.sh package` does it all
# in a Release build; the package_* ctest tests check the result (tools/package_check.sh).
include(GNUInstallDirs)

set(ROPELAB_APP_ID io.github.ropelab.RopeLab)
set(ROPELAB_PACKAGE_MAINTAINER "RoPE Lab maintainers <maintainers@ropelab.invalid>"
    CACHE STRING "Maintainer field of the Debian package")
set(_packaging ${PROJECT_SOURCE_DIR}/resources/packaging)
set(_desktop ${PROJECT_SOURCE_DIR}/resources/desktop)
set(_icons ${PROJECT_SOURCE_DIR}/resources/icons)
set(_docdir ${CMAKE_INSTALL_DATAROOTDIR}/doc/ropelab)  # the package's name, not the project's

# One version: the changelog's latest entry and the metainfo's latest release must be
# project(VERSION), or the package would say two things.
file(STRINGS ${_packaging}/changelog _changelog_top LIMIT_COUNT 1)
if(NOT _changelog_top MATCHES "^ropelab \\(${PROJECT_VERSION}\\) ")
  message(FATAL_ERROR "resources/packaging/changelog starts with '${_changelog_top}': add an "
                      "entry for version ${PROJECT_VERSION} (project(VERSION)) at its top")
endif()
file(READ ${_desktop}/${ROPELAB_APP_ID}.metainfo.xml _metainfo)
if(NOT _metainfo MATCHES "<releases>[ \t\r\n]*<release version=\"${PROJECT_VERSION}\"")
  message(FATAL_ERROR "the first <release> of ${ROPELAB_APP_ID}.metainfo.xml is not version "
                      "${PROJECT_VERSION} (project(VERSION))")
endif()

install(TARGETS ropelab-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${_packaging}/copyright DESTINATION ${_docdir})

# Debian wants the changelog and man pages compressed with gzip -9n (no name or time stamp, so
# the package is reproducible).
find_program(ROPELAB_GZIP gzip)
set(_generated ${CMAKE_CURRENT_BINARY_DIR}/packaging)
set(_manuals)
if(ROPELAB_GZIP)
  # A native package (no Debian revision in the version): its changelog is changelog.gz.
  add_custom_command(
    OUTPUT ${_generated}/changelog.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${_generated}
    COMMAND ${ROPELAB_GZIP} -9nc ${_packaging}/changelog > ${_generated}/changelog.gz
    DEPENDS ${_packaging}/changelog
    COMMENT "Compressing the changelog")
  add_custom_target(ropelab_changelog ALL DEPENDS ${_generated}/changelog.gz)
  install(FILES ${_generated}/changelog.gz DESTINATION ${_docdir})

  # Man pages are generated from --help (help2man), so they never drift. The version string
  # names the program: from `RoPE Lab 0.1.0` help2man would title the page "RoPE".
  find_program(ROPELAB_HELP2MAN help2man)
  if(ROPELAB_HELP2MAN)
    set(_man_programs ropelab-cli)
    set(ropelab-cli_summary "positional encodings and RoPE computed from the command line")
    if(ROPELAB_BUILD_GUI)
      list(APPEND _man_programs ropelab)
      set(ropelab_summary "learn how transformers know word order, from positions to RoPE")
    endif()
    foreach(program IN LISTS _man_programs)
      set(_page ${_generated}/${program}.1)
      add_custom_command(
        OUTPUT ${_page}.gz
        COMMAND ${CMAKE_COMMAND} -E make_directory ${_generated}
        COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
                ${ROPELAB_HELP2MAN} --no-info --section=1 "--name=${${program}_summary}"
                "--version-string=${program} (RoPE Lab) ${PROJECT_VERSION}"
                --include=${_packaging}/${program}.h2m --output=${_page} $<TARGET_FILE:${program}>
        COMMAND ${ROPELAB_GZIP} -9nf ${_page}
        DEPENDS ${program} ${_packaging}/${program}.h2m
        COMMENT "Generating the ${program}(1) man page with help2man"
        VERBATIM)
      list(APPEND _manuals ${_page}.gz)
    endforeach()
    add_custom_target(ropelab_man_pages ALL DEPENDS ${_manuals})
    install(FILES ${_manuals} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  else()
    message(STATUS "RoPE Lab: no help2man, so no man pages (bash tools/setup.sh package installs it)")
  endif()
endif()

if(ROPELAB_BUILD_GUI)
  install(TARGETS ropelab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  # Desktop entry, metainfo and icon share the application id, as AppStream expects.
  install(FILES ${_desktop}/ropelab.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications RENAME ${ROPELAB_APP_ID}.desktop)
  install(FILES ${_desktop}/${ROPELAB_APP_ID}.metainfo.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  install(FILES ${_desktop}/${ROPELAB_APP_ID}.mime.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME ${ROPELAB_APP_ID}.xml)
  install(FILES ${_icons}/ropelab.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps
          RENAME ${ROPELAB_APP_ID}.svg)
  foreach(size 16 24 32 48 64 128 256 512)
    install(FILES ${_icons}/ropelab-${size}.png
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps
            RENAME ${ROPELAB_APP_ID}.png)
  endforeach()
endif()

set(CPACK_PACKAGE_NAME ropelab)
set(CPACK_PACKAGE_VENDOR "The RoPE Lab authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${ROPELAB_PACKAGE_MAINTAINER}")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON)  # debug info would make the package ten times larger
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${ROPELAB_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
# Control files 0644 and folders 0755 whatever the umask, as dpkg-deb and lintian expect.
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
    GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
# Library dependencies (Qt, QCustomPlot, OpenCL loader) are read from the binaries.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# An OpenCL driver (PoCL runs the kernels on the CPU; any other ICD will do) for the OpenCL
# backend, and a CJK font: without one, Chinese labels render as boxes.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "pocl-opencl-icd | opencl-icd, fonts-wqy-microhei | fonts-noto-cjk")
# The extended description (CPack puts the summary above it): lines of at most 79 characters,
# an empty line between paragraphs.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "RoPE Lab teaches how transformers know word order: learned and sinusoidal
position encodings, relative position biases and rotary position embeddings
(RoPE), computed exactly and shown step by step in ten lessons.

It has a presenter mode, figure export (PNG, SVG, PDF, CSV) and an English
and Simplified Chinese interface; ropelab-cli computes the same numbers as
tables.")
include(CPack)

# The shipped files and the package, checked when the tools are installed (skipped otherwise).
if(ROPELAB_BUILD_TESTS AND ROPELAB_BUILD_GUI)
  set(_check bash ${PROJECT_SOURCE_DIR}/tools/package_check.sh)
  set(_package_out ${CMAKE_BINARY_DIR}/package-test)
  add_test(NAME package_desktop_file COMMAND ${_check} desktop ${_desktop}/ropelab.desktop)
  add_test(NAME package_metainfo
           COMMAND ${_check} metainfo ${_desktop}/${ROPELAB_APP_ID}.metainfo.xml)
  add_test(NAME package_deb COMMAND ${_check} deb ${CMAKE_BINARY_DIR} ${_package_out})
  add_test(NAME package_lintian COMMAND ${_check} lintian ${_package_out})
  set_tests_properties(package_desktop_file package_metainfo package_deb package_lintian
                       PROPERTIES SKIP_RETURN_CODE 77 LABELS package)
  # cpack runs the install step over the whole build folder, once, before lintian reads it.
  set_tests_properties(package_deb PROPERTIES FIXTURES_SETUP ropelab_deb RUN_SERIAL ON)
  set_tests_properties(package_lintian PROPERTIES FIXTURES_REQUIRED ropelab_deb)
endif()
