// SPDX-License-Identifier: GPL-3.0-or-later
#include "style/classroom_style.h"

#include <QApplication>
#include <QPainter>
#include <QStyleOptionSlider>

namespace ropelab::ui {

namespace {

// `share` of the way from `from` to `to`: scroll bar colours that contrast with the window in a
// light and a dark theme alike.
QColor mix(const QColor& from, const QColor& to, double share) {
    const auto channel = [share](int a, int b) { return int(a + (b - a) * share + 0.5); };
    return QColor(channel(from.red(), to.red()), channel(from.green(), to.green()),
                  channel(from.blue(), to.blue()));
}

// A ring in the highlight colour, thick enough to find on a projector in either theme.
void drawFocusRing(QPainter* painter, const QRectF& rect, const QPalette& palette) {
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(palette.color(QPalette::Active, QPalette::Highlight), 2.5));
    painter->setBrush(Qt::NoBrush);
    painter->drawRoundedRect(rect.adjusted(1.25, 1.25, -1.25, -1.25), 3.0, 3.0);
    painter->restore();
}

bool focused(const QStyleOption* option) {
    return (option->state & QStyle::State_HasFocus) && (option->state & QStyle::State_Enabled);
}

}  // namespace

void ClassroomStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option,
                                   QPainter* painter, const QWidget* widget) const {
    // Fusion rings focus only after a key moved it, and faintly; a student who clicked, or a room
    // watching the projector, must still see where the keyboard goes.
    if (element == PE_FrameFocusRect) return drawFocusRing(painter, option->rect, option->palette);
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    if (element == PE_PanelButtonCommand && focused(option)) {
        drawFocusRing(painter, option->rect, option->palette);
    }
}

void ClassroomStyle::drawComplexControl(ComplexControl control, const QStyleOptionComplex* option,
                                        QPainter* painter, const QWidget* widget) const {
    if (control == CC_ScrollBar) {
        if (const auto* bar = qstyleoption_cast<const QStyleOptionSlider*>(option)) {
            return drawScrollBar(*bar, painter, widget);
        }
    }
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    if (!focused(option)) return;
    if (control == CC_Slider) {
        // Inside the handle: the slider widget clips anything drawn beyond it.
        drawFocusRing(painter, subControlRect(CC_Slider, option, SC_SliderHandle, widget),
                      option->palette);
    } else if (control == CC_ComboBox || control == CC_SpinBox) {
        drawFocusRing(painter, option->rect, option->palette);
    }
}

void ClassroomStyle::drawScrollBar(const QStyleOptionSlider& bar, QPainter* painter,
                                   const QWidget* widget) const {
    const QPalette& palette = bar.palette;
    const bool enabled = (bar.state & State_Enabled) != 0;
    const bool horizontal = bar.orientation == Qt::Horizontal;
    const bool pressed = (bar.state & State_Sunken) != 0;
    const bool hovered = (bar.state & State_MouseOver) != 0;
    const auto active = [&](SubControl part) { return (bar.activeSubControls & part) != 0; };

    const QColor window = palette.color(QPalette::Window);
    const QColor text = palette.color(QPalette::WindowText);
    painter->fillRect(bar.rect, mix(window, text, 0.06));
    for (const SubControl part : {SC_ScrollBarSubLine, SC_ScrollBarAddLine}) {
        const QRect button = subControlRect(CC_ScrollBar, &bar, part, widget);
        if (button.isEmpty()) continue;
        if (enabled && active(part) && (pressed || hovered)) {
            painter->fillRect(button, mix(window, text, pressed ? 0.3 : 0.15));
        }
        QStyleOption arrow = bar;
        arrow.rect = button.adjusted(3, 3, -3, -3);
        const bool back = part == SC_ScrollBarSubLine;
        const PrimitiveElement shape = horizontal
                                           ? (back ? PE_IndicatorArrowLeft : PE_IndicatorArrowRight)
                                           : (back ? PE_IndicatorArrowUp : PE_IndicatorArrowDown);
        proxy()->drawPrimitive(shape, &arrow, painter, widget);
    }
    const QRect slider = subControlRect(CC_ScrollBar, &bar, SC_ScrollBarSlider, widget);
    if (bar.maximum <= bar.minimum || slider.isEmpty()) return;
    // Far enough from the window colour to find on a washed-out projector.
    QColor handle = mix(window, text, 0.4);
    if (!enabled) {
        handle = mix(window, text, 0.2);
    } else if (active(SC_ScrollBarSlider) && pressed) {
        handle = palette.color(QPalette::Highlight);
    } else if (active(SC_ScrollBarSlider) && hovered) {
        handle = mix(window, text, 0.55);
    }
    // Narrower than the groove across it, a pixel short of its neighbours along it.
    painter->fillRect(horizontal ? slider.adjusted(1, 3, -1, -3) : slider.adjusted(3, 1, -3, -1),
                      handle);
}

void ClassroomStyle::install() {
    if (qobject_cast<ClassroomStyle*>(QApplication::style()) != nullptr) return;
    // Wraps the style in use (a proxy without a base would wrap a new default style instead).
    QApplication::setStyle(new ClassroomStyle(QApplication::style()));
}

}  // namespace ropelab::ui
