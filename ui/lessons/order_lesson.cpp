// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/order_lesson.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "model/parameter_model.h"
#include "widgets/choice_box.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"

namespace ropelab::ui {

namespace {

// Token ids of the example (rows of toyAttentionExample()).
const std::array<QString, 3> kTokenText{QStringLiteral("狗"), QStringLiteral("追"),
                                        QStringLiteral("猪")};
const std::array<Series, 3> kTokenSeries{Series::Query, Series::Third, Series::Key};
const std::vector<int> kReferenceOrder{0, 1, 2};  // 狗追猪: the dog chases the pig
// Readout names of the words' output moves, by token id.
const std::array<QString, 3> kMoveReadout{QStringLiteral("move_dog"), QStringLiteral("move_chases"),
                                          QStringLiteral("move_pig")};

int placeOf(const std::vector<int>& order, int token) {
    return int(std::find(order.begin(), order.end(), token) - order.begin());
}

QString sentence(const std::vector<int>& order) {
    QString text;
    for (const int token : order) text += kTokenText[std::size_t(token)];
    return text;
}

}  // namespace

OrderLesson::OrderLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent),
      outputPlot_(createPlot(QStringLiteral("token-outputs"))),
      weightPlot_(createPlot(QStringLiteral("attention-weights"))),
      tokenList_(new QListWidget(this)) {
    auto* plots = new QVBoxLayout(plotArea());
    plots->setContentsMargins(0, 0, 0, 0);
    plots->addWidget(outputPlot_, 3);
    plots->addWidget(weightPlot_, 2);

    // Each word's output vector (d_value = 2) in both orders: discs for 狗追猪, crosses for the
    // user's order, one colour per word; an arrow shows how far a word's output moved.
    bindText(
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
        [this](const QString& html) { setExplanation(title(), html.arg(model_.query.cols())); });
    bindText(addPlotTitle(outputPlot_, QString()),
             QT_TR_NOOP("Each word's attention output (d_value = 2)"));
    bindAxisLabels(outputPlot_, QT_TR_NOOP("output component 1"), QT_TR_NOOP("output component 2"));
    for (int t = 0; t < kTokens; ++t) {
        const SeriesStyle style{kTokenSeries[std::size_t(t)], Qt::SolidLine, 1.0};
        QCPGraph* reference = addGraph(outputPlot_);
        reference->setLineStyle(QCPGraph::lsNone);
        reference->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 16));
        setSeriesStyle(reference, style, theme());
        reference->removeFromLegend();
        referenceGraphs_[std::size_t(t)] = reference;
        QCPGraph* current = addGraph(outputPlot_);
        current->setLineStyle(QCPGraph::lsNone);
        current->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, 22));
        setSeriesStyle(current, {style.series, Qt::SolidLine, 1.3}, theme());
        current->removeFromLegend();
        currentGraphs_[std::size_t(t)] = current;
        auto* move = new QCPItemLine(outputPlot_);
        move->setHead(QCPLineEnding::esSpikeArrow);
        setSeriesStyle(move, {style.series, Qt::SolidLine, 0.7}, theme());
        moves_[std::size_t(t)] = move;
        auto* label = new PlotLabel(outputPlot_);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        label->setPadding(QMargins(0, 0, 14, 10));
        label->setText(kTokenText[std::size_t(t)]);
        setSeriesStyle(label, {style.series, Qt::SolidLine, 1.2}, theme());
        tokenLabels_[std::size_t(t)] = label;
    }
    referenceLegend_ = addGraph(outputPlot_);
    referenceLegend_->setLineStyle(QCPGraph::lsNone);
    referenceLegend_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 14));
    setSeriesStyle(referenceLegend_, {Series::Neutral}, theme());
    bindText(referenceLegend_, QT_TR_NOOP("狗追猪 (the dog chases the pig)"));
    currentLegend_ = addGraph(outputPlot_);
    currentLegend_->setLineStyle(QCPGraph::lsNone);
    currentLegend_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, 18));
    setSeriesStyle(currentLegend_, {Series::Neutral, Qt::SolidLine, 1.3}, theme());
    sameLabel_ = addPlotSubtitle(outputPlot_, QString());
    placeLegendBelow(outputPlot_);

    // Attention weights for both orders side by side, sharing one colour scale (0 … 1).
    QCPLayoutGrid* layout = weightPlot_->plotLayout();
    layout->clear();
    auto* weightTitle = new PlotText(weightPlot_, QString());
    bindText(QT_TR_NOOP("Attention weights softmax(q·k/√d_k), d_k = %1"),
             [this, weightTitle](const QString& text) {
                 weightTitle->setText(text.arg(model_.query.cols()));
             });
    layout->addElement(0, 0, weightTitle);
    auto* inner = new QCPLayoutGrid;
    layout->addElement(1, 0, inner);
    referenceCaption_ = new PlotText(weightPlot_, QString());
    currentCaption_ = new PlotText(weightPlot_, QString());
    inner->addElement(0, 0, referenceCaption_);
    inner->addElement(0, 1, currentCaption_);
    referenceRect_ = new QCPAxisRect(weightPlot_);
    currentRect_ = new QCPAxisRect(weightPlot_);
    inner->addElement(1, 0, referenceRect_);
    inner->addElement(1, 1, currentRect_);
    auto* scale = new QCPColorScale(weightPlot_);
    inner->addElement(1, 2, scale);
    scale->setBarWidth(14);
    bindText(scale->axis(), QT_TR_NOOP("weight"));
    auto* margins = new QCPMarginGroup(weightPlot_);
    for (QCPAxisRect* rect : {referenceRect_, currentRect_}) {
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
        rect->axis(QCPAxis::atLeft)->setRangeReversed(true);
        rect->axis(QCPAxis::atBottom)->setRange(-0.5, 2.5);
        rect->axis(QCPAxis::atLeft)->setRange(-0.5, 2.5);
        rect->axis(QCPAxis::atBottom)->grid()->setVisible(false);
        rect->axis(QCPAxis::atLeft)->grid()->setVisible(false);
        bindText(rect->axis(QCPAxis::atBottom), QT_TR_NOOP("key token"));
        bindText(rect->axis(QCPAxis::atLeft), QT_TR_NOOP("query token"));
    }
    scale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    const auto makeMap = [&](QCPAxisRect* rect, std::array<QCPItemText*, 9>& cells) {
        auto* map = new QCPColorMap(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        map->data()->setSize(kTokens, kTokens);
        map->data()->setRange(QCPRange(0, kTokens - 1), QCPRange(0, kTokens - 1));
        map->setColorScale(scale);
        setColorMapGradient(map, Gradient::Sequential);
        map->setDataRange(QCPRange(0.0, 1.0));
        for (int c = 0; c < 9; ++c) {
            auto* text = new PlotLabel(weightPlot_);
            text->setClipAxisRect(rect);
            text->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
            text->position->setCoords(c % kTokens, c / kTokens);
            cells[std::size_t(c)] = text;
        }
        return map;
    };
    referenceWeights_ = makeMap(referenceRect_, referenceCells_);
    currentWeights_ = makeMap(currentRect_, currentCells_);
    QList<QCPLayerable*> currentGrid{currentWeights_};
    for (QCPItemText* cell : currentCells_) currentGrid.append(cell);
    tagAnnotation(weightPlot_, QStringLiteral("current-weights"), currentGrid);
    scale->axis()->setRange(0.0, 1.0);

    // Controls: the order (drag, or select and move), reverse, and the position information.
    tokenList_->setObjectName(QStringLiteral("tokenOrder"));
    tokenList_->setDragDropMode(QAbstractItemView::InternalMove);
    tokenList_->setDefaultDropAction(Qt::MoveAction);
    tokenList_->setFlow(QListView::LeftToRight);
    tokenList_->setFixedHeight(64);
    QFont big = tokenList_->font();
    big.setPointSizeF(big.pointSizeF() * 1.8);
    tokenList_->setFont(big);
    for (int t = 0; t < kTokens; ++t) {
        auto* item = new QListWidgetItem(kTokenText[std::size_t(t)], tokenList_);
        item->setData(Qt::UserRole, t);
        item->setTextAlignment(Qt::AlignCenter);
        item->setSizeHint(QSize(64, 52));
    }
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
                   QT_TR_NOOP("Sinusoidal encoding added to x"), QT_TR_NOOP("RoPE on q and k")}},
        [this] { refresh(); });
    bindText(QT_TR_NOOP("Word order; drag to reorder"),
             [this](const QString& text) { tokenList_->setAccessibleName(text); });
    bindToolTip(tokenList_, QT_TR_NOOP("Drag a word to reorder the sentence"));

    connect(tokenList_->model(), &QAbstractItemModel::rowsMoved, this, &OrderLesson::refresh);
    // Three toy attentions of three tokens: cheap enough to compute on the UI thread.
    attention_ = declareFigures(
        {outputPlot_, weightPlot_}, FigureRun::Inline,
        [this] {
            return OrderKey{order(), position(), parameters().rope().ropeTheta};
        },
        [this](const OrderKey& key, const Execution&) { return computeAttention(key); },
        [this](const OrderKey& key, Attention& attention) { drawAttention(key, attention); });
    redrawOnLanguageChange({attention_});  // its draw step writes the captions and the readout
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
    bindState(
        QStringLiteral("position"), 0, [this] { return static_cast<int>(position()); },
        [this](int position) { setPosition(static_cast<ToyPosition>(position)); });
    refreshOnParameterChange([this] { refresh(); }, ParameterModel::Parameter::RopeTheta);

    // Start on 猪追狗, the order that should mean something else.
    setOrder({2, 1, 0});
    refresh();
    applyTheme(theme());
}

