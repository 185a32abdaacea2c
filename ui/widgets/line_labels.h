// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Labels of horizontal lines in a plot (a context length, a threshold): each a PlotLabel at its
// line's height that stands on its line, placed again after each layout, since their boxes depend
// on the fonts and on the height of the axis rect.

#include <QString>
#include <vector>

#include "style/plot_style.h"

class QCustomPlot;
class QCPItemStraightLine;

namespace ropelab::ui {

class PlotLabel;

// A horizontal line across the plot and its label, both in the colour of `style`'s series (the
// line also in its dash and width); the label wraps inside the axis rect (wrapInsideAxisRect).
struct LabelledLine {
    QCPItemStraightLine* line = nullptr;
    PlotLabel* label = nullptr;
};
LabelledLine addLabelledLine(QCustomPlot* plot, const SeriesStyle& style, const PlotTheme& theme);
// Puts the line at height `value` and its label on it, `x` (a share of the rect's width) in from
// the left edge, or right-aligned as far in from the right edge.
void placeLabelledLine(const LabelledLine& line, double value, double x, bool fromRight);

// Puts each label above its line, and a visible one whose box would overlap that of a visible
// label higher up on the same side (both left- or both right-aligned) below its line instead:
// lines close together, or large presenter fonts on a short plot.
void separateLineLabels(const std::vector<PlotLabel*>& labels);

// On screen, a visible label placed at a share of its axis rect's width (wrapInsideAxisRect)
// shows `shorter` instead of `full` where a word of `full` is wider than the room from the label
// to the far edge of the rect: a word that long cannot wrap. Files show `full`. Returns whether
// the text changed (the plot needs a replot).
bool shortenWhereAWordOverflows(PlotLabel* label, const QString& full, const QString& shorter);

}  // namespace ropelab::ui
