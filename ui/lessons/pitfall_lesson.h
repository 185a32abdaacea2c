// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 8, the pitfall: the seed text's sample code (add cos(p·j·0.01), multiply by the fixed
// M[i, j] = cos(i·j·0.01)) beside correct RoPE — M is no rotation (singular values, norms) and
// its score heat map is not constant along diagonals.

#include <Eigen/Core>
#include <optional>
#include <vector>

#include "analysis/score_heatmap.h"
#include "lessons/lesson_page.h"
#include "widgets/plot_helpers.h"

class QCPGraph;
class QCPTextElement;
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
    QString title() const override;
    SharedParameters sharedParameters() const override;

    // The heat maps show the first positions() positions (the shared N, at most kMaxPositions).
    static constexpr int kMaxPositions = 512;
    // The diagonal deviation is measured over the first kDeviationPositions positions at most.
    static constexpr int kDeviationPositions = 256;

    // What the views show, for tests and the benchmark.
    int positions() const { return ropeShown_ ? ropeShown_->inputs.positions : 0; }
    int dimension() const { return ropeShown_ ? ropeShown_->inputs.dimension : 0; }
    const PooledGrid& seedGrid() const { return seedGrid_; }
    const PooledGrid& ropeGrid() const { return ropeGrid_; }
    double seedDeviation() const { return seedDeviation_; }
    double ropeDeviation() const { return ropeDeviation_; }
    const Eigen::VectorXd& seedSingularValues() const { return seedSingular_; }
    const Eigen::VectorXd& ropeSingularValues() const { return ropeSingular_; }
    int seedRank() const { return seedRank_; }
    int ropeRank() const { return ropeRank_; }
    const std::vector<double>& seedNormRatios() const { return seedNorms_; }
    const std::vector<double>& ropeNormRatios() const { return ropeNorms_; }
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

    // One side's numbers: score heat map, diagonal deviation, singular values of its position
    // transform, numerical rank, and the length ratios ‖x·M‖ / ‖x‖ of that transform alone for
    // random directions x, smallest first.
    struct SideResult {
        PooledGrid grid;
        ColouredCells heat;  // the grid coloured off the UI thread
        double deviation = 0.0;
        Eigen::VectorXd singular;
        int rank = 0;
        std::vector<double> norms;
    };
    void refresh();
    int shownPositions() const;
    int shownDimension() const;
    static SideResult computeSide(const ScoreEncodingParams& encoding,
                                  const Eigen::MatrixXd& transform, const Eigen::MatrixXd& rowMap,
                                  const SeedKey& key, const Execution& exec);
    // Both sides' spectra on one plot, and their length ratios on another.
    void drawSpectra();
    void updateReadout();
    // The RoPE configuration shown: the shared one, or one plain pair for d_model = 2.
    RopeParams shownRope() const;
    // Heat-map titles naming each map's colour range.
    QString seedTitleText() const;
    QString ropeTitleText() const;

    QCustomPlot* seedPlot_;
    QCustomPlot* ropePlot_;
    QCustomPlot* singularPlot_;
    QCustomPlot* normPlot_;
    QCPTextElement* seedTitle_;
    QCPTextElement* ropeTitle_;
    HeatMap seedHeat_;
    HeatMap ropeHeat_;
    QCPGraph* seedSingularGraph_;
    QCPGraph* ropeSingularGraph_;
    QCPGraph* seedNormGraph_;
    QCPGraph* ropeNormGraph_;
    QCheckBox* seedDimension_;

    // The inputs of each side on screen.
    std::optional<SeedKey> seedShown_;
    std::optional<RopeKey> ropeShown_;
    PooledGrid seedGrid_;
    PooledGrid ropeGrid_;
    double seedDeviation_ = 0.0;
    double ropeDeviation_ = 0.0;
    Eigen::VectorXd seedSingular_;
    Eigen::VectorXd ropeSingular_;
    int seedRank_ = 0;
    int ropeRank_ = 0;
    std::vector<double> seedNorms_;
    std::vector<double> ropeNorms_;
};

}  // namespace ropelab::ui
