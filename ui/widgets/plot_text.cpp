// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plot_text.h"

#include <QFontMetrics>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

namespace ropelab::ui {

bool paintsScreen(const QCPPainter* painter) {
    return !painter->modes().testFlag(QCPPainter::pmVectorized) &&
           !painter->modes().testFlag(QCPPainter::pmNoCaching);
}

namespace {

// Spare pixels around a label's layout box, for glyphs that reach past it.
constexpr int kInkMargin = 3;

// A transparent pixmap of `logical` size at `ratio` device pixels per pixel, painted by `paint`
// as a plot's painter would: an antialiasing QCPPainter draws half a pixel down and right.
QPixmap rasterise(QSize logical, double ratio, bool antialiased,
                  const std::function<void(QCPPainter&)>& paint) {
    QPixmap pixmap(logical * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QCPPainter raster(&pixmap);
    raster.setAntialiasing(antialiased);
    paint(raster);
    return pixmap;
}

// Puts a pixmap made by rasterise() on whole pixels: it holds the half-pixel shift already.
void blit(QCPPainter* painter, QPoint at, const QPixmap& pixmap) {
    const QTransform kept = painter->transform();
    if (painter->antialiasing()) painter->translate(-0.5, -0.5);
    painter->drawPixmap(at, pixmap);
    painter->setTransform(kept);
}

// An axis painter that draws the label from a pixmap. It lets QCustomPlot draw everything else
// (with the label blanked), then puts the pixmap where QCustomPlot's own code would have drawn
// the text: beyond the ticks and the tick labels drawn, centred on the axis rect.
class LabelPixmapPainter : public QCPAxisPainterPrivate {
public:
    LabelPixmapPainter(QCustomPlot* plot, const QCPAxisPainterPrivate& from)
        : QCPAxisPainterPrivate(plot) {
        type = from.type;
        basePen = from.basePen;
        lowerEnding = from.lowerEnding;
        upperEnding = from.upperEnding;
        labelPadding = from.labelPadding;
        labelFont = from.labelFont;
        labelColor = from.labelColor;
        label = from.label;
        tickLabelPadding = from.tickLabelPadding;
        tickLabelRotation = from.tickLabelRotation;
        tickLabelSide = from.tickLabelSide;
        substituteExponent = from.substituteExponent;
        numberMultiplyCross = from.numberMultiplyCross;
        tickLengthIn = from.tickLengthIn;
        tickLengthOut = from.tickLengthOut;
        subTickLengthIn = from.subTickLengthIn;
        subTickLengthOut = from.subTickLengthOut;
        tickPen = from.tickPen;
        subTickPen = from.subTickPen;
        tickLabelFont = from.tickLabelFont;
        tickLabelColor = from.tickLabelColor;
        axisRect = from.axisRect;
        viewportRect = from.viewportRect;
        offset = from.offset;
        abbreviateDecimalPowers = from.abbreviateDecimalPowers;
        reversedEndings = from.reversedEndings;
        subTickPositions = from.subTickPositions;
        tickPositions = from.tickPositions;
        tickLabels = from.tickLabels;
    }

    void draw(QCPPainter* painter) override {
        if (label.isEmpty() || !paintsScreen(painter)) return QCPAxisPainterPrivate::draw(painter);
        const QString shown = std::exchange(label, QString());
        drawnTickLabels_ = QSize(0, 0);
        QCPAxisPainterPrivate::draw(painter);
        label = shown;
        drawLabel(painter);
    }

    int size() override {
        if (label.isEmpty()) return QCPAxisPainterPrivate::size();
        const QString shown = std::exchange(label, QString());
        const int rest = QCPAxisPainterPrivate::size();
        label = shown;
        return rest + labelBounds().height() + labelPadding;
    }

    int rasterisations() const { return label_.rasterisations(); }

protected:
    void placeTickLabel(QCPPainter* painter, double position, int distanceToAxis,
                        const QString& text, QSize* tickLabelsSize) override {
        QCPAxisPainterPrivate::placeTickLabel(painter, position, distanceToAxis, text,
                                              tickLabelsSize);
        drawnTickLabels_ = *tickLabelsSize;
    }

private:
    // The label's layout box, as QCustomPlot measures it for its margin and its drawing.
    QRect labelBounds() {
        if (label != measuredLabel_ || labelFont != measuredFont_) {
            measuredLabel_ = label;
            measuredFont_ = labelFont;
            measuredBounds_ =
                QFontMetrics(labelFont).boundingRect(0, 0, 0, 0, Qt::TextDontClip, label);
        }
        return measuredBounds_;
    }

    void drawLabel(QCPPainter* painter) {
        const bool horizontal = QCPAxis::orientation(type) == Qt::Horizontal;
        int margin = std::max({0, tickLengthOut, subTickLengthOut});
        if (!tickLabels.isEmpty() && tickLabelSide == QCPAxis::lsOutside) {
            margin += tickLabelPadding +
                      (horizontal ? drawnTickLabels_.height() : drawnTickLabels_.width());
        }
        margin += labelPadding;
        const QRect bounds = labelBounds();
        // QCustomPlot's placement: a box as long as the axis, beyond the tick labels, turned
        // for vertical axes. `place` maps the box, from (0, 0), onto the plot.
        QTransform place;
        int length = axisRect.width();
        switch (type) {
            case QCPAxis::atLeft: {
                const QPoint origin = axisRect.bottomLeft() - QPoint(offset, 0);
                place.translate(origin.x() - margin - bounds.height(), origin.y());
                place.rotate(-90);
                length = axisRect.height();
                break;
            }
            case QCPAxis::atRight: {
                const QPoint origin = axisRect.bottomRight() + QPoint(offset, 0);
                place.translate(origin.x() + margin + bounds.height(),
                                origin.y() - axisRect.height());
                place.rotate(90);
                length = axisRect.height();
                break;
            }
            case QCPAxis::atTop: {
                const QPoint origin = axisRect.topLeft() - QPoint(0, offset);
                place.translate(origin.x(), origin.y() - margin - bounds.height());
                break;
            }
            case QCPAxis::atBottom: {
                const QPoint origin = axisRect.bottomLeft() + QPoint(0, offset);
                place.translate(origin.x(), origin.y() + margin);
                break;
            }
        }
        const QRect box(0, 0, length, bounds.height());
        // The text's ink, centred in the box on whole pixels (text wider than the box runs past
        // both ends): the pixmap depends on the box's length only through its parity.
        const int slack = length - bounds.width();
        const int start = static_cast<int>(std::floor(slack / 2.0)) - kInkMargin;
        const QRect inkInBox(start, -kInkMargin, bounds.width() + 2 * kInkMargin + 1,
                             bounds.height() + 2 * kInkMargin);
        const QRect ink = place.mapRect(QRectF(inkInBox)).toAlignedRect();
        const double ratio = mParentPlot->bufferDevicePixelRatio();
        const Look look{
            label, labelFont, labelColor, type, slack % 2 != 0, ratio, painter->antialiasing()};
        const QPixmap& pixmap = label_.of(look, [&] {
            return rasterise(ink.size(), ratio, look.antialiased, [&](QCPPainter& raster) {
                raster.setFont(labelFont);
                raster.setPen(QPen(labelColor));
                // The same placement, moved by whole pixels to the ink's corner.
                QTransform moved = place;
                moved *= QTransform::fromTranslate(-ink.left(), -ink.top());
                raster.setTransform(moved, true);
                raster.drawText(box, Qt::TextDontClip | Qt::AlignCenter, label);
            });
        });
        blit(painter, ink.topLeft(), pixmap);
    }

    struct Look {
        QString text;
        QFont font;
        QColor colour;
        QCPAxis::AxisType type = QCPAxis::atBottom;
        bool oddSlack = false;
        double ratio = 0.0;
        bool antialiased = false;
        bool operator==(const Look&) const = default;
    };

    QSize drawnTickLabels_;
    QString measuredLabel_;
    QFont measuredFont_;
    QRect measuredBounds_;
    KeptPixmap<Look> label_;
};

// The painter QCPAxis keeps to itself, reached through a member pointer formed in a subclass.
struct AxisPainterAccess : QCPAxis {
    static QCPAxisPainterPrivate*& of(QCPAxis* axis) {
        return axis->*(&AxisPainterAccess::mAxisPainter);
    }
};

void cacheLabelOf(QCPAxis* axis) {
    QCPAxisPainterPrivate*& painter = AxisPainterAccess::of(axis);
    if (painter == nullptr || dynamic_cast<LabelPixmapPainter*>(painter) != nullptr) return;
    QCPAxisPainterPrivate* old = painter;
    painter = new LabelPixmapPainter(axis->parentPlot(), *old);
    delete old;
}

// A plottable's legend icon, protected but for QCustomPlot's own legend entry: reached through a
// member pointer formed in a subclass.
struct PlottableAccess : QCPAbstractPlottable {
    static void drawIcon(const QCPAbstractPlottable* plottable, QCPPainter* painter,
                         const QRectF& rect) {
        (plottable->*(&PlottableAccess::drawLegendIcon))(painter, rect);
    }
};

// A legend entry whose text is measured once per text and font and, on screen, drawn from a
// pixmap; its icon is drawn as QCustomPlot draws it (it shows the plottable's current look).
class LegendText : public QCPPlottableLegendItem {
public:
    LegendText(QCPLegend* legend, QCPAbstractPlottable* plottable)
        : QCPPlottableLegendItem(legend, plottable) {}

    QSize minimumOuterSizeHint() const override {
        if (mPlottable == nullptr) return {};
        const QSize icon = mParentLegend->iconSize();
        const QSize text = textSize();
        return {icon.width() + mParentLegend->iconTextPadding() + text.width() + mMargins.left() +
                    mMargins.right(),
                std::max(text.height(), icon.height()) + mMargins.top() + mMargins.bottom()};
    }

    int rasterisations() const { return text_.rasterisations(); }

protected:
    void draw(QCPPainter* painter) override {
        if (mPlottable == nullptr || !paintsScreen(painter) ||
            getIconBorderPen().style() != Qt::NoPen) {
            return QCPPlottableLegendItem::draw(painter);
        }
        const QSize icon = mParentLegend->iconSize();
        const QSize text = textSize();
        // QCustomPlot's own placement: the text's top beside the icon, in a box at least as tall.
        const QSize box(text.width(), std::max(text.height(), icon.height()));
        const TextLook look{
            mPlottable->name(),     getFont(), getTextColor(),
            Qt::TextDontClip,       box,       mParentPlot->bufferDevicePixelRatio(),
            painter->antialiasing()};
        const QPixmap& pixmap = text_.of(look, [&] {
            return rasterise(box + QSize(2 * kInkMargin, 2 * kInkMargin), look.ratio,
                             look.antialiased, [&](QCPPainter& raster) {
                                 raster.setFont(look.font);
                                 raster.setPen(QPen(look.colour));
                                 raster.drawText(kInkMargin, kInkMargin, box.width(), box.height(),
                                                 look.flags, look.text);
                             });
        });
        const QPoint at(mRect.x() + icon.width() + mParentLegend->iconTextPadding(), mRect.y());
        blit(painter, at - QPoint(kInkMargin, kInkMargin), pixmap);
        painter->setFont(look.font);
        painter->setPen(QPen(look.colour));
        const QRect iconRect(mRect.topLeft(), icon);
        painter->save();
        painter->setClipRect(iconRect, Qt::IntersectClip);
        PlottableAccess::drawIcon(mPlottable, painter, iconRect);
        painter->restore();
    }

private:
    // The size QCustomPlot measures the text at, on every layout and every draw.
    QSize textSize() const {
        const QRect box(0, 0, 0, mParentLegend->iconSize().height());
        return textBounds_.of(mPlottable->name(), getFont(), box, Qt::TextDontClip).size();
    }

    KeptTextBounds textBounds_;
    KeptPixmap<TextLook> text_;
};

}  // namespace

void cacheLegendText(QCustomPlot* plot) {
    QCPLegend* legend = plot->legend;
    if (legend == nullptr) return;
    for (int row = 0; row < legend->rowCount(); ++row) {
        for (int column = 0; column < legend->columnCount(); ++column) {
            // A wrapped legend's last row may have empty cells; element() complains of them.
            if (!legend->hasElement(row, column)) continue;
            auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->element(row, column));
            if (item == nullptr || dynamic_cast<LegendText*>(item) != nullptr) continue;
            auto* text = new LegendText(legend, item->plottable());
            text->setFont(item->font());
            text->setTextColor(item->textColor());
            text->setSelectedFont(item->selectedFont());
            text->setSelectedTextColor(item->selectedTextColor());
            text->setSelectable(item->selectable());
            text->setSelected(item->selected());
            text->setMargins(item->margins());
            text->setLayer(item->layer());
            text->setVisible(item->visible());
            legend->take(item);
            delete item;
            legend->addElement(row, column, text);
        }
    }
}

int legendTextRasterisations(const QCPAbstractLegendItem* item) {
    const auto* text = dynamic_cast<const LegendText*>(item);
    return text != nullptr ? text->rasterisations() : -1;
}

void cacheAxisLabels(QCustomPlot* plot) {
    for (QCPAxisRect* rect : plot->axisRects()) {
        for (QCPAxis* axis : rect->axes()) cacheLabelOf(axis);
    }
    // A colour scale's axis lives in an axis rect of its own, not among the plot's.
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* scale = qobject_cast<QCPColorScale*>(element)) cacheLabelOf(scale->axis());
    }
}

