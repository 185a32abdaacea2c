// SPDX-License-Identifier: GPL-3.0-or-later
// WrappedLabel answers every size question as QLabel does and paints the same pixels, for plain,
// rich and selectable text (painted once or from the picture it keeps), and forgets its answers
// when the text, the font or the margins change.
#include <gtest/gtest.h>

#include <QLabel>
#include <QVBoxLayout>
#include <QWidget>

#include "image_difference.h"

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

const QString kRichText = QStringLiteral(
    "<p>Each pair <i>i</i> turns by <b>&theta;<sub>i</sub> = base<sup>&minus;2i/d</sup></b> per "
    "token.</p><p style='color:#a03000'>A longer base wavelength_that_does_not_break_anywhere "
    "slows the turning down.</p><ul><li>fast pairs</li><li>slow pairs</li></ul>");
const QString kChineseText =
    QStringLiteral("每一对数按自己的角度旋转；两个旋转后的向量的点积只取决于它们相隔多远。");

enum class Kind { Plain, Selectable, Rich, RichSelectable };

template <typename Label>
void setUp(Label& label, Kind kind, const QString& text) {
    label.setWordWrap(true);
    if (kind == Kind::Rich || kind == Kind::RichSelectable) label.setTextFormat(Qt::RichText);
    if (kind == Kind::Selectable || kind == Kind::RichSelectable) {
        label.setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    label.setText(text);
}

struct Case {
    Kind kind;
    QString text;
};

std::vector<Case> cases() {
    return {{Kind::Plain, kLongText},         {Kind::Selectable, kLongText},
            {Kind::Rich, kRichText},          {Kind::RichSelectable, kRichText},
            {Kind::Selectable, kChineseText}, {Kind::RichSelectable, kChineseText}};
}

TEST(WrappedLabel, EverySizeEqualsQLabelsForPlainRichAndSelectableText) {
    for (const Case& c : cases()) {
        for (const int margin : {0, 5}) {
            WrappedLabel label;
            QLabel plain;
            setUp(label, c.kind, c.text);
            setUp(plain, c.kind, c.text);
            label.setMargin(margin);
            plain.setMargin(margin);
            label.setContentsMargins(3, 7, 2, 1);
            plain.setContentsMargins(3, 7, 2, 1);
            const auto kind = static_cast<int>(c.kind);
            EXPECT_EQ(label.minimumSizeHint(), plain.minimumSizeHint()) << kind << " " << margin;
            EXPECT_EQ(label.sizeHint(), plain.sizeHint()) << kind << " " << margin;
            for (const int width : {40, 90, 180, 330, 90, 700, 2000, 40}) {
                EXPECT_EQ(label.heightForWidth(width), plain.heightForWidth(width))
                    << kind << " margin " << margin << " width " << width;
            }
        }
    }
}

TEST(WrappedLabel, TextsShownAgainAreMeasuredAsBefore) {
    WrappedLabel label;
    setUp(label, Kind::RichSelectable, kRichText);
    QLabel plain;
    setUp(plain, Kind::RichSelectable, kRichText);
    const auto showEach = [&] {
        for (const QString& text : {kLongText, kChineseText, QStringLiteral("<b>short</b>"),
                                    kRichText, kLongText, kRichText}) {
            label.setText(text);
            plain.setText(text);
            EXPECT_EQ(label.heightForWidth(150), plain.heightForWidth(150)) << text.toStdString();
            EXPECT_EQ(label.minimumSizeHint(), plain.minimumSizeHint()) << text.toStdString();
            EXPECT_EQ(label.sizeHint(), plain.sizeHint()) << text.toStdString();
        }
    };
    showEach();
    // A larger font (presenter mode) makes every remembered size stale.
    QFont big = label.font();
    big.setPointSizeF(big.pointSizeF() * 1.8);
    label.setFont(big);
    plain.setFont(big);
    showEach();
}

// Both labels side by side in one window, laid out by the same layout, then grabbed.
QImage painted(QLabel& label, int width, int height) {
    QWidget window;
    auto* layout = new QVBoxLayout(&window);
    layout->setContentsMargins(0, 0, 0, 0);
    label.setParent(&window);
    layout->addWidget(&label);
    window.resize(width, height);
    window.show();
    QImage image = label.grab().toImage().convertToFormat(QImage::Format_RGB32);
    label.setParent(nullptr);
    return image;
}

TEST(WrappedLabel, PaintsTheSamePixelsAsQLabel) {
    for (const Case& c : cases()) {
        for (const QSize size : {QSize(160, 300), QSize(330, 200), QSize(600, 400)}) {
            WrappedLabel label;
            QLabel plain;
            setUp(label, c.kind, c.text);
            setUp(plain, c.kind, c.text);
            const QImage ours = painted(label, size.width(), size.height());
            const QImage theirs = painted(plain, size.width(), size.height());
            ASSERT_FALSE(ours.isNull());
            EXPECT_EQ(largestChannelDifference(ours, theirs), 0)
                << static_cast<int>(c.kind) << " at " << size.width() << "x" << size.height();
        }
    }
}

TEST(WrappedLabel, PaintsTheSamePixelsWhenDisabledOrAlignedElsewhere) {
    for (const Qt::Alignment alignment :
         {Qt::AlignLeft | Qt::AlignVCenter, Qt::AlignRight | Qt::AlignBottom,
          Qt::AlignHCenter | Qt::AlignTop}) {
        for (const bool enabled : {true, false}) {
            WrappedLabel label;
            QLabel plain;
            setUp(label, Kind::RichSelectable, kRichText);
            setUp(plain, Kind::RichSelectable, kRichText);
            label.setAlignment(alignment);
            plain.setAlignment(alignment);
            label.setEnabled(enabled);
            plain.setEnabled(enabled);
            EXPECT_EQ(largestChannelDifference(painted(label, 400, 500), painted(plain, 400, 500)),
                      0)
                << int(alignment) << " enabled " << enabled;
        }
    }
}

// Painted again unchanged, the label blits the picture it kept: still QLabel's pixels, and a
// new colour, font or width is painted anew.
TEST(WrappedLabel, PaintedAgainItShowsWhatQLabelShows) {
    WrappedLabel label;
    QLabel plain;
    setUp(label, Kind::RichSelectable, kRichText);
    setUp(plain, Kind::RichSelectable, kRichText);
    QWidget window;
    auto* layout = new QVBoxLayout(&window);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(&label);
    layout->addWidget(&plain);
    window.resize(360, 700);
    window.show();
    const auto same = [&] {
        const QImage ours = label.grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QImage theirs = plain.grab().toImage().convertToFormat(QImage::Format_RGB32);
        return largestChannelDifference(ours, theirs);
    };
    for (int paint = 0; paint < 3; ++paint) EXPECT_EQ(same(), 0) << paint;
    QPalette red = label.palette();
    red.setColor(QPalette::WindowText, Qt::red);
    red.setColor(QPalette::Text, Qt::red);
    const QImage black = label.grab().toImage();
    label.setPalette(red);
    plain.setPalette(red);
    EXPECT_GT(largestChannelDifference(label.grab().toImage(), black), 0);
    for (int paint = 0; paint < 2; ++paint) EXPECT_EQ(same(), 0) << "red " << paint;
    QFont larger = label.font();
    larger.setPointSizeF(larger.pointSizeF() * 1.4);
    label.setFont(larger);
    plain.setFont(larger);
    for (int paint = 0; paint < 2; ++paint) EXPECT_EQ(same(), 0) << "larger " << paint;
    window.resize(250, 800);
    for (int paint = 0; paint < 2; ++paint) EXPECT_EQ(same(), 0) << "narrower " << paint;
    label.setParent(nullptr);
    plain.setParent(nullptr);
}

TEST(WrappedLabel, ASelectionIsPaintedAsQLabelPaintsIt) {
    WrappedLabel label;
    QLabel plain;
    setUp(label, Kind::RichSelectable, kRichText);
    setUp(plain, Kind::RichSelectable, kRichText);
    label.setSelection(5, 20);
    plain.setSelection(5, 20);
    ASSERT_TRUE(label.hasSelectedText());
    const QImage selected = painted(label, 300, 300);
    EXPECT_EQ(largestChannelDifference(selected, painted(plain, 300, 300)), 0);
    label.setSelection(0, 0);
    EXPECT_GT(largestChannelDifference(selected, painted(label, 300, 300)), 0);
}

}  // namespace
}  // namespace ropelab::ui
