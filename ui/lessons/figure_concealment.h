// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What an activity step that asks for a prediction keeps out of a lesson's figures until the
// student checks: a whole figure, under a blank face that says it is hidden, or an annotation
// (parts the lesson tagged), which is not painted at all.

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <utility>

#include "lessons/lesson.h"

class QCPLayer;
class QCPLayerable;
class QCustomPlot;
class QWidget;

namespace ropelab::ui {

class FigureConcealment {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::FigureConcealment)
public:
    // Names `parts` of `plot` as one annotation, `id`, that a step can conceal.
    void tag(QCustomPlot* plot, const QString& id, const QList<QCPLayerable*>& parts);
    QStringList annotationIds(const QString& figure) const;
    QList<QCPLayerable*> annotationParts(const QString& figure, const QString& annotation) const;

    void concealFigure(const Figure& figure);
    // False when the figure has no such annotation.
    bool concealAnnotation(const QString& figure, const QString& annotation);
    void revealAll();
    // Which of `figures` are covered now.
    QStringList concealedFigures(const QList<Figure>& figures) const;
    QList<AnnotationId> concealedAnnotations() const { return concealedAnnotations_; }
    // The covers' words, in the language shown now.
    void retranslate();

private:
    static QString coverText();

    struct TaggedAnnotation {
        QPointer<QCustomPlot> plot;
        QString id;
        QList<QPointer<QCPLayerable>> parts;
    };
    QList<TaggedAnnotation> annotations_;
    QList<QPointer<QCPLayerable>> concealedParts_;
    // The layers they were on, each with its children in drawing order before the first part
    // left it: revealing puts them back in that order.
    QList<std::pair<QPointer<QCPLayer>, QList<QPointer<QCPLayerable>>>> concealedFrom_;
    QList<AnnotationId> concealedAnnotations_;
    QHash<QString, QPointer<QWidget>> covers_;  // by figure name
};

}  // namespace ropelab::ui
