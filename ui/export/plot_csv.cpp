// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/plot_csv.h"

#include <qcustomplot.h>

#include <QBuffer>

#include <array>
#include <charconv>
#include <cmath>

#include "style/plot_style.h"
#include "widgets/long_curve.h"

namespace ropelab::ui {

namespace {

// Appends the shortest text that reads back as the same double.
void appendNumber(QByteArray& out, double value) {
    if (std::isnan(value)) {
        out.append("nan");
    } else if (std::isinf(value)) {
        out.append(value > 0 ? "inf" : "-inf");
    } else {
        std::array<char, 32> buffer{};
        const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
        out.append(buffer.data(), static_cast<qsizetype>(end - buffer.data()));
    }
}

// RFC 4180: quote fields holding a separator, a quote or a line break; double inner quotes.
QByteArray field(const QString& text) {
    QByteArray utf8 = text.toUtf8();
    if (!utf8.contains(',') && !utf8.contains('"') && !utf8.contains('\n') &&
        !utf8.contains('\r')) {
        return utf8;
    }
    utf8.replace('"', QByteArrayLiteral("\"\""));
    return '"' + utf8 + '"';
}

// Appends in place, and hands full pieces to the device: a heat map is millions of rows, and
// temporaries per row cost more than the numbers' text.
class CsvWriter {
public:
    explicit CsvWriter(QIODevice& out) : out_(out) {
        buffer_.reserve(kPieceBytes + kPieceSlack);
        buffer_.append("series,kind,x,y,z\r\n");
    }

    void row(const QByteArray& series, const char* kind, double x, double y) {
        start(series, kind, x, y);
        buffer_.append(",\r\n");
        flushIfFull();
    }
    void row(const QByteArray& series, const char* kind, double x, double y, double z) {
        start(series, kind, x, y);
        buffer_.append(',');
        appendNumber(buffer_, z);
        buffer_.append("\r\n");
        flushIfFull();
    }
    // Writes what is left; false when any write failed.
    bool finish() {
        flush();
        return ok_;
    }

private:
    static constexpr qsizetype kPieceBytes = qsizetype{1} << 20;
    static constexpr qsizetype kPieceSlack = 4096;  // room for the row that crosses the limit

    void start(const QByteArray& series, const char* kind, double x, double y) {
        buffer_.append(series);
        buffer_.append(',');
        buffer_.append(kind);
        buffer_.append(',');
        appendNumber(buffer_, x);
        buffer_.append(',');
        appendNumber(buffer_, y);
    }
    void flushIfFull() {
        if (buffer_.size() >= kPieceBytes) flush();
    }
    void flush() {
        if (ok_ && !buffer_.isEmpty()) ok_ = out_.write(buffer_) == buffer_.size();
        buffer_.resize(0);  // keeps the capacity for the next piece
    }

