// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A scroll area that scrolls up and down only: never narrower than its content needs, however
// large the fonts (presenter mode); text wraps inside it. As a lesson's side panel it also keeps
// a least width that grows with the font, so that the choices in its combo boxes stay readable
// in full. Around a lesson's plots it scrolls only when the window is too short for all of them
// at a readable size, and makes room for a scroll bar only while they need one.

#include <QScrollArea>

namespace ropelab::ui {

class VerticalScroll : public QScrollArea {
public:
    explicit VerticalScroll(bool sidePanel);

    // Lays `overlay` over the top of the visible content, so that showing or hiding it resizes
    // nothing under it (a progress bar that came and went replotted every figure twice).
    void setTopOverlay(QWidget* overlay);
    void placeOverlay();

    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent* event) override;

private:
    bool sidePanel_;
    bool scrolling_ = false;
    int contentWidth_ = -1;  // for a side panel, the widest it has been
    const QWidget* measured_ = nullptr;
    QWidget* overlay_ = nullptr;
};

}  // namespace ropelab::ui
