#include "lessons/lesson_registry.h"

namespace ropelab::ui {

std::vector<std::unique_ptr<Lesson>> createLessons(const LessonContext& context) {
    std::vector<std::unique_ptr<Lesson>> lessons;
    // Teaching order: one line per lesson.
    return lessons;
}

}  // namespace ropelab::ui
