// SPDX-License-Identifier: GPL-3.0-or-later
// Presenter mode and themes: larger plot text and thicker lines, high contrast, less chrome, and
// everything back when it ends; light/dark themes; the plot text-size control follows the system
// font. Accessibility: colour maps are the colour-blind-safe ones, controls are keyboard operable
// and named.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QScrollArea>
#include <QSettings>
#include <QSlider>
#include <QStatusBar>

#include <cmath>
#include <memory>

#include "lesson_harness.h"
#include "lesson_screenshot.h"
#include "lessons/lesson_registry.h"
#include "model/parameter_model.h"
#include "style/appearance_controller.h"
#include "style/plot_style.h"
#include "style/theme_controller.h"
#include "window/app_controller.h"
#include "window/main_window.h"

namespace ropelab::ui {
namespace {

using testing::AllLessons;

// The smallest tick-label size and thinnest tagged series pen over every lesson figure.
struct PlotSizes {
    int smallestTickFont = 1000;
    double thinnestSeries = 1000.0;
};

PlotSizes measure(const AllLessons& app) {
    PlotSizes sizes;
    for (const auto& lesson : app.owned) {
        for (const Figure& figure : lesson->figures()) {
            for (QCPAxisRect* rect : figure.plot->axisRects()) {
                for (QCPAxis* axis : rect->axes()) {
                    sizes.smallestTickFont =
                        std::min(sizes.smallestTickFont, axis->tickLabelFont().pointSize());
                }
            }
            for (int i = 0; i < figure.plot->graphCount(); ++i) {
                QCPGraph* graph = figure.plot->graph(i);
                if (seriesStyleOf(graph) != nullptr) {
                    sizes.thinnestSeries = std::min(sizes.thinnestSeries, graph->pen().widthF());
                }
            }
        }
    }
    return sizes;
}

TEST(Presenter, EnlargesEveryPlotsTextAndLines) {
    AllLessons app;
    AppearanceController appearance(app.theme);
    const PlotSizes normal = measure(app);
    appearance.setPresenter(true);
    const PlotSizes presenter = measure(app);
    EXPECT_GE(presenter.smallestTickFont, normal.smallestTickFont + 4);
    EXPECT_GE(presenter.smallestTickFont, 15) << "readable from the back of a classroom";
    EXPECT_GT(presenter.thinnestSeries, normal.thinnestSeries * 1.5);
    appearance.setPresenter(false);
    EXPECT_EQ(measure(app).smallestTickFont, normal.smallestTickFont);
}

TEST(Presenter, UsesHighContrastColours) {
    const PlotTheme light = PlotTheme::light().presenterMode();
    EXPECT_EQ(light.foreground, QColor(Qt::black));
    EXPECT_EQ(light.background, PlotTheme::light().background);
    const PlotTheme dark = PlotTheme::darkTheme().presenterMode();
    EXPECT_EQ(dark.foreground, QColor(Qt::white));
}

TEST(Presenter, ActionTogglesModeChromeAndFontAndRestoresThem) {
    QSettings().clear();
    MainWindow window;
    window.showNormal();
    window.resize(2000, 1000);  // wide enough for the lesson list's dock
    AppController* features = &window.app();
    ASSERT_NE(features, nullptr);
    QAction* action = features->presenterAction();
    EXPECT_TRUE(action->shortcuts().contains(QKeySequence(Qt::Key_F5)));
    EXPECT_TRUE(action->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)));
    auto* lessons = window.findChild<QDockWidget*>(QStringLiteral("lessonDock"));
    ASSERT_NE(lessons, nullptr);
    const double normalFont = QApplication::font().pointSizeF();
    const int normalPlotFont = window.themeController().theme().fontPointSize;

    action->trigger();
    EXPECT_TRUE(window.themeController().theme().presenter);
    EXPECT_GT(window.themeController().theme().fontPointSize, normalPlotFont);
    EXPECT_GT(QApplication::font().pointSizeF(), normalFont);
    EXPECT_TRUE(lessons->isHidden()) << "simplified chrome";
    EXPECT_TRUE(window.statusBar()->isHidden());
    testing::saveScreenshot(window, QStringLiteral("presenter-mode"), QSize(1440, 900));

    action->trigger();
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
    EXPECT_FALSE(window.themeController().theme().presenter);
    EXPECT_EQ(window.themeController().theme().fontPointSize, normalPlotFont);
    EXPECT_EQ(QApplication::font().pointSizeF(), normalFont);
    EXPECT_FALSE(lessons->isHidden());
    EXPECT_FALSE(window.statusBar()->isHidden());
}

