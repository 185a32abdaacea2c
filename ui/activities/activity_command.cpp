// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/activity_command.h"

#include <QCoreApplication>
#include <QFile>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTranslator>

#include <cmath>
#include <cstdio>
#include <memory>

#include "activities/activity.h"
#include "activities/activity_catalog.h"
#include "activities/activity_library.h"
#include "activities/activity_reference.h"
#include "activities/answer_record.h"
#include "activities/answer_report.h"
#include "model/atomic_write.h"
#include "style/language_controller.h"

namespace ropelab::ui {

namespace {

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::ActivityCommand)
};

void printLine(FILE* stream, const QString& line) {
    const QByteArray bytes = line.toUtf8() + '\n';
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stream);
    std::fflush(stream);
}

constexpr auto kVerbs = "list, check, readouts, controls, figures, report or summary";

int badInput(const QString& message) {
    printLine(stderr, QStringLiteral("ropelab activity: %1").arg(message));
    return 2;
}

QString usage() {
    return QStringLiteral(
        "Usage: ropelab activity list [--format text|json] [--lang en|zh_CN]\n"
        "       ropelab activity check FILE... [--lang en|zh_CN]\n"
        "       ropelab activity readouts|controls|figures [LESSON] [--format text|json]\n"
        "list      prints every built-in activity: id, lesson, number of steps, languages\n"
        "check     checks .ropelab-activity files: exit 0 when all are valid, else exit 2; every\n"
        "          problem on a line of its own, naming the file, the step and the field "
        "(line:column\n"
        "          for a JSON syntax error, \"did you mean\" for a near miss of an id); a warning "
        "for\n"
        "          texts in other languages than en and zh_CN\n"
        "readouts  every readout id a check can compare (of LESSON, or of every lesson): its "
        "unit,\n"
        "          range and meaning in English and Chinese\n"
        "controls  every control a step can lock, hide or move, with its meaning in both "
        "languages\n"
        "figures   every figure a step can conceal, with what it shows in both languages\n"
        "\n"
        "       ropelab activity report [--format pdf|csv] --out FILE [--record answers.json]\n"
        "                               [--lang en|zh_CN]\n"
        "       ropelab activity summary FILE.csv... [--out FILE.csv|FILE.pdf] [--format csv|pdf]\n"
        "report    writes this computer's record of answers (Activities -> My answers: every\n"
        "          step's answer, the value RoPE Lab computed, right or wrong, tries, hints, Show\n"
        "          me, time) as a printable PDF or a CSV, in the --lang language; --record reads\n"
        "          another record file\n"
        "summary   merges the answer CSVs of a class into one row per step: students, share "
        "right,\n"
        "          most common wrong answer, median time; CSV on stdout, or --out FILE (.pdf: "
        "PDF)\n");
}

// --format for report and summary: given, else from the output file's suffix.
QString outputFormat(const QString& format, const QString& out) {
    if (!format.isEmpty()) return format;
    return out.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive) ? QStringLiteral("pdf")
                                                                    : QStringLiteral("csv");
}

int writeOutput(const QString& out, const QString& format, const QByteArray& csv,
                const QString& html) {
    const QString problem = format == QLatin1String("pdf") ? writeHtmlPdf(html, out)
                                                           : writeFileAtomically(out, csv).error;
    if (!problem.isEmpty()) {
        printLine(stderr, QStringLiteral("ropelab activity: %1").arg(problem));
        return 1;
    }
    printLine(stdout, out);
    return 0;
}

int report(const QString& recordPath, const QString& out, const QString& format,
           const QString& language) {
    QString problem;
    const AnswerRecord record = loadAnswerRecord(recordPath, &problem);
    if (!problem.isEmpty()) return badInput(problem);
    return writeOutput(out, format, answerReportCsv(record, studentName(), language),
                       answerReportHtml(record, studentName(), language));
}

