// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A word-wrapping text label that lays each text out as few times as it can. QLabel lays rich or
// selectable text out again for every size question (its preferred size alone tries three or four
// widths, each undone afterwards) and once more, three times over, when it paints; a lesson's
// explanation that changes with a choice cost milliseconds a move that way. This label answers
// the same sizes as QLabel from a document of its own, keeps the few texts it showed last laid out
// at the width it is shown at, and paints from that document; painted a second time unchanged
// (its panel moved or was laid out again), it keeps the picture and blits it from then on. QLabel
// still handles selection, links and the context menu, and paints while some text is selected or
// the label has focus.

#include <QLabel>
#include <QPixmap>
#include <QString>
#include <array>
#include <memory>
#include <utility>
#include <vector>

class QTextDocument;

namespace ropelab::ui {

class WrappedLabel : public QLabel {
    Q_OBJECT
public:
    explicit WrappedLabel(QWidget* parent = nullptr);
    ~WrappedLabel() override;

    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    struct Key;
    struct Hints;
    struct Measured;
    struct Picture;

    Key key() const;
    Measured& measured() const;
    const Hints& hints() const;
    QTextDocument& probe() const;
    void forget() const;

    mutable std::vector<std::unique_ptr<Measured>> recent_;  // the text shown now first
    mutable std::vector<std::pair<Key, Hints>> hints_;       // the oldest first
    mutable std::unique_ptr<QTextDocument> probe_;           // for widths the label is not shown at
    std::unique_ptr<Picture> lastPainted_;
    QPixmap picture_;  // of lastPainted_, once it was painted twice
};

}  // namespace ropelab::ui
