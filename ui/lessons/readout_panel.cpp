// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/readout_panel.h"

#include <QAction>
#include <QClipboard>
#include <QGridLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QTextDocumentFragment>
#include <QVBoxLayout>
#include <algorithm>
#include <array>

#include "widgets/wrapped_label.h"

namespace ropelab::ui {

ReadoutPanel::ReadoutPanel(QWidget* parent)
    : QWidget(parent),
      hidden_(new WrappedLabel(this)),
      rows_(new QGridLayout),
      grid_(new QWidget(this)),
      note_(new WrappedLabel(this)),
      copy_(new QAction(this)) {
    // One box, so an activity can hide the readouts while it asks for a prediction.
    setObjectName(QStringLiteral("readouts"));
    note_->setTextFormat(Qt::RichText);
    note_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    note_->setObjectName(QStringLiteral("readout"));
    rows_->setHorizontalSpacing(10);
    rows_->setVerticalSpacing(2);
    rows_->setColumnStretch(0, 1);
    rows_->setColumnStretch(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    rows_->setContentsMargins(0, 0, 0, 0);
    grid_->setLayout(rows_);
    hidden_->setObjectName(QStringLiteral("readoutsConcealed"));
    hidden_->setEnabled(false);  // greyed: nothing to read yet
    hidden_->hide();
    layout->addWidget(hidden_);
    layout->addWidget(grid_);
    layout->addWidget(note_);
    connect(copy_, &QAction::triggered, this,
            [this] { QGuiApplication::clipboard()->setText(text()); });
    addAction(copy_);
    setContextMenuPolicy(Qt::ActionsContextMenu);
}

void ReadoutPanel::retranslate() {
    copy_->setText(tr("Copy readouts"));
    hidden_->setText(tr("The readouts are hidden until you check your prediction."));
    applyConcealment();
}

QString ReadoutPanel::text() const {
    if (!hidden_->isHidden()) return hidden_->text();
    QString text;
    for (const auto& [name, value, second] : labels_) {
        if (name->isHidden()) continue;
        text += QTextDocumentFragment::fromHtml(name->text()).toPlainText() + QLatin1Char(' ') +
                value->text();
        if (!second->isHidden()) text += QLatin1Char(' ') + second->text();
        text += QLatin1Char('\n');
    }
    return text + QTextDocumentFragment::fromHtml(note_->text()).toPlainText();
}

void ReadoutPanel::setNote(const QString& html) {
    note_->setText(html);
}

void ReadoutPanel::setRows(const QList<ReadoutRow>& rows, const QString& noteHtml) {
    const auto valueLabel = [this] {
        // Wraps: big presenter fonts must not widen the side panel.
        auto* label = new WrappedLabel(this);
        label->setTextFormat(Qt::PlainText);
        label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        QFont bold = label->font();
        bold.setBold(true);
        label->setFont(bold);
        return label;
    };
    while (labels_.size() < rows.size()) {
        auto* name = new WrappedLabel(this);
        name->setTextFormat(Qt::RichText);
        const RowLabels labels{name, valueLabel(), valueLabel()};
        const int row = static_cast<int>(labels_.size());
        rows_->addWidget(labels.name, row, 0);
        rows_->addWidget(labels.value, row, 1);
        rows_->addWidget(labels.second, row, 2);
        labels_.append(labels);
    }
    const bool twoValues = std::any_of(rows.begin(), rows.end(),
                                       [](const ReadoutRow& r) { return !r.second.isEmpty(); });
    rows_->setColumnStretch(2, twoValues ? 1 : 0);
    const auto shownIn = [&](qsizetype i) {
        const bool used = i < rows.size();
        return std::array{used, used, used && twoValues};
    };
    bool showing = false;
    for (qsizetype i = 0; i < labels_.size(); ++i) {
        const auto& [name, value, second] = labels_[i];
        const std::array shown = shownIn(i);
        showing = showing || (shown[0] && name->isHidden()) || (shown[1] && value->isHidden()) ||
                  (shown[2] && second->isHidden());
    }
    // Showing a widget lays out all its ancestors at once: labels shown together inside the
    // hidden grid cost one layout of the side panel instead of one each.
    const bool batch = showing && grid_->isVisible();
    if (batch) grid_->hide();
    for (qsizetype i = 0; i < labels_.size(); ++i) {
        const auto& [name, value, second] = labels_[i];
        const std::array shown = shownIn(i);
        name->setVisible(shown[0]);
        value->setVisible(shown[1]);
        second->setVisible(shown[2]);
        if (!shown[0]) continue;
        // Unchanged text is not set again: no relayout while only one number moves.
        const QString shownFirst = shownValue(rows[i], rows[i].value);
        const QString shownSecond = shownValue(rows[i], rows[i].second);
        if (name->text() != rows[i].name) name->setText(rows[i].name);
        if (value->text() != shownFirst) value->setText(shownFirst);
        if (second->text() != shownSecond) second->setText(shownSecond);
    }
    if (batch) grid_->show();
    if (note_->text() != noteHtml) note_->setText(noteHtml);
    const bool tagsChanged = rows.size() != rowsShown_.size() ||
                             !std::equal(rows.begin(), rows.end(), rowsShown_.begin(),
                                         [](const ReadoutRow& a, const ReadoutRow& b) {
                                             return a.readout == b.readout;
                                         });
    rowsShown_ = rows;
    if (tagsChanged && !concealed_.isEmpty()) applyConcealment();
}

QString ReadoutPanel::shownValue(const ReadoutRow& row, const QString& value) const {
    if (value.isEmpty() || row.readout.isEmpty() || !concealed_.contains(row.readout)) {
        return value;
    }
    return tr("hidden until you check");
}

void ReadoutPanel::conceal(const QStringList& names) {
    if (names.isEmpty()) allConcealed_ = true;
    for (const QString& name : names) {
        if (!concealed_.contains(name)) concealed_.append(name);
    }
    setRows(rowsShown_, note_->text());
    applyConcealment();
}

void ReadoutPanel::applyConcealment() {
    const bool untagged =
        std::any_of(concealed_.begin(), concealed_.end(), [this](const QString& name) {
            return std::none_of(rowsShown_.begin(), rowsShown_.end(),
                                [&](const ReadoutRow& row) { return row.readout == name; });
        });
    const bool all = allConcealed_ || untagged;
    hidden_->setVisible(all);
    grid_->setVisible(!all);
    note_->setVisible(!all);
}

void ReadoutPanel::reveal() {
    if (!allConcealed_ && concealed_.isEmpty()) return;
    allConcealed_ = false;
    concealed_.clear();
    setRows(rowsShown_, note_->text());
    applyConcealment();
}

bool ReadoutPanel::concealed(const QString& name) const {
    if (!hidden_->isHidden()) return true;
    return !name.isEmpty() && concealed_.contains(name);
}

}  // namespace ropelab::ui
