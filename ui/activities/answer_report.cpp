// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/answer_report.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QLocale>
#include <QMarginsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextDocument>

#include <algorithm>
#include <cmath>
#include <map>

#include "model/atomic_write.h"

namespace ropelab::ui {

namespace {

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::AnswerReport)
};

const QStringList& csvColumns() {
    static const QStringList columns{
        QStringLiteral("student"),      QStringLiteral("activity"), QStringLiteral("lesson"),
        QStringLiteral("title"),        QStringLiteral("step"),     QStringLiteral("kind"),
        QStringLiteral("prediction"),   QStringLiteral("choice"),   QStringLiteral("computed"),
        QStringLiteral("right_choice"), QStringLiteral("right"),    QStringLiteral("tries"),
        QStringLiteral("hints"),        QStringLiteral("show_me"),  QStringLiteral("seconds")};
    return columns;
}

QString letter(int index) {
    return index >= 0 && index < 26 ? QString(QChar(u'A' + index)) : QString::number(index + 1);
}

QString number(double value) {
    return QString::number(value, 'g', 6);
}

QString kindName(ActivityStep::Kind kind) {
    switch (kind) {
        case ActivityStep::Kind::Predict:
            return QStringLiteral("predict");
        case ActivityStep::Kind::Explore:
            return QStringLiteral("explore");
        case ActivityStep::Kind::Explain:
            break;
    }
    return QStringLiteral("explain");
}

QString kindText(const QString& kind) {
    if (kind == QLatin1String("predict")) return Tr::tr("Prediction");
    if (kind == QLatin1String("explore")) return Tr::tr("Explore");
    return Tr::tr("Read");
}

// The student's answer and what RoPE Lab computed, as one cell each.
QString predictionText(const StepAnswer& s, const QString& language) {
    if (s.choice) return QStringLiteral("%1: %2").arg(letter(*s.choice), s.choiceText.in(language));
    if (s.number) return number(*s.number);
    return {};
}

QString computedText(const StepAnswer& s, const QString& language) {
    if (s.rightChoice) {
        return QStringLiteral("%1: %2").arg(letter(*s.rightChoice), s.rightChoiceText.in(language));
    }
    if (s.computed) return number(*s.computed);
    return {};
}

QString csvField(const QString& text) {
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')) && !text.contains(QLatin1Char('\r'))) {
        return text;
    }
    QString quoted = text;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvLine(const QStringList& fields) {
    QStringList out;
    for (const QString& field : fields) out.append(csvField(field));
    return out.join(QLatin1Char(',')) + QStringLiteral("\r\n");
}

QString durationText(double seconds) {
    const int whole = static_cast<int>(std::lround(seconds));
    if (whole < 60) return Tr::tr("%1 s").arg(whole);
    return Tr::tr("%1 min %2 s").arg(whole / 60).arg(whole % 60, 2, 10, QLatin1Char('0'));
}

QString verdictText(const StepAnswer& s) {
    if (!s.right) return QStringLiteral("—");
    if (s.kind == ActivityStep::Kind::Explore) {
        return *s.right ? Tr::tr("goal reached") : Tr::tr("goal not reached");
    }
    return *s.right ? Tr::tr("✓ right") : Tr::tr("✗ wrong");
}

QString htmlPage(const QString& title, const QString& body) {
    return QStringLiteral(
               "<html><head><meta charset=\"utf-8\"><title>%1</title>"
               "<style>table { border-collapse: collapse; } th, td { padding: 3px 6px; } "
               "th { background: #e8e8e8; text-align: left; }</style></head><body>%2</body></html>")
        .arg(title.toHtmlEscaped(), body);
}

QString tableRow(const QStringList& cells, bool header = false) {
    const QString tag = header ? QStringLiteral("th") : QStringLiteral("td");
    QString row = QStringLiteral("<tr>");
    for (const QString& cell : cells) {
        row += QStringLiteral("<%1>%2</%1>").arg(tag, cell.toHtmlEscaped());
    }
    return row + QStringLiteral("</tr>");
}

QString tableStart() {
    return QStringLiteral(
        "<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\" width=\"100%\">");
}

double median(QList<double> values) {
    if (values.isEmpty()) return 0.0;
    std::sort(values.begin(), values.end());
    const qsizetype middle = values.size() / 2;
    return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2.0;
}

}  // namespace

