// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/lesson_registry.h"

#include "lessons/absolute_lesson.h"
#include "lessons/clinic_lesson.h"
#include "lessons/frequencies_lesson.h"
#include "lessons/invariance_lesson.h"
#include "lessons/order_lesson.h"
#include "lessons/pitfall_lesson.h"
#include "lessons/precision_lesson.h"
#include "lessons/real_model_lesson.h"
#include "lessons/relative_lesson.h"
#include "lessons/rope_2d_lesson.h"
#include "lessons/rope_nd_lesson.h"
#include "lessons/sweeps_lesson.h"
#ifdef ROPELAB_HAVE_TRAINING_LAB
#include "lessons/training_lesson.h"
#endif

namespace ropelab::ui {

std::vector<std::unique_ptr<Lesson>> createLessons(const LessonContext& context) {
    std::vector<std::unique_ptr<Lesson>> lessons;
    // Teaching order: one line per lesson.
    lessons.push_back(std::make_unique<OrderLesson>(context));
    lessons.push_back(std::make_unique<AbsoluteLesson>(context));
    lessons.push_back(std::make_unique<RelativeLesson>(context));
    lessons.push_back(std::make_unique<Rope2dLesson>(context));
    lessons.push_back(std::make_unique<RopeNdLesson>(context));
    lessons.push_back(std::make_unique<InvarianceLesson>(context));
    lessons.push_back(std::make_unique<FrequenciesLesson>(context));
    lessons.push_back(std::make_unique<PitfallLesson>(context));
    lessons.push_back(std::make_unique<SweepsLesson>(context));
    lessons.push_back(std::make_unique<PrecisionLesson>(context));
    lessons.push_back(std::make_unique<ClinicLesson>(context));
    lessons.push_back(std::make_unique<RealModelLesson>(context));
#ifdef ROPELAB_HAVE_TRAINING_LAB
    lessons.push_back(std::make_unique<TrainingLesson>(context));
#endif
    return lessons;
}

}  // namespace ropelab::ui
