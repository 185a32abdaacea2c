// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What activities may refer to: each lesson's named readouts (stable ids such as
// "rope-2d.angle_deg", with the range their values can take) and its controls (object names of
// lesson and parameter-panel widgets). Activity files are checked against it without building any
// window; a test proves that the running lessons publish exactly these readouts and have these
// controls.

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <limits>
#include <optional>

namespace ropelab::ui {

struct ReadoutSpec {
    QString id;  // "<lesson>.<name>"
    double minimum = -std::numeric_limits<double>::infinity();
    double maximum = std::numeric_limits<double>::infinity();
    bool whole = false;  // only whole numbers (a pair index, a bucket)
    // Published only when the run shown has it (the training lesson's fine-tuned models).
    bool conditional = false;
};

// A figure a step can conceal (its export file-name stem) and the ids of the annotations on it
// that a step can conceal alone.
struct FigureSpec {
    QString id;
    QStringList annotations;
};

class ActivityCatalog {
public:
    // Every lesson, its readouts and controls; the training lesson's also in a build without
    // libtorch, which cannot run it.
    static const ActivityCatalog& builtIn();

    struct LessonEntry {
        QString lesson;
        QList<ReadoutSpec> readouts;
        QStringList controls;  // the lesson's own controls
    };
    ActivityCatalog(QList<LessonEntry> lessons, QStringList sharedControls,
                    QMap<QString, QList<FigureSpec>> figures = {});

    QStringList lessons() const;
    bool hasLesson(const QString& lesson) const;
    std::optional<ReadoutSpec> readout(const QString& id) const;
    QList<ReadoutSpec> readouts(const QString& lesson) const;
    // The lesson's controls followed by the shared parameter panel's.
    QStringList controls(const QString& lesson) const;
    const QStringList& sharedControls() const { return sharedControls_; }
    // What a step of the lesson can conceal; a test proves the running lessons have exactly these.
    QList<FigureSpec> figures(const QString& lesson) const { return figures_.value(lesson); }

private:
    QList<LessonEntry> lessons_;
    QStringList sharedControls_;
    QMap<QString, QList<FigureSpec>> figures_;
};

}  // namespace ropelab::ui
