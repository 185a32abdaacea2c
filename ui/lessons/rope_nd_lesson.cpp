// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/rope_nd_lesson.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QJsonArray>
#include <QSpinBox>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "analysis/distance_range.h"
#include "analysis/helix_window.h"
#include "analysis/trajectory.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"
#include "lessons/frequency_note.h"
#include "model/parameter_model.h"
#include "widgets/choice_box.h"
#include "widgets/clock_grid.h"
#include "widgets/color_scale.h"
#include "widgets/gradient_path.h"
#include "widgets/labeled_slider.h"
#include "widgets/orbit_camera.h"
#include "widgets/orbit_sliders.h"
#include "widgets/pair_arc_diagram.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"
#include "widgets/projected_axes.h"

namespace ropelab::ui {

namespace {

constexpr int kMaxDrawnPairs = 16;  // arcs in the layout diagram beyond the chosen pair
constexpr double kHelixHalfHeight = 1.5;
constexpr double kAxisPast = 0.2;  // how far the z axis reaches above the path
constexpr double kDefaultYaw = 35.0;
constexpr double kDefaultPitch = 20.0;

struct PathKey {
    RopeParams rope;
    RopeLayout layout;
    unsigned seed;
    int sequenceLength;
    bool pca;
    std::array<int, 3> components;
    bool operator==(const PathKey&) const = default;
};

// R(x, p) for p = 0 … N − 1 of one seeded vector x, in three coordinates.
Trajectory3d computePath(const PathKey& key, const Execution& exec) {
    const RopeFrequencies freqs = ropeFrequencies(key.rope);
    const Eigen::VectorXd x = seededStandardNormal(1, freqs.headDim, key.seed).row(0).transpose();
    const DistanceRange positions{0, key.sequenceLength, 1};
    return key.pca ? ropeTrajectoryPca(x, freqs, key.layout, positions, exec)
                   : ropeTrajectory(x, freqs, key.layout, positions, key.components, exec);
}

}  // namespace

RopeNdLesson::RopeNdLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent),
      clockPlot_(createPlot(QStringLiteral("clock-hands"))),
      spiralPlot_(createPlot(QStringLiteral("spiral-3d"))),
      helixPlot_(createPlot(QStringLiteral("pair-helix"))),
      pairingPlot_(createPlot(QStringLiteral("pair-layout"),
                              {QT_TR_NOOP("Pairs of components"), QT_TR_NOOP("component index")})),
      camera_(new OrbitCamera(this)) {
    placePlots({{clockPlot_, spiralPlot_}, {helixPlot_, pairingPlot_}}, {3, 2});

    // Clocks: one face per pair, the hand at angle p·θ_i.
    clockTitle_ = addPlotTitle(clockPlot_, QString());
    clocks_ = std::make_unique<ClockGrid>(clockPlot_, theme());
    tagAnnotation(clockPlot_, QStringLiteral("hands"), {clocks_->hands(), clocks_->chosenHand()});

    // The spiral R(x, p), p = 0 … N − 1, coloured by position.
    spiralTitle_ = addPlotTitle(spiralPlot_, QString());
    spiralPath_ = std::make_unique<GradientPath>(spiralPlot_);
    positionScale_ = addColorScale(spiralPlot_, 12);
    positionScale_->setGradient(colorGradient(Gradient::Sequential));
    bindText(positionScale_->axis(), QT_TR_NOOP("position p"));
    spiralMarker_ = addMarks(spiralPlot_, QCPScatterStyle::ssDisc, 13, {Series::Key}, theme());
    QCPLayer* spiralOverlay = addOverlayLayer(spiralPlot_);
    spiralMarker_->setLayer(spiralOverlay);
    // Both 3D views' axes, beneath the helix's path.
    spiralAxes_ = std::make_unique<ProjectedAxes>(spiralPlot_, theme());
    helixAxes_ = std::make_unique<ProjectedAxes>(helixPlot_, theme());
    keepEqualAspect(spiralPlot_, QRectF(-2.0, -1.7, 4.0, 3.4));
    camera_->attach(spiralPlot_);

    // One pair's helix (cos pθ_i, sin pθ_i, p).
    helixTitle_ = addPlotTitle(helixPlot_, QString());
    helixPath_ = std::make_unique<GradientPath>(helixPlot_);
    helixDots_ = addMarks(helixPlot_, QCPScatterStyle::ssDisc, 5, {Series::Neutral}, theme());
    helixMarker_ = addMarks(helixPlot_, QCPScatterStyle::ssDisc, 13, {Series::Key}, theme());
    keepEqualAspect(helixPlot_, QRectF(-1.7, -2.15, 3.4, 4.3));
    camera_->attach(helixPlot_);

    // Which components are paired: a square per component, an arc per pair.
    pairingNote_ = addPlotSubtitle(pairingPlot_, QString());
    pairing_ = std::make_unique<PairArcDiagram>(pairingPlot_, theme());

    // Controls.
    pairSlider_ =
        addPairSlider({QT_TR_NOOP("Pair index i"),
                       QT_TR_NOOP("The pair drawn as a helix and highlighted in the clocks")},
                      pair_, [this](int pair) { setPairIndex(pair); });
    coordinateBox_ = addChoice({.name = "coordinates",
                                .accessibleName = QT_TR_NOOP("Coordinates of the 3D path"),
                                .items = {QT_TR_NOOP("Principal components of the path"),
                                          QT_TR_NOOP("Chosen components a, b, c")}},
                               [this] { choosePathCoordinates(); });
    auto* componentRow = new QHBoxLayout;
    const std::array boxNames{"componentA", "componentB", "componentC"};
    const std::array componentNames{QT_TR_NOOP("Component a"), QT_TR_NOOP("Component b"),
                                    QT_TR_NOOP("Component c")};
    for (std::size_t i = 0; i < 3; ++i) {
        // Components 0, 1, 2 in QSpinBox's own range, until refresh() sets the head's.
        QSpinBox* box = addSpinBox<int>({.name = boxNames[i],
                                         .label = nullptr,
                                         .range = {0, 99, int(i)},
                                         .toolTip = componentNames[i],
                                         .layout = componentRow},
                                        [this] { choosePathCoordinates(); });
        box->setKeyboardTracking(false);
        bindText(componentNames[i], [box](const QString& text) { box->setAccessibleName(text); });
        componentBoxes_[i] = box;
    }
    controlsLayout()->addLayout(componentRow);
    bindExplanation(QT_TR_NOOP(
        "<p>In d dimensions RoPE turns all d/2 pairs at once, pair <i>i</i> by the angle "
        "<i>p</i>θ<sub>i</sub>. The clocks show the hands at position <i>p</i> (the query "
        "position m): pair 0 turns fastest, every later pair more slowly, and the last pairs "
        "hardly move within the sequence — a clock with d/2 hands, one angle combination per "
        "position.</p>"
        "<p>One vector x turned to every position, R(x, <i>p</i>) for <i>p</i> = 0 … N − 1, "
        "traces a path in d dimensions: each pair circles at its own speed, so the path winds "
        "round a torus. It is shown in three chosen components or along its three principal "
        "directions; drag it to turn it. For one pair, (cos <i>p</i>θ<sub>i</sub>, "
        "sin <i>p</i>θ<sub>i</sub>, <i>p</i>) is a helix that climbs one wavelength "
        "2π/θ<sub>i</sub> per turn. It is drawn as the continuous curve through every "
        "position, fractional ones too; the dots are the whole-number positions tokens "
        "actually sit at, 2π/θ<sub>i</sub> of them per turn (about six for a pair that turns "
        "one radian per token).</p>"
        "<p>The layout only decides which components form a pair: half-split pairs i with "
        "i + d/2 (GPT-NeoX, HF Llama), interleaved pairs 2i with 2i + 1 (RoFormer, GPT-J, "
        "Meta Llama). The angles are the same.</p>"));
    declareExplanationNote([this] { return parameters().rope(); }, frequencyNote);
    // The camera turns with these sliders (linked below), and they follow its drags.
    LabeledSlider* yawSlider = addSlider({.name = "yawSlider",
                                          .label = QT_TR_NOOP("Turn (yaw)"),
                                          .range = {-180, 180, int(kDefaultYaw)},
                                          .toolTip = QT_TR_NOOP("Or drag the 3D views sideways")},
                                         [] {});
    LabeledSlider* pitchSlider =
        addSlider({.name = "pitchSlider",
                   .label = QT_TR_NOOP("Tilt (pitch)"),
                   .range = {-90, 90, int(kDefaultPitch)},
                   .toolTip = QT_TR_NOOP("Or drag the 3D views up and down")},
                  [] {});
    addButton({.name = "resetView", .text = QT_TR_NOOP("Reset view")},
              [this] { camera_->setAngles(kDefaultYaw, kDefaultPitch); });
    camera_->setAngles(kDefaultYaw, kDefaultPitch);
    linkOrbitSliders(camera_, yawSlider, pitchSlider);
    connect(camera_, &OrbitCamera::changed, this,
            [this] { runGuarded([this] { updateFigures(); }); });
    // The spiral's path over the whole sequence, off the UI thread; the view figure draws it, so
    // its arrival repaints the spiral once.
    declareFigures(
        {}, FigureRun::Background,
        [this] {
            return PathKey{parameters().rope(),       parameters().layout(),
                           parameters().seed(),       parameters().sequenceLength(),
                           usesPrincipalComponents(), chosenComponents()};
        },
        computePath,
        [this](const PathKey& key, Trajectory3d& path) {
            spiral_ = std::move(path);
            spiralIsPca_ = key.pca;
            spiralComponents_ = key.components;
            double largest = 0.0;
            for (const auto* axis : {&spiral_.x, &spiral_.y, &spiral_.z})
                for (double v : *axis) largest = std::max(largest, std::abs(v));
            spiralScale_ = largest > 0.0 ? 1.0 / largest : 1.0;
            ++pathsArrived_;
            runGuarded([this] { updateFigures(); });
        });
    // The path as seen from the camera, once one arrived; the query position's marker on the
    // layer above, so a new position repaints that layer alone.
    const auto angles = [this] {
        return std::pair{camera_->yawDegrees(), camera_->pitchDegrees()};
    };
    const auto view = [this, angles] {
        return spiral_.x.empty() ? std::nullopt : std::optional{std::pair{pathsArrived_, angles()}};
    };
    FigureTask* spiralView =
        declareInlineFigures({spiralPlot_}, view, [this](const auto&) { drawSpiral(); });
    declareMarkers(
        {spiralOverlay},
        [this, view] {
            return view() ? std::optional{std::pair{*view(), parameters().queryPosition()}}
                          : std::nullopt;
        },
        [this](const auto& key) { placeSpiralMarker(key->second); });
    // Which components form pairs, and the chosen one: redrawn only when those change.
    FigureTask* pairing = declareInlineFigures(
        {pairingPlot_},
        [this] {
            const RopeFrequencies freqs = ropeFrequencies(parameters().rope());
            return PairingKey{freqs.headDim, freqs.rotaryDim, parameters().layout(), pair_};
        },
        [this](const PairingKey& key) { updatePairing(key); });
    // The clock faces change with the number of pairs; the hands, on a layer above them, with
    // the angles, the position and the chosen pair (the layout and the sequence leave both).
    clockFacesFigure_ = declareInlineFigures(
        {clockPlot_}, [this] { return ropeFrequencies(parameters().rope()).pairs(); },
        [this](int pairs) { clocks_->drawFaces(pairs, theme()); });
    FigureTask* clockHands = declareMarkers(
        {clocks_->handsLayer()},
        [this] {
            return HandsKey{parameters().rope(), parameters().queryPosition(), pair_, 0};
        },
        [this](const HandsKey&) {
            clocks_->drawHands(hands_, pair_);
            // The title is drawn with the faces: a new one repaints the whole plot.
            return setTitleText(clockTitle_,
                                tr("Hands at p = %1").arg(parameters().queryPosition()));
        });
    // The helix window around the query position, seen from the camera.
    FigureTask* helix = declareInlineFigures(
        {helixPlot_},
        [this, angles] {
            return std::pair{HandsKey{parameters().rope(), parameters().queryPosition(), pair_,
                                      parameters().sequenceLength()},
                             angles()};
        },
        [this](const auto& key) {
            updateHelix(ropeFrequencies(key.first.rope));
            drawHelix();
        });
    // Titles and axis names are translated text.
    redrawOnLanguageChange({spiralView, pairing, clockFacesFigure_, clockHands, helix});
    bindState(
        QStringLiteral("components"), QJsonArray(),
        [this] {
            const std::array<int, 3> c = chosenComponents();
            return QJsonArray{c[0], c[1], c[2]};
        },
        [this](const QJsonArray& c) {
            if (c.size() == 3) setComponents(c[0].toInt(), c[1].toInt(), c[2].toInt());
        });
    bindState(
        QStringLiteral("pca"), true, [this] { return usesPrincipalComponents(); },
        [this](bool pca) { setPrincipalComponents(pca); });
    bindState(
        QStringLiteral("yaw"), kDefaultYaw, [this] { return camera_->yawDegrees(); },
        [this](double yaw) { camera_->setAngles(yaw, camera_->pitchDegrees()); });
    bindState(
        QStringLiteral("pitch"), kDefaultPitch, [this] { return camera_->pitchDegrees(); },
        [this](double pitch) { camera_->setAngles(camera_->yawDegrees(), pitch); });
    refreshOnParameterChange([this] { refresh(); });

    refresh();
    applyTheme(theme());
}

