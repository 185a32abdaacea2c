// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plot_fit.h"

#include <qcustomplot.h>

#include <QTextLayout>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>

#include "style/plot_part_state.h"
#include "style/plot_style.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"
#include "widgets/stepped_text_ticker.h"

namespace ropelab::ui {

namespace {

// A title's, label's or axis label's text as last wrapped.
struct TextFit {
    bool wraps = false;  // a title, or a label inside the data, that is to wrap
    std::optional<QString> full;
    QString wrapped;
    double width = 0.0;
    QString font;
    // A vertical axis label: the axis length and the room beside the data it was last wrapped
    // for, and the width its added lines take there.
    double length = 0.0;
    int room = 0;
    int added = 0;
    // A shorter, equally true text it shows on screen where its own has no room even wrapped.
    std::optional<QString> shorter;
};
using TextFits = PlotPartState<TextFit>;

// The tick count an axis's ticker asked for, and the axis length where ticks were thinned.
struct TickFit {
    const QCPAxisTicker* ticker = nullptr;
    int asked = 0;
    int thinnedAt = 0;
};

// The columns placeLegendBelow asked for, kept for a legend placed below its plot.
struct LegendBelow {
    int columns = 1;
};

// The box keepEqualAspect shows.
struct AspectBox {
    QRectF box;
};

bool wraps(const TextFits& texts, const QObject* part) {
    const TextFit* text = texts.find(part);
    return text != nullptr && text->wraps;
}

// Pixels between neighbouring tick labels: closer than the least gap they are thinned; ticks are
// added back only where twice as many labels would keep the comfortable gap (horizontal and
// vertical axes).
constexpr int kTickLabelLeastGap = 4;
constexpr int kTickLabelGapAcross = 12;
constexpr int kTickLabelGapUp = 8;

constexpr QChar kWordJoiner(0x2060);

// The spaces that must not break. A short number (up to four characters with a digit) keeps the
// word before it on its line ("head 1", "bucket 3"; a list may break after its commas) and a CJK
// word after it ("第 1 个头"). "=" keeps what follows it, and a symbol of up to three characters
// before it ("H = 8"); after a long name ("max_position_embeddings = 8192") it may break.
std::vector<bool> spacesBesideShortNumbers(const QString& paragraph) {
    const qsizetype n = paragraph.size();
    std::vector<bool> glued(static_cast<std::size_t>(n), false);
    const QChar space(QLatin1Char(' '));
    qsizetype start = 0;
    while (start < n) {
        while (start < n && paragraph[start] == space) ++start;
        qsizetype end = start;
        while (end < n && paragraph[end] != space) ++end;
        const QStringView token = QStringView(paragraph).mid(start, end - start);
        const bool equals = token == u"=";
        const bool number = !token.isEmpty() && token.size() <= 4 &&
                            std::ranges::any_of(token, [](QChar c) { return c.isDigit(); });
        // The letters, digits and underscores that end the token before ("H", "m_h", "L₀").
        qsizetype symbol = start - 1;
        while (symbol > 0 && (paragraph[symbol - 1].isLetterOrNumber() ||
                              paragraph[symbol - 1] == QLatin1Char('_'))) {
            --symbol;
        }
        const bool shortSymbol = start - 1 - symbol > 0 && start - 1 - symbol <= 3;
        // A list ("24, 32, 64") may break after its commas.
        const bool listBefore =
            start > 1 && paragraph[start - 2].category() == QChar::Punctuation_Other;
        if (((equals && shortSymbol) || (number && !listBefore)) && start > 0 &&
            paragraph[start - 1] == space) {
            glued[static_cast<std::size_t>(start - 1)] = true;
        }
        const bool cjkAfter = end + 1 < n && paragraph[end + 1].script() == QChar::Script_Han;
        if ((equals || (number && cjkAfter)) && end < n)
            glued[static_cast<std::size_t>(end)] = true;
        start = end;
    }
    return glued;
}

// A unit stays whole on its line: word joiners (no break on either side) inside a/b written
// without spaces ("rad/token", "弧度/词元", up to four letters each side), inside 词元, which
// Unicode would otherwise break after "/" or between any two CJK characters, and beside short
// numbers.
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
    // Qt breaks at any breaking space, word joiner or not: a glued one becomes a no-break space.
    const std::vector<bool> glued = spacesBesideShortNumbers(paragraph);
    QString joined;
    joined.reserve(2 * n);
    for (qsizetype i = 0; i < n; ++i) {
        joined += glued[static_cast<std::size_t>(i)] ? QChar(QChar::Nbsp) : paragraph[i];
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
            lines << paragraph.mid(line.textStart(), line.textLength())
                         .remove(kWordJoiner)
                         .replace(QChar(QChar::Nbsp), QLatin1Char(' '))
                         .trimmed();
        }
        // Spaces that open the text keep it off what it labels (" training length" beside its
        // dashed line); only those at a break go.
        qsizetype indent = 0;
        while (indent < original.size() && original[indent].isSpace()) ++indent;
        if (indent > 0 && indent < original.size()) {
            lines[lines.size() - layout.lineCount()].prepend(original.left(indent));
        }
        layout.endLayout();
    }
    return lines.join(QLatin1Char('\n'));
}

