// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A plot fitted to the size it is laid out at: its titles, axis labels and labels inside the data
// wrap, legends re-flow, crowded tick labels thin out, and an equal-aspect plot keeps its shape.
// What the fitting remembers between replots is typed state kept per plot.

#include <QRectF>
#include <QString>

class QCPAxis;
class QCustomPlot;
class QCPItemText;
class QCPTextElement;

namespace ropelab::ui {

// Titles and subtitles wrap at word boundaries and legends placed below re-flow to fit `width`
// pixels (large presenter fonts, narrow plots); labels below or above the data wrap where they
// would run off the plot, and a vertical axis label given its text again shows it as last
// wrapped (on screen; a file at another width shows them whole). Runs before every replot at the
// widget's width; export calls it with the figure's width.
void fitTextToWidth(QCustomPlot* plot, int width);

// After a layout, on screen: labels inside the data wrap to the axis rect as this layout made it
// (a layout that narrows the rect, new tick labels, would leave them running off it); titles and
// axis labels are fitted to it too (fitted before the first layout, where a colour scale's width
// leaves out its axis labels, lesson 12's title ran past its plot). A vertical axis label longer
// than the span between the text above and below its margin wraps to it, in no more lines than
// kPlotMinimumSize leaves room for beside the data (so no least size grows). True when a title or
// axis label changed and the plot needs laying out once more: wrapping a title or a label under the
// data changes heights only and its room is a width, wrapping a vertical label changes widths only
// and its room is a height, so that pass changes nothing. A file's layout (another viewport) keeps
// them whole.
bool fitTextToLayout(QCustomPlot* plot);

// Gives a vertical axis label (a colour scale's too) a shorter text that says what it says, shown
// on screen where its own text is longer than its room even wrapped (a colour scale beside a small
// plot has no width for added lines); files show its own text.
void setShorterAxisLabel(QCPAxis* axis, const QString& text);

// Places `label` at a fraction of its axis rect's width (ptAxisRectRatio) and lets it wrap on
// screen where it would run past the edge of the rect (fitTextToWidth; files show it whole).
void wrapInsideAxisRect(QCPItemText* label);

// The width `label`, inside its axis rect, has from where it stands to the edge its alignment runs
// towards (both edges, centred), less its padding: the width it wraps to.
double roomInsideAxisRect(const QCPItemText* label);

// Lets `label`, placed inside the data where its lesson puts it (at a plot coordinate), wrap on
// screen where it would run past the edge of its axis rect (fitTextToWidth; files show it whole).
void wrapInsideData(QCPItemText* label);

// An axis whose tick labels run into each other at its laid-out length (a narrow heat map,
// presenter fonts) asks its ticker for one tick fewer; one with room for twice its labels at a
// new length asks for one more, up to the count first asked for; a SteppedTextTicker shows every
// step-th label, the least step that keeps them apart. True when a count or step changed and the
// plot needs laying out again.
bool fitTicksToLength(QCustomPlot* plot);

// A bold title row above the axis rect.
QCPTextElement* addPlotTitle(QCustomPlot* plot, const QString& text);

// A regular-weight line under the title (a caption or a live remark); the row below the titles.
QCPTextElement* addPlotSubtitle(QCustomPlot* plot, const QString& text);

// Gives a wrapping title new text; false when it already says that (wrapped or not), so the
// caller replots its plot only for a real change.
bool setTitleText(QCPTextElement* title, const QString& text);

// Moves the legend out of the axis rect into its own row under the plot, laid out horizontally,
// so it never covers data; `columns` items per row (1 stacks them, for narrow plots).
void placeLegendBelow(QCustomPlot* plot, int columns = 4);

// Keeps one data unit equally long on both axes, showing at least the box (x, y, width, height
// in plot coordinates) centred, whatever the widget's shape: circles stay circles.
// Call again with a new box when the content changes size.
void keepEqualAspect(QCustomPlot* plot, const QRectF& box);

}  // namespace ropelab::ui
