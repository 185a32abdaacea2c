// SPDX-License-Identifier: GPL-3.0-or-later
// OpenCL prelude for rope_kernels.common: maps the common kernel macros onto OpenCL C 1.2.
// Prepended to the common source at run time (the OpenCL backend compiles both with the driver).

#define KERNEL __kernel
#define GLOBAL __global
#define LOCAL __local
#define DEVICE_FN static inline __attribute__((always_inline))
#define SYNC_THREADS() barrier(CLK_LOCAL_MEM_FENCE)
#define GROUP_ID(d) ((int)get_group_id(d))
#define LOCAL_ID(d) ((int)get_local_id(d))
#define GROUP_SIZE(d) ((int)get_local_size(d))
#define NUM_GROUPS(d) ((int)get_num_groups(d))
#define MAKE_FLOAT2(x, y) ((float2)((x), (y)))
#define FMA(a, b, c) fma((a), (b), (c))
// sin(pi x) and cos(pi x): no argument reduction beyond the exact one by 2 (x is in [-1, 1)).
#define SINCOSPI(x, s, c) ((s) = sinpi(x), (c) = cospi(x))
#define FLOAT_BITS(x) as_int(x)
#define ATOMIC_MAX_LOCAL(p, v) atomic_max((p), (v))
#define ATOMIC_MAX_GLOBAL(p, v) atomic_max((p), (v))

typedef ulong u64;
typedef long i64;
typedef uint u32;
