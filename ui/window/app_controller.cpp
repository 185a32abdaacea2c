// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/app_controller.h"

#include <qcustomplot.h>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFont>
#include <QIcon>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPalette>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>

#include <algorithm>
#include <optional>

#include "activities/activity.h"
#include "activities/activity_catalog.h"
#include "activities/activity_controller.h"
#include "activities/activity_panel.h"
#include "activities/activity_reference.h"
#include "activities/activity_runner.h"
#include "activities/my_answers_dialog.h"
#include "export/animation_catalog.h"
#include "export/animation_dialog.h"
#include "export/export_dialog.h"
#include "export/export_process.h"
#include "export/figure_export.h"
#include "help/help_menu.h"
#include "model/parameter_history.h"
#include "session/session_controller.h"
#include "style/appearance_controller.h"
#include "style/classroom_style.h"
#include "style/language_controller.h"
#include "style/theme_controller.h"
#include "window/layout_check.h"
#include "window/main_window.h"
#include "window/parameter_panel.h"

namespace ropelab::ui {

namespace {

constexpr auto kLanguageKey = "ui/language";  // "" follows the system
constexpr auto kSchemeKey = "ui/theme";
constexpr auto kPlotFontKey = "ui/plotFontSize";
constexpr auto kPanelTextKey = "ui/panelTextPercent";
constexpr double kPresenterUiScale = 1.25;
constexpr int kStatusMessageMs = 8000;
constexpr int kErrorsShown = 5;

QPalette darkPalette() {
    QPalette palette;
    const QColor window(0x2b, 0x2c, 0x30);
    // Fields lighter than the window: Fusion fills radio buttons and check boxes with Base and
    // rings them in the window colour darkened, so on a darker Base they vanished.
    const QColor base(0x3c, 0x3e, 0x44);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, window);
    palette.setColor(QPalette::ToolTipBase, base);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, disabled);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window.lighter(130));  // an enabled button stands out
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, Qt::white);
    palette.setColor(QPalette::Light, window.lighter(150));
    palette.setColor(QPalette::Midlight, window.lighter(125));
    palette.setColor(QPalette::Mid, window.darker(120));
    palette.setColor(QPalette::Dark, window.darker(150));
    palette.setColor(QPalette::Shadow, Qt::black);
    palette.setColor(QPalette::Highlight, QColor(0x56, 0xb4, 0xe9));
    palette.setColor(QPalette::HighlightedText, Qt::black);
    palette.setColor(QPalette::Link, QColor(0x56, 0xb4, 0xe9));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        palette.setColor(QPalette::Disabled, role, disabled);
    }
    // A disabled field, button or slider sinks into the window (enabled ones stand out from it),
    // and its handle and fill lose their colour, as in the light theme.
    palette.setColor(QPalette::Disabled, QPalette::Base, window);
    palette.setColor(QPalette::Disabled, QPalette::Button, window);
    palette.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x5a, 0x5b, 0x60));
    palette.setColor(QPalette::Disabled, QPalette::Light, window);
    palette.setColor(QPalette::Disabled, QPalette::Midlight, window);
    return palette;
}

std::optional<Figure> findFigure(const MainWindow& window, const QCustomPlot* plot,
                                 Lesson** owner) {
    for (Lesson* lesson : window.lessons()) {
        for (const Figure& figure : lesson->figures()) {
            if (figure.plot == plot) {
                *owner = lesson;
                return figure;
            }
        }
    }
    return std::nullopt;
}

}  // namespace

