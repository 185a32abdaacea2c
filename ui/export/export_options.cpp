// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/export_options.h"

#include <QCoreApplication>

#include <cmath>

namespace ropelab::ui {

namespace {
constexpr double kCentimetresPerInch = 2.54;
}

QString formatSuffix(ExportFormat format) {
    switch (format) {
        case ExportFormat::Png:
            return QStringLiteral("png");
        case ExportFormat::Svg:
            return QStringLiteral("svg");
        case ExportFormat::Pdf:
            return QStringLiteral("pdf");
        case ExportFormat::Csv:
            return QStringLiteral("csv");
    }
    return {};
}

std::optional<ExportFormat> parseExportFormat(const QString& name) {
    for (ExportFormat format : allExportFormats()) {
        if (name.trimmed().compare(formatSuffix(format), Qt::CaseInsensitive) == 0) return format;
    }
    return std::nullopt;
}

QString backgroundName(ExportBackground background) {
    switch (background) {
        case ExportBackground::White:
            return QStringLiteral("white");
        case ExportBackground::Transparent:
            return QStringLiteral("transparent");
        case ExportBackground::Theme:
            break;
    }
    return QStringLiteral("theme");
}

std::optional<ExportBackground> parseExportBackground(const QString& name) {
    for (ExportBackground background :
         {ExportBackground::Theme, ExportBackground::White, ExportBackground::Transparent}) {
        if (name == backgroundName(background)) return background;
    }
    return std::nullopt;
}

QList<ExportFormat> allExportFormats() {
    return {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv};
}

QSize ExportOptions::outputPixels() const {
    if (unit == SizeUnit::Pixels) {
        return {static_cast<int>(std::lround(size.width())),
                static_cast<int>(std::lround(size.height()))};
    }
    return {static_cast<int>(std::lround(size.width() / kCentimetresPerInch * dpi)),
            static_cast<int>(std::lround(size.height() / kCentimetresPerInch * dpi))};
}

QSizeF ExportOptions::layoutSize() const {
    const QSize pixels = outputPixels();
    return {pixels.width() / scale(), pixels.height() / scale()};
}

QString ExportOptions::problem() const {
    if (!(dpi >= kMinDpi && dpi <= kMaxDpi)) {
        return QCoreApplication::translate("ropelab::ui::ExportOptions",
                                           "DPI must be between %1 and %2 (got %3).")
            .arg(kMinDpi)
            .arg(kMaxDpi)
            .arg(dpi);
    }
    const QSize pixels = outputPixels();
    if (!(size.width() > 0 && size.height() > 0) || pixels.width() < 16 || pixels.height() < 16) {
        return QCoreApplication::translate("ropelab::ui::ExportOptions",
                                           "The figure size must be at least 16 × 16 pixels.");
    }
    if (pixels.width() > kMaxPixels || pixels.height() > kMaxPixels) {
        return QCoreApplication::translate(
                   "ropelab::ui::ExportOptions",
                   "The figure would be %1 × %2 pixels; the largest allowed is %3 per side.")
            .arg(pixels.width())
            .arg(pixels.height())
            .arg(kMaxPixels);
    }
    return {};
}

}  // namespace ropelab::ui
