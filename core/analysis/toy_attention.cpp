// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/toy_attention.h"

#include <cmath>
#include <string>
#include <utility>

#include "common/parameter_error.h"
#include "encodings/rope_apply.h"
#include "encodings/rope_frequencies.h"
#include "encodings/sinusoidal.h"

namespace ropelab {

namespace {

void validateOrder(const std::vector<int>& order, Eigen::Index vocabulary) {
    if (static_cast<Eigen::Index>(order.size()) != vocabulary) {
        throw ParameterError({"token_order", Rule::Count, static_cast<double>(order.size()),
                              static_cast<double>(vocabulary)});
    }
    std::vector<bool> seen(static_cast<std::size_t>(vocabulary), false);
    for (const int token : order) {
        if (token < 0 || token >= vocabulary) {
            ParameterProblem problem("token_order", Rule::Between, token, 0,
                                     static_cast<double>(vocabulary - 1));
            problem.eachValue = true;
            throw ParameterError(problem);
        }
        if (seen[static_cast<std::size_t>(token)]) {
            throw ParameterError({"token_order", Rule::Distinct, static_cast<double>(token)});
        }
        seen[static_cast<std::size_t>(token)] = true;
    }
}

void validateShapes(const ToyAttention& model) {
    const Eigen::Index dModel = model.embeddings.cols();
    if (model.embeddings.rows() < 1 || dModel < 1)
        throw ParameterError({"embeddings", Rule::NotEmpty});
    // Each projection has one row per embedding component (d_model).
    for (const auto& [name, projection] :
         {std::pair{"query", &model.query}, std::pair{"key", &model.key},
          std::pair{"value", &model.value}}) {
        if (projection->rows() != dModel) {
            throw ParameterError({name, Rule::Count, static_cast<double>(projection->rows()),
                                  static_cast<double>(dModel)});
        }
    }
    if (model.query.cols() < 1) throw ParameterError({"query", Rule::NotEmpty});
    if (model.key.cols() != model.query.cols()) {
        throw ParameterError({"d_head", Rule::EqualTo, static_cast<double>(model.key.cols()),
                              static_cast<double>(model.query.cols())});
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
    result.weightsByToken.resize(n, n);
    for (Eigen::Index p = 0; p < n; ++p) {
        result.outputsByToken.row(order[std::size_t(p)]) = result.outputs.row(p);
        for (Eigen::Index j = 0; j < n; ++j) {
            result.weightsByToken(order[std::size_t(p)], order[std::size_t(j)]) =
                result.weights(p, j);
        }
    }
    return result;
}

namespace {

double maxDifference(const Eigen::MatrixXd& first, const Eigen::MatrixXd& second) {
    if (first.rows() != second.rows() || first.cols() != second.cols()) {
        throw ParameterError({"tokens", Rule::EqualTo, static_cast<double>(second.rows()),
                              static_cast<double>(first.rows())});
    }
    return (first - second).cwiseAbs().maxCoeff();
}

}  // namespace

double maxTokenOutputDifference(const ToyAttentionResult& first, const ToyAttentionResult& second) {
    return maxDifference(first.outputsByToken, second.outputsByToken);
}

double maxTokenWeightDifference(const ToyAttentionResult& first, const ToyAttentionResult& second) {
    return maxDifference(first.weightsByToken, second.weightsByToken);
}

}  // namespace ropelab
