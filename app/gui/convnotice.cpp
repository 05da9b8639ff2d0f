#include "convnotice.h"

namespace bplab {

ConvNotice::ConvNotice(QWidget *parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("convNotice"));
    setWordWrap(true);
    setContentsMargins(8, 4, 8, 4);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    hide();
}

QString ConvNotice::textFor(View view, const Architecture &trained)
{
    if (!trained.layered())
        return {};
    const QString network = QString::fromStdString(describe(trained));
    switch (view) {
    case View::Compare:
        return tr("A run cannot go on from this convolutional network's weights yet: runs with a layer list "
                  "(\"conv 8 5x5, pool 2, dense 64\") train from new weights.");
    default: return {};
    }
}

void ConvNotice::follow(const Architecture &trained, View view)
{
    const QString text = textFor(view, trained);
    setText(text);
    setAccessibleName(text);
    setVisible(!text.isEmpty());
}

} // namespace bplab
