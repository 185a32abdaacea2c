// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/lesson_page.h"

#include <qcustomplot.h>

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QThread>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>
#include <vector>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "lessons/figure_progress.h"
#include "model/parameter_model.h"
#include "model/parameter_text.h"
#include "style/theme_controller.h"
#include "widgets/choice_box.h"
#include "widgets/heat_map.h"
#include "widgets/labeled_slider.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/vertical_scroll.h"
#include "widgets/wrapped_label.h"

namespace ropelab::ui {

LessonPage::LessonPage(const LessonContext& context, QWidget* parent)
    : Lesson(parent),
      context_(context),
      activitySlot_(new QWidget(this)),
      banner_(new WrappedLabel(this)),
      plotArea_(new QWidget(this)),
      sideTabs_(new QTabWidget(this)),
      lessonScroll_(new VerticalScroll(true)),
      sharedScroll_(new VerticalScroll(true)),
      heading_(new WrappedLabel(this)),
      moreButton_(new QToolButton(this)),
      explanation_(new WrappedLabel(this)),
      explanationNote_(new WrappedLabel(this)),
      controlsLayout_(new QVBoxLayout),
      stoppedNote_(new WrappedLabel(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    banner_->setObjectName(QStringLiteral("problemBanner"));
    banner_->setStyleSheet(QStringLiteral(
        "QLabel#problemBanner { background: #fff3cd; color: #5c4400; border: 1px solid #e0b84a;"
        " border-radius: 4px; padding: 6px; }"));
    banner_->hide();
    layout->addWidget(banner_);

    stoppedNote_->setObjectName(QStringLiteral("computationStopped"));
    stoppedNote_->hide();
    layout->addWidget(stoppedNote_);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);
    auto* plotScroll = new VerticalScroll(false);
    plotScroll->setObjectName(QStringLiteral("plotScroll"));
    plotScroll->setWidget(plotArea_);
    // A figure that takes long shows its progress and can be stopped.
    progress_ =
        new FigureProgress(plotScroll, [this] { return computing() && !progressInControls_; });
    connect(progress_, &FigureProgress::cancelClicked, this, &LessonPage::cancelComputation);
    splitter->addWidget(plotScroll);

    auto* side = new QWidget;
    // Grown or shrunk by a longer status or readout, the panel repaints only what was exposed
    // and the widgets that moved, not every label in it.
    side->setAttribute(Qt::WA_StaticContents);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(8, 0, 4, 0);
    QFont headingFont = heading_->font();
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.35);
    headingFont.setBold(true);
    heading_->setFont(headingFont);
    moreButton_->setObjectName(QStringLiteral("explanationToggle"));
    moreButton_->setCheckable(true);
    moreButton_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    moreButton_->setAutoRaise(true);
    moreButton_->hide();
    connect(moreButton_, &QToolButton::toggled, this, &LessonPage::updateExplanationFold);
    explanation_->setObjectName(QStringLiteral("explanation"));
    explanation_->setTextFormat(Qt::RichText);
    explanation_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    explanationNote_->setObjectName(QStringLiteral("explanationNote"));
    explanationNote_->setTextFormat(Qt::PlainText);
    explanationNote_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    explanationNote_->hide();
    activitySlot_->setObjectName(QStringLiteral("activitySlot"));
    auto* slotLayout = new QVBoxLayout(activitySlot_);
    slotLayout->setContentsMargins(0, 0, 0, 6);
    sideLayout->addWidget(heading_);
    sideLayout->addWidget(moreButton_, 0, Qt::AlignLeft);
    sideLayout->addWidget(explanation_);
    sideLayout->addWidget(explanationNote_);
    sideLayout->addSpacing(6);
    sideLayout->addLayout(controlsLayout_);
    sideLayout->addSpacing(6);
    readouts_ = new ReadoutPanel(side);
    sideLayout->addWidget(readouts_);
    sideLayout->addStretch(1);