QString OrderLesson::title() const {
    return tr("Why order matters");
}

std::vector<int> OrderLesson::order() const {
    std::vector<int> ids;
    for (int row = 0; row < tokenList_->count(); ++row) {
        ids.push_back(tokenList_->item(row)->data(Qt::UserRole).toInt());
    }
    return ids;
}

void OrderLesson::setOrder(const std::vector<int>& order) {
    std::vector<QListWidgetItem*> items(kTokens, nullptr);
    while (tokenList_->count() > 0) {
        QListWidgetItem* item = tokenList_->takeItem(0);
        items[std::size_t(item->data(Qt::UserRole).toInt())] = item;
    }
    for (const int token : order) {
        if (token >= 0 && token < kTokens && items[std::size_t(token)] != nullptr) {
            tokenList_->addItem(items[std::size_t(token)]);
            items[std::size_t(token)] = nullptr;
        }
    }
    // Tokens the given order left out go last, so no word is ever lost.
    for (QListWidgetItem* item : items) {
        if (item != nullptr) tokenList_->addItem(item);
    }
    refresh();
}

ToyPosition OrderLesson::position() const {
    return static_cast<ToyPosition>(positionBox_->currentIndex());
}

void OrderLesson::setPosition(ToyPosition position) {
    positionBox_->setCurrentIndex(static_cast<int>(position));
}

