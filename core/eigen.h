#pragma once
// Eigen, included once for the whole project. Include this header instead of <Eigen/Core>.
//
// GCC 12 reports -Wmaybe-uninitialized inside Eigen's AVX-512 kernels (avx512fintrin.h, the
// masked loads and stores of a packet's tail) in every file that instantiates a product: a
// false positive, the masked-off lanes are never read. The pragma covers the locations of these
// headers only, so our own code keeps the warning. It must be the first inclusion of Eigen (and of
// <immintrin.h>, which Eigen pulls in) in a file: an earlier direct #include <Eigen/...> defines the
// kernels outside the pragma and brings the warnings back.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <Eigen/Core>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
