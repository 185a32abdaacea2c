# Installation and packaging: `cmake --install <build>` puts the programs, the desktop entry, the
# icon (SVG and PNG sizes), AppStream metainfo and the .ropelab MIME type in the usual places;
# `cpack -G DEB` (run in the build folder) makes a Debian package of the same files.
include(GNUInstallDirs)

set(ROPELAB_APP_ID io.github.ropelab.RopeLab)
set(ROPELAB_PACKAGE_MAINTAINER "RoPE Lab maintainers <maintainers@ropelab.invalid>"
    CACHE STRING "Maintainer field of the Debian package")

install(TARGETS ropelab-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

if(ROPELAB_BUILD_GUI)
  set(_desktop ${PROJECT_SOURCE_DIR}/resources/desktop)
  set(_icons ${PROJECT_SOURCE_DIR}/resources/icons)
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
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${ROPELAB_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Library dependencies (Qt, QCustomPlot, OpenCL loader) are read from the binaries.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Chinese labels need a CJK font; without one they render as boxes.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-wqy-microhei | fonts-noto-cjk")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "RoPE Lab teaches how transformers know word order: learned and sinusoidal position \
encodings, relative position biases and rotary position embeddings (RoPE), computed exactly and \
shown step by step. It has a presenter mode, figure export (PNG, SVG, PDF, CSV) and an English \
and Simplified Chinese interface; ropelab-cli computes the same numbers as tables.")
include(CPack)
