// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `ropelab export`: renders lessons' figures to files without a window.
//   ropelab export --out DIR [--lesson NAME|all] [--figure NAME] [--format png,svg,pdf,csv]
//                  [--session FILE] [--lang en|zh_CN] [--presenter] [--theme light|dark]
//                  [--plot-text-size N] [--background theme|white|transparent]
//                  [--size WxH[px|cm]] [--dpi N]
//   ropelab export --list-animations
//   ropelab export --animate ID[,ID…] --out DIR [--format gif,mp4,webm] [--fps N] [--seconds S]
//                  [--size WxH] [--bounce] [--session FILE] [--lang] [--presenter] [--theme]
// It prints each file as soon as it is written (one per line), exits 0 when all were written, 1
// when a write failed (the reason on stderr), 2 with one line on stderr for bad arguments.

#include <QList>
#include <QString>
#include <QStringList>
#include <variant>

#include "export/animation_export.h"
#include "export/export_options.h"

namespace ropelab::ui {

struct ExportCommand {
    QString outDir;
    QStringList lessons;  // ids; empty means every lesson
    QString figure;       // only this figure of the one lesson; empty: every shown figure
    QList<ExportFormat> formats = allExportFormats();
    QString sessionFile;
    QString language;  // empty: follow the system
    bool presenter = false;
    bool dark = false;
    int plotTextSize = 0;  // points; 0: the app's default
    ExportOptions options;
    bool help = false;
    // Animated export: ids from animation_catalog.h; the settings' format is set per file.
    bool listAnimations = false;
    QStringList animations;
    QList<AnimationFormat> animationFormats = allAnimationFormats();
    AnimationSettings animation;
};

// True when the app was started as `ropelab export ...`.
bool isExportCommand(int argc, char** argv);

// Parses the arguments after "export": the command, or one line saying what is wrong.
std::variant<ExportCommand, QString> parseExportCommand(const QStringList& arguments);

QString exportCommandUsage();

// Runs the whole command (creates its own QApplication; call it instead of the GUI main).
int runExportCommand(int argc, char** argv);

}  // namespace ropelab::ui
