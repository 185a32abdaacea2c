// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/activity_panel.h"

#include <QButtonGroup>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QStyle>
#include <QVBoxLayout>
#include <cmath>
#include <optional>

#include "activities/activity_catalog.h"
#include "activities/activity_reference.h"
#include "activities/activity_runner.h"
#include "lessons/lesson.h"
#include "widgets/wrapped_label.h"
#include "widgets/wrapping_radio_button.h"

namespace ropelab::ui {

namespace {

QLabel* wrappingLabel(QWidget* parent, const char* objectName) {
    auto* label = new WrappedLabel(parent);
    label->setTextFormat(Qt::RichText);
    label->setObjectName(QLatin1String(objectName));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString shown(double value) {
    return QLocale().toString(value, 'g', 6);
}

// A computed value this small is rounding left by sums of doubles near 1 (the lessons say so too).
bool roundingNoise(double value) {
    return value != 0.0 && std::abs(value) < 1e-12;
}

// Accepts the student's locale and plain C notation ("0,5" and "0.5" in a German locale).
std::optional<double> parseNumber(const QString& text) {
    bool ok = false;
    const double value = QLocale().toDouble(text.trimmed(), &ok);
    if (ok) return value;
    const double plain = QLocale::c().toDouble(text.trimmed(), &ok);
    return ok ? std::optional<double>(plain) : std::nullopt;
}

}  // namespace

ActivityPanel::ActivityPanel(ActivityRunner& runner, QWidget* parent)
    : QWidget(parent),
      runner_(runner),
      title_(wrappingLabel(this, "activityTitle")),
      close_(new QPushButton(this)),
      stepLabel_(new QLabel(this)),
      prompt_(wrappingLabel(this, "activityPrompt")),
      choiceLayout_(new QVBoxLayout),
      choiceGroup_(new QButtonGroup(this)),
      number_(new QLineEdit(this)),
      check_(new QPushButton(this)),
      feedback_(wrappingLabel(this, "activityFeedback")),
      live_(wrappingLabel(this, "activityLive")),
      try_(new QPushButton(this)),
      goal_(wrappingLabel(this, "activityGoal")),
      readoutsHeading_(new QLabel(this)),
      readoutBox_(new QWidget(this)),
      readoutGrid_(new QGridLayout(readoutBox_)),
      hintButton_(new QPushButton(this)),
      hint_(wrappingLabel(this, "activityHint")),
      showMe_(new QPushButton(this)),
      reveal_(wrappingLabel(this, "activityReveal")),
      back_(new QPushButton(this)),
      next_(new QPushButton(this)),
      finished_(wrappingLabel(this, "activityFinished")),
      map_(new QPushButton(this)) {
    setObjectName(QStringLiteral("activityPanel"));
    setAttribute(Qt::WA_StyledBackground);
    setStyleSheet(QStringLiteral(
        "#activityPanel { border: 2px solid palette(highlight); border-radius: 6px; }"
        "#activityFeedback[verdict=\"right\"] { background: #d8f0d8; color: #14451a;"
        " border-radius: 4px; padding: 4px; }"
        "#activityFeedback[verdict=\"wrong\"] { background: #fbe3d6; color: #5c2408;"
        " border-radius: 4px; padding: 4px; }"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 8);
    layout->setSpacing(4);

    auto* header = new QHBoxLayout;
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    header->addWidget(title_, 1);
    close_->setObjectName(QStringLiteral("activityClose"));
    header->addWidget(close_, 0, Qt::AlignTop);
    layout->addLayout(header);
    stepLabel_->setObjectName(QStringLiteral("activityStep"));
    layout->addWidget(stepLabel_);
    layout->addWidget(prompt_);
    layout->addLayout(choiceLayout_);
    number_->setObjectName(QStringLiteral("activityNumber"));
    layout->addWidget(number_);
    check_->setObjectName(QStringLiteral("activityCheck"));
    check_->setDefault(true);
    layout->addWidget(check_);
    layout->addWidget(feedback_);
    layout->addWidget(live_);
    try_->setObjectName(QStringLiteral("activityTry"));
    layout->addWidget(try_);
    layout->addWidget(goal_);
    readoutsHeading_->setObjectName(QStringLiteral("stepReadoutsHeading"));
    readoutBox_->setObjectName(QStringLiteral("stepReadouts"));
    readoutGrid_->setContentsMargins(0, 0, 0, 0);
    readoutGrid_->setHorizontalSpacing(8);
    readoutGrid_->setVerticalSpacing(2);
    readoutGrid_->setColumnStretch(0, 3);
    readoutGrid_->setColumnStretch(1, 2);
    layout->addWidget(readoutsHeading_);
    layout->addWidget(readoutBox_);
    auto* helpRow = new QHBoxLayout;
    hintButton_->setObjectName(QStringLiteral("activityHintButton"));
    hintButton_->setCheckable(true);
    showMe_->setObjectName(QStringLiteral("activityShowMe"));
    helpRow->addWidget(hintButton_);
    helpRow->addWidget(showMe_);
    layout->addLayout(helpRow);
    layout->addWidget(hint_);
    layout->addWidget(reveal_);
    layout->addWidget(finished_);
    layout->addWidget(map_);
    auto* navigation = new QHBoxLayout;
    back_->setObjectName(QStringLiteral("activityBack"));
    next_->setObjectName(QStringLiteral("activityNext"));
    navigation->addWidget(back_);
    navigation->addStretch(1);
    navigation->addWidget(next_);
    layout->addLayout(navigation);

    connect(close_, &QPushButton::clicked, this, [this] {
        runner_.stop();
        hide();
    });
    connect(check_, &QPushButton::clicked, this, &ActivityPanel::onCheck);
    connect(number_, &QLineEdit::returnPressed, this, &ActivityPanel::onCheck);
    connect(try_, &QPushButton::clicked, &runner_, &ActivityRunner::tryIt);
    connect(hintButton_, &QPushButton::toggled, this, [this] { refresh(); });
    connect(showMe_, &QPushButton::clicked, this, [this] {
        if (runner_.canShowAnswer()) {
            runner_.showAnswer();
        } else {
            runner_.showSolution();
        }
    });
    connect(back_, &QPushButton::clicked, &runner_, &ActivityRunner::back);
    connect(next_, &QPushButton::clicked, &runner_, &ActivityRunner::next);
    connect(map_, &QPushButton::clicked, this, &ActivityPanel::lessonMapRequested);
    connect(&runner_, &ActivityRunner::changed, this, &ActivityPanel::refresh);
    connect(&runner_, &ActivityRunner::finishedActivity, this, &ActivityPanel::onFinished);
    retranslate();
    refresh();
}

void ActivityPanel::setLanguage(const QString& language) {
    language_ = language;
    builtForStep_ = -1;
    refresh();
}

QString ActivityPanel::feedbackText() const {
    return feedback_->isHidden() ? QString() : feedback_->text();
}

QString ActivityPanel::promptText() const {
    return prompt_->text();
}

QString ActivityPanel::readoutValueText(const QString& id) const {
    for (const ReadoutValue& row : readoutValues_) {
        if (row.id == id) return row.value->isVisible() ? row.value->text() : QString();
    }
    return {};
}

void ActivityPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

void ActivityPanel::retranslate() {
    close_->setText(tr("Close"));
    number_->setPlaceholderText(tr("Your prediction (a number)"));
    number_->setAccessibleName(tr("Your prediction"));
    check_->setText(tr("Check my prediction"));
    try_->setText(tr("Now try it"));
    try_->setToolTip(tr("Unlocks the controls so you can see the live value"));
    hintButton_->setText(tr("Hint"));
    showMe_->setText(tr("Show me"));
    back_->setText(tr("◀ &Back"));
    map_->setText(tr("Lesson map…"));
    readoutsHeading_->setText(tr("<b>The numbers this step reads</b>"));
    builtForStep_ = -1;
    refresh();
}

void ActivityPanel::rebuildChoices() {
    for (QRadioButton* button : choices_) {
        choiceGroup_->removeButton(button);
        delete button;
    }
    choices_.clear();
    if (!runner_.running()) return;
    const ActivityStep& step = runner_.step();
    for (int i = 0; i < step.choices.size(); ++i) {
        auto* button = new WrappingRadioButton(step.choices[i].text.in(language_), this);
        button->setObjectName(QStringLiteral("activityChoice%1").arg(i));
        choiceGroup_->addButton(button, i);
        choiceLayout_->addWidget(button);
        choices_.append(button);
    }
    // Made after the card's buttons, the answers would come last in the window's Tab order: Tab
    // from an answer leads to "Check my prediction".
    QWidget* before = check_->previousInFocusChain();
    for (QRadioButton* button : std::as_const(choices_)) {
        QWidget::setTabOrder(before, button);
        before = button;
    }
    if (!choices_.isEmpty()) QWidget::setTabOrder(before, check_);
    number_->clear();
}

void ActivityPanel::rebuildReadouts() {
    while (QLayoutItem* item = readoutGrid_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    readoutValues_.clear();
    if (!runner_.running()) return;
    int row = 0;
    for (const QString& id : runner_.step().namedReadouts()) {
        auto* name = new WrappedLabel(readoutBox_);
        name->setTextFormat(Qt::PlainText);
        name->setText(readoutCardName(id));
        auto* value = new WrappedLabel(readoutBox_);
        value->setObjectName(QStringLiteral("stepReadout:%1").arg(id));
        value->setAlignment(Qt::AlignRight | Qt::AlignTop);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        QFont bold = value->font();
        bold.setBold(true);
        value->setFont(bold);
        readoutGrid_->addWidget(name, row, 0);
        readoutGrid_->addWidget(value, row, 1);
        readoutValues_.append({id, value});
        ++row;
    }
}

void ActivityPanel::refreshReadouts() {
    const bool any = !readoutValues_.isEmpty();
    readoutsHeading_->setVisible(any);
    readoutBox_->setVisible(any);
    Lesson* lesson = runner_.lesson();
    const bool computing = runner_.lessonComputing();
    for (const ReadoutValue& row : std::as_const(readoutValues_)) {
        QString text;
        const std::optional<double> value =
            lesson != nullptr ? lesson->readout(row.id) : std::nullopt;
        if (!value) {
            // A readout the lesson does not show now (a training run without fine-tuning) gives
            // nothing away; the runner says when the lesson stops computing.
            text = computing ? tr("computing…") : tr("not shown now");
        } else if (runner_.readoutConcealed(row.id)) {
            text = tr("hidden until you check");
        } else {
            const std::optional<ReadoutSpec> spec = ActivityCatalog::builtIn().readout(row.id);
            if (!std::isfinite(*value)) {
                text = QStringLiteral("—");
            } else if (roundingNoise(*value)) {
                text = tr("0 (up to rounding)");
            } else if (spec && spec->whole) {
                text = QLocale().toString(std::llround(*value));
            } else {
                text = lesson->writtenReadout(row.id);
            }
        }
        if (row.value->text() != text) row.value->setText(text);
    }
}

void ActivityPanel::onCheck() {
    if (runner_.phase() != ActivityRunner::Phase::Predicting) return;
    if (runner_.step().predictsNumber()) {
        const std::optional<double> value = parseNumber(number_->text());
        if (!value) {
            feedback_->setProperty("verdict", QString());
            feedback_->setText(tr("Type a number first, e.g. 0.5."));
            feedback_->show();
            return;
        }
        runner_.submitNumber(*value);
    } else {
        if (choiceGroup_->checkedId() < 0) {
            feedback_->setProperty("verdict", QString());
            feedback_->setText(tr("Pick one answer first."));
            feedback_->show();
            return;
        }
        runner_.submitChoice(choiceGroup_->checkedId());
    }
    // The answer's controls went grey: the keyboard goes on to Next, not out of the card.
    if (next_->isEnabled() && !check_->isEnabled()) next_->setFocus();
}

void ActivityPanel::onFinished(const QString&) {
    finished_->setText(
        tr("<b>Activity complete.</b> Pick the next one in the lesson map, or "
           "keep exploring this lesson."));
    builtForStep_ = -1;
    for (QWidget* w : std::initializer_list<QWidget*>{
             stepLabel_, prompt_, number_, check_, feedback_, live_, try_, goal_, readoutsHeading_,
             readoutBox_, hintButton_, hint_, showMe_, reveal_, back_, next_}) {
        w->hide();
    }
    for (QRadioButton* button : choices_) button->hide();
    finished_->show();
    map_->show();
}

void ActivityPanel::refresh() {
    using Phase = ActivityRunner::Phase;
    close_->setEnabled(!runner_.keepsInside());
    close_->setToolTip(runner_.keepsInside()
                           ? tr("Your teacher keeps you in this activity until it ends")
                           : tr("Stop the activity (your progress is kept)"));
    if (!runner_.running()) return;  // a finished activity keeps its last view
    finished_->hide();
    map_->hide();
    const Activity& activity = runner_.activity();
    const ActivityStep& step = runner_.step();
    if (builtForStep_ != runner_.stepIndex() || builtForActivity_ != activity.id) {
        builtForStep_ = runner_.stepIndex();
        builtForActivity_ = activity.id;
        rebuildChoices();
        rebuildReadouts();
        hintButton_->setChecked(false);
    }
    refreshReadouts();
    const Phase phase = runner_.phase();
    title_->setText(activity.title.in(language_));
    stepLabel_->setText(
        tr("Step %1 of %2").arg(runner_.stepIndex() + 1).arg(activity.steps.size()));
    stepLabel_->show();
    prompt_->setText(step.prompt.in(language_));
    prompt_->show();

    const bool predicting = phase == Phase::Predicting;
    const bool predictStep = step.kind == ActivityStep::Kind::Predict;
    for (QRadioButton* button : choices_) {
        button->setVisible(predictStep && !step.predictsNumber());
        button->setEnabled(predicting);
    }
    number_->setVisible(step.predictsNumber());
    number_->setEnabled(predicting);
    check_->setVisible(predictStep);
    check_->setEnabled(predicting && runner_.readyToCheck());

    // Feedback: the verdict once, then the right answer (unless the teacher hides it), then the
    // explanation: the picked choice's own feedback, else the step's.
    QString feedback;
    QString verdict;
    const bool showsSolution = runner_.showsSolution();
    const std::optional<int> picked = runner_.chosen();
    const LocalText* choiceFeedback =
        picked && !step.predictsNumber() && !step.choices[*picked].feedback.isEmpty()
            ? &step.choices[*picked].feedback
            : nullptr;
    const auto add = [&](const QString& part) {
        if (part.isEmpty()) return;
        if (!feedback.isEmpty()) feedback += QStringLiteral("<br>");
        feedback += part;
    };
    if (predictStep && phase == Phase::Predicting && runner_.wrongTries() > 0) {
        verdict = QStringLiteral("wrong");
        add(tr("✗ Not quite. Try again (tries left: %1).").arg(runner_.triesLeft() + 1));
        if (choiceFeedback != nullptr) add(choiceFeedback->in(language_));
    } else if (predictStep && runner_.predictionRight()) {
        const bool right = *runner_.predictionRight();
        verdict = right ? QStringLiteral("right") : QStringLiteral("wrong");
        if (runner_.answerShown()) {
            verdict = QString();
        } else {
            add(right ? tr("✓ Right.") : tr("✗ Not quite."));
        }
        if (!right && showsSolution && !step.predictsNumber()) {
            if (const std::optional<int> c = runner_.correctChoice()) {
                add(tr("The answer is: %1").arg(step.choices[*c].text.in(language_)));
            }
        }
        if (choiceFeedback != nullptr && !runner_.answerShown()) {
            add(choiceFeedback->in(language_));
        } else if (right || showsSolution) {
            add((right ? step.correct : step.wrong).in(language_));
        }
    } else if (step.kind == ActivityStep::Kind::Explore && phase == Phase::Reached) {
        verdict = QStringLiteral("right");
        add(tr("✓ Goal reached."));
        add(step.correct.in(language_));
    }
    if (feedback_->property("verdict").toString() != verdict) {
        feedback_->setProperty("verdict", verdict);
        feedback_->style()->unpolish(feedback_);
        feedback_->style()->polish(feedback_);
    }
    feedback_->setText(feedback);
    feedback_->setVisible(!feedback.isEmpty());

    const bool judged = phase != Phase::Predicting;
    if (step.predictsNumber() && runner_.predicted() && judged &&
        (showsSolution || *runner_.predictionRight())) {
        const std::optional<double> live = runner_.liveNumber();
        QString computed = tr("(not computed yet)");
        if (live) computed = roundingNoise(*live) ? tr("0 (up to rounding)") : shown(*live);
        live_->setText(tr("Your prediction: <b>%1</b> · RoPE Lab computes: <b>%2</b>")
                           .arg(shown(*runner_.predicted()), computed));
        live_->show();
    } else {
        live_->hide();
    }
    try_->setVisible(phase == Phase::Answered);

    if (step.kind == ActivityStep::Kind::Explore) {
        goal_->setText(phase == Phase::Reached
                           ? QString()
                           : tr("<i>Move the controls until the goal holds…</i>"));
        goal_->setVisible(phase != Phase::Reached);
    } else {
        goal_->hide();
    }
    hintButton_->setVisible(!step.hint.isEmpty());
    hint_->setText(step.hint.in(language_));
    hint_->setVisible(!step.hint.isEmpty() && hintButton_->isChecked());
    // "Show me": an explore step's solution, or a prediction's answer after a wrong try.
    const bool exploreHelp = !step.solution.isEmpty() && step.kind == ActivityStep::Kind::Explore;
    showMe_->setVisible(showsSolution && (exploreHelp || runner_.canShowAnswer()));
    showMe_->setEnabled(phase == Phase::Exploring || runner_.canShowAnswer());
    showMe_->setToolTip(predictStep ? tr("Ends this prediction and shows the answer")
                                    : tr("Moves the controls to a solution"));

    const bool done = phase == Phase::Answered || phase == Phase::Trying ||
                      phase == Phase::Reached || phase == Phase::Reading;
    reveal_->setText(step.reveal.in(language_));
    reveal_->setVisible(done && !step.reveal.isEmpty());

    back_->setVisible(true);
    back_->setEnabled(runner_.canGoBack());
    next_->setVisible(true);
    next_->setText(runner_.atLastStep() ? tr("Fi&nish ✓") : tr("&Next ▶"));
    next_->setEnabled(runner_.canGoNext());
}

}  // namespace ropelab::ui
