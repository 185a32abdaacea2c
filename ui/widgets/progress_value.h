// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Sets a progress bar's value without painting at once. QProgressBar::setValue repaints
// synchronously whenever the change shows, and that repaint also paints everything else already
// marked dirty in the window: a sweep reporting progress or starting paid for a whole side panel
// each time. An update instead joins the next regular paint.

#include <QProgressBar>

namespace ropelab::ui {

inline void setProgressValue(QProgressBar* bar, int value) {
    if (bar->value() == value) return;
    bar->setUpdatesEnabled(false);
    bar->setValue(value);
    bar->setUpdatesEnabled(true);  // schedules the update
}

}  // namespace ropelab::ui
