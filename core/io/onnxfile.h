#pragma once
// A trained network as an ONNX model (docs/onnx.md), written with Debian's ONNX protobuf library,
// and an ONNX file read back and checked by ONNX's own checker (for `inspect`).
//
// The graph: input "image", float [N, 784] (the 28x28 pixels row by row, already scaled as the
// metadata says: x/255, or standardised); per weight layer l a Gemm "dense<l>" (weights
// "dense<l>.weight" [outputs, inputs] in torch.nn.Linear layout, transB = 1, and "dense<l>.bias")
// or a Conv "conv<l>" (weights [C_out, C_in, k, k], PyTorch's Conv2d layout), each hidden one
// followed by its activation "<activation><l>"; pooling as MaxPool, the picture reshaped to
// [N, 1, 28, 28] before the first convolution or pooling and flattened before a dense layer;
// outputs "logits" [N, 10] and "probabilities" [N, 10] (Softmax "softmax" over axis 1).

#include "nn/architecture.h"
#include "nn/mlp.h"
#include "nn/network.h"
#include "result.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace bplab {

/** The ONNX operator set the files use (ONNX Runtime and Netron read it). */
inline constexpr int kOnnxOpset = 13;

/** What a file holds beyond the weights: the inputs' scaling and a line on how it was trained. */
struct OnnxExportInfo
{
    Normalize normalize = Normalize::None;
    std::string trainedWith; ///< "2 epochs on MNIST ..." or empty
};

/** The model's bytes (a serialised onnx.ModelProto). */
std::string encodeOnnx(const Architecture &arch, const MlpParamsF &params, const OnnxExportInfo &info);
/** encodeOnnx written atomically; refuses (writing nothing) parameters not in arch's shapes. */
Status saveOnnx(const std::string &path, const Architecture &arch, const MlpParamsF &params,
                const OnnxExportInfo &info);

/** A tensor of the graph: its name, element type ("float", "int64") and shape ("N" for a free dimension). */
struct OnnxTensor
{
    std::string name;
    std::string type;
    std::vector<std::string> shape;
};

/** What an ONNX file holds, as `inspect` reports it. */
struct OnnxSummary
{
    std::int64_t irVersion = 0;
    std::int64_t opset = 0; ///< of the default domain
    std::string producer;
    std::vector<OnnxTensor> inputs, outputs, weights;
    std::vector<std::pair<std::string, std::string>> nodes; ///< name, operator
    std::vector<std::pair<std::string, std::string>> metadata;
};

/** Parses and checks (ONNX's checker) a model; a damaged one is refused with the reason. */
Result<OnnxSummary> decodeOnnx(const std::uint8_t *data, std::size_t size, const std::string &name);
Result<OnnxSummary> readOnnx(const std::string &path);

/** True when the first bytes are those of an ONNX model as writers lay it out (field 1, the IR
 *  version, first). */
bool looksLikeOnnx(const std::uint8_t *head, std::size_t size);

} // namespace bplab