RopeNdLesson::~RopeNdLesson() = default;

void RopeNdLesson::setPairIndex(int pair) {
    if (choosePair(pair_, pair)) refresh();
}

void RopeNdLesson::setComponents(int a, int b, int c) {
    componentBoxes_[0]->setValue(a);
    componentBoxes_[1]->setValue(b);
    componentBoxes_[2]->setValue(c);
}

std::array<int, 3> RopeNdLesson::chosenComponents() const {
    return {componentBoxes_[0]->value(), componentBoxes_[1]->value(), componentBoxes_[2]->value()};
}

void RopeNdLesson::applyTheme(const PlotTheme& theme) {
    LessonPage::applyTheme(theme);
    // How many clocks are numbered depends on the font.
    if (clockFacesFigure_ != nullptr) clockFacesFigure_->invalidate();
    refresh();
}

void RopeNdLesson::refresh() {
    runGuarded([this] {
        const RopeParams& rope = parameters().rope();
        const RopeFrequencies freqs = ropeFrequencies(rope);
        showPair(pairSlider_, pair_, freqs.pairs());
        // The same range again would still repaint the boxes and lay the side panel out.
        for (QSpinBox* box : componentBoxes_) {
            if (box->maximum() != rope.headDim - 1) box->setRange(0, rope.headDim - 1);
        }
        const bool pca = usesPrincipalComponents();
        for (QSpinBox* box : componentBoxes_) box->setEnabled(!pca);
        computeHands(freqs);
        updateFigures();
        updateReadout(freqs);
    });
}

