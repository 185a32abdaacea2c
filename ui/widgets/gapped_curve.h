// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A curve with gaps where its values are not finite (masked scores: ALiBi's keys after the query).

#include <vector>

class QCPGraph;

namespace ropelab::ui {

// Draws `values` against x = first, first + 1, …, leaving a gap at each value that is not finite;
// returns the largest finite |value| (0 for none).
double setIndexedDataWithGaps(QCPGraph* graph, const std::vector<double>& values, double first);

}  // namespace ropelab::ui
