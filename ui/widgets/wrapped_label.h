// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A word-wrapping label that remembers its height for each width it was asked about. QLabel lays
// its text out again on every heightForWidth call, and a layout asks several times whenever any
// widget beside it changes, so a side panel with a long explanation spent milliseconds on text
// that had not changed each time a readout moved.

#include <QLabel>
#include <QString>
#include <array>

namespace ropelab::ui {

class WrappedLabel : public QLabel {
    Q_OBJECT
public:
    explicit WrappedLabel(QWidget* parent = nullptr);

    int heightForWidth(int width) const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Entry {
        int width = -1;
        int height = 0;
    };
    static constexpr int kEntries = 4;
    mutable QString measuredText_;
    mutable std::array<Entry, kEntries> heights_{};
    mutable int nextEntry_ = 0;

    void forget() const;
};

}  // namespace ropelab::ui
