// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson 2 (absolute encodings): the plotted tables are core's sinusoidal and learned tables, the
// similarity is PE(p)·PE(q), positions beyond the learned table are marked impossible, and a shift
// by k is the same rotation of pair i for every p.
#include <gtest/gtest.h>

#include <QFontMetrics>
#include <cmath>
#include <numbers>

#include "encodings/learned_absolute.h"
#include "encodings/sinusoidal.h"
#include "lesson_harness.h"
#include "lessons/absolute_lesson.h"

namespace ropelab::ui {
namespace {

using testing::LessonHarness;

TEST(AbsoluteLesson, SinusoidalMapFollowsTheBaseSlider) {
    LessonHarness<AbsoluteLesson> h;
    h.model.setHeadDim(16);
    h.model.setSequenceLength(64);
    for (const double base : {10000.0, 50.0}) {
        h.model.setRopeTheta(base);
        h.lesson.waitForComputation();
        QCPColorMapData* data = h.lesson.sinusoidalMap()->data();
        ASSERT_EQ(data->keySize(), 16);
        ASSERT_EQ(data->valueSize(), 64);
        const Eigen::VectorXd pe = sinusoidalEncoding(37, 16, base);
        for (int j = 0; j < 16; ++j) EXPECT_DOUBLE_EQ(data->cell(j, 37), pe[j]) << base;
    }
}

TEST(AbsoluteLesson, SimilarityIsTheDotProductOfEncodings) {
    LessonHarness<AbsoluteLesson> h;
    h.model.setHeadDim(8);
    h.model.setSequenceLength(40);  // below the pooling size: one cell per position pair
    h.lesson.waitForComputation();
    QCPColorMapData* data = h.lesson.similarityMap()->data();
    ASSERT_EQ(data->keySize(), 40);
    const double base = h.model.rope().ropeTheta;
    for (const auto& [p, q] : {std::pair{3, 3}, std::pair{10, 25}, std::pair{39, 0}}) {
        const double expected = sinusoidalEncoding(p, 8, base).dot(sinusoidalEncoding(q, 8, base));
        EXPECT_NEAR(data->cell(q, p), expected, 1e-12);
    }
    EXPECT_NEAR(data->cell(5, 5), 4.0, 1e-12);  // d/2: sin² + cos² per pair
}

// d = 8, N = 100, a learned table of L = 30 rows.
void learnThirtyOfAHundredPositions(LessonHarness<AbsoluteLesson>& h) {
    h.model.setHeadDim(8);
    h.model.setSequenceLength(100);
    h.lesson.setMaxLength(30);
    h.lesson.waitForComputation();
}

TEST(AbsoluteLesson, LearnedTableShowsOnlyItsRowsAndMarksTheRestImpossible) {
    LessonHarness<AbsoluteLesson> h;
    learnThirtyOfAHundredPositions(h);
    QCPColorMapData* data = h.lesson.learnedMap()->data();
    EXPECT_EQ(data->valueSize(), 30);
    const LearnedPositionTable table(30, 8, h.model.seed());
    EXPECT_DOUBLE_EQ(data->cell(3, 17), table.table()(17, 3));
    h.model.setPositions(50, 0);
    EXPECT_TRUE(h.lesson.readoutText().contains(QStringLiteral("impossible")));
    h.model.setPositions(29, 0);
    EXPECT_FALSE(h.lesson.readoutText().contains(QStringLiteral("impossible")));
}

// The hatched rows say why they are empty in the longest words that fit on them whole: all of
// them on a large plot, fewer on a small one, none where not even "no row" fits.
TEST(AbsoluteLesson, TheImpossibleRowsSayWhyInWordsThatFit) {
    LessonHarness<AbsoluteLesson> h;
    learnThirtyOfAHundredPositions(h);
    QCustomPlot* plot = h.figure("learned-table");
    QCPItemText* label = nullptr;
    QCPItemRect* hatch = nullptr;
    for (int i = 0; i < plot->itemCount(); ++i) {
        if (auto* text = qobject_cast<QCPItemText*>(plot->item(i))) {
            if (text->text().contains(QStringLiteral("no row"))) label = text;
        } else if (auto* rect = qobject_cast<QCPItemRect*>(plot->item(i))) {
            hatch = rect;
        }
    }
    ASSERT_NE(label, nullptr);
    ASSERT_NE(hatch, nullptr);
    const auto showAt = [plot](QSize size) {
        plot->resize(size);
        plot->setViewport(plot->rect());
        plot->replot();
    };
    const auto fits = [label, hatch] {
        const QRectF room =
            QRectF(hatch->topLeft->pixelPosition(), hatch->bottomRight->pixelPosition())
                .normalized();
        const QSize text =
            QFontMetrics(label->font()).size(0, label->text()).grownBy(label->padding());
        return text.width() <= room.width() && text.height() <= room.height();
    };
    showAt(QSize(900, 900));
    EXPECT_TRUE(label->visible());
    EXPECT_EQ(label->text(), QStringLiteral("positions ≥ 30:\nno row, impossible"));
    EXPECT_TRUE(fits());
    showAt(QSize(330, 260));
    EXPECT_TRUE(label->visible());
    EXPECT_NE(label->text(), QStringLiteral("positions ≥ 30:\nno row, impossible"));
    EXPECT_TRUE(fits()) << label->text().toStdString();
    h.lesson.setMaxLength(99);  // one row hatched: too low for any words
    h.lesson.waitForComputation();
    showAt(QSize(330, 260));
    EXPECT_FALSE(label->visible());
    h.lesson.setMaxLength(30);
    h.lesson.waitForComputation();
    showAt(QSize(900, 900));
    EXPECT_TRUE(label->visible());
    EXPECT_EQ(label->text(), QStringLiteral("positions ≥ 30:\nno row, impossible"));
}

TEST(AbsoluteLesson, ShiftByKIsTheSameRotationForEveryP) {
    LessonHarness<AbsoluteLesson> h;
    h.model.setHeadDim(16);
    h.lesson.setPairIndex(2);
    h.lesson.setShift(7);
    const double omega = std::pow(h.model.rope().ropeTheta, -4.0 / 16.0);
    for (const int p : {0, 5, 123}) {
        h.model.setPositions(p, 0);
        const QPointF a = h.lesson.pointAtP();
        const QPointF b = h.lesson.pointAtPPlusK();
        EXPECT_NEAR(a.x(), std::sin(p * omega), 1e-12);
        EXPECT_NEAR(a.y(), std::cos(p * omega), 1e-12);
        // (sin, cos) turned by kω: b = [[cos kω, sin kω], [−sin kω, cos kω]]·a.
        const double c = std::cos(7 * omega), s = std::sin(7 * omega);
        EXPECT_NEAR(b.x(), c * a.x() + s * a.y(), 1e-12);
        EXPECT_NEAR(b.y(), -s * a.x() + c * a.y(), 1e-12);
    }
}

TEST(AbsoluteLesson, TurnIsShownModulo360AndClockwiseLikeItsArc) {
    LessonHarness<AbsoluteLesson> h;
    h.lesson.setPairIndex(0);  // ω₀ = 1 rad/token
    h.lesson.setShift(8);      // 8 rad = 458.37°, one full turn and 98.37° more
    const QString readout = h.lesson.readoutText();
    EXPECT_TRUE(readout.contains(QStringLiteral("458.4°"))) << readout.toStdString();
    EXPECT_TRUE(readout.contains(QStringLiteral("98.4° clockwise"))) << readout.toStdString();
    // The arc sweeps that reduced angle clockwise (decreasing math angle): sum its steps.
    const auto* data = h.lesson.shiftArc()->data().data();
    double sweep = 0.0;
    for (int i = 2; i < data->size(); ++i) {
        const double a = std::atan2(data->at(i)->value, data->at(i)->key);
        const double b = std::atan2(data->at(i - 1)->value, data->at(i - 1)->key);
        sweep += std::remainder(a - b, 2.0 * M_PI);
    }
    EXPECT_NEAR(sweep, -(8.0 - 2.0 * M_PI), 1e-9);
    h.lesson.setShift(-3);
    EXPECT_TRUE(h.lesson.readoutText().contains(QStringLiteral("171.9° counter-clockwise")))
        << h.lesson.readoutText().toStdString();
}

TEST(AbsoluteLesson, AnOddHeadDimensionIsRefusedByTheModel) {
    LessonHarness<AbsoluteLesson> h;
    EXPECT_FALSE(h.model.setHeadDim(9));
    EXPECT_TRUE(h.lesson.problem().isEmpty());
}

}  // namespace
}  // namespace ropelab::ui
