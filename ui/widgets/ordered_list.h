// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A row of items the user puts in order, by dragging one or by moving the selected one; each item
// carries an id, and the order is read and set as ids.

#include <QListWidget>
#include <vector>

namespace ropelab::ui {

class OrderedList : public QListWidget {
    Q_OBJECT
public:
    explicit OrderedList(QWidget* parent = nullptr);

    // Appends an item showing `text` centred, `size` large, that stands for `id`.
    void addEntry(const QString& text, int id, QSize size);

    std::vector<int> order() const;
    // Puts the items in the order of `ids`; items it leaves out go last, so none is ever lost.
    void setOrder(const std::vector<int>& ids);
    // Moves the selected item `delta` places later (earlier if negative), if there is room.
    bool moveCurrent(int delta);
};

}  // namespace ropelab::ui
