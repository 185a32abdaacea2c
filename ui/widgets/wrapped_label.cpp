// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/wrapped_label.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QPainter>
#include <QStyle>
#include <QStyleOption>
#include <QTextDocument>
#include <algorithm>
#include <cmath>

#include "widgets/library_internals.h"

namespace ropelab::ui {

namespace {

// Texts kept laid out: a choice flipped back and forth shows a text it has measured before.
constexpr std::size_t kRememberedTexts = 4;
constexpr std::size_t kRememberedWidths = 4;
// Preferred and least sizes kept for more texts (they are small): a slider dragged back over
// values it showed finds the sizes of their readouts here.
constexpr std::size_t kRememberedHints = 32;

}  // namespace

// What QLabel's sizes depend on, besides the font and the contents margins (whose changes make
// the label forget everything).
struct WrappedLabel::Key {
    QString text;
    Qt::TextFormat format = Qt::AutoText;
    Qt::Alignment alignment;
    int margin = 0;
    QSize minimumSize;
    bool drawn = false;  // laid out in a document of this label's own

    bool operator==(const Key&) const = default;
};

// What a painted picture shows: the text as laid out, in this font, size and palette.
struct WrappedLabel::Picture {
    Key key;
    QFont font;
    QSize size;
    QPalette palette;
    double ratio = 0.0;

