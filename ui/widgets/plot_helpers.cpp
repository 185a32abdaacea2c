// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plot_helpers.h"

#include <qcustomplot.h>

#include "widgets/library_internals.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_text.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

namespace ropelab::ui {

QString subscriptNumber(int value) {
    QString text = QString::number(value);
    for (QChar& c : text) {
        if (c.isDigit()) c = QChar(0x2080 + c.digitValue());
        if (c == QLatin1Char('-')) c = QChar(0x208B);
    }
    return text;
}

QString superscriptNumber(int value) {
    static const QChar digits[10] = {QChar(0x2070), QChar(0x00B9), QChar(0x00B2), QChar(0x00B3),
                                     QChar(0x2074), QChar(0x2075), QChar(0x2076), QChar(0x2077),
                                     QChar(0x2078), QChar(0x2079)};
    QString text = QString::number(value);
    for (QChar& c : text) {
        if (c.isDigit()) c = digits[c.digitValue()];
        if (c == QLatin1Char('-')) c = QChar(0x207B);
    }
    return text;
}

namespace {

// A plot that asks for room for its text (titles, tick labels, axis labels, legend, as laid out
// at its last replot) plus a readable data area, and never less than kPlotMinimumSize.
class ReadablePlot : public OpaqueBackgroundPlot {
public:
    explicit ReadablePlot(QWidget* parent) : OpaqueBackgroundPlot(parent) {
        connect(this, &QCustomPlot::afterReplot, this, [this] {
            // Tick labels that would run into each other are thinned before anyone sees them.
            if (fitTicksToLength(this)) replot(rpQueuedReplot);
            measureText();
        });
    }

    QSize minimumSizeHint() const override {
        return kPlotMinimumSize.expandedTo(text_ + kPlotMinimumDataArea);
    }

private:
    void changeEvent(QEvent* event) override {
        OpaqueBackgroundPlot::changeEvent(event);
        const QEvent::Type type = event->type();
        if (type == QEvent::FontChange || type == QEvent::StyleChange ||
            type == QEvent::LanguageChange) {
            text_ = QSize(0, 0);
        }
    }

    void measureText() {
        // Only grows while fonts and language stay: tick labels that change with the data then
        // re-divide no grid's rows, which replotted every plot of it twice more per move.
        QSize text = text_;
        for (QCPAxisRect* rect : axisRects()) {
            // A rect not laid out yet says nothing about the text around it.
            if (!rect->visible() || rect->width() <= 0 || rect->height() <= 0) continue;
            text = text.expandedTo(size() - rect->rect().size());
        }
        if (text == text_) return;
        text_ = text;
        updateGeometry();
    }

