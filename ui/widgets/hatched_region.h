// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A region of a plot hatched in the reference colour, with the longest of a few explanations
// that fits inside it written at its centre: the region's size in pixels changes with the
// window, fonts and files. A handle: copies show the same items, which the plot owns.

#include <QRectF>
#include <QStringList>

class QCustomPlot;
class QCPItemRect;

namespace ropelab::ui {

class PlotLabel;
struct PlotTheme;

class HatchedRegion {
public:
    HatchedRegion(QCustomPlot* plot, const PlotTheme& theme);

    QCPItemRect* hatch() const { return hatch_; }
    PlotLabel* label() const { return label_; }

    // `region` in plot coordinates, `texts` longest first; without texts the region is hidden.
    // The theme gives the hatch its colour (a brush is not a series style).
    void show(const QRectF& region, const QStringList& texts, const PlotTheme& theme) const;

private:
    QCPItemRect* hatch_;
    PlotLabel* label_;
};

}  // namespace ropelab::ui
