// SPDX-License-Identifier: GPL-3.0-or-later
// Plot parts of the 2D, n-D, pitfall and invariance lessons: a curve with gaps, power-of-two
// ticks, a 3D view's sliders and camera in step, and plots that draw their own frame.
#include <gtest/gtest.h>

#include <qcustomplot.h>

#include <cmath>
#include <limits>

#include "style/plot_style.h"
#include "widgets/clock_grid.h"
#include "widgets/gapped_curve.h"
#include "widgets/labeled_slider.h"
#include "widgets/orbit_camera.h"
#include "widgets/orbit_sliders.h"
#include "widgets/plot_helpers.h"
#include "widgets/projected_axes.h"
#include "widgets/stepped_text_ticker.h"

namespace ropelab::ui {
namespace {

TEST(PlotParts, GappedCurveBreaksAtValuesThatAreNotFinite) {
    QCustomPlot plot;
    QCPGraph* graph = plot.addGraph();
    const double inf = std::numeric_limits<double>::infinity();
    const double largest = setIndexedDataWithGaps(
        graph, {1.0, -3.0, inf, 2.0, -inf, std::numeric_limits<double>::quiet_NaN()}, -2.0);
    EXPECT_EQ(largest, 3.0);
    ASSERT_EQ(graph->data()->size(), 6);
    const std::array<double, 6> values{1.0, -3.0, NAN, 2.0, NAN, NAN};
    for (int i = 0; i < 6; ++i) {
        EXPECT_EQ(graph->data()->at(i)->key, -2.0 + i);
        if (std::isnan(values[std::size_t(i)])) {
            EXPECT_TRUE(std::isnan(graph->data()->at(i)->value));
        } else {
            EXPECT_EQ(graph->data()->at(i)->value, values[std::size_t(i)]);
        }
    }
    EXPECT_EQ(setIndexedDataWithGaps(graph, {inf}, 0.0), 0.0);
}

TEST(PlotParts, PowersOfTwoAreWrittenPlainlyAndThinnedFromOne) {
    QCustomPlot plot;
    SteppedTextTicker* ticks = SteppedTextTicker::on(plot.yAxis);
    ticks->addPowersOfTwo(0.3, 5.0, 2);  // 2⁻² … 2³
    const QMap<double, QString> expected{{0.25, "0.25"}, {0.5, "0.5"}, {1.0, "1"},
                                         {2.0, "2"},     {4.0, "4"},   {8.0, "8"}};
    EXPECT_EQ(ticks->ticks(), expected);
    EXPECT_EQ(ticks->leastStep(), 2);  // (3 − (−2)) / 2
    SteppedTextTicker::on(plot.yAxis)->addPowersOfTwo(0.3, 5.0, 6);
    EXPECT_EQ(ticks->leastStep(), 1);
}

TEST(PlotParts, OrbitSlidersAndCameraFollowEachOther) {
    OrbitCamera camera;
    LabeledSlider yaw(QString(), -180, 180);
    LabeledSlider pitch(QString(), -90, 90);
    linkOrbitSliders(&camera, &yaw, &pitch);
    camera.setAngles(100.4, -30.6);  // as a drag does: the sliders show it rounded
    EXPECT_EQ(yaw.value(), 100);
    EXPECT_EQ(pitch.value(), -31);
    EXPECT_EQ(camera.yawDegrees(), 100.4);
    yaw.spinBox()->setValue(-45);  // as the user types it
    EXPECT_EQ(camera.yawDegrees(), -45.0);
    pitch.spinBox()->setValue(60);
    EXPECT_EQ(camera.pitchDegrees(), 60.0);
    EXPECT_EQ(camera.yawDegrees(), -45.0);
}

TEST(PlotParts, ClocksAndThreeDimensionalViewsHideThePlotsAxes) {
    const PlotTheme theme;
    QCustomPlot clocks;
    const ClockGrid grid(&clocks, theme);
    QCustomPlot view;
    const ProjectedAxes axes(&view, theme);
    for (QCustomPlot* plot : {&clocks, &view}) {
        EXPECT_FALSE(plot->xAxis->visible());
        EXPECT_FALSE(plot->yAxis->visible());
        EXPECT_FALSE(plot->xAxis->grid()->visible());
        EXPECT_FALSE(plot->yAxis->grid()->visible());
    }
}

}  // namespace
}  // namespace ropelab::ui
