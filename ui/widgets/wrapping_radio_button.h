// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A radio button whose text wraps onto more lines instead of widening its panel: an answer of an
// activity can be a long sentence, and a QRadioButton asks for its whole text on one line (one
// such answer pushed a 1024 × 768 window to 1274 px). Keyboard, focus ring and mnemonics are the
// style's, as for any radio button.

#include <QRadioButton>

namespace ropelab::ui {

class WrappingRadioButton : public QRadioButton {
    Q_OBJECT
public:
    explicit WrappingRadioButton(const QString& text, QWidget* parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool hitButton(const QPoint& position) const override;

private:
    // The text's room beside the indicator in a button `width` wide.
    QRect textRect(int width, int height) const;
    int textFlags() const;
};

}  // namespace ropelab::ui
