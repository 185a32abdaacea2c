// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/screen_fit.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace ropelab::ui {

namespace {
// Below this free area (logical pixels) every pixel counts: 1366 × 768 laptops, 1280 × 720 and
// 1024 × 768 projectors, and 1920 × 1080 at 150 % all open maximised.
constexpr int kMaximizeBelowWidth = 1600;
constexpr int kMaximizeBelowHeight = 1000;
constexpr double kWindowFraction = 0.9;
}  // namespace

WindowPlacement initialPlacement(const QRect& available) {
    if (available.width() < kMaximizeBelowWidth || available.height() < kMaximizeBelowHeight) {
        return {available, true};
    }
    const QSize size(static_cast<int>(available.width() * kWindowFraction),
                     static_cast<int>(available.height() * kWindowFraction));
    QRect geometry(QPoint(0, 0), size);
    geometry.moveCenter(available.center());
    return {geometry, false};
}

QRect clampToScreen(const QRect& frame, const QRect& available) {
    QRect fitted(frame.topLeft(), frame.size().boundedTo(available.size()));
    fitted.moveLeft(
        std::clamp(fitted.left(), available.left(), available.right() - fitted.width() + 1));
    fitted.moveTop(
        std::clamp(fitted.top(), available.top(), available.bottom() - fitted.height() + 1));
    return fitted;
}

void keepOnScreen(QWidget& window) {
    if (window.isMaximized() || window.isFullScreen()) return;
    const QRect frame = window.frameGeometry();
    const QRect client = window.geometry();
    QScreen* screen = QGuiApplication::screenAt(frame.center());
    if (screen == nullptr) screen = window.screen();
    if (screen == nullptr) return;
    const QRect fitted = clampToScreen(frame, screen->availableGeometry());
    if (fitted == frame) return;
    // The decorations keep their size; the contents get what is left.
    const QMargins decoration(client.left() - frame.left(), client.top() - frame.top(),
                              frame.right() - client.right(), frame.bottom() - client.bottom());
    window.setGeometry(fitted - decoration);
}

}  // namespace ropelab::ui
