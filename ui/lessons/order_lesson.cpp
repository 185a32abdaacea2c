// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/order_lesson.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QJsonArray>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "model/parameter_model.h"
#include "widgets/choice_box.h"
#include "widgets/ordered_list.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"

namespace ropelab::ui {

namespace {

// Token ids of the example (rows of toyAttentionExample()).
const std::array<QString, 3> kTokenText{QStringLiteral("狗"), QStringLiteral("追"),
                                        QStringLiteral("猪")};
const std::array<Series, 3> kTokenSeries{Series::Query, Series::Third, Series::Key};
const std::vector<int> kReferenceOrder{0, 1, 2};  // 狗追猪: the dog chases the pig

QString sentence(const std::vector<int>& order) {
    QString text;
    for (const int token : order) text += kTokenText[std::size_t(token)];
    return text;
}

QPointF firstPoint(const QCPGraph* graph) {
    const auto data = graph->data();
    return data->isEmpty() ? QPointF() : QPointF(data->at(0)->key, data->at(0)->value);
}

QPointF outputOf(const ToyAttentionResult& result, int token) {
    return {result.outputsByToken(token, 0), result.outputsByToken(token, 1)};
}

}  // namespace

OrderLesson::OrderLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent) {
    outputPlot_ = createPlot(QStringLiteral("token-outputs"),
                             {QT_TR_NOOP("Each word's attention output (d_value = 2)"),
                              QT_TR_NOOP("output component 1"), QT_TR_NOOP("output component 2")});
    QCustomPlot* weightPlot = createPlot(QStringLiteral("attention-weights"));
    placePlots({{outputPlot_}, {weightPlot}}, {3, 2});

    bindExplanation(
        QT_TR_NOOP(
            "<p>狗追猪 means “the dog chases the pig”; 猪追狗 means “the pig chases the dog”. Same "
            "words, opposite meaning.</p>"
            "<p>Self-attention scores every pair of tokens by q·k = "
            "(xW<sub>Q</sub>)·(xW<sub>K</sub>), divides by √d<sub>k</sub> (this toy head has "
            "d<sub>k</sub> = %1, whatever d the parameter panel shows), turns each row of scores "
            "into softmax weights and mixes the values xW<sub>V</sub>. "
            "Nothing in this looks at where a token stands: reorder the tokens and the weights "
            "and outputs are reordered the same way (permutation equivariance). Without position "
            "information each word gets exactly the same output in both sentences — the crosses "
            "sit on the discs — and the model cannot tell who chases whom.</p>"
            "<p>This holds for attention without a mask, as here (an encoder). A decoder's "
            "causal mask lets each token attend only to the tokens before it, and that alone "
            "breaks the symmetry: a decoder without any position encoding (NoPE) can still "
            "infer where a token stands, for example from how many tokens it can see.</p>"
            "<p>Add position information — a sinusoidal vector added to each embedding, or RoPE "
            "turning q and k by their positions — and the outputs move when the order "
            "changes.</p>"),
        model_.query.cols());
    // Each word's output vector (d_value = 2) in both orders: discs for 狗追猪, crosses for the
    // user's order, one colour per word; an arrow shows how far a word's output moved.
    for (int t = 0; t < kTokens; ++t) {
        const Series series = kTokenSeries[std::size_t(t)];
        TokenMarks& marks = tokens_[std::size_t(t)];
        marks.reference = addMarks(outputPlot_, QCPScatterStyle::ssDisc, 16, {series}, theme());
        marks.reference->removeFromLegend();
        marks.current = addMarks(outputPlot_, QCPScatterStyle::ssCross, 22,
                                 {series, Qt::SolidLine, 1.3}, theme());
        marks.current->removeFromLegend();
        marks.move = addArrow(outputPlot_, {series, Qt::SolidLine, 0.7}, theme());
        marks.label = new PlotLabel(outputPlot_);
        marks.label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        marks.label->setPadding(QMargins(0, 0, 14, 10));
        marks.label->setText(kTokenText[std::size_t(t)]);
        setSeriesStyle(marks.label, {series, Qt::SolidLine, 1.2}, theme());
    }
    bindText(addMarks(outputPlot_, QCPScatterStyle::ssDisc, 14, {Series::Neutral}, theme()),
             QT_TR_NOOP("狗追猪 (the dog chases the pig)"));
    currentLegend_ = addMarks(outputPlot_, QCPScatterStyle::ssCross, 18,
                              {Series::Neutral, Qt::SolidLine, 1.3}, theme());
    sameLabel_ = addPlotSubtitle(outputPlot_, QString());
    placeLegendBelow(outputPlot_);

    // Attention weights for both orders side by side, sharing one colour scale (0 … 1).
    QCPLayoutGrid* layout = weightPlot->plotLayout();
    layout->clear();
    auto* weightTitle = new PlotText(weightPlot, QString());
    bindText(QT_TR_NOOP("Attention weights softmax(q·k/√d_k), d_k = %1"),
             [this, weightTitle](const QString& text) {
                 weightTitle->setText(text.arg(model_.query.cols()));
             });
    layout->addElement(0, 0, weightTitle);
    auto* inner = new QCPLayoutGrid;
    layout->addElement(1, 0, inner);
    auto* scale = new QCPColorScale(weightPlot);
    auto* margins = new QCPMarginGroup(weightPlot);
    for (int g = 0; g < 2; ++g) {
        captions_[std::size_t(g)] = new PlotText(weightPlot, QString());
        inner->addElement(0, g, captions_[std::size_t(g)]);
        auto* rect = new QCPAxisRect(weightPlot);
        inner->addElement(1, g, rect);
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
        bindText(rect->axis(QCPAxis::atBottom), QT_TR_NOOP("key token"));
        bindText(rect->axis(QCPAxis::atLeft), QT_TR_NOOP("query token"));
        // Dark viridis cells (weights below 0.55) get white text, bright ones black.
        grids_.emplace_back(rect, scale, kTokens, kTokens, Gradient::Sequential, QCPRange(0.0, 1.0),
                            0.55);
    }
    inner->addElement(1, 2, scale);
    scale->setBarWidth(14);
    bindText(scale->axis(), QT_TR_NOOP("weight"));
    scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    scale->axis()->setRange(0.0, 1.0);
    tagAnnotation(weightPlot, QStringLiteral("current-weights"), grids_[1].layerables());

    // Controls: the order (drag, or select and move), reverse, and the position information.
    tokenList_ = new OrderedList(this);
    tokenList_->setObjectName(QStringLiteral("tokenOrder"));
    tokenList_->setFixedHeight(64);
    QFont big = tokenList_->font();
    big.setPointSizeF(big.pointSizeF() * 1.8);
    tokenList_->setFont(big);
    for (int t = 0; t < kTokens; ++t) tokenList_->addEntry(kTokenText[std::size_t(t)], t, {64, 52});
    controlsLayout()->addWidget(tokenList_);
    auto* buttons = new QHBoxLayout;
    controlsLayout()->addLayout(buttons);
    addButton({.name = "moveLeftButton",
               .text = QT_TR_NOOP("◀ Move left"),
               .toolTip = QT_TR_NOOP("Move the selected word one place earlier"),
               .layout = buttons},
              [this] { moveSelected(-1); });
    addButton({.name = "moveRightButton",
               .text = QT_TR_NOOP("Move right ▶"),
               .toolTip = QT_TR_NOOP("Move the selected word one place later"),
               .layout = buttons},
              [this] { moveSelected(+1); });
    addButton({.name = "reverseButton", .text = QT_TR_NOOP("Reverse"), .layout = buttons}, [this] {
        std::vector<int> reversed = order();
        std::reverse(reversed.begin(), reversed.end());
        setOrder(reversed);
    });
    // The choices in ToyPosition's order: the index is the position information.
    positionBox_ = addChoice(
        {.name = "positionBox",
         .accessibleName = QT_TR_NOOP("Position information"),
         .items = {QT_TR_NOOP("No position information"),
                   QT_TR_NOOP("Sinusoidal encoding added to x"), QT_TR_NOOP("RoPE on q and k")},
         .state = "position"},
        [this] { refresh(); });
    bindText(QT_TR_NOOP("Word order; drag to reorder"),
             [this](const QString& text) { tokenList_->setAccessibleName(text); });
    bindToolTip(tokenList_, QT_TR_NOOP("Drag a word to reorder the sentence"));

    connect(tokenList_->model(), &QAbstractItemModel::rowsMoved, this, &OrderLesson::refresh);
    // Three toy attentions of three tokens: cheap enough to compute on the UI thread.
    FigureTask* attention = declareFigures(
        {outputPlot_, weightPlot}, FigureRun::Inline,
        [this] {
            return OrderKey{order(), position(), parameters().rope().ropeTheta};
        },
        [this](const OrderKey& key, const Execution&) {
            const std::vector<int> reversed(key.order.rbegin(), key.order.rend());
            return Attention{toySelfAttention(model_, kReferenceOrder, key.position, key.base),
                             toySelfAttention(model_, key.order, key.position, key.base),
                             toySelfAttention(model_, reversed, key.position, key.base)};
        },
        [this](const OrderKey& key, Attention& attention) { drawAttention(key, attention); });
    redrawOnLanguageChange({attention});  // its draw step writes the captions and the readout
    bindState(
        QStringLiteral("order"), QJsonArray(),
        [this] {
            QJsonArray ids;
            for (const int token : order()) ids.append(token);
            return ids;
        },
        [this](const QJsonArray& saved) {
            std::vector<int> ids;
            for (const QJsonValue& v : saved) ids.push_back(v.toInt());
            if (!ids.empty()) setOrder(ids);
        });
    refreshOnParameterChange([this] { refresh(); }, ParameterModel::Parameter::RopeTheta);

    // Start on 猪追狗, the order that should mean something else.
    setOrder({2, 1, 0});
    refresh();
    applyTheme(theme());
}

