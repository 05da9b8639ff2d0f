#include "train/confusion.h"

#include "train/networktrainer.h"

#include <algorithm>

namespace bplab {

namespace {

GalleryItem itemOf(const SetAnswers &a, std::size_t i)
{
    GalleryItem g;
    g.index = std::uint32_t(i);
    g.trueClass = a.label(i);
    g.predicted = a.predicted(i);
    g.pPredicted = a.p(i, g.predicted);
    g.pTrue = a.p(i, g.trueClass);
    g.loss = a.loss(i);
    return g;
}

void mostConfidentFirst(std::vector<GalleryItem> &items)
{
    std::sort(items.begin(), items.end(), [](const GalleryItem &x, const GalleryItem &y) {
        return x.pPredicted != y.pPredicted ? x.pPredicted > y.pPredicted : x.index < y.index;
    });
}

} // namespace

SetAnswers answerSet(const Architecture &arch, const MlpParamsF &params, const Dataset &data, Normalize normalize)
{
    SetAnswers a;
    a.summary = evaluateNetwork(arch, params, data, normalize, &a.samples);
    a.labels = data.labels;
    return a;
}

std::vector<GalleryItem> galleryOf(const SetAnswers &a, int trueClass, int predictedClass)
{
    std::vector<GalleryItem> items;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a.label(i) == trueClass && a.predicted(i) == predictedClass)
            items.push_back(itemOf(a, i));
    mostConfidentFirst(items);
    return items;
}

std::vector<GalleryItem> confidentMistakes(const SetAnswers &a, std::size_t n)
{
    std::vector<GalleryItem> items;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a.label(i) != a.predicted(i))
            items.push_back(itemOf(a, i));
    mostConfidentFirst(items);
    if (items.size() > n)
        items.resize(n);
    return items;
}

} // namespace bplab
