// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 6, dot product vs relative distance: for two chosen encodings side by side (RoPE,
// sinusoidal or learned added, T5, ALiBi, the seed code) the score heat map score(m, n) and the
// curves score against m − n for several key positions, with the invariance deviation as a
// number; below, RoPE's long-term decay: the RoFormer bound and the measured mean |score|.

#include <array>
#include <vector>

#include "analysis/decay_comparison.h"
#include "analysis/score_encoding.h"
#include "analysis/score_heatmap.h"
#include "lessons/lesson_page.h"
#include "widgets/heat_map.h"

class QCPGraph;
class QCPTextElement;
class QComboBox;

namespace ropelab::ui {

class InvarianceLesson : public LessonPage {
    Q_OBJECT
public:
    explicit InvarianceLesson(const LessonContext& context, QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("invariance"); }
    QString title() const override { return tr("Dot product vs relative distance"); }
    void retranslate() override;
    SharedParameters sharedParameters() const override {
        return SharedParameter::HeadDim | SharedParameter::Base | SharedParameter::Layout |
               SharedParameter::SequenceLength;
    }

    // Heat maps and curves cover the first positions (shared N, at most this).
    static constexpr int kMaxPositions = 512;
    static constexpr int kDeviationPositions = 256;
    static constexpr int kKeyPositions = 3;  // curves for keys at 0, N/4 and N/2
    static constexpr int kMaxDecayDistances = 4096;
    static constexpr int kDecaySamples = 32;

    void setEncoding(int side, ScoreEncoding encoding);
    ScoreEncoding encoding(int side) const { return encodings_[static_cast<std::size_t>(side)]; }

    // What the views show, for tests and the benchmark.
    const PooledGrid& grid(int side) const { return grids_[static_cast<std::size_t>(side)]; }
    double deviation(int side) const { return deviations_[static_cast<std::size_t>(side)]; }
    std::int64_t keyPosition(int index) const { return keyPosition(positions_, index); }
    const std::vector<double>& decayDistances() const { return decay_.distances; }
    const std::vector<double>& decayBound() const { return decay_.bound; }
    const std::vector<double>& meanAbsScore() const { return decay_.mean; }
    const std::vector<double>& alignedScore() const { return decay_.aligned; }
    QComboBox* encodingBox(int side) const {
        return sides_[static_cast<std::size_t>(side)].encodingBox;
    }

private:
    // Key `index` of kKeyPositions, spread evenly over `positions`.
    static std::int64_t keyPosition(int positions, int index) {
        return std::int64_t{positions} * index / (kKeyPositions + 1);
    }
    struct Side {
        QComboBox* encodingBox = nullptr;
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
        ColouredCells heat;  // the grid coloured off the UI thread
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

    ScoreEncodingParams encodingParams(ScoreEncoding encoding) const;
    QString encodingName(ScoreEncoding encoding) const;
    void retranslateSide(int side);
    void refresh();
    static SideResult computeSide(const SideKey& key, const Execution& exec);
    void drawSide(std::size_t index, int positions, SideResult& result);
    void drawDecay(DecayComparison& decay);
    // The readouts of what is on screen (published once both sides and the decay are shown).
    void updateReadout();

    std::array<Side, 2> sides_;
    QCustomPlot* decayPlot_ = nullptr;
    std::array<QCPGraph*, 3> decayGraphs_{};  // the bound, |score| for q = k, the mean |score|

    std::array<ScoreEncoding, 2> encodings_{ScoreEncoding::Rope, ScoreEncoding::Sinusoidal};
    std::array<bool, 2> sideShown_{false, false};
    int positions_ = 0;
    std::array<PooledGrid, 2> grids_;
    std::array<double, 2> deviations_{0.0, 0.0};
    DecayComparison decay_;  // the decay shown; no distances before the first
};

}  // namespace ropelab::ui
