// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/figure_concealment.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QPainter>
#include <QSet>
#include <QWidget>
#include <algorithm>

namespace ropelab::ui {

namespace {

// The invisible layer concealed annotations wait on.
constexpr QLatin1String kConcealedLayer("concealed");

// The blank face over a concealed figure: the plot's background, a dashed frame and one line
// saying why, so a student never takes it for an empty result.
class ConcealCover : public QWidget {
public:
    explicit ConcealCover(QWidget* plot) : QWidget(plot) {
        setObjectName(QStringLiteral("concealCover"));
        setAttribute(Qt::WA_OpaquePaintEvent);
        plot->installEventFilter(this);
        setGeometry(plot->rect());
    }
    void setText(const QString& text) {
        text_ = text;
        setAccessibleName(text);
        update();
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == parent() && event->type() == QEvent::Resize) {
            setGeometry(parentWidget()->rect());
        }
        return QWidget::eventFilter(watched, event);
    }
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        painter.fillRect(rect(), palette().color(QPalette::Base));
        QPen frame(palette().color(QPalette::Mid), 2, Qt::DashLine);
        painter.setPen(frame);
        painter.drawRect(rect().adjusted(6, 6, -7, -7));
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(16, 16, -16, -16), Qt::AlignCenter | Qt::TextWordWrap,
                         text_);
    }

private:
    QString text_;
};

}  // namespace

void FigureConcealment::tag(QCustomPlot* plot, const QString& id,
                            const QList<QCPLayerable*>& parts) {
    TaggedAnnotation annotation{plot, id, {}};
    for (QCPLayerable* part : parts) annotation.parts.append(part);
    annotations_.append(annotation);
}

QStringList FigureConcealment::annotationIds(const QString& figure) const {
    QStringList ids;
    for (const TaggedAnnotation& a : annotations_) {
        if (a.plot != nullptr && a.plot->objectName() == figure) ids.append(a.id);
    }
    return ids;
}

QList<QCPLayerable*> FigureConcealment::annotationParts(const QString& figure,
                                                        const QString& annotation) const {
    QList<QCPLayerable*> parts;
    for (const TaggedAnnotation& a : annotations_) {
        if (a.plot == nullptr || a.plot->objectName() != figure || a.id != annotation) continue;
        for (const QPointer<QCPLayerable>& part : a.parts) {
            if (part != nullptr) parts.append(part.data());
        }
    }
    return parts;
}

void FigureConcealment::concealFigure(const Figure& figure) {
    QPointer<QWidget>& cover = covers_[figure.name];
    if (cover == nullptr) {
        auto* face = new ConcealCover(figure.plot);
        face->setText(coverText());
        cover = face;
    }
    cover->raise();
    cover->show();
}

bool FigureConcealment::concealAnnotation(const QString& figure, const QString& annotation) {
    const QList<QCPLayerable*> parts = annotationParts(figure, annotation);
    if (parts.isEmpty()) return false;
    if (concealedAnnotations_.contains(AnnotationId{figure, annotation})) return true;
    concealedAnnotations_.append(AnnotationId{figure, annotation});
    QCustomPlot* plot = parts.front()->parentPlot();
    // An invisible layer of its own: whatever the lesson does with a part's visibility while it
    // draws, nothing on this layer is painted.
    if (plot->layer(kConcealedLayer) == nullptr) {
        plot->addLayer(kConcealedLayer);
        plot->layer(kConcealedLayer)->setVisible(false);
    }
    for (QCPLayerable* part : parts) {
        QCPLayer* from = part->layer();
        const bool known = std::any_of(concealedFrom_.begin(), concealedFrom_.end(),
                                       [from](const auto& entry) { return entry.first == from; });
        if (!known && from != nullptr) {
            QList<QPointer<QCPLayerable>> order;
            for (QCPLayerable* child : from->children()) order.append(child);
            concealedFrom_.append({from, order});
        }
        concealedParts_.append(part);
        part->setLayer(kConcealedLayer);
    }
    plot->replot(QCustomPlot::rpQueuedReplot);
    return true;
}

void FigureConcealment::revealAll() {
    for (const QPointer<QWidget>& cover : std::as_const(covers_)) {
        if (cover != nullptr) cover->hide();
    }
    // A layer draws its children in the order they joined it: from the first concealed part on,
    // its children leave it and join again in their old order, the parts among them.
    QSet<QCustomPlot*> plots;
    for (const auto& [layer, order] : concealedFrom_) {
        if (layer == nullptr) continue;
        const auto first = std::find_if(order.begin(), order.end(), [this](const auto& child) {
            return concealedParts_.contains(child);
        });
        QList<QCPLayerable*> tail;
        for (auto it = first; it != order.end(); ++it) {
            QCPLayerable* child = it->data();
            if (child != nullptr && (child->layer() == layer || concealedParts_.contains(child))) {
                tail.append(child);
            }
        }
        QCPLayer* aside = layer->parentPlot()->layer(kConcealedLayer);
        for (QCPLayerable* child : tail) child->setLayer(aside);
        for (QCPLayerable* child : tail) child->setLayer(layer);
        plots.insert(layer->parentPlot());
    }
    for (QCustomPlot* plot : plots) plot->replot(QCustomPlot::rpQueuedReplot);
    concealedFrom_.clear();
    concealedParts_.clear();
    concealedAnnotations_.clear();
}

QString FigureConcealment::coverText() {
    return tr("Hidden until you check your prediction");
}

QStringList FigureConcealment::concealedFigures(const QList<Figure>& figures) const {
    QStringList names;
    for (const Figure& figure : figures) {
        const QPointer<QWidget> cover = covers_.value(figure.name);
        if (cover != nullptr && !cover->isHidden()) names.append(figure.name);
    }
    return names;
}

void FigureConcealment::retranslate() {
    for (const QPointer<QWidget>& cover : std::as_const(covers_)) {
        if (cover != nullptr) static_cast<ConcealCover*>(cover.data())->setText(coverText());
    }
}

}  // namespace ropelab::ui
