// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A read-only table of wrapped text: each row as tall as its text, the first column as wide as
// its text and the others sharing the rest. Setting its rows again touches only the cells whose
// text changed and tells the view once, so a refresh that changes little costs little.

#include <QTableWidget>

namespace ropelab::ui {

class TextTable : public QTableWidget {
    Q_OBJECT
public:
    // The header has an item per column, its text set later (a translated header follows the
    // language).
    explicit TextTable(int columns, QWidget* parent = nullptr);

    // One list of cell texts per row; the table gets as many rows.
    void setRows(const QList<QStringList>& rows);
};

}  // namespace ropelab::ui
