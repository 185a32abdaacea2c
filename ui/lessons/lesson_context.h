// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What every lesson is given: the shared parameters and the theme, both owned by the main window.

namespace ropelab::ui {

class ParameterModel;
class ThemeController;

struct LessonContext {
    ParameterModel* parameters = nullptr;
    ThemeController* theme = nullptr;
};

}  // namespace ropelab::ui