// Text set since the last wrap (a new language, a new value) is what the title says; otherwise
// the text it wrapped.
QString unwrappedText(QCPTextElement* title) {
    const TextFit* wrap = TextFits::of(title->parentPlot()).find(title);
    if (wrap == nullptr || title->text() != wrap->wrapped) return title->text();
    return wrap->full.value_or(QString());
}

// Wraps the text `holder` shows (a title's, an axis label's) to `width` through `show`. The text
// set since the last wrap (a new language, a new value) is the full one. This runs before every
// replot: it lays the text out again only when the text, the width or the font changed. True when
// the text shown changed.
bool wrapShownText(TextFit& wrap, const QString& shown, const QFont& font, double width,
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
void showWhole(const TextFit* wrap, const QString& shown, Show show) {
    if (wrap != nullptr && wrap->full && shown == wrap->wrapped) show(*wrap->full);
}

// What shows a wrapped or whole text as `axis`'s label.
auto labelSetter(QCPAxis* axis) {
    return [axis](const QString& text) { axis->setLabel(text); };
}

bool wrapTitle(TextFits& texts, QCPTextElement* title, int width) {
    return wrapShownText(texts[title], title->text(), title->font(), width - 16.0,
                         [title](const QString& text) { title->setText(text); });
}

// A label below or above the data is centred on it and may reach past it, but not past the
// plot's edges: it wraps to twice the room on its narrower side (lesson 8's "256 random
// directions x, sorted" in presenter mode on a 1024 × 768 screen ran off the plot).
bool wrapAxisLabels(QCustomPlot* plot, TextFits& texts, int width) {
    bool changed = false;
    // At another width (a file's) the margins last laid out say nothing: the labels go whole.
    const bool onScreen = width == plot->width();
    for (QCPAxisRect* rect : plot->axisRects()) {
        if (!onScreen) {
            for (QCPAxis* axis : rect->axes(QCPAxis::atBottom | QCPAxis::atTop)) {
                showWhole(texts.find(axis), axis->label(), labelSetter(axis));
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
            const TextFit* wrap = texts.find(axis);
            if (!axis->visible() || (axis->label().isEmpty() && !(wrap && wrap->full))) continue;
            changed |= wrapShownText(texts[axis], axis->label(), axis->labelFont(),
                                     std::max(room, 50), labelSetter(axis));
        }
    }
    return changed;
}

// The axes that run up the plot: the left and right ones of each axis rect, and colour scales'.
QList<QCPAxis*> verticalAxes(QCustomPlot* plot) {
    QList<QCPAxis*> axes;
    for (QCPAxisRect* rect : plot->axisRects()) {
        if (rect->visible()) axes += rect->axes(QCPAxis::atLeft | QCPAxis::atRight);
    }
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* scale = qobject_cast<QCPColorScale*>(element);
            scale != nullptr && scale->visible() && scale->axis()->orientation() == Qt::Vertical) {
            axes += scale->axis();
        }
    }
    return axes;
}

// How far an axis label reaches away from its axis, as its margin measures it (the label
// painter's own measure): on a vertical axis, the width its lines take.
int labelThickness(const QString& text, const QFont& font) {
    return QFontMetrics(font).boundingRect(0, 0, 0, 0, Qt::TextDontClip, text).height();
}

