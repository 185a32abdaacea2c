// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What an export writes: which formats, how big, at what resolution, on which background.
// Sizes follow print conventions: text is set in points at `dpi`, so a 16 × 10 cm figure at
// 300 DPI has the same layout as at 96 DPI, only sharper.

#include <QList>
#include <QSize>
#include <QSizeF>
#include <QString>
#include <optional>

namespace ropelab::ui {

enum class ExportFormat { Png, Svg, Pdf, Csv };

// "png", "svg", "pdf", "csv": the file suffix and the --format spelling.
QString formatSuffix(ExportFormat format);
std::optional<ExportFormat> parseExportFormat(const QString& name);
QList<ExportFormat> allExportFormats();

enum class SizeUnit { Pixels, Centimetres };

enum class ExportBackground {
    Theme,        // the plot as it looks on screen
    White,        // light colours on white, for print and slides (even when the app is dark)
    Transparent,  // theme colours, no background fill (PNG, SVG, PDF)
};

// "theme", "white", "transparent": `ropelab export --background`'s words.
QString backgroundName(ExportBackground background);
std::optional<ExportBackground> parseExportBackground(const QString& name);

struct ExportOptions {
    QSizeF size{1200, 800};  // in `unit`
    SizeUnit unit = SizeUnit::Pixels;
    double dpi = 96.0;
    ExportBackground background = ExportBackground::Theme;

    static constexpr double kScreenDpi = 96.0;
    static constexpr double kMinDpi = 36.0;
    static constexpr double kMaxDpi = 1200.0;
    static constexpr int kMaxPixels = 16384;  // per side of the written image

    // Pixels of the written raster image.
    QSize outputPixels() const;
    // The layout size the plot is drawn at (screen pixels at 96 DPI); fonts keep their point size.
    QSizeF layoutSize() const;
    // outputPixels / layoutSize.
    double scale() const { return dpi / kScreenDpi; }
    // Empty when usable; otherwise one sentence naming the bad setting and the allowed range.
    QString problem() const;

    bool operator==(const ExportOptions&) const = default;
};

}  // namespace ropelab::ui
