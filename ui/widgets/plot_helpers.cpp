// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plot_helpers.h"

#include <qcustomplot.h>

#include <QTextLayout>

#include "analysis/curve_envelope.h"
#include "widgets/library_internals.h"
#include "widgets/plot_text.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <unordered_map>
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

// What fitting text, ticks and ranges keeps of one plot between replots: a child of the plot,
// made on first use; a part's entry goes with the part.
class PlotFit : public QObject {
public:
    // A title's, label's or axis label's text as last wrapped.
    struct Text {
        bool wraps = false;  // a title, or a label inside the data, that is to wrap
        std::optional<QString> full;
        QString wrapped;
        double width = 0.0;
        QString font;
    };
    // The tick count an axis's ticker asked for, and the axis length where ticks were thinned.
    struct Ticks {
        const QCPAxisTicker* ticker = nullptr;
        int asked = 0;
        int thinnedAt = 0;
    };

    static PlotFit& of(QCustomPlot* plot) {
        for (QObject* child : plot->children()) {
            if (auto* fit = dynamic_cast<PlotFit*>(child)) return *fit;
        }
        return *new PlotFit(plot);
    }
    Text& text(QObject* part) { return entry(texts_, part); }
    const Text* findText(const QObject* part) const {
        const auto it = texts_.find(part);
        return it == texts_.end() ? nullptr : &it->second;
    }
    bool wraps(const QObject* part) const {
        const Text* text = findText(part);
        return text != nullptr && text->wraps;
    }
    Ticks& ticks(QCPAxis* axis) { return entry(ticks_, axis); }

    std::optional<int> legendColumns;  // asked for by placeLegendBelow
    std::optional<QRectF> aspectBox;   // kept by keepEqualAspect

private:
    explicit PlotFit(QCustomPlot* plot) : QObject(plot) {}
    template <class Entry>
    Entry& entry(std::unordered_map<const QObject*, Entry>& entries, QObject* part) {
        const auto [it, added] = entries.try_emplace(part);
        if (added) {
            connect(part, &QObject::destroyed, this, [&entries, part] { entries.erase(part); });
        }
        return it->second;
    }

    std::unordered_map<const QObject*, Text> texts_;
    std::unordered_map<const QObject*, Ticks> ticks_;
};

// Pixels between neighbouring tick labels: closer than the least gap they are thinned; ticks are
// added back only where twice as many labels would keep the comfortable gap (horizontal and
// vertical axes).
constexpr int kTickLabelLeastGap = 4;
constexpr int kTickLabelGapAcross = 12;
constexpr int kTickLabelGapUp = 8;

constexpr QChar kWordJoiner(0x2060);

// A unit stays whole on its line: word joiners (no break on either side) inside a/b written
// without spaces ("rad/token", "弧度/词元", up to four letters each side) and inside 词元, which
// Unicode would otherwise break after "/" or between any two CJK characters.
QString joinUnits(const QString& paragraph) {
    const qsizetype n = paragraph.size();
    std::vector<bool> join(static_cast<std::size_t>(n), false);  // no break after character i
    for (qsizetype slash = 1; slash + 1 < n; ++slash) {
        if (paragraph[slash] != QLatin1Char('/') || !paragraph[slash - 1].isLetterOrNumber() ||
            !paragraph[slash + 1].isLetterOrNumber()) {
            continue;
        }
        qsizetype first = slash - 1;
        while (first > 0 && slash - first < 4 && paragraph[first - 1].isLetterOrNumber()) --first;
        qsizetype last = slash + 1;
        while (last + 1 < n && last - slash < 4 && paragraph[last + 1].isLetterOrNumber()) ++last;
        for (qsizetype i = first; i < last; ++i) join[static_cast<std::size_t>(i)] = true;
    }
    for (qsizetype i = 0; i + 1 < n; ++i) {
        if (paragraph[i] == QChar(0x8BCD) && paragraph[i + 1] == QChar(0x5143)) {  // 词元
            join[static_cast<std::size_t>(i)] = true;
        }
    }
    QString joined;
    joined.reserve(2 * n);
    for (qsizetype i = 0; i < n; ++i) {
        joined += paragraph[i];
        if (join[static_cast<std::size_t>(i)]) joined += kWordJoiner;
    }
    return joined;
}

