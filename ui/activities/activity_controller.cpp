// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/activity_controller.h"

#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QKeyEvent>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>

#include "activities/activity_catalog.h"
#include "activities/activity_editor.h"
#include "activities/activity_library.h"
#include "activities/activity_panel.h"
#include "activities/activity_runner.h"
#include "activities/lesson_map.h"
#include "lessons/app_shell.h"
#include "lessons/lesson.h"
#include "lessons/lesson_page.h"
#include "lessons/session_file.h"
#include "model/atomic_write.h"
#include "model/parameter_history.h"
#include "model/parameter_model.h"
#include "model/parameter_snapshot.h"
#include "style/language_controller.h"

namespace ropelab::ui {

namespace {

constexpr int kStatusMs = 8000;

QScrollArea* scrollAreaAround(QWidget* widget) {
    for (QWidget* parent = widget->parentWidget(); parent != nullptr;
         parent = parent->parentWidget()) {
        if (auto* area = qobject_cast<QScrollArea*>(parent)) return area;
    }
    return nullptr;
}

// Lesson views before and after a reset; the parameters are undone by the parameter history.
class RestoreViewsCommand : public QUndoCommand {
public:
    RestoreViewsCommand(AppShell& shell, QMap<QString, QJsonObject> before,
                        QMap<QString, QJsonObject> after, const QString& text)
        : QUndoCommand(text), shell_(shell), before_(std::move(before)), after_(std::move(after)) {}

    void undo() override { apply(before_); }
    void redo() override {
        if (first_) {
            first_ = false;  // the reset itself already applied `after`
            return;
        }
        apply(after_);
    }

private:
    void apply(const QMap<QString, QJsonObject>& views) {
        for (auto it = views.constBegin(); it != views.constEnd(); ++it) {
            if (Lesson* lesson = shell_.lesson(it.key())) lesson->restoreState(it.value());
        }
    }

