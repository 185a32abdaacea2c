// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Activities → My answers: the record to hand in (every activity's predictions, what RoPE Lab
// computed, right or wrong, tries, hints, "Show me", time), the student's name (entered once,
// kept in the settings), and export as a printable PDF or CSV in the interface language.

#include <QDialog>
#include <QObject>
#include <QString>

class QAction;
class QLabel;
class QLineEdit;
class QPushButton;
class QTextBrowser;

namespace ropelab::ui {

class ActivityController;
class AnswerRecorder;
class LanguageController;

class MyAnswersDialog : public QDialog {
    Q_OBJECT
public:
    MyAnswersDialog(AnswerRecorder& recorder, QString language, QWidget* parent = nullptr);

    // Write the report shown; empty, or why nothing was written.
    QString exportPdf(const QString& path) const;
    QString exportCsv(const QString& path) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refresh();
    void exportWithDialog(bool pdf);

    AnswerRecorder& recorder_;
    QString language_;
    QLineEdit* name_;
    QTextBrowser* view_;
    QLabel* nameLabel_;
    QPushButton* pdf_;
    QPushButton* csv_;
    QPushButton* close_;
};

// Keeps the record while the app runs and adds "My answers…" to the Activities menu.
class MyAnswers : public QObject {
    Q_OBJECT
public:
    MyAnswers(ActivityController& activities, LanguageController& language, QObject* parent);
    AnswerRecorder& recorder() const { return *recorder_; }
    MyAnswersDialog* showDialog();

private:
    void retranslate();

    ActivityController& activities_;
    LanguageController& language_;
    AnswerRecorder* recorder_;
    QAction* action_;
};

}  // namespace ropelab::ui
