// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The app's style over Fusion, for a classroom:
// - keyboard focus visible on every control, however it got there: the focused button, box,
//   field, choice or slider handle is ringed in the highlight colour (Fusion rings only some, and
//   only after a key moved the focus);
// - flat scroll bars: groove, handle and arrows in solid palette colours, where Fusion lays them
//   out. Fusion paints them with gradients and long lines, which Qt's raster engine fills by
//   handing slices of every tall span to a thread pool; on a 2-core laptop or VM a side panel's
//   scroll bar cost ~0.5 ms of the UI thread (1-2 ms on screen) each time a longer or shorter
//   explanation moved its handle. Solid rectangles are filled directly.

#include <QProxyStyle>

class QStyleOptionSlider;

namespace ropelab::ui {

class ClassroomStyle : public QProxyStyle {
    Q_OBJECT
public:
    using QProxyStyle::QProxyStyle;

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget = nullptr) const override;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex* option,
                            QPainter* painter, const QWidget* widget = nullptr) const override;

    // Wraps the application's style once (later calls do nothing).
    static void install();

private:
    void drawScrollBar(const QStyleOptionSlider& bar, QPainter* painter,
                       const QWidget* widget) const;
};

}  // namespace ropelab::ui
