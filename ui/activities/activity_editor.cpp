// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/activity_editor.h"

#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QShortcut>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStyle>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <utility>

#include "activities/activity_catalog.h"
#include "activities/activity_reference.h"
#include "activities/control_driver.h"
#include "encodings/rope_fields.h"
#include "lessons/app_shell.h"
#include "lessons/lesson.h"
#include "lessons/session_file.h"
#include "model/parameter_model.h"
#include "model/parameter_snapshot.h"
#include "model/parameter_text.h"
#include "style/language_controller.h"

namespace ropelab::ui {

namespace {

const QString kEnglish = QStringLiteral("en");
const QString kChinese = QStringLiteral("zh_CN");
constexpr int kMaxUndo = 100;
constexpr int kPromptWords = 48;  // characters of the prompt a list row shows

// An empty field removes the language (the checker then asks for a text where one is needed);
// languages the form does not show are kept.
void setText(LocalText& text, const QString& language, const QString& value) {
    if (value.trimmed().isEmpty()) {
        text.byLanguage.remove(language);
    } else {
        text.byLanguage.insert(language, value);
    }
}

// The readout combo box lists "id — meaning (unit)" but edits the id alone: an editable combo
// box puts an item's EditRole into its line edit.
class ReadoutModel : public QStandardItemModel {
public:
    using QStandardItemModel::QStandardItemModel;
    QVariant data(const QModelIndex& index, int role) const override {
        return QStandardItemModel::data(index, role == Qt::EditRole ? Qt::UserRole : role);
    }
};

// Makes `box` such a picker of readout ids.
void makeReadoutPicker(QComboBox* box) {
    box->setModel(new ReadoutModel(box));
    box->setEditable(true);
    box->setInsertPolicy(QComboBox::NoInsert);
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(24);
}

QString readoutText(const ReferenceItem& item) {
    const QString meaning = QCoreApplication::translate("ActivityReference", item.meaning);
    if (*item.unit == '\0') return meaning;
    return ActivityEditor::tr("%1 (%2)").arg(
        meaning, QCoreApplication::translate("ActivityReference", item.unit));
}

// "rope-2d.angle_deg ≈ 90 ± 1", "rope-2d.distance < rope-2d.sequence_length".
QString conditionText(const Condition& c) {
    const QString op = c.op == Condition::Op::Near    ? QStringLiteral("≈")
                       : c.op == Condition::Op::Below ? QStringLiteral("<")
                                                      : QStringLiteral(">");
    const QString target = c.valueReadout.isEmpty() ? QString::number(c.value) : c.valueReadout;
    if (c.op == Condition::Op::Near && c.tolerance != 0.0) {
        return QStringLiteral("%1 %2 %3 ± %4")
            .arg(c.readout, op, target, QString::number(c.tolerance));
    }
    return QStringLiteral("%1 %2 %3").arg(c.readout, op, target);
}

// A new condition: the lesson's first readout near a value it can take.
Condition firstCondition(const QString& lesson) {
    Condition c;
    const QList<ReadoutSpec> readouts = ActivityCatalog::builtIn().readouts(lesson);
    if (readouts.isEmpty()) return c;
    const ReadoutSpec& spec = readouts.front();
    c.readout = spec.id;
    c.value = std::clamp(0.0, spec.minimum, spec.maximum);
    if (spec.whole) c.value = std::ceil(c.value);
    return c;
}

// The meaning of figure or control `id` of `lesson`, translated; empty for one the reference lacks.
QString referenceMeaning(ReferenceKind kind, const QString& lesson, const QString& id) {
    for (const ReferenceItem& item : activityReference(ActivityCatalog::builtIn(), kind, lesson)) {
        if (item.id == id) return QCoreApplication::translate("ActivityReference", item.meaning);
    }
    return {};
}

// The parameters a step can set, the RoPE table's first in its order, each with its default value
// (a RoPE field with none, an unset optional or an empty list, gets 1 for the checker to judge).
QList<std::pair<QString, QJsonValue>> parameterDefaults() {
    const QJsonObject session = sessionParametersToJson(ParameterSnapshot::of(ParameterModel()));
    QList<std::pair<QString, QJsonValue>> defaults;
    QStringList keys;
    for (const RopeFieldInfo& field : ropeFields()) {
        const QString key =
            QString::fromLatin1(field.key.data(), static_cast<qsizetype>(field.key.size()));
        defaults.append({key, session.contains(key) ? session.value(key) : QJsonValue(1.0)});
        keys.append(key);
    }
    for (auto it = session.constBegin(); it != session.constEnd(); ++it) {
        if (!keys.contains(it.key())) defaults.append({it.key(), it.value()});
    }
    return defaults;
}

// A parameter's value as typed: JSON where it reads as JSON (10000, true, [1, 2]), else text.
QJsonValue parameterValue(const QString& text) {
    const QJsonDocument document =
        QJsonDocument::fromJson(QStringLiteral("[%1]").arg(text).toUtf8());
    if (document.isArray() && document.array().size() == 1) return document.array().first();
    return text.trimmed();
}

QString parameterText(const QJsonValue& value) {
    if (value.isString()) return value.toString();
    const QByteArray json = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(json.mid(1, json.size() - 2));
}

// A recorded move's value as the control shows it: a combo box's item, not its index.
QString moveText(const QWidget* control, const QJsonValue& value) {
    const auto* box = qobject_cast<const QComboBox*>(control);
    if (box != nullptr && value.isDouble() && value.toInt(-1) >= 0 &&
        value.toInt(-1) < box->count()) {
        return box->itemText(value.toInt());
    }
    return parameterText(value);
}

// Unset (the activity's setting), yes, no.
void fillTriState(QComboBox* box) {
    box->clear();
    box->addItem(ActivityEditor::tr("As the activity says"));
    box->addItem(ActivityEditor::tr("Yes"));
    box->addItem(ActivityEditor::tr("No"));
}

int triStateIndex(std::optional<bool> value) {
    return !value ? 0 : *value ? 1 : 2;
}

std::optional<bool> triStateValue(int index) {
    if (index == 0) return std::nullopt;
    return index == 1;
}

// A widget named `name` and its label, whose accelerator puts the keyboard in it.
template <class Widget>
Widget* labelled(QLabel*& label, const char* name, QWidget* parent) {
    label = new QLabel(parent);
    auto* widget = new Widget(parent);
    widget->setObjectName(QLatin1String(name));
    label->setBuddy(widget);
    return widget;
}

// A table of one line a row, `lines` tall; Tab leaves it, the arrow keys move between its cells.
void compactTable(QTableWidget* table, int columns, int lines) {
    table->setColumnCount(columns);
    table->setTabKeyNavigation(false);
    table->verticalHeader()->hide();
    const int line = table->fontMetrics().lineSpacing();
    table->verticalHeader()->setDefaultSectionSize(line + 6);
    table->setFixedHeight(line * lines);
}

// A cell with a check box and no text.
QTableWidgetItem* checkCell(bool checked) {
    auto* item = new QTableWidgetItem;
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
    item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    return item;
}

// A push button that Return in a field does not press (OK is the default).
QPushButton* namedButton(const char* name, QWidget* parent) {
    auto* button = new QPushButton(parent);
    button->setObjectName(QLatin1String(name));
    button->setAutoDefault(false);
    return button;
}

// Buttons in a row, left-aligned.
QHBoxLayout* buttonRow(std::initializer_list<QPushButton*> buttons) {
    auto* row = new QHBoxLayout;
    for (QPushButton* button : buttons) row->addWidget(button);
    row->addStretch(1);
    return row;
}

}  // namespace

ActivityEditor::ActivityEditor(QList<Activity> draft, QString language, AppShell* shell,
                               QWidget* parent)
    : QDialog(parent), draft_(std::move(draft)), language_(std::move(language)), shell_(shell) {
    setObjectName(QStringLiteral("activityEditor"));
    build();
    retranslate();
}

void ActivityEditor::build() {
    // Created in tab order: the activity, its steps and their buttons, the form, OK and Cancel.
    activities_ = labelled<QComboBox>(activityLabel_, "editorActivity", this);
    titleEn_ = labelled<QLineEdit>(titleLabel_, "editorTitleEn", this);
    titleZh_ = new QLineEdit(this);
    titleZh_->setObjectName(QStringLiteral("editorTitleZh"));

    steps_ = labelled<QListWidget>(stepsLabel_, "editorSteps", this);
    // One line a step, every row the same height whether it shows the warning icon or not.
    const int iconSide = steps_->fontMetrics().height();
    steps_->setIconSize(QSize(iconSide, iconSide));
    steps_->setUniformItemSizes(true);
    up_ = namedButton("editorMoveUp", this);
    down_ = namedButton("editorMoveDown", this);
    duplicate_ = namedButton("editorDuplicate", this);
    delete_ = namedButton("editorDelete", this);
    undoButton_ = namedButton("editorUndo", this);
    run_ = namedButton("editorRun", this);

    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    form_ = new QWidget(scroll);
    stepHeading_ = new QLabel(form_);
    QFont heading = stepHeading_->font();
    heading.setBold(true);
    stepHeading_->setFont(heading);
    englishHead_ = new QLabel(LanguageController::nativeName(kEnglish), form_);
    chineseHead_ = new QLabel(LanguageController::nativeName(kChinese), form_);
    promptEn_ = labelled<QPlainTextEdit>(promptLabel_, "editorPromptEn", form_);
    promptZh_ = new QPlainTextEdit(form_);
    promptZh_->setObjectName(QStringLiteral("editorPromptZh"));
    for (QPlainTextEdit* prompt : {promptEn_, promptZh_}) {
        prompt->setTabChangesFocus(true);
        prompt->setFixedHeight(prompt->fontMetrics().lineSpacing() * 4 + 12);
    }
    kind_ = labelled<QComboBox>(kindLabel_, "editorTaskKind", form_);

    // The task's pages in a column, only the chosen one shown: a stacked widget would be as tall as
    // its tallest page (its height for a width takes every page's).
    task_ = new QWidget(form_);
    auto* taskLayout = new QVBoxLayout(task_);
    taskLayout->setContentsMargins(0, 0, 0, 0);
    auto* explainPage = new QWidget(task_);
    auto* numberPage = new QWidget(task_);
    readout_ = labelled<QComboBox>(readoutLabel_, "editorReadout", numberPage);
    makeReadoutPicker(readout_);
    readoutMeaning_ = new QLabel(numberPage);
    readoutMeaning_->setObjectName(QStringLiteral("editorReadoutMeaning"));
    readoutMeaning_->setWordWrap(true);
    tolerance_ = labelled<QDoubleSpinBox>(toleranceLabel_, "editorTolerance", numberPage);
    tolerance_->setDecimals(4);
    tolerance_->setRange(0.0, 1e9);
    auto* numberLayout = new QGridLayout(numberPage);
    numberLayout->setContentsMargins(0, 0, 0, 0);
    numberLayout->addWidget(readoutLabel_, 0, 0);
    numberLayout->addWidget(readout_, 0, 1);
    numberLayout->addWidget(readoutMeaning_, 1, 1);
    numberLayout->addWidget(toleranceLabel_, 2, 0);
    numberLayout->addWidget(tolerance_, 2, 1, Qt::AlignLeft);
    numberLayout->setColumnStretch(1, 1);

    auto* choicesPage = new QWidget(task_);
    choices_ = labelled<QTableWidget>(choicesLabel_, "editorChoices", choicesPage);
    choices_->setColumnCount(5);
    choicesLabel_->setWordWrap(true);
    // Tab leaves the table; the arrow keys move between its cells.
    choices_->setTabKeyNavigation(false);
    choices_->verticalHeader()->hide();
    choices_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    choices_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    choices_->setMinimumHeight(choices_->fontMetrics().lineSpacing() * 7);
    addChoice_ = namedButton("editorAddChoice", choicesPage);
    removeChoice_ = namedButton("editorRemoveChoice", choicesPage);
    QHBoxLayout* choiceButtons = buttonRow({addChoice_, removeChoice_});
    auto* choicesLayout = new QVBoxLayout(choicesPage);
    choicesLayout->setContentsMargins(0, 0, 0, 0);
    choicesLayout->addWidget(choicesLabel_);
    choicesLayout->addWidget(choices_);
    choicesLayout->addLayout(choiceButtons);

    auto* explorePage = new QWidget(task_);
    goal_ = labelled<QListWidget>(goalLabel_, "editorGoal", explorePage);
    goalLabel_->setWordWrap(true);
    goal_->setFixedHeight(goal_->fontMetrics().lineSpacing() * 4 + 8);
    addCondition_ = namedButton("editorAddCondition", explorePage);
    removeCondition_ = namedButton("editorRemoveCondition", explorePage);
    conditionReadout_ =
        labelled<QComboBox>(conditionReadoutLabel_, "editorConditionReadout", explorePage);
    makeReadoutPicker(conditionReadout_);
    conditionMeaning_ = new QLabel(explorePage);
    conditionMeaning_->setObjectName(QStringLiteral("editorConditionMeaning"));
    conditionMeaning_->setWordWrap(true);
    comparison_ = labelled<QComboBox>(comparisonLabel_, "editorComparison", explorePage);
    target_ = labelled<QComboBox>(targetLabel_, "editorConditionTarget", explorePage);
    target_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    target_->setMinimumContentsLength(24);
    value_ = labelled<QDoubleSpinBox>(valueLabel_, "editorConditionValue", explorePage);
    value_->setDecimals(4);
    value_->setRange(-1e9, 1e9);
    conditionTolerance_ =
        labelled<QDoubleSpinBox>(conditionToleranceLabel_, "editorConditionTolerance", explorePage);
    conditionTolerance_->setDecimals(4);
    conditionTolerance_->setRange(0.0, 1e9);
    QHBoxLayout* conditionButtons = buttonRow({addCondition_, removeCondition_});
    auto* exploreLayout = new QGridLayout(explorePage);
    exploreLayout->setContentsMargins(0, 0, 0, 0);
    exploreLayout->addWidget(goalLabel_, 0, 0, 1, 2);
    exploreLayout->addWidget(goal_, 1, 0, 1, 2);
    exploreLayout->addLayout(conditionButtons, 2, 0, 1, 2);
    exploreLayout->addWidget(conditionReadoutLabel_, 3, 0);
    exploreLayout->addWidget(conditionReadout_, 3, 1);
    exploreLayout->addWidget(conditionMeaning_, 4, 1);
    exploreLayout->addWidget(comparisonLabel_, 5, 0);
    exploreLayout->addWidget(comparison_, 5, 1, Qt::AlignLeft);
    exploreLayout->addWidget(targetLabel_, 6, 0);
    exploreLayout->addWidget(target_, 6, 1);
    exploreLayout->addWidget(valueLabel_, 7, 0);
    exploreLayout->addWidget(value_, 7, 1, Qt::AlignLeft);
    exploreLayout->addWidget(conditionToleranceLabel_, 8, 0);
    exploreLayout->addWidget(conditionTolerance_, 8, 1, Qt::AlignLeft);
    exploreLayout->setColumnStretch(1, 1);
    for (QWidget* page : {explainPage, numberPage, choicesPage, explorePage}) {
        taskLayout->addWidget(page);
    }

    conceal_ = labelled<QTreeWidget>(concealLabel_, "editorConceal", form_);
    concealLabel_->setWordWrap(true);
    conceal_->setHeaderHidden(true);
    conceal_->setFixedHeight(conceal_->fontMetrics().lineSpacing() * 8);
    retries_ = labelled<QSpinBox>(retriesLabel_, "editorRetries", form_);
    retries_->setRange(-1, 20);  // -1: unset, the activity's setting
    showSolution_ = labelled<QComboBox>(showSolutionLabel_, "editorShowSolution", form_);
    keepInside_ = labelled<QComboBox>(keepInsideLabel_, "editorKeepInside", form_);
    for (const char* name : {"Hint", "Correct", "Wrong", "Reveal"}) {
        auto* label = new QLabel(form_);
        auto* en = new QLineEdit(form_);
        en->setObjectName(QStringLiteral("editor%1En").arg(QLatin1String(name)));
        auto* zh = new QLineEdit(form_);
        zh->setObjectName(QStringLiteral("editor%1Zh").arg(QLatin1String(name)));
        label->setBuddy(en);
        feedbackLabels_.append(label);
        feedbackEn_.append(en);
        feedbackZh_.append(zh);
    }

    parameters_ = labelled<QTableWidget>(parametersLabel_, "editorParameters", form_);
    parametersLabel_->setWordWrap(true);
    compactTable(parameters_, 2, 8);
    parameters_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    newParameter_ = new QComboBox(form_);
    newParameter_->setObjectName(QStringLiteral("editorNewParameter"));
    newParameter_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    newParameter_->setMinimumContentsLength(20);
    addParameter_ = namedButton("editorAddParameter", form_);
    removeParameter_ = namedButton("editorRemoveParameter", form_);
    auto* parameterButtons = new QHBoxLayout;
    parameterButtons->addWidget(newParameter_, 1);
    parameterButtons->addWidget(addParameter_);
    parameterButtons->addWidget(removeParameter_);

    viewLabel_ = new QLabel(form_);
    viewLabel_->setWordWrap(true);
    viewSummary_ = new QLabel(form_);
    viewSummary_->setObjectName(QStringLiteral("editorViewSummary"));
    viewSummary_->setWordWrap(true);
    useView_ = namedButton("editorUseView", form_);
    clearView_ = namedButton("editorClearView", form_);
    viewLabel_->setBuddy(useView_);
    QHBoxLayout* viewButtons = buttonRow({useView_, clearView_});

    controls_ = labelled<QTableWidget>(controlsLabel_, "editorControls", form_);
    controlsLabel_->setWordWrap(true);
    compactTable(controls_, 4, 8);
    controls_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    controls_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);