int summary(const QStringList& files, const QString& out, const QString& format) {
    QList<std::pair<QString, QByteArray>> contents;
    for (const QString& path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            return badInput(
                QStringLiteral("%1: cannot be opened (%2)").arg(path, file.errorString()));
        }
        contents.append({path, file.readAll()});
    }
    const ClassSummary merged = summarizeClass(contents);
    if (!merged.error.isEmpty()) return badInput(merged.error);
    if (out.isEmpty()) {
        const QByteArray csv = classSummaryCsv(merged);
        std::fwrite(csv.constData(), 1, static_cast<std::size_t>(csv.size()), stdout);
        return 0;
    }
    return writeOutput(out, format, classSummaryCsv(merged), classSummaryHtml(merged));
}

// The reference's texts in both languages: English is the source, Chinese from the embedded
// catalogue (the source where it has no translation).
class BothLanguages {
public:
    BothLanguages() : loaded_(chinese_.load(QStringLiteral(":/i18n/ropelab_zh_CN.qm"))) {}
    QJsonObject json(const char* source) const {
        return {{QStringLiteral("en"), QString::fromUtf8(source)},
                {QStringLiteral("zh_CN"), chinese(source)}};
    }
    QString chinese(const char* source) const {
        const QString text = loaded_ ? chinese_.translate("ActivityReference", source) : QString();
        return text.isEmpty() ? QString::fromUtf8(source) : text;
    }

private:
    QTranslator chinese_;
    bool loaded_;
};

QJsonValue bound(double value) {
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue(QJsonValue::Null);
}

int reference(ReferenceKind kind, const QStringList& lessons, bool json) {
    const ActivityCatalog& catalog = ActivityCatalog::builtIn();
    if (lessons.size() > 1) return badInput(QStringLiteral("give at most one LESSON"));
    const QString lesson = lessons.value(0);
    if (!lesson.isEmpty() && !catalog.hasLesson(lesson)) {
        const QString closest = closestId(lesson, catalog.lessons());
        return badInput(QStringLiteral("there is no lesson '%1'%2; the lessons: %3")
                            .arg(lesson,
                                 closest.isEmpty()
                                     ? QString()
                                     : QStringLiteral(" (did you mean '%1'?)").arg(closest),
                                 catalog.lessons().join(QStringLiteral(", "))));
    }
    const BothLanguages text;
    QJsonArray array;
    for (const ReferenceItem& item : activityReference(catalog, kind, lesson)) {
        const bool hasUnit = *item.unit != '\0';
        if (json) {
            QJsonObject entry{
                {QStringLiteral("id"), item.id},
                {QStringLiteral("lesson"),
                 item.lesson.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(item.lesson)},
                {QStringLiteral("label"), text.json(item.meaning)}};
            if (item.range) {
                entry.insert(QStringLiteral("unit"),
                             hasUnit ? QJsonValue(text.json(item.unit)) : QJsonValue());
                entry.insert(QStringLiteral("minimum"), bound(item.range->minimum));
                entry.insert(QStringLiteral("maximum"), bound(item.range->maximum));
                entry.insert(QStringLiteral("whole"), item.range->whole);
            }
            array.append(entry);
            continue;
        }
        QStringList columns{item.id};
        if (item.range) {
            columns << (hasUnit ? QString::fromUtf8(item.unit) : QStringLiteral("-"))
                    << QStringLiteral("%1..%2%3")
                           .arg(item.range->minimum)
                           .arg(item.range->maximum)
                           .arg(item.range->whole ? QStringLiteral(" whole") : QString());
        } else if (kind == ReferenceKind::Controls) {
            columns << (item.lesson.isEmpty() ? QStringLiteral("shared") : item.lesson);
        }
        columns << QString::fromUtf8(item.meaning) << text.chinese(item.meaning);
        printLine(stdout, columns.join(QLatin1Char('\t')));
    }
    if (json) {
        printLine(stdout, QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact)));
    }
    return 0;
}

// The language LocalText::in shows for `language` when the text has none in it.
QString shownInstead(const LocalText& text, const QString& language) {
    if (language.startsWith(QLatin1String("zh")) &&
        text.byLanguage.contains(QStringLiteral("zh_CN")))
        return QStringLiteral("zh_CN");
    if (text.byLanguage.contains(QStringLiteral("en"))) return QStringLiteral("en");
    return text.byLanguage.firstKey();
}

