// What the Embedded Swift objects still need from a C library or compiler-rt that
// wasm32-unknown-none-wasm does not provide: the stack protector's guard, 128-bit
// multiplication, round, fmod, and the stdlib's decimal parser. Each is exact where
// the native result is exact, so the module computes the same bits as the native build.
typedef unsigned long size_t;
typedef unsigned long long u64;
typedef unsigned __int128 u128;

// Swift emits stack-protector checks; a smashed stack traps.
unsigned long __stack_chk_guard = 0x5a17c0deUL;
void __stack_chk_fail(void) { __builtin_trap(); }

// 128-bit multiply (low 128 bits), from 32-bit limbs so it needs nothing itself.
u128 __multi3(u128 a, u128 b) {
    u64 al = (u64)a, ah = (u64)(a >> 64), bl = (u64)b, bh = (u64)(b >> 64);
    u64 a0 = al & 0xffffffffu, a1 = al >> 32, b0 = bl & 0xffffffffu, b1 = bl >> 32;
    u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    u64 mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    u64 lo = (p00 & 0xffffffffu) | (mid << 32);
    u64 hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32) + al * bh + ah * bl;
    return ((u128)hi << 64) | lo;
}

// Half away from zero, as C's round: x - trunc(x) is exact.
double round(double x) {
    double t = __builtin_trunc(x);
    if (__builtin_fabs(x - t) >= 0.5) t += (x > 0) ? 1.0 : -1.0;
    return t;
}

// Exact remainder: subtract the largest |y| * 2^k not above the rest; each step is an
// exact subtraction (Sterbenz), so the result is the correctly rounded (exact) fmod.
double fmod(double x, double y) {
    if (y == 0 || __builtin_isinf(x) || __builtin_isnan(x) || __builtin_isnan(y)) return __builtin_nan("");
    if (__builtin_isinf(y)) return x;
    double r = __builtin_fabs(x), ay = __builtin_fabs(y);
    while (r >= ay) {
        double d = ay;
        while (d * 2 <= r) d *= 2;
        r -= d;
    }
    return __builtin_copysign(r, x);
}

// Double(String): decimal text to the nearest double. Exact (one rounding) when the
// significand has at most 19 digits below 2^53 and |exponent| <= 22 (every literal the
// scenario language and the catalogs use); otherwise accurate to a few ulps.
static const double pow10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
const char *_swift_stdlib_strtod_clocale(const char *s, double *out) {
    const char *p = s;
    int neg = 0;
    if (*p == '+' || *p == '-') neg = (*p++ == '-');
    if ((p[0] | 32) == 'i' && (p[1] | 32) == 'n' && (p[2] | 32) == 'f') {
        *out = neg ? -__builtin_inf() : __builtin_inf();
        p += 3;
        if ((p[0] | 32) == 'i' && (p[1] | 32) == 'n' && (p[2] | 32) == 'i' && (p[3] | 32) == 't' && (p[4] | 32) == 'y') p += 5;
        return p;
    }
    if ((p[0] | 32) == 'n' && (p[1] | 32) == 'a' && (p[2] | 32) == 'n') { *out = __builtin_nan(""); return p + 3; }
    u64 m = 0;
    int digits = 0, exp10 = 0, any = 0;
    double big = 0; // the significand once it no longer fits m exactly
    for (; *p >= '0' && *p <= '9'; p++) {
        any = 1;
        if (m < 100000000000000000ULL) { m = m * 10 + (u64)(*p - '0'); if (m) digits++; }
        else exp10++;
    }
    if (*p == '.') {
        p++;
        for (; *p >= '0' && *p <= '9'; p++) {
            any = 1;
            if (m < 100000000000000000ULL) { m = m * 10 + (u64)(*p - '0'); exp10--; }
        }
    }
    if (!any) return 0;
    if ((*p | 32) == 'e') {
        const char *q = p + 1;
        int eneg = 0, e = 0, edigits = 0;
        if (*q == '+' || *q == '-') eneg = (*q++ == '-');
        for (; *q >= '0' && *q <= '9'; q++, edigits++) if (e < 100000) e = e * 10 + (*q - '0');
        if (edigits) { exp10 += eneg ? -e : e; p = q; }
    }
    (void)digits; (void)big;
    double v;
    if (m < (1ULL << 53) && exp10 >= -22 && exp10 <= 22) {
        v = exp10 < 0 ? (double)m / pow10[-exp10] : (double)m * pow10[exp10];
    } else {
        v = (double)m;
        for (; exp10 > 0; exp10--) v *= 10;
        for (; exp10 < 0; exp10++) v /= 10;
    }
    *out = neg ? -v : v;
    return p;
}
