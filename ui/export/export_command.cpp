// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/export_command.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QRegularExpression>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <new>
#include <vector>

#include "export/figure_export.h"
#include "lessons/lesson_registry.h"
#include "lessons/session_file.h"
#include "model/parameter_model.h"
#include "style/appearance_controller.h"
#include "style/language_controller.h"
#include "style/theme_controller.h"

namespace ropelab::ui {

namespace {

// The translation context of this file's messages (nothing here is a QObject).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::ExportCommand)
};

QString joined(const QStringList& items) {
    return items.join(QStringLiteral(", "));
}

// A comma-separated --format list, each name read by `parse`; `names` lists the choices.
template <class Format, class Parse>
std::variant<QList<Format>, QString> parseFormatList(const QString& text, Parse parse,
                                                     const QStringList& names) {
    QList<Format> formats;
    for (const QString& name : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const std::optional<Format> format = parse(name);
        if (!format) {
            return QStringLiteral("--format: unknown format '%1'; use %2")
                .arg(name.trimmed(), names.join(QStringLiteral(", ")));
        }
        if (!formats.contains(*format)) formats.append(*format);
    }
    if (formats.isEmpty()) {
        return QStringLiteral("--format: give at least one of %1")
            .arg(names.join(QStringLiteral(", ")));
    }
    return formats;
}

std::variant<QList<ExportFormat>, QString> parseFormats(const QString& text) {
    return parseFormatList<ExportFormat>(text, parseExportFormat,
                                         {QStringLiteral("png"), QStringLiteral("svg"),
                                          QStringLiteral("pdf"), QStringLiteral("csv")});
}

std::variant<QList<AnimationFormat>, QString> parseAnimationFormats(const QString& text) {
    return parseFormatList<AnimationFormat>(
        text, parseAnimationFormat,
        {QStringLiteral("gif"), QStringLiteral("mp4"), QStringLiteral("webm")});
}

// An animation's frame size in whole pixels: "800x450".
std::variant<QSize, QString> parsePixelSize(const QString& text) {
    static const QRegularExpression pattern(
        QStringLiteral(R"(^\s*(\d+)\s*[x×X]\s*(\d+)\s*(px)?\s*$)"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch()) {
        return QStringLiteral("--size: expected WxH in whole pixels (800x450), got '%1'").arg(text);
    }
    return QSize(match.captured(1).toInt(), match.captured(2).toInt());
}

// "1200x800", "1200x800px", "16x10cm", "16.5×10cm".
std::optional<QString> parseSize(const QString& text, ExportOptions& options) {
    static const QRegularExpression pattern(
        QStringLiteral(R"(^\s*(\d+(?:\.\d+)?)\s*[x×X]\s*(\d+(?:\.\d+)?)\s*(px|cm)?\s*$)"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch()) {
        return QStringLiteral(
                   "--size: expected WxH in pixels (1200x800) or centimetres (16x10cm), "
                   "got '%1'")
            .arg(text);
    }
    options.size = QSizeF(match.captured(1).toDouble(), match.captured(2).toDouble());
    options.unit =
        match.captured(3) == QLatin1String("cm") ? SizeUnit::Centimetres : SizeUnit::Pixels;
    return std::nullopt;
}

void printLine(FILE* stream, const QString& line) {
    const QByteArray bytes = line.toLocal8Bit() + '\n';
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stream);
    std::fflush(stream);
}

// stderr carries our own lines: Qt's debug chatter and the offscreen platform's harmless notices
// ("propagateSizeHints", "XDG_RUNTIME_DIR not set") would bury them; other warnings pass.
void quietMessages(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type == QtDebugMsg || type == QtInfoMsg) return;
    if (message.contains(QLatin1String("propagateSizeHints")) ||
        message.contains(QLatin1String("XDG_RUNTIME_DIR"))) {
        return;
    }
    printLine(stderr, message);
}

// Prints the written file's path, or why it was not written; false for the latter.
bool reportWrite(const WriteResult& result) {
    if (result.ok()) {
        printLine(stdout, QDir::toNativeSeparators(result.path));
        return true;
    }
    printLine(stderr, QStringLiteral("ropelab export: %1").arg(result.error));
    return false;
}

int badInput(const QString& message) {
    printLine(stderr,
              QStringLiteral("ropelab export: %1 (see ropelab export --help)").arg(message));
    return 2;
}

// Every chosen animation in every chosen format; 0 when all were written, else 1.
int writeAnimations(const ExportCommand& command,
                    const std::vector<std::unique_ptr<Lesson>>& lessons,
                    ParameterModel& parameters) {
    int failures = 0;
    for (const QString& id : command.animations) {
        const Animation& animation = *findAnimation(id);
        const auto lesson =
            std::find_if(lessons.begin(), lessons.end(),
                         [&animation](const auto& l) { return l->id() == animation.lessonId; });
        for (AnimationFormat format : command.animationFormats) {
            AnimationSettings settings = command.animation;
            settings.format = format;
            const QString path =
                QDir(command.outDir).filePath(animationFileName(animation.id, format));
            // Without a progress callback nothing cancels, so there is always a result.
            const WriteResult result =
                *exportAnimation(animation, **lesson, parameters, settings, path);
            if (!reportWrite(result)) ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}

}  // namespace

bool isExportCommand(int argc, char** argv) {
    return argc >= 2 && QByteArray(argv[1]) == QByteArrayLiteral("export");
}

QString exportCommandUsage() {
    return QStringLiteral(
        "Usage: ropelab export --out DIR [options]\n"
        "Renders lesson figures to files without opening a window.\n"
        "\n"
        "  --out DIR              folder for the files (created if missing)\n"
        "  --lesson NAME|all      lesson id (repeat or comma-separate for several); default all\n"
        "  --figure NAME          only this figure of the one --lesson (file-name stem)\n"
        "  --format LIST          png,svg,pdf,csv (default: all four)\n"
        "  --session FILE         load a .ropelab session first (parameters, lesson views)\n"
        "  --lang en|zh_CN        language of titles and labels (default: the system's)\n"
        "  --presenter            presenter mode: large fonts, thick lines\n"
        "  --theme light|dark     colour scheme (default light)\n"
        "  --plot-text-size N     tick-label size in points, 6 to 40 (default: the system's)\n"
        "  --background B         theme, white or transparent (default theme)\n"
        "  --size WxH[px|cm]      figure size, e.g. 1200x800 or 16x10cm (default 1200x800)\n"
        "  --dpi N                resolution; text keeps its point size (default 96)\n"
        "  --help                 this text\n"
        "\n"
        "Files are named <lesson>_<figure>.<format>; each path is printed once written.\n"
        "\n"
        "Usage: ropelab export --list-animations\n"
        "       ropelab export --animate ID[,ID...] --out DIR [options]\n"
        "Renders animations of the lessons' figures as video files.\n"
        "\n"
        "  --animate LIST         animation ids (see --list-animations)\n"
        "  --format LIST          gif,mp4,webm (default: all three)\n"
        "  --fps N                frames per second, 1 to 60 (default 30)\n"
        "  --seconds S            duration (default 6); frames = fps x seconds\n"
        "  --size WxH             frame size in pixels (default 800x450; even for mp4, webm)\n"
        "  --bounce               sweeps play forward and back, so they loop without a jump\n"
        "  --session, --lang, --presenter, --theme, --plot-text-size   as for figures\n"
        "\n"
        "Files are named <animation>.<format>; each path written is printed.\n");
}

std::variant<ExportCommand, QString> parseExportCommand(const QStringList& arguments) {
    ExportCommand command;
    // Figures and animations spell formats and sizes differently: read them once the mode is known.
    QString formatText;
    QString sizeText;
    QStringList figureOnly;
    QStringList animationOnly;
    for (int i = 0; i < arguments.size(); ++i) {
        QString option = arguments[i];
        QString value;
        bool hasInlineValue = false;
        if (const qsizetype eq = option.indexOf(QLatin1Char('='));
            option.startsWith(QLatin1String("--")) && eq > 0) {
            value = option.mid(eq + 1);
            option = option.left(eq);
            hasInlineValue = true;
        }
        const auto takeValue = [&]() -> std::optional<QString> {
            if (hasInlineValue) return value;
            if (i + 1 >= arguments.size()) return std::nullopt;
            return arguments[++i];
        };
        const auto missing = [&option] { return QStringLiteral("%1 needs a value").arg(option); };

        if (option == QLatin1String("--help") || option == QLatin1String("-h")) {
            command.help = true;
        } else if (option == QLatin1String("--presenter")) {
            command.presenter = true;
        } else if (option == QLatin1String("--out") || option == QLatin1String("-o")) {
            const auto v = takeValue();
            if (!v || v->isEmpty()) return missing();
            command.outDir = *v;
        } else if (option == QLatin1String("--lesson")) {
            const auto v = takeValue();
            if (!v || v->isEmpty()) return missing();
            figureOnly.append(option);
            for (const QString& id : v->split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                if (id.trimmed() != QLatin1String("all")) command.lessons.append(id.trimmed());
            }
        } else if (option == QLatin1String("--figure")) {
            const auto v = takeValue();
            if (!v || v->trimmed().isEmpty()) return missing();
            figureOnly.append(option);
            command.figure = v->trimmed();
        } else if (option == QLatin1String("--plot-text-size")) {
            const auto v = takeValue();
            if (!v) return missing();
            bool ok = false;
            command.plotTextSize = v->toInt(&ok);
            if (!ok || command.plotTextSize < AppearanceController::kMinPlotFontSize ||
                command.plotTextSize > AppearanceController::kMaxPlotFontSize) {
                return QStringLiteral("--plot-text-size: use %1 to %2 points, not '%3'")
                    .arg(AppearanceController::kMinPlotFontSize)
                    .arg(AppearanceController::kMaxPlotFontSize)
                    .arg(*v);
            }
        } else if (option == QLatin1String("--format")) {
            const auto v = takeValue();
            if (!v) return missing();
            formatText = *v;
        } else if (option == QLatin1String("--session")) {
            const auto v = takeValue();
            if (!v || v->isEmpty()) return missing();
            command.sessionFile = *v;
        } else if (option == QLatin1String("--lang")) {
            const auto v = takeValue();
            if (!v) return missing();
            command.language = LanguageController::normalize(*v);
            if (command.language.isEmpty()) {
                return QStringLiteral("--lang: unknown language '%1'; use %2")
                    .arg(*v, LanguageController::availableLanguages().join(QStringLiteral(" or ")));
            }
        } else if (option == QLatin1String("--theme")) {
            const auto v = takeValue();
            if (!v) return missing();
            if (*v != QLatin1String("light") && *v != QLatin1String("dark")) {
                return QStringLiteral("--theme: use light or dark, not '%1'").arg(*v);
            }
            command.dark = *v == QLatin1String("dark");
        } else if (option == QLatin1String("--background")) {
            const auto v = takeValue();
            if (!v) return missing();
            figureOnly.append(option);
            const std::optional<ExportBackground> background = parseExportBackground(*v);
            if (!background) {
                return QStringLiteral("--background: use theme, white or transparent, not '%1'")
                    .arg(*v);
            }
            command.options.background = *background;
        } else if (option == QLatin1String("--size")) {
            const auto v = takeValue();
            if (!v) return missing();
            sizeText = *v;
        } else if (option == QLatin1String("--dpi")) {
            const auto v = takeValue();
            if (!v) return missing();
            figureOnly.append(option);
            bool ok = false;
            const double dpi = v->toDouble(&ok);
            if (!ok) return QStringLiteral("--dpi: expected a number, got '%1'").arg(*v);
            command.options.dpi = dpi;
        } else if (option == QLatin1String("--list-animations")) {
            command.listAnimations = true;
        } else if (option == QLatin1String("--animate")) {
            const auto v = takeValue();
            if (!v || v->isEmpty()) return missing();
            for (const QString& id : v->split(QLatin1Char(','), Qt::SkipEmptyParts)) {
                if (findAnimation(id.trimmed()) == nullptr) {
                    return QStringLiteral("--animate: no animation '%1'; choose from: %2")
                        .arg(id.trimmed(), joined(animationIds()));
                }
                if (!command.animations.contains(id.trimmed())) {
                    command.animations.append(id.trimmed());
                }
            }
        } else if (option == QLatin1String("--fps")) {
            const auto v = takeValue();
            if (!v) return missing();
            bool ok = false;
            command.animation.fps = v->toInt(&ok);
            if (!ok) return QStringLiteral("--fps: expected a whole number, got '%1'").arg(*v);
            animationOnly.append(option);
        } else if (option == QLatin1String("--seconds")) {
            const auto v = takeValue();
            if (!v) return missing();
            bool ok = false;
            command.animation.seconds = v->toDouble(&ok);
            if (!ok) return QStringLiteral("--seconds: expected a number, got '%1'").arg(*v);
            animationOnly.append(option);
        } else if (option == QLatin1String("--bounce")) {
            command.animation.bounce = true;
            animationOnly.append(option);
        } else {
            return QStringLiteral("unknown argument '%1'").arg(arguments[i]);
        }
    }
    if (command.help || command.listAnimations) return command;
    if (command.outDir.isEmpty()) return QStringLiteral("--out DIR is required");
    if (!command.animations.isEmpty()) {
        if (!figureOnly.isEmpty()) {
            return QStringLiteral("%1 applies to figures, not to --animate").arg(figureOnly[0]);
        }
        if (!formatText.isNull()) {
            auto formats = parseAnimationFormats(formatText);
            if (auto* error = std::get_if<QString>(&formats)) return *error;
            command.animationFormats = std::get<QList<AnimationFormat>>(formats);
        }
        if (!sizeText.isNull()) {
            auto size = parsePixelSize(sizeText);
            if (auto* error = std::get_if<QString>(&size)) return *error;
            command.animation.size = std::get<QSize>(size);
        }
        for (AnimationFormat format : command.animationFormats) {
            AnimationSettings settings = command.animation;
            settings.format = format;
            if (const QString problem = settings.problem(); !problem.isEmpty()) {
                return QStringLiteral("--animate: %1").arg(problem);
            }
        }
        return command;
    }
    if (!animationOnly.isEmpty()) {
        return QStringLiteral("%1 needs --animate ID").arg(animationOnly[0]);
    }
    if (!command.figure.isEmpty() && command.lessons.size() != 1) {
        return QStringLiteral("--figure needs exactly one --lesson");
    }
    if (!formatText.isNull()) {
        auto formats = parseFormats(formatText);
        if (auto* error = std::get_if<QString>(&formats)) return *error;
        command.formats = std::get<QList<ExportFormat>>(formats);
    }
    if (!sizeText.isNull()) {
        if (auto error = parseSize(sizeText, command.options)) return *error;
    }
    if (const QString problem = command.options.problem(); !problem.isEmpty()) {
        return QStringLiteral("%1: %2").arg(command.options.dpi < ExportOptions::kMinDpi ||
                                                    command.options.dpi > ExportOptions::kMaxDpi
                                                ? QStringLiteral("--dpi")
                                                : QStringLiteral("--size"),
                                            problem);
    }
    return command;
}

namespace {

// Every part of the export after the language is set, so its messages are translated.
int writeFiles(const ExportCommand& command) {
    ParameterModel parameters;
    ThemeController theme;
    AppearanceController appearance(theme);
    appearance.setScheme(command.dark ? AppearanceController::Scheme::Dark
                                      : AppearanceController::Scheme::Light);
    appearance.setPresenter(command.presenter);
    if (command.plotTextSize > 0) appearance.setPlotFontSize(command.plotTextSize);
    std::vector<std::unique_ptr<Lesson>> owned = createLessons(LessonContext{&parameters, &theme});
    // Put away, as in the window's lesson stack: only the lesson being exported computes.
    for (const auto& lesson : owned) lesson->hide();

    std::vector<Lesson*> chosen;
    QStringList known;
    for (const auto& lesson : owned) known.append(lesson->id());

    if (!command.sessionFile.isEmpty()) {
        std::vector<Lesson*> all;
        for (const auto& lesson : owned) all.push_back(lesson.get());
        const SessionLoad load =
            loadSessionFile(command.sessionFile, captureSession(parameters, all, nullptr), known);
        if (!load.state) return badInput(QStringLiteral("--session: %1").arg(load.error));
        if (const QString error = applySession(*load.state, parameters, all); !error.isEmpty()) {
            return badInput(QStringLiteral("--session: %1").arg(error));
        }
        // Notes (a file from another version) go to stderr; stdout lists only written files.
        if (load.report.hasNotes()) {
            printLine(stderr, QStringLiteral("ropelab export: %1").arg(load.report.summary()));
        }
    }
    if (!command.animations.isEmpty()) {
        if (!QDir().mkpath(command.outDir)) {
            return badInput(QStringLiteral("--out: cannot create the folder %1")
                                .arg(QDir::toNativeSeparators(command.outDir)));
        }
        return writeAnimations(command, owned, parameters);
    }
    if (command.lessons.isEmpty()) {
        for (const auto& lesson : owned) chosen.push_back(lesson.get());
    } else {
        for (const QString& id : command.lessons) {
            const auto it = std::find_if(owned.begin(), owned.end(),
                                         [&id](const auto& lesson) { return lesson->id() == id; });
            if (it == owned.end()) {
                return badInput(QStringLiteral("--lesson: no lesson '%1'; choose all or one of: %2")
                                    .arg(id, joined(known)));
            }
            chosen.push_back(it->get());
        }
    }
    if (!command.figure.isEmpty()) {
        QStringList names;
        for (const Figure& figure : chosen.front()->figures()) names.append(figure.name);
        if (!names.contains(command.figure)) {
            return badInput(
                QStringLiteral("--figure: lesson '%1' has no figure '%2'; choose one of: %3")
                    .arg(chosen.front()->id(), command.figure, joined(names)));
        }
    }

    if (!QDir().mkpath(command.outDir)) {
        return badInput(QStringLiteral("--out: cannot create the folder %1")
                            .arg(QDir::toNativeSeparators(command.outDir)));
    }

    FigureExporter exporter(theme);
    int failures = 0;
    // Each path as soon as its file is complete: File → Export reads them as its progress.
    exporter.setWritten([&failures](const WriteResult& result) {
        if (!reportWrite(result)) ++failures;
    });
    for (Lesson* lesson : chosen) {
        exporter.exportLesson(*lesson, command.outDir, command.formats, command.options,
                              command.figure);
    }
    return failures == 0 ? 0 : 1;
}

// Files are written whole or not at all, so what is on disk is complete.
int outOfMemory() {
    printLine(stderr,
              QStringLiteral("ropelab export: %1")
                  .arg(Tr::tr("not enough memory for these figures; every file written is "
                              "complete. Try a smaller size, fewer formats or fewer positions.")));
    return 1;
}

int exportCommand(int argc, char** argv) {
    QStringList arguments;
    for (int i = 2; i < argc; ++i) arguments.append(QString::fromLocal8Bit(argv[i]));
    auto parsed = parseExportCommand(arguments);
    if (auto* error = std::get_if<QString>(&parsed)) return badInput(*error);
    const ExportCommand& command = std::get<ExportCommand>(parsed);
    if (command.help) {
        std::fputs(exportCommandUsage().toLocal8Bit().constData(), stdout);
        return 0;
    }
    if (command.listAnimations) {
        for (const QString& id : animationIds()) printLine(stdout, id);
        return 0;
    }
    if (!command.animations.isEmpty() && !animationEncodingAvailable()) {
        return badInput(animationUnavailableReason());
    }

    qInstallMessageHandler(quietMessages);
    // Render without a display: offscreen unless the caller chose a platform or has a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    int qtArgc = 1;
    QApplication app(qtArgc, argv);
    QApplication::setOrganizationName(QStringLiteral("RopeLab"));
    QApplication::setApplicationName(QStringLiteral("RoPE Lab"));

    LanguageController language;
    const QString code =
        command.language.isEmpty() ? LanguageController::systemLanguage() : command.language;
    if (!language.setLanguage(code)) {
        return badInput(
            QStringLiteral("--lang: the %1 translation is missing from this build").arg(code));
    }
    try {
        return writeFiles(command);
    } catch (const std::bad_alloc&) {
        return outOfMemory();
    }
}

}  // namespace

int runExportCommand(int argc, char** argv) {
    try {
        return exportCommand(argc, argv);
    } catch (const std::bad_alloc&) {
        return outOfMemory();
    }
}

}  // namespace ropelab::ui
