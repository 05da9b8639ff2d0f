#pragma once
// File > Classroom: start the classroom server on a chosen network interface and port, or stop it.

#include <QDialog>
#include <QHostAddress>

class QComboBox;
class QLabel;
class QSpinBox;

namespace bplab {

class ClassroomDialog : public QDialog
{
    Q_OBJECT
public:
    /** running: the dialog offers Stop (and names `address`); otherwise the interface and port. */
    ClassroomDialog(bool running, const QString &address, QWidget *parent = nullptr);

    QHostAddress address() const;
    quint16 port() const;
    /** True when the user chose Stop. */
    bool stopChosen() const { return m_stop; }

    /** The addresses to offer: the loopback address, then each IPv4 address of an interface that
     *  is up, with the interface's name ("wlan0: 192.168.1.20"). */
    static QList<QPair<QString, QHostAddress>> interfaces();

private:
    QComboBox *m_interface = nullptr;
    QSpinBox *m_port = nullptr;
    bool m_stop = false;
};

} // namespace bplab