    solution_ = labelled<QListWidget>(solutionLabel_, "editorSolution", form_);
    solutionLabel_->setWordWrap(true);
    solution_->setFixedHeight(solution_->fontMetrics().lineSpacing() * 3 + 8);
    recordSolution_ = namedButton("editorRecordSolution", form_);
    clearSolution_ = namedButton("editorClearSolution", form_);
    QHBoxLayout* solutionButtons = buttonRow({recordSolution_, clearSolution_});

    auto* form = new QGridLayout(form_);
    int row = 0;
    form->addWidget(stepHeading_, row++, 0, 1, 3);
    form->addWidget(englishHead_, row, 1);
    form->addWidget(chineseHead_, row++, 2);
    form->addWidget(promptLabel_, row, 0, Qt::AlignTop);
    form->addWidget(promptEn_, row, 1);
    form->addWidget(promptZh_, row++, 2);
    form->addWidget(kindLabel_, row, 0);
    form->addWidget(kind_, row++, 1, 1, 2, Qt::AlignLeft);
    form->addWidget(task_, row++, 0, 1, 3);
    form->addWidget(concealLabel_, row++, 0, 1, 3);
    form->addWidget(conceal_, row++, 0, 1, 3);
    form->addWidget(retriesLabel_, row, 0);
    form->addWidget(retries_, row++, 1, Qt::AlignLeft);
    form->addWidget(showSolutionLabel_, row, 0);
    form->addWidget(showSolution_, row++, 1, Qt::AlignLeft);
    form->addWidget(keepInsideLabel_, row, 0);
    form->addWidget(keepInside_, row++, 1, Qt::AlignLeft);
    for (qsizetype i = 0; i < feedbackLabels_.size(); ++i) {
        form->addWidget(feedbackLabels_[i], row, 0);
        form->addWidget(feedbackEn_[i], row, 1);
        form->addWidget(feedbackZh_[i], row++, 2);
    }
    form->addWidget(parametersLabel_, row++, 0, 1, 3);
    form->addWidget(parameters_, row++, 0, 1, 3);
    form->addLayout(parameterButtons, row++, 0, 1, 3);
    form->addWidget(viewLabel_, row++, 0, 1, 3);
    form->addWidget(viewSummary_, row++, 0, 1, 3);
    form->addLayout(viewButtons, row++, 0, 1, 3);
    form->addWidget(controlsLabel_, row++, 0, 1, 3);
    form->addWidget(controls_, row++, 0, 1, 3);
    form->addWidget(solutionLabel_, row++, 0, 1, 3);
    form->addWidget(solution_, row++, 0, 1, 3);
    form->addLayout(solutionButtons, row++, 0, 1, 3);
    form->setRowStretch(row, 1);
    form->setColumnStretch(1, 1);
    form->setColumnStretch(2, 1);
    scroll->setWidget(form_);

