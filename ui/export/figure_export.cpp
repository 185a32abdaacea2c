// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/figure_export.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QImageWriter>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QThread>

#include <cmath>
#include <utility>
#include <vector>

#include "export/plot_csv.h"
#include "model/latest_job.h"
#include "style/theme_controller.h"
#include "widgets/library_internals.h"
#include "widgets/plot_fit.h"

namespace ropelab::ui {

namespace {

constexpr double kInchesPerMetre = 1.0 / 0.0254;
// Headless lessons are laid out at a typical window size, as a student would see them.
const QSize kLessonWindowSize(1440, 900);
constexpr qint64 kSettleMs = 60;
constexpr double kPointsPerInch = 72.0;

// The translation context of this file's messages (nothing here is a QObject).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::FigureExport)
};

QSize layoutPixels(const ExportOptions& options) {
    const QSizeF layout = options.layoutSize();
    return {std::max(1, static_cast<int>(std::lround(layout.width()))),
            std::max(1, static_cast<int>(std::lround(layout.height())))};
}

// Lets size-dependent hooks (equal-aspect ranges set in afterLayout) settle at the export size
// without drawing: their new ranges move the tick labels, so a second pass places the margins,
// and the real draw comes third.
void settleLayout(QCustomPlot& plot, QSize layout) {
    const QRect shown = plot.viewport();
    plot.setViewport(QRect(QPoint(0, 0), layout));
    layOutPlot(plot);
    layOutPlot(plot);
    // Ticks thinned for this size (one fewer a pass) need their labels and margins laid out again.
    for (int pass = 0; pass < 4 && fitTicksToLength(&plot); ++pass) layOutPlot(plot);
    plot.setViewport(shown);
}

// Draws a plot laid out at `layout` as toPainter() does, but without its no-caching mode: that
// mode is meant for vector output and turns off QCustomPlot's fast polylines, so a dense curve
// strokes ~10x slower. A painter that enlarges (a PNG above 96 DPI) gets tick labels drawn as
// text, not as cached screen-resolution pixmaps, which it would blur.
void drawLaidOut(QCustomPlot& plot, QCPPainter& painter, QSize layout) {
    const QCP::PlottingHints hints = plot.plottingHints();
    const QTransform transform = painter.worldTransform();
    if (std::max(std::abs(transform.m11()), std::abs(transform.m22())) > 1.0) {
        plot.setPlottingHint(QCP::phCacheLabels, false);
    }
    const QRect shown = plot.viewport();
    plot.setViewport(QRect(QPoint(0, 0), layout));
    const QBrush& background = plotBackgroundBrush(plot);
    if (background.style() != Qt::NoBrush) painter.fillRect(plot.viewport(), background);
    drawPlot(plot, &painter);
    plot.setViewport(shown);
    plot.setPlottingHints(hints);
}

QByteArray renderPng(QCustomPlot& plot, const ExportOptions& options, const QString& title) {
    const QSize layout = layoutPixels(options);
    QImage image(options.outputPixels(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QCPPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        painter.setRenderHint(QPainter::SmoothPixmapTransform);
        painter.scale(static_cast<double>(image.width()) / layout.width(),
                      static_cast<double>(image.height()) / layout.height());
        drawLaidOut(plot, painter, layout);
    }
    // Set only now: while painting, the image's DPI would scale point-size fonts a second time.
    const int dotsPerMetre = static_cast<int>(std::lround(options.dpi * kInchesPerMetre));
    image.setDotsPerMeterX(dotsPerMetre);
    image.setDotsPerMeterY(dotsPerMetre);
    image.setText(QStringLiteral("Title"), title);
    image.setText(QStringLiteral("Software"), QStringLiteral("RoPE Lab"));
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(image)) return {};
    return bytes;
}

QByteArray renderSvg(QCustomPlot& plot, const ExportOptions& options, const QString& title) {
    const QSize layout = layoutPixels(options);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    // At 96 DPI the SVG's width and height in mm are the figure's physical size.
    generator.setResolution(static_cast<int>(ExportOptions::kScreenDpi));
    generator.setSize(layout);
    generator.setViewBox(QRect(QPoint(0, 0), layout));
    generator.setTitle(title);
    generator.setDescription(Tr::tr("Figure exported from RoPE Lab"));
    QCPPainter painter;
    if (!painter.begin(&generator)) return {};
    painter.setMode(QCPPainter::pmVectorized);
    plot.toPainter(&painter, layout.width(), layout.height());
    painter.end();
    return bytes;
}

QByteArray renderPdf(QCustomPlot& plot, const ExportOptions& options, const QString& title) {
    const QSize layout = layoutPixels(options);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setCreator(QStringLiteral("RoPE Lab"));
    writer.setTitle(title);
    // One page exactly the figure's size; at 96 units per inch the layout matches the screen.
    writer.setResolution(static_cast<int>(ExportOptions::kScreenDpi));
    const QSizeF points(layout.width() / ExportOptions::kScreenDpi * kPointsPerInch,
                        layout.height() / ExportOptions::kScreenDpi * kPointsPerInch);
    writer.setPageLayout(
        QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
                    QPageLayout::Portrait, QMarginsF()));
    QCPPainter painter;
    if (!painter.begin(&writer)) return {};
    painter.setMode(QCPPainter::pmVectorized);
    plot.toPainter(&painter, layout.width(), layout.height());
    painter.end();
    return bytes;
}

