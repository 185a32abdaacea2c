// SPDX-License-Identifier: GPL-3.0-or-later
// Export: every lesson's figures in every format are valid and not blank; sizes, DPI and
// backgrounds follow the options; CSV reads the plotted data generically; failed writes leave no
// file and say why; the headless `ropelab export` writes what it prints and rejects bad input.
#include <gtest/gtest.h>
#include <qcustomplot.h>
#include <unistd.h>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QSettings>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <memory>

#include "common/build_info.h"
#include "export/export_command.h"
#include "export/export_dialog.h"
#include "export/figure_export.h"
#include "export/plot_csv.h"
#include "lesson_harness.h"
#include "lessons/lesson_registry.h"
#include "lessons/session_file.h"
#include "model/atomic_write.h"
#include "model/parameter_model.h"
#include "style/theme_controller.h"
#include "widgets/plot_helpers.h"

namespace ropelab::ui {
namespace {

using testing::AllLessons;

ExportOptions smallFigure() {
    ExportOptions options;
    options.size = QSizeF(480, 320);
    return options;
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return file.readAll();
}

int distinctColours(const QImage& image) {
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3) colours.insert(image.pixel(x, y));
    }
    return static_cast<int>(colours.size());
}

// csvHeader: the first line of a CSV, the plotted points' unless the figure has its own table.
void expectValidFile(const QString& path,
                     const QByteArray& csvHeader = QByteArrayLiteral("series,kind,x,y,z\r")) {
    SCOPED_TRACE(path.toStdString());
    const QByteArray bytes = readAll(path);
    ASSERT_FALSE(bytes.isEmpty());
    if (path.endsWith(QLatin1String(".png"))) {
        QImage image;
        ASSERT_TRUE(image.loadFromData(bytes, "PNG"));
        EXPECT_EQ(image.size(), QSize(480, 320));
        // Axes, text and data: far more than a blank page's one colour.
        EXPECT_GT(distinctColours(image), 8);
    } else if (path.endsWith(QLatin1String(".svg"))) {
        QXmlStreamReader xml(bytes);
        int elements = 0;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement) ++elements;
        }
        EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString();
        EXPECT_GT(elements, 20);
        EXPECT_TRUE(QSvgRenderer(bytes).isValid());
    } else if (path.endsWith(QLatin1String(".pdf"))) {
        EXPECT_TRUE(bytes.startsWith("%PDF-"));
        EXPECT_TRUE(bytes.trimmed().endsWith("%%EOF"));
        EXPECT_TRUE(bytes.contains("/Type /Page\n") || bytes.contains("/Type /Page\r") ||
                    bytes.contains("/Type /Page "));
        EXPECT_TRUE(bytes.contains("/MediaBox"));
    } else if (path.endsWith(QLatin1String(".csv"))) {
        const QList<QByteArray> lines = bytes.split('\n');
        EXPECT_EQ(lines.first(), csvHeader);
        EXPECT_GE(lines.size(), 3) << "a header and at least one data row";
    }
}

// One test per lesson (by teaching position), so each stays short; positions past the last
// lesson skip, and the guard below fails when lessons outgrow the range.
constexpr int kMaxLessons = 16;

class EveryLesson : public ::testing::TestWithParam<int> {};

