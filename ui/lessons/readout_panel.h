// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The readouts under a lesson's controls: a table of (name, value[, second value]) rows and a
// note below it, copied as plain text from its context menu. An activity that asks for a
// prediction conceals them: every row, or the rows of the readouts it names.

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <utility>

class QAction;
class QGridLayout;
class QLabel;

namespace ropelab::ui {

// One row: a name in rich text (set once, e.g. θ<sub>i</sub>), values in plain text (updating
// them while a slider moves skips HTML parsing); `readout` names the readout the row shows, so
// that a step can conceal that row alone.
struct ReadoutRow {
    ReadoutRow(QString n, QString v, QString s = {}, QString r = {})
        : name(std::move(n)), value(std::move(v)), second(std::move(s)), readout(std::move(r)) {}
    QString name;
    QString value;
    QString second;
    QString readout;
};

class ReadoutPanel : public QWidget {
    Q_OBJECT
public:
    explicit ReadoutPanel(QWidget* parent = nullptr);

    // A second value column (A and B, seed and RoPE) shows when a row has one. noteHtml goes
    // below.
    void setRows(const QList<ReadoutRow>& rows, const QString& noteHtml = {});
    void setNote(const QString& html);
    // The panel as plain text: what "Copy readouts" puts on the clipboard.
    QString text() const;

    // Conceals the rows of the readouts named (an empty list: all of them). A name that no row
    // shows on its own could still be read in the note or a combined row: then all go.
    void conceal(const QStringList& names);
    // Shows everything again.
    void reveal();
    // Whether readout `name` (empty: every readout) is out of sight.
    bool concealed(const QString& name) const;
    // The panel's own words, in the language shown now (its page calls it).
    void retranslate();

private:
    void applyConcealment();
    QString shownValue(const ReadoutRow& row, const QString& value) const;

    struct RowLabels {
        QLabel* name;
        QLabel* value;
        QLabel* second;
    };
    QLabel* hidden_;  // stands in for the concealed readouts
    QGridLayout* rows_;
    QWidget* grid_;  // holds rows_ and nothing a keyboard can focus
    QLabel* note_;
    QAction* copy_;
    QList<RowLabels> labels_;
    QList<ReadoutRow> rowsShown_;
    bool allConcealed_ = false;
    QStringList concealed_;  // readout names (without the lesson id)
};

}  // namespace ropelab::ui
