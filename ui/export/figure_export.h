// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Figures to files: one plot rendered as PNG, SVG (vector), PDF (vector) or CSV (its data), and
// whole lessons to a folder. Every file is written atomically (see atomic_write.h).

#include <QBrush>
#include <QByteArray>
#include <QList>
#include <QSize>
#include <QString>
#include <functional>
#include <vector>

#include "export/export_options.h"
#include "lessons/lesson.h"
#include "model/atomic_write.h"

class QCustomPlot;
class QCPPainter;

namespace ropelab::ui {

class ThemeController;

// The file's bytes, or an empty array and `error` set. `background` fills the page first
// (Qt::NoBrush: transparent); the plot's own background brush is restored afterwards to
// `restoreBackground`.
QByteArray renderFigure(QCustomPlot& plot, ExportFormat format, const ExportOptions& options,
                        const QBrush& background, const QBrush& restoreBackground,
                        const QString& title, QString* error = nullptr);

// Paints the plot at `layout` size into a raster image as a file export does (titles re-flowed
// to the width, size-dependent ranges settled, every line antialiased); animation frames use it.
void paintFigure(QCustomPlot& plot, QCPPainter& painter, QSize layout);

// The lesson's figures a student sees now (a lesson may hide some, e.g. on another tab).
QList<Figure> shownFigures(const Lesson& lesson);

// Processes events until the lesson's background jobs (every LatestJob) are done, so
// an export shows finished results; gives up after timeoutMs.
void waitForLessonComputations(Lesson& lesson, int timeoutMs = 120000);

// "<lesson>_<figure>.<suffix>", e.g. "rope-2d_score-vs-distance.svg".
QString figureFileName(const QString& lessonId, const QString& figureName, ExportFormat format);

// Exports figures with the app's theme, switching it to light colours for the duration of a
// white-background export and back afterwards.
class FigureExporter {
public:
    explicit FigureExporter(ThemeController& theme) : theme_(theme) {}

    // Told of each file as soon as it is written (or failed), in export order, so a caller can
    // report progress file by file.
    using Written = std::function<void(const WriteResult& result)>;
    void setWritten(Written written) { written_ = std::move(written); }

    // One file per format, in `formats` order.
    QList<WriteResult> exportFigure(const QString& lessonId, const Figure& figure,
                                    const QString& folder, const QList<ExportFormat>& formats,
                                    const ExportOptions& options);
    // Every shown figure of the lesson (or only the one named `figureName`, shown or not), once
    // its background computations have finished. A lesson without a parent (headless) is laid
    // out at a window's size first, never on screen; one in a window should be the shown one (its
    // first showing may start its computation).
    QList<WriteResult> exportLesson(Lesson& lesson, const QString& folder,
                                    const QList<ExportFormat>& formats,
                                    const ExportOptions& options,
                                    const QString& figureName = QString());
    QList<WriteResult> exportLessons(const std::vector<Lesson*>& lessons, const QString& folder,
                                     const QList<ExportFormat>& formats,
                                     const ExportOptions& options);

private:
    QList<WriteResult> exportFigures(const QString& lessonId, const QList<Figure>& figures,
                                     const QString& folder, const QList<ExportFormat>& formats,
                                     const ExportOptions& options);

    ThemeController& theme_;
    Written written_;
};

}  // namespace ropelab::ui