    problemsView_ = new QLabel(this);
    problemsView_->setObjectName(QStringLiteral("editorProblems"));
    problemsView_->setWordWrap(true);
    problemsView_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    problemsView_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* problemsScroll = new QScrollArea(this);
    problemsScroll->setWidgetResizable(true);
    problemsScroll->setWidget(problemsView_);
    problemsScroll->setMaximumHeight(problemsView_->fontMetrics().lineSpacing() * 4 + 8);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    ok_ = buttons->button(QDialogButtonBox::Ok);
    cancel_ = buttons->button(QDialogButtonBox::Cancel);

    auto* top = new QHBoxLayout;
    top->addWidget(activityLabel_);
    top->addWidget(activities_, 1);
    top->addWidget(titleLabel_);
    top->addWidget(titleEn_, 1);
    top->addWidget(titleZh_, 1);
    auto* stepButtons = new QGridLayout;
    stepButtons->addWidget(up_, 0, 0);
    stepButtons->addWidget(down_, 0, 1);
    stepButtons->addWidget(duplicate_, 1, 0);
    stepButtons->addWidget(delete_, 1, 1);
    stepButtons->addWidget(undoButton_, 2, 0);
    stepButtons->addWidget(run_, 3, 0, 1, 2);
    auto* left = new QVBoxLayout;
    left->addWidget(stepsLabel_);
    left->addWidget(steps_, 1);
    left->addLayout(stepButtons);
    auto* middle = new QHBoxLayout;
    middle->addLayout(left, 1);
    middle->addWidget(scroll, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(middle, 1);
    layout->addWidget(problemsScroll);
    layout->addWidget(buttons);

    connect(activities_, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (showing_ || index < 0) return;
        activity_ = index;
        refreshList(0);
        check();
    });
    for (const auto& field : {std::pair{titleEn_, kEnglish}, std::pair{titleZh_, kChinese}}) {
        const QString language = field.second;
        connect(field.first, &QLineEdit::textEdited, this, [this, language](const QString& text) {
            setText(draft_[activity_].title, language, text);
            activities_->setItemText(activity_, activityName(activity_));
            check();
        });
    }
    connect(steps_, &QListWidget::currentRowChanged, this, [this] {
        if (!showing_) showStep();
    });
    connect(up_, &QPushButton::clicked, this, [this] { moveStep(-1); });
    connect(down_, &QPushButton::clicked, this, [this] { moveStep(1); });
    connect(duplicate_, &QPushButton::clicked, this, &ActivityEditor::duplicateStep);
    connect(delete_, &QPushButton::clicked, this, &ActivityEditor::deleteStep);
    connect(undoButton_, &QPushButton::clicked, this, &ActivityEditor::undo);
    connect(run_, &QPushButton::clicked, this, &ActivityEditor::runFromStep);
    auto* deleteKey = new QShortcut(QKeySequence::Delete, steps_);
    deleteKey->setContext(Qt::WidgetShortcut);
    connect(deleteKey, &QShortcut::activated, this, &ActivityEditor::deleteStep);
    // Ctrl+Z too (a text field being edited takes it for its own undo first); the button's own
    // shortcut is its Alt+N accelerator.
    connect(new QShortcut(QKeySequence::Undo, this), &QShortcut::activated, this,
            &ActivityEditor::undo);

