<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ropelab::ui::AtomicWrite</name>
    <message>
        <source>Could not write %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file name is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a folder with that name exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>permission denied (you cannot write to the folder %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>permission denied (the file is read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the disk is read-only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file name is too long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the disk reported an input/output error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ClassroomFeatures</name>
    <message>
        <source>usage: ropelab [FILE.ropelab] [--lang en|zh_CN] [--presenter] [--theme light|dark]; ropelab export --help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--lang: unknown language &apos;%1&apos;; use en or zh_CN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--theme: use light or dark, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos; (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only one session file can be opened (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export figures…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save figures as PNG, SVG, PDF or CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Presenter mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Large text, thick lines and less chrome for a projector (F5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plot &amp;text size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Larger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Smaller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset (follow the system)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plot of the lesson “%1”. Context menu: export this figure or copy it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export this figure…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not create the folder %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Exported %n file(s) to %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 files could not be written; no partial files were left.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ExportDialog</name>
    <message>
        <source>Choose at least one format.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a folder for the files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This figure (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All figures of this lesson (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every figure of every lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raster image at the chosen size and DPI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vector drawing for slides and web pages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vector page for print and LaTeX</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plotted numbers, one row per point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Height</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;DPI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dots per inch: text keeps its point size, so a higher DPI is sharper, not smaller.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As on screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>White (light colours)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transparent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each figure: %1 × %2 pixels, %3 × %4 cm at %5 DPI.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder for the exported figures</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ExportOptions</name>
    <message>
        <source>DPI must be between %1 and %2 (got %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The figure size must be at least 16 × 16 pixels.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The figure would be %1 × %2 pixels; the largest allowed is %3 per side.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::FigureExport</name>
    <message>
        <source>Figure exported from RoPE Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not render the figure as %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::FrequenciesLesson</name>
    <message>
        <source>Score curves: %1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score curves computed in %1 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model presets are missing from this build (:/presets/models.json).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a HuggingFace config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HuggingFace config (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frequencies and context extension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Pair &lt;i&gt;i&lt;/i&gt; turns by θ&lt;sub&gt;i&lt;/sub&gt; per token; its &lt;b&gt;wavelength&lt;/b&gt; λ&lt;sub&gt;i&lt;/sub&gt; = 2π/θ&lt;sub&gt;i&lt;/sub&gt; is how many tokens one full turn takes. In pre-training (context L&lt;sub&gt;0&lt;/sub&gt;) pairs with λ&lt;sub&gt;i&lt;/sub&gt; &amp;lt; L&lt;sub&gt;0&lt;/sub&gt; showed the model every angle; pairs with λ&lt;sub&gt;i&lt;/sub&gt; &amp;gt; L&lt;sub&gt;0&lt;/sub&gt; never completed a turn, so positions beyond L&lt;sub&gt;0&lt;/sub&gt; give them angles it has never seen.&lt;/p&gt;&lt;p&gt;Context extension slows pairs down, θ&lt;sub&gt;i&lt;/sub&gt; → θ&lt;sub&gt;i&lt;/sub&gt;/s&lt;sub&gt;i&lt;/sub&gt; (right plot: s&lt;sub&gt;i&lt;/sub&gt;):&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;linear&lt;/b&gt; (position interpolation): every pair by factor, the fast pairs that tell neighbours apart too.&lt;/li&gt;&lt;li&gt;&lt;b&gt;dynamic&lt;/b&gt; (NTK): raises the base once the sequence outgrows max_position_embeddings: fast pairs barely change, slow pairs slow most.&lt;/li&gt;&lt;li&gt;&lt;b&gt;yarn&lt;/b&gt;: keeps pairs that turn more than beta_fast times in L&lt;sub&gt;0&lt;/sub&gt;, divides those turning fewer than beta_slow times by factor, blends in between, and scales cos and sin by the attention factor (0.1·ln factor + 1).&lt;/li&gt;&lt;li&gt;&lt;b&gt;llama3&lt;/b&gt;: the same by wavelength: λ &amp;lt; L&lt;sub&gt;0&lt;/sub&gt;/high_freq_factor kept, λ &amp;gt; L&lt;sub&gt;0&lt;/sub&gt;/low_freq_factor divided by factor.&lt;/li&gt;&lt;li&gt;&lt;b&gt;longrope&lt;/b&gt;: a searched factor per pair (short_factor up to L&lt;sub&gt;0&lt;/sub&gt;, long_factor beyond).&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;A is the shared configuration (the parameter panel edits it too); tick &lt;b&gt;Compare&lt;/b&gt; to set B beside it.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wavelength of each pair against the context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair index i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wavelength 2π/θ_i (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A unscaled (rope_type default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much each pair is slowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s_i = θ_i(default) / θ_i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score q·k against distance (min and max per pixel column)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>distance m − n (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score q·k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>÷ factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with configuration B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A (shared)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import config.json…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read rope_theta, rope_scaling and the head size from a HuggingFace config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1 into configuration %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model presets unavailable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: &lt;a href=&quot;%1&quot;&gt;%1&lt;/a&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: trained context L₀ = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: max_position_embeddings = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score curves: computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rope_type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rotating pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trained context L₀</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs blended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs ÷ factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs with no full turn in L₀</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN correction range (pairs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 … %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3 kept below / divided above λ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::LatestJob</name>
    <message>
        <source>Invalid parameter: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too large to compute: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compute this view: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::LessonPage</name>
    <message>
        <source>Problem</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid parameter: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too large to compute: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compute this view: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::MainWindow</name>
    <message>
        <source>RoPE Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About RoPE Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About RoPE Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;RoPE Lab %1&lt;/h3&gt;&lt;p&gt;How transformers know word order: positional encodings, from learned tables to rotary position embeddings (RoPE), computed exactly and shown step by step.&lt;/p&gt;&lt;p&gt;Plots by QCustomPlot; built with Qt %2.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::OrderLesson</name>
    <message>
        <source>Why order matters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;狗追猪 means “the dog chases the pig”; 猪追狗 means “the pig chases the dog”. Same words, opposite meaning.&lt;/p&gt;&lt;p&gt;Self-attention scores every pair of tokens by q·k = (xW&lt;sub&gt;Q&lt;/sub&gt;)·(xW&lt;sub&gt;K&lt;/sub&gt;), turns each row of scores into softmax weights and mixes the values xW&lt;sub&gt;V&lt;/sub&gt;. Nothing in this looks at where a token stands: reorder the tokens and the weights and outputs are reordered the same way (permutation equivariance). Without position information each word gets exactly the same output in both sentences — the crosses sit on the discs — and the model cannot tell who chases whom.&lt;/p&gt;&lt;p&gt;Add position information — a sinusoidal vector added to each embedding, or RoPE turning q and k by their positions — and the outputs move when the order changes.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each word&apos;s attention output (d_value = 2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output component 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output component 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>狗追猪 (the dog chases the pig)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention weights softmax(q·k/√d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Move left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the selected word one place earlier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move right ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the selected word one place later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reverse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Word order; drag to reorder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag a word to reorder the sentence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No position information</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sinusoidal encoding added to x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE on q and k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position information</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (your order)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same output for every word: attention cannot see the order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outputs moved by up to %1: the order is visible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 (up to rounding)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;Largest change of a word&apos;s output: &lt;b&gt;%1&lt;/b&gt;&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ParameterHistory</name>
    <message>
        <source>Change head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change RoPE scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change pair layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change random vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change parameters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::ParameterPanel</name>
    <message>
        <source>Head dimension d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Components per attention head; RoPE rotates them in d/2 pairs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base (rope_theta)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>θ_i = base^(−2i/d): a larger base makes the slow pairs slower.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pair layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Half-split (i, i + d/2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interleaved (2i, 2i + 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Positions 0 … N − 1 shown by the lessons.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query position m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key position n</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::PitfallLesson</name>
    <message>
        <source>The pitfall: a matrix that is not a rotation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;The seed text&apos;s sample code adds PE[&lt;i&gt;p&lt;/i&gt;, &lt;i&gt;j&lt;/i&gt;] = cos(&lt;i&gt;p&lt;/i&gt;·&lt;i&gt;j&lt;/i&gt;·0.01) to x and then multiplies by M[&lt;i&gt;i&lt;/i&gt;, &lt;i&gt;j&lt;/i&gt;] = cos(&lt;i&gt;i&lt;/i&gt;·&lt;i&gt;j&lt;/i&gt;·0.01). M is the same for every position, and it is &lt;b&gt;not a rotation&lt;/b&gt;: a rotation has all singular values equal to 1 and keeps every length, M stretches some directions and nearly erases others. Position enters only through the added vector, so the score (x&lt;sub&gt;m&lt;/sub&gt; + PE&lt;sub&gt;m&lt;/sub&gt;)M · (x&lt;sub&gt;n&lt;/sub&gt; + PE&lt;sub&gt;n&lt;/sub&gt;)M depends on &lt;i&gt;m&lt;/i&gt; and &lt;i&gt;n&lt;/i&gt; separately: its heat map changes along the diagonals &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt; = const.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Correct RoPE&lt;/b&gt; adds nothing. It turns pair &lt;i&gt;i&lt;/i&gt; of q and k by &lt;i&gt;p&lt;/i&gt;·θ&lt;sub&gt;i&lt;/sub&gt;, θ&lt;sub&gt;i&lt;/sub&gt; = base&lt;sup&gt;−2i/d&lt;/sup&gt;, after the q/k projections:&lt;/p&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Half-split&lt;/b&gt; (GPT-NeoX, HF Llama): pairs (&lt;i&gt;i&lt;/i&gt;, &lt;i&gt;i&lt;/i&gt; + d/2); out = x·cos(&lt;i&gt;p&lt;/i&gt;θ) + rotate_half(x)·sin(&lt;i&gt;p&lt;/i&gt;θ), rotate_half(x) = [−x&lt;sub&gt;d/2…d−1&lt;/sub&gt;, x&lt;sub&gt;0…d/2−1&lt;/sub&gt;].&lt;/li&gt;&lt;li&gt;&lt;b&gt;Interleaved&lt;/b&gt; (RoFormer, GPT-J, Meta Llama): pairs (2&lt;i&gt;i&lt;/i&gt;, 2&lt;i&gt;i&lt;/i&gt;+1); out&lt;sub&gt;2i&lt;/sub&gt; = x&lt;sub&gt;2i&lt;/sub&gt;cos − x&lt;sub&gt;2i+1&lt;/sub&gt;sin, out&lt;sub&gt;2i+1&lt;/sub&gt; = x&lt;sub&gt;2i+1&lt;/sub&gt;cos + x&lt;sub&gt;2i&lt;/sub&gt;sin.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Then R(&lt;i&gt;m&lt;/i&gt;)q · R(&lt;i&gt;n&lt;/i&gt;)k = q · R(&lt;i&gt;n&lt;/i&gt; − &lt;i&gt;m&lt;/i&gt;)k: the score depends on &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt; alone, and the heat map is constant along every diagonal.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed code: score(m, n)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correct RoPE: score(m, n)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key position n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query position m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>f(q, m) · f(k, n)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Singular values of the position map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank k (largest first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>singular value σ_k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed code M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE R(p)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does the map keep lengths?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>‖f(x, p)‖ / ‖x‖</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed code (x + PE[p])·M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE R(p)·x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the seed text&apos;s d_model = 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed code&apos;s example runs with d_model = 2: M = [[1, 1], [1, cos 0.01]] is almost singular.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diagonal deviation (m, n &amp;lt; %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest singular value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>smallest singular value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimensions kept (numerical rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>‖f(x, p)‖ / ‖x‖ over p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 … %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Diagonal deviation: max over diagonals m − n = const of (max − min) score, divided by the largest |score|; 0 means the score is relative.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::Rope2dLesson</name>
    <message>
        <source>RoPE in 2D: rotating pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;RoPE splits q and k into d/2 pairs and turns pair &lt;i&gt;i&lt;/i&gt; by the angle &lt;i&gt;p&lt;/i&gt;·θ&lt;sub&gt;i&lt;/sub&gt;, where &lt;i&gt;p&lt;/i&gt; is the token&apos;s position and θ&lt;sub&gt;i&lt;/sub&gt; = base&lt;sup&gt;−2i/d&lt;/sup&gt;.&lt;/p&gt;&lt;p&gt;Here is one pair: q at position &lt;i&gt;m&lt;/i&gt; is turned by &lt;i&gt;m&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt;, k at position &lt;i&gt;n&lt;/i&gt; by &lt;i&gt;n&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt; (dashed: before turning). Their dot product depends only on the angle between them, which changes by (&lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt;)θ&lt;sub&gt;i&lt;/sub&gt;; summed over all pairs, q·k depends on &lt;i&gt;m&lt;/i&gt; − &lt;i&gt;n&lt;/i&gt; alone.&lt;/p&gt;&lt;p&gt;Press &lt;b&gt;Shift both&lt;/b&gt;: both arrows turn by the same angle and q·k stays the same. Small &lt;i&gt;i&lt;/i&gt; turn fast (θ&lt;sub&gt;0&lt;/sub&gt; = 1 radian per token) and tell neighbours apart; large &lt;i&gt;i&lt;/i&gt; turn slowly and carry long-range information.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score q·k against the distance m − n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relative distance m − n (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score qₘ·kₙ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q·k, all pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair i only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pair index i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which pair of components to draw; θ_i = base^(−2i/d).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play or pause the position animation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>advance m only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>advance m and n together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the animation moves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◀ Shift both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>m − 1 and n − 1: the same distance, so the same q·k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift both ▶</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>m + 1 and n + 1: the same distance, so the same q·k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Positions cannot go below 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>angle from k to q: %1°</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pair %1 of q and k on the unit circle (θ%2 = %3 rad/token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>component %1 (first of pair %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>component %1 (second of pair %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>m − n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>θ&lt;sub&gt;%1&lt;/sub&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rad/token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>period of pair %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>turn of q: mθ&lt;sub&gt;i&lt;/sub&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rad</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>turn of k: nθ&lt;sub&gt;i&lt;/sub&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>angle from k to q</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>|q&lt;sub&gt;pair&lt;/sub&gt;|, |k&lt;sub&gt;pair&lt;/sub&gt;|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair %1 part of q·k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q·k, all %1 pairs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::RopeConfigEditor</name>
    <message>
        <source>How the frequencies are scaled for a longer context.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Components per attention head.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fraction of the head that rotates (GPT-NeoX rotary_pct); the rest passes through.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The base: θ_i = rope_theta^(−2i/d).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The context length the model is used at.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much longer the new context is than the trained one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The context length the model was pre-trained at (unchecked: max_position_embeddings).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The current sequence length at run time (dynamic: raises the base beyond the trained length; longrope: long factors beyond it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN: pairs turning more than beta_fast times in the trained context keep their frequency.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN: pairs turning fewer than beta_slow times are divided by factor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN (DeepSeek): attention temperature numerator.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN (DeepSeek): attention temperature denominator.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multiplies cos and sin (unchecked: the method&apos;s default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>YaRN: round the correction range to whole pairs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3: wavelengths above original / low_freq_factor are divided by factor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3: wavelengths below original / high_freq_factor are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set this key (unchecked: absent from the config)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set this key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: load a preset or a config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 short + %2 long values (from a preset or config.json)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::RopeNdLesson</name>
    <message>
        <source>RoPE in n-D: the spiral</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;In d dimensions RoPE turns all d/2 pairs at once, pair &lt;i&gt;i&lt;/i&gt; by the angle &lt;i&gt;p&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt; with θ&lt;sub&gt;i&lt;/sub&gt; = base&lt;sup&gt;−2i/d&lt;/sup&gt;. The clocks show the hands at position &lt;i&gt;p&lt;/i&gt; (the query position m): pair 0 turns one radian per token, every later pair slower by the factor base&lt;sup&gt;2/d&lt;/sup&gt;, and the last pairs hardly move within the sequence — a clock with d/2 hands, one angle combination per position.&lt;/p&gt;&lt;p&gt;One vector x turned to every position, R(x, &lt;i&gt;p&lt;/i&gt;) for &lt;i&gt;p&lt;/i&gt; = 0 … N − 1, traces a path in d dimensions: each pair circles at its own speed, so the path winds round a torus. It is shown in three chosen components or along its three principal directions; drag it to turn it. For one pair, (cos &lt;i&gt;p&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt;, sin &lt;i&gt;p&lt;/i&gt;θ&lt;sub&gt;i&lt;/sub&gt;, &lt;i&gt;p&lt;/i&gt;) is a helix that climbs one wavelength 2π/θ&lt;sub&gt;i&lt;/sub&gt; per turn.&lt;/p&gt;&lt;p&gt;The layout only decides which components form a pair: half-split pairs i with i + d/2 (GPT-NeoX, HF Llama), interleaved pairs 2i with 2i + 1 (RoFormer, GPT-J, Meta Llama). The angles are the same.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which components rotate together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>component index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pair index i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The pair drawn as a helix and highlighted in the clocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Principal components of the path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chosen components a, b, c</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coordinates of the 3D path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Component a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Component b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Component c</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn (yaw)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or drag the 3D views sideways</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tilt (pitch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Or drag the 3D views up and down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hands at position p = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>half-split: pair i = (i, i + d/2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved: pair i = (2i, 2i + 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first %1 of %2 pairs drawn; pair %3 highlighted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair %1 highlighted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PC%1 (%2%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>x[%1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cos pθ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sin pθ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R(x, p), p = 0 … %1
(drag to turn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Helix of pair %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>θ&lt;sub&gt;%1&lt;/sub&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rad/token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wavelength 2π/θ&lt;sub&gt;%1&lt;/sub&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>turns so far, pθ/2π</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hand angle (mod 360°)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowest pair θ&lt;sub&gt;%1&lt;/sub&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::SessionController</name>
    <message>
        <source>Open session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE Lab sessions (*.%1);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1

Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session opened with notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save the session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE Lab sessions (*.%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent sessions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load lesson, parameters and views from a .ropelab file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the lesson, every parameter and the views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE Lab</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ropelab::ui::SessionFile</name>
    <message>
        <source>a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a list of numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not usable: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (unknown to this version)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This session was saved by a newer RoPE Lab%1 in format %2; this version reads format %3 and loaded what it understands.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This session was saved by an older RoPE Lab%1 in format %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ignored: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not in the file, so the current values were kept: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything in the session was loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything else was loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is not valid JSON (%1 at byte %2); it may be damaged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is not a RoPE Lab session (it lacks &quot;format&quot;: &quot;%1&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session&apos;s &quot;version&quot; must be a whole number from 1 up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lesson &quot;%1&quot; (no such lesson in this version)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session cannot be used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lessons.%1 (no such lesson in this version)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session cannot be used: lessons.%1 must be an object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session&apos;s parameters are not valid: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
