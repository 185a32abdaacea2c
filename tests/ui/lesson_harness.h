// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A lesson (or every lesson) with its own ParameterModel and ThemeController, as the main window
// would give it.

#include <qcustomplot.h>

#include <QLabel>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

#include "lessons/lesson.h"
#include "lessons/lesson_context.h"
#include "lessons/lesson_registry.h"
#include "model/parameter_model.h"
#include "style/theme_controller.h"

namespace ropelab::ui::testing {

// A lesson made hidden computes nothing until shown or caught up: the harness catches it up, so
// a test reads it as export does (and it then computes on each change, as a standalone lesson).
template <class LessonType>
struct LessonHarness {
    ParameterModel model;
    ThemeController theme;
    LessonType lesson{LessonContext{&model, &theme}};

    LessonHarness() { lesson.catchUp(); }

    QCustomPlot* figure(const QString& name) const {
        for (const Figure& f : lesson.figures()) {
            if (f.name == name) return f.plot;
        }
        return nullptr;
    }
};

// Every label of a widget (a lesson's explanation among them) as one string, rich text as set, so
// a test can ask whether a statement is shown.
inline QString labelTexts(const QWidget& widget) {
    QString all;
    for (const QLabel* label : widget.findChildren<QLabel*>()) all += label->text() + u'\n';
    return all;
}

// The configuration stretched 4× with YaRN from a trained 2048 (attention factor 0.1·ln 4 + 1).
inline RopeParams yarnFourTimes(RopeParams params) {
    params.ropeType = RopeType::Yarn;
    params.factor = 4.0;
    params.originalMaxPositionEmbeddings = 2048;
    params.maxPositionEmbeddings = 8192;
    return params;
}

// Every lesson of the registry, in teaching order.
struct AllLessons {
    ParameterModel model;
    ThemeController theme;
    std::vector<std::unique_ptr<Lesson>> owned = createLessons(LessonContext{&model, &theme});

    std::vector<Lesson*> lessons() const {
        std::vector<Lesson*> raw;
        for (const auto& lesson : owned) raw.push_back(lesson.get());
        return raw;
    }
    QStringList ids() const {
        QStringList list;
        for (const auto& lesson : owned) list << lesson->id();
        return list;
    }
    Lesson* lesson(const QString& id) const {
        for (const auto& lesson : owned) {
            if (lesson->id() == id) return lesson.get();
        }
        return nullptr;
    }
};

}  // namespace ropelab::ui::testing
