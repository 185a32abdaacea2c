// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/activity_command.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

#include "activities/activity.h"
#include "activities/activity_catalog.h"
#include "activities/activity_library.h"
#include "classroom/language_controller.h"

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

int badInput(const QString& message) {
    printLine(stderr, QStringLiteral("ropelab activity: %1").arg(message));
    return 2;
}

QString usage() {
    return QStringLiteral(
        "Usage: ropelab activity list [--format text|json] [--lang en|zh_CN]\n"
        "       ropelab activity check FILE... [--lang en|zh_CN]\n"
        "list   prints every built-in activity: id, lesson, number of steps, languages\n"
        "check  checks .ropelab-activity files: exit 0 when all are valid, else exit 2 and one\n"
        "       line naming the file, the step and the field\n");
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
            printLine(stderr, load.error);
            status = 2;
            continue;
        }
        int steps = 0;
        for (const Activity& activity : load.activities) steps += int(activity.steps.size());
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
    QCoreApplication app(qtArgc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("RopeLab"));
    QCoreApplication::setApplicationName(QStringLiteral("RoPE Lab"));
    QStringList arguments;
    for (int i = 2; i < argc; ++i) arguments.append(QString::fromLocal8Bit(argv[i]));

    QString language;
    QString format = QStringLiteral("text");
    QStringList positional;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            std::fputs(usage().toUtf8().constData(), stdout);
            return 0;
        }
        if (a == QLatin1String("--lang") || a == QLatin1String("--format")) {
            if (i + 1 >= arguments.size())
                return badInput(QStringLiteral("%1 needs a value").arg(a));
            (a == QLatin1String("--lang") ? language : format) = arguments[++i];
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
    if (positional.isEmpty()) return badInput(QStringLiteral("say list or check (see --help)"));
    const QString verb = positional.takeFirst();
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
    return badInput(QStringLiteral("unknown command '%1'; use list or check").arg(verb));
}

}  // namespace ropelab::ui
