// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/text_table.h"

#include <QHeaderView>
#include <QSignalBlocker>

namespace ropelab::ui {

TextTable::TextTable(int columns, QWidget* parent) : QTableWidget(0, columns, parent) {
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setWordWrap(true);
    verticalHeader()->setVisible(false);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    setHorizontalHeaderLabels(QStringList(columns, QString()));
}

void TextTable::setRows(const QList<QStringList>& rows) {
    setRowCount(static_cast<int>(rows.size()));
    QAbstractItemModel* cells = model();
    // The cells that changed, as one rectangle: the table measures the rows and repaints the
    // area the view is told of.
    QRect changed;
    {
        // The cells tell the view once, together, below: each cell's own dataChanged made the
        // table measure the height of every row again.
        const QSignalBlocker block(cells);
        for (int row = 0; row < rows.size(); ++row) {
            for (int column = 0; column < rows[row].size(); ++column) {
                const QString& text = rows[row][column];
                // An unchanged cell keeps its item: a new one makes the table measure its row
                // again.
                if (QTableWidgetItem* cell = item(row, column)) {
                    if (cell->text() == text) continue;
                    cell->setText(text);
                } else {
                    setItem(row, column, new QTableWidgetItem(text));
                }
                changed |= QRect(column, row, 1, 1);
            }
        }
    }
    if (!changed.isEmpty()) {
        emit cells->dataChanged(cells->index(changed.top(), changed.left()),
                                cells->index(changed.bottom(), changed.right()));
    }
}

}  // namespace ropelab::ui
