// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/heat_map.h"

#include <cmath>
#include <limits>

#include "widgets/color_scale.h"
#include "widgets/library_internals.h"

namespace ropelab::ui {

HeatMap addHeatMap(QCustomPlot* plot, Gradient gradient, const QString& scaleLabel) {
    HeatMap heat;
    QCPAxisRect* rect = plot->axisRect();
    heat.map = new ColouredMap(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    heat.scale = addColorScale(plot, 14);
    heat.scale->setType(QCPAxis::atRight);
    heat.scale->axis()->setLabel(scaleLabel);
    heat.map->setColorScale(heat.scale);
    setColorMapGradient(heat.map, gradient);
    return heat;
}

ColouredCells colourCells(std::unique_ptr<QCPColorMapData> data, const QCPColorGradient& gradient,
                          const QCPRange& range) {
    ColouredCells cells{std::move(data), QImage(), gradient, range};
    const int keys = cells.data->keySize();
    const int values = cells.data->valueSize();
    if (keys < 1 || values < 1) return cells;  // no image: QCPColorMap draws nothing itself
    QImage image(keys, values, QImage::Format_ARGB32_Premultiplied);
    std::vector<double> row(static_cast<std::size_t>(keys));
    for (int v = 0; v < values; ++v) {
        for (int k = 0; k < keys; ++k) row[std::size_t(k)] = cells.data->cell(k, v);
        // QImage counts scan lines from the top, values count from the bottom.
        auto* pixels = reinterpret_cast<QRgb*>(image.scanLine(values - 1 - v));
        cells.gradient.colorize(row.data(), range, pixels, keys);
    }
    cells.image = oversampledAsColorMap(image);
    return cells;
}

void ColouredMap::setColouredCells(ColouredCells cells) {
    imageData_ = cells.data.get();
    image_ = std::move(cells.image);
    gradient_ = cells.gradient;
    range_ = cells.range;
    setData(cells.data.release(), false);
    setGradient(cells.gradient);
    setDataRange(cells.range);
}

void ColouredMap::updateMapImage() {
    const bool same = !image_.isNull() && data() == imageData_ && !interpolate() &&
                      gradient() == gradient_ && dataRange() == range_ &&
                      dataScaleType() == QCPAxis::stLinear &&
                      keyAxis()->orientation() == Qt::Horizontal;
    if (!same) {
        image_ = QImage();
        imageData_ = nullptr;
        QCPColorMap::updateMapImage();
        return;
    }
    setMapImage(*this, image_);
}

std::unique_ptr<QCPColorMapData> colorMapData(const Eigen::Ref<const Eigen::MatrixXd>& values) {
    const int rows = static_cast<int>(values.rows());
    const int cols = static_cast<int>(values.cols());
    auto data = std::make_unique<QCPColorMapData>(cols, rows, QCPRange(0, std::max(cols - 1, 0)),
                                                  QCPRange(0, std::max(rows - 1, 0)));
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) data->setCell(c, r, values(r, c));
    }
    return data;
}

std::unique_ptr<QCPColorMapData> colorMapData(const PooledGrid& grid, std::int64_t keyCount,
                                              std::int64_t queryCount) {
    if (grid.width < 1 || grid.height < 1) {
        return std::make_unique<QCPColorMapData>(0, 0, QCPRange(), QCPRange());
    }
    // Blocks are (nearly) equal, so the cell centres are evenly spaced.
    const auto centre = [](std::int64_t n, int cells, int cell) {
        return 0.5 * (poolBlockStart(n, cells, cell) + poolBlockStart(n, cells, cell + 1) - 1);
    };
    auto data = std::make_unique<QCPColorMapData>(
        grid.width, grid.height,
        QCPRange(centre(keyCount, grid.width, 0), centre(keyCount, grid.width, grid.width - 1)),
        QCPRange(centre(queryCount, grid.height, 0),
                 centre(queryCount, grid.height, grid.height - 1)));
    for (int r = 0; r < grid.height; ++r) {
        for (int c = 0; c < grid.width; ++c) {
            // A masked cell (ALiBi's −∞, no score) is NaN: the gradients draw it transparent.
            const double v = grid.at(r, c);
            data->setCell(c, r, std::isinf(v) ? std::numeric_limits<double>::quiet_NaN() : v);
        }
    }
    return data;
}

}  // namespace ropelab::ui
