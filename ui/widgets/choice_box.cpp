// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/choice_box.h"

#include <QAbstractItemModel>
#include <QFontMetricsF>
#include <QStyle>
#include <QStyleOptionComboBox>

#include <algorithm>
#include <cmath>

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
    // As QComboBox measures, but now: the ink of the widest choice, the font's line height.
    const QFontMetrics metrics = fontMetrics();
    int widest = count() == 0 ? 7 * metrics.horizontalAdvance(QLatin1Char('x')) : 0;
    int tallest = std::max(static_cast<int>(std::ceil(QFontMetricsF(metrics).height())), 14) + 2;
    for (int i = 0; i < count(); ++i) {
        int width = metrics.boundingRect(itemText(i)).width();
        if (!itemIcon(i).isNull()) {
            width += iconSize().width() + 4;
            tallest = std::max(tallest, iconSize().height() + 2);
        }
        widest = std::max(widest, width);
    }
    QStyleOptionComboBox option;
    initStyleOption(&option);
    return style()->sizeFromContents(QStyle::CT_ComboBox, &option, QSize(widest, tallest), this);
}

}  // namespace ropelab::ui