    QIODevice& out_;
    QByteArray buffer_;
    bool ok_ = true;
};

// Lessons tag series with a role (query, key, ...); it names unnamed items in the table.
QString roleName(const QCPLayerable& part) {
    const SeriesStyle* style = seriesStyleOf(&part);
    if (style == nullptr) return {};
    switch (style->series) {
        case Series::Query:
            return QStringLiteral("query");
        case Series::Key:
            return QStringLiteral("key");
        case Series::Neutral:
            return QStringLiteral("main");
        case Series::Reference:
            return QStringLiteral("reference");
        default:
            return QStringLiteral("series %1").arg(static_cast<int>(style->series));
    }
}

QByteArray seriesName(const QCPLayerable& part, const QString& name, const char* kind, int index) {
    if (!name.isEmpty()) return field(name);
    if (!part.objectName().isEmpty()) return field(part.objectName());
    const QString role = roleName(part);
    if (!role.isEmpty()) return field(QStringLiteral("%1 %2 %3").arg(role, kind).arg(index + 1));
    return field(QStringLiteral("%1 %2").arg(kind).arg(index + 1));
}

// As QCPColorMapData::cellToCoord, which divides by zero for a single row or column.
double cellCentre(const QCPRange& range, int cells, int index) {
    if (cells <= 1) return range.lower;
    return range.lower + index * (range.upper - range.lower) / (cells - 1);
}

bool inPlotCoords(const QCPItemPosition* position) {
    return position->typeX() == QCPItemPosition::ptPlotCoords &&
           position->typeY() == QCPItemPosition::ptPlotCoords;
}

void writePlottable(CsvWriter& csv, QCPAbstractPlottable* plottable, int index) {
    if (auto* graph = qobject_cast<QCPGraph*>(plottable)) {
        const QByteArray name = seriesName(*graph, graph->name(), "graph", index);
        for (const QCPGraphData& point : *graph->data())
            csv.row(name, "graph", point.key, point.value);
    } else if (auto* curve = qobject_cast<QCPCurve*>(plottable)) {
        const QByteArray name = seriesName(*curve, curve->name(), "curve", index);
        for (const QCPCurveData& point : *curve->data())
            csv.row(name, "curve", point.key, point.value);
    } else if (auto* bars = qobject_cast<QCPBars*>(plottable)) {
        const QByteArray name = seriesName(*bars, bars->name(), "bars", index);
        for (const QCPBarsData& bar : *bars->data()) csv.row(name, "bars", bar.key, bar.value);
    } else if (auto* map = qobject_cast<QCPColorMap*>(plottable)) {
        const QByteArray name = seriesName(*map, map->name(), "colormap", index);
        QCPColorMapData* data = map->data();
        for (int j = 0; j < data->valueSize(); ++j) {
            for (int i = 0; i < data->keySize(); ++i) {
                csv.row(name, "colormap", cellCentre(data->keyRange(), data->keySize(), i),
                        cellCentre(data->valueRange(), data->valueSize(), j), data->cell(i, j));
            }
        }
    }
}

void writeItem(CsvWriter& csv, QCPAbstractItem* item, int index) {
    if (auto* line = qobject_cast<QCPItemLine*>(item)) {
        if (!inPlotCoords(line->start) || !inPlotCoords(line->end)) return;
        const bool arrow = line->head().style() != QCPLineEnding::esNone ||
                           line->tail().style() != QCPLineEnding::esNone;
        const char* kind = arrow ? "arrow" : "line";
        const QByteArray name = seriesName(*line, {}, kind, index);
        csv.row(name, kind, line->start->coords().x(), line->start->coords().y());
        csv.row(name, kind, line->end->coords().x(), line->end->coords().y());
    } else if (auto* straight = qobject_cast<QCPItemStraightLine*>(item)) {
        if (!inPlotCoords(straight->point1) || !inPlotCoords(straight->point2)) return;
        const QByteArray name = seriesName(*straight, {}, "straight-line", index);
        csv.row(name, "straight-line", straight->point1->coords().x(),
                straight->point1->coords().y());
        csv.row(name, "straight-line", straight->point2->coords().x(),
                straight->point2->coords().y());
    } else if (auto* tracer = qobject_cast<QCPItemTracer*>(item)) {
        if (!inPlotCoords(tracer->position)) return;
        if (tracer->graph() != nullptr && tracer->graph()->data()->isEmpty()) return;
        tracer->updatePosition();
        const QByteArray name = seriesName(*tracer, {}, "tracer", index);
        csv.row(name, "tracer", tracer->position->coords().x(), tracer->position->coords().y());
    }
}

}  // namespace

QByteArray plotDataCsv(QCustomPlot& plot) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    writePlotDataCsv(plot, buffer);
    return bytes;
}

bool writePlotDataCsv(QCustomPlot& plot, QIODevice& out) {
    CsvWriter csv(out);
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QCPAbstractPlottable* plottable = plot.plottable(i);
        if (plottable->visible() && !drawsOnly(plottable)) {
            writePlottable(csv, plottable, i);
        }
    }
    for (int i = 0; i < plot.itemCount(); ++i) {
        QCPAbstractItem* item = plot.item(i);
        if (item->visible()) writeItem(csv, item, i);
    }
    return csv.finish();
}

}  // namespace ropelab::ui
