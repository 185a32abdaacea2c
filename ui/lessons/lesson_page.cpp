// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/lesson_page.h"

#include <qcustomplot.h>

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTextDocumentFragment>
#include <QThread>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <utility>
#include <vector>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "model/parameter_model.h"
#include "model/parameter_text.h"
#include "style/theme_controller.h"
#include "widgets/choice_box.h"
#include "widgets/labeled_slider.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/progress_value.h"
#include "widgets/wrapped_label.h"

namespace ropelab::ui {

namespace {

// Scrolls up and down only: never narrower than its content needs, however large the fonts
// (presenter mode); text wraps inside it. The side panel also keeps a least width that grows
// with the font, so that the choices in its combo boxes stay readable in full; the plots scroll
// only when the window is too short for all of them at a readable size.
constexpr int kSidePanelMinimumWidth = 300;
constexpr int kSidePanelMinimumChars = 40;
// A job shorter than this finishes without a progress bar flashing up.
constexpr int kProgressDelayMs = 300;
constexpr int kProgressSteps = 1000;
// The invisible layer concealed annotations wait on.
constexpr QLatin1String kConcealedLayer("concealed");

class VerticalScroll : public QScrollArea {
public:
    explicit VerticalScroll(bool sidePanel) : sidePanel_(sidePanel) {
        setWidgetResizable(true);
        setFrameShape(QFrame::NoFrame);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        // The plots make room for a scroll bar only while they need one.
        if (!sidePanel_) {
            connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, [this](int, int most) {
                if ((most > 0) != scrolling_) {
                    scrolling_ = most > 0;
                    updateGeometry();
                }
            });
        }
    }

    // Lays `overlay` over the top of the visible plots, so that showing or hiding it resizes no
    // plot (a progress bar that came and went replotted every figure twice).
    void setTopOverlay(QWidget* overlay) {
        overlay_ = overlay;
        overlay_->setParent(this);
        overlay_->setAutoFillBackground(true);
        placeOverlay();
    }
    void placeOverlay() {
        if (overlay_ != nullptr)
            overlay_->setGeometry(0, 0, viewport()->width(), overlay_->sizeHint().height());
    }

    QSize minimumSizeHint() const override {
        int content = widget() != nullptr ? widget()->minimumSizeHint().width() : 0;
        if (sidePanel_ && widget() != nullptr && widget() == measured_)
            content = std::max(content, contentWidth_);
        const int bar = sidePanel_ || scrolling_ ? verticalScrollBar()->sizeHint().width() : 0;
        const int least = sidePanel_
                              ? std::max(kSidePanelMinimumWidth,
                                         kSidePanelMinimumChars * fontMetrics().averageCharWidth())
                              : 0;
        return {std::max(least, content + bar + 2 * frameWidth()),
                QScrollArea::minimumSizeHint().height()};
    }

protected:
    bool event(QEvent* event) override {
        const bool handled = QScrollArea::event(event);
        switch (event->type()) {
            case QEvent::FontChange:
            case QEvent::StyleChange:
            case QEvent::LanguageChange:
                contentWidth_ = -1;
                placeOverlay();
                break;
            case QEvent::Resize:
                placeOverlay();
                break;
            case QEvent::LayoutRequest: {
                // The content's layout changed (fonts, language, controls): if it now needs a
                // different width, the splitter asks again. Its minimum is cached by now, so this
                // check is cheap.
                if (widget() == nullptr) break;
                if (widget() != measured_) contentWidth_ = -1;
                measured_ = widget();
                const int content = widget()->minimumSizeHint().width();
                // A side panel's least width only grows while its fonts and content stay: a
                // choice that shows wider rows and hides them again (a rope_type) then lays
                // nothing out around the panel, whose tab widget would repaint every label in it
                // on each such relayout.
                if (sidePanel_ ? content <= contentWidth_ : content == contentWidth_) break;
                contentWidth_ = content;
                updateGeometry();
                break;
            }
            default:
                break;
        }
        return handled;
    }

private:
    bool sidePanel_;
    bool scrolling_ = false;
    int contentWidth_ = -1;  // for a side panel, the widest it has been
    const QWidget* measured_ = nullptr;
    QWidget* overlay_ = nullptr;
};

// The blank face over a concealed figure: the plot's background, a dashed frame and one line
// saying why, so a student never takes it for an empty result.
class ConcealCover : public QWidget {
public:
    explicit ConcealCover(QWidget* plot) : QWidget(plot) {
        setObjectName(QStringLiteral("concealCover"));
        setAttribute(Qt::WA_OpaquePaintEvent);
        plot->installEventFilter(this);
        setGeometry(plot->rect());
    }
    void setText(const QString& text) {
        text_ = text;
        setAccessibleName(text);
        update();
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == parent() && event->type() == QEvent::Resize) {
            setGeometry(parentWidget()->rect());
        }
        return QWidget::eventFilter(watched, event);
    }
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        painter.fillRect(rect(), palette().color(QPalette::Base));
        QPen frame(palette().color(QPalette::Mid), 2, Qt::DashLine);
        painter.setPen(frame);
        painter.drawRect(rect().adjusted(6, 6, -7, -7));
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap,
                         text_);
    }

