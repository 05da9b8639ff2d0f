// Input event to updated probability bars on the Draw page: a pen stroke of mouse moves, each
// followed by the bars' repaint, timed by the page itself (DrawView::lastLatencyMs). Prints the
// median, 95th percentile and maximum; the goal is under 16 ms (one frame at 60 Hz).
// Run: QT_QPA_PLATFORM=offscreen draw_latency [moves] [--shot FILE.png]
// (--shot also saves the page with the last drawing, to look at the layout.)

#include "drawview.h"
#include "probabilitybars.h"

#include <nn/mlp.h>
#include <nn/network.h>

#include <QApplication>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int moves = args.size() > 1 && args[1][0].isDigit() ? std::max(10, args[1].toInt()) : 2000;
    const int shotAt = int(args.indexOf(QStringLiteral("--shot")));
    const QString shot = shotAt > 0 && shotAt + 1 < args.size() ? args[shotAt + 1] : QString();
    bplab::DrawView view;
    view.resize(1280, 760);
    view.show();
    if (!QTest::qWaitForWindowExposed(&view))
        return 1;
    view.setNetwork(bplab::Architecture::source(),
                    std::make_shared<const bplab::MlpParamsF>(bplab::initMlp(bplab::Architecture::source(), bplab::Init::He, 1)),
                    bplab::Normalize::None);
    bplab::DrawCanvas *canvas = view.canvas();
    std::vector<double> ms;
    ms.reserve(std::size_t(moves));
    // Strokes of 200 points each (a long digit), restarted so the drawing stays a realistic size.
    for (int i = 0; i < moves; ++i) {
        const int k = i % 200;
        const double t = k / 200.0 * 6.283;
        const QPointF p(200 + 120 * std::sin(2 * t), 200 + 150 * std::sin(t));
        const QPoint w = canvas->canvasToWidget(p).toPoint();
        if (k == 0) {
            canvas->clear();
            QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, w);
        } else {
            QTest::mouseMove(canvas, w);
        }
        view.bars()->repaint();
        if (k > 0)
            ms.push_back(view.lastLatencyMs());
        if (k == 199 && i + 1 < moves)
            QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, w);
    }
    if (!shot.isEmpty() && !view.grab().save(shot))
        std::fprintf(stderr, "could not write %s\n", qPrintable(shot));
    std::sort(ms.begin(), ms.end());
    auto at = [&](double q) { return ms[std::min(ms.size() - 1, std::size_t(q * double(ms.size())))]; };
    std::printf("draw latency, input event -> repainted bars, %zu moves (strokes of up to 200 points):\n"
                "  median %.3f ms, p95 %.3f ms, max %.3f ms (goal: under 16 ms)\n",
                ms.size(), at(0.5), at(0.95), ms.back());
    return 0;
}
