// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Yaw and pitch of an orthographic 3D view drawn on 2D plots: dragging on any attached plot turns
// it, and project() maps 3D points to the plot plane. Drawing only; the points come from core.

#include <QObject>
#include <QPoint>
#include <QPointF>

class QCustomPlot;

namespace ropelab::ui {

class OrbitCamera : public QObject {
    Q_OBJECT
public:
    explicit OrbitCamera(QObject* parent = nullptr);

    double yawDegrees() const { return yaw_; }
    double pitchDegrees() const { return pitch_; }
    // Yaw wraps to (−180, 180]; pitch is clamped to [−90, 90] so the view never flips.
    void setAngles(double yawDegrees, double pitchDegrees);
    // Dragging on the plot turns the view (0.5° per pixel).
    void attach(QCustomPlot* plot);

    // Orthographic projection: yaw turns about the vertical z axis, then pitch tilts towards
    // the viewer; returns screen (x, y) with y up.
    QPointF project(double x, double y, double z) const;

signals:
    void changed();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updateTrig();

    double yaw_ = 35.0;
    double pitch_ = 20.0;
    double cosYaw_ = 1.0, sinYaw_ = 0.0, cosPitch_ = 1.0, sinPitch_ = 0.0;
    bool dragging_ = false;
    QPoint lastMouse_;
};

}  // namespace ropelab::ui
