// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/session_controller.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QUndoStack>

#include "lessons/app_shell.h"
#include "lessons/lesson.h"
#include "model/parameter_history.h"
#include "model/parameter_model.h"

namespace ropelab::ui {

namespace {
constexpr auto kRecentKey = "session/recentFiles";
constexpr auto kLastFolderKey = "session/lastFolder";
}  // namespace

SessionController::SessionController(AppShell& shell, QObject* parent)
    : QObject(parent),
      shell_(shell),
      window_(shell.mainWindow()),
      history_(new ParameterHistory(shell.parameterModel(), this)),
      open_(new QAction(this)),
      save_(new QAction(this)),
      saveAs_(new QAction(this)),
      undo_(new QAction(this)),
      redo_(new QAction(this)),
      recentMenu_(new QMenu(&window_)) {
    open_->setShortcut(QKeySequence::Open);
    save_->setShortcut(QKeySequence::Save);
    saveAs_->setShortcut(QKeySequence::SaveAs);
    undo_->setShortcut(QKeySequence::Undo);
    redo_->setShortcuts(QKeySequence::Redo);
    open_->setObjectName(QStringLiteral("openSessionAction"));
    save_->setObjectName(QStringLiteral("saveSessionAction"));
    undo_->setObjectName(QStringLiteral("undoAction"));
    redo_->setObjectName(QStringLiteral("redoAction"));
    connect(open_, &QAction::triggered, this, &SessionController::openWithDialog);
    connect(save_, &QAction::triggered, this, &SessionController::saveCurrent);
    connect(saveAs_, &QAction::triggered, this, &SessionController::saveWithDialog);

    QUndoStack* stack = history_->stack();
    connect(undo_, &QAction::triggered, this, [this, stack] {
        history_->flush();
        stack->undo();
    });
    connect(redo_, &QAction::triggered, stack, &QUndoStack::redo);
    const auto updateUndo = [this, stack] {
        undo_->setEnabled(stack->canUndo());
        redo_->setEnabled(stack->canRedo());
        retranslate();
    };
    connect(stack, &QUndoStack::indexChanged, this, updateUndo);
    connect(stack, &QUndoStack::cleanChanged, this, &SessionController::updateTitle);
    connect(recentMenu_, &QMenu::aboutToShow, this, &SessionController::rebuildRecentMenu);
    updateUndo();
}

QStringList SessionController::recentFiles() const {
    return QSettings().value(kRecentKey).toStringList();
}

QStringList SessionController::lessonIds() const {
    QStringList ids;
    for (const Lesson* lesson : shell_.lessons()) ids.append(lesson->id());
    return ids;
}

QString SessionController::openFile(const QString& path, QString* notes) {
    const SessionState current =
        captureSession(shell_.parameterModel(), shell_.lessons(), shell_.currentLesson());
    const SessionLoad load = loadSessionFile(path, current, lessonIds());
    if (!load.state) return load.error;
    if (const QString error = applySession(*load.state, shell_.parameterModel(), shell_.lessons());
        !error.isEmpty()) {
        return error;
    }
    if (!load.state->lessonId.isEmpty()) shell_.showLesson(load.state->lessonId);
    history_->resetBaseline();
    currentFile_ = QFileInfo(path).absoluteFilePath();
    rememberRecent(currentFile_);
    updateTitle();
    if (notes != nullptr) *notes = load.report.hasNotes() ? load.report.summary() : QString();
    return {};
}

QString SessionController::saveFile(const QString& path) {
    history_->flush();
    const SessionState state =
        captureSession(shell_.parameterModel(), shell_.lessons(), shell_.currentLesson());
    const WriteResult result = saveSessionFile(path, state);
    if (!result.ok()) return result.error;
    history_->stack()->setClean();
    currentFile_ = QFileInfo(path).absoluteFilePath();
    rememberRecent(currentFile_);
    updateTitle();
    return {};
}

void SessionController::openWithDialog() {
    const QString folder =
        QSettings()
            .value(kLastFolderKey,
                   QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
            .toString();
    const QString path = QFileDialog::getOpenFileName(
        &window_, tr("Open session"), folder,
        tr("RoPE Lab sessions (*.%1);;All files (*)").arg(QLatin1String(kSessionSuffix)));
    if (!path.isEmpty()) openAndReport(path);
}

void SessionController::openRecent(const QString& path) {
    openAndReport(path);
}

void SessionController::openAndReport(const QString& path) {
    QString notes;
    const QString error = openFile(path, &notes);
    if (!error.isEmpty()) {
        QMessageBox::warning(&window_, tr("Could not open the session"),
                             tr("%1\n\nNothing was changed.").arg(error));
        return;
    }
    QSettings().setValue(kLastFolderKey, QFileInfo(path).absolutePath());
    if (!notes.isEmpty()) {
        QMessageBox::information(&window_, tr("Session opened with notes"), notes);
    }
}

bool SessionController::saveCurrent() {
    if (currentFile_.isEmpty()) return saveWithDialog();
    const QString error = saveFile(currentFile_);
    if (error.isEmpty()) return true;
    QMessageBox::warning(&window_, tr("Could not save the session"), error);
    return false;
}

bool SessionController::saveWithDialog() {
    const QString folder =
        currentFile_.isEmpty()
            ? QSettings()
                  .value(kLastFolderKey,
                         QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                  .toString()
            : QFileInfo(currentFile_).absolutePath();
    QString path = QFileDialog::getSaveFileName(
        &window_, tr("Save session"),
        QDir(folder).filePath(QStringLiteral("lesson.%1").arg(QLatin1String(kSessionSuffix))),
        tr("RoPE Lab sessions (*.%1)").arg(QLatin1String(kSessionSuffix)));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".") + QLatin1String(kSessionSuffix);
    const QString error = saveFile(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(&window_, tr("Could not save the session"), error);
        return false;
    }
    QSettings().setValue(kLastFolderKey, QFileInfo(path).absolutePath());
    return true;
}

void SessionController::rememberRecent(const QString& path) {
    QStringList recent = recentFiles();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecentFiles) recent.removeLast();
    QSettings().setValue(kRecentKey, recent);
}

void SessionController::rebuildRecentMenu() {
    recentMenu_->clear();
    const QStringList recent = recentFiles();
    for (qsizetype i = 0; i < recent.size(); ++i) {
        const QString path = recent[i];
        // &1 … &8: each entry has a keyboard mnemonic.
        QAction* action = recentMenu_->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { openRecent(path); });
    }
    if (recent.isEmpty()) {
        recentMenu_->addAction(tr("No recent sessions"))->setEnabled(false);
        return;
    }
    recentMenu_->addSeparator();
    recentMenu_->addAction(tr("&Clear list"), this, [] { QSettings().remove(kRecentKey); });
}

void SessionController::retranslate() {
    open_->setText(tr("&Open session…"));
    open_->setStatusTip(tr("Load lesson, parameters and views from a .ropelab file"));
    recentMenu_->setTitle(tr("Open &recent"));
    save_->setText(tr("&Save session"));
    save_->setStatusTip(tr("Save the lesson, every parameter and the views"));
    saveAs_->setText(tr("Save session &as…"));
    const QUndoStack* stack = history_->stack();
    undo_->setText(stack->canUndo() ? tr("&Undo: %1").arg(stack->undoText()) : tr("&Undo"));
    redo_->setText(stack->canRedo() ? tr("&Redo: %1").arg(stack->redoText()) : tr("&Redo"));
    updateTitle();
}

void SessionController::updateTitle() {
    const QString app = tr("RoPE Lab");
    window_.setWindowTitle(
        currentFile_.isEmpty()
            ? app
            : QStringLiteral("%1[*] — %2").arg(QFileInfo(currentFile_).fileName(), app));
    window_.setWindowModified(!currentFile_.isEmpty() && !history_->stack()->isClean());
}

}  // namespace ropelab::ui