// Line breaks where Unicode allows them (between words, and between CJK characters, which have
// no spaces), never inside a unit; explicit line breaks stay, and a word longer than the width
// keeps its own line.
QString wrapText(const QString& text, const QFont& font, double width) {
    QStringList lines;
    for (const QString& original : text.split(QLatin1Char('\n'))) {
        if (original.isEmpty()) {
            lines << QString();
            continue;
        }
        const QString paragraph = joinUnits(original);
        QTextLayout layout(paragraph, font);
        QTextOption option;
        option.setWrapMode(QTextOption::WordWrap);
        layout.setTextOption(option);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(width);
            lines
                << paragraph.mid(line.textStart(), line.textLength()).remove(kWordJoiner).trimmed();
        }
        layout.endLayout();
    }
    return lines.join(QLatin1Char('\n'));
}

// Text set since the last wrap (a new language, a new value) is what the title says; otherwise
// the text it wrapped.
QString unwrappedText(QCPTextElement* title) {
    const PlotFit::Text* wrap = PlotFit::of(title->parentPlot()).findText(title);
    if (wrap == nullptr || title->text() != wrap->wrapped) return title->text();
    return wrap->full.value_or(QString());
}

// Wraps the text `holder` shows (a title's, an axis label's) to `width` through `show`. The text
// set since the last wrap (a new language, a new value) is the full one. This runs before every
// replot: it lays the text out again only when the text, the width or the font changed. True when
// the text shown changed.
bool wrapShownText(PlotFit::Text& wrap, const QString& shown, const QFont& font, double width,
                   const std::function<void(const QString&)>& show) {
    const bool newText = shown != wrap.wrapped;
    if (newText) wrap.full = shown;
    const QString fontKey = font.toString();
    if (!newText && wrap.width == width && wrap.font == fontKey) return false;
    const QString wrapped = wrapText(wrap.full.value_or(QString()), font, width);
    show(wrapped);
    wrap.wrapped = wrapped;
    wrap.width = width;
    wrap.font = fontKey;
    return wrapped != shown;
}

// Text set since the last wrap goes back whole: a file at another width shows it unwrapped.
template <class Show>
void showWhole(const PlotFit::Text* wrap, const QString& shown, Show show) {
    if (wrap != nullptr && wrap->full && shown == wrap->wrapped) show(*wrap->full);
}

bool wrapTitle(PlotFit& fit, QCPTextElement* title, int width) {
    return wrapShownText(fit.text(title), title->text(), title->font(), width - 16.0,
                         [title](const QString& text) { title->setText(text); });
}

// A label below or above the data is centred on it and may reach past it, but not past the
// plot's edges: it wraps to twice the room on its narrower side (lesson 8's "256 random
// directions x, sorted" in presenter mode on a 1024 × 768 screen ran off the plot).
bool wrapAxisLabels(QCustomPlot* plot, PlotFit& fit, int width) {
    bool changed = false;
    // At another width (a file's) the margins last laid out say nothing: the labels go whole.
    const bool onScreen = width == plot->width();
    for (QCPAxisRect* rect : plot->axisRects()) {
        if (!onScreen) {
            for (QCPAxis* axis : rect->axes(QCPAxis::atBottom | QCPAxis::atTop)) {
                showWhole(fit.findText(axis), axis->label(),
                          [axis](const QString& text) { axis->setLabel(text); });
            }
            continue;
        }
        // Before the first layout the rect says nothing about the room the label has.
        if (!rect->visible() || rect->width() < 50) continue;
        // The margins beside the data keep their size at another width (an export's).
        const int left = rect->left();
        const int right = plot->width() - rect->right();
        const int centre = left + (width - left - right) / 2;
        const int room = 2 * std::min(centre, width - centre) - 8;
        for (QCPAxis* axis : rect->axes(QCPAxis::atBottom | QCPAxis::atTop)) {
            const PlotFit::Text* wrap = fit.findText(axis);
            if (!axis->visible() || (axis->label().isEmpty() && !(wrap && wrap->full))) continue;
            changed |=
                wrapShownText(fit.text(axis), axis->label(), axis->labelFont(), std::max(room, 50),
                              [axis](const QString& text) { axis->setLabel(text); });
        }
    }
    return changed;
}

