// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The x, y and z axes of a 3D view drawn on a 2D plot: three arrows from one origin, projected by
// an OrbitCamera, each named just above its tip, in place of the plot's own axes (hidden).

#include <QString>
#include <array>

class QCustomPlot;
class QCPItemLine;
class QCPItemText;

namespace ropelab::ui {

class OrbitCamera;
struct PlotTheme;

class ProjectedAxes {
public:
    ProjectedAxes(QCustomPlot* plot, const PlotTheme& theme);

    void setNames(const QString& x, const QString& y, const QString& z);
    // Arrows from (0, 0, base): x and y `reach` long, z up to `top`, as `camera` sees them.
    void place(const OrbitCamera& camera, double base, double reach, double top);

private:
    std::array<QCPItemLine*, 3> arrows_{};
    std::array<QCPItemText*, 3> names_{};
};

}  // namespace ropelab::ui