    QSize text_{0, 0};
};

}  // namespace

namespace {

bool finite(const QPointF& p) {
    return std::isfinite(p.x()) && std::isfinite(p.y());
}

// How far a shown line may stray from the points it was given, in device pixels: too little to
// see with antialiasing, enough to draw a 48-point circle of 15 px radius with 24 segments.
constexpr double kFlatness = 0.25;

// Chords over more points are not tried: each try checks every point it skips, and rope n-D's
// 4096-point spiral paid more for tries over 32 points than it saved in segments.
constexpr qsizetype kMostSkipped = 8;

// True where every point strictly between points[from] and points[to] lies within `tolerance` of
// the chord joining them.
bool chordHolds(const QVector<QPointF>& points, qsizetype from, qsizetype to, double tolerance) {
    const QPointF a = points[from];
    const QPointF chord = points[to] - a;
    const double length = std::hypot(chord.x(), chord.y());
    for (qsizetype k = from + 1; k < to; ++k) {
        const QPointF off = points[k] - a;
        // Off the chord's line, or past one of its ends (a curve that doubles back).
        const double along = off.x() * chord.x() + off.y() * chord.y();
        if (std::abs(off.x() * chord.y() - off.y() * chord.x()) > tolerance * length ||
            along < -tolerance * length || along > length * (length + tolerance)) {
            return false;
        }
    }
    return true;
}

// A polyline as one drawLines call: Qt rasterises wide and dashed pens segment by segment (dashes
// run on across segments) instead of stroking the whole path, and pays its per-call cost once.
void drawSegments(QCPPainter* painter, const QVector<QPointF>& points) {
    const QPen& pen = painter->pen();
    if (pen.style() == Qt::NoPen || pen.color().alpha() == 0) return;
    // As QCustomPlot does: a 1 px pen looks the same drawn cosmetic, which is much faster. An
    // antialiased pen thinner than a device pixel inks like a cosmetic one as transparent as it
    // is thin, which Qt draws with its line rasteriser instead of stroking an outline.
    const double ratio = painter->device()->devicePixelRatioF();
    const double devicePixels = pen.widthF() * ratio;
    const bool thin = painter->antialiasing() && devicePixels > 0.0 && devicePixels < 1.0;
    if (qFuzzyCompare(pen.widthF(), 1.0) || thin) {
        QPen cosmetic = pen;
        cosmetic.setWidth(0);
        if (thin) {
            QColor faint = pen.color();
            faint.setAlphaF(faint.alphaF() * devicePixels);
            cosmetic.setColor(faint);
        }
        painter->setPen(cosmetic);
    }
    painter->drawLines(visibleSegments(points, kFlatness / std::max(ratio, 1.0)));
}

// A solid line with more points than pixel columns, drawn without antialiasing, covers in each
// column the pixels between the highest and lowest point its segments reach (plus half the pen):
// filling those spans, one rectangle per column, looks the same and costs up to ~2× less than
// stroking thousands of long, nearly vertical segments. Returns false (draws nothing) where it does
// not apply.
bool drawDenseAsSpans(QCPPainter* painter, const QVector<QPointF>& points) {
    const QPen& pen = painter->pen();
    if (painter->antialiasing() || pen.style() != Qt::SolidLine || points.size() < 2) return false;
    double left = std::numeric_limits<double>::infinity();
    double right = -left;
    for (const QPointF& p : points) {
        if (!finite(p)) continue;
        left = std::min(left, p.x());
        right = std::max(right, p.x());
    }
    if (!(right - left < 1e6)) return false;  // none finite, or absurdly wide
    const int first = static_cast<int>(std::floor(left));
    const int columns = static_cast<int>(std::floor(right)) - first + 1;
    if (points.size() <= columns) return false;
    std::vector<double> top(columns, std::numeric_limits<double>::infinity());
    std::vector<double> bottom(columns, -std::numeric_limits<double>::infinity());
    const auto add = [&](int c, double y) {
        top[c] = std::min(top[c], y);
        bottom[c] = std::max(bottom[c], y);
    };
    for (qsizetype i = 1; i < points.size(); ++i) {
        QPointF p = points[i - 1];
        QPointF q = points[i];
        if (!finite(p) || !finite(q)) continue;
        if (p.x() > q.x()) std::swap(p, q);
        const int a = static_cast<int>(std::floor(p.x())) - first;
        const int b = static_cast<int>(std::floor(q.x())) - first;
        add(a, p.y());
        add(b, q.y());
        // A segment crossing column borders covers each column it passes.
        for (int c = a + 1; c <= b; ++c) {
            const double y = p.y() + (q.y() - p.y()) * (first + c - p.x()) / (q.x() - p.x());
            add(c - 1, y);
            add(c, y);
        }
    }
    const double half = std::max(1.0, pen.widthF()) / 2.0;
    // On whole device pixels (no scaling, no fractional shift) the spans are whole-pixel
    // rectangles, which Qt fills directly; fractional ones it rasterises edge by edge, ~5× slower.
    const QTransform& shift = painter->transform();
    const bool wholePixels = shift.type() <= QTransform::TxTranslate &&
                             shift.dx() == std::floor(shift.dx()) &&
                             shift.dy() == std::floor(shift.dy());
    QVector<QRect> pixelSpans;
    QVector<QRectF> spans;
    for (int c = 0; c < columns; ++c) {
        if (top[c] > bottom[c]) continue;
        const double from = top[c] - half;
        const double to = bottom[c] + half;
        if (wholePixels) {
            // The rows whose pixel centres lie in [from, to].
            const int firstRow = static_cast<int>(std::ceil(from - 0.5));
            const int lastRow = static_cast<int>(std::floor(to - 0.5));
            if (firstRow <= lastRow)
                pixelSpans.append(QRect(first + c, firstRow, 1, lastRow - firstRow + 1));
        } else {
            spans.append(QRectF(first + c, from, 1.0, to - from));
        }
    }
    painter->save();
    painter->setPen(Qt::NoPen);
    painter->setBrush(pen.brush());
    if (wholePixels) {
        painter->drawRects(pixelSpans);
    } else {
        painter->drawRects(spans);
    }
    painter->restore();
    return true;
}

// One scatter mark drawn into a pixmap and stamped at every point: a mark stroked with a theme
// pen is a path for Qt, about 50× slower than copying its pixels. Only where the painter draws
// device pixels 1:1; a scaled export draws the marks themselves.
class MarkStamp {
public:
    bool applies(const QCPPainter* painter, const QCPScatterStyle& style) const {
        return paintsScreen(painter) && !style.isNone() &&
               style.shape() != QCPScatterStyle::ssPixmap &&
               painter->transform().type() <= QTransform::TxTranslate;
    }

