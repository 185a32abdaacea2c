// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/orbit_camera.h"

#include <qcustomplot.h>

#include <QMouseEvent>
#include <algorithm>
#include <cmath>
#include <numbers>

namespace ropelab::ui {

namespace {
constexpr double kDegreesPerPixel = 0.5;
}

OrbitCamera::OrbitCamera(QObject* parent) : QObject(parent) {
    updateTrig();
}

void OrbitCamera::setAngles(double yawDegrees, double pitchDegrees) {
    double yaw = std::remainder(yawDegrees, 360.0);
    if (yaw == -180.0) yaw = 180.0;
    const double pitch = std::clamp(pitchDegrees, -90.0, 90.0);
    if (yaw == yaw_ && pitch == pitch_) return;
    yaw_ = yaw;
    pitch_ = pitch;
    updateTrig();
    emit changed();
}

void OrbitCamera::attach(QCustomPlot* plot) {
    plot->installEventFilter(this);
    plot->setCursor(Qt::OpenHandCursor);
}

QPointF OrbitCamera::project(double x, double y, double z) const {
    const double xr = cosYaw_ * x - sinYaw_ * y;
    const double yr = sinYaw_ * x + cosYaw_ * y;
    return {xr, cosPitch_ * z - sinPitch_ * yr};
}

bool OrbitCamera::eventFilter(QObject* watched, QEvent* event) {
    auto* plot = qobject_cast<QCustomPlot*>(watched);
    if (plot == nullptr) return false;
    switch (event->type()) {
        case QEvent::MouseButtonPress: {
            auto* mouse = static_cast<QMouseEvent*>(event);
            if (mouse->button() != Qt::LeftButton) return false;
            dragging_ = true;
            lastMouse_ = mouse->position().toPoint();
            plot->setCursor(Qt::ClosedHandCursor);
            return true;
        }
        case QEvent::MouseMove: {
            if (!dragging_) return false;
            auto* mouse = static_cast<QMouseEvent*>(event);
            const QPoint delta = mouse->position().toPoint() - lastMouse_;
            lastMouse_ = mouse->position().toPoint();
            setAngles(yaw_ - kDegreesPerPixel * delta.x(), pitch_ + kDegreesPerPixel * delta.y());
            return true;
        }
        case QEvent::MouseButtonRelease:
            if (!dragging_) return false;
            dragging_ = false;
            plot->setCursor(Qt::OpenHandCursor);
            return true;
        default:
            return false;
    }
}

void OrbitCamera::updateTrig() {
    const double yaw = yaw_ * std::numbers::pi / 180.0;
    const double pitch = pitch_ * std::numbers::pi / 180.0;
    cosYaw_ = std::cos(yaw);
    sinYaw_ = std::sin(yaw);
    cosPitch_ = std::cos(pitch);
    sinPitch_ = std::sin(pitch);
}

}  // namespace ropelab::ui
