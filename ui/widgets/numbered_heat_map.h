// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A small heat map of a matrix with each cell's value written in it: row 0 at the top as a matrix
// is read, white text on dark cells and black on bright ones.

#include <QList>
#include <QStringList>
#include <vector>

#include <Eigen/Core>

#include "style/plot_style.h"

class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPItemText;
class QCPLayerable;
class QCPRange;

namespace ropelab::ui {

class NumberedHeatMap {
public:
    // A map of `columns` × `rows` cells on the rect's bottom and left axes, coloured by `scale`
    // with `gradient` over `range`; values below `darkBelow` colour their cell dark.
    NumberedHeatMap(QCPAxisRect* rect, QCPColorScale* scale, int columns, int rows,
                    Gradient gradient, const QCPRange& range, double darkBelow);

    // Colours the cells by `values` (row r, column c) and writes each value with `decimals`.
    void setValues(const Eigen::MatrixXd& values, int decimals);
    // Names the columns along the bottom axis and the rows along the left one.
    void setTickLabels(const QStringList& columns, const QStringList& rows);
    // Writes the values white or black by their cell's colour, in bold; the plot's theme sets
    // every text's colour and font, so this follows it.
    void colourLabels();

    QCPColorMap* map() const { return map_; }
    // The map and its values, as one annotation.
    QList<QCPLayerable*> layerables() const;

private:
    QCPAxisRect* rect_;
    QCPColorMap* map_;
    int columns_;
    double darkBelow_;
    std::vector<QCPItemText*> labels_;  // row by row
};

}  // namespace ropelab::ui
