// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A combo box whose least width always fits its longest choice in its current font. QComboBox
// measures that width once and keeps it when the font grows (presenter mode), the language
// changes or choices are added, so a layout could squeeze the text it shows.

#include <QComboBox>

namespace ropelab::ui {

class ChoiceBox : public QComboBox {
    Q_OBJECT
public:
    explicit ChoiceBox(QWidget* parent = nullptr);

    QSize minimumSizeHint() const override;
};

}  // namespace ropelab::ui