QByteArray answerReportCsv(const AnswerRecord& record, const QString& student,
                           const QString& language) {
    QString csv = csvLine(csvColumns());
    for (const ActivityAnswers& answers : record.activities) {
        for (const StepAnswer& s : answers.steps) {
            csv += csvLine(
                {student, answers.activityId, answers.lesson, answers.title.in(language),
                 QString::number(s.step + 1), kindName(s.kind),
                 s.choice ? s.choiceText.in(language) : (s.number ? number(*s.number) : QString()),
                 s.choice ? letter(*s.choice) : QString(),
                 s.rightChoice ? s.rightChoiceText.in(language)
                               : (s.computed ? number(*s.computed) : QString()),
                 s.rightChoice ? letter(*s.rightChoice) : QString(),
                 s.right ? QString::number(*s.right ? 1 : 0) : QString(), QString::number(s.tries),
                 QString::number(s.hints), QString::number(s.showMe),
                 QString::number(s.seconds, 'f', 1)});
        }
    }
    return csv.toUtf8();
}

QString answerReportHtml(const AnswerRecord& record, const QString& student,
                         const QString& language) {
    const QString title = Tr::tr("My answers — RoPE Lab");
    QString body = QStringLiteral("<h1>%1</h1>").arg(title.toHtmlEscaped());
    body += QStringLiteral("<p>%1</p>")
                .arg(Tr::tr("Student: %1 · %2")
                         .arg(student.isEmpty() ? Tr::tr("(no name entered)") : student,
                              QLocale(language).toString(QDate::currentDate(), QLocale::LongFormat))
                         .toHtmlEscaped());
    if (record.activities.isEmpty()) {
        body += QStringLiteral("<p>%1</p>")
                    .arg(Tr::tr("No activity answered yet. Activities → Lesson map starts one.")
                             .toHtmlEscaped());
    }
    for (const ActivityAnswers& answers : record.activities) {
        body += QStringLiteral("<h2>%1</h2><p>%2</p>")
                    .arg(answers.title.in(language).toHtmlEscaped(),
                         (answers.finished ? Tr::tr("Lesson %1 · finished")
                                           : Tr::tr("Lesson %1 · not finished"))
                             .arg(answers.lesson)
                             .toHtmlEscaped());
        body += tableStart();
        body += tableRow(
            {Tr::tr("Step"), Tr::tr("Task"), Tr::tr("My answer"), Tr::tr("Computed by RoPE Lab"),
             Tr::tr("Result"), Tr::tr("Tries"), Tr::tr("Hints"), Tr::tr("Show me"), Tr::tr("Time")},
            true);
        for (const StepAnswer& s : answers.steps) {
            body += tableRow({QString::number(s.step + 1), kindText(kindName(s.kind)),
                              predictionText(s, language), computedText(s, language),
                              verdictText(s), QString::number(s.tries), QString::number(s.hints),
                              QString::number(s.showMe), durationText(s.seconds)});
        }
        body += QStringLiteral("</table>");
    }
    return htmlPage(title, body);
}

QList<QStringList> parseCsv(const QByteArray& bytes) {
    const QString csv = QString::fromUtf8(bytes);
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    bool any = false;  // the current row has started
    for (qsizetype i = 0; i < csv.size(); ++i) {
        const QChar c = csv[i];
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < csv.size() && csv[i + 1] == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
            continue;
        }
        if (c == QLatin1Char('"')) {
            quoted = true;
            any = true;
        } else if (c == QLatin1Char(',')) {
            row.append(field);
            field.clear();
            any = true;
        } else if (c == QLatin1Char('\n') || c == QLatin1Char('\r')) {
            if (c == QLatin1Char('\r') && i + 1 < csv.size() && csv[i + 1] == QLatin1Char('\n')) {
                ++i;
            }
            if (any || !field.isEmpty()) {
                row.append(field);
                rows.append(row);
            }
            row.clear();
            field.clear();
            any = false;
        } else if (c != QChar(0xfeff) || i != 0) {
            field += c;
            any = true;
        }
    }
    if (any || !field.isEmpty()) {
        row.append(field);
        rows.append(row);
    }
    return rows;
}