// Texts of an activity that the English or the Chinese interface shows in another language:
// one warning per activity and interface language, naming the first few texts.
QStringList languageWarnings(const QString& file, const Activity& activity) {
    QList<std::pair<QString, const LocalText*>> texts{
        {QStringLiteral("title"), &activity.title}, {QStringLiteral("summary"), &activity.summary}};
    for (qsizetype i = 0; i < activity.steps.size(); ++i) {
        const ActivityStep& step = activity.steps[i];
        const QString at = QStringLiteral("step %1.").arg(i + 1);
        texts.append({at + QStringLiteral("prompt"), &step.prompt});
        texts.append({at + QStringLiteral("hint"), &step.hint});
        texts.append({at + QStringLiteral("correct"), &step.correct});
        texts.append({at + QStringLiteral("wrong"), &step.wrong});
        texts.append({at + QStringLiteral("reveal"), &step.reveal});
        for (qsizetype c = 0; c < step.choices.size(); ++c) {
            texts.append(
                {at + QStringLiteral("task.choices[%1].text").arg(c), &step.choices[c].text});
        }
    }
    QStringList warnings;
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        QStringList missing;
        QStringList shown;
        for (const auto& [path, text] : texts) {
            if (text->isEmpty() || text->byLanguage.contains(language)) continue;
            missing.append(path);
            const QString instead = shownInstead(*text, language);
            if (!shown.contains(instead)) shown.append(instead);
        }
        if (missing.isEmpty()) continue;
        constexpr qsizetype kNamed = 3;
        const QString named = missing.mid(0, kNamed).join(QStringLiteral(", ")) +
                              (missing.size() > kNamed ? QStringLiteral(", …") : QString());
        warnings.append(
            Tr::tr("%1: warning: activity \"%2\": %n text(s) have no %3 text and "
                   "are shown in %4 instead (%5)",
                   nullptr, static_cast<int>(missing.size()))
                .arg(file, activity.id, language, shown.join(QStringLiteral(", ")), named));
    }
    return warnings;
}

int list(bool json) {
    const ActivityLibrary& library = ActivityLibrary::builtIn();
    if (!library.error.isEmpty()) {
        printLine(stderr, library.error);
        return 1;
    }
    QJsonArray array;
    for (const Activity& activity : library.activities) {
        if (json) {
            array.append(QJsonObject{
                {QStringLiteral("id"), activity.id},
                {QStringLiteral("lesson"), activity.lesson},
                {QStringLiteral("steps"), static_cast<int>(activity.steps.size())},
                {QStringLiteral("languages"), QJsonArray::fromStringList(activity.languages())},
            });
        } else {
            printLine(stdout, QStringLiteral("%1\t%2\t%3\t%4")
                                  .arg(activity.id, activity.lesson)
                                  .arg(activity.steps.size())
                                  .arg(activity.languages().join(QLatin1Char(','))));
        }
    }
    if (json) {
        printLine(stdout, QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact)));
    }
    return 0;
}

int check(const QStringList& files) {
    int status = 0;
    for (const QString& file : files) {
        const ActivityLoad load = loadActivityFile(file, ActivityCatalog::builtIn());
        if (!load.error.isEmpty()) {
            for (const QString& problem : load.problems) printLine(stderr, problem);
            status = 2;
            continue;
        }
        int steps = 0;
        for (const Activity& activity : load.activities) {
            steps += int(activity.steps.size());
            for (const QString& warning : languageWarnings(file, activity)) {
                printLine(stderr, warning);
            }
        }
        printLine(stdout, Tr::tr("%1: valid (%n activities, %2 steps)", nullptr,
                                 static_cast<int>(load.activities.size()))
                              .arg(file)
                              .arg(steps));
    }
    return status;
}

}  // namespace

bool isActivityCommand(int argc, char** argv) {
    return argc >= 2 && QByteArray(argv[1]) == QByteArrayLiteral("activity");
}

