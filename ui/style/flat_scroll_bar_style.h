// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Scroll bars drawn flat: a groove, a handle and two arrows, in solid palette colours, where
// Fusion lays them out. Fusion paints them with gradients and long lines, which Qt's raster
// engine fills by handing slices of every tall span to a thread pool; on a 2-core laptop or VM a
// side panel's scroll bar then cost ~0.5 ms of the UI thread (and ~1-2 ms on screen) each time a
// longer or shorter explanation moved its handle. Solid rectangles are filled directly.

#include <QProxyStyle>

namespace ropelab::ui {

class FlatScrollBarStyle : public QProxyStyle {
    Q_OBJECT
public:
    using QProxyStyle::QProxyStyle;

    void drawComplexControl(ComplexControl control, const QStyleOptionComplex* option,
                            QPainter* painter, const QWidget* widget = nullptr) const override;

    // Wraps the application's style unless a FlatScrollBarStyle already is in its chain.
    static void install();
};

}  // namespace ropelab::ui