    lessonScroll_->setObjectName(QStringLiteral("sidePanel"));
    lessonScroll_->setWidget(side);
    sharedScroll_->setObjectName(QStringLiteral("sharedPanel"));
    // One tab shows no tab bar: the side panel looks the same until the shared parameters join.
    sideTabs_->setObjectName(QStringLiteral("sideTabs"));
    sideTabs_->setDocumentMode(true);
    sideTabs_->setTabBarAutoHide(true);
    sideTabs_->addTab(lessonScroll_, QString());
    // The activity card above the tabs: in view whichever tab holds the control it asks for.
    auto* sideColumn = new QWidget;
    sideColumn->setObjectName(QStringLiteral("sideColumn"));
    auto* columnLayout = new QVBoxLayout(sideColumn);
    columnLayout->setContentsMargins(0, 0, 0, 0);
    columnLayout->setSpacing(0);
    activitySlot_->setContentsMargins(8, 0, 4, 0);
    columnLayout->addWidget(activitySlot_);
    columnLayout->addWidget(sideTabs_, 1);
    splitter->addWidget(sideColumn);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({900, 360});
    layout->addWidget(splitter, 1);
    retranslatePage();

    connect(context_.theme, &ThemeController::themeChanged, this,
            [this](const PlotTheme& theme) { applyTheme(theme); });
}

void LessonPage::setSharedPanel(QWidget* panel) {
    if (panel == sharedScroll_->widget()) return;
    if (QWidget* old = sharedScroll_->takeWidget()) old->setParent(nullptr);
    if (panel == nullptr) {
        sideTabs_->removeTab(sideTabs_->indexOf(sharedScroll_));
        return;
    }
    sharedScroll_->setWidget(panel);
    panel->show();
    if (sideTabs_->indexOf(sharedScroll_) < 0) sideTabs_->addTab(sharedScroll_, QString());
    retranslatePage();
}

QWidget* LessonPage::sharedPanel() const {
    return sharedScroll_->widget();
}

void LessonPage::setExplanationFolded(bool folded) {
    moreButton_->setVisible(folded);
    const QSignalBlocker block(moreButton_);
    moreButton_->setChecked(false);
    updateExplanationFold();
}

void LessonPage::updateExplanationFold() {
    const bool open = moreButton_->isHidden() || moreButton_->isChecked();
    explanation_->setVisible(open);
    explanationNote_->setVisible(open && !explanationNote_->text().isEmpty());
    moreButton_->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    moreButton_->setText(open ? tr("Less") : tr("More…"));
}

bool LessonPage::explanationFolded() const {
    return !moreButton_->isHidden();
}

void LessonPage::retranslatePage() {
    banner_->setAccessibleName(tr("Problem"));
    progress_->retranslate();
    stoppedNote_->setText(tr("Stopped: the figures still show the previous result."));
    sideTabs_->setTabText(sideTabs_->indexOf(lessonScroll_), tr("This lesson"));
    if (const int shared = sideTabs_->indexOf(sharedScroll_); shared >= 0) {
        sideTabs_->setTabText(shared, tr("Shared parameters"));
    }
    moreButton_->setToolTip(tr("Shows or hides the explanation"));
    readouts_->retranslate();
    concealment_.retranslate();
    updateExplanationFold();
}

QString LessonPage::problem() const {
    return banner_->isHidden() ? QString() : banner_->text();
}

void LessonPage::setActivityPanel(QWidget* panel) {
    if (panel != nullptr) activitySlot_->layout()->addWidget(panel);
}

QString LessonPage::readoutText() const {
    return readouts_->text();
}

const PlotTheme& LessonPage::theme() const {
    return context_.theme->theme();
}

QCustomPlot* LessonPage::createPlot(const QString& figureName) {
    QCustomPlot* plot = makePlot(plotArea_);
    plot->setObjectName(figureName);
    figures_.append(Figure{figureName, plot, {}});
    plot->setAccessibleName(figureName);
    connect(plot, &QCustomPlot::beforeReplot, this, [this, plot] {
        repaintsQueued_.remove(plot);
        nameForScreenReaders(plot);
    });
    return plot;
}