// Files draw every line antialiased: the screen skips it on dense lines for speed, print shows it.
class AntialiasedForExport {
public:
    explicit AntialiasedForExport(QCustomPlot& plot) {
        for (int i = 0; i < plot.plottableCount(); ++i) {
            QCPAbstractPlottable* plottable = plot.plottable(i);
            saved_.emplace_back(plottable, plottable->antialiased());
            plottable->setAntialiased(true);
        }
    }
    ~AntialiasedForExport() {
        for (const auto& [plottable, antialiased] : saved_) plottable->setAntialiased(antialiased);
    }
    AntialiasedForExport(const AntialiasedForExport&) = delete;
    AntialiasedForExport& operator=(const AntialiasedForExport&) = delete;

private:
    std::vector<std::pair<QCPAbstractPlottable*, bool>> saved_;
};

PlotTheme withLightColours(const PlotTheme& theme) {
    PlotTheme light = PlotTheme::light();
    light.fontFamily = theme.fontFamily;
    light.fontPointSize = theme.fontPointSize;
    light.lineWidth = theme.lineWidth;
    light.presenter = theme.presenter;
    return light;
}

}  // namespace

QByteArray renderFigure(QCustomPlot& plot, ExportFormat format, const ExportOptions& options,
                        const QBrush& background, const QBrush& restoreBackground,
                        const QString& title, QString* error) {
    const auto fail = [error](const QString& message) {
        if (error != nullptr) *error = message;
        return QByteArray();
    };
    if (format == ExportFormat::Csv) return plotDataCsv(plot);
    if (const QString problem = options.problem(); !problem.isEmpty()) return fail(problem);

    plot.setBackground(background);
    fitTextToWidth(&plot, layoutPixels(options).width());
    settleLayout(plot, layoutPixels(options));
    const AntialiasedForExport antialiased(plot);
    QByteArray bytes;
    switch (format) {
        case ExportFormat::Png:
            bytes = renderPng(plot, options, title);
            break;
        case ExportFormat::Svg:
            bytes = renderSvg(plot, options, title);
            break;
        case ExportFormat::Pdf:
            bytes = renderPdf(plot, options, title);
            break;
        case ExportFormat::Csv:
            break;
    }
    plot.setBackground(restoreBackground);
    // The widget goes back to its own size on the next replot.
    plot.replot(QCustomPlot::rpQueuedReplot);
    if (bytes.isEmpty()) {
        return fail(
            Tr::tr("Could not render the figure as %1.").arg(formatSuffix(format).toUpper()));
    }
    return bytes;
}

void paintFigure(QCustomPlot& plot, QCPPainter& painter, QSize layout) {
    fitTextToWidth(&plot, layout.width());
    settleLayout(plot, layout);
    const AntialiasedForExport antialiased(plot);
    drawLaidOut(plot, painter, layout);
}

QString figureFileName(const QString& lessonId, const QString& figureName, ExportFormat format) {
    return QStringLiteral("%1_%2.%3").arg(lessonId, figureName, formatSuffix(format));
}

QList<WriteResult> FigureExporter::exportFigure(const QString& lessonId, const Figure& figure,
                                                const QString& folder,
                                                const QList<ExportFormat>& formats,
                                                const ExportOptions& options) {
    return exportFigures(lessonId, {figure}, folder, formats, options);
}

