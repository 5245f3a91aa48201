// The C runtime emojisim-core.wasm links against: what Embedded Swift's standard
// library expects from libc on wasm32-unknown-none-wasm (an allocator, the mem
// functions, putchar) and three WASI calls for the command entry point.
// Freestanding: no libc, no headers beyond the compiler's own.
//
// The allocator is a segregated free-list allocator over the wasm linear memory:
// - small requests (<= 64 KiB) round up to a size class (16-byte steps to 256, then
//   powers of two) and are served from that class's LIFO free list, else carved from
//   the top of the heap; freed blocks go back to their class's list: O(1) both ways;
// - large requests round up to 64 KiB multiples and come from one list of free large
//   blocks, best fit, splitting the rest off when it is itself a large block; adjacent
//   free large blocks are merged when a block is freed next to one (address-ordered
//   list), so a framebuffer that grows in steps does not leave its old copies unusable.
// Every block carries a 16-byte header (its class/size and a magic word), so free()
// rejects pointers it did not hand out by trapping with a clear message rather than
// corrupting the heap. Alignment: 16 bytes natively; posix_memalign with a larger
// power-of-two alignment over-allocates and records the offset in a small header.
//
// Single-threaded: a wasm module instance runs on one thread.

typedef __SIZE_TYPE__ size_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __UINTPTR_TYPE__ uintptr_t;

#define EXPORT(name) __attribute__((export_name(name)))
#define WASI(name) __attribute__((import_module("wasi_snapshot_preview1"), import_name(name)))

extern unsigned char __heap_base;

// MARK: mem functions (the compiler lowers these to bulk-memory ops where it can)

void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
    uint8_t *d = dst;
    const uint8_t *s = src;
    while (n--) *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
    uint8_t *d = dst;
    const uint8_t *s = src;
    if (d == s || n == 0) return dst;
    if (d < s) {
        while (n--) *d++ = *s++;
    } else {
        d += n; s += n;
        while (n--) *--d = *--s;
    }
    return dst;
}

void *memset(void *dst, int c, size_t n) {
    uint8_t *d = dst;
    while (n--) *d++ = (uint8_t)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
    const uint8_t *x = a, *y = b;
    for (; n; n--, x++, y++) {
        if (*x != *y) return *x < *y ? -1 : 1;
    }
    return 0;
}

size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

// MARK: WASI (only what the command entry point and putchar use)

typedef struct { const void *buf; size_t len; } ciovec;
typedef struct { void *buf; size_t len; } iovec;
WASI("fd_write") int __wasi_fd_write(int fd, const ciovec *iovs, size_t count, size_t *written);
WASI("fd_read") int __wasi_fd_read(int fd, const iovec *iovs, size_t count, size_t *read);
WASI("proc_exit") _Noreturn void __wasi_proc_exit(int code);

/// Writes all of `len` bytes to `fd` (1 stdout, 2 stderr); 0 on success.
int esim_rt_write(int fd, const void *p, size_t len) {
    const uint8_t *b = p;
    while (len > 0) {
        ciovec v = { b, len };
        size_t n = 0;
        if (__wasi_fd_write(fd, &v, 1, &n) != 0 || n == 0) return -1;
        b += n; len -= n;
    }
    return 0;
}

/// Reads up to `cap` bytes from `fd` into `p`; the count, or -1 on an error.
long esim_rt_read(int fd, void *p, size_t cap) {
    iovec v = { p, cap };
    size_t n = 0;
    if (__wasi_fd_read(fd, &v, 1, &n) != 0) return -1;
    return (long)n;
}

_Noreturn void esim_rt_exit(int code) { __wasi_proc_exit(code); }

size_t esim_rt_memory_bytes(void) { return __builtin_wasm_memory_size(0) * (size_t)65536; }

/// The host's clock in nanoseconds (the thread's CPU time if `cpu`, else monotonic), or -1: emojisim-core.wasm has no clock
/// (the core never reads one, and hosts need not provide WASI's clock). The bench
/// module, emojisim-bench.wasm, links clock.c, whose strong definition replaces this
/// one; only its WASI entry reads it, around each bench frame.
__attribute__((weak)) long long esim_rt_clock_ns(int cpu) { (void)cpu; return -1; }

// The stdlib prints (fatalError messages, print) one character at a time: buffer a
// line, write it to stderr, so a trap message reaches the host before `unreachable`.
static char line_buf[256];
static size_t line_len = 0;

static void flush_line(void) {
    if (line_len) esim_rt_write(2, line_buf, line_len);
    line_len = 0;
}