    bool operator==(const Picture&) const = default;
};

struct WrappedLabel::Hints {
    QSize least;
    QSize preferred;
};

struct WrappedLabel::Measured {
    Key key;
    std::unique_ptr<QTextDocument> document;  // null where QLabel lays the text out itself
    struct Height {
        int width = -1;
        int height = 0;
    };
    std::array<Height, kRememberedWidths> heights{};
    std::size_t nextHeight = 0;
};

WrappedLabel::WrappedLabel(QWidget* parent) : QLabel(parent) {
    setWordWrap(true);
}

WrappedLabel::~WrappedLabel() = default;

WrappedLabel::Key WrappedLabel::key() const {
    return {text(),   textFormat(),  alignment(),
            margin(), minimumSize(), labelLaysOutDocument(*this)};
}

WrappedLabel::Measured& WrappedLabel::measured() const {
    // setText is not virtual: a changed text is noticed here, where it matters.
    Key now = key();
    const auto found = std::find_if(recent_.begin(), recent_.end(),
                                    [&](const auto& entry) { return entry->key == now; });
    if (found != recent_.end()) {
        std::rotate(recent_.begin(), found, found + 1);
        return *recent_.front();
    }
    auto entry = std::make_unique<Measured>();
    if (now.drawn) {
        entry->document = std::make_unique<QTextDocument>();
        configureAsLabel(*entry->document, *this);
        // Laid out once, as it is filled, at the width it is shown at.
        entry->document->setTextWidth(std::max(contentsRect().width() - 2 * margin(), 0));
        fillAsLabel(*entry->document, *this);
    }
    entry->key = std::move(now);
    if (recent_.size() == kRememberedTexts) recent_.pop_back();
    recent_.insert(recent_.begin(), std::move(entry));
    return *recent_.front();
}

QTextDocument& WrappedLabel::probe() const {
    if (probe_ == nullptr) {
        probe_ = std::make_unique<QTextDocument>();
        configureAsLabel(*probe_, *this);
    }
    return *probe_;
}

int WrappedLabel::heightForWidth(int width) const {
    Measured& entry = measured();
    for (const Measured::Height& known : entry.heights) {
        if (known.width == width) return known.height;
    }
    const int height = entry.document != nullptr
                           ? labelSizeForWidth(*this, *entry.document, width).height()
                           : QLabel::heightForWidth(width);
    entry.heights[entry.nextHeight] = {width, height};
    entry.nextHeight = (entry.nextHeight + 1) % kRememberedWidths;
    return height;
}

const WrappedLabel::Hints& WrappedLabel::hints() const {
    ensurePolished();
    const Measured& entry = measured();
    const auto found = std::find_if(hints_.begin(), hints_.end(),
                                    [&](const auto& known) { return known.first == entry.key; });
    if (found != hints_.end()) return found->second;
    Hints hints;
    if (entry.document == nullptr) {
        hints = {QLabel::minimumSizeHint(), QLabel::sizeHint()};
    } else {
        // The same three questions QLabel asks, on a document of their own, so that the one
        // shown stays laid out at its width.
        QTextDocument& document = probe();
        document.setTextWidth(0);
        fillAsLabel(document, *this);
        hints.least = {labelSizeForWidth(*this, document, 0).width(),  // the longest word
                       labelSizeForWidth(*this, document, QWIDGETSIZE_MAX).height()};  // one line
        hints.preferred = labelSizeForWidth(*this, document, -1);
        hints.least.setHeight(std::min(hints.least.height(), hints.preferred.height()));
    }
    if (hints_.size() == kRememberedHints) hints_.erase(hints_.begin());
    hints_.emplace_back(entry.key, hints);
    return hints_.back().second;
}

QSize WrappedLabel::minimumSizeHint() const {
    return hints().least;
}

QSize WrappedLabel::sizeHint() const {
    return hints().preferred;
}

void WrappedLabel::paintEvent(QPaintEvent* event) {
    // The cursor and the selection are QLabel's to draw.
    const Measured& entry = measured();
    if (entry.document == nullptr || hasSelectedText() || hasFocus()) {
        QLabel::paintEvent(event);
        return;
    }
    QTextDocument& document = *entry.document;
    const QRect area = contentsRect().adjusted(margin(), margin(), -margin(), -margin());
    if (document.textWidth() != area.width()) document.setTextWidth(area.width());
    const qreal height = document.documentLayout()->documentSize().height();
    qreal top = area.y();
    if (alignment() & Qt::AlignVCenter) {
        top += std::max((area.height() - height) / 2, qreal(0));
    } else if (alignment() & Qt::AlignBottom) {
        top += std::max(area.height() - height, qreal(0));
    }
    const QRect shown = QRectF(area.x(), top, area.width(), area.height()).toAlignedRect();

    QStyleOption option;
    option.initFrom(this);
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette = option.palette;
    if (foregroundRole() != QPalette::Text && isEnabled()) {
        context.palette.setColor(QPalette::Text, context.palette.color(foregroundRole()));
    }
    Picture now{entry.key, font(), shown.size(), context.palette, devicePixelRatioF()};
    const bool again = lastPainted_ != nullptr && *lastPainted_ == now;
    if (!again) {
        lastPainted_ = std::make_unique<Picture>(std::move(now));
        picture_ = QPixmap();
    }
    const double ratio = lastPainted_->ratio;
    const auto draw = [&](QPainter& painter) {
        painter.setClipRect(QRect(QPoint(0, 0), shown.size()));
        document.documentLayout()->draw(&painter, context);
    };
    // A text that changes every move is drawn directly; one painted again unchanged is kept.
    if (again && picture_.isNull()) {
        picture_ = QPixmap(shown.size() * ratio);
        picture_.setDevicePixelRatio(ratio);
        picture_.fill(Qt::transparent);
        QPainter onPicture(&picture_);
        draw(onPicture);
    }
    QPainter painter(this);
    if (!picture_.isNull()) {
        painter.drawPixmap(shown.topLeft(), picture_);
        return;
    }
    painter.translate(shown.topLeft());
    draw(painter);
}

void WrappedLabel::changeEvent(QEvent* event) {
    switch (event->type()) {
        case QEvent::FontChange:
        case QEvent::StyleChange:
        case QEvent::ContentsRectChange:
        case QEvent::LayoutDirectionChange:
            forget();
            break;
        default:
            break;
    }
    QLabel::changeEvent(event);
}

void WrappedLabel::forget() const {
    recent_.clear();
    hints_.clear();
    probe_.reset();
}

}  // namespace ropelab::ui