TEST_P(EveryLesson, ExportsEveryFigureInEveryFormatValidAndNotBlank) {
    AllLessons app;
    if (GetParam() >= static_cast<int>(app.owned.size())) GTEST_SKIP() << "no lesson here";
    Lesson& lesson = *app.owned[static_cast<std::size_t>(GetParam())];
    SCOPED_TRACE(lesson.id().toStdString());
    ASSERT_FALSE(lesson.figures().isEmpty());
    QTemporaryDir dir;
    FigureExporter exporter(app.theme);
    const QList<WriteResult> results =
        exporter.exportLesson(lesson, dir.path(), allExportFormats(), smallFigure());
    const QList<Figure> shown = shownFigures(lesson);
    ASSERT_FALSE(shown.isEmpty());
    ASSERT_EQ(results.size(), shown.size() * 4);
    for (const WriteResult& result : results) {
        ASSERT_TRUE(result.ok()) << result.error.toStdString();
        QByteArray header("series,kind,x,y,z\r");
        for (const Figure& figure : shown) {
            // A figure's own table is written as it gives it.
            const QString csv = figureFileName(lesson.id(), figure.name, ExportFormat::Csv);
            if (figure.table && result.path.endsWith(csv)) {
                EXPECT_EQ(readAll(result.path), figure.table());
                header = figure.table().split('\n').first();
            }
        }
        expectValidFile(result.path, header);
    }
    for (const Figure& figure : shown) {
        for (ExportFormat format : allExportFormats()) {
            EXPECT_TRUE(
                QFileInfo::exists(dir.filePath(figureFileName(lesson.id(), figure.name, format))));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Export, EveryLesson, ::testing::Range(0, kMaxLessons));

TEST(Export, EveryLessonIsCoveredByTheParameterisedTest) {
    AllLessons app;
    EXPECT_LE(static_cast<int>(app.owned.size()), kMaxLessons);
}

TEST(Export, CentimetresAndDpiSetPixelsAndPhysicalSize) {
    AllLessons app;
    const Lesson& lesson = *app.owned.front();
    ExportOptions options;
    options.unit = SizeUnit::Centimetres;
    options.size = QSizeF(10.0, 5.0);
    options.dpi = 254.0;  // 100 pixels per centimetre
    EXPECT_EQ(options.outputPixels(), QSize(1000, 500));
    QTemporaryDir dir;
    FigureExporter exporter(app.theme);
    const QList<WriteResult> results =
        exporter.exportFigure(lesson.id(), lesson.figures().front(), dir.path(),
                              {ExportFormat::Png, ExportFormat::Pdf}, options);
    ASSERT_TRUE(results[0].ok()) << results[0].error.toStdString();
    QImage image(results[0].path);
    EXPECT_EQ(image.size(), QSize(1000, 500));
    EXPECT_EQ(image.dotsPerMeterX(), 10000);
    // 10 cm = 283.46 pt wide: the PDF page is the figure's physical size (whole points).
    const QByteArray pdf = readAll(results[1].path);
    EXPECT_TRUE(pdf.contains("/MediaBox [0 0 283") || pdf.contains("/MediaBox [0 0 284"))
        << pdf.mid(pdf.indexOf("/MediaBox"), 40).toStdString();
}

TEST(Export, WhiteBackgroundFromDarkThemeAndThemeRestored) {
    AllLessons app;
    app.theme.setTheme(PlotTheme::darkTheme());
    const Lesson& lesson = *app.owned.front();
    QTemporaryDir dir;
    FigureExporter exporter(app.theme);
    ExportOptions options = smallFigure();
    options.background = ExportBackground::White;
    const WriteResult white = exporter.exportFigure(lesson.id(), lesson.figures().front(),
                                                    dir.path(), {ExportFormat::Png}, options)[0];
    ASSERT_TRUE(white.ok());
    EXPECT_EQ(QImage(white.path).pixel(1, 1), qRgb(255, 255, 255));
    EXPECT_TRUE(app.theme.theme().dark) << "the app's theme comes back after the export";

    options.background = ExportBackground::Theme;
    const WriteResult themed = exporter.exportFigure(lesson.id(), lesson.figures().front(),
                                                     dir.path(), {ExportFormat::Png}, options)[0];
    EXPECT_EQ(QImage(themed.path).pixel(1, 1), PlotTheme::darkTheme().background.rgb());

    options.background = ExportBackground::Transparent;
    const WriteResult clear = exporter.exportFigure(lesson.id(), lesson.figures().front(),
                                                    dir.path(), {ExportFormat::Png}, options)[0];
    EXPECT_EQ(qAlpha(QImage(clear.path).pixel(1, 1)), 0);
}

TEST(Export, CsvReadsEveryPlottableKindAndPlotCoordinateItems) {
    QCustomPlot plot;
    QCPGraph* graph = plot.addGraph();
    graph->setName(QStringLiteral("score, \"all\" pairs"));
    graph->setData({-1.0, 0.0}, {0.5, 0.1});
    auto* curve = new QCPCurve(plot.xAxis, plot.yAxis);
    curve->setName(QStringLiteral("circle"));
    curve->setData({0.0, 1.0}, {1.0, 0.0}, {0.0, 1.0});  // t, x, y: drawing order kept
    auto* bars = new QCPBars(plot.xAxis, plot.yAxis);
    bars->setName(QStringLiteral("norms"));
    bars->setData({3.0}, {2.25});
    auto* map = new QCPColorMap(plot.xAxis, plot.yAxis);
    map->setName(QStringLiteral("heat"));
    map->data()->setSize(2, 1);
    map->data()->setRange(QCPRange(0, 1), QCPRange(5, 5));
    map->data()->setCell(0, 0, 1.5);
    map->data()->setCell(1, 0, -2.0);
    auto* arrow = new QCPItemLine(&plot);
    arrow->setHead(QCPLineEnding::esSpikeArrow);
    arrow->setObjectName(QStringLiteral("q"));
    arrow->start->setCoords(0, 0);
    arrow->end->setCoords(0.6, 0.8);
    auto* hidden = plot.addGraph();
    hidden->setData({9.0}, {9.0});
    hidden->setVisible(false);

    const QByteArray expected =
        "series,kind,x,y,z\r\n"
        "\"score, \"\"all\"\" pairs\",graph,-1,0.5,\r\n"
        "\"score, \"\"all\"\" pairs\",graph,0,0.1,\r\n"
        "circle,curve,1,0,\r\n"
        "circle,curve,0,1,\r\n"
        "norms,bars,3,2.25,\r\n"
        "heat,colormap,0,5,1.5\r\n"
        "heat,colormap,1,5,-2\r\n"
        "q,arrow,0,0,\r\n"
        "q,arrow,0.6,0.8,\r\n";
    EXPECT_EQ(plotDataCsv(plot).toStdString(), expected.toStdString());
}

TEST(Export, WriteIntoMissingFolderLeavesNoFileAndSaysWhy) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("no-such-folder/figure.png"));
    const WriteResult result = writeFileAtomically(path, "data");
    EXPECT_FALSE(result.ok());
    EXPECT_TRUE(result.error.contains(QStringLiteral("does not exist")))
        << result.error.toStdString();
    EXPECT_FALSE(QFileInfo::exists(path));
}

