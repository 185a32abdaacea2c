// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/projected_axes.h"

#include <qcustomplot.h>

#include "style/plot_style.h"
#include "widgets/axisless_plot.h"
#include "widgets/orbit_camera.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"

namespace ropelab::ui {

ProjectedAxes::ProjectedAxes(QCustomPlot* plot, const PlotTheme& theme) {
    hideAxes(plot);
    for (std::size_t a = 0; a < 3; ++a) {
        arrows_[a] = addArrow(plot, {Series::Reference, Qt::SolidLine, 0.5}, theme);
        names_[a] = new PlotLabel(plot);
        // Centred just above the arrow tip: never pushed out of the plot sideways.
        names_[a]->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        names_[a]->setPadding(QMargins(2, 2, 2, 6));
    }
}

void ProjectedAxes::setNames(const QString& x, const QString& y, const QString& z) {
    names_[0]->setText(x);
    names_[1]->setText(y);
    names_[2]->setText(z);
}

void ProjectedAxes::place(const OrbitCamera& camera, double base, double reach, double top) {
    const std::array<std::array<double, 3>, 3> tips{
        {{reach, 0.0, base}, {0.0, reach, base}, {0.0, 0.0, top}}};
    const QPointF origin = camera.project(0.0, 0.0, base);
    for (std::size_t a = 0; a < 3; ++a) {
        const QPointF tip = camera.project(tips[a][0], tips[a][1], tips[a][2]);
        arrows_[a]->start->setCoords(origin);
        arrows_[a]->end->setCoords(tip);
        names_[a]->position->setCoords(tip);
    }
}

}  // namespace ropelab::ui