double widestLine(const QString& text, const QFont& font) {
    const QFontMetricsF metrics(font);
    double widest = 0.0;
    for (const QString& line : text.split(QLatin1Char('\n')))
        widest = std::max(widest, metrics.horizontalAdvance(line));
    return widest;
}

// Before a replot, on screen: a vertical axis label given its text again (a lesson sets its label
// on every draw) shows it as last wrapped, so the layout needs no second pass. New text or a new
// font goes whole into the layout, as it would unwrapped: a plot's least size keeps the widest
// margin it has seen, and lines wrapped for another text or font could widen it past the room
// wrapping keeps to; the pass after the layout wraps it. Files (another width) show them whole.
void rewrapVerticalAxisLabels(QCustomPlot* plot, TextFits& texts, int width) {
    const bool onScreen = width == plot->width();
    for (QCPAxis* axis : verticalAxes(plot)) {
        const TextFit* fit = texts.find(axis);
        if (fit == nullptr || !fit->full) continue;
        const auto show = labelSetter(axis);
        if (!onScreen) {
            showWhole(fit, axis->label(), show);
            continue;
        }
        const bool sameFont = fit->font == axis->labelFont().toString();
        if (axis->label() == fit->wrapped) {
            if (!sameFont) show(*fit->full);
        } else if (axis->label() == *fit->full && sameFont) {
            show(fit->wrapped);
        }
    }
}

// The length a vertical axis label may take, centred on its axis, between the nearest text above
// and below that reaches over the margin it stands in (text on text: lesson 13's label ran into
// its plot's title), else the plot's edges: title lines, the legend below the plot, the label
// under the data, and other axis rects.
double verticalLabelRoom(QCustomPlot* plot, const QCPAxis* axis) {
    const QCPAxisRect* rect = axis->axisRect();
    const QRect outer = rect->outerRect();
    const bool left = axis->axisType() == QCPAxis::atLeft;
    const double from = left ? outer.left() : rect->right();
    const double to = left ? rect->left() : outer.right();
    const auto reaches = [from, to](double centre, double width) {
        return centre - width / 2.0 < to && centre + width / 2.0 > from;
    };
    const QRect plotRect = plot->viewport();
    double top = plotRect.top();
    double bottom = plotRect.bottom();
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        const auto* title = qobject_cast<const QCPTextElement*>(element);
        if (title == nullptr || !title->realVisibility() || title->text().isEmpty()) continue;
        const bool above = title->rect().bottom() <= rect->top();
        if (!above && title->rect().top() < rect->bottom()) continue;
        const QFontMetricsF metrics(title->font());
        const QStringList lines = title->text().split(QLatin1Char('\n'));
        const QPointF centre = QRectF(title->rect()).center();
        double y = centre.y() - static_cast<double>(lines.size()) * metrics.lineSpacing() / 2.0;
        for (const QString& line : lines) {
            if (reaches(centre.x(), metrics.horizontalAdvance(line))) {
                if (above) top = std::max(top, y + metrics.lineSpacing());
                if (!above) bottom = std::min(bottom, y);
            }
            y += metrics.lineSpacing();
        }
    }
    if (const QCPLegend* legend = plot->legend; legend != nullptr && legend->realVisibility()) {
        const QRect box = legend->outerRect();
        if (box.top() >= rect->bottom() && box.left() < to && box.right() > from)
            bottom = std::min(bottom, static_cast<double>(box.top()));
    }
    if (const QCPAxis* under = rect->axis(QCPAxis::atBottom);
        under != nullptr && under->visible() && !under->label().isEmpty() &&
        reaches(rect->left() + rect->width() / 2.0,
                widestLine(under->label(), under->labelFont()))) {
        bottom = std::min(bottom,
                          static_cast<double>(outer.bottom() -
                                              labelThickness(under->label(), under->labelFont())));
    }
    for (const QCPAxisRect* other : plot->axisRects()) {
        if (other == rect || !other->visible()) continue;
        const QRect box = other->outerRect();
        if (box.bottom() <= rect->top()) top = std::max(top, static_cast<double>(box.bottom()));
        if (box.top() >= rect->bottom()) bottom = std::min(bottom, static_cast<double>(box.top()));
    }
    const double centre = rect->top() + rect->height() / 2.0;
    return 2.0 * std::min(centre - top, bottom - centre) - 4.0;
}