TEST(Export, WriteWithoutPermissionLeavesNoFileAndSaysWhy) {
    QTemporaryDir dir;
    QString folder = dir.filePath(QStringLiteral("locked"));
    ASSERT_TRUE(QDir().mkpath(folder));
    QFile::setPermissions(folder, QFile::ReadOwner | QFile::ExeOwner);
    // Root ignores permission bits; sysfs refuses new files even to root.
    if (geteuid() == 0) folder = QStringLiteral("/sys");
    const QString path = QDir(folder).filePath(QStringLiteral("ropelab-figure.png"));
    const WriteResult result = writeFileAtomically(path, "data");
    QFile::setPermissions(dir.filePath(QStringLiteral("locked")),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    EXPECT_FALSE(result.ok());
    EXPECT_TRUE(result.error.contains(QStringLiteral("permission denied")))
        << result.error.toStdString();
    EXPECT_FALSE(QFileInfo::exists(path));
    EXPECT_TRUE(QDir(folder).entryList({QStringLiteral("*ropelab-figure*")}, QDir::Files).isEmpty())
        << "no temporary file left behind";
}

TEST(Export, FailedWriteKeepsTheEarlierFile) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("figure.csv"));
    ASSERT_TRUE(writeFileAtomically(path, "first").ok());
    // A write that fails (a folder is in the way) touches no other file.
    const QString blocked = dir.filePath(QStringLiteral("taken"));
    ASSERT_TRUE(QDir().mkpath(blocked));
    EXPECT_FALSE(writeFileAtomically(blocked, "second").ok());
    EXPECT_EQ(readAll(path), QByteArray("first"));
    ASSERT_TRUE(writeFileAtomically(path, "second").ok());
    EXPECT_EQ(readAll(path), QByteArray("second"));
}