void RopeNdLesson::choosePathCoordinates() {
    // Only the spiral's path reads them: the clocks, the helix and the readout stay as they are.
    const bool pca = usesPrincipalComponents();
    for (QSpinBox* box : componentBoxes_) box->setEnabled(!pca);
    runGuarded([this] { updateFigures(); });
}

void RopeNdLesson::computeHands(const RopeFrequencies& freqs) {
    const int pairs = freqs.pairs();
    const std::int64_t p = parameters().queryPosition();
    hands_.assign(std::size_t(pairs), QPointF());
    for (int i = 0; i < pairs; ++i) {
        const Helix hand = ropeHelix(freqs, i, DistanceRange{p, p + 1, 1});
        hands_[std::size_t(i)] = QPointF(hand.cos.front(), hand.sin.front());
    }
}

void RopeNdLesson::updatePairing(const PairingKey& key) {
    const int pairs = key.rotaryDim / 2;
    const RopeLayout layout = key.layout;
    drawnPairs_.clear();
    const int shown = std::min(pairs, kMaxDrawnPairs);
    for (int i = 0; i < shown; ++i) {
        const RopePair p = ropePair(i, key.rotaryDim, layout);
        drawnPairs_.emplace_back(p.a, p.b);
    }
    const RopePair chosen = ropePair(key.pair, key.rotaryDim, layout);
    pairing_->show(key.headDim, drawnPairs_, {chosen.a, chosen.b});
    pairingNote_->setText(
        (layout == RopeLayout::HalfSplit ? tr("half-split: (i, i + d/2)")
                                         : tr("interleaved: (2i, 2i + 1)")) +
        QStringLiteral("\n") +
        (shown < pairs
             ? tr("first %1 of %2 pairs; pair %3 highlighted").arg(shown).arg(pairs).arg(key.pair)
             : tr("pair %1 highlighted").arg(key.pair)));
}

