// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/toy_attention.h"

#include <cmath>
#include <string>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/rope_apply.h"
#include "encodings/rope_frequencies.h"
#include "encodings/sinusoidal.h"

namespace ropelab {

namespace {

void validateOrder(const std::vector<int>& order, Eigen::Index vocabulary) {
    if (static_cast<Eigen::Index>(order.size()) != vocabulary) {
        throw InputError("token order must list each of the " + std::to_string(vocabulary) +
                         " tokens once, got " + std::to_string(order.size()) + " positions");
    }
    std::vector<bool> seen(static_cast<std::size_t>(vocabulary), false);
    for (const int token : order) {
        if (token < 0 || token >= vocabulary || seen[static_cast<std::size_t>(token)]) {
            throw InputError("token order must be a permutation of 0 … " +
                             std::to_string(vocabulary - 1) + ", got token " +
                             std::to_string(token) + " out of range or twice");
        }
        seen[static_cast<std::size_t>(token)] = true;
    }
}

void validateShapes(const ToyAttention& model) {
    const Eigen::Index dModel = model.embeddings.cols();
    if (model.embeddings.rows() < 1 || dModel < 1) {
        throw InputError("toy attention needs at least one token embedding");
    }
    if (model.query.rows() != dModel || model.key.rows() != dModel ||
        model.value.rows() != dModel) {
        throw InputError("toy attention projections must have d_model = " + std::to_string(dModel) +
                         " rows");
    }
    if (model.query.cols() != model.key.cols() || model.query.cols() < 1) {
        throw InputError("toy attention query and key projections must have the same d_head");
    }
}

}  // namespace

ToyAttention toyAttentionExample() {
    ToyAttention model;
    model.embeddings.resize(3, 4);
    // Rows: dog (狗), chases (追), pig (猪).
    model.embeddings << 1.0, 0.2, -0.5, 0.3,  //
        -0.3, 1.0, 0.4, -0.6,                 //
        0.6, -0.4, 0.9, 0.5;
    model.query.resize(4, 4);
    model.query << 1.2, -0.4, 0.3, 0.8,  //
        0.5, 1.1, -0.7, 0.2,             //
        -0.6, 0.4, 1.0, -0.3,            //
        0.3, -0.9, 0.2, 1.1;
    model.key.resize(4, 4);
    model.key << 0.9, 0.6, -0.2, 0.4,  //
        -0.8, 1.0, 0.5, -0.1,          //
        0.4, -0.3, 1.2, 0.7,           //
        0.7, 0.2, -0.6, 1.0;
    model.value.resize(4, 2);
    model.value << 1.0, 0.2,  //
        -0.3, 1.0,            //
        0.8, -0.7,            //
        0.1, 0.6;
    return model;
}

ToyAttentionResult toySelfAttention(const ToyAttention& model, const std::vector<int>& order,
                                    ToyPosition position, double base) {
    validateShapes(model);
    validateOrder(order, model.embeddings.rows());
    const Eigen::Index n = static_cast<Eigen::Index>(order.size());
    const Eigen::Index dModel = model.embeddings.cols();
    const Eigen::Index dHead = model.query.cols();

    Eigen::MatrixXd x(n, dModel);
    for (Eigen::Index p = 0; p < n; ++p) x.row(p) = model.embeddings.row(order[std::size_t(p)]);
    if (position == ToyPosition::Sinusoidal) {
        std::vector<double> positions(static_cast<std::size_t>(n));
        for (Eigen::Index p = 0; p < n; ++p) positions[std::size_t(p)] = static_cast<double>(p);
        x += sinusoidalTable(positions, static_cast<int>(dModel), base);
    }
    Eigen::MatrixXd q = x * model.query;
    Eigen::MatrixXd k = x * model.key;
    const Eigen::MatrixXd v = x * model.value;
    if (position == ToyPosition::Rope) {
        RopeParams rope;
        rope.headDim = static_cast<int>(dHead);
        rope.ropeTheta = base;
        const RopeFrequencies freqs = ropeFrequencies(rope);
        for (Eigen::Index p = 0; p < n; ++p) {
            q.row(p) = applyRope(q.row(p).transpose(), static_cast<double>(p), freqs,
                                 RopeLayout::Interleaved)
                           .transpose();
            k.row(p) = applyRope(k.row(p).transpose(), static_cast<double>(p), freqs,
                                 RopeLayout::Interleaved)
                           .transpose();
        }
    } else {
        requireFinite(base, "base");
        if (!(base > 1.0)) throw ParameterError({"base", Rule::GreaterThan, base, 1.0});
    }

    ToyAttentionResult result;
    result.scores = q * k.transpose() / std::sqrt(static_cast<double>(dHead));
    result.weights.resize(n, n);
    for (Eigen::Index i = 0; i < n; ++i) {
        // Subtracting the row maximum keeps exp() finite without changing the softmax.
        const Eigen::RowVectorXd shifted =
            result.scores.row(i).array() - result.scores.row(i).maxCoeff();
        const Eigen::RowVectorXd e = shifted.array().exp();
        result.weights.row(i) = e / e.sum();
    }
    result.outputs = result.weights * v;
    result.outputsByToken.resize(n, v.cols());
    for (Eigen::Index p = 0; p < n; ++p) {
        result.outputsByToken.row(order[std::size_t(p)]) = result.outputs.row(p);
    }
    return result;
}

double maxTokenOutputDifference(const ToyAttentionResult& first, const ToyAttentionResult& second) {
    if (first.outputsByToken.rows() != second.outputsByToken.rows() ||
        first.outputsByToken.cols() != second.outputsByToken.cols()) {
        throw InputError("toy attention results to compare must have the same tokens");
    }
    return (first.outputsByToken - second.outputsByToken).cwiseAbs().maxCoeff();
}

}  // namespace ropelab