    AppShell& shell_;
    QMap<QString, QJsonObject> before_;
    QMap<QString, QJsonObject> after_;
    bool first_ = true;
};

}  // namespace

ActivityController::ActivityController(AppShell& shell, ParameterHistory& history,
                                       LanguageController& language, QObject* parent)
    : QObject(parent),
      shell_(shell),
      window_(shell.mainWindow()),
      history_(history),
      language_(language),
      runner_(new ActivityRunner(shell, this)),
      panel_(new ActivityPanel(*runner_, &window_)),
      activities_(ActivityLibrary::builtIn().activities) {
    setObjectName(QStringLiteral("activityController"));
    panel_->hide();
    panel_->installEventFilter(this);
    panel_->setLanguage(language.language());
    connect(&language, &LanguageController::languageChanged, panel_, &ActivityPanel::setLanguage);
    // Not a widget, so no LanguageChange event reaches it: follow the controller instead.
    connect(&language, &LanguageController::languageChanged, this,
            &ActivityController::retranslate);
    connect(panel_, &ActivityPanel::lessonMapRequested, this, &ActivityController::showLessonMap);
    connect(runner_, &ActivityRunner::changed, this, &ActivityController::placePanel);
    connect(runner_, &ActivityRunner::changed, this, &ActivityController::keepInside);
    createMenu();
    retranslate();
    if (!ActivityLibrary::builtIn().error.isEmpty()) {
        window_.statusBar()->showMessage(ActivityLibrary::builtIn().error);
    }
}

void ActivityController::createMenu() {
    menu_ = new QMenu(&window_);
    menu_->setObjectName(QStringLiteral("activitiesMenu"));
    window_.menuBar()->insertMenu(shell_.helpMenu()->menuAction(), menu_);
    map_ = menu_->addAction(QString(), this, &ActivityController::showLessonMap);
    map_->setObjectName(QStringLiteral("lessonMapAction"));
    map_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    lessonActivities_ = menu_->addMenu(QString());
    connect(menu_, &QMenu::aboutToShow, this, &ActivityController::rebuildLessonActivities);
    menu_->addSeparator();
    open_ = menu_->addAction(QString(), this, [this] { openWithDialog(false); });
    open_->setObjectName(QStringLiteral("openActivityAction"));
    open_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    addStep_ = menu_->addAction(QString(), this, &ActivityController::addStepWithDialog);
    editDraft_ = menu_->addAction(QString(), this, &ActivityController::editDraft);
    editDraft_->setObjectName(QStringLiteral("editDraftAction"));
    openIntoDraft_ = menu_->addAction(QString(), this, [this] { openWithDialog(true); });
    openIntoDraft_->setObjectName(QStringLiteral("openIntoDraftAction"));
    saveDraft_ = menu_->addAction(QString(), this, &ActivityController::saveDraftWithDialog);
    menu_->addSeparator();
    resetLesson_ = menu_->addAction(QString(), this, &ActivityController::resetLesson);
    resetLesson_->setObjectName(QStringLiteral("resetLessonAction"));
    resetAll_ = menu_->addAction(QString(), this, &ActivityController::resetAll);
    resetAll_->setObjectName(QStringLiteral("resetAllAction"));
    shell_.viewMenu()->addSeparator();
    shell_.viewMenu()->addAction(map_);
    // Shortcuts keep working when presenter mode hides the menu bar.
    window_.addAction(map_);
}

void ActivityController::retranslate() {
    menu_->setTitle(tr("&Activities"));
    map_->setText(tr("Lesson &map…"));
    lessonActivities_->setTitle(tr("Activities of this &lesson"));
    open_->setText(tr("&Open activity file…"));
    addStep_->setText(tr("Save current state as a &step…"));
    saveDraft_->setText(tr("Save activity &draft as…"));
    editDraft_->setText(tr("&Edit activity draft…"));
    openIntoDraft_->setText(tr("Open a file &into the draft…"));
    resetLesson_->setText(tr("&Reset this lesson"));
    resetAll_->setText(tr("Reset &all lessons"));
    rebuildLessonActivities();
}

void ActivityController::rebuildLessonActivities() {
    lessonActivities_->clear();
    const Lesson* lesson = shell_.currentLesson();
    updateDraftActions();
    if (lesson == nullptr) return;
    for (const Activity& activity : activities_) {
        if (activity.lesson != lesson->id()) continue;
        const QString id = activity.id;
        lessonActivities_->addAction(tr("%1 (%2)").arg(activity.title.in(language_.language()),
                                                       LessonMap::progressText(activity)),
                                     this, [this, id] { startActivity(id); });
    }
    lessonActivities_->setEnabled(!lessonActivities_->isEmpty() && !keptInside_);
}

bool ActivityController::startActivity(const QString& id, std::optional<int> step) {
    for (const Activity& activity : activities_) {
        if (activity.id != id) continue;
        if (!runner_->start(activity, step)) {
            window_.statusBar()->showMessage(runner_->setupProblem(), kStatusMs);
            return false;
        }
        placePanel();
        focusCard();
        return true;
    }
    window_.statusBar()->showMessage(tr("There is no activity \"%1\".").arg(id), kStatusMs);
    return false;
}

void ActivityController::placePanel() {
    if (!runner_->running()) {
        if (foldedPage_ != nullptr) foldedPage_->setExplanationFolded(false);
        foldedPage_ = nullptr;
        return;  // a finished activity keeps its panel until closed
    }
    auto* page = qobject_cast<LessonPage*>(runner_->lesson());
    if (page == nullptr) return;
    if (panel_->parentWidget() != page->activitySlot()) page->setActivityPanel(panel_);
    panel_->show();
    // The card above the explanation: folded, it leaves the controls and readouts in view.
    if (foldedPage_ != page) {
        if (foldedPage_ != nullptr) foldedPage_->setExplanationFolded(false);
        foldedPage_ = page;
        page->setExplanationFolded(true);
    }
    // After Next or Back the card stays in view, and keeps the keyboard when a rebuilt step took
    // the focused widget away.
    if (runner_->stepIndex() != focusedStep_) {
        focusedStep_ = runner_->stepIndex();
        QTimer::singleShot(0, this, [this] {
            if (!runner_->running()) return;
            const QWidget* focus = QApplication::focusWidget();
            if (focus == nullptr || !panel_->isAncestorOf(focus)) focusCard();
            if (auto* scroll = scrollAreaAround(panel_)) scroll->ensureWidgetVisible(panel_, 0, 0);
        });
    }
}

void ActivityController::focusCard() {
    focusedStep_ = runner_->stepIndex();
    // The answer first, else the way on; the focus ring shows where the keyboard is.
    QTimer::singleShot(0, this, [this] {
        QList<QWidget*> candidates;
        for (QRadioButton* choice : panel_->choiceButtons()) candidates.append(choice);
        candidates << panel_->numberEdit() << panel_->tryButton() << panel_->nextButton();
        for (QWidget* widget : candidates) {
            if (widget->isVisible() && widget->isEnabled()) {
                widget->setFocus(Qt::TabFocusReason);
                break;
            }
        }
        if (auto* scroll = scrollAreaAround(panel_)) scroll->ensureWidgetVisible(panel_, 0, 0);
    });
}

bool ActivityController::eventFilter(QObject* watched, QEvent* event) {
    // Return on a chosen answer submits it, as it does in the number field.
    if (watched == panel_ && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        QPushButton* check = panel_->checkButton();
        if ((key == Qt::Key_Return || key == Qt::Key_Enter) && check->isVisible() &&
            check->isEnabled()) {
            check->click();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

void ActivityController::keepInside() {
    // What leads out of the activity: the lesson list (or its menu-bar combo box), the lesson map
    // and the activities of other lessons; the panel's Close follows the runner itself.
    const bool keep = runner_->keepsInside();
    if (keep == keptInside_) return;
    keptInside_ = keep;
    for (const char* name : {"lessonList", "lessonMenu"}) {
        if (auto* widget = window_.findChild<QWidget*>(QLatin1String(name))) {
            widget->setEnabled(!keep);
        }
    }
    for (QAction* action : {map_, open_, lessonActivities_->menuAction()}) {
        action->setEnabled(!keep);
    }
    updateDraftActions();
}

void ActivityController::addActivities(const QList<Activity>& activities) {
    // A file opened again replaces its earlier copy.
    for (const Activity& activity : activities) {
        activities_.removeIf([&](const Activity& a) { return a.id == activity.id; });
    }
    activities_ += activities;
}

QString ActivityController::openActivityFile(const QString& path) {
    const ActivityLoad load = loadActivityFile(path, ActivityCatalog::builtIn());
    if (!load.error.isEmpty()) return load.error;
    addActivities(load.activities);
    if (!startActivity(load.activities.front().id)) return runner_->setupProblem();
    return {};
}

QString ActivityController::resumeActivity(const Activity& activity) {
    addActivities({activity});
    if (!startActivity(activity.id)) return runner_->setupProblem();
    return {};
}

const Activity* ActivityController::runningActivity() const {
    return runner_->running() ? &runner_->activity() : nullptr;
}

void ActivityController::openWithDialog(bool intoDraft) {
    const QString path = QFileDialog::getOpenFileName(
        &window_, tr("Open activity"), QString(),
        tr("RoPE Lab activities (*.%1)").arg(QLatin1String(kActivitySuffix)));
    if (path.isEmpty()) return;
    const QString problem = intoDraft ? openIntoDraft(path) : openActivityFile(path);
    if (!problem.isEmpty()) {
        QMessageBox::warning(&window_, tr("Open activity"),
                             tr("This activity file cannot be used:\n%1").arg(problem));
    } else if (intoDraft) {
        editDraft();
    }
}

void ActivityController::reset(bool everyLesson) {
    Lesson* current = shell_.currentLesson();
    if (current == nullptr) return;
    QMap<QString, QJsonObject> before;
    QMap<QString, QJsonObject> after;
    for (Lesson* lesson : shell_.lessons()) {
        if (!everyLesson && lesson != current) continue;
        before.insert(lesson->id(), lesson->saveState());
    }
    const QString text = everyLesson ? tr("Reset all lessons") : tr("Reset this lesson");
    QUndoStack* stack = history_.stack();
    stack->beginMacro(text);
    history_.flush();
    shell_.parameterModel().setAll(ParameterSnapshot::of(ParameterModel()));
    history_.flush();
    for (auto it = before.constBegin(); it != before.constEnd(); ++it) {
        Lesson* lesson = shell_.lesson(it.key());
        lesson->restoreState(QJsonObject());
        after.insert(it.key(), lesson->saveState());
    }
    stack->push(new RestoreViewsCommand(shell_, before, after, text));
    stack->endMacro();
    window_.statusBar()->showMessage(
        everyLesson ? tr("Reset all lessons: every parameter and every lesson's view are back to "
                         "their defaults. Edit → Undo brings them back.")
                    : tr("Reset this lesson: every parameter and the view of “%1” are back to "
                         "their defaults. Edit → Undo brings them back.")
                          .arg(current->title()),
        kStatusMs);
}

void ActivityController::resetLesson() {
    reset(false);
}

void ActivityController::resetAll() {
    reset(true);
}

void ActivityController::addStateAsStep(const QString& prompt) {
    Lesson* lesson = shell_.currentLesson();
    if (lesson == nullptr) return;
    ActivityStep step;
    step.kind = ActivityStep::Kind::Explain;
    step.prompt.byLanguage.insert(language_.language(), prompt);
    step.parameters = sessionParametersToJson(ParameterSnapshot::of(shell_.parameterModel()));
    step.view = lesson->saveState();
    Activity* target = nullptr;
    for (Activity& activity : draft_) {
        if (activity.lesson == lesson->id()) target = &activity;
    }
    if (target == nullptr) {
        Activity activity;
        activity.id = QStringLiteral("teacher.%1.%2")
                          .arg(lesson->id())
                          .arg(QDateTime::currentSecsSinceEpoch());
        activity.lesson = lesson->id();
        activity.title.byLanguage.insert(language_.language(),
                                         tr("My activity: %1").arg(lesson->title()));
        draft_.append(activity);
        target = &draft_.back();
    }
    target->steps.append(step);
    updateDraftActions();
}

void ActivityController::addStepWithDialog() {
    bool ok = false;
    const QString prompt = QInputDialog::getMultiLineText(
        &window_, tr("Save current state as a step"),
        tr("What should students read or do at this step? (The current parameters and view are "
           "saved with it.)"),
        QString(), &ok);
    if (!ok || prompt.trimmed().isEmpty()) return;
    addStateAsStep(prompt.trimmed());
    int steps = 0;
    for (const Activity& activity : draft_) steps += static_cast<int>(activity.steps.size());
    window_.statusBar()->showMessage(
        tr("Step saved; the draft has %n step(s). Activities → Save activity draft as… writes it.",
           nullptr, steps),
        kStatusMs);
}

void ActivityController::restoreDraft(const QList<Activity>& draft) {
    draft_ = draft;
    updateDraftActions();
}

void ActivityController::updateDraftActions() {
    const bool steps = std::any_of(draft_.begin(), draft_.end(), [](const Activity& activity) {
        return !activity.steps.isEmpty();
    });
    saveDraft_->setEnabled(steps);
    // Running the draft from the editor, or a file opened into it, would leave a kept-in activity.
    editDraft_->setEnabled(steps && !keptInside_);
    openIntoDraft_->setEnabled(!keptInside_);
}

QString ActivityController::openIntoDraft(const QString& path) {
    const ActivityLoad load = loadActivityFile(path, ActivityCatalog::builtIn());
    if (!load.error.isEmpty()) return load.error;
    for (const Activity& activity : load.activities) {
        draft_.removeIf([&](const Activity& a) { return a.id == activity.id; });
        draft_.append(activity);
    }
    updateDraftActions();
    return {};
}

ActivityEditor* ActivityController::editDraft() {
    auto* editor = new ActivityEditor(draft_, language_.language(), &shell_, &window_);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    connect(editor, &QDialog::accepted, this, [this, editor] {
        draft_ = editor->draft();
        updateDraftActions();
        if (const auto run = editor->runRequest()) {
            // Run as a teacher's file is: the activity joins the list, then starts at the step.
            const Activity& activity = draft_[run->activity];
            addActivities({activity});
            startActivity(activity.id, run->step);
        }
    });
    editor->open();
    return editor;
}

QString ActivityController::saveDraft(const QString& path) const {
    const WriteResult result = writeFileAtomically(path, activitiesToJson(draft_));
    return result.ok() ? QString() : result.error;
}

void ActivityController::saveDraftWithDialog() {
    if (draft_.isEmpty()) return;
    QString path = QFileDialog::getSaveFileName(
        &window_, tr("Save activity draft"),
        QStringLiteral("activity.%1").arg(QLatin1String(kActivitySuffix)),
        tr("RoPE Lab activities (*.%1)").arg(QLatin1String(kActivitySuffix)));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + QLatin1String(kActivitySuffix);
    const QString problem = saveDraft(path);
    if (problem.isEmpty()) {
        window_.statusBar()->showMessage(tr("Saved %1").arg(path), kStatusMs);
    } else {
        QMessageBox::warning(&window_, tr("Save activity draft"), problem);
    }
}

void ActivityController::offerLessonMapOnce() {
    QSettings settings;
    if (settings.value(QStringLiteral("lessonMap/offered"), false).toBool()) return;
    settings.setValue(QStringLiteral("lessonMap/offered"), true);
    QTimer::singleShot(0, this, &ActivityController::showLessonMap);
}

LessonMap* ActivityController::showLessonMap() {
    auto* map = new LessonMap(shell_.lessons(), activities_, language_.language(), &window_);
    map->setAttribute(Qt::WA_DeleteOnClose);
    connect(map, &LessonMap::activityChosen, this,
            [this](const QString& id) { startActivity(id); });
    connect(map, &LessonMap::lessonChosen, this,
            [this](const QString& id) { shell_.showLesson(id); });
    map->show();
    return map;
}

}  // namespace ropelab::ui