QCustomPlot* LessonPage::createPlot(const QString& figureName, const PlotTexts& texts) {
    QCustomPlot* plot = createPlot(figureName);
    if (texts.title) bindText(addPlotTitle(plot, QString()), texts.title);
    if (texts.x) bindText(plot->xAxis, texts.x);
    if (texts.y) bindText(plot->yAxis, texts.y);
    return plot;
}

QGridLayout* LessonPage::placePlots(std::initializer_list<std::initializer_list<QWidget*>> rows,
                                    std::initializer_list<int> rowStretch,
                                    std::initializer_list<int> columnStretch) {
    auto* grid = new QGridLayout(plotArea_);
    grid->setContentsMargins(0, 0, 0, 0);
    const std::vector<std::vector<QWidget*>> cells(rows.begin(), rows.end());
    QSet<QWidget*> placed;
    for (int r = 0; r < int(cells.size()); ++r) {
        for (int c = 0; c < int(cells[r].size()); ++c) {
            QWidget* widget = cells[r][c];
            if (placed.contains(widget)) continue;
            placed.insert(widget);
            int columns = 1;
            while (c + columns < int(cells[r].size()) && cells[r][c + columns] == widget) ++columns;
            int rowSpan = 1;
            while (r + rowSpan < int(cells.size()) && c < int(cells[r + rowSpan].size()) &&
                   cells[r + rowSpan][c] == widget) {
                ++rowSpan;
            }
            grid->addWidget(widget, r, c, rowSpan, columns);
        }
    }
    int row = 0;
    for (int stretch : rowStretch) grid->setRowStretch(row++, stretch);
    int column = 0;
    for (int stretch : columnStretch) grid->setColumnStretch(column++, stretch);
    return grid;
}

QCPGraph* LessonPage::addSeries(QCustomPlot* plot, const SeriesStyle& style,
                                const char* legendName) {
    QCPGraph* graph = ropelab::ui::addGraph(plot);
    setSeriesStyle(graph, style, theme());
    if (legendName) bindText(graph, legendName);
    return graph;
}

HeatMap LessonPage::addHeatMap(QCustomPlot* plot, Gradient gradient, const char* scaleLabel) {
    HeatMap heat = ropelab::ui::addHeatMap(plot, gradient, QString());
    bindText(heat.scale->axis(), scaleLabel);
    return heat;
}

void LessonPage::setExplanation(const QString& heading, const QString& html, const QString& note) {
    // Unchanged text is not set again: setText relays the side panel out even then.
    if (heading_->text() != heading) heading_->setText(heading);
    if (explanation_->text() != html) explanation_->setText(html);
    setExplanationNote(note);
}

void LessonPage::bindText(const char* source, std::function<void(const QString&)> set) {
    // metaObject() is the lesson's own once its constructor runs: tr()'s context there.
    TextBinding binding{metaObject()->className(), source, std::move(set)};
    binding.set(QCoreApplication::translate(binding.context, source));
    textBindings_.push_back(std::move(binding));
}

void LessonPage::bindText(QLabel* label, const char* source) {
    bindText(source, [label](const QString& text) { label->setText(text); });
}

void LessonPage::bindText(QAbstractButton* button, const char* source) {
    bindText(source, [button](const QString& text) { button->setText(text); });
}

void LessonPage::bindText(QCPTextElement* element, const char* source) {
    bindText(source, [element](const QString& text) { element->setText(text); });
}

void LessonPage::bindText(QCPAxis* axis, const char* label) {
    bindText(label, [axis](const QString& text) { axis->setLabel(text); });
}

void LessonPage::bindText(QCPAbstractPlottable* plottable, const char* legendName) {
    bindText(legendName, [plottable](const QString& text) { plottable->setName(text); });
}

