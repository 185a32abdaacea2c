// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Typed state that helpers keep for the parts of one plot (a graph's series style, a title's
// wrapped text), instead of string-keyed dynamic properties on the parts: one table per kind of
// state, a child of the plot made on first use; a part's entry goes with the part.

#include <QObject>
#include <unordered_map>

class QCustomPlot;

namespace ropelab::ui {

template <class Entry>
class PlotPartState : public QObject {
public:
    // The plot's table; `plot` is a QCustomPlot, taken as a QObject so that no caller needs its
    // header for this.
    static PlotPartState& of(QObject* plot) {
        for (QObject* child : plot->children()) {
            if (auto* state = dynamic_cast<PlotPartState*>(child)) return *state;
        }
        return *new PlotPartState(plot);
    }

    // The entry of `part`, made (default) on first use.
    Entry& operator[](QObject* part) {
        const auto [it, added] = entries_.try_emplace(part);
        if (added) {
            connect(part, &QObject::destroyed, this, [this, part] { entries_.erase(part); });
        }
        return it->second;
    }
    const Entry* find(const QObject* part) const {
        const auto it = entries_.find(part);
        return it == entries_.end() ? nullptr : &it->second;
    }

private:
    explicit PlotPartState(QObject* plot) : QObject(plot) {}

    std::unordered_map<const QObject*, Entry> entries_;
};

}  // namespace ropelab::ui
