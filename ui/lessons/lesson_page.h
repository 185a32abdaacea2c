// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The common frame of a lesson: plots on the left; title, explanation, lesson controls and a
// readout on the right; a banner above for anything core rejected. Subclasses fill the plot area
// and controls, compute through core inside runGuarded(), and never style plots themselves.
// The right-hand side panel scrolls up and down only; on a narrow screen it also holds the shared
// parameters, as a second tab.

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/errors.h"
#include "lessons/figure_concealment.h"
#include "lessons/figure_task.h"
#include "lessons/lesson.h"
#include "lessons/lesson_context.h"
#include "lessons/readout_panel.h"
#include "model/parameter_model.h"
#include "style/plot_style.h"

class QGridLayout;
class QAbstractButton;
class QBoxLayout;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTabWidget;
class QToolButton;
class QVBoxLayout;
class QCustomPlot;
class QCPAbstractPlottable;
class QCPAxis;
class QCPGraph;
class QCPItemText;
class QCPLayer;
class QCPLayerable;
class QCPTextElement;

namespace ropelab::ui {

class ChoiceBox;
class FigureProgress;
struct HeatMap;
class LabeledDoubleSlider;
class LabeledSlider;
class ParameterModel;

class LessonPage : public Lesson {
    Q_OBJECT
public:
    LessonPage(const LessonContext& context, QWidget* parent = nullptr);

    QList<Figure> figures() const override { return figures_; }
    // The values bound with bindState, under their keys.
    QJsonObject saveState() const override;
    void restoreState(const QJsonObject& state) override;
    void catchUp() override;

    // The banner's text; empty when the lesson shows valid results (tests read it).
    QString problem() const;
    // Text of the readout panel as plain text: what "Copy readouts" puts on the clipboard.
    QString readoutText() const;

    // Concealment (an activity step that asks for a prediction): what would give the answer away
    // is not drawn until revealAll(). A figure is covered by a blank face that says it is hidden
    // until the student checks; an annotation (tagAnnotation) is not painted at all; the readouts
    // (all, or the rows tagged with the given ids; an id on no row of its own conceals them all)
    // show "hidden until you check". False when the figure or annotation does not exist.
    bool concealFigure(const QString& figure);
    bool concealAnnotation(const QString& figure, const QString& annotation);
    void concealReadouts(const QStringList& ids = {});
    void revealAll();
    QStringList concealedFigures() const;
    QList<AnnotationId> concealedAnnotations() const;
    // Whether readout `id` (empty: every readout) is out of sight.
    bool readoutsConcealed(const QString& id = {}) const;
    // The annotations tagged on a figure, and their parts (for tests that paint without them).
    QStringList annotationIds(const QString& figure) const;
    QList<QCPLayerable*> annotationParts(const QString& figure, const QString& annotation) const;

    // Where a running activity's panel sits: at the top of the side panel, above the explanation.
    QWidget* activitySlot() const { return activitySlot_; }
    void setActivityPanel(QWidget* panel);

    // Shows `panel` (the shared parameters) as a second tab of the side panel, for windows too
    // narrow for a parameter dock; nullptr takes it out again and leaves it without a parent.
    void setSharedPanel(QWidget* panel);
    QWidget* sharedPanel() const;

    // Folds the explanation under its heading behind a "More…" toggle, so that a panel shown above
    // it leaves the controls in view on a small screen; unfolded by default.
    void setExplanationFolded(bool folded);
    bool explanationFolded() const;