// File → Export reads each path as its progress (export_process.h), so a file is told as soon as
// it is whole, before the next one starts; Cancel there is tested in test_export_process.cpp.
TEST(Export, EachFileIsToldAsSoonAsItIsCompleteInExportOrder) {
    AllLessons app;
    QTemporaryDir dir;
    FigureExporter exporter(app.theme);
    QStringList told;
    exporter.setWritten([&told, &dir](const WriteResult& result) {
        ASSERT_TRUE(result.ok()) << result.error.toStdString();
        expectValidFile(result.path);
        told.append(QFileInfo(result.path).fileName());
        QStringList sorted = told;
        sorted.sort();
        EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), sorted)
            << "no file before it is told, no temporary file beside it";
    });
    const std::vector<Lesson*> all = app.lessons();
    const std::vector<Lesson*> lessons(all.begin(), all.begin() + 2);
    const QList<WriteResult> results = exporter.exportLessons(
        lessons, dir.path(), {ExportFormat::Png, ExportFormat::Csv}, smallFigure());
    // Lesson by lesson, figure by figure, format by format.
    QStringList expected;
    for (const Lesson* lesson : lessons) {
        for (const Figure& figure : shownFigures(*lesson)) {
            for (ExportFormat format : {ExportFormat::Png, ExportFormat::Csv})
                expected.append(figureFileName(lesson->id(), figure.name, format));
        }
    }
    EXPECT_EQ(told, expected);
    ASSERT_EQ(results.size(), expected.size());
    for (qsizetype i = 0; i < results.size(); ++i) {
        EXPECT_EQ(QFileInfo(results[i].path).fileName(), expected[i]);
    }
}

// Peak resident memory of this process in KiB since the last reset; 0 where Linux cannot say.
long peakRssKib() {
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly)) return 0;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:")) return line.mid(6).trimmed().split(' ').front().toLong();
    }
    return 0;
}

bool resetPeakRss() {
    QFile clearRefs(QStringLiteral("/proc/self/clear_refs"));
    return clearRefs.open(QIODevice::WriteOnly) && clearRefs.write("5") == 1;
}

TEST(Export, LargeCsvIsStreamedWithTheSameBytesInBoundedMemory) {
    QCustomPlot plot;
    plot.addGraph()->setName(QStringLiteral("curve, quoted"));
    for (int i = 0; i < 1000; ++i) plot.graph(0)->addData(i, std::sin(i * 0.01));
    auto* map = new QCPColorMap(plot.xAxis, plot.yAxis);
    map->setName(QStringLiteral("score"));
    constexpr int kCells = 1024;  // a million rows, about 40 MB of text
    map->data()->setSize(kCells, kCells);
    map->data()->setRange(QCPRange(0, kCells - 1), QCPRange(-kCells / 2, kCells / 2 - 1));
    for (int j = 0; j < kCells; ++j) {
        for (int i = 0; i < kCells; ++i) map->data()->setCell(i, j, std::cos(0.001 * i * j));
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("large.csv"));
    const bool measured = resetPeakRss();
    const long before = peakRssKib();
    const WriteResult result = writeFileAtomically(
        path, [&plot](QIODevice& file) { return writePlotDataCsv(plot, file); });
    const long peakGrowthKib = peakRssKib() - before;
    ASSERT_TRUE(result.ok()) << result.error.toStdString();
    const QByteArray written = readAll(path);
    EXPECT_GT(written.size(), 30'000'000);
    // The same bytes as the table built whole (whose own bytes the test above pins down).
    EXPECT_TRUE(written == plotDataCsv(plot));
    if (measured && before > 0) {
        EXPECT_LT(peakGrowthKib, 8 * 1024) << "the table was held whole";
    }
}

TEST(Export, ErrnoReasonsAreNamed) {
    EXPECT_EQ(describeWriteErrno(ENOSPC), QStringLiteral("the disk is full"));
    EXPECT_EQ(describeWriteErrno(EACCES), QStringLiteral("permission denied"));
    EXPECT_EQ(describeWriteErrno(EROFS), QStringLiteral("the disk is read-only"));
    EXPECT_TRUE(describeWriteErrno(0).isEmpty());
}