private:
    QString text_;
};

}  // namespace

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
      readout_(new WrappedLabel(this)),
      readoutRows_(new QGridLayout),
      readoutGrid_(new QWidget(this)),
      progressPanel_(new QWidget(this)),
      progressLabel_(new QLabel(progressPanel_)),
      progressBar_(new QProgressBar(progressPanel_)),
      cancelButton_(new QPushButton(progressPanel_)),
      stoppedNote_(new WrappedLabel(this)),
      progressDelay_(new QTimer(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    banner_->setObjectName(QStringLiteral("problemBanner"));
    banner_->setStyleSheet(QStringLiteral(
        "QLabel#problemBanner { background: #fff3cd; color: #5c4400; border: 1px solid #e0b84a;"
        " border-radius: 4px; padding: 6px; }"));
    banner_->hide();
    layout->addWidget(banner_);

    // A figure that takes long shows its progress and can be stopped.
    progressPanel_->setObjectName(QStringLiteral("figureProgress"));
    auto* progressLayout = new QHBoxLayout(progressPanel_);
    progressLayout->setContentsMargins(6, 4, 6, 4);
    progressBar_->setRange(0, kProgressSteps);
    progressBar_->setTextVisible(false);
    cancelButton_->setObjectName(QStringLiteral("cancelComputation"));
    progressLayout->addWidget(progressLabel_);
    progressLayout->addWidget(progressBar_, 1);
    progressLayout->addWidget(cancelButton_);
    progressPanel_->hide();
    stoppedNote_->setObjectName(QStringLiteral("computationStopped"));
    stoppedNote_->hide();
    layout->addWidget(stoppedNote_);
    progressDelay_->setSingleShot(true);
    progressDelay_->setInterval(kProgressDelayMs);
    connect(cancelButton_, &QPushButton::clicked, this, &LessonPage::cancelComputation);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);
    auto* plotScroll = new VerticalScroll(false);
    plotScroll->setObjectName(QStringLiteral("plotScroll"));
    plotScroll->setWidget(plotArea_);
    plotScroll->setTopOverlay(progressPanel_);
    connect(progressDelay_, &QTimer::timeout, this, [this, plotScroll] {
        if (!computing() || progressInControls_) return;
        plotScroll->placeOverlay();
        progressPanel_->show();
        progressPanel_->raise();
    });
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
    readout_->setTextFormat(Qt::RichText);
    readout_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    readout_->setObjectName(QStringLiteral("readout"));
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
    readoutRows_->setHorizontalSpacing(10);
    readoutRows_->setVerticalSpacing(2);
    readoutRows_->setColumnStretch(0, 1);
    readoutRows_->setColumnStretch(1, 1);
    // One box, so an activity can hide the readouts while it asks for a prediction.
    auto* readoutBox = new QWidget(side);
    readoutBox->setObjectName(QStringLiteral("readouts"));
    auto* readoutLayout = new QVBoxLayout(readoutBox);
    readoutLayout->setContentsMargins(0, 0, 0, 0);
    readoutRows_->setContentsMargins(0, 0, 0, 0);
    readoutGrid_->setLayout(readoutRows_);
    readoutsHidden_ = new WrappedLabel(readoutBox);
    readoutsHidden_->setObjectName(QStringLiteral("readoutsConcealed"));
    readoutsHidden_->setEnabled(false);  // greyed: nothing to read yet
    readoutsHidden_->hide();
    readoutLayout->addWidget(readoutsHidden_);
    readoutLayout->addWidget(readoutGrid_);
    readoutLayout->addWidget(readout_);
    copyReadouts_ = new QAction(readoutBox);
    connect(copyReadouts_, &QAction::triggered, this,
            [this] { QGuiApplication::clipboard()->setText(readoutText()); });
    readoutBox->addAction(copyReadouts_);
    readoutBox->setContextMenuPolicy(Qt::ActionsContextMenu);
    sideLayout->addWidget(readoutBox);
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
    progressLabel_->setText(tr("Computing the figures…"));
    cancelButton_->setText(tr("Cancel"));
    stoppedNote_->setText(tr("Stopped: the figures still show the previous result."));
    sideTabs_->setTabText(sideTabs_->indexOf(lessonScroll_), tr("This lesson"));
    if (const int shared = sideTabs_->indexOf(sharedScroll_); shared >= 0) {
        sideTabs_->setTabText(shared, tr("Shared parameters"));
    }
    moreButton_->setToolTip(tr("Shows or hides the explanation"));
    copyReadouts_->setText(tr("Copy readouts"));
    readoutsHidden_->setText(tr("The readouts are hidden until you check your prediction."));
    for (const QPointer<QWidget>& cover : std::as_const(covers_)) {
        if (cover != nullptr) static_cast<ConcealCover*>(cover.data())->setText(coverText());
    }
    applyReadoutConcealment();
    updateExplanationFold();
}

