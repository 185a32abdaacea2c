// SPDX-License-Identifier: GPL-3.0-or-later
// Authoring without the source code: `ropelab activity check` lists every problem of a file (one
// line each, line:column for JSON syntax, "did you mean" for a misspelt id), prompts in other
// languages load with a warning, and the readout / control / figure reference covers every id of
// the catalog in both languages (the real `ropelab` binary).
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTranslator>

#include "activities/activity.h"
#include "activities/activity_catalog.h"
#include "activities/activity_reference.h"

namespace ropelab::ui {
namespace {

struct AppRun {
    int exitCode = -1;
    QString out;
    QString err;
};

AppRun runApp(const QStringList& arguments) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    environment.remove(QStringLiteral("DISPLAY"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(ROPELAB_APP_PATH), arguments);
    EXPECT_TRUE(process.waitForFinished(60000));
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& contents) {
    const QString path = dir.filePath(name);
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(contents);
    return path;
}

// Three steps, three problems: a misspelt readout, a misspelt control, an unknown task kind.
const char* const kThreeProblems = R"({
  "format": "ropelab-activity", "version": 1,
  "activities": [{ "id": "t.many", "lesson": "rope-2d", "title": {"en": "Many"},
    "steps": [
      {"prompt": {"en": "a"},
       "task": {"kind": "explore", "goal": [{"readout": "rope-2d.angle_dg", "near": 90}]}},
      {"prompt": {"en": "b"}, "setup": {"lock": ["pairSlidr"]}, "task": {"kind": "explain"}},
      {"prompt": {"en": "c"}, "task": {"kind": "guess"}}
    ]}]
})";

TEST(ActivityCheck, ListsEveryProblemWithASuggestion) {
    const ActivityLoad load =
        activitiesFromJson(kThreeProblems, ActivityCatalog::builtIn(), QStringLiteral("f"));
    EXPECT_TRUE(load.activities.isEmpty());
    ASSERT_EQ(load.problems.size(), 3) << load.problems.join(QLatin1Char('\n')).toStdString();
    EXPECT_EQ(load.problems[0], QStringLiteral("f: step 1.task.goal[0].readout names no readout "
                                               "(\"rope-2d.angle_dg\" is unknown) (did you mean "
                                               "\"rope-2d.angle_deg\"?)"));
    EXPECT_EQ(load.problems[1], QStringLiteral("f: step 2.setup.lock[0] names no control of this "
                                               "lesson (\"pairSlidr\") (did you mean "
                                               "\"pairSlider\"?)"));
    EXPECT_EQ(load.problems[2], QStringLiteral("f: step 3.task.kind must be predict, explore or "
                                               "explain (got \"guess\")"));
    EXPECT_EQ(load.error, load.problems[0]);
}

TEST(ActivityCheck, JsonSyntaxErrorsSayLineAndColumn) {
    // Line 4 lacks the comma before "lesson" (column 14 of that line, counted in characters:
    // the Chinese title before it is one character each, three bytes each in UTF-8).
    const QByteArray json =
        "{\n"
        "  \"format\": \"ropelab-activity\",\n"
        "  \"version\": 1,\n"
        "  \"x\": \"狗追猪\" \"lesson\": 1\n"
        "}\n";
    const ActivityLoad load =
        activitiesFromJson(json, ActivityCatalog::builtIn(), QStringLiteral("f"));
    ASSERT_EQ(load.problems.size(), 1);
    EXPECT_TRUE(load.error.startsWith(QStringLiteral("f:4:14: not valid JSON")))
        << load.error.toStdString();
}

TEST(ActivityCheck, NearMissesOnlyAreSuggested) {
    const QStringList known{QStringLiteral("rope-2d.pair"), QStringLiteral("rope-2d.angle_deg")};
    EXPECT_EQ(closestId(QStringLiteral("rope-2d.Angle_deg"), known),
              QStringLiteral("rope-2d.angle_deg"));
    EXPECT_EQ(closestId(QStringLiteral("rope-2d.pari"), known), QStringLiteral("rope-2d.pair"));
    EXPECT_EQ(closestId(QStringLiteral("rope-2d.spin"), known), QString());
}