AppController::AppController(MainWindow& window)
    : QObject(&window),
      window_(window),
      appearance_(new AppearanceController(window.themeController(), this)),
      language_(new LanguageController(this)),
      sessions_(new SessionController(window, this)),
      activities_(new ActivityController(window, sessions_->history(), *language_, this)) {
    ClassroomStyle::install();
    QIcon icon;
    for (int size : {16, 32, 48, 64, 128, 256}) {
        icon.addFile(QStringLiteral(":/icons/ropelab-%1.png").arg(size), QSize(size, size));
    }
    window_.setWindowIcon(icon);
    // Matches the installed desktop entry, so docks and task bars show the right icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.ropelab.RopeLab"));
    createActions();
    installPlotMenus();
    loadSettings();
    connect(appearance_, &AppearanceController::presenterChanged, this,
            &AppController::applyPresenterChrome);
    connect(appearance_, &AppearanceController::schemeChanged, this,
            [](AppearanceController::Scheme scheme) {
                QApplication::setPalette(scheme == AppearanceController::Scheme::Dark
                                             ? darkPalette()
                                             : QApplication::style()->standardPalette());
            });
    window_.installEventFilter(this);
    window_.setLeaveCheck([this](Lesson& from, Lesson&) { return mayLeave(from); });
    applyPanelText();
    retranslate();
    // Activities → My answers (the record to hand in); Help → User guide, Writing activities.
    new MyAnswers(*activities_, *language_, this);
    new HelpMenu(window_, *language_,
                 [] { return activityReferenceHtml(ActivityCatalog::builtIn()); });
}

bool AppController::mayLeave(Lesson& from) {
    ActivityRunner& runner = activities_->runner();
    if (!runner.running() || runner.lesson() != &from) return true;
    const QString title = runner.activity().title.in(language_->language());
    QMessageBox ask(QMessageBox::Question, tr("Leave the activity?"),
                    tr("The activity “%1” is still running. Leave it for another lesson? Your "
                       "progress is kept; the lesson map resumes it.")
                        .arg(title),
                    QMessageBox::NoButton, &window_);
    ask.setObjectName(QStringLiteral("leaveActivityBox"));
    QPushButton* leave = ask.addButton(tr("&Leave the activity"), QMessageBox::AcceptRole);
    QPushButton* stay = ask.addButton(tr("&Stay"), QMessageBox::RejectRole);
    ask.setDefaultButton(stay);
    ask.setEscapeButton(stay);
    ask.exec();
    if (ask.clickedButton() != leave) return false;
    runner.stop();
    activities_->panel()->hide();
    return true;
}

