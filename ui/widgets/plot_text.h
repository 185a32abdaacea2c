// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Plot text drawn on screen from pixmaps kept between replots. QCustomPlot lays out and rasterises
// axis labels, titles and legend entries on every replot (a vertical label as a rotated path),
// though a slider move rarely changes them. Files (vector or PNG export) get the text as
// QCustomPlot draws it.

#include <QColor>
#include <QFont>
#include <QMargins>
#include <QPixmap>
#include <QPoint>
#include <QPolygonF>
#include <QRect>
#include <QSize>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

#include <qcustomplot.h>

namespace ropelab::ui {

// A painter that draws for the screen: neither vectors nor an export (toPixmap turns caching off).
bool paintsScreen(const QCPPainter* painter);

// Spare pixels around a text's layout box, for glyphs that reach past it.
inline constexpr int kTextInkMargin = 3;

// A transparent pixmap of `logical` size at `ratio` device pixels per pixel, painted by `paint`
// as a plot's painter would: an antialiasing QCPPainter draws half a pixel down and right.
QPixmap rasteriseText(QSize logical, double ratio, bool antialiased,
                      const std::function<void(QCPPainter&)>& paint);

// Puts a pixmap made by rasteriseText() on whole pixels: it holds the half-pixel shift already.
void blitText(QCPPainter* painter, QPoint at, const QPixmap& pixmap);

// Gives each axis of `plot` (those of extra axis rects and colour scales too) a painter that
// keeps its label as a pixmap until the text, font, colour or length of the axis changes. The
// label lands where QCustomPlot would draw it. Safe to call again: an axis gets one such painter.
void cacheAxisLabels(QCustomPlot* plot);

// How many times the label of `axis` was rasterised for the screen; -1 when it draws its label
// as QCustomPlot does. For tests.
int axisLabelRasterisations(QCPAxis* axis);

// Gives each entry of the plot's legend that names a plottable a text measured once per text and
// font and drawn on screen from a pixmap, in the same place. Entries added later are swapped at
// the next call (makePlot calls it before every replot).
void cacheLegendText(QCustomPlot* plot);

// How many times the text of a legend entry was rasterised for the screen; -1 when it draws its
// text as QCustomPlot does. For tests.
int legendTextRasterisations(const QCPAbstractLegendItem* item);

// A pixmap of text kept for the screen until what it shows (its Look: text, font, colour, size,
// pixel ratio, antialiasing) changes.
template <class Look>
class KeptPixmap {
public:
    // The pixmap for `look`; `paint()` makes it only when `look` differs from the last one.
    template <class Paint>
    const QPixmap& of(const Look& look, Paint&& paint) {
        if (look_ != look) {
            pixmap_ = paint();
            look_ = look;
            ++rasterisations_;
        }
        return pixmap_;
    }

    // How many times it was painted, for tests.
    int rasterisations() const { return rasterisations_; }

private:
    std::optional<Look> look_;
    QPixmap pixmap_;
    int rasterisations_ = 0;
};

// What a pixmap of laid-out text shows: the text, its font, colour and QPainter::drawText flags,
// the box it is laid out in, the pixel ratio and antialiasing.
struct TextLook {
    QString text;
    QFont font;
    QColor colour;
    int flags = 0;
    QSize size;
    double ratio = 0.0;
    bool antialiased = false;
    bool operator==(const TextLook&) const = default;
};

// QFontMetrics::boundingRect of a text in a box, laid out again only when the text, font, box
// or flags change (QCustomPlot measures legend entries and labels on every layout and draw).
class KeptTextBounds {
public:
    QRect of(const QString& text, const QFont& font, const QRect& box, int flags) const;

private:
    struct Key {
        QString text;
        QFont font;
        QRect box;
        int flags = 0;
        bool operator==(const Key&) const = default;
    };
    mutable std::optional<Key> key_;
    mutable QRect bounds_;
};

// A QCPTextElement (a title, a caption) that measures its text once per text, font and margins
// and, on screen, draws it from a pixmap kept until the text, its look or its size changes.
class PlotText : public QCPTextElement {
    Q_OBJECT
public:
    PlotText(QCustomPlot* plot, const QString& text);

    QSize minimumOuterSizeHint() const override;
    QSize maximumOuterSizeHint() const override;

    // How many times the text was rasterised for the screen, for tests.
    int rasterisations() const { return text_.rasterisations(); }

protected:
    void draw(QCPPainter* painter) override;

private:
    // What QCustomPlot's size hints read.
    struct Measure {
        QString text;
        QFont font;
        QMargins margins;
        bool operator==(const Measure&) const = default;
    };
    void measure() const;

    mutable std::optional<Measure> measured_;  // empty until first measured
    mutable QSize minimumHint_;
    mutable QSize maximumHint_;
    KeptPixmap<TextLook> text_;
    QRect textBounds_;  // the text's bounding rect within the pixmap
};

// A QCPItemText (a label placed at plot coordinates) that measures its text once per text, font
// and alignment and, on screen and unrotated, draws it from a pixmap kept until its look changes:
// a moved label is only blitted again, on the whole pixel where QCustomPlot's text would start.
class PlotLabel : public QCPItemText {
    Q_OBJECT
public:
    explicit PlotLabel(QCustomPlot* plot);

    // How many times the text was rasterised for the screen, for tests.
    int rasterisations() const { return text_.rasterisations(); }

    // Centres the label on `anchor` (plot coordinates), or as near as its axis rect holds it whole
    // (large presenter fonts on a small plot), again after every layout; text set later counts
    // from the next layout.
    void placeInside(QPointF anchor);

    // The box (text and padding) the label takes, in pixels, showing `text` in its font.
    QSize boxSize(const QString& text) const;

    // Shows the first of `texts` (the longest first) whose box, where the label stands, lies
    // inside `room` (a convex polygon in plot coordinates: a hatched region), again after every
    // layout (presenter fonts on a small plot); hidden where none does, as a cut text would say
    // something else. Before the first layout it shows the first.
    void fitInside(const QStringList& texts, const QPolygonF& room);

protected:
    void draw(QCPPainter* painter) override;

private:
    // The rectangle QCustomPlot lays `text` out in, around (0, 0).
    QRect textRect(const QString& text) const;
    void moveInside();
    void fitText();

    KeptTextBounds textRect_;
    KeptPixmap<TextLook> text_;
    std::optional<QPointF> anchor_;
    QStringList texts_;  // fitInside's, the longest first
    QPolygonF room_;
};

}  // namespace ropelab::ui