int axisLabelRasterisations(QCPAxis* axis) {
    const auto* painter = dynamic_cast<LabelPixmapPainter*>(AxisPainterAccess::of(axis));
    return painter != nullptr ? painter->rasterisations() : -1;
}

QRect KeptTextBounds::of(const QString& text, const QFont& font, const QRect& box,
                         int flags) const {
    Key now{text, font, box, flags};
    if (key_ != now) {
        bounds_ = QFontMetrics(font).boundingRect(box, flags, text);
        key_ = std::move(now);
    }
    return bounds_;
}

PlotText::PlotText(QCustomPlot* plot, const QString& text) : QCPTextElement(plot, text) {}

void PlotText::measure() const {
    const Measure now{mText, mFont, mMargins};
    if (measured_ == now) return;
    minimumHint_ = QCPTextElement::minimumOuterSizeHint();
    maximumHint_ = QCPTextElement::maximumOuterSizeHint();
    measured_ = now;
}

QSize PlotText::minimumOuterSizeHint() const {
    measure();
    return minimumHint_;
}

QSize PlotText::maximumOuterSizeHint() const {
    measure();
    return maximumHint_;
}

void PlotText::draw(QCPPainter* painter) {
    if (!paintsScreen(painter) || mRect.isEmpty()) return QCPTextElement::draw(painter);
    const double ratio = mParentPlot->bufferDevicePixelRatio();
    const TextLook look{mText,        mainFont(), mainTextColor(),        mTextFlags,
                        mRect.size(), ratio,      painter->antialiasing()};
    const QPixmap& pixmap = text_.of(look, [&] {
        // The same call in a pixmap with room around the rectangle: QCustomPlot clips text
        // that does not fit to the rectangle, but lets descenders of text that does reach past.
        const QSize room = mRect.size() + QSize(2 * kInkMargin, 2 * kInkMargin);
        return rasterise(room, ratio, look.antialiased, [&](QCPPainter& raster) {
            raster.setFont(look.font);
            raster.setPen(QPen(look.colour));
            raster.drawText(QRect(QPoint(kInkMargin, kInkMargin), mRect.size()), mTextFlags, mText,
                            &textBounds_);
        });
    });
    blit(painter, mRect.topLeft() - QPoint(kInkMargin, kInkMargin), pixmap);
    mTextBoundingRect = textBounds_.translated(mRect.topLeft() - QPoint(kInkMargin, kInkMargin));
}

