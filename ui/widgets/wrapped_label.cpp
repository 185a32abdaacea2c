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

namespace ropelab::ui {

namespace {

// Texts kept laid out: a choice flipped back and forth shows a text it has measured before.
constexpr std::size_t kRememberedTexts = 4;
constexpr std::size_t kRememberedWidths = 4;
// Preferred and least sizes kept for more texts (they are small): a slider dragged back over
// values it showed finds the sizes of their readouts here.
constexpr std::size_t kRememberedHints = 32;

bool isRichText(const QLabel& label) {
    return label.textFormat() == Qt::RichText ||
           (label.textFormat() == Qt::AutoText && Qt::mightBeRichText(label.text()));
}

// The settings QLabel gives the document it lays its text out in.
void configure(QTextDocument& document, const QLabel& label) {
    document.setUndoRedoEnabled(false);
    document.setDefaultFont(label.font());
    QTextOption option = document.defaultTextOption();
    option.setAlignment(
        Qt::Alignment(int(label.alignment()) | Qt::TextWordWrap | Qt::TextExpandTabs));
    option.setWrapMode(QTextOption::WordWrap);
    document.setDefaultTextOption(option);
    // QLabel sets its root frame's margin to 0 after filling; filling resets the root frame to
    // the document margin, so this gives that layout without laying out twice.
    document.setDocumentMargin(0);
}

void fill(QTextDocument& document, const QLabel& label) {
    if (isRichText(label)) {
        document.setHtml(label.text());
    } else {
        document.setPlainText(label.text());
    }
}

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

bool WrappedLabel::drawsDocument() const {
    if (!wordWrap() || frameWidth() != 0 || indent() > 0 || buddy() != nullptr) return false;
    if (textFormat() == Qt::MarkdownText || style()->inherits("QStyleSheetStyle")) return false;
    const bool selectable =
        (textInteractionFlags() &
         (Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard | Qt::TextEditable)) != 0;
    return selectable || isRichText(*this);
}

WrappedLabel::Key WrappedLabel::key() const {
    return {text(), textFormat(), alignment(), margin(), minimumSize(), drawsDocument()};
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
        configure(*entry->document, *this);
        // Laid out once, as it is filled, at the width it is shown at.
        entry->document->setTextWidth(std::max(contentsRect().width() - 2 * margin(), 0));
        fill(*entry->document, *this);
    }
    entry->key = std::move(now);
    if (recent_.size() == kRememberedTexts) recent_.pop_back();
    recent_.insert(recent_.begin(), std::move(entry));
    return *recent_.front();
}

// QLabel's size for a width, or its preferred size for -1, from `document` holding its text.
QSize WrappedLabel::sizeForWidth(QTextDocument& document, int width) const {
    if (minimumWidth() > 0) width = std::max(width, minimumWidth());
    const QMargins margins = contentsMargins();
    const int across = 2 * margin() + margins.left() + margins.right();
    const int down = 2 * margin() + margins.top() + margins.bottom();
    if (width >= 0) {
        const qreal textWidth = std::max(width - across, 0);
        if (document.textWidth() != textWidth) document.setTextWidth(textWidth);
    } else {
        document.adjustSize();
    }
    const QSizeF size = document.size();
    return QSize(int(std::ceil(size.width())) + across, int(std::ceil(size.height())) + down)
        .expandedTo(minimumSize());
}

QTextDocument& WrappedLabel::probe() const {
    if (probe_ == nullptr) {
        probe_ = std::make_unique<QTextDocument>();
        configure(*probe_, *this);
    }
    return *probe_;
}

int WrappedLabel::heightForWidth(int width) const {
    Measured& entry = measured();
    for (const Measured::Height& known : entry.heights) {
        if (known.width == width) return known.height;
    }
    const int height = entry.document != nullptr ? sizeForWidth(*entry.document, width).height()
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
        fill(document, *this);
        hints.least = {sizeForWidth(document, 0).width(),                  // the longest word
                       sizeForWidth(document, QWIDGETSIZE_MAX).height()};  // one line
        hints.preferred = sizeForWidth(document, -1);
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