void AppController::createActions() {
    QMenu* file = window_.fileMenu();
    QAction* first = file->actions().value(0);
    export_ = new QAction(this);
    export_->setObjectName(QStringLiteral("exportAction"));
    export_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(export_, &QAction::triggered, this, [this] { exportWithDialog(nullptr); });
    exportAnimation_ = new QAction(this);
    exportAnimation_->setObjectName(QStringLiteral("exportAnimationAction"));
    exportAnimation_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(exportAnimation_, &QAction::triggered, this,
            [this] { exportAnimationWithDialog(nullptr); });
    file->insertAction(first, sessions_->openAction());
    file->insertMenu(first, sessions_->recentMenu());
    file->insertAction(first, sessions_->saveAction());
    file->insertAction(first, sessions_->saveAsAction());
    file->insertSeparator(first);
    file->insertAction(first, export_);
    file->insertAction(first, exportAnimation_);
    file->insertSeparator(first);

    editMenu_ = new QMenu(&window_);
    editMenu_->addAction(sessions_->undoAction());
    editMenu_->addAction(sessions_->redoAction());
    window_.menuBar()->insertMenu(window_.viewMenu()->menuAction(), editMenu_);

    QMenu* view = window_.viewMenu();
    view->addSeparator();
    presenter_ = view->addAction(QString());
    presenter_->setObjectName(QStringLiteral("presenterAction"));
    presenter_->setCheckable(true);
    presenter_->setShortcuts(
        {QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)});
    connect(presenter_, &QAction::toggled, appearance_, &AppearanceController::setPresenter);
    connect(appearance_, &AppearanceController::presenterChanged, presenter_, &QAction::setChecked);

    themeMenu_ = view->addMenu(QString());
    auto* themes = new QActionGroup(this);
    light_ = themeMenu_->addAction(QString());
    dark_ = themeMenu_->addAction(QString());
    for (QAction* action : {light_, dark_}) {
        action->setCheckable(true);
        themes->addAction(action);
    }
    light_->setChecked(true);
    const auto chooseScheme = [this](AppearanceController::Scheme scheme) {
        appearance_->setScheme(scheme);
        QSettings().setValue(kSchemeKey, scheme == AppearanceController::Scheme::Dark
                                             ? QStringLiteral("dark")
                                             : QStringLiteral("light"));
    };
    connect(light_, &QAction::triggered, this,
            [chooseScheme] { chooseScheme(AppearanceController::Scheme::Light); });
    connect(dark_, &QAction::triggered, this,
            [chooseScheme] { chooseScheme(AppearanceController::Scheme::Dark); });
    connect(appearance_, &AppearanceController::schemeChanged, this,
            [this](AppearanceController::Scheme scheme) {
                (scheme == AppearanceController::Scheme::Dark ? dark_ : light_)->setChecked(true);
            });

    textMenu_ = view->addMenu(QString());
    larger_ = textMenu_->addAction(QString());
    larger_->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    smaller_ = textMenu_->addAction(QString());
    smaller_->setShortcuts(QKeySequence::ZoomOut);
    resetText_ = textMenu_->addAction(QString());
    resetText_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    const auto setPlotFont = [this](int points) {
        appearance_->setPlotFontSize(points);
        if (points == AppearanceController::defaultPlotFontSize()) {
            QSettings().remove(kPlotFontKey);
        } else {
            QSettings().setValue(kPlotFontKey, appearance_->plotFontSize());
        }
    };
    connect(larger_, &QAction::triggered, this,
            [this, setPlotFont] { setPlotFont(appearance_->plotFontSize() + 1); });
    connect(smaller_, &QAction::triggered, this,
            [this, setPlotFont] { setPlotFont(appearance_->plotFontSize() - 1); });
    connect(resetText_, &QAction::triggered, this,
            [setPlotFont] { setPlotFont(AppearanceController::defaultPlotFontSize()); });

    panelTextMenu_ = view->addMenu(QString());
    panelTextMenu_->setObjectName(QStringLiteral("panelTextMenu"));
    panelLarger_ = panelTextMenu_->addAction(QString());
    panelLarger_->setObjectName(QStringLiteral("panelTextLarger"));
    panelSmaller_ = panelTextMenu_->addAction(QString());
    panelSmaller_->setObjectName(QStringLiteral("panelTextSmaller"));
    panelReset_ = panelTextMenu_->addAction(QString());
    const auto setPanelText = [this](int percent) {
        appearance_->setPanelTextPercent(percent);
        if (appearance_->panelTextPercent() == AppearanceController::kDefaultPanelTextPercent) {
            QSettings().remove(kPanelTextKey);
        } else {
            QSettings().setValue(kPanelTextKey, appearance_->panelTextPercent());
        }
    };
    connect(panelLarger_, &QAction::triggered, this, [this, setPanelText] {
        setPanelText(appearance_->panelTextPercent() + AppearanceController::kPanelTextStep);
    });
    connect(panelSmaller_, &QAction::triggered, this, [this, setPanelText] {
        setPanelText(appearance_->panelTextPercent() - AppearanceController::kPanelTextStep);
    });
    connect(panelReset_, &QAction::triggered, this,
            [setPanelText] { setPanelText(AppearanceController::kDefaultPanelTextPercent); });
    connect(appearance_, &AppearanceController::panelTextPercentChanged, this,
            &AppController::applyPanelText);

    languageMenu_ = view->addMenu(QString());
    auto* languages = new QActionGroup(this);
    systemLanguage_ = languageMenu_->addAction(QString());
    systemLanguage_->setCheckable(true);
    languages->addAction(systemLanguage_);
    connect(systemLanguage_, &QAction::triggered, this,
            [this] { setLanguagePreference(QString()); });
    languageMenu_->addSeparator();
    for (const QString& code : LanguageController::availableLanguages()) {
        // Each language is named in itself, so it can be found whatever the UI shows now.
        QAction* action = languageMenu_->addAction(LanguageController::nativeName(code));
        action->setCheckable(true);
        action->setData(code);
        languages->addAction(action);
        languageActions_.append(action);
        connect(action, &QAction::triggered, this, [this, code] { setLanguagePreference(code); });
    }

    // Shortcuts keep working when presenter mode hides chrome.
    window_.addAction(presenter_);
    window_.addAction(export_);
    window_.addAction(exportAnimation_);
}

