#pragma once
// The model file (docs/file-formats.md) and NumPy .npz export/import (torch.nn.Linear layout).

#include "params.h"
#include "result.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bplab {

/** Writes magic, version, shapes, dtype, the arrays and a CRC32; atomically (temp file, rename). */
Status saveModel(const std::string &path, const ParamsF &params);
/** Checks magic, version, shapes, size and CRC32; the message says what is wrong. */
Result<ParamsF> loadModel(const std::string &path);

/** W1 (128x784), b1 (128), W2 (10x128), b2 (10) as float32 .npy entries in a zip (stored). */
Status saveNpz(const std::string &path, const ParamsF &params);
/** Reads such a file (stored or deflated entries; float32 or float64; C or Fortran order). */
Result<ParamsF> loadNpz(const std::string &path);

/** The bytes of a model file (what saveModel writes) and their decoding; name is for messages. */
std::vector<std::uint8_t> encodeModel(const ParamsF &params);
Result<ParamsF> decodeModel(const std::uint8_t *data, std::size_t size, const std::string &name);
/** The size of every model file of this version (407,136 bytes). */
std::size_t modelFileBytes();

/** The bytes of an .npz as saveNpz writes them, and the decoding of any .npz loadNpz accepts. */
std::vector<std::uint8_t> encodeNpz(const ParamsF &params);
Result<ParamsF> decodeNpz(const std::uint8_t *data, std::size_t size, const std::string &name);

/** A model file or an .npz, detected by content. */
Result<ParamsF> loadAnyModel(const std::string &path);

} // namespace bplab