    // The figure pipeline, for tests and benchmarks. Catches up (a page not yet shown computes
    // now), then processes events until no figure computes (false when timeoutMs passed first).
    bool waitForComputation(int timeoutMs = 60000);
    bool computing() const override;
    // Since the lesson was made: background jobs started for the figure, inline computations run
    // for it, and repaints the page queued for it (coalesced by Qt into fewer paints).
    int figureJobs(const QString& figureName) const { return figureJobs_.value(figureName); }
    int figureInlineRuns(const QString& figureName) const {
        return figureInlineRuns_.value(figureName);
    }
    int figureRepaints(const QString& figureName) const {
        return figureRepaints_.value(figureName);
    }
    // Repaints of the figure's markers layer alone (its points kept as painted).
    int figureMarkerRepaints(const QString& figureName) const {
        return figureMarkerRepaints_.value(figureName);
    }
    // What the Cancel button does: stops every running job, keeps the figures drawn and says so.
    void cancelComputation();

protected:
    // For a lesson that shows its figures' progress, Cancel and stopped note itself (a Run
    // panel among its controls): the page's own stay hidden.
    void showProgressInControls() { progressInControls_ = true; }
    ParameterModel& parameters() const { return *context_.parameters; }
    const PlotTheme& theme() const;
    // Runs `refresh` after each change of the shared parameters while the lesson is shown, or is
    // a standalone lesson that was shown, caught up or awaited once; a lesson hidden in the stack,
    // or made and not yet shown, does no work until it is shown (or catches up), then refreshes
    // once. A change of none of the values in `reads` is skipped.
    void refreshOnParameterChange(std::function<void()> refresh,
                                  ParameterModel::Parameters reads = ParameterModel::kAll);

    // Where the subclass lays out its plots (give it a layout).
    QWidget* plotArea() const { return plotArea_; }
    // Lesson-specific controls go here, under the explanation.
    QVBoxLayout* controlsLayout() const { return controlsLayout_; }
    // A themed plot registered as an exportable figure named `figureName`.
    QCustomPlot* createPlot(const QString& figureName);
    // The same, with its texts bound (QT_TR_NOOP; null: none): a title above the axes and the
    // labels of the x and y axes.
    struct PlotTexts {
        const char* title = nullptr;
        const char* x = nullptr;
        const char* y = nullptr;
    };
    QCustomPlot* createPlot(const QString& figureName, const PlotTexts& texts);
    // Lays the plot area out as a grid of `rows`: a widget named in several neighbouring cells
    // spans them. Rows and columns share the room by `rowStretch` and `columnStretch` (empty:
    // evenly).
    QGridLayout* placePlots(std::initializer_list<std::initializer_list<QWidget*>> rows,
                            std::initializer_list<int> rowStretch = {},
                            std::initializer_list<int> columnStretch = {});
    // A graph on `plot` styled as `style`, named `legendName` in its legend (QT_TR_NOOP; null:
    // no name).
    QCPGraph* addSeries(QCustomPlot* plot, const SeriesStyle& style,
                        const char* legendName = nullptr);
    // A heat map (widgets/heat_map.h) whose colour scale is labelled `scaleLabel` (QT_TR_NOOP).
    HeatMap addHeatMap(QCustomPlot* plot, Gradient gradient, const char* scaleLabel);
    // Export writes `table` as the CSV of the figure of `plot` (Figure::table).
    void setFigureTable(QCustomPlot* plot, std::function<QByteArray()> table) {
        for (Figure& figure : figures_) {
            if (figure.plot == plot) figure.table = table;
        }
    }

