// SPDX-License-Identifier: GPL-3.0-or-later
#include "style/theme_controller.h"

namespace ropelab::ui {

ThemeController::ThemeController(QObject* parent) : QObject(parent) {}

void ThemeController::setTheme(const PlotTheme& theme) {
    if (theme == theme_) return;
    theme_ = theme;
    emit themeChanged(theme_);
}

}  // namespace ropelab::ui