int putchar(int c) {
    line_buf[line_len++] = (char)c;
    if (c == '\n' || line_len == sizeof line_buf) flush_line();
    return c;
}

// MARK: allocator

#define HEADER 16u
#define MAGIC_USED 0xE5A11C00u
#define MAGIC_FREE 0xE5F4EE00u
#define MAGIC_ALIGNED 0xE5A1161Du
#define PAGE 65536u
#define SMALL_MAX 65536u
#define NUM_CLASSES (16 + 8) // 16..256 step 16, then 512 .. 65536

typedef struct Block {
    uint32_t size;   // payload bytes (the class size, or the large size)
    uint32_t magic;  // MAGIC_USED / MAGIC_FREE (low byte: class index, 0xff large)
    struct Block *next; // free lists only (in the header, so payloads stay untouched)
    uint32_t pad;
} Block;

_Static_assert(sizeof(Block) == HEADER, "header is 16 bytes");

static Block *small_free[NUM_CLASSES];
static Block *large_free; // address order
static uintptr_t heap_top = 0, heap_end = 0;
static size_t bytes_in_use = 0, peak_bytes = 0;

static _Noreturn void heap_panic(const char *why) {
    flush_line();
    esim_rt_write(2, "emojisim-core: heap: ", 21);
    esim_rt_write(2, why, strlen(why));
    esim_rt_write(2, "\n", 1);
    __builtin_trap();
}

static int class_of(size_t n, uint32_t *size) {
    if (n <= 256) {
        uint32_t c = (uint32_t)((n + 15) / 16);
        if (c == 0) c = 1;
        *size = c * 16;
        return (int)c - 1;
    }
    uint32_t s = 512;
    int c = 16;
    while (s < n) { s <<= 1; c++; }
    *size = s;
    return c;
}

/// The highest address the heap reaches: 4 GiB less one page, so no sum wraps.
#define HEAP_LIMIT ((size_t)0xFFFF0000u)

/// Carves `total` bytes (header included) from the top of the heap, growing memory.
static void *carve(size_t total) {
    if (heap_top == 0) heap_top = heap_end = ((uintptr_t)&__heap_base + 15) & ~(uintptr_t)15;
    // wasm32 addresses end at 4 GiB: `heap_top + total` and `heap_end` must not wrap
    // (they did, and the block handed out overlapped low memory: "memory access out of
    // bounds" instead of an allocation failure). The last page stays unused.
    if (total > HEAP_LIMIT || heap_top > HEAP_LIMIT - total) return 0;
    if (heap_end < heap_top + total) {
        size_t need = heap_top + total - heap_end;
        size_t pages = (need + PAGE - 1) / PAGE;
        size_t current = __builtin_wasm_memory_size(0) * (size_t)PAGE;
        // The first growth also covers the gap between __heap_base and the memory end.
        if (heap_end < current) {
            heap_end = current;
            if (heap_end >= heap_top + total) goto done;
            need = heap_top + total - heap_end;
            pages = (need + PAGE - 1) / PAGE;
        }
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
        heap_end += pages * PAGE;
    }
done:;
    void *p = (void *)heap_top;
    heap_top += total;
    return p;
}

static void *large_alloc(size_t n) {
    if (n > 0x7fff0000u) return 0;
    uint32_t size = (uint32_t)((n + PAGE - 1) / PAGE * PAGE);
    Block **best = 0;
    for (Block **p = &large_free; *p; p = &(*p)->next) {
        if ((*p)->size >= size && (!best || (*p)->size < (*best)->size)) best = p;
    }
    if (best) {
        Block *b = *best;
        uint32_t rest = b->size - size;
        if (rest >= PAGE + HEADER) {
            // Split: the tail stays free in place (address order is kept).
            Block *tail = (Block *)((uint8_t *)b + HEADER + size);
            tail->size = rest - HEADER;
            tail->magic = MAGIC_FREE | 0xff;
            tail->next = b->next;
            *best = tail;
            b->size = size;
        } else {
            *best = b->next;
        }
        b->magic = MAGIC_USED | 0xff;
        b->next = 0;
        return b;
    }
    Block *b = carve(HEADER + size);
    if (!b) return 0;
    b->size = size;
    b->magic = MAGIC_USED | 0xff;
    b->next = 0;
    return b;
}