    connect(promptEn_, &QPlainTextEdit::textChanged, this, [this] {
        edit([&](ActivityStep& s) { setText(s.prompt, kEnglish, promptEn_->toPlainText()); });
    });
    connect(promptZh_, &QPlainTextEdit::textChanged, this, [this] {
        edit([&](ActivityStep& s) { setText(s.prompt, kChinese, promptZh_->toPlainText()); });
    });
    connect(kind_, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!showing_ && index >= 0) setTaskKind(static_cast<TaskKind>(index));
    });
    connect(readout_, &QComboBox::editTextChanged, this, [this](const QString& text) {
        readoutMeaning_->setText(readoutMeaning(text.trimmed()));
        edit([&](ActivityStep& s) { s.numberReadout = text.trimmed(); });
    });
    connect(tolerance_, &QDoubleSpinBox::valueChanged, this,
            [this](double value) { edit([&](ActivityStep& s) { s.tolerance = value; }); });
    connect(choices_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (showing_) return;
        // One right answer: checking a choice unchecks the others.
        if (item->column() == 0 && item->checkState() == Qt::Checked) {
            showing_ = true;
            for (int r = 0; r < choices_->rowCount(); ++r) {
                QTableWidgetItem* other = choices_->item(r, 0);
                if (r != item->row() && other->flags().testFlag(Qt::ItemIsUserCheckable)) {
                    other->setCheckState(Qt::Unchecked);
                }
            }
            showing_ = false;
        }
        readChoices();
    });
    connect(addChoice_, &QPushButton::clicked, this, [this] {
        if (step() == nullptr) return;
        remember();
        step()->choices.append(Choice{});
        fillChoices();
        choices_->setCurrentCell(choices_->rowCount() - 1, 1);
        check();
    });
    connect(removeChoice_, &QPushButton::clicked, this, [this] {
        const int row = choices_->currentRow();
        if (step() == nullptr || row < 0 || row >= step()->choices.size()) return;
        remember();
        step()->choices.removeAt(row);
        fillChoices();
        check();
    });
    connect(goal_, &QListWidget::currentRowChanged, this, [this] {
        if (!showing_) showCondition();
    });
    connect(addCondition_, &QPushButton::clicked, this, [this] {
        if (step() == nullptr) return;
        remember();
        step()->goal.append(firstCondition(draft_[activity_].lesson));
        fillGoal(static_cast<int>(step()->goal.size()) - 1);
        check();
    });
    connect(removeCondition_, &QPushButton::clicked, this, [this] {
        const int row = goal_->currentRow();
        if (step() == nullptr || row < 0 || row >= step()->goal.size()) return;
        remember();
        step()->goal.removeAt(row);
        fillGoal(row);
        check();
    });
    connect(conditionReadout_, &QComboBox::editTextChanged, this, [this](const QString& text) {
        conditionMeaning_->setText(readoutMeaning(text.trimmed()));
        editCondition([&](Condition& c) { c.readout = text.trimmed(); });
    });
    connect(comparison_, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index < 0) return;
        const auto op = static_cast<Condition::Op>(index);
        // A tolerance applies to "about" only.
        conditionTolerance_->setEnabled(op == Condition::Op::Near);
        editCondition([&](Condition& c) {
            c.op = op;
            if (op != Condition::Op::Near) c.tolerance = 0.0;
        });
        if (!showing_) showCondition();  // the tolerance it cleared
    });
    connect(target_, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index < 0) return;
        const QString readout = target_->itemData(index).toString();
        value_->setEnabled(readout.isEmpty());
        editCondition([&](Condition& c) { c.valueReadout = readout; });
    });
    connect(value_, &QDoubleSpinBox::valueChanged, this,
            [this](double value) { editCondition([&](Condition& c) { c.value = value; }); });
    connect(conditionTolerance_, &QDoubleSpinBox::valueChanged, this,
            [this](double value) { editCondition([&](Condition& c) { c.tolerance = value; }); });
    connect(conceal_, &QTreeWidget::itemChanged, this, [this] {
        if (!showing_) readConceal();
    });
    connect(controls_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (showing_) return;
        if (item->column() == 3) {
            pickMove(controls_->item(item->row(), 0)->data(Qt::UserRole).toString(),
                     item->checkState() == Qt::Checked);
            return;
        }
        QStringList locked;
        QStringList hidden;
        for (int row = 0; row < controls_->rowCount(); ++row) {
            const QString name = controls_->item(row, 0)->data(Qt::UserRole).toString();
            if (controls_->item(row, 1)->checkState() == Qt::Checked) locked.append(name);
            if (controls_->item(row, 2)->checkState() == Qt::Checked) hidden.append(name);
        }
        edit([&](ActivityStep& s) {
            s.locked = locked;
            s.hidden = hidden;
        });
    });
    connect(parameters_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (showing_ || item->column() != 1) return;
        const QString key = parameters_->item(item->row(), 0)->data(Qt::UserRole).toString();
        edit([&](ActivityStep& s) { s.parameters.insert(key, parameterValue(item->text())); });
    });
    connect(addParameter_, &QPushButton::clicked, this, [this] {
        const QString key = newParameter_->currentData().toString();
        const QString name = newParameter_->currentText();
        if (step() == nullptr || key.isEmpty()) return;
        remember();
        for (const auto& [known, value] : parameterDefaults()) {
            if (known == key) step()->parameters.insert(key, value);
        }
        fillParameters();
        const auto rows = parameters_->findItems(name, Qt::MatchExactly);
        parameters_->setFocus();
        if (!rows.isEmpty()) parameters_->setCurrentCell(rows.front()->row(), 1);
        check();
    });
    connect(removeParameter_, &QPushButton::clicked, this, [this] {
        const int row = parameters_->currentRow();
        if (step() == nullptr || row < 0) return;
        remember();
        step()->parameters.remove(parameters_->item(row, 0)->data(Qt::UserRole).toString());
        fillParameters();
        check();
    });
    connect(recordSolution_, &QPushButton::clicked, this, [this] {
        if (step() == nullptr) return;
        remember();
        for (ControlValue& move : step()->solution) {
            if (const auto value = currentValue(move.control)) move.value = *value;
        }
        fillSolution();
        check();
    });
    connect(clearSolution_, &QPushButton::clicked, this, [this] {
        if (step() == nullptr) return;
        remember();
        step()->solution.clear();
        fillControls();
        fillSolution();
        check();
    });
    connect(useView_, &QPushButton::clicked, this, [this] {
        const Lesson* shown = lesson();
        if (step() == nullptr || shown == nullptr) return;
        remember();
        step()->view = shown->saveState();
        fillView();
        check();
    });
    connect(clearView_, &QPushButton::clicked, this, [this] {
        if (step() == nullptr) return;
        remember();
        step()->view = QJsonObject();
        fillView();
        check();
    });
    connect(retries_, &QSpinBox::valueChanged, this, [this](int value) {
        edit([&](ActivityStep& s) {
            s.options.retries = value < 0 ? std::nullopt : std::optional<int>(value);
        });
    });
    connect(showSolution_, &QComboBox::currentIndexChanged, this, [this](int index) {
        edit([&](ActivityStep& s) { s.options.showSolution = triStateValue(index); });
    });
    connect(keepInside_, &QComboBox::currentIndexChanged, this, [this](int index) {
        edit([&](ActivityStep& s) { s.options.keepInside = triStateValue(index); });
    });
    const QList<LocalText ActivityStep::*> texts{&ActivityStep::hint, &ActivityStep::correct,
                                                 &ActivityStep::wrong, &ActivityStep::reveal};
    for (qsizetype i = 0; i < texts.size(); ++i) {
        const auto field = texts[i];
        connect(feedbackEn_[i], &QLineEdit::textEdited, this, [this, field](const QString& text) {
            edit([&](ActivityStep& s) { setText(s.*field, kEnglish, text); });
        });
        connect(feedbackZh_[i], &QLineEdit::textEdited, this, [this, field](const QString& text) {
            edit([&](ActivityStep& s) { setText(s.*field, kChinese, text); });
        });
    }
    connect(buttons, &QDialogButtonBox::accepted, this, &ActivityEditor::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ActivityEditor::reject);

    // Fits a 1024×768 screen with room for the window frame.
    QSize size(980, 690);
    if (const QScreen* screen =
            parentWidget() != nullptr ? parentWidget()->screen() : QApplication::primaryScreen()) {
        size = size.boundedTo(screen->availableSize() - QSize(24, 48));
    }
    resize(size);
}

