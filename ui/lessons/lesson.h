// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A lesson: plots with a short explanation beside them. It reads core results; it owns no math.

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QWidget>
#include <cmath>
#include <functional>
#include <optional>

class QCustomPlot;

namespace ropelab::ui {

// One plot of a lesson; export writes it as PNG/SVG/PDF and its plotted data as CSV.
struct Figure {
    QString name;  // stable file-name stem, e.g. "score-heatmap"
    QCustomPlot* plot = nullptr;
    // The figure's CSV when the plotted points do not say everything (several metrics, lengths
    // a model cannot run): the lesson's own table; empty: the plot's points (plot_csv.h).
    std::function<QByteArray()> table;
};

// An annotation of a figure that an activity step can conceal: the figure's name and the id the
// lesson tagged it with (LessonPage::tagAnnotation).
struct AnnotationId {
    QString figure;
    QString id;
    bool operator==(const AnnotationId&) const = default;
};

class Lesson : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    // Stable key used by export (--lesson), sessions and tests, e.g. "rope-2d".
    virtual QString id() const = 0;
    // Translated title shown in the lesson list.
    virtual QString title() const = 0;
    virtual QList<Figure> figures() const = 0;
    // Lesson-local state (view angles, chosen pair, ...) for sessions.
    virtual QJsonObject saveState() const { return {}; }
    virtual void restoreState(const QJsonObject&) {}
    // Re-reads the translated strings not bound once (LessonPage::bindText) after a language
    // switch.
    virtual void retranslate() {}
    // Brings a lesson that was put away (a hidden page of the lesson stack, or a lesson made and
    // not yet shown) up to date with the shared parameters, for export and tests that read it
    // without showing it.
    virtual void catchUp() {}
    // Whether a figure is being computed off the UI thread (its readouts may still come).
    virtual bool computing() const { return false; }

    // The shared ParameterModel values this lesson reads; the parameter panel greys out the rest.
    enum class SharedParameter {
        HeadDim = 0x1,
        Base = 0x2,
        Layout = 0x4,
        Positions = 0x8,
        SequenceLength = 0x10,
    };
    Q_DECLARE_FLAGS(SharedParameters, SharedParameter)
    virtual SharedParameters sharedParameters() const { return SharedParameters(0x1f); }

    // Named readouts that activities check ("rope-2d.angle_deg" → value); the values are the
    // ones the lesson shows, computed by core. Empty until the lesson has computed them.
    std::optional<double> readout(const QString& id) const {
        const auto it = readouts_.constFind(id);
        return it == readouts_.constEnd() ? std::nullopt : std::optional<double>(*it);
    }
    const QHash<QString, double>& readouts() const { return readouts_; }
    // Readout `id`'s number as the lesson's own table writes it (its precision, no unit), so an
    // activity card writes it alike. Empty until published.
    QString writtenReadout(const QString& id) const { return readoutTexts_.value(id); }

signals:
    // A clear one-line message for the status bar (e.g. what core rejected and why).
    void statusMessage(const QString& text);
    // A published readout changed its value.
    void readoutsChanged();
    // The last figure computing off the UI thread finished, failed or was stopped.
    void computationFinished();

protected:
    // Publishes readout `name` of this lesson (its id is "<id()>.<name>"), written as `text`.
    void publishReadout(const QString& name, double value, const QString& text) {
        const QString key = id() + QLatin1Char('.') + name;
        const auto it = readouts_.constFind(key);
        if (it != readouts_.constEnd() &&
            (*it == value || (std::isnan(*it) && std::isnan(value))) &&
            readoutTexts_.value(key) == text) {
            return;
        }
        readouts_.insert(key, value);
        readoutTexts_.insert(key, text);
        emit readoutsChanged();
    }

    // Forgets every readout while a background job computes new ones, so nothing is judged on
    // stale values.
    void clearReadouts() {
        if (readouts_.isEmpty()) return;
        readouts_.clear();
        readoutTexts_.clear();
        emit readoutsChanged();
    }

private:
    QHash<QString, double> readouts_;
    QHash<QString, QString> readoutTexts_;
};

}  // namespace ropelab::ui

// At global scope, as Qt requires: inside the namespace it would hide QCustomPlot's flag operators.
Q_DECLARE_OPERATORS_FOR_FLAGS(ropelab::ui::Lesson::SharedParameters)