QList<Figure> shownFigures(const Lesson& lesson) {
    QList<Figure> shown;
    for (const Figure& figure : lesson.figures()) {
        if (figure.plot->isVisibleTo(&lesson)) shown.append(figure);
    }
    return shown;
}

void waitForLessonComputations(Lesson& lesson, int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    const auto busy = [&lesson] {
        for (const LatestJob* job : lesson.findChildren<LatestJob*>()) {
            if (job->isRunning()) return true;
        }
        return false;
    };
    // Lessons may start work from a zero-delay timer or a short debounce after a change, so idle
    // counts only when it lasts a little while.
    QElapsedTimer idleFor;
    idleFor.start();
    while (!deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        if (busy()) {
            idleFor.restart();
            QThread::msleep(2);
        } else if (idleFor.elapsed() >= kSettleMs) {
            return;
        }
    }
}

QList<WriteResult> FigureExporter::exportLesson(Lesson& lesson, const QString& folder,
                                                const QList<ExportFormat>& formats,
                                                const ExportOptions& options,
                                                const QString& figureName) {
    const bool standalone = lesson.parentWidget() == nullptr && !lesson.isVisible();
    if (standalone) {
        lesson.setAttribute(Qt::WA_DontShowOnScreen);
        lesson.resize(kLessonWindowSize);
        lesson.show();
    }
    lesson.catchUp();
    waitForLessonComputations(lesson);
    QList<Figure> figures = shownFigures(lesson);
    if (!figureName.isEmpty()) {
        figures.clear();
        for (const Figure& figure : lesson.figures()) {
            if (figure.name == figureName) figures.append(figure);
        }
    }
    QList<WriteResult> results = exportFigures(lesson.id(), figures, folder, formats, options);
    if (standalone) lesson.hide();
    return results;
}

QList<WriteResult> FigureExporter::exportLessons(const std::vector<Lesson*>& lessons,
                                                 const QString& folder,
                                                 const QList<ExportFormat>& formats,
                                                 const ExportOptions& options) {
    QList<WriteResult> results;
    for (Lesson* lesson : lessons) results += exportLesson(*lesson, folder, formats, options);
    return results;
}

namespace {

// One figure in one format to `path`; a plot's points are streamed to the file, never held
// whole.
WriteResult exportFile(const Figure& figure, ExportFormat format, const ExportOptions& options,
                       const QBrush& background, const QBrush& restoreBackground,
                       const QString& title, const QString& path) {
    QCustomPlot& plot = *figure.plot;
    if (format == ExportFormat::Csv && figure.table) {
        return writeFileAtomically(path, figure.table());
    }
    if (format == ExportFormat::Csv) {
        return writeFileAtomically(
            path, [&plot](QIODevice& file) { return writePlotDataCsv(plot, file); });
    }
    QString error;
    const QByteArray bytes =
        renderFigure(plot, format, options, background, restoreBackground, title, &error);
    if (bytes.isEmpty()) {
        return WriteResult{
            path, Tr::tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), error)};
    }
    return writeFileAtomically(path, bytes);
}

}  // namespace

QList<WriteResult> FigureExporter::exportFigures(const QString& lessonId,
                                                 const QList<Figure>& figures,
                                                 const QString& folder,
                                                 const QList<ExportFormat>& formats,
                                                 const ExportOptions& options) {
    const PlotTheme shown = theme_.theme();
    const bool lighten = options.background == ExportBackground::White && shown.dark;
    if (lighten) theme_.setTheme(withLightColours(shown));
    const PlotTheme& used = theme_.theme();
    QBrush background(used.background);
    if (options.background == ExportBackground::White) background = QBrush(Qt::white);
    if (options.background == ExportBackground::Transparent) background = QBrush(Qt::NoBrush);

    QList<WriteResult> results;
    for (const Figure& figure : figures) {
        for (ExportFormat format : formats) {
            const QString path =
                QDir(folder).filePath(figureFileName(lessonId, figure.name, format));
            results.append(exportFile(figure, format, options, background, QBrush(used.background),
                                      QStringLiteral("%1 — %2").arg(lessonId, figure.name), path));
            if (written_) written_(results.back());
        }
    }
    if (lighten) theme_.setTheme(shown);
    return results;
}

}  // namespace ropelab::ui