    // The painter holds the mark's pen and brush (QCPScatterStyle::applyTo).
    void draw(QCPPainter* painter, const QCPScatterStyle& style, const QVector<QPointF>& points) {
        update(painter, style);
        const double half = side_ / 2.0;
        for (const QPointF& p : points) {
            if (finite(p)) painter->drawPixmap(QPointF(p.x() - half, p.y() - half), pixmap_);
        }
    }

private:
    void update(const QCPPainter* painter, const QCPScatterStyle& style) {
        const double ratio = painter->device()->devicePixelRatioF();
        const bool antialiased = painter->antialiasing();
        if (!pixmap_.isNull() && shape_ == style.shape() && size_ == style.size() &&
            pen_ == painter->pen() && brush_ == painter->brush() && ratio_ == ratio &&
            antialiased_ == antialiased) {
            return;
        }
        shape_ = style.shape();
        size_ = style.size();
        pen_ = painter->pen();
        brush_ = painter->brush();
        ratio_ = ratio;
        antialiased_ = antialiased;
        // Room for the shape, the pen's half width on each side and a pixel of antialiasing.
        side_ = std::ceil(size_ + std::max(1.0, pen_.widthF())) + 2;
        const int pixels = static_cast<int>(std::ceil(side_ * ratio));
        pixmap_ = QPixmap(pixels, pixels);
        pixmap_.setDevicePixelRatio(ratio);
        pixmap_.fill(Qt::transparent);
        QCPPainter stamp(&pixmap_);
        stamp.setAntialiasing(antialiased);
        stamp.setPen(pen_);
        stamp.setBrush(brush_);
        style.drawShape(&stamp, side_ / 2.0, side_ / 2.0);
    }

