// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/activity_reference.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

namespace ropelab::ui {

namespace {

// The context of the reference's texts (QT_TRANSLATE_NOOP below and the headings).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ActivityReference)
};

struct ReferenceRow {
    const char* id;
    const char* unit;
    const char* meaning;
};

struct NamedRow {
    const char* lesson;  // "*": the shared parameter panel
    const char* id;
    const char* meaning;
};

// Readouts: id, unit, meaning.
constexpr ReferenceRow kReadouts[] = {
    {"order.position", QT_TRANSLATE_NOOP("ActivityReference", "code"),
     QT_TRANSLATE_NOOP(
         "ActivityReference",
         "Position information chosen: 0 none, 1 sinusoidal added to x, 2 RoPE on q and k")},
    {"order.moved_words", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "How many words are not in their place of 狗追猪")},
    {"order.output_difference", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Largest change of a word's output between 狗追猪 and the current order")},
    {"order.move_dog", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "How far the output of 狗 moved from its place in 狗追猪")},
    {"order.move_chases", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "How far the output of 追 moved from its place in 狗追猪")},
    {"order.move_pig", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "How far the output of 猪 moved from its place in 狗追猪")},
    {"order.reverse_change", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Largest change of a word's output that Reverse would cause")},
    {"order.reverse_move_chases", "",
     QT_TRANSLATE_NOOP("ActivityReference", "How far Reverse would move the output of 追")},
    {"order.weight_dog_pig", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP("ActivityReference", "Attention weight from 狗 to 猪 in the current order")},
    {"order.reference_weight_dog_pig", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP("ActivityReference", "Attention weight from 狗 to 猪 in 狗追猪")},
    {"order.weight_change", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP(
         "ActivityReference",
         "Largest change of the attention weight of one word pair between the two orders")},
    {"absolute.query_position", QT_TRANSLATE_NOOP("ActivityReference", "position"),
     QT_TRANSLATE_NOOP("ActivityReference", "Position p whose row of the tables is marked")},
    {"absolute.sequence_length", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Sequence length N")},
    {"absolute.max_length", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Rows of the learned table (its maximum length)")},
    {"absolute.has_row", QT_TRANSLATE_NOOP("ActivityReference", "1 = yes, 0 = no"),
     QT_TRANSLATE_NOOP("ActivityReference", "Whether the learned table has a row for position p")},
    {"absolute.missing_rows", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Positions of the sequence beyond the learned table (no row)")},
    {"absolute.pair", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference", "Pair i of the sinusoidal encoding shown")},
    {"absolute.shift", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Shift k of the position (p to p + k)")},
    {"absolute.omega", QT_TRANSLATE_NOOP("ActivityReference", "rad/token"),
     QT_TRANSLATE_NOOP("ActivityReference", "Frequency ω of the pair shown")},
    {"absolute.period_tokens", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Period 2π/ω of the pair shown")},
    {"absolute.turn_deg", QT_TRANSLATE_NOOP("ActivityReference", "degrees"),
     QT_TRANSLATE_NOOP("ActivityReference", "Turn kω of the pair between PE(p) and PE(p + k)")},
    {"absolute.tip_gap", "",
     QT_TRANSLATE_NOOP(
         "ActivityReference",
         "Distance between the tips of PE(p) and PE(p + k) in the plot (0: back in place)")},
    {"relative.query_position", QT_TRANSLATE_NOOP("ActivityReference", "position"),
     QT_TRANSLATE_NOOP("ActivityReference", "Query position i (= m)")},
    {"relative.key_position", QT_TRANSLATE_NOOP("ActivityReference", "position"),
     QT_TRANSLATE_NOOP("ActivityReference", "Key position j (= n)")},
    {"relative.distance", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Distance i − j from the key to the query")},
    {"relative.bucket", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference", "T5 bucket of the distance")},
    {"relative.far_bucket", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "The bucket every key max_distance or more tokens before the query shares")},
    {"relative.t5_bias", "",
     QT_TRANSLATE_NOOP("ActivityReference", "T5 bias added to the score at this distance")},
    {"relative.alibi_bias", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "ALiBi bias −m(i − j) added to the score at this distance")},
    {"relative.heads", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Number of ALiBi heads")},
    {"relative.head", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference", "ALiBi head shown (from 1)")},
    {"relative.slope", "",
     QT_TRANSLATE_NOOP("ActivityReference", "ALiBi slope m of the head shown")},
    {"relative.smallest_slope", "",
     QT_TRANSLATE_NOOP("ActivityReference", "Smallest ALiBi slope over all heads")},
    {"rope-2d.pair", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference", "Pair i shown on the circle")},
    {"rope-2d.query_position", QT_TRANSLATE_NOOP("ActivityReference", "position"),
     QT_TRANSLATE_NOOP("ActivityReference", "Query position m")},
    {"rope-2d.key_position", QT_TRANSLATE_NOOP("ActivityReference", "position"),
     QT_TRANSLATE_NOOP("ActivityReference", "Key position n")},
    {"rope-2d.distance", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Distance m − n")},
    {"rope-2d.theta", QT_TRANSLATE_NOOP("ActivityReference", "rad/token"),
     QT_TRANSLATE_NOOP("ActivityReference", "Frequency θ of the pair shown")},
    {"rope-2d.period_tokens", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Period 2π/θ of the pair shown")},
    {"rope-2d.angle_deg", QT_TRANSLATE_NOOP("ActivityReference", "degrees"),
     QT_TRANSLATE_NOOP("ActivityReference", "Angle from k to q of the pair shown (−180 to 180)")},
    {"rope-2d.pair_score", "",
     QT_TRANSLATE_NOOP("ActivityReference", "Part of q·k from the pair shown")},
    {"rope-2d.score", "", QT_TRANSLATE_NOOP("ActivityReference", "q·k over all pairs")},
    {"rope-2d.shift_change", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "How much q·k would change if both m and n moved up by 1")},
    {"rope-2d.sequence_length", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Sequence length N")},
    {"rope-2d.first_pair_beyond_sequence", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "First pair whose period is longer than the sequence (−1: none)")},
    {"rope-nd.pair", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference", "Pair i highlighted")},
    {"rope-nd.pairs", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Number of pairs (d/2)")},
    {"rope-nd.position", QT_TRANSLATE_NOOP("ActivityReference", "position"),
     QT_TRANSLATE_NOOP("ActivityReference", "Position p")},
    {"rope-nd.theta", QT_TRANSLATE_NOOP("ActivityReference", "rad/token"),
     QT_TRANSLATE_NOOP("ActivityReference", "Frequency θ of the highlighted pair")},
    {"rope-nd.wavelength", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Wavelength 2π/θ of the highlighted pair")},
    {"rope-nd.turns", QT_TRANSLATE_NOOP("ActivityReference", "turns"),
     QT_TRANSLATE_NOOP("ActivityReference", "Turns of the highlighted pair's hand so far, pθ/2π")},
    {"rope-nd.hand_angle_deg", QT_TRANSLATE_NOOP("ActivityReference", "degrees"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Angle of the highlighted pair's clock hand (−180 to 180)")},
    {"rope-nd.slowest_theta", QT_TRANSLATE_NOOP("ActivityReference", "rad/token"),
     QT_TRANSLATE_NOOP("ActivityReference", "Frequency θ of the slowest pair")},
    {"rope-nd.component_a", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "First vector component of the highlighted pair (depends on the layout)")},
    {"rope-nd.component_b", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Second vector component of the highlighted pair (depends on the layout)")},
    {"invariance.left_encoding", QT_TRANSLATE_NOOP("ActivityReference", "code"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Encoding of the left panel: 0 RoPE, 1 sinusoidal, 2 learned, 3 T5, 4 "
                       "ALiBi, 5 the widely copied wrong code")},
    {"invariance.right_encoding", QT_TRANSLATE_NOOP("ActivityReference", "code"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Encoding of the right-hand panel (numbered as the left one)")},
    {"invariance.left_deviation", "",
     QT_TRANSLATE_NOOP(
         "ActivityReference",
         "Invariance deviation of the left panel's encoding (0: the score depends only on m − n)")},
    {"invariance.right_deviation", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Invariance deviation of the right-hand panel's encoding")},
    {"invariance.positions", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Positions of the heat maps")},
    {"invariance.decay_distance", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Largest distance of the long-term decay plot")},
    {"invariance.relative_bound_start", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "RoFormer's decay bound at the smallest distance of the plot")},
    {"invariance.relative_bound_end", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "RoFormer's decay bound at the largest distance of the plot")},
    {"invariance.aligned_score_ratio", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Score of aligned q and k at the largest distance, as a share of its value "
                       "at distance 0")},
    {"invariance.mean_abs_score_ratio", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Mean |score| of random q and k at the largest distance, as a share of its "
                       "value at distance 0")},
    {"frequencies.comparing", QT_TRANSLATE_NOOP("ActivityReference", "1 = yes, 0 = no"),
     QT_TRANSLATE_NOOP("ActivityReference", "Whether A and B are compared side by side")},
    {"frequencies.rope_type", QT_TRANSLATE_NOOP("ActivityReference", "code"),
     QT_TRANSLATE_NOOP(
         "ActivityReference",
         "rope_type of A: 0 default, 1 linear, 2 dynamic, 3 yarn, 4 longrope, 5 llama3")},
    {"frequencies.pairs", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Number of frequency pairs of A")},
    {"frequencies.context_length", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Context length of A")},
    {"frequencies.max_position_embeddings", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "max_position_embeddings of A")},
    {"frequencies.factor", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP("ActivityReference", "Scaling factor of A")},
    {"frequencies.attention_factor", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP("ActivityReference", "Attention factor of A (multiplies cos and sin)")},
    {"frequencies.logit_scale", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "How much A multiplies every q·k (the attention factor squared)")},
    {"frequencies.first_pair_beyond_context", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "First pair of A whose wavelength is longer than the context (−1: none)")},
    {"frequencies.pairs_without_full_turn", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Pairs of A that do not make one full turn within the context")},
    {"frequencies.pairs_kept", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Pairs of A whose frequency is kept as it was")},
    {"frequencies.pairs_blended", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Pairs of A whose frequency is partly divided (blended)")},
    {"frequencies.pairs_divided", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Pairs of A whose frequency is divided by the whole factor")},
    {"frequencies.fastest_scale", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP("ActivityReference", "Slowdown of A's fastest pair (original θ ÷ θ)")},
    {"frequencies.slowest_scale", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP("ActivityReference", "Slowdown of A's slowest pair (original θ ÷ θ)")},
    {"frequencies.fastest_wavelength", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Wavelength of A's fastest pair")},
    {"frequencies.slowest_wavelength", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Wavelength of A's slowest pair")},
    {"pitfall.dimension", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Dimension d of the wrong code")},
    {"pitfall.positions", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Positions compared")},
    {"pitfall.wrong_deviation", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Invariance deviation of the wrong code (0: relative)")},
    {"pitfall.rope_deviation", "",
     QT_TRANSLATE_NOOP("ActivityReference", "Invariance deviation of correct RoPE")},
    {"pitfall.wrong_sigma_max", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Largest singular value of the wrong code's matrix (1 for a rotation)")},
    {"pitfall.wrong_sigma_min", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Smallest singular value of the wrong code's matrix (1 for a rotation)")},
    {"pitfall.rope_sigma_max", "",
     QT_TRANSLATE_NOOP("ActivityReference", "Largest singular value of RoPE's matrix")},
    {"pitfall.rope_sigma_min", "",
     QT_TRANSLATE_NOOP("ActivityReference", "Smallest singular value of RoPE's matrix")},
    {"pitfall.wrong_rank", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Rank of the wrong code's matrix")},
    {"pitfall.rope_rank", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Rank of RoPE's matrix")},
    {"sweeps.mode", QT_TRANSLATE_NOOP("ActivityReference", "code"),
     QT_TRANSLATE_NOOP("ActivityReference", "What is shown: 0 score curves, 1 heat maps")},
    {"sweeps.length", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Distances (curves) or positions (heat maps) of the shown sweep")},
    {"sweeps.bases", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Number of bases compared")},
    {"sweeps.columns", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Pixel columns (curves) or heat-map columns the sweep is pooled into")},
    {"sweeps.first_column_count", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Samples pooled into the first column")},
    {"sweeps.last_column_count", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Samples pooled into the last column")},
    {"sweeps.score_span", "",
     QT_TRANSLATE_NOOP("ActivityReference", "Span of the scores shown (largest minus smallest)")},
    {"precision.position", QT_TRANSLATE_NOOP("ActivityReference", "position"),
     QT_TRANSLATE_NOOP("ActivityReference", "Position p")},
    {"precision.pair", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference", "Pair i shown")},
    {"precision.theta", QT_TRANSLATE_NOOP("ActivityReference", "rad/token"),
     QT_TRANSLATE_NOOP("ActivityReference", "Frequency θ of the pair shown")},
    {"precision.exact_phase", QT_TRANSLATE_NOOP("ActivityReference", "radians"),
     QT_TRANSLATE_NOOP("ActivityReference", "Exact phase pθ of the pair, reduced to −π … π")},
    {"precision.float32_error", QT_TRANSLATE_NOOP("ActivityReference", "radians"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "|phase error| of the pair when p·θ is computed in float32")},
    {"precision.fast_trig_error", QT_TRANSLATE_NOOP("ActivityReference", "radians"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "|phase error| of the pair with fast single-precision sine and cosine")},
    {"precision.exact_turns_error", QT_TRANSLATE_NOOP("ActivityReference", "radians"),
     QT_TRANSLATE_NOOP(
         "ActivityReference",
         "|phase error| of the pair when the phase is reduced to whole turns exactly first")},
    {"clinic.example", QT_TRANSLATE_NOOP("ActivityReference", "code"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Example shown: 0 default, 1 linear, 2 dynamic, 3 yarn, 4 llama3")},
    {"clinic.bfloat16_15962", QT_TRANSLATE_NOOP("ActivityReference", "position"),
     QT_TRANSLATE_NOOP("ActivityReference", "Position 15962 rounded to bfloat16")},
    {"clinic.float16_15962", QT_TRANSLATE_NOOP("ActivityReference", "position"),
     QT_TRANSLATE_NOOP("ActivityReference", "Position 15962 rounded to float16")},
    {"clinic.kv_cache_max_error", "",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Largest |q·k error| of dynamic NTK's cached keys, at the last length")},
    {"real-model.example", QT_TRANSLATE_NOOP("ActivityReference", "1 = yes, 0 = no"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Whether the model shown is RoPE Lab's untrained example model")},
    {"real-model.layers", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Layers of the model shown")},
    {"real-model.heads", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Query heads per layer of the model shown")},
    {"real-model.pairs", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Rotated pairs per head (rotary dimension / 2)")},
    {"real-model.context", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Trained context of the model (max_position_embeddings, or the original "
                       "context under scaling)")},
    {"real-model.beyond_share", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP(
         "ActivityReference",
         "Share of q·k usage in pairs whose wavelength exceeds the context, all layers")},
    {"real-model.layer", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference", "Layer chosen for the per-head view (counted from 0)")},
    {"real-model.head", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Head chosen for the positional profile (counted from 0)")},
    {"real-model.layer_beyond_share", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Share of q·k usage beyond the context in the chosen layer")},
    {"real-model.layer_positional_share", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP(
         "ActivityReference",
         "Mean share of usage in the fastest quarter of the pairs, over the chosen layer's heads")},
    {"real-model.most_positional_layer", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP(
         "ActivityReference",
         "Layer of the head with the largest share of usage in the fastest quarter of the pairs")},
    {"real-model.most_positional_head", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference", "That head's index in its layer")},
    {"real-model.most_positional_share", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "That head's share of usage in the fastest quarter of the pairs")},
    {"real-model.most_semantic_layer", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Layer of the head with the largest share of usage beyond the context")},
    {"real-model.most_semantic_head", QT_TRANSLATE_NOOP("ActivityReference", "index"),
     QT_TRANSLATE_NOOP("ActivityReference",
                       "That head's index in its layer (largest share beyond the context)")},
    {"real-model.most_semantic_share", QT_TRANSLATE_NOOP("ActivityReference", "ratio"),
     QT_TRANSLATE_NOOP("ActivityReference", "That head's share of usage beyond the context")},
    {"training.train_length", QT_TRANSLATE_NOOP("ActivityReference", "tokens"),
     QT_TRANSLATE_NOOP("ActivityReference", "Training length L of the run shown")},
    {"training.models", QT_TRANSLATE_NOOP("ActivityReference", "count"),
     QT_TRANSLATE_NOOP("ActivityReference", "Models of the run shown (one per encoding trained)")},
};
// Controls: lesson ("*": the shared parameter panel), object name, meaning.
constexpr NamedRow kControls[] = {
    {"order", "tokenOrder",
     QT_TRANSLATE_NOOP("ActivityReference", "The three words in their current order")},
    {"order", "moveLeftButton",
     QT_TRANSLATE_NOOP("ActivityReference", "Moves the chosen word one place left")},
    {"order", "moveRightButton",
     QT_TRANSLATE_NOOP("ActivityReference", "Moves the chosen word one place right")},
    {"order", "reverseButton",
     QT_TRANSLATE_NOOP("ActivityReference", "Reverses the order of the words")},
    {"order", "positionBox",
     QT_TRANSLATE_NOOP("ActivityReference", "Position information: none, sinusoidal or RoPE")},
    {"absolute", "maxLengthSlider",
     QT_TRANSLATE_NOOP("ActivityReference", "Rows of the learned table")},
    {"absolute", "pairSlider",
     QT_TRANSLATE_NOOP("ActivityReference", "Pair of the sinusoidal encoding shown")},
    {"absolute", "shiftSlider", QT_TRANSLATE_NOOP("ActivityReference", "Shift k")},
    {"relative", "bucketSlider", QT_TRANSLATE_NOOP("ActivityReference", "T5 number of buckets")},
    {"relative", "maxDistanceSlider", QT_TRANSLATE_NOOP("ActivityReference", "T5 max_distance")},
    {"relative", "bidirectionalBox",
     QT_TRANSLATE_NOOP("ActivityReference", "T5 buckets for keys on both sides of the query")},
    {"relative", "headsSlider", QT_TRANSLATE_NOOP("ActivityReference", "Number of ALiBi heads")},
    {"relative", "headSlider", QT_TRANSLATE_NOOP("ActivityReference", "ALiBi head shown")},
    {"rope-2d", "pairSlider", QT_TRANSLATE_NOOP("ActivityReference", "Pair shown on the circle")},
    {"rope-2d", "playButton",
     QT_TRANSLATE_NOOP("ActivityReference", "Plays or stops the animation")},
    {"rope-2d", "animateMode",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "What the animation advances: m only, or m and n together")},
    {"rope-2d", "speedSlider", QT_TRANSLATE_NOOP("ActivityReference", "Animation speed")},
    {"rope-2d", "shiftLeft",
     QT_TRANSLATE_NOOP("ActivityReference", "Moves m and n down by 1 together")},
    {"rope-2d", "shiftRight",
     QT_TRANSLATE_NOOP("ActivityReference", "Moves m and n up by 1 together")},
    {"rope-nd", "pairSlider", QT_TRANSLATE_NOOP("ActivityReference", "Pair highlighted")},
    {"rope-nd", "coordinates",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Spiral drawn on its principal components or on chosen components a, b, c")},
    {"rope-nd", "componentA",
     QT_TRANSLATE_NOOP("ActivityReference", "First component plotted in 3D")},
    {"rope-nd", "componentB",
     QT_TRANSLATE_NOOP("ActivityReference", "Second component plotted in 3D")},
    {"rope-nd", "componentC",
     QT_TRANSLATE_NOOP("ActivityReference", "Third component plotted in 3D")},
    {"rope-nd", "yawSlider",
     QT_TRANSLATE_NOOP("ActivityReference", "Turns the 3D view left and right")},
    {"rope-nd", "pitchSlider",
     QT_TRANSLATE_NOOP("ActivityReference", "Tilts the 3D view up and down")},
    {"rope-nd", "resetView", QT_TRANSLATE_NOOP("ActivityReference", "Puts the 3D view back")},
    {"invariance", "encoding1",
     QT_TRANSLATE_NOOP("ActivityReference", "Encoding of the left panel")},
    {"invariance", "encoding2",
     QT_TRANSLATE_NOOP("ActivityReference", "Encoding of the right-hand panel")},
    {"frequencies", "compare",
     QT_TRANSLATE_NOOP("ActivityReference", "Compares A with B side by side")},
    {"frequencies", "presetA", QT_TRANSLATE_NOOP("ActivityReference", "Model preset of A")},
    {"frequencies", "presetB", QT_TRANSLATE_NOOP("ActivityReference", "Model preset of B")},
    {"frequencies", "importA",
     QT_TRANSLATE_NOOP("ActivityReference", "Imports a config.json or GGUF file as A")},
    {"frequencies", "importB",
     QT_TRANSLATE_NOOP("ActivityReference", "Imports a config.json or GGUF file as B")},
    {"frequencies", "editorA", QT_TRANSLATE_NOOP("ActivityReference", "RoPE settings of A")},
    {"frequencies", "editorB", QT_TRANSLATE_NOOP("ActivityReference", "RoPE settings of B")},
    {"pitfall", "seedDimension",
     QT_TRANSLATE_NOOP("ActivityReference", "Dimension d of the wrong code")},
    {"sweeps", "sweepMode", QT_TRANSLATE_NOOP("ActivityReference", "Score curves or heat maps")},
    {"sweeps", "log2Length",
     QT_TRANSLATE_NOOP("ActivityReference", "Length of the sweep, as log₂")},
    {"sweeps", "bases", QT_TRANSLATE_NOOP("ActivityReference", "Bases to compare")},
    {"sweeps", "logAxis", QT_TRANSLATE_NOOP("ActivityReference", "Logarithmic distance axis")},
    {"sweeps", "pooling",
     QT_TRANSLATE_NOOP("ActivityReference", "How a heat-map cell pools its scores (mean or max)")},
    {"sweeps", "sweepInputs",
     QT_TRANSLATE_NOOP("ActivityReference", "The q and k vectors of the sweep")},
    {"sweeps", "backend",
     QT_TRANSLATE_NOOP("ActivityReference", "Where the sweep runs: CPU, OpenCL or CUDA")},
    {"sweeps", "runSweep", QT_TRANSLATE_NOOP("ActivityReference", "Runs the sweep")},
    {"sweeps", "cancelSweep", QT_TRANSLATE_NOOP("ActivityReference", "Cancels the running sweep")},
    {"precision", "positionSlider", QT_TRANSLATE_NOOP("ActivityReference", "Position p")},
    {"precision", "pairSlider", QT_TRANSLATE_NOOP("ActivityReference", "Pair shown")},
    {"clinic", "exampleBox", QT_TRANSLATE_NOOP("ActivityReference", "Example configuration")},
    {"clinic", "conventionsTable",
     QT_TRANSLATE_NOOP("ActivityReference", "The configuration in each tool's words")},
    {"*", "headDim",
     QT_TRANSLATE_NOOP("ActivityReference", "Head dimension d (shared parameters)")},
    {"*", "base",
     QT_TRANSLATE_NOOP("ActivityReference", "Base b of the frequencies (shared parameters)")},
    {"*", "layout",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Pair layout: half split or interleaved (shared parameters)")},
    {"*", "sequenceLength",
     QT_TRANSLATE_NOOP("ActivityReference", "Sequence length N (shared parameters)")},
    {"*", "queryPosition",
     QT_TRANSLATE_NOOP("ActivityReference", "Query position m (shared parameters)")},
    {"*", "keyPosition",
     QT_TRANSLATE_NOOP("ActivityReference", "Key position n (shared parameters)")},
    {"*", "readouts",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "The lesson's table of readouts (can be hidden, not moved)")},
    {"real-model", "openModelButton",
     QT_TRANSLATE_NOOP("ActivityReference", "Opens a safetensors file or folder, or a GGUF file")},
    {"real-model", "exampleModelButton",
     QT_TRANSLATE_NOOP("ActivityReference", "Shows RoPE Lab's untrained example model again")},
    {"real-model", "layerBox",
     QT_TRANSLATE_NOOP("ActivityReference", "Layer of the per-head view")},
    {"real-model", "headBox",
     QT_TRANSLATE_NOOP("ActivityReference", "Head of the positional profile")},
    {"training", "taskBox",
     QT_TRANSLATE_NOOP("ActivityReference", "Task the models learn (copy, reverse or text)")},
    {"training", "openTextButton",
     QT_TRANSLATE_NOOP("ActivityReference", "Opens a UTF-8 text file for the text task")},
    {"training", "encoding_none",
     QT_TRANSLATE_NOOP("ActivityReference", "Train a model without position information (NoPE)")},
    {"training", "encoding_learned",
     QT_TRANSLATE_NOOP("ActivityReference", "Train a model with a learned absolute table")},
    {"training", "encoding_sinusoidal",
     QT_TRANSLATE_NOOP("ActivityReference", "Train a model with sinusoidal encodings")},
    {"training", "encoding_t5",
     QT_TRANSLATE_NOOP("ActivityReference", "Train a model with T5 relative bias")},
    {"training", "encoding_alibi",
     QT_TRANSLATE_NOOP("ActivityReference", "Train a model with ALiBi")},
    {"training", "encoding_rope",
     QT_TRANSLATE_NOOP("ActivityReference", "Train a model with RoPE")},
    {"training", "sizeBox", QT_TRANSLATE_NOOP("ActivityReference", "Model size preset")},
    {"training", "trainLengthBox", QT_TRANSLATE_NOOP("ActivityReference", "Training length L")},
    {"training", "stepsBox", QT_TRANSLATE_NOOP("ActivityReference", "Training steps")},
    {"training", "seedBox",
     QT_TRANSLATE_NOOP("ActivityReference", "Random seed of weights and batches")},
    {"training", "ropeBaseBox",
     QT_TRANSLATE_NOOP("ActivityReference", "Base of the RoPE model's frequencies")},
    {"training", "fineTuneStepsBox",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Fine-tuning steps of the RoPE model at twice the training length")},
    {"training", "trainButton",
     QT_TRANSLATE_NOOP("ActivityReference", "Trains the chosen models in the background")},
    {"training", "cancelTrainingButton",
     QT_TRANSLATE_NOOP("ActivityReference", "Stops training; finished models stay")},
    {"training", "viewBox",
     QT_TRANSLATE_NOOP("ActivityReference", "Shows the results or a look inside the models")},
    {"training", "insideModelBox",
     QT_TRANSLATE_NOOP("ActivityReference", "Trained model to look inside")},
    {"training", "insideLayerBox",
     QT_TRANSLATE_NOOP("ActivityReference", "Layer whose attention is shown")},
    {"training", "insideHeadBox",
     QT_TRANSLATE_NOOP("ActivityReference", "Head whose attention is shown")},
};
// Figures: lesson, figure name (its export file stem), what it shows.
constexpr NamedRow kFigures[] = {
    {"order", "token-outputs",
     QT_TRANSLATE_NOOP("ActivityReference", "Each word's output in both orders")},
    {"order", "attention-weights", QT_TRANSLATE_NOOP("ActivityReference", "Attention weights")},
    {"absolute", "learned-table", QT_TRANSLATE_NOOP("ActivityReference", "The learned table")},
    {"absolute", "sinusoidal-table",
     QT_TRANSLATE_NOOP("ActivityReference", "The sinusoidal table")},
    {"absolute", "position-similarity", QT_TRANSLATE_NOOP("ActivityReference", "PE(p)·PE(q)")},
    {"absolute", "shift-rotation",
     QT_TRANSLATE_NOOP("ActivityReference", "Shift = per-pair rotation")},
    {"relative", "t5-buckets", QT_TRANSLATE_NOOP("ActivityReference", "T5 buckets")},
    {"relative", "t5-bias", QT_TRANSLATE_NOOP("ActivityReference", "T5 bias")},
    {"relative", "alibi-slopes", QT_TRANSLATE_NOOP("ActivityReference", "ALiBi slopes")},
    {"relative", "alibi-bias", QT_TRANSLATE_NOOP("ActivityReference", "ALiBi bias")},
    {"rope-2d", "rotating-pair",
     QT_TRANSLATE_NOOP("ActivityReference", "q and k of one pair on the circle")},
    {"rope-2d", "score-vs-distance",
     QT_TRANSLATE_NOOP("ActivityReference", "Score against distance")},
    {"rope-nd", "clock-hands",
     QT_TRANSLATE_NOOP("ActivityReference", "Every pair as a clock hand")},
    {"rope-nd", "spiral-3d", QT_TRANSLATE_NOOP("ActivityReference", "The spiral in 3D")},
    {"rope-nd", "pair-helix",
     QT_TRANSLATE_NOOP("ActivityReference", "The helix of the highlighted pair")},
    {"rope-nd", "pair-layout",
     QT_TRANSLATE_NOOP("ActivityReference", "Which components form each pair")},
    {"invariance", "score-heatmap-1",
     QT_TRANSLATE_NOOP("ActivityReference", "Score heat map, left")},
    {"invariance", "score-heatmap-2",
     QT_TRANSLATE_NOOP("ActivityReference", "Score heat map, right")},
    {"invariance", "score-vs-distance-1",
     QT_TRANSLATE_NOOP("ActivityReference", "Score against distance, left")},
    {"invariance", "score-vs-distance-2",
     QT_TRANSLATE_NOOP("ActivityReference", "Score against distance, right")},
    {"invariance", "long-term-decay", QT_TRANSLATE_NOOP("ActivityReference", "Long-term decay")},
    {"frequencies", "wavelengths",
     QT_TRANSLATE_NOOP("ActivityReference", "Wavelength per pair against the context")},
    {"frequencies", "slowdown-per-pair",
     QT_TRANSLATE_NOOP("ActivityReference", "Slowdown per pair")},
    {"frequencies", "score-curves", QT_TRANSLATE_NOOP("ActivityReference", "Score curves")},
    {"pitfall", "seed-code-heatmap",
     QT_TRANSLATE_NOOP("ActivityReference", "Scores of the wrong code")},
    {"pitfall", "rope-heatmap", QT_TRANSLATE_NOOP("ActivityReference", "Scores of RoPE")},
    {"pitfall", "singular-values", QT_TRANSLATE_NOOP("ActivityReference", "Singular values")},
    {"pitfall", "norm-ratio",
     QT_TRANSLATE_NOOP("ActivityReference", "Whether the map alone keeps lengths")},
    {"sweeps", "sweep-score-curves", QT_TRANSLATE_NOOP("ActivityReference", "Long score curves")},
    {"sweeps", "sweep-heatmaps", QT_TRANSLATE_NOOP("ActivityReference", "Large heat maps")},
    {"precision", "phase-error-vs-position",
     QT_TRANSLATE_NOOP("ActivityReference", "Phase error against position")},
    {"precision", "phase-error-per-pair",
     QT_TRANSLATE_NOOP("ActivityReference", "Phase error per pair")},
    {"clinic", "layout-permutation-scores",
     QT_TRANSLATE_NOOP("ActivityReference", "Scores of both layouts")},
    {"clinic", "kv-cache-drift",
     QT_TRANSLATE_NOOP("ActivityReference", "KV-cache drift of dynamic NTK")},
    {"clinic", "low-precision-positions",
     QT_TRANSLATE_NOOP("ActivityReference", "Positions in bfloat16 and float16")},
    {"real-model", "usage-by-layer",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "q·k usage of each pair, layers × pairs (mean over heads)")},
    {"real-model", "usage-by-head",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "q·k usage of each pair in each head of the chosen layer")},
    {"real-model", "positional-profiles",
     QT_TRANSLATE_NOOP("ActivityReference", "Positional profiles s(Δ) of chosen heads")},
    {"training", "training-loss",
     QT_TRANSLATE_NOOP("ActivityReference", "Training loss of each model against the step")},
    {"training", "metric-vs-length",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Accuracy of each model against the evaluation length")},
    {"training", "rope-rescue",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "The RoPE model with PI, NTK, YaRN and Llama 3 applied at evaluation")},
    {"training", "attention-weights",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "One head's attention weights on a sequence twice the training length")},
    {"training", "rope-pair-norms",
     QT_TRANSLATE_NOOP("ActivityReference",
                       "Norms of the RoPE model's W_q and W_k rows of each pair against its "
                       "wavelength")},
};

const char* namedMeaning(const NamedRow* begin, const NamedRow* end, const QString& lesson,
                         const QString& id) {
    const auto it = std::find_if(begin, end, [&](const NamedRow& row) {
        return lesson == QLatin1String(row.lesson) && id == QLatin1String(row.id);
    });
    return it == end ? nullptr : it->meaning;
}

QString rangeText(const ReadoutSpec& spec) {
    const auto number = [](double v) {
        if (std::isinf(v)) return v < 0 ? QStringLiteral("−∞") : QStringLiteral("∞");
        return QString::number(v, 'g', 8).replace(QLatin1Char('-'), QChar(0x2212));
    };
    return QStringLiteral("%1 … %2").arg(number(spec.minimum), number(spec.maximum));
}

QString escaped(const QString& text) {
    return text.toHtmlEscaped();
}

// A training readout's parts: the model ("rope_linear", "rope_finetune", ...), the metric
// ("accuracy" or "loss") and the length multiple ("1_5x"); the training lesson names one readout
// per model, metric and multiple.
struct TrainingMetric {
    QString model;
    bool accuracy = false;
    QString length;
};

std::optional<TrainingMetric> trainingMetric(const QString& id) {
    static const QRegularExpression pattern(QStringLiteral(
        "^training\\.(none|learned|sinusoidal|t5|alibi|rope|rope_linear|rope_dynamic|rope_yarn|"
        "rope_llama3|rope_finetune|rope_finetune_linear)_(accuracy|loss)_(1x|1_5x|2x|4x)$"));
    const QRegularExpressionMatch match = pattern.match(id);
    if (!match.hasMatch()) return std::nullopt;
    return TrainingMetric{match.captured(1), match.captured(2) == QLatin1String("accuracy"),
                          match.captured(3)};
}

}  // namespace

const char* readoutUnit(const QString& id, const char** meaning) {
    for (const ReferenceRow& row : kReadouts) {
        if (id == QLatin1String(row.id)) {
            *meaning = row.meaning;
            return row.unit;
        }
    }
    const std::optional<TrainingMetric> metric = trainingMetric(id);
    if (!metric) return nullptr;
    // The RoPE model fine-tuned at twice the training length, plain or with PI: only in a run
    // with fine-tuning steps.
    const bool fineTuned = metric->model.startsWith(QLatin1String("rope_finetune"));
    if (metric->accuracy) {
        *meaning =
            fineTuned
                ? QT_TRANSLATE_NOOP(
                      "ActivityReference",
                      "Share of scored tokens the RoPE model predicts right after fine-tuning at "
                      "twice the training length (rope_finetune: plain; rope_finetune_linear: with "
                      "Position Interpolation), at the named multiple of the training length; only "
                      "in a run with fine-tuning steps")
                : QT_TRANSLATE_NOOP(
                      "ActivityReference",
                      "Share of scored tokens the named model predicts right, at the named "
                      "multiple of the training length (rope_linear, rope_dynamic, rope_yarn, "
                      "rope_llama3: the RoPE model with that method applied at evaluation)");
        return QT_TRANSLATE_NOOP("ActivityReference", "ratio");
    }
    *meaning =
        fineTuned
            ? QT_TRANSLATE_NOOP(
                  "ActivityReference",
                  "Mean next-token cross-entropy of the RoPE model after fine-tuning at twice the "
                  "training length (rope_finetune: plain; rope_finetune_linear: with Position "
                  "Interpolation), at the named multiple of the training length; only in a run "
                  "with fine-tuning steps")
            : QT_TRANSLATE_NOOP(
                  "ActivityReference",
                  "Mean next-token cross-entropy of the named model at the named multiple of the "
                  "training length (rope_linear, rope_dynamic, rope_yarn, rope_llama3: the RoPE "
                  "model with that method applied at evaluation)");
    return QT_TRANSLATE_NOOP("ActivityReference", "nats");
}

QString readoutCardName(const QString& id) {
    const auto translated = [](const char* text) {
        return QCoreApplication::translate("ActivityReference", text);
    };
    if (const std::optional<TrainingMetric> metric = trainingMetric(id)) {
        static constexpr std::pair<const char*, const char*> kModels[] = {
            {"none", QT_TRANSLATE_NOOP("ActivityReference", "none (NoPE)")},
            {"learned", QT_TRANSLATE_NOOP("ActivityReference", "learned")},
            {"sinusoidal", QT_TRANSLATE_NOOP("ActivityReference", "sinusoidal")},
            {"t5", QT_TRANSLATE_NOOP("ActivityReference", "T5 bias")},
            {"alibi", QT_TRANSLATE_NOOP("ActivityReference", "ALiBi")},
            {"rope", QT_TRANSLATE_NOOP("ActivityReference", "RoPE")},
            {"rope_linear", QT_TRANSLATE_NOOP("ActivityReference", "RoPE + PI (linear)")},
            {"rope_dynamic", QT_TRANSLATE_NOOP("ActivityReference", "RoPE + NTK (dynamic)")},
            {"rope_yarn", QT_TRANSLATE_NOOP("ActivityReference", "RoPE + YaRN")},
            {"rope_llama3", QT_TRANSLATE_NOOP("ActivityReference", "RoPE + Llama 3")},
            {"rope_finetune", QT_TRANSLATE_NOOP("ActivityReference", "RoPE fine-tuned")},
            {"rope_finetune_linear",
             QT_TRANSLATE_NOOP("ActivityReference", "RoPE fine-tuned with PI")},
        };
        static constexpr std::pair<const char*, const char*> kLengths[] = {
            {"1x", QT_TRANSLATE_NOOP("ActivityReference", "L")},
            {"1_5x", QT_TRANSLATE_NOOP("ActivityReference", "1.5 L")},
            {"2x", QT_TRANSLATE_NOOP("ActivityReference", "2 L")},
            {"4x", QT_TRANSLATE_NOOP("ActivityReference", "4 L")},
        };
        const auto lookup = [&](const auto& table, const QString& key) {
            for (const auto& [name, text] : table) {
                if (key == QLatin1String(name)) return translated(text);
            }
            return key;
        };
        const QString model = lookup(kModels, metric->model);
        const QString length = lookup(kLengths, metric->length);
        return metric->accuracy
                   ? translated(QT_TRANSLATE_NOOP("ActivityReference", "%1: accuracy at %2"))
                         .arg(model, length)
                   : translated(QT_TRANSLATE_NOOP("ActivityReference", "%1: loss at %2 (nats)"))
                         .arg(model, length);
    }
    const char* meaning = nullptr;
    const char* unit = readoutUnit(id, &meaning);
    if (unit == nullptr) return id;
    QString name = translated(meaning);
    if (*unit != '\0') name += QStringLiteral(" (%1)").arg(translated(unit));
    return name;
}

QList<ReferenceItem> activityReference(const ActivityCatalog& catalog, ReferenceKind kind,
                                       const QString& lesson) {
    const QStringList lessons = lesson.isEmpty() ? catalog.lessons() : QStringList{lesson};
    QList<ReferenceItem> items;
    for (const QString& l : lessons) {
        switch (kind) {
            case ReferenceKind::Readouts:
                for (const ReadoutSpec& spec : catalog.readouts(l)) {
                    ReferenceItem item{l, spec.id, "", "", spec};
                    if (const char* unit = readoutUnit(spec.id, &item.meaning)) item.unit = unit;
                    items.append(item);
                }
                break;
            case ReferenceKind::Controls: {
                const QStringList shared = catalog.sharedControls();
                for (const QString& name : catalog.controls(l)) {
                    if (shared.contains(name)) continue;
                    const char* meaning =
                        namedMeaning(std::begin(kControls), std::end(kControls), l, name);
                    items.append({l, name, meaning != nullptr ? meaning : "", "", std::nullopt});
                }
                break;
            }
            case ReferenceKind::Figures:
                for (const NamedRow& row : kFigures) {
                    if (l == QLatin1String(row.lesson)) {
                        items.append(
                            {l, QString::fromLatin1(row.id), row.meaning, "", std::nullopt});
                    }
                }
                break;
        }
    }
    if (kind == ReferenceKind::Controls) {
        for (const QString& name : catalog.sharedControls()) {
            const char* meaning =
                namedMeaning(std::begin(kControls), std::end(kControls), QStringLiteral("*"), name);
            items.append({QString(), name, meaning != nullptr ? meaning : "", "", std::nullopt});
        }
    }
    return items;
}

QString activityReferenceHtml(const ActivityCatalog& catalog) {
    QString html;
    html +=
        QStringLiteral("<p>%1</p>")
            .arg(escaped(Tr::tr("An activity names readouts (what a check compares), controls "
                                "(what a step locks, hides or moves) and figures (what a step can "
                                "conceal) by these ids. The same lists: ropelab activity readouts, "
                                "controls and figures.")));
    const auto table = [&](const QList<ReferenceItem>& items, bool withUnit) {
        QString rows;
        for (const ReferenceItem& item : items) {
            rows += QStringLiteral("<tr><td><code>%1</code></td><td>%2</td>")
                        .arg(escaped(item.id), escaped(Tr::tr(item.meaning)));
            if (withUnit) {
                rows += QStringLiteral("<td>%1</td><td>%2</td>")
                            .arg(escaped(*item.unit != '\0' ? Tr::tr(item.unit) : QString()),
                                 item.range ? escaped(rangeText(*item.range)) : QString());
            }
            rows += QStringLiteral("</tr>");
        }
        const QString head =
            withUnit ? QStringLiteral("<tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th></tr>")
                           .arg(escaped(Tr::tr("id")), escaped(Tr::tr("meaning")),
                                escaped(Tr::tr("unit")), escaped(Tr::tr("range")))
                     : QStringLiteral("<tr><th>%1</th><th>%2</th></tr>")
                           .arg(escaped(Tr::tr("id")), escaped(Tr::tr("meaning")));
        return QStringLiteral(
                   "<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\">%1%2</table>")
            .arg(head, rows);
    };
    for (const QString& lesson : catalog.lessons()) {
        html += QStringLiteral("<h2>%1</h2>").arg(escaped(lesson));
        html += QStringLiteral("<h3>%1</h3>").arg(escaped(Tr::tr("Readouts")));
        html += table(activityReference(catalog, ReferenceKind::Readouts, lesson), true);
        QList<ReferenceItem> own;
        for (const ReferenceItem& item :
             activityReference(catalog, ReferenceKind::Controls, lesson)) {
            if (!item.lesson.isEmpty()) own.append(item);
        }
        html += QStringLiteral("<h3>%1</h3>").arg(escaped(Tr::tr("Controls")));
        html += table(own, false);
        html += QStringLiteral("<h3>%1</h3>").arg(escaped(Tr::tr("Figures")));
        html += table(activityReference(catalog, ReferenceKind::Figures, lesson), false);
    }
    QList<ReferenceItem> shared;
    for (const ReferenceItem& item : activityReference(catalog, ReferenceKind::Controls)) {
        if (item.lesson.isEmpty()) shared.append(item);
    }
    html += QStringLiteral("<h2>%1</h2>").arg(escaped(Tr::tr("Shared parameters (every lesson)")));
    html += table(shared, false);
    return html;
}

QString closestId(const QString& name, const QStringList& known) {
    // Levenshtein distance, one row at a time.
    const auto distance = [](const QString& a, const QString& b) {
        std::vector<qsizetype> row(static_cast<std::size_t>(b.size()) + 1);
        for (qsizetype j = 0; j <= b.size(); ++j) row[std::size_t(j)] = j;
        for (qsizetype i = 1; i <= a.size(); ++i) {
            qsizetype diagonal = row[0];
            row[0] = i;
            for (qsizetype j = 1; j <= b.size(); ++j) {
                const qsizetype above = row[std::size_t(j)];
                const qsizetype cost = a[i - 1].toLower() == b[j - 1].toLower() ? 0 : 1;
                row[std::size_t(j)] =
                    std::min({above + 1, row[std::size_t(j - 1)] + 1, diagonal + cost});
                diagonal = above;
            }
        }
        return row.back();
    };
    QString best;
    qsizetype bestDistance = 0;
    for (const QString& candidate : known) {
        const qsizetype d = distance(name, candidate);
        if (best.isEmpty() || d < bestDistance) {
            best = candidate;
            bestDistance = d;
        }
    }
    // A typo changes a letter or two; "spin" for "pair" (three) is no typo.
    const qsizetype allowed = name.size() < 5 ? 1 : 2;
    return !best.isEmpty() && bestDistance <= allowed ? best : QString();
}

}  // namespace ropelab::ui