TEST(ExportDialog, CollectsChoicesAndKeepsThePhysicalSizeWhenTheUnitChanges) {
    QSettings().clear();
    ExportDialog dialog(QStringLiteral("score-vs-distance"), QStringLiteral("RoPE in 2D"));
    EXPECT_EQ(dialog.scope(), ExportDialog::Scope::Figure);
    ExportOptions options;
    options.size = QSizeF(1181, 591);
    options.dpi = 300;
    options.background = ExportBackground::Transparent;
    dialog.setOptions(options);
    dialog.setFormats({ExportFormat::Svg, ExportFormat::Csv});
    auto* unit = dialog.findChild<QComboBox*>();
    ASSERT_NE(unit, nullptr);
    unit->setCurrentIndex(unit->findData(static_cast<int>(SizeUnit::Centimetres)));
    // 1181 px at 300 DPI is 10.0 cm.
    EXPECT_EQ(dialog.options().unit, SizeUnit::Centimetres);
    EXPECT_NEAR(dialog.options().size.width(), 10.0, 0.01);
    EXPECT_NEAR(dialog.options().size.height(), 5.0, 0.01);
    EXPECT_EQ(dialog.options().outputPixels(), QSize(1181, 591));
    EXPECT_EQ(dialog.options().background, ExportBackground::Transparent);
    EXPECT_EQ(dialog.formats(), (QList<ExportFormat>{ExportFormat::Svg, ExportFormat::Csv}));

    dialog.setFormats({});
    EXPECT_TRUE(dialog.problem().contains(QStringLiteral("format")));
    dialog.setFormats({ExportFormat::Png});
    dialog.setFolder(QString());
    EXPECT_TRUE(dialog.problem().contains(QStringLiteral("folder")));
    QTemporaryDir dir;
    dialog.setFolder(dir.path());
    EXPECT_TRUE(dialog.problem().isEmpty());
    dialog.accept();

    // The next dialog starts from the choices just made.
    ExportDialog next(QString(), QStringLiteral("RoPE in 2D"));
    EXPECT_EQ(next.scope(), ExportDialog::Scope::Lesson) << "no figure to offer";
    EXPECT_EQ(next.formats(), QList<ExportFormat>{ExportFormat::Png});
    EXPECT_EQ(next.folder(), dir.path());
    EXPECT_EQ(next.options().outputPixels(), QSize(1181, 591));
}

TEST(ExportCommand, ParsesOptions) {
    const auto parsed = parseExportCommand(
        {QStringLiteral("--out"), QStringLiteral("figs"), QStringLiteral("--lesson=rope-2d,order"),
         QStringLiteral("--format"), QStringLiteral("svg,PNG"), QStringLiteral("--size"),
         QStringLiteral("16x10cm"), QStringLiteral("--dpi=300"), QStringLiteral("--presenter"),
         QStringLiteral("--lang"), QStringLiteral("zh-CN"), QStringLiteral("--background"),
         QStringLiteral("transparent")});
    ASSERT_TRUE(std::holds_alternative<ExportCommand>(parsed))
        << std::get<QString>(parsed).toStdString();
    const ExportCommand& command = std::get<ExportCommand>(parsed);
    EXPECT_EQ(command.outDir, QStringLiteral("figs"));
    EXPECT_EQ(command.lessons, (QStringList{QStringLiteral("rope-2d"), QStringLiteral("order")}));
    EXPECT_EQ(command.formats, (QList<ExportFormat>{ExportFormat::Svg, ExportFormat::Png}));
    EXPECT_EQ(command.options.unit, SizeUnit::Centimetres);
    EXPECT_EQ(command.options.size, QSizeF(16, 10));
    EXPECT_EQ(command.options.dpi, 300.0);
    EXPECT_EQ(command.options.outputPixels(), QSize(1890, 1181));
    EXPECT_TRUE(command.presenter);
    EXPECT_EQ(command.language, QStringLiteral("zh_CN"));
    EXPECT_EQ(command.options.background, ExportBackground::Transparent);
}

