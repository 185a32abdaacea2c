// SPDX-License-Identifier: GPL-3.0-or-later
// LabeledSlider: slider and spin box agree, keyboard works, invalid typed values never get out.
#include <gtest/gtest.h>

#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTest>
#include <cmath>

#include "widgets/labeled_slider.h"

namespace ropelab::ui {
namespace {

TEST(LabeledSlider, SliderDragUpdatesSpinBoxAndEmitsLive) {
    LabeledSlider slider(QStringLiteral("Head dimension d"), 2, 512, 2);
    QSignalSpy spy(&slider, &LabeledSlider::valueChanged);
    slider.slider()->setValue(31);  // position 31 on the step-2 grid from 2
    EXPECT_EQ(slider.value(), 64);
    EXPECT_EQ(slider.spinBox()->value(), 64);
    ASSERT_EQ(spy.count(), 1);
    EXPECT_EQ(spy.at(0).at(0).toInt(), 64);
}

TEST(LabeledSlider, SetValueDoesNotEmit) {
    LabeledSlider slider(QStringLiteral("n"), 0, 100);
    QSignalSpy spy(&slider, &LabeledSlider::valueChanged);
    slider.setValue(40);
    EXPECT_EQ(slider.slider()->value(), 40);
    EXPECT_EQ(spy.count(), 0);
}

TEST(LabeledSlider, KeyboardMovesSliderByStep) {
    LabeledSlider slider(QStringLiteral("d"), 2, 512, 2);
    slider.setValue(64);
    QTest::keyClick(slider.slider(), Qt::Key_Right);
    EXPECT_EQ(slider.value(), 66);
}

TEST(LabeledSlider, SpinBoxRejectsOffGridAndOutOfRangeValues) {
    LabeledSlider slider(QStringLiteral("d"), 2, 512, 2);
    // validate/fixup are public on QAbstractSpinBox, the interface the line edit uses.
    QAbstractSpinBox* spin = slider.spinBox();
    QString text = QStringLiteral("65");
    int pos = 0;
    EXPECT_EQ(spin->validate(text, pos), QValidator::Intermediate);
    text = QStringLiteral("64");
    EXPECT_EQ(spin->validate(text, pos), QValidator::Acceptable);
    text = QStringLiteral("9999");
    EXPECT_NE(spin->validate(text, pos), QValidator::Acceptable);
    text = QStringLiteral("65");
    spin->fixup(text);
    EXPECT_TRUE(text == QStringLiteral("64") || text == QStringLiteral("66")) << text.toStdString();
}

TEST(LabeledSlider, AccessibleNamesCarryTheLabel) {
    LabeledSlider slider(QStringLiteral("Query position m"), 0, 10);
    EXPECT_EQ(slider.slider()->accessibleName(), QStringLiteral("Query position m"));
    EXPECT_EQ(slider.spinBox()->accessibleName(), QStringLiteral("Query position m"));
}

TEST(LabeledDoubleSlider, LogScaleReachesRoundNumbersAndEnds) {
    LabeledDoubleSlider slider(QStringLiteral("Base"), 2.0, 1.0e8, 0,
                               LabeledDoubleSlider::Scale::Logarithmic);
    slider.setValue(10000.0);
    EXPECT_EQ(slider.value(), 10000.0);
    const int middle = slider.slider()->value();
    EXPECT_GT(middle, 400);  // log spacing: 10⁴ sits past the middle of [2, 10⁸]
    EXPECT_LT(middle, 600);
    slider.slider()->setValue(0);
    EXPECT_EQ(slider.value(), 2.0);
    slider.slider()->setValue(slider.slider()->maximum());
    EXPECT_EQ(slider.value(), 1.0e8);
    // Values while dragging have three significant digits.
    slider.slider()->setValue(middle + 7);
    const double v = slider.value();
    const double scale = std::pow(10.0, std::floor(std::log10(v)) - 2);
    EXPECT_DOUBLE_EQ(std::round(v / scale) * scale, v);
}

TEST(LabeledDoubleSlider, TypedValueMovesSliderAndEmits) {
    LabeledDoubleSlider slider(QStringLiteral("x"), 0.0, 10.0, 2);
    QSignalSpy spy(&slider, &LabeledDoubleSlider::valueChanged);
    slider.spinBox()->setValue(2.5);
    EXPECT_EQ(slider.slider()->value(), 250);
    ASSERT_EQ(spy.count(), 1);
    EXPECT_DOUBLE_EQ(spy.at(0).at(0).toDouble(), 2.5);
}

}  // namespace
}  // namespace ropelab::ui
