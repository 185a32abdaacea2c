<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ActivityReference</name>
    <message>
        <source>code</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Position information chosen: 0 none, 1 sinusoidal added to x, 2 RoPE on q and k</source>
        <translation>所选的位置信息：0 无，1 把正弦编码加到 x 上，2 对 q 和 k 用 RoPE</translation>
    </message>
    <message>
        <source>count</source>
        <translation>个数</translation>
    </message>
    <message>
        <source>How many words are not in their place of 狗追猪</source>
        <translation>有几个词不在“狗追猪”中原来的位置上</translation>
    </message>
    <message>
        <source>Largest change of a word&apos;s output between 狗追猪 and the current order</source>
        <translation>狗追猪与当前顺序之间，一个词的输出变化最大多少</translation>
    </message>
    <message>
        <source>How far the output of 狗 moved from its place in 狗追猪</source>
        <translation>狗 的输出离它在“狗追猪”中的位置移动了多远</translation>
    </message>
    <message>
        <source>How far the output of 追 moved from its place in 狗追猪</source>
        <translation>追 的输出离它在“狗追猪”中的位置移动了多远</translation>
    </message>
    <message>
        <source>How far the output of 猪 moved from its place in 狗追猪</source>
        <translation>猪 的输出离它在“狗追猪”中的位置移动了多远</translation>
    </message>
    <message>
        <source>Largest change of a word&apos;s output that Reverse would cause</source>
        <translation>“反转”会让一个词的输出最多变化多少</translation>
    </message>
    <message>
        <source>How far Reverse would move the output of 追</source>
        <translation>“反转”会让 追 的输出移动多远</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <source>Attention weight from 狗 to 猪 in the current order</source>
        <translation>当前顺序中 狗 对 猪 的注意力权重</translation>
    </message>
    <message>
        <source>Attention weight from 狗 to 猪 in 狗追猪</source>
        <translation>“狗追猪”中 狗 对 猪 的注意力权重</translation>
    </message>
    <message>
        <source>Largest change of the attention weight of one word pair between the two orders</source>
        <translation>两种顺序之间，同一对词的注意力权重最大变化多少</translation>
    </message>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Position p whose row of the tables is marked</source>
        <translation>在表中标出的那一行的位置 p</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>Sequence length N</source>
        <translation>序列长度 N</translation>
    </message>
    <message>
        <source>Rows of the learned table (its maximum length)</source>
        <translation>学习表的行数（最大长度）</translation>
    </message>
    <message>
        <source>1 = yes, 0 = no</source>
        <translation>1 = 是，0 = 否</translation>
    </message>
    <message>
        <source>Whether the learned table has a row for position p</source>
        <translation>学习表中是否有位置 p 的那一行</translation>
    </message>
    <message>
        <source>Positions of the sequence beyond the learned table (no row)</source>
        <translation>序列中超出学习表的位置数（没有对应的行）</translation>
    </message>
    <message>
        <source>index</source>
        <translation>序号</translation>
    </message>
    <message>
        <source>Pair i of the sinusoidal encoding shown</source>
        <translation>所显示的正弦编码的第 i 对</translation>
    </message>
    <message>
        <source>Shift k of the position (p to p + k)</source>
        <translation>位置的平移量 k（从 p 到 p + k）</translation>
    </message>
    <message>
        <source>rad/token</source>
        <translation>弧度/词元</translation>
    </message>
    <message>
        <source>Frequency ω of the pair shown</source>
        <translation>所显示那一对的频率 ω</translation>
    </message>
    <message>
        <source>Period 2π/ω of the pair shown</source>
        <translation>所显示那一对的周期 2π/ω</translation>
    </message>
    <message>
        <source>degrees</source>
        <translation>度</translation>
    </message>
    <message>
        <source>Turn kω of the pair between PE(p) and PE(p + k)</source>
        <translation>PE(p) 到 PE(p + k) 之间这一对转过的角度 kω</translation>
    </message>
    <message>
        <source>Distance between the tips of PE(p) and PE(p + k) in the plot (0: back in place)</source>
        <translation>图中 PE(p) 与 PE(p + k) 两个箭头尖端的距离（0：回到原处）</translation>
    </message>
    <message>
        <source>Query position i (= m)</source>
        <translation>查询位置 i（= m）</translation>
    </message>
    <message>
        <source>Key position j (= n)</source>
        <translation>键位置 j（= n）</translation>
    </message>
    <message>
        <source>Distance i − j from the key to the query</source>
        <translation>从键到查询的距离 i − j</translation>
    </message>
    <message>
        <source>T5 bucket of the distance</source>
        <translation>这个距离所在的 T5 桶</translation>
    </message>
    <message>
        <source>The bucket every key max_distance or more tokens before the query shares</source>
        <translation>在查询之前 max_distance 个词元或更远的键所共用的桶</translation>
    </message>
    <message>
        <source>T5 bias added to the score at this distance</source>
        <translation>在这个距离上加到分数上的 T5 偏置</translation>
    </message>
    <message>
        <source>ALiBi bias −m(i − j) added to the score at this distance</source>
        <translation>在这个距离上加到分数上的 ALiBi 偏置 −m(i − j)</translation>
    </message>
    <message>
        <source>Number of ALiBi heads</source>
        <translation>ALiBi 头的个数</translation>
    </message>
    <message>
        <source>ALiBi head shown (from 1)</source>
        <translation>所显示的 ALiBi 头（从 1 数起）</translation>
    </message>
    <message>
        <source>ALiBi slope m of the head shown</source>
        <translation>所显示那个头的 ALiBi 斜率 m</translation>
    </message>
    <message>
        <source>Smallest ALiBi slope over all heads</source>
        <translation>所有头中最小的 ALiBi 斜率</translation>
    </message>
    <message>
        <source>Pair i shown on the circle</source>
        <translation>圆上显示的第 i 对</translation>
    </message>
    <message>
        <source>Query position m</source>
        <translation>查询位置 m</translation>
    </message>
    <message>
        <source>Key position n</source>
        <translation>键位置 n</translation>
    </message>
    <message>
        <source>Distance m − n</source>
        <translation>距离 m − n</translation>
    </message>
    <message>
        <source>Frequency θ of the pair shown</source>
        <translation>所显示那一对的频率 θ</translation>
    </message>
    <message>
        <source>Period 2π/θ of the pair shown</source>
        <translation>所显示那一对的周期 2π/θ</translation>
    </message>
    <message>
        <source>Angle from k to q of the pair shown (−180 to 180)</source>
        <translation>所显示那一对中从 k 到 q 的角度（−180 到 180）</translation>
    </message>
    <message>
        <source>Part of q·k from the pair shown</source>
        <translation>q·k 中来自所显示那一对的部分</translation>
    </message>
    <message>
        <source>q·k over all pairs</source>
        <translation>所有对加起来的 q·k</translation>
    </message>
    <message>
        <source>How much q·k would change if both m and n moved up by 1</source>
        <translation>m 和 n 都加 1 时 q·k 会变化多少</translation>
    </message>
    <message>
        <source>First pair whose period is longer than the sequence (−1: none)</source>
        <translation>第一个周期比序列还长的对（−1：没有）</translation>
    </message>
    <message>
        <source>Pair i highlighted</source>
        <translation>高亮的第 i 对</translation>
    </message>
    <message>
        <source>Number of pairs (d/2)</source>
        <translation>对的个数（d/2）</translation>
    </message>
    <message>
        <source>Position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>Frequency θ of the highlighted pair</source>
        <translation>高亮那一对的频率 θ</translation>
    </message>
    <message>
        <source>Wavelength 2π/θ of the highlighted pair</source>
        <translation>高亮那一对的波长 2π/θ</translation>
    </message>
    <message>
        <source>turns</source>
        <translation>圈</translation>
    </message>
    <message>
        <source>Turns of the highlighted pair&apos;s hand so far, pθ/2π</source>
        <translation>高亮那一对的指针到目前转过的圈数 pθ/2π</translation>
    </message>
    <message>
        <source>Angle of the highlighted pair&apos;s clock hand (−180 to 180)</source>
        <translation>高亮那一对时钟指针的角度（−180 到 180）</translation>
    </message>
    <message>
        <source>Frequency θ of the slowest pair</source>
        <translation>最慢那一对的频率 θ</translation>
    </message>
    <message>
        <source>First vector component of the highlighted pair (depends on the layout)</source>
        <translation>高亮那一对的第一个分量（取决于布局）</translation>
    </message>
    <message>
        <source>Second vector component of the highlighted pair (depends on the layout)</source>
        <translation>高亮那一对的第二个分量（取决于布局）</translation>
    </message>
    <message>
        <source>Encoding of the left panel: 0 RoPE, 1 sinusoidal, 2 learned, 3 T5, 4 ALiBi, 5 the widely copied wrong code</source>
        <translation>左侧面板的编码：0 RoPE，1 正弦，2 学习，3 T5，4 ALiBi，5 广为流传的错误代码</translation>
    </message>
    <message>
        <source>Encoding of the right-hand panel (numbered as the left one)</source>
        <translation>右侧面板的编码（编号同左侧）</translation>
    </message>
    <message>
        <source>Invariance deviation of the left panel&apos;s encoding (0: the score depends only on m − n)</source>
        <translation>左侧面板编码的不变性偏差（0：分数只取决于 m − n）</translation>
    </message>
    <message>
        <source>Invariance deviation of the right-hand panel&apos;s encoding</source>
        <translation>右侧面板编码的不变性偏差</translation>
    </message>
    <message>
        <source>Positions of the heat maps</source>
        <translation>热图的位置数</translation>
    </message>
    <message>
        <source>Largest distance of the long-term decay plot</source>
        <translation>长程衰减图中的最大距离</translation>
    </message>
    <message>
        <source>RoFormer&apos;s decay bound at the smallest distance of the plot</source>
        <translation>图中最小距离处 RoFormer 的衰减上界</translation>
    </message>
    <message>
        <source>RoFormer&apos;s decay bound at the largest distance of the plot</source>
        <translation>图中最大距离处 RoFormer 的衰减上界</translation>
    </message>
    <message>
        <source>Score of aligned q and k at the largest distance, as a share of its value at distance 0</source>
        <translation>q 与 k 方向一致时，最大距离处的分数占距离 0 处分数的比例</translation>
    </message>
    <message>
        <source>Mean |score| of random q and k at the largest distance, as a share of its value at distance 0</source>
        <translation>随机 q 与 k 的平均 |分数| 在最大距离处占距离 0 处的比例</translation>
    </message>
    <message>
        <source>Whether A and B are compared side by side</source>
        <translation>是否并排比较 A 和 B</translation>
    </message>
    <message>
        <source>rope_type of A: 0 default, 1 linear, 2 dynamic, 3 yarn, 4 longrope, 5 llama3</source>
        <translation>A 的 rope_type：0 default，1 linear，2 dynamic，3 yarn，4 longrope，5 llama3</translation>
    </message>
    <message>
        <source>Number of frequency pairs of A</source>
        <translation>A 的频率对个数</translation>
    </message>
    <message>
        <source>Context length of A</source>
        <translation>A 的上下文长度</translation>
    </message>
    <message>
        <source>max_position_embeddings of A</source>
        <translation>A 的 max_position_embeddings</translation>
    </message>
    <message>
        <source>Scaling factor of A</source>
        <translation>A 的缩放系数</translation>
    </message>
    <message>
        <source>Attention factor of A (multiplies cos and sin)</source>
        <translation>A 的注意力系数（乘在 cos 和 sin 上）</translation>
    </message>
    <message>
        <source>How much A multiplies every q·k (the attention factor squared)</source>
        <translation>A 让每个 q·k 乘上的倍数（注意力系数的平方）</translation>
    </message>
    <message>
        <source>First pair of A whose wavelength is longer than the context (−1: none)</source>
        <translation>A 中第一个波长比上下文还长的对（−1：没有）</translation>
    </message>
    <message>
        <source>Pairs of A that do not make one full turn within the context</source>
        <translation>A 中在上下文内转不满一圈的对数</translation>
    </message>
    <message>
        <source>Pairs of A whose frequency is kept as it was</source>
        <translation>A 中频率保持不变的对数</translation>
    </message>
    <message>
        <source>Pairs of A whose frequency is partly divided (blended)</source>
        <translation>A 中频率被部分缩小（混合）的对数</translation>
    </message>
    <message>
        <source>Pairs of A whose frequency is divided by the whole factor</source>
        <translation>A 中频率被整个系数缩小的对数</translation>
    </message>
    <message>
        <source>Slowdown of A&apos;s fastest pair (original θ ÷ θ)</source>
        <translation>A 最快那一对被放慢的倍数（原 θ ÷ θ）</translation>
    </message>
    <message>
        <source>Slowdown of A&apos;s slowest pair (original θ ÷ θ)</source>
        <translation>A 最慢那一对被放慢的倍数（原 θ ÷ θ）</translation>
    </message>
    <message>
        <source>Wavelength of A&apos;s fastest pair</source>
        <translation>A 最快那一对的波长</translation>
    </message>
    <message>
        <source>Wavelength of A&apos;s slowest pair</source>
        <translation>A 最慢那一对的波长</translation>
    </message>
    <message>
        <source>Dimension d of the wrong code</source>
        <translation>错误代码的维度 d</translation>
    </message>
    <message>
        <source>Positions compared</source>
        <translation>参与比较的位置数</translation>
    </message>
    <message>
        <source>Invariance deviation of the wrong code (0: relative)</source>
        <translation>错误代码的不变性偏差（0：相对的）</translation>
    </message>
    <message>
        <source>Invariance deviation of correct RoPE</source>
        <translation>正确 RoPE 的不变性偏差</translation>
    </message>
    <message>
        <source>Largest singular value of the wrong code&apos;s matrix (1 for a rotation)</source>
        <translation>错误代码矩阵的最大奇异值（旋转为 1）</translation>
    </message>
    <message>
        <source>Smallest singular value of the wrong code&apos;s matrix (1 for a rotation)</source>
        <translation>错误代码矩阵的最小奇异值（旋转为 1）</translation>
    </message>
    <message>
        <source>Largest singular value of RoPE&apos;s matrix</source>
        <translation>RoPE 矩阵的最大奇异值</translation>
    </message>
    <message>
        <source>Smallest singular value of RoPE&apos;s matrix</source>
        <translation>RoPE 矩阵的最小奇异值</translation>
    </message>
    <message>
        <source>Rank of the wrong code&apos;s matrix</source>
        <translation>错误代码矩阵的秩</translation>
    </message>
    <message>
        <source>Rank of RoPE&apos;s matrix</source>
        <translation>RoPE 矩阵的秩</translation>
    </message>
    <message>
        <source>What is shown: 0 score curves, 1 heat maps</source>
        <translation>显示的内容：0 分数曲线，1 热图</translation>
    </message>
    <message>
        <source>Distances (curves) or positions (heat maps) of the shown sweep</source>
        <translation>所显示扫描的距离数（曲线）或位置数（热图）</translation>
    </message>
    <message>
        <source>Number of bases compared</source>
        <translation>参与比较的基数个数</translation>
    </message>
    <message>
        <source>Pixel columns (curves) or heat-map columns the sweep is pooled into</source>
        <translation>扫描汇总成的像素列（曲线）或热图列数</translation>
    </message>
    <message>
        <source>Samples pooled into the first column</source>
        <translation>汇总进第一列的样本数</translation>
    </message>
    <message>
        <source>Samples pooled into the last column</source>
        <translation>汇总进最后一列的样本数</translation>
    </message>
    <message>
        <source>Span of the scores shown (largest minus smallest)</source>
        <translation>所显示分数的跨度（最大减最小）</translation>
    </message>
    <message>
        <source>Pair i shown</source>
        <translation>所显示的第 i 对</translation>
    </message>
    <message>
        <source>radians</source>
        <translation>弧度</translation>
    </message>
    <message>
        <source>Exact phase pθ of the pair, reduced to −π … π</source>
        <translation>这一对的精确相位 pθ，化到 −π … π</translation>
    </message>
    <message>
        <source>|phase error| of the pair when p·θ is computed in float32</source>
        <translation>用 float32 计算 p·θ 时这一对的 |相位误差|</translation>
    </message>
    <message>
        <source>|phase error| of the pair with fast single-precision sine and cosine</source>
        <translation>使用快速单精度正弦和余弦时这一对的 |相位误差|</translation>
    </message>
    <message>
        <source>|phase error| of the pair when the phase is reduced to whole turns exactly first</source>
        <translation>先把相位精确地化去整圈时这一对的 |相位误差|</translation>
    </message>
    <message>
        <source>Example shown: 0 default, 1 linear, 2 dynamic, 3 yarn, 4 llama3</source>
        <translation>所显示的例子：0 default，1 linear，2 dynamic，3 yarn，4 llama3</translation>
    </message>
    <message>
        <source>Position 15962 rounded to bfloat16</source>
        <translation>位置 15962 舍入到 bfloat16 后的值</translation>
    </message>
    <message>
        <source>Position 15962 rounded to float16</source>
        <translation>位置 15962 舍入到 float16 后的值</translation>
    </message>
    <message>
        <source>Largest |q·k error| of dynamic NTK&apos;s cached keys, at the last length</source>
        <translation>动态 NTK 缓存的键在最后长度处的最大 |q·k 误差|</translation>
    </message>
    <message>
        <source>The three words in their current order</source>
        <translation>三个词的当前顺序</translation>
    </message>
    <message>
        <source>Moves the chosen word one place left</source>
        <translation>把所选的词左移一位</translation>
    </message>
    <message>
        <source>Moves the chosen word one place right</source>
        <translation>把所选的词右移一位</translation>
    </message>
    <message>
        <source>Reverses the order of the words</source>
        <translation>把词的顺序反过来</translation>
    </message>
    <message>
        <source>Position information: none, sinusoidal or RoPE</source>
        <translation>位置信息：无、正弦或 RoPE</translation>
    </message>
    <message>
        <source>Rows of the learned table</source>
        <translation>学习表的行数</translation>
    </message>
    <message>
        <source>Pair of the sinusoidal encoding shown</source>
        <translation>所显示的正弦编码对</translation>
    </message>
    <message>
        <source>Shift k</source>
        <translation>平移量 k</translation>
    </message>
    <message>
        <source>T5 number of buckets</source>
        <translation>T5 桶的个数</translation>
    </message>
    <message>
        <source>T5 max_distance</source>
        <translation>T5 的 max_distance</translation>
    </message>
    <message>
        <source>T5 buckets for keys on both sides of the query</source>
        <translation>T5 对查询两侧的键都分桶</translation>
    </message>
    <message>
        <source>ALiBi head shown</source>
        <translation>所显示的 ALiBi 头</translation>
    </message>
    <message>
        <source>Pair shown on the circle</source>
        <translation>圆上显示的对</translation>
    </message>
    <message>
        <source>Plays or stops the animation</source>
        <translation>播放或停止动画</translation>
    </message>
    <message>
        <source>What the animation advances: m only, or m and n together</source>
        <translation>动画推进的是什么：只推进 m，或 m 和 n 一起</translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>动画速度</translation>
    </message>
    <message>
        <source>Moves m and n down by 1 together</source>
        <translation>让 m 和 n 一起减 1</translation>
    </message>
    <message>
        <source>Moves m and n up by 1 together</source>
        <translation>让 m 和 n 一起加 1</translation>
    </message>
    <message>
        <source>Pair highlighted</source>
        <translation>高亮的对</translation>
    </message>
    <message>
        <source>Spiral drawn on its principal components or on chosen components a, b, c</source>
        <translation>螺旋线画在主成分上，还是画在选定的分量 a、b、c 上</translation>
    </message>
    <message>
        <source>First component plotted in 3D</source>
        <translation>三维图的第一个分量</translation>
    </message>
    <message>
        <source>Second component plotted in 3D</source>
        <translation>三维图的第二个分量</translation>
    </message>
    <message>
        <source>Third component plotted in 3D</source>
        <translation>三维图的第三个分量</translation>
    </message>
    <message>
        <source>Turns the 3D view left and right</source>
        <translation>左右转动三维视图</translation>
    </message>
    <message>
        <source>Tilts the 3D view up and down</source>
        <translation>上下倾斜三维视图</translation>
    </message>
    <message>
        <source>Puts the 3D view back</source>
        <translation>把三维视图复原</translation>
    </message>
    <message>
        <source>Encoding of the left panel</source>
        <translation>左侧面板的编码</translation>
    </message>
    <message>
        <source>Encoding of the right-hand panel</source>
        <translation>右侧面板的编码</translation>
    </message>
    <message>
        <source>Compares A with B side by side</source>
        <translation>把 A 与 B 并排比较</translation>
    </message>
    <message>
        <source>Model preset of A</source>
        <translation>A 的模型预设</translation>
    </message>
    <message>
        <source>Model preset of B</source>
        <translation>B 的模型预设</translation>
    </message>
    <message>
        <source>Imports a config.json or GGUF file as A</source>
        <translation>把 config.json 或 GGUF 文件导入为 A</translation>
    </message>
    <message>
        <source>Imports a config.json or GGUF file as B</source>
        <translation>把 config.json 或 GGUF 文件导入为 B</translation>
    </message>
    <message>
        <source>RoPE settings of A</source>
        <translation>A 的 RoPE 设置</translation>
    </message>
    <message>
        <source>RoPE settings of B</source>
        <translation>B 的 RoPE 设置</translation>
    </message>
    <message>
        <source>Score curves or heat maps</source>
        <translation>分数曲线或热图</translation>
    </message>
    <message>
        <source>Length of the sweep, as log₂</source>
        <translation>扫描长度（以 log₂ 表示）</translation>
    </message>
    <message>
        <source>Bases to compare</source>
        <translation>要比较的基数</translation>
    </message>
    <message>
        <source>Logarithmic distance axis</source>
        <translation>对数距离轴</translation>
    </message>
    <message>
        <source>How a heat-map cell pools its scores (mean or max)</source>
        <translation>热图格子如何汇总分数（平均或最大）</translation>
    </message>
    <message>
        <source>The q and k vectors of the sweep</source>
        <translation>扫描所用的 q 和 k 向量</translation>
    </message>
    <message>
        <source>Where the sweep runs: CPU, OpenCL or CUDA</source>
        <translation>扫描在哪里运行：CPU、OpenCL 或 CUDA</translation>
    </message>
    <message>
        <source>Runs the sweep</source>
        <translation>运行扫描</translation>
    </message>
    <message>
        <source>Cancels the running sweep</source>
        <translation>取消正在运行的扫描</translation>
    </message>
    <message>
        <source>Pair shown</source>
        <translation>所显示的对</translation>
    </message>
    <message>
        <source>Example configuration</source>
        <translation>示例配置</translation>
    </message>
    <message>
        <source>The configuration in each tool&apos;s words</source>
        <translation>各个工具对这一配置的写法</translation>
    </message>
    <message>
        <source>Head dimension d (shared parameters)</source>
        <translation>头维度 d（共享参数）</translation>
    </message>
    <message>
        <source>Base b of the frequencies (shared parameters)</source>
        <translation>频率的基数 b（共享参数）</translation>
    </message>
    <message>
        <source>Pair layout: half split or interleaved (shared parameters)</source>
        <translation>配对布局：对半分或交错（共享参数）</translation>
    </message>
    <message>
        <source>Sequence length N (shared parameters)</source>
        <translation>序列长度 N（共享参数）</translation>
    </message>
    <message>
        <source>Query position m (shared parameters)</source>
        <translation>查询位置 m（共享参数）</translation>
    </message>
    <message>
        <source>Key position n (shared parameters)</source>
        <translation>键位置 n（共享参数）</translation>
    </message>
    <message>
        <source>The lesson&apos;s table of readouts (can be hidden, not moved)</source>
        <translation>本课的读数表（可隐藏，不能移动）</translation>
    </message>
    <message>
        <source>Each word&apos;s output in both orders</source>
        <translation>两种顺序下每个词的输出</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>The learned table</source>
        <translation>学习表</translation>
    </message>
    <message>
        <source>The sinusoidal table</source>
        <translation>正弦表</translation>
    </message>
    <message>
        <source>PE(p)·PE(q)</source>
        <translation>PE(p)·PE(q)</translation>
    </message>
    <message>
        <source>Shift = per-pair rotation</source>
        <translation>平移 = 每对的旋转</translation>
    </message>
    <message>
        <source>T5 buckets</source>
        <translation>T5 桶</translation>
    </message>
    <message>
        <source>T5 bias</source>
        <translation>T5 偏置</translation>
    </message>
    <message>
        <source>ALiBi slopes</source>
        <translation>ALiBi 斜率</translation>
    </message>
    <message>
        <source>ALiBi bias</source>
        <translation>ALiBi 偏置</translation>
    </message>
    <message>
        <source>q and k of one pair on the circle</source>
        <translation>圆上某一对的 q 和 k</translation>
    </message>
    <message>
        <source>Score against distance</source>
        <translation>分数随距离的变化</translation>
    </message>
    <message>
        <source>Every pair as a clock hand</source>
        <translation>每一对画成一根时钟指针</translation>
    </message>
    <message>
        <source>The spiral in 3D</source>
        <translation>三维螺旋线</translation>
    </message>
    <message>
        <source>The helix of the highlighted pair</source>
        <translation>高亮那一对的螺旋</translation>
    </message>
    <message>
        <source>Which components form each pair</source>
        <translation>哪些分量组成每一对</translation>
    </message>
    <message>
        <source>Score heat map, left</source>
        <translation>分数热图（左）</translation>
    </message>
    <message>
        <source>Score heat map, right</source>
        <translation>分数热图（右）</translation>
    </message>
    <message>
        <source>Score against distance, left</source>
        <translation>分数随距离的变化（左）</translation>
    </message>
    <message>
        <source>Score against distance, right</source>
        <translation>分数随距离的变化（右）</translation>
    </message>
    <message>
        <source>Long-term decay</source>
        <translation>长程衰减</translation>
    </message>
    <message>
        <source>Wavelength per pair against the context</source>
        <translation>每对的波长与上下文</translation>
    </message>
    <message>
        <source>Slowdown per pair</source>
        <translation>每对被放慢的倍数</translation>
    </message>
    <message>
        <source>Score curves</source>
        <translation>分数曲线</translation>
    </message>
    <message>
        <source>Scores of the wrong code</source>
        <translation>错误代码的分数</translation>
    </message>
    <message>
        <source>Scores of RoPE</source>
        <translation>RoPE 的分数</translation>
    </message>
    <message>
        <source>Singular values</source>
        <translation>奇异值</translation>
    </message>
    <message>
        <source>Whether the map alone keeps lengths</source>
        <translation>这个映射本身是否保持长度</translation>
    </message>
    <message>
        <source>Long score curves</source>
        <translation>长分数曲线</translation>
    </message>
    <message>
        <source>Large heat maps</source>
        <translation>大热图</translation>
    </message>
    <message>
        <source>Phase error against position</source>
        <translation>相位误差随位置的变化</translation>
    </message>
    <message>
        <source>Phase error per pair</source>
        <translation>每对的相位误差</translation>
    </message>
    <message>
        <source>Scores of both layouts</source>
        <translation>两种布局的分数</translation>
    </message>
    <message>
        <source>KV-cache drift of dynamic NTK</source>
        <translation>动态 NTK 的 KV 缓存漂移</translation>
    </message>
    <message>
        <source>Positions in bfloat16 and float16</source>
        <translation>bfloat16 和 float16 中的位置</translation>
    </message>
    <message>
        <source>An activity names readouts (what a check compares), controls (what a step locks, hides or moves) and figures (what a step can conceal) by these ids. The same lists: ropelab activity readouts, controls and figures.</source>
        <translation>活动用下面这些 id 引用读数（检查时比较的值）、控件（步骤锁定、隐藏或移动的对象）和图表（步骤可以遮住的内容）。同样的列表也可以用 ropelab activity readouts、controls 和 figures 打印。</translation>
    </message>
    <message>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <source>meaning</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Readouts</source>
        <translation>读数</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控件</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Shared parameters (every lesson)</source>
        <translation>共享参数（每一课都有）</translation>
    </message>
    <message>
        <source>Whether the model shown is RoPE Lab&apos;s untrained example model</source>
        <translation>显示的模型是否为 RoPE 实验室未经训练的示例模型</translation>
    </message>
    <message>
        <source>Layers of the model shown</source>
        <translation>所显示模型的层数</translation>
    </message>
    <message>
        <source>Query heads per layer of the model shown</source>
        <translation>所显示模型每层的查询头数</translation>
    </message>
    <message>
        <source>Rotated pairs per head (rotary dimension / 2)</source>
        <translation>每个头中旋转的分量对数（旋转维度 / 2）</translation>
    </message>
    <message>
        <source>Trained context of the model (max_position_embeddings, or the original context under scaling)</source>
        <translation>模型训练时的上下文长度（max_position_embeddings，有缩放时为原始上下文）</translation>
    </message>
    <message>
        <source>Share of q·k usage in pairs whose wavelength exceeds the context, all layers</source>
        <translation>波长超过上下文的分量对占 q·k 使用量的份额（所有层）</translation>
    </message>
    <message>
        <source>Layer chosen for the per-head view (counted from 0)</source>
        <translation>逐头视图所选的层（从 0 开始计数）</translation>
    </message>
    <message>
        <source>Head chosen for the positional profile (counted from 0)</source>
        <translation>位置轮廓所选的头（从 0 开始计数）</translation>
    </message>
    <message>
        <source>Share of q·k usage beyond the context in the chosen layer</source>
        <translation>所选层中超出上下文的 q·k 使用量份额</translation>
    </message>
    <message>
        <source>Mean share of usage in the fastest quarter of the pairs, over the chosen layer&apos;s heads</source>
        <translation>所选层各头中，最快的四分之一分量对所占使用量份额的平均值</translation>
    </message>
    <message>
        <source>Layer of the head with the largest share of usage in the fastest quarter of the pairs</source>
        <translation>最快四分之一分量对使用量份额最大的头所在的层</translation>
    </message>
    <message>
        <source>That head&apos;s index in its layer</source>
        <translation>该头在其层中的编号</translation>
    </message>
    <message>
        <source>That head&apos;s share of usage in the fastest quarter of the pairs</source>
        <translation>该头在最快四分之一分量对上的使用量份额</translation>
    </message>
    <message>
        <source>Layer of the head with the largest share of usage beyond the context</source>
        <translation>超出上下文使用量份额最大的头所在的层</translation>
    </message>
    <message>
        <source>That head&apos;s index in its layer (largest share beyond the context)</source>
        <translation>该头在其层中的编号（超出上下文份额最大）</translation>
    </message>
    <message>
        <source>That head&apos;s share of usage beyond the context</source>
        <translation>该头超出上下文的使用量份额</translation>
    </message>
    <message>
        <source>Training length L of the run shown</source>
        <translation>所显示运行的训练长度 L</translation>
    </message>
    <message>
        <source>Models of the run shown (one per encoding trained)</source>
        <translation>所显示运行中的模型数（每种训练过的编码一个）</translation>
    </message>
    <message>
        <source>Opens a safetensors file or folder, or a GGUF file</source>
        <translation>打开一个 safetensors 文件或文件夹，或一个 GGUF 文件</translation>
    </message>
    <message>
        <source>Shows RoPE Lab&apos;s untrained example model again</source>
        <translation>重新显示 RoPE 实验室未经训练的示例模型</translation>
    </message>
    <message>
        <source>Layer of the per-head view</source>
        <translation>逐头视图的层</translation>
    </message>
    <message>
        <source>Head of the positional profile</source>
        <translation>位置轮廓的头</translation>
    </message>
    <message>
        <source>Task the models learn (copy, reverse or text)</source>
        <translation>模型学习的任务（复制、反转或文本）</translation>
    </message>
    <message>
        <source>Opens a UTF-8 text file for the text task</source>
        <translation>为文本任务打开一个 UTF-8 文本文件</translation>
    </message>
    <message>
        <source>Train a model without position information (NoPE)</source>
        <translation>训练一个没有位置信息的模型（NoPE）</translation>
    </message>
    <message>
        <source>Train a model with a learned absolute table</source>
        <translation>训练一个使用可学习绝对位置表的模型</translation>
    </message>
    <message>
        <source>Train a model with sinusoidal encodings</source>
        <translation>训练一个使用正弦位置编码的模型</translation>
    </message>
    <message>
        <source>Train a model with T5 relative bias</source>
        <translation>训练一个使用 T5 相对偏置的模型</translation>
    </message>
    <message>
        <source>Train a model with ALiBi</source>
        <translation>训练一个使用 ALiBi 的模型</translation>
    </message>
    <message>
        <source>Train a model with RoPE</source>
        <translation>训练一个使用 RoPE（旋转位置编码）的模型</translation>
    </message>
    <message>
        <source>Model size preset</source>
        <translation>模型规模预设</translation>
    </message>
    <message>
        <source>Training length L</source>
        <translation>训练长度 L</translation>
    </message>
    <message>
        <source>Training steps</source>
        <translation>训练步数</translation>
    </message>
    <message>
        <source>Random seed of weights and batches</source>
        <translation>权重和批次的随机种子</translation>
    </message>
    <message>
        <source>Base of the RoPE model&apos;s frequencies</source>
        <translation>RoPE 模型频率的底数</translation>
    </message>
    <message>
        <source>Trains the chosen models in the background</source>
        <translation>在后台训练所选的模型</translation>
    </message>
    <message>
        <source>Stops training; finished models stay</source>
        <translation>停止训练；已完成的模型保留</translation>
    </message>
    <message>
        <source>q·k usage of each pair, layers × pairs (mean over heads)</source>
        <translation>每个分量对的 q·k 使用量，层 × 分量对（对各头取平均）</translation>
    </message>
    <message>
        <source>q·k usage of each pair in each head of the chosen layer</source>
        <translation>所选层每个头中每个分量对的 q·k 使用量</translation>
    </message>
    <message>
        <source>Positional profiles s(Δ) of chosen heads</source>
        <translation>所选头的位置轮廓 s(Δ)</translation>
    </message>
    <message>
        <source>Training loss of each model against the step</source>
        <translation>每个模型的训练损失随步数的变化</translation>
    </message>
    <message>
        <source>Accuracy of each model against the evaluation length</source>
        <translation>每个模型的准确率随评估长度的变化</translation>
    </message>
    <message>
        <source>The RoPE model with PI, NTK, YaRN and Llama 3 applied at evaluation</source>
        <translation>在评估时应用 PI、NTK、YaRN 和 Llama 3 的 RoPE 模型</translation>
    </message>
    <message>
        <source>Fine-tuning steps of the RoPE model at twice the training length</source>
        <translation>RoPE 模型在两倍训练长度上的微调步数</translation>
    </message>
    <message>
        <source>Shows the results or a look inside the models</source>
        <translation>显示结果，或查看模型内部</translation>
    </message>
    <message>
        <source>Trained model to look inside</source>
        <translation>要查看内部的已训练模型</translation>
    </message>
    <message>
        <source>Layer whose attention is shown</source>
        <translation>显示其注意力的层</translation>
    </message>
    <message>
        <source>Head whose attention is shown</source>
        <translation>显示其注意力的头</translation>
    </message>
    <message>
        <source>One head&apos;s attention weights on a sequence twice the training length</source>
        <translation>一个头在两倍训练长度的序列上的注意力权重</translation>
    </message>
    <message>
        <source>Norms of the RoPE model&apos;s W_q and W_k rows of each pair against its wavelength</source>
        <translation>RoPE 模型中每个分量对的 W_q 和 W_k 行的范数与其波长的关系</translation>
    </message>
    <message>
        <source>Share of scored tokens the named model predicts right, at the named multiple of the training length (rope_linear, rope_dynamic, rope_yarn, rope_llama3: the RoPE model with that method applied at evaluation)</source>
        <translation>所指模型在训练长度的所指倍数下预测正确的计分词元份额（rope_linear、rope_dynamic、rope_yarn、rope_llama3：评估时应用该方法的 RoPE 模型）</translation>
    </message>
    <message>
        <source>Mean next-token cross-entropy of the named model at the named multiple of the training length (rope_linear, rope_dynamic, rope_yarn, rope_llama3: the RoPE model with that method applied at evaluation)</source>
        <translation>所指模型在训练长度的所指倍数下的平均下一词元交叉熵（rope_linear、rope_dynamic、rope_yarn、rope_llama3：评估时应用该方法的 RoPE 模型）</translation>
    </message>
    <message>
        <source>Share of scored tokens the RoPE model predicts right after fine-tuning at twice the training length (rope_finetune: plain; rope_finetune_linear: with Position Interpolation), at the named multiple of the training length; only in a run with fine-tuning steps</source>
        <translation>RoPE 模型在两倍训练长度上微调后（rope_finetune：不加缩放；rope_finetune_linear：用位置插值），在训练长度的所指倍数下预测正确的计分词元份额；仅在有微调步数的运行中出现</translation>
    </message>
    <message>
        <source>Mean next-token cross-entropy of the RoPE model after fine-tuning at twice the training length (rope_finetune: plain; rope_finetune_linear: with Position Interpolation), at the named multiple of the training length; only in a run with fine-tuning steps</source>
        <translation>RoPE 模型在两倍训练长度上微调后（rope_finetune：不加缩放；rope_finetune_linear：用位置插值），在训练长度的所指倍数下的平均下一词元交叉熵；仅在有微调步数的运行中出现</translation>
    </message>
    <message>
        <source>nats</source>
        <translation>奈特</translation>
    </message>
    <message>
        <source>none (NoPE)</source>
        <translation>无（NoPE）</translation>
    </message>
    <message>
        <source>learned</source>
        <translation>可学习</translation>
    </message>
    <message>
        <source>sinusoidal</source>
        <translation>正弦</translation>
    </message>
    <message>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>RoPE + PI (linear)</source>
        <translation>RoPE + PI（线性）</translation>
    </message>
    <message>
        <source>RoPE + NTK (dynamic)</source>
        <translation>RoPE + NTK（动态）</translation>
    </message>
    <message>
        <source>RoPE + YaRN</source>
        <translation>RoPE + YaRN</translation>
    </message>
    <message>
        <source>RoPE + Llama 3</source>
        <translation>RoPE + Llama 3</translation>
    </message>
    <message>
        <source>RoPE fine-tuned</source>
        <translation>微调后的 RoPE</translation>
    </message>
    <message>
        <source>RoPE fine-tuned with PI</source>
        <translation>用 PI 微调的 RoPE</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>1.5 L</source>
        <translation>1.5 L</translation>
    </message>
    <message>
        <source>2 L</source>
        <translation>2 L</translation>
    </message>
    <message>
        <source>4 L</source>
        <translation>4 L</translation>
    </message>
    <message>
        <source>%1: accuracy at %2</source>
        <translation>%1：%2 处的准确率</translation>
    </message>
    <message>
        <source>%1: loss at %2 (nats)</source>
        <translation>%1：%2 处的损失（奈特）</translation>
    </message>
