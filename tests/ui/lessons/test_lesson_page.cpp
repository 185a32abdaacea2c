// SPDX-License-Identifier: GPL-3.0-or-later
// The figure pipeline of LessonPage: a figure computes only when its key changes and the lesson is
// shown, a newer key supersedes a running job, Cancel keeps the previous result on screen, and a
// lesson that was hidden shows, once shown, what a lesson that never was hidden shows.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QThread>
#include <atomic>
#include <cmath>
#include <memory>

#include "common/errors.h"
#include "export/figure_export.h"
#include "lesson_harness.h"
#include "lessons/absolute_lesson.h"
#include "lessons/lesson_page.h"
#include "model/latest_job.h"

namespace ropelab::ui {
namespace {

using testing::AllLessons;
using testing::LessonHarness;

// One background figure whose value is 10 × its key; while the gate is shut its job runs until
// stopped, as a long core computation would.
class GatedPage : public LessonPage {
public:
    explicit GatedPage(const LessonContext& context)
        : LessonPage(context), plot_(createPlot(QStringLiteral("value"))) {
        declareFigures(
            {plot_}, FigureRun::Background, [this] { return key_; },
            [open = open_](const int& key, const Execution& exec) {
                exec.progress(0.25);
                while (!open->load()) {
                    if (exec.stop.stop_requested()) throw Cancelled();
                    QThread::msleep(1);
                }
                return 10 * key;
            },
            [this](const int&, int& value) { shown_ = value; });
    }
    QString id() const override { return QStringLiteral("gated"); }
    QString title() const override { return QStringLiteral("Gated"); }
    void retranslate() override {}