void RopeNdLesson::updateHelix(const RopeFrequencies& freqs) {
    HelixWindow window =
        ropeHelixWindow(freqs, pair_, parameters().queryPosition(), parameters().sequenceLength(),
                        {.minSegments = 4 * GradientPath::kSegments});
    helix_ = {std::move(window.curve.cos),
              std::move(window.curve.sin),
              std::move(window.curve.position),
              {}};
    helixPositions_ = {
        std::move(window.marks.cos), std::move(window.marks.sin), std::move(window.positions), {}};
}

QPointF RopeNdLesson::spiralPoint(std::size_t i) const {
    return camera_->project(spiralScale_ * spiral_.x[i], spiralScale_ * spiral_.y[i],
                            spiralScale_ * spiral_.z[i]);
}

void RopeNdLesson::drawSpiral() {
    const std::size_t n = spiral_.x.size();
    std::vector<QPointF> points(n);
    for (std::size_t i = 0; i < n; ++i) points[i] = spiralPoint(i);
    spiralPath_->setPoints(points);
    // Chosen components of fast pairs jump across the view at every position: thousands of long
    // chords, which paint ~3× faster without antialiasing and look the same.
    antialiasUnlessTangled(spiralPath_->segments());
    positionScale_->setDataRange(QCPRange(0, double(n - 1)));
    // Axis names: principal components with their share of the variance, or component indices.
    const auto name = [this](std::size_t a) {
        return spiralIsPca_ ? tr("PC%1 (%2%)")
                                  .arg(a + 1)
                                  .arg(100.0 * spiral_.explainedVariance[a], 0, 'f', 0)
                            : tr("x[%1]").arg(spiralComponents_[a]);
    };
    spiralAxes_->setNames(name(0), name(1), name(2));
    spiralAxes_->place(*camera_, 0.0, 1.3, 1.0 + kAxisPast);
    spiralTitle_->setText(tr("R(x, p), p = 0 … %1\ndrag to turn").arg(n - 1));
}

