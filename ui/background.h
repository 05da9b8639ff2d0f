#pragma once
// Work off the GUI thread, the one way the panels and the app do it: work() runs on Qt's global
// thread pool and done(result) on the receiver's thread once it has finished, or never when the
// receiver is gone by then. work must own what it reads (capture shared_ptrs and values, never the
// receiver); a long-lived receiver that starts work again before the last finished should check in
// done() that the result is still the one it wants (a generation count).

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <type_traits>
#include <utility>

namespace bplab {

template <typename Work, typename Done>
void runInBackground(QObject *receiver, Work work, Done done)
{
    using Result = std::invoke_result_t<Work>;
    // A child of the receiver: destroyed with it, and with it the connection to done().
    auto *watcher = new QFutureWatcher<Result>(receiver);
    QObject::connect(watcher, &QFutureWatcherBase::finished, receiver,
                     [watcher, done = std::move(done)]() mutable {
                         done(watcher->result());
                         watcher->deleteLater();
                     });
    watcher->setFuture(QtConcurrent::run(std::move(work)));
}

} // namespace bplab