    // The note (numbers that follow the parameters) sits in a label of its own below the text,
    // so a slider that changes it does not lay the whole explanation out again; it is plain text,
    // which that label lays out several times faster than rich text.
    void setExplanation(const QString& heading, const QString& html, const QString& note = {});
    // Only the note, under an explanation bound with bindExplanation.
    void setExplanationNote(const QString& note);
    void setReadout(const QString& html);
    // How a readout's value reads: QString::number(value, style, precision), or QLocale's
    // digits and group separators when localized, put into `unit`'s %1 (tr("%1 rad"); empty:
    // the number alone).
    struct ReadoutFormat {
        char style = 'g';
        int precision = 6;
        QString unit = {};
        bool localized = false;
    };
    // A readout, declared once: published as "<lesson>.<id>" when it has an id and a value, and
    // a row of the readout table when it has a label (rich text) or a text. `text` stands in for
    // the formatted value where the row says more than the number ("3, 5", "masked"); `second`
    // fills the second value column. Concealing its id hides a concealAlone row by itself, and
    // every row otherwise (the other rows would give it away).
    struct Readout {
        QString id = {};
        QString label = {};
        std::optional<double> value = {};
        ReadoutFormat format = {};
        QString text = {};
        QString second = {};
        bool concealAlone = false;
    };
    // Shows `readouts` as the readout table, noteHtml below it, and publishes them; while they
    // are not `current` (a background job computes them), forgets every published readout
    // instead, so that nothing is judged on stale values.
    void setReadouts(const QList<Readout>& readouts, const QString& noteHtml = {},
                     bool current = true);
    // The readout as a table of (name, value[, second value]) rows (ReadoutPanel::setRows).
    using ReadoutRow = ropelab::ui::ReadoutRow;
    void setReadoutRows(const QList<ReadoutRow>& rows, const QString& noteHtml = {});

    // Binds one value of the lesson's saved state (sessions, activity steps) to `key`: get()
    // reads it, set() puts it back, with `fallback` where a state lacks the key. Restored in the
    // order bound. T: bool, int, double, QString or QJsonArray.
    template <class T, class Get, class Set>
    void bindState(const QString& key, T fallback, Get get, Set set) {
        stateBindings_.push_back({[key, get = std::move(get)](QJsonObject& state) {
                                      state.insert(key, QJsonValue(static_cast<T>(get())));
                                  },
                                  [key, fallback, set = std::move(set)](const QJsonObject& state) {
                                      const QJsonValue value = state.value(key);
                                      if constexpr (std::is_same_v<T, bool>) {
                                          set(value.toBool(fallback));
                                      } else if constexpr (std::is_same_v<T, int>) {
                                          set(value.toInt(fallback));
                                      } else if constexpr (std::is_same_v<T, double>) {
                                          set(value.toDouble(fallback));
                                      } else if constexpr (std::is_same_v<T, QJsonArray>) {
                                          set(value.isArray() ? value.toArray() : fallback);
                                      } else {
                                          set(value.toString(fallback));
                                      }
                                  }});
    }
    // `keys` restored at once: set() gets those the state has, get() those to save (may omit some).
    template <class Get, class Set>
    void bindState(const QStringList& keys, Get get, Set set) {
        stateBindings_.push_back({[keys, get = std::move(get)](QJsonObject& state) {
                                      const QJsonObject values = get();
                                      for (const QString& key : keys)
                                          if (values.contains(key))
                                              state.insert(key, values.value(key));
                                  },
                                  [keys, set = std::move(set)](const QJsonObject& state) {
                                      QJsonObject values;
                                      for (const QString& key : keys)
                                          if (state.contains(key))
                                              values.insert(key, state.value(key));
                                      set(values);
                                  }});
    }

