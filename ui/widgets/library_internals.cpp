// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/library_internals.h"

#include <QComboBox>
#include <QFontMetrics>
#include <QFontMetricsF>
#include <QLabel>
#include <QPaintEvent>
#include <QStyle>
#include <QTextDocument>
#include <QTextOption>
#include <QTransform>
#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

#include "widgets/plot_text.h"

// Protected members, an internal class and copied rules of these releases only: check each item
// below (the widget and plot tests compare with the libraries' own drawing) before allowing more.
static_assert(QCUSTOMPLOT_VERSION == 0x020100, "library_internals.cpp knows QCustomPlot 2.1.0");
static_assert(QT_VERSION >= QT_VERSION_CHECK(6, 4, 0) && QT_VERSION < QT_VERSION_CHECK(6, 5, 0),
              "library_internals.cpp knows Qt 6.4's QComboBox and QLabel");

namespace ropelab::ui {

namespace {

// P1: axis labels from pixmaps, QCPAxisPainterPrivate subclassed and put in place of QCPAxis's
// (b14b8df: frequencies rope_type 12.0 -> 11.0 ms, sweeps runSweep 7.0 -> 5.2).
//
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
        const int start = static_cast<int>(std::floor(slack / 2.0)) - kTextInkMargin;
        const QRect inkInBox(start, -kTextInkMargin, bounds.width() + 2 * kTextInkMargin + 1,
                             bounds.height() + 2 * kTextInkMargin);
        const QRect ink = place.mapRect(QRectF(inkInBox)).toAlignedRect();
        const double ratio = mParentPlot->bufferDevicePixelRatio();
        const Look look{
            label, labelFont, labelColor, type, slack % 2 != 0, ratio, painter->antialiasing()};
        const QPixmap& pixmap = label_.of(look, [&] {
            return rasteriseText(ink.size(), ratio, look.antialiased, [&](QCPPainter& raster) {
                raster.setFont(labelFont);
                raster.setPen(QPen(labelColor));
                // The same placement, moved by whole pixels to the ink's corner.
                QTransform moved = place;
                moved *= QTransform::fromTranslate(-ink.left(), -ink.top());
                raster.setTransform(moved, true);
                raster.drawText(box, Qt::TextDontClip | Qt::AlignCenter, label);
            });
        });
        blitText(painter, ink.topLeft(), pixmap);
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
struct AxisAccess : QCPAxis {
    static QCPAxisPainterPrivate*& painterOf(QCPAxis* axis) {
        return axis->*(&AxisAccess::mAxisPainter);
    }
};

// P1: legend text from pixmaps with the icon drawn live (c3d1d85: frequencies preset 7.4 ->
// 5.6 ms, clinic head dim 8.0 -> 6.8).
struct PlottableAccess : QCPAbstractPlottable {
    static void drawIcon(const QCPAbstractPlottable& plottable, QCPPainter* painter,
                         const QRectF& rect) {
        (plottable.*(&PlottableAccess::drawLegendIcon))(painter, rect);
    }
};

// P1: heat maps coloured off the UI thread, their image handed to QCPColorMap (30cd81b:
// absolute head dim 9.3 -> 7.1 ms, base 7.5 -> 5.5).
struct ColorMapAccess : QCPColorMap {
    static void setImage(QCPColorMap& map, const QImage& image) {
        map.*(&ColorMapAccess::mMapImage) = image;
        map.*(&ColorMapAccess::mMapImageInvalidated) = false;
    }
};

// Animated export: the plot drawn in the painter's own mode, not toPainter()'s no-caching mode,
// which strokes dense curves without QCustomPlot's fast polylines (a911011: bench_animation
// rope-2d-rotate 30.0 -> 8.1 s for 300 frames).
struct PlotAccess : QCustomPlot {
    static void layOut(QCustomPlot& plot) { (plot.*&PlotAccess::updateLayout)(); }
    static void drawOn(QCustomPlot& plot, QCPPainter* painter) {
        (plot.*&PlotAccess::draw)(painter);
    }
    static const QBrush& backgroundBrush(const QCustomPlot& plot) {
        return plot.*&PlotAccess::mBackgroundBrush;
    }
};

bool isRichText(const QLabel& label) {
    return label.textFormat() == Qt::RichText ||
           (label.textFormat() == Qt::AutoText && Qt::mightBeRichText(label.text()));
}

}  // namespace

void cacheLabelOf(QCPAxis* axis) {
    QCPAxisPainterPrivate*& painter = AxisAccess::painterOf(axis);
    if (painter == nullptr || dynamic_cast<LabelPixmapPainter*>(painter) != nullptr) return;
    QCPAxisPainterPrivate* old = painter;
    painter = new LabelPixmapPainter(axis->parentPlot(), *old);
    delete old;
}

int labelRasterisationsOf(QCPAxis* axis) {
    const auto* painter = dynamic_cast<LabelPixmapPainter*>(AxisAccess::painterOf(axis));
    return painter != nullptr ? painter->rasterisations() : -1;
}

void drawPlottableIcon(const QCPAbstractPlottable& plottable, QCPPainter* painter,
                       const QRectF& rect) {
    PlottableAccess::drawIcon(plottable, painter, rect);
}

// P1: the bottom paint buffer copied, not blended over a filled background (b654df6: rope n-D
// five plots 1.33 -> 1.08 ms a paint).
//
// The bottom paint buffer, cleared to the plot's background instead of to transparent when that
// background is one opaque colour. Such a buffer stays an opaque pixmap, which a paint copies
// instead of blending, with no background fill under it.
class OpaqueBottomBuffer : public QCPPaintBufferPixmap {
public:
    OpaqueBottomBuffer(const QSize& size, double devicePixelRatio,
                       std::function<QBrush()> background)
        : QCPPaintBufferPixmap(size, devicePixelRatio), background_(std::move(background)) {}

