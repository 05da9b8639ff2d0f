#pragma once
// Counting allocator for the tests that check that a batch loop allocates nothing on the heap.
// Include it in one file of a test executable: it defines the process's malloc family.
//
// Every malloc of the process (operator new and Eigen's aligned_malloc both end in malloc) passes
// through here. Not with AddressSanitizer, which owns malloc itself.
// GCC says so with __SANITIZE_*__, clang with __has_feature.

#include <atomic>
#include <cstddef>

#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || __has_feature(address_sanitizer) \
    || __has_feature(thread_sanitizer)
#define BPLAB_COUNT_MALLOC 0
#else
#define BPLAB_COUNT_MALLOC 1
namespace {
std::atomic<long> g_allocations{0};
std::atomic<bool> g_counting{false};
inline void counted()
{
    if (g_counting.load(std::memory_order_relaxed))
        g_allocations.fetch_add(1, std::memory_order_relaxed);
}
} // namespace
extern "C" {
void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);
void *__libc_memalign(size_t, size_t);
void __libc_free(void *);
void *malloc(size_t n)
{
    counted();
    return __libc_malloc(n);
}
void *calloc(size_t n, size_t s)
{
    counted();
    return __libc_calloc(n, s);
}
void *realloc(void *p, size_t n)
{
    counted();
    return __libc_realloc(p, n);
}
void *memalign(size_t a, size_t n)
{
    counted();
    return __libc_memalign(a, n);
}
void *aligned_alloc(size_t a, size_t n)
{
    counted();
    return __libc_memalign(a, n);
}
int posix_memalign(void **out, size_t a, size_t n)
{
    counted();
    *out = __libc_memalign(a, n);
    return *out ? 0 : 12; // ENOMEM
}
void free(void *p)
{
    __libc_free(p);
}
}
#endif