int runActivityCommand(int argc, char** argv) {
    int qtArgc = 1;
    // A PDF needs fonts, so report and summary run a QGuiApplication (offscreen without a display).
    const bool printing = argc >= 3 && (QByteArray(argv[2]) == QByteArrayLiteral("report") ||
                                        QByteArray(argv[2]) == QByteArrayLiteral("summary"));
    if (printing && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
        qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    const std::unique_ptr<QCoreApplication> app =
        printing ? std::make_unique<QGuiApplication>(qtArgc, argv)
                 : std::make_unique<QCoreApplication>(qtArgc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("RopeLab"));
    QCoreApplication::setApplicationName(QStringLiteral("RoPE Lab"));
    QStringList arguments;
    for (int i = 2; i < argc; ++i) arguments.append(QString::fromLocal8Bit(argv[i]));

    QString language;
    QString format;
    QString out;
    QString recordPath = answerRecordPath();
    QStringList positional;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            std::fputs(usage().toUtf8().constData(), stdout);
            return 0;
        }
        if (a == QLatin1String("--lang") || a == QLatin1String("--format") ||
            a == QLatin1String("--out") || a == QLatin1String("--record")) {
            if (i + 1 >= arguments.size())
                return badInput(QStringLiteral("%1 needs a value").arg(a));
            QString& value = a == QLatin1String("--lang")     ? language
                             : a == QLatin1String("--format") ? format
                             : a == QLatin1String("--out")    ? out
                                                              : recordPath;
            value = arguments[++i];
        } else if (a.startsWith(QLatin1String("--"))) {
            return badInput(
                QStringLiteral("unknown option %1 (see ropelab activity --help)").arg(a));
        } else {
            positional.append(a);
        }
    }
    LanguageController translations;
    if (!language.isEmpty()) {
        const QString code = LanguageController::normalize(language);
        if (code.isEmpty() || !translations.setLanguage(code)) {
            return badInput(
                QStringLiteral("--lang: unknown language '%1'; use en or zh_CN").arg(language));
        }
    }
    if (positional.isEmpty()) {
        return badInput(
            QStringLiteral("say what to do: %1 (see --help)").arg(QLatin1String(kVerbs)));
    }
    const QString verb = positional.takeFirst();
    if (verb == QLatin1String("report") || verb == QLatin1String("summary")) {
        const QString chosen = outputFormat(format, out);
        if (chosen != QLatin1String("csv") && chosen != QLatin1String("pdf")) {
            return badInput(QStringLiteral("--format: use csv or pdf, not '%1'").arg(format));
        }
        if (verb == QLatin1String("report")) {
            if (!positional.isEmpty()) return badInput(QStringLiteral("report takes no files"));
            if (out.isEmpty()) return badInput(QStringLiteral("report needs --out FILE"));
            return report(recordPath, out, chosen, translations.language());
        }
        if (positional.isEmpty()) return badInput(QStringLiteral("summary needs CSV files"));
        return summary(positional, out, chosen);
    }
    if (format.isEmpty()) format = QStringLiteral("text");
    if (verb == QLatin1String("list")) {
        if (!positional.isEmpty()) return badInput(QStringLiteral("list takes no files"));
        if (format != QLatin1String("text") && format != QLatin1String("json")) {
            return badInput(QStringLiteral("--format: use text or json, not '%1'").arg(format));
        }
        return list(format == QLatin1String("json"));
    }
    if (verb == QLatin1String("check")) {
        if (positional.isEmpty()) return badInput(QStringLiteral("check needs a FILE"));
        return check(positional);
    }
    for (const auto& [name, kind] : {std::pair{"readouts", ReferenceKind::Readouts},
                                     std::pair{"controls", ReferenceKind::Controls},
                                     std::pair{"figures", ReferenceKind::Figures}}) {
        if (verb != QLatin1String(name)) continue;
        if (format != QLatin1String("text") && format != QLatin1String("json")) {
            return badInput(QStringLiteral("--format: use text or json, not '%1'").arg(format));
        }
        return reference(kind, positional, format == QLatin1String("json"));
    }
    return badInput(
        QStringLiteral("unknown command '%1'; use %2").arg(verb, QLatin1String(kVerbs)));
}

}  // namespace ropelab::ui
