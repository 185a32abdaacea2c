// SPDX-License-Identifier: GPL-3.0-or-later
// CUDA prelude for rope_kernels.common: maps the common kernel macros onto CUDA C++.
// cuda_backend.cu includes this, then the common source, so nvcc compiles the same kernels.
#pragma once

#define KERNEL extern "C" __global__
#define GLOBAL
#define LOCAL __shared__
#define DEVICE_FN static __device__ __forceinline__
#define SYNC_THREADS() __syncthreads()
#define GROUP_ID(d) ((int)((d) == 0 ? blockIdx.x : (d) == 1 ? blockIdx.y : blockIdx.z))
#define LOCAL_ID(d) ((int)((d) == 0 ? threadIdx.x : (d) == 1 ? threadIdx.y : threadIdx.z))
#define GROUP_SIZE(d) ((int)((d) == 0 ? blockDim.x : (d) == 1 ? blockDim.y : blockDim.z))
#define NUM_GROUPS(d) ((int)((d) == 0 ? gridDim.x : (d) == 1 ? gridDim.y : gridDim.z))
#define MAKE_FLOAT2(x, y) make_float2((x), (y))
#define FMA(a, b, c) fmaf((a), (b), (c))
// sin(pi x) and cos(pi x) in one call, without sincosf's slow path for large arguments.
#define SINCOSPI(x, s, c) sincospif((x), &(s), &(c))
#define FLOAT_BITS(x) __float_as_int(x)
#define ATOMIC_MAX_LOCAL(p, v) atomicMax((p), (v))
#define ATOMIC_MAX_GLOBAL(p, v) atomicMax((p), (v))

typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;