    QPixmap pixmap_;
    QCPScatterStyle::ScatterShape shape_ = QCPScatterStyle::ssNone;
    double size_ = 0.0;
    QPen pen_;
    QBrush brush_;
    double ratio_ = 0.0;
    bool antialiased_ = false;
    int side_ = 0;
};

// A graph or curve whose marks are stamped on screen (MarkStamp).
template <class Plottable>
class StampedMarks : public Plottable {
public:
    using Plottable::Plottable;

protected:
    void drawScatterPlot(QCPPainter* painter, const QVector<QPointF>& points,
                         const QCPScatterStyle& style) const override {
        if (!stamp_.applies(painter, style)) {
            return Plottable::drawScatterPlot(painter, points, style);
        }
        this->applyScattersAntialiasingHint(painter);
        style.applyTo(painter, this->mPen);
        stamp_.draw(painter, style, points);
    }

private:
    mutable MarkStamp stamp_;
};

class ScreenGraph : public StampedMarks<QCPGraph> {
public:
    using StampedMarks::StampedMarks;

protected:
    void drawLinePlot(QCPPainter* painter, const QVector<QPointF>& lines) const override {
        if (!paintsScreen(painter)) return QCPGraph::drawLinePlot(painter, lines);
        applyDefaultAntialiasingHint(painter);
        const bool dense = keyAxis()->orientation() == Qt::Horizontal &&
                           painter->pen().color().alpha() != 0 && drawDenseAsSpans(painter, lines);
        if (!dense) drawSegments(painter, lines);
    }
};

class ScreenCurve : public StampedMarks<QCPCurve> {
public:
    using StampedMarks::StampedMarks;

protected:
    void drawCurveLine(QCPPainter* painter, const QVector<QPointF>& lines) const override {
        if (!paintsScreen(painter)) return QCPCurve::drawCurveLine(painter, lines);
        applyDefaultAntialiasingHint(painter);
        drawSegments(painter, lines);
    }
};

}  // namespace

QVector<QLineF> visibleSegments(const QVector<QPointF>& points, double tolerance) {
    QVector<QLineF> segments;
    segments.reserve(points.size());
    qsizetype from = -1;  // the last point drawn, while the line runs unbroken
    for (qsizetype i = 0; i < points.size(); ++i) {
        if (!finite(points[i])) {
            from = -1;
            continue;
        }
        if (from < 0) {
            from = i;
            continue;
        }
        const bool ends = i + 1 == points.size() || !finite(points[i + 1]);
        if (!ends) {
            // Within a pixel of the last point drawn: no visible detail, only a segment that a
            // wide or antialiased pen strokes on its own (a smooth 4096-point curve is mostly
            // such).
            const QPointF step = points[i] - points[from];
            if (std::abs(step.x()) < 1.0 && std::abs(step.y()) < 1.0) continue;
            // On the chord to the next point, as on a gently bending curve drawn with many points.
            if (i - from < kMostSkipped && chordHolds(points, from, i + 1, tolerance)) continue;
        }
        segments.append({points[from], points[i]});
        from = i;
    }
    return segments;
}

QCPGraph* addGraph(QCustomPlot* plot, QCPAxis* x, QCPAxis* y) {
    auto* graph = new ScreenGraph(x != nullptr ? x : plot->xAxis, y != nullptr ? y : plot->yAxis);
    // The name QCustomPlot::addGraph gives: CSV export falls back to it.
    graph->setName(QStringLiteral("Graph %1").arg(plot->graphCount()));
    return graph;
}

QCPCurve* addCurve(QCPAxis* x, QCPAxis* y) {
    return new ScreenCurve(x, y);
}

QCPGraph* addMarks(QCustomPlot* plot, QCPScatterStyle::ScatterShape shape, double size,
                   const SeriesStyle& style, const PlotTheme& theme) {
    QCPGraph* graph = addGraph(plot);
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(QCPScatterStyle(shape, size));
    setSeriesStyle(graph, style, theme);
    return graph;
}

QCPItemLine* addArrow(QCustomPlot* plot, const SeriesStyle& style, const PlotTheme& theme) {
    auto* arrow = new QCPItemLine(plot);
    arrow->setHead(QCPLineEnding::esSpikeArrow);
    setSeriesStyle(arrow, style, theme);
    return arrow;
}

void showWithLegendEntry(QCPAbstractPlottable* plottable, bool shown) {
    plottable->setVisible(shown);
    if (shown) {
        plottable->addToLegend();
    } else {
        plottable->removeFromLegend();
    }
}

void setArc(QCPCurve* curve, double radius, double from, double turn, int points, bool wedge) {
    QVector<double> t, x, y;
    if (wedge) {
        t.push_back(0);
        x.push_back(0.0);
        y.push_back(0.0);
    }
    for (int i = 0; i <= points; ++i) {
        const double phi = from + turn * i / points;
        t.push_back(t.size());
        x.push_back(radius * std::cos(phi));
        y.push_back(radius * std::sin(phi));
    }
    curve->setData(t, x, y, true);
}

void setPositionTableAxes(QCustomPlot* plot) {
    plot->yAxis->setRangeReversed(true);  // position 0 at the top, as a table is read
    plot->xAxis->grid()->setVisible(false);
    plot->yAxis->grid()->setVisible(false);
    // Few ticks: position labels such as 2048 must not run together with large fonts.
    plot->xAxis->ticker()->setTickCount(3);
    plot->yAxis->ticker()->setTickCount(3);
}

void showPositions(QCustomPlot* plot, int n) {
    const QCPRange positions(-0.5, n - 0.5);
    plot->xAxis->setRange(positions);
    plot->yAxis->setRange(positions);
}

void setLinearAxis(QCPAxis* axis) {
    axis->setScaleType(QCPAxis::stLinear);
    axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    axis->setNumberFormat(QStringLiteral("gb"));
    axis->setNumberPrecision(6);
}

QCustomPlot* makePlot(QWidget* parent) {
    QCustomPlot* plot = new ReadablePlot(parent);
    // Lines and marks decide for themselves (see antialiasUnlessDense); grids stay crisp.
    plot->setNotAntialiasedElements(QCP::aeGrid | QCP::aeSubGrid);
    plot->setAntialiasedElements(QCP::aeAxes | QCP::aeLegend | QCP::aeLegendItems |
                                 QCP::aeZeroLine | QCP::aeOther | QCP::aeItems | QCP::aeFills);
    plot->setInteractions({});
    // Polylines as separate segments: stroking one long jagged path with joins is ~20× slower.
    plot->setPlottingHint(QCP::phFastPolylines, true);
    // A replot asks for a paint instead of painting (and flushing the window) at once, so the
    // plots one change replots are painted together in one pass of the window.
    plot->setPlottingHint(QCP::phImmediateRefresh, false);
    // QCustomPlot's own "overlay" layer holds only the selection rectangle, which a plot without
    // interactions never shows: without a buffer of its own, each replot clears and each paint
    // composites one plot-sized buffer fewer.
    plot->layer(QStringLiteral("overlay"))->setMode(QCPLayer::lmLogical);
    QObject::connect(plot, &QCustomPlot::beforeReplot, plot, [plot] {
        cacheAxisLabels(plot);
        cacheLegendText(plot);
        fitTextToWidth(plot, plot->width());
    });
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] {
        if (fitTextToLayout(plot)) plot->replot(QCustomPlot::rpQueuedReplot);
    });
    return plot;
}