// Labels inside the data, placed at a fraction of their axis rect's width, wrap where they would
// run past the edge of the rect their alignment runs towards (on screen; files show them whole).
void wrapLabelsInside(QCustomPlot* plot, PlotFit& fit, int width) {
    const bool onScreen = width == plot->width();
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* label = qobject_cast<QCPItemText*>(plot->item(i));
        if (label == nullptr || !fit.wraps(label)) continue;
        if (!onScreen) {
            showWhole(fit.findText(label), label->text(),
                      [label](const QString& text) { label->setText(text); });
            continue;
        }
        const QCPAxisRect* rect = label->position->axisRect();
        if (rect == nullptr || !label->visible() || rect->width() < 50) continue;
        const double at = std::clamp(label->position->key(), 0.0, 1.0);
        const Qt::Alignment align = label->positionAlignment();
        const double share = align.testFlag(Qt::AlignLeft)    ? 1.0 - at
                             : align.testFlag(Qt::AlignRight) ? at
                                                              : 2.0 * std::min(at, 1.0 - at);
        const QMargins padding = label->padding();
        const double room = share * rect->width() - padding.left() - padding.right() - 4.0;
        wrapShownText(fit.text(label), label->text(), label->font(), std::max(room, 50.0),
                      [label](const QString& text) { label->setText(text); });
    }
}

// As many legend columns as fit, up to the number asked for.
void reflowLegend(QCPLegend* legend, int wanted, int width) {
    int widest = 1;
    for (int i = 0; i < legend->itemCount(); ++i) {
        // Wrapped grids have empty cells.
        if (const QCPAbstractLegendItem* item = legend->item(i)) {
            widest = std::max(widest, item->minimumOuterSizeHint().width());
        }
    }
    const int spacing = legend->columnSpacing();
    const int fit = std::max(1, (width - 12 + spacing) / (widest + spacing));
    const int columns = std::min(wanted, fit);
    if (columns == legend->wrap()) return;
    // The plot's fit keeps the columns asked for: a wider plot later gets them back.
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
}

// The width left for column 0 of the plot layout (titles and legends live there; a colour scale
// may take column 1): the total less what the other columns took.
int firstColumnWidth(QCPLayoutGrid* layout, int total) {
    int others = layout->margins().left() + layout->margins().right();
    for (int c = 1; c < layout->columnCount(); ++c) {
        int widest = 0;
        for (int r = 0; r < layout->rowCount(); ++r) {
            if (QCPLayoutElement* e = layout->hasElement(r, c) ? layout->element(r, c) : nullptr) {
                // A colour scale's hint leaves out its axis labels; its last width has them.
                widest =
                    std::max({widest, e->minimumOuterSizeHint().width(), e->outerRect().width()});
            }
        }
        others += widest + layout->columnSpacing();
    }
    return total - others;
}

// Wraps the titles to the width column 0 leaves them; true when one now reads differently.
bool wrapTitles(QCustomPlot* plot, PlotFit& fit, int width) {
    width = firstColumnWidth(plot->plotLayout(), width);
    bool changed = false;
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* title = qobject_cast<QCPTextElement*>(element);
            title != nullptr && fit.wraps(title)) {
            changed |= wrapTitle(fit, title, width);
        }
    }
    return changed;
}

}  // namespace

void fitTextToWidth(QCustomPlot* plot, int width) {
    PlotFit& fit = PlotFit::of(plot);
    wrapAxisLabels(plot, fit, width);
    wrapLabelsInside(plot, fit, width);
    wrapTitles(plot, fit, width);
    QCPLegend* legend = plot->legend;
    if (legend == nullptr || !legend->visible()) return;
    QCPAxisRect* rect = plot->axisRect();
    // An inset legend wider than its axis rect (big presenter fonts, a narrow plot) moves below.
    if (!fit.legendColumns && rect != nullptr && rect->width() > 50 &&
        rect->insetLayout()->elements(false).contains(legend) &&
        legend->minimumOuterSizeHint().width() > rect->width() - 8) {
        placeLegendBelow(plot, std::max(1, legend->itemCount()));
    }
    if (fit.legendColumns) reflowLegend(legend, *fit.legendColumns, width);
}