void AppController::loadSettings() {
    const QSettings settings;
    appearance_->setScheme(settings.value(kSchemeKey).toString() == QLatin1String("dark")
                               ? AppearanceController::Scheme::Dark
                               : AppearanceController::Scheme::Light);
    if (settings.contains(kPlotFontKey)) {
        appearance_->setPlotFontSize(settings.value(kPlotFontKey).toInt());
    }
    appearance_->setPanelTextPercent(
        settings.value(kPanelTextKey, AppearanceController::kDefaultPanelTextPercent).toInt());
    const QString preferred =
        LanguageController::normalize(settings.value(kLanguageKey).toString());
    language_->setLanguage(preferred.isEmpty() ? LanguageController::systemLanguage() : preferred);
    systemLanguage_->setChecked(preferred.isEmpty());
    for (QAction* action : languageActions_) {
        action->setChecked(!preferred.isEmpty() && action->data().toString() == preferred);
    }
}

void AppController::setLanguagePreference(const QString& code) {
    const QString normalized = LanguageController::normalize(code);
    QSettings().setValue(kLanguageKey, normalized);
    language_->setLanguage(normalized.isEmpty() ? LanguageController::systemLanguage()
                                                : normalized);
    systemLanguage_->setChecked(normalized.isEmpty());
    for (QAction* action : languageActions_) {
        action->setChecked(!normalized.isEmpty() && action->data().toString() == normalized);
    }
}

QString AppController::applyArguments(const QStringList& arguments) {
    const QString usage =
        tr("usage: ropelab [FILE.ropelab | FILE.ropelab-activity] [--activity ID] "
           "[--lang en|zh_CN] [--presenter] [--theme light|dark]; ropelab export --help");
    QString session;
    QString activityFile;
    QString activityId;
    bool checkLayout = false;
    QString screenshotDir;
    std::optional<QList<Activity>> checkedActivities;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        QString option = arguments[i];
        QString value;
        if (const qsizetype eq = option.indexOf(QLatin1Char('='));
            option.startsWith(QLatin1String("--")) && eq > 0) {
            value = option.mid(eq + 1);
            option = option.left(eq);
        } else if ((option == QLatin1String("--lang") || option == QLatin1String("--theme") ||
                    option == QLatin1String("--activity") ||
                    option == QLatin1String("--activity-file")) &&
                   i + 1 < arguments.size()) {
            value = arguments[++i];
        }
        if (option == QLatin1String("--presenter")) {
            appearance_->setPresenter(true);
        } else if (option == QLatin1String("--check-layout")) {
            checkLayout = true;
            screenshotDir = value;
        } else if (option == QLatin1String("--activity-file")) {
            if (value.isEmpty()) return tr("--activity-file needs a .ropelab-activity file");
            const ActivityLoad load = loadActivityFile(value, ActivityCatalog::builtIn());
            if (!load.error.isEmpty()) return load.error;
            checkedActivities = load.activities;
        } else if (option == QLatin1String("--activities")) {
            checkedActivities = activities_->activities();
        } else if (option == QLatin1String("--lang")) {
            // For this run only; the menu's choice stays saved.
            if (!language_->setLanguage(value)) {
                return tr("--lang: unknown language '%1'; use en or zh_CN").arg(value);
            }
        } else if (option == QLatin1String("--theme")) {
            if (value != QLatin1String("light") && value != QLatin1String("dark")) {
                return tr("--theme: use light or dark, not '%1'").arg(value);
            }
            appearance_->setScheme(value == QLatin1String("dark")
                                       ? AppearanceController::Scheme::Dark
                                       : AppearanceController::Scheme::Light);
        } else if (option == QLatin1String("--activity")) {
            activityId = value;
        } else if (option.startsWith(QLatin1Char('-'))) {
            return tr("unknown option '%1' (%2)").arg(arguments[i], usage);
        } else if (arguments[i].endsWith(QLatin1Char('.') + QLatin1String(kActivitySuffix))) {
            activityFile = arguments[i];
        } else if (session.isEmpty()) {
            session = arguments[i];
        } else {
            return tr("only one session file can be opened (%1)").arg(usage);
        }
    }
    if (checkedActivities && !checkLayout) {
        return tr("--activities and --activity-file go with --check-layout (%1)").arg(usage);
    }
    if (checkLayout)
        startLayoutCheck(window_, screenshotDir, checkedActivities.value_or(QList<Activity>()));
    if (!session.isEmpty()) {
        QString notes;
        if (const QString error = sessions_->openFile(session, &notes); !error.isEmpty()) {
            return error;
        }
        if (!notes.isEmpty()) window_.statusBar()->showMessage(notes, kStatusMessageMs);
    }
    if (!activityFile.isEmpty()) {
        if (const QString error = activities_->openActivityFile(activityFile); !error.isEmpty()) {
            return error;
        }
    }
    if (!activityId.isEmpty() && !activities_->startActivity(activityId)) {
        return tr("--activity: there is no activity '%1' (ropelab activity list shows them)")
            .arg(activityId);
    }
    return {};
}