TEST(ExportCommand, ParsesOneFigureAndThePlotTextSize) {
    const auto parsed =
        parseExportCommand({QStringLiteral("--out=figs"), QStringLiteral("--lesson=absolute"),
                            QStringLiteral("--figure"), QStringLiteral("sinusoidal-table"),
                            QStringLiteral("--plot-text-size=18")});
    ASSERT_TRUE(std::holds_alternative<ExportCommand>(parsed))
        << std::get<QString>(parsed).toStdString();
    EXPECT_EQ(std::get<ExportCommand>(parsed).figure, QStringLiteral("sinusoidal-table"));
    EXPECT_EQ(std::get<ExportCommand>(parsed).plotTextSize, 18);
    const auto error = [](const QStringList& args) {
        const auto bad = parseExportCommand(args);
        return std::holds_alternative<QString>(bad) ? std::get<QString>(bad) : QString();
    };
    EXPECT_TRUE(error({QStringLiteral("--out=x"), QStringLiteral("--figure=a")})
                    .startsWith(QStringLiteral("--figure")));
    EXPECT_TRUE(error({QStringLiteral("--out=x"), QStringLiteral("--plot-text-size=99")})
                    .startsWith(QStringLiteral("--plot-text-size")));
}

TEST(ExportCommand, RejectsBadInputWithOneLineNamingTheOption) {
    const auto error = [](const QStringList& args) {
        const auto parsed = parseExportCommand(args);
        return std::holds_alternative<QString>(parsed) ? std::get<QString>(parsed) : QString();
    };
    const QString out = QStringLiteral("--out");
    const QString dir = QStringLiteral("x");
    EXPECT_TRUE(error({}).contains(QStringLiteral("--out")));
    EXPECT_TRUE(error({out, dir, QStringLiteral("--format"), QStringLiteral("gif")})
                    .contains(QStringLiteral("gif")));
    EXPECT_TRUE(error({out, dir, QStringLiteral("--size"), QStringLiteral("big")})
                    .startsWith(QStringLiteral("--size")));
    EXPECT_TRUE(error({out, dir, QStringLiteral("--size"), QStringLiteral("99999x10")})
                    .startsWith(QStringLiteral("--size")));
    EXPECT_TRUE(error({out, dir, QStringLiteral("--dpi"), QStringLiteral("5")})
                    .startsWith(QStringLiteral("--dpi")));
    EXPECT_TRUE(error({out, dir, QStringLiteral("--lang"), QStringLiteral("fr")})
                    .startsWith(QStringLiteral("--lang")));
    EXPECT_TRUE(
        error({out, dir, QStringLiteral("--frobnicate")}).contains(QStringLiteral("--frobnicate")));
    EXPECT_FALSE(error({out, dir}).contains(QLatin1Char('\n')));
}

struct AppRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

AppRun runApp(const QStringList& arguments) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // The command must pick the offscreen platform itself.
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(ROPELAB_APP_PATH), arguments);
    EXPECT_TRUE(process.waitForFinished(60000));
    return AppRun{process.exitCode(), process.readAllStandardOutput(),
                  process.readAllStandardError()};
}

TEST(AppBinary, VersionAndHelpNeedNoDisplay) {
    const AppRun version = runApp({QStringLiteral("--version")});
    EXPECT_EQ(version.exitCode, 0);
    EXPECT_EQ(version.out.toStdString(), ropelab::versionLine() + "\n");
    EXPECT_TRUE(version.err.isEmpty()) << version.err.toStdString();
    const AppRun help = runApp({QStringLiteral("--help")});
    EXPECT_EQ(help.exitCode, 0);
    for (const char* option : {"--lang en|zh_CN", "--presenter", "--theme light|dark", "--version"})
        EXPECT_TRUE(help.out.contains(option)) << option;
}