void LessonPage::bindText(QCPItemText* item, const char* source) {
    bindText(source, [item](const QString& text) { item->setText(text); });
}

template <class Slider>
void LessonPage::bindSliderText(Slider* slider, const char* label, const char* unit) {
    bindText(label, [slider](const QString& text) { slider->setLabel(text); });
    if (unit != nullptr) bindText(unit, [slider](const QString& text) { slider->setUnit(text); });
}

void LessonPage::bindText(LabeledSlider* slider, const char* label, const char* unit) {
    bindSliderText(slider, label, unit);
}

void LessonPage::bindText(LabeledDoubleSlider* slider, const char* label, const char* unit) {
    bindSliderText(slider, label, unit);
}

void LessonPage::bindAxisLabels(QCustomPlot* plot, const char* x, const char* y) {
    bindText(plot->xAxis, x);
    bindText(plot->yAxis, y);
}

void LessonPage::bindToolTip(QWidget* widget, const char* source) {
    bindText(source, [widget](const QString& text) { widget->setToolTip(text); });
}

void LessonPage::placeControl(QWidget* control, const char* name, const char* toolTip,
                              QBoxLayout* layout, int stretch, QFormLayout* form,
                              const char* label) {
    control->setObjectName(QLatin1String(name));
    if (toolTip != nullptr) bindToolTip(control, toolTip);
    QLabel* buddy = nullptr;
    if (label != nullptr) {
        buddy = new QLabel(this);
        buddy->setBuddy(control);
        bindText(buddy, label);
    }
    if (form != nullptr) {
        if (buddy != nullptr) {
            form->addRow(buddy, control);
        } else {
            form->addRow(control);
        }
        return;
    }
    if (layout == nullptr) layout = controlsLayout();
    if (buddy != nullptr) layout->addWidget(buddy);
    layout->addWidget(control, stretch);
}

LabeledSlider* LessonPage::makeSlider(const SliderSpec& spec, std::function<void(int)> changed) {
    auto* slider = new LabeledSlider(QString(), spec.range.minimum, spec.range.maximum, spec.step,
                                     QString(), this);
    bindText(slider, spec.label, spec.unit);
    if (spec.pageStep > 0) slider->slider()->setPageStep(spec.pageStep);
    slider->setValue(spec.range.value);
    placeControl(slider, spec.name, spec.toolTip, spec.layout);
    connect(slider, &LabeledSlider::valueChanged, this, changed);
    if (spec.state != nullptr) {
        bindState(
            QLatin1String(spec.state), spec.range.value, [slider] { return slider->value(); },
            [slider, changed](int value) {
                slider->setValue(value);
                changed(slider->value());
            });
    }
    return slider;
}

LabeledSlider* LessonPage::addPairSlider(const PairSliderSpec& spec, const int& pair,
                                         std::function<void(int)> choose) {
    LabeledSlider* slider = addSlider(
        {.name = "pairSlider", .label = spec.label, .range = {0, 31, 0}, .toolTip = spec.toolTip},
        choose);
    bindState(
        QStringLiteral("pair"), pair, [&pair] { return pair; }, std::move(choose));
    return slider;
}

bool LessonPage::choosePair(int& pair, int chosen) {
    if (chosen == pair) return false;
    pair = std::max(chosen, 0);
    return true;
}

void LessonPage::showPair(LabeledSlider* slider, int& pair, int pairs) {
    slider->setRange(0, pairs - 1);
    pair = std::clamp(pair, 0, pairs - 1);
    slider->setValue(pair);
}

QCheckBox* LessonPage::makeCheckBox(const CheckBoxSpec& spec, std::function<void(bool)> toggled) {
    auto* box = new QCheckBox(this);
    bindText(box, spec.text);
    box->setChecked(spec.checked);
    placeControl(box, spec.name, spec.toolTip, spec.layout);
    connect(box, &QCheckBox::toggled, this, toggled);
    if (spec.state != nullptr) {
        bindState(
            QLatin1String(spec.state), spec.checked, [box] { return box->isChecked(); },
            [box](bool on) { box->setChecked(on); });
    }
    return box;
}