bool fitTicksToLength(QCustomPlot* plot) {
    QList<QCPAxis*> axes;
    for (QCPAxisRect* rect : plot->axisRects()) {
        if (rect->visible()) axes += rect->axes();
    }
    // A colour scale's axis lives in an axis rect of its own, not among the plot's.
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* scale = qobject_cast<QCPColorScale*>(element); scale && scale->visible())
            axes += scale->axis();
    }
    PlotFit& fit = PlotFit::of(plot);
    bool changed = false;
    for (QCPAxis* axis : axes) {
        const QCPAxisRect* rect = axis->axisRect();
        if (rect->width() <= 0 || rect->height() <= 0 || !axis->visible() || !axis->tickLabels() ||
            axis->tickLabelRotation() != 0.0) {
            continue;
        }
        QCPAxisTicker* ticker = axis->ticker().data();
        // Text tickers, and fixed-step ones that may not take a multiple of their step, place
        // their ticks whatever count they are asked for.
        const auto* fixed = dynamic_cast<QCPAxisTickerFixed*>(ticker);
        if (ticker == nullptr || dynamic_cast<QCPAxisTickerText*>(ticker) != nullptr ||
            (fixed != nullptr && fixed->scaleStrategy() == QCPAxisTickerFixed::ssNone)) {
            continue;
        }
        const QVector<double> ticks = axis->tickVector();
        const QVector<QString> labels = axis->tickVectorLabels();
        if (ticks.size() < 2 || labels.size() != ticks.size()) continue;
        // A new ticker (a lesson may set one) brings the count it asks for.
        PlotFit::Ticks& fitted = fit.ticks(axis);
        if (fitted.ticker != ticker) fitted = {ticker, ticker->tickCount(), 0};
        const int asked = fitted.asked;
        const bool horizontal = axis->orientation() == Qt::Horizontal;
        // Across the axis a label's extent is its width; along a vertical one, the height of
        // its digits (line spacing would leave room no reader needs).
        const QFontMetrics metrics(axis->tickLabelFont());
        int label = metrics.capHeight();
        int gap = kTickLabelGapUp;
        if (horizontal) {
            label = 0;
            for (const QString& text : labels)
                label = std::max(label, metrics.horizontalAdvance(text));
            gap = kTickLabelGapAcross;
        }
        double spacing = std::numeric_limits<double>::infinity();
        for (qsizetype i = 1; i < ticks.size(); ++i) {
            spacing = std::min(
                spacing, std::abs(axis->coordToPixel(ticks[i]) - axis->coordToPixel(ticks[i - 1])));
        }
        const int length = horizontal ? rect->width() : rect->height();
        int wanted = ticker->tickCount();
        if (spacing < label + kTickLabelLeastGap) {
            if (wanted == 1) continue;
            --wanted;  // one tick fewer per replot, checked again after the next
            fitted.thinnedAt = length;
        } else if (wanted < asked && spacing >= 2.0 * (label + gap) && length != fitted.thinnedAt) {
            // Room for twice as many labels at a new length; never at the length where labels
            // were thinned, so counts cannot swing back and forth there.
            ++wanted;
        }
        if (wanted == ticker->tickCount()) continue;
        ticker->setTickCount(wanted);
        changed = true;
    }
    return changed;
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
    // Labels inside the data wrap to the axis rect as this replot laid it out, not the last one:
    // a layout that narrows the rect (new tick labels) would leave them running off it. A file's
    // layout (another viewport) keeps them whole. Titles and axis labels on screen are fitted to
    // this layout too, and laid out again if that changed them: fitted before the first layout
    // (a colour scale's width then leaves out its axis labels), a title ran past lesson 12's plot.
    // Wrapping changes heights only, and the room is a width, so the second pass changes nothing.
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] {
        const int width = plot->viewport().width();
        PlotFit& fit = PlotFit::of(plot);
        wrapLabelsInside(plot, fit, width);
        if (width != plot->width()) return;
        const bool axisLabels = wrapAxisLabels(plot, fit, width);
        if (wrapTitles(plot, fit, width) || axisLabels) plot->replot(QCustomPlot::rpQueuedReplot);
    });
    return plot;
}

void wrapInsideAxisRect(QCPItemText* label) {
    label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    PlotFit::of(label->parentPlot()).text(label).wraps = true;
}