// On screen, after a layout: a vertical axis label longer than its room (verticalLabelRoom;
// presenter fonts on a short plot: lesson 13's "accuracy after the separator" ran past its plot)
// wraps to it. Each added line widens the margin beside the data, and a plot's least size keeps
// the widest margin it has seen (ReadablePlot): the lines of all its labels together only take
// what the plot's smallest least width (kPlotMinimumSize) leaves beside kPlotMinimumDataArea,
// less two digits for tick labels that widen later, so wrapping never raises a least size and
// never widens the window (an earlier try grew a 1024x768 window to 1061x774). A label with no
// room for that many lines wraps to fewer, longer ones. The room is a height and wrapping
// changes widths only, so the next pass changes nothing.
bool wrapVerticalAxisLabels(QCustomPlot* plot, TextFits& texts) {
    const QList<QCPAxis*> axes = verticalAxes(plot);
    // The text beside the data as laid out, less the lines wrapping added to it.
    int beside = 0;
    for (QCPAxisRect* rect : plot->axisRects()) {
        if (rect->visible() && rect->width() > 0 && rect->height() > 0)
            beside = std::max(beside, plot->width() - rect->width());
    }
    if (beside == 0) return false;  // not laid out yet
    for (QCPAxis* axis : axes) {
        if (const TextFit* fit = texts.find(axis);
            fit != nullptr && fit->full && axis->label() == fit->wrapped) {
            beside -= fit->added;
        }
    }
    int room = kPlotMinimumSize.width() - kPlotMinimumDataArea.width() - beside;
    bool changed = false;
    for (QCPAxis* axis : axes) {
        const QCPAxisRect* rect = axis->axisRect();
        // A rect not laid out to a real height yet says nothing about the room.
        if (!axis->visible() || rect->height() < 50) continue;
        const TextFit* known = texts.find(axis);
        const QString full = known != nullptr && known->full && axis->label() == known->wrapped
                                 ? *known->full
                                 : axis->label();
        const QFont font = axis->labelFont();
        // Never wrapped and whole along its axis, which its room never is shorter than: nothing
        // to do (most labels, every replot).
        if (known == nullptr && (full.isEmpty() || widestLine(full, font) <= rect->height() - 4))
            continue;
        TextFit& fit = texts[axis];
        const double length = verticalLabelRoom(plot, axis);
        const int spare =
            room - QFontMetrics(axis->tickLabelFont()).horizontalAdvance(QStringLiteral("00"));
        if (fit.full == full && fit.wrapped == axis->label() && fit.length == length &&
            fit.room == spare && fit.font == font.toString()) {
            room -= fit.added;
            continue;
        }
        // The width `text` wraps to, as near its room as the added lines' width lets it.
        int added = 0;
        const auto wrapWidth = [&](const QString& text) {
            double at = length;
            added = 0;
            if (const double widest = widestLine(text, font); widest > length) {
                const int plain = labelThickness(text, font);
                for (;;) {
                    added = labelThickness(wrapText(text, font, at), font) - plain;
                    if (added <= spare || at > widest) break;
                    at = std::min(widest + 1.0, at * 1.25);
                }
            }
            return at;
        };
        QString text = full;
        double at = wrapWidth(full);
        // Still longer than its room (a colour scale beside a small plot has no width to spare
        // for lines): the shorter text, where the label has one.
        if (at > length && fit.shorter) {
            text = *fit.shorter;
            at = wrapWidth(text);
        }
        const QString wrapped = wrapText(text, font, at);
        if (wrapped != axis->label()) {
            axis->setLabel(wrapped);
            changed = true;
        }
        fit.full = full;
        fit.wrapped = wrapped;
        fit.width = at;
        fit.font = font.toString();
        fit.length = length;
        fit.room = spare;
        fit.added = added;
        room -= added;
    }
    return changed;
}

}  // namespace