    // A text in the lesson's own tr() context, set now and again after every language change:
    // bound where its widget is made (QT_TR_NOOP marks `source` for lupdate), so no retranslate()
    // sets it. set() receives the translation.
    void bindText(const char* source, std::function<void(const QString&)> set);
    void bindText(QLabel* label, const char* source);
    void bindText(QAbstractButton* button, const char* source);
    void bindText(QCPTextElement* element, const char* source);
    void bindText(QCPAxis* axis, const char* label);
    void bindText(QCPAbstractPlottable* plottable, const char* legendName);
    void bindText(QCPItemText* item, const char* source);
    void bindText(LabeledSlider* slider, const char* label, const char* unit = nullptr);
    void bindText(LabeledDoubleSlider* slider, const char* label, const char* unit = nullptr);
    void bindAxisLabels(QCustomPlot* plot, const char* x, const char* y);
    void bindToolTip(QWidget* widget, const char* source);
    void bindItems(QComboBox* box, std::initializer_list<const char*> sources);
    // A control of the side panel, declared once: made under its object name `name` (activities,
    // sessions and tests find it by that), its texts bound (QT_TR_NOOP), added to `layout` (the
    // lesson's controls when null) or as a row of `form`, then connected; with a `state` key, its
    // value is saved, and restoring it sets the control and calls the handler as a move would. A
    // handler may take the new value or nothing.
    template <class Value>
    struct ValueRange {
        Value minimum;
        Value maximum;
        Value value;  // the value it starts at
    };
    struct SliderSpec {
        const char* name;
        const char* label;
        ValueRange<int> range;
        const char* unit = nullptr;
        const char* toolTip = nullptr;
        const char* state = nullptr;
        int step = 1;
        int pageStep = 0;  // 0: the slider's own
        QBoxLayout* layout = nullptr;
    };
    template <class Changed>
    LabeledSlider* addSlider(const SliderSpec& spec, Changed changed) {
        return makeSlider(spec, withValue<int>(std::move(changed)));
    }
    struct CheckBoxSpec {
        const char* name;
        const char* text;
        bool checked = false;
        const char* toolTip = nullptr;
        const char* state = nullptr;
        QBoxLayout* layout = nullptr;
    };
    template <class Toggled>
    QCheckBox* addCheckBox(const CheckBoxSpec& spec, Toggled toggled) {
        return makeCheckBox(spec, withValue<bool>(std::move(toggled)));
    }
    // A list of choices, named by its `label` (a buddy QLabel, translated like every text): put
    // before the box in `layout`, or as the label of its row in `form`. Without a label, its
    // accessible name says what is chosen.
    struct ChoiceSpec {
        const char* name;
        const char* accessibleName;
        const char* label = nullptr;
        std::initializer_list<const char*> items;
        const char* toolTip = nullptr;
        const char* state = nullptr;  // saves the chosen index
        QBoxLayout* layout = nullptr;
        int stretch = 0;
        QFormLayout* form = nullptr;
    };
    template <class Chosen>
    ChoiceBox* addChoice(const ChoiceSpec& spec, Chosen chosen) {
        return makeChoice(spec, withValue<int>(std::move(chosen)));
    }
    // A checkable button stays down until pressed again: its handler hears every change of
    // that state (also one made from code) and may take whether it is down.
    struct ButtonSpec {
        const char* name;
        const char* text;
        const char* toolTip = nullptr;
        QBoxLayout* layout = nullptr;
        bool checkable = false;
        QFormLayout* form = nullptr;  // a row of its own, across the form's label column
    };
    template <class Clicked>
    QPushButton* addButton(const ButtonSpec& spec, Clicked clicked) {
        return makeButton(spec, withValue<bool>(std::move(clicked)));
    }
    // A number typed or stepped beside its buddy `label`: Value int makes a QSpinBox, double a
    // QDoubleSpinBox (showing `decimals` digits after the point), as addSpinBox<double>({...}).
    template <class Value>
    using SpinBoxOf = std::conditional_t<std::is_same_v<Value, double>, QDoubleSpinBox, QSpinBox>;
    template <class Value>
    struct SpinBoxSpec {
        const char* name;
        const char* label;
        ValueRange<Value> range;
        Value step = 1;
        int decimals = 0;
        const char* toolTip = nullptr;
        const char* specialValueText = nullptr;  // shown instead of the minimum ("none")
        const char* state = nullptr;
        QFormLayout* form = nullptr;
        QBoxLayout* layout = nullptr;
    };
    template <class Value, class Changed>
    SpinBoxOf<Value>* addSpinBox(const SpinBoxSpec<Value>& spec, Changed changed) {
        return makeSpinBox(spec, withValue<Value>(std::move(changed)));
    }
    // The slider of a lesson that follows one pair of components: "pairSlider", pairs 0 … 31
    // until showPair() learns how many there are. A move calls choose(pair); the page saves
    // `pair` as "pair" (its value now where a state lacks the key) and restores it by choose.
    struct PairSliderSpec {
        const char* label;
        const char* toolTip = nullptr;
    };
    LabeledSlider* addPairSlider(const PairSliderSpec& spec, const int& pair,
                                 std::function<void(int)> choose);
    // What choose does: `pair` becomes `chosen` (0 for a negative one); false when it stays.
    static bool choosePair(int& pair, int chosen);
    // After the head dim may have changed: `pair` clamped to the `pairs` there are (the last is
    // d/2 − 1), and `slider` showing it over that range.
    static void showPair(LabeledSlider* slider, int& pair, int pairs);
    // What declared controls do (above), for a control no add… function makes: its object name,
    // its tool tip, its buddy `label` and its place: a row of `form` (labelled, else spanning
    // it), else in `layout` (the lesson's controls when null) after the label.
    void placeControl(QWidget* control, const char* name, const char* toolTip, QBoxLayout* layout,
                      int stretch = 0, QFormLayout* form = nullptr, const char* label = nullptr);
    // The explanation under the lesson's title (title() is translated by the lesson), its %1,
    // %2, … filled with `args` (numbers of the lesson that the words do not change).
    template <class... Args>
    void bindExplanation(const char* html, Args... args) {
        bindText(html, [this, args...](const QString& text) {
            QString filled = text;
            ((filled = filled.arg(args)), ...);
            setExplanation(title(), filled, explanationNote());
        });
    }
    // The explanation's note, written again only when key() changes or the language does (a
    // slider that leaves key() alone formats nothing): note(key) returns the text.
    template <class KeyFn, class NoteFn>
    void declareExplanationNote(KeyFn key, NoteFn note) {
        using Key = std::invoke_result_t<KeyFn&>;
        redrawOnLanguageChange(
            {declareInlineFigures({}, std::move(key), [this, note = std::move(note)](const Key& k) {
                setExplanationNote(note(k));
            })});
    }
    // Figures whose draw step writes translated text: computed and drawn again after a language
    // change.
    void redrawOnLanguageChange(std::initializer_list<FigureTask*> figures) {
        translatedFigures_.insert(translatedFigures_.end(), figures);
    }