QCPTextElement* addPlotTitle(QCustomPlot* plot, const QString& text) {
    plot->plotLayout()->insertRow(0);
    auto* title = new PlotText(plot, text);
    PlotFit::of(plot).text(title).wraps = true;
    plot->plotLayout()->addElement(0, 0, title);
    return title;
}

bool setTitleText(QCPTextElement* title, const QString& text) {
    if (unwrappedText(title) == text) return false;
    title->setText(text);
    return true;
}

QCPTextElement* addPlotSubtitle(QCustomPlot* plot, const QString& text) {
    // Insert under any existing title rows: just above the first row that holds no text element.
    QCPLayoutGrid* layout = plot->plotLayout();
    int row = 0;
    while (row < layout->rowCount() && qobject_cast<QCPTextElement*>(layout->element(row, 0))) {
        ++row;
    }
    layout->insertRow(row);
    auto* subtitle = new PlotText(plot, text);
    subtitle->setProperty(kSubtitleProperty, true);
    PlotFit::of(plot).text(subtitle).wraps = true;
    layout->addElement(row, 0, subtitle);
    return subtitle;
}

void placeLegendBelow(QCustomPlot* plot, int columns) {
    QCPLegend* legend = plot->legend;
    QCPLayoutGrid* layout = plot->plotLayout();
    plot->axisRect()->insetLayout()->take(legend);
    layout->simplify();
    // Empty cells either side keep the legend at its natural width, centred.
    auto* band = new QCPLayoutGrid;
    const int row = layout->rowCount();
    layout->addElement(row, 0, band);
    band->addElement(0, 0, new QCPLayoutElement(plot));
    band->addElement(0, 1, legend);
    band->addElement(0, 2, new QCPLayoutElement(plot));
    band->setColumnStretchFactors({1.0, 0.001, 1.0});
    // Room under the legend's frame, which the outer edge would otherwise cut.
    band->setMargins(QMargins(0, 0, 0, 3));
    // Wrap first, then the fill order with rearranging: items already in the legend move too.
    legend->setWrap(columns);
    PlotFit::of(plot).legendColumns = columns;
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    legend->setMargins(QMargins(6, 2, 6, 2));
    layout->setRowStretchFactor(row, 0.001);
    legend->setVisible(true);
}

HeatMap addHeatMap(QCustomPlot* plot, Gradient gradient, const QString& scaleLabel) {
    HeatMap heat;
    QCPAxisRect* rect = plot->axisRect();
    heat.map = new ColouredMap(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    heat.scale = new QCPColorScale(plot);
    const int row = plot->plotLayout()->rowCount() - 1;
    plot->plotLayout()->addElement(row, 1, heat.scale);
    heat.scale->setType(QCPAxis::atRight);
    heat.scale->axis()->setLabel(scaleLabel);
    heat.scale->setBarWidth(14);
    heat.map->setColorScale(heat.scale);
    setColorMapGradient(heat.map, gradient);
    auto* margins = new QCPMarginGroup(plot);
    rect->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    heat.scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    return heat;
}

ColouredCells colourCells(std::unique_ptr<QCPColorMapData> data, const QCPColorGradient& gradient,
                          const QCPRange& range) {
    ColouredCells cells{std::move(data), QImage(), gradient, range};
    const int keys = cells.data->keySize();
    const int values = cells.data->valueSize();
    if (keys < 1 || values < 1) return cells;  // no image: QCPColorMap draws nothing itself
    QImage image(keys, values, QImage::Format_ARGB32_Premultiplied);
    std::vector<double> row(static_cast<std::size_t>(keys));
    for (int v = 0; v < values; ++v) {
        for (int k = 0; k < keys; ++k) row[std::size_t(k)] = cells.data->cell(k, v);
        // QImage counts scan lines from the top, values count from the bottom.
        auto* pixels = reinterpret_cast<QRgb*>(image.scanLine(values - 1 - v));
        cells.gradient.colorize(row.data(), range, pixels, keys);
    }
    cells.image = oversampledAsColorMap(image);
    return cells;
}

void ColouredMap::setColouredCells(ColouredCells cells) {
    imageData_ = cells.data.get();
    image_ = std::move(cells.image);
    gradient_ = cells.gradient;
    range_ = cells.range;
    setData(cells.data.release(), false);
    setGradient(cells.gradient);
    setDataRange(cells.range);
}

void ColouredMap::updateMapImage() {
    const bool same = !image_.isNull() && data() == imageData_ && !interpolate() &&
                      gradient() == gradient_ && dataRange() == range_ &&
                      dataScaleType() == QCPAxis::stLinear &&
                      keyAxis()->orientation() == Qt::Horizontal;
    if (!same) {
        image_ = QImage();
        imageData_ = nullptr;
        QCPColorMap::updateMapImage();
        return;
    }
    setMapImage(*this, image_);
}

std::unique_ptr<QCPColorMapData> colorMapData(const Eigen::Ref<const Eigen::MatrixXd>& values) {
    const int rows = static_cast<int>(values.rows());
    const int cols = static_cast<int>(values.cols());
    auto data = std::make_unique<QCPColorMapData>(cols, rows, QCPRange(0, std::max(cols - 1, 0)),
                                                  QCPRange(0, std::max(rows - 1, 0)));
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) data->setCell(c, r, values(r, c));
    }
    return data;
}

