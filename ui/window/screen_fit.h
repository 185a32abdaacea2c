// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the main window opens: on a first start a size that suits the screen it opens on, and a
// geometry restored from the settings kept inside the current screen (the computer that saved it
// may have had a larger screen, or a second monitor that is gone now).

#include <QRect>

class QWidget;

namespace ropelab::ui {

struct WindowPlacement {
    QRect geometry;  // of the window's contents, in the screen's coordinates
    bool maximized = false;
};

// First start on a screen whose free area is `available`: small screens (school laptops,
// projectors) get the window maximised, larger ones a centred window of 90 % of the free area.
WindowPlacement initialPlacement(const QRect& available);

// `frame` (the window with its title bar and borders) moved and, if need be, shrunk until it lies
// inside `available`; the result keeps `frame`'s size where it fits.
QRect clampToScreen(const QRect& frame, const QRect& available);

// Applies clampToScreen to a top-level widget on the screen it is on (or the primary one).
// `frameMargins` are its decoration sizes, known only once a window manager has framed it.
void keepOnScreen(QWidget& window);

}  // namespace ropelab::ui
