#include "io/onnxfile.h"

#include "data/idx.h"
#include "io/fileio.h"

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>

#include <bit>
#include <initializer_list>
#include <cmath>
#include <sstream>

namespace bplab {

namespace {

/** The newest operator set ONNX 1.12 (Debian 12's) defines. */
constexpr std::int64_t kMaxKnownOpset = 17;

/** ONNX's operator for an activation, and the word of its node's name. */
const char *onnxOperator(Activation a)
{
    switch (a) {
    case Activation::ReLU: return "Relu";
    case Activation::Sigmoid: return "Sigmoid";
    case Activation::Tanh: return "Tanh";
    case Activation::LeakyReLU: return "LeakyRelu";
    }
    return "Relu";
}

/** A float tensor [N, width] of the graph's inputs or outputs. */
void batchTensor(onnx::ValueInfoProto *v, const std::string &name, int width, const std::string &doc)
{
    v->set_name(name);
    v->set_doc_string(doc);
    auto *t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(onnx::TensorProto::FLOAT);
    t->mutable_shape()->add_dim()->set_dim_param("N");
    t->mutable_shape()->add_dim()->set_dim_value(width);
}

/** A float32 initializer in C order (little-endian, as ONNX's raw_data is). */
void initializer(onnx::GraphProto *g, const std::string &name, const Mat<float> &m, bool vector)
{
    onnx::TensorProto *t = g->add_initializer();
    t->set_name(name);
    t->set_data_type(onnx::TensorProto::FLOAT);
    t->add_dims(m.rows());
    if (!vector)
        t->add_dims(m.cols());
    std::string raw;
    raw.reserve(std::size_t(m.size()) * 4);
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            const std::uint32_t bits = std::bit_cast<std::uint32_t>(m(r, c));
            for (int b = 0; b < 4; ++b)
                raw.push_back(char((bits >> (8 * b)) & 0xFF));
        }
    t->set_raw_data(std::move(raw));
}

onnx::NodeProto *node(onnx::GraphProto *g, const std::string &name, const char *op, std::vector<std::string> in,
                      const std::string &out)
{
    onnx::NodeProto *n = g->add_node();
    n->set_name(name);
    n->set_op_type(op);
    for (const std::string &i : in)
        n->add_input(i);
    n->add_output(out);
    return n;
}

void intAttribute(onnx::NodeProto *n, const char *name, std::int64_t v)
{
    onnx::AttributeProto *a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(v);
}

void intsAttribute(onnx::NodeProto *n, const char *name, std::initializer_list<std::int64_t> v)
{
    onnx::AttributeProto *a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (const std::int64_t x : v)
        a->add_ints(x);
}

/** A convolution's weight, C_out x (C_in k k) in the program, as ONNX's [C_out, C_in, k, k]: the
 *  same values in the same order (PyTorch's Conv2d layout). */
void convInitializer(onnx::GraphProto *g, const std::string &name, const Mat<float> &W, int inChannels, int k)
{
    initializer(g, name, W, false);
    onnx::TensorProto *t = g->mutable_initializer(g->initializer_size() - 1);
    t->clear_dims();
    for (const std::int64_t d : {std::int64_t(W.rows()), std::int64_t(inChannels), std::int64_t(k), std::int64_t(k)})
        t->add_dims(d);
}

/** The activation node after weight layer n's z; its output a<n>. */
std::string activationAfter(onnx::GraphProto *g, Activation activation, const std::string &n, const std::string &z)
{
    const std::string a = "a" + n;
    onnx::NodeProto *act = node(g, toString(activation) + n, onnxOperator(activation), {z}, a);
    if (activation == Activation::LeakyReLU) {
        onnx::AttributeProto *alpha = act->add_attribute();
        alpha->set_name("alpha");
        alpha->set_type(onnx::AttributeProto::FLOAT);
        alpha->set_f(float(kLeakySlope));
    }
    return a;
}

/**
 * The nodes from "image" to "logits". Weight layer l (from 1) is "dense<l>" (Gemm) or "conv<l>"
 * (Conv), each hidden one followed by its activation; a pooling layer at position i of the list is
 * "pool<i>" (MaxPool 2 x 2, stride 2), a flatten layer "flatten<i>". A convolution or pooling
 * first sees the image as [N, 1, 28, 28] (Reshape "picture"); a dense layer after a picture sees
 * it flattened channel by channel (Flatten), as the program and PyTorch do. Dropout passes its
 * input on unchanged in a trained network, so it has no node (as PyTorch's export in eval mode).
 */
void graphOfLayers(onnx::GraphProto *g, const Architecture &arch, const MlpParamsF &params)
{
    std::string x = "image";
    bool flat = true; // "image" is [N, 784]
    FeatureShape in = inputShape();
    const auto toFlat = [&](const std::string &name) {
        if (flat)
            return;
        intAttribute(node(g, name, "Flatten", {x}, name), "axis", 1);
        x = name;
        flat = true;
    };
    const auto toPicture = [&] {
        if (!flat)
            return;
        onnx::TensorProto *shape = g->add_initializer();
        shape->set_name("picture.shape");
        shape->set_data_type(onnx::TensorProto::INT64);
        shape->add_dims(4);
        for (const std::int64_t d : {std::int64_t(-1), std::int64_t(in.channels), std::int64_t(in.height), std::int64_t(in.width)})
            shape->add_int64_data(d);
        node(g, "picture", "Reshape", {x, "picture.shape"}, "picture");
        x = "picture";
        flat = false;
    };
    const std::vector<LayerSpec> body = arch.body();
    int l = 0; // weight layers so far
    for (std::size_t i = 0; i < body.size(); ++i) {
        const LayerSpec &spec = body[i];
        const std::string position = std::to_string(i + 1);
        FeatureShape out = in;
        switch (spec.kind) {
        case LayerKind::Dense: {
            toFlat("flatten" + position);
            const std::string n = std::to_string(++l);
            const Layer<float> &L = params.layers[std::size_t(l - 1)];
            initializer(g, "dense" + n + ".weight", L.W, false);
            initializer(g, "dense" + n + ".bias", L.b, true);
            // z = x W^T + b (Gemm with transB: the weight is [outputs, inputs], torch.nn.Linear's layout)
            intAttribute(node(g, "dense" + n, "Gemm", {x, "dense" + n + ".weight", "dense" + n + ".bias"}, "z" + n),
                         "transB", 1);
            x = activationAfter(g, arch.activation, n, "z" + n);
            out = {int(L.W.rows()), 1, 1, true};
            break;
        }
        case LayerKind::Conv: {
            toPicture();
            const std::string n = std::to_string(++l);
            const Layer<float> &L = params.layers[std::size_t(l - 1)];
            convInitializer(g, "conv" + n + ".weight", L.W, in.channels, spec.kernel);
            initializer(g, "conv" + n + ".bias", L.b, true);
            const std::int64_t pad = spec.same ? (spec.kernel - 1) / 2 : 0;
            onnx::NodeProto *conv = node(g, "conv" + n, "Conv", {x, "conv" + n + ".weight", "conv" + n + ".bias"}, "z" + n);
            intsAttribute(conv, "kernel_shape", {spec.kernel, spec.kernel});
            intsAttribute(conv, "strides", {spec.stride, spec.stride});
            intsAttribute(conv, "pads", {pad, pad, pad, pad});
            x = activationAfter(g, arch.activation, n, "z" + n);
            out.channels = spec.size;
            out.height = (in.height + 2 * int(pad) - spec.kernel) / spec.stride + 1;
            out.width = (in.width + 2 * int(pad) - spec.kernel) / spec.stride + 1;
            break;
        }
        case LayerKind::Pool: {
            toPicture();
            onnx::NodeProto *pool = node(g, "pool" + position, "MaxPool", {x}, "pool" + position);
            intsAttribute(pool, "kernel_shape", {2, 2});
            intsAttribute(pool, "strides", {2, 2});
            x = "pool" + position;
            out.height = in.height / 2;
            out.width = in.width / 2;
            break;
        }
        case LayerKind::Flatten:
            toFlat("flatten" + position);
            out = {in.size(), 1, 1, true};
            break;
        case LayerKind::Dropout:
            break;
        }
        in = out;
    }
    toFlat("flatten");
    const std::string n = std::to_string(++l);
    const Layer<float> &L = params.layers[std::size_t(l - 1)];
    initializer(g, "dense" + n + ".weight", L.W, false);
    initializer(g, "dense" + n + ".bias", L.b, true);
    intAttribute(node(g, "dense" + n, "Gemm", {x, "dense" + n + ".weight", "dense" + n + ".bias"}, "logits"),
                 "transB", 1);
}

std::string shortest(double v)
{
    std::ostringstream s;
    s.precision(17);
    s << v;
    return s.str();
}

std::string elementType(std::int32_t type)
{
    if (type == onnx::TensorProto::FLOAT)
        return "float";
    if (type == onnx::TensorProto::INT64)
        return "int64";
    return "type " + std::to_string(type);
}

OnnxTensor tensorOf(const onnx::ValueInfoProto &v)
{
    OnnxTensor t;
    t.name = v.name();
    const auto &tt = v.type().tensor_type();
    t.type = elementType(tt.elem_type());
    for (const auto &d : tt.shape().dim())
        t.shape.push_back(d.has_dim_value() ? std::to_string(d.dim_value()) : d.dim_param().empty() ? "?" : d.dim_param());
    return t;
}

} // namespace