std::unique_ptr<QCPColorMapData> colorMapData(const PooledGrid& grid, std::int64_t keyCount,
                                              std::int64_t queryCount) {
    if (grid.width < 1 || grid.height < 1) {
        return std::make_unique<QCPColorMapData>(0, 0, QCPRange(), QCPRange());
    }
    // Blocks are (nearly) equal, so the cell centres are evenly spaced.
    const auto centre = [](std::int64_t n, int cells, int cell) {
        return 0.5 * (poolBlockStart(n, cells, cell) + poolBlockStart(n, cells, cell + 1) - 1);
    };
    auto data = std::make_unique<QCPColorMapData>(
        grid.width, grid.height,
        QCPRange(centre(keyCount, grid.width, 0), centre(keyCount, grid.width, grid.width - 1)),
        QCPRange(centre(queryCount, grid.height, 0),
                 centre(queryCount, grid.height, grid.height - 1)));
    for (int r = 0; r < grid.height; ++r) {
        for (int c = 0; c < grid.width; ++c) {
            // A masked cell (ALiBi's −∞, no score) is NaN: the gradients draw it transparent.
            const double v = grid.at(r, c);
            data->setCell(c, r, std::isinf(v) ? std::numeric_limits<double>::quiet_NaN() : v);
        }
    }
    return data;
}

QCPLayer* addOverlayLayer(QCustomPlot* plot) {
    // Not QCustomPlot's own "overlay" layer (the selection rectangle lives there).
    plot->addLayer(QStringLiteral("cursor"), plot->layer(QStringLiteral("main")),
                   QCustomPlot::limAbove);
    QCPLayer* overlay = plot->layer(QStringLiteral("cursor"));
    overlay->setMode(QCPLayer::lmBuffered);
    return overlay;
}

namespace {

// One column of a zig-zag band; the order alternates so consecutive columns join at the near end.
void appendZigZag(QVector<double>& x, QVector<double>& y, int column, double centre, double low,
                  double high) {
    const bool downwards = column % 2 == 0;
    x << centre << centre;
    y << (downwards ? high : low) << (downwards ? low : high);
}

}  // namespace

EnvelopeBand addEnvelopeBand(QCPAxis* x, QCPAxis* y, const QString& name) {
    QCustomPlot* plot = x->parentPlot();
    EnvelopeBand band{addGraph(plot, x, y), addGraph(plot, x, y), addGraph(plot, x, y)};
    band.low->setName(name + QStringLiteral(" min"));
    band.high->setName(name + QStringLiteral(" max"));
    for (QCPGraph* line : {band.low, band.high}) {
        line->setPen(Qt::NoPen);
        line->removeFromLegend();
    }
    band.band->setProperty(kDrawingOnlyProperty, true);
    band.band->removeFromLegend();
    return band;
}

void showEnvelopeBand(const EnvelopeBand& band, const QVector<double>& x,
                      const QVector<double>& low, const QVector<double>& high) {
    band.low->setData(x, low, true);
    band.high->setData(x, high, true);
    QVector<double> zx, zy;
    zx.reserve(2 * x.size());
    zy.reserve(2 * x.size());
    for (qsizetype c = 0; c < x.size(); ++c) {
        appendZigZag(zx, zy, static_cast<int>(c), x[c], low[c], high[c]);
    }
    band.band->setData(zx, zy, true);
    antialiasUnlessDense(band.band);
}

