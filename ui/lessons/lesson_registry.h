// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every lesson, in teaching order. To add a lesson, add one line to createLessons().

#include <memory>
#include <vector>

#include "lessons/lesson.h"
#include "lessons/lesson_context.h"

namespace ropelab::ui {

// New lessons without a parent; the caller hands them to a widget (e.g. a QStackedWidget).
std::vector<std::unique_ptr<Lesson>> createLessons(const LessonContext& context);

}  // namespace ropelab::ui
