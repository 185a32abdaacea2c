// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A legend that lists only the series that have something to show: entries that come and go with
// the data, the legend laid out again only when they change.

#include <vector>

class QCPAbstractPlottable;
class QCPLegend;

namespace ropelab::ui {

// Makes the entries `legend` lists of the plottables `among` exactly `entries` (a subset of
// `among`), in that order, after its other entries. A legend that lists them so already is left
// as it is.
void listInLegend(QCPLegend* legend, const std::vector<QCPAbstractPlottable*>& entries,
                  const std::vector<QCPAbstractPlottable*>& among);

}  // namespace ropelab::ui
