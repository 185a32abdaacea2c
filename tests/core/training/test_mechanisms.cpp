// SPDX-License-Identifier: GPL-3.0-or-later
// Each position encoding inside the trained model equals core's reference function: the
// engine's layer-0 scores (libtorch) against the same scores computed here in double with
// Eigen and encodings/ (applyRope, alibiBias, t5BiasMatrix, sinusoidalEncoding).

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "encodings/alibi.h"
#include "encodings/rope_apply.h"
#include "encodings/sinusoidal.h"
#include "encodings/t5_buckets.h"
#include "training/position_tables.h"
#include "training/trainer.h"

namespace ropelab::training {
namespace {

constexpr int kLength = 11;

Model testModel(PositionEncoding encoding) {
    Model model;
    model.config.encoding = encoding;
    model.config.layers = 2;
    model.config.width = 16;
    model.config.heads = 2;
    model.config.vocabulary = 17;
    model.config.trainLength = 12;
    model.config.ropeTheta = 100.0;  // fast and slow pairs both turn within 11 positions
    model.vocabulary = syntheticTask(TaskKind::Copy).vocabulary;
    model.task = "copy";
    model.tensors = initialWeights(model.config, 7);
    // Scale everything up (std 0.5) so that q·k is not negligible beside the bias.
    for (NamedTensor& t : model.tensors) {
        for (float& v : t.values) v *= 25.0f;
    }
    return model;
}

Eigen::MatrixXd matrix(const NamedTensor& t) {
    Eigen::MatrixXd m(t.shape[0], t.shape.size() > 1 ? t.shape[1] : 1);
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            m(r, c) = t.values[static_cast<std::size_t>(r * m.cols() + c)];
    }
    return m;
}

Eigen::VectorXd layerNorm(const Eigen::VectorXd& x, const Eigen::VectorXd& w,
                          const Eigen::VectorXd& b) {
    const double mean = x.mean();
    const double variance = (x.array() - mean).square().mean();
    return ((x.array() - mean) / std::sqrt(variance + 1e-5)).matrix().cwiseProduct(w) + b;
}

// Layer 0's scores [head][i][j] in double, the way model.h describes them.
std::vector<double> referenceScores(const Model& model, const std::vector<std::int64_t>& tokens,
                                    const std::optional<RopeParams>& rope) {
    const ModelConfig& c = model.config;
    const int length = static_cast<int>(tokens.size());
    const int d = c.width;
    const int dh = c.headDim();
    const Eigen::MatrixXd embed = matrix(model.tensor("embed.weight"));
    const Eigen::MatrixXd qkvW = matrix(model.tensor("blocks.0.attn.qkv.weight"));
    const Eigen::VectorXd qkvB = matrix(model.tensor("blocks.0.attn.qkv.bias"));
    const Eigen::VectorXd lnW = matrix(model.tensor("blocks.0.ln1.weight"));
    const Eigen::VectorXd lnB = matrix(model.tensor("blocks.0.ln1.bias"));
    std::vector<Eigen::VectorXd> qkv;
    for (int p = 0; p < length; ++p) {
        Eigen::VectorXd x = embed.row(tokens[static_cast<std::size_t>(p)]).transpose();
        if (c.encoding == PositionEncoding::Learned)
            x += matrix(model.tensor("pos.weight")).row(p).transpose();
        if (c.encoding == PositionEncoding::Sinusoidal) x += sinusoidalEncoding(p, d);
        qkv.push_back(qkvW * layerNorm(x, lnW, lnB) + qkvB);
    }
    const std::vector<double> slopes = alibiSlopes(c.heads);
    std::vector<double> scores;
    for (int h = 0; h < c.heads; ++h) {
        Eigen::MatrixXd bias = Eigen::MatrixXd::Zero(length, length);
        if (c.encoding == PositionEncoding::Alibi)
            bias = alibiBias(length, slopes[static_cast<std::size_t>(h)]);
        if (c.encoding == PositionEncoding::T5) {
            const Eigen::VectorXd column = matrix(model.tensor("t5_bias.weight")).col(h);
            bias = t5BiasMatrix(length, {32, 128, false}, column);
        }
        for (int i = 0; i < length; ++i) {
            for (int j = 0; j < length; ++j) {
                if (j > i) {
                    scores.push_back(-std::numeric_limits<double>::infinity());
                    continue;
                }
                Eigen::VectorXd q = qkv[static_cast<std::size_t>(i)].segment(h * dh, dh);
                Eigen::VectorXd k = qkv[static_cast<std::size_t>(j)].segment(d + h * dh, dh);
                if (c.encoding == PositionEncoding::Rope) {
                    RopeParams params;
                    if (rope) params = *rope;
                    params.headDim = dh;
                    if (!rope) params.ropeTheta = c.ropeTheta;
                    params.seqLen = length;
                    const RopeFrequencies freqs = ropeFrequencies(params);
                    q = applyRope(q, i, freqs, RopeLayout::HalfSplit);
                    k = applyRope(k, j, freqs, RopeLayout::HalfSplit);
                }
                scores.push_back(q.dot(k) / std::sqrt(static_cast<double>(dh)) + bias(i, j));
            }
        }
    }
    return scores;
}

void expectScoresMatch(const Model& model, const std::optional<RopeParams>& rope = std::nullopt) {
    const std::vector<std::int64_t> tokens{3, 0, 16, 5, 5, 9, 1, 12, 0, 7, 2};
    const std::vector<double> engine = attentionScores(model, tokens, 0, rope);
    const std::vector<double> reference = referenceScores(model, tokens, rope);
    ASSERT_EQ(engine.size(), reference.size());
    double largest = 0;
    for (std::size_t n = 0; n < engine.size(); ++n) {
        if (std::isinf(reference[n])) {
            EXPECT_TRUE(std::isinf(engine[n]) && engine[n] < 0) << n;
            continue;
        }
        largest = std::max(largest, std::abs(reference[n]));
        EXPECT_NEAR(engine[n], reference[n], 2e-4 * std::max(1.0, std::abs(reference[n]))) << n;
    }
    EXPECT_GT(largest, 0.5);  // the scores are not all near zero: the comparison means something
}

class MechanismTest : public ::testing::TestWithParam<PositionEncoding> {};

TEST_P(MechanismTest, LayerZeroScoresEqualCoreReferenceFunctions) {
    expectScoresMatch(testModel(GetParam()));
}

INSTANTIATE_TEST_SUITE_P(AllEncodings, MechanismTest, ::testing::ValuesIn(allEncodings),
                         [](const auto& info) { return std::string(toString(info.param)); });

TEST(Mechanism, RopeAtEvaluationTakesLessonSevenMethods) {
    const Model model = testModel(PositionEncoding::Rope);
    RopeParams linear;
    linear.headDim = 8;
    linear.ropeTheta = 100.0;
    linear.ropeType = RopeType::Linear;
    linear.factor = 2.0;
    expectScoresMatch(model, linear);
    RopeParams yarn = linear;
    yarn.ropeType = RopeType::Yarn;
    yarn.factor = 4.0;
    yarn.maxPositionEmbeddings = 12;
    expectScoresMatch(model, yarn);  // attention factor 0.1·ln 4 + 1 on cos and sin
    RopeParams dynamic = linear;
    dynamic.ropeType = RopeType::Dynamic;
    dynamic.maxPositionEmbeddings = 6;  // shorter than the sequence: the base grows with T = 11
    expectScoresMatch(model, dynamic);
}

TEST(Mechanism, DynamicScalesFromEachSequencesOwnLength) {
    const ModelConfig config = testModel(PositionEncoding::Rope).config;
    RopeParams dynamic;
    dynamic.headDim = 8;
    dynamic.ropeType = RopeType::Dynamic;
    dynamic.factor = 2.0;
    dynamic.maxPositionEmbeddings = 12;
    // Below max_position_embeddings dynamic is the default; at 48 tokens its base is
    // 10000·(2·48/12 − 1)^(8/6) (HF _compute_dynamic_ntk_parameters).
    EXPECT_DOUBLE_EQ(ropeFrequencies(ropeParamsFor(config, dynamic, 10)).invFreq[1],
                     std::pow(10000.0, -0.25));
    EXPECT_NEAR(ropeFrequencies(ropeParamsFor(config, dynamic, 48)).invFreq[1],
                std::pow(10000.0 * std::pow(7.0, 8.0 / 6.0), -0.25), 1e-15);
}

TEST(Mechanism, PositionTablesAreCoresNumbers) {
    // t5: distance 20 lands in 16 + trunc(ln(20/16)/ln(128/16)·16) = 17 (hand-computed).
    const std::vector<std::int64_t> buckets = t5BucketRows(24);
    EXPECT_EQ(buckets[23 * 24 + 3], 17);
    EXPECT_EQ(buckets[5 * 24 + 5], 0);
    // alibi, 4 heads: slope of head 2 is 2^-4; query 5, key 1 → −4/16.
    EXPECT_FLOAT_EQ(alibiBiasRows(4, 6)[1 * 36 + 5 * 6 + 1], -0.25f);
    // sinusoidal: PE(3, 1) = cos(3), PE(3, 2) = sin(3/10000^(2/8)).
    const std::vector<float> rows = sinusoidalRows(4, 8);
    EXPECT_FLOAT_EQ(rows[3 * 8 + 1], static_cast<float>(std::cos(3.0)));
    EXPECT_FLOAT_EQ(rows[3 * 8 + 2], static_cast<float>(std::sin(3.0 / 10.0)));
}

}  // namespace
}  // namespace ropelab::training