void ActivityEditor::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslate();
    QDialog::changeEvent(event);
}

void ActivityEditor::retranslate() {
    setWindowTitle(tr("Edit activity draft"));
    // Qt's own catalogue may be missing (a fresh machine): these two are ours.
    ok_->setText(tr("OK"));
    cancel_->setText(tr("Cancel"));
    activityLabel_->setText(tr("&Activity:"));
    titleLabel_->setText(tr("&Title:"));
    titleEn_->setPlaceholderText(LanguageController::nativeName(kEnglish));
    titleZh_->setPlaceholderText(LanguageController::nativeName(kChinese));
    stepsLabel_->setText(tr("&Steps:"));
    up_->setText(tr("Move &up"));
    down_->setText(tr("Move &down"));
    duplicate_->setText(tr("Dupli&cate"));
    delete_->setText(tr("De&lete"));
    undoButton_->setText(tr("U&ndo"));
    undoButton_->setToolTip(
        tr("Undoes the last move, duplicate, delete, change of task, added or removed choice, "
           "condition or parameter, Show me moves recorded or cleared, or change of the lesson's "
           "view"));
    run_->setText(tr("&Run from this step"));
    run_->setToolTip(tr("Keeps the edits, closes the editor and starts the activity here"));
    promptLabel_->setText(tr("&Prompt:"));
    kindLabel_->setText(tr("Task t&ype:"));
    readoutLabel_->setText(tr("Read&out:"));
    toleranceLabel_->setText(tr("Tol&erance (±):"));
    choicesLabel_->setText(
        tr("C&hoices (check the right one; the feedback is shown when a "
           "student picks it):"));
    choices_->setHorizontalHeaderLabels(
        {tr("Right"), tr("Text (%1)").arg(LanguageController::nativeName(kEnglish)),
         tr("Text (%1)").arg(LanguageController::nativeName(kChinese)),
         tr("Feedback (%1)").arg(LanguageController::nativeName(kEnglish)),
         tr("Feedback (%1)").arg(LanguageController::nativeName(kChinese))});
    addChoice_->setText(tr("Add cho&ice"));
    removeChoice_->setText(tr("Remo&ve choice"));
    // The explore page shows instead of the choices, so it takes their accelerators again.
    goalLabel_->setText(tr("Goal: the student may go on once every condition &holds:"));
    addCondition_->setText(tr("Add cond&ition"));
    removeCondition_->setText(tr("Remo&ve condition"));
    conditionReadoutLabel_->setText(tr("Read&out:"));
    comparisonLabel_->setText(tr("Must &be:"));
    targetLabel_->setText(tr("Compared with:"));
    valueLabel_->setText(tr("Value:"));
    conditionToleranceLabel_->setText(tr("Tol&erance (±):"));
    concealLabel_->setText(
        tr("&What stays hidden until the student has checked (a prediction or an exploration):"));
    parametersLabel_->setText(
        tr("Start &from these parameters (the rest stay as the student left "
           "them):"));
    parameters_->setHorizontalHeaderLabels({tr("Parameter"), tr("Value")});
    controlsLabel_->setText(
        tr("Controls the step locks (students cannot move them) or hides, and those Show me "
           "sets:"));
    controls_->setHorizontalHeaderLabels(
        {tr("Control"), tr("Locked"), tr("Hidden"), tr("Show me sets it")});
    solutionLabel_->setText(
        tr("Show me (an e&xploration's help) sets the controls ticked in the last column to these "
           "values, in this order; ticking one takes its current value:"));
    recordSolution_->setText(tr("Record from the current controls"));
    recordSolution_->setToolTip(
        tr("Takes each ticked control's value again from the lesson as it is now"));
    clearSolution_->setText(tr("Clear moves"));
    viewLabel_->setText(
        tr("The lesson's own view when the step starts (its choices and settings ad&justed in the "
           "lesson, beside the shared parameters):"));
    useView_->setText(tr("Use the lesson's current view"));
    useView_->setToolTip(
        tr("Stores the view the lesson shows now (close the editor, set the "
           "lesson up, open the editor again)"));
    clearView_->setText(tr("Clear view"));
    addParameter_->setText(tr("Add parameter"));
    removeParameter_->setText(tr("Remove parameter"));
    retriesLabel_->setText(tr("Wron&g tries allowed:"));
    retries_->setSpecialValueText(tr("As the activity says"));
    retries_->updateGeometry();  // its size hint holds the special text, but no layout asked again
    showSolutionLabel_->setText(tr("Show &me offered:"));
    keepInsideLabel_->setText(tr("&Keep students inside:"));
    const QStringList feedback{tr("Hint:"), tr("When right:"), tr("When wrong:"),
                               tr("Explanation after the task:")};
    for (qsizetype i = 0; i < feedback.size(); ++i) feedbackLabels_[i]->setText(feedback[i]);
    // The combo boxes are filled anew; the step's values go back in when refreshList shows it.
    showing_ = true;
    kind_->clear();
    kind_->addItems(
        {tr("Explanation: students read and go on"), tr("Prediction: a number read from a readout"),
         tr("Prediction: choices, one of them right"), tr("Exploration: a goal on the readouts")});
    for (QComboBox* box : {showSolution_, keepInside_}) fillTriState(box);
    comparison_->clear();
    comparison_->addItems(
        {tr("about (≈, within the tolerance)"), tr("below (<)"), tr("above (>)")});
    activities_->clear();
    for (int i = 0; i < draft_.size(); ++i) activities_->addItem(activityName(i));
    activities_->setCurrentIndex(activity_);
    showing_ = false;
    // Most drafts hold one activity: the choice of activity shows only when there are several.
    const bool several = draft_.size() > 1;
    activityLabel_->setVisible(several);
    activities_->setVisible(several);
    refreshList(currentStep());
    check();
}

QString ActivityEditor::activityName(int index) const {
    const Activity& activity = draft_[index];
    return tr("%1 (lesson %2)").arg(activity.title.in(language_), activity.lesson);
}

int ActivityEditor::currentStep() const {
    return steps_->currentRow();
}

ActivityStep* ActivityEditor::step() {
    if (activity_ < 0 || activity_ >= draft_.size()) return nullptr;
    const int index = currentStep();
    QList<ActivityStep>& list = draft_[activity_].steps;
    return index >= 0 && index < list.size() ? &list[index] : nullptr;
}

QString ActivityEditor::stepLabel(int index) const {
    const ActivityStep& s = draft_[activity_].steps[index];
    QString prompt = s.prompt.in(language_).simplified();
    if (prompt.isEmpty()) prompt = tr("(no prompt)");
    if (prompt.size() > kPromptWords) prompt = prompt.left(kPromptWords - 1) + QChar(0x2026);
    QString kind;
    switch (s.kind) {
        case ActivityStep::Kind::Explain:
            kind = tr("explanation");
            break;
        case ActivityStep::Kind::Predict:
            kind = s.predictsNumber() ? tr("prediction of a number") : tr("choice");
            break;
        case ActivityStep::Kind::Explore:
            kind = tr("exploration");
            break;
    }
    return tr("%1. %2 — %3").arg(index + 1).arg(prompt, kind);
}

