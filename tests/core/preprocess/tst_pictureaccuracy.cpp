// Real MNIST test digits, enlarged 10x, moved off-centre and turned into dark ink on light paper,
// go through the picture pipeline; a model trained here must keep at least 95% of its accuracy on
// the original 28x28 digits. Skipped without the shared MNIST files.

#include "data/dataset.h"
#include "data/idx.h"
#include "preprocess.h"
#include "testsupport.h"
#include "nn/networkeval.h"
#include "train/trainer.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QTest>

using namespace bplab;

class TestPictureAccuracy : public QObject
{
    Q_OBJECT
private slots:
    void enlargedShiftedInvertedDigitsKeepTheAccuracy()
    {
        const QString folder = QStringLiteral(BPLAB_SHARED_MNIST);
        if (!QFileInfo::exists(folder + "/t10k-images-idx3-ubyte.gz")
            || !QFileInfo::exists(folder + "/train10k-images-idx3-ubyte.gz"))
            QSKIP("needs the MNIST files in ../shared/data/mnist");
        Result<DataSplit> split = loadDataFolder(folder.toStdString());
        QVERIFY2(split.ok(), split.error().c_str());
        auto data = std::make_shared<const DataSplit>(std::move(split.value()));

        // The source's recipe for 3 epochs on the 10,000 training images (about a second).
        TrainConfig config = sourceRecipe();
        config.epochs = 3;
        Trainer trainer(data, config);
        trainer.run({}, {});
        const MlpParamsF params = trainer.params();

        // The first 2,000 test digits (enough for a 1-point resolution, and quick under sanitizers).
        const int n = std::min<int>(2000, int(data->test.size()));
        int rightOriginal = 0, rightPicture = 0;
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < n; ++i) {
            const std::uint8_t *digit = data->test.image(std::size_t(i));
            const int label = data->test.label(std::size_t(i));
            auto argmax = [](const std::array<float, kOutputs> &p) {
                return int(std::max_element(p.begin(), p.end()) - p.begin());
            };
            rightOriginal += argmax(networkProbabilities(Architecture::source(), params, digit, config.normalize)) == label;

            // 280x280 enlargement (each pixel a 10x10 block), dark on light, placed off-centre
            // in a 420x360 picture at a position that changes with i.
            const int ox = 10 + (i * 37) % 120, oy = 5 + (i * 53) % 70;
            GreyImage picture(420, 360, 255);
            for (int r = 0; r < 280; ++r)
                for (int c = 0; c < 280; ++c)
                    picture.at(ox + c, oy + r) = std::uint8_t(255 - digit[(r / 10) * kImageSide + c / 10]);
            const PreprocessResult result = preprocessPicture(picture);
            QVERIFY(!result.empty);
            rightPicture += argmax(networkProbabilities(Architecture::source(), params, result.input.data(), config.normalize)) == label;
        }
        const double original = 100.0 * rightOriginal / n, picture = 100.0 * rightPicture / n;
        qInfo("first %d test digits: %.2f%% as given, %.2f%% through the picture pipeline (%.1f%% kept); "
              "%.2f ms per 420x360 picture",
              n, original, picture, 100 * picture / original, double(timer.elapsed()) / n);
        QVERIFY(original > 80); // measured 88.35% on this build (the source recipe is slow to start)
        QVERIFY2(picture >= 0.95 * original, qPrintable(QString("%1% of %2%").arg(picture).arg(original)));
    }
};

QTEST_MAIN(TestPictureAccuracy)
#include "tst_pictureaccuracy.moc"
