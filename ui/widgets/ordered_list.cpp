// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/ordered_list.h"

#include <QMap>

namespace ropelab::ui {

OrderedList::OrderedList(QWidget* parent) : QListWidget(parent) {
    setDragDropMode(QAbstractItemView::InternalMove);
    setDefaultDropAction(Qt::MoveAction);
    setFlow(QListView::LeftToRight);
}

void OrderedList::addEntry(const QString& text, int id, QSize size) {
    auto* item = new QListWidgetItem(text, this);
    item->setData(Qt::UserRole, id);
    item->setTextAlignment(Qt::AlignCenter);
    item->setSizeHint(size);
}

std::vector<int> OrderedList::order() const {
    std::vector<int> ids;
    for (int row = 0; row < count(); ++row) ids.push_back(item(row)->data(Qt::UserRole).toInt());
    return ids;
}

void OrderedList::setOrder(const std::vector<int>& ids) {
    QMap<int, QListWidgetItem*> items;
    while (count() > 0) {
        QListWidgetItem* taken = takeItem(0);
        items.insert(taken->data(Qt::UserRole).toInt(), taken);
    }
    for (const int id : ids) {
        if (QListWidgetItem* taken = items.take(id)) addItem(taken);
    }
    for (QListWidgetItem* left : items) addItem(left);
}

bool OrderedList::moveCurrent(int delta) {
    const int row = currentRow();
    const int target = row + delta;
    if (row < 0 || target < 0 || target >= count()) return false;
    QListWidgetItem* moved = takeItem(row);
    insertItem(target, moved);
    setCurrentRow(target);
    return true;
}

}  // namespace ropelab::ui