std::string encodeOnnx(const Architecture &arch, const MlpParamsF &params, const OnnxExportInfo &info)
{
    onnx::ModelProto model;
    model.set_ir_version(onnx::IR_VERSION);
    model.set_producer_name("Backprop Lab");
    model.set_model_version(1);
    model.set_doc_string("A " + describe(arch) + " network trained in Backprop Lab" +
                         (info.trainedWith.empty() ? std::string() : " (" + info.trainedWith + ")"));
    onnx::OperatorSetIdProto *opset = model.add_opset_import();
    opset->set_domain("");
    opset->set_version(kOnnxOpset);

    // The scaling the network was trained with, as x_model = (pixel - offset) * scale, pixel 0-255:
    // the same float32 arithmetic as the program's own (core/nn/network.cpp, scaleBytes).
    const bool standard = info.normalize == Normalize::Standard;
    const double offset = standard ? double(float(255.0 * 0.1307)) : 0.0;
    const double scale = standard ? double(float(1.0 / (255.0 * 0.3081))) : double(float(1.0 / 255.0));
    const std::string preprocessing = standard ? "(x/255 - 0.1307) / 0.3081" : "x/255";
    const std::pair<const char *, std::string> metadata[] = {
            {"network", describe(arch)},
            {"input", "image: float32 [N, 784], the 28x28 pixels of each image row by row (white digit on "
                      "black, as MNIST), scaled as \"preprocessing\" says; the graph does not scale them"},
            {"preprocessing", preprocessing},
            {"input_offset", shortest(offset)},
            {"input_scale", shortest(scale)},
            {"preprocessing_formula", "image = (pixel - input_offset) * input_scale, pixel 0-255, in float32"},
            {"outputs", "logits: float32 [N, 10], the last layer's z; probabilities: float32 [N, 10], "
                        "SoftMax of the logits (class k = digit k)"},
            {"trained_with", info.trainedWith},
    };
    for (const auto &[key, value] : metadata) {
        if (value.empty())
            continue;
        onnx::StringStringEntryProto *p = model.add_metadata_props();
        p->set_key(key);
        p->set_value(value);
    }

    onnx::GraphProto *g = model.mutable_graph();
    g->set_name("backprop_lab_" + std::to_string(arch.layerCount()) + "_layers");
    batchTensor(g->add_input(), "image", kInputs,
                "28x28 pixels row by row, scaled: " + preprocessing + " (metadata \"preprocessing\")");
    graphOfLayers(g, arch, params);
    intAttribute(node(g, "softmax", "Softmax", {"logits"}, "probabilities"), "axis", 1);
    batchTensor(g->add_output(), "probabilities", kOutputs, "SoftMax of the logits: the ten classes' probabilities");
    batchTensor(g->add_output(), "logits", kOutputs, "the last layer's z, before SoftMax");
    std::string bytes;
    model.SerializeToString(&bytes);
    return bytes;
}