    void setKey(int key) {
        key_ = key;
        updateFigures();
    }
    void setGateOpen(bool open) { open_->store(open); }
    int shown() const { return shown_; }
    int jobs() const { return figureJobs(QStringLiteral("value")); }
    int repaints() const { return figureRepaints(QStringLiteral("value")); }

private:
    QCustomPlot* plot_;
    std::shared_ptr<std::atomic<bool>> open_ = std::make_shared<std::atomic<bool>>(true);
    int key_ = 0;
    int shown_ = -1;
};

struct GatedHarness {
    ParameterModel model;
    ThemeController theme;
    GatedPage page{LessonContext{&model, &theme}};
    GatedHarness() {
        page.setAttribute(Qt::WA_DontShowOnScreen);
        page.show();
        page.setKey(1);
        EXPECT_TRUE(page.waitForComputation(5000));
    }
    QWidget* progress() const { return page.findChild<QWidget*>(QStringLiteral("figureProgress")); }
    QLabel* stoppedNote() const {
        return page.findChild<QLabel*>(QStringLiteral("computationStopped"));
    }
};

void processEventsFor(int ms) {
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(2);
    }
}

TEST(LessonPage, AnUnchangedKeyStartsNoJobAndRepaintsNothing) {
    GatedHarness h;
    ASSERT_EQ(h.page.shown(), 10);
    ASSERT_EQ(h.page.jobs(), 1);
    ASSERT_EQ(h.page.repaints(), 1);
    for (int i = 0; i < 3; ++i) h.page.setKey(1);
    EXPECT_FALSE(h.page.computing());
    EXPECT_EQ(h.page.jobs(), 1);
    EXPECT_EQ(h.page.repaints(), 1);
    h.page.setKey(2);
    ASSERT_TRUE(h.page.waitForComputation(5000));
    EXPECT_EQ(h.page.shown(), 20);
    EXPECT_EQ(h.page.jobs(), 2);
    EXPECT_EQ(h.page.repaints(), 2);
}

// Whoever waits for readouts (an activity's card) hears once when the last job ends, however
// it ends: a superseded job does not count.
TEST(LessonPage, SaysOnceWhenTheLastFigureJobEnds) {
    GatedHarness h;
    QSignalSpy finished(&h.page, &Lesson::computationFinished);
    h.page.setGateOpen(false);
    h.page.setKey(2);
    h.page.setKey(3);
    EXPECT_EQ(finished.count(), 0);
    h.page.setGateOpen(true);
    ASSERT_TRUE(h.page.waitForComputation(5000));
    processEventsFor(50);
    EXPECT_EQ(finished.count(), 1);

    h.page.setGateOpen(false);
    h.page.setKey(4);
    h.page.cancelComputation();
    EXPECT_FALSE(h.page.computing());
    EXPECT_EQ(finished.count(), 2);
    h.page.setGateOpen(true);
    processEventsFor(50);
    EXPECT_EQ(finished.count(), 2);
}

TEST(LessonPage, ANewerChangeSupersedesTheRunningJob) {
    GatedHarness h;
    h.page.setGateOpen(false);
    h.page.setKey(2);
    h.page.setKey(3);  // the job for 2 is stopped by its token
    EXPECT_TRUE(h.page.computing());
    h.page.setGateOpen(true);
    ASSERT_TRUE(h.page.waitForComputation(5000));
    processEventsFor(50);  // anything the stopped job still posts arrives now
    EXPECT_EQ(h.page.shown(), 30);
    EXPECT_EQ(h.page.jobs(), 3);
    EXPECT_EQ(h.page.repaints(), 2);  // only the newest result was drawn

    // Back to the key on screen while a job runs: the job is stale and nothing is drawn.
    h.page.setGateOpen(false);
    h.page.setKey(4);
    h.page.setKey(3);
    EXPECT_FALSE(h.page.computing());
    h.page.setGateOpen(true);
    processEventsFor(50);
    EXPECT_EQ(h.page.shown(), 30);
    EXPECT_EQ(h.page.repaints(), 2);
}

TEST(LessonPage, ProgressShowsOnlyForALongJobAndCancelKeepsThePreviousResult) {
    GatedHarness h;
    h.page.setGateOpen(false);
    h.page.setKey(2);
    auto* plot = h.page.findChild<QCustomPlot*>();
    ASSERT_NE(plot, nullptr);
    const QSize plotSize = plot->size();
    processEventsFor(100);
    EXPECT_FALSE(h.progress()->isVisible());  // a short job does not flash a bar
    processEventsFor(350);
    ASSERT_TRUE(h.progress()->isVisible());
    // The bar lies over the top of the plots: it resizes (and replots) none of them.
    EXPECT_EQ(plot->size(), plotSize);
    EXPECT_EQ(h.progress()->mapTo(&h.page, QPoint(0, 0)).y(),
              plot->parentWidget()->mapTo(&h.page, QPoint(0, 0)).y());
    auto* cancel = h.progress()->findChild<QPushButton*>(QStringLiteral("cancelComputation"));
    ASSERT_NE(cancel, nullptr);
    QSignalSpy status(&h.page, &Lesson::statusMessage);
    cancel->click();
    ASSERT_EQ(status.size(), 1);
    EXPECT_TRUE(status.last().at(0).toString().startsWith(QStringLiteral("Stopped")));
    EXPECT_FALSE(h.page.computing());
    EXPECT_FALSE(h.progress()->isVisible());
    EXPECT_EQ(h.page.shown(), 10);
    ASSERT_TRUE(h.stoppedNote()->isVisible());
    EXPECT_EQ(h.stoppedNote()->text(),
              LessonPage::tr("Stopped: the figures still show the previous result."));

    // What the user stopped is not started again by an update with the same key.
    h.page.setKey(2);
    EXPECT_FALSE(h.page.computing());
    EXPECT_EQ(h.page.jobs(), 2);
    // A new key computes, and its result replaces the note.
    h.page.setGateOpen(true);
    h.page.setKey(3);
    ASSERT_TRUE(h.page.waitForComputation(5000));
    EXPECT_EQ(h.page.shown(), 30);
    EXPECT_FALSE(h.stoppedNote()->isVisible());
    // ... and in the status bar: the stale "Stopped: …" goes, once.
    ASSERT_EQ(status.size(), 2);
    EXPECT_TRUE(status.last().at(0).toString().isEmpty());
}

TEST(LessonPage, AHiddenPageComputesNothingAndOnceWhenShown) {
    GatedHarness h;
    h.page.hide();
    for (int key = 2; key < 6; ++key) h.page.setKey(key);
    EXPECT_FALSE(h.page.computing());
    EXPECT_EQ(h.page.jobs(), 1);
    h.page.show();
    ASSERT_TRUE(h.page.waitForComputation(5000));
    EXPECT_EQ(h.page.shown(), 50);
    EXPECT_EQ(h.page.jobs(), 2);
    // Shown again with nothing changed: no work.
    h.page.hide();
    h.page.show();
    EXPECT_EQ(h.page.jobs(), 2);
}

TEST(LessonPage, APageMadeHiddenComputesNothingUntilAwaitedOrShown) {
    ParameterModel model;
    ThemeController theme;
    GatedPage page{LessonContext{&model, &theme}};
    page.setKey(1);
    page.setKey(2);
    EXPECT_FALSE(page.computing());
    EXPECT_EQ(page.jobs(), 0);
    EXPECT_EQ(page.shown(), -1);
    ASSERT_TRUE(page.waitForComputation(5000));  // as tests and the export wait
    EXPECT_EQ(page.shown(), 20);
    EXPECT_EQ(page.jobs(), 1);
    // Awaited once, a standalone page computes on each change.
    page.setKey(3);
    EXPECT_TRUE(page.computing());
    ASSERT_TRUE(page.waitForComputation(5000));
    EXPECT_EQ(page.shown(), 30);

    GatedPage shownLater{LessonContext{&model, &theme}};
    shownLater.setKey(4);
    EXPECT_EQ(shownLater.jobs(), 0);
    shownLater.setAttribute(Qt::WA_DontShowOnScreen);
    shownLater.show();
    EXPECT_EQ(shownLater.jobs(), 1);
    ASSERT_TRUE(shownLater.waitForComputation(5000));
    EXPECT_EQ(shownLater.shown(), 40);
}

// Every lesson, made and never shown (as the window makes its lesson stack), computes no figure,
// inline or in the background, while the shared parameters change; shown, it shows what a lesson
// that computed from the start shows.
TEST(LessonPage, EveryLessonMadeHiddenComputesNothingUntilShown) {
    const auto setParameters = [](ParameterModel& model) {
        ASSERT_TRUE(model.setRopeTheta(20000.0));
        model.setPositions(40, 7);
        model.setSequenceLength(300);
    };
    AllLessons hidden;
    setParameters(hidden.model);
    QCoreApplication::processEvents();
    for (Lesson* lesson : hidden.lessons()) {
        auto* page = static_cast<LessonPage*>(lesson);
        for (const Figure& figure : lesson->figures()) {
            EXPECT_EQ(page->figureJobs(figure.name), 0)
                << lesson->id().toStdString() << ' ' << figure.name.toStdString();
            EXPECT_EQ(page->figureInlineRuns(figure.name), 0)
                << lesson->id().toStdString() << ' ' << figure.name.toStdString();
        }
        for (const LatestJob* job : lesson->findChildren<LatestJob*>()) {
            EXPECT_FALSE(job->isRunning()) << lesson->id().toStdString();
        }
    }

    AllLessons eager;
    for (Lesson* lesson : eager.lessons()) lesson->catchUp();  // computes from the start
    setParameters(eager.model);
    int computed = 0;
    for (std::size_t i = 0; i < hidden.lessons().size(); ++i) {
        Lesson* lesson = hidden.lessons()[i];
        Lesson* reference = eager.lessons()[i];
        for (Lesson* shown : {lesson, reference}) {
            shown->setAttribute(Qt::WA_DontShowOnScreen);
            shown->show();
            waitForLessonComputations(*shown);
        }
        auto* page = static_cast<LessonPage*>(lesson);
        for (const Figure& figure : lesson->figures()) {
            computed += page->figureJobs(figure.name) + page->figureInlineRuns(figure.name);
        }
        EXPECT_EQ(lesson->readouts(), reference->readouts()) << lesson->id().toStdString();
        EXPECT_EQ(page->readoutText(), static_cast<LessonPage*>(reference)->readoutText())
            << lesson->id().toStdString();
    }
    EXPECT_GT(computed, 0);
}

TEST(AbsoluteLesson, AQueryPositionMoveRecomputesAndRepaintsOnlyTheShiftFigure) {
    LessonHarness<AbsoluteLesson> h;
    h.model.setHeadDim(16);
    h.model.setSequenceLength(64);
    ASSERT_TRUE(h.lesson.waitForComputation());
    const QString tables[] = {QStringLiteral("learned-table"), QStringLiteral("sinusoidal-table"),
                              QStringLiteral("position-similarity")};
    const auto jobs = [&](const QString& name) { return h.lesson.figureJobs(name); };
    const auto repaints = [&](const QString& name) { return h.lesson.figureRepaints(name); };
    int tableJobs[3], tableRepaints[3];
    for (int i = 0; i < 3; ++i) {
        tableJobs[i] = jobs(tables[i]);
        tableRepaints[i] = repaints(tables[i]);
    }
    const QString shift = QStringLiteral("shift-rotation");
    const int shiftRepaints = repaints(shift);
    h.model.setPositions(21, 0);
    EXPECT_FALSE(h.lesson.computing());
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(jobs(tables[i]), tableJobs[i]) << tables[i].toStdString();
        EXPECT_EQ(repaints(tables[i]), tableRepaints[i]) << tables[i].toStdString();
    }
    EXPECT_EQ(repaints(shift), shiftRepaints + 1);
    EXPECT_NEAR(h.lesson.pointAtP().x(), std::sin(21.0), 1e-12);  // pair 0: ω₀ = 1
    // The same base again: nothing at all.
    h.model.setRopeTheta(h.model.rope().ropeTheta);
    EXPECT_EQ(repaints(shift), shiftRepaints + 1);
    EXPECT_EQ(jobs(tables[0]), tableJobs[0]);
}

