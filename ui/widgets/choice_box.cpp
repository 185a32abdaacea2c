// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/choice_box.h"

#include <QAbstractItemModel>
#include <QStyle>
#include <QStyleOptionComboBox>

#include "widgets/library_internals.h"

namespace ropelab::ui {

ChoiceBox::ChoiceBox(QWidget* parent) : QComboBox(parent) {
    // New or renamed choices may need more room: the layout asks again.
    const auto remeasure = [this] { updateGeometry(); };
    connect(model(), &QAbstractItemModel::rowsInserted, this, remeasure);
    connect(model(), &QAbstractItemModel::rowsRemoved, this, remeasure);
    connect(model(), &QAbstractItemModel::dataChanged, this, remeasure);
    connect(model(), &QAbstractItemModel::modelReset, this, remeasure);
}

QSize ChoiceBox::minimumSizeHint() const {
    const bool fitsChoices =
        sizeAdjustPolicy() == AdjustToContents || sizeAdjustPolicy() == AdjustToContentsOnFirstShow;
    if (!fitsChoices || minimumContentsLength() > 0) return QComboBox::minimumSizeHint();
    // As QComboBox measures, but now, in the current font.
    QStyleOptionComboBox option;
    initStyleOption(&option);
    return style()->sizeFromContents(QStyle::CT_ComboBox, &option, comboChoicesSize(*this), this);
}

}  // namespace ropelab::ui
