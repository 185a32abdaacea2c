// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A path on a plot coloured by how far along it a point lies: kSegments consecutive curves, each
// in its step of the sequential gradient (theme-independent), as a colour scale beside it reads.

#include <QPointF>
#include <vector>

class QCustomPlot;
class QCPCurve;

namespace ropelab::ui {

class GradientPath {
public:
    static constexpr int kSegments = 24;  // colour steps along the path

    explicit GradientPath(QCustomPlot* plot);

    // Splits `points` into kSegments consecutive pieces sharing their end points.
    void setPoints(const std::vector<QPointF>& points);
    const std::vector<QCPCurve*>& segments() const { return segments_; }

private:
    std::vector<QCPCurve*> segments_;
};

}  // namespace ropelab::ui