ChoiceBox* LessonPage::makeChoice(const ChoiceSpec& spec, std::function<void(int)> chosen) {
    auto* box = new ChoiceBox(this);
    bindItems(box, spec.items);
    if (spec.accessibleName != nullptr) {
        bindText(spec.accessibleName, [box](const QString& text) { box->setAccessibleName(text); });
    }
    placeControl(box, spec.name, spec.toolTip, spec.layout, spec.stretch, spec.form, spec.label);
    connect(box, &QComboBox::currentIndexChanged, this, chosen);
    if (spec.state != nullptr) {
        bindState(
            QLatin1String(spec.state), 0, [box] { return box->currentIndex(); },
            [box](int index) { box->setCurrentIndex(index); });
    }
    return box;
}

QPushButton* LessonPage::makeButton(const ButtonSpec& spec, std::function<void(bool)> clicked) {
    auto* button = new QPushButton(this);
    button->setCheckable(spec.checkable);
    bindText(button, spec.text);
    placeControl(button, spec.name, spec.toolTip, spec.layout, 0, spec.form);
    connect(button, spec.checkable ? &QPushButton::toggled : &QPushButton::clicked, this, clicked);
    return button;
}

template <class Value>
LessonPage::SpinBoxOf<Value>* LessonPage::makeSpinBox(const SpinBoxSpec<Value>& spec,
                                                      std::function<void(Value)> changed) {
    auto* box = new SpinBoxOf<Value>(this);
    if constexpr (std::is_same_v<Value, double>) box->setDecimals(spec.decimals);
    box->setRange(spec.range.minimum, spec.range.maximum);
    box->setSingleStep(spec.step);
    box->setValue(spec.range.value);
    if (spec.specialValueText != nullptr) {
        bindText(spec.specialValueText,
                 [box](const QString& text) { box->setSpecialValueText(text); });
    }
    placeControl(box, spec.name, spec.toolTip, spec.layout, 0, spec.form, spec.label);
    connect(box, &SpinBoxOf<Value>::valueChanged, this, changed);
    if (spec.state != nullptr) {
        bindState(
            QLatin1String(spec.state), spec.range.value, [box] { return box->value(); },
            [box](Value value) { box->setValue(value); });
    }
    return box;
}
template QSpinBox* LessonPage::makeSpinBox(const SpinBoxSpec<int>&, std::function<void(int)>);
template QDoubleSpinBox* LessonPage::makeSpinBox(const SpinBoxSpec<double>&,
                                                 std::function<void(double)>);

void LessonPage::bindItems(QComboBox* box, std::initializer_list<const char*> sources) {
    int index = 0;
    for (const char* source : sources) {
        if (box->count() <= index) box->addItem(QString());
        bindText(source, [box, index](const QString& text) { box->setItemText(index, text); });
        ++index;
    }
}

int LessonPage::allThreads() {
    return std::max(1, QThread::idealThreadCount());
}

QString LessonPage::explanationNote() const {
    return explanationNote_->text();
}

void LessonPage::setExplanationNote(const QString& note) {
    if (explanationNote_->text() == note) return;
    explanationNote_->setText(note);
    updateExplanationFold();
}

void LessonPage::setReadout(const QString& html) {
    readouts_->setNote(html);
}