bool AppController::event(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    return QObject::event(event);
}

bool AppController::eventFilter(QObject* watched, QEvent* event) {
    // The window saves its dock layout on close: save the normal one, not presenter chrome.
    if (watched == &window_ && event->type() == QEvent::Close && appearance_->presenter()) {
        appearance_->setPresenter(false);
    }
    return QObject::eventFilter(watched, event);
}

void AppController::retranslate() {
    export_->setText(tr("&Export figures…"));
    export_->setStatusTip(tr("Save figures as PNG, SVG, PDF or CSV"));
    exportAnimation_->setText(tr("Export a&nimation…"));
    exportAnimation_->setStatusTip(tr("Save an animation of a lesson as GIF, MP4 or WebM"));
    editMenu_->setTitle(tr("&Edit"));
    presenter_->setText(tr("&Presenter mode"));
    presenter_->setStatusTip(tr("Large text, thick lines and less chrome for a projector (F5)"));
    themeMenu_->setTitle(tr("&Theme"));
    light_->setText(tr("&Light"));
    dark_->setText(tr("&Dark"));
    textMenu_->setTitle(tr("Plot te&xt size"));
    larger_->setText(tr("&Larger"));
    smaller_->setText(tr("&Smaller"));
    resetText_->setText(tr("&Reset (follow the system)"));
    panelTextMenu_->setTitle(tr("Panel and a&ctivity text size"));
    panelLarger_->setText(tr("&Larger"));
    panelSmaller_->setText(tr("&Smaller"));
    panelReset_->setText(tr("&Reset (as the interface)"));
    languageMenu_->setTitle(tr("&Language"));
    systemLanguage_->setText(tr("&System default"));
    sessions_->retranslate();
    for (Lesson* lesson : window_.lessons()) {
        for (const Figure& figure : lesson->figures()) {
            figure.plot->setAccessibleDescription(
                tr("Plot of the lesson “%1”. Context menu: export this figure or copy it.")
                    .arg(lesson->title()));
        }
    }
}

