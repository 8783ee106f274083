/*
 * This machine's limits at a thread count: the FMA peak (GFLOP/s) and the
 * streaming read bandwidth (GB/s) that --bench and the bench scene divide
 * by.  Measured by fastattn's probes, unless ATTNVIZ_BENCH_LIMITS names a
 * file that already holds them for this CPU and thread count: a test suite
 * that times nothing measures the machine once and every later run reuses
 * it.  A run that measures appends its figures there.
 */
#ifndef ATTNVIZ_KERN_LIMITS_H
#define ATTNVIZ_KERN_LIMITS_H

struct machine_limits {
	double peak; /* GFLOP/s of fused multiply-adds */
	double bw; /* GB/s read from memory */
	int reused; /* 1: read from ATTNVIZ_BENCH_LIMITS, not measured now */
};

/* The limits at `threads`, probing for about `seconds` when measured. */
struct machine_limits machine_limits(int threads, double seconds);

#endif