double roomInsideAxisRect(const QCPItemText* label) {
    const QCPAxisRect* rect = label->position->axisRect();
    // Placed at a fraction of the rect's width or at a plot coordinate (a dashed line's).
    const double at =
        std::clamp((label->position->pixelPosition().x() - rect->left()) / rect->width(), 0.0, 1.0);
    const Qt::Alignment align = label->positionAlignment();
    const double share = align.testFlag(Qt::AlignLeft)    ? 1.0 - at
                         : align.testFlag(Qt::AlignRight) ? at
                                                          : 2.0 * std::min(at, 1.0 - at);
    const QMargins padding = label->padding();
    return share * rect->width() - padding.left() - padding.right() - 4.0;
}

namespace {

// Labels inside the data wrap where they would run past the edge of the rect their alignment
// runs towards (on screen; files show them whole).
void wrapLabelsInside(QCustomPlot* plot, TextFits& texts, int width) {
    const bool onScreen = width == plot->width();
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto* label = qobject_cast<QCPItemText*>(plot->item(i));
        if (label == nullptr || !wraps(texts, label)) continue;
        if (!onScreen) {
            showWhole(texts.find(label), label->text(),
                      [label](const QString& text) { label->setText(text); });
            continue;
        }
        const QCPAxisRect* rect = label->position->axisRect();
        if (rect == nullptr || !label->visible() || rect->width() < 50) continue;
        wrapShownText(texts[label], label->text(), label->font(),
                      std::max(roomInsideAxisRect(label), 50.0),
                      [label](const QString& text) { label->setText(text); });
    }
}

// The width QCustomPlot gives a legend entry's name.
int nameWidth(const QString& name, const QFont& font) {
    return QFontMetrics(font).boundingRect(0, 0, 0, 0, Qt::TextDontClip, name).width();
}

// A legend entry below its plot: its name as set (unwrapped), its font, and the width it takes
// besides its name (margins, icon).
struct LegendEntry {
    QCPAbstractLegendItem* item = nullptr;
    QCPAbstractPlottable* plottable = nullptr;  // null: an entry whose text never wraps
    QString name;
    QFont font;
    int around = 0;
};

// The width an entry takes with its name whole.
int wholeWidth(const LegendEntry& entry) {
    return entry.plottable == nullptr ? entry.item->minimumOuterSizeHint().width()
                                      : entry.around + nameWidth(entry.name, entry.font);
}

std::vector<LegendEntry> legendEntries(QCPLegend* legend, const TextFits& texts) {
    std::vector<LegendEntry> entries;
    for (int i = 0; i < legend->itemCount(); ++i) {
        QCPAbstractLegendItem* item = legend->item(i);
        if (item == nullptr) continue;  // wrapped grids have empty cells
        LegendEntry entry{item};
        if (auto* named = qobject_cast<QCPPlottableLegendItem*>(item)) {
            entry.plottable = named->plottable();
            const QString shown = entry.plottable->name();
            const TextFit* fit = texts.find(entry.plottable);
            entry.name = fit != nullptr && fit->full && shown == fit->wrapped ? *fit->full : shown;
            entry.font = item->font();
            entry.around = item->minimumOuterSizeHint().width() - nameWidth(shown, entry.font);
        }
        entries.push_back(entry);
    }
    return entries;
}

// The columns of a legend below its plot and, where its names wrap to fit more columns, the width
// each column takes (none: names wrap only where wider than the plot).
struct LegendFlow {
    int columns = 1;
    std::vector<double> columnWidths;
};

