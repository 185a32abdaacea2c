// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Sessions in the main window: Open, Open Recent, Save, Save As, and Undo/Redo of parameter
// changes. Opening a file that cannot be used says why and changes nothing; a file from an older
// or newer version is loaded as far as possible, with a note on what was kept and ignored.

#include <QObject>
#include <QString>
#include <QStringList>

#include "lessons/session_file.h"

class QAction;
class QMainWindow;
class QMenu;
class QWidget;

namespace ropelab::ui {

class AppShell;
class ParameterHistory;

class SessionController : public QObject {
    Q_OBJECT
public:
    explicit SessionController(AppShell& shell, QObject* parent = nullptr);

    ParameterHistory& history() const { return *history_; }
    QString currentFile() const { return currentFile_; }
    QStringList recentFiles() const;
    static constexpr int kMaxRecentFiles = 8;

    // Without dialogs (tests, the command line). Empty on success, else why; `notes` gets the
    // report's summary when the file came from another version or lacked something.
    QString openFile(const QString& path, QString* notes = nullptr);
    QString saveFile(const QString& path);

    QAction* openAction() const { return open_; }
    QAction* saveAction() const { return save_; }
    QAction* saveAsAction() const { return saveAs_; }
    QAction* undoAction() const { return undo_; }
    QAction* redoAction() const { return redo_; }
    QMenu* recentMenu() const { return recentMenu_; }

    void retranslate();

private:
    void openWithDialog();
    void openRecent(const QString& path);
    void openAndReport(const QString& path);
    bool saveCurrent();
    bool saveWithDialog();
    void rememberRecent(const QString& path);
    void rebuildRecentMenu();
    void updateTitle();
    QStringList lessonIds() const;

    AppShell& shell_;
    QMainWindow& window_;
    ParameterHistory* history_;
    QString currentFile_;
    QAction* open_;
    QAction* save_;
    QAction* saveAs_;
    QAction* undo_;
    QAction* redo_;
    QMenu* recentMenu_;
};

}  // namespace ropelab::ui