Status saveOnnx(const std::string &path, const Architecture &arch, const MlpParamsF &params,
                const OnnxExportInfo &info)
{
    if (Status s = validate(arch); !s)
        return Error{path + ": " + s.error() + "; nothing written"};
    if (!params.hasShape(arch))
        return Error{path + ": the parameters do not have the " + describe(arch) + " shapes; nothing written"};
    const std::string bytes = encodeOnnx(arch, params, info);
    return atomicWriteFile(path, {{reinterpret_cast<const std::uint8_t *>(bytes.data()), bytes.size()}});
}

Result<OnnxSummary> decodeOnnx(const std::uint8_t *data, std::size_t size, const std::string &name)
{
    onnx::ModelProto model;
    if (size > std::size_t(INT32_MAX) || !model.ParseFromArray(data, int(size)))
        return Error{name + ": not an ONNX model: the protobuf message does not parse (cut short, damaged or nested too deep)"};
    if (!model.has_graph() || model.ir_version() <= 0)
        return Error{name + ": not an ONNX model: no graph or IR version"};
    try {
        onnx::checker::check_model(model);
    } catch (const std::exception &e) {
        std::string what = e.what();
        if (what.size() > 300)
            what = what.substr(0, 300) + "...";
        return Error{name + ": ONNX's checker refuses it: " + what};
    }
    // What ONNX's checker leaves to a runtime: an operator set it does not know, weights whose
    // data does not fill their shape.
    for (const auto &o : model.opset_import())
        if ((o.domain().empty() || o.domain() == "ai.onnx") && (o.version() < 1 || o.version() > kMaxKnownOpset))
            return Error{name + ": ONNX operator set " + std::to_string(o.version()) + "; ONNX " +
                         "1.12 knows 1 to " + std::to_string(kMaxKnownOpset)};
    for (const auto &t : model.graph().initializer()) {
        std::uint64_t count = 1;
        for (const auto d : t.dims()) {
            if (d < 0 || d > (std::int64_t(1) << 32))
                return Error{name + ": weight " + t.name() + " has a dimension of " + std::to_string(d)};
            count *= std::uint64_t(d);
            if (count > (std::uint64_t(1) << 32))
                return Error{name + ": weight " + t.name() + " claims more than 2^32 values"};
        }
        if (t.data_type() != onnx::TensorProto::FLOAT || t.has_data_location())
            continue;
        const std::uint64_t held = t.has_raw_data() ? t.raw_data().size() / 4 : std::uint64_t(t.float_data_size());
        if ((t.has_raw_data() && t.raw_data().size() % 4 != 0) || held != count)
            return Error{name + ": weight " + t.name() + " holds " + withThousands(held) + " floats; its shape needs " +
                         withThousands(count)};
    }
    OnnxSummary s;
    s.irVersion = model.ir_version();
    for (const auto &o : model.opset_import())
        if (o.domain().empty() || o.domain() == "ai.onnx")
            s.opset = o.version();
    s.producer = model.producer_name() + (model.producer_version().empty() ? "" : " " + model.producer_version());
    const onnx::GraphProto &g = model.graph();
    for (const auto &v : g.input())
        s.inputs.push_back(tensorOf(v));
    for (const auto &v : g.output())
        s.outputs.push_back(tensorOf(v));
    for (const auto &t : g.initializer()) {
        OnnxTensor w;
        w.name = t.name();
        w.type = elementType(t.data_type());
        for (const auto d : t.dims())
            w.shape.push_back(std::to_string(d));
        s.weights.push_back(std::move(w));
    }
    for (const auto &n : g.node())
        s.nodes.emplace_back(n.name(), n.op_type());
    for (const auto &p : model.metadata_props())
        s.metadata.emplace_back(p.key(), p.value());
    return s;
}

Result<OnnxSummary> readOnnx(const std::string &path)
{
    auto bytes = readWholeFile(path, std::uint64_t(256) << 20);
    if (!bytes)
        return Error{bytes.error()};
    return decodeOnnx(bytes->data(), bytes->size(), fileNameOf(path));
}

bool looksLikeOnnx(const std::uint8_t *head, std::size_t size)
{
    // Tag of field 1 (ir_version) as a varint, then a small version number.
    return size >= 2 && head[0] == 0x08 && head[1] >= 1 && head[1] < 64;
}

} // namespace bplab