void LessonPage::setReadouts(const QList<Readout>& readouts, const QString& noteHtml,
                             bool current) {
    const auto number = [](const Readout& r) {
        const ReadoutFormat& f = r.format;
        return f.localized ? QLocale().toString(*r.value, f.style, f.precision)
                           : QString::number(*r.value, f.style, f.precision);
    };
    QList<ReadoutRow> rows;
    for (const Readout& r : readouts) {
        if (r.label.isEmpty() && r.text.isEmpty()) continue;
        QString text = r.text;
        if (text.isEmpty() && r.value) {
            text = number(r);
            if (!r.format.unit.isEmpty()) text = r.format.unit.arg(text);
        }
        rows.append({r.label, text, r.second, r.concealAlone ? r.id : QString()});
    }
    readouts_->setRows(rows, noteHtml);
    if (!current) {
        clearReadouts();
        return;
    }
    for (const Readout& r : readouts) {
        if (!r.id.isEmpty() && r.value) publishReadout(r.id, *r.value, number(r));
    }
}

void LessonPage::setReadoutRows(const QList<ReadoutRow>& rows, const QString& noteHtml) {
    readouts_->setRows(rows, noteHtml);
}

void LessonPage::tagAnnotation(QCustomPlot* plot, const QString& id,
                               const QList<QCPLayerable*>& parts) {
    concealment_.tag(plot, id, parts);
}

QStringList LessonPage::annotationIds(const QString& figure) const {
    return concealment_.annotationIds(figure);
}

QList<QCPLayerable*> LessonPage::annotationParts(const QString& figure,
                                                 const QString& annotation) const {
    return concealment_.annotationParts(figure, annotation);
}

bool LessonPage::concealFigure(const QString& figure) {
    const auto it = std::find_if(figures_.begin(), figures_.end(),
                                 [&](const Figure& f) { return f.name == figure; });
    if (it == figures_.end()) return false;
    concealment_.concealFigure(*it);
    return true;
}

bool LessonPage::concealAnnotation(const QString& figure, const QString& annotation) {
    return concealment_.concealAnnotation(figure, annotation);
}

void LessonPage::concealReadouts(const QStringList& ids) {
    QStringList names;
    for (const QString& id : ids) names.append(readoutName(id));
    readouts_->conceal(names);
}

QString LessonPage::readoutName(const QString& id) const {
    // Rows are tagged with the readout's name, the id without "<lesson>.".
    return id.startsWith(this->id() + QLatin1Char('.')) ? id.mid(this->id().size() + 1) : id;
}

void LessonPage::revealAll() {
    concealment_.revealAll();
    readouts_->reveal();
}

QStringList LessonPage::concealedFigures() const {
    return concealment_.concealedFigures(figures_);
}

QList<AnnotationId> LessonPage::concealedAnnotations() const {
    return concealment_.concealedAnnotations();
}

bool LessonPage::readoutsConcealed(const QString& id) const {
    return readouts_->concealed(readoutName(id));
}

void LessonPage::showProblem(const QString& message) {
    const bool changed = banner_->isHidden() || banner_->text() != message;
    banner_->setText(message);
    banner_->show();
    if (changed) emit statusMessage(message);
}

void LessonPage::clearProblem() {
    if (banner_->isHidden()) return;
    banner_->hide();
    banner_->clear();
    emit statusMessage(QString());
}

void LessonPage::nameForScreenReaders(QCustomPlot* plot) {
    QString name = plot->objectName();  // the figure's name, until it has a title
    for (QCPLayoutElement* element : plot->plotLayout()->elements(false)) {
        if (auto* title = qobject_cast<QCPTextElement*>(element)) {
            name = title->text().simplified();  // without the breaks that wrap it on screen
            break;
        }
    }
    if (plot->accessibleName() != name) plot->setAccessibleName(name);
}

void LessonPage::replotAll() {
    for (const Figure& figure : figures_) replot(figure.plot);
}

void LessonPage::replot(QCustomPlot* plot) {
    ++figureRepaints_[plot->objectName()];
    repaintsQueued_.insert(plot);
    plot->replot(QCustomPlot::rpQueuedReplot);
}

void LessonPage::replotMarkers(QCPLayer* layer) {
    QCustomPlot* plot = layer->parentPlot();
    if (repaintsQueued_.contains(plot)) return;
    ++figureMarkerRepaints_[plot->objectName()];
    layer->replot();
}

