// SPDX-License-Identifier: GPL-3.0-or-later
// Conceal until checked (issue 36, section 1): the file fields and their checks, the page's
// concealment painted (a concealed figure shows only its blank face, a concealed annotation
// paints exactly what the plot paints without it), every step of every built-in activity at
// 1024×768 concealing what it names until the check and showing it after, and the teacher's
// options (retries, "Show me" and the solution hidden, kept inside, conceptual choices).
#include <gtest/gtest.h>

#include <QApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QStatusBar>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cmath>

#include "activities/activity.h"
#include "activities/activity_catalog.h"
#include "activities/activity_controller.h"
#include "activities/activity_library.h"
#include "activities/activity_panel.h"
#include "activities/activity_runner.h"
#include "activities/control_driver.h"
#include "image_difference.h"
#include "lessons/lesson_page.h"
#include "window/app_controller.h"
#include "window/main_window.h"
#include "window/parameter_panel.h"

namespace ropelab::ui {
namespace {

QJsonObject text(const char* en) {
    return QJsonObject{{QStringLiteral("en"), QString::fromUtf8(en)}};
}

QJsonObject choice(const char* en, bool correct = false, const char* feedback = nullptr) {
    QJsonObject c{{QStringLiteral("text"), text(en)}};
    if (correct) c.insert(QStringLiteral("correct"), true);
    if (feedback != nullptr) c.insert(QStringLiteral("feedback"), text(feedback));
    return c;
}

// A conceptual rope-2d question: the second choice is right by the author's word.
QJsonObject conceptualStep() {
    return QJsonObject{
        {QStringLiteral("prompt"), text("Which one?")},
        {QStringLiteral("conceal"),
         QJsonObject{
             {QStringLiteral("figures"), QJsonArray{QStringLiteral("score-vs-distance")}},
             {QStringLiteral("annotations"),
              QJsonArray{QJsonObject{{QStringLiteral("figure"), QStringLiteral("rotating-pair")},
                                     {QStringLiteral("id"), QStringLiteral("angle")}}}},
             {QStringLiteral("readouts"), QStringLiteral("all")}}},
        {QStringLiteral("task"),
         QJsonObject{{QStringLiteral("kind"), QStringLiteral("predict")},
                     {QStringLiteral("choices"),
                      QJsonArray{choice("It grows.", false, "Growing positions turn both."),
                                 choice("It stays.", true, "Only the angle between them counts."),
                                 choice("It shrinks.")}}}},
        {QStringLiteral("correct"), text("The angle does not change.")},
        {QStringLiteral("wrong"), text("The angle between q and k stays.")}};
}

QJsonObject fileWith(const QJsonArray& steps, const QJsonObject& options = {}) {
    QJsonObject activity{{QStringLiteral("id"), QStringLiteral("t.conceal")},
                         {QStringLiteral("lesson"), QStringLiteral("rope-2d")},
                         {QStringLiteral("title"), text("Concealed")},
                         {QStringLiteral("steps"), steps}};
    if (!options.isEmpty()) activity.insert(QStringLiteral("options"), options);
    return QJsonObject{{QStringLiteral("format"), QStringLiteral("ropelab-activity")},
                       {QStringLiteral("version"), 1},
                       {QStringLiteral("activities"), QJsonArray{activity}}};
}

ActivityLoad load(const QJsonObject& file) {
    return activitiesFromJson(QJsonDocument(file).toJson(), ActivityCatalog::builtIn(),
                              QStringLiteral("t.ropelab-activity"));
}

QString errorOf(const QJsonObject& file) {
    return load(file).error;
}

TEST(ConcealFile, ConcealOptionsAndConceptualChoicesRoundTrip) {
    QJsonObject step = conceptualStep();
    step[QStringLiteral("options")] = QJsonObject{{QStringLiteral("retries"), 2}};
    const ActivityLoad read =
        load(fileWith(QJsonArray{step}, QJsonObject{{QStringLiteral("show_solution"), false},
                                                    {QStringLiteral("keep_inside"), true}}));
    ASSERT_TRUE(read.error.isEmpty()) << read.error.toStdString();
    const Activity& activity = read.activities.front();
    const ActivityStep& s = activity.steps.front();
    EXPECT_EQ(s.conceal.figures, QStringList{QStringLiteral("score-vs-distance")});
    ASSERT_EQ(s.conceal.annotations.size(), 1);
    EXPECT_EQ(s.conceal.annotations.front(),
              (AnnotationId{QStringLiteral("rotating-pair"), QStringLiteral("angle")}));
    EXPECT_TRUE(s.conceal.allReadouts);
    EXPECT_TRUE(s.choices[1].correct);
    EXPECT_EQ(s.choices[0].feedback.in(QStringLiteral("en")),
              QStringLiteral("Growing positions turn both."));
    // The step's retries over the activity's; the activity's other options hold at the step.
    EXPECT_EQ(activity.retries(0), 2);
    EXPECT_FALSE(activity.showsSolution(0));
    EXPECT_TRUE(activity.keepsInside(0));
    const ActivityLoad again =
        activitiesFromJson(activitiesToJson(read.activities), ActivityCatalog::builtIn(), "x");
    ASSERT_TRUE(again.error.isEmpty()) << again.error.toStdString();
    EXPECT_EQ(again.activities, read.activities);
}

TEST(ConcealFile, ProblemsNameTheField) {
    const auto withConceal = [](const QJsonObject& conceal) {
        QJsonObject step = conceptualStep();
        step[QStringLiteral("conceal")] = conceal;
        return fileWith(QJsonArray{step});
    };
    EXPECT_EQ(errorOf(withConceal(QJsonObject{
                  {QStringLiteral("figures"), QJsonArray{QStringLiteral("t5-buckets")}}})),
              QStringLiteral("t.ropelab-activity: step 1.conceal.figures[0] names no figure of "
                             "this lesson (\"t5-buckets\")"));
    EXPECT_EQ(
        errorOf(withConceal(QJsonObject{
            {QStringLiteral("annotations"),
             QJsonArray{QJsonObject{{QStringLiteral("figure"), QStringLiteral("rotating-pair")},
                                    {QStringLiteral("id"), QStringLiteral("title")}}}}})),
        QStringLiteral("t.ropelab-activity: step 1.conceal.annotations[0].id names no "
                       "annotation of figure rotating-pair (\"title\")"));
    EXPECT_EQ(errorOf(withConceal(QJsonObject{{QStringLiteral("readouts"), true}})),
              QStringLiteral("t.ropelab-activity: step 1.conceal.readouts must be \"all\" or a "
                             "list of readout ids"));
    EXPECT_TRUE(errorOf(withConceal(QJsonObject{{QStringLiteral("readouts"),
                                                 QJsonArray{QStringLiteral("relative.bucket")}}}))
                    .contains(QStringLiteral("step 1.conceal.readouts[0] names a readout of "
                                             "another lesson")));
    EXPECT_EQ(errorOf(withConceal(QJsonObject{})),
              QStringLiteral("t.ropelab-activity: step 1.conceal conceals nothing"));
    QJsonObject explain{
        {QStringLiteral("prompt"), text("Read.")},
        {QStringLiteral("task"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("explain")}}},
        {QStringLiteral("conceal"),
         QJsonObject{{QStringLiteral("readouts"), QStringLiteral("all")}}}};
    EXPECT_EQ(errorOf(fileWith(QJsonArray{explain})),
              QStringLiteral("t.ropelab-activity: step 1.conceal applies to predict and explore "
                             "steps only"));
    EXPECT_EQ(errorOf(fileWith(QJsonArray{conceptualStep()},
                               QJsonObject{{QStringLiteral("retries"), -1}})),
              QStringLiteral("t.ropelab-activity: activities[0].options.retries must be a whole "
                             "number from 0 to 20"));
    EXPECT_EQ(errorOf(fileWith(QJsonArray{conceptualStep()},
                               QJsonObject{{QStringLiteral("keep_inside"), 1}})),
              QStringLiteral("t.ropelab-activity: activities[0].options.keep_inside must be true "
                             "or false"));
    QJsonObject twoRight = conceptualStep();
    QJsonObject task = twoRight[QStringLiteral("task")].toObject();
    task[QStringLiteral("choices")] = QJsonArray{choice("a", true), choice("b", true), choice("c")};
    twoRight[QStringLiteral("task")] = task;
    EXPECT_TRUE(errorOf(fileWith(QJsonArray{twoRight}))
                    .contains(QStringLiteral("step 1.task.choices needs exactly one choice "
                                             "marked \"correct\": true")));
    QJsonObject notTrue = conceptualStep();
    task = notTrue[QStringLiteral("task")].toObject();
    QJsonObject falseChoice = choice("a");
    falseChoice.insert(QStringLiteral("correct"), false);
    task[QStringLiteral("choices")] = QJsonArray{falseChoice, choice("b", true)};
    notTrue[QStringLiteral("task")] = task;
    EXPECT_EQ(errorOf(fileWith(QJsonArray{notTrue})),
              QStringLiteral("t.ropelab-activity: step 1.task.choices[0].correct can only be "
                             "true"));
}

// The built-in feedback never says its verdict twice: the panel says "Right." / "Not quite."
// and names the right choice itself.
TEST(ConcealFile, BuiltInFeedbackSaysItsVerdictOnce) {
    for (const Activity& activity : ActivityLibrary::builtIn().activities) {
        for (const ActivityStep& step : activity.steps) {
            const QString en = step.correct.in(QStringLiteral("en"));
            const QString zh = step.correct.in(QStringLiteral("zh_CN"));
            EXPECT_FALSE(en.startsWith(QStringLiteral("Right"))) << en.toStdString();
            EXPECT_FALSE(zh.startsWith(QStringLiteral("对："))) << zh.toStdString();
            EXPECT_FALSE(step.wrong.in(QStringLiteral("zh_CN")).contains(QStringLiteral("答案是")))
                << activity.id.toStdString();
        }
    }
}

// The app at a 1024×768 projector's size.
struct App {
    MainWindow window;
    ActivityController& activities = window.app().activities();
    ActivityRunner& runner = activities.runner();