static void large_free_block(Block *b) {
    b->magic = MAGIC_FREE | 0xff;
    Block **p = &large_free;
    while (*p && *p < b) p = &(*p)->next;
    b->next = *p;
    *p = b;
    // Merge with the following block, then with the preceding one.
    if (b->next && (uint8_t *)b + HEADER + b->size == (uint8_t *)b->next) {
        b->size += HEADER + b->next->size;
        b->next = b->next->next;
    }
    if (p != &large_free) {
        Block *prev = (Block *)((uint8_t *)p - __builtin_offsetof(Block, next));
        if ((uint8_t *)prev + HEADER + prev->size == (uint8_t *)b) {
            prev->size += HEADER + b->size;
            prev->next = b->next;
        }
    }
}

void *malloc(size_t n) {
    Block *b;
    if (n <= SMALL_MAX) {
        uint32_t size;
        int c = class_of(n, &size);
        if (small_free[c]) {
            b = small_free[c];
            small_free[c] = b->next;
        } else {
            b = carve(HEADER + size);
            if (!b) return 0;
            b->size = size;
        }
        b->magic = MAGIC_USED | (uint32_t)c;
        b->next = 0;
    } else {
        b = large_alloc(n);
        if (!b) return 0;
    }
    bytes_in_use += b->size;
    if (bytes_in_use > peak_bytes) peak_bytes = bytes_in_use;
    return (uint8_t *)b + HEADER;
}

static Block *block_of(void *p) {
    Block *b = (Block *)((uint8_t *)p - HEADER);
    if (b->magic == MAGIC_ALIGNED) b = (Block *)((uint8_t *)p - b->size);
    if ((b->magic & 0xffffff00u) != MAGIC_USED) {
        heap_panic((b->magic & 0xffffff00u) == MAGIC_FREE ? "double free" : "free of a pointer malloc did not return");
    }
    return b;
}

void free(void *p) {
    if (!p) return;
    Block *b = block_of(p);
    bytes_in_use -= b->size;
    uint32_t c = b->magic & 0xff;
    if (c == 0xff) {
        large_free_block(b);
    } else {
        b->magic = MAGIC_FREE | c;
        b->next = small_free[c];
        small_free[c] = b;
    }
}

void *calloc(size_t count, size_t size) {
    if (size && count > (size_t)-1 / size) return 0;
    void *p = malloc(count * size);
    if (p) memset(p, 0, count * size);
    return p;
}

void *realloc(void *p, size_t n) {
    if (!p) return malloc(n);
    if (n == 0) { free(p); return 0; }
    Block *b = block_of(p);
    size_t have = b->size - (size_t)((uint8_t *)p - ((uint8_t *)b + HEADER));
    if (n <= have) return p;
    void *q = malloc(n);
    if (!q) return 0;
    memcpy(q, p, have);
    free(p);
    return q;
}

int posix_memalign(void **out, size_t align, size_t n) {
    if (align == 0 || (align & (align - 1)) || align % sizeof(void *)) return 22; // EINVAL
    if (align <= HEADER) {
        void *p = malloc(n ? n : 1);
        if (!p) return 12; // ENOMEM
        *out = p;
        return 0;
    }
    if (n > (size_t)-1 - align - HEADER) return 12;
    uint8_t *raw = malloc(n + align + HEADER);
    if (!raw) return 12;
    uintptr_t aligned = ((uintptr_t)raw + HEADER + align - 1) & ~(uintptr_t)(align - 1);
    Block *h = (Block *)(aligned - HEADER);
    h->magic = MAGIC_ALIGNED;
    h->size = (uint32_t)(aligned - ((uintptr_t)raw - HEADER)); // back to the real header
    *out = (void *)aligned;
    return 0;
}

void *aligned_alloc(size_t align, size_t n) {
    void *p = 0;
    return posix_memalign(&p, align, n) == 0 ? p : 0;
}

// MARK: what the host may ask about memory

EXPORT("esim_heap_in_use") size_t esim_heap_in_use(void) { return bytes_in_use; }
EXPORT("esim_heap_peak") size_t esim_heap_peak(void) { return peak_bytes; }
EXPORT("esim_heap_size") size_t esim_heap_size(void) { return heap_end; }

// Random bytes for the stdlib (Hasher seeds, random()): the core never relies on them
// for output (hashing order is not observable in any output, see ARCHITECTURE.md
// "Portability"), and a fixed stream keeps every run identical.
void arc4random_buf(void *buf, size_t n) {
    static uint32_t state = 0x9E3779B9u;
    uint8_t *b = buf;
    for (size_t i = 0; i < n; i++) {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5;
        b[i] = (uint8_t)state;
    }
}

// ---- What the compiled Swift code still calls: compiler builtins and a few libm/libc
// functions. Each is exact (IEEE results that do not depend on rounding choices), so the
// wasm module computes the same bits as the native build.

