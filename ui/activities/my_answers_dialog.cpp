// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/my_answers_dialog.h"

#include <QAbstractButton>
#include <QAction>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "activities/activity_controller.h"
#include "activities/activity_panel.h"
#include "activities/answer_record.h"
#include "activities/answer_recorder.h"
#include "activities/answer_report.h"
#include "model/atomic_write.h"
#include "style/language_controller.h"

namespace ropelab::ui {

MyAnswersDialog::MyAnswersDialog(AnswerRecorder& recorder, QString language, QWidget* parent)
    : QDialog(parent),
      recorder_(recorder),
      language_(std::move(language)),
      name_(new QLineEdit(this)),
      view_(new QTextBrowser(this)),
      nameLabel_(new QLabel(this)),
      pdf_(new QPushButton(this)),
      csv_(new QPushButton(this)),
      close_(new QPushButton(this)) {
    setObjectName(QStringLiteral("myAnswersDialog"));
    name_->setObjectName(QStringLiteral("studentName"));
    name_->setText(studentName());
    nameLabel_->setBuddy(name_);
    view_->setObjectName(QStringLiteral("answersView"));
    pdf_->setObjectName(QStringLiteral("exportAnswersPdf"));
    csv_->setObjectName(QStringLiteral("exportAnswersCsv"));
    auto* nameRow = new QHBoxLayout;
    nameRow->addWidget(nameLabel_);
    nameRow->addWidget(name_, 1);
    auto* buttons = new QDialogButtonBox(this);
    buttons->addButton(pdf_, QDialogButtonBox::ActionRole);
    buttons->addButton(csv_, QDialogButtonBox::ActionRole);
    buttons->addButton(close_, QDialogButtonBox::RejectRole);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(nameRow);
    layout->addWidget(view_, 1);
    layout->addWidget(buttons);
    connect(name_, &QLineEdit::editingFinished, this, [this] {
        setStudentName(name_->text());
        refresh();
    });
    connect(pdf_, &QPushButton::clicked, this, [this] { exportWithDialog(true); });
    connect(csv_, &QPushButton::clicked, this, [this] { exportWithDialog(false); });
    connect(close_, &QPushButton::clicked, this, &QDialog::reject);
    connect(&recorder_, &AnswerRecorder::recordChanged, this, &MyAnswersDialog::refresh);
    resize(760, 520);
    retranslate();
}

void MyAnswersDialog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QDialog::changeEvent(event);
}

void MyAnswersDialog::retranslate() {
    setWindowTitle(tr("My answers"));
    nameLabel_->setText(tr("My &name:"));
    name_->setPlaceholderText(tr("Entered once; shown on the report"));
    pdf_->setText(tr("Export &PDF…"));
    csv_->setText(tr("Export &CSV…"));
    close_->setText(tr("Close"));
    refresh();
}

void MyAnswersDialog::refresh() {
    recorder_.flush();
    QString html = answerReportHtml(recorder_.record(), studentName(), language_);
    if (!recorder_.problem().isEmpty()) {
        html.replace(
            QStringLiteral("<body>"),
            QStringLiteral("<body><p><b>%1</b></p>").arg(recorder_.problem().toHtmlEscaped()));
    }
    view_->setHtml(html);
}

QString MyAnswersDialog::exportPdf(const QString& path) const {
    recorder_.flush();
    return writeHtmlPdf(answerReportHtml(recorder_.record(), studentName(), language_), path);
}

QString MyAnswersDialog::exportCsv(const QString& path) const {
    recorder_.flush();
    return writeFileAtomically(path, answerReportCsv(recorder_.record(), studentName(), language_))
        .error;
}

void MyAnswersDialog::exportWithDialog(bool pdf) {
    setStudentName(name_->text());
    const QString suffix = pdf ? QStringLiteral("pdf") : QStringLiteral("csv");
    const QString stem = studentName().isEmpty() ? QStringLiteral("my-answers")
                                                 : tr("answers-%1").arg(studentName());
    QString path = QFileDialog::getSaveFileName(
        this, pdf ? tr("Export my answers as PDF") : tr("Export my answers as CSV"),
        stem + QLatin1Char('.') + suffix,
        pdf ? tr("PDF documents (*.pdf)") : tr("CSV tables (*.csv)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + suffix;
    const QString problem = pdf ? exportPdf(path) : exportCsv(path);
    if (!problem.isEmpty()) QMessageBox::warning(this, windowTitle(), problem);
}

MyAnswers::MyAnswers(ActivityController& activities, LanguageController& language, QObject* parent)
    : QObject(parent),
      activities_(activities),
      language_(language),
      recorder_(new AnswerRecorder(activities.runner(), answerRecordPath(), this)),
      action_(new QAction(this)) {
    action_->setObjectName(QStringLiteral("myAnswersAction"));
    if (auto* hint =
            activities.panel()->findChild<QAbstractButton*>(QStringLiteral("activityHintButton"))) {
        recorder_->watchHintButton(hint);
    }
    QMenu* menu = activities.menu();
    const QList<QAction*> actions = menu->actions();
    // After "Save activity draft as…", before the resets.
    QAction* before = nullptr;
    for (qsizetype i = 1; i < actions.size(); ++i) {
        if (actions[i]->objectName() == QLatin1String("resetLessonAction")) {
            before = actions[i - 1];  // the separator above the resets
        }
    }
    menu->insertAction(before, action_);
    connect(action_, &QAction::triggered, this, &MyAnswers::showDialog);
    connect(&language, &LanguageController::languageChanged, this, &MyAnswers::retranslate);
    retranslate();
}

void MyAnswers::retranslate() {
    action_->setText(tr("My a&nswers…"));
}

MyAnswersDialog* MyAnswers::showDialog() {
    auto* dialog =
        new MyAnswersDialog(*recorder_, language_.language(), activities_.menu()->parentWidget());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

}  // namespace ropelab::ui