    App() {
        window.showNormal();
        window.resize(1024, 768);
        QApplication::processEvents();
    }
    LessonPage* page(const QString& lesson) const {
        return qobject_cast<LessonPage*>(window.lesson(lesson));
    }
    QWidget* control(const QString& lessonId, const QString& name) const {
        if (auto* w = window.lesson(lessonId)->findChild<QWidget*>(name)) return w;
        return window.parameterPanel()->findChild<QWidget*>(name);
    }
};

QCustomPlot* plotOf(const LessonPage& page, const QString& figure) {
    for (const Figure& f : page.figures()) {
        if (f.name == figure) return f.plot;
    }
    return nullptr;
}

// The share of an image's pixels that have one colour.
double shareOf(const QImage& image, QRgb colour) {
    qint64 same = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) same += image.pixel(x, y) == colour ? 1 : 0;
    }
    return double(same) / (double(image.width()) * image.height());
}

// A concealed figure shows its blank face: the face's colour nearly everywhere (the dashed frame
// and one line of text are the rest), none of the plot.
void expectBlankFace(QCustomPlot* plot, const std::string& what) {
    const QImage shown = shownOnScreen(plot);
    const QRgb face = plot->palette().color(QPalette::Base).rgb() | 0xff000000u;
    EXPECT_GT(shareOf(shown, face), 0.9) << what;
}

