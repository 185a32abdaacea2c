// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The data a plot shows, as CSV, read generically from QCustomPlot so every lesson's figure can
// be exported without lesson code: graphs, curves, bars and colour maps, plus the lines, arrows
// and tracers drawn in plot coordinates.
//
// One tidy table, one row per point: series,kind,x,y,z
//   graph / curve / bars    x = key, y = value (curves keep their drawing order)
//   colormap                x, y = cell centre, z = the cell's value
//   arrow / line            two rows: start, end
//   straight-line           two rows: two points on the line
//   tracer                  one row
// Numbers use the shortest text that reads back to the same double; NaN is written "nan".

#include <QByteArray>

class QCustomPlot;
class QIODevice;

namespace ropelab::ui {

QByteArray plotDataCsv(QCustomPlot& plot);

// The same bytes written to `out` in pieces of at most about a mebibyte, so a heat map's table of
// millions of rows never sits in memory whole. False once a write fails.
bool writePlotDataCsv(QCustomPlot& plot, QIODevice& out);

}  // namespace ropelab::ui
