// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/wrapping_radio_button.h"

#include <QStyleOptionButton>
#include <QStylePainter>

#include <algorithm>

namespace ropelab::ui {

namespace {

// Wide enough for a short word beside the indicator, so the button never asks for a sentence.
constexpr int kLeastTextChars = 12;
// A sentence's comfortable width when nothing constrains it.
constexpr int kPreferredTextChars = 40;

}  // namespace

WrappingRadioButton::WrappingRadioButton(const QString& text, QWidget* parent)
    : QRadioButton(text, parent) {
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

int WrappingRadioButton::textFlags() const {
    return Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap | Qt::TextShowMnemonic;
}

QRect WrappingRadioButton::textRect(int width, int height) const {
    QStyleOptionButton option;
    initStyleOption(&option);
    option.rect = QRect(0, 0, width, height);
    return style()->subElementRect(QStyle::SE_RadioButtonContents, &option, this);
}

int WrappingRadioButton::heightForWidth(int width) const {
    const QRect room = textRect(width, QWIDGETSIZE_MAX / 2);
    const QRect bounds(0, 0, std::max(1, room.width()), QWIDGETSIZE_MAX / 2);
    const int wrapped = fontMetrics().boundingRect(bounds, textFlags(), text()).height();
    const int oneLine =
        fontMetrics().boundingRect(bounds, textFlags(), QStringLiteral("X")).height();
    // The plain button (indicator, margins, one line) and the lines the text wraps onto.
    return QRadioButton::sizeHint().height() + std::max(0, wrapped - oneLine);
}

QSize WrappingRadioButton::sizeHint() const {
    const int plain = QRadioButton::sizeHint().width();
    const int preferred = plain - fontMetrics().horizontalAdvance(text()) +
                          kPreferredTextChars * fontMetrics().averageCharWidth();
    const int width = std::min(plain, preferred);
    return {width, heightForWidth(width)};
}

QSize WrappingRadioButton::minimumSizeHint() const {
    const int plain = QRadioButton::sizeHint().width();
    const int least = plain - fontMetrics().horizontalAdvance(text()) +
                      kLeastTextChars * fontMetrics().averageCharWidth();
    return {std::min(plain, least), QRadioButton::sizeHint().height()};
}

void WrappingRadioButton::paintEvent(QPaintEvent*) {
    QStylePainter painter(this);
    QStyleOptionButton option;
    initStyleOption(&option);
    QStyleOptionButton indicator = option;
    indicator.rect = style()->subElementRect(QStyle::SE_RadioButtonIndicator, &option, this);
    // The indicator beside the first line, not the middle of a paragraph.
    indicator.rect.moveTop(
        std::max(0, (QRadioButton::sizeHint().height() - indicator.rect.height()) / 2));
    painter.drawPrimitive(QStyle::PE_IndicatorRadioButton, indicator);
    const QRect room = textRect(width(), height());
    painter.drawItemText(room, textFlags(), option.palette, isEnabled(), text(),
                         QPalette::WindowText);
    if (hasFocus()) {
        QStyleOptionFocusRect focus;
        focus.initFrom(this);
        focus.rect = fontMetrics().boundingRect(room, textFlags(), text()).adjusted(-2, -1, 2, 1);
        painter.drawPrimitive(QStyle::PE_FrameFocusRect, focus);
    }
}

bool WrappingRadioButton::hitButton(const QPoint& position) const {
    return rect().contains(position);  // the whole paragraph is the button
}

}  // namespace ropelab::ui
