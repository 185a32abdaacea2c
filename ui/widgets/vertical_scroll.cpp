// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/vertical_scroll.h"

#include <QEvent>
#include <QScrollBar>
#include <algorithm>

namespace ropelab::ui {

namespace {

constexpr int kSidePanelMinimumWidth = 300;
constexpr int kSidePanelMinimumChars = 40;

}  // namespace

VerticalScroll::VerticalScroll(bool sidePanel) : sidePanel_(sidePanel) {
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    if (!sidePanel_) {
        connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, [this](int, int most) {
            if ((most > 0) != scrolling_) {
                scrolling_ = most > 0;
                updateGeometry();
            }
        });
    }
}

void VerticalScroll::setTopOverlay(QWidget* overlay) {
    overlay_ = overlay;
    overlay_->setParent(this);
    overlay_->setAutoFillBackground(true);
    placeOverlay();
}

void VerticalScroll::placeOverlay() {
    if (overlay_ != nullptr)
        overlay_->setGeometry(0, 0, viewport()->width(), overlay_->sizeHint().height());
}

QSize VerticalScroll::minimumSizeHint() const {
    int content = widget() != nullptr ? widget()->minimumSizeHint().width() : 0;
    if (sidePanel_ && widget() != nullptr && widget() == measured_)
        content = std::max(content, contentWidth_);
    const int bar = sidePanel_ || scrolling_ ? verticalScrollBar()->sizeHint().width() : 0;
    const int least = sidePanel_
                          ? std::max(kSidePanelMinimumWidth,
                                     kSidePanelMinimumChars * fontMetrics().averageCharWidth())
                          : 0;
    return {std::max(least, content + bar + 2 * frameWidth()),
            QScrollArea::minimumSizeHint().height()};
}

bool VerticalScroll::event(QEvent* event) {
    const bool handled = QScrollArea::event(event);
    switch (event->type()) {
        case QEvent::FontChange:
        case QEvent::StyleChange:
        case QEvent::LanguageChange:
            contentWidth_ = -1;
            placeOverlay();
            break;
        case QEvent::Resize:
            placeOverlay();
            break;
        case QEvent::LayoutRequest: {
            // The content's layout changed (fonts, language, controls): if it now needs a
            // different width, the splitter asks again. Its minimum is cached by now, so this
            // check is cheap.
            if (widget() == nullptr) break;
            if (widget() != measured_) contentWidth_ = -1;
            measured_ = widget();
            const int content = widget()->minimumSizeHint().width();
            // A side panel's least width only grows while its fonts and content stay: a choice
            // that shows wider rows and hides them again (a rope_type) then lays nothing out
            // around the panel, whose tab widget would repaint every label in it on each such
            // relayout.
            if (sidePanel_ ? content <= contentWidth_ : content == contentWidth_) break;
            contentWidth_ = content;
            updateGeometry();
            break;
        }
        default:
            break;
    }
    return handled;
}

}  // namespace ropelab::ui