QString LessonPage::problem() const {
    return banner_->isHidden() ? QString() : banner_->text();
}

void LessonPage::setActivityPanel(QWidget* panel) {
    if (panel != nullptr) activitySlot_->layout()->addWidget(panel);
}

QString LessonPage::readoutText() const {
    if (!readoutsHidden_->isHidden()) return readoutsHidden_->text();
    QString text;
    for (const auto& [name, value, second] : readoutLabels_) {
        if (name->isHidden()) continue;
        text += QTextDocumentFragment::fromHtml(name->text()).toPlainText() + QLatin1Char(' ') +
                value->text();
        if (!second->isHidden()) text += QLatin1Char(' ') + second->text();
        text += QLatin1Char('\n');
    }
    return text + QTextDocumentFragment::fromHtml(readout_->text()).toPlainText();
}

const PlotTheme& LessonPage::theme() const {
    return context_.theme->theme();
}

QCustomPlot* LessonPage::createPlot(const QString& figureName) {
    QCustomPlot* plot = makePlot(plotArea_);
    plot->setObjectName(figureName);
    figures_.append(Figure{figureName, plot});
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

void LessonPage::bindExplanation(const char* html) {
    bindText(html, [this](const QString& text) {
        setExplanation(title(), text, explanationNote_->text());
    });
}

void LessonPage::setExplanationNote(const QString& note) {
    if (explanationNote_->text() == note) return;
    explanationNote_->setText(note);
    updateExplanationFold();
}

void LessonPage::setReadout(const QString& html) {
    readout_->setText(html);
}

void LessonPage::setReadouts(const QList<Readout>& readouts, const QString& noteHtml,
                             bool current) {
    QList<ReadoutRow> rows;
    for (const Readout& r : readouts) {
        if (r.label.isEmpty() && r.text.isEmpty()) continue;
        QString text = r.text;
        if (text.isEmpty() && r.value) {
            const ReadoutFormat& f = r.format;
            text = f.localized ? QLocale().toString(*r.value, f.style, f.precision)
                               : QString::number(*r.value, f.style, f.precision);
            if (!f.unit.isEmpty()) text = f.unit.arg(text);
        }
        rows.append({r.label, text, r.second, r.concealAlone ? r.id : QString()});
    }
    setReadoutRows(rows, noteHtml);
    if (!current) {
        clearReadouts();
        return;
    }
    for (const Readout& r : readouts) {
        if (!r.id.isEmpty() && r.value) publishReadout(r.id, *r.value);
    }
}

void LessonPage::setReadoutRows(const QList<ReadoutRow>& rows, const QString& noteHtml) {
    const auto valueLabel = [this] {
        // Wraps: big presenter fonts must not widen the side panel.
        auto* label = new WrappedLabel(this);
        label->setTextFormat(Qt::PlainText);
        label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        QFont bold = label->font();
        bold.setBold(true);
        label->setFont(bold);
        return label;
    };
    while (readoutLabels_.size() < rows.size()) {
        auto* name = new WrappedLabel(this);
        name->setTextFormat(Qt::RichText);
        const ReadoutLabels labels{name, valueLabel(), valueLabel()};
        const int row = static_cast<int>(readoutLabels_.size());
        readoutRows_->addWidget(labels.name, row, 0);
        readoutRows_->addWidget(labels.value, row, 1);
        readoutRows_->addWidget(labels.second, row, 2);
        readoutLabels_.append(labels);
    }
    const bool twoValues = std::any_of(rows.begin(), rows.end(),
                                       [](const ReadoutRow& r) { return !r.second.isEmpty(); });
    readoutRows_->setColumnStretch(2, twoValues ? 1 : 0);
    const auto shownIn = [&](qsizetype i) {
        const bool used = i < rows.size();
        return std::array{used, used, used && twoValues};
    };
    bool showing = false;
    for (qsizetype i = 0; i < readoutLabels_.size(); ++i) {
        const auto& [name, value, second] = readoutLabels_[i];
        const std::array shown = shownIn(i);
        showing = showing || (shown[0] && name->isHidden()) || (shown[1] && value->isHidden()) ||
                  (shown[2] && second->isHidden());
    }
    // Showing a widget lays out all its ancestors at once: labels shown together inside the
    // hidden grid cost one layout of the side panel instead of one each.
    const bool batch = showing && readoutGrid_->isVisible();
    if (batch) readoutGrid_->hide();
    for (qsizetype i = 0; i < readoutLabels_.size(); ++i) {
        const auto& [name, value, second] = readoutLabels_[i];
        const std::array shown = shownIn(i);
        name->setVisible(shown[0]);
        value->setVisible(shown[1]);
        second->setVisible(shown[2]);
        if (!shown[0]) continue;
        // Unchanged text is not set again: no relayout while only one number moves.
        const QString shownFirst = shownValue(rows[i], rows[i].value);
        const QString shownSecond = shownValue(rows[i], rows[i].second);
        if (name->text() != rows[i].name) name->setText(rows[i].name);
        if (value->text() != shownFirst) value->setText(shownFirst);
        if (second->text() != shownSecond) second->setText(shownSecond);
    }
    if (batch) readoutGrid_->show();
    if (readout_->text() != noteHtml) readout_->setText(noteHtml);
    const bool tagsChanged = rows.size() != readoutRowsShown_.size() ||
                             !std::equal(rows.begin(), rows.end(), readoutRowsShown_.begin(),
                                         [](const ReadoutRow& a, const ReadoutRow& b) {
                                             return a.readout == b.readout;
                                         });
    readoutRowsShown_ = rows;
    if (tagsChanged && !concealedReadouts_.isEmpty()) applyReadoutConcealment();
}

QString LessonPage::shownValue(const ReadoutRow& row, const QString& value) const {
    if (value.isEmpty() || row.readout.isEmpty() || !concealedReadouts_.contains(row.readout)) {
        return value;
    }
    return tr("hidden until you check");
}

QString LessonPage::coverText() {
    return tr("Hidden until you check your prediction");
}

void LessonPage::tagAnnotation(QCustomPlot* plot, const QString& id,
                               const QList<QCPLayerable*>& parts) {
    TaggedAnnotation annotation{plot, id, {}};
    for (QCPLayerable* part : parts) annotation.parts.append(part);
    annotations_.append(annotation);
}

QStringList LessonPage::annotationIds(const QString& figure) const {
    QStringList ids;
    for (const TaggedAnnotation& a : annotations_) {
        if (a.plot != nullptr && a.plot->objectName() == figure) ids.append(a.id);
    }
    return ids;
}

QList<QCPLayerable*> LessonPage::annotationParts(const QString& figure,
                                                 const QString& annotation) const {
    QList<QCPLayerable*> parts;
    for (const TaggedAnnotation& a : annotations_) {
        if (a.plot == nullptr || a.plot->objectName() != figure || a.id != annotation) continue;
        for (const QPointer<QCPLayerable>& part : a.parts) {
            if (part != nullptr) parts.append(part.data());
        }
    }
    return parts;
}

bool LessonPage::concealFigure(const QString& figure) {
    const auto it = std::find_if(figures_.begin(), figures_.end(),
                                 [&](const Figure& f) { return f.name == figure; });
    if (it == figures_.end()) return false;
    QPointer<QWidget>& cover = covers_[figure];
    if (cover == nullptr) {
        auto* face = new ConcealCover(it->plot);
        face->setText(coverText());
        cover = face;
    }
    cover->raise();
    cover->show();
    return true;
}

bool LessonPage::concealAnnotation(const QString& figure, const QString& annotation) {
    const QList<QCPLayerable*> parts = annotationParts(figure, annotation);
    if (parts.isEmpty()) return false;
    if (concealedAnnotations_.contains(AnnotationId{figure, annotation})) return true;
    concealedAnnotations_.append(AnnotationId{figure, annotation});
    QCustomPlot* plot = parts.front()->parentPlot();
    // An invisible layer of its own: whatever the lesson does with a part's visibility while it
    // draws, nothing on this layer is painted.
    if (plot->layer(kConcealedLayer) == nullptr) {
        plot->addLayer(kConcealedLayer);
        plot->layer(kConcealedLayer)->setVisible(false);
    }
    for (QCPLayerable* part : parts) {
        QCPLayer* from = part->layer();
        const bool known = std::any_of(concealedFrom_.begin(), concealedFrom_.end(),
                                       [from](const auto& entry) { return entry.first == from; });
        if (!known && from != nullptr) {
            QList<QPointer<QCPLayerable>> order;
            for (QCPLayerable* child : from->children()) order.append(child);
            concealedFrom_.append({from, order});
        }
        concealedParts_.append(part);
        part->setLayer(kConcealedLayer);
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
    return true;
}

void LessonPage::concealReadouts(const QStringList& ids) {
    if (ids.isEmpty()) {
        allReadoutsConcealed_ = true;
    } else {
        for (const QString& id : ids) {
            // Rows are tagged with the readout's name, the id without "<lesson>.".
            const QString name =
                id.startsWith(this->id() + QLatin1Char('.')) ? id.mid(this->id().size() + 1) : id;
            if (!concealedReadouts_.contains(name)) concealedReadouts_.append(name);
        }
    }
    setReadoutRows(readoutRowsShown_, readout_->text());
    applyReadoutConcealment();
}

void LessonPage::applyReadoutConcealment() {
    // An id no row shows on its own would still be read in the note or a combined row: all go.
    const bool untagged = std::any_of(
        concealedReadouts_.begin(), concealedReadouts_.end(), [this](const QString& name) {
            return std::none_of(readoutRowsShown_.begin(), readoutRowsShown_.end(),
                                [&](const ReadoutRow& row) { return row.readout == name; });
        });
    const bool all = allReadoutsConcealed_ || untagged;
    readoutsHidden_->setVisible(all);
    readoutGrid_->setVisible(!all);
    readout_->setVisible(!all);
}

void LessonPage::revealAll() {
    for (const QPointer<QWidget>& cover : std::as_const(covers_)) {
        if (cover != nullptr) cover->hide();
    }
    // A layer draws its children in the order they joined it: from the first concealed part on,
    // its children leave it and join again in their old order, the parts among them.
    QSet<QCustomPlot*> plots;
    for (const auto& [layer, order] : concealedFrom_) {
        if (layer == nullptr) continue;
        const auto first = std::find_if(order.begin(), order.end(), [this](const auto& child) {
            return concealedParts_.contains(child);
        });
        QList<QCPLayerable*> tail;
        for (auto it = first; it != order.end(); ++it) {
            QCPLayerable* child = it->data();
            if (child != nullptr && (child->layer() == layer || concealedParts_.contains(child))) {
                tail.append(child);
            }
        }
        QCPLayer* aside = layer->parentPlot()->layer(kConcealedLayer);
        for (QCPLayerable* child : tail) child->setLayer(aside);
        for (QCPLayerable* child : tail) child->setLayer(layer);
        plots.insert(layer->parentPlot());
    }
    for (QCustomPlot* plot : plots) plot->replot(QCustomPlot::rpQueuedReplot);
    concealedFrom_.clear();
    concealedParts_.clear();
    concealedAnnotations_.clear();
    const bool readouts = allReadoutsConcealed_ || !concealedReadouts_.isEmpty();
    allReadoutsConcealed_ = false;
    concealedReadouts_.clear();
    if (readouts) {
        setReadoutRows(readoutRowsShown_, readout_->text());
        applyReadoutConcealment();
    }
}

QStringList LessonPage::concealedFigures() const {
    QStringList names;
    for (const Figure& figure : figures_) {
        const QPointer<QWidget> cover = covers_.value(figure.name);
        if (cover != nullptr && !cover->isHidden()) names.append(figure.name);
    }
    return names;
}

QList<AnnotationId> LessonPage::concealedAnnotations() const {
    return concealedAnnotations_;
}

bool LessonPage::readoutsConcealed(const QString& id) const {
    if (!readoutsHidden_->isHidden()) return true;
    if (id.isEmpty()) return false;
    const QString name =
        id.startsWith(this->id() + QLatin1Char('.')) ? id.mid(this->id().size() + 1) : id;
    return concealedReadouts_.contains(name);
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
        progressBar_->setRange(0, 0);  // busy until the job reports a fraction
        if (!progressDelay_->isActive() && progressPanel_->isHidden()) progressDelay_->start();
        figureStarted(figureOf(job));
    });
    connect(job, &LatestJob::progress, this, [this, job](double fraction) {
        progressBar_->setRange(0, kProgressSteps);
        setProgressValue(progressBar_, static_cast<int>(fraction * kProgressSteps));
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
    progressDelay_->stop();
    progressPanel_->hide();
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