void settle(const std::function<bool()>& done) {
    static_cast<void>(QTest::qWaitFor(done, 15000));
    QApplication::processEvents();
}

// What files may name is what the running lessons have: every figure, and the annotations each
// lesson tagged on it.
TEST(ConcealPage, TheCatalogListsEveryFigureAndAnnotation) {
    App app;
    for (Lesson* lesson : app.window.lessons()) {
        auto* page = qobject_cast<LessonPage*>(lesson);
        ASSERT_NE(page, nullptr);
        QStringList figures;
        for (const Figure& figure : page->figures()) figures.append(figure.name);
        QStringList listed;
        for (const FigureSpec& spec : ActivityCatalog::builtIn().figures(lesson->id())) {
            listed.append(spec.id);
            EXPECT_EQ(page->annotationIds(spec.id), spec.annotations)
                << lesson->id().toStdString() << " " << spec.id.toStdString();
        }
        EXPECT_EQ(figures, listed) << lesson->id().toStdString();
    }
}

TEST(ConcealPage, AConcealedFigureShowsOnlyItsBlankFace) {
    App app;
    app.window.showLesson(QStringLiteral("rope-2d"));
    LessonPage* page = app.page(QStringLiteral("rope-2d"));
    ASSERT_TRUE(page->waitForComputation());
    QCustomPlot* plot = plotOf(*page, QStringLiteral("score-vs-distance"));
    const QImage before = shownOnScreen(plot);
    EXPECT_FALSE(page->concealFigure(QStringLiteral("no-such-figure")));
    ASSERT_TRUE(page->concealFigure(QStringLiteral("score-vs-distance")));
    EXPECT_EQ(page->concealedFigures(), QStringList{QStringLiteral("score-vs-distance")});
    expectBlankFace(plot, "score-vs-distance");
    // The plot's own pixels (curves, axes, text) are all gone but where the face's text sits.
    const QImage concealed = shownOnScreen(plot);
    const QRgb background = before.pixel(2, 2);
    const QRgb face = plot->palette().color(QPalette::Base).rgb() | 0xff000000u;
    qint64 drawn = 0, covered = 0;
    for (int y = 0; y < before.height(); ++y) {
        for (int x = 0; x < before.width(); ++x) {
            if (before.pixel(x, y) == background) continue;
            ++drawn;
            covered += concealed.pixel(x, y) == face ? 1 : 0;
        }
    }
    ASSERT_GT(drawn, 1000);
    EXPECT_GT(double(covered) / drawn, 0.9);
    page->revealAll();
    EXPECT_TRUE(page->concealedFigures().isEmpty());
    EXPECT_EQ(largestChannelDifference(shownOnScreen(plot), before), 0);
}