TEST(ExportCommand, HeadlessRunWritesAndPrintsEachFile) {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("figures"));
    const AppRun run =
        runApp({QStringLiteral("export"), QStringLiteral("--out"), out, QStringLiteral("--lesson"),
                QStringLiteral("rope-2d"), QStringLiteral("--format"), QStringLiteral("png,csv"),
                QStringLiteral("--size"), QStringLiteral("400x300"), QStringLiteral("--lang"),
                QStringLiteral("en")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.err.trimmed().isEmpty()) << "stderr is for problems: " << run.err.toStdString();
    const QStringList printed =
        QString::fromLocal8Bit(run.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_FALSE(printed.isEmpty());
    EXPECT_EQ(printed.size() % 2, 0) << "png and csv for each figure";
    for (const QString& path : printed) {
        EXPECT_TRUE(path.startsWith(out)) << path.toStdString();
        EXPECT_TRUE(QFileInfo(path).size() > 0) << path.toStdString();
    }
    EXPECT_EQ(QDir(out).entryList(QDir::Files).size(), printed.size());
    EXPECT_TRUE(
        printed.contains(QDir(out).filePath(QStringLiteral("rope-2d_score-vs-distance.png"))));
    EXPECT_EQ(QImage(QDir(out).filePath(QStringLiteral("rope-2d_score-vs-distance.png"))).size(),
              QSize(400, 300));
}

TEST(ExportCommand, HeadlessRunWritesOnlyTheNamedFigure) {
    QTemporaryDir dir;
    const AppRun run =
        runApp({QStringLiteral("export"), QStringLiteral("--out"), dir.path(),
                QStringLiteral("--lesson=rope-2d"), QStringLiteral("--figure=score-vs-distance"),
                QStringLiteral("--format=csv,svg")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files),
              (QStringList{QStringLiteral("rope-2d_score-vs-distance.csv"),
                           QStringLiteral("rope-2d_score-vs-distance.svg")}));
    const AppRun unknown =
        runApp({QStringLiteral("export"), QStringLiteral("--out"), dir.path(),
                QStringLiteral("--lesson=rope-2d"), QStringLiteral("--figure=no-such-figure")});
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_TRUE(unknown.err.contains("score-vs-distance")) << "it lists the lesson's figures";
}

TEST(ExportCommand, HeadlessRunAppliesASessionFirst) {
    QTemporaryDir dir;
    ParameterModel model;
    model.setSequenceLength(20);
    model.setPositions(4, 1);
    SessionState state;
    state.parameters = ParameterSnapshot::of(model);
    const QString session = dir.filePath(QStringLiteral("short.ropelab"));
    ASSERT_TRUE(saveSessionFile(session, state).ok());
    const AppRun run = runApp({QStringLiteral("export"), QStringLiteral("--out"), dir.path(),
                               QStringLiteral("--lesson=rope-2d"), QStringLiteral("--format=csv"),
                               QStringLiteral("--session"), session});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QList<QByteArray> rows =
        readAll(dir.filePath(QStringLiteral("rope-2d_score-vs-distance.csv"))).split('\n');
    // Distances −19 … 19 for a 20-token sequence, instead of the default 256.
    const auto first = std::find_if(rows.begin(), rows.end(),
                                    [](const QByteArray& row) { return row.contains(",graph,"); });
    ASSERT_NE(first, rows.end());
    EXPECT_TRUE(first->contains(",graph,-19,")) << first->toStdString();

    QFile broken(dir.filePath(QStringLiteral("broken.ropelab")));
    ASSERT_TRUE(broken.open(QIODevice::WriteOnly));
    broken.write("{ not json");
    broken.close();
    const AppRun bad = runApp({QStringLiteral("export"), QStringLiteral("--out"), dir.path(),
                               QStringLiteral("--session"), broken.fileName()});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_TRUE(bad.err.contains("--session")) << bad.err.toStdString();
}

TEST(ExportCommand, HeadlessRunExitsTwoWithOneLineOnBadInput) {
    QTemporaryDir dir;
    const AppRun unknownLesson =
        runApp({QStringLiteral("export"), QStringLiteral("--out"), dir.path(),
                QStringLiteral("--lesson"), QStringLiteral("no-such-lesson")});
    EXPECT_EQ(unknownLesson.exitCode, 2);
    EXPECT_TRUE(unknownLesson.err.contains("no-such-lesson")) << unknownLesson.err.toStdString();
    EXPECT_TRUE(unknownLesson.err.contains("rope-2d")) << "it lists the lessons there are";
    EXPECT_TRUE(unknownLesson.out.isEmpty());

    const AppRun badFormat = runApp({QStringLiteral("export"), QStringLiteral("--out"), dir.path(),
                                     QStringLiteral("--format"), QStringLiteral("bmp")});
    EXPECT_EQ(badFormat.exitCode, 2);
    EXPECT_EQ(badFormat.err.count('\n'), 1) << badFormat.err.toStdString();
    EXPECT_TRUE(QDir(dir.path()).entryList(QDir::Files).isEmpty());
}

}  // namespace
}  // namespace ropelab::ui