double showEnvelopeBand(const EnvelopeBand& band, const CurveEnvelope& envelope, double firstX,
                        bool logCentres) {
    QVector<double> x, low, high;
    double largest = 0.0;
    for (int c = 0; c < envelope.columns(); ++c) {
        const double first = firstX + static_cast<double>(envelope.columnStart(c));
        const double last = firstX + static_cast<double>(envelope.columnStart(c + 1) - 1);
        x.append(logCentres ? std::sqrt(first * last) : 0.5 * (first + last));
        low.append(envelope.minimum(c));
        high.append(envelope.maximum(c));
        largest = std::max({largest, std::abs(envelope.minimum(c)), std::abs(envelope.maximum(c))});
    }
    showEnvelopeBand(band, x, low, high);
    return largest;
}

void setEnvelopeBandVisible(const EnvelopeBand& band, bool visible) {
    for (QCPGraph* graph : {band.low, band.high, band.band}) graph->setVisible(visible);
}

void showLongCurve(QCPGraph* graph, double firstX, double stepX, const std::vector<double>& samples,
                   int columns) {
    const auto n = static_cast<std::int64_t>(samples.size());
    QVector<double> x, y;
    if (n <= 2 * std::int64_t(columns)) {
        x.resize(n);
        for (std::int64_t i = 0; i < n; ++i) x[i] = firstX + double(i) * stepX;
        y = toQVector(samples);
    } else {
        CurveEnvelope envelope(n, columns);
        envelope.add(0, samples);
        x.reserve(2 * envelope.columns());
        y.reserve(2 * envelope.columns());
        for (int c = 0; c < envelope.columns(); ++c) {
            const double centre =
                firstX +
                0.5 * double(envelope.columnStart(c) + envelope.columnStart(c + 1) - 1) * stepX;
            appendZigZag(x, y, c, centre, envelope.minimum(c), envelope.maximum(c));
        }
    }
    graph->setData(x, y, true);
    antialiasUnlessDense(graph);
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

namespace {

// Sets the plot's ranges to show its aspect box centred, one data unit equally long on both axes
// of its laid-out rect; false when they already were, or the rect is not laid out yet.
bool fitEqualAspect(QCustomPlot* plot) {
    const QRectF want = PlotFit::of(plot).aspectBox.value_or(QRectF());
    const QRect rect = plot->axisRect()->rect();
    if (rect.width() <= 0 || rect.height() <= 0 || want.isEmpty()) return false;
    const double pixelsPerUnit =
        std::min(rect.width() / want.width(), rect.height() / want.height());
    const double xHalf = rect.width() / pixelsPerUnit / 2.0;
    const double yHalf = rect.height() / pixelsPerUnit / 2.0;
    const QPointF c = want.center();
    const QCPRange x(c.x() - xHalf, c.x() + xHalf);
    const QCPRange y(c.y() - yHalf, c.y() + yHalf);
    const auto differs = [](const QCPRange& a, const QCPRange& b) {
        return std::abs(a.lower - b.lower) + std::abs(a.upper - b.upper) > 1e-9 * b.size();
    };
    if (!differs(plot->xAxis->range(), x) && !differs(plot->yAxis->range(), y)) return false;
    plot->xAxis->setRange(x);
    plot->yAxis->setRange(y);
    return true;
}

}  // namespace

void keepEqualAspect(QCustomPlot* plot, const QRectF& box) {
    PlotFit& fit = PlotFit::of(plot);
    const bool connected = fit.aspectBox.has_value();
    fit.aspectBox = box;
    if (plot->axisRect()->width() > 0 && plot->axisRect()->height() > 0) {
        // Fitted to the rect it has now, a new box needs one replot, not a second after layout.
        fitEqualAspect(plot);
    } else {
        plot->xAxis->setRange(box.left(), box.right());
        plot->yAxis->setRange(box.top(), box.bottom());
    }
    if (connected) {
        plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    // Ranges set after layout apply from the next replot on, so re-queue only when they changed;
    // the second pass finds them equal and stops.
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] {
        if (fitEqualAspect(plot)) plot->replot(QCustomPlot::rpQueuedReplot);
    });
}

}  // namespace ropelab::ui
