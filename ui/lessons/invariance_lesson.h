// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 6, dot product vs relative distance: for two chosen encodings side by side (RoPE,
// sinusoidal or learned added, T5, ALiBi, the seed code) the score heat map score(m, n) and the
// curves score against m − n for several key positions, with the invariance deviation as a
// number; below, RoPE's long-term decay: the RoFormer bound and the measured mean |score|.

#include <array>
#include <optional>
#include <vector>

#include "analysis/score_encoding.h"
#include "analysis/score_heatmap.h"
#include "lessons/lesson_page.h"
#include "widgets/plot_helpers.h"

class QCPGraph;
class QCPTextElement;
class QComboBox;
class QLabel;

namespace ropelab::ui {

class LatestJob;

class InvarianceLesson : public LessonPage {
    Q_OBJECT
public:
    explicit InvarianceLesson(const LessonContext& context, QWidget* parent = nullptr);
    ~InvarianceLesson() override;

    QString id() const override { return QStringLiteral("invariance"); }
    QString title() const override;
    void retranslate() override;
    SharedParameters sharedParameters() const override;
    QJsonObject saveState() const override;
    void restoreState(const QJsonObject& state) override;

    // Heat maps and curves cover the first positions() positions (shared N, at most this).
    static constexpr int kMaxPositions = 512;
    static constexpr int kDeviationPositions = 256;
    static constexpr int kKeyPositions = 3;  // curves for keys at 0, N/4 and N/2
    static constexpr int kMaxDecayDistances = 4096;
    static constexpr int kDecaySamples = 32;

    void setEncoding(int side, ScoreEncoding encoding);
    ScoreEncoding encoding(int side) const { return encodings_[static_cast<std::size_t>(side)]; }

    // What the views show, for tests and the benchmark.
    int positions() const { return positions_; }
    const PooledGrid& grid(int side) const { return grids_[static_cast<std::size_t>(side)]; }
    double deviation(int side) const { return deviations_[static_cast<std::size_t>(side)]; }
    std::int64_t keyPosition(int index) const;
    const std::vector<double>& decayDistances() const { return decayDistances_; }
    const std::vector<double>& decayBound() const { return decayBound_; }
    const std::vector<double>& meanAbsScore() const { return meanAbsScore_; }
    const std::vector<double>& alignedScore() const { return alignedScore_; }
    // Test and benchmark helper: waits until the heat maps, curves and decay are on screen.
    bool waitForComputation(int timeoutMs = 60000);
    QComboBox* encodingBox(int side) const {
        return encodingBoxes_[static_cast<std::size_t>(side)];
    }

private:
    struct Side {
        QCustomPlot* heatPlot = nullptr;
        QCustomPlot* curvePlot = nullptr;
        QCPTextElement* heatTitle = nullptr;
        QCPTextElement* curveTitle = nullptr;
        HeatMap heat;
        std::array<QCPGraph*, kKeyPositions> curves{};
    };
    // What one side's heat map, deviation and curves depend on.
    struct SideKey {
        ScoreEncodingParams params;
        unsigned seed = 0;
        int positions = 0;
        int dim = 0;
        bool operator==(const SideKey&) const = default;
    };
    struct SideResult {
        PooledGrid grid;
        double deviation = 0.0;
        std::array<std::vector<double>, kKeyPositions> curves;
    };
    // What the decay plot depends on.
    struct DecayKey {
        RopeParams rope;
        RopeLayout layout = RopeLayout::HalfSplit;
        unsigned seed = 0;
        int length = 0;
        bool operator==(const DecayKey&) const = default;
    };

    struct DecayResult {
        std::vector<double> distances, bound, aligned, mean;
    };

    ScoreEncodingParams encodingParams(ScoreEncoding encoding) const;
    QString encodingName(ScoreEncoding encoding) const;
    void retranslateSide(int side);
    void refresh();
    void showResults(int positions, const std::array<std::optional<SideKey>, 2>& keys,
                     std::array<std::optional<SideResult>, 2>& results,
                     const std::optional<DecayKey>& decayKey, DecayResult decay);
    void updateReadout();
    // The named readouts of what is on screen (none until both sides and the decay are shown).
    void publishReadouts();

    std::array<Side, 2> sides_;
    std::array<QComboBox*, 2> encodingBoxes_{};
    std::array<QLabel*, 2> encodingLabels_{};
    QCustomPlot* decayPlot_;
    QCPTextElement* decayTitle_;
    QCPGraph* boundGraph_;
    QCPGraph* alignedGraph_;
    QCPGraph* meanGraph_;
    LatestJob* job_;  // heat maps, deviations, curves, the decay bound and the mean |score|

    std::array<ScoreEncoding, 2> encodings_{ScoreEncoding::Rope, ScoreEncoding::Sinusoidal};
    std::array<std::optional<SideKey>, 2> sideKeys_;
    std::optional<DecayKey> decayKey_;
    int positions_ = 0;
    std::array<PooledGrid, 2> grids_;
    std::array<double, 2> deviations_{0.0, 0.0};
    std::vector<double> decayDistances_;
    std::vector<double> decayBound_;
    std::vector<double> meanAbsScore_;
    std::vector<double> alignedScore_;
};

}  // namespace ropelab::ui
