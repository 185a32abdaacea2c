// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/input_guard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QScrollBar>
#include <QTabBar>
#include <QWheelEvent>

#include <cstdlib>

namespace ropelab::ui {

namespace {

bool isValueWidget(const QObject* object) {
    // A scroll bar is how the panel scrolls: it keeps the wheel.
    if (qobject_cast<const QScrollBar*>(object) != nullptr) return false;
    return qobject_cast<const QAbstractSlider*>(object) != nullptr ||
           qobject_cast<const QAbstractSpinBox*>(object) != nullptr ||
           qobject_cast<const QComboBox*>(object) != nullptr ||
           qobject_cast<const QTabBar*>(object) != nullptr;  // the wheel switches tabs
}

// The nearest scroll area around `widget` whose contents can scroll in the wheel's direction.
QAbstractScrollArea* scrollAreaAround(QWidget* widget, bool vertical) {
    for (QWidget* parent = widget->parentWidget(); parent != nullptr;
         parent = parent->parentWidget()) {
        auto* area = qobject_cast<QAbstractScrollArea*>(parent);
        if (area == nullptr) continue;
        const QScrollBar* bar = vertical ? area->verticalScrollBar() : area->horizontalScrollBar();
        if (bar->maximum() > bar->minimum()) return area;
    }
    return nullptr;
}

}  // namespace

void InputGuard::install() {
    if (qApp->findChild<InputGuard*>(QString(), Qt::FindDirectChildrenOnly) != nullptr) return;
    qApp->installEventFilter(new InputGuard(qApp));
}

bool InputGuard::wheelMayChange(const QWidget& widget) {
    return !isValueWidget(&widget) || widget.hasFocus();
}

bool InputGuard::eventFilter(QObject* watched, QEvent* event) {
    switch (event->type()) {
        case QEvent::Polish:
            // Qt gives WheelFocus widgets focus before they see the wheel; click or Tab still do.
            if (auto* widget = qobject_cast<QWidget*>(watched);
                widget != nullptr && isValueWidget(widget) &&
                (widget->focusPolicy() & Qt::WheelFocus) == Qt::WheelFocus) {
                widget->setFocusPolicy(Qt::StrongFocus);
            }
            break;
        case QEvent::Wheel: {
            auto* widget = qobject_cast<QWidget*>(watched);
            if (widget == nullptr || wheelMayChange(*widget)) break;
            auto* wheel = static_cast<QWheelEvent*>(event);
            const QPoint delta = wheel->angleDelta();
            const bool vertical = std::abs(delta.y()) >= std::abs(delta.x());
            if (QAbstractScrollArea* area = scrollAreaAround(widget, vertical)) {
                QScrollBar* bar =
                    vertical ? area->verticalScrollBar() : area->horizontalScrollBar();
                QWheelEvent forwarded(bar->mapFromGlobal(wheel->globalPosition()),
                                      wheel->globalPosition(), wheel->pixelDelta(), delta,
                                      wheel->buttons(), wheel->modifiers(), wheel->phase(),
                                      wheel->inverted(), wheel->source());
                QCoreApplication::sendEvent(bar, &forwarded);
            }
            return true;  // the value stays as it is
        }
        case QEvent::ShortcutOverride: {
            // A spin box claims Ctrl+Z for its text; the parameter history should have it.
            const auto* key = static_cast<QKeyEvent*>(event);
            const bool inSpinBox = qobject_cast<QAbstractSpinBox*>(watched) != nullptr ||
                                   (qobject_cast<QLineEdit*>(watched) != nullptr &&
                                    qobject_cast<QAbstractSpinBox*>(watched->parent()) != nullptr);
            if (inSpinBox &&
                (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo))) {
                event->ignore();
                return true;
            }
            break;
        }
        default:
            break;
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace ropelab::ui
