#pragma once
// Work off the GUI thread, the one way the panels and the app do it: work() runs on Qt's global
// thread pool and done(result) (done() for work without a result) on the receiver's thread once it
// has finished, or never when the receiver is gone by then. work must own what it reads (capture
// shared_ptrs and values, never the receiver); a long-lived receiver that starts work again before
// the last finished should check in done() that the result is still the one it wants (a
// generation count). The returned future is for an owner that must wait for the work before it
// goes (waitForFinished() in its destructor); done() is not called then.

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <type_traits>
#include <utility>

namespace bplab {

template <typename Work, typename Done>
QFuture<std::invoke_result_t<Work>> runInBackground(QObject *receiver, Work work, Done done)
{
    using Result = std::invoke_result_t<Work>;
    // A child of the receiver: destroyed with it, and with it the connection to done().
    auto *watcher = new QFutureWatcher<Result>(receiver);
    QObject::connect(watcher, &QFutureWatcherBase::finished, receiver,
                     [watcher, done = std::move(done)]() mutable {
                         if constexpr (std::is_void_v<Result>)
                             done();
                         else
                             done(watcher->result());
                         watcher->deleteLater();
                     });
    QFuture<Result> future = QtConcurrent::run(std::move(work));
    watcher->setFuture(future);
    return future;
}

} // namespace bplab
