// SPDX-License-Identifier: GPL-3.0-or-later
// The plot theme: tagged series are re-penned when the theme changes, presenter mode scales fonts
// and lines, palettes are colour-blind safe, and every lesson follows a theme change.
#include <gtest/gtest.h>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

#include "lessons/lesson_registry.h"
#include "model/parameter_model.h"
#include "style/plot_part_state.h"
#include "style/plot_style.h"
#include "style/theme_controller.h"
#include "widgets/plot_helpers.h"

namespace ropelab::ui {
namespace {

TEST(PlotStyle, ThemeChangeRepensTaggedSeries) {
    QCustomPlot plot;
    QCPGraph* graph = plot.addGraph();
    const PlotTheme light = PlotTheme::light();
    setSeriesStyle(graph, {Series::Query, Qt::DashLine, 2.0}, light);
    EXPECT_EQ(graph->pen().color(), QColor(0x00, 0x72, 0xb2));  // Okabe–Ito blue
    EXPECT_DOUBLE_EQ(graph->pen().widthF(), 2.0 * light.lineWidth);
    EXPECT_EQ(graph->pen().style(), Qt::DashLine);

    const PlotTheme dark = PlotTheme::darkTheme().presenterMode();
    applyPlotTheme(&plot, dark);
    EXPECT_EQ(graph->pen().color(), seriesColor(Series::Query, dark));
    EXPECT_NE(graph->pen().color(), QColor(0x00, 0x72, 0xb2));
    EXPECT_DOUBLE_EQ(graph->pen().widthF(), 2.0 * dark.lineWidth);
    EXPECT_GT(dark.lineWidth, light.lineWidth);
    EXPECT_EQ(plot.xAxis->tickLabelFont().pointSize(), dark.fontPointSize);
    EXPECT_GT(dark.fontPointSize, light.fontPointSize);
}

// The role a series was tagged with is kept beside the plot, and goes with the series.
TEST(PlotStyle, TaggedRoleIsKeptUntilTheSeriesGoes) {
    QCustomPlot plot;
    QCPGraph* tagged = plot.addGraph();
    QCPGraph* untagged = plot.addGraph();
    setSeriesStyle(tagged, {Series::Key, Qt::DotLine, 0.5, 40}, PlotTheme::light());
    ASSERT_NE(seriesStyleOf(tagged), nullptr);
    EXPECT_EQ(seriesStyleOf(tagged)->series, Series::Key);
    EXPECT_EQ(seriesStyleOf(tagged)->dash, Qt::DotLine);
    EXPECT_DOUBLE_EQ(seriesStyleOf(tagged)->widthScale, 0.5);
    EXPECT_EQ(seriesStyleOf(tagged)->fillAlpha, 40);
    EXPECT_EQ(seriesStyleOf(untagged), nullptr);
    const QObject* gone = tagged;
    ASSERT_TRUE(plot.removeGraph(tagged));
    EXPECT_EQ(PlotPartState<SeriesStyle>::of(&plot).find(gone), nullptr);
}

TEST(PlotStyle, QueryAndKeyDifferInHueAndLightnessNotJustRedGreen) {
    const PlotTheme theme = PlotTheme::light();
    const QColor q = seriesColor(Series::Query, theme);
    const QColor k = seriesColor(Series::Key, theme);
    // Blue against vermillion: different hue families and clearly different lightness.
    EXPECT_GT(std::abs(q.hslHue() - k.hslHue()), 120);
    EXPECT_GT(std::abs(q.lightness() - k.lightness()), 10);
    EXPECT_EQ(categorical(0), Series::Query);
    EXPECT_EQ(categorical(7), categorical(0));
}

TEST(PlotStyle, SequentialGradientIsViridis) {
    QCPColorGradient gradient = colorGradient(Gradient::Sequential);
    EXPECT_EQ(QColor::fromRgb(gradient.color(0.0, QCPRange(0, 1))), QColor(0x44, 0x01, 0x54));
    EXPECT_EQ(QColor::fromRgb(gradient.color(1.0, QCPRange(0, 1))), QColor(0xfd, 0xe7, 0x25));
    // Monotone luminance (Rec. 709 weights): larger values are always brighter, also in grey.
    double previous = -1.0;
    for (int i = 0; i <= 10; ++i) {
        const QColor c = QColor::fromRgb(gradient.color(i / 10.0, QCPRange(0, 1)));
        const double luminance = 0.2126 * c.red() + 0.7152 * c.green() + 0.0722 * c.blue();
        EXPECT_GT(luminance, previous) << i;
        previous = luminance;
    }
    // The diverging map is white at 0 (within its 256 levels).
    QCPColorGradient diverging = colorGradient(Gradient::Diverging);
    const QColor zero = QColor::fromRgb(diverging.color(0.0, QCPRange(-1, 1)));
    EXPECT_GE(std::min({zero.red(), zero.green(), zero.blue()}), 0xf0);
}

TEST(PlotStyle, EveryLessonFollowsTheThemeController) {
    ParameterModel model;
    ThemeController theme;
    const auto lessons = createLessons(LessonContext{&model, &theme});
    theme.setTheme(PlotTheme::darkTheme());
    for (const auto& lesson : lessons) {
        for (const Figure& figure : lesson->figures()) {
            ASSERT_FALSE(figure.plot->axisRects().isEmpty());
            QCPAxis* axis = figure.plot->axisRects().front()->axes().front();
            EXPECT_EQ(axis->tickLabelColor(), PlotTheme::darkTheme().foreground)
                << lesson->id().toStdString() << "/" << figure.name.toStdString();
        }
    }
}

}  // namespace
}  // namespace ropelab::ui
