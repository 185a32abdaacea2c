// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/hatched_region.h"

#include <qcustomplot.h>

#include "style/plot_style.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"

namespace ropelab::ui {

HatchedRegion::HatchedRegion(QCustomPlot* plot, const PlotTheme& theme)
    : hatch_(new QCPItemRect(plot)) {
    setSeriesStyle(hatch_, {Series::Reference, Qt::SolidLine, 0.5}, theme);
    label_ = new PlotLabel(plot);
    label_->setPositionAlignment(Qt::AlignCenter);
    label_->setTextAlignment(Qt::AlignCenter);
    setSeriesStyle(label_, {Series::Key, Qt::SolidLine, 1.2}, theme);
}

void HatchedRegion::show(const QRectF& region, const QStringList& texts,
                         const PlotTheme& theme) const {
    hatch_->setVisible(!texts.isEmpty());
    hatch_->topLeft->setCoords(region.topLeft());
    hatch_->bottomRight->setCoords(region.bottomRight());
    hatch_->setBrush(QBrush(seriesColor(Series::Reference, theme), Qt::BDiagPattern));
    label_->position->setCoords(region.center());
    label_->fitInside(texts, QPolygonF(region));
}

}  // namespace ropelab::ui
