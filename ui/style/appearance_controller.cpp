// SPDX-License-Identifier: GPL-3.0-or-later
#include "style/appearance_controller.h"

#include <QApplication>
#include <QFont>

#include <algorithm>
#include <cmath>

#include "style/theme_controller.h"

namespace ropelab::ui {

AppearanceController::AppearanceController(ThemeController& theme, QObject* parent)
    : QObject(parent), theme_(theme), plotFontSize_(defaultPlotFontSize()) {
    publish();
}

int AppearanceController::defaultPlotFontSize() {
    // Two points above the UI text (10 pt on most desktops gives the 11–12 pt plots were tuned
    // for); a desktop with larger text gets larger plot text too.
    const double system = QApplication::font().pointSizeF();
    const int base = system > 0 ? static_cast<int>(std::lround(system)) + 1 : 11;
    return std::clamp(base, kMinPlotFontSize, kMaxPlotFontSize);
}

void AppearanceController::setScheme(Scheme scheme) {
    if (scheme == scheme_) return;
    scheme_ = scheme;
    publish();
    emit schemeChanged(scheme_);
}

void AppearanceController::setPresenter(bool presenter) {
    if (presenter == presenter_) return;
    presenter_ = presenter;
    publish();
    emit presenterChanged(presenter_);
}

void AppearanceController::setPlotFontSize(int points) {
    points = std::clamp(points, kMinPlotFontSize, kMaxPlotFontSize);
    if (points == plotFontSize_) return;
    plotFontSize_ = points;
    publish();
    emit plotFontSizeChanged(plotFontSize_);
}

void AppearanceController::setPanelTextPercent(int percent) {
    percent = std::clamp(percent, kMinPanelTextPercent, kMaxPanelTextPercent);
    if (percent == panelTextPercent_) return;
    panelTextPercent_ = percent;
    emit panelTextPercentChanged(panelTextPercent_);
}

PlotTheme AppearanceController::composedTheme() const {
    PlotTheme theme = scheme_ == Scheme::Dark ? PlotTheme::darkTheme() : PlotTheme::light();
    theme.fontPointSize = plotFontSize_;
    return presenter_ ? theme.presenterMode() : theme;
}

void AppearanceController::publish() {
    theme_.setTheme(composedTheme());
}

}  // namespace ropelab::ui