QPointF OrderLesson::referencePoint(int token) const {
    const auto data = referenceGraphs_[std::size_t(token)]->data();
    return data->isEmpty() ? QPointF() : QPointF(data->at(0)->key, data->at(0)->value);
}

QPointF OrderLesson::currentPoint(int token) const {
    const auto data = currentGraphs_[std::size_t(token)]->data();
    return data->isEmpty() ? QPointF() : QPointF(data->at(0)->key, data->at(0)->value);
}

void OrderLesson::moveSelected(int delta) {
    const int row = tokenList_->currentRow();
    const int target = row + delta;
    if (row < 0 || target < 0 || target >= tokenList_->count()) return;
    QListWidgetItem* item = tokenList_->takeItem(row);
    tokenList_->insertItem(target, item);
    tokenList_->setCurrentRow(target);
    refresh();
}

void OrderLesson::refresh() {
    if (tokenList_->count() != kTokens) return;  // mid-way through setOrder
    runGuarded([this] { updateFigures(); });
}

OrderLesson::Attention OrderLesson::computeAttention(const OrderKey& key) const {
    const std::vector<int> reversedOrder(key.order.rbegin(), key.order.rend());
    return {toySelfAttention(model_, kReferenceOrder, key.position, key.base),
            toySelfAttention(model_, key.order, key.position, key.base),
            toySelfAttention(model_, reversedOrder, key.position, key.base)};
}