    void clear(const QColor& color) override {
        const QBrush brush = background_();
        opaque_ = brush.style() == Qt::SolidPattern && brush.color().alpha() == 255;
        mBuffer.fill(opaque_ ? brush.color() : color);
    }

    void draw(QCPPainter* painter) const override {
        if (!opaque_) return QCPPaintBufferPixmap::draw(painter);
        painter->setCompositionMode(QPainter::CompositionMode_Source);
        QCPPaintBufferPixmap::draw(painter);
        painter->setCompositionMode(QPainter::CompositionMode_SourceOver);
    }

    bool opaque() const { return opaque_; }

private:
    std::function<QBrush()> background_;
    bool opaque_ = false;
};

OpaqueBackgroundPlot::OpaqueBackgroundPlot(QWidget* parent) : QCustomPlot(parent) {
    // QCustomPlot keeps the buffers it finds and only adds those it lacks.
    bottom_ = QSharedPointer<OpaqueBottomBuffer>::create(
        viewport().size(), bufferDevicePixelRatio(), [this] { return mBackgroundBrush; });
    if (mPaintBuffers.isEmpty()) {
        mPaintBuffers.append(bottom_);
    } else {
        mPaintBuffers[0] = bottom_;
    }
}

OpaqueBackgroundPlot::~OpaqueBackgroundPlot() = default;

// QCustomPlot fills the background, then blends every buffer over it; an opaque bottom buffer
// already holds the background.
void OpaqueBackgroundPlot::paintEvent(QPaintEvent* event) {
    if (mPaintBuffers.isEmpty() || mPaintBuffers.front() != bottom_ || !bottom_->opaque() ||
        !background().isNull()) {
        return QCustomPlot::paintEvent(event);
    }
    QCPPainter painter(this);
    if (!painter.isActive()) return;
    for (const QSharedPointer<QCPAbstractPaintBuffer>& buffer : std::as_const(mPaintBuffers))
        buffer->draw(&painter);
}

void setMapImage(QCPColorMap& map, const QImage& image) {
    ColorMapAccess::setImage(map, image);
}

QImage oversampledAsColorMap(const QImage& cells) {
    // QCPColorMap without interpolation oversamples a map under 200 cells across to ≥ 100 px.
    const int keys = cells.width();
    const int values = cells.height();
    const int keyFactor = int(1.0 + 100.0 / double(keys));
    const int valueFactor = int(1.0 + 100.0 / double(values));
    return keyFactor > 1 || valueFactor > 1
               ? cells.scaled(keys * keyFactor, values * valueFactor, Qt::IgnoreAspectRatio,
                              Qt::FastTransformation)
               : cells;
}

void layOutPlot(QCustomPlot& plot) {
    PlotAccess::layOut(plot);
}

void drawPlot(QCustomPlot& plot, QCPPainter* painter) {
    PlotAccess::drawOn(plot, painter);
}

const QBrush& plotBackgroundBrush(const QCustomPlot& plot) {
    return PlotAccess::backgroundBrush(plot);
}

// Screens: QComboBox's own constants, measured again whenever asked (322e835: it keeps its first
// answer, and presenter mode squeezed choices at 1366x768).
QSize comboChoicesSize(const QComboBox& box) {
    const QFontMetrics metrics = box.fontMetrics();
    int widest = box.count() == 0 ? 7 * metrics.horizontalAdvance(QLatin1Char('x')) : 0;
    int tallest = std::max(static_cast<int>(std::ceil(QFontMetricsF(metrics).height())), 14) + 2;
    for (int i = 0; i < box.count(); ++i) {
        int width = metrics.boundingRect(box.itemText(i)).width();
        if (!box.itemIcon(i).isNull()) {
            width += box.iconSize().width() + 4;
            tallest = std::max(tallest, box.iconSize().height() + 2);
        }
        widest = std::max(widest, width);
    }
    return {widest, tallest};
}

// P1: QLabel's text layout redone in documents kept between size questions (7526a0d:
// frequencies rope_type 11.3 -> 7.4 ms, head_dim 6.0 -> 4.3).
bool labelLaysOutDocument(const QLabel& label) {
    if (!label.wordWrap() || label.frameWidth() != 0 || label.indent() > 0 ||
        label.buddy() != nullptr) {
        return false;
    }
    if (label.textFormat() == Qt::MarkdownText || label.style()->inherits("QStyleSheetStyle")) {
        return false;
    }
    const bool selectable =
        (label.textInteractionFlags() &
         (Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard | Qt::TextEditable)) != 0;
    return selectable || isRichText(label);
}

void configureAsLabel(QTextDocument& document, const QLabel& label) {
    document.setUndoRedoEnabled(false);
    document.setDefaultFont(label.font());
    QTextOption option = document.defaultTextOption();
    option.setAlignment(
        Qt::Alignment(int(label.alignment()) | Qt::TextWordWrap | Qt::TextExpandTabs));
    option.setWrapMode(QTextOption::WordWrap);
    document.setDefaultTextOption(option);
    // QLabel sets its root frame's margin to 0 after filling; filling resets the root frame to
    // the document margin, so this gives that layout without laying out twice.
    document.setDocumentMargin(0);
}

void fillAsLabel(QTextDocument& document, const QLabel& label) {
    if (isRichText(label)) {
        document.setHtml(label.text());
    } else {
        document.setPlainText(label.text());
    }
}

QSize labelSizeForWidth(const QLabel& label, QTextDocument& document, int width) {
    if (label.minimumWidth() > 0) width = std::max(width, label.minimumWidth());
    const QMargins margins = label.contentsMargins();
    const int across = 2 * label.margin() + margins.left() + margins.right();
    const int down = 2 * label.margin() + margins.top() + margins.bottom();
    if (width >= 0) {
        const qreal textWidth = std::max(width - across, 0);
        if (document.textWidth() != textWidth) document.setTextWidth(textWidth);
    } else {
        document.adjustSize();
    }
    const QSizeF size = document.size();
    return QSize(int(std::ceil(size.width())) + across, int(std::ceil(size.height())) + down)
        .expandedTo(label.minimumSize());
}

// The layout check: QMenuBar's overflow button has no public accessor, only this object name.
bool isMenuBarExtension(const QWidget& widget) {
    return widget.objectName() == QLatin1String("qt_menubar_ext_button");
}

}  // namespace ropelab::ui
