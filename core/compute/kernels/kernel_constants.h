// SPDX-License-Identifier: GPL-3.0-or-later
/* Launch geometry shared by the host code and rope_kernels.common (plain #defines: this file is
   valid C++, CUDA and OpenCL C; the OpenCL source embeds it, the host and cuda_backend.cu
   include it). */
#ifndef ROPELAB_KERNEL_CONSTANTS_H
#define ROPELAB_KERNEL_CONSTANTS_H

/* scoreCurves: threads per group; scoreCurves4 handles CURVE_TILE curves that share a frequency
   set per thread. Distances per thread (the angle-addition run): STEPS1 in scoreCurves1, STEPS4
   in scoreCurves4 (4 x 16 accumulators keep it under ~130 registers). */
#define ROPELAB_CURVE_GROUP 128
#define ROPELAB_CURVE_TILE 4
#define ROPELAB_CURVE_STEPS1 32
#define ROPELAB_CURVE_STEPS4 16

/* maxPoolScores: a group computes a HEAT_TILE x HEAT_TILE block of scores with
   HEAT_THREADS x HEAT_THREADS threads, HEAT_CHUNK components of q and k at a time. */
#define ROPELAB_HEAT_TILE 128
#define ROPELAB_HEAT_THREADS 16
#define ROPELAB_HEAT_CHUNK 16
/* Cells a group reduces in local memory per axis; tiles covering more cells update the grid
   directly. */
#define ROPELAB_HEAT_LOCAL_CELLS 32
/* The ordered-int key below every float: an empty max-pool cell. */
#define ROPELAB_EMPTY_KEY (-2147483647 - 1)

/* applyRopeRows, poolBlockSums, meanPoolDots: threads per group (1-D). */
#define ROPELAB_LINEAR_GROUP 256

#endif