void OrderLesson::setOrder(const std::vector<int>& order) {
    tokenList_->setOrder(order);
    refresh();
}

QPointF OrderLesson::referencePoint(int token) const {
    return firstPoint(tokens_[std::size_t(token)].reference);
}

QPointF OrderLesson::currentPoint(int token) const {
    return firstPoint(tokens_[std::size_t(token)].current);
}

void OrderLesson::moveSelected(int delta) {
    if (tokenList_->moveCurrent(delta)) refresh();
}

void OrderLesson::refresh() {
    if (tokenList_->count() != kTokens) return;  // mid-way through setOrder
    runGuarded([this] { updateFigures(); });
}

void OrderLesson::drawAttention(const OrderKey& key, const Attention& attention) {
    const std::vector<int>& current = key.order;
    const ToyAttentionResult& reference = attention.reference;
    const ToyAttentionResult& mine = attention.mine;
    difference_ = maxTokenOutputDifference(reference, mine);

    QPointF low = outputOf(reference, 0);
    QPointF high = low;
    std::array<double, kTokens> moved{};
    for (int t = 0; t < kTokens; ++t) {
        const TokenMarks& marks = tokens_[std::size_t(t)];
        const QPointF a = outputOf(reference, t);
        const QPointF b = outputOf(mine, t);
        marks.reference->setData({a.x()}, {a.y()});
        marks.current->setData({b.x()}, {b.y()});
        marks.move->start->setCoords(a);
        marks.move->end->setCoords(b);
        moved[std::size_t(t)] = QLineF(a, b).length();
        marks.move->setVisible(moved[std::size_t(t)] > 1e-3);
        marks.label->position->setCoords(a);
        for (const QPointF& p : {a, b}) {
            low = {std::min(low.x(), p.x()), std::min(low.y(), p.y())};
            high = {std::max(high.x(), p.x()), std::max(high.y(), p.y())};
        }
    }
    // Fixed padding around both sets of points, so a moved cross is never off the plot.
    const double pad = 0.25 * std::max({high.x() - low.x(), high.y() - low.y(), 0.2});
    outputPlot_->xAxis->setRange(low.x() - pad, high.x() + pad);
    outputPlot_->yAxis->setRange(low.y() - pad, high.y() + pad);

    const QString yourOrder = tr("%1 (your order)").arg(sentence(current));
    currentLegend_->setName(yourOrder);
    captions_[0]->setText(sentence(kReferenceOrder));
    captions_[1]->setText(yourOrder);
    // The sentence 狗追猪 itself has nothing to compare yet, and must not say what reordering
    // would do (the first activity step asks exactly that).
    sameLabel_->setText(
        current == kReferenceOrder ? tr("Your order is 狗追猪 itself: reorder the words to compare")
        : difference_ >= 1e-12
            ? tr("Outputs moved by up to %1: the order is visible").arg(difference_, 0, 'f', 3)
            : tr("Each word keeps its output in the new order: attention cannot see the order"));
    fillWeights(grids_[0], reference.weights, kReferenceOrder);
    fillWeights(grids_[1], mine.weights, current);

    const auto point = [](const ToyAttentionResult& r, int t) {
        const QPointF p = outputOf(r, t);
        return QStringLiteral("(%1, %2)").arg(p.x(), 0, 'f', 3).arg(p.y(), 0, 'f', 3);
    };
    int movedWords = 0;
    for (int p = 0; p < kTokens; ++p)
        movedWords += current[std::size_t(p)] != kReferenceOrder[std::size_t(p)] ? 1 : 0;
    // Summing the same terms in another order can leave ~1e-16: that is rounding, not order.
    QList<Readout> readouts{{QStringLiteral("output_difference"),
                             tr("Largest change of a word's output"),
                             difference_,
                             {'f', 4},
                             difference_ < 1e-12 ? tr("0 (up to rounding)") : QString()},
                            {.label = tr("Output of each word"),
                             .text = sentence(kReferenceOrder),
                             .second = sentence(current)}};
    for (int t = 0; t < kTokens; ++t) {
        readouts.append({.label = kTokenText[std::size_t(t)],
                         .text = point(reference, t),
                         .second = point(mine, t)});
    }
    // Not shown: the numbers plotted above, and what Reverse would do to this order.
    const ToyAttentionResult& reversed = attention.reversed;
    readouts.append(QList<Readout>{
        {QStringLiteral("position"), {}, static_cast<int>(key.position)},
        {QStringLiteral("moved_words"), {}, movedWords},
        {QStringLiteral("move_dog"), {}, moved[0]},
        {QStringLiteral("move_chases"), {}, moved[1]},
        {QStringLiteral("move_pig"), {}, moved[2]},
        {QStringLiteral("reverse_change"), {}, maxTokenOutputDifference(mine, reversed)},
        {QStringLiteral("reverse_move_chases"),
         {},
         QLineF(outputOf(mine, 1), outputOf(reversed, 1)).length()},
        {QStringLiteral("weight_dog_pig"), {}, mine.weightsByToken(0, 2)},
        {QStringLiteral("reference_weight_dog_pig"), {}, reference.weightsByToken(0, 2)},
        // The same word pair's weight in both orders.
        {QStringLiteral("weight_change"), {}, maxTokenWeightDifference(mine, reference)}});
    setReadouts(readouts);
}

void OrderLesson::fillWeights(NumberedHeatMap& grid, const Eigen::MatrixXd& weights,
                              const std::vector<int>& order) {
    QStringList words;
    for (const int token : order) words.append(kTokenText[std::size_t(token)]);
    grid.setTickLabels(words, words);
    grid.setValues(weights, 2);
}

void OrderLesson::applyTheme(const PlotTheme& theme) {
    LessonPage::applyTheme(theme);
    for (NumberedHeatMap& grid : grids_) grid.colourLabels();
}

}  // namespace ropelab::ui