TEST(ActivityCheck, OtherLanguagesLoadAndAreShownWhereTheInterfaceHasNone) {
    const QByteArray json = R"({"format": "ropelab-activity", "version": 1, "activities": [
        {"id": "t.fr", "lesson": "rope-2d", "title": {"en": "In French", "fr": "En français"},
         "steps": [{"prompt": {"fr": "Lisez."}, "task": {"kind": "explain"}}]}]})";
    const ActivityLoad load =
        activitiesFromJson(json, ActivityCatalog::builtIn(), QStringLiteral("f"));
    ASSERT_TRUE(load.error.isEmpty()) << load.error.toStdString();
    const Activity& activity = load.activities.front();
    EXPECT_EQ(activity.steps[0].prompt.in(QStringLiteral("en")), QStringLiteral("Lisez."));
    EXPECT_EQ(activity.steps[0].prompt.in(QStringLiteral("zh_CN")), QStringLiteral("Lisez."));
    EXPECT_EQ(activity.title.in(QStringLiteral("fr")), QStringLiteral("En français"));
    EXPECT_EQ(activity.title.in(QStringLiteral("zh_CN")), QStringLiteral("In French"));
    const QByteArray notACode = R"({"format": "ropelab-activity", "version": 1, "activities": [
        {"id": "t.x", "lesson": "rope-2d", "title": {"en": "x", "French": "y"},
         "steps": [{"prompt": {"en": "a"}, "task": {"kind": "explain"}}]}]})";
    EXPECT_EQ(activitiesFromJson(notACode, ActivityCatalog::builtIn(), QStringLiteral("f")).error,
              QStringLiteral("f: activities[0].title.French is not a language code (en, zh_CN, "
                             "or one like fr, pt_BR)"));

    QTemporaryDir dir;
    const AppRun run = runApp({QStringLiteral("activity"), QStringLiteral("check"),
                               write(dir, "fr.ropelab-activity", json)});
    EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
    // Two warnings: no en text (one: the prompt), no zh_CN text (two: title and prompt).
    EXPECT_TRUE(
        run.err.contains(QStringLiteral("activity \"t.fr\": 1 text(s) have no en text and "
                                        "are shown in fr instead (step 1.prompt)")))
        << run.err.toStdString();
    EXPECT_TRUE(
        run.err.contains(QStringLiteral("2 text(s) have no zh_CN text and are shown in "
                                        "en, fr instead (title, step 1.prompt)")))
        << run.err.toStdString();
}

TEST(ActivityCheck, TheCommandPrintsEveryProblemAndExitsTwo) {
    QTemporaryDir dir;
    const QString path = write(dir, "many.ropelab-activity", kThreeProblems);
    const AppRun run = runApp({QStringLiteral("activity"), QStringLiteral("check"), path});
    EXPECT_EQ(run.exitCode, 2);
    const QStringList lines = run.err.trimmed().split(QLatin1Char('\n'));
    ASSERT_EQ(lines.size(), 3) << run.err.toStdString();
    EXPECT_TRUE(lines[0].startsWith(path + QStringLiteral(": step 1.task.goal[0].readout")));
    EXPECT_TRUE(lines[1].endsWith(QStringLiteral("(did you mean \"pairSlider\"?)")));
}

TEST(ActivityReference, EveryIdHasAMeaningInBothLanguages) {
    QTranslator chinese;
    ASSERT_TRUE(chinese.load(QStringLiteral(":/i18n/ropelab_zh_CN.qm")));
    const ActivityCatalog& catalog = ActivityCatalog::builtIn();
    int readouts = 0;
    for (const QString& lesson : catalog.lessons()) readouts += catalog.readouts(lesson).size();
    for (const ReferenceKind kind :
         {ReferenceKind::Readouts, ReferenceKind::Controls, ReferenceKind::Figures}) {
        const QList<ReferenceItem> items = activityReference(catalog, kind);
        if (kind == ReferenceKind::Readouts) {
            EXPECT_EQ(items.size(), readouts);
        }
        for (const ReferenceItem& item : items) {
            EXPECT_STRNE(item.meaning, "") << item.id.toStdString();
            EXPECT_FALSE(chinese.translate("ActivityReference", item.meaning).isEmpty())
                << "no Chinese for " << item.id.toStdString();
            if (*item.unit != '\0') {
                EXPECT_FALSE(chinese.translate("ActivityReference", item.unit).isEmpty())
                    << "no Chinese unit for " << item.id.toStdString();
            }
        }
    }
    // Every lesson names its figures; shared controls are listed once.
    for (const QString& lesson : catalog.lessons()) {
        EXPECT_FALSE(activityReference(catalog, ReferenceKind::Figures, lesson).isEmpty())
            << lesson.toStdString();
    }
    int shared = 0;
    for (const ReferenceItem& item : activityReference(catalog, ReferenceKind::Controls)) {
        if (item.lesson.isEmpty()) ++shared;
    }
    EXPECT_EQ(shared, catalog.sharedControls().size());
}

