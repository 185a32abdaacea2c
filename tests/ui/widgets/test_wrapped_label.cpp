// SPDX-License-Identifier: GPL-3.0-or-later
// WrappedLabel answers heightForWidth as QLabel does, and forgets its answers when the text, the
// font or the margins change.
#include <gtest/gtest.h>

#include <QLabel>

#include "widgets/wrapped_label.h"

namespace ropelab::ui {
namespace {

const QString kLongText = QStringLiteral(
    "Each pair of numbers turns by its own angle per token; the dot product of two turned "
    "vectors depends only on how far apart they are.");

int plainHeight(const QString& text, const QFont& font, int width, int margin = 0) {
    QLabel label;
    label.setWordWrap(true);
    label.setFont(font);
    label.setMargin(margin);
    label.setText(text);
    return label.heightForWidth(width);
}

TEST(WrappedLabel, HeightForWidthEqualsQLabelsForEveryWidth) {
    WrappedLabel label;
    label.setText(kLongText);
    for (const int width : {60, 120, 200, 120, 60, 400, 1000, 60}) {
        EXPECT_EQ(label.heightForWidth(width), plainHeight(kLongText, label.font(), width))
            << "width " << width;
    }
    EXPECT_GT(label.heightForWidth(60), label.heightForWidth(400));
}

TEST(WrappedLabel, ANewTextIsMeasuredAgain) {
    WrappedLabel label;
    label.setText(QStringLiteral("short"));
    const int shortHeight = label.heightForWidth(80);
    label.setText(kLongText);
    EXPECT_EQ(label.heightForWidth(80), plainHeight(kLongText, label.font(), 80));
    EXPECT_GT(label.heightForWidth(80), shortHeight);
}

TEST(WrappedLabel, ALargerFontOrMarginIsMeasuredAgain) {
    WrappedLabel label;
    label.setText(kLongText);
    const int before = label.heightForWidth(150);
    QFont big = label.font();
    big.setPointSizeF(big.pointSizeF() * 2.0);
    label.setFont(big);
    EXPECT_EQ(label.heightForWidth(150), plainHeight(kLongText, big, 150));
    EXPECT_GT(label.heightForWidth(150), before);
    label.setContentsMargins(0, 20, 0, 20);
    QLabel plain;
    plain.setWordWrap(true);
    plain.setFont(big);
    plain.setContentsMargins(0, 20, 0, 20);
    plain.setText(kLongText);
    EXPECT_EQ(label.heightForWidth(150), plain.heightForWidth(150));
}

}  // namespace
}  // namespace ropelab::ui
