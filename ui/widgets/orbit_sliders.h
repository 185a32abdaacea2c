// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Yaw and pitch sliders (degrees) kept in step with an OrbitCamera: moving a slider turns the
// camera, and a turn (a drag on a view) moves the sliders to its angles, rounded.

namespace ropelab::ui {

class LabeledSlider;
class OrbitCamera;

void linkOrbitSliders(OrbitCamera* camera, LabeledSlider* yaw, LabeledSlider* pitch);

}  // namespace ropelab::ui