// As many legend columns as fit, up to the number asked for. On screen, more columns where
// wrapping names to fit them leaves fewer lines (lesson 13's six models stacked six rows under
// a plot too narrow for two whole columns in presenter mode, leaving its data a sliver).
LegendFlow reflowLegend(QCPLegend* legend, const TextFits& texts, int wanted, int width,
                        bool onScreen) {
    const std::vector<LegendEntry> entries =
        onScreen ? legendEntries(legend, texts) : std::vector<LegendEntry>();
    const int count = static_cast<int>(entries.size());
    // On screen, names as set: names wrapped for more columns would otherwise seem to fit whole.
    int widest = 1;
    for (const LegendEntry& e : entries) widest = std::max(widest, wholeWidth(e));
    for (int i = 0; !onScreen && i < legend->itemCount(); ++i) {
        if (const QCPAbstractLegendItem* item = legend->item(i)) {
            widest = std::max(widest, item->minimumOuterSizeHint().width());
        }
    }
    const int spacing = legend->columnSpacing();
    const int fit = std::max(1, (width - 12 + spacing) / (widest + spacing));
    LegendFlow flow{std::min(wanted, fit), {}};
    // Lines the entries take in `widths.size()` columns of those widths, row by row.
    const auto lines = [&entries, count](const std::vector<double>& widths) {
        const int columns = static_cast<int>(widths.size());
        int total = 0;
        for (int row = 0; row * columns < count; ++row) {
            int tallest = 1;
            for (int k = row * columns; k < std::min(count, (row + 1) * columns); ++k) {
                const LegendEntry& e = entries[static_cast<std::size_t>(k)];
                if (e.plottable == nullptr) continue;
                const double room = widths[static_cast<std::size_t>(k % columns)] - e.around;
                tallest = std::max(
                    tallest, static_cast<int>(wrapText(e.name, e.font, room).count(u'\n')) + 1);
            }
            total += tallest;
        }
        return total;
    };
    const auto even = [width, spacing](int columns) {
        return std::vector<double>(static_cast<std::size_t>(columns),
                                   (width - 12.0 - (columns - 1) * spacing) / columns);
    };
    int fewest = count > 0 ? lines(even(flow.columns)) : 0;
    for (int columns = flow.columns + 1; columns <= std::min(wanted, count); ++columns) {
        // Each column at least as wide as its longest word needs, at most as its widest name.
        std::vector<double> least(static_cast<std::size_t>(columns), 0.0);
        std::vector<double> whole(static_cast<std::size_t>(columns), 0.0);
        for (int k = 0; k < count; ++k) {
            const LegendEntry& e = entries[static_cast<std::size_t>(k)];
            const auto c = static_cast<std::size_t>(k % columns);
            const double full = wholeWidth(e);
            const double word = e.plottable == nullptr
                                    ? full
                                    : e.around + widestLine(wrapText(e.name, e.font, 1.0), e.font);
            least[c] = std::max(least[c], std::ceil(word));
            whole[c] = std::max(whole[c], full);
        }
        double spare = width - 12.0 - (columns - 1) * spacing;
        for (double w : least) spare -= w;
        if (spare < 0.0) continue;
        // The spare width goes to the columns whose names it unwraps, evenly.
        std::vector<double> widths = least;
        for (int round = 0; round < columns && spare >= 1.0; ++round) {
            const auto needy = std::count_if(widths.begin(), widths.end(), [&](const double& w) {
                return w < whole[static_cast<std::size_t>(&w - widths.data())];
            });
            if (needy == 0) break;
            const double share = spare / static_cast<double>(needy);
            for (std::size_t c = 0; c < widths.size(); ++c) {
                const double add = std::min(share, whole[c] - widths[c]);
                if (add <= 0.0) continue;
                widths[c] += add;
                spare -= add;
            }
        }
        // A name broken over lines reads worse: worth it only for two lines or more saved.
        if (const int taken = lines(widths); taken + 2 <= fewest) {
            fewest = taken;
            flow = {columns, widths};
        }
    }
    if (flow.columns != legend->wrap()) {
        // Its LegendBelow keeps the columns asked for: a wider plot later gets them back.
        legend->setWrap(flow.columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
    return flow;
}

// Entries of a legend below its plot wrap their names to their column where the flow gives
// columns widths, else where they are wider than the plot even in one column (a long name in
// presenter mode: lesson 12's "most positional: layer 2, head 0"); at another width (a file's)
// the names go whole.
void wrapLegendNames(QCustomPlot* plot, QCPLegend* legend, TextFits& texts, int width,
                     const LegendFlow& flow) {
    const bool onScreen = width == plot->width();
    int k = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        QCPAbstractLegendItem* entry = legend->item(i);
        if (entry == nullptr) continue;
        const std::size_t column = static_cast<std::size_t>(k++ % flow.columns);
        auto* item = qobject_cast<QCPPlottableLegendItem*>(entry);
        if (item == nullptr) continue;
        QCPAbstractPlottable* plottable = item->plottable();
        const auto show = [plottable](const QString& text) { plottable->setName(text); };
        if (!onScreen) {
            showWhole(texts.find(plottable), plottable->name(), show);
            continue;
        }
        const QMargins around = legend->margins() + item->margins();
        const int room = flow.columnWidths.empty()
                             ? width - 12 - around.left() - around.right() -
                                   legend->iconSize().width() - legend->iconTextPadding()
                             : static_cast<int>(flow.columnWidths[column]) -
                                   (entry->minimumOuterSizeHint().width() -
                                    nameWidth(plottable->name(), item->font()));
        wrapShownText(texts[plottable], plottable->name(), item->font(), std::max(room, 50), show);
    }
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
bool wrapTitles(QCustomPlot* plot, TextFits& texts, int width) {
    width = firstColumnWidth(plot->plotLayout(), width);
    bool changed = false;
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* title = qobject_cast<QCPTextElement*>(element);
            title != nullptr && wraps(texts, title)) {
            changed |= wrapTitle(texts, title, width);
        }
    }
    return changed;
}

}  // namespace

