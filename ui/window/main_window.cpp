// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>

#include <qcustomplot.h>

#include "classroom/classroom_features.h"
#include "common/build_info.h"
#include "lessons/lesson_registry.h"
#include "model/parameter_model.h"
#include "style/theme_controller.h"
#include "window/parameter_panel.h"

namespace ropelab::ui {

namespace {
constexpr auto kGeometryKey = "mainWindow/geometry";
constexpr auto kStateKey = "mainWindow/state";
constexpr auto kLessonKey = "mainWindow/lesson";
constexpr int kRejectedMessageMs = 8000;
constexpr int kSettingsResetMessageMs = 20000;

// A settings file QSettings cannot parse (damaged on disk) is emptied so that every part of the
// app starts from its defaults instead of from fragments; true when that happened.
bool resetDamagedSettings() {
    QSettings settings;
    // Qt parses sections lazily; reading every key makes any damage show in status().
    static_cast<void>(settings.allKeys());
    if (settings.status() != QSettings::FormatError) return false;
    settings.clear();
    settings.sync();
    return true;
}
}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      model_(new ParameterModel(this)),
      theme_(new ThemeController(this)),
      lessonList_(new QListWidget),
      stack_(new QStackedWidget(this)),
      panel_(new ParameterPanel(*model_)),
      lessonDock_(new QDockWidget(this)),
      parameterDock_(new QDockWidget(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    setCentralWidget(stack_);
    const bool settingsReset = resetDamagedSettings();  // before anything reads them

    for (std::unique_ptr<Lesson>& lesson : createLessons(LessonContext{model_, theme_})) {
        Lesson* raw = lesson.release();
        stack_->addWidget(raw);
        lessons_.push_back(raw);
        lessonList_->addItem(raw->title());
        connect(raw, &Lesson::statusMessage, this, [this, raw](const QString& text) {
            if (raw != currentLesson()) return;
            if (text.isEmpty()) {
                statusBar()->clearMessage();
            } else {
                statusBar()->showMessage(text);
            }
        });
    }

    lessonList_->setObjectName(QStringLiteral("lessonList"));
    lessonList_->setMinimumWidth(200);
    // Long titles wrap instead of scrolling sideways.
    lessonList_->setWordWrap(true);
    lessonList_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    lessonDock_->setObjectName(QStringLiteral("lessonDock"));
    lessonDock_->setWidget(lessonList_);
    lessonDock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, lessonDock_);
    parameterDock_->setObjectName(QStringLiteral("parameterDock"));
    parameterDock_->setWidget(panel_);
    parameterDock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable |
                                QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, parameterDock_);
    splitDockWidget(lessonDock_, parameterDock_, Qt::Vertical);

    connect(lessonList_, &QListWidget::currentRowChanged, this, &MainWindow::onLessonRowChanged);
    connect(model_, &ParameterModel::rejected, this, [this](const QString& reason) {
        statusBar()->showMessage(reason, kRejectedMessageMs);
    });

    createMenus();
    retranslate();
    // Export, sessions, presenter mode, themes and language add their menus (ui/classroom).
    new ClassroomFeatures(*this);
    statusBar()->setSizeGripEnabled(true);
    resize(1440, 900);
    restoreSettings();
    if (lessonList_->currentRow() < 0 && !lessons_.empty()) lessonList_->setCurrentRow(0);
    if (settingsReset) {
        statusBar()->showMessage(
            tr("The settings file was damaged; RoPE Lab started with the default settings."),
            kSettingsResetMessageMs);
    }
}

MainWindow::~MainWindow() = default;

Lesson* MainWindow::currentLesson() const {
    return qobject_cast<Lesson*>(stack_->currentWidget());
}

Lesson* MainWindow::lesson(const QString& id) const {
    for (Lesson* lesson : lessons_) {
        if (lesson->id() == id) return lesson;
    }
    return nullptr;
}

bool MainWindow::showLesson(const QString& id) {
    for (std::size_t i = 0; i < lessons_.size(); ++i) {
        if (lessons_[i]->id() == id) {
            lessonList_->setCurrentRow(static_cast<int>(i));
            return true;
        }
    }
    return false;
}

void MainWindow::showNextLesson() {
    const int row = lessonList_->currentRow();
    if (row + 1 < lessonList_->count()) lessonList_->setCurrentRow(row + 1);
}

void MainWindow::showPreviousLesson() {
    const int row = lessonList_->currentRow();
    if (row > 0) lessonList_->setCurrentRow(row - 1);
}

