// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/plot_text.h"

#include <QFontMetrics>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

#include "widgets/library_internals.h"

namespace ropelab::ui {

bool paintsScreen(const QCPPainter* painter) {
    return !painter->modes().testFlag(QCPPainter::pmVectorized) &&
           !painter->modes().testFlag(QCPPainter::pmNoCaching);
}

QPixmap rasteriseText(QSize logical, double ratio, bool antialiased,
                      const std::function<void(QCPPainter&)>& paint) {
    QPixmap pixmap(logical * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QCPPainter raster(&pixmap);
    raster.setAntialiasing(antialiased);
    paint(raster);
    return pixmap;
}

void blitText(QCPPainter* painter, QPoint at, const QPixmap& pixmap) {
    const QTransform kept = painter->transform();
    if (painter->antialiasing()) painter->translate(-0.5, -0.5);
    painter->drawPixmap(at, pixmap);
    painter->setTransform(kept);
}

namespace {

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
            return rasteriseText(box + QSize(2 * kTextInkMargin, 2 * kTextInkMargin), look.ratio,
                                 look.antialiased, [&](QCPPainter& raster) {
                                     raster.setFont(look.font);
                                     raster.setPen(QPen(look.colour));
                                     raster.drawText(kTextInkMargin, kTextInkMargin, box.width(),
                                                     box.height(), look.flags, look.text);
                                 });
        });
        const QPoint at(mRect.x() + icon.width() + mParentLegend->iconTextPadding(), mRect.y());
        blitText(painter, at - QPoint(kTextInkMargin, kTextInkMargin), pixmap);
        painter->setFont(look.font);
        painter->setPen(QPen(look.colour));
        const QRect iconRect(mRect.topLeft(), icon);
        painter->save();
        painter->setClipRect(iconRect, Qt::IntersectClip);
        drawPlottableIcon(*mPlottable, painter, iconRect);
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
    return labelRasterisationsOf(axis);
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
        const QSize room = mRect.size() + QSize(2 * kTextInkMargin, 2 * kTextInkMargin);
        return rasteriseText(room, ratio, look.antialiased, [&](QCPPainter& raster) {
            raster.setFont(look.font);
            raster.setPen(QPen(look.colour));
            raster.drawText(QRect(QPoint(kTextInkMargin, kTextInkMargin), mRect.size()), mTextFlags,
                            mText, &textBounds_);
        });
    });
    blitText(painter, mRect.topLeft() - QPoint(kTextInkMargin, kTextInkMargin), pixmap);
    mTextBoundingRect =
        textBounds_.translated(mRect.topLeft() - QPoint(kTextInkMargin, kTextInkMargin));
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

void PlotLabel::fitInside(const QStringList& texts, const QPolygonF& room) {
    // Each layout: the room's size in pixels changes with the window, fonts and files.
    connect(mParentPlot, &QCustomPlot::afterLayout, this, &PlotLabel::fitText,
            Qt::UniqueConnection);
    texts_ = texts;
    room_ = room;
    fitText();
}

void PlotLabel::fitText() {
    const QCPAxis* x = position->keyAxis();
    const QCPAxis* y = position->valueAxis();
    const QCPAxisRect* rect = x->axisRect();
    QPolygonF room;
    for (const QPointF& corner : room_)
        room << QPointF(x->coordToPixel(corner.x()), y->coordToPixel(corner.y()));
    const QPointF at = position->pixelPosition();
    const bool laidOut = rect->width() > 0 && rect->height() > 0;
    for (const QString& text : texts_) {
        const QSize size = boxSize(text);
        const QRectF box(getTextDrawPoint(at, QRectF(QPointF(0, 0), size), mPositionAlignment),
                         size);
        if (!laidOut || (room.containsPoint(box.topLeft(), Qt::OddEvenFill) &&
                         room.containsPoint(box.topRight(), Qt::OddEvenFill) &&
                         room.containsPoint(box.bottomLeft(), Qt::OddEvenFill) &&
                         room.containsPoint(box.bottomRight(), Qt::OddEvenFill))) {
            if (mText != text) setText(text);
            setVisible(true);
            return;
        }
    }
    setVisible(false);
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
        return rasteriseText(text.size() + QSize(2 * kTextInkMargin, 2 * kTextInkMargin),
                             look.ratio, look.antialiased, [&](QCPPainter& raster) {
                                 raster.setFont(look.font);
                                 raster.setPen(QPen(look.colour));
                                 raster.drawText(
                                     QRect(QPoint(kTextInkMargin, kTextInkMargin), text.size()),
                                     flags, look.text);
                             });
    });
    blitText(painter, pos.toPoint() + text.topLeft() - QPoint(kTextInkMargin, kTextInkMargin),
             pixmap);
}

}  // namespace ropelab::ui