void fitTextToWidth(QCustomPlot* plot, int width) {
    TextFits& texts = TextFits::of(plot);
    wrapAxisLabels(plot, texts, width);
    rewrapVerticalAxisLabels(plot, texts, width);
    wrapLabelsInside(plot, texts, width);
    wrapTitles(plot, texts, width);
    QCPLegend* legend = plot->legend;
    if (legend == nullptr || !legend->visible()) return;
    QCPAxisRect* rect = plot->axisRect();
    // An inset legend wider than its axis rect (big presenter fonts, a narrow plot) moves below.
    const LegendBelow* below = PlotPartState<LegendBelow>::of(plot).find(legend);
    if (below == nullptr && rect != nullptr && rect->width() > 50 &&
        rect->insetLayout()->elements(false).contains(legend) &&
        legend->minimumOuterSizeHint().width() > rect->width() - 8) {
        placeLegendBelow(plot, std::max(1, legend->itemCount()));
    }
    below = PlotPartState<LegendBelow>::of(plot).find(legend);
    if (below == nullptr) return;
    const LegendFlow flow =
        reflowLegend(legend, texts, below->columns, width, width == plot->width());
    wrapLegendNames(plot, legend, texts, width, flow);
}

bool fitTextToLayout(QCustomPlot* plot) {
    const int width = plot->viewport().width();
    TextFits& texts = TextFits::of(plot);
    wrapLabelsInside(plot, texts, width);
    if (width != plot->width()) return false;
    const bool axisLabels = wrapAxisLabels(plot, texts, width);
    const bool verticalLabels = wrapVerticalAxisLabels(plot, texts);
    return wrapTitles(plot, texts, width) || axisLabels || verticalLabels;
}

