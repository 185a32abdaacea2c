// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Keyboard focus must be visible on every control. Fusion shows it on buttons, boxes and fields
// but not on sliders; this proxy style rings the focused slider's handle in the highlight colour.

#include <QProxyStyle>

namespace ropelab::ui {

class FocusVisibleStyle : public QProxyStyle {
    Q_OBJECT
public:
    using QProxyStyle::QProxyStyle;

    void drawComplexControl(ComplexControl control, const QStyleOptionComplex* option,
                            QPainter* painter, const QWidget* widget = nullptr) const override;

    // Wraps the application's style once (later calls do nothing).
    static void install();
};

}  // namespace ropelab::ui
