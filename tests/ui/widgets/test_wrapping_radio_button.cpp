// SPDX-License-Identifier: GPL-3.0-or-later
// A long answer wraps instead of widening its panel (issue 36: one answer pushed a 1024 × 768
// window to 1274 px), and the button still behaves as a radio button.
#include <gtest/gtest.h>

#include <QApplication>
#include <QButtonGroup>
#include <QFontMetrics>
#include <QRadioButton>
#include <QTest>
#include <QVBoxLayout>

#include "widgets/wrapping_radio_button.h"

namespace ropelab::ui {
namespace {

const QString kLong = QStringLiteral(
    "Only the crosses of 狗 and 猪 move; 追 stays in the middle, so its cross stays where it was "
    "in the sentence above, and the other two crosses swap places.");

TEST(WrappingRadioButton, ALongAnswerWrapsInsteadOfWidening) {
    WrappingRadioButton wrapping(kLong);
    QRadioButton plain(kLong);
    const QFontMetrics metrics = wrapping.fontMetrics();
    // The plain button wants the whole sentence on one line; this one a short word at least.
    EXPECT_GE(plain.minimumSizeHint().width(), metrics.horizontalAdvance(kLong));
    EXPECT_LT(wrapping.minimumSizeHint().width(), 20 * metrics.averageCharWidth());
    EXPECT_LT(wrapping.sizeHint().width(), plain.sizeHint().width());
    // At 200 px the text takes several lines: taller than one line by whole lines.
    const int lines =
        (wrapping.heightForWidth(200) - plain.sizeHint().height()) / metrics.lineSpacing();
    EXPECT_GE(lines, 3);
    // A short answer keeps the plain button's size.
    WrappingRadioButton shortAnswer(QStringLiteral("Yes"));
    QRadioButton plainShort(QStringLiteral("Yes"));
    EXPECT_EQ(shortAnswer.sizeHint(), plainShort.sizeHint());
}

TEST(WrappingRadioButton, InANarrowPanelItGrowsDownAndStaysARadioButton) {
    QWidget panel;
    auto* layout = new QVBoxLayout(&panel);
    auto* first = new WrappingRadioButton(kLong);
    auto* second = new WrappingRadioButton(QStringLiteral("None of them moves."));
    QButtonGroup group;
    group.addButton(first, 0);
    group.addButton(second, 1);
    layout->addWidget(first);
    layout->addWidget(second);
    panel.resize(260, 400);
    panel.show();
    QApplication::processEvents();
    EXPECT_LE(first->width(), 260);
    EXPECT_GE(first->height(), first->heightForWidth(first->width()));
    // A click anywhere on the paragraph picks it; the keyboard moves within the group.
    QTest::mouseClick(first, Qt::LeftButton, {}, QPoint(first->width() - 5, first->height() - 5));
    EXPECT_TRUE(first->isChecked());
    QTest::mouseClick(second, Qt::LeftButton);
    EXPECT_TRUE(second->isChecked());
    EXPECT_FALSE(first->isChecked());
}

}  // namespace
}  // namespace ropelab::ui