void RopeNdLesson::placeSpiralMarker(int position) {
    if (position >= 0 && std::size_t(position) < spiral_.x.size()) {
        const QPointF at = spiralPoint(std::size_t(position));
        spiralMarker_->setData({at.x()}, {at.y()});
    } else {
        spiralMarker_->data()->clear();
    }
}

void RopeNdLesson::drawHelix() {
    const std::size_t h = helix_.x.size();
    if (h > 0) {
        const int marked = parameters().queryPosition();
        const double first = helix_.z.front();
        const double last = helix_.z.back();
        const double zScale = last > first ? 2.0 * kHelixHalfHeight / (last - first) : 0.0;
        const auto height = [&](double position) {
            return (position - first) * zScale - kHelixHalfHeight;
        };
        std::vector<QPointF> points(h);
        for (std::size_t i = 0; i < h; ++i) {
            points[i] = camera_->project(helix_.x[i], helix_.y[i], height(helix_.z[i]));
        }
        helixPath_->setPoints(points);
        QVector<double> dotX, dotY;
        for (std::size_t i = 0; i < helixPositions_.z.size(); ++i) {
            const QPointF at = camera_->project(helixPositions_.x[i], helixPositions_.y[i],
                                                height(helixPositions_.z[i]));
            dotX.push_back(at.x());
            dotY.push_back(at.y());
        }
        helixDots_->setData(dotX, dotY, true);
        // The current position's hand, at its height in the window.
        if (std::size_t(pair_) < hands_.size() && marked >= first && marked <= last) {
            const QPointF hand = hands_[std::size_t(pair_)];
            const QPointF at = camera_->project(hand.x(), hand.y(), height(marked));
            helixMarker_->setData({at.x()}, {at.y()});
        } else {
            helixMarker_->data()->clear();
        }
        helixTitle_->setText((helixPositions_.z.empty()
                                  ? tr("Helix of pair %1\np = %2 … %3")
                                  : tr("Helix of pair %1, dots at whole positions\n"
                                       "p = %2 … %3"))
                                 .arg(pair_)
                                 .arg(static_cast<qint64>(first))
                                 .arg(static_cast<qint64>(last)));
    }
    helixAxes_->setNames(tr("cos pθ"), tr("sin pθ"), tr("p"));
    // Below the helix and past its radius: the axes' names clear its coils.
    helixAxes_->place(*camera_, -kHelixHalfHeight - 0.3, 1.5, kHelixHalfHeight + kAxisPast);
}