void ActivityEditor::refreshList(int select) {
    showing_ = true;
    steps_->clear();
    if (activity_ < draft_.size()) {
        const Activity& activity = draft_[activity_];
        titleEn_->setText(activity.title.byLanguage.value(kEnglish));
        titleZh_->setText(activity.title.byLanguage.value(kChinese));
        for (int i = 0; i < activity.steps.size(); ++i) steps_->addItem(stepLabel(i));
        select = std::clamp(select, 0, static_cast<int>(activity.steps.size()) - 1);
        fillReadouts();
    }
    steps_->setCurrentRow(select);
    showing_ = false;
    showStep();
}

void ActivityEditor::fillReadouts() {
    auto* numberModel = static_cast<QStandardItemModel*>(readout_->model());
    auto* conditionModel = static_cast<QStandardItemModel*>(conditionReadout_->model());
    numberModel->clear();
    conditionModel->clear();
    target_->clear();
    target_->addItem(tr("a number"), QString());
    for (const ReferenceItem& item : activityReference(
             ActivityCatalog::builtIn(), ReferenceKind::Readouts, draft_[activity_].lesson)) {
        const QString text = QStringLiteral("%1 — %2").arg(item.id, readoutText(item));
        for (QStandardItemModel* model : {numberModel, conditionModel}) {
            auto* row = new QStandardItem(text);
            row->setData(item.id, Qt::UserRole);
            model->appendRow(row);
        }
        target_->addItem(tr("the readout %1").arg(text), item.id);
    }
}

QString ActivityEditor::readoutMeaning(const QString& id) const {
    for (const ReferenceItem& item : activityReference(
             ActivityCatalog::builtIn(), ReferenceKind::Readouts, draft_[activity_].lesson)) {
        if (item.id == id) return readoutText(item);
    }
    return tr("Not a readout of this lesson: pick one from the list.");
}

void ActivityEditor::showStep() {
    const ActivityStep* s = step();
    form_->setEnabled(s != nullptr);
    const int count =
        activity_ < draft_.size() ? static_cast<int>(draft_[activity_].steps.size()) : 0;
    const int index = currentStep();
    up_->setEnabled(s != nullptr && index > 0);
    down_->setEnabled(s != nullptr && index + 1 < count);
    duplicate_->setEnabled(s != nullptr);
    delete_->setEnabled(s != nullptr);
    undoButton_->setEnabled(!undo_.isEmpty());
    if (s == nullptr) {
        stepHeading_->setText(tr("This activity has no steps left: OK removes it from the draft."));
        check();
        return;
    }
    showing_ = true;
    stepHeading_->setText(tr("Step %1 of %2").arg(index + 1).arg(count));
    promptEn_->setPlainText(s->prompt.byLanguage.value(kEnglish));
    promptZh_->setPlainText(s->prompt.byLanguage.value(kChinese));
    TaskKind kind = TaskKind::Explain;
    if (s->kind == ActivityStep::Kind::Predict) {
        kind = s->predictsNumber() ? TaskKind::Number : TaskKind::Choices;
    } else if (s->kind == ActivityStep::Kind::Explore) {
        kind = TaskKind::Explore;
    }
    kind_->setCurrentIndex(static_cast<int>(kind));
    for (int i = 0; i < task_->layout()->count(); ++i) {
        task_->layout()->itemAt(i)->widget()->setVisible(i == static_cast<int>(kind));
    }
    readout_->setEditText(s->numberReadout);
    readoutMeaning_->setText(readoutMeaning(s->numberReadout));
    tolerance_->setValue(s->tolerance);
    fillChoices();
    fillGoal(0);
    fillConceal();
    fillParameters();
    fillControls();
    fillView();
    fillSolution();
    retries_->setValue(s->options.retries.value_or(-1));
    showSolution_->setCurrentIndex(triStateIndex(s->options.showSolution));
    keepInside_->setCurrentIndex(triStateIndex(s->options.keepInside));
    const QList<const LocalText*> texts{&s->hint, &s->correct, &s->wrong, &s->reveal};
    for (qsizetype i = 0; i < texts.size(); ++i) {
        feedbackEn_[i]->setText(texts[i]->byLanguage.value(kEnglish));
        feedbackZh_[i]->setText(texts[i]->byLanguage.value(kChinese));
    }
    showing_ = false;
}

void ActivityEditor::fillChoices() {
    const ActivityStep* s = step();
    const bool wasShowing = std::exchange(showing_, true);
    choices_->setRowCount(s != nullptr ? static_cast<int>(s->choices.size()) : 0);
    for (int row = 0; s != nullptr && row < s->choices.size(); ++row) {
        const Choice& choice = s->choices[row];
        auto* right = new QTableWidgetItem;
        if (choice.correctWhen.isEmpty()) {
            right->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
            right->setCheckState(choice.correct ? Qt::Checked : Qt::Unchecked);
        } else {
            // Judged by readouts (a condition this form does not edit).
            right->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            right->setText(tr("by readouts"));
        }
        choices_->setItem(row, 0, right);
        const QStringList cells{
            choice.text.byLanguage.value(kEnglish), choice.text.byLanguage.value(kChinese),
            choice.feedback.byLanguage.value(kEnglish), choice.feedback.byLanguage.value(kChinese)};
        for (int column = 0; column < cells.size(); ++column) {
            choices_->setItem(row, column + 1, new QTableWidgetItem(cells[column]));
        }
    }
    removeChoice_->setEnabled(s != nullptr && !s->choices.isEmpty());
    showing_ = wasShowing;
}

void ActivityEditor::fillGoal(int select) {
    const ActivityStep* s = step();
    const bool wasShowing = std::exchange(showing_, true);
    goal_->clear();
    const int count = s != nullptr ? static_cast<int>(s->goal.size()) : 0;
    for (int i = 0; i < count; ++i) goal_->addItem(conditionText(s->goal[i]));
    goal_->setCurrentRow(count > 0 ? std::clamp(select, 0, count - 1) : -1);
    removeCondition_->setEnabled(count > 0);
    showing_ = wasShowing;
    showCondition();
}

void ActivityEditor::showCondition() {
    const ActivityStep* s = step();
    const int row = goal_->currentRow();
    const Condition* c = s != nullptr && row >= 0 && row < s->goal.size() ? &s->goal[row] : nullptr;
    for (QWidget* widget : std::initializer_list<QWidget*>{conditionReadout_, comparison_, target_,
                                                           value_, conditionTolerance_}) {
        widget->setEnabled(c != nullptr);
    }
    if (c == nullptr) {
        conditionMeaning_->clear();
        return;
    }
    const bool wasShowing = std::exchange(showing_, true);
    conditionReadout_->setEditText(c->readout);
    conditionMeaning_->setText(readoutMeaning(c->readout));
    comparison_->setCurrentIndex(static_cast<int>(c->op));
    target_->setCurrentIndex(std::max(0, target_->findData(c->valueReadout)));
    value_->setValue(c->value);
    value_->setEnabled(c->valueReadout.isEmpty());
    conditionTolerance_->setValue(c->tolerance);
    conditionTolerance_->setEnabled(c->op == Condition::Op::Near);
    showing_ = wasShowing;
}