// On a 1440 × 900 window in presenter mode: every plot title fits its plot (long ones wrap) and
// no lesson's side panel needs to scroll sideways.
TEST(Presenter, TitlesWrapAndSidePanelsNeverScrollSideways) {
    QSettings().clear();
    MainWindow window;
    window.resize(1440, 900);
    window.show();
    AppController* features = &window.app();
    ASSERT_NE(features, nullptr);
    features->appearance().setPresenter(true);
    // Presenter mode maximises the window: here to the offscreen screen, smaller than a projector.
    window.showNormal();
    window.resize(1440, 900);
    for (Lesson* lesson : window.lessons()) {
        SCOPED_TRACE(lesson->id().toStdString());
        window.showLesson(lesson->id());
        // Plots measure their text after a replot, then the window re-fits: a few rounds.
        for (int i = 0; i < 20; ++i) QApplication::processEvents();
        for (const Figure& figure : lesson->figures()) {
            if (!figure.plot->isVisible()) continue;
            figure.plot->replot();
            for (QCPLayoutElement* element : figure.plot->plotLayout()->elements(true)) {
                auto* title = qobject_cast<QCPTextElement*>(element);
                if (title == nullptr || title->text().isEmpty()) continue;
                // Each line within the plot, unless it is one word wider than the plot.
                const QFontMetricsF metrics(title->font());
                for (const QString& line : title->text().split(QLatin1Char('\n'))) {
                    if (!line.contains(QLatin1Char(' '))) continue;
                    EXPECT_LE(metrics.horizontalAdvance(line), figure.plot->width())
                        << figure.name.toStdString() << ": " << line.toStdString();
                }
            }
        }
        for (QScrollArea* area : lesson->findChildren<QScrollArea*>()) {
            if (area->widget() == nullptr || !area->isVisible()) continue;
            EXPECT_LE(area->widget()->width(), area->viewport()->width())
                << "the side panel is wider than its view";
        }
    }
    features->appearance().setPresenter(false);
}

TEST(Presenter, CommandLineTurnsItOnAndRejectsUnknownOptions) {
    QSettings().clear();
    MainWindow window;
    AppController* features = &window.app();
    EXPECT_TRUE(
        features->applyArguments({QStringLiteral("--presenter"), QStringLiteral("--theme=dark")})
            .isEmpty());
    EXPECT_TRUE(window.themeController().theme().presenter);
    EXPECT_TRUE(window.themeController().theme().dark);
    EXPECT_TRUE(features->presenterAction()->isChecked());
    EXPECT_TRUE(features->applyArguments({QStringLiteral("--frobnicate")})
                    .contains(QStringLiteral("--frobnicate")));
    features->appearance().setPresenter(false);
    features->appearance().setScheme(AppearanceController::Scheme::Light);
}

TEST(Themes, DarkThemeRestylesPlotsAndTheWindow) {
    QSettings().clear();
    MainWindow window;
    AppearanceController& appearance = window.app().appearance();
    appearance.setScheme(AppearanceController::Scheme::Dark);
    EXPECT_TRUE(window.themeController().theme().dark);
    EXPECT_LT(QApplication::palette().color(QPalette::Window).lightness(), 80);
    for (const Figure& figure : window.lessons().front()->figures()) {
        EXPECT_EQ(figure.plot->xAxis->tickLabelColor(), PlotTheme::darkTheme().foreground);
    }
    testing::saveScreenshot(window, QStringLiteral("dark-theme"), QSize(1440, 900));
    appearance.setScheme(AppearanceController::Scheme::Light);
    EXPECT_GT(QApplication::palette().color(QPalette::Window).lightness(), 180);
    for (const Figure& figure : window.lessons().front()->figures()) {
        EXPECT_EQ(figure.plot->xAxis->tickLabelColor(), PlotTheme::light().foreground);
    }
}

TEST(Themes, PlotTextSizeControlIsClampedAndAddsToPresenterMode) {
    ThemeController theme;
    AppearanceController appearance(theme);
    appearance.setPlotFontSize(16);
    EXPECT_EQ(theme.theme().fontPointSize, 16);
    appearance.setPresenter(true);
    EXPECT_GT(theme.theme().fontPointSize, 16);
    appearance.setPresenter(false);
    appearance.setPlotFontSize(1000);
    EXPECT_EQ(appearance.plotFontSize(), AppearanceController::kMaxPlotFontSize);
    appearance.setPlotFontSize(0);
    EXPECT_EQ(appearance.plotFontSize(), AppearanceController::kMinPlotFontSize);
}

TEST(Accessibility, PlotTextFollowsTheSystemFontSize) {
    const QFont original = QApplication::font();
    QFont large = original;
    large.setPointSize(20);
    QApplication::setFont(large);
    ThemeController theme;
    AppearanceController appearance(theme);
    EXPECT_GE(theme.theme().fontPointSize, 20);
    QApplication::setFont(original);
}

