// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The reference a teacher writes activities with, without the source code: what every readout,
// control and figure id of the catalog means, and its unit. The texts are English sources in the
// translation context "ActivityReference", so the CLI prints them in both languages and Help →
// Writing activities in the interface's.

#include <QList>
#include <QString>
#include <optional>

#include "activities/activity_catalog.h"

namespace ropelab::ui {

enum class ReferenceKind { Readouts, Controls, Figures };

struct ReferenceItem {
    QString lesson;            // the lesson; empty for a shared control (every lesson has it)
    QString id;                // readout id, control object name or figure name
    const char* meaning = "";  // English source text
    const char* unit = "";     // English source text, empty when it has none (readouts only)
    std::optional<ReadoutSpec> range;  // readouts only
};

// The unit of the readout `id` ("rope-2d.angle_deg"), "" when it has none, and its meaning in
// `meaning` (English source texts); nullptr, `meaning` untouched, for an id the reference lacks.
const char* readoutUnit(const QString& id, const char** meaning);

// What an activity's card calls readout `id`, in the interface language: a training metric by
// its model, metric and length ("RoPE + PI (linear): loss at 4 L (nats)"), so that the rows of
// one step tell apart; any other readout by its meaning and unit; an unknown id by itself.
QString readoutCardName(const QString& id);

// The items of `kind` for `lesson` (empty: every lesson, shared controls once at the end), in the
// catalog's order. Every id the catalog knows has a meaning (a test holds it to that).
QList<ReferenceItem> activityReference(const ActivityCatalog& catalog, ReferenceKind kind,
                                       const QString& lesson = {});

// The whole reference as HTML tables in the interface language, one per lesson and kind, for
// Help → Writing activities.
QString activityReferenceHtml(const ActivityCatalog& catalog);

// The catalog id closest to `name` by edit distance, when close enough to be a typo; else empty.
QString closestId(const QString& name, const QStringList& known);

}  // namespace ropelab::ui
