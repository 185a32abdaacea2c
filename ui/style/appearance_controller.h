// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Light or dark colours, presenter mode and the plot font size, composed into the one PlotTheme
// the ThemeController hands to every lesson (styling itself stays in style/plot_style).

#include <QObject>

#include "style/plot_style.h"

namespace ropelab::ui {

class ThemeController;

class AppearanceController : public QObject {
    Q_OBJECT
public:
    enum class Scheme { Light, Dark };

    explicit AppearanceController(ThemeController& theme, QObject* parent = nullptr);

    Scheme scheme() const { return scheme_; }
    bool presenter() const { return presenter_; }
    // Tick-label size in points before presenter mode enlarges it.
    int plotFontSize() const { return plotFontSize_; }
    // Follows the system font, so plots scale with the desktop's text size.
    static int defaultPlotFontSize();
    static constexpr int kMinPlotFontSize = 6;
    static constexpr int kMaxPlotFontSize = 40;

    // The side panel's and the activity card's text, in percent of the interface text (presenter
    // mode enlarges the interface text, so this too).
    int panelTextPercent() const { return panelTextPercent_; }
    static constexpr int kDefaultPanelTextPercent = 100;
    static constexpr int kMinPanelTextPercent = 80;
    static constexpr int kMaxPanelTextPercent = 200;
    static constexpr int kPanelTextStep = 10;

    void setScheme(Scheme scheme);
    void setPanelTextPercent(int percent);  // clamped to [kMin, kMax]
    void setPresenter(bool presenter);
    void setPlotFontSize(int points);  // clamped to [kMin, kMax]

    // The theme these settings make (what the ThemeController holds after every change).
    PlotTheme composedTheme() const;

signals:
    void schemeChanged(ropelab::ui::AppearanceController::Scheme scheme);
    void presenterChanged(bool presenter);
    void plotFontSizeChanged(int points);
    void panelTextPercentChanged(int percent);

private:
    void publish();

    ThemeController& theme_;
    Scheme scheme_ = Scheme::Light;
    bool presenter_ = false;
    int plotFontSize_;
    int panelTextPercent_ = kDefaultPanelTextPercent;
};

}  // namespace ropelab::ui
