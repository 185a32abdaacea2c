// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Heat maps: colour-map cells made off the UI thread, a map that takes them already coloured, and
// a map with its colour scale.

#include <QImage>
#include <cstdint>
#include <memory>

#include <qcustomplot.h>
#include <Eigen/Core>

#include "analysis/score_heatmap.h"
#include "style/plot_style.h"

namespace ropelab::ui {

// Colour-map cells with the image they colour into, made off the UI thread for a ColouredMap.
struct ColouredCells {
    std::unique_ptr<QCPColorMapData> data;
    QImage image;  // as QCPColorMap makes it: value rows bottom up, small maps oversampled
    QCPColorGradient gradient;
    QCPRange range;
};
// Colours `data` (keys across, linear scale) as a heat map without interpolation draws it.
ColouredCells colourCells(std::unique_ptr<QCPColorMapData> data, const QCPColorGradient& gradient,
                          const QCPRange& range);

// A colour map that can take cells already coloured: colouring half a million cells costs the UI
// thread a millisecond, scaling their image does not. Given another gradient or range, it colours
// on the UI thread as QCPColorMap does. A map takes its data only through setColouredCells or
// only through setData, and its cells are not changed in place: it could not tell.
class ColouredMap : public QCPColorMap {
    Q_OBJECT
public:
    using QCPColorMap::QCPColorMap;
    // Takes the data, gradient and range the image was coloured with.
    void setColouredCells(ColouredCells cells);

protected:
    void updateMapImage() override;

private:
    // What image_ was coloured from, with and into.
    QImage image_;
    const QCPColorMapData* imageData_ = nullptr;
    QCPColorGradient gradient_;
    QCPRange range_;
};

struct HeatMap {
    ColouredMap* map = nullptr;
    QCPColorScale* scale = nullptr;
};
// A colour map on the plot's axis rect with a labelled colour scale on the right, their margins
// aligned so the scale is as tall as the map.
HeatMap addHeatMap(QCustomPlot* plot, Gradient gradient, const QString& scaleLabel);

// Colour-map cells for a matrix (row r drawn at y = r, column c at x = c), or for a pooled grid
// over n positions (cell centres at the middle of their blocks). Built off the UI thread, then
// handed to QCPColorMap::setData(data.release(), false).
std::unique_ptr<QCPColorMapData> colorMapData(const Eigen::Ref<const Eigen::MatrixXd>& values);
std::unique_ptr<QCPColorMapData> colorMapData(const PooledGrid& grid, std::int64_t keyCount,
                                              std::int64_t queryCount);

}  // namespace ropelab::ui
