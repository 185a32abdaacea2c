// SPDX-License-Identifier: GPL-3.0-or-later
// The classroom style's scroll bars keep Fusion's layout (the same handle and arrows, hit where
// they are drawn) and paint the groove and the handle in solid palette colours, the handle by its
// state; focus is ringed in the highlight colour however it came; the style wraps the
// application's style once.
#include <gtest/gtest.h>

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollBar>
#include <QStyleFactory>
#include <QStyleOptionSlider>
#include <cmath>
#include <memory>

#include "style/classroom_style.h"

namespace ropelab::ui {
namespace {

QStyleOptionSlider barOption(Qt::Orientation orientation, QSize size) {
    QScrollBar bar(orientation);
    bar.resize(size);
    bar.setRange(0, 200);
    bar.setPageStep(100);
    bar.setValue(100);
    QStyleOptionSlider option;
    option.initFrom(&bar);
    option.subControls = QStyle::SC_All;
    option.orientation = orientation;
    option.minimum = bar.minimum();
    option.maximum = bar.maximum();
    option.sliderPosition = bar.value();
    option.sliderValue = bar.value();
    option.singleStep = bar.singleStep();
    option.pageStep = bar.pageStep();
    option.upsideDown = false;
    if (orientation == Qt::Horizontal) option.state |= QStyle::State_Horizontal;
    return option;
}

QImage drawn(const QStyle& style, const QStyleOptionSlider& option) {
    QImage image(option.rect.size(), QImage::Format_RGB32);
    image.fill(Qt::magenta);
    QPainter painter(&image);
    style.drawComplexControl(QStyle::CC_ScrollBar, &option, &painter);
    return image;
}

TEST(ClassroomStyle, ScrollBarsKeepFusionsLayoutAndPaintSolidColours) {
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    ClassroomStyle flat(QStyleFactory::create(QStringLiteral("Fusion")));
    for (const Qt::Orientation orientation : {Qt::Vertical, Qt::Horizontal}) {
        const QSize size = orientation == Qt::Vertical ? QSize(15, 300) : QSize(300, 15);
        QStyleOptionSlider option = barOption(orientation, size);
        for (const QStyle::SubControl part :
             {QStyle::SC_ScrollBarSlider, QStyle::SC_ScrollBarAddLine, QStyle::SC_ScrollBarSubLine,
              QStyle::SC_ScrollBarGroove}) {
            EXPECT_EQ(flat.subControlRect(QStyle::CC_ScrollBar, &option, part, nullptr),
                      fusion->subControlRect(QStyle::CC_ScrollBar, &option, part));
        }
        const QRect slider =
            flat.subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarSlider, nullptr);
        ASSERT_FALSE(slider.isEmpty());
        const QPoint middle = slider.center();
        // A groove point between the handle and the arrow button past its end.
        const QRect add = flat.subControlRect(QStyle::CC_ScrollBar, &option,
                                              QStyle::SC_ScrollBarAddLine, nullptr);
        const QPoint groove = orientation == Qt::Vertical
                                  ? QPoint(middle.x(), (slider.bottom() + add.top()) / 2)
                                  : QPoint((slider.right() + add.left()) / 2, middle.y());
        // In a light and a dark theme the handle stands out from the window, between it and the
        // text; the groove barely differs from the window.
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2d, 0x2d, 0x30));
        dark.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
        dark.setColor(QPalette::Highlight, QColor(0x3d, 0x8e, 0xe0));
        for (const QPalette& palette : {option.palette, dark}) {
            option.palette = palette;
            option.state = QStyle::State_Enabled;
            if (orientation == Qt::Horizontal) option.state |= QStyle::State_Horizontal;
            option.activeSubControls = QStyle::SC_None;
            const int window = qGray(palette.color(QPalette::Window).rgb());
            const int text = qGray(palette.color(QPalette::WindowText).rgb());
            const auto towardText = [&](QRgb pixel) {
                return double(qGray(pixel) - window) / double(text - window);
            };
            QImage image = drawn(flat, option);
            EXPECT_GT(towardText(image.pixel(middle)), 0.3) << orientation;
            EXPECT_LT(towardText(image.pixel(middle)), 0.7) << orientation;
            EXPECT_LT(std::abs(towardText(image.pixel(groove))), 0.1) << orientation;
            // Held: the highlight colour.
            option.state |= QStyle::State_Sunken;
            option.activeSubControls = QStyle::SC_ScrollBarSlider;
            image = drawn(flat, option);
            EXPECT_EQ(image.pixel(middle), palette.color(QPalette::Highlight).rgb());
            // Disabled: closer to the window than the enabled handle, still apart from it.
            option.state &= ~(QStyle::State_Enabled | QStyle::State_Sunken);
            image = drawn(flat, option);
            EXPECT_GT(towardText(image.pixel(middle)), 0.1);
            EXPECT_LT(towardText(image.pixel(middle)), 0.3);
        }
    }
}

// Pixels of the highlight colour in a control drawn with focus given by a click, not a key.
int highlightPixels(const QStyle& style, QStyle::ControlElement element, QStyleOptionButton option,
                    bool focus) {
    if (focus) option.state |= QStyle::State_HasFocus;
    option.state &= ~QStyle::State_KeyboardFocusChange;
    QImage image(option.rect.size(), QImage::Format_RGB32);
    image.fill(option.palette.color(QPalette::Window));
    QPainter painter(&image);
    style.drawControl(element, &option, &painter);
    painter.end();
    const QColor highlight = option.palette.color(QPalette::Active, QPalette::Highlight);
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            count += std::abs(pixel.red() - highlight.red()) +
                         std::abs(pixel.green() - highlight.green()) +
                         std::abs(pixel.blue() - highlight.blue()) <
                     30;
        }
    }
    return count;
}

TEST(ClassroomStyle, FocusIsRingedEvenWhenAClickGaveIt) {
    ClassroomStyle style(QStyleFactory::create(QStringLiteral("Fusion")));
    QPushButton button(QStringLiteral("Check my prediction"));
    button.resize(220, 32);
    QRadioButton choice(QStringLiteral("It stays exactly the same."));
    choice.resize(260, 24);
    for (const auto& [widget, element] :
         {std::pair<QAbstractButton*, QStyle::ControlElement>{&button, QStyle::CE_PushButton},
          {&choice, QStyle::CE_RadioButton}}) {
        QStyleOptionButton option;
        option.initFrom(widget);
        option.text = widget->text();
        option.state |= QStyle::State_Enabled;
        SCOPED_TRACE(widget->text().toStdString());
        EXPECT_EQ(highlightPixels(style, element, option, false), 0);
        // A ring all round: at least the width of the control, twice.
        EXPECT_GT(highlightPixels(style, element, option, true), 2 * option.rect.width() / 3);
    }
}

TEST(ClassroomStyle, InstallsOnceOverTheStyleInUse) {
    QApplication::setStyle(QStringLiteral("Windows"));
    ClassroomStyle::install();
    ClassroomStyle::install();
    auto* style = qobject_cast<ClassroomStyle*>(QApplication::style());
    ASSERT_NE(style, nullptr);
    // It wraps the style that was in use, not a new default one.
    EXPECT_EQ(style->baseStyle()->name(), QStringLiteral("windows"));
    EXPECT_EQ(qobject_cast<ClassroomStyle*>(style->baseStyle()), nullptr);
}

}  // namespace
}  // namespace ropelab::ui