void AppController::applyPresenterChrome(bool presenter) {
    if (presenter) {
        normalFont_ = QApplication::font();
        QFont large = normalFont_;
        large.setPointSizeF(normalFont_.pointSizeF() * kPresenterUiScale);
        QApplication::setFont(large);
    } else {
        QApplication::setFont(normalFont_);
    }
    applyPanelText();
    window_.setPresenterChrome(presenter);
}

void AppController::applyPanelText() {
    const int percent = appearance_->panelTextPercent();
    QList<QWidget*> panels{window_.parameterPanel(), activities_->panel()};
    for (Lesson* lesson : window_.lessons()) {
        if (auto* side = lesson->findChild<QWidget*>(QStringLiteral("sideTabs"))) {
            panels.append(side);
        }
    }
    for (QWidget* panel : panels) {
        if (percent == AppearanceController::kDefaultPanelTextPercent) {
            panel->setFont(QFont());  // follows the interface font again
            continue;
        }
        QFont font = QApplication::font();
        font.setPointSizeF(font.pointSizeF() * percent / 100.0);
        panel->setFont(font);
    }
}

void AppController::installPlotMenus() {
    for (Lesson* lesson : window_.lessons()) {
        for (const Figure& figure : lesson->figures()) {
            QCustomPlot* plot = figure.plot;
            plot->setContextMenuPolicy(Qt::CustomContextMenu);
            connect(plot, &QWidget::customContextMenuRequested, this,
                    [this, plot](const QPoint& position) { showPlotMenu(plot, position); });
        }
    }
}

void AppController::showPlotMenu(QCustomPlot* plot, const QPoint& position) {
    QMenu menu(&window_);
    menu.addAction(tr("&Export this figure…"), this, [this, plot] { exportWithDialog(plot); });
    Lesson* owner = nullptr;
    if (findFigure(window_, plot, &owner) && !lessonAnimations(owner->id()).isEmpty()) {
        menu.addAction(tr("Export a&nimation…"), this,
                       [this, plot] { exportAnimationWithDialog(plot); });
    }
    menu.addAction(tr("&Copy image"), this, [this, plot] {
        if (!refuseWhileConcealed())
            QApplication::clipboard()->setImage(plot->toPixmap().toImage());
    });
    menu.exec(plot->mapToGlobal(position));
}

bool AppController::refuseWhileConcealed() {
    // Exports draw every figure whole: they would show what the step hides.
    if (!activities_->runner().concealing()) return false;
    window_.statusBar()->showMessage(
        tr("Not before you check: an exported or copied figure would show what this step "
           "hides."),
        kStatusMessageMs);
    return true;
}