void LessonPage::replotPlotsOf(const QList<QCPLayer*>& layers) {
    for (QCPLayer* layer : layers) replot(layer->parentPlot());
}

void LessonPage::applyTheme(const PlotTheme& theme) {
    for (const Figure& figure : figures_) applyPlotTheme(figure.plot, theme);
    replotAll();
}

bool LessonPage::putAway() const {
    // Explicitly hidden (a page of the lesson stack that is not current), or made and not yet
    // shown, caught up or awaited.
    return !catchingUp_ && isHidden() &&
           (!started_ || testAttribute(Qt::WA_WState_ExplicitShowHide));
}

void LessonPage::refreshOnParameterChange(std::function<void()> refresh,
                                          ParameterModel::Parameters reads) {
    parameterRefresh_ = std::move(refresh);
    connect(&parameters(), &ParameterModel::changed, this, [this, reads](auto what) {
        if (!(what & reads)) return;
        if (putAway()) {
            parametersChangedWhileAway_ = true;
            return;
        }
        parameterRefresh_();
    });
}

void LessonPage::refreshAfterLanguageChange() {
    if (putAway()) {
        if (parameterRefresh_) parametersChangedWhileAway_ = true;
        figuresChangedWhileAway_ = true;
        repaintWhenShown_ = true;
        return;
    }
    if (parameterRefresh_) {
        parameterRefresh_();  // which updates the figures, and titles that follow the parameters
    } else {
        runGuarded([this] { updateFigures(); });
    }
    replotAll();  // axis labels, titles and legends changed their words
}

void LessonPage::catchUp() {
    if (!started_) {
        started_ = true;
        // The lesson's refresh ran before its figures did: what it read from them is read again.
        if (figuresChangedWhileAway_ && parameterRefresh_) parametersChangedWhileAway_ = true;
    }
    if (parametersChangedWhileAway_ || figuresChangedWhileAway_) {
        catchingUp_ = true;
        if (parametersChangedWhileAway_) {
            parametersChangedWhileAway_ = false;
            figuresChangedWhileAway_ = false;
            parameterRefresh_();  // which updates the figures
        }
        if (figuresChangedWhileAway_) runGuarded([this] { updateFigures(); });
        catchingUp_ = false;
    }
    // In the words of a new language; a page caught up off screen (export) paints when shown.
    if (repaintWhenShown_ && isVisible()) {
        repaintWhenShown_ = false;
        replotAll();
    }
}

LatestJob* LessonPage::newFigureJob() {
    auto* job = new LatestJob(this);
    connect(job, &LatestJob::started, this, [this, job] {
        clearStopped();
        progress_->started();
        figureStarted(figureOf(job));
    });
    connect(job, &LatestJob::progress, this, [this, job](double fraction) {
        progress_->setFraction(fraction);
        figureProgress(figureOf(job), fraction);
    });
    connect(job, &LatestJob::finished, this, [this, job] {
        figureEnded(figureOf(job), FigureEnd::Drawn, {});
        figureJobChanged();
    });
    connect(job, &LatestJob::cancelled, this, [this, job] {
        figureEnded(figureOf(job), FigureEnd::Stopped, {});
        figureJobChanged();
    });
    connect(job, &LatestJob::failed, this, [this, job](const QString& message) {
        FigureTask* figure = figureOf(job);
        figure->jobEnded();  // retried on the next update, whatever its key
        showProblem(message);
        figureEnded(figure, FigureEnd::Failed, message);
        figureJobChanged();
    });
    return job;
}

FigureTask* LessonPage::figureOf(const LatestJob* job) const {
    for (const auto& task : figureTasks_) {
        if (task->job() == job) return task.get();
    }
    return nullptr;
}

