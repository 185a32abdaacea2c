// SPDX-License-Identifier: GPL-3.0-or-later
// The record to hand in: a real run of a built-in activity (a wrong number prediction, "Show me",
// a hint) lands in the record on disk as it happens; the report is exported as CSV and PDF and read
// back (CSV parsed, PDF through pdftotext when poppler-utils is installed); `activity summary`
// merges three students' CSVs into the numbers worked out by hand below.
#include <gtest/gtest.h>

#include <QAbstractButton>
#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <numbers>

#include "activities/activity_controller.h"
#include "activities/activity_library.h"
#include "activities/activity_panel.h"
#include "activities/activity_runner.h"
#include "activities/answer_record.h"
#include "activities/answer_recorder.h"
#include "activities/answer_report.h"
#include "activities/my_answers_dialog.h"
#include "window/app_controller.h"
#include "window/main_window.h"

namespace ropelab::ui {
namespace {

void settle(const std::function<bool()>& done) {
    static_cast<void>(QTest::qWaitFor(done, 15000));
    QApplication::processEvents();
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

struct ProcessRun {
    int exitCode = -1;
    QString out;
    QString err;
};

ProcessRun run(const QString& program, const QStringList& arguments) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    environment.remove(QStringLiteral("DISPLAY"));
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    if (!process.waitForFinished(60000)) return {};
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

// The PDF's text without spaces and line breaks (table cells wrap), or nothing where
// poppler-utils (pdftotext) is not installed.
std::optional<QString> pdfText(const QString& path) {
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (pdftotext.isEmpty()) return std::nullopt;
    const ProcessRun text = run(pdftotext, {path, QStringLiteral("-")});
    EXPECT_EQ(text.exitCode, 0);
    QString packed = text.out;
    packed.remove(QRegularExpression(QStringLiteral("\\s")));
    return packed;
}

TEST(AnswerRecord, ARealRunIsRecordedAsItHappens) {
    // A data folder of this test alone: other tests' windows keep records too.
    QCoreApplication::setApplicationName(QStringLiteral("ropelab-answer-record-test"));
    QFile::remove(answerRecordPath());
    setStudentName(QStringLiteral("Li Lei"));
    MainWindow window;
    window.showNormal();
    window.resize(1600, 900);
    ActivityController& activities = window.app().activities();
    ActivityRunner& runner = activities.runner();
    auto* answers = window.app().findChild<MyAnswers*>();
    ASSERT_NE(answers, nullptr);
    const AnswerRecorder& recorder = answers->recorder();

    // rope-2d.fast-and-slow: step 1 predicts pair 0's period at d = 64, base 10000: 2π tokens.
    ASSERT_TRUE(activities.startActivity(QStringLiteral("rope-2d.fast-and-slow")));
    ASSERT_TRUE(runner.start(runner.activity(), 0));
    settle([&] { return runner.readyToCheck(); });
    ASSERT_TRUE(runner.readyToCheck());
    ActivityPanel& panel = *activities.panel();
    auto* hint = panel.findChild<QAbstractButton*>(QStringLiteral("activityHintButton"));
    ASSERT_NE(hint, nullptr);
    panel.numberEdit()->setText(QStringLiteral("9"));
    QTest::mouseClick(panel.checkButton(), Qt::LeftButton);
    EXPECT_EQ(runner.predictionRight(), false);
    runner.tryIt();
    runner.next();
    // Step 2 (explore): a hint, then "Show me" reaches the goal.
    settle([&] { return runner.stepIndex() == 1; });
    hint->setChecked(true);
    EXPECT_TRUE(runner.showSolution());
    settle([&] { return runner.phase() == ActivityRunner::Phase::Reached; });

    const AnswerRecord onDisk = [] {
        QString problem;
        AnswerRecord record = loadAnswerRecord(answerRecordPath(), &problem);
        EXPECT_TRUE(problem.isEmpty()) << problem.toStdString();
        return record;
    }();
    EXPECT_EQ(onDisk, recorder.record());
    ASSERT_EQ(onDisk.activities.size(), 1);
    const ActivityAnswers& a = onDisk.activities.front();
    EXPECT_EQ(a.activityId, QStringLiteral("rope-2d.fast-and-slow"));
    EXPECT_FALSE(a.finished);
    ASSERT_EQ(a.steps.size(), 2);
    const StepAnswer& predict = a.steps[0];
    EXPECT_EQ(predict.kind, ActivityStep::Kind::Predict);
    EXPECT_EQ(predict.number, 9.0);
    ASSERT_TRUE(predict.computed);
    EXPECT_NEAR(*predict.computed, 2.0 * std::numbers::pi, 1e-9);
    EXPECT_EQ(predict.right, false);
    EXPECT_EQ(predict.tries, 1);
    EXPECT_EQ(predict.hints, 0);
    const StepAnswer& explore = a.steps[1];
    EXPECT_EQ(explore.kind, ActivityStep::Kind::Explore);
    EXPECT_EQ(explore.right, true);
    EXPECT_EQ(explore.hints, 1);
    EXPECT_EQ(explore.showMe, 1);
    EXPECT_EQ(explore.tries, 0);

    // Finishing marks it; the CSV holds what happened, one row per step.
    runner.next();
    settle([&] { return runner.stepIndex() == 2; });
    runner.next();
    EXPECT_TRUE(answers->recorder().record().activities.front().finished);
    QTemporaryDir dir;
    MyAnswersDialog* dialog = answers->showDialog();
    const QString csvPath = dir.filePath(QStringLiteral("me.csv"));
    ASSERT_EQ(dialog->exportCsv(csvPath), QString());
    const QList<QStringList> rows = parseCsv(readAll(csvPath));
    ASSERT_EQ(rows.size(), 4);
    EXPECT_EQ(rows[0].join(QLatin1Char(',')),
              QStringLiteral("student,activity,lesson,title,step,kind,prediction,choice,computed,"
                             "right_choice,right,tries,hints,show_me,seconds"));
    EXPECT_EQ(rows[1].mid(0, 12),
              (QStringList{QStringLiteral("Li Lei"), QStringLiteral("rope-2d.fast-and-slow"),
                           QStringLiteral("rope-2d"), a.title.in(QStringLiteral("en")),
                           QStringLiteral("1"), QStringLiteral("predict"), QStringLiteral("9"),
                           QString(), QStringLiteral("6.28319"), QString(), QStringLiteral("0"),
                           QStringLiteral("1")}));
    EXPECT_EQ(rows[2].mid(4, 10),
              (QStringList{QStringLiteral("2"), QStringLiteral("explore"), QString(), QString(),
                           QString(), QString(), QStringLiteral("1"), QStringLiteral("0"),
                           QStringLiteral("1"), QStringLiteral("1")}));
    EXPECT_EQ(rows[3][5], QStringLiteral("explain"));

    const QString pdfPath = dir.filePath(QStringLiteral("me.pdf"));
    ASSERT_EQ(dialog->exportPdf(pdfPath), QString());
    EXPECT_TRUE(readAll(pdfPath).startsWith("%PDF-"));
    if (const std::optional<QString> text = pdfText(pdfPath)) {
        EXPECT_TRUE(text->contains(QStringLiteral("Myanswers—RoPELab"))) << text->toStdString();
        EXPECT_TRUE(text->contains(QStringLiteral("Student:LiLei")));
        EXPECT_TRUE(text->contains(QStringLiteral("6.28319")));
        EXPECT_TRUE(text->contains(QStringLiteral("✗wrong")));
        EXPECT_TRUE(text->contains(QStringLiteral("goalreached")));
    }
    dialog->close();
}

// Three students, two steps. Step 1 (predict, choices): Ann right in 10 s, Bo picks B in 20 s,
// Cy picks B in 40 s → 1 of 3 right, most common wrong "B" (2), median 20 s. Step 2 (explore):
// 5, 7 and 100 s, Ann and Cy reach the goal, Bo's is empty → 2 answered, 2 right, median 7 s.
QByteArray studentCsv(const char* name, const char* choice, const char* right1, double seconds1,
                      const char* right2, double seconds2) {
    const QString header = QStringLiteral(
        "student,activity,lesson,title,step,kind,prediction,choice,computed,right_choice,right,"
        "tries,hints,show_me,seconds\r\n");
    const QString text = QString::fromLatin1(choice) == QLatin1String("A")
                             ? QStringLiteral("It grows")
                             : QStringLiteral("\"It shrinks, \"\"surely\"\"\"");
    return (header +
            QStringLiteral("%1,x.one,rope-2d,One,1,predict,%2,%3,It grows,A,%4,1,0,0,%5\r\n")
                .arg(QLatin1String(name), text, QLatin1String(choice), QLatin1String(right1))
                .arg(seconds1) +
            QStringLiteral("%1,x.one,rope-2d,One,2,explore,,,,,%2,0,0,0,%3\r\n")
                .arg(QLatin1String(name), QLatin1String(right2))
                .arg(seconds2))
        .toUtf8();
}

TEST(ClassSummary, ThreeStudentsMergeIntoKnownNumbers) {
    QTemporaryDir dir;
    QStringList files;
    for (const auto& [name, bytes] :
         {std::pair{"ann.csv", studentCsv("Ann", "A", "1", 10, "1", 5)},
          std::pair{"bo.csv", studentCsv("Bo", "B", "0", 20, "", 7)},
          std::pair{"cy.csv", studentCsv("Cy", "B", "0", 40, "1", 100)}}) {
        QFile file(dir.filePath(QString::fromLatin1(name)));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        files.append(file.fileName());
    }
    const ProcessRun csv =
        run(QStringLiteral(ROPELAB_APP_PATH),
            QStringList{QStringLiteral("activity"), QStringLiteral("summary")} + files);
    ASSERT_EQ(csv.exitCode, 0) << csv.err.toStdString();
    const QList<QStringList> rows = parseCsv(csv.out.toUtf8());
    ASSERT_EQ(rows.size(), 3);
    EXPECT_EQ(rows[0].join(QLatin1Char(',')),
              QStringLiteral("activity,title,step,kind,students,answered,right,right_share,"
                             "common_wrong,common_wrong_count,median_seconds"));
    EXPECT_EQ(rows[1],
              (QStringList{QStringLiteral("x.one"), QStringLiteral("One"), QStringLiteral("1"),
                           QStringLiteral("predict"), QStringLiteral("3"), QStringLiteral("3"),
                           QStringLiteral("1"), QStringLiteral("0.333"),
                           QStringLiteral("B: It shrinks, \"surely\""), QStringLiteral("2"),
                           QStringLiteral("20.0")}));
    EXPECT_EQ(rows[2],
              (QStringList{QStringLiteral("x.one"), QStringLiteral("One"), QStringLiteral("2"),
                           QStringLiteral("explore"), QStringLiteral("3"), QStringLiteral("2"),
                           QStringLiteral("2"), QStringLiteral("1.000"), QString(),
                           QStringLiteral("0"), QStringLiteral("7.0")}));

    const QString pdf = dir.filePath(QStringLiteral("class.pdf"));
    const ProcessRun printed =
        run(QStringLiteral(ROPELAB_APP_PATH),
            QStringList{QStringLiteral("activity"), QStringLiteral("summary")} + files +
                QStringList{QStringLiteral("--out"), pdf});
    ASSERT_EQ(printed.exitCode, 0) << printed.err.toStdString();
    EXPECT_TRUE(readAll(pdf).startsWith("%PDF-"));
    if (const std::optional<QString> text = pdfText(pdf)) {
        EXPECT_TRUE(text->contains(QStringLiteral("Classsummary—RoPELab")));
        EXPECT_TRUE(text->contains(QStringLiteral("1of3(33%)"))) << text->toStdString();
        EXPECT_TRUE(text->contains(QStringLiteral("2of2(100%)")));
        EXPECT_TRUE(text->contains(QStringLiteral("20s")));
    }

    // A file that is not an answers CSV is named, and nothing is written.
    QFile other(dir.filePath(QStringLiteral("other.csv")));
    ASSERT_TRUE(other.open(QIODevice::WriteOnly));
    other.write("a,b\n1,2\n");
    other.close();
    const ProcessRun bad =
        run(QStringLiteral(ROPELAB_APP_PATH),
            {QStringLiteral("activity"), QStringLiteral("summary"), other.fileName()});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_TRUE(bad.err.contains(QStringLiteral("other.csv: not a RoPE Lab answers CSV")));
}

TEST(AnswerReport, TheCommandWritesTheRecordInTheChosenLanguage) {
    AnswerRecord record;
    ActivityAnswers answers;
    answers.activityId = QStringLiteral("rope-2d.shift-both");
    answers.lesson = QStringLiteral("rope-2d");
    answers.title.byLanguage = {{QStringLiteral("en"), QStringLiteral("Shift both")},
                                {QStringLiteral("zh_CN"), QStringLiteral("一起平移")}};
    StepAnswer& step = answers.step(0, ActivityStep::Kind::Predict);
    step.choice = 1;
    step.choiceText.byLanguage = {{QStringLiteral("en"), QStringLiteral("It stays")},
                                  {QStringLiteral("zh_CN"), QStringLiteral("不变")}};
    step.right = true;
    step.tries = 1;
    step.seconds = 75.0;
    record.activities.append(answers);
    QTemporaryDir dir;
    const QString recordPath = dir.filePath(QStringLiteral("answers.json"));
    ASSERT_EQ(saveAnswerRecord(record, recordPath), QString());
    const QString out = dir.filePath(QStringLiteral("report.csv"));
    const ProcessRun csv = run(QStringLiteral(ROPELAB_APP_PATH),
                               {QStringLiteral("activity"), QStringLiteral("report"),
                                QStringLiteral("--record"), recordPath, QStringLiteral("--out"),
                                out, QStringLiteral("--lang"), QStringLiteral("zh_CN")});
    ASSERT_EQ(csv.exitCode, 0) << csv.err.toStdString();
    const QList<QStringList> rows = parseCsv(readAll(out));
    ASSERT_EQ(rows.size(), 2);
    EXPECT_EQ(rows[1][3], QStringLiteral("一起平移"));
    EXPECT_EQ(rows[1][6], QStringLiteral("不变"));
    EXPECT_EQ(rows[1][7], QStringLiteral("B"));
    EXPECT_EQ(rows[1][14], QStringLiteral("75.0"));
    const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
    const ProcessRun printed = run(QStringLiteral(ROPELAB_APP_PATH),
                                   {QStringLiteral("activity"), QStringLiteral("report"),
                                    QStringLiteral("--record"), recordPath, QStringLiteral("--out"),
                                    pdf, QStringLiteral("--lang"), QStringLiteral("zh_CN")});
    ASSERT_EQ(printed.exitCode, 0) << printed.err.toStdString();
    if (const std::optional<QString> text = pdfText(pdf)) {
        EXPECT_TRUE(text->contains(QStringLiteral("一起平移"))) << text->toStdString();
        EXPECT_TRUE(text->contains(QStringLiteral("1分15秒"))) << text->toStdString();
    }
    const ProcessRun missing = run(QStringLiteral(ROPELAB_APP_PATH),
                                   {QStringLiteral("activity"), QStringLiteral("report")});
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_TRUE(missing.err.contains(QStringLiteral("report needs --out FILE")));
}

}  // namespace
}  // namespace ropelab::ui