    // Names parts of a figure (items, graphs, curves, text elements) as annotation `id`, which an
    // activity step can conceal; ActivityCatalog::figures lists the ids. Tag once, after making
    // the parts; a part must not change its layer afterwards.
    void tagAnnotation(QCustomPlot* plot, const QString& id, const QList<QCPLayerable*>& parts);

    // Shows core's message in the banner and the status bar; plots keep their last valid data.
    void showProblem(const QString& message);
    void clearProblem();

    // Runs a computation; InputError / ResourceError / any std::exception become the banner.
    template <class Compute>
    bool runGuarded(Compute&& compute) {
        clearAvxUpperHalves();
        try {
            compute();
        } catch (const std::exception& e) {
            showProblem(problemText(e));
            return false;
        }
        clearProblem();
        return true;
    }

    // `threads` for a background figure that may use every core the machine has.
    static int allThreads();
    // Declares figures computed together: key() reads the parameters they show, compute(key,
    // exec) runs core (off the UI thread for FigureRun::Background, with `threads` threads), and
    // draw(key, result) fills `plots`, which are then repainted. updateFigures() runs each figure
    // whose key changed; a background run supersedes the figure's older one. A key() that
    // returns an empty std::optional asks for nothing yet (a figure computed on request): the
    // figure computes nothing and keeps what it shows. Declare figures in the order their draw
    // steps must run. Inline figures are updated again after each background figure draws, so
    // an inline key may read a background figure's result (a plot drawn from two of them).
    template <class KeyFn, class ComputeFn, class DrawFn>
    FigureTask* declareFigures(QList<QCustomPlot*> plots, FigureRun run, KeyFn key,
                               ComputeFn compute, DrawFn draw, int threads = 1) {
        using Key = std::invoke_result_t<KeyFn&>;
        using Result = std::invoke_result_t<ComputeFn&, const Key&, const Execution&>;
        LatestJob* job = run == FigureRun::Background ? newFigureJob() : nullptr;
        return addFigureTask(std::make_unique<DeclaredFigure<Key, Result>>(
            std::move(plots), job, threads, std::move(key), std::move(compute), std::move(draw)));
    }
    // A figure cheap enough to draw straight from its key on the UI thread: draw(key) reads core.
    template <class KeyFn, class DrawFn>
    FigureTask* declareInlineFigures(QList<QCustomPlot*> plots, KeyFn key, DrawFn draw) {
        using Key = std::invoke_result_t<KeyFn&>;
        return declareFigures(
            std::move(plots), FigureRun::Inline, std::move(key),
            [](const Key& k, const Execution&) { return k; },
            [draw = std::move(draw)](const Key& k, Key&) { draw(k); });
    }
    // Markers (a cursor line, the current position's dot) on buffered layers above the data of
    // plots that other figures fill: draw(key) places them. A plot that is not repainting in
    // full anyway repaints only the layer (figureMarkerRepaints), so its points are not drawn
    // again. A draw(key) that returns bool also writes beneath the layers (a title that follows
    // the key): true repaints their plots in full. Declare markers after the figures of their
    // plots.
    template <class KeyFn, class DrawFn>
    FigureTask* declareMarkers(QList<QCPLayer*> layers, KeyFn key, DrawFn draw) {
        using Key = std::invoke_result_t<KeyFn&>;
        if constexpr (std::is_same_v<std::invoke_result_t<DrawFn&, const Key&>, bool>) {
            return declareMarkers(layers, std::move(key),
                                  [this, layers, draw = std::move(draw)](const Key& k) {
                                      if (draw(k)) replotPlotsOf(layers);
                                  });
        } else {
            FigureTask* task = declareInlineFigures({}, std::move(key), std::move(draw));
            task->markerLayers_ = std::move(layers);
            return task;
        }
    }
    // A background figure's run, for a lesson that shows its own run status (a Run panel): the
    // page calls these as the job starts, moves on and ends (after drawing, for Drawn; a failed
    // run's message is in the banner already).
    enum class FigureEnd { Drawn, Failed, Stopped };
    virtual void figureStarted(FigureTask* /*figure*/) {}
    virtual void figureProgress(FigureTask* /*figure*/, double /*fraction*/) {}
    virtual void figureEnded(FigureTask* /*figure*/, FigureEnd /*end*/,
                             const QString& /*message*/) {}
    // Brings every declared figure up to date with its key. A lesson put away (hidden in the
    // stack, or made and never shown, caught up or awaited) does no work; it updates the figures
    // whose key changed when shown or caught up.
    // Errors of inline figures reach the caller (call it inside runGuarded).
    void updateFigures();