ClassSummary summarizeClass(const QList<std::pair<QString, QByteArray>>& files) {
    struct Rows {
        StepSummary summary;
        QList<double> seconds;
        struct Wrong {
            int count = 0;
            int first = 0;  // order first seen, for ties
            QString text;
        };
        std::map<QString, Wrong> wrong;  // by choice letter, or by the number predicted
    };
    ClassSummary result;
    QList<QString> order;
    QHash<QString, Rows> steps;
    int seen = 0;
    for (const auto& [name, bytes] : files) {
        const QList<QStringList> rows = parseCsv(bytes);
        if (rows.isEmpty() || rows.front() != csvColumns()) {
            result.error = Tr::tr("%1: not a RoPE Lab answers CSV (the first line must be: %2)")
                               .arg(name, csvColumns().join(QLatin1Char(',')));
            return result;
        }
        for (qsizetype r = 1; r < rows.size(); ++r) {
            const QStringList& row = rows[r];
            bool stepOk = false;
            bool secondsOk = false;
            const int step = row.value(4).toInt(&stepOk);
            const double seconds = row.value(14).toDouble(&secondsOk);
            const QString right = row.value(10);
            if (row.size() != csvColumns().size() || !stepOk || step < 1 || !secondsOk ||
                !(right.isEmpty() || right == QLatin1String("0") || right == QLatin1String("1"))) {
                result.error =
                    Tr::tr("%1: line %2 is not a row of an answers CSV").arg(name).arg(r + 1);
                return result;
            }
            const QString key = row[1] + QLatin1Char('\n') + QString::number(step);
            if (!steps.contains(key)) {
                order.append(key);
                Rows fresh;
                fresh.summary.activity = row[1];
                fresh.summary.title = row[3];
                fresh.summary.step = step;
                fresh.summary.kind = row[5];
                steps.insert(key, fresh);
            }
            Rows& rowsOfStep = steps[key];
            StepSummary& s = rowsOfStep.summary;
            ++s.students;
            rowsOfStep.seconds.append(seconds);
            if (right.isEmpty()) continue;
            ++s.answered;
            if (right == QLatin1String("1")) {
                ++s.right;
                continue;
            }
            // The same choice is the same letter in every language; its text from the first row.
            const QString answer = row[7].isEmpty() ? row[6] : row[7];
            auto& wrong = rowsOfStep.wrong[answer];
            if (wrong.count++ == 0) {
                wrong.first = seen++;
                wrong.text =
                    row[7].isEmpty() ? row[6] : QStringLiteral("%1: %2").arg(row[7], row[6]);
            }
        }
    }
    for (const QString& key : order) {
        Rows& rows = steps[key];
        StepSummary s = rows.summary;
        s.medianSeconds = median(rows.seconds);
        // Most common; a tie goes to the answer seen first.
        const auto best = std::max_element(
            rows.wrong.begin(), rows.wrong.end(), [](const auto& a, const auto& b) {
                return a.second.count < b.second.count ||
                       (a.second.count == b.second.count && a.second.first > b.second.first);
            });
        if (best != rows.wrong.end()) {
            s.commonWrong = best->second.text;
            s.commonWrongCount = best->second.count;
        }
        result.steps.append(s);
    }
    return result;
}

QByteArray classSummaryCsv(const ClassSummary& summary) {
    QString csv = csvLine(
        {QStringLiteral("activity"), QStringLiteral("title"), QStringLiteral("step"),
         QStringLiteral("kind"), QStringLiteral("students"), QStringLiteral("answered"),
         QStringLiteral("right"), QStringLiteral("right_share"), QStringLiteral("common_wrong"),
         QStringLiteral("common_wrong_count"), QStringLiteral("median_seconds")});
    for (const StepSummary& s : summary.steps) {
        csv += csvLine(
            {s.activity, s.title, QString::number(s.step), s.kind, QString::number(s.students),
             QString::number(s.answered), QString::number(s.right),
             s.answered > 0 ? QString::number(double(s.right) / s.answered, 'f', 3) : QString(),
             s.commonWrong, QString::number(s.commonWrongCount),
             QString::number(s.medianSeconds, 'f', 1)});
    }
    return csv.toUtf8();
}

QString classSummaryHtml(const ClassSummary& summary) {
    const QString title = Tr::tr("Class summary — RoPE Lab");
    QString body = QStringLiteral("<h1>%1</h1>").arg(title.toHtmlEscaped());
    body += tableStart();
    body += tableRow({Tr::tr("Activity"), Tr::tr("Step"), Tr::tr("Task"), Tr::tr("Students"),
                      Tr::tr("Right"), Tr::tr("Most common wrong answer"), Tr::tr("Median time")},
                     true);
    for (const StepSummary& s : summary.steps) {
        body += tableRow(
            {s.title.isEmpty() ? s.activity : s.title, QString::number(s.step), kindText(s.kind),
             QString::number(s.students),
             s.answered > 0 ? Tr::tr("%1 of %2 (%3 %)")
                                  .arg(s.right)
                                  .arg(s.answered)
                                  .arg(std::lround(100.0 * s.right / s.answered))
                            : QStringLiteral("—"),
             s.commonWrongCount > 0
                 ? Tr::tr("%1 (%n student(s))", nullptr, s.commonWrongCount).arg(s.commonWrong)
                 : QStringLiteral("—"),
             durationText(s.medianSeconds)});
    }
    body += QStringLiteral("</table>");
    return htmlPage(title, body);
}

QString writeHtmlPdf(const QString& html, const QString& path) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
                                         QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter));
        writer.setTitle(QStringLiteral("RoPE Lab"));
        QTextDocument document;
        document.setHtml(html);
        document.print(&writer);
    }
    return writeFileAtomically(path, buffer.data()).error;
}

}  // namespace ropelab::ui
