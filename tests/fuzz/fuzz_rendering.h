// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the fuzz targets that render share: one offscreen QApplication for the whole run, and a
// lesson rendered as the app exports it, checked figure by figure.

#include <QApplication>
#include <QFileInfo>
#include <QList>
#include <QSizeF>
#include <QTemporaryDir>
#include <memory>

#include "export/figure_export.h"
#include "fuzz_entries.h"
#include "lessons/lesson.h"

namespace ropelab::fuzz {

// Makes the application unless a test main already did. Keep it alive for the whole run: a
// QApplication torn down among the exit handlers, after Qt's own globals, crashes.
struct OffscreenApplication {
    OffscreenApplication() {
        if (QCoreApplication::instance() != nullptr) return;
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
        application = std::make_unique<QApplication>(argc, argv);
    }

    int argc = 1;
    char name[8] = "fuzzing";
    char* argv[2] = {name, nullptr};
    std::unique_ptr<QApplication> application;
};

// Every shown figure of the lesson as a small PNG: each must be written and not empty.
inline void renderLessonAsPng(ui::FigureExporter& exporter, ui::Lesson& lesson) {
    QTemporaryDir folder;
    if (!folder.isValid()) fuzzFail("no temporary folder", "");
    ui::ExportOptions options;
    options.size = QSizeF(320, 240);
    const QList<ui::WriteResult> results =
        exporter.exportLesson(lesson, folder.path(), {ui::ExportFormat::Png}, options);
    if (results.isEmpty()) fuzzFail("a lesson rendered no figure", lesson.id().toStdString());
    for (const ui::WriteResult& result : results) {
        if (!result.ok()) fuzzFail("a figure did not render", result.error.toStdString());
        if (QFileInfo(result.path).size() == 0) {
            fuzzFail("a figure rendered as an empty file", result.path.toStdString());
        }
    }
}

}  // namespace ropelab::fuzz