</context>
<context>
    <name>ropelab::RopeField</name>
    <message>
        <source>Head dimension d</source>
        <translation>头维度 d</translation>
    </message>
    <message>
        <source>Rotated fraction (partial_rotary_factor)</source>
        <translation>旋转比例（partial_rotary_factor）</translation>
    </message>
    <message>
        <source>Base (rope_theta)</source>
        <translation>底数（rope_theta）</translation>
    </message>
    <message>
        <source>Scaling type (rope_type)</source>
        <translation>缩放类型（rope_type）</translation>
    </message>
    <message>
        <source>Scaling factor (factor)</source>
        <translation>缩放因子（factor）</translation>
    </message>
    <message>
        <source>Context (max_position_embeddings)</source>
        <translation>上下文长度（max_position_embeddings）</translation>
    </message>
    <message>
        <source>Pre-training context (original_max_position_embeddings)</source>
        <translation>预训练上下文长度（original_max_position_embeddings）</translation>
    </message>
    <message>
        <source>Current sequence length (seq_len)</source>
        <translation>当前序列长度（seq_len）</translation>
    </message>
    <message>
        <source>YaRN beta_fast</source>
        <translation>YaRN beta_fast</translation>
    </message>
    <message>
        <source>YaRN beta_slow</source>
        <translation>YaRN beta_slow</translation>
    </message>
    <message>
        <source>YaRN mscale</source>
        <translation>YaRN mscale</translation>
    </message>
    <message>
        <source>YaRN mscale_all_dim</source>
        <translation>YaRN mscale_all_dim</translation>
    </message>
    <message>
        <source>Attention factor (attention_factor)</source>
        <translation>注意力因子（attention_factor）</translation>
    </message>
    <message>
        <source>YaRN truncate</source>
        <translation>YaRN truncate</translation>
    </message>
    <message>
        <source>Llama 3 low_freq_factor</source>
        <translation>Llama 3 low_freq_factor</translation>
    </message>
    <message>
        <source>Llama 3 high_freq_factor</source>
        <translation>Llama 3 high_freq_factor</translation>
    </message>
    <message>
        <source>LongRoPE short_factor</source>
        <translation>LongRoPE short_factor</translation>
    </message>
    <message>
        <source>LongRoPE long_factor</source>
        <translation>LongRoPE long_factor</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>rotations</source>
        <translation>圈</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::AbsoluteLesson</name>
    <message>
        <source>Absolute encodings</source>
        <translation>绝对位置编码</translation>
    </message>
    <message>
        <source>Learned table (max length L)</source>
        <translation>可学习的位置表（最大长度 L）</translation>
    </message>
    <message>
        <source>dimension j</source>
        <translation>维度 j</translation>
    </message>
    <message>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>PE(p, j)</source>
        <translation>PE(p, j)</translation>
    </message>
    <message>
        <source>Sinusoidal PE(p, j)</source>
        <translation>正弦位置编码 PE(p, j)</translation>
    </message>
    <message>
        <source>Similarity PE(p)·PE(q)</source>
        <translation>相似度 PE(p)·PE(q)</translation>
    </message>
    <message>
        <source>position q</source>
        <translation>位置 q</translation>
    </message>
    <message>
        <source>PE(p)·PE(q)</source>
        <translation>PE(p)·PE(q)</translation>
    </message>
    <message>
        <source>Learned max length L</source>
        <translation>可学习表的最大长度 L</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>个位置</translation>
    </message>
    <message>
        <source>Rows of the learned table (GPT-2: 1024, BERT: 512)</source>
        <translation>可学习位置表的行数（GPT-2：1024，BERT：512）</translation>
    </message>
    <message>
        <source>Pair index i</source>
        <translation>分量对序号 i</translation>
    </message>
    <message>
        <source>Shift k</source>
        <translation>平移量 k</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>个词元</translation>
    </message>
    <message>
        <source>PE(p + k) is PE(p) with pair i turned by kω_i</source>
        <translation>PE(p + k) 就是把 PE(p) 的第 i 对旋转 kω_i</translation>
    </message>
    <message>
        <source>Similarity PE(p)·PE(q), mean over %1×%1 blocks</source>
        <translation>相似度 PE(p)·PE(q)，按 %1×%1 的块取平均</translation>
    </message>
    <message>
        <source>PE(p)</source>
        <translation>PE(p)</translation>
    </message>
    <message>
        <source>PE(p+k)</source>
        <translation>PE(p+k)</translation>
    </message>
    <message>
        <source>Pair %1: PE(p) → PE(p + k), p = %2, k = %3</source>
        <translation>第 %1 对：PE(p) → PE(p + k)，p = %2，k = %3</translation>
    </message>
    <message>
        <source>PE(p, %1) = sin(pω%2)</source>
        <translation>PE(p, %1) = sin(pω%2)</translation>
    </message>
    <message>
        <source>PE(p, %1) = cos(pω%2)</source>
        <translation>PE(p, %1) = cos(pω%2)</translation>
    </message>
    <message>
        <source>ω&lt;sub&gt;%1&lt;/sub&gt;</source>
        <translation>ω&lt;sub&gt;%1&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>%1 rad/token</source>
        <translation>%1 弧度/词元</translation>
    </message>
    <message>
        <source>turn kω&lt;sub&gt;%1&lt;/sub&gt;</source>
        <translation>转角 kω&lt;sub&gt;%1&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;PE(p + k) pair %1 = R(k)·PE(p) pair %1 with R(k) =&lt;br&gt;[ %2 &amp;nbsp; %3 ]&lt;br&gt;[ %4 &amp;nbsp; %5 ]&lt;br&gt;(the same for every p)&lt;/p&gt;</source>
        <translation>&lt;p&gt;PE(p + k) 的第 %1 对 = R(k)·PE(p) 的第 %1 对，其中 R(k) =&lt;br&gt;[ %2 &amp;nbsp; %3 ]&lt;br&gt;[ %4 &amp;nbsp; %5 ]&lt;br&gt;（对每个 p 都相同）&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Learned table at p = %1: row %1 of %2.&lt;/p&gt;</source>
        <translation>&lt;p&gt;可学习位置表在 p = %1：共 %2 行中的第 %1 行。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Learned table at p = %1: &lt;b&gt;impossible&lt;/b&gt;, the table has only %2 rows (0 … %3).&lt;/p&gt;</source>
        <translation>&lt;p&gt;可学习位置表在 p = %1：&lt;b&gt;不可能&lt;/b&gt;，表中只有 %2 行（0 … %3）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>positions ≥ %1:
no row, impossible</source>
        <translation>位置 ≥ %1：
没有对应行，不可能</translation>
    </message>
    <message>
        <source>≥ %1:
no row</source>
        <translation>≥ %1：
