// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The record to hand in, as a student reads it (HTML for the screen and the PDF, in the student's
// language) and as a teacher's spreadsheet reads it (CSV); and the class summary: the CSVs of a
// class merged into one row per step (share right, most common wrong choice, median time).
//
// CSV columns (names fixed, so a class's files merge whatever language each student used):
//   student,activity,lesson,title,step,kind,prediction,choice,computed,right_choice,right,
//   tries,hints,show_me,seconds
// step counts from 1; choice and right_choice are letters (A, B, …); right is 1, 0 or empty.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include "activities/answer_record.h"

namespace ropelab::ui {

QByteArray answerReportCsv(const AnswerRecord& record, const QString& student,
                           const QString& language);
// A whole HTML document (title, student, date, one table per activity).
QString answerReportHtml(const AnswerRecord& record, const QString& student,
                         const QString& language);

// One step of a class.
struct StepSummary {
    QString activity;
    QString title;  // in the language of the first file that names the activity
    int step = 0;   // from 1
    QString kind;
    int students = 0;     // rows for this step
    int answered = 0;     // rows judged right or wrong
    int right = 0;        // rows judged right
    QString commonWrong;  // the most common wrong answer ("B: text", or a number)
    int commonWrongCount = 0;
    double medianSeconds = 0.0;
};

struct ClassSummary {
    QList<StepSummary> steps;  // in the order the files first name them
    QString error;             // one line: which file and row is not a record CSV
};

// Parses CSV (RFC 4180: quotes, doubled quotes, line breaks inside quotes) into rows.
QList<QStringList> parseCsv(const QByteArray& csv);
ClassSummary summarizeClass(const QList<std::pair<QString, QByteArray>>& files);
QByteArray classSummaryCsv(const ClassSummary& summary);
QString classSummaryHtml(const ClassSummary& summary);

// Prints `html` to a PDF (A4, printable margins), written atomically; empty or why not. Needs a
// QGuiApplication.
QString writeHtmlPdf(const QString& html, const QString& path);

}  // namespace ropelab::ui
