// Before anything else of the app runs: a CPU without the extensions this build uses gets a message
// box (and the same line on stderr) and exit code 2 instead of an illegal instruction. Compiled for
// the baseline CPU, like core/cpucheck.cpp, and listed first among the program's files, so that the
// linker keeps this file's baseline copies of the few inline Qt functions it calls.

#include "cpucheck.h"

#include <QApplication>
#include <QMessageBox>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace {

/** A platform that can show a window: not offscreen or minimal, and a display to show it on. */
bool canShowAWindow()
{
    const char *platform = std::getenv("QT_QPA_PLATFORM");
    if (platform && (std::strncmp(platform, "offscreen", 9) == 0 || std::strncmp(platform, "minimal", 7) == 0))
        return false;
    const char *x11 = std::getenv("DISPLAY");
    const char *wayland = std::getenv("WAYLAND_DISPLAY");
    return (x11 && *x11) || (wayland && *wayland);
}

// glibc passes the program's arguments to constructors.
__attribute__((constructor(101))) void refuseAnOlderCpu(int argc, char **argv, char **)
{
    const char *missing = bplab::missingCpuFeature();
    if (!missing)
        return;
    char message[512];
    bplab::describeCpuRefusal(missing, message, sizeof message);
    std::fprintf(stderr, "backprop-lab: %s\n", message);
    if (canShowAWindow()) {
        QApplication app(argc, argv);
        QMessageBox::critical(nullptr, QStringLiteral("Backprop Lab"), QString::fromUtf8(message));
    }
    _exit(2);
}

} // namespace
