// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one place that reaches past Qt's and QCustomPlot's public API: members they keep protected
// for themselves, internal classes, and their private sizing rules copied. Each item says which
// benchmark or drawing need pays for it; library_internals.cpp builds only against the library
// versions it was checked with. Elsewhere, subclasses override virtuals and read the protected
// fields QCustomPlot hands them for that (mText, mRect, ...), as its documentation asks.

#include <QBrush>
#include <QImage>
#include <QRectF>
#include <QSharedPointer>
#include <QSize>

#include <qcustomplot.h>

class QComboBox;
class QLabel;
class QPaintEvent;
class QTextDocument;
class QWidget;

namespace ropelab::ui {

// --- QCustomPlot 2.1.0 ---

// Puts in place of the axis's own painter one that draws its label from a kept pixmap (see
// plot_text.h, cacheAxisLabels); an axis gets one such painter.
void cacheLabelOf(QCPAxis* axis);

// How many times the label of `axis` was rasterised for the screen; -1 without such a painter.
int labelRasterisationsOf(QCPAxis* axis);

// Draws a plottable's legend icon, which QCustomPlot lets only its own legend entry draw.
void drawPlottableIcon(const QCPAbstractPlottable& plottable, QCPPainter* painter,
                       const QRectF& rect);

class OpaqueBottomBuffer;

// A plot whose bottom paint buffer holds the background when that is one opaque colour: a paint
// copies it instead of filling the background and blending the buffer over it.
class OpaqueBackgroundPlot : public QCustomPlot {
public:
    explicit OpaqueBackgroundPlot(QWidget* parent);
    ~OpaqueBackgroundPlot() override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QSharedPointer<OpaqueBottomBuffer> bottom_;
};

// Makes `map` draw `image` as the image of its cells, as if it had coloured them itself.
void setMapImage(QCPColorMap& map, const QImage& image);

// An image of one pixel per cell enlarged as QCPColorMap enlarges its own without interpolation.
QImage oversampledAsColorMap(const QImage& cells);

// A plot's layout step and its drawing, which toPainter() runs only in its no-caching mode.
void layOutPlot(QCustomPlot& plot);
void drawPlot(QCustomPlot& plot, QCPPainter* painter);

// The brush the plot fills its background with (QCustomPlot has a setter only).
const QBrush& plotBackgroundBrush(const QCustomPlot& plot);

// --- Qt 6.4 ---

// The contents size QComboBox asks its style to fit: its widest choice and its line height in
// its current font (QComboBox keeps the first answer; see choice_box.h).
QSize comboChoicesSize(const QComboBox& box);

// True where QLabel lays its text out in a text document (rich or selectable text) and draws
// nothing of its own around it (frame, indent, style sheet, mnemonic).
bool labelLaysOutDocument(const QLabel& label);

// Gives `document` the settings QLabel gives the document it lays its text out in.
void configureAsLabel(QTextDocument& document, const QLabel& label);

// Fills `document` with the label's text, as rich or plain text as QLabel would read it.
void fillAsLabel(QTextDocument& document, const QLabel& label);

// QLabel's size for `width`, or its preferred size for -1, with `document` holding its text.
QSize labelSizeForWidth(const QLabel& label, QTextDocument& document, int width);

// True for the button a QMenuBar shows when its menus do not all fit.
bool isMenuBarExtension(const QWidget& widget);

}  // namespace ropelab::ui