TEST(ConcealPage, AConcealedAnnotationPaintsNothingOfItself) {
    App app;
    app.window.showLesson(QStringLiteral("rope-2d"));
    LessonPage* page = app.page(QStringLiteral("rope-2d"));
    ASSERT_TRUE(page->waitForComputation());
    const QString figure = QStringLiteral("rotating-pair");
    QCustomPlot* plot = plotOf(*page, figure);
    EXPECT_EQ(page->annotationIds(figure), QStringList{QStringLiteral("angle")});
    const QImage shown = shownOnScreen(plot);
    ASSERT_TRUE(page->concealAnnotation(figure, QStringLiteral("angle")));
    EXPECT_FALSE(page->concealAnnotation(figure, QStringLiteral("no-such-annotation")));
    const QImage concealed = shownOnScreen(plot);
    page->revealAll();
    EXPECT_EQ(largestChannelDifference(shownOnScreen(plot), shown), 0);
    // The same plot with the annotation's parts switched off by hand.
    const QList<QCPLayerable*> parts = page->annotationParts(figure, QStringLiteral("angle"));
    ASSERT_EQ(parts.size(), 2);
    for (QCPLayerable* part : parts) part->setVisible(false);
    const QImage without = shownOnScreen(plot);
    for (QCPLayerable* part : parts) part->setVisible(true);
    EXPECT_EQ(largestChannelDifference(concealed, without), 0);
    EXPECT_GT(largestChannelDifference(concealed, shown), 0);
}

TEST(ConcealPage, ReadoutsByIdOrAll) {
    App app;
    app.window.showLesson(QStringLiteral("rope-2d"));
    LessonPage* page = app.page(QStringLiteral("rope-2d"));
    ASSERT_TRUE(page->waitForComputation());
    const QString hidden = QStringLiteral("hidden until you check");
    const QString all = page->readoutText();
    EXPECT_FALSE(all.contains(hidden));
    page->concealReadouts({QStringLiteral("rope-2d.period_tokens")});
    EXPECT_TRUE(page->readoutsConcealed(QStringLiteral("rope-2d.period_tokens")));
    EXPECT_FALSE(page->readoutsConcealed());
    // θ₀ = 1 rad/token is still read; its period 2π ≈ 6.2832 tokens is not.
    EXPECT_TRUE(page->readoutText().contains(QStringLiteral("1 rad/token")));
    EXPECT_FALSE(page->readoutText().contains(QStringLiteral("6.2832")));
    EXPECT_TRUE(page->readoutText().contains(hidden));
    // A readout no row shows alone (what Shift both would change) conceals every row.
    page->concealReadouts({QStringLiteral("rope-2d.shift_change")});
    EXPECT_TRUE(page->readoutsConcealed());
    EXPECT_FALSE(page->readoutText().contains(QStringLiteral("rad/token")));
    page->revealAll();
    EXPECT_FALSE(page->readoutsConcealed());
    EXPECT_EQ(page->readoutText(), all);
}

