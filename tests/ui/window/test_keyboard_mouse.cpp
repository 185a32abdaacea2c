// SPDX-License-Identifier: GPL-3.0-or-later
// Keyboard and mouse that never lose the student (issue 36 §3): the wheel over a slider, spin box
// or combo box without focus scrolls the panel and changes nothing; Ctrl+Z undoes the last
// parameter change while a spin box has focus; typing never switches lessons; leaving a running
// activity asks; the activity card takes the keyboard and Return submits; one activity per lesson
// runs start to finish by keys alone; every Alt+letter is unique in its window and menu; reset
// messages show in presenter mode.
#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QJsonValue>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <functional>
#include <optional>
#include <string>

#include "activities/activity.h"
#include "activities/activity_controller.h"
#include "activities/activity_panel.h"
#include "activities/activity_runner.h"
#include "activities/lesson_map.h"
#include "export/export_dialog.h"
#include "model/parameter_history.h"
#include "model/parameter_model.h"
#include "session/session_controller.h"
#include "style/appearance_controller.h"
#include "widgets/labeled_slider.h"
#include "widgets/tab_pages.h"
#include "window/app_controller.h"
#include "window/input_guard.h"
#include "window/main_window.h"
#include "window/mnemonics.h"
#include "window/parameter_panel.h"

