// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Holds the current PlotTheme; the main window owns one and every lesson restyles on themeChanged.

#include <QObject>

#include "style/plot_style.h"

namespace ropelab::ui {

class ThemeController : public QObject {
    Q_OBJECT
public:
    explicit ThemeController(QObject* parent = nullptr);

    const PlotTheme& theme() const { return theme_; }
    void setTheme(const PlotTheme& theme);

signals:
    void themeChanged(const ropelab::ui::PlotTheme& theme);

private:
    PlotTheme theme_ = PlotTheme::light();
};

}  // namespace ropelab::ui