void RopeNdLesson::updateReadout(const RopeFrequencies& freqs) {
    const double theta = freqs.invFreq[std::size_t(pair_)];
    const int p = parameters().queryPosition();
    const QPointF hand = hands_[std::size_t(pair_)];
    const double angle = std::atan2(hand.y(), hand.x()) * 180.0 / std::numbers::pi;
    const RopePair components = ropePair(pair_, freqs.rotaryDim, parameters().layout());
    setReadouts({
        {QStringLiteral("position"), tr("position p"), p, {'f', 0}},
        {QStringLiteral("theta"),
         tr("θ<sub>%1</sub>").arg(pair_),
         theta,
         {'g', 5, tr("%1 rad/token")}},
        {QStringLiteral("wavelength"),
         tr("wavelength 2π/θ<sub>%1</sub>").arg(pair_),
         2.0 * std::numbers::pi / theta,
         {'g', 5, tr("%1 tokens")}},
        {QStringLiteral("turns"),
         tr("turns so far, pθ/2π"),
         p * theta / (2.0 * std::numbers::pi),
         {'g', 5}},
        {QStringLiteral("hand_angle_deg"),
         tr("hand angle (mod 360°)"),
         angle,
         {'f', 1, QStringLiteral("%1°")}},
        {QStringLiteral("slowest_theta"),
         tr("slowest pair θ<sub>%1</sub>").arg(freqs.pairs() - 1),
         freqs.invFreq.back(),
         {'g', 4, tr("%1 rad/token")}},
        {QStringLiteral("pair"), {}, pair_},
        {QStringLiteral("pairs"), {}, freqs.pairs()},
        {QStringLiteral("component_a"), {}, components.a},
        {QStringLiteral("component_b"), {}, components.b},
    });
}

}  // namespace ropelab::ui
