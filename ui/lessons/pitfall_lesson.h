// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 8, the pitfall: the seed text's sample code (add cos(p·j·0.01), multiply by the fixed
// M[i, j] = cos(i·j·0.01)) beside correct RoPE — M is no rotation (singular values, norms) and
// its score heat map is not constant along diagonals.

#include <Eigen/Core>
#include <array>
#include <optional>
#include <vector>

#include "analysis/score_heatmap.h"
#include "lessons/lesson_page.h"
#include "widgets/heat_map.h"

class QCPGraph;
class QCheckBox;

namespace ropelab {
struct Execution;
}

namespace ropelab::ui {

class PitfallLesson : public LessonPage {
    Q_OBJECT
public:
    explicit PitfallLesson(const LessonContext& context, QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("pitfall"); }
    QString title() const override { return tr("The pitfall: a matrix that is not a rotation"); }
    SharedParameters sharedParameters() const override {
        return SharedParameter::HeadDim | SharedParameter::Base | SharedParameter::Layout |
               SharedParameter::SequenceLength;
    }

    // The heat maps show the first positions() positions (the shared N, at most kMaxPositions).
    static constexpr int kMaxPositions = 512;

    // What the views show, for tests and the benchmark.
    int positions() const { return ropeShown_ ? ropeShown_->inputs.positions : 0; }
    int dimension() const { return ropeShown_ ? ropeShown_->inputs.dimension : 0; }
    double seedDeviation() const { return seed_.deviation; }
    double ropeDeviation() const { return rope_.deviation; }
    const Eigen::VectorXd& seedSingularValues() const { return seed_.singular; }
    const Eigen::VectorXd& ropeSingularValues() const { return rope_.singular; }
    int seedRank() const { return seed_.rank; }
    int ropeRank() const { return rope_.rank; }
    const std::vector<double>& seedNormRatios() const { return seed_.norms; }
    const std::vector<double>& ropeNormRatios() const { return rope_.norms; }
    QCheckBox* seedDimensionBox() const { return seedDimension_; }

private:
    // What each side reads: the wrong code's side only the vectors, N and d.
    struct SeedKey {
        unsigned seed;
        int positions;
        int dimension;
        bool operator==(const SeedKey&) const = default;
    };
    struct RopeKey {
        RopeParams rope;
        RopeLayout layout;
        SeedKey inputs;
        bool operator==(const RopeKey&) const = default;
    };

    // One side's numbers: score heat map (coloured off the UI thread), diagonal deviation,
    // singular values of its position transform, numerical rank, and the length ratios
    // ‖x·M‖ / ‖x‖ of that transform alone for random directions x, smallest first.
    struct SideResult {
        ColouredCells heat;
        double deviation = 0.0;
        Eigen::VectorXd singular;
        int rank = 0;
        std::vector<double> norms;
    };
    void refresh();
    // The vectors' seed, N and d shown.
    SeedKey shownInputs() const;
    static SideResult computeSide(const ScoreEncodingParams& encoding,
                                  const Eigen::MatrixXd& transform, const Eigen::MatrixXd& rowMap,
                                  const SeedKey& key, const Execution& exec);
    // Both sides' spectra on one plot, and their length ratios on another.
    void drawSpectra();
    void updateReadout();
    // The RoPE configuration shown: the shared one, or one plain pair for d_model = 2.
    RopeParams shownRope() const;

    QCustomPlot* singularPlot_;
    QCustomPlot* normPlot_;
    HeatMap seedHeat_;
    HeatMap ropeHeat_;
    // The wrong code's graph and RoPE's on each spectra plot.
    std::array<QCPGraph*, 2> singularGraphs_{};
    std::array<QCPGraph*, 2> normGraphs_{};
    QCheckBox* seedDimension_;

    // The inputs and numbers of each side on screen (its heat map's cells are the map's).
    std::optional<SeedKey> seedShown_;
    std::optional<RopeKey> ropeShown_;
    SideResult seed_;
    SideResult rope_;
};

}  // namespace ropelab::ui