    // Queues a repaint of every figure (coalesced: a burst of slider moves paints once).
    void replotAll();
    // Queues a repaint of one figure, for updates that leave the others as they are.
    void replot(QCustomPlot* plot);
    // Repaints one buffered layer of a figure now, unless the whole figure is queued to repaint
    // (which paints the layer too).
    void replotMarkers(QCPLayer* layer);
    // Re-applies the theme to every figure; override to restyle custom items, then call this.
    virtual void applyTheme(const PlotTheme& theme);

    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    // vzeroupper where the CPU has AVX. Qt 6.4's AVX2 memfill (every plot's paint buffer clear)
    // returns with the upper halves dirty, and core's SSE code then pays a transition on every libm
    // call: rope-2d's score curves ran 20x slower (bench_lessons rope-2d base 26 ms, 3.7 ms clean).
    static void clearAvxUpperHalves();
    static QString problemText(const std::exception& e);
    // A readout's name in its rows: the id without "<lesson>.".
    QString readoutName(const QString& id) const;
    void retranslatePage();
    void refreshAfterLanguageChange();
    // A screen reader names a figure by its title, in the words and language shown now.
    static void nameForScreenReaders(QCustomPlot* plot);
    template <class Value, class Handler>
    static std::function<void(Value)> withValue(Handler handler) {
        if constexpr (std::is_invocable_v<Handler&, Value>) {
            return handler;
        } else {
            return [handler = std::move(handler)](Value) mutable { handler(); };
        }
    }
    QString explanationNote() const;
    LabeledSlider* makeSlider(const SliderSpec& spec, std::function<void(int)> changed);
    QCheckBox* makeCheckBox(const CheckBoxSpec& spec, std::function<void(bool)> toggled);
    ChoiceBox* makeChoice(const ChoiceSpec& spec, std::function<void(int)> chosen);
    QPushButton* makeButton(const ButtonSpec& spec, std::function<void(bool)> clicked);
    template <class Value>
    SpinBoxOf<Value>* makeSpinBox(const SpinBoxSpec<Value>& spec,
                                  std::function<void(Value)> changed);
    template <class Slider>
    void bindSliderText(Slider* slider, const char* label, const char* unit);
    void updateExplanationFold();
    bool putAway() const;
    void replotPlotsOf(const QList<QCPLayer*>& layers);
    void updateFigure(FigureTask& task);
    // After a background figure draws: inline figures whose key reads what it drew follow it.
    void updateInlineFigures();
    LatestJob* newFigureJob();
    FigureTask* addFigureTask(std::unique_ptr<FigureTask> task);
    void figureJobChanged();
    FigureTask* figureOf(const LatestJob* job) const;
    void clearStopped();