void MainWindow::createMenus() {
    fileMenu_ = menuBar()->addMenu(QString());
    quitAction_ = fileMenu_->addAction(QString(), this, &QWidget::close);
    quitAction_->setShortcut(QKeySequence::Quit);
    quitAction_->setMenuRole(QAction::QuitRole);

    viewMenu_ = menuBar()->addMenu(QString());
    previousAction_ = viewMenu_->addAction(QString(), this, &MainWindow::showPreviousLesson);
    previousAction_->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageUp), QKeySequence::Back});
    nextAction_ = viewMenu_->addAction(QString(), this, &MainWindow::showNextLesson);
    nextAction_->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence::Forward});
    viewMenu_->addSeparator();
    viewMenu_->addAction(lessonDock_->toggleViewAction());
    viewMenu_->addAction(parameterDock_->toggleViewAction());

    helpMenu_ = menuBar()->addMenu(QString());
    aboutAction_ = helpMenu_->addAction(QString(), this, &MainWindow::showAbout);
    aboutAction_->setMenuRole(QAction::AboutRole);
    aboutQtAction_ = helpMenu_->addAction(QString(), qApp, &QApplication::aboutQt);
    aboutQtAction_->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::retranslate() {
    setWindowTitle(tr("RoPE Lab"));
    fileMenu_->setTitle(tr("&File"));
    quitAction_->setText(tr("&Quit"));
    viewMenu_->setTitle(tr("&View"));
    previousAction_->setText(tr("&Previous lesson"));
    nextAction_->setText(tr("&Next lesson"));
    helpMenu_->setTitle(tr("&Help"));
    aboutAction_->setText(tr("&About RoPE Lab"));
    aboutQtAction_->setText(tr("About &Qt"));
    lessonDock_->setWindowTitle(tr("Lessons"));
    parameterDock_->setWindowTitle(tr("Shared parameters"));
    for (std::size_t i = 0; i < lessons_.size(); ++i) {
        lessonList_->item(static_cast<int>(i))
            ->setText(tr("%1. %2").arg(i + 1).arg(lessons_[i]->title()));
    }
    panel_->retranslate();
}

void MainWindow::onLessonRowChanged(int row) {
    if (row < 0 || row >= static_cast<int>(lessons_.size())) return;
    Lesson* lesson = lessons_[static_cast<std::size_t>(row)];
    stack_->setCurrentWidget(lesson);
    panel_->setUsedParameters(lesson->sharedParameters());
    previousAction_->setEnabled(row > 0);
    nextAction_->setEnabled(row + 1 < static_cast<int>(lessons_.size()));
    statusBar()->clearMessage();
}

void MainWindow::showAbout() {
    // Qt and QCustomPlot are linked by the app, the rest by the core (build_info.h).
    QStringList components{
        QStringLiteral("Qt %1 (LGPL-3.0-only)").arg(QString::fromLatin1(qVersion())),
        QStringLiteral("QCustomPlot %1 (GPL-3.0-or-later)")
            .arg(QStringLiteral(QCUSTOMPLOT_VERSION_STR))};
    for (const ThirdPartyComponent& component : coreThirdPartyComponents()) {
        components << QStringLiteral("%1 (%2)").arg(QString::fromStdString(component.name),
                                                    QString::fromStdString(component.licence));
    }
    auto* box = new QMessageBox(
        QMessageBox::NoIcon, tr("About RoPE Lab"),
        tr("<h3>RoPE Lab %1</h3>"
           "<p>How transformers know word order: positional encodings, "
           "from learned tables to rotary position embeddings (RoPE), "
           "computed exactly and shown step by step.</p>"
           "<p>Free software under the GNU General Public License, "
           "version 3 or any later version (GPL-3.0-or-later), with no "
           "warranty.</p>"
           "<p>Third-party components: %2.</p>")
            .arg(QString::fromLatin1(version()), components.join(QStringLiteral(", "))),
        QMessageBox::Close, this);
    box->setObjectName(QStringLiteral("aboutBox"));
    box->setIconPixmap(windowIcon().pixmap(64, 64));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton* aboutQt = box->addButton(tr("About &Qt"), QMessageBox::HelpRole);
    aboutQt->setObjectName(QStringLiteral("aboutQtButton"));
    // Qt's own dialog: its version, licence and how to get its source.
    connect(aboutQt, &QPushButton::clicked, qApp, &QApplication::aboutQt);
    box->open();
}

void MainWindow::restoreSettings() {
    const QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    restoreState(settings.value(kStateKey).toByteArray());
    const QString last = settings.value(kLessonKey).toString();
    if (!last.isEmpty()) showLesson(last);
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    if (Lesson* lesson = currentLesson()) settings.setValue(kLessonKey, lesson->id());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSettings();
    event->accept();
}

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QMainWindow::changeEvent(event);
}

}  // namespace ropelab::ui
