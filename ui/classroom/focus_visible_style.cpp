// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/focus_visible_style.h"

#include <QApplication>
#include <QPainter>
#include <QStyleOptionSlider>

namespace ropelab::ui {

void FocusVisibleStyle::drawComplexControl(ComplexControl control,
                                           const QStyleOptionComplex* option, QPainter* painter,
                                           const QWidget* widget) const {
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    if (control != CC_Slider || !(option->state & State_HasFocus) ||
        !(option->state & State_Enabled)) {
        return;
    }
    const QRect handle = subControlRect(CC_Slider, option, SC_SliderHandle, widget);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(option->palette.color(QPalette::Highlight), 2.5));
    painter->setBrush(Qt::NoBrush);
    // Inside the handle: the slider widget clips anything drawn beyond it.
    painter->drawRoundedRect(QRectF(handle).adjusted(1.25, 1.25, -1.25, -1.25), 3.0, 3.0);
    painter->restore();
}

void FocusVisibleStyle::install() {
    if (qobject_cast<FocusVisibleStyle*>(QApplication::style()) != nullptr) return;
    // Wraps the style in use (a proxy without a base would wrap a new default style instead).
    QApplication::setStyle(new FocusVisibleStyle(QApplication::style()));
}

}  // namespace ropelab::ui
