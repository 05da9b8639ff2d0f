// balancedSubset: every class in turns, the same images for the same seed, others for another,
// the order of the source kept, and the whole set when N covers it.

#include <trainsubset.h>

#include <QtTest>

#include <array>
#include <set>

using namespace bplab;

class TestTrainSubset : public QObject
{
    Q_OBJECT

private slots:
    void balancedAndSeeded();
    void aClassThatRunsOut();
};

namespace {

/** count images; image i is filled with i % 256 and i / 256, labelled by labelOf(i). */
template<class LabelOf>
Dataset numbered(std::size_t count, LabelOf labelOf)
{
    Dataset d;
    d.pixels.resize(count * 784);
    for (std::size_t i = 0; i < count; ++i) {
        d.pixels[i * 784] = std::uint8_t(i % 256);
        d.pixels[i * 784 + 1] = std::uint8_t(i / 256);
        d.labels.push_back(std::uint8_t(labelOf(i)));
    }
    return d;
}

std::size_t indexOf(const Dataset &d, std::size_t k)
{
    return std::size_t(d.image(k)[0]) + 256 * std::size_t(d.image(k)[1]);
}

} // namespace

void TestTrainSubset::balancedAndSeeded()
{
    // Classes of different sizes: nine of about 120 images and one of about 20.
    const Dataset data
            = numbered(1100, [](std::size_t i) { return int((i * 7 + i / 13) % 55) / 6 % 10; });
    const Dataset a = balancedSubset(data, 95, 3);
    QCOMPARE(a.size(), std::size_t(95));
    std::array<int, 10> counts {};
    std::set<std::size_t> seen;
    for (std::size_t k = 0; k < a.size(); ++k) {
        const std::size_t i = indexOf(a, k);
        QCOMPARE(a.label(k), data.label(i)); // the image keeps its label
        QVERIFY(seen.insert(i).second);
        if (k > 0)
            QVERIFY(i > indexOf(a, k - 1)); // the source's order
        ++counts[std::size_t(a.label(k))];
    }
    for (int c = 0; c < 10; ++c)
        QVERIFY2(counts[std::size_t(c)] == 9 || counts[std::size_t(c)] == 10,
                 qPrintable(QString::number(c)));

    const Dataset same = balancedSubset(data, 95, 3);
    QCOMPARE(same.pixels, a.pixels);
    const Dataset other = balancedSubset(data, 95, 4);
    QVERIFY(other.pixels != a.pixels);
    // A longer subset of the same seed starts with the same turns.
    const Dataset longer = balancedSubset(data, 200, 3);
    std::set<std::size_t> longerSeen;
    for (std::size_t k = 0; k < longer.size(); ++k)
        longerSeen.insert(indexOf(longer, k));
    for (std::size_t i : seen)
        QVERIFY(longerSeen.count(i));

    QCOMPARE(balancedSubset(data, 5000, 3).pixels, data.pixels);
}

void TestTrainSubset::aClassThatRunsOut()
{
    // Class 9 has 2 images: the others share the rest.
    const Dataset data = numbered(302, [](std::size_t i) { return i < 2 ? 9 : int(i % 9); });
    const Dataset s = balancedSubset(data, 92, 1);
    std::array<int, 10> counts {};
    for (std::size_t k = 0; k < s.size(); ++k)
        ++counts[std::size_t(s.label(k))];
    QCOMPARE(counts[9], 2);
    for (int c = 0; c < 9; ++c)
        QCOMPARE(counts[std::size_t(c)], 10);
}

QTEST_GUILESS_MAIN(TestTrainSubset)
#include "tst_trainsubset.moc"