// Stack protector (the Swift compiler emits canaries on wasm32 too).
uintptr_t __stack_chk_guard = 0x2f8b6d13u;
_Noreturn void __stack_chk_fail(void) { __builtin_trap(); }

// 128-bit multiply (Int64.multipliedFullWidth and friends): the low 128 bits of a*b,
// from 32-bit limbs so no 128-bit operation recurses into this function.
typedef __UINT64_TYPE__ uint64_t;
typedef unsigned __int128 u128;
u128 __multi3(u128 a, u128 b) {
    uint64_t a0 = (uint64_t)a, a1 = (uint64_t)(a >> 64);
    uint64_t b0 = (uint64_t)b, b1 = (uint64_t)(b >> 64);
    uint64_t al = a0 & 0xffffffffu, ah = a0 >> 32, bl = b0 & 0xffffffffu, bh = b0 >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    uint64_t lo = (ll & 0xffffffffu) | (mid << 32);
    uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    hi += a0 * b1 + a1 * b0;
    return ((u128)hi << 64) | lo;
}

// round: half away from zero. x - trunc(x) is exact, so the comparison is exact.
double round(double x) {
    double t = __builtin_trunc(x);
    double d = x - t;
    if (d >= 0.5) return t + 1.0;
    if (d <= -0.5) return t - 1.0;
    return t;
}

// fmod: the exact remainder x - n*y with n = trunc(x/y), by shifting and subtracting the
// significands (the result is always representable, so no rounding happens).
double fmod(double x, double y) {
    union { double f; uint64_t i; } ux = {x}, uy = {y};
    int ex = (int)(ux.i >> 52 & 0x7ff), ey = (int)(uy.i >> 52 & 0x7ff);
    uint64_t sx = ux.i >> 63, i;
    uint64_t uxi = ux.i;
    if ((uy.i << 1) == 0 || ex == 0x7ff || (ey == 0x7ff && (uy.i << 12) != 0)) return (x * y) / (x * y);
    if ((uxi << 1) <= (uy.i << 1)) {
        if ((uxi << 1) == (uy.i << 1)) return 0 * x;
        return x;
    }
    if (!ex) { for (i = uxi << 12; i >> 63 == 0; ex--, i <<= 1) {} uxi <<= -ex + 1; }
    else { uxi &= (uint64_t)-1 >> 12; uxi |= 1ULL << 52; }
    uint64_t uyi = uy.i;
    if (!ey) { for (i = uyi << 12; i >> 63 == 0; ey--, i <<= 1) {} uyi <<= -ey + 1; }
    else { uyi &= (uint64_t)-1 >> 12; uyi |= 1ULL << 52; }
    for (; ex > ey; ex--) {
        i = uxi - uyi;
        if (i >> 63 == 0) { if (i == 0) return 0 * x; uxi = i; }
        uxi <<= 1;
    }
    i = uxi - uyi;
    if (i >> 63 == 0) { if (i == 0) return 0 * x; uxi = i; }
    for (; uxi >> 52 == 0; uxi <<= 1, ex--) {}
    if (ex > 0) { uxi -= 1ULL << 52; uxi |= (uint64_t)ex << 52; }
    else { uxi >>= -ex + 1; }
    uxi |= sx << 63;
    ux.i = uxi;
    return ux.f;
}

// Double(String) in the stdlib. The scenario language reads plain decimals
// (`-12.5`, at most 64 characters); those with at most 15 significant digits and a
// power of ten of at most 22 take Clinger's fast path, which is correctly rounded (one
// exact integer, one IEEE multiply or divide by an exact power of ten), as strtod is.
// Anything else is refused (NULL: not a number), never approximated.
const char *_swift_stdlib_strtod_clocale(const char *s, double *out) {
    static const double p10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    const char *p = s;
    int neg = 0;
    if (*p == '-' || *p == '+') { neg = *p == '-'; p++; }
    uint64_t m = 0;
    int digits = 0, frac = 0, seen = 0, dot = 0;
    for (;; p++) {
        if (*p >= '0' && *p <= '9') {
            seen = 1;
            if (m == 0 && *p == '0') { if (dot) frac++; continue; }
            if (digits >= 15) return 0;
            m = m * 10 + (uint64_t)(*p - '0');
            digits++;
            if (dot) frac++;
        } else if (*p == '.' && !dot) {
            dot = 1;
        } else break;
    }
    if (!seen || *p != 0 || frac > 22) return 0;
    double v = (double)m;
    v = frac ? v / p10[frac] : v;
    *out = neg ? -v : v;
    return p;
}
