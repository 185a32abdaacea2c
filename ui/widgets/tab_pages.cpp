// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/tab_pages.h"

#include <QStackedWidget>
#include <QTabWidget>

namespace ropelab::ui {

QList<TabPage> tabPagesOf(const QWidget& widget) {
    QList<TabPage> pages;
    for (const QWidget* w = &widget; w->parentWidget() != nullptr; w = w->parentWidget()) {
        const auto* stack = qobject_cast<const QStackedWidget*>(w->parentWidget());
        if (stack == nullptr) continue;
        if (auto* tabs = qobject_cast<QTabWidget*>(stack->parentWidget())) {
            // indexOf only compares the pointer.
            pages.append({tabs, tabs->indexOf(const_cast<QWidget*>(w))});
        }
    }
    return pages;
}

}  // namespace ropelab::ui
