// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which tab pages hold a widget: what activities switch to and the layout checks report.

#include <QList>

class QTabWidget;
class QWidget;

namespace ropelab::ui {

struct TabPage {
    QTabWidget* tabs = nullptr;
    int index = -1;
};

// The tab pages around `widget`, innermost first (tab widgets inside tab pages give several).
QList<TabPage> tabPagesOf(const QWidget& widget);

}  // namespace ropelab::ui