void ActivityEditor::fillConceal() {
    const ActivityStep* s = step();
    const bool wasShowing = std::exchange(showing_, true);
    conceal_->clear();
    const Concealment concealed = s != nullptr ? s->conceal : Concealment{};
    const QString lesson = draft_[activity_].lesson;
    const auto add = [](QTreeWidgetItem* item, const QString& id, bool checked) {
        item->setData(0, Qt::UserRole, id);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(0, checked ? Qt::Checked : Qt::Unchecked);
    };
    for (const FigureSpec& figure : ActivityCatalog::builtIn().figures(lesson)) {
        auto* item = new QTreeWidgetItem(
            conceal_,
            {tr("Figure %1 — %2")
                 .arg(figure.id, referenceMeaning(ReferenceKind::Figures, lesson, figure.id))});
        add(item, figure.id, concealed.figures.contains(figure.id));
        for (const QString& annotation : figure.annotations) {
            add(new QTreeWidgetItem(item, {tr("only its annotation %1").arg(annotation)}),
                annotation, concealed.annotations.contains(AnnotationId{figure.id, annotation}));
        }
    }
    auto* readouts = new QTreeWidgetItem(conceal_, {tr("Every readout")});
    add(readouts, QString(), concealed.allReadouts);
    for (const ReferenceItem& item :
         activityReference(ActivityCatalog::builtIn(), ReferenceKind::Readouts, lesson)) {
        add(new QTreeWidgetItem(readouts,
                                {QStringLiteral("%1 — %2").arg(item.id, readoutText(item))}),
            item.id, concealed.readouts.contains(item.id));
    }
    conceal_->expandAll();
    // Only a prediction or an exploration conceals (the checker holds an explanation to that).
    conceal_->setEnabled(s != nullptr && s->kind != ActivityStep::Kind::Explain);
    showing_ = wasShowing;
}

void ActivityEditor::readConceal() {
    Concealment concealed;
    const int figures = conceal_->topLevelItemCount() - 1;  // the last holds the readouts
    for (int i = 0; i < figures; ++i) {
        const QTreeWidgetItem* figure = conceal_->topLevelItem(i);
        const QString id = figure->data(0, Qt::UserRole).toString();
        if (figure->checkState(0) == Qt::Checked) concealed.figures.append(id);
        for (int a = 0; a < figure->childCount(); ++a) {
            if (figure->child(a)->checkState(0) == Qt::Checked) {
                concealed.annotations.append(
                    AnnotationId{id, figure->child(a)->data(0, Qt::UserRole).toString()});
            }
        }
    }
    const QTreeWidgetItem* readouts = conceal_->topLevelItem(figures);
    concealed.allReadouts = readouts->checkState(0) == Qt::Checked;
    for (int r = 0; r < readouts->childCount() && !concealed.allReadouts; ++r) {
        if (readouts->child(r)->checkState(0) == Qt::Checked) {
            concealed.readouts.append(readouts->child(r)->data(0, Qt::UserRole).toString());
        }
    }
    edit([&](ActivityStep& s) { s.conceal = concealed; });
}

void ActivityEditor::fillParameters() {
    const ActivityStep* s = step();
    const bool wasShowing = std::exchange(showing_, true);
    const QJsonObject values = s != nullptr ? s->parameters : QJsonObject();
    const auto label = [](const QString& key) {
        const QString unit = parameterUnit(key.toStdString());
        const QString name = parameterLabel(key.toStdString());
        return unit.isEmpty() ? name : tr("%1 (%2)").arg(name, unit);
    };
    // The step's parameters in the order the list of new ones has.
    QStringList shown;
    newParameter_->clear();
    for (const auto& [key, value] : parameterDefaults()) {
        if (values.contains(key)) {
            shown.append(key);
        } else {
            newParameter_->addItem(label(key), key);
        }
    }
    for (const QString& key : values.keys()) {
        if (!shown.contains(key)) shown.append(key);
    }
    parameters_->setRowCount(static_cast<int>(shown.size()));
    for (int row = 0; row < shown.size(); ++row) {
        auto* name = new QTableWidgetItem(label(shown[row]));
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        name->setData(Qt::UserRole, shown[row]);
        name->setToolTip(shown[row]);
        parameters_->setItem(row, 0, name);
        parameters_->setItem(row, 1, new QTableWidgetItem(parameterText(values.value(shown[row]))));
    }
    addParameter_->setEnabled(newParameter_->count() > 0);
    removeParameter_->setEnabled(!values.isEmpty());
    showing_ = wasShowing;
}

void ActivityEditor::fillControls() {
    const ActivityStep* s = step();
    const bool wasShowing = std::exchange(showing_, true);
    // "*" first: every control of the lesson and the shared panel.
    QList<std::pair<QString, QString>> rows{{QStringLiteral("*"), tr("Every control")}};
    for (const ReferenceItem& item : activityReference(
             ActivityCatalog::builtIn(), ReferenceKind::Controls, draft_[activity_].lesson)) {
        rows.append({item.id,
                     QStringLiteral("%1 — %2").arg(
                         item.id, QCoreApplication::translate("ActivityReference", item.meaning))});
    }
    controls_->setRowCount(static_cast<int>(rows.size()));
    for (int row = 0; row < rows.size(); ++row) {
        auto* name = new QTableWidgetItem(rows[row].second);
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        name->setData(Qt::UserRole, rows[row].first);
        controls_->setItem(row, 0, name);
        controls_->setItem(row, 1, checkCell(s != nullptr && s->locked.contains(rows[row].first)));
        controls_->setItem(row, 2, checkCell(s != nullptr && s->hidden.contains(rows[row].first)));
        const QString& control = rows[row].first;
        const bool moved = s != nullptr && std::any_of(s->solution.begin(), s->solution.end(),
                                                       [&](const ControlValue& move) {
                                                           return move.control == control;
                                                       });
        // Only a control that holds a value can be ticked (one already moved can be unticked).
        auto* show = checkCell(moved);
        if (!moved && (row == 0 || !currentValue(control))) {
            show->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
            show->setData(Qt::CheckStateRole, QVariant());
        }
        controls_->setItem(row, 3, show);
    }
    showing_ = wasShowing;
}

void ActivityEditor::fillSolution() {
    const ActivityStep* s = step();
    const bool wasShowing = std::exchange(showing_, true);
    solution_->clear();
    const QList<ControlValue> moves = s != nullptr ? s->solution : QList<ControlValue>();
    const QString lessonId = activity_ < draft_.size() ? draft_[activity_].lesson : QString();
    const QWidget* shared = shell_ != nullptr ? shell_->parameterControls() : nullptr;
    for (int i = 0; i < moves.size(); ++i) {
        const QString meaning =
            referenceMeaning(ReferenceKind::Controls, lessonId, moves[i].control);
        const QWidget* control = findControl(moves[i].control, lesson(), shared);
        solution_->addItem(tr("%1. %2 (%3) → %4")
                               .arg(i + 1)
                               .arg(moves[i].control, meaning, moveText(control, moves[i].value)));
    }
    recordSolution_->setEnabled(!moves.isEmpty() && lesson() != nullptr);
    clearSolution_->setEnabled(!moves.isEmpty());
    showing_ = wasShowing;
}

void ActivityEditor::pickMove(const QString& control, bool picked) {
    if (step() == nullptr) return;
    const std::optional<QJsonValue> value = picked ? currentValue(control) : std::nullopt;
    if (picked && !value) {
        fillControls();  // nothing to record: the tick goes again
        return;
    }
    remember();
    QList<ControlValue>& moves = step()->solution;
    moves.removeIf([&](const ControlValue& move) { return move.control == control; });
    if (picked) moves.append(ControlValue{control, *value});
    fillSolution();
    check();
}

std::optional<QJsonValue> ActivityEditor::currentValue(const QString& name) const {
    if (shell_ == nullptr) return std::nullopt;
    return controlValue(findControl(name, lesson(), shell_->parameterControls()));
}