PlotLabel::PlotLabel(QCustomPlot* plot) : QCPItemText(plot) {}

QRect PlotLabel::textRect(const QString& text) const {
    return textRect_.of(text, mainFont(), QRect(),
                        Qt::TextDontClip | static_cast<int>(mTextAlignment));
}

QSize PlotLabel::boxSize(const QString& text) const {
    return textRect(text).size().grownBy(mPadding);
}

void PlotLabel::placeInside(QPointF anchor) {
    // New sizes and ranges (a resize, an export, equal aspect) come with each layout.
    if (!anchor_) connect(mParentPlot, &QCustomPlot::afterLayout, this, &PlotLabel::moveInside);
    anchor_ = anchor;
    setPositionAlignment(Qt::AlignCenter);
    moveInside();
}

void PlotLabel::moveInside() {
    const QCPAxis* x = position->keyAxis();
    const QCPAxis* y = position->valueAxis();
    const QCPAxisRect* rect = x->axisRect();
    if (rect->width() < 20 || rect->height() < 20) {  // not laid out yet
        position->setCoords(*anchor_);
        return;
    }
    const QSize box = boxSize(mText);
    const double halfWidth = box.width() / 2.0 * x->range().size() / rect->width();
    const double halfHeight = box.height() / 2.0 * y->range().size() / rect->height();
    const auto inside = [](double at, const QCPRange& range, double half) {
        return range.lower + half <= range.upper - half
                   ? std::clamp(at, range.lower + half, range.upper - half)
                   : range.center();
    };
    position->setCoords(inside(anchor_->x(), x->range(), halfWidth),
                        inside(anchor_->y(), y->range(), halfHeight));
}

