// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The common frame of a lesson: plots on the left; title, explanation, lesson controls and a
// readout on the right; a banner above for anything core rejected. Subclasses fill the plot area
// and controls, compute through core inside runGuarded(), and never style plots themselves.
// The right-hand side panel scrolls up and down only; on a narrow screen it also holds the shared
// parameters, as a second tab.

#include <QList>
#include <QString>
#include <functional>
#include <utility>

#include "common/errors.h"
#include "lessons/lesson.h"
#include "lessons/lesson_context.h"
#include "style/plot_style.h"

class QGridLayout;
class QAction;
class QLabel;
class QScrollArea;
class QTabWidget;
class QToolButton;
class QVBoxLayout;
class QCustomPlot;

namespace ropelab::ui {

class ParameterModel;

class LessonPage : public Lesson {
    Q_OBJECT
public:
    LessonPage(const LessonContext& context, QWidget* parent = nullptr);

    QList<Figure> figures() const override { return figures_; }
    void catchUp() override;

    // The banner's text; empty when the lesson shows valid results (tests read it).
    QString problem() const;
    // Text of the readout panel as plain text: what "Copy readouts" puts on the clipboard.
    QString readoutText() const;

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

protected:
    ParameterModel& parameters() const { return *context_.parameters; }
    const PlotTheme& theme() const;
    // Runs `refresh` after each change of the shared parameters while the lesson is shown, or was
    // never put away (a standalone lesson); a lesson hidden in the stack does no work until it
    // is shown again (or catches up), then refreshes once.
    void refreshOnParameterChange(std::function<void()> refresh);

    // Where the subclass lays out its plots (give it a layout).
    QWidget* plotArea() const { return plotArea_; }
    // Lesson-specific controls go here, under the explanation.
    QVBoxLayout* controlsLayout() const { return controlsLayout_; }
    // A themed plot registered as an exportable figure named `figureName`.
    QCustomPlot* createPlot(const QString& figureName);

    // The note (numbers that follow the parameters) sits in a label of its own below the text,
    // so a slider that changes it does not lay the whole explanation out again.
    void setExplanation(const QString& heading, const QString& html, const QString& noteHtml = {});
    void setReadout(const QString& html);
    // The readout as a table of (name, value[, second value]) rows, names in rich text (set once,
    // e.g. θ<sub>i</sub>), values plain; updating values while a slider moves skips HTML parsing.
    // A second value column (A and B, seed and RoPE) shows when a row has one. noteHtml goes
    // below.
    struct ReadoutRow {
        ReadoutRow(QString n, QString v, QString s = {})
            : name(std::move(n)), value(std::move(v)), second(std::move(s)) {}
        QString name;
        QString value;
        QString second;
    };
    void setReadoutRows(const QList<ReadoutRow>& rows, const QString& noteHtml = {});

    // Shows core's message in the banner and the status bar; plots keep their last valid data.
    void showProblem(const QString& message);
    void clearProblem();

    // Runs a computation; InputError / ResourceError / any std::exception become the banner.
    template <class Compute>
    bool runGuarded(Compute&& compute) {
        try {
            compute();
        } catch (const std::exception& e) {
            showProblem(problemText(e));
            return false;
        }
        clearProblem();
        return true;
    }

    // Queues a repaint of every figure (coalesced: a burst of slider moves paints once).
    void replotAll();
    // Queues a repaint of one figure, for updates that leave the others as they are.
    static void replot(QCustomPlot* plot);
    // Re-applies the theme to every figure; override to restyle custom items, then call this.
    virtual void applyTheme(const PlotTheme& theme);

    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    static QString problemText(const std::exception& e);
    void retranslatePage();
    void updateExplanationFold();

    LessonContext context_;
    std::function<void()> parameterRefresh_;
    bool parametersChangedWhileAway_ = false;
    QList<Figure> figures_;
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
    QLabel* readout_;
    QAction* copyReadouts_ = nullptr;
    QGridLayout* readoutRows_;
    struct ReadoutLabels {
        QLabel* name;
        QLabel* value;
        QLabel* second;
    };
    QList<ReadoutLabels> readoutLabels_;
};

}  // namespace ropelab::ui
