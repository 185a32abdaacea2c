// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 5, RoPE in n-D: every pair as a clock hand turning at its own speed; the path R(x, p) of
// one vector as a 3D curve the user turns by dragging; each pair's helix; the pairing layout.

#include <QComboBox>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "analysis/trajectory.h"
#include "encodings/rope_frequencies.h"
#include "lessons/lesson_page.h"

class QCPGraph;
class QCPTextElement;
class QCPColorScale;
class QSpinBox;

namespace ropelab::ui {

class ClockGrid;
class GradientPath;
class LabeledSlider;
class OrbitCamera;
class PairArcDiagram;
class ProjectedAxes;

class RopeNdLesson : public LessonPage {
    Q_OBJECT
public:
    explicit RopeNdLesson(const LessonContext& context, QWidget* parent = nullptr);
    ~RopeNdLesson() override;

    QString id() const override { return QStringLiteral("rope-nd"); }
    QString title() const override { return tr("RoPE in n-D: the spiral"); }
    SharedParameters sharedParameters() const override {
        return SharedParameter::HeadDim | SharedParameter::Base | SharedParameter::Layout |
               SharedParameter::Positions | SharedParameter::SequenceLength;
    }

    void setPairIndex(int pair);
    // Principal components (true) or the chosen components a, b, c (false).
    bool usesPrincipalComponents() const { return coordinateBox_->currentIndex() == 0; }
    void setPrincipalComponents(bool pca) { coordinateBox_->setCurrentIndex(pca ? 0 : 1); }
    void setComponents(int a, int b, int c);
    OrbitCamera* camera() const { return camera_; }

    // The hand of each pair at the current position: (cos pθ_i, sin pθ_i), unit length.
    const std::vector<QPointF>& clockHands() const { return hands_; }
    // The 3D path and the helix last computed by core (before display scaling); the helix covers
    // a window of positions around p (a few turns of the pair), z holding the positions: the
    // continuous curve (fractional positions) and the integer positions marked on it (empty when
    // the window is too long for single positions to be told apart).
    const Trajectory3d& spiral() const { return spiral_; }
    const Trajectory3d& helix() const { return helix_; }
    const Trajectory3d& helixPositions() const { return helixPositions_; }
    // Component pairs drawn in the layout diagram, in pair order.
    const std::vector<std::pair<int, int>>& drawnPairs() const { return drawnPairs_; }

protected:
    void applyTheme(const PlotTheme& theme) override;

private:
    void refresh();
    void choosePathCoordinates();
    std::array<int, 3> chosenComponents() const;  // a, b, c as the boxes say
    // What the clock hands and the helix window read.
    struct HandsKey {
        RopeParams rope;
        std::int64_t position;
        int pair;
        std::int64_t sequenceLength;  // the helix window's; 0 for the hands
        bool operator==(const HandsKey&) const = default;
    };
    // The hands, for the clocks, the helix and the readout: whatever changes them (the
    // parameters, the pair) runs refresh(), which computes them before the figures draw.
    void computeHands(const RopeFrequencies& freqs);
    struct PairingKey {
        int headDim;
        int rotaryDim;
        RopeLayout layout;
        int pair;
        bool operator==(const PairingKey&) const = default;
    };
    void updatePairing(const PairingKey& key);
    void updateHelix(const RopeFrequencies& freqs);
    // The path's point i, scaled into the unit cube and projected.
    QPointF spiralPoint(std::size_t i) const;
    void drawSpiral();
    void placeSpiralMarker(int position);
    void drawHelix();
    void updateReadout(const RopeFrequencies& freqs);

    QCustomPlot* clockPlot_;
    QCustomPlot* spiralPlot_;
    QCustomPlot* helixPlot_;
    QCustomPlot* pairingPlot_;
    QCPTextElement* clockTitle_;
    QCPTextElement* spiralTitle_;
    QCPTextElement* helixTitle_;
    QCPTextElement* pairingNote_;
    std::unique_ptr<ClockGrid> clocks_;
    std::unique_ptr<GradientPath> spiralPath_;
    std::unique_ptr<GradientPath> helixPath_;
    QCPColorScale* positionScale_;
    QCPGraph* spiralMarker_;
    QCPGraph* helixMarker_;
    QCPGraph* helixDots_;  // integer positions on the helix
    std::unique_ptr<ProjectedAxes> spiralAxes_;
    std::unique_ptr<ProjectedAxes> helixAxes_;
    std::unique_ptr<PairArcDiagram> pairing_;  // the first kMaxDrawnPairs pairs and the chosen one

    LabeledSlider* pairSlider_;
    QComboBox* coordinateBox_;
    std::array<QSpinBox*, 3> componentBoxes_{};
    OrbitCamera* camera_;

    int pair_ = 0;
    std::vector<QPointF> hands_;
    std::vector<std::pair<int, int>> drawnPairs_;
    Trajectory3d spiral_;
    Trajectory3d helix_;
    Trajectory3d helixPositions_;
    bool spiralIsPca_ = true;
    double spiralScale_ = 1.0;  // into the unit cube
    int pathsArrived_ = 0;      // keys the view and the marker: a new path draws both again
    FigureTask* clockFacesFigure_ = nullptr;
    std::array<int, 3> spiralComponents_{0, 1, 2};
};

}  // namespace ropelab::ui