// The rows of one step tell apart: a training metric is named by its model, metric and length,
// in the interface language.
TEST(ActivityReference, TheCardNamesEachTrainingMetricApart) {
    EXPECT_EQ(readoutCardName(QStringLiteral("training.rope_linear_loss_4x")),
              QStringLiteral("RoPE + PI (linear): loss at 4 L (nats)"));
    EXPECT_EQ(readoutCardName(QStringLiteral("training.rope_dynamic_loss_4x")),
              QStringLiteral("RoPE + NTK (dynamic): loss at 4 L (nats)"));
    EXPECT_EQ(readoutCardName(QStringLiteral("training.alibi_accuracy_1_5x")),
              QStringLiteral("ALiBi: accuracy at 1.5 L"));
    EXPECT_EQ(readoutCardName(QStringLiteral("training.rope_finetune_linear_loss_2x")),
              QStringLiteral("RoPE fine-tuned with PI: loss at 2 L (nats)"));
    EXPECT_EQ(readoutCardName(QStringLiteral("no.such_readout")),
              QStringLiteral("no.such_readout"));
    QTranslator chinese;
    ASSERT_TRUE(chinese.load(QStringLiteral(":/i18n/ropelab_zh_CN.qm")));
    QCoreApplication::installTranslator(&chinese);
    EXPECT_EQ(readoutCardName(QStringLiteral("training.rope_yarn_loss_4x")),
              QStringLiteral("RoPE + YaRN：4 L 处的损失（奈特）"));
    EXPECT_EQ(readoutCardName(QStringLiteral("training.none_accuracy_2x")),
              QStringLiteral("无（NoPE）：2 L 处的准确率"));
    QCoreApplication::removeTranslator(&chinese);
}

TEST(ActivityReference, TheCommandPrintsJsonWithBothLabels) {
    const AppRun run =
        runApp({QStringLiteral("activity"), QStringLiteral("readouts"), QStringLiteral("rope-2d"),
                QStringLiteral("--format"), QStringLiteral("json")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonArray items = QJsonDocument::fromJson(run.out.toUtf8()).array();
    ASSERT_EQ(items.size(), ActivityCatalog::builtIn().readouts(QStringLiteral("rope-2d")).size());
    QJsonObject angle;
    for (const QJsonValue& item : items) {
        if (item[QStringLiteral("id")] == QStringLiteral("rope-2d.angle_deg"))
            angle = item.toObject();
    }
    EXPECT_EQ(angle[QStringLiteral("minimum")].toDouble(), -180.0);
    EXPECT_EQ(angle[QStringLiteral("maximum")].toDouble(), 180.0);
    EXPECT_EQ(angle[QStringLiteral("unit")][QStringLiteral("zh_CN")].toString(),
              QStringLiteral("度"));
    EXPECT_TRUE(angle[QStringLiteral("label")][QStringLiteral("zh_CN")].toString().contains(
        QStringLiteral("从 k 到 q 的角度")));
    const AppRun unknown =
        runApp({QStringLiteral("activity"), QStringLiteral("controls"), QStringLiteral("rope2d")});
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_TRUE(unknown.err.contains(QStringLiteral("(did you mean 'rope-2d'?)")))
        << unknown.err.toStdString();
}

}  // namespace
}  // namespace ropelab::ui