// What the step names is concealed now, as the catalog and the page agree.
void expectConcealed(App& app, const Activity& activity, const ActivityStep& step,
                     const std::string& where) {
    LessonPage* page = app.page(activity.lesson);
    QStringList figures = page->concealedFigures();
    QStringList wanted = step.conceal.figures;
    figures.sort();
    wanted.sort();
    EXPECT_EQ(figures, wanted) << where;
    for (const QString& figure : step.conceal.figures) {
        expectBlankFace(plotOf(*page, figure), where + " " + figure.toStdString());
    }
    EXPECT_EQ(page->concealedAnnotations(), step.conceal.annotations) << where;
    for (const AnnotationId& a : step.conceal.annotations) {
        const QList<QCPLayerable*> parts = page->annotationParts(a.figure, a.id);
        EXPECT_FALSE(parts.isEmpty()) << where;
        for (QCPLayerable* part : parts) EXPECT_FALSE(part->realVisibility()) << where;
    }
    if (step.conceal.allReadouts) {
        EXPECT_TRUE(page->readoutsConcealed()) << where;
    }
    for (const QString& id : step.conceal.readouts) {
        EXPECT_TRUE(page->readoutsConcealed(id)) << where << " " << id.toStdString();
    }
}

void expectNothingConcealed(App& app, const Activity& activity, const std::string& where) {
    LessonPage* page = app.page(activity.lesson);
    EXPECT_TRUE(page->concealedFigures().isEmpty()) << where;
    EXPECT_TRUE(page->concealedAnnotations().isEmpty()) << where;
    EXPECT_FALSE(page->readoutsConcealed()) << where;
    for (QWidget* cover : page->findChildren<QWidget*>(QStringLiteral("concealCover"))) {
        EXPECT_TRUE(cover->isHidden()) << where;
    }
}

TEST(Conceal, EveryBuiltInStepConcealsUntilCheckedAt1024x768) {
    QSettings().clear();
    App app;
    int concealingSteps = 0;
    for (const Activity& activity : ActivityLibrary::builtIn().activities) {
        for (int i = 0; i < activity.steps.size(); ++i) {
            const ActivityStep& step = activity.steps[i];
            const std::string where = activity.id.toStdString() + " step " + std::to_string(i + 1);
            ASSERT_TRUE(app.runner.start(activity, i)) << where;
            ActivityPanel& panel = *app.activities.panel();
            settle([&] {
                return step.kind != ActivityStep::Kind::Predict || app.runner.readyToCheck();
            });
            if (step.conceal.isEmpty()) {
                expectNothingConcealed(app, activity, where);
                continue;
            }
            ++concealingSteps;
            expectConcealed(app, activity, step, where);
            if (step.kind == ActivityStep::Kind::Predict) {
                if (step.predictsNumber()) {
                    panel.numberEdit()->setText(QString::number(*app.runner.liveNumber(), 'g', 12));
                } else {
                    const std::optional<int> right = app.runner.correctChoice();
                    ASSERT_TRUE(right) << where;
                    panel.choiceButtons()[*right]->click();
                }
                QTest::mouseClick(panel.checkButton(), Qt::LeftButton);
                EXPECT_EQ(app.runner.phase(), ActivityRunner::Phase::Answered) << where;
            } else {
                for (const ControlValue& move : step.solution) {
                    driveControl(app.control(activity.lesson, move.control), move.value);
                }
                settle([&] { return app.runner.phase() == ActivityRunner::Phase::Reached; });
            }
            expectNothingConcealed(app, activity, where + " after the check");
        }
    }
    app.runner.stop();
    EXPECT_GE(concealingSteps, 30);
}

TEST(Conceal, LeavingTheStepOrTheActivityShowsEverything) {
    QSettings().clear();
    App app;
    const ActivityLoad read = load(fileWith(QJsonArray{conceptualStep(), conceptualStep()}));
    ASSERT_TRUE(read.error.isEmpty()) << read.error.toStdString();
    const Activity& activity = read.activities.front();
    ASSERT_TRUE(app.runner.start(activity, 0));
    expectConcealed(app, activity, activity.steps[0], "step 1");
    app.runner.stop();
    expectNothingConcealed(app, activity, "stopped");
    ASSERT_TRUE(app.runner.start(activity, 1));
    expectConcealed(app, activity, activity.steps[1], "step 2");
    app.activities.panel()->choiceButtons()[1]->click();
    QTest::mouseClick(app.activities.panel()->checkButton(), Qt::LeftButton);
    app.activities.panel()->backButton()->click();
    // Back at step 1, which conceals again until it is checked.
    EXPECT_EQ(app.runner.stepIndex(), 0);
    expectConcealed(app, activity, activity.steps[0], "back at step 1");
    app.runner.stop();
}