// Each table computes again only when its own inputs change: the base is not an input of the
// learned table, and its length L is not an input of the sinusoidal ones.
TEST(AbsoluteLesson, EachTableRecomputesOnlyForItsOwnInputs) {
    LessonHarness<AbsoluteLesson> h;
    h.model.setHeadDim(16);
    h.model.setSequenceLength(64);
    ASSERT_TRUE(h.lesson.waitForComputation());
    const QString learned = QStringLiteral("learned-table");
    const QString sinusoidal = QStringLiteral("sinusoidal-table");
    const QString similarity = QStringLiteral("position-similarity");
    const auto jobs = [&](const QString& name) { return h.lesson.figureJobs(name); };
    const int learnedJobs = jobs(learned), sinusoidalJobs = jobs(sinusoidal);
    const int similarityJobs = jobs(similarity);
    const int learnedRepaints = h.lesson.figureRepaints(learned);
    h.model.setRopeTheta(500.0);
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_EQ(jobs(learned), learnedJobs);
    EXPECT_EQ(h.lesson.figureRepaints(learned), learnedRepaints);
    EXPECT_EQ(jobs(sinusoidal), sinusoidalJobs + 1);
    EXPECT_EQ(jobs(similarity), similarityJobs + 1);
    // PE(3, 2) = sin(3·500^(−2/16)), drawn from the new base.
    EXPECT_NEAR(h.lesson.sinusoidalMap()->data()->cell(2, 3),
                std::sin(3.0 * std::pow(500.0, -0.125)), 1e-12);
    h.lesson.setMaxLength(40);
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_EQ(jobs(learned), learnedJobs + 1);
    EXPECT_EQ(h.lesson.figureRepaints(learned), learnedRepaints + 1);
    EXPECT_EQ(jobs(sinusoidal), sinusoidalJobs + 1);
    EXPECT_EQ(jobs(similarity), similarityJobs + 1);
    EXPECT_EQ(h.lesson.learnedMap()->data()->valueSize(), 40);
}

