#include "classroomdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QNetworkInterface>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace bplab {

QList<QPair<QString, QHostAddress>> ClassroomDialog::interfaces()
{
    QList<QPair<QString, QHostAddress>> list{{tr("This computer only: %1").arg(QStringLiteral("127.0.0.1")), QHostAddress(QHostAddress::LocalHost)}};
    for (const QNetworkInterface &i : QNetworkInterface::allInterfaces()) {
        if (!(i.flags() & QNetworkInterface::IsUp) || (i.flags() & QNetworkInterface::IsLoopBack))
            continue;
        for (const QNetworkAddressEntry &e : i.addressEntries())
            if (e.ip().protocol() == QAbstractSocket::IPv4Protocol)
                list.append({QStringLiteral("%1: %2").arg(i.humanReadableName(), e.ip().toString()), e.ip()});
    }
    return list;
}

ClassroomDialog::ClassroomDialog(bool running, const QString &address, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Classroom"));
    auto *layout = new QVBoxLayout(this);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    if (running) {
        auto *text = new QLabel(tr("The classroom is open at %1. Stopping it ends every student's connection.").arg(address));
        text->setWordWrap(true);
        layout->addWidget(text);
        QPushButton *stop = buttons->addButton(tr("&Stop the classroom"), QDialogButtonBox::AcceptRole);
        connect(stop, &QPushButton::clicked, this, [this] { m_stop = true; });
    } else {
        auto *intro = new QLabel(tr("Students join from a browser on the same network, with the code the Class view "
                                    "shows. Nothing listens until you start."));
        intro->setWordWrap(true);
        layout->addWidget(intro);
        auto *form = new QFormLayout;
        m_interface = new QComboBox;
        for (const auto &[name, ip] : interfaces())
            m_interface->addItem(name, ip.toString());
        // The room's network rather than this computer alone, when there is one.
        if (m_interface->count() > 1)
            m_interface->setCurrentIndex(1);
        form->addRow(tr("&Network:"), m_interface);
        m_port = new QSpinBox;
        m_port->setRange(1024, 65535);
        m_port->setValue(8765);
        form->addRow(tr("&Port:"), m_port);
        layout->addLayout(form);
        buttons->addButton(tr("&Start"), QDialogButtonBox::AcceptRole);
    }
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QHostAddress ClassroomDialog::address() const
{
    return m_interface ? QHostAddress(m_interface->currentData().toString()) : QHostAddress();
}

quint16 ClassroomDialog::port() const
{
    return m_port ? quint16(m_port->value()) : 0;
}

} // namespace bplab