// An export or a copied image draws every figure whole, so none is made before the check.
TEST(Conceal, ExportsWaitForTheCheck) {
    QSettings().clear();
    App app;
    const ActivityLoad read = load(fileWith(QJsonArray{conceptualStep()}));
    ASSERT_TRUE(read.error.isEmpty()) << read.error.toStdString();
    ASSERT_TRUE(app.runner.start(read.activities.front(), 0));
    AppController& features = app.window.app();
    int dialogs = 0;
    QTimer closer;
    QObject::connect(&closer, &QTimer::timeout, [&dialogs] {
        if (QWidget* dialog = QApplication::activeModalWidget()) {
            ++dialogs;
            dialog->close();
        }
    });
    closer.start(100);
    features.exportAction()->trigger();
    features.exportAnimationAction()->trigger();
    QTest::qWait(300);
    EXPECT_EQ(dialogs, 0);
    EXPECT_TRUE(app.window.statusBar()->currentMessage().startsWith(
        QStringLiteral("Not before you check")));

    app.activities.panel()->choiceButtons()[1]->click();
    QTest::mouseClick(app.activities.panel()->checkButton(), Qt::LeftButton);
    ASSERT_FALSE(app.runner.concealing());
    features.exportAction()->trigger();  // the dialog opens now (and the timer closes it)
    EXPECT_EQ(dialogs, 1);
    app.runner.stop();
}

// After the check the card writes each readout as its lesson's table does (turn kω in degrees
// to one decimal), and what rounding left near zero as the zero it is.
TEST(Conceal, TheCardWritesReadoutsAsTheLessonDoes) {
    QSettings().clear();
    App app;
    const ActivityLibrary& library = ActivityLibrary::builtIn();
    const auto cardText = [&](const QString& readout) {
        return app.activities.panel()->readoutValueText(readout);
    };

    const Activity* shift = library.find(QStringLiteral("absolute.shift-is-rotation"));
    ASSERT_NE(shift, nullptr);
    ASSERT_TRUE(app.runner.start(*shift, 0));
    settle([&] { return app.runner.readyToCheck(); });
    const QString turn = QStringLiteral("absolute.turn_deg");
    const std::optional<double> degrees = app.page(QStringLiteral("absolute"))->readout(turn);
    ASSERT_TRUE(degrees);
    ActivityPanel& panel = *app.activities.panel();
    panel.numberEdit()->setText(QString::number(*degrees, 'g', 12));
    QTest::mouseClick(panel.checkButton(), Qt::LeftButton);
    EXPECT_EQ(cardText(turn), QString::number(*degrees, 'f', 1));
    EXPECT_EQ(cardText(turn), app.page(QStringLiteral("absolute"))->writtenReadout(turn));
    EXPECT_FALSE(cardText(turn).isEmpty());

    // Reversing 狗追猪 without positions changes each word's output by 0 or by rounding alone.
    const Activity* order = library.find(QStringLiteral("order.who-chases-whom"));
    ASSERT_NE(order, nullptr);
    ASSERT_TRUE(app.runner.start(*order, 0));
    settle([&] { return app.runner.readyToCheck(); });
    const QString change = QStringLiteral("order.reverse_change");
    const std::optional<double> reversed = app.page(QStringLiteral("order"))->readout(change);
    ASSERT_TRUE(reversed);
    ASSERT_LT(std::abs(*reversed), 1e-12);
    const std::optional<int> right = app.runner.correctChoice();
    ASSERT_TRUE(right);
    app.activities.panel()->choiceButtons()[*right]->click();
    QTest::mouseClick(app.activities.panel()->checkButton(), Qt::LeftButton);
    EXPECT_EQ(cardText(change),
              *reversed == 0.0 ? QStringLiteral("0") : QStringLiteral("0 (up to rounding)"));
    app.runner.stop();
}

