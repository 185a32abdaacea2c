// SPDX-License-Identifier: GPL-3.0-or-later
#include "style/flat_scroll_bar_style.h"

#include <QApplication>
#include <QPainter>
#include <QStyleOptionSlider>

namespace ropelab::ui {

void FlatScrollBarStyle::drawComplexControl(ComplexControl control,
                                            const QStyleOptionComplex* option, QPainter* painter,
                                            const QWidget* widget) const {
    const auto* bar = qstyleoption_cast<const QStyleOptionSlider*>(option);
    if (control != CC_ScrollBar || bar == nullptr) {
        return QProxyStyle::drawComplexControl(control, option, painter, widget);
    }
    const QPalette& palette = option->palette;
    const bool enabled = (option->state & State_Enabled) != 0;
    const bool horizontal = bar->orientation == Qt::Horizontal;
    const auto active = [&](SubControl part) { return (bar->activeSubControls & part) != 0; };
    const bool pressed = (option->state & State_Sunken) != 0;
    const bool hovered = (option->state & State_MouseOver) != 0;

    painter->fillRect(option->rect, palette.color(QPalette::Window).darker(106));
    for (const SubControl part : {SC_ScrollBarSubLine, SC_ScrollBarAddLine}) {
        const QRect button = subControlRect(control, option, part, widget);
        if (button.isEmpty()) continue;
        if (enabled && active(part) && (pressed || hovered)) {
            painter->fillRect(button, palette.color(pressed ? QPalette::Mid : QPalette::Midlight));
        }
        QStyleOption arrow = *option;
        arrow.rect = button.adjusted(3, 3, -3, -3);
        const bool back = part == SC_ScrollBarSubLine;
        const PrimitiveElement shape = horizontal
                                           ? (back ? PE_IndicatorArrowLeft : PE_IndicatorArrowRight)
                                           : (back ? PE_IndicatorArrowUp : PE_IndicatorArrowDown);
        proxy()->drawPrimitive(shape, &arrow, painter, widget);
    }
    const QRect slider = subControlRect(control, option, SC_ScrollBarSlider, widget);
    if (bar->maximum <= bar->minimum || slider.isEmpty()) return;
    // Dark enough to find on a washed-out projector.
    QColor handle = palette.color(QPalette::Dark);
    if (!enabled) {
        handle = palette.color(QPalette::Disabled, QPalette::Mid);
    } else if (active(SC_ScrollBarSlider) && pressed) {
        handle = palette.color(QPalette::Highlight);
    } else if (active(SC_ScrollBarSlider) && hovered) {
        handle = palette.color(QPalette::Dark).darker(125);
    }
    // Narrower than the groove across it, a pixel short of its neighbours along it.
    painter->fillRect(horizontal ? slider.adjusted(1, 3, -1, -3) : slider.adjusted(3, 1, -3, -1),
                      handle);
}

void FlatScrollBarStyle::install() {
    for (const QStyle* style = QApplication::style(); style != nullptr;) {
        if (qobject_cast<const FlatScrollBarStyle*>(style) != nullptr) return;
        const auto* proxy = qobject_cast<const QProxyStyle*>(style);
        style = proxy != nullptr ? proxy->baseStyle() : nullptr;
    }
    // Wraps the style in use (a proxy without a base would wrap a new default style instead).
    QApplication::setStyle(new FlatScrollBarStyle(QApplication::style()));
}

}  // namespace ropelab::ui