无此行</translation>
    </message>
    <message>
        <source>no row</source>
        <translation>无此行</translation>
    </message>
    <message>
        <source>&lt;p&gt;An absolute encoding gives each position p its own vector PE(p) and adds it to the token&apos;s embedding.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Learned&lt;/b&gt; (GPT-2, BERT): a table with one trained row per position, here at its N(0, 0.02²) initialisation. It has exactly L rows: a position ≥ L has no vector at all, so the model cannot take longer inputs.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Sinusoidal&lt;/b&gt; (Vaswani et al. 2017): PE(p, 2i) = sin(pω&lt;sub&gt;i&lt;/sub&gt;), PE(p, 2i+1) = cos(pω&lt;sub&gt;i&lt;/sub&gt;), ω&lt;sub&gt;i&lt;/sub&gt; = base&lt;sup&gt;−2i/d&lt;/sup&gt;. Defined for every p. The similarity PE(p)·PE(q) = Σ&lt;sub&gt;i&lt;/sub&gt; cos((p − q)ω&lt;sub&gt;i&lt;/sub&gt;) depends only on p − q, so it is constant along diagonals.&lt;/p&gt;&lt;p&gt;Shifting by k turns every pair (PE(p, 2i), PE(p, 2i+1)) by the angle kω&lt;sub&gt;i&lt;/sub&gt;, whatever p is: PE(p + k) is a fixed rotation of PE(p). RoPE builds on exactly this.&lt;/p&gt;&lt;p&gt;In the lower right plot sin is across and cos is up, so an angle is measured from the vertical axis towards the horizontal one: a growing angle turns the arrow &lt;b&gt;clockwise&lt;/b&gt;. Only the angle modulo 360° shows: a turn of 458.4° ends where 98.4° does.&lt;/p&gt;</source>
        <translation>&lt;p&gt;绝对位置编码给每个位置 p 一个专属向量 PE(p)，并把它加到词元的嵌入上。&lt;/p&gt;&lt;p&gt;&lt;b&gt;可学习的位置编码&lt;/b&gt;（GPT-2、BERT）：一张每个位置一行、经过训练的表，这里显示的是它按 N(0, 0.02²) 初始化时的样子。它恰好有 L 行：位置 ≥ L 时根本没有向量，因此模型无法接受更长的输入。&lt;/p&gt;&lt;p&gt;&lt;b&gt;正弦位置编码&lt;/b&gt;（Vaswani 等，2017）：PE(p, 2i) = sin(pω&lt;sub&gt;i&lt;/sub&gt;)，PE(p, 2i+1) = cos(pω&lt;sub&gt;i&lt;/sub&gt;)，ω&lt;sub&gt;i&lt;/sub&gt; = base&lt;sup&gt;−2i/d&lt;/sup&gt;。它对每个 p 都有定义。相似度 PE(p)·PE(q) = Σ&lt;sub&gt;i&lt;/sub&gt; cos((p − q)ω&lt;sub&gt;i&lt;/sub&gt;) 只取决于 p − q，因此沿对角线保持不变。&lt;/p&gt;&lt;p&gt;平移 k 会把每个分量对 (PE(p, 2i), PE(p, 2i+1)) 旋转角度 kω&lt;sub&gt;i&lt;/sub&gt;，与 p 无关：PE(p + k) 是 PE(p) 的一个固定旋转。RoPE 正是建立在这一点之上。&lt;/p&gt;&lt;p&gt;右下图中横轴是 sin、纵轴是 cos，所以角度是从纵轴量向横轴的：角度增大时箭头&lt;b&gt;顺时针&lt;/b&gt;转动。图上只能看出角度对 360° 取模的结果：转 458.4° 和转 98.4° 停在同一个地方。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>turn modulo 360° (the arc)</source>
        <translation>转角对 360° 取模（圆弧）</translation>
    </message>
    <message>
        <source>%1° clockwise</source>
        <translation>顺时针 %1°</translation>
    </message>
    <message>
        <source>%1° counter-clockwise</source>
        <translation>逆时针 %1°</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ActivityCommand</name>
    <message numerus="yes">
        <source>%1: valid (%n activities, %2 steps)</source>
        <translation>
            <numerusform>%1：有效（%n 个活动，%2 个步骤）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: warning: activity &quot;%2&quot;: %n text(s) have no %3 text and are shown in %4 instead (%5)</source>
        <translation>
            <numerusform>%1：警告：活动“%2”中有 %n 段文字没有 %3 文本，改为显示 %4（%5）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ActivityController</name>
    <message>
        <source>Reset this lesson: every parameter and the view of “%1” are back to their defaults. Edit → Undo brings them back.</source>
        <translation>已重置本课：每个参数和“%1”的视图都恢复为默认值。用“编辑 → 撤销”可以恢复。</translation>
    </message>
    <message>
        <source>&amp;Activities</source>
        <translation>活动(&amp;A)</translation>
    </message>
    <message>
        <source>Lesson &amp;map…</source>
        <translation>课程地图(&amp;M)…</translation>
    </message>
    <message>
        <source>Activities of this &amp;lesson</source>
        <translation>本课的活动(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Open activity file…</source>
        <translation>打开活动文件(&amp;O)…</translation>
    </message>
    <message>
        <source>Save current state as a &amp;step…</source>
        <translation>将当前状态存为一个步骤(&amp;S)…</translation>
    </message>
    <message>
        <source>Save activity &amp;draft as…</source>
        <translation>活动草稿另存为(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Edit activity draft…</source>
        <translation>编辑活动草稿(&amp;E)…</translation>
    </message>
    <message>
        <source>Open a file &amp;into the draft…</source>
        <translation>把文件打开到草稿中(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Reset this lesson</source>
        <translation>重置本课(&amp;R)</translation>
    </message>
    <message>
        <source>Reset &amp;all lessons</source>
        <translation>重置所有课程(&amp;A)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>There is no activity &quot;%1&quot;.</source>
        <translation>没有名为“%1”的活动。</translation>
    </message>
    <message>
        <source>Open activity</source>
        <translation>打开活动</translation>
    </message>
    <message>
        <source>RoPE Lab activities (*.%1)</source>
        <translation>RoPE 实验室活动文件 (*.%1)</translation>
    </message>
    <message>
        <source>This activity file cannot be used:
%1</source>
        <translation>无法使用这个活动文件：
%1</translation>
    </message>
    <message>
        <source>Reset all lessons</source>
        <translation>重置所有课程</translation>
    </message>
    <message>
        <source>Reset this lesson</source>
        <translation>重置本课</translation>
    </message>
    <message>
        <source>Reset all lessons: every parameter and every lesson&apos;s view are back to their defaults. Edit → Undo brings them back.</source>
        <translation>已重置所有课程：每个参数和每一课的视图都恢复为默认值。用“编辑 → 撤销”可以恢复。</translation>
    </message>
    <message>
        <source>My activity: %1</source>
        <translation>我的活动：%1</translation>
    </message>
    <message>
        <source>Save current state as a step</source>
        <translation>将当前状态存为一个步骤</translation>
    </message>
    <message>
        <source>What should students read or do at this step? (The current parameters and view are saved with it.)</source>
        <translation>学生在这一步要读什么、做什么？（当前的参数和视图会一并保存。）</translation>
    </message>
    <message numerus="yes">
        <source>Step saved; the draft has %n step(s). Activities → Save activity draft as… writes it.</source>
        <translation>
            <numerusform>步骤已保存；草稿现有 %n 个步骤。用“活动 → 活动草稿另存为…”写入文件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Save activity draft</source>
        <translation>保存活动草稿</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ActivityEditor</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>As the activity says</source>
        <translation>按活动的设置</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Edit activity draft</source>
        <translation>编辑活动草稿</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>&amp;Activity:</source>
        <translation>活动(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>标题(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Steps:</source>
        <translation>步骤(&amp;S)：</translation>
    </message>
    <message>
        <source>Move &amp;up</source>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <source>Move &amp;down</source>
        <translation>下移(&amp;D)</translation>
    </message>
    <message>
        <source>Dupli&amp;cate</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>删除(&amp;L)</translation>
    </message>
    <message>
        <source>U&amp;ndo</source>
        <translation>撤销(&amp;N)</translation>
    </message>
    <message>
        <source>Undoes the last move, duplicate, delete, change of task, added or removed choice, condition or parameter, Show me moves recorded or cleared, or change of the lesson&apos;s view</source>
        <translation>撤销上一次移动、复制、删除、任务类型的更改，选项、条件、参数的添加或删除，“演示给我看”操作的记录或清除，或课程视图的更改</translation>
    </message>
    <message>
        <source>&amp;Run from this step</source>
        <translation>从这一步运行(&amp;R)</translation>
    </message>
    <message>
        <source>Keeps the edits, closes the editor and starts the activity here</source>
        <translation>保留修改，关闭编辑器，并从这一步开始运行活动</translation>
    </message>
    <message>
        <source>&amp;Prompt:</source>
        <translation>提示文字(&amp;P)：</translation>
    </message>
    <message>
        <source>Task t&amp;ype:</source>
        <translation>任务类型(&amp;Y)：</translation>
    </message>
    <message>
        <source>Explanation: students read and go on</source>
        <translation>讲解：学生阅读后继续</translation>
    </message>
    <message>
        <source>Prediction: a number read from a readout</source>
        <translation>预测：一个从读数读出的数</translation>
    </message>
    <message>
        <source>Prediction: choices, one of them right</source>
        <translation>预测：选择题，其中一项正确</translation>
    </message>
    <message>
        <source>Exploration: a goal on the readouts</source>
        <translation>探索：读数上的一个目标</translation>
    </message>
    <message>
        <source>Read&amp;out:</source>
        <translation>读数(&amp;O)：</translation>
    </message>
    <message>
        <source>Tol&amp;erance (±):</source>
        <translation>容差 (±)(&amp;E)：</translation>
    </message>
    <message>
        <source>C&amp;hoices (check the right one; the feedback is shown when a student picks it):</source>
        <translation>选项(&amp;H)（勾选正确的一项；学生选中某项时显示它的反馈）：</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>Text (%1)</source>
        <translation>文字（%1）</translation>
    </message>
    <message>
        <source>Feedback (%1)</source>
        <translation>反馈（%1）</translation>
    </message>
    <message>
        <source>Add cho&amp;ice</source>
        <translation>添加选项(&amp;I)</translation>
    </message>
    <message>
        <source>Remo&amp;ve choice</source>
        <translation>删除选项(&amp;V)</translation>
    </message>
    <message>
        <source>Wron&amp;g tries allowed:</source>
        <translation>允许答错次数(&amp;G)：</translation>
    </message>
    <message>
        <source>Show &amp;me offered:</source>
        <translation>提供“演示给我看”(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Keep students inside:</source>
        <translation>让学生留在活动中(&amp;K)：</translation>
    </message>
    <message>
        <source>Hint:</source>
        <translation>提示：</translation>
    </message>
    <message>
        <source>When right:</source>
        <translation>答对时：</translation>
    </message>
    <message>
        <source>When wrong:</source>
        <translation>答错时：</translation>
    </message>
    <message>
        <source>Explanation after the task:</source>
        <translation>完成任务后的讲解：</translation>
    </message>
    <message>
        <source>%1 (lesson %2)</source>
        <translation>%1（课程 %2）</translation>
    </message>
    <message>
        <source>(no prompt)</source>
        <translation>（没有提示文字）</translation>
    </message>
    <message>
        <source>explanation</source>
        <translation>讲解</translation>
    </message>
    <message>
        <source>prediction of a number</source>
        <translation>数值预测</translation>
    </message>
    <message>
        <source>choice</source>
        <translation>选择题</translation>
    </message>
    <message>
        <source>exploration</source>
        <translation>探索</translation>
    </message>
    <message>
        <source>%1. %2 — %3</source>
        <translation>%1. %2 — %3</translation>
    </message>
    <message>
        <source>Not a readout of this lesson: pick one from the list.</source>
        <translation>不是本课的读数：请从列表中选择一个。</translation>
    </message>
    <message>
        <source>This activity has no steps left: OK removes it from the draft.</source>
        <translation>这个活动已没有步骤：按“确定”会把它从草稿中删除。</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>by readouts</source>
        <translation>由读数判定</translation>
    </message>
    <message>
        <source>Activity %1</source>
        <translation>活动 %1</translation>
    </message>
    <message>
        <source>This step has a problem (listed below).</source>
        <translation>这一步有问题（见下方列表）。</translation>
    </message>
    <message>
        <source>No problems: OK keeps the edits in the draft.</source>
        <translation>没有问题：按“确定”会把修改保存到草稿中。</translation>
    </message>
    <message>
        <source>Fix these before OK:</source>
        <translation>按“确定”之前请先解决这些问题：</translation>
    </message>
    <message>
        <source>Goal: the student may go on once every condition &amp;holds:</source>
        <translation>目标(&amp;H)：每个条件都满足后学生才能继续：</translation>
    </message>
    <message>
        <source>Add cond&amp;ition</source>
        <translation>添加条件(&amp;I)</translation>
    </message>
    <message>
        <source>Remo&amp;ve condition</source>
        <translation>删除条件(&amp;V)</translation>
    </message>
    <message>
        <source>Must &amp;be:</source>
        <translation>必须(&amp;B)：</translation>
    </message>
    <message>
        <source>Compared with:</source>
        <translation>比较对象：</translation>
    </message>
    <message>
        <source>Value:</source>
        <translation>数值：</translation>
    </message>
    <message>
        <source>about (≈, within the tolerance)</source>
        <translation>约等于（≈，在容差之内）</translation>
    </message>
    <message>
        <source>below (&lt;)</source>
        <translation>小于（&lt;）</translation>
    </message>
    <message>
        <source>above (&gt;)</source>
        <translation>大于（&gt;）</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>一个数值</translation>
    </message>
    <message>
        <source>the readout %1</source>
        <translation>读数 %1</translation>
    </message>
    <message>
        <source>&amp;What stays hidden until the student has checked (a prediction or an exploration):</source>
        <translation>学生检查之前隐藏的内容(&amp;W)（仅预测或探索任务）：</translation>
    </message>
    <message>
        <source>Start &amp;from these parameters (the rest stay as the student left them):</source>
        <translation>从这些参数开始(&amp;F)（其余参数保持学生留下的值）：</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Add parameter</source>
        <translation>添加参数</translation>
    </message>
    <message>
        <source>Remove parameter</source>
        <translation>删除参数</translation>
    </message>
    <message>
        <source>Figure %1 — %2</source>
        <translation>图 %1 — %2</translation>
    </message>
    <message>
        <source>only its annotation %1</source>
        <translation>只隐藏它的标注 %1</translation>
    </message>
    <message>
        <source>Every readout</source>
        <translation>所有读数</translation>
    </message>
    <message>
        <source>Controls the step locks (students cannot move them) or hides, and those Show me sets:</source>
        <translation>这一步锁定（学生不能移动）或隐藏的控件，以及“演示给我看”设置的控件：</translation>
    </message>
    <message>
        <source>Control</source>
        <translation>控件</translation>
    </message>
    <message>
        <source>Locked</source>
        <translation>锁定</translation>
    </message>
    <message>
        <source>Hidden</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <source>Every control</source>
        <translation>所有控件</translation>
    </message>
    <message>
        <source>The lesson&apos;s own view when the step starts (its choices and settings ad&amp;justed in the lesson, beside the shared parameters):</source>
        <translation>这一步开始时课程自身的视图（在课程中调整的、共享参数之外的选择和设置）(&amp;J)：</translation>
    </message>
    <message>
        <source>Use the lesson&apos;s current view</source>
        <translation>使用课程当前的视图</translation>
    </message>
    <message>
        <source>Stores the view the lesson shows now (close the editor, set the lesson up, open the editor again)</source>
        <translation>保存课程现在显示的视图（先关闭编辑器，设置好课程，再打开编辑器）</translation>
    </message>
    <message>
        <source>Clear view</source>
        <translation>清除视图</translation>
    </message>
    <message>
        <source>None: the student&apos;s view is kept.</source>
        <translation>无：保留学生当前的视图。</translation>
    </message>
    <message>
        <source>Stored, as the lesson shows it now: %1</source>
        <translation>已保存，与课程现在显示的相同：%1</translation>
    </message>
    <message>
        <source>Stored: %1</source>
        <translation>已保存：%1</translation>
    </message>
    <message>
        <source>Show me sets it</source>
        <translation>“演示给我看”设置它</translation>
    </message>
    <message>
        <source>Show me (an e&amp;xploration&apos;s help) sets the controls ticked in the last column to these values, in this order; ticking one takes its current value:</source>
        <translation>“演示给我看”（探索任务的帮助）按顺序把最后一列中勾选的控件设为这些值；勾选一个控件时取它当前的值(&amp;X)：</translation>
    </message>
    <message>
        <source>Record from the current controls</source>
        <translation>从当前控件重新记录</translation>
    </message>
    <message>
        <source>Takes each ticked control&apos;s value again from the lesson as it is now</source>
        <translation>按本课现在的样子重新读取每个勾选控件的值</translation>
    </message>
    <message>
        <source>Clear moves</source>
        <translation>清除操作</translation>
    </message>
    <message>
        <source>%1. %2 (%3) → %4</source>
        <translation>%1. %2（%3）→ %4</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ActivityFile</name>
    <message>
        <source>must be an object</source>
        <translation>必须是一个对象</translation>
    </message>
    <message>
        <source>is missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>must be non-empty text</source>
        <translation>必须是非空文本</translation>
    </message>
    <message>
        <source>must be a number</source>
        <translation>必须是一个数</translation>
    </message>
    <message>
        <source>must be a list</source>
        <translation>必须是一个列表</translation>
    </message>
    <message>
        <source>is not a known field</source>
        <translation>不是已知的字段</translation>
    </message>
    <message>
        <source>needs a text in en or zh_CN</source>
        <translation>需要 en 或 zh_CN 的文本</translation>
    </message>
    <message>
        <source>must be a readout id</source>
        <translation>必须是一个读数的 id</translation>
    </message>
    <message>
        <source>names no readout (&quot;%1&quot; is unknown)</source>
        <translation>不对应任何读数（“%1”未知）</translation>
    </message>
    <message>
        <source>names a readout of another lesson (&quot;%1&quot;)</source>
        <translation>指向了另一课的读数（“%1”）</translation>
    </message>
    <message>
        <source>can never hold: %1 only takes values from %2 to %3</source>
        <translation>永远无法满足：%1 的取值只在 %2 到 %3 之间</translation>
    </message>
    <message>
        <source>needs exactly one of near, below or above</source>
        <translation>需要且只能有 near、below、above 之一</translation>
    </message>
    <message>
        <source>must be ≥ 0</source>
        <translation>必须 ≥ 0</translation>
    </message>
    <message>
        <source>applies to near only</source>
        <translation>只适用于 near</translation>
    </message>
    <message>
        <source>needs at least one condition</source>
        <translation>至少需要一个条件</translation>
    </message>
    <message>
        <source>can never hold: its conditions on %1 contradict each other</source>
        <translation>永远无法满足：关于 %1 的条件互相矛盾</translation>
    </message>
    <message>
        <source>must be a control name</source>
        <translation>必须是一个控件名</translation>
    </message>
    <message>
        <source>names no control of this lesson (&quot;%1&quot;)</source>
        <translation>不是本课的控件（“%1”）</translation>
    </message>
    <message>
        <source>a prediction needs either choices or a number</source>
        <translation>预测题需要选项或一个数值，二者取其一</translation>
    </message>
    <message>
        <source>needs 2 to %1 choices</source>
        <translation>需要 2 到 %1 个选项</translation>
    </message>
    <message>
        <source>no choice has correct_when, so none can be right</source>
        <translation>没有任何选项带 correct_when，因此没有正确答案</translation>
    </message>
    <message>
        <source>must be predict, explore or explain (got &quot;%1&quot;)</source>
        <translation>必须是 predict、explore 或 explain（实际为“%1”）</translation>
    </message>
    <message>
        <source>must be a number, true/false or text</source>
        <translation>必须是数值、true/false 或文本</translation>
    </message>
    <message>
        <source>names no lesson (&quot;%1&quot; is unknown)</source>
        <translation>不对应任何课程（“%1”未知）</translation>
    </message>
    <message>
        <source>needs 1 to %1 steps</source>
        <translation>需要 1 到 %1 个步骤</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>must be &quot;%1&quot;</source>
        <translation>必须是“%1”</translation>
    </message>
    <message>
        <source>must be a whole number from 1 up</source>
        <translation>必须是从 1 开始的整数</translation>
    </message>
    <message>
        <source>is %1; this RoPE Lab reads version %2 (update RoPE Lab)</source>
        <translation>是 %1；这个 RoPE 实验室只能读取版本 %2（请更新 RoPE 实验室）</translation>
    </message>
    <message>
        <source>needs at least one activity</source>
        <translation>至少需要一个活动</translation>
    </message>
    <message>
        <source>repeats the id &quot;%1&quot;</source>
        <translation>重复了 id“%1”</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1：%2 %3</translation>
    </message>
    <message>
        <source>%1: cannot be opened (%2)</source>
        <translation>%1：无法打开（%2）</translation>
    </message>
    <message>
        <source>%1: too large for an activity file (%2 bytes; at most %3)</source>
        <translation>%1：作为活动文件太大了（%2 字节；最多 %3）</translation>
    </message>
    <message>
        <source> (did you mean &quot;%1&quot;?)</source>
        <translation>（是不是想写“%1”？）</translation>
    </message>
    <message>
        <source>is not a language code (en, zh_CN, or one like fr, pt_BR)</source>
        <translation>不是语言代码（en、zh_CN，或像 fr、pt_BR 这样的代码）</translation>
    </message>
    <message>
        <source>names no figure of this lesson (&quot;%1&quot;)</source>
        <translation>不是本课的图（“%1”）</translation>
    </message>
    <message>
        <source>names no annotation of figure %1 (&quot;%2&quot;)</source>
        <translation>不是图 %1 的标注（“%2”）</translation>
    </message>
    <message>
        <source>must be &quot;all&quot; or a list of readout ids</source>
        <translation>必须是 &quot;all&quot; 或读数 id 的列表</translation>
    </message>
    <message>
        <source>conceals nothing</source>
        <translation>没有隐藏任何内容</translation>
    </message>
    <message>
        <source>must be a whole number from 0 to %1</source>
        <translation>必须是 0 到 %1 之间的整数</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>必须是 true 或 false</translation>
    </message>
    <message>
        <source>can only be true</source>
        <translation>只能是 true</translation>
    </message>
    <message>
        <source>needs exactly one choice marked &quot;correct&quot;: true, and then no correct_when</source>
        <translation>需要恰好一个选项标为 &quot;correct&quot;: true，此时不能再有 correct_when</translation>
    </message>
    <message>
        <source>applies to predict and explore steps only</source>
        <translation>只适用于预测和探索步骤</translation>
    </message>
    <message>
        <source>%1:%2:%3: not valid JSON (%4)</source>
        <translation>%1:%2:%3：不是有效的 JSON（%4）</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ActivityPanel</name>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Stop the activity (your progress is kept)</source>
        <translation>结束活动（进度会保留）</translation>
    </message>
    <message>
        <source>Your prediction (a number)</source>
        <translation>你的预测（一个数）</translation>
    </message>
    <message>
        <source>Your prediction</source>
        <translation>你的预测</translation>
    </message>
    <message>
        <source>Check my prediction</source>
        <translation>检查我的预测</translation>
    </message>
    <message>
        <source>Now try it</source>
        <translation>动手试试</translation>
    </message>
    <message>
        <source>Unlocks the controls so you can see the live value</source>
        <translation>解锁控件，你可以看到实时的数值</translation>
    </message>
    <message>
        <source>Hint</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Show me</source>
        <translation>演示给我看</translation>
    </message>
    <message>
        <source>Moves the controls to a solution</source>
        <translation>把控件移动到一个答案上</translation>
    </message>
    <message>
        <source>◀ &amp;Back</source>
        <translation>◀ 上一步(&amp;B)</translation>
    </message>
    <message>
        <source>Lesson map…</source>
        <translation>课程地图…</translation>
    </message>
    <message>
        <source>Type a number first, e.g. 0.5.</source>
        <translation>请先输入一个数，例如 0.5。</translation>
    </message>
    <message>
        <source>Pick one answer first.</source>
        <translation>请先选一个答案。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Activity complete.&lt;/b&gt; Pick the next one in the lesson map, or keep exploring this lesson.</source>
        <translation>&lt;b&gt;活动完成。&lt;/b&gt;在课程地图里选下一个活动，或者继续探索这一课。</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>✓ Right.</source>
        <translation>✓ 正确。</translation>
    </message>
    <message>
        <source>✗ Not quite.</source>
        <translation>✗ 不太对。</translation>
    </message>
    <message>
        <source>The answer is: %1</source>
        <translation>答案是：%1</translation>
    </message>
    <message>
        <source>✓ Goal reached.</source>
        <translation>✓ 目标达成。</translation>
    </message>
    <message>
        <source>Your prediction: &lt;b&gt;%1&lt;/b&gt; · RoPE Lab computes: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>你的预测：&lt;b&gt;%1&lt;/b&gt; · RoPE 实验室算出：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>(not computed yet)</source>
        <translation>（尚未算出）</translation>
    </message>
    <message>
        <source>&lt;i&gt;Move the controls until the goal holds…&lt;/i&gt;</source>
        <translation>&lt;i&gt;移动控件，直到达成目标……&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Fi&amp;nish ✓</source>
        <translation>完成(&amp;N) ✓</translation>
    </message>
    <message>
        <source>&amp;Next ▶</source>
        <translation>下一步(&amp;N) ▶</translation>
    </message>
    <message>
        <source>Your teacher keeps you in this activity until it ends</source>
        <translation>老师要求你做完这个活动再离开</translation>
    </message>
    <message>
        <source>✗ Not quite. Try again (tries left: %1).</source>
        <translation>✗ 不太对。再试一次（还剩 %1 次机会）。</translation>
    </message>
    <message>
        <source>Ends this prediction and shows the answer</source>
        <translation>结束这次预测并显示答案</translation>
    </message>
    <message>
        <source>&lt;b&gt;The numbers this step reads&lt;/b&gt;</source>
        <translation>&lt;b&gt;这一步要读的数值&lt;/b&gt;</translation>
    </message>
    <message>
        <source>hidden until you check</source>
        <translation>检查后显示</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>not shown now</source>
        <translation>当前未显示</translation>
    </message>
    <message>
        <source>0 (up to rounding)</source>
        <translation>0（在舍入误差内）</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ActivityRunner</name>
    <message>
        <source>This RoPE Lab has no lesson &quot;%1&quot;.</source>
        <translation>这个 RoPE 实验室没有课程“%1”。</translation>
    </message>
    <message>
        <source>Step %1 cannot start: %2</source>
        <translation>第 %1 步无法开始：%2</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::Animation</name>
    <message>
        <source>Lesson 13: train short, test long</source>
        <translation>第 13 课：短训练，长测试</translation>
    </message>
    <message>
        <source>Lesson 13: the run shown, replayed: every model&apos;s loss curve grows step by step, then its result at each test length appears</source>
        <translation>第 13 课：重放所显示的运行：每个模型的损失曲线逐步增长，然后依次出现它在各个测试长度上的结果</translation>
    </message>
    <message>
        <source>Lesson 4: the query advances (m grows, n fixed); its arrow turns and the score moves along the curve</source>
        <translation>第 4 课：查询向前移动（m 增大，n 不变）；它的箭头转动，分数沿曲线移动</translation>
    </message>
    <message>
        <source>Lesson 4: m and n advance together; both arrows turn, the angle between them and the score stay</source>
        <translation>第 4 课：m 和 n 一起前进；两个箭头都在转，它们之间的夹角和分数不变</translation>
    </message>
    <message>
        <source>Lesson 5: the position advances; every pair&apos;s clock hand turns at its own speed and the point runs along the spiral</source>
        <translation>第 5 课：位置前进；每个分量对的时钟指针以各自的速度转动，点沿螺旋线移动</translation>
    </message>
    <message>
        <source>Lesson 5: the camera orbits the spiral and the helix once</source>
        <translation>第 5 课：视角绕螺旋线和单对螺旋转一整圈</translation>
    </message>
    <message>
        <source>Lesson 7: the base grows from 10^2 to 10^7; the wavelengths and the score curves follow</source>
        <translation>第 7 课：base 从 10^2 增大到 10^7；波长和分数曲线随之变化</translation>
    </message>
    <message>
        <source>Lesson 10: the position grows from 1 to 2^24; the phase error of low-precision positions grows with it</source>
        <translation>第 10 课：位置从 1 增大到 2^24；低精度位置的相位误差随之增大</translation>
    </message>
    <message>
        <source>Lesson 4: the query turns</source>
        <translation>第 4 课：查询向量转动</translation>
    </message>
    <message>
        <source>Lesson 4: both positions shift</source>
        <translation>第 4 课：两个位置一起平移</translation>
    </message>
    <message>
        <source>Lesson 5: clock hands and spiral</source>
        <translation>第 5 课：时钟指针与螺旋线</translation>
    </message>
    <message>
        <source>Lesson 5: orbit around the spiral</source>
        <translation>第 5 课：绕螺旋线环视</translation>
    </message>
    <message>
        <source>Lesson 7: base sweep</source>
        <translation>第 7 课：扫描 base</translation>
    </message>
    <message>
        <source>Lesson 10: phase error grows</source>
        <translation>第 10 课：相位误差增长</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::AnimationDialog</name>
    <message>
        <source>Choose a file to write.</source>
        <translation>请选择要写入的文件。</translation>
    </message>
    <message>
        <source>it loops without a jump.</source>
        <translation>循环播放时没有跳变。</translation>
    </message>
    <message>
        <source>it plays forward once; when it loops, it jumps back to the start.</source>
        <translation>向前播放一遍；循环播放时会跳回开头。</translation>
    </message>
    <message>
        <source>%1 frames of %2×%3 pixels; %4</source>
        <translation>共 %1 帧，每帧 %2×%3 像素；%4</translation>
    </message>
    <message>
        <source>Save the animation as</source>
        <translation>动画另存为</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Could not create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>正在导出 %1…</translation>
    </message>
    <message>
        <source>Cancelled; nothing was written.</source>
        <translation>已取消；没有写入任何文件。</translation>
    </message>
    <message>
        <source>Export animation</source>
        <translation>导出动画</translation>
    </message>
    <message>
        <source>&amp;Animation</source>
        <translation>动画(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Format</source>
        <translation>格式(&amp;F)</translation>
    </message>
    <message>
        <source>Loops forever; plays everywhere, in slides and web pages</source>
        <translation>无限循环；在幻灯片和网页中随处可播放</translation>
    </message>
    <message>
        <source>H.264 video for PowerPoint, Keynote and Google Slides</source>
        <translation>H.264 视频，适用于 PowerPoint、Keynote 和 Google 幻灯片</translation>
    </message>
    <message>
        <source>VP9 video for web pages</source>
        <translation>VP9 视频，适用于网页</translation>
    </message>
    <message>
        <source>&amp;Size</source>
        <translation>尺寸(&amp;S)</translation>
    </message>
    <message>
        <source>Width in pixels</source>
        <translation>宽度（像素）</translation>
    </message>
    <message>
        <source>Height in pixels</source>
        <translation>高度（像素）</translation>
    </message>
    <message>
        <source>pixels</source>
        <translation>像素</translation>
    </message>
    <message>
        <source>MP4 and WebM need an even width and height.</source>
        <translation>MP4 和 WebM 需要偶数的宽度和高度。</translation>
    </message>
    <message>
        <source>F&amp;rame rate</source>
        <translation>帧率(&amp;R)</translation>
    </message>
    <message>
        <source> frames per second</source>
        <translation> 帧/秒</translation>
    </message>
    <message>
        <source>&amp;Duration</source>
        <translation>时长(&amp;D)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Forward and &amp;back</source>
        <translation>往返播放(&amp;B)</translation>
    </message>
    <message>
        <source>A sweep plays to its end and back again, so it loops without a jump. A periodic animation already loops.</source>
        <translation>扫描动画播放到结尾后再倒放回来，因此循环时没有跳变。周期动画本身就能无缝循环。</translation>
    </message>
    <message>
        <source>F&amp;ile</source>
        <translation>文件(&amp;I)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose the file</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <source>First frame</source>
        <translation>第一帧</translation>
    </message>
    <message>
        <source>Preview of the first frame</source>
        <translation>第一帧预览</translation>
    </message>
    <message>
        <source>%v of %m frames</source>
        <translation>第 %v / %m 帧</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::AnimationEncoder</name>
    <message>
        <source>Animation export is unavailable: this build of RoPE Lab was made without the FFmpeg libraries (libavcodec, libavformat, libavfilter, libswscale).</source>
        <translation>无法导出动画：这个 RoPE 实验室构建时没有 FFmpeg 库（libavcodec、libavformat、libavfilter、libswscale）。</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Could not write %1: %2 (%3)</source>
        <translation>无法写入 %1：%2（%3）</translation>
    </message>
    <message>
        <source>the encoder failed</source>
        <translation>编码器出错</translation>
    </message>
    <message>
        <source>the file could not be written</source>
        <translation>文件无法写入</translation>
    </message>
    <message>
        <source>the encoder refused a frame</source>
        <translation>编码器拒绝了一帧</translation>
    </message>
    <message>
        <source>the GIF palette could not be made</source>
        <translation>无法生成 GIF 调色板</translation>
    </message>
    <message>
        <source>Out of memory.</source>
        <translation>内存不足。</translation>
    </message>
    <message>
        <source>the GIF palette filters are missing</source>
        <translation>缺少生成 GIF 调色板的滤镜</translation>
    </message>
    <message>
        <source>This FFmpeg build has no %1 encoder, so %2 files cannot be written.</source>
        <translation>这个 FFmpeg 没有 %1 编码器，因此无法写入 %2 文件。</translation>
    </message>
    <message>
        <source>the container is not supported</source>
        <translation>不支持这种容器格式</translation>
    </message>
    <message>
        <source>the encoder could not start</source>
        <translation>编码器无法启动</translation>
    </message>
    <message>
        <source>the file header could not be written</source>
        <translation>无法写入文件头</translation>
    </message>
    <message>
        <source>no memory for a frame</source>
        <translation>没有足够内存存放一帧</translation>
    </message>
    <message>
        <source>A frame of %1×%2 does not fit a %3×%4 animation.</source>
        <translation>%1×%2 的帧与 %3×%4 的动画尺寸不符。</translation>
    </message>
    <message>
        <source>the file could not be finished</source>
        <translation>文件无法写完</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::AnimationExport</name>
    <message>
        <source>The frame rate must be between 1 and %1 frames per second, not %2.</source>
        <translation>帧率必须在每秒 1 到 %1 帧之间，而不是 %2。</translation>
    </message>
    <message>
        <source>The duration must be more than 0 and at most %1 seconds, not %2.</source>
        <translation>时长必须大于 0 且不超过 %1 秒，而不是 %2。</translation>
    </message>
    <message>
        <source>%1 s at %2 frames per second is fewer than two frames.</source>
        <translation>%1 秒、每秒 %2 帧，不足两帧。</translation>
    </message>
    <message>
        <source>The size must be from %1×%1 to %2×%3 pixels, not %4×%5.</source>
        <translation>尺寸必须在 %1×%1 到 %2×%3 像素之间，而不是 %4×%5。</translation>
    </message>
    <message>
        <source>%1 needs an even width and height (yuv420p), not %2×%3.</source>
        <translation>%1 需要偶数的宽和高（yuv420p），而不是 %2×%3。</translation>
    </message>
    <message>
        <source>A GIF of %1 frames at %2×%3 needs %4 GB of memory for its palette; choose a smaller size, fewer frames or MP4.</source>
        <translation>%1 帧、%2×%3 的 GIF 生成调色板需要 %4 GB 内存；请选更小的尺寸、更少的帧或 MP4。</translation>
    </message>
    <message>
        <source>Could not write %1: the lesson did not finish computing frame %2.</source>
        <translation>无法写入 %1：课程没有算完第 %2 帧。</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::AnswerRecord</name>
    <message>
        <source>not a RoPE Lab answer record (format %1, version %2)</source>
        <translation>不是 RoPE 实验室的答题记录（格式 %1，版本 %2）</translation>
    </message>
    <message>
        <source>%1: cannot be opened (%2)</source>
        <translation>%1：无法打开（%2）</translation>
    </message>
    <message>
        <source>%1: too large for an answer record</source>
        <translation>%1：文件太大，不是答题记录</translation>
    </message>
    <message>
        <source>%1: not valid JSON</source>
        <translation>%1：不是有效的 JSON</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::AnswerRecorder</name>
    <message>
        <source>%1 (kept as %2; a new record starts)</source>
        <translation>%1（已另存为 %2；将开始新的记录）</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::AnswerReport</name>
    <message>
        <source>Prediction</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Explore</source>
        <translation>探索</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>讲解</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>goal reached</source>
        <translation>目标已达成</translation>
    </message>
    <message>
        <source>goal not reached</source>
        <translation>目标未达成</translation>
    </message>
    <message>
        <source>✓ right</source>
        <translation>✓ 对</translation>
    </message>
    <message>
        <source>✗ wrong</source>
        <translation>✗ 错</translation>
    </message>
    <message>
        <source>My answers — RoPE Lab</source>
        <translation>我的答案——RoPE 实验室</translation>
    </message>
    <message>
        <source>Student: %1 · %2</source>
        <translation>学生：%1 · %2</translation>
    </message>
    <message>
        <source>(no name entered)</source>
        <translation>（未填写姓名）</translation>
    </message>
    <message>
        <source>No activity answered yet. Activities → Lesson map starts one.</source>
        <translation>还没有做过任何活动。活动 → 课程地图 可以开始一个。</translation>
    </message>
    <message>
        <source>Lesson %1 · finished</source>
        <translation>课程 %1 · 已完成</translation>
    </message>
    <message>
        <source>Lesson %1 · not finished</source>
        <translation>课程 %1 · 未完成</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>My answer</source>
        <translation>我的答案</translation>
    </message>
    <message>
        <source>Computed by RoPE Lab</source>
        <translation>RoPE 实验室算出的值</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Tries</source>
        <translation>尝试次数</translation>
    </message>
    <message>
        <source>Hints</source>
        <translation>提示次数</translation>
    </message>
    <message>
        <source>Show me</source>
        <translation>演示给我看</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>用时</translation>
    </message>
    <message>
        <source>%1: not a RoPE Lab answers CSV (the first line must be: %2)</source>
        <translation>%1：不是 RoPE 实验室的答案 CSV（第一行必须是：%2）</translation>
    </message>
    <message>
        <source>%1: line %2 is not a row of an answers CSV</source>
        <translation>%1：第 %2 行不是答案 CSV 的一行</translation>
    </message>
    <message>
        <source>Class summary — RoPE Lab</source>
        <translation>全班汇总——RoPE 实验室</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>活动</translation>
    </message>
    <message>
        <source>Students</source>
        <translation>学生数</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>答对</translation>
    </message>
    <message>
        <source>Most common wrong answer</source>
        <translation>最常见的错误答案</translation>
    </message>
    <message>
        <source>Median time</source>
        <translation>用时中位数</translation>
    </message>
    <message>
        <source>%1 of %2 (%3 %)</source>
        <translation>%2 人中 %1 人（%3%）</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n student(s))</source>
        <translation>
            <numerusform>%1（%n 名学生）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ropelab::ui::AppLimits</name>
    <message>
        <source>each %1 value</source>
        <translation>%1 的每个值</translation>
    </message>
    <message>
        <source>%1 must be greater than %2 and at most %3 in the app; got %4</source>
        <translation>%1 在本应用中必须大于 %2 且不超过 %3；实际为 %4</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3 in the app; got %4</source>
        <translation>%1 在本应用中必须介于 %2 和 %3 之间；实际为 %4</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::AtomicWrite</name>
    <message>
        <source>Could not write %1: %2.</source>
        <translation>无法写入 %1：%2。</translation>
    </message>
    <message>
        <source>the file name is empty</source>
        <translation>文件名为空</translation>
    </message>
    <message>
        <source>a folder with that name exists</source>
        <translation>已存在同名文件夹</translation>
    </message>
    <message>
        <source>the folder %1 does not exist</source>
        <translation>文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>%1 is not a folder</source>
        <translation>%1 不是文件夹</translation>
    </message>
    <message>
        <source>permission denied (you cannot write to the folder %1)</source>
        <translation>权限不足（无法写入文件夹 %1）</translation>
    </message>
    <message>
        <source>permission denied (the file is read-only)</source>
        <translation>权限不足（文件为只读）</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>the disk is read-only</source>
        <translation>磁盘为只读</translation>
    </message>
    <message>
        <source>the folder does not exist</source>
        <translation>文件夹不存在</translation>
    </message>
    <message>
        <source>the file name is too long</source>
        <translation>文件名过长</translation>
    </message>
    <message>
        <source>the disk reported an input/output error</source>
        <translation>磁盘报告了输入/输出错误</translation>
    </message>
    <message>
        <source>the file is larger than this disk or account allows</source>
        <translation>文件大小超出了此磁盘或账户允许的上限</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::AppController</name>
    <message>
        <source>--activities and --activity-file go with --check-layout (%1)</source>
        <translation>--activities 和 --activity-file 要与 --check-layout 一起使用（%1）</translation>
    </message>
    <message>
        <source>--activity-file needs a .ropelab-activity file</source>
        <translation>--activity-file 需要一个 .ropelab-activity 文件</translation>
    </message>
    <message>
        <source>&amp;Reset (as the interface)</source>
        <translation>重置（与界面相同）(&amp;R)</translation>
    </message>
    <message>
        <source>Panel and a&amp;ctivity text size</source>
        <translation>面板和活动文字大小(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Stay</source>
        <translation>留下(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Leave the activity</source>
        <translation>离开活动(&amp;L)</translation>
    </message>
    <message>
        <source>The activity “%1” is still running. Leave it for another lesson? Your progress is kept; the lesson map resumes it.</source>
        <translation>活动“%1”还在进行中。要离开它去另一课吗？你的进度会保留，可以在课程地图里接着做。</translation>
    </message>
    <message>
        <source>Leave the activity?</source>
        <translation>离开这个活动吗？</translation>
    </message>
    <message>
        <source>--lang: unknown language &apos;%1&apos;; use en or zh_CN</source>
        <translation>--lang：未知语言“%1”；请使用 en 或 zh_CN</translation>
    </message>
    <message>
        <source>--theme: use light or dark, not &apos;%1&apos;</source>
        <translation>--theme：请使用 light 或 dark，而不是“%1”</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos; (%2)</source>
        <translation>未知选项“%1”（%2）</translation>
    </message>
    <message>
        <source>only one session file can be opened (%1)</source>
        <translation>只能打开一个会话文件（%1）</translation>
    </message>
    <message>
        <source>&amp;Export figures…</source>
        <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
        <source>Save figures as PNG, SVG, PDF or CSV</source>
        <translation>将图表保存为 PNG、SVG、PDF 或 CSV</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Presenter mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Large text, thick lines and less chrome for a projector (F5)</source>
        <translation>为投影仪准备：大字号、粗线条、精简界面（F5）</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>Plot te&amp;xt size</source>
        <translation>图表文字大小(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Larger</source>
        <translation>放大(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Smaller</source>
        <translation>缩小(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Reset (follow the system)</source>
        <translation>重置（跟随系统）(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;System default</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>Plot of the lesson “%1”. Context menu: export this figure or copy it.</source>
        <translation>课程“%1”的图表。右键菜单：导出或复制此图。</translation>
    </message>
    <message>
        <source>&amp;Export this figure…</source>
        <translation>导出此图(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Copy image</source>
        <translation>复制图像(&amp;C)</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Could not create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n file(s) to %1</source>
        <translation>
            <numerusform>已将 %n 个文件导出到 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more.</source>
        <translation>
            <numerusform>……另有 %n 个。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 files could not be written; no partial files were left.</source>
        <translation>%2 个文件中有 %1 个未能写入；没有留下不完整的文件。</translation>
    </message>
    <message>
        <source>usage: ropelab [FILE.ropelab | FILE.ropelab-activity] [--activity ID] [--lang en|zh_CN] [--presenter] [--theme light|dark]; ropelab export --help</source>
        <translation>用法：ropelab [文件.ropelab | 文件.ropelab-activity] [--activity ID] [--lang en|zh_CN] [--presenter] [--theme light|dark]；另见 ropelab export --help</translation>
    </message>
    <message>
        <source>--activity: there is no activity &apos;%1&apos; (ropelab activity list shows them)</source>
        <translation>--activity：没有活动“%1”（ropelab activity list 会列出所有活动）</translation>
    </message>
    <message>
        <source>Export a&amp;nimation…</source>
        <translation>导出动画(&amp;N)…</translation>
    </message>
    <message>
        <source>Save an animation of a lesson as GIF, MP4 or WebM</source>
        <translation>将课程动画保存为 GIF、MP4 或 WebM</translation>
    </message>
    <message>
        <source>Exported the animation to %1</source>
        <translation>已将动画导出到 %1</translation>
    </message>
    <message numerus="yes">
        <source>Export cancelled; %n complete file(s) written to %1</source>
        <translation>
            <numerusform>导出已取消；已将 %n 个完整文件写入 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Not before you check: an exported or copied figure would show what this step hides.</source>
        <translation>检查之前不行：导出或复制的图会显示这一步隐藏的内容。</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ClinicLesson</name>
    <message>
        <source>The confusion clinic</source>
        <translation>易错问题诊所</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;One model, many conventions.&lt;/b&gt; Each tool writes the same RoPE in its own words: HF&apos;s config.json keys, llama.cpp&apos;s flags and GGUF keys, vLLM&apos;s --rope-scaling, exllama&apos;s alpha_value (rope_theta × α&lt;sup&gt;d/(d−2)&lt;/sup&gt;) and compress_pos_emb, Meta&apos;s params.json. The table writes the shared head size and base, with the scaling chosen below, in each tool&apos;s words, and says what a tool cannot express. The pair layout belongs to the tool too: HF&apos;s Llama-family code rotates half-split pairs, Meta&apos;s code and llama.cpp&apos;s Llama files interleaved ones.&lt;/p&gt;&lt;p&gt;&lt;b&gt;The two layouts are one rotation.&lt;/b&gt; HF&apos;s Meta-to-HF conversion moves row 2j + t of each head of W&lt;sub&gt;q&lt;/sub&gt; and W&lt;sub&gt;k&lt;/sub&gt; to row t·d/2 + j. Half-split RoPE on the permuted weights then gives exactly the scores of interleaved RoPE on Meta&apos;s weights (the first two curves coincide); a checkpoint converted without the permutation rotates the wrong components together (third curve).&lt;/p&gt;&lt;p&gt;&lt;b&gt;The KV cache.&lt;/b&gt; Dynamic NTK recomputes θ from the current length, but keys already in the cache keep the rotation of the step that cached them. Here a %1-token prompt grows to %2 tokens with max_position_embeddings %3 and factor %4: the score error is exactly 0 until the sequence outgrows %3, then grows. A rope type whose θ does not depend on the length stays at 0; LongRoPE jumps in the same way once it switches from short to long factors.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Positions in 16 bits.&lt;/b&gt; bfloat16 keeps 8 significant bits, so integers are exact only up to 256 and neighbouring positions collide above it; float16 keeps 11 (exact up to 2048) and ends at 65504. The fix: keep positions and θ in float32 (transformers PR #29285), or reduce the phase exactly as in the precision lesson.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;一个模型，多种写法。&lt;/b&gt;每个工具用自己的写法描述同一个 RoPE：HF 的 config.json 键、llama.cpp 的命令行参数和 GGUF 键、vLLM 的 --rope-scaling、exllama 的 alpha_value（rope_theta × α&lt;sup&gt;d/(d−2)&lt;/sup&gt;）和 compress_pos_emb、Meta 的 params.json。表格用每个工具的写法写出共享的头维度和基数，加上下面选择的缩放方式，并说明某个工具无法表达什么。配对布局也属于工具：HF 的 Llama 系列代码旋转对半配对，Meta 的代码和 llama.cpp 的 Llama 文件旋转交错配对。&lt;/p&gt;&lt;p&gt;&lt;b&gt;两种布局是同一个旋转。&lt;/b&gt;HF 的 Meta→HF 转换把 W&lt;sub&gt;q&lt;/sub&gt; 和 W&lt;sub&gt;k&lt;/sub&gt; 每个头的第 2j + t 行移到第 t·d/2 + j 行。于是在置换后的权重上做对半 RoPE，得到的分数与在 Meta 权重上做交错 RoPE 完全相同（前两条曲线重合）；未做置换就转换的检查点会把错误的分量放在一起旋转（第三条曲线）。&lt;/p&gt;&lt;p&gt;&lt;b&gt;KV 缓存。&lt;/b&gt;动态 NTK 根据当前长度重新计算 θ，但已在缓存中的键保留的是缓存它们那一步的旋转。这里 %1 个词元的提示增长到 %2 个词元，max_position_embeddings 为 %3，因子为 %4：在序列超过 %3 之前分数误差严格为 0，之后开始增长。θ 不随长度变化的 rope 类型始终为 0；LongRoPE 在从短因子切换到长因子时也会同样跳变。&lt;/p&gt;&lt;p&gt;&lt;b&gt;16 位中的位置。&lt;/b&gt;bfloat16 只保留 8 个有效二进制位，所以整数只在 256 以内精确，超过后相邻位置会重合；float16 保留 11 个有效二进制位（2048 以内精确），最大只到 65504。解决办法：位置和 θ 用 float32 保存（transformers PR #29285），或像精度一课那样精确地约化相位。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Scaling in the table</source>
        <translation>表中的缩放方式</translation>
    </message>
    <message>
        <source>none (default)</source>
        <translation>无（默认）</translation>
    </message>
    <message>
        <source>linear, factor 4</source>
        <translation>线性，因子 4</translation>
    </message>
    <message>
        <source>dynamic NTK, factor 2</source>
        <translation>动态 NTK，因子 2</translation>
    </message>
    <message>
        <source>YaRN, factor 4</source>
        <translation>YaRN，因子 4</translation>
    </message>
    <message>
        <source>Llama 3, factor 8</source>
        <translation>Llama 3，因子 8</translation>
    </message>
    <message>
        <source>The rope_type written in every tool&apos;s words in the table.</source>
        <translation>表中用每个工具的写法表示的 rope_type。</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>In its words</source>
        <translation>它的写法</translation>
    </message>
    <message>
        <source>What it cannot express</source>
        <translation>它无法表达的</translation>
    </message>
    <message>
        <source>One head&apos;s score q·k against distance Δ, weights in Meta&apos;s order</source>
        <translation>一个头的分数 q·k 随距离 Δ 的变化，权重为 Meta 的行顺序</translation>
    </message>
    <message>
        <source>distance Δ = m − n</source>
        <translation>距离 Δ = m − n</translation>
    </message>
    <message>
        <source>score q·k</source>
        <translation>分数 q·k</translation>
    </message>
    <message>
        <source>interleaved RoPE on Meta&apos;s rows</source>
        <translation>在 Meta 的行上做交错 RoPE</translation>
    </message>
    <message>
        <source>half-split RoPE on the permuted rows (HF)</source>
        <translation>在置换后的行上做对半 RoPE（HF）</translation>
    </message>
    <message>
        <source>half-split RoPE on unpermuted rows (wrong)</source>
        <translation>在未置换的行上做对半 RoPE（错误）</translation>
    </message>
    <message>
        <source>Score error of cached keys as generation goes</source>
        <translation>随生成进行，缓存键的分数误差</translation>
    </message>
    <message>
        <source>tokens in the cache</source>
        <translation>缓存中的词元数</translation>
    </message>
    <message>
        <source>max score error</source>
        <translation>最大分数误差</translation>
    </message>
    <message>
        <source>dynamic NTK (θ follows the length)</source>
        <translation>动态 NTK（θ 随长度变化）</translation>
    </message>
    <message>
        <source>default RoPE (θ fixed)</source>
        <translation>默认 RoPE（θ 固定）</translation>
    </message>
    <message>
        <source>Positions rounded to 16-bit floats</source>
        <translation>舍入到 16 位浮点数的位置</translation>
    </message>
    <message>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>rounded − p</source>
        <translation>舍入值 − p</translation>
    </message>
    <message>
        <source>bfloat16</source>
        <translation>bfloat16</translation>
    </message>
    <message>
        <source>float16</source>
        <translation>float16</translation>
    </message>
    <message>
        <source>float32 (exact here)</source>
        <translation>float32（此处精确）</translation>
    </message>
    <message>
        <source>Its Llama code rotates half-split pairs (is_neox_style): weights in Meta&apos;s interleaved order need the Meta-to-HF permutation.</source>
        <translation>它的 Llama 代码旋转对半配对（is_neox_style）：Meta 交错顺序的权重需要做 Meta→HF 置换。</translation>
    </message>
    <message>
        <source>Its Llama-family code rotates half-split pairs (rotate_half): weights in Meta&apos;s interleaved order need the Meta-to-HF permutation.</source>
        <translation>它的 Llama 系列代码旋转对半配对（rotate_half）：Meta 交错顺序的权重需要做 Meta→HF 置换。</translation>
    </message>
    <message>
        <source>Meta&apos;s code rotates interleaved pairs: half-split-order weights need the HF-to-Meta permutation.</source>
        <translation>Meta 的代码旋转交错配对：对半顺序的权重需要做 HF→Meta 置换。</translation>
    </message>
    <message>
        <source>ggml always rounds YaRN&apos;s correction range to whole pairs (as truncate = true does), so it cannot express truncate = false.</source>
        <translation>ggml 总是把 YaRN 的校正范围取整到整数配对（无法表达 truncate = false）。</translation>
    </message>
    <message>
        <source>The attention factor %1 is not llama.cpp&apos;s default for this factor: it has to come from the GGUF file or from --yarn-attn-factor.</source>
        <translation>注意力因子 %1 不是 llama.cpp 对这个 factor 的默认值：它必须来自 GGUF 文件或 --yarn-attn-factor。</translation>
    </message>
    <message>
        <source>GGUF has no dynamic NTK scaling type.</source>
        <translation>GGUF 没有动态 NTK 缩放类型。</translation>
    </message>
    <message>
        <source>No dynamic NTK: θ never follows the current length; the nearest is a fixed --rope-freq-base.</source>
        <translation>没有动态 NTK：θ 从不随当前长度变化；最接近的是固定的 --rope-freq-base。</translation>
    </message>
    <message>
        <source>LongRoPE&apos;s factors are GGUF tensors; no flag sets them.</source>
        <translation>LongRoPE 的因子是 GGUF 中的张量；没有命令行参数能设置它们。</translation>
    </message>
    <message>
        <source>Llama 3 scaling is the GGUF tensor rope_freqs.weight, written by the converter; no flag sets it.</source>
        <translation>Llama 3 缩放是转换器写入的 GGUF 张量 rope_freqs.weight；没有命令行参数能设置它。</translation>
    </message>
    <message>
        <source>The rotary dimension %1 comes from the GGUF file, not from a flag.</source>
        <translation>旋转维度 %1 来自 GGUF 文件，而不是命令行参数。</translation>
    </message>
    <message>
        <source>The pair layout follows the model&apos;s architecture, not a flag.</source>
        <translation>配对布局由模型架构决定，而不是命令行参数。</translation>
    </message>
    <message>
        <source>Its dynamic scaling uses one base for max_position_embeddings × factor, not the current length.</source>
        <translation>它的动态缩放对 max_position_embeddings × 因子 只用一个基数，而不是按当前长度计算。</translation>
    </message>
    <message>
        <source>alpha_value and compress_pos_emb express only a fixed NTK base and linear interpolation, not %1.</source>
        <translation>alpha_value 和 compress_pos_emb 只能表达固定的 NTK 基数和线性插值，不能表达 %1。</translation>
    </message>
    <message>
        <source>params.json knows only use_scaled_rope (Llama 3.1: factor 8, low 1, high 4, original 8192), not %1 with these values.</source>
        <translation>params.json 只有 use_scaled_rope（Llama 3.1：因子 8、low 1、high 4、原始长度 8192），不能表达这些取值的 %1。</translation>
    </message>
    <message>
        <source>Meta&apos;s code rotates the whole head.</source>
        <translation>Meta 的代码旋转整个头。</translation>
    </message>
    <message>
        <source>HF config.json</source>
        <translation>HF config.json</translation>
    </message>
    <message>
        <source>llama.cpp flags</source>
        <translation>llama.cpp 命令行参数</translation>
    </message>
    <message>
        <source>GGUF file</source>
        <translation>GGUF 文件</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>exllama</source>
        <translation>exllama</translation>
    </message>
    <message>
        <source>Meta params.json</source>
        <translation>Meta params.json</translation>
    </message>
    <message>
        <source>∞ (overflow)</source>
        <translation>∞（溢出）</translation>
    </message>
    <message>
        <source>position %1 in bfloat16</source>
        <translation>位置 %1 的 bfloat16 值</translation>
    </message>
    <message>
        <source>position %1 in float16</source>
        <translation>位置 %1 的 float16 值</translation>
    </message>
    <message>
        <source>largest KV-cache score error (dynamic NTK)</source>
        <translation>KV 缓存的最大分数误差（动态 NTK）</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ExportCommand</name>
    <message>
        <source>not enough memory for these figures; every file written is complete. Try a smaller size, fewer formats or fewer positions.</source>
        <translation>内存不足，无法导出这些图表；已写入的文件都是完整的。请尝试更小的尺寸、更少的格式或更少的位置。</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ExportDialog</name>
    <message>
        <source>Choose at least one format.</source>
        <translation>请至少选择一种格式。</translation>
    </message>
    <message>
        <source>Choose a folder for the files.</source>
        <translation>请为文件选择一个文件夹。</translation>
    </message>
    <message>
        <source>Export figures</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>This figure</source>
        <translation>此图</translation>
    </message>
    <message>
        <source>This figure (%1)</source>
        <translation>此图（%1）</translation>
    </message>
    <message>
        <source>All figures of this lesson (%1)</source>
        <translation>本课的所有图表（%1）</translation>
    </message>
    <message>
        <source>Every figure of every lesson</source>
        <translation>所有课程的全部图表</translation>
    </message>
    <message>
        <source>Formats</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Raster image at the chosen size and DPI</source>
        <translation>按所选尺寸和 DPI 生成的位图</translation>
    </message>
    <message>
        <source>Vector drawing for slides and web pages</source>
        <translation>矢量图，适用于幻灯片和网页</translation>
    </message>
    <message>
        <source>Vector page for print and LaTeX</source>
        <translation>矢量页面，适用于打印和 LaTeX</translation>
    </message>
    <message>
        <source>The plotted numbers, one row per point</source>
        <translation>图中的数据，每个点一行</translation>
    </message>
    <message>
        <source>&amp;Size</source>
        <translation>尺寸(&amp;S)</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>pixels</source>
        <translation>像素</translation>
    </message>
    <message>
        <source>cm</source>
        <translation>厘米</translation>
    </message>
    <message>
        <source>Size unit</source>
        <translation>尺寸单位</translation>
    </message>
    <message>
        <source>&amp;DPI</source>
        <translation>DPI(&amp;D)</translation>
    </message>
    <message>
        <source>Dots per inch: text keeps its point size, so a higher DPI is sharper, not smaller.</source>
        <translation>每英寸点数：文字保持其磅值，因此 DPI 越高图像越清晰，而不是越小。</translation>
    </message>
    <message>
        <source>&amp;Background</source>
        <translation>背景(&amp;B)</translation>
    </message>
    <message>
        <source>As on screen</source>
        <translation>与屏幕一致</translation>
    </message>
    <message>
        <source>White (light colours)</source>
        <translation>白色（浅色配色）</translation>
    </message>
    <message>
        <source>Transparent</source>
        <translation>透明</translation>
    </message>
    <message>
        <source>&amp;Folder</source>
        <translation>文件夹(&amp;F)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose the folder</source>
        <translation>选择文件夹</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Each figure: %1 × %2 pixels, %3 × %4 cm at %5 DPI.</source>
        <translation>每张图：%1 × %2 像素，%5 DPI 下为 %3 × %4 厘米。</translation>
    </message>
    <message>
        <source>Folder for the exported figures</source>
        <translation>导出图表的文件夹</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ExportOptions</name>
    <message>
        <source>DPI must be between %1 and %2 (got %3).</source>
        <translation>DPI 必须在 %1 到 %2 之间（当前为 %3）。</translation>
    </message>
    <message>
        <source>The figure size must be at least 16 × 16 pixels.</source>
        <translation>图表尺寸至少为 16 × 16 像素。</translation>
    </message>
    <message>
        <source>The figure would be %1 × %2 pixels; the largest allowed is %3 per side.</source>
        <translation>图表将为 %1 × %2 像素；每边最多允许 %3 像素。</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ExportProcess</name>
    <message>
        <source>Could not start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>Could not write the temporary session %1: %2</source>
        <translation>无法写入临时会话文件 %1：%2</translation>
    </message>
    <message>
        <source>The export stopped unexpectedly; the files written so far are complete.</source>
        <translation>导出意外中止；已写入的文件都是完整的。</translation>
    </message>
    <message>
        <source>The export failed (exit code %1).</source>
        <translation>导出失败（退出码 %1）。</translation>
    </message>
    <message>
        <source>Exporting figures…</source>
        <translation>正在导出图表…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::FigureConcealment</name>
    <message>
        <source>Hidden until you check your prediction</source>
        <translation>检查你的预测之后才显示</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::FigureExport</name>
    <message>
        <source>Figure exported from RoPE Lab</source>
        <translation>由 RoPE 实验室导出的图表</translation>
    </message>
    <message>
        <source>Could not render the figure as %1.</source>
        <translation>无法将图表渲染为 %1。</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::FigureProgress</name>
    <message>
        <source>Computing the figures…</source>
        <translation>正在计算图表…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::FrequenciesLesson</name>
    <message>
        <source>The model presets are missing from this build (:/presets/models.json).</source>
        <translation>此构建中缺少模型预设（:/presets/models.json）。</translation>
    </message>
    <message>
        <source>Frequencies and context extension</source>
        <translation>频率与上下文扩展</translation>
    </message>
    <message>
        <source>Wavelength of each pair against the context</source>
        <translation>各分量对的波长与上下文长度的对比</translation>
    </message>
    <message>
        <source>pair index i</source>
        <translation>分量对序号 i</translation>
    </message>
    <message>
        <source>wavelength 2π/θ_i (tokens)</source>
        <translation>波长 2π/θ_i（词元）</translation>
    </message>
    <message>
        <source>How much each pair is slowed</source>
        <translation>每个分量对被减慢了多少</translation>
    </message>
    <message>
        <source>s_i = θ_i(default) / θ_i</source>
        <translation>s_i = θ_i（默认）/ θ_i</translation>
    </message>
    <message>
        <source>Score q·k against distance (min and max per pixel column)</source>
        <translation>注意力分数 q·k 与距离的关系（每个像素列的最小值和最大值）</translation>
    </message>
    <message>
        <source>distance m − n (tokens)</source>
        <translation>距离 m − n（词元）</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>保持不变</translation>
    </message>
    <message>
        <source>blended</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>÷ factor</source>
        <translation>除以 factor</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>config %1</source>
        <translation>配置 %1</translation>
    </message>
    <message>
        <source>Compare with configuration B</source>
        <translation>与配置 B 比较</translation>
    </message>
    <message>
        <source>A (shared)</source>
        <translation>A（共享）</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>Model preset</source>
        <translation>模型预设</translation>
    </message>
    <message>
        <source>Import config.json…</source>
        <translation>导入 config.json…</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Imported from %1</source>
        <translation>导入自 %1</translation>
    </message>
    <message>
        <source>Imported %1 into configuration %2</source>
        <translation>已将 %1 导入到配置 %2</translation>
    </message>
    <message>
        <source>Model presets unavailable: %1</source>
        <translation>模型预设不可用：%1</translation>
    </message>
    <message>
        <source>Source: &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt;</source>
        <translation>来源：&lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt;</translation>
    </message>
    <message>
        <source>%1: trained context L₀ = %2</source>
        <translation>%1：训练上下文 L₀ = %2</translation>
    </message>
    <message>
        <source>%1: max_position_embeddings = %2</source>
        <translation>%1：max_position_embeddings = %2</translation>
    </message>
    <message>
        <source>%1: max positions = %2</source>
        <translation>%1：最大位置数 = %2</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>rope_type</source>
        <translation>rope_type</translation>
    </message>
    <message>
        <source>rotating pairs</source>
        <translation>旋转的分量对</translation>
    </message>
    <message>
        <source>attention factor</source>
        <translation>注意力系数</translation>
    </message>
    <message>
        <source>trained context L₀</source>
        <translation>训练上下文 L₀</translation>
    </message>
    <message>
        <source>pairs kept</source>
        <translation>保持不变的分量对</translation>
    </message>
    <message>
        <source>pairs blended</source>
        <translation>混合的分量对</translation>
    </message>
    <message>
        <source>pairs ÷ factor</source>
        <translation>除以 factor 的分量对</translation>
    </message>
    <message>
        <source>pairs with no full turn in L₀</source>
        <translation>在 L₀ 内未转满一圈的分量对</translation>
    </message>
    <message>
        <source>YaRN correction range (pairs)</source>
        <translation>YaRN 修正范围（分量对）</translation>
    </message>
    <message>
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Llama 3 kept below / divided above λ</source>
        <translation>Llama 3：低于此 λ 保持 / 高于此 λ 除以 factor</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>A unscaled (default RoPE)</source>
        <translation>A 未缩放（默认 RoPE）</translation>
    </message>
    <message>
        <source>A:
score q·k</source>
        <translation>A：
分数 q·k</translation>
    </message>
    <message>
        <source>B:
score q·k</source>
        <translation>B：
分数 q·k</translation>
    </message>
    <message>
        <source>A, B</source>
        <translation>A、B</translation>
    </message>
    <message>
        <source>Import a HuggingFace config.json or a GGUF model</source>
        <translation>导入 HuggingFace 的 config.json 或 GGUF 模型</translation>
    </message>
    <message>
        <source>HuggingFace config or GGUF model (*.json *.gguf);;All files (*)</source>
        <translation>HuggingFace 配置或 GGUF 模型 (*.json *.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Read rope_theta, rope_scaling and the head size from a HuggingFace config.json, or the RoPE metadata of a llama.cpp GGUF model</source>
        <translation>从 HuggingFace 的 config.json 读取 rope_theta、rope_scaling 和头维度，或读取 llama.cpp GGUF 模型的 RoPE 元数据</translation>
    </message>
    <message>
        <source>Edit fields</source>
        <translation>编辑字段</translation>
    </message>
    <message>
        <source>Show or hide every field of this configuration</source>
        <translation>显示或隐藏此配置的全部字段</translation>
    </message>
    <message>
        <source>&lt;p&gt;Pair &lt;i&gt;i&lt;/i&gt; turns by θ&lt;sub&gt;i&lt;/sub&gt; per token; its &lt;b&gt;wavelength&lt;/b&gt; λ&lt;sub&gt;i&lt;/sub&gt; = 2π/θ&lt;sub&gt;i&lt;/sub&gt; is how many tokens one full turn takes. In pre-training (context L&lt;sub&gt;0&lt;/sub&gt;) pairs with λ&lt;sub&gt;i&lt;/sub&gt; &amp;lt; L&lt;sub&gt;0&lt;/sub&gt; showed the model every angle; pairs with λ&lt;sub&gt;i&lt;/sub&gt; &amp;gt; L&lt;sub&gt;0&lt;/sub&gt; never completed a turn, so positions beyond L&lt;sub&gt;0&lt;/sub&gt; give them angles it has never seen.&lt;/p&gt;&lt;p&gt;Context extension slows pairs down, θ&lt;sub&gt;i&lt;/sub&gt; → θ&lt;sub&gt;i&lt;/sub&gt;/s&lt;sub&gt;i&lt;/sub&gt; (right plot: s&lt;sub&gt;i&lt;/sub&gt;):&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;linear&lt;/b&gt; (position interpolation): every pair by factor, the fast pairs that tell neighbours apart too.&lt;/li&gt;&lt;li&gt;&lt;b&gt;dynamic&lt;/b&gt; (NTK): raises the base once the sequence outgrows max_position_embeddings: fast pairs barely change, slow pairs slow most.&lt;/li&gt;&lt;li&gt;&lt;b&gt;yarn&lt;/b&gt;: keeps pairs that turn more than beta_fast times in L&lt;sub&gt;0&lt;/sub&gt;, divides those turning fewer than beta_slow times by factor, and partly compresses the pairs in between: the share of θ&lt;sub&gt;i&lt;/sub&gt; a pair keeps, 1/s&lt;sub&gt;i&lt;/sub&gt;, falls linearly with the pair index, so s&lt;sub&gt;i&lt;/sub&gt; itself curves. It also multiplies cos and sin of both q and k by the attention factor a (by default 0.1·ln factor + 1; attention_factor or mscale and mscale_all_dim in the config change it, see the readout), so the rotated part of every logit q·k is scaled by a².&lt;/li&gt;&lt;li&gt;&lt;b&gt;llama3&lt;/b&gt;: decides by wavelength instead: λ &amp;lt; L&lt;sub&gt;0&lt;/sub&gt;/high_freq_factor kept, λ &amp;gt; L&lt;sub&gt;0&lt;/sub&gt;/low_freq_factor divided by factor, and in between a blend linear in L&lt;sub&gt;0&lt;/sub&gt;/λ (not in the pair index). It has no attention factor.&lt;/li&gt;&lt;li&gt;&lt;b&gt;longrope&lt;/b&gt;: a searched factor per pair (short_factor up to L&lt;sub&gt;0&lt;/sub&gt;, long_factor beyond).&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;A is the shared configuration (the parameter panel edits it too). B, shown beside it while &lt;b&gt;Compare&lt;/b&gt; is ticked, is a second model with fields of its own: changing A does not change B. The lesson starts B as RoPE with d = 64 and base 10000, stretched 4× with YaRN from L&lt;sub&gt;0&lt;/sub&gt; = 2048. Pick a preset, or press &lt;b&gt;Edit fields&lt;/b&gt; to change any field.&lt;/p&gt;</source>
        <translation>&lt;p&gt;第 &lt;i&gt;i&lt;/i&gt; 对每经过一个词元转过 θ&lt;sub&gt;i&lt;/sub&gt;；它的&lt;b&gt;波长&lt;/b&gt; λ&lt;sub&gt;i&lt;/sub&gt; = 2π/θ&lt;sub&gt;i&lt;/sub&gt; 是转满一圈所需的词元数。预训练时（上下文 L&lt;sub&gt;0&lt;/sub&gt;），λ&lt;sub&gt;i&lt;/sub&gt; &amp;lt; L&lt;sub&gt;0&lt;/sub&gt; 的分量对让模型见过了所有角度；λ&lt;sub&gt;i&lt;/sub&gt; &amp;gt; L&lt;sub&gt;0&lt;/sub&gt; 的分量对从未转满一圈，因此到了 L&lt;sub&gt;0&lt;/sub&gt; 之后的位置，这些分量对会转到模型从未见过的角度。&lt;/p&gt;&lt;p&gt;上下文扩展会让分量对转得更慢，θ&lt;sub&gt;i&lt;/sub&gt; → θ&lt;sub&gt;i&lt;/sub&gt;/s&lt;sub&gt;i&lt;/sub&gt;（右图：s&lt;sub&gt;i&lt;/sub&gt;）：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;linear&lt;/b&gt;（位置插值）：每一对都除以 factor，连区分相邻位置的快速分量对也不例外。&lt;/li&gt;&lt;li&gt;&lt;b&gt;dynamic&lt;/b&gt;（NTK）：当序列超过 max_position_embeddings 时增大底数：快速分量对几乎不变，慢速分量对减慢得最多。&lt;/li&gt;&lt;li&gt;&lt;b&gt;yarn&lt;/b&gt;：在 L&lt;sub&gt;0&lt;/sub&gt; 内转动超过 beta_fast 圈的分量对保持不变，转动少于 beta_slow 圈的除以 factor，介于两者之间的被部分压缩：每一对保留的 θ&lt;sub&gt;i&lt;/sub&gt; 比例 1/s&lt;sub&gt;i&lt;/sub&gt; 随分量对序号线性下降，所以 s&lt;sub&gt;i&lt;/sub&gt; 本身是一条曲线。它还把 q 和 k 的 cos 与 sin 都乘以注意力系数 a（默认 0.1·ln factor + 1；配置中的 attention_factor 或 mscale 与 mscale_all_dim 会改变它，见读数），所以每个 logit q·k 的旋转部分都放大为 a² 倍。&lt;/li&gt;&lt;li&gt;&lt;b&gt;llama3&lt;/b&gt;：改按波长划分：λ &amp;lt; L&lt;sub&gt;0&lt;/sub&gt;/high_freq_factor 的保持不变，λ &amp;gt; L&lt;sub&gt;0&lt;/sub&gt;/low_freq_factor 的除以 factor，介于两者之间的按 L&lt;sub&gt;0&lt;/sub&gt;/λ 做线性过渡（而不是按分量对序号）。它没有注意力系数。&lt;/li&gt;&lt;li&gt;&lt;b&gt;longrope&lt;/b&gt;：每一对使用搜索得到的因子（L&lt;sub&gt;0&lt;/sub&gt; 以内用 short_factor，超过后用 long_factor）。&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;A 是共享的配置（参数面板也会修改它）。勾选&lt;b&gt;比较&lt;/b&gt;时显示在旁边的 B 是另一个模型，有它自己的字段：修改 A 不会改变 B。本课一开始把 B 设为 d = 64、底数 10000 的 RoPE，用 YaRN 从 L&lt;sub&gt;0&lt;/sub&gt; = 2048 拉长 4 倍。可以选一个预设，或点击&lt;b&gt;编辑字段&lt;/b&gt;修改任意字段。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1: d = %2, base %3, %4</source>
        <translation>%1：d = %2，底数 %3，%4</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::FrequencyNote</name>
    <message>
        <source>Here θᵢ = base^(−2i/d) = %1^(−2i/%2): θ₀ = %3 rad/token, the slowest pair θ%4 = %5 rad/token.</source>
        <translation>这里 θᵢ = base^(−2i/d) = %1^(−2i/%2)：θ₀ = %3 弧度/词元，最慢的一对 θ%4 = %5 弧度/词元。</translation>
    </message>
    <message>
        <source>Here rope_type %1 slows pairs down (lesson 7), so θᵢ = base^(−2i/d) no longer holds for every pair: θ₀ = %2 rad/token, the slowest pair θ%3 = %4 rad/token.</source>
        <translation>这里 rope_type 为 %1，它会让分量对转得更慢（见第 7 课），因此 θᵢ = base^(−2i/d) 不再对每一对都成立：θ₀ = %2 弧度/词元，最慢的一对 θ%3 = %4 弧度/词元。</translation>
    </message>
    <message>
        <source>Only the first %1 of the %2 components are turned (partial_rotary_factor); d in the formula is %1.</source>
        <translation>%2 个分量中只有前 %1 个参与旋转（partial_rotary_factor）；公式中的 d 为 %1。</translation>
    </message>
    <message>
        <source>cos and sin are also multiplied by the attention factor a = %1: every turned pair is %1 times as long, the turned part of q·k is a² = %2 times larger, and on the turned components R(p) is a rotation times %1, so its singular values there are %1, not 1.</source>
        <translation>cos 和 sin 还会乘以注意力系数 a = %1：每个旋转的分量对都变长为原来的 %1 倍，q·k 的旋转部分变大为 a² = %2 倍；在旋转的分量上 R(p) 是旋转乘以 %1，所以那里的奇异值是 %1，而不是 1。</translation>
    </message>
    <message>
        <source>The %1 components that are not turned are not scaled: their singular values stay 1.</source>
        <translation>不参与旋转的 %1 个分量不会被缩放：它们的奇异值仍为 1。</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::HelpDialog</name>
    <message>
        <source>Writing activities</source>
        <translation>编写活动</translation>
    </message>
    <message>
        <source>&lt;p&gt;An activity file (&lt;code&gt;.ropelab-activity&lt;/code&gt;) is JSON, the same format as the built-in activities. The easiest start: set up a lesson, choose &lt;b&gt;Activities → Save current state as a step…&lt;/b&gt; for each step, then &lt;b&gt;Save activity draft as…&lt;/b&gt;, and edit the prompts.&lt;/p&gt;&lt;p&gt;Each step has a &lt;code&gt;prompt&lt;/code&gt; (texts by language: &lt;code&gt;{&quot;en&quot;: …, &quot;zh_CN&quot;: …}&lt;/code&gt;; other languages such as &lt;code&gt;fr&lt;/code&gt; are shown where the interface language has no text), an optional &lt;code&gt;setup&lt;/code&gt; (parameters, the lesson&apos;s view, controls to &lt;code&gt;lock&lt;/code&gt; or &lt;code&gt;hide&lt;/code&gt;) and a &lt;code&gt;task&lt;/code&gt;:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;code&gt;{&quot;kind&quot;: &quot;predict&quot;, &quot;choices&quot;: [{&quot;text&quot;: …, &quot;correct_when&quot;: [condition…]}, …]}&lt;/code&gt; or &lt;code&gt;{&quot;kind&quot;: &quot;predict&quot;, &quot;number&quot;: {&quot;readout&quot;: id, &quot;tolerance&quot;: t}}&lt;/code&gt;&lt;/li&gt;&lt;li&gt;&lt;code&gt;{&quot;kind&quot;: &quot;explore&quot;, &quot;goal&quot;: [condition…]}&lt;/code&gt;&lt;/li&gt;&lt;li&gt;&lt;code&gt;{&quot;kind&quot;: &quot;explain&quot;}&lt;/code&gt;&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;A condition compares a readout with a number or with another readout: &lt;code&gt;{&quot;readout&quot;: &quot;rope-2d.distance&quot;, &quot;near&quot;: 0, &quot;tolerance&quot;: 0.5}&lt;/code&gt;, or &lt;code&gt;below&lt;/code&gt; / &lt;code&gt;above&lt;/code&gt;. The right answer is always what the lesson computes when the student checks, never a number in the text.&lt;/p&gt;&lt;p&gt;Check a file before class: &lt;code&gt;ropelab activity check FILE&lt;/code&gt; lists every problem on a line of its own, with line:column for a JSON syntax error and a suggestion for a misspelt id. &lt;code&gt;ropelab activity readouts&lt;/code&gt;, &lt;code&gt;controls&lt;/code&gt; and &lt;code&gt;figures&lt;/code&gt; print the tables below.&lt;/p&gt;</source>
        <translation>&lt;p&gt;活动文件（&lt;code&gt;.ropelab-activity&lt;/code&gt;）是 JSON，格式与内置活动相同。最简单的开始方法：先把一课设置好，为每个步骤选择&lt;b&gt;活动 → 将当前状态存为一个步骤…&lt;/b&gt;，然后选&lt;b&gt;活动草稿另存为…&lt;/b&gt;，再修改提示文字。&lt;/p&gt;&lt;p&gt;每个步骤有一个 &lt;code&gt;prompt&lt;/code&gt;（按语言给出的文字：&lt;code&gt;{&quot;en&quot;: …, &quot;zh_CN&quot;: …}&lt;/code&gt;；&lt;code&gt;fr&lt;/code&gt; 等其他语言会在界面语言没有文字时显示）、一个可选的 &lt;code&gt;setup&lt;/code&gt;（参数、本课的视图、要 &lt;code&gt;lock&lt;/code&gt; 锁定或 &lt;code&gt;hide&lt;/code&gt; 隐藏的控件）和一个 &lt;code&gt;task&lt;/code&gt;：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;code&gt;{&quot;kind&quot;: &quot;predict&quot;, &quot;choices&quot;: [{&quot;text&quot;: …, &quot;correct_when&quot;: [条件…]}, …]}&lt;/code&gt; 或 &lt;code&gt;{&quot;kind&quot;: &quot;predict&quot;, &quot;number&quot;: {&quot;readout&quot;: id, &quot;tolerance&quot;: t}}&lt;/code&gt;&lt;/li&gt;&lt;li&gt;&lt;code&gt;{&quot;kind&quot;: &quot;explore&quot;, &quot;goal&quot;: [条件…]}&lt;/code&gt;&lt;/li&gt;&lt;li&gt;&lt;code&gt;{&quot;kind&quot;: &quot;explain&quot;}&lt;/code&gt;&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;条件把一个读数与一个数或另一个读数比较：&lt;code&gt;{&quot;readout&quot;: &quot;rope-2d.distance&quot;, &quot;near&quot;: 0, &quot;tolerance&quot;: 0.5}&lt;/code&gt;，或者用 &lt;code&gt;below&lt;/code&gt; / &lt;code&gt;above&lt;/code&gt;。正确答案总是学生检查时本课算出的值，而不是文字里写的数。&lt;/p&gt;&lt;p&gt;上课前检查文件：&lt;code&gt;ropelab activity check FILE&lt;/code&gt; 把每个问题各列一行；JSON 语法错误会给出行:列，拼错的 id 会给出建议。&lt;code&gt;ropelab activity readouts&lt;/code&gt;、&lt;code&gt;controls&lt;/code&gt; 和 &lt;code&gt;figures&lt;/code&gt; 打印下面的表格。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>用户指南</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>&lt;p&gt;Without the JSON: &lt;b&gt;Activities → Edit activity draft…&lt;/b&gt; shows the draft&apos;s steps in a list (move, duplicate, delete, undo, run from a step) and the chosen step in a form: its prompt and feedback in English and Chinese, its task (choices, a number read from a readout, or an exploration&apos;s goal on the readouts), what it conceals until checked, the parameters it starts from, the controls it locks or hides, the lesson&apos;s view it starts in and the controls Show me sets (both taken from the lesson as it is when the editor opens). Every edit is checked as you type. &lt;b&gt;Open a file into the draft…&lt;/b&gt; brings a saved file back to edit it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;不用打开 JSON：&lt;b&gt;活动 → 编辑活动草稿…&lt;/b&gt;把草稿的步骤列成一张表（移动、复制、删除、撤销、从某一步运行），并用表单编辑选中的步骤：英文和中文的提示文字与反馈、任务（选择题、从读数读出的数值，或探索任务在读数上的目标）、学生检查之前隐藏的内容、这一步开始时的参数、这一步锁定或隐藏的控件、这一步开始时本课的视图，以及“演示给我看”设置的控件（两者都取自打开编辑器时本课的样子）。每次修改都会边输入边检查。&lt;b&gt;把文件打开到草稿中…&lt;/b&gt;可以把保存过的文件重新打开来编辑。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::HelpMenu</name>
    <message>
        <source>&amp;User guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Writing activities</source>
        <translation>编写活动(&amp;W)</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::InvarianceLesson</name>
    <message>
        <source>RoPE relative decay bound at m − n = %1</source>
        <translation>RoPE 相对衰减上界（m − n = %1）</translation>
    </message>
    <message>
        <source>Dot product vs relative distance</source>
        <translation>点积与相对距离</translation>
    </message>
    <message>
        <source>RoPE (rotate q and k)</source>
        <translation>RoPE（旋转 q 和 k）</translation>
    </message>
    <message>
        <source>sinusoidal, added to q and k</source>
        <translation>正弦位置编码，加到 q 和 k 上</translation>
    </message>
    <message>
        <source>learned table, added to q and k</source>
        <translation>可学习的位置表，加到 q 和 k 上</translation>
    </message>
    <message>
        <source>T5 relative bias</source>
        <translation>T5 相对位置偏置</translation>
    </message>
    <message>
        <source>ALiBi linear bias</source>
        <translation>ALiBi 线性偏置</translation>
    </message>
    <message>
        <source>%1: score(m, n)</source>
        <translation>%1：注意力分数 score(m, n)</translation>
    </message>
    <message>
        <source>key position n</source>
        <translation>键位置 n</translation>
    </message>
    <message>
        <source>query position m</source>
        <translation>查询位置 m</translation>
    </message>
    <message>
        <source>score</source>
        <translation>注意力分数</translation>
    </message>
    <message>
        <source>%1: score against m − n</source>
        <translation>%1：注意力分数与 m − n 的关系</translation>
    </message>
    <message>
        <source>relative distance m − n (tokens)</source>
        <translation>相对距离 m − n（词元）</translation>
    </message>
    <message>
        <source>key at n = %1</source>
        <translation>键位于 n = %1</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>左侧</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>右侧</translation>
    </message>
    <message>
        <source>Left encoding</source>
        <translation>左侧编码</translation>
    </message>
    <message>
        <source>Right encoding</source>
        <translation>右侧编码</translation>
    </message>
    <message>
        <source>RoPE long-term decay</source>
        <translation>RoPE 远程衰减</translation>
    </message>
    <message>
        <source>%1: deviation</source>
        <translation>%1：偏差</translation>
    </message>
    <message>
        <source>%1: relative?</source>
        <translation>%1：是相对的吗？</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Deviation over positions m, n &amp;lt; %1; curves for keys at n = %2, %3, %4.</source>
        <translation>偏差统计范围为位置 m, n &amp;lt; %1；曲线对应键位于 n = %2、%3、%4。</translation>
    </message>
    <message>
        <source>widely copied wrong code (lesson 8)</source>
        <translation>广为流传的错误代码（第 8 课）</translation>
    </message>
    <message>
        <source>|score| (log axis)</source>
        <translation>|分数|（对数轴）</translation>
    </message>
    <message>
        <source>RoFormer bound for q = k</source>
        <translation>q = k 时的 RoFormer 上界</translation>
    </message>
    <message>
        <source>|score| for q = k</source>
        <translation>q = k 时的 |注意力分数|</translation>
    </message>
    <message>
        <source>mean |score|, %1 random q, k</source>
        <translation>平均 |注意力分数|，%1 组随机 q、k</translation>
    </message>
    <message>
        <source>&lt;p&gt;Attention compares a query at position &lt;i&gt;m&lt;/i&gt; with a key at &lt;i&gt;n&lt;/i&gt; through the score f(q, &lt;i&gt;m&lt;/i&gt;)·f(k, &lt;i&gt;n&lt;/i&gt;). Here q and k are the same at every position, so only the encoding can make the score change.&lt;/p&gt;&lt;p&gt;An encoding is &lt;b&gt;relative&lt;/b&gt; when the score depends on &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt; only: its heat map is constant along every diagonal, and the curves for different key positions lie on top of each other. RoPE is relative by construction, R(&lt;i&gt;m&lt;/i&gt;)q · R(&lt;i&gt;n&lt;/i&gt;)k = q · R(&lt;i&gt;n&lt;/i&gt; − &lt;i&gt;m&lt;/i&gt;)k, and so are T5 and ALiBi, which add a bias that depends on &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt;. ALiBi is causal: a key after the query (&lt;i&gt;n&lt;/i&gt; &amp;gt; &lt;i&gt;m&lt;/i&gt;) gets no score, so its map is empty above the diagonal and its curves stop at &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt; = 0. Adding a position vector (sinusoidal, learned, or the widely copied wrong implementation of lesson 8, from a blog post on RoPE) leaves cross terms that depend on &lt;i&gt;m&lt;/i&gt; and &lt;i&gt;n&lt;/i&gt; separately.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Deviation&lt;/b&gt;: the largest change of the score along a diagonal, divided by the largest |score|.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Long-term decay&lt;/b&gt; (RoFormer §3.4.3): the RoPE score is Re Σ&lt;sub&gt;i&lt;/sub&gt; h&lt;sub&gt;i&lt;/sub&gt; e&lt;sup&gt;i(m−n)θ&lt;sub&gt;i&lt;/sub&gt;&lt;/sup&gt; with h&lt;sub&gt;i&lt;/sub&gt; = q&lt;sub&gt;i&lt;/sub&gt;·k̄&lt;sub&gt;i&lt;/sub&gt;, pair &lt;i&gt;i&lt;/i&gt; of q times the complex conjugate of pair &lt;i&gt;i&lt;/i&gt; of k. With S&lt;sub&gt;j&lt;/sub&gt; = Σ&lt;sub&gt;k&amp;lt;j&lt;/sub&gt; e&lt;sup&gt;i(m−n)θ&lt;sub&gt;k&lt;/sub&gt;&lt;/sup&gt;, summing by parts gives |score| ≤ max&lt;sub&gt;i&lt;/sub&gt;|h&lt;sub&gt;i+1&lt;/sub&gt; − h&lt;sub&gt;i&lt;/sub&gt;| · Σ&lt;sub&gt;j&lt;/sub&gt;|S&lt;sub&gt;j&lt;/sub&gt;|. The lower plot shows this bound for q = k beside that score&apos;s size, on one logarithmic axis: the bound falls with distance and always lies above the score, but far above it — it limits what the score &lt;i&gt;can&lt;/i&gt; reach. (The paper&apos;s figure plots only its shape, (1/(d/2))·Σ&lt;sub&gt;j&lt;/sub&gt;|S&lt;sub&gt;j&lt;/sub&gt;|.) The mean |score| of random q, k hardly changes, since rotating a random k leaves it just as random. Move d and the base to see all three change.&lt;/p&gt;</source>
        <translation>&lt;p&gt;注意力通过注意力分数 f(q, &lt;i&gt;m&lt;/i&gt;)·f(k, &lt;i&gt;n&lt;/i&gt;) 比较位置 &lt;i&gt;m&lt;/i&gt; 上的查询和位置 &lt;i&gt;n&lt;/i&gt; 上的键。这里 q 和 k 在每个位置上都相同，所以只有位置编码能让分数发生变化。&lt;/p&gt;&lt;p&gt;如果分数只取决于 &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt;，这种编码就是&lt;b&gt;相对&lt;/b&gt;的：它的热力图沿每条对角线保持不变，不同键位置的曲线彼此重合。RoPE 从构造上就是相对的，R(&lt;i&gt;m&lt;/i&gt;)q · R(&lt;i&gt;n&lt;/i&gt;)k = q · R(&lt;i&gt;n&lt;/i&gt; − &lt;i&gt;m&lt;/i&gt;)k；T5 和 ALiBi 也是，它们加上一个只取决于 &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt; 的偏置。ALiBi 是因果的：查询之后的键（&lt;i&gt;n&lt;/i&gt; &amp;gt; &lt;i&gt;m&lt;/i&gt;）没有分数，所以它的热力图在对角线上方是空的，曲线在 &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt; = 0 处终止。而把位置向量加到 q 和 k 上（正弦、可学习，或第 8 课那个出自一篇 RoPE 博客、广为流传的错误实现）会留下分别依赖 &lt;i&gt;m&lt;/i&gt; 和 &lt;i&gt;n&lt;/i&gt; 的交叉项。&lt;/p&gt;&lt;p&gt;&lt;b&gt;偏差&lt;/b&gt;：分数沿对角线的最大变化量，除以最大的 |分数|。&lt;/p&gt;&lt;p&gt;&lt;b&gt;远程衰减&lt;/b&gt;（RoFormer §3.4.3）：RoPE 的分数是 Re Σ&lt;sub&gt;i&lt;/sub&gt; h&lt;sub&gt;i&lt;/sub&gt; e&lt;sup&gt;i(m−n)θ&lt;sub&gt;i&lt;/sub&gt;&lt;/sup&gt;，其中 h&lt;sub&gt;i&lt;/sub&gt; = q&lt;sub&gt;i&lt;/sub&gt;·k̄&lt;sub&gt;i&lt;/sub&gt;，即 q 的第 &lt;i&gt;i&lt;/i&gt; 对乘以 k 的第 &lt;i&gt;i&lt;/i&gt; 对的共轭（看作复数）。记 S&lt;sub&gt;j&lt;/sub&gt; = Σ&lt;sub&gt;k&amp;lt;j&lt;/sub&gt; e&lt;sup&gt;i(m−n)θ&lt;sub&gt;k&lt;/sub&gt;&lt;/sup&gt;，分部求和得到 |分数| ≤ max&lt;sub&gt;i&lt;/sub&gt;|h&lt;sub&gt;i+1&lt;/sub&gt; − h&lt;sub&gt;i&lt;/sub&gt;| · Σ&lt;sub&gt;j&lt;/sub&gt;|S&lt;sub&gt;j&lt;/sub&gt;|。下方的图在同一条对数坐标轴上画出 q = k 时的这个上界和该分数的大小：上界随距离下降，始终位于分数之上，但远高于分数——它限定的是分数&lt;i&gt;最多&lt;/i&gt;能达到多大。（论文中的图只画了它的形状 (1/(d/2))·Σ&lt;sub&gt;j&lt;/sub&gt;|S&lt;sub&gt;j&lt;/sub&gt;|。）随机 q、k 的平均 |分数| 几乎不变，因为旋转一个随机的 k 之后它依然是随机的。调节 d 和底数，观察这三者如何变化。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::LatestJob</name>
    <message>
        <source>Invalid parameter: %1</source>
        <translation>参数无效：%1</translation>
    </message>
    <message>
        <source>Too large to compute: %1</source>
        <translation>规模太大，无法计算：%1</translation>
    </message>
    <message>
        <source>Could not compute this view: %1</source>
        <translation>无法计算此视图：%1</translation>
    </message>
    <message>
        <source>Could not start a worker thread: the system has no memory or threads left for one. Close other programs or choose smaller sizes, then try again.</source>
        <translation>无法启动工作线程：系统已没有可用的内存或线程。请关闭其他程序或选择更小的规模，然后重试。</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::LessonMap</name>
    <message>
        <source>Without positions, 狗追猪 and 猪追狗 give the same attention outputs.</source>
        <translation>没有位置信息时，“狗追猪”和“猪追狗”得到相同的注意力输出。</translation>
    </message>
    <message>
        <source>A vector per position: the learned table and the sinusoids.</source>
        <translation>每个位置一个向量：可学习的位置表与正弦编码。</translation>
    </message>
    <message>
        <source>Bias by distance instead: T5 buckets and ALiBi slopes.</source>
        <translation>改为按距离加偏置：T5 的分桶与 ALiBi 的斜率。</translation>
    </message>
    <message>
        <source>One pair of q and k turning on a circle: the angle between them follows m − n.</source>
        <translation>q 和 k 的一个分量对在圆上旋转：它们之间的夹角随 m − n 而定。</translation>
    </message>
    <message>
        <source>Every pair as a clock hand, fast and slow, and the spiral they draw.</source>
        <translation>每个分量对都像一根钟表指针，有快有慢，合起来画出一条螺旋。</translation>
    </message>
    <message>
        <source>q·k depends on m − n only, for RoPE, and not for added encodings.</source>
        <translation>RoPE 的 q·k 只取决于 m − n，相加式的位置编码则不然。</translation>
    </message>
    <message>
        <source>Wavelengths against the context, and how real models stretch them.</source>
        <translation>波长与上下文长度的对比，以及真实模型如何拉长它们。</translation>
    </message>
    <message>
        <source>A widely copied wrong implementation beside correct RoPE.</source>
        <translation>一份流传很广的错误实现，与正确的 RoPE 并排对比。</translation>
    </message>
    <message>
        <source>Scores over millions of distances, on the CPU or a GPU backend.</source>
        <translation>在 CPU 或 GPU 后端上计算数百万个距离的分数。</translation>
    </message>
    <message>
        <source>How float32 loses the phase at large positions, and the fix.</source>
        <translation>float32 在大位置上如何丢失相位，以及如何修正。</translation>
    </message>
    <message>
        <source>✓ Done</source>
        <translation>✓ 已完成</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>Lesson map</source>
        <translation>课程地图</translation>
    </message>
    <message>
        <source>Start here: lesson 1, first activity</source>
        <translation>从这里开始：第 1 课的第一个活动</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>▶ %1 — %2</source>
        <translation>▶ %1——%2</translation>
    </message>
    <message>
        <source>What practitioners get wrong: tool conventions, weight layouts, the KV cache, 16-bit positions.</source>
        <translation>实践中常犯的错误：工具的写法、权重布局、KV 缓存、16 位位置。</translation>
    </message>
    <message>
        <source>The lessons in teaching order: from why word order matters to RoPE, the numbers of real models, what practitioners get wrong, what a real model&apos;s weights do with RoPE and what small models learn with each encoding. Each activity asks you to predict, then try it.</source>
        <translation>各节课按教学顺序排列：从词序为什么重要，讲到 RoPE、真实模型的参数、实践中常犯的错误、真实模型的权重如何使用 RoPE，以及小模型在各种编码下学到了什么。每个活动都先让你预测，再亲手验证。</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Which RoPE pairs a real checkpoint&apos;s q and k weights use, layer by layer and head by head.</source>
        <translation>一个真实检查点的 q、k 权重逐层、逐头用到哪些 RoPE 分量对。</translation>
    </message>
    <message>
        <source>Small models trained with each encoding, tested on sequences longer than they saw.</source>
        <translation>用每种编码训练的小模型，在比训练时更长的序列上测试。</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::LessonPage</name>
    <message>
        <source>Stopped: the figures still show the previous result.</source>
        <translation>已停止：图表仍显示上一次的结果。</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Invalid parameter: %1</source>
        <translation>参数无效：%1</translation>
    </message>
    <message>
        <source>Too large to compute: %1</source>
        <translation>规模太大，无法计算：%1</translation>
    </message>
    <message>
        <source>Could not compute this view: %1</source>
        <translation>无法计算此视图：%1</translation>
    </message>
    <message>
        <source>Less</source>
        <translation>收起</translation>
    </message>
    <message>
        <source>More…</source>
        <translation>更多…</translation>
    </message>
    <message>
        <source>This lesson</source>
        <translation>本课</translation>
    </message>
    <message>
        <source>Shared parameters</source>
        <translation>共享参数</translation>
    </message>
    <message>
        <source>Shows or hides the explanation</source>
        <translation>显示或隐藏讲解</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::MainWindow</name>
    <message>
        <source>RoPE Lab</source>
        <translation>RoPE 实验室</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Pre&amp;vious lesson</source>
        <translation>上一课(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Next lesson</source>
        <translation>下一课(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About RoPE Lab</source>
        <translation>关于 RoPE 实验室(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Shared parameters</source>
        <translation>共享参数</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>About RoPE Lab</source>
        <translation>关于 RoPE 实验室</translation>
    </message>
    <message>
        <source>The settings file was damaged; RoPE Lab started with the default settings.</source>
        <translation>设置文件已损坏；RoPE 实验室已使用默认设置启动。</translation>
    </message>
    <message>
        <source>&lt;h3&gt;RoPE Lab %1&lt;/h3&gt;&lt;p&gt;How transformers know word order: positional encodings, from learned tables to rotary position embeddings (RoPE), computed exactly and shown step by step.&lt;/p&gt;&lt;p&gt;Free software under the GNU General Public License, version 3 or any later version (GPL-3.0-or-later), with no warranty.&lt;/p&gt;&lt;p&gt;Third-party components: %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;RoPE 实验室 %1&lt;/h3&gt;&lt;p&gt;Transformer 如何知道词序：位置编码，从可学习的位置表到旋转位置编码（RoPE），精确计算，逐步展示。&lt;/p&gt;&lt;p&gt;自由软件，依据 GNU 通用公共许可证第 3 版或（由您选择）任何更高版本（GPL-3.0-or-later）发布，不提供任何担保。&lt;/p&gt;&lt;p&gt;第三方组件：%2。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Choose a lesson</source>
        <translation>选择一课</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ModelFileOpener</name>
    <message>
        <source>Open &amp;model…</source>
        <translation>打开模型(&amp;M)…</translation>
    </message>
    <message>
        <source>Read a model&apos;s q and k weights (safetensors file or folder, GGUF file)</source>
        <translation>读取模型的 q 和 k 权重（safetensors 文件或文件夹，GGUF 文件）</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::MyAnswers</name>
    <message>
        <source>My a&amp;nswers…</source>
        <translation>我的答案(&amp;N)…</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::MyAnswersDialog</name>
    <message>
        <source>My answers</source>
        <translation>我的答案</translation>
    </message>
    <message>
        <source>My &amp;name:</source>
        <translation>我的姓名(&amp;N)：</translation>
    </message>
    <message>
        <source>Entered once; shown on the report</source>
        <translation>只需输入一次；会显示在报告上</translation>
    </message>
    <message>
        <source>Export &amp;PDF…</source>
        <translation>导出 PDF(&amp;P)…</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>导出 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>answers-%1</source>
        <translation>答案-%1</translation>
    </message>
    <message>
        <source>Export my answers as PDF</source>
        <translation>把我的答案导出为 PDF</translation>
    </message>
    <message>
        <source>Export my answers as CSV</source>
        <translation>把我的答案导出为 CSV</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>CSV tables (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::OrderLesson</name>
    <message>
        <source>Why order matters</source>
        <translation>为什么词序很重要</translation>
    </message>
    <message>
        <source>Each word&apos;s attention output (d_value = 2)</source>
        <translation>每个字的注意力输出（d_value = 2）</translation>
    </message>
    <message>
        <source>output component 1</source>
        <translation>输出分量 1</translation>
    </message>
    <message>
        <source>output component 2</source>
        <translation>输出分量 2</translation>
    </message>
    <message>
        <source>狗追猪 (the dog chases the pig)</source>
        <translation>狗追猪（原句）</translation>
    </message>
    <message>
        <source>key token</source>
        <translation>键词元</translation>
    </message>
    <message>
        <source>query token</source>
        <translation>查询词元</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>◀ Move left</source>
        <translation>◀ 左移</translation>
    </message>
    <message>
        <source>Move the selected word one place earlier</source>
        <translation>把选中的字向前移一位</translation>
    </message>
    <message>
        <source>Move right ▶</source>
        <translation>右移 ▶</translation>
    </message>
    <message>
        <source>Move the selected word one place later</source>
        <translation>把选中的字向后移一位</translation>
    </message>
    <message>
        <source>Reverse</source>
        <translation>倒序</translation>
    </message>
    <message>
        <source>Word order; drag to reorder</source>
        <translation>词序；拖动以重新排列</translation>
    </message>
    <message>
        <source>Drag a word to reorder the sentence</source>
        <translation>拖动一个字来重新排列句子</translation>
    </message>
    <message>
        <source>No position information</source>
        <translation>无位置信息</translation>
    </message>
    <message>
        <source>Sinusoidal encoding added to x</source>
        <translation>在 x 上加正弦位置编码</translation>
    </message>
    <message>
        <source>RoPE on q and k</source>
        <translation>对 q 和 k 使用 RoPE</translation>
    </message>
    <message>
        <source>Position information</source>
        <translation>位置信息</translation>
    </message>
    <message>
        <source>%1 (your order)</source>
        <translation>%1（你的词序）</translation>
    </message>
    <message>
        <source>Your order is 狗追猪 itself: reorder the words to compare</source>
        <translation>你的词序就是“狗追猪”本身：调换字的顺序再比较</translation>
    </message>
    <message>
        <source>Outputs moved by up to %1: the order is visible</source>
        <translation>输出最多移动了 %1：模型能分辨词序了</translation>
    </message>
    <message>
        <source>0 (up to rounding)</source>
        <translation>0（在舍入误差内）</translation>
    </message>
    <message>
        <source>&lt;p&gt;狗追猪 means “the dog chases the pig”; 猪追狗 means “the pig chases the dog”. Same words, opposite meaning.&lt;/p&gt;&lt;p&gt;Self-attention scores every pair of tokens by q·k = (xW&lt;sub&gt;Q&lt;/sub&gt;)·(xW&lt;sub&gt;K&lt;/sub&gt;), divides by √d&lt;sub&gt;k&lt;/sub&gt; (this toy head has d&lt;sub&gt;k&lt;/sub&gt; = %1, whatever d the parameter panel shows), turns each row of scores into softmax weights and mixes the values xW&lt;sub&gt;V&lt;/sub&gt;. Nothing in this looks at where a token stands: reorder the tokens and the weights and outputs are reordered the same way (permutation equivariance). Without position information each word gets exactly the same output in both sentences — the crosses sit on the discs — and the model cannot tell who chases whom.&lt;/p&gt;&lt;p&gt;This holds for attention without a mask, as here (an encoder). A decoder&apos;s causal mask lets each token attend only to the tokens before it, and that alone breaks the symmetry: a decoder without any position encoding (NoPE) can still infer where a token stands, for example from how many tokens it can see.&lt;/p&gt;&lt;p&gt;Add position information — a sinusoidal vector added to each embedding, or RoPE turning q and k by their positions — and the outputs move when the order changes.&lt;/p&gt;</source>
        <translation>&lt;p&gt;“狗追猪”和“猪追狗”用的是同样的字，意思却正好相反。&lt;/p&gt;&lt;p&gt;自注意力用 q·k = (xW&lt;sub&gt;Q&lt;/sub&gt;)·(xW&lt;sub&gt;K&lt;/sub&gt;) 给每一对词元打分，除以 √d&lt;sub&gt;k&lt;/sub&gt;（这个玩具注意力头的 d&lt;sub&gt;k&lt;/sub&gt; = %1，与参数面板上的 d 无关），把每一行分数经 softmax 变成权重，再对值 xW&lt;sub&gt;V&lt;/sub&gt; 加权求和。这个过程完全不看词元所在的位置：把词元重新排列，权重和输出也只是按同样的方式重新排列（置换等变性）。没有位置信息时，每个字在两句话里的输出完全相同——叉号正好落在圆点上——模型分不清谁追谁。&lt;/p&gt;&lt;p&gt;这一点只对不加掩码的注意力成立，比如这里（编码器）。解码器的因果掩码让每个词元只能关注它前面的词元，仅此一点就打破了对称：即使完全没有位置编码（NoPE），解码器也能推断出词元所处的位置，例如根据它能看到多少个词元。&lt;/p&gt;&lt;p&gt;加入位置信息——在每个嵌入上加一个正弦位置向量，或用 RoPE 按位置旋转 q 和 k——词序一变，输出就随之移动。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Attention weights softmax(q·k/√d_k), d_k = %1</source>
        <translation>注意力权重 softmax(q·k/√d_k)，d_k = %1</translation>
    </message>
    <message>
        <source>Largest change of a word&apos;s output</source>
        <translation>单个字输出的最大变化</translation>
    </message>
    <message>
        <source>Output of each word</source>
        <translation>每个字的输出</translation>
    </message>
    <message>
        <source>Each word keeps its output in the new order: attention cannot see the order</source>
        <translation>换了词序，每个字的输出都不变：注意力看不到词序</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ParameterHistory</name>
    <message>
        <source>Change head dimension</source>
        <translation>修改头维度</translation>
    </message>
    <message>
        <source>Change base</source>
        <translation>修改底数</translation>
    </message>
    <message>
        <source>Change RoPE scaling</source>
        <translation>修改 RoPE 缩放</translation>
    </message>
    <message>
        <source>Change pair layout</source>
        <translation>修改配对布局</translation>
    </message>
    <message>
        <source>Move positions</source>
        <translation>移动位置</translation>
    </message>
    <message>
        <source>Change sequence length</source>
        <translation>修改序列长度</translation>
    </message>
    <message>
        <source>Change random vectors</source>
        <translation>更换随机向量</translation>
    </message>
    <message>
        <source>Change parameters</source>
        <translation>修改参数</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ParameterPanel</name>
    <message>
        <source>Head dimension d</source>
        <translation>头维度 d</translation>
    </message>
    <message>
        <source>Components per attention head; RoPE rotates them in d/2 pairs.</source>
        <translation>每个注意力头的分量数；RoPE 把它们分成 d/2 对进行旋转。</translation>
    </message>
    <message>
        <source>Base (rope_theta)</source>
        <translation>底数（rope_theta）</translation>
    </message>
    <message>
        <source>θ_i = base^(−2i/d): a larger base makes the slow pairs slower.</source>
        <translation>θ_i = base^(−2i/d)：底数越大，慢速的分量对转得越慢。</translation>
    </message>
    <message>
        <source>Pair layout</source>
        <translation>配对布局</translation>
    </message>
    <message>
        <source>Half-split (i, i + d/2)</source>
        <translation>前后对半配对 (i, i + d/2)</translation>
    </message>
    <message>
        <source>Interleaved (2i, 2i + 1)</source>
        <translation>相邻交错 (2i, 2i + 1)</translation>
    </message>
    <message>
        <source>Sequence length N</source>
        <translation>序列长度 N</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>个词元</translation>
    </message>
    <message>
        <source>Positions 0 … N − 1 shown by the lessons.</source>
        <translation>各课程显示的位置 0 … N − 1。</translation>
    </message>
    <message>
        <source>Query position m</source>
        <translation>查询位置 m</translation>
    </message>
    <message>
        <source>Key position n</source>
        <translation>键位置 n</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ParameterText</name>
    <message>
        <source>Pair layout</source>
        <translation>配对布局</translation>
    </message>
    <message>
        <source>Query position m</source>
        <translation>查询位置 m</translation>
    </message>
    <message>
        <source>Key position n</source>
        <translation>键位置 n</translation>
    </message>
    <message>
        <source>Sequence length N</source>
        <translation>序列长度 N</translation>
    </message>
    <message>
        <source>Compute backend</source>
        <translation>计算后端</translation>
    </message>
    <message>
        <source>%1 must be a finite number; got %2</source>
        <translation>%1 必须是有限的数；实际为 %2</translation>
    </message>
    <message>
        <source>every value of %1 must be a finite number; got %2</source>
        <translation>%1 的每个值都必须是有限的数；实际为 %2</translation>
    </message>
    <message>
        <source>%1 must be even; got %2</source>
        <translation>%1 必须是偶数；实际为 %2</translation>
    </message>
    <message>
        <source>%1 must be greater than %2; got %3</source>
        <translation>%1 必须大于 %2；实际为 %3</translation>
    </message>
    <message>
        <source>every value of %1 must be greater than %2; got %3</source>
        <translation>%1 的每个值都必须大于 %2；实际为 %3</translation>
    </message>
    <message>
        <source>%1 must be at least %2 for rope_type %3; got %4</source>
        <translation>rope_type 为 %3 时，%1 必须至少为 %2；实际为 %4</translation>
    </message>
    <message>
        <source>%1 must be at least %2; got %3</source>
        <translation>%1 必须至少为 %2；实际为 %3</translation>
    </message>
    <message>
        <source>%1 must be at most %2; got %3</source>
        <translation>%1 不能超过 %2；实际为 %3</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3; got %4</source>
        <translation>%1 必须介于 %2 和 %3 之间；实际为 %4</translation>
    </message>
    <message>
        <source>every value of %1 must be between %2 and %3; got %4</source>
        <translation>%1 的每个值都必须介于 %2 和 %3 之间；实际为 %4</translation>
    </message>
    <message>
        <source>%1 must be greater than %2 and at most %3; got %4</source>
        <translation>%1 必须大于 %2 且不超过 %3；实际为 %4</translation>
    </message>
    <message>
        <source>%1 must be one of %2; got &quot;%3&quot;</source>
        <translation>%1 必须是 %2 之一；实际为“%3”</translation>
    </message>
    <message>
        <source>%1 must not be empty</source>
        <translation>%1 不能为空</translation>
    </message>
    <message>
        <source>%1 must have %2 values; got %3</source>
        <translation>%1 必须有 %2 个值；实际为 %3 个</translation>
    </message>
    <message>
        <source>%1 must be greater than %2 (%3); got %4</source>
        <translation>%1 必须大于 %2（%3）；实际为 %4</translation>
    </message>
    <message>
        <source>%1 is needed for rope_type %2 when %3 (%4) exceeds %5</source>
        <translation>当 %3（%4）超过 %5 时，rope_type %2 需要 %1</translation>
    </message>
    <message>
        <source>%1 is needed for rope_type %2</source>
        <translation>rope_type %2 需要 %1</translation>
    </message>
    <message>
        <source>%1 gives a rotary dimension of int(%2 × %3) = %4; it must be an even number of at least 2</source>
        <translation>%1 给出的旋转维度为 int(%2 × %3) = %4；它必须是不小于 2 的偶数</translation>
    </message>
    <message>
        <source>rope_type %1 needs a rotary dimension of at least %2; got %3</source>
        <translation>rope_type %1 需要至少为 %2 的旋转维度；实际为 %3</translation>
    </message>
    <message>
        <source>%1 %2 is unavailable: %3</source>
        <translation>%1 %2 不可用：%3</translation>
    </message>
    <message>
        <source>%1 + %2 must be at most %3; got %4</source>
        <translation>%1 + %2 不能超过 %3；实际为 %4</translation>
    </message>
    <message>
        <source>these RoPE parameters give inv_freq %1 for pair %2; use a smaller %3 or %4</source>
        <translation>这组 RoPE 参数使第 %2 对的 inv_freq 为 %1；请减小 %3 或 %4</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a list of numbers</source>
        <translation>数字列表</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>布尔值（true 或 false）</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>a floating-point number</source>
        <translation>浮点数</translation>
    </message>
    <message>
        <source>cannot be opened (%1)</source>
        <translation>无法打开（%1）</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>cannot be read (%1)</source>
        <translation>无法读取（%1）</translation>
    </message>
    <message>
        <source>is a folder, not a file</source>
        <translation>是文件夹，不是文件</translation>
    </message>
    <message>
        <source>is not valid JSON (%1)</source>
        <translation>不是有效的 JSON（%1）</translation>
    </message>
    <message>
        <source>holds a number too large for a double (%1)</source>
        <translation>含有超出双精度范围的数字（%1）</translation>
    </message>
    <message>
        <source>must hold %1; it holds %2</source>
        <translation>必须是%1；实际为 %2</translation>
    </message>
    <message>
        <source>%1 must be %2</source>
        <translation>%1 必须是%2</translation>
    </message>
    <message>
        <source>%1 must be %2; got %3</source>
        <translation>%1 必须是%2；实际为 %3</translation>
    </message>
    <message>
        <source>%1 must be a finite number</source>
        <translation>%1 必须是有限数</translation>
    </message>
    <message>
        <source>has no %1</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <source>needs %1, or %2</source>
        <translation>需要 %1，或 %2</translation>
    </message>
    <message>
        <source>is not a GGUF file (it starts with the bytes %1, not &quot;GGUF&quot;)</source>
        <translation>不是 GGUF 文件（开头字节为 %1，而不是“GGUF”）</translation>
    </message>
    <message>
        <source>is GGUF version %1; RoPE Lab reads versions 2 and 3</source>
        <translation>是 GGUF 第 %1 版；RoPE 实验室只能读取第 2 和第 3 版</translation>
    </message>
    <message>
        <source>is cut short (%1)</source>
        <translation>不完整（%1）</translation>
    </message>
    <message>
        <source>is damaged (%1)</source>
        <translation>已损坏（%1）</translation>
    </message>
    <message>
        <source>at byte %1, %2 bytes are needed but only %3 remain</source>
        <translation>在第 %1 字节处需要 %2 字节，但只剩 %3 字节</translation>
    </message>
    <message>
        <source>the header claims %1 metadata entries, more than the file can hold</source>
        <translation>文件头声称有 %1 个元数据条目，超出文件所能容纳的数量</translation>
    </message>
    <message>
        <source>the header claims %1 tensors, more than the file can hold</source>
        <translation>文件头声称有 %1 个张量，超出文件所能容纳的数量</translation>
    </message>
    <message>
        <source>%1 claims %2 strings, more than the file can hold</source>
        <translation>%1 声称有 %2 个字符串，超出文件所能容纳的数量</translation>
    </message>
    <message>
        <source>%1 claims %2 elements, more than the file can hold</source>
        <translation>%1 声称有 %2 个元素，超出文件所能容纳的数量</translation>
    </message>
    <message>
        <source>metadata entry %1 has a key longer than %2 bytes</source>
        <translation>元数据条目 %1 的键长于 %2 字节</translation>
    </message>
    <message>
        <source>%1 is a list of the unknown type %2</source>
        <translation>%1 是未知类型 %2 的列表</translation>
    </message>
    <message>
        <source>%1 has the unknown value type %2</source>
        <translation>%1 的值类型 %2 未知</translation>
    </message>
    <message>
        <source>the key %1 appears twice</source>
        <translation>键 %1 出现了两次</translation>
    </message>
    <message>
        <source>tensor %1 has %2 dimensions; ggml allows at most %3</source>
        <translation>张量 %1 有 %2 个维度；ggml 最多允许 %3 个</translation>
    </message>
    <message>
        <source>the tensor %1 appears twice</source>
        <translation>张量 %1 出现了两次</translation>
    </message>
    <message>
        <source>general.alignment must be a power of two stored as uint32; got %1</source>
        <translation>general.alignment 必须是以 uint32 存储的 2 的幂；实际为 %1</translation>
    </message>
    <message>
        <source>the tensor %1 starts at offset %2, not a multiple of the alignment %3</source>
        <translation>张量 %1 的偏移量 %2 不是对齐值 %3 的倍数</translation>
    </message>
    <message>
        <source>the tensor %1 has more elements than a 64-bit count holds</source>
        <translation>张量 %1 的元素数超出 64 位整数的范围</translation>
    </message>
    <message>
        <source>the tensor %1 has %2 values; llama.cpp expects one per rotated pair, %3</source>
        <translation>张量 %1 有 %2 个值；llama.cpp 要求每个旋转对一个，即 %3 个</translation>
    </message>
    <message>
        <source>the tensor %1 holds %2; factors must be positive and finite</source>
        <translation>张量 %1 含有 %2；因子必须是正的有限数</translation>
    </message>
    <message>
        <source>the tensor %1 lies beyond the end of the file</source>
        <translation>张量 %1 超出了文件末尾</translation>
    </message>
    <message>
        <source>the tensor %1 has ggml type %2; RoPE Lab reads RoPE factors only as F32 (type 0)</source>
        <translation>张量 %1 的 ggml 类型为 %2；RoPE 实验室只能读取 F32（类型 0）的 RoPE 因子</translation>
    </message>
    <message>
        <source>the text of %1 is longer than %2 bytes</source>
        <translation>%1 的文本长于 %2 字节</translation>
    </message>
    <message>
        <source>%1 is a list of lists</source>
        <translation>%1 是列表的列表</translation>
    </message>
    <message>
        <source>more than %1 RoPE-related keys</source>
        <translation>与 RoPE 相关的键超过 %1 个</translation>
    </message>
    <message>
        <source>a big-endian GGUF file; only little-endian files can be read</source>
        <translation>这是大端序 GGUF 文件；只能读取小端序文件</translation>
    </message>
    <message>
        <source>holds something RoPE Lab cannot read (%1)</source>
        <translation>含有 RoPE 实验室无法读取的内容（%1）</translation>
    </message>
    <message>
        <source>describes the architecture &quot;%1&quot;, which uses no RoPE in llama.cpp</source>
        <translation>描述的架构“%1”在 llama.cpp 中不使用 RoPE</translation>
    </message>
    <message>
        <source>describes RoPE that RoPE Lab cannot use (%1)</source>
        <translation>描述的 RoPE 是 RoPE 实验室无法使用的（%1）</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>一个列表</translation>
    </message>
    <message>
        <source>%1 must not be 0</source>
        <translation>%1 不能为 0</translation>
    </message>
    <message>
        <source>%1 must be a multiple of %2 (%3); got %4</source>
        <translation>%1 必须是 %2（%3）的倍数；实际为 %4</translation>
    </message>
    <message>
        <source>%1 must list each value once; %2 appears twice</source>
        <translation>%1 中每个值只能出现一次；%2 出现了两次</translation>
    </message>
    <message>
        <source>is empty</source>
        <translation>是空的</translation>
    </message>
    <message>
        <source>is not UTF-8 text (byte %1 cannot start a character)</source>
        <translation>不是 UTF-8 文本（第 %1 个字节不能作为字符的开头）</translation>
    </message>
    <message>
        <source>has %1 characters for training (its first 90%); one training sequence needs %2</source>
        <translation>用于训练的部分（前 90%）只有 %1 个字符；一个训练序列需要 %2 个</translation>
    </message>
    <message>
        <source>has %1 characters held out for testing (its last 10%); the test length needs %2</source>
        <translation>留作测试的部分（后 10%）只有 %1 个字符；测试长度需要 %2 个</translation>
    </message>
    <message>
        <source>has %1 characters; at least %2 are needed</source>
        <translation>只有 %1 个字符；至少需要 %2 个</translation>
    </message>
    <message>
        <source>has %1 different characters; at most %2 are allowed</source>
        <translation>有 %1 种不同的字符；最多允许 %2 种</translation>
    </message>
    <message>
        <source>holds the character &quot;%1&quot;, which the model&apos;s vocabulary lacks</source>
        <translation>含有字符“%1”，而模型的词表中没有它</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; is used twice</source>
        <translation>%1“%2”被用了两次</translation>
    </message>
    <message>
        <source>%1 is &quot;%2&quot;; RoPE Lab reads &quot;%3&quot;</source>
        <translation>%1 为“%2”；RoPE 实验室读取的是“%3”</translation>
    </message>
    <message>
        <source>the tensor %1 is %2, not %3</source>
        <translation>张量 %1 是 %2，而不是 %3</translation>
    </message>
    <message>
        <source>has %1 tensors; the model needs %2</source>
        <translation>有 %1 个张量；模型需要 %2 个</translation>
    </message>
    <message>
        <source>a score curve over %1 distances</source>
        <translation>%1 个距离上的一条分数曲线</translation>
    </message>
    <message>
        <source>%1 score curves over %2 distances</source>
        <translation>%2 个距离上的 %1 条分数曲线</translation>
    </message>
    <message>
        <source>a mean |score| over %1 distances</source>
        <translation>%1 个距离上的平均 |score|</translation>
    </message>
    <message>
        <source>the queries and keys of %1 positions</source>
        <translation>%1 个位置的查询和键</translation>
    </message>
    <message>
        <source>a heat map of %1 positions</source>
        <translation>%1 个位置的热图</translation>
    </message>
    <message>
        <source>a trajectory over %1 positions</source>
        <translation>%1 个位置上的轨迹</translation>
    </message>
    <message>
        <source>PCA over %1 positions</source>
        <translation>%1 个位置上的 PCA</translation>
    </message>
    <message>
        <source>a helix over %1 positions</source>
        <translation>%1 个位置上的螺旋线</translation>
    </message>
    <message>
        <source>a helix of %1 points</source>
        <translation>由 %1 个点画成的螺旋线</translation>
    </message>
    <message>
        <source>a learned position table of %1 × %2</source>
        <translation>%1 × %2 的可学习位置表</translation>
    </message>
    <message>
        <source>the seed code&apos;s %1 × %1 matrix</source>
        <translation>种子代码的 %1 × %1 矩阵</translation>
    </message>
    <message>
        <source>the %1 × %1 RoPE rotation matrix</source>
        <translation>%1 × %1 的 RoPE 旋转矩阵</translation>
    </message>
    <message>
        <source>%1 random directions in %2 dimensions</source>
        <translation>%2 维空间中的 %1 个随机方向</translation>
    </message>
    <message>
        <source>invariance over %1 positions</source>
        <translation>%1 个位置上的不变性</translation>
    </message>
    <message>
        <source>phase errors for %1 positions × %2 pairs</source>
        <translation>%1 个位置 × %2 对的相位误差</translation>
    </message>
    <message>
        <source>an output table of %1 numbers</source>
        <translation>含 %1 个数的输出表</translation>
    </message>
    <message>
        <source>a sinusoidal table of %1 × %2</source>
        <translation>%1 × %2 的正弦表</translation>
    </message>
    <message>
        <source>a %1 × %1 T5 bias matrix</source>
        <translation>%1 × %1 的 T5 偏置矩阵</translation>
    </message>
    <message>
        <source>a %1 × %1 ALiBi bias matrix</source>
        <translation>%1 × %1 的 ALiBi 偏置矩阵</translation>
    </message>
    <message>
        <source>scoring every cached key at every step</source>
        <translation>在每一步为每个缓存的键打分</translation>
    </message>
    <message>
        <source>training this model</source>
        <translation>训练这个模型</translation>
    </message>
    <message>
        <source>evaluating a length of %1</source>
        <translation>在长度 %1 上评估</translation>
    </message>
    <message>
        <source>the training loss became NaN at step %1; the model is lost (try a learning rate below %2)</source>
        <translation>训练损失在第 %1 步变为 NaN；模型已丢失（请尝试低于 %2 的学习率）</translation>
    </message>
    <message>
        <source>the training engine %1 cannot be loaded (%2); it needs Debian&apos;s libtorch1.13</source>
        <translation>无法加载训练引擎 %1（%2）；它需要 Debian 的 libtorch1.13</translation>
    </message>
    <message>
        <source>%1 would need %2 GiB of memory, more than the %3 GiB allowed (half of this computer&apos;s memory)</source>
        <translation>%1需要 %2 GiB 内存，超过允许的 %3 GiB（本机内存的一半）</translation>
    </message>
    <message>
        <source>%1 would need about %2 MiB, more than the %3 MiB allowed; use a smaller model, batch or length</source>
        <translation>%1约需 %2 MiB，超过允许的 %3 MiB；请使用更小的模型、批大小或长度</translation>
    </message>
    <message>
        <source>%1 would need %2 MB; at most %3 MB (%4 numbers) is allowed</source>
        <translation>%1需要 %2 MB；最多允许 %3 MB（%4 个数）</translation>
    </message>
    <message>
        <source>%1 would take %2 pair terms; at most %3 are allowed</source>
        <translation>%1需要计算 %2 个配对项；最多允许 %3 个</translation>
    </message>
    <message>
        <source>%1 compares every pair of positions: at most %2 positions are allowed; got %3</source>
        <translation>%1要比较每一对位置：最多允许 %2 个位置；实际为 %3</translation>
    </message>
    <message>
        <source>built without %1 (switched off with %2=OFF)</source>
        <translation>构建时未包含 %1（已用 %2=OFF 关闭）</translation>
    </message>
    <message>
        <source>built without CUDA (CMake found no nvcc)</source>
        <translation>构建时未包含 CUDA（CMake 未找到 nvcc）</translation>
    </message>
    <message>
        <source>built without OpenCL (CMake found no OpenCL loader or headers)</source>
        <translation>构建时未包含 OpenCL（CMake 未找到 OpenCL 加载器或头文件）</translation>
    </message>
    <message>
        <source>no CUDA device</source>
        <translation>没有 CUDA 设备</translation>
    </message>
    <message>
        <source>no CUDA device (%1)</source>
        <translation>没有 CUDA 设备（%1）</translation>
    </message>
    <message>
        <source>CUDA device 0 cannot be read (%1)</source>
        <translation>无法读取 CUDA 设备 0（%1）</translation>
    </message>
    <message>
        <source>%1 cannot run this build&apos;s kernels (%2); rebuild with CMAKE_CUDA_ARCHITECTURES=%3</source>
        <translation>%1 无法运行此构建的内核（%2）；请用 CMAKE_CUDA_ARCHITECTURES=%3 重新构建</translation>
    </message>
    <message>
        <source>no OpenCL platform</source>
        <translation>没有 OpenCL 平台</translation>
    </message>
    <message>
        <source>no OpenCL platform (%1)</source>
        <translation>没有 OpenCL 平台（%1）</translation>
    </message>
    <message>
        <source>an OpenCL platform but no OpenCL device</source>
        <translation>有 OpenCL 平台，但没有 OpenCL 设备</translation>
    </message>
    <message>
        <source>the device is not available</source>
        <translation>设备不可用</translation>
    </message>
    <message>
        <source>embedded profile (no 64-bit integers)</source>
        <translation>嵌入式配置（不支持 64 位整数）</translation>
    </message>
    <message>
        <source>work groups smaller than %1</source>
        <translation>工作组小于 %1</translation>
    </message>
    <message>
        <source>less than %1 bytes of local memory</source>
        <translation>局部内存少于 %1 字节</translation>
    </message>
    <message>
        <source>no usable OpenCL device (%1: %2)</source>
        <translation>没有可用的 OpenCL 设备（%1：%2）</translation>
    </message>
    <message>
        <source>%1 query failed: %2</source>
        <translation>%1 查询失败：%2</translation>
    </message>
    <message>
        <source>the OpenCL program did not build on %1: %2</source>
        <translation>OpenCL 程序在 %1 上构建失败：%2</translation>
    </message>
    <message>
        <source>%1 could not set up %2: %3</source>
        <translation>%1 无法初始化 %2：%3</translation>
    </message>
    <message>
        <source>%1 could not allocate %2 bytes on %3: %4</source>
        <translation>%1 无法在 %3 上分配 %2 字节：%4</translation>
    </message>
    <message>
        <source>%1 could not upload to %2: %3</source>
        <translation>%1 无法上传数据到 %2：%3</translation>
    </message>
    <message>
        <source>%1 could not download from %2: %3</source>
        <translation>%1 无法从 %2 下载数据：%3</translation>
    </message>
    <message>
        <source>%1 could not launch %2 on %3: %4</source>
        <translation>%1 无法在 %3 上启动 %2：%4</translation>
    </message>
    <message>
        <source>%1 kernels failed on %2: %3</source>
        <translation>%1 内核在 %2 上运行失败：%3</translation>
    </message>
    <message>
        <source>applying RoPE</source>
        <translation>应用 RoPE</translation>
    </message>
    <message>
        <source>a heat map</source>
        <translation>热图</translation>
    </message>
    <message>
        <source>a pooled grid</source>
        <translation>池化网格</translation>
    </message>
    <message>
        <source>%1 needs a %2 MiB device buffer, more than the %3 MiB allowed</source>
        <translation>%1需要 %2 MiB 的设备缓冲区，超过允许的 %3 MiB</translation>
    </message>
    <message>
        <source>Prompt length</source>
        <translation>提示长度</translation>
    </message>
    <message>
        <source>Generated tokens</source>
        <translation>生成的词元数</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>%1; lower %2</source>
        <translation>%1；请减小 %2</translation>
    </message>
    <message>
        <source>The address space is limited to %1 MiB, too little for a GPU driver, so the CPU computed it.</source>
        <translation>地址空间限制为 %1 MiB，不足以加载 GPU 驱动，因此由 CPU 计算。</translation>
    </message>
    <message>
        <source>The %1 backend could not be used (%2), so the CPU computed it instead.</source>
        <translation>%1 后端无法使用（%2），因此改由 CPU 计算。</translation>
    </message>
    <message>
        <source>The %1 backend failed (%2), so the CPU computed it instead.</source>
        <translation>%1 后端出错（%2），因此改由 CPU 计算。</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::PitfallLesson</name>
    <message>
        <source>The pitfall: a matrix that is not a rotation</source>
        <translation>陷阱：一个不是旋转的矩阵</translation>
    </message>
    <message>
        <source>key position n</source>
        <translation>键位置 n</translation>
    </message>
    <message>
        <source>query position m</source>
        <translation>查询位置 m</translation>
    </message>
    <message>
        <source>f(q, m) · f(k, n)</source>
        <translation>f(q, m) · f(k, n)</translation>
    </message>
    <message>
        <source>Singular values of the position map</source>
        <translation>位置变换的奇异值</translation>
    </message>
    <message>
        <source>rank k (largest first)</source>
        <translation>序号 k（从大到小）</translation>
    </message>
    <message>
        <source>singular value σ_k</source>
        <translation>奇异值 σ_k</translation>
    </message>
    <message>
        <source>RoPE R(p)</source>
        <translation>RoPE R(p)</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>diagonal deviation (m, n &amp;lt; %1)</source>
        <translation>对角线偏差（m, n &amp;lt; %1）</translation>
    </message>
    <message>
        <source>largest singular value</source>
        <translation>最大奇异值</translation>
    </message>
    <message>
        <source>smallest singular value</source>
        <translation>最小奇异值</translation>
    </message>
    <message>
        <source>dimensions kept (numerical rank)</source>
        <translation>保留的维数（数值秩）</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
    </message>
    <message>
        <source>Diagonal deviation: max over diagonals m − n = const of (max − min) score, divided by the largest |score|; 0 means the score is relative.</source>
        <translation>对角线偏差：在所有对角线 m − n = 常数 上取（最大 − 最小）分数的最大值，再除以最大的 |分数|；为 0 表示分数是相对的。</translation>
    </message>
    <message>
        <source>wrong code&apos;s M</source>
        <translation>错误代码的 M</translation>
    </message>
    <message>
        <source>Does the map alone keep lengths?</source>
        <translation>映射本身能保持长度吗？</translation>
    </message>
    <message>
        <source>%1 random directions x, sorted</source>
        <translation>%1 个随机方向 x（已排序）</translation>
    </message>
    <message>
        <source>‖x·M‖ / ‖x‖</source>
        <translation>‖x·M‖ / ‖x‖</translation>
    </message>
    <message>
        <source>wrong code: x·M</source>
        <translation>错误代码：x·M</translation>
    </message>
    <message>
        <source>RoPE: R(p)·x, any p</source>
        <translation>RoPE：R(p)·x，任意 p</translation>
    </message>
    <message>
        <source>Use the blog post&apos;s d_model = 2</source>
        <translation>使用那篇博客中的 d_model = 2</translation>
    </message>
    <message>
        <source>The blog post&apos;s example runs with d_model = 2: M = [[1, 1], [1, cos 0.01]] is almost singular.</source>
        <translation>那篇博客的示例使用 d_model = 2：M = [[1, 1], [1, cos 0.01]] 几乎是奇异矩阵。</translation>
    </message>
    <message>
        <source>&lt;p&gt;A widely copied wrong implementation of RoPE, from a blog post on RoPE, adds PE[&lt;i&gt;p&lt;/i&gt;, &lt;i&gt;j&lt;/i&gt;] = cos(&lt;i&gt;p&lt;/i&gt;·&lt;i&gt;j&lt;/i&gt;·0.01) to x and then multiplies by M[&lt;i&gt;i&lt;/i&gt;, &lt;i&gt;j&lt;/i&gt;] = cos(&lt;i&gt;i&lt;/i&gt;·&lt;i&gt;j&lt;/i&gt;·0.01). M is the same for every position, and it is &lt;b&gt;not a rotation&lt;/b&gt;: a rotation has all singular values equal to 1 and keeps every length, M stretches some directions and nearly erases others. Position enters only through the added vector, so the score (x&lt;sub&gt;m&lt;/sub&gt; + PE&lt;sub&gt;m&lt;/sub&gt;)M · (x&lt;sub&gt;n&lt;/sub&gt; + PE&lt;sub&gt;n&lt;/sub&gt;)M depends on &lt;i&gt;m&lt;/i&gt; and &lt;i&gt;n&lt;/i&gt; separately: its heat map changes along the diagonals &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt; = const.&lt;/p&gt;&lt;p&gt;The two heat maps have separate colour scales (their titles give each range): the wrong code&apos;s scores are far larger, so compare the patterns, not the colours.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Correct RoPE&lt;/b&gt; adds nothing. It turns pair &lt;i&gt;i&lt;/i&gt; of q and k by &lt;i&gt;p&lt;/i&gt;·θ&lt;sub&gt;i&lt;/sub&gt; after the q/k projections:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Half-split&lt;/b&gt; (GPT-NeoX, HF Llama): pairs (&lt;i&gt;i&lt;/i&gt;, &lt;i&gt;i&lt;/i&gt; + d/2); out = x·cos(&lt;i&gt;p&lt;/i&gt;θ) + rotate_half(x)·sin(&lt;i&gt;p&lt;/i&gt;θ), rotate_half(x) = [−x&lt;sub&gt;d/2…d−1&lt;/sub&gt;, x&lt;sub&gt;0…d/2−1&lt;/sub&gt;].&lt;/li&gt;&lt;li&gt;&lt;b&gt;Interleaved&lt;/b&gt; (RoFormer, GPT-J, Meta Llama): pairs (2&lt;i&gt;i&lt;/i&gt;, 2&lt;i&gt;i&lt;/i&gt;+1); out&lt;sub&gt;2i&lt;/sub&gt; = x&lt;sub&gt;2i&lt;/sub&gt;cos − x&lt;sub&gt;2i+1&lt;/sub&gt;sin, out&lt;sub&gt;2i+1&lt;/sub&gt; = x&lt;sub&gt;2i+1&lt;/sub&gt;cos + x&lt;sub&gt;2i&lt;/sub&gt;sin.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Then R(&lt;i&gt;m&lt;/i&gt;)q · R(&lt;i&gt;n&lt;/i&gt;)k = q · R(&lt;i&gt;n&lt;/i&gt; − &lt;i&gt;m&lt;/i&gt;)k: the score depends on &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt; alone, and the heat map is constant along every diagonal.&lt;/p&gt;</source>
        <translation>&lt;p&gt;一个广为流传的错误 RoPE 实现（出自一篇讲 RoPE 的博客）先把 PE[&lt;i&gt;p&lt;/i&gt;, &lt;i&gt;j&lt;/i&gt;] = cos(&lt;i&gt;p&lt;/i&gt;·&lt;i&gt;j&lt;/i&gt;·0.01) 加到 x 上，再乘以矩阵 M[&lt;i&gt;i&lt;/i&gt;, &lt;i&gt;j&lt;/i&gt;] = cos(&lt;i&gt;i&lt;/i&gt;·&lt;i&gt;j&lt;/i&gt;·0.01)。M 对每个位置都相同，而且它&lt;b&gt;不是旋转&lt;/b&gt;：旋转矩阵的奇异值全都等于 1，保持所有长度不变；M 却把一些方向拉长，又几乎抹掉另一些方向。位置只通过加上的向量进入，所以注意力分数 (x&lt;sub&gt;m&lt;/sub&gt; + PE&lt;sub&gt;m&lt;/sub&gt;)M · (x&lt;sub&gt;n&lt;/sub&gt; + PE&lt;sub&gt;n&lt;/sub&gt;)M 分别依赖 &lt;i&gt;m&lt;/i&gt; 和 &lt;i&gt;n&lt;/i&gt;：它的热力图沿对角线 &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt; = 常数 会发生变化。&lt;/p&gt;&lt;p&gt;两张热力图各有各的颜色刻度（标题中给出各自的范围）：错误代码的分数要大得多，所以请比较图案，而不要比较颜色。&lt;/p&gt;&lt;p&gt;&lt;b&gt;正确的 RoPE&lt;/b&gt; 不加任何东西。它在 q/k 投影之后，把 q 和 k 的第 &lt;i&gt;i&lt;/i&gt; 对旋转 &lt;i&gt;p&lt;/i&gt;·θ&lt;sub&gt;i&lt;/sub&gt;：&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;前后对半配对&lt;/b&gt;（GPT-NeoX、HF Llama）：配对 (&lt;i&gt;i&lt;/i&gt;, &lt;i&gt;i&lt;/i&gt; + d/2)；out = x·cos(&lt;i&gt;p&lt;/i&gt;θ) + rotate_half(x)·sin(&lt;i&gt;p&lt;/i&gt;θ)，rotate_half(x) = [−x&lt;sub&gt;d/2…d−1&lt;/sub&gt;, x&lt;sub&gt;0…d/2−1&lt;/sub&gt;]。&lt;/li&gt;&lt;li&gt;&lt;b&gt;相邻交错&lt;/b&gt;（RoFormer、GPT-J、Meta Llama）：配对 (2&lt;i&gt;i&lt;/i&gt;, 2&lt;i&gt;i&lt;/i&gt;+1)；out&lt;sub&gt;2i&lt;/sub&gt; = x&lt;sub&gt;2i&lt;/sub&gt;cos − x&lt;sub&gt;2i+1&lt;/sub&gt;sin，out&lt;sub&gt;2i+1&lt;/sub&gt; = x&lt;sub&gt;2i+1&lt;/sub&gt;cos + x&lt;sub&gt;2i&lt;/sub&gt;sin。&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;于是 R(&lt;i&gt;m&lt;/i&gt;)q · R(&lt;i&gt;n&lt;/i&gt;)k = q · R(&lt;i&gt;n&lt;/i&gt; − &lt;i&gt;m&lt;/i&gt;)k：分数只取决于 &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt;，热力图沿每条对角线保持不变。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Wrong code: score(m, n)
colours ±%1</source>
        <translation>错误代码：注意力分数 score(m, n)
颜色范围 ±%1</translation>
    </message>
    <message>
        <source>Correct RoPE: score(m, n)
colours ±%1</source>
        <translation>正确的 RoPE：注意力分数 score(m, n)
颜色范围 ±%1</translation>
    </message>
    <message>
        <source>wrong code</source>
        <translation>错误代码</translation>
    </message>
    <message>
        <source>largest |score| (colour range)</source>
        <translation>最大 |注意力分数|（颜色范围）</translation>
    </message>
    <message>
        <source>‖x·M‖ / ‖x‖, %1 random x</source>
        <translation>‖x·M‖ / ‖x‖，%1 个随机 x</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::PrecisionLesson</name>
    <message>
        <source>Precision: float32 angles at long range</source>
        <translation>精度：长距离下的 float32 角度</translation>
    </message>
    <message>
        <source>&lt;p&gt;Pair &lt;i&gt;i&lt;/i&gt; at position &lt;i&gt;p&lt;/i&gt; turns by the angle &lt;i&gt;p&lt;/i&gt;·θ&lt;sub&gt;i&lt;/sub&gt;. Computed in float32 (as HF does: θ and &lt;i&gt;p&lt;/i&gt; rounded to float32, the product rounded again) the angle keeps only 24 significant bits: near 2&lt;sup&gt;k&lt;/sup&gt; radians neighbouring float32 values are 2&lt;sup&gt;k−23&lt;/sup&gt; apart, so at an angle of 10&lt;sup&gt;6&lt;/sup&gt; rad the rotation can be off by 0.03 rad. Rounding θ&lt;sub&gt;i&lt;/sub&gt; itself adds &lt;i&gt;p&lt;/i&gt;·|θ&lt;sub&gt;i&lt;/sub&gt; − fl(θ&lt;sub&gt;i&lt;/sub&gt;)|, which grows with &lt;i&gt;p&lt;/i&gt;. (In plain RoPE, and with yarn, llama3 or dynamic, pair 0 has θ&lt;sub&gt;0&lt;/sub&gt; = 1 exactly: its angle stays exact below 2&lt;sup&gt;24&lt;/sup&gt;.)&lt;/p&gt;&lt;p&gt;The dashed line is θ&lt;sub&gt;i&lt;/sub&gt;, how far the pair turns between neighbouring tokens: where the error reaches it, that pair can no longer tell position &lt;i&gt;p&lt;/i&gt; from &lt;i&gt;p&lt;/i&gt; ± 1.&lt;/p&gt;&lt;p&gt;Fast GPU sine and cosine (__sinf style) reduce the angle in float32 and add more error. &lt;b&gt;The fix&lt;/b&gt;: compute the phase in turns, &lt;i&gt;p&lt;/i&gt;·θ&lt;sub&gt;i&lt;/sub&gt;/2π, keep its fractional part exactly (in double, or integer arithmetic), and only then round to float32: the error stays near 10&lt;sup&gt;−7&lt;/sup&gt; rad at any position.&lt;/p&gt;</source>
        <translation>&lt;p&gt;第 &lt;i&gt;i&lt;/i&gt; 对在位置 &lt;i&gt;p&lt;/i&gt; 处旋转角度 &lt;i&gt;p&lt;/i&gt;·θ&lt;sub&gt;i&lt;/sub&gt;。用 float32 计算时（与 HF 的做法相同：θ 和 &lt;i&gt;p&lt;/i&gt; 先舍入为 float32，乘积再舍入一次），角度只保留 24 位有效二进制位：在 2&lt;sup&gt;k&lt;/sup&gt; 弧度附近，相邻 float32 数之间相差 2&lt;sup&gt;k−23&lt;/sup&gt;，因此当角度达到 10&lt;sup&gt;6&lt;/sup&gt; 弧度时，旋转可能偏差 0.03 弧度。θ&lt;sub&gt;i&lt;/sub&gt; 本身的舍入还会带来 &lt;i&gt;p&lt;/i&gt;·|θ&lt;sub&gt;i&lt;/sub&gt; − fl(θ&lt;sub&gt;i&lt;/sub&gt;)| 的误差，它随 &lt;i&gt;p&lt;/i&gt; 增大。（在普通 RoPE 以及 yarn、llama3、dynamic 中，第 0 对的 θ&lt;sub&gt;0&lt;/sub&gt; 恰好等于 1：在 2&lt;sup&gt;24&lt;/sup&gt; 以内它的角度始终精确。）&lt;/p&gt;&lt;p&gt;虚线是 θ&lt;sub&gt;i&lt;/sub&gt;，即该对在相邻词元之间转过的角度：误差一旦达到这条线，这一对就无法再区分位置 &lt;i&gt;p&lt;/i&gt; 和 &lt;i&gt;p&lt;/i&gt; ± 1。&lt;/p&gt;&lt;p&gt;GPU 上的快速正弦和余弦（__sinf 一类）在 float32 中做角度约化，会带来更多误差。&lt;b&gt;解决办法&lt;/b&gt;：以圈为单位计算相位 &lt;i&gt;p&lt;/i&gt;·θ&lt;sub&gt;i&lt;/sub&gt;/2π，精确保留其小数部分（用 double 或整数运算），最后才舍入为 float32：这样在任何位置误差都保持在 10&lt;sup&gt;−7&lt;/sup&gt; 弧度左右。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Phase error of pair i as the position grows</source>
        <translation>第 i 对的相位误差随位置增长的变化</translation>
    </message>
    <message>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>|angle error| (rad)</source>
        <translation>|角度误差|（弧度）</translation>
    </message>
    <message>
        <source>Phase error of every pair at position p</source>
        <translation>位置 p 处各分量对的相位误差</translation>
    </message>
    <message>
        <source>pair index i</source>
        <translation>分量对序号 i</translation>
    </message>
    <message>
        <source>float32 p·θ (HF)</source>
        <translation>float32 计算 p·θ（HF）</translation>
    </message>
    <message>
        <source>float32 + fast GPU sin/cos</source>
        <translation>float32 + GPU 快速 sin/cos</translation>
    </message>
    <message>
        <source>exact turns, then float32 (the fix)</source>
        <translation>先精确计算圈数，再转 float32（解决办法）</translation>
    </message>
    <message>
        <source>θᵢ: one token&apos;s turn</source>
        <translation>θᵢ：一个词元的转角</translation>
    </message>
    <message>
        <source>Pair i</source>
        <translation>分量对 i</translation>
    </message>
    <message>
        <source>Which pair the upper plot follows; pair 0 turns fastest.</source>
        <translation>上图跟踪哪一对；第 0 对转得最快。</translation>
    </message>
    <message>
        <source>Position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>The position the lower plot shows, up to 2^24.</source>
        <translation>下图显示的位置，最大 2^24。</translation>
    </message>
    <message>
        <source>θ&lt;sub&gt;%1&lt;/sub&gt; (one token&apos;s turn)</source>
        <translation>θ&lt;sub&gt;%1&lt;/sub&gt;（一个词元的转角）</translation>
    </message>
    <message>
        <source>%1 rad</source>
        <translation>%1 弧度</translation>
    </message>
    <message>
        <source>exact angle p·θ, reduced to (−π, π]</source>
        <translation>精确角度 p·θ，约化到 (−π, π]</translation>
    </message>
    <message>
        <source>error, float32 p·θ</source>
        <translation>误差，float32 计算 p·θ</translation>
    </message>
    <message>
        <source>error, fast GPU sin/cos</source>
        <translation>误差，GPU 快速 sin/cos</translation>
    </message>
    <message>
        <source>error, exact turns (the fix)</source>
        <translation>误差，精确圈数（解决办法）</translation>
    </message>
    <message>
        <source>Errors below %1 rad are drawn at %1.</source>
        <translation>小于 %1 弧度的误差画在 %1 处。</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ReadoutPanel</name>
    <message>
        <source>Copy readouts</source>
        <translation>复制读数</translation>
    </message>
    <message>
        <source>The readouts are hidden until you check your prediction.</source>
        <translation>在你检查预测之前，读数是隐藏的。</translation>
    </message>
    <message>
        <source>hidden until you check</source>
        <translation>检查后显示</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::RealModelLesson</name>
    <message>
        <source>Inside a real model</source>
        <translation>真实模型的内部</translation>
    </message>
    <message>
        <source>&lt;p&gt;RoPE rotates pair &lt;i&gt;i&lt;/i&gt; of every query and key by θ&lt;sub&gt;i&lt;/sub&gt; per position. Which pairs does a trained model actually use? The q·k energy of pair &lt;i&gt;i&lt;/i&gt; in a head is bounded by &lt;i&gt;usage&lt;/i&gt; = ‖W&lt;sub&gt;q&lt;/sub&gt; rows of the pair‖ · ‖W&lt;sub&gt;k&lt;/sub&gt; rows of the pair‖; this lesson reads the q and k projection weights of a checkpoint (a safetensors file or folder, or a GGUF file: the button, File → Open model…, or drop it on the window) and shows each pair&apos;s share.&lt;/p&gt;&lt;p&gt;Fast pairs turn many times within the trained context and let a head find nearby tokens (positional heads); pairs whose wavelength exceeds the context hardly turn at all and carry content (semantic channels). Barbero et al. (2024) found that Gemma 7B spends much of its q·k energy on the slowest pairs.&lt;/p&gt;&lt;p&gt;The &lt;b&gt;positional profile&lt;/b&gt; s(Δ) is the expected q·k for the same isotropic input x at distance Δ: whether a head&apos;s weights alone favour nearby tokens. For &lt;i&gt;independent&lt;/i&gt; random q and k the expectation is 0 at every distance.&lt;/p&gt;&lt;p&gt;Without a file of your own, the lesson opens an example model that RoPE Lab builds itself: not trained, its weights are made so that layer 2 (layers count from 0, as in the file) prefers the fast pairs and the other layers the slow ones, as that paper measured.&lt;/p&gt;</source>
        <translation>&lt;p&gt;RoPE 把每个查询和键的第 &lt;i&gt;i&lt;/i&gt; 个分量对每个位置旋转 θ&lt;sub&gt;i&lt;/sub&gt;。训练好的模型到底用了哪些分量对？一个头中分量对 &lt;i&gt;i&lt;/i&gt; 的 q·k 能量不超过 &lt;i&gt;使用量&lt;/i&gt; = ‖该分量对的 W&lt;sub&gt;q&lt;/sub&gt; 行‖ · ‖该分量对的 W&lt;sub&gt;k&lt;/sub&gt; 行‖；本课读取检查点的 q 和 k 投影权重（一个 safetensors 文件或文件夹，或一个 GGUF 文件：用按钮、文件 → 打开模型…，或拖放到窗口上），并显示每个分量对的份额。&lt;/p&gt;&lt;p&gt;快分量对在训练上下文中转动许多圈，让注意力头找到邻近的词元（位置头）；波长超过上下文的分量对几乎不转动，携带的是内容（语义通道）。Barbero 等人（2024）发现 Gemma 7B 把大量 q·k 能量花在最慢的分量对上。&lt;/p&gt;&lt;p&gt;&lt;b&gt;位置轮廓&lt;/b&gt; s(Δ) 是相同各向同性输入 x 在距离 Δ 处的 q·k 期望：它显示仅凭一个头的权重是否偏好邻近的词元。对于&lt;i&gt;相互独立&lt;/i&gt;的随机 q 和 k，期望在每个距离上都为 0。&lt;/p&gt;&lt;p&gt;如果手头没有自己的文件，本课会打开 RoPE 实验室自己构造的示例模型：它未经训练，其权重被构造为第 2 层（层从 0 开始编号，与文件中一致）偏好快分量对，其他层偏好慢分量对，与那篇论文的测量结果一致。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <source>A .safetensors file, a folder of them with config.json, or a .gguf file</source>
        <translation>一个 .safetensors 文件、含 config.json 的 safetensors 文件夹，或一个 .gguf 文件</translation>
    </message>
    <message>
        <source>Example model</source>
        <translation>示例模型</translation>
    </message>
    <message>
        <source>A tiny RoPE model that RoPE Lab builds itself (not trained)</source>
        <translation>RoPE 实验室自己构造的一个很小的 RoPE 模型（未经训练）</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Share of q·k usage per pair, mean over heads</source>
        <translation>每个分量对的 q·k 使用量份额（各头平均）</translation>
    </message>
    <message>
        <source>pair i (fastest first)</source>
        <translation>分量对 i（最快的在前）</translation>
    </message>
    <message>
        <source>wavelength 2π/θᵢ (positions)</source>
        <translation>波长 2π/θᵢ（位置数）</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>share</source>
        <translation>份额</translation>
    </message>
    <message>
        <source>pair i</source>
        <translation>分量对 i</translation>
    </message>
    <message>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>positional profile s(Δ)</source>
        <translation>位置轮廓 s(Δ)</translation>
    </message>
    <message>
        <source>expected q·k for the same isotropic input x at distance Δ (0 for independent random q and k)</source>
        <translation>相同各向同性输入 x 在距离 Δ 处的 q·k 期望（q、k 相互独立随机时为 0）</translation>
    </message>
    <message>
        <source>distance Δ (positions)</source>
        <translation>距离 Δ（位置数）</translation>
    </message>
    <message>
        <source>s(Δ)</source>
        <translation>s(Δ)</translation>
    </message>
    <message>
        <source>Open model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>Model weights (*.safetensors *.gguf model.safetensors.index.json);;All files (*)</source>
        <translation>模型权重 (*.safetensors *.gguf model.safetensors.index.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>cannot be opened (%1)</source>
        <translation>无法打开（%1）</translation>
    </message>
    <message>
        <source>could not be read (%1)</source>
        <translation>无法读取（%1）</translation>
    </message>
    <message>
        <source>is cut short: %1 bytes needed, the file has %2</source>
        <translation>被截断：需要 %1 字节，文件只有 %2 字节</translation>
    </message>
    <message>
        <source>claims a header of %1 bytes; RoPE Lab reads at most %2</source>
        <translation>声称文件头有 %1 字节；RoPE 实验室最多读取 %2 字节</translation>
    </message>
    <message>
        <source>claims a header of %1 bytes, but only %2 follow</source>
        <translation>声称文件头有 %1 字节，但后面只有 %2 字节</translation>
    </message>
    <message>
        <source>has a damaged header (%1)</source>
        <translation>文件头已损坏（%1）</translation>
    </message>
    <message>
        <source>lists the tensor &apos;%1&apos; twice</source>
        <translation>两次列出张量 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>stores the tensor &apos;%1&apos; as %2, which RoPE Lab cannot read</source>
        <translation>以 %2 存储张量 &apos;%1&apos;，RoPE 实验室无法读取这种类型</translation>
    </message>
    <message>
        <source>gives the tensor &apos;%1&apos; %2 bytes where its shape needs %3</source>
        <translation>张量 &apos;%1&apos; 的数据有 %2 字节，而它的形状需要 %3 字节</translation>
    </message>
    <message>
        <source>puts the tensor &apos;%1&apos; past the end of the data</source>
        <translation>张量 &apos;%1&apos; 超出了数据的末尾</translation>
    </message>
    <message>
        <source>has the tensors &apos;%1&apos; and &apos;%2&apos; sharing bytes</source>
        <translation>张量 &apos;%1&apos; 和 &apos;%2&apos; 共用了字节</translation>
    </message>
    <message>
        <source>has the tensor &apos;%1&apos; in a shape RoPE Lab cannot use (%2)</source>
        <translation>张量 &apos;%1&apos; 的形状 RoPE 实验室无法使用（%2）</translation>
    </message>
    <message>
        <source>holds %1 in the tensor &apos;%2&apos; (element %3)</source>
        <translation>张量 &apos;%2&apos; 中含有 %1（第 %3 个元素）</translation>
    </message>
    <message>
        <source>has no tensor &apos;%1&apos;</source>
        <translation>没有张量 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>is a &quot;%1&quot; model, whose q/k tensors RoPE Lab does not know</source>
        <translation>是一个 &quot;%1&quot; 模型，RoPE 实验室不知道它的 q/k 张量</translation>
    </message>
    <message>
        <source>has a wrong model.safetensors.index.json (%1)</source>
        <translation>的 model.safetensors.index.json 有误（%1）</translation>
    </message>
    <message>
        <source>claims %1 tensors; RoPE Lab reads at most %2</source>
        <translation>声称有 %1 个张量；RoPE 实验室最多读取 %2 个</translation>
    </message>
    <message>
        <source>could not be written (%1)</source>
        <translation>无法写入（%1）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Could not open the model: %1</source>
        <translation>无法打开模型：%1</translation>
    </message>
    <message>
        <source>Example model made by RoPE Lab (not trained): q/k weights built with a chosen frequency preference.</source>
        <translation>RoPE 实验室构造的示例模型（未经训练）：q/k 权重按选定的频率偏好构造。</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <source>%1 (%2), %3 layers, %4 heads (%5 KV), head_dim %6, context %7, %8 weights</source>
        <translation>%1（%2），%3 层，%4 个头（%5 个 KV 头），head_dim %6，上下文 %7，权重类型 %8</translation>
    </message>
    <message>
        <source>No model yet: open one, or the example model.</source>
        <translation>还没有模型：打开一个，或打开示例模型。</translation>
    </message>
    <message>
        <source>%1 could not be opened; the model above stays.</source>
        <translation>%1 无法打开；上面的模型保持不变。</translation>
    </message>
    <message>
        <source>q and k are normalised per head before RoPE (q_norm, k_norm): their weights are folded into the rows; the division by the RMS, the same for all pairs of a head, is left out.</source>
        <translation>q 和 k 在 RoPE 之前按头做 RMS 归一化（q_norm、k_norm）：其权重已乘进各行；除以 RMS 这一步对一个头的所有维度对都相同，这里略去。</translation>
    </message>
    <message>
        <source> → wavelength &gt; trained context (%1 positions)</source>
        <translation> → 波长 &gt; 训练上下文（%1 个位置）</translation>
    </message>
    <message>
        <source>Layer %1: each head&apos;s share per pair</source>
        <translation>第 %1 层：各头在每个分量对上的份额</translation>
    </message>
    <message>
        <source>chosen: layer %1, head %2</source>
        <translation>所选：第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>most positional: layer %1, head %2</source>
        <translation>最具位置性：第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>most semantic: layer %1, head %2</source>
        <translation>最具语义性：第 %1 层，头 %2</translation>
    </message>
    <message>
        <source>usage beyond the context, all layers</source>
        <translation>超出上下文的使用量，所有层</translation>
    </message>
    <message>
        <source>usage beyond the context, layer %1</source>
        <translation>超出上下文的使用量，第 %1 层</translation>
    </message>
    <message>
        <source>usage in the fastest quarter of pairs, layer %1</source>
        <translation>最快四分之一分量对的使用量，第 %1 层</translation>
    </message>
    <message>
        <source>most positional head</source>
        <translation>最具位置性的头</translation>
    </message>
    <message>
        <source>layer %1, head %2 (%3 in the fastest quarter)</source>
        <translation>第 %1 层，头 %2（%3 在最快的四分之一）</translation>
    </message>
    <message>
        <source>most semantic head</source>
        <translation>最具语义性的头</translation>
    </message>
    <message>
        <source>layer %1, head %2 (%3 beyond the context)</source>
        <translation>第 %1 层，头 %2（%3 超出上下文）</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::RecoveryCopy</name>
    <message>
        <source>The recovery copy could not be restored: %1 It was kept as %2.</source>
        <translation>恢复副本无法恢复：%1 它已另存为 %2。</translation>
    </message>
    <message>
        <source>Restore your last session?</source>
        <translation>恢复上次的会话吗？</translation>
    </message>
    <message>
        <source>RoPE Lab did not close properly last time. Restore the lesson, the parameters, the views and any activity or unsaved activity draft it had a few seconds before?</source>
        <translation>RoPE 实验室上次没有正常关闭。要恢复它关闭前几秒的课程、参数、视图，以及进行中的活动或未保存的活动草稿吗？</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
        <source>--recovery: use ask, restore or discard, not &apos;%1&apos;</source>
        <translation>--recovery：请使用 ask、restore 或 discard，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Could not restore</source>
        <translation>无法恢复</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::RelativeLesson</name>
    <message>
        <source>Relative position bias</source>
        <translation>相对位置偏置</translation>
    </message>
    <message>
        <source>bucket</source>
        <translation>桶</translation>
    </message>
    <message>
        <source>key position j</source>
        <translation>键位置 j</translation>
    </message>
    <message>
        <source>query position i</source>
        <translation>查询位置 i</translation>
    </message>
    <message>
        <source>bias</source>
        <translation>偏置</translation>
    </message>
    <message>
        <source>head h</source>
        <translation>头 h</translation>
    </message>
    <message>
        <source>slope m_h (log₂ axis)</source>
        <translation>斜率 m_h（log₂ 坐标）</translation>
    </message>
    <message>
        <source>T5 num_buckets</source>
        <translation>T5 num_buckets（桶数）</translation>
    </message>
    <message>
        <source>T5 max_distance</source>
        <translation>T5 max_distance（最大距离）</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>个词元</translation>
    </message>
    <message>
        <source>Bidirectional (encoder)</source>
        <translation>双向（编码器）</translation>
    </message>
    <message>
        <source>Unchecked: causal (decoder) buckets</source>
        <translation>不勾选：因果（解码器）桶</translation>
    </message>
    <message>
        <source>ALiBi heads H</source>
        <translation>ALiBi 头数 H</translation>
    </message>
    <message>
        <source>Head h</source>
        <translation>头 h</translation>
    </message>
    <message>
        <source>query i = m, key j = n</source>
        <translation>查询 i = m，键 j = n</translation>
    </message>
    <message>
        <source>T5 bucket</source>
        <translation>T5 桶</translation>
    </message>
    <message>
        <source>T5 bias</source>
        <translation>T5 偏置</translation>
    </message>
    <message>
        <source>ALiBi bias −m(i − j)</source>
        <translation>ALiBi 偏置 −m(i − j)</translation>
    </message>
    <message>
        <source>masked
j &gt; i</source>
        <translation>已遮蔽
j &gt; i</translation>
    </message>
    <message>
        <source>max_exact = %1</source>
        <translation>max_exact = %1</translation>
    </message>
    <message>
        <source>max_distance = %1</source>
        <translation>max_distance = %1</translation>
    </message>
    <message>
        <source>ALiBi slopes
m_h = 2^(−8h/H), H = %1</source>
        <translation>ALiBi 斜率
m_h = 2^(−8h/H)，H = %1</translation>
    </message>
    <message>
        <source>ALiBi bias, head %1
m = %2</source>
        <translation>ALiBi 偏置，第 %1 个头
m = %2</translation>
    </message>
    <message>
        <source>distance |i − j| (tokens, log axis)</source>
        <translation>距离 |i − j|（词元，对数轴）</translation>
    </message>
    <message>
        <source>key before the query, i − j &gt; 0</source>
        <translation>键在查询之前，i − j &gt; 0</translation>
    </message>
    <message>
        <source>key after the query, i − j &lt; 0</source>
        <translation>键在查询之后，i − j &lt; 0</translation>
    </message>
    <message>
        <source>ALiBi slopes, H = %1
those of %2 heads, then every other of %3</source>
        <translation>ALiBi 斜率，H = %1
先取 %2 个头的斜率，再隔一个取 %3 个头的斜率</translation>
    </message>
    <message>
        <source>T5 bias b[bucket(i − j)]
block means</source>
        <translation>T5 偏置 b[bucket(i − j)]
块平均</translation>
    </message>
    <message>
        <source>T5 bias
b[bucket(i − j)]</source>
        <translation>T5 偏置
b[bucket(i − j)]</translation>
    </message>
    <message>
        <source>distance i − j</source>
        <translation>距离 i − j</translation>
    </message>
    <message>
        <source>&lt;p&gt;Bias methods such as T5 and ALiBi leave q and k alone and add to the score q·k, before the softmax, a bias that depends only on the distance between query and key. (RoPE, in the next lessons, is relative too, but it works by turning q and k.)&lt;/p&gt;&lt;p&gt;Distance here, as in every lesson, is the query position minus the key position, i − j (written m − n in the RoPE lessons): positive when the key comes before the query.&lt;/p&gt;&lt;p&gt;&lt;b&gt;T5&lt;/b&gt;: the distance falls into one of num_buckets buckets. Bidirectional (encoder) buckets give half of them to keys before the query and half to keys after it; causal (decoder) buckets give all of them to keys before it and put every later key in bucket 0. Within one direction, the first max_exact = half of that direction&apos;s buckets hold one distance each (32 bidirectional buckets: 16 per direction, max_exact = 8), then the buckets grow logarithmically wider up to max_distance, and all longer distances share the last bucket. Each bucket has a learned bias per head (here random, as at initialisation).&lt;/p&gt;&lt;p&gt;&lt;b&gt;ALiBi&lt;/b&gt;: no learned bias at all: head h adds −m&lt;sub&gt;h&lt;/sub&gt;·(i − j) for query i and key j ≤ i. For H heads, H a power of two, the slopes are m&lt;sub&gt;h&lt;/sub&gt; = 2&lt;sup&gt;−8h/H&lt;/sup&gt; — a geometric sequence, so some heads look far and some near. For other H the first P heads, P the largest power of two below H, take the slopes of P heads and the remaining H − P take every other slope of 2P heads (2&lt;sup&gt;−4/P&lt;/sup&gt;, 2&lt;sup&gt;−12/P&lt;/sup&gt;, …). ALiBi is causal: a key after the query (j &amp;gt; i) gets no score at all, so only keys at or before the query have a bias. The ALiBi map (lower right) keeps the colour scale of the steepest head for every head, so a head with a small slope looks pale.&lt;/p&gt;</source>
        <translation>&lt;p&gt;T5 和 ALiBi 这类偏置方法不改动 q 和 k，而是在 softmax 之前给注意力分数 q·k 加上一个只取决于查询与键之间距离的偏置。（后面几课的旋转位置编码（RoPE）也是相对位置编码，但它靠旋转 q 和 k 来实现。）&lt;/p&gt;&lt;p&gt;这里和其他各课一样，距离指查询位置减去键位置，即 i − j（在 RoPE 各课中写作 m − n）：键在查询之前时为正。&lt;/p&gt;&lt;p&gt;&lt;b&gt;T5&lt;/b&gt;：距离落入 num_buckets 个桶中的一个。双向（编码器）的桶把一半分给查询之前的键，另一半分给查询之后的键；因果（解码器）的桶全部分给查询之前的键，之后的键都放进第 0 号桶。在一个方向内，前 max_exact 个桶（该方向桶数的一半）每个只装一个距离（32 个双向桶：每个方向 16 个，max_exact = 8），之后桶按对数变宽，直到 max_distance，更远的距离都共用最后一个桶。每个桶在每个头上有一个可学习的偏置（这里取随机值，如同初始化时）。&lt;/p&gt;&lt;p&gt;&lt;b&gt;ALiBi&lt;/b&gt;：完全没有可学习的偏置：对查询 i 和键 j ≤ i，第 h 个头加上 −m&lt;sub&gt;h&lt;/sub&gt;·(i − j)。H 个头、且 H 是 2 的幂时，斜率为 m&lt;sub&gt;h&lt;/sub&gt; = 2&lt;sup&gt;−8h/H&lt;/sup&gt;——一个等比数列，因此有的头看得远，有的头看得近。H 为其他值时，设 P 是小于 H 的最大的 2 的幂：前 P 个头取 P 个头时的斜率，其余 H − P 个头从 2P 个头的斜率中隔一个取一个（2&lt;sup&gt;−4/P&lt;/sup&gt;、2&lt;sup&gt;−12/P&lt;/sup&gt;、…）。ALiBi 是因果的：查询之后的键（j &amp;gt; i）根本没有分数，所以只有在查询处或查询之前的键才有偏置。右下的 ALiBi 图对每个头都沿用最陡那个头的色标，所以斜率小的头颜色很浅。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>this query and key</source>
        <translation>当前的查询和键</translation>
    </message>
    <message>
        <source>bias −m(i − j), one scale for all heads</source>
        <translation>偏置 −m(i − j)，所有头共用一个色标</translation>
    </message>
    <message>
        <source>bias −m(i − j)</source>
        <translation>偏置 −m(i − j)</translation>
    </message>
    <message>
        <source>T5 buckets, bidirectional (encoder)
i − j = %1: bucket %2</source>
        <translation>T5 桶，双向（编码器）
i − j = %1：第 %2 号桶</translation>
    </message>
    <message>
        <source>T5 buckets, causal (decoder)
i − j = %1: bucket %2</source>
        <translation>T5 桶，因果（解码器）
i − j = %1：第 %2 号桶</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>被遮蔽</translation>
    </message>
    <message>
        <source>&lt;p&gt;The key is after the query: a decoder masks it, and ALiBi, always causal, gives it no score.&lt;/p&gt;</source>
        <translation>&lt;p&gt;键在查询之后：解码器会遮蔽它；ALiBi 始终是因果的，不给它任何分数。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::Rope2dLesson</name>
    <message>
        <source>RoPE in 2D: rotating pairs</source>
        <translation>二维中的 RoPE：旋转的分量对</translation>
    </message>
    <message>
        <source>Score q·k against the distance m − n</source>
        <translation>注意力分数 q·k 与距离 m − n 的关系</translation>
    </message>
    <message>
        <source>relative distance m − n (tokens)</source>
        <translation>相对距离 m − n（词元）</translation>
    </message>
    <message>
        <source>score qₘ·kₙ</source>
        <translation>注意力分数 qₘ·kₙ</translation>
    </message>
    <message>
        <source>q·k, all pairs</source>
        <translation>q·k，全部分量对</translation>
    </message>
    <message>
        <source>Pair index i</source>
        <translation>分量对序号 i</translation>
    </message>
    <message>
        <source>Which pair of components to draw; pair 0 turns fastest.</source>
        <translation>要画出哪一对分量；第 0 对转得最快。</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Play or pause the position animation</source>
        <translation>播放或暂停位置动画</translation>
    </message>
    <message>
        <source>advance m only</source>
        <translation>只推进 m</translation>
    </message>
    <message>
        <source>advance m and n together</source>
        <translation>同时推进 m 和 n</translation>
    </message>
    <message>
        <source>What the animation moves</source>
        <translation>动画移动的对象</translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>动画速度</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <source>◀ Shift both</source>
        <translation>◀ 同时平移</translation>
    </message>
    <message>
        <source>m − 1 and n − 1: the same distance, so the same q·k</source>
        <translation>m − 1 且 n − 1：距离不变，因此 q·k 不变</translation>
    </message>
    <message>
        <source>Shift both ▶</source>
        <translation>同时平移 ▶</translation>
    </message>
    <message>
        <source>m + 1 and n + 1: the same distance, so the same q·k</source>
        <translation>m + 1 且 n + 1：距离不变，因此 q·k 不变</translation>
    </message>
    <message>
        <source>Positions cannot go below 0.</source>
        <translation>位置不能小于 0。</translation>
    </message>
    <message>
        <source>angle from k to q: %1°</source>
        <translation>从 k 到 q 的夹角：%1°</translation>
    </message>
    <message>
        <source>component %1 (first of pair %2)</source>
        <translation>分量 %1（第 %2 对的第一个）</translation>
    </message>
    <message>
        <source>component %1 (second of pair %2)</source>
        <translation>分量 %1（第 %2 对的第二个）</translation>
    </message>
    <message>
        <source>m − n</source>
        <translation>m − n</translation>
    </message>
    <message>
        <source>θ&lt;sub&gt;%1&lt;/sub&gt;</source>
        <translation>θ&lt;sub&gt;%1&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>%1 rad/token</source>
        <translation>%1 弧度/词元</translation>
    </message>
    <message>
        <source>period of pair %1</source>
        <translation>第 %1 对的周期</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
    <message>
        <source>turn of q: mθ&lt;sub&gt;i&lt;/sub&gt;</source>
        <translation>q 的转角：mθ&lt;sub&gt;i&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>%1 rad</source>
        <translation>%1 弧度</translation>
    </message>
    <message>
        <source>turn of k: nθ&lt;sub&gt;i&lt;/sub&gt;</source>
        <translation>k 的转角：nθ&lt;sub&gt;i&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>angle from k to q</source>
        <translation>从 k 到 q 的夹角</translation>
    </message>
    <message>
        <source>pair %1 part of q·k</source>
        <translation>第 %1 对在 q·k 中的贡献</translation>
    </message>
    <message>
        <source>q·k, all %1 pairs</source>
        <translation>q·k，全部 %1 对</translation>
    </message>
    <message>
        <source>pair %1 only</source>
        <translation>仅第 %1 对</translation>
    </message>
    <message>
        <source>&lt;p&gt;RoPE splits q and k into d/2 pairs and turns pair &lt;i&gt;i&lt;/i&gt; by the angle &lt;i&gt;p&lt;/i&gt;·θ&lt;sub&gt;i&lt;/sub&gt;, where &lt;i&gt;p&lt;/i&gt; is the token&apos;s position and θ&lt;sub&gt;i&lt;/sub&gt; the pair&apos;s frequency.&lt;/p&gt;&lt;p&gt;Here is one pair: q at position &lt;i&gt;m&lt;/i&gt; is turned by &lt;i&gt;m&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt;, k at position &lt;i&gt;n&lt;/i&gt; by &lt;i&gt;n&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt; (dashed: before turning). The arrows are drawn at their true lengths, and each tip runs round its own dotted circle: turning changes a direction, not a length. The pair&apos;s part of q·k is |q&lt;sub&gt;pair&lt;/sub&gt;|·|k&lt;sub&gt;pair&lt;/sub&gt;|·cos(angle between them), and the angle changes by (&lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt;)θ&lt;sub&gt;i&lt;/sub&gt;; summed over all pairs, q·k depends on &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt; alone.&lt;/p&gt;&lt;p&gt;Press &lt;b&gt;Shift both&lt;/b&gt;: both arrows turn by the same angle and q·k stays the same. Small &lt;i&gt;i&lt;/i&gt; turn fast and tell neighbours apart; large &lt;i&gt;i&lt;/i&gt; turn slowly and carry long-range information.&lt;/p&gt;</source>
        <translation>&lt;p&gt;旋转位置编码（RoPE）把 q 和 k 分成 d/2 个分量对，把第 &lt;i&gt;i&lt;/i&gt; 对旋转角度 &lt;i&gt;p&lt;/i&gt;·θ&lt;sub&gt;i&lt;/sub&gt;，其中 &lt;i&gt;p&lt;/i&gt; 是词元的位置，θ&lt;sub&gt;i&lt;/sub&gt; 是这一对的频率。&lt;/p&gt;&lt;p&gt;这里画出其中一对：位置 &lt;i&gt;m&lt;/i&gt; 上的 q 旋转 &lt;i&gt;m&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt;，位置 &lt;i&gt;n&lt;/i&gt; 上的 k 旋转 &lt;i&gt;n&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt;（虚线为旋转前）。箭头按真实长度绘制，每个箭头的尖端都沿着自己的点线圆转动：旋转只改变方向，不改变长度。这一对在 q·k 中的贡献是 |q&lt;sub&gt;对&lt;/sub&gt;|·|k&lt;sub&gt;对&lt;/sub&gt;|·cos(两者的夹角)，而夹角的变化量是 (&lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt;)θ&lt;sub&gt;i&lt;/sub&gt;；对所有分量对求和后，q·k 只取决于 &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt;。&lt;/p&gt;&lt;p&gt;点击&lt;b&gt;同时平移&lt;/b&gt;：两个箭头转过相同的角度，q·k 保持不变。&lt;i&gt;i&lt;/i&gt; 小的分量对转得快，能区分相邻位置；&lt;i&gt;i&lt;/i&gt; 大的分量对转得慢，携带长距离信息。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Pair %1 of q and k at true length (θ%2 = %3 rad/token)</source>
        <translation>q 和 k 的第 %1 对，按真实长度绘制（θ%2 = %3 弧度/词元）</translation>
    </message>
    <message>
        <source>|q&lt;sub&gt;pair&lt;/sub&gt;|, |k&lt;sub&gt;pair&lt;/sub&gt;| (dashed arrows)</source>
        <translation>|q&lt;sub&gt;对&lt;/sub&gt;|, |k&lt;sub&gt;对&lt;/sub&gt;|（虚线箭头）</translation>
    </message>
    <message>
        <source>turned lengths (circle radii)</source>
        <translation>旋转后的长度（圆的半径）</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::RopeConfigEditor</name>
    <message>
        <source>How the frequencies are scaled for a longer context.</source>
        <translation>为适应更长的上下文，频率如何缩放。</translation>
    </message>
    <message>
        <source>Components per attention head.</source>
        <translation>每个注意力头的分量数。</translation>
    </message>
    <message>
        <source>Fraction of the head that rotates (GPT-NeoX rotary_pct); the rest passes through.</source>
        <translation>头中参与旋转的比例（GPT-NeoX 的 rotary_pct）；其余分量原样通过。</translation>
    </message>
    <message>
        <source>The base: θ_i = rope_theta^(−2i/d).</source>
        <translation>底数：θ_i = rope_theta^(−2i/d)。</translation>
    </message>
    <message>
        <source>The context length the model is used at.</source>
        <translation>模型实际使用时的上下文长度。</translation>
    </message>
    <message>
        <source>How much longer the new context is than the trained one.</source>
        <translation>新上下文比训练时的上下文长多少倍。</translation>
    </message>
    <message>
        <source>The context length the model was pre-trained at (unchecked: max_position_embeddings).</source>
        <translation>模型预训练时的上下文长度（不勾选：使用 max_position_embeddings）。</translation>
    </message>
    <message>
        <source>The current sequence length at run time (dynamic: raises the base beyond the trained length; longrope: long factors beyond it).</source>
        <translation>运行时的当前序列长度（dynamic：超过训练长度后增大底数；longrope：超过后使用长因子）。</translation>
    </message>
    <message>
        <source>YaRN: pairs turning more than beta_fast times in the trained context keep their frequency.</source>
        <translation>YaRN：在训练上下文内转动超过 beta_fast 圈的分量对保持原频率。</translation>
    </message>
    <message>
        <source>YaRN: pairs turning fewer than beta_slow times are divided by factor.</source>
        <translation>YaRN：转动少于 beta_slow 圈的分量对，频率除以 factor。</translation>
    </message>
    <message>
        <source>YaRN (DeepSeek): attention temperature numerator.</source>
        <translation>YaRN（DeepSeek）：注意力温度的分子。</translation>
    </message>
    <message>
        <source>YaRN (DeepSeek): attention temperature denominator.</source>
        <translation>YaRN（DeepSeek）：注意力温度的分母。</translation>
    </message>
    <message>
        <source>Multiplies cos and sin (unchecked: the method&apos;s default).</source>
        <translation>乘到 cos 和 sin 上的系数（不勾选：使用该方法的默认值）。</translation>
    </message>
    <message>
        <source>YaRN: round the correction range to whole pairs.</source>
        <translation>YaRN：把修正范围取整到完整的分量对。</translation>
    </message>
    <message>
        <source>Llama 3: wavelengths above original / low_freq_factor are divided by factor.</source>
        <translation>Llama 3：波长大于 original / low_freq_factor 的，频率除以 factor。</translation>
    </message>
    <message>
        <source>Llama 3: wavelengths below original / high_freq_factor are kept.</source>
        <translation>Llama 3：波长小于 original / high_freq_factor 的保持不变。</translation>
    </message>
    <message>
        <source>Set this key (unchecked: absent from the config)</source>
        <translation>设置此键（不勾选：配置中没有此键）</translation>
    </message>
    <message>
        <source>Set this key</source>
        <translation>设置此键</translation>
    </message>
    <message>
        <source>whole pairs</source>
        <translation>完整分量对</translation>
    </message>
    <message>
        <source>none: load a preset or a config.json</source>
        <translation>无：请载入预设或 config.json</translation>
    </message>
    <message>
        <source>%1 short + %2 long values (from a preset or config.json)</source>
        <translation>%1 个短因子 + %2 个长因子（来自预设或 config.json）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::RopeNdLesson</name>
    <message>
        <source>RoPE in n-D: the spiral</source>
        <translation>n 维中的 RoPE：螺旋</translation>
    </message>
    <message>
        <source>component index</source>
        <translation>分量序号</translation>
    </message>
    <message>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>Pair index i</source>
        <translation>分量对序号 i</translation>
    </message>
    <message>
        <source>The pair drawn as a helix and highlighted in the clocks</source>
        <translation>以螺旋线画出并在时钟中高亮的分量对</translation>
    </message>
    <message>
        <source>Principal components of the path</source>
        <translation>路径的主成分</translation>
    </message>
    <message>
        <source>Chosen components a, b, c</source>
        <translation>选定的分量 a、b、c</translation>
    </message>
    <message>
        <source>Coordinates of the 3D path</source>
        <translation>三维路径的坐标</translation>
    </message>
    <message>
        <source>Component a</source>
        <translation>分量 a</translation>
    </message>
    <message>
        <source>Component b</source>
        <translation>分量 b</translation>
    </message>
    <message>
        <source>Component c</source>
        <translation>分量 c</translation>
    </message>
    <message>
        <source>Turn (yaw)</source>
        <translation>水平转动（偏航）</translation>
    </message>
    <message>
        <source>Or drag the 3D views sideways</source>
        <translation>也可以左右拖动三维视图</translation>
    </message>
    <message>
        <source>Tilt (pitch)</source>
        <translation>俯仰（倾斜）</translation>
    </message>
    <message>
        <source>Or drag the 3D views up and down</source>
        <translation>也可以上下拖动三维视图</translation>
    </message>
    <message>
        <source>Reset view</source>
        <translation>重置视图</translation>
    </message>
    <message>
        <source>pair %1 highlighted</source>
        <translation>高亮第 %1 对</translation>
    </message>
    <message>
        <source>PC%1 (%2%)</source>
        <translation>PC%1（%2%）</translation>
    </message>
    <message>
        <source>x[%1]</source>
        <translation>x[%1]</translation>
    </message>
    <message>
        <source>cos pθ</source>
        <translation>cos pθ</translation>
    </message>
    <message>
        <source>sin pθ</source>
        <translation>sin pθ</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>θ&lt;sub&gt;%1&lt;/sub&gt;</source>
        <translation>θ&lt;sub&gt;%1&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>%1 rad/token</source>
        <translation>%1 弧度/词元</translation>
    </message>
    <message>
        <source>wavelength 2π/θ&lt;sub&gt;%1&lt;/sub&gt;</source>
        <translation>波长 2π/θ&lt;sub&gt;%1&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
    <message>
        <source>turns so far, pθ/2π</source>
        <translation>已转圈数 pθ/2π</translation>
    </message>
    <message>
        <source>hand angle (mod 360°)</source>
        <translation>指针角度（模 360°）</translation>
    </message>
    <message>
        <source>slowest pair θ&lt;sub&gt;%1&lt;/sub&gt;</source>
        <translation>最慢的一对 θ&lt;sub&gt;%1&lt;/sub&gt;</translation>
    </message>
    <message>
        <source>Pairs of components</source>
        <translation>分量的配对</translation>
    </message>
    <message>
        <source>Hands at p = %1</source>
        <translation>p = %1 处的指针</translation>
    </message>
    <message>
        <source>half-split: (i, i + d/2)</source>
        <translation>前后对半配对：(i, i + d/2)</translation>
    </message>
    <message>
        <source>interleaved: (2i, 2i + 1)</source>
        <translation>相邻交错：(2i, 2i + 1)</translation>
    </message>
    <message>
        <source>first %1 of %2 pairs; pair %3 highlighted</source>
        <translation>%2 对中的前 %1 对；高亮第 %3 对</translation>
    </message>
    <message>
        <source>Helix of pair %1
p = %2 … %3</source>
        <translation>第 %1 对的螺旋线
p = %2 … %3</translation>
    </message>
    <message>
        <source>R(x, p), p = 0 … %1
drag to turn</source>
        <translation>R(x, p)，p = 0 … %1
拖动以旋转</translation>
    </message>
    <message>
        <source>&lt;p&gt;In d dimensions RoPE turns all d/2 pairs at once, pair &lt;i&gt;i&lt;/i&gt; by the angle &lt;i&gt;p&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt;. The clocks show the hands at position &lt;i&gt;p&lt;/i&gt; (the query position m): pair 0 turns fastest, every later pair more slowly, and the last pairs hardly move within the sequence — a clock with d/2 hands, one angle combination per position.&lt;/p&gt;&lt;p&gt;One vector x turned to every position, R(x, &lt;i&gt;p&lt;/i&gt;) for &lt;i&gt;p&lt;/i&gt; = 0 … N − 1, traces a path in d dimensions: each pair circles at its own speed, so the path winds round a torus. It is shown in three chosen components or along its three principal directions; drag it to turn it. For one pair, (cos &lt;i&gt;p&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt;, sin &lt;i&gt;p&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt;, &lt;i&gt;p&lt;/i&gt;) is a helix that climbs one wavelength 2π/θ&lt;sub&gt;i&lt;/sub&gt; per turn. It is drawn as the continuous curve through every position, fractional ones too; the dots are the whole-number positions tokens actually sit at, 2π/θ&lt;sub&gt;i&lt;/sub&gt; of them per turn (about six for a pair that turns one radian per token).&lt;/p&gt;&lt;p&gt;The layout only decides which components form a pair: half-split pairs i with i + d/2 (GPT-NeoX, HF Llama), interleaved pairs 2i with 2i + 1 (RoFormer, GPT-J, Meta Llama). The angles are the same.&lt;/p&gt;</source>
        <translation>&lt;p&gt;在 d 维中，RoPE 同时旋转全部 d/2 个分量对，第 &lt;i&gt;i&lt;/i&gt; 对旋转角度 &lt;i&gt;p&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt;。时钟显示位置 &lt;i&gt;p&lt;/i&gt;（即查询位置 m）处各指针的方向：第 0 对转得最快，之后每一对都更慢，最后几对在整个序列里几乎不动——这是一个有 d/2 根指针的时钟，每个位置对应一种角度组合。&lt;/p&gt;&lt;p&gt;把同一个向量 x 旋转到每个位置，R(x, &lt;i&gt;p&lt;/i&gt;)，&lt;i&gt;p&lt;/i&gt; = 0 … N − 1，会在 d 维空间中画出一条路径：每一对以自己的速度转圈，所以路径缠绕在一个环面上。图中用三个选定的分量或三个主成分方向来展示它；拖动即可旋转视角。对单独一对来说，(cos &lt;i&gt;p&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt;, sin &lt;i&gt;p&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt;, &lt;i&gt;p&lt;/i&gt;) 是一条螺旋线，每转一圈上升一个波长 2π/θ&lt;sub&gt;i&lt;/sub&gt;。图中画的是经过所有位置（包括非整数位置）的连续曲线；圆点是词元实际所在的整数位置，每圈有 2π/θ&lt;sub&gt;i&lt;/sub&gt; 个（某一对若每经过一个词元转 1 弧度，每圈大约有 6 个）。&lt;/p&gt;&lt;p&gt;布局只决定哪些分量组成一对：前后对半配对把 i 与 i + d/2 配对（GPT-NeoX、HF Llama），相邻交错把 2i 与 2i + 1 配对（RoFormer、GPT-J、Meta Llama）。旋转角度完全相同。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Helix of pair %1, dots at whole positions
p = %2 … %3</source>
        <translation>第 %1 对的螺旋线，圆点为整数位置
p = %2 … %3</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::SessionController</name>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>RoPE Lab sessions (*.%1);;All files (*)</source>
        <translation>RoPE 实验室会话 (*.%1);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not open the session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>%1

Nothing was changed.</source>
        <translation>%1

未做任何更改。</translation>
    </message>
    <message>
        <source>Session opened with notes</source>
        <translation>会话已打开（附说明）</translation>
    </message>
    <message>
        <source>Could not save the session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>RoPE Lab sessions (*.%1)</source>
        <translation>RoPE 实验室会话 (*.%1)</translation>
    </message>
    <message>
        <source>No recent sessions</source>
        <translation>没有最近的会话</translation>
    </message>
    <message>
        <source>&amp;Clear list</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <source>Load lesson, parameters and views from a .ropelab file</source>
        <translation>从 .ropelab 文件载入课程、参数和视图</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save the lesson, every parameter and the views</source>
        <translation>保存课程、全部参数和视图</translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Undo: %1</source>
        <translation>撤销(&amp;U)：%1</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo: %1</source>
        <translation>重做(&amp;R)：%1</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>RoPE Lab</source>
        <translation>RoPE 实验室</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::SessionFile</name>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>布尔值（true 或 false）</translation>
    </message>
    <message>
        <source>a list of numbers</source>
        <translation>数值列表</translation>
    </message>
    <message>
        <source>a name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>%1 is not usable: %2</source>
        <translation>%1 无法使用：%2</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>%1 (unknown to this version)</source>
        <translation>%1（此版本不认识）</translation>
    </message>
    <message>
        <source>%1 must be %2.</source>
        <translation>%1 必须是%2。</translation>
    </message>
    <message>
        <source>This session was saved by a newer RoPE Lab%1 in format %2; this version reads format %3 and loaded what it understands.</source>
        <translation>此会话由较新版本的 RoPE 实验室%1以格式 %2 保存；此版本读取格式 %3，已载入它能理解的部分。</translation>
    </message>
    <message>
        <source>This session was saved by an older RoPE Lab%1 in format %2.</source>
        <translation>此会话由较旧版本的 RoPE 实验室%1以格式 %2 保存。</translation>
    </message>
    <message>
        <source>Ignored: %1.</source>
        <translation>已忽略：%1。</translation>
    </message>
    <message>
        <source>Not in the file, so the current values were kept: %1.</source>
        <translation>文件中没有以下内容，因此保留了当前值：%1。</translation>
    </message>
    <message>
        <source>Everything in the session was loaded.</source>
        <translation>会话中的所有内容均已载入。</translation>
    </message>
    <message>
        <source>Everything else was loaded.</source>
        <translation>其余内容均已载入。</translation>
    </message>
    <message>
        <source>The file is not valid JSON (%1 at byte %2); it may be damaged.</source>
        <translation>该文件不是有效的 JSON（第 %2 字节处：%1），可能已损坏。</translation>
    </message>
    <message>
        <source>The file is not a RoPE Lab session (it lacks &quot;format&quot;: &quot;%1&quot;).</source>
        <translation>该文件不是 RoPE 实验室会话（缺少 &quot;format&quot;: &quot;%1&quot;）。</translation>
    </message>
    <message>
        <source>The session&apos;s &quot;version&quot; must be a whole number from 1 up.</source>
        <translation>会话的 &quot;version&quot; 必须是不小于 1 的整数。</translation>
    </message>
    <message>
        <source>lesson &quot;%1&quot; (no such lesson in this version)</source>
        <translation>课程“%1”（此版本中没有这一课）</translation>
    </message>
    <message>
        <source>The session cannot be used: %1</source>
        <translation>无法使用此会话：%1</translation>
    </message>
    <message>
        <source>lessons.%1 (no such lesson in this version)</source>
        <translation>lessons.%1（此版本中没有这一课）</translation>
    </message>
    <message>
        <source>The session cannot be used: lessons.%1 must be an object.</source>
        <translation>无法使用此会话：lessons.%1 必须是对象。</translation>
    </message>
    <message>
        <source>The session&apos;s parameters are not valid: %1</source>
        <translation>会话中的参数无效：%1</translation>
    </message>
    <message>
        <source>Could not open %1: %2.</source>
        <translation>无法打开 %1：%2。</translation>
    </message>
    <message>
        <source>which lesson is open</source>
        <translation>当前打开的是哪一课</translation>
    </message>
    <message>
        <source>all shared parameters</source>
        <translation>全部共享参数</translation>
    </message>
    <message>
        <source>every lesson&apos;s own settings</source>
        <translation>各课程自己的设置</translation>
    </message>
    <message>
        <source>the parameter %1</source>
        <translation>参数 %1</translation>
    </message>
    <message>
        <source>%1 must be between %2 and %3; got %4</source>
        <translation>%1 必须介于 %2 和 %3 之间；实际为 %4</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::SweepsLesson</name>
    <message>
        <source>Running… %1 s</source>
        <translation>运行中… %1 秒</translation>
    </message>
    <message>
        <source>Cancelled after %1 s; the previous result stays.</source>
        <translation>已在 %1 秒后取消；保留之前的结果。</translation>
    </message>
    <message>
        <source>Long sweeps</source>
        <translation>长程扫描</translation>
    </message>
    <message>
        <source>Score q·k against distance, per base (min and max per pixel column)</source>
        <translation>各底数下注意力分数 q·k 与距离的关系（每个像素列的最小值和最大值）</translation>
    </message>
    <message>
        <source>distance Δ = m − n (tokens)</source>
        <translation>距离 Δ = m − n（词元）</translation>
    </message>
    <message>
        <source>score q·k</source>
        <translation>注意力分数 q·k</translation>
    </message>
    <message>
        <source>Pooled score(m, n), one map per base</source>
        <translation>池化后的注意力分数 score(m, n)，每个底数一张图</translation>
    </message>
    <message>
        <source>pooled score</source>
        <translation>池化分数</translation>
    </message>
    <message>
        <source>Score curves (up to 2^24 distances)</source>
        <translation>注意力分数曲线（最多 2^24 个距离）</translation>
    </message>
    <message>
        <source>Heat maps (up to 65536 positions)</source>
        <translation>热力图（最多 65536 个位置）</translation>
    </message>
    <message>
        <source>What to sweep</source>
        <translation>扫描内容</translation>
    </message>
    <message>
        <source>log₂ N</source>
        <translation>log₂ N</translation>
    </message>
    <message>
        <source>N = 2^k distances (curves) or positions (heat maps).</source>
        <translation>N = 2^k 个距离（曲线）或位置（热力图）。</translation>
    </message>
    <message>
        <source>Bases</source>
        <translation>底数</translation>
    </message>
    <message>
        <source>rope_theta values, separated by commas (at most %1).</source>
        <translation>rope_theta 的值，用逗号分隔（最多 %1 个）。</translation>
    </message>
    <message>
        <source>Logarithmic distance axis</source>
        <translation>对数距离坐标</translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation>池化</translation>
    </message>
    <message>
        <source>mean of each block</source>
        <translation>每块取平均</translation>
    </message>
    <message>
        <source>max of each block</source>
        <translation>每块取最大值</translation>
    </message>
    <message>
        <source>the same q and k at every position</source>
        <translation>每个位置使用相同的 q 和 k</translation>
    </message>
    <message>
        <source>random q and k per position</source>
        <translation>每个位置使用随机的 q 和 k</translation>
    </message>
    <message>
        <source>Heat map inputs</source>
        <translation>热力图的输入</translation>
    </message>
    <message>
        <source>Backend</source>
        <translation>计算后端</translation>
    </message>
    <message>
        <source>Run sweep</source>
        <translation>开始扫描</translation>
    </message>
    <message>
        <source>Looking for GPUs…</source>
        <translation>正在查找 GPU…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>base %1</source>
        <translation>底数 %1</translation>
    </message>
    <message>
        <source>Bases: &apos;%1&apos; is not a number</source>
        <translation>底数：“%1”不是数字</translation>
    </message>
    <message>
        <source>Bases: give at least one rope_theta</source>
        <translation>底数：请至少给出一个 rope_theta</translation>
    </message>
    <message>
        <source>Bases: at most %1 at once, got %2</source>
        <translation>底数：一次最多 %1 个，实际给了 %2 个</translation>
    </message>
    <message>
        <source>N = %1</source>
        <translation>N = %1</translation>
    </message>
    <message>
        <source>auto (GPU for large sweeps)</source>
        <translation>自动（大规模扫描使用 GPU）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: unavailable — %2&lt;br&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：不可用——%2&lt;br&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2&lt;br&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2&lt;br&gt;</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>key n — base %1</source>
        <translation>键 n —— 底数 %1</translation>
    </message>
    <message>
        <source>query position m</source>
        <translation>查询位置 m</translation>
    </message>
    <message>
        <source>&lt;p&gt;RoPE&apos;s score for one q and k at distance Δ = m − n is Σ&lt;sub&gt;i&lt;/sub&gt; Re(a&lt;sub&gt;i&lt;/sub&gt; e&lt;sup&gt;iΔθ&lt;sub&gt;i&lt;/sub&gt;&lt;/sup&gt;): a sum of d/2 waves. Over millions of distances the waves never line up the same way twice, and the slowest pair (in plain RoPE its wavelength is 2π·base&lt;sup&gt;(d−2)/d&lt;/sup&gt;) sets how far the pattern keeps changing: a larger base slows the slow pairs and stretches the long-range pattern. At Δ of a few tokens only the fastest pairs have turned much, and they hardly depend on the base (θ&lt;sub&gt;0&lt;/sub&gt; = base&lt;sup&gt;0&lt;/sup&gt; = 1 in plain RoPE), so at small Δ the curves of all bases nearly coincide.&lt;/p&gt;&lt;p&gt;Score curves run up to 2&lt;sup&gt;24&lt;/sup&gt; distances; each pixel column shows the lowest and highest score of the distances it covers, so no peak is lost. On the logarithmic axis a column further right covers more distances, so the band widens: it shows the range of scores reached, not a growing score. Heat maps run up to 65536 positions, pooled to %1 × %1 cells (mean or max of each block) without ever holding N × N scores.&lt;/p&gt;&lt;p&gt;The sweep runs in the background on the chosen backend: the CPU backend computes in double precision; the OpenCL and CUDA backends compute in float32 with the phase reduced exactly, whatever device they run on (an OpenCL device may be a CPU, such as PoCL). Cancel keeps the previous result.&lt;/p&gt;</source>
        <translation>&lt;p&gt;对一组 q 和 k，RoPE 在距离 Δ = m − n 处的注意力分数是 Σ&lt;sub&gt;i&lt;/sub&gt; Re(a&lt;sub&gt;i&lt;/sub&gt; e&lt;sup&gt;iΔθ&lt;sub&gt;i&lt;/sub&gt;&lt;/sup&gt;)：d/2 个波的叠加。在数百万个距离上，这些波永远不会以同样的方式再次对齐；最慢的一对（在普通 RoPE 中，其波长为 2π·base&lt;sup&gt;(d−2)/d&lt;/sup&gt;）决定了图案能持续变化多远：底数越大，慢速分量对越慢，长距离的图案被拉得越长。当 Δ 只有几个词元时，只有最快的几对转过了明显的角度，而它们几乎与底数无关（在普通 RoPE 中 θ&lt;sub&gt;0&lt;/sub&gt; = base&lt;sup&gt;0&lt;/sup&gt; = 1），所以在 Δ 较小时，各个底数的曲线几乎重合。&lt;/p&gt;&lt;p&gt;注意力分数曲线最多计算 2&lt;sup&gt;24&lt;/sup&gt; 个距离；每个像素列显示它所覆盖距离上的最低和最高分数，因此不会漏掉任何峰值。在对数坐标上，越靠右的像素列覆盖的距离越多，所以包络带会变宽：它显示的是分数达到的范围，而不是分数在增大。热力图最多计算 65536 个位置，池化为 %1 × %1 个单元（每块取平均或最大值），从不需要存下 N × N 个分数。&lt;/p&gt;&lt;p&gt;扫描在所选后端上后台运行：CPU 后端以双精度计算；OpenCL 和 CUDA 后端以 float32 计算并精确地约化相位，无论它们运行在什么设备上（OpenCL 设备也可能是 CPU，例如 PoCL）。取消会保留之前的结果。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::T</name>
    <message>
        <source>Computed on %1 in %2 s.</source>
        <translation>在 %1 上计算，用时 %2 秒。</translation>
    </message>
</context>
<context>
    <name>ropelab::ui::TrainingLesson</name>
    <message>
        <source>Open a UTF-8 text file</source>
        <translation>打开一个 UTF-8 文本文件</translation>
    </message>
    <message>
        <source>Train short, test long</source>
        <translation>短训练，长测试</translation>
    </message>
    <message>
        <source>none (NoPE)</source>
        <translation>无（NoPE）</translation>
    </message>
    <message>
        <source>learned</source>
        <translation>可学习</translation>
    </message>
    <message>
        <source>sinusoidal</source>
        <translation>正弦</translation>
    </message>
    <message>
        <source>T5 bias</source>
        <translation>T5 偏置</translation>
    </message>
    <message>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>RoPE + PI (linear)</source>
        <translation>RoPE + PI（线性）</translation>
    </message>
    <message>
        <source>RoPE + NTK (dynamic)</source>
        <translation>RoPE + NTK（动态）</translation>
    </message>
    <message>
        <source>RoPE + YaRN</source>
        <translation>RoPE + YaRN</translation>
    </message>
    <message>
        <source>RoPE + Llama 3</source>
        <translation>RoPE + Llama 3</translation>
    </message>
    <message>
        <source>copy the symbols</source>
        <translation>复制符号</translation>
    </message>
    <message>
        <source>reverse the symbols</source>
        <translation>反转符号</translation>
    </message>
    <message>
        <source>text (next character)</source>
        <translation>文本（下一个字符）</translation>
    </message>
    <message>
        <source>%1 layers, width %2, %3 heads</source>
        <translation>%1 层，宽度 %2，%3 个头</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Model size</source>
        <translation>模型规模</translation>
    </message>
    <message>
        <source>Training length</source>
        <translation>训练长度</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>RoPE base</source>
        <translation>RoPE 底数</translation>
    </message>
    <message>
        <source>Open text file…</source>
        <translation>打开文本文件…</translation>
    </message>
    <message>
        <source>Train the text task on a UTF-8 text file of your own.</source>
        <translation>用你自己的 UTF-8 文本文件训练文本任务。</translation>
    </message>
    <message>
        <source>Text: the built-in GPL 3 text</source>
        <translation>文本：内置的 GPL 3 文本</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Train one model per ticked encoding in the background, each on a thread of its own.</source>
        <translation>在后台为每个勾选的编码训练一个模型，每个模型使用自己的线程。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Training loss of each model</source>
        <translation>每个模型的训练损失</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>training loss (nats)</source>
        <translation>训练损失（奈特）</translation>
    </message>
    <message>
        <source>evaluation length (tokens)</source>
        <translation>评估长度（词元）</translation>
    </message>
    <message>
        <source>RoPE as trained</source>
        <translation>按训练原样的 RoPE</translation>
    </message>
    <message>
        <source> training length</source>
        <translation> 训练长度</translation>
    </message>
    <message>
        <source>&lt;p&gt;Each model is the same small transformer with a different position encoding, trained on the same sequences, at most &lt;i&gt;L&lt;/i&gt; tokens long. Then each is tested on sequences of &lt;i&gt;L&lt;/i&gt;, 1.5&lt;i&gt;L&lt;/i&gt;, 2&lt;i&gt;L&lt;/i&gt; and 4&lt;i&gt;L&lt;/i&gt; tokens. Copy and reverse score the tokens after the separator (accuracy: the share predicted right); text scores every next character (mean loss in nats, lower is better).&lt;/p&gt;&lt;p&gt;Learned positions have one row per training position: a longer sequence &lt;b&gt;cannot run&lt;/b&gt;. The right plot applies lesson 7&apos;s methods to the trained RoPE model at evaluation only, with factor 4 and &lt;i&gt;L&lt;/i&gt; as the original context.&lt;/p&gt;&lt;p&gt;&lt;b&gt;What the papers found.&lt;/b&gt; Press et al. 2022 (ALiBi, Table 2: WikiText-103, 16 layers, trained at 512 tokens), perplexity at 512 / 1012 / 2512 tokens: sinusoidal 20.05 / 43.54 / 132.41, rotary 20.07 / 21.37 / 31.58, T5 bias 19.65 / 18.79 / 20.41, ALiBi 19.73 / 18.73 / 18.41. Chen et al. 2023: a RoPE model extrapolated without training reached perplexity above 10³ beyond its context; with position interpolation it adapted in at most 1000 fine-tuning steps. What a small model shows depends on task, size and steps: the note below says what the run shown measured.&lt;/p&gt;</source>
        <translation>&lt;p&gt;每个模型都是同一个小型 Transformer，只是位置编码不同，在相同的序列上训练，序列最长 &lt;i&gt;L&lt;/i&gt; 个词元。然后分别在 &lt;i&gt;L&lt;/i&gt;、1.5&lt;i&gt;L&lt;/i&gt;、2&lt;i&gt;L&lt;/i&gt; 和 4&lt;i&gt;L&lt;/i&gt; 个词元的序列上测试。复制和反转任务对分隔符之后的词元计分（准确率：预测正确的份额）；文本任务对每个下一个字符计分（平均损失，单位奈特，越低越好）。&lt;/p&gt;&lt;p&gt;可学习位置对每个训练位置只有一行：更长的序列&lt;b&gt;无法运行&lt;/b&gt;。右图只在评估时把第 7 课的方法用于训练好的 RoPE 模型，系数为 4，以 &lt;i&gt;L&lt;/i&gt; 作为原始上下文。&lt;/p&gt;&lt;p&gt;&lt;b&gt;论文的发现。&lt;/b&gt;Press 等人 2022（ALiBi，表 2：WikiText-103，16 层，在 512 个词元上训练），在 512 / 1012 / 2512 个词元处的困惑度：正弦 20.05 / 43.54 / 132.41，旋转 20.07 / 21.37 / 31.58，T5 偏置 19.65 / 18.79 / 20.41，ALiBi 19.73 / 18.73 / 18.41。Chen 等人 2023：不经训练直接外推的 RoPE 模型在其上下文之外困惑度超过 10³；使用位置插值时，最多 1000 步微调即可适应。小模型表现出什么取决于任务、规模和步数：下面的说明给出所显示的运行实际测得的结果。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Tick at least one encoding to train.</source>
        <translation>请至少勾选一种要训练的编码。</translation>
    </message>
    <message>
        <source>%1 stopped: %2</source>
        <translation>%1 已停止：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) trained.</source>
        <translation>
            <numerusform>已训练 %n 个模型。</numerusform>
        </translation>
    </message>
    <message>
        <source>learned: cannot run at %1 tokens</source>
        <translation>可学习：无法在 %1 个词元上运行</translation>
    </message>
    <message>
        <source>mean loss (nats, lower is better)</source>
        <translation>平均损失（奈特，越低越好）</translation>
    </message>
    <message>
        <source>accuracy after the separator</source>
        <translation>分隔符之后的准确率</translation>
    </message>
    <message>
        <source>Each encoding against length, trained at L = %1</source>
        <translation>各编码随长度的变化，训练长度 L = %1</translation>
    </message>
    <message>
        <source>The RoPE model with each method at evaluation</source>
        <translation>评估时应用各方法的 RoPE 模型</translation>
    </message>
    <message>
        <source>No RoPE model in this run</source>
        <translation>本次运行中没有 RoPE 模型</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>无法运行</translation>
    </message>
    <message>
        <source>&lt;b&gt;mean loss&lt;/b&gt;</source>
        <translation>&lt;b&gt;平均损失&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;accuracy&lt;/b&gt;</source>
        <translation>&lt;b&gt;准确率&lt;/b&gt;</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>在 %1</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>reverse</source>
        <translation>反转</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Shown: the recorded default run</source>
        <translation>显示：录制的默认运行</translation>
    </message>
    <message>
        <source>Shown: your last run</source>
        <translation>显示：你上一次的运行</translation>
    </message>
    <message>
        <source>%1 task, %2 layers, width %3, %4 heads, trained at L = %5 for %6 steps, seed %7, RoPE base %8.</source>
        <translation>%1 任务，%2 层，宽度 %3，%4 个头，在 L = %5 上训练 %6 步，种子 %7，RoPE 底数 %8。</translation>
    </message>
    <message>
        <source>At %1 tokens (4L) the lowest loss in this run: %2, %3.</source>
        <translation>在 %1 个词元（4L）处，本次运行的最低损失：%2，%3。</translation>
    </message>
    <message>
        <source>At %1 tokens (4L) the highest accuracy in this run: %2, %3.</source>
        <translation>在 %1 个词元（4L）处，本次运行的最高准确率：%2，%3。</translation>
    </message>
    <message>
        <source>Press Train to train these models yourself (about a minute per model on one core).</source>
        <translation>按“训练”自己训练这些模型（单核上每个模型约一分钟）。</translation>
    </message>
    <message numerus="yes">
        <source>Training %n model(s), %1 at a time…</source>
        <translation>
            <numerusform>正在训练 %n 个模型，每次 %1 个…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 models finished and are shown.</source>
        <translation>%2 个模型中已有 %1 个完成并显示。</translation>
    </message>
    <message>
        <source>Fine-tune at 2L</source>
        <translation>在 2L 上微调</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>After training, fine-tune the RoPE model at twice the training length for this many steps, once as it is and once with Position Interpolation (factor 2).</source>
        <translation>训练结束后，在两倍训练长度上把 RoPE 模型微调这么多步，一次保持原样，一次使用位置插值（因子 2）。</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Look inside the models</source>
        <translation>看看模型内部</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>RoPE fine-tuned</source>
        <translation>微调后的 RoPE</translation>
    </message>
    <message>
        <source>RoPE fine-tuned with PI</source>
        <translation>用 PI 微调的 RoPE</translation>
    </message>
    <message>
        <source>key position</source>
        <translation>键的位置</translation>
    </message>
    <message>
        <source>query position</source>
        <translation>查询的位置</translation>
    </message>
    <message>
        <source>attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>wavelength 2π/θᵢ (positions)</source>
        <translation>波长 2π/θᵢ（位置）</translation>
    </message>
    <message>
        <source>norm of the pair&apos;s two rows</source>
        <translation>该对两行的范数</translation>
    </message>
    <message>
        <source>query projection</source>
        <translation>查询投影</translation>
    </message>
    <message>
        <source>key projection</source>
        <translation>键投影</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Fine-tuning&lt;/b&gt; (when its steps are set): the trained RoPE model trains on for those steps at 2&lt;i&gt;L&lt;/i&gt;, once as it is and once with Position Interpolation (positions divided by 2, so 2&lt;i&gt;L&lt;/i&gt; spans the trained range); both are tested as above, in the right plot.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Look inside&lt;/b&gt; (Show): one head&apos;s attention weights on a sequence of 2&lt;i&gt;L&lt;/i&gt; tokens, and for the RoPE model the norm of each pair&apos;s rows of W&lt;sub&gt;q&lt;/sub&gt; and W&lt;sub&gt;k&lt;/sub&gt; against the pair&apos;s wavelength, as in lesson 12. Only models trained in this session can be looked inside: a saved run keeps their numbers, not their weights.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;微调&lt;/b&gt;（设置了步数时）：训练好的 RoPE 模型在 2&lt;i&gt;L&lt;/i&gt; 上继续训练这些步，一次保持原样，一次使用位置插值（位置除以 2，使 2&lt;i&gt;L&lt;/i&gt; 落在训练过的范围内）；两者都按上面的方式测试，画在右图中。&lt;/p&gt;&lt;p&gt;&lt;b&gt;看看模型内部&lt;/b&gt;（显示）：一个头在 2&lt;i&gt;L&lt;/i&gt; 个词元的序列上的注意力权重；对 RoPE 模型，还有每一对在 W&lt;sub&gt;q&lt;/sub&gt; 和 W&lt;sub&gt;k&lt;/sub&gt; 中两行的范数与该对波长的关系，与第 12 课相同。只有本次会话中训练的模型才能查看内部：保存的运行只保留它们的数字，不保留权重。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The RoPE model: each method, and fine-tuned at 2L</source>
        <translation>RoPE 模型：各种方法，以及在 2L 上微调</translation>
    </message>
    <message>
        <source>Mean loss at %1 tokens (2L): RoPE as trained %2; fine-tuned there for %3 steps %4, with PI %5.</source>
        <translation>%1 个词元（2L）处的平均损失：训练后的 RoPE 为 %2；在该长度微调 %3 步后为 %4，使用 PI 为 %5。</translation>
    </message>
    <message>
        <source>Accuracy at %1 tokens (2L): RoPE as trained %2; fine-tuned there for %3 steps %4, with PI %5.</source>
        <translation>%1 个词元（2L）处的准确率：训练后的 RoPE 为 %2；在该长度微调 %3 步后为 %4，使用 PI 为 %5。</translation>
    </message>
    <message>
        <source>No trained model to look inside</source>
        <translation>没有可查看内部的已训练模型</translation>
    </message>
    <message>
        <source>The run shown keeps the numbers of its models, not their weights (the recorded run, or a run of an earlier session). Press Train: the models you train can be looked inside here.</source>
        <translation>显示的运行只保留模型的数字，不保留权重（录制的运行，或之前会话的运行）。按“训练”：你训练的模型可以在这里查看内部。</translation>
    </message>
    <message>
        <source>Attention weights: %1, layer %2, head %3</source>
        <translation>注意力权重：%1，第 %2 层，第 %3 个头</translation>
    </message>
    <message>
        <source>one %1 sequence of %2 tokens (2L); dashed: L = %3</source>
        <translation>一个 %2 个词元（2L）的%1序列；虚线：L = %3</translation>
    </message>
    <message>
        <source>Each row is a query, each column a key it may attend to (earlier positions only). Queries and keys beyond the dashed lines sit at positions the model never saw in training.</source>
        <translation>每一行是一个查询，每一列是它可以关注的一个键（只有更早的位置）。虚线之外的查询和键位于模型在训练中从未见过的位置。</translation>
    </message>
    <message>
        <source>The learned model cannot run at %1 tokens: its table has %2 rows.</source>
        <translation>可学习位置模型无法在 %1 个词元上运行：它的表只有 %2 行。</translation>
    </message>
    <message>
        <source>Which pairs the RoPE model uses: layer %1, head %2</source>
        <translation>RoPE 模型使用哪些对：第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <source>In layer %1, head %2 of the RoPE model, pairs whose wavelength exceeds L = %3 (they turn less than once within it) hold %4% of ‖q rows‖·‖k rows‖.</source>
        <translation>在 RoPE 模型的第 %1 层第 %2 个头中，波长超过 L = %3 的对（在其中转不到一圈）占 ‖q 行‖·‖k 行‖ 的 %4%。</translation>
    </message>
    <message>
        <source>No trained RoPE model to look inside</source>
        <translation>没有可查看内部的已训练 RoPE 模型</translation>
    </message>
    <message>
        <source>no temporary folder for the RoPE model&apos;s file</source>
        <translation>无法为 RoPE 模型的文件创建临时文件夹</translation>
    </message>
</context>
</TS>