    LessonContext context_;
    struct StateBinding {
        std::function<void(QJsonObject&)> save;  // writes the binding's keys into the state
        std::function<void(const QJsonObject&)> restore;
    };
    std::vector<StateBinding> stateBindings_;
    struct TextBinding {
        const char* context;
        const char* source;
        std::function<void(const QString&)> set;
    };
    std::vector<TextBinding> textBindings_;
    std::vector<FigureTask*> translatedFigures_;
    std::function<void()> parameterRefresh_;
    bool parametersChangedWhileAway_ = false;
    std::vector<std::unique_ptr<FigureTask>> figureTasks_;
    bool figuresChangedWhileAway_ = false;
    bool repaintWhenShown_ = false;  // the language changed while the page was put away
    bool catchingUp_ = false;
    // Shown, caught up or awaited at least once: until then the page computes nothing.
    bool started_ = false;
    bool progressInControls_ = false;
    QHash<QString, int> figureJobs_;
    QHash<QString, int> figureInlineRuns_;
    QHash<QString, int> figureRepaints_;
    QHash<QString, int> figureMarkerRepaints_;
    QSet<QCustomPlot*> repaintsQueued_;  // replot() queued, not yet painted
    QList<Figure> figures_;
    FigureConcealment concealment_;
    QWidget* activitySlot_;
    QLabel* banner_;
    QWidget* plotArea_;
    QTabWidget* sideTabs_;
    QScrollArea* lessonScroll_;
    QScrollArea* sharedScroll_;
    QLabel* heading_;
    QToolButton* moreButton_;
    QLabel* explanation_;
    QLabel* explanationNote_;
    QVBoxLayout* controlsLayout_;
    ReadoutPanel* readouts_ = nullptr;
    FigureProgress* progress_ = nullptr;
    QLabel* stoppedNote_;
    bool stopped_ = false;  // the status bar says "Stopped: …"
};

}  // namespace ropelab::ui
