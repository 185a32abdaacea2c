// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The activity panel at the top of a lesson's side panel: step n of N, the prompt, the answer
// widgets of a prediction, the goal of an exploration, feedback, a hint, "Show me", the
// explanation once the task is done, and Back / Next. Everything is keyboard operable; it reads
// the runner's state and owns no logic of its own.

#include <QList>
#include <QString>
#include <QWidget>

class QButtonGroup;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QVBoxLayout;

namespace ropelab::ui {

class ActivityRunner;

class ActivityPanel : public QWidget {
    Q_OBJECT
public:
    ActivityPanel(ActivityRunner& runner, QWidget* parent = nullptr);

    // The language of the activity's own texts ("en", "zh_CN").
    void setLanguage(const QString& language);

    // For tests and keyboard users: the widgets a student uses.
    QList<QRadioButton*> choiceButtons() const { return choices_; }
    QLineEdit* numberEdit() const { return number_; }
    QPushButton* checkButton() const { return check_; }
    QPushButton* tryButton() const { return try_; }
    QPushButton* nextButton() const { return next_; }
    QPushButton* backButton() const { return back_; }
    QPushButton* hintButton() const { return hintButton_; }
    QPushButton* showMeButton() const { return showMe_; }
    QString feedbackText() const;
    QString promptText() const;
    // The value shown beside the card for readout `id` the step names ("" when not shown).
    QString readoutValueText(const QString& id) const;

signals:
    void lessonMapRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void rebuildChoices();
    void rebuildReadouts();
    void refreshReadouts();
    void refresh();
    void onCheck();
    void onFinished(const QString& activityId);

    ActivityRunner& runner_;
    QString language_ = QStringLiteral("en");
    QLabel* title_;
    QPushButton* close_;
    QLabel* stepLabel_;
    QLabel* prompt_;
    QVBoxLayout* choiceLayout_;
    QButtonGroup* choiceGroup_;
    QList<QRadioButton*> choices_;
    QLineEdit* number_;
    QPushButton* check_;
    QLabel* feedback_;
    QLabel* live_;
    QPushButton* try_;
    QLabel* goal_;
    // The readouts the step names, live, so the student reads them beside the question.
    QLabel* readoutsHeading_;
    QWidget* readoutBox_;
    QGridLayout* readoutGrid_;
    struct ReadoutValue {
        QString id;
        QLabel* value;
    };
    QList<ReadoutValue> readoutValues_;
    QPushButton* hintButton_;
    QLabel* hint_;
    QPushButton* showMe_;
    QLabel* reveal_;
    QPushButton* back_;
    QPushButton* next_;
    QLabel* finished_;
    QPushButton* map_;
    int builtForStep_ = -1;
    QString builtForActivity_;
};

}  // namespace ropelab::ui
