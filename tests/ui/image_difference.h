// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Comparing what two ways of painting put on screen.

#include <qcustomplot.h>

#include <QImage>
#include <algorithm>
#include <cstdlib>

namespace ropelab::ui {

// The largest difference of one colour channel between two images; 255 when their sizes differ.
inline int largestChannelDifference(const QImage& a, const QImage& b) {
    if (a.size() != b.size()) return 255;
    int most = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y);
            const QRgb q = b.pixel(x, y);
            most = std::max({most, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                             std::abs(qBlue(p) - qBlue(q))});
        }
    }
    return most;
}

// What a plot shows on screen after a replot: its buffers, as painted.
inline QImage shownOnScreen(QCustomPlot* plot) {
    plot->replot();
    return plot->grab().toImage().convertToFormat(QImage::Format_RGB32);
}

}  // namespace ropelab::ui
