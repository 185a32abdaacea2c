// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/wrapped_label.h"

#include <QEvent>

namespace ropelab::ui {

WrappedLabel::WrappedLabel(QWidget* parent) : QLabel(parent) {
    setWordWrap(true);
}

int WrappedLabel::heightForWidth(int width) const {
    // setText is not virtual: a changed text is noticed here, where it matters.
    if (text() != measuredText_) {
        forget();
        measuredText_ = text();
    }
    for (const Entry& entry : heights_) {
        if (entry.width == width) return entry.height;
    }
    const int height = QLabel::heightForWidth(width);
    heights_[nextEntry_] = {width, height};
    nextEntry_ = (nextEntry_ + 1) % kEntries;
    return height;
}

void WrappedLabel::changeEvent(QEvent* event) {
    switch (event->type()) {
        case QEvent::FontChange:
        case QEvent::StyleChange:
        case QEvent::ContentsRectChange:
            forget();
            break;
        default:
            break;
    }
    QLabel::changeEvent(event);
}

void WrappedLabel::forget() const {
    heights_.fill({});
    nextEntry_ = 0;
}

}  // namespace ropelab::ui
