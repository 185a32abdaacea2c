// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>

#include "common/build_info.h"
#include "lessons/lesson_page.h"
#include "lessons/lesson_registry.h"
#include "model/parameter_model.h"
#include "style/theme_controller.h"
#include "window/app_controller.h"
#include "window/input_guard.h"
#include "window/model_file_opener.h"
#include "window/parameter_panel.h"
#include "window/screen_fit.h"

namespace ropelab::ui {

namespace {
constexpr auto kGeometryKey = "mainWindow/geometry";
constexpr auto kStateKey = "mainWindow/state";
constexpr auto kLessonKey = "mainWindow/lesson";
constexpr auto kLessonListKey = "mainWindow/lessonListShown";
constexpr auto kParametersKey = "mainWindow/parametersShown";
constexpr int kRejectedMessageMs = 8000;
constexpr int kLessonTitleChars = 44;
constexpr int kSettingsResetMessageMs = 20000;
constexpr int kPresenterMessageMargin = 16;

// A key that types text (a letter, a digit) with no Ctrl, Alt or Meta: a list or closed combo box
// would jump to the item that starts with it.
bool typesText(const QKeyEvent& key) {
    const Qt::KeyboardModifiers command = Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier;
    return !(key.modifiers() & command) && !key.text().isEmpty() && key.text().at(0).isPrint() &&
           !key.text().at(0).isSpace();
}

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
      lessonBox_(new QComboBox(this)),
      stack_(new QStackedWidget(this)),
      panel_(new ParameterPanel(*model_)),
      panelHolder_(new QWidget),
      lessonDock_(new QDockWidget(this)),
      parameterDock_(new QDockWidget(this)),
      presenterMessage_(new QLabel(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    InputGuard::install();
    setCentralWidget(stack_);
    const bool settingsReset = resetDamagedSettings();  // before anything reads them

    for (std::unique_ptr<Lesson>& lesson : createLessons(LessonContext{model_, theme_})) {
        Lesson* raw = lesson.release();
        stack_->addWidget(raw);
        lessons_.push_back(raw);
        lessonList_->addItem(raw->title());
        lessonBox_->addItem(raw->title());
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
    // The lesson list as a combo box in the menu bar, for windows with no room for its dock.
    lessonBox_->setObjectName(QStringLiteral("lessonMenu"));
    // As wide as the longest title, in either language, so the menu bar never has to re-measure.
    lessonBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    lessonBox_->setMinimumContentsLength(kLessonTitleChars);
    lessonBox_->hide();
    menuBar()->setCornerWidget(lessonBox_, Qt::TopRightCorner);
    connect(lessonBox_, &QComboBox::activated, this,
            [this](int row) { lessonList_->setCurrentRow(row); });
    auto* holderLayout = new QVBoxLayout(panelHolder_);
    holderLayout->setContentsMargins(0, 0, 0, 0);
    holderLayout->addWidget(panel_);
    parameterDock_->setObjectName(QStringLiteral("parameterDock"));
    parameterDock_->setWidget(panelHolder_);
    parameterDock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable |
                                QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, parameterDock_);
    splitDockWidget(lessonDock_, parameterDock_, Qt::Vertical);
    for (QDockWidget* dock : {lessonDock_, parameterDock_}) dock->installEventFilter(this);
    // Typing a letter or digit never switches lessons (Qt's type-ahead search would).
    lessonList_->installEventFilter(this);
    lessonBox_->installEventFilter(this);

    presenterMessage_->setObjectName(QStringLiteral("presenterMessage"));
    presenterMessage_->setWordWrap(true);
    presenterMessage_->setAlignment(Qt::AlignCenter);
    presenterMessage_->setAutoFillBackground(true);
    presenterMessage_->setBackgroundRole(QPalette::ToolTipBase);
    presenterMessage_->setForegroundRole(QPalette::ToolTipText);
    presenterMessage_->setFrameShape(QFrame::Box);
    presenterMessage_->setMargin(8);
    presenterMessage_->hide();
    connect(statusBar(), &QStatusBar::messageChanged, this, &MainWindow::showPresenterMessage);

    connect(lessonList_, &QListWidget::currentRowChanged, this, &MainWindow::onLessonRowChanged);
    connect(model_, &ParameterModel::rejected, this, [this](const QString& reason) {
        statusBar()->showMessage(reason, kRejectedMessageMs);
    });

    createMenus();
    retranslate();
    // File → Open model…, drops and `ropelab FILE` open lesson 12's model.
    new ModelFileOpener(*this);
    // Export, sessions, activities, help, presenter mode, themes and language add their menus.
    app_ = new AppController(*this);
    statusBar()->setSizeGripEnabled(true);
    restoreSettings();
    applyFit();
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

QWidget* MainWindow::parameterControls() const {
    return panel_;
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
            showingFromCode_ = true;
            lessonList_->setCurrentRow(static_cast<int>(i));
            showingFromCode_ = false;
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
    connect(lessonDock_->toggleViewAction(), &QAction::triggered, this, [this](bool shown) {
        lessonListWanted_ = shown;
        applyFit();
    });
    connect(parameterDock_->toggleViewAction(), &QAction::triggered, this, [this](bool shown) {
        parametersWanted_ = shown;
        applyFit();
    });

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
    previousAction_->setText(tr("Pre&vious lesson"));
    nextAction_->setText(tr("&Next lesson"));
    helpMenu_->setTitle(tr("&Help"));
    aboutAction_->setText(tr("&About RoPE Lab"));
    aboutQtAction_->setText(tr("About &Qt"));
    lessonDock_->setWindowTitle(tr("Lessons"));
    parameterDock_->setWindowTitle(tr("Shared parameters"));
    for (std::size_t i = 0; i < lessons_.size(); ++i) {
        const QString title = tr("%1. %2").arg(i + 1).arg(lessons_[i]->title());
        lessonList_->item(static_cast<int>(i))->setText(title);
        lessonBox_->setItemText(static_cast<int>(i), title);
    }
    lessonBox_->setAccessibleName(tr("Lesson"));
    lessonBox_->setToolTip(tr("Choose a lesson"));
    panel_->retranslate();
}

void MainWindow::onLessonRowChanged(int row) {
    if (row < 0 || row >= static_cast<int>(lessons_.size())) return;
    Lesson* lesson = lessons_[static_cast<std::size_t>(row)];
    Lesson* from = currentLesson();
    if (leaveCheck_ && !showingFromCode_ && from != nullptr && from != lesson &&
        !leaveCheck_(*from, *lesson)) {
        const int back =
            static_cast<int>(std::find(lessons_.begin(), lessons_.end(), from) - lessons_.begin());
        const QSignalBlocker blockList(lessonList_);
        const QSignalBlocker blockBox(lessonBox_);
        lessonList_->setCurrentRow(back);
        lessonBox_->setCurrentIndex(back);
        return;
    }
    stack_->setCurrentWidget(lesson);
    lessonBox_->setCurrentIndex(row);
    if (fit_ == Fit::ParametersInLesson) applyFit();  // the parameters tab follows the lesson
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
    if (restoreGeometry(settings.value(kGeometryKey).toByteArray())) {
        keepOnScreen(*this);
    } else {
        const QScreen* shownOn = screen();
        const WindowPlacement placement = initialPlacement(
            shownOn != nullptr ? shownOn->availableGeometry() : QRect(0, 0, 1024, 768));
        setGeometry(placement.geometry);
        if (placement.maximized) setWindowState(windowState() | Qt::WindowMaximized);
    }
    restoreState(settings.value(kStateKey).toByteArray());
    lessonListWanted_ = settings.value(kLessonListKey, true).toBool();
    parametersWanted_ = settings.value(kParametersKey, true).toBool();
    const QString last = settings.value(kLessonKey).toString();
    if (!last.isEmpty()) showLesson(last);
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    settings.setValue(kLessonListKey, lessonListWanted_);
    settings.setValue(kParametersKey, parametersWanted_);
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

bool MainWindow::event(QEvent* event) {
    const bool handled = QMainWindow::event(event);
    // Fonts, language, the lesson or its controls changed what the layout needs.
    if (event->type() == QEvent::LayoutRequest) scheduleFit();
    return handled;
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    applyFit();
    placePresenterMessage();
}

void MainWindow::showPresenterMessage(const QString& text) {
    presenterMessage_->setText(text);
    presenterMessage_->setVisible(presenterChrome_ && !text.isEmpty());
    placePresenterMessage();
    presenterMessage_->raise();
}

void MainWindow::placePresenterMessage() {
    if (presenterMessage_->isHidden()) return;
    // Over the bottom of the lesson, where the status bar would be: nothing is laid out again.
    const QRect area = centralWidget()->geometry();
    const int width =
        std::min(area.width() - 2 * kPresenterMessageMargin, presenterMessage_->sizeHint().width());
    const int height = presenterMessage_->heightForWidth(width);
    presenterMessage_->setGeometry(area.center().x() - width / 2,
                                   area.bottom() - height - kPresenterMessageMargin, width, height);
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if ((watched == lessonList_ || watched == lessonBox_) && event->type() == QEvent::KeyPress &&
        typesText(*static_cast<QKeyEvent*>(event))) {
        return true;
    }
    // A dock's own close button: the user no longer wants it.
    if (event->type() == QEvent::Close) {
        if (watched == lessonDock_) lessonListWanted_ = false;
        if (watched == parameterDock_) parametersWanted_ = false;
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::setPresenterChrome(bool presenter) {
    if (presenter == presenterChrome_) return;
    presenterChrome_ = presenter;
    if (presenter) {
        statusBarWasVisible_ = !statusBar()->isHidden();
        statusBar()->hide();
        // A projector needs every pixel: the window fills the screen and goes back afterwards.
        windowWasMaximized_ = isMaximized() || isFullScreen();
        if (!windowWasMaximized_) showMaximized();
    } else {
        if (statusBarWasVisible_) statusBar()->show();
        if (!windowWasMaximized_ && isMaximized()) showNormal();
    }
    showPresenterMessage(statusBar()->currentMessage());
    applyFit();
}

void MainWindow::scheduleFit() {
    if (fitPending_) return;
    fitPending_ = true;
    QTimer::singleShot(0, this, [this] {
        fitPending_ = false;
        applyFit();
    });
}

void MainWindow::applyFit() {
    if (applyingFit_) return;
    applyingFit_ = true;
    // Widths the lesson and each dock cannot do without (a floating dock takes none).
    const int separator = style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent, nullptr, this);
    const auto need = [separator](const QDockWidget* dock, bool wanted) {
        return wanted && !dock->isFloating() ? dock->minimumSizeHint().width() + separator : 0;
    };
    const bool listWanted = lessonListWanted_ && !presenterChrome_;
    // The stack needs what its widest lesson needs: the layout stays put from lesson to lesson.
    const int lesson = stack_->minimumSizeHint().width();
    const int parameters = need(parameterDock_, parametersWanted_);
    const int list = need(lessonDock_, listWanted);
    if (width() >= lesson + parameters + list) {
        fit_ = Fit::Docks;
    } else if (width() >= lesson + parameters) {
        fit_ = Fit::LessonMenu;
    } else {
        fit_ = Fit::ParametersInLesson;
    }

    const bool listShown = listWanted && (fit_ == Fit::Docks || lessonDock_->isFloating());
    lessonDock_->setVisible(listShown);
    lessonDock_->toggleViewAction()->setEnabled(!presenterChrome_ && fit_ == Fit::Docks);
    lessonBox_->setVisible(!listShown);

    auto* current = qobject_cast<LessonPage*>(currentLesson());
    const bool inLesson = fit_ == Fit::ParametersInLesson && current != nullptr;
    for (Lesson* each : lessons_) {
        auto* page = qobject_cast<LessonPage*>(each);
        if (page != nullptr && page != current && page->sharedPanel() == panel_) {
            page->setSharedPanel(nullptr);
        }
    }
    if (inLesson) {
        parameterDock_->hide();
        current->setSharedPanel(panel_);
    } else {
        if (current != nullptr && current->sharedPanel() == panel_)
            current->setSharedPanel(nullptr);
        if (panel_->parentWidget() != panelHolder_) {
            panelHolder_->layout()->addWidget(panel_);
            panel_->show();
        }
        parameterDock_->setVisible(parametersWanted_);
    }
    parameterDock_->toggleViewAction()->setEnabled(!inLesson);

    // The window may be made as narrow as the lesson alone needs: fitting does the rest.
    setMinimumSize(stack_->minimumSizeHint().width(), layout()->totalMinimumSize().height());
    applyingFit_ = false;
}

}  // namespace ropelab::ui