// Every lesson, put away like a page of the lesson stack, runs no job and no inline figure while
// the shared parameters change; shown again, each figure runs at most one job and the lesson shows
// what a lesson that saw the same parameters from the start shows.
TEST(LessonPage, EveryHiddenLessonRunsNoJobAndShowsTheSameValuesWhenShown) {
    AllLessons hidden;
    for (Lesson* lesson : hidden.lessons()) {
        lesson->setAttribute(Qt::WA_DontShowOnScreen);
        lesson->show();
        waitForLessonComputations(*lesson);
        lesson->hide();
    }
    QHash<QString, QHash<QString, int>> jobsBefore;
    QHash<QString, QHash<QString, int>> inlineBefore;
    std::vector<std::unique_ptr<QSignalSpy>> starts;
    for (Lesson* lesson : hidden.lessons()) {
        auto* page = static_cast<LessonPage*>(lesson);
        for (const Figure& figure : lesson->figures()) {
            jobsBefore[lesson->id()][figure.name] = page->figureJobs(figure.name);
            inlineBefore[lesson->id()][figure.name] = page->figureInlineRuns(figure.name);
        }
        for (LatestJob* job : lesson->findChildren<LatestJob*>()) {
            starts.push_back(std::make_unique<QSignalSpy>(job, &LatestJob::started));
        }
    }
    for (const double base : {20000.0, 500.0}) {
        ASSERT_TRUE(hidden.model.setRopeTheta(base));
        hidden.model.setPositions(40, 7);
        hidden.model.setSequenceLength(300);
        QCoreApplication::processEvents();
    }
    for (const auto& spy : starts) EXPECT_EQ(spy->count(), 0);
    for (Lesson* lesson : hidden.lessons()) {
        for (const Figure& figure : lesson->figures()) {
            EXPECT_EQ(static_cast<LessonPage*>(lesson)->figureJobs(figure.name),
                      jobsBefore[lesson->id()][figure.name])
                << lesson->id().toStdString() << ' ' << figure.name.toStdString();
            EXPECT_EQ(static_cast<LessonPage*>(lesson)->figureInlineRuns(figure.name),
                      inlineBefore[lesson->id()][figure.name])
                << lesson->id().toStdString() << ' ' << figure.name.toStdString();
        }
    }

    AllLessons fresh;
    ASSERT_TRUE(fresh.model.setRope(hidden.model.rope()));
    fresh.model.setPositions(40, 7);
    fresh.model.setSequenceLength(300);
    for (std::size_t i = 0; i < fresh.lessons().size(); ++i) {
        Lesson* lesson = hidden.lessons()[i];
        Lesson* reference = fresh.lessons()[i];
        lesson->show();
        reference->setAttribute(Qt::WA_DontShowOnScreen);
        reference->show();
        waitForLessonComputations(*lesson);
        waitForLessonComputations(*reference);
        const std::string id = lesson->id().toStdString();
        for (const Figure& figure : lesson->figures()) {
            EXPECT_LE(static_cast<LessonPage*>(lesson)->figureJobs(figure.name),
                      jobsBefore[lesson->id()][figure.name] + 1)
                << id << ' ' << figure.name.toStdString();
        }
        EXPECT_EQ(lesson->readouts(), reference->readouts()) << id;
        EXPECT_EQ(static_cast<LessonPage*>(lesson)->readoutText(),
                  static_cast<LessonPage*>(reference)->readoutText())
            << id;
    }
    auto* absolute = static_cast<AbsoluteLesson*>(hidden.lesson(QStringLiteral("absolute")));
    auto* absoluteReference =
        static_cast<AbsoluteLesson*>(fresh.lesson(QStringLiteral("absolute")));
    EXPECT_EQ(absolute->figureJobs(QStringLiteral("sinusoidal-table")),
              jobsBefore[QStringLiteral("absolute")][QStringLiteral("sinusoidal-table")] + 1);
    QCPColorMapData* data = absolute->sinusoidalMap()->data();
    QCPColorMapData* expected = absoluteReference->sinusoidalMap()->data();
    ASSERT_EQ(data->valueSize(), 300);
    ASSERT_EQ(expected->valueSize(), 300);
    for (const int p : {0, 77, 299}) EXPECT_EQ(data->cell(5, p), expected->cell(5, p)) << p;
}

}  // namespace
}  // namespace ropelab::ui