void OrderLesson::drawAttention(const OrderKey& key, const Attention& attention) {
    const std::vector<int>& current = key.order;
    const ToyAttentionResult& reference = attention.reference;
    const ToyAttentionResult& mine = attention.mine;
    const ToyAttentionResult& reversed = attention.reversed;
    difference_ = maxTokenOutputDifference(reference, mine);

    double lowX = 0.0, highX = 0.0, lowY = 0.0, highY = 0.0;
    bool first = true;
    std::array<double, kTokens> moved{};
    for (int t = 0; t < kTokens; ++t) {
        const QPointF a(reference.outputsByToken(t, 0), reference.outputsByToken(t, 1));
        const QPointF b(mine.outputsByToken(t, 0), mine.outputsByToken(t, 1));
        referenceGraphs_[std::size_t(t)]->setData({a.x()}, {a.y()});
        currentGraphs_[std::size_t(t)]->setData({b.x()}, {b.y()});
        moves_[std::size_t(t)]->start->setCoords(a);
        moves_[std::size_t(t)]->end->setCoords(b);
        moved[std::size_t(t)] = QLineF(a, b).length();
        moves_[std::size_t(t)]->setVisible(moved[std::size_t(t)] > 1e-3);
        tokenLabels_[std::size_t(t)]->position->setCoords(a);
        for (const QPointF& p : {a, b}) {
            lowX = first ? p.x() : std::min(lowX, p.x());
            highX = first ? p.x() : std::max(highX, p.x());
            lowY = first ? p.y() : std::min(lowY, p.y());
            highY = first ? p.y() : std::max(highY, p.y());
            first = false;
        }
    }
    // Fixed padding around both sets of points, so a moved cross is never off the plot.
    const double pad = 0.25 * std::max({highX - lowX, highY - lowY, 0.2});
    outputPlot_->xAxis->setRange(lowX - pad, highX + pad);
    outputPlot_->yAxis->setRange(lowY - pad, highY + pad);

    currentLegend_->setName(tr("%1 (your order)").arg(sentence(current)));
    referenceCaption_->setText(sentence(kReferenceOrder));
    currentCaption_->setText(tr("%1 (your order)").arg(sentence(current)));
    // With positions and the sentence 狗追猪 itself there is nothing to compare yet.
    sameLabel_->setText(
        difference_ >= 1e-12
            ? tr("Outputs moved by up to %1: the order is visible").arg(difference_, 0, 'f', 3)
        : key.position == ToyPosition::None
            ? tr("Each word keeps its output in the new order: attention cannot see the order")
            : tr("Your order is 狗追猪 itself: reorder the words to compare"));
    fillWeights(referenceWeights_, referenceCells_, reference.weights, kReferenceOrder,
                referenceRect_);
    fillWeights(currentWeights_, currentCells_, mine.weights, current, currentRect_);
    colourCellLabels();

    const auto point = [](const ToyAttentionResult& r, int t) {
        return QStringLiteral("(%1, %2)")
            .arg(r.outputsByToken(t, 0), 0, 'f', 3)
            .arg(r.outputsByToken(t, 1), 0, 'f', 3);
    };
    double weightChange = 0.0;  // the same word pair's weight in both orders
    for (int query = 0; query < kTokens; ++query) {
        for (int k = 0; k < kTokens; ++k) {
            weightChange = std::max(
                weightChange, std::abs(mine.weights(placeOf(current, query), placeOf(current, k)) -
                                       reference.weights(query, k)));
        }
    }
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
    readouts.append({QStringLiteral("position"), {}, static_cast<int>(key.position)});
    readouts.append({QStringLiteral("moved_words"), {}, movedWords});
    for (int t = 0; t < kTokens; ++t) {
        readouts.append({kMoveReadout[std::size_t(t)], {}, moved[std::size_t(t)]});
    }
    readouts.append(
        {QStringLiteral("reverse_change"), {}, maxTokenOutputDifference(mine, reversed)});
    readouts.append({QStringLiteral("reverse_move_chases"),
                     {},
                     QLineF(QPointF(mine.outputsByToken(1, 0), mine.outputsByToken(1, 1)),
                            QPointF(reversed.outputsByToken(1, 0), reversed.outputsByToken(1, 1)))
                         .length()});
    readouts.append({QStringLiteral("weight_dog_pig"),
                     {},
                     mine.weights(placeOf(current, 0), placeOf(current, 2))});
    readouts.append({QStringLiteral("reference_weight_dog_pig"), {}, reference.weights(0, 2)});
    readouts.append({QStringLiteral("weight_change"), {}, weightChange});
    setReadouts(readouts);
}

void OrderLesson::fillWeights(QCPColorMap* map, const std::array<QCPItemText*, 9>& labels,
                              const Eigen::MatrixXd& weights, const std::vector<int>& order,
                              QCPAxisRect* rect) {
    auto ticks = QSharedPointer<QCPAxisTickerText>::create();
    for (int p = 0; p < kTokens; ++p)
        ticks->addTick(p, kTokenText[std::size_t(order[std::size_t(p)])]);
    rect->axis(QCPAxis::atBottom)->setTicker(ticks);
    rect->axis(QCPAxis::atLeft)->setTicker(ticks);
    for (int query = 0; query < kTokens; ++query) {
        for (int key = 0; key < kTokens; ++key) {
            const double w = weights(query, key);
            map->data()->setCell(key, query, w);
            labels[std::size_t(query * kTokens + key)]->setText(QString::number(w, 'f', 2));
        }
    }
}

void OrderLesson::colourCellLabels() {
    // Dark viridis cells get white text, bright ones black, in every theme.
    for (const auto* cells : {&referenceCells_, &currentCells_}) {
        const QCPColorMap* map = cells == &referenceCells_ ? referenceWeights_ : currentWeights_;
        for (int c = 0; c < 9; ++c) {
            QCPItemText* text = (*cells)[std::size_t(c)];
            const double w = map->data()->cell(c % kTokens, c / kTokens);
            text->setColor(w < 0.55 ? Qt::white : Qt::black);
            QFont font = text->font();
            font.setBold(true);
            text->setFont(font);
        }
    }
}

void OrderLesson::applyTheme(const PlotTheme& theme) {
    LessonPage::applyTheme(theme);
    colourCellLabels();
}

}  // namespace ropelab::ui
