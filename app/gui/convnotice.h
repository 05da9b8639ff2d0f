#pragma once
// One line above a view that cannot show the convolutional network being trained yet, saying so,
// instead of showing another network's values as if they were its own. Hidden for every other
// view and for dense networks.

#include "viewlist.h"

#include <nn/architecture.h>

#include <QLabel>

namespace bplab {

class ConvNotice : public QLabel
{
    Q_OBJECT
public:
    explicit ConvNotice(QWidget *parent = nullptr);

    /** Shows the line for `view` when `trained` (the network of the weights shown) is a layer
     *  list that view cannot show; hides it otherwise. */
    void follow(const Architecture &trained, View view);
    /** The line for `view` and a layer-list network ("" where the view shows it). */
    static QString textFor(View view, const Architecture &trained);
};

} // namespace bplab
