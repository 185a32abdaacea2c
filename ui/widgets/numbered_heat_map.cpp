// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/numbered_heat_map.h"

#include <qcustomplot.h>

#include "widgets/plot_text.h"

namespace ropelab::ui {

NumberedHeatMap::NumberedHeatMap(QCPAxisRect* rect, QCPColorScale* scale, int columns, int rows,
                                 Gradient gradient, const QCPRange& range, double darkBelow)
    : rect_(rect), columns_(columns), darkBelow_(darkBelow) {
    QCPAxis* column = rect->axis(QCPAxis::atBottom);
    QCPAxis* row = rect->axis(QCPAxis::atLeft);
    row->setRangeReversed(true);
    column->setRange(-0.5, columns - 0.5);
    row->setRange(-0.5, rows - 0.5);
    for (QCPAxis* axis : {column, row}) axis->grid()->setVisible(false);
    map_ = new QCPColorMap(column, row);
    map_->data()->setSize(columns, rows);
    map_->data()->setRange(QCPRange(0, columns - 1), QCPRange(0, rows - 1));
    map_->setColorScale(scale);
    setColorMapGradient(map_, gradient);
    map_->setDataRange(range);
    for (int c = 0; c < columns * rows; ++c) {
        auto* text = new PlotLabel(rect->parentPlot());
        text->setClipAxisRect(rect);
        text->position->setAxes(column, row);
        text->position->setCoords(c % columns, c / columns);
        labels_.push_back(text);
    }
}

void NumberedHeatMap::setValues(const Eigen::MatrixXd& values, int decimals) {
    for (int r = 0; r < values.rows(); ++r) {
        for (int c = 0; c < values.cols(); ++c) {
            map_->data()->setCell(c, r, values(r, c));
            labels_[std::size_t(r * columns_ + c)]->setText(
                QString::number(values(r, c), 'f', decimals));
        }
    }
    colourLabels();
}

void NumberedHeatMap::setTickLabels(const QStringList& columns, const QStringList& rows) {
    const auto ticker = [](const QStringList& labels) {
        auto ticks = QSharedPointer<QCPAxisTickerText>::create();
        for (int i = 0; i < labels.size(); ++i) ticks->addTick(i, labels[i]);
        return ticks;
    };
    rect_->axis(QCPAxis::atBottom)->setTicker(ticker(columns));
    rect_->axis(QCPAxis::atLeft)->setTicker(ticker(rows));
}

void NumberedHeatMap::colourLabels() {
    for (std::size_t c = 0; c < labels_.size(); ++c) {
        QCPItemText* text = labels_[c];
        const double value = map_->data()->cell(int(c) % columns_, int(c) / columns_);
        text->setColor(value < darkBelow_ ? Qt::white : Qt::black);
        QFont font = text->font();
        font.setBold(true);
        text->setFont(font);
    }
}

QList<QCPLayerable*> NumberedHeatMap::layerables() const {
    QList<QCPLayerable*> all{map_};
    for (QCPItemText* text : labels_) all.append(text);
    return all;
}

}  // namespace ropelab::ui