namespace {

// How much of an axis one tick label takes: across a horizontal axis the widest label, along a
// vertical one the height of its digits (line spacing would leave room no reader needs).
int tickLabelExtent(const QCPAxis* axis, const QVector<QString>& labels) {
    const QFontMetrics metrics(axis->tickLabelFont());
    if (axis->orientation() == Qt::Vertical) return metrics.capHeight();
    int widest = 0;
    for (const QString& text : labels) widest = std::max(widest, metrics.horizontalAdvance(text));
    return widest;
}

// The least pixel distance between neighbouring ticks.
double tickSpacing(const QCPAxis* axis, const QVector<double>& ticks) {
    double spacing = std::numeric_limits<double>::infinity();
    for (qsizetype i = 1; i < ticks.size(); ++i) {
        spacing = std::min(
            spacing, std::abs(axis->coordToPixel(ticks[i]) - axis->coordToPixel(ticks[i - 1])));
    }
    return spacing;
}

// Every step-th label of a stepped ticker, the least step that keeps them apart; set from the
// whole table at once, since its ticks never move.
bool fitStep(const QCPAxis* axis, SteppedTextTicker* ticker) {
    QVector<double> ticks;
    QVector<QString> labels;
    const QCPRange range = axis->range();
    for (auto it = ticker->ticks().constBegin(); it != ticker->ticks().constEnd(); ++it) {
        if (!range.contains(it.key())) continue;
        ticks.append(it.key());
        labels.append(it.value());
    }
    const double spacing = tickSpacing(axis, ticks);
    int step = 1;
    if (ticks.size() >= 2 && spacing > 0.0) {
        // Up a vertical axis the extent is the digits' height alone: rows of labels need the
        // comfortable gap to read as rows.
        const bool horizontal = axis->orientation() == Qt::Horizontal;
        const double needed =
            tickLabelExtent(axis, labels) + (horizontal ? kTickLabelLeastGap : kTickLabelGapUp);
        step = std::max(1, static_cast<int>(std::ceil(needed / spacing)));
    }
    if (ticker->step() == std::max(step, ticker->leastStep())) return false;
    ticker->setStep(step);
    return true;
}

}  // namespace

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
    auto& tickFits = PlotPartState<TickFit>::of(plot);
    bool changed = false;
    for (QCPAxis* axis : axes) {
        const QCPAxisRect* rect = axis->axisRect();
        if (rect->width() <= 0 || rect->height() <= 0 || !axis->visible() || !axis->tickLabels() ||
            axis->tickLabelRotation() != 0.0) {
            continue;
        }
        QCPAxisTicker* ticker = axis->ticker().data();
        if (auto* stepped = dynamic_cast<SteppedTextTicker*>(ticker)) {
            changed = fitStep(axis, stepped) || changed;
            continue;
        }
        // Other text tickers, and fixed-step ones that may not take a multiple of their step,
        // place their ticks whatever count they are asked for.
        const auto* fixed = dynamic_cast<QCPAxisTickerFixed*>(ticker);
        if (ticker == nullptr || dynamic_cast<QCPAxisTickerText*>(ticker) != nullptr ||
            (fixed != nullptr && fixed->scaleStrategy() == QCPAxisTickerFixed::ssNone)) {
            continue;
        }
        const QVector<double> ticks = axis->tickVector();
        const QVector<QString> labels = axis->tickVectorLabels();
        if (ticks.size() < 2 || labels.size() != ticks.size()) continue;
        // A new ticker (a lesson may set one) brings the count it asks for.
        TickFit& fitted = tickFits[axis];
        if (fitted.ticker != ticker) fitted = {ticker, ticker->tickCount(), 0};
        const int asked = fitted.asked;
        const bool horizontal = axis->orientation() == Qt::Horizontal;
        const int label = tickLabelExtent(axis, labels);
        const int gap = horizontal ? kTickLabelGapAcross : kTickLabelGapUp;
        const double spacing = tickSpacing(axis, ticks);
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

void setShorterAxisLabel(QCPAxis* axis, const QString& text) {
    TextFit& fit = TextFits::of(axis->parentPlot())[axis];
    fit.shorter = text;
    fit.length = 0.0;  // fitted again at the next layout
}

void wrapInsideAxisRect(QCPItemText* label) {
    label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    wrapInsideData(label);
}

void wrapInsideData(QCPItemText* label) {
    TextFits::of(label->parentPlot())[label].wraps = true;
}

QCPTextElement* addPlotTitle(QCustomPlot* plot, const QString& text) {
    plot->plotLayout()->insertRow(0);
    auto* title = new PlotText(plot, text);
    TextFits::of(plot)[title].wraps = true;
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
    styleAsSubtitle(subtitle);
    TextFits::of(plot)[subtitle].wraps = true;
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
    PlotPartState<LegendBelow>::of(plot)[legend] = {columns};
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    legend->setMargins(QMargins(6, 2, 6, 2));
    layout->setRowStretchFactor(row, 0.001);
    legend->setVisible(true);
}

namespace {

// Sets the plot's ranges to show its aspect box centred, one data unit equally long on both axes
// of its laid-out rect; false when they already were, or the rect is not laid out yet.
bool fitEqualAspect(QCustomPlot* plot) {
    const AspectBox* aspect = PlotPartState<AspectBox>::of(plot).find(plot);
    const QRectF want = aspect != nullptr ? aspect->box : QRectF();
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
    auto& aspects = PlotPartState<AspectBox>::of(plot);
    const bool connected = aspects.find(plot) != nullptr;
    aspects[plot] = {box};
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
