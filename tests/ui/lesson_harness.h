#pragma once
// A lesson with its own ParameterModel and ThemeController, as the main window would give it.

#include <qcustomplot.h>

#include <QString>

#include "lessons/lesson.h"
#include "lessons/lesson_context.h"
#include "model/parameter_model.h"
#include "style/theme_controller.h"

namespace ropelab::ui::testing {

template <class LessonType>
struct LessonHarness {
    ParameterModel model;
    ThemeController theme;
    LessonType lesson{LessonContext{&model, &theme}};

    QCustomPlot* figure(const QString& name) const {
        for (const Figure& f : lesson.figures()) {
            if (f.name == name) return f.plot;
        }
        return nullptr;
    }
};

}  // namespace ropelab::ui::testing
