// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/legend_entries.h"

#include <qcustomplot.h>

#include <algorithm>

namespace ropelab::ui {

void listInLegend(QCPLegend* legend, const std::vector<QCPAbstractPlottable*>& entries,
                  const std::vector<QCPAbstractPlottable*>& among) {
    std::vector<QCPAbstractPlottable*> listed;
    for (int i = 0; i < legend->itemCount(); ++i) {
        auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i));
        if (item != nullptr && std::ranges::find(among, item->plottable()) != among.end()) {
            listed.push_back(item->plottable());
        }
    }
    if (listed == entries) return;
    for (QCPAbstractPlottable* plottable : among) plottable->removeFromLegend(legend);
    for (QCPAbstractPlottable* entry : entries) entry->addToLegend(legend);
}

}  // namespace ropelab::ui