void ActivityEditor::fillView() {
    const ActivityStep* s = step();
    const QJsonObject view = s != nullptr ? s->view : QJsonObject();
    const Lesson* shown = lesson();
    if (view.isEmpty()) {
        viewSummary_->setText(tr("None: the student's view is kept."));
    } else if (shown != nullptr && shown->saveState() == view) {
        viewSummary_->setText(tr("Stored, as the lesson shows it now: %1")
                                  .arg(view.keys().join(QStringLiteral(", "))));
    } else {
        viewSummary_->setText(tr("Stored: %1").arg(view.keys().join(QStringLiteral(", "))));
    }
    useView_->setEnabled(s != nullptr && shown != nullptr);
    clearView_->setEnabled(!view.isEmpty());
}

Lesson* ActivityEditor::lesson() const {
    if (shell_ == nullptr || activity_ < 0 || activity_ >= draft_.size()) return nullptr;
    return shell_->lesson(draft_[activity_].lesson);
}

void ActivityEditor::readChoices() {
    edit([&](ActivityStep& s) {
        for (int row = 0; row < choices_->rowCount() && row < s.choices.size(); ++row) {
            Choice& choice = s.choices[row];
            if (choice.correctWhen.isEmpty()) {
                choice.correct = choices_->item(row, 0)->checkState() == Qt::Checked;
            }
            setText(choice.text, kEnglish, choices_->item(row, 1)->text());
            setText(choice.text, kChinese, choices_->item(row, 2)->text());
            setText(choice.feedback, kEnglish, choices_->item(row, 3)->text());
            setText(choice.feedback, kChinese, choices_->item(row, 4)->text());
        }
    });
}

void ActivityEditor::edit(const std::function<void(ActivityStep&)>& change) {
    ActivityStep* s = step();
    if (showing_ || s == nullptr) return;
    change(*s);
    if (QListWidgetItem* item = steps_->currentItem()) item->setText(stepLabel(currentStep()));
    check();
}

void ActivityEditor::editCondition(const std::function<void(Condition&)>& change) {
    const int row = goal_->currentRow();
    const ActivityStep* s = step();
    if (showing_ || s == nullptr || row < 0 || row >= s->goal.size()) return;
    edit([&](ActivityStep& edited) { change(edited.goal[row]); });
    goal_->item(row)->setText(conditionText(step()->goal[row]));
}

void ActivityEditor::setTaskKind(TaskKind kind) {
    ActivityStep* s = step();
    if (s == nullptr) return;
    remember();
    s->numberReadout.clear();
    if (kind != TaskKind::Choices) s->choices.clear();
    if (kind != TaskKind::Explore) s->goal.clear();
    switch (kind) {
        case TaskKind::Explain:
            s->kind = ActivityStep::Kind::Explain;
            s->conceal = {};  // only a prediction or an exploration conceals
            break;
        case TaskKind::Number: {
            s->kind = ActivityStep::Kind::Predict;
            const QList<ReadoutSpec> readouts =
                ActivityCatalog::builtIn().readouts(draft_[activity_].lesson);
            if (!readouts.isEmpty()) s->numberReadout = readouts.front().id;
            break;
        }
        case TaskKind::Choices:
            s->kind = ActivityStep::Kind::Predict;
            while (s->choices.size() < 2) s->choices.append(Choice{});
            if (std::none_of(s->choices.begin(), s->choices.end(), [](const Choice& c) {
                    return c.correct || !c.correctWhen.isEmpty();
                })) {
                s->choices.front().correct = true;
            }
            break;
        case TaskKind::Explore:
            s->kind = ActivityStep::Kind::Explore;
            if (s->goal.isEmpty()) s->goal.append(firstCondition(draft_[activity_].lesson));
            break;
    }
    steps_->currentItem()->setText(stepLabel(currentStep()));
    showStep();
    check();
}

void ActivityEditor::remember() {
    undo_.append(Snapshot{draft_, activity_, currentStep()});
    if (undo_.size() > kMaxUndo) undo_.removeFirst();
    undoButton_->setEnabled(true);
}

void ActivityEditor::undo() {
    if (undo_.isEmpty()) return;
    const Snapshot snapshot = undo_.takeLast();
    draft_ = snapshot.draft;
    activity_ = snapshot.activity;
    showing_ = true;
    activities_->setCurrentIndex(activity_);
    showing_ = false;
    refreshList(snapshot.step);
    check();
}

void ActivityEditor::selectStep(int activity, int index) {
    if (activity < 0 || activity >= draft_.size()) return;
    if (activity != activity_) {
        activity_ = activity;
        showing_ = true;
        activities_->setCurrentIndex(activity);
        showing_ = false;
        refreshList(index);
        check();
    } else {
        steps_->setCurrentRow(index);
    }
}

void ActivityEditor::moveStep(int by) {
    const int from = currentStep();
    const int to = from + by;
    if (step() == nullptr || to < 0 || to >= draft_[activity_].steps.size()) return;
    remember();
    draft_[activity_].steps.move(from, to);
    refreshList(to);
    check();
}

void ActivityEditor::duplicateStep() {
    const ActivityStep* s = step();
    if (s == nullptr) return;
    remember();
    const int index = currentStep();
    draft_[activity_].steps.insert(index + 1, ActivityStep(*s));
    refreshList(index + 1);
    check();
}

void ActivityEditor::deleteStep() {
    if (step() == nullptr) return;
    remember();
    const int index = currentStep();
    draft_[activity_].steps.removeAt(index);
    refreshList(index);
    check();
}

void ActivityEditor::check() {
    problems_.clear();
    const ActivityCatalog& catalog = ActivityCatalog::builtIn();
    for (qsizetype i = 0; i < draft_.size(); ++i) {
        const Activity& activity = draft_[i];
        if (activity.steps.isEmpty()) continue;
        // Each activity alone: its problems name its title, then the step and the field.
        QString source = activity.title.in(language_);
        if (source.isEmpty()) source = tr("Activity %1").arg(i + 1);
        problems_ += activitiesFromJson(activitiesToJson({activity}), catalog, source).problems;
    }
    if (activity_ < draft_.size()) {
        // Each step alone, to mark the steps with a problem in the list.
        const Activity& activity = draft_[activity_];
        const QIcon warning = style()->standardIcon(QStyle::SP_MessageBoxWarning);
        QPixmap blank(steps_->iconSize());
        blank.fill(Qt::transparent);
        for (int i = 0; i < activity.steps.size() && i < steps_->count(); ++i) {
            Activity alone = activity;
            alone.steps = {activity.steps[i]};
            const bool broken =
                !activitiesFromJson(activitiesToJson({alone}), catalog, QString()).error.isEmpty();
            steps_->item(i)->setIcon(broken ? warning : QIcon(blank));
            steps_->item(i)->setToolTip(broken ? tr("This step has a problem (listed below).")
                                               : QString());
        }
    }
    if (problems_.isEmpty()) {
        problemsView_->setText(tr("No problems: OK keeps the edits in the draft."));
        problemsView_->setStyleSheet(QString());
    } else {
        problemsView_->setText(tr("Fix these before OK:") + QLatin1Char('\n') +
                               problems_.join(QLatin1Char('\n')));
        problemsView_->setStyleSheet(QStringLiteral("color: #b00020;"));
    }
    ok_->setEnabled(problems_.isEmpty());
    run_->setEnabled(problems_.isEmpty() && step() != nullptr);
}

QList<Activity> ActivityEditor::draft() const {
    QList<Activity> kept;
    for (const Activity& activity : draft_) {
        if (!activity.steps.isEmpty()) kept.append(activity);
    }
    return kept;
}

void ActivityEditor::runFromStep() {
    if (step() == nullptr) return;
    int index = 0;
    for (int i = 0; i < activity_; ++i) index += draft_[i].steps.isEmpty() ? 0 : 1;
    runRequest_ = RunRequest{index, currentStep()};
    accept();
    if (result() != QDialog::Accepted) runRequest_.reset();
}

void ActivityEditor::accept() {
    check();
    if (!problems_.isEmpty()) return;
    QDialog::accept();
}

}  // namespace ropelab::ui
