// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/orbit_sliders.h"

#include <cmath>

#include "widgets/labeled_slider.h"
#include "widgets/orbit_camera.h"

namespace ropelab::ui {

void linkOrbitSliders(OrbitCamera* camera, LabeledSlider* yaw, LabeledSlider* pitch) {
    for (LabeledSlider* angle : {yaw, pitch}) angle->setUnit(QStringLiteral("°"));
    QObject::connect(yaw, &LabeledSlider::valueChanged, camera,
                     [camera](int degrees) { camera->setAngles(degrees, camera->pitchDegrees()); });
    QObject::connect(pitch, &LabeledSlider::valueChanged, camera,
                     [camera](int degrees) { camera->setAngles(camera->yawDegrees(), degrees); });
    QObject::connect(camera, &OrbitCamera::changed, yaw, [camera, yaw, pitch] {
        yaw->setValue(static_cast<int>(std::lround(camera->yawDegrees())));
        pitch->setValue(static_cast<int>(std::lround(camera->pitchDegrees())));
    });
}

}  // namespace ropelab::ui