QCPLayer* addOverlayLayer(QCustomPlot* plot) {
    // Not QCustomPlot's own "overlay" layer (the selection rectangle lives there).
    plot->addLayer(QStringLiteral("cursor"), plot->layer(QStringLiteral("main")),
                   QCustomPlot::limAbove);
    QCPLayer* overlay = plot->layer(QStringLiteral("cursor"));
    overlay->setMode(QCPLayer::lmBuffered);
    return overlay;
}

void turnOffAntialiasing(QCustomPlot* plot, QCP::AntialiasedElements elements) {
    // Out of the antialiased set first, so the two sets never overlap (which is what makes
    // QCustomPlot antialias everything else).
    plot->setAntialiasedElements(plot->antialiasedElements() & ~elements);
    plot->setNotAntialiasedElements(plot->notAntialiasedElements() | elements);
}

void antialiasUnlessDense(QCPGraph* graph) {
    const int laidOut = graph->keyAxis()->axisRect()->width();
    // Before the first layout the rect has no width yet: assume a typical one.
    const int pixels = laidOut > 50 ? laidOut : 600;
    graph->setAntialiased(graph->dataCount() <= pixels);
}

void antialiasUnlessTangled(const std::vector<QCPCurve*>& pieces) {
    if (pieces.empty()) return;
    const QCPAxis* x = pieces.front()->keyAxis();
    const QCPAxis* y = pieces.front()->valueAxis();
    const QRect rect = x->axisRect()->rect();
    // Before the first layout the rect has no size yet: assume a typical one.
    const bool laidOut = rect.width() > 50 && rect.height() > 50;
    const double width = laidOut ? rect.width() : 600.0;
    const double height = laidOut ? rect.height() : 400.0;
    // Pixels per data unit on each (linear) axis.
    const double sx = width / x->range().size();
    const double sy = height / y->range().size();
    double length = 0.0;
    for (const QCPCurve* piece : pieces) {
        const QCPCurveDataContainer& data = *piece->data();
        for (auto it = data.constBegin(); it != data.constEnd() && it + 1 != data.constEnd();
             ++it) {
            const double step =
                std::hypot(sx * ((it + 1)->key - it->key), sy * ((it + 1)->value - it->value));
            if (std::isfinite(step)) length += step;
        }
    }
    const double ink = length * std::max(1.0, pieces.front()->pen().widthF());
    for (QCPCurve* piece : pieces) piece->setAntialiased(ink < width * height);
}

}  // namespace ropelab::ui