FigureTask* LessonPage::addFigureTask(std::unique_ptr<FigureTask> task) {
    task->drawn_ = [this](FigureTask* drawn) {
        clearStopped();
        for (QCustomPlot* plot : drawn->plots()) replot(plot);
        for (QCPLayer* layer : drawn->markerLayers_) replotMarkers(layer);
        if (drawn->job() != nullptr) updateInlineFigures();
    };
    figureTasks_.push_back(std::move(task));
    return figureTasks_.back().get();
}

#if defined(__x86_64__)
namespace {
__attribute__((target("avx"))) void zeroUpperHalves() {
    _mm256_zeroupper();
}
}  // namespace

void LessonPage::clearAvxUpperHalves() {
    static const bool hasAvx = __builtin_cpu_supports("avx");
    if (hasAvx) zeroUpperHalves();
}
#else
void LessonPage::clearAvxUpperHalves() {}
#endif

void LessonPage::updateFigures() {
    if (putAway()) {
        figuresChangedWhileAway_ = true;
        return;
    }
    figuresChangedWhileAway_ = false;
    for (const auto& task : figureTasks_) updateFigure(*task);
}

void LessonPage::updateFigure(FigureTask& task) {
    // A draw step before may leave Qt's AVX state dirty: each inline compute starts clean.
    clearAvxUpperHalves();
    const FigureTask::Step step = task.update();
    if (step == FigureTask::Step::None) return;
    auto& counts = step == FigureTask::Step::Started ? figureJobs_ : figureInlineRuns_;
    for (QCustomPlot* plot : task.plots()) ++counts[plot->objectName()];
}

void LessonPage::updateInlineFigures() {
    if (putAway()) {
        figuresChangedWhileAway_ = true;
        return;
    }
    try {
        for (const auto& task : figureTasks_) {
            if (task->job() == nullptr) updateFigure(*task);
        }
    } catch (const std::exception& e) {
        showProblem(problemText(e));
    }
}

void LessonPage::figureJobChanged() {
    if (computing()) return;
    progress_->ended();
    emit computationFinished();
}

bool LessonPage::computing() const {
    return std::any_of(figureTasks_.begin(), figureTasks_.end(),
                       [](const auto& task) { return task->isRunning(); });
}

void LessonPage::cancelComputation() {
    if (!computing()) return;
    for (const auto& task : figureTasks_) task->stop(true);
    if (!progressInControls_) stoppedNote_->show();
    stopped_ = true;
    emit statusMessage(stoppedNote_->text());
}

void LessonPage::clearStopped() {
    stoppedNote_->hide();
    // A new result makes the status bar's "Stopped: …" untrue; other messages stay.
    if (std::exchange(stopped_, false)) emit statusMessage(QString());
}

bool LessonPage::waitForComputation(int timeoutMs) {
    catchUp();  // a page not yet shown computes what it was waiting for
    const QDeadlineTimer deadline(timeoutMs);
    while (computing() && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(1);
    }
    return !computing();
}

void LessonPage::showEvent(QShowEvent* event) {
    catchUp();
    Lesson::showEvent(event);
}

void LessonPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslatePage();
        for (const TextBinding& binding : textBindings_) {
            binding.set(QCoreApplication::translate(binding.context, binding.source));
        }
        for (FigureTask* figure : translatedFigures_) figure->invalidate();
        retranslate();
        refreshAfterLanguageChange();
    }
    Lesson::changeEvent(event);
}

QJsonObject LessonPage::saveState() const {
    QJsonObject state;
    for (const StateBinding& binding : stateBindings_) binding.save(state);
    return state;
}

void LessonPage::restoreState(const QJsonObject& state) {
    for (const StateBinding& binding : stateBindings_) binding.restore(state);
}

QString LessonPage::problemText(const std::exception& e) {
    if (dynamic_cast<const InputError*>(&e) != nullptr) {
        return tr("Invalid parameter: %1").arg(errorText(e));
    }
    if (isTooLarge(e)) return tr("Too large to compute: %1").arg(errorText(e));
    return tr("Could not compute this view: %1").arg(errorText(e));
}

}  // namespace ropelab::ui