void PlotLabel::draw(QCPPainter* painter) {
    if (!paintsScreen(painter) || !qFuzzyIsNull(mRotation) ||
        painter->transform().type() > QTransform::TxTranslate) {
        return QCPItemText::draw(painter);
    }
    // QCustomPlot's placement: the text box (text plus padding) aligned on the position.
    // On the whole pixel nearest its position: glyphs then land as in the kept pixmap.
    const QPointF exact = position->pixelPosition();
    const QPointF pos(std::floor(exact.x() + 0.5), std::floor(exact.y() + 0.5));
    QRect text = textRect(mText);
    QRect box =
        text.adjusted(-mPadding.left(), -mPadding.top(), mPadding.right(), mPadding.bottom());
    const QPoint corner = getTextDrawPoint(QPointF(0, 0), box, mPositionAlignment).toPoint();
    text.moveTopLeft(corner + QPoint(mPadding.left(), mPadding.top()));
    box.moveTopLeft(corner);
    const int clipPad = static_cast<int>(std::ceil(mainPen().widthF()));
    const QRectF bounds =
        QRectF(box.adjusted(-clipPad, -clipPad, clipPad, clipPad)).translated(pos);
    if (!painter->transform().mapRect(bounds).intersects(
            painter->transform().mapRect(QRectF(clipRect())))) {
        return;
    }
    if ((mainBrush().style() != Qt::NoBrush && mainBrush().color().alpha() != 0) ||
        (mainPen().style() != Qt::NoPen && mainPen().color().alpha() != 0)) {
        painter->save();
        painter->translate(pos);
        painter->setPen(mainPen());
        painter->setBrush(mainBrush());
        painter->drawRect(box);
        painter->restore();
    }
    const int flags = Qt::TextDontClip | static_cast<int>(mTextAlignment);
    const TextLook look{mText,
                        mainFont(),
                        mainColor(),
                        flags,
                        text.size(),
                        mParentPlot->bufferDevicePixelRatio(),
                        painter->antialiasing()};
    const QPixmap& pixmap = text_.of(look, [&] {
        return rasterise(text.size() + QSize(2 * kInkMargin, 2 * kInkMargin), look.ratio,
                         look.antialiased, [&](QCPPainter& raster) {
                             raster.setFont(look.font);
                             raster.setPen(QPen(look.colour));
                             raster.drawText(QRect(QPoint(kInkMargin, kInkMargin), text.size()),
                                             flags, look.text);
                         });
    });
    blit(painter, pos.toPoint() + text.topLeft() - QPoint(kInkMargin, kInkMargin), pixmap);
}

}  // namespace ropelab::ui