TEST(Options, RetriesKeepTheStepConcealedAndShowMeEndsIt) {
    QSettings().clear();
    App app;
    QJsonObject step = conceptualStep();
    step[QStringLiteral("options")] = QJsonObject{{QStringLiteral("retries"), 1}};
    const ActivityLoad read = load(fileWith(QJsonArray{step}));
    ASSERT_TRUE(read.error.isEmpty()) << read.error.toStdString();
    const Activity& activity = read.activities.front();
    ASSERT_TRUE(app.runner.start(activity, 0));
    ActivityPanel& panel = *app.activities.panel();
    EXPECT_TRUE(app.runner.readyToCheck());  // no readout to wait for
    EXPECT_EQ(app.runner.correctChoice(), 1);
    EXPECT_TRUE(panel.showMeButton()->isHidden());
    panel.choiceButtons()[0]->click();
    QTest::mouseClick(panel.checkButton(), Qt::LeftButton);
    // One wrong try: still asking, still concealed, the choice's own feedback shown.
    EXPECT_EQ(app.runner.phase(), ActivityRunner::Phase::Predicting);
    EXPECT_EQ(app.runner.triesLeft(), 0);
    EXPECT_TRUE(panel.feedbackText().contains(QStringLiteral("Try again (tries left: 1)")));
    EXPECT_TRUE(panel.feedbackText().contains(QStringLiteral("Growing positions turn both.")));
    EXPECT_FALSE(panel.feedbackText().contains(QStringLiteral("The answer is")));
    expectConcealed(app, activity, activity.steps[0], "after one wrong try");
    ASSERT_FALSE(panel.showMeButton()->isHidden());
    QTest::mouseClick(panel.showMeButton(), Qt::LeftButton);
    EXPECT_EQ(app.runner.phase(), ActivityRunner::Phase::Answered);
    EXPECT_TRUE(app.runner.answerShown());
    EXPECT_TRUE(panel.feedbackText().contains(QStringLiteral("The answer is: It stays.")));
    EXPECT_FALSE(panel.feedbackText().contains(QStringLiteral("Not quite")));
    expectNothingConcealed(app, activity, "after Show me");
    app.runner.stop();

    // The right answer on the next start: said once, with the choice's own feedback.
    ASSERT_TRUE(app.runner.start(activity, 0));
    panel.choiceButtons()[1]->click();
    QTest::mouseClick(panel.checkButton(), Qt::LeftButton);
    EXPECT_EQ(panel.feedbackText(),
              QStringLiteral("✓ Right.<br>Only the angle between them counts."));
    app.runner.stop();
}

TEST(Options, HiddenSolutionNamesNoAnswer) {
    QSettings().clear();
    App app;
    const ActivityLoad read = load(fileWith(QJsonArray{conceptualStep()},
                                            QJsonObject{{QStringLiteral("show_solution"), false}}));
    ASSERT_TRUE(read.error.isEmpty()) << read.error.toStdString();
    ASSERT_TRUE(app.runner.start(read.activities.front(), 0));
    ActivityPanel& panel = *app.activities.panel();
    panel.choiceButtons()[2]->click();
    QTest::mouseClick(panel.checkButton(), Qt::LeftButton);
    EXPECT_EQ(app.runner.phase(), ActivityRunner::Phase::Answered);
    EXPECT_EQ(panel.feedbackText(), QStringLiteral("✗ Not quite."));
    EXPECT_TRUE(panel.showMeButton()->isHidden());
    app.runner.stop();
}

TEST(Options, KeepInsideDisablesTheWaysOut) {
    QSettings().clear();
    App app;
    const ActivityLoad read = load(
        fileWith(QJsonArray{conceptualStep()}, QJsonObject{{QStringLiteral("keep_inside"), true}}));
    ASSERT_TRUE(read.error.isEmpty()) << read.error.toStdString();
    ASSERT_TRUE(app.runner.start(read.activities.front(), 0));
    auto* list = app.window.findChild<QWidget*>(QStringLiteral("lessonList"));
    auto* close = app.activities.panel()->findChild<QPushButton*>(QStringLiteral("activityClose"));
    ASSERT_NE(list, nullptr);
    EXPECT_FALSE(list->isEnabled());
    EXPECT_FALSE(close->isEnabled());
    EXPECT_FALSE(app.activities.menu()->actions().front()->isEnabled());  // the lesson map
    // Whatever switches the lesson, the student is brought back.
    app.window.showLesson(QStringLiteral("order"));
    settle([&] { return app.window.currentLesson()->id() == QLatin1String("rope-2d"); });
    EXPECT_EQ(app.window.currentLesson()->id(), QStringLiteral("rope-2d"));
    app.runner.stop();
    EXPECT_TRUE(list->isEnabled());
    EXPECT_TRUE(app.activities.menu()->actions().front()->isEnabled());
}

}  // namespace
}  // namespace ropelab::ui
