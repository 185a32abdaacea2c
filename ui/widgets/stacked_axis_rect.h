// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Axes stacked under a plot's own: score curves too noisy to share one axis, each on its own.

#include <vector>

class QCustomPlot;
class QCPAxisRect;

namespace ropelab::ui {

// An axis rect for a curve under the plot's first, not yet in the layout (the lesson places it):
// only its bottom and left axes shown, its left and right margins shared with the first's, so
// that their axes line up.
QCPAxisRect* addStackedAxisRect(QCustomPlot* plot);

// Shows the first `count` of `rects` one under another, from the row of rects[0] (which stays in
// the layout) down; the others leave the layout. Hiding what they drew is the caller's.
void showStackedAxisRects(const std::vector<QCPAxisRect*>& rects, int count);

}  // namespace ropelab::ui
