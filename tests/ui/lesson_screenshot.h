// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Saves a lesson as a PNG when ROPELAB_SCREENSHOT_DIR is set (for looking at it), else nothing.

#include <QDir>
#include <QString>
#include <QWidget>

namespace ropelab::ui::testing {

inline void saveScreenshot(QWidget& widget, const QString& name, QSize size = QSize(1600, 1000)) {
    const QString dir = qEnvironmentVariable("ROPELAB_SCREENSHOT_DIR");
    if (dir.isEmpty()) return;
    widget.resize(size);
    widget.show();
    QDir().mkpath(dir);
    // Two grabs: the first lets layouts and queued replots settle.
    widget.grab();
    widget.grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

}  // namespace ropelab::ui::testing