// WCAG relative luminance: perceived brightness, unlike HSL lightness.
double relativeLuminance(QRgb rgb) {
    const auto linear = [](int channel) {
        const double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(qRed(rgb)) + 0.7152 * linear(qGreen(rgb)) + 0.0722 * linear(qBlue(rgb));
}

TEST(Accessibility, ColourMapsAreTheColourBlindSafeOnes) {
    AllLessons app;
    QCPColorGradient sequential = colorGradient(Gradient::Sequential);
    QCPColorGradient diverging = colorGradient(Gradient::Diverging);
    int maps = 0;
    for (const auto& lesson : app.owned) {
        for (const Figure& figure : lesson->figures()) {
            for (int i = 0; i < figure.plot->plottableCount(); ++i) {
                auto* map = qobject_cast<QCPColorMap*>(figure.plot->plottable(i));
                if (map == nullptr) continue;
                ++maps;
                EXPECT_TRUE(map->gradient() == sequential || map->gradient() == diverging)
                    << lesson->id().toStdString() << "/" << figure.name.toStdString();
            }
        }
    }
    EXPECT_GT(maps, 0);
    // Viridis gets brighter from end to end, so it reads in greyscale and with any colour-vision
    // deficiency; the diverging map is brightest (white) at 0 and darker towards both ends.
    double last = -1.0;
    for (int i = 0; i <= 10; ++i) {
        const double luminance = relativeLuminance(sequential.color(i / 10.0, QCPRange(0, 1)));
        EXPECT_GT(luminance, last) << "at " << i / 10.0;
        last = luminance;
    }
    EXPECT_GT(relativeLuminance(diverging.color(0.5, QCPRange(0, 1))), 0.9);
    EXPECT_LT(relativeLuminance(diverging.color(0.0, QCPRange(0, 1))), 0.1);
    EXPECT_LT(relativeLuminance(diverging.color(1.0, QCPRange(0, 1))), 0.1);
}

TEST(Accessibility, AFocusedSliderShowsItsFocus) {
    QSettings().clear();
    MainWindow window;  // installs the focus-visible style
    QWidget host;
    auto* slider = new QSlider(Qt::Horizontal, &host);
    auto* other = new QSlider(Qt::Horizontal, &host);
    slider->setGeometry(10, 10, 200, 24);
    other->setGeometry(10, 50, 200, 24);
    slider->setValue(50);
    host.resize(220, 84);
    host.show();
    other->setFocus(Qt::TabFocusReason);
    QCoreApplication::processEvents();
    const QImage unfocused = slider->grab().toImage();
    slider->setFocus(Qt::TabFocusReason);
    QCoreApplication::processEvents();
    ASSERT_TRUE(slider->hasFocus());
    const QImage focused = slider->grab().toImage();
    const QColor highlight = slider->palette().color(QPalette::Highlight);
    const auto highlightPixels = [&highlight](const QImage& image) {
        int count = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                const QColor c = image.pixelColor(x, y);
                if (std::abs(c.red() - highlight.red()) + std::abs(c.green() - highlight.green()) +
                        std::abs(c.blue() - highlight.blue()) <
                    40) {
                    ++count;
                }
            }
        }
        return count;
    };
    // The ring adds highlight-coloured pixels around the handle.
    EXPECT_GT(highlightPixels(focused), highlightPixels(unfocused) + 20);
}

TEST(Accessibility, EveryControlIsKeyboardOperableAndNamed) {
    QSettings().clear();
    MainWindow window;
    window.show();
    for (Lesson* lesson : window.lessons()) {
        window.showLesson(lesson->id());
        QList<QWidget*> controls;
        for (QWidget* widget : window.findChildren<QWidget*>()) {
            if (!widget->isVisibleTo(&window)) continue;
            if (qobject_cast<QAbstractSlider*>(widget) != nullptr &&
                qobject_cast<QScrollBar*>(widget) == nullptr) {
                controls << widget;
            } else if (qobject_cast<QAbstractSpinBox*>(widget) != nullptr ||
                       qobject_cast<QComboBox*>(widget) != nullptr ||
                       qobject_cast<QLineEdit*>(widget) != nullptr) {
                if (qobject_cast<QComboBox*>(widget->parentWidget()) == nullptr &&
                    qobject_cast<QAbstractSpinBox*>(widget->parentWidget()) == nullptr) {
                    controls << widget;
                }
            } else if (auto* button = qobject_cast<QAbstractButton*>(widget)) {
                // Dock title-bar buttons are Qt's own and named by it.
                if (button->inherits("QDockWidgetTitleButton")) continue;
                controls << widget;
            }
        }
        for (QWidget* control : controls) {
            SCOPED_TRACE(lesson->id().toStdString() + ": " + control->metaObject()->className() +
                         " " + control->objectName().toStdString());
            EXPECT_TRUE(control->focusPolicy() & Qt::TabFocus) << "reachable with Tab";
            // What a screen reader reads: the accessible name, a button's text or a buddy label.
            QAccessibleInterface* accessible = QAccessible::queryAccessibleInterface(control);
            ASSERT_NE(accessible, nullptr);
            EXPECT_FALSE(accessible->text(QAccessible::Name).trimmed().isEmpty());
        }
    }
}

}  // namespace
}  // namespace ropelab::ui
