#include "explainlayers.h"

#include "command.h"

namespace bplab::cli {

namespace {

Json doubles(const Vec<double> &v)
{
    Json a = Json::array();
    for (Eigen::Index i = 0; i < v.size(); ++i)
        a.push_back(jsonNumberOf(v[i]));
    return a;
}

Json flatDoubles(const RowMat<double> &m)
{
    Json a = Json::array();
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            a.push_back(jsonNumberOf(m(r, c)));
    return a;
}

Json shapeJson(const FeatureShape &s)
{
    return Json::array({s.channels, s.height, s.width});
}

/** PyTorch's shape of each weight: a convolution's C_out x C_in x k x k, a dense layer's out x in. */
std::vector<Json> weightShapes(const Architecture &arch)
{
    std::vector<Json> shapes;
    FeatureShape in = inputShape();
    const auto after = layerShapes(arch.layers);
    for (std::size_t i = 0; i < arch.layers.size(); ++i) {
        const LayerSpec &s = arch.layers[i];
        if (s.kind == LayerKind::Conv)
            shapes.push_back(Json::array({s.size, in.channels, s.kernel, s.kernel}));
        else if (s.kind == LayerKind::Dense)
            shapes.push_back(Json::array({s.size, in.size()}));
        if (after.ok())
            in = after.value()[i];
    }
    shapes.push_back(Json::array({arch.outputs, in.size()}));
    return shapes;
}

} // namespace

Json layerExplainObject(const Architecture &arch, const MlpTrace<double> &t, const std::string &set, long long index)
{
    Json j {{"set", set}, {"index", index}, {"label", t.label}, {"predicted", t.predicted},
            {"network", layersText(arch.layers)}, {"activation", toString(arch.activation)}};
    j["input"] = doubles(t.input);
    j["target"] = doubles(t.target);
    Json layers = Json::array();
    for (const HiddenTrace<double> &s : t.hidden)
        layers.push_back(Json {{"layer", layerText(s.spec)}, {"shape", shapeJson(s.shape)}, {"a", doubles(s.a)},
                               {"delta", doubles(s.delta)}});
    j["layers"] = std::move(layers);
    j["logits"] = doubles(t.logits);
    j["exp"] = doubles(t.exp);
    j["exp_sum"] = t.expFinite ? jsonNumberOf(t.expSum) : Json(nullptr);
    j["probabilities"] = doubles(t.probabilities);
    j["loss"] = jsonNumberOf(t.loss);
    j["delta_out"] = doubles(t.deltaOut);
    Json gradients = Json::array();
    const std::vector<Json> shapes = weightShapes(arch);
    const MlpParamsD g = gradientsOf(arch, t);
    for (std::size_t l = 0; l < g.layers.size(); ++l)
        gradients.push_back(Json {{"name", "W" + std::to_string(l + 1)},
                                  {"shape", l < shapes.size() ? shapes[l] : Json::array()},
                                  {"dW", flatDoubles(g.layers[l].W)},
                                  {"db", doubles(g.layers[l].b)}});
    j["gradients"] = std::move(gradients);
    j["lr"] = jsonNumberOf(t.lr);
    j["loss_after"] = jsonNumberOf(t.lossAfter);
    return j;
}

QString layerExplainText(const Architecture &arch, const MlpTrace<double> &t, const QString &set, long long index)
{
    QString text = QStringLiteral("%1 set, image %2, network %3 (%4)\n")
                           .arg(set)
                           .arg(index)
                           .arg(qs(layersText(arch.layers)), qs(displayName(arch.activation)));
    text += QStringLiteral("label: class %1, predicted: class %2 (%3)\n\n")
                    .arg(t.label)
                    .arg(t.predicted)
                    .arg(t.predicted == t.label ? QStringLiteral("correct") : QStringLiteral("wrong"));
    text += QStringLiteral("layer                     values (C x H x W)      a from      a to   mean |delta|\n");
    for (const HiddenTrace<double> &s : t.hidden)
        text += QStringLiteral("%1  %2  %3  %4  %5\n")
                        .arg(qs(layerText(s.spec)), -24)
                        .arg(QStringLiteral("%1 x %2 x %3").arg(s.shape.channels).arg(s.shape.height).arg(s.shape.width),
                             -20)
                        .arg(s.a.minCoeff(), 10, 'g', 4)
                        .arg(s.a.maxCoeff(), 10, 'g', 4)
                        .arg(s.delta.cwiseAbs().mean(), 14, 'g', 4);
    text += QStringLiteral("\nneuron  class       logit z   probability\n");
    for (int k = 0; k < int(t.logits.size()); ++k)
        text += QStringLiteral("%1  %2  %3  %4%5\n")
                        .arg(k + 1, 6)
                        .arg(k, 5)
                        .arg(t.logits[k], 13, 'f', 5)
                        .arg(t.probabilities[k], 12, 'f', 6)
                        .arg(k == t.label ? QStringLiteral("  <- label") : QString());
    text += QStringLiteral("\nloss L = -ln p[%1] = %2\n").arg(t.label).arg(t.loss, 0, 'g', 6);
    text += QStringLiteral("after one SGD step on this image alone (lr %1): loss %2 (%3), predicted class %4\n")
                    .arg(t.lr)
                    .arg(t.lossAfter, 0, 'g', 6)
                    .arg(t.lossAfter < t.loss ? QStringLiteral("lower") : QStringLiteral("not lower"))
                    .arg(t.predictedAfter);
    text += QStringLiteral("(--json gives every value: input, layers (a, delta per layer), logits, exp, "
                           "probabilities, delta_out, gradients dW and db per layer with parameters)\n");
    return text;
}

} // namespace bplab::cli