namespace ropelab::ui {
namespace {

// One notch of a mouse wheel (120 eighths of a degree) down, over `widget`'s centre.
void wheelDown(QWidget* widget) {
    const QPointF local = QRectF(widget->rect()).center();
    QWheelEvent event(local, widget->mapToGlobal(local), QPoint(), QPoint(0, -120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
}

// A tall side panel in a scroll area, as a lesson's: a slider, a spin box and a combo box in it.
struct ScrollingPanel {
    QScrollArea area;
    LabeledSlider* slider = new LabeledSlider(QStringLiteral("max length"), 1, 512);
    QComboBox* combo = new QComboBox;
    QWidget* focusElsewhere = new QPushButton(QStringLiteral("elsewhere"));

    ScrollingPanel() {
        auto* content = new QWidget;
        auto* layout = new QVBoxLayout(content);
        layout->addWidget(focusElsewhere);
        layout->addWidget(slider);
        layout->addWidget(combo);
        layout->addSpacing(2000);
        combo->addItems({QStringLiteral("curve"), QStringLiteral("heat map")});
        slider->setValue(128);
        area.setWidget(content);
        area.setWidgetResizable(true);
        area.resize(300, 300);
        area.show();
        QApplication::setActiveWindow(&area);
        static_cast<void>(QTest::qWaitForWindowActive(&area));
        focusElsewhere->setFocus();
    }
};

TEST(InputGuard, WheelOverAnUnfocusedSliderScrollsThePanelAndChangesNothing) {
    InputGuard::install();
    ScrollingPanel panel;
    QScrollBar* bar = panel.area.verticalScrollBar();
    ASSERT_GT(bar->maximum(), 0);
    const int sliderAt = panel.slider->slider()->value();
    for (QWidget* target : std::initializer_list<QWidget*>{panel.slider->slider(),
                                                           panel.slider->spinBox(), panel.combo}) {
        const int scrolled = bar->value();
        wheelDown(target);
        EXPECT_EQ(panel.slider->slider()->value(), sliderAt) << target->metaObject()->className();
        EXPECT_EQ(panel.slider->spinBox()->value(), 128) << target->metaObject()->className();
        EXPECT_EQ(panel.combo->currentIndex(), 0) << target->metaObject()->className();
        // One notch scrolls the panel down by wheelScrollLines() of its scroll bar's steps.
        EXPECT_EQ(bar->value(),
                  std::min(bar->maximum(),
                           scrolled + QApplication::wheelScrollLines() * bar->singleStep()))
            << target->metaObject()->className();
        // The wheel no longer gives these widgets the keyboard.
        EXPECT_NE(target->focusPolicy() & Qt::WheelFocus, Qt::WheelFocus);
    }
}

TEST(InputGuard, WheelChangesAFocusedSlider) {
    InputGuard::install();
    ScrollingPanel panel;
    QSlider* slider = panel.slider->slider();
    slider->setFocus();
    ASSERT_TRUE(slider->hasFocus());
    const int scrolled = panel.area.verticalScrollBar()->value();
    const int before = slider->value();
    wheelDown(slider);
    // Down is smaller: QAbstractSlider steps by wheelScrollLines single steps per notch.
    EXPECT_EQ(slider->value(), before - QApplication::wheelScrollLines() * slider->singleStep());
    EXPECT_EQ(panel.area.verticalScrollBar()->value(), scrolled);
}

// The app with its menus at a projector's size, with focus as a student has it.
struct App {
    MainWindow window;
    AppController& features = window.app();
    ActivityController& activities = features.activities();
    ActivityRunner& runner = activities.runner();

    App() {
        window.showNormal();
        window.resize(1024, 768);
        QApplication::setActiveWindow(&window);
        static_cast<void>(QTest::qWaitForWindowActive(&window));
        QApplication::processEvents();
    }
};

TEST(InputGuard, WheelOverTheSharedParametersChangesNothing) {
    QSettings().clear();
    App app;
    LabeledSlider* length = app.window.parameterPanel()->sequenceLengthSlider();
    const int before = app.window.parameterModel().sequenceLength();
    wheelDown(length->slider());
    wheelDown(length->spinBox());
    wheelDown(app.window.parameterPanel()->layoutBox());
    QApplication::processEvents();
    EXPECT_EQ(app.window.parameterModel().sequenceLength(), before);
    EXPECT_EQ(app.window.parameterModel().layout(), ParameterModel().layout());
}

TEST(Keyboard, CtrlZInASpinBoxUndoesTheLastParameterChange) {
    QSettings().clear();
    App app;
    app.window.resize(1600, 900);  // the shared parameters docked, in view
    ASSERT_TRUE(app.window.showLesson(QStringLiteral("rope-nd")));  // a lesson that reads d
    QApplication::processEvents();
    QSpinBox* headDim = app.window.parameterPanel()->headDimSlider()->spinBox();
    const int before = app.window.parameterModel().rope().headDim;
    headDim->setFocus();
    ASSERT_TRUE(headDim->hasFocus());
    QTest::keyClick(headDim, Qt::Key_Up);  // one step of 2: an even head dimension
    app.features.sessions().history().flush();
    ASSERT_EQ(app.window.parameterModel().rope().headDim, before + 2);
    QTest::keyClick(headDim, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(app.window.parameterModel().rope().headDim, before);
    EXPECT_EQ(headDim->value(), before);
    QTest::keyClick(headDim, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(app.window.parameterModel().rope().headDim, before + 2);
}

TEST(Keyboard, TypingALetterOrDigitNeverSwitchesLessons) {
    QSettings().clear();
    App app;
    app.window.resize(1920, 1080);  // the lesson list docked
    QApplication::processEvents();
    auto* list = app.window.findChild<QListWidget*>(QStringLiteral("lessonList"));
    auto* box = app.window.findChild<QComboBox*>(QStringLiteral("lessonMenu"));
    ASSERT_NE(list, nullptr);
    ASSERT_NE(box, nullptr);
    ASSERT_TRUE(app.window.showLesson(QStringLiteral("rope-2d")));
    for (QWidget* target : std::initializer_list<QWidget*>{list, box}) {
        target->setFocus();
        // "1. Why order matters", "3. Relative …", "RoPE …": each would be a type-ahead jump.
        for (const char key : {'1', '3', 'r', 'W'}) {
            QTest::keyClick(target, key);
            EXPECT_EQ(app.window.currentLesson()->id(), QStringLiteral("rope-2d"))
                << target->objectName().toStdString() << " after " << key;
        }
    }
    // The arrow keys still move through the list.
    list->setFocus();
    QTest::keyClick(list, Qt::Key_Down);
    EXPECT_EQ(app.window.currentLesson()->id(), QStringLiteral("rope-nd"));
}

// Clicks the button named `text` of the first modal message box once it shows.
void answerLeaveBox(const QString& text) {
    QTimer::singleShot(0, [text] {
        for (QWidget* widget : QApplication::topLevelWidgets()) {
            if (widget->objectName() != QLatin1String("leaveActivityBox")) continue;
            for (QPushButton* button : widget->findChildren<QPushButton*>()) {
                if (button->text().remove(QLatin1Char('&')) == text) button->click();
            }
        }
    });
}

TEST(Keyboard, LeavingARunningActivityAsksFirst) {
    QSettings().clear();
    App app;
    ASSERT_TRUE(app.activities.startActivity(QStringLiteral("rope-2d.shift-both")));
    auto* list = app.window.findChild<QListWidget*>(QStringLiteral("lessonList"));
    answerLeaveBox(QStringLiteral("Stay"));
    list->setCurrentRow(0);
    EXPECT_EQ(app.window.currentLesson()->id(), QStringLiteral("rope-2d"));
    EXPECT_EQ(list->currentRow(), 3);
    EXPECT_TRUE(app.runner.running());
    answerLeaveBox(QStringLiteral("Leave the activity"));
    app.window.showNextLesson();
    EXPECT_EQ(app.window.currentLesson()->id(), QStringLiteral("rope-nd"));
    EXPECT_FALSE(app.runner.running());
    EXPECT_TRUE(app.activities.panel()->isHidden());
    // With no activity running nothing asks.
    app.window.showPreviousLesson();
    EXPECT_EQ(app.window.currentLesson()->id(), QStringLiteral("rope-2d"));
}

TEST(Keyboard, TheCardTakesTheKeyboardAndReturnSubmits) {
    QSettings().clear();
    App app;
    ASSERT_TRUE(app.activities.startActivity(QStringLiteral("rope-2d.shift-both")));
    ActivityPanel* panel = app.activities.panel();
    ASSERT_TRUE(QTest::qWaitFor([&] { return panel->checkButton()->isEnabled(); }, 15000));
    QApplication::processEvents();
    const QList<QRadioButton*> choices = panel->choiceButtons();
    ASSERT_GE(choices.size(), 2);
    EXPECT_EQ(QApplication::focusWidget(), choices.front());
    // Tab leads from the answers to "Check my prediction", and Shift+Tab back.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    EXPECT_EQ(QApplication::focusWidget(), panel->checkButton());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab);
    EXPECT_TRUE(choices.contains(QApplication::focusWidget()));
    // Space picks an answer, Return submits it.
    choices.front()->setFocus();
    QTest::keyClick(choices.front(), Qt::Key_Space);
    ASSERT_TRUE(choices.front()->isChecked());
    QTest::keyClick(choices.front(), Qt::Key_Return);
    EXPECT_EQ(app.runner.phase(), ActivityRunner::Phase::Answered);
    EXPECT_EQ(QApplication::focusWidget(), panel->nextButton());
    EXPECT_EQ(app.runner.chosen(), 0);
}

// Keys sent where the focus is, as a student without a mouse types them.
void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    QWidget* focus = QApplication::focusWidget();
    ASSERT_NE(focus, nullptr);
    QTest::keyClick(focus, key, modifiers);
    QApplication::processEvents();
}

bool holds(const QWidget* outer, const QWidget* inner) {
    return inner != nullptr && (inner == outer || outer->isAncestorOf(inner));
}

// Tab until the focus is in `target`; on a tab bar whose current page hides it, the arrow keys
// turn to the page that holds it, as a student would.
bool tabTo(QWidget* target) {
    for (int i = 0; i < 400; ++i) {
        QWidget* focus = QApplication::focusWidget();
        if (holds(target, focus)) return true;
        if (auto* bar = qobject_cast<QTabBar*>(focus)) {
            for (const TabPage& page : tabPagesOf(*target)) {
                if (page.tabs != bar->parentWidget()) continue;
                while (page.tabs->currentIndex() != page.index) {
                    QTest::keyClick(
                        bar, page.index > page.tabs->currentIndex() ? Qt::Key_Right : Qt::Key_Left);
                }
                QApplication::processEvents();
            }
        }
        QTest::keyClick(focus, Qt::Key_Tab);
        QApplication::processEvents();
    }
    return false;
}

// Sets a control as the activity's solution says, by keys only: text typed into a spin box,
// arrows through a combo box, Space on a button.
bool typeValue(QWidget* control, const QJsonValue& value) {
    QWidget* field = control;
    if (auto* slider = qobject_cast<LabeledSlider*>(control)) field = slider->spinBox();
    if (auto* slider = qobject_cast<LabeledDoubleSlider*>(control)) field = slider->spinBox();
    if (!tabTo(field)) return false;
    if (qobject_cast<QAbstractSpinBox*>(field) != nullptr) {
        press(Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(
            QApplication::focusWidget(),
            QLocale().toString(value.toDouble(), 'g', 12).remove(QLocale().groupSeparator()));
        press(Qt::Key_Tab);
        return true;
    }
    if (auto* box = qobject_cast<QComboBox*>(field)) {
        const int index = value.isDouble() ? value.toInt(-1) : box->findText(value.toString());
        if (index < 0) return false;
        while (box->currentIndex() != index) {
            press(box->currentIndex() < index ? Qt::Key_Down : Qt::Key_Up);
        }
        return true;
    }
    if (auto* button = qobject_cast<QAbstractButton*>(field)) {
        if (!button->isCheckable() || button->isChecked() != value.toBool()) press(Qt::Key_Space);
        return true;
    }
    return false;
}

// One activity per lesson from its first step to Finish at 1024 × 768, without a mouse: arrows
// and Space pick an answer, Return checks it, Tab reaches every control a step asks for and the
// Next button.
TEST(Keyboard, OneActivityPerLessonRunsByKeysAlone) {
    QSettings().clear();
    App app;
    QStringList lessonsDone;
    for (const Activity& activity : app.activities.activities()) {
        if (lessonsDone.contains(activity.lesson)) continue;
        lessonsDone.append(activity.lesson);
        SCOPED_TRACE(activity.id.toStdString());
        ASSERT_TRUE(app.activities.startActivity(activity.id));
        ActivityPanel* panel = app.activities.panel();
        for (int i = 0; i < activity.steps.size(); ++i) {
            SCOPED_TRACE("step " + std::to_string(i + 1));
            const ActivityStep& step = activity.steps[i];
            // A student reads the step first: the card takes the focus after the step is shown.
            QTest::qWait(100);
            if (step.kind == ActivityStep::Kind::Predict) {
                ASSERT_TRUE(QTest::qWaitFor([&] { return app.runner.readyToCheck(); }, 60000));
                if (step.predictsNumber()) {
                    ASSERT_TRUE(tabTo(panel->numberEdit()));
                    QTest::keyClicks(panel->numberEdit(),
                                     QLocale().toString(*app.runner.liveNumber(), 'g', 12));
                } else {
                    const std::optional<int> right = app.runner.correctChoice();
                    ASSERT_TRUE(right);
                    ASSERT_TRUE(tabTo(panel->choiceButtons().front()));
                    // As a student watching the screen: arrows toward the right answer, Space
                    // on it, until it is the one ticked.
                    const QList<QRadioButton*> choices = panel->choiceButtons();
                    for (int keys = 0; keys < 20 && !choices[*right]->isChecked(); ++keys) {
                        const int at = choices.indexOf(
                            qobject_cast<QRadioButton*>(QApplication::focusWidget()));
                        ASSERT_GE(at, 0) << "the focus left the choices";
                        press(at < *right   ? Qt::Key_Down
                              : at > *right ? Qt::Key_Up
                                            : Qt::Key_Space);
                    }
                }
                press(Qt::Key_Return);
                EXPECT_EQ(app.runner.phase(), ActivityRunner::Phase::Answered);
                EXPECT_EQ(app.runner.predictionRight(), true)
                    << "chosen " << app.runner.chosen().value_or(-1);
            } else if (step.kind == ActivityStep::Kind::Explore) {
                for (const ControlValue& move : step.solution) {
                    QWidget* control =
                        app.window.currentLesson()->findChild<QWidget*>(move.control);
                    if (control == nullptr) {
                        control = app.window.parameterPanel()->findChild<QWidget*>(move.control);
                    }
                    ASSERT_NE(control, nullptr) << move.control.toStdString();
                    EXPECT_TRUE(typeValue(control, move.value)) << move.control.toStdString();
                }
                EXPECT_TRUE(QTest::qWaitFor(
                    [&] { return app.runner.phase() == ActivityRunner::Phase::Reached; }, 60000));
            }
            ASSERT_TRUE(QTest::qWaitFor([&] { return panel->nextButton()->isEnabled(); }, 60000));
            ASSERT_TRUE(tabTo(panel->nextButton()));
            press(Qt::Key_Space);
        }
        EXPECT_FALSE(app.runner.running());
        EXPECT_TRUE(ActivityRunner::finished(activity.id));
    }
    EXPECT_EQ(lessonsDone.size(), app.window.lessons().size());
}

// Every visible Alt+letter of `menu` and its submenus is unique within that menu.
void expectUniqueMnemonics(QMenu* menu, const QString& where) {
    emit menu->aboutToShow();  // menus that fill themselves when opened
    for (const MnemonicClash& clash : menuMnemonicClashes(*menu)) {
        ADD_FAILURE() << where.toStdString() << " › " << menu->title().toStdString() << ": "
                      << clash.key.toStdString() << " for "
                      << clash.owners.join(QStringLiteral(" | ")).toStdString();
    }
    for (QAction* action : menu->actions()) {
        if (action->menu() != nullptr) expectUniqueMnemonics(action->menu(), where);
    }
}

void expectUniqueMnemonics(const QWidget& window, const QString& where) {
    for (const MnemonicClash& clash : windowMnemonicClashes(window)) {
        ADD_FAILURE() << where.toStdString() << ": " << clash.key.toStdString() << " for "
                      << clash.owners.join(QStringLiteral(" | ")).toStdString();
    }
}

TEST(Mnemonics, TextsGiveTheirKeys) {
    EXPECT_EQ(mnemonicOf(QStringLiteral("&File")), QStringLiteral("Alt+F"));
    EXPECT_EQ(mnemonicOf(QStringLiteral("Fi&nish ✓")), QStringLiteral("Alt+N"));
    EXPECT_EQ(mnemonicOf(QStringLiteral("Save && quit")), QString());
    EXPECT_EQ(mnemonicOf(QStringLiteral("Close")), QString());
}

TEST(Mnemonics, UniqueInEveryWindowMenuAndActivityStep) {
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        QSettings().clear();
        App app;
        app.features.setLanguagePreference(language);
        for (QAction* action : app.window.menuBar()->actions()) {
            if (action->menu() != nullptr) expectUniqueMnemonics(action->menu(), language);
        }
        for (Lesson* lesson : app.window.lessons()) {
            app.window.showLesson(lesson->id());
            QApplication::processEvents();
            expectUniqueMnemonics(app.window, language + QLatin1Char(' ') + lesson->id());
        }
        // The activity card at its first and last step (Next, then Finish).
        for (const Activity& activity : app.activities.activities()) {
            if (app.window.lesson(activity.lesson) == nullptr) continue;  // not in this build
            ASSERT_TRUE(app.runner.start(activity, 0)) << activity.id.toStdString();
            app.activities.focusCard();
            QApplication::processEvents();
            expectUniqueMnemonics(app.window, language + QLatin1Char(' ') + activity.id);
            ASSERT_TRUE(app.runner.start(activity, static_cast<int>(activity.steps.size()) - 1));
            QApplication::processEvents();
            expectUniqueMnemonics(app.window, language + QLatin1Char(' ') + activity.id +
                                                  QStringLiteral(" last step"));
            EXPECT_EQ(mnemonicOf(app.activities.panel()->nextButton()->text()),
                      QStringLiteral("Alt+N"));
        }
        app.runner.stop();
        LessonMap* map = app.activities.showLessonMap();
        QApplication::processEvents();
        expectUniqueMnemonics(*map, language + QStringLiteral(" lesson map"));
        map->close();
        ExportDialog dialog(QStringLiteral("score-curve"), QStringLiteral("RoPE"), &app.window);
        dialog.show();
        QApplication::processEvents();
        expectUniqueMnemonics(dialog, language + QStringLiteral(" export dialog"));
    }
}

TEST(PresenterMode, ResetAndSavedStepSayWhatTheyDid) {
    QSettings().clear();
    App app;
    app.features.appearance().setPresenter(true);
    QApplication::processEvents();
    QLabel* message = app.window.presenterMessage();
    ASSERT_TRUE(app.window.showLesson(QStringLiteral("rope-2d")));
    app.activities.resetLesson();
    QApplication::processEvents();
    EXPECT_TRUE(message->isVisible());
    EXPECT_TRUE(message->text().startsWith(QStringLiteral("Reset this lesson: ")))
        << message->text().toStdString();
    EXPECT_TRUE(message->text().contains(app.window.currentLesson()->title()));
    // Inside the window, over the lesson.
    EXPECT_TRUE(app.window.rect().contains(message->geometry()));
    app.activities.resetAll();
    EXPECT_TRUE(message->text().startsWith(QStringLiteral("Reset all lessons: ")));
    app.window.statusBar()->clearMessage();
    EXPECT_FALSE(message->isVisible());
    // Outside presenter mode the status bar says it.
    app.features.appearance().setPresenter(false);
    app.activities.resetLesson();
    EXPECT_FALSE(message->isVisible());
    EXPECT_TRUE(
        app.window.statusBar()->currentMessage().startsWith(QStringLiteral("Reset this lesson: ")));
}

}  // namespace
}  // namespace ropelab::ui