void AppController::exportWithDialog(const QCustomPlot* figurePlot) {
    if (exporting_) return;  // Ctrl+E again before the progress dialog shows
    if (refuseWhileConcealed()) return;
    Lesson* lesson = window_.currentLesson();
    std::optional<Figure> figure;
    if (figurePlot != nullptr) figure = findFigure(window_, figurePlot, &lesson);
    if (lesson == nullptr) return;
    const Figure chosenFigure = figure.value_or(Figure{});

    ExportDialog dialog(chosenFigure.name, lesson->title(), &window_);
    if (figure) dialog.setScope(ExportDialog::Scope::Figure);
    if (dialog.exec() != QDialog::Accepted) return;

    const QString folder = dialog.folder();
    if (!QDir().mkpath(folder)) {
        QMessageBox::warning(
            &window_, tr("Export failed"),
            tr("Could not create the folder %1.").arg(QDir::toNativeSeparators(folder)));
        return;
    }
    // A child process renders the files (see export_process.h): the window stays responsive.
    ExportJob job;
    job.program = QCoreApplication::applicationFilePath();
    job.session = captureSession(window_.parameterModel(), window_.lessons(), lesson);
    job.formats = dialog.formats();
    job.options = dialog.options();
    job.folder = folder;
    job.language = language_->language();
    job.dark = appearance_->scheme() == AppearanceController::Scheme::Dark;
    job.presenter = appearance_->presenter();
    job.plotTextSize = appearance_->plotFontSize();
    int files = 0;
    switch (dialog.scope()) {
        case ExportDialog::Scope::Figure:
            job.lessons = QStringList{lesson->id()};
            job.figure = chosenFigure.name;
            files = 1;
            break;
        case ExportDialog::Scope::Lesson:
            job.lessons = QStringList{lesson->id()};
            files = static_cast<int>(shownFigures(*lesson).size());
            break;
        case ExportDialog::Scope::AllLessons:
            for (const Lesson* each : window_.lessons()) {
                job.lessons.append(each->id());
                files += static_cast<int>(shownFigures(*each).size());
            }
            break;
    }
    files *= static_cast<int>(job.formats.size());
    exporting_ = true;
    const ExportOutcome outcome = runExport(job, files, &window_);
    exporting_ = false;

    const int written = static_cast<int>(outcome.written.size());
    if (outcome.cancelled) {
        window_.statusBar()->showMessage(
            tr("Export cancelled; %n complete file(s) written to %1", nullptr, written)
                .arg(QDir::toNativeSeparators(folder)),
            kStatusMessageMs);
        return;
    }
    if (outcome.errors.isEmpty()) {
        window_.statusBar()->showMessage(
            tr("Exported %n file(s) to %1", nullptr, written).arg(QDir::toNativeSeparators(folder)),
            kStatusMessageMs);
        return;
    }
    const QStringList& errors = outcome.errors;
    QStringList shown = errors.mid(0, kErrorsShown);
    if (errors.size() > kErrorsShown) {
        shown.append(tr("… and %n more.", nullptr, static_cast<int>(errors.size() - kErrorsShown)));
    }
    QMessageBox::warning(&window_, tr("Export failed"),
                         tr("%1 of %2 files could not be written; no partial files were left.")
                                 .arg(errors.size())
                                 .arg(written + errors.size()) +
                             QStringLiteral("\n\n") + shown.join(QLatin1Char('\n')));
}

void AppController::exportAnimationWithDialog(const QCustomPlot* figurePlot) {
    if (refuseWhileConcealed()) return;
    Lesson* lesson = window_.currentLesson();
    if (lesson == nullptr) return;
    const QString shown = lesson->id();
    std::optional<Figure> figure;
    if (figurePlot != nullptr) figure = findFigure(window_, figurePlot, &lesson);
    // An animation's lesson computes only while shown: show it while the dialog renders.
    AnimationDialog dialog(
        [this](const QString& id) {
            window_.showLesson(id);
            return window_.lesson(id);
        },
        window_.parameterModel(), lesson->id(), &window_);
    if (figure) dialog.chooseAnimationFor(figure->name);
    const int answer = dialog.exec();
    window_.showLesson(shown);
    if (answer != QDialog::Accepted) return;
    window_.statusBar()->showMessage(
        tr("Exported the animation to %1").arg(QDir::toNativeSeparators(dialog.writtenPath())),
        kStatusMessageMs);
}

QString applyStartupArguments(MainWindow& window, const QStringList& arguments, bool opensModel) {
    AppController& features = window.app();
    const QString problem = features.applyArguments(arguments);
    // A first start that asks for nothing but how to look (--presenter, --lang, --theme) opens
    // the lesson map once the window is up; not over a model the student asked to open.
    bool onlyLooks = !opensModel;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        if (argument == QLatin1String("--presenter") ||
            argument.startsWith(QLatin1String("--lang=")) ||
            argument.startsWith(QLatin1String("--theme="))) {
            continue;
        }
        if ((argument == QLatin1String("--lang") || argument == QLatin1String("--theme")) &&
            i + 1 < arguments.size()) {
            ++i;
            continue;
        }
        onlyLooks = false;
    }
    if (problem.isEmpty() && onlyLooks) features.activities().offerLessonMapOnce();
    return problem;
}

}  // namespace ropelab::ui
