/*
 * tiled: naive and tiled (FlashAttention) attention for one head, in f32,
 * counting the floats each moves to and from slow memory (lesson Ex. 4).
 *
 * The naive kernel really stores S and P ([n][n]).  The tiled kernel is a
 * stepper: each step is one event between the two memories, so a scene can
 * show a block in flight.  Per query block the events are
 *   LOAD_Q, then for each key block (LOAD_KV, COMPUTE), then WRITE_O.
 * With a causal mask, key blocks wholly after the query block are skipped
 * (no event, no traffic) and the diagonal block masks its upper triangle.
 * A last block shorter than the tile (n % tile != 0) is handled: it just has
 * fewer rows.  Arithmetic follows the lesson's Java float for float, so the
 * lesson's seed gives the lesson's max |naive - tiled|.
 */
#ifndef ATTNVIZ_TILED_H
#define ATTNVIZ_TILED_H

#include <stddef.h>
#include <stdint.h>

struct traffic {
	int64_t reads, writes;   /* floats moved from and to slow memory */
};

/* o[n][d] = softmax(q k^T / sqrt(d)) v, storing s[n][n] (scratch, caller's). */
void tiled_naive_attention(const float *q, const float *k, const float *v, int n, int d, int causal,
		     float *s, float *o, struct traffic *t);

enum tiled_event { TILED_START, TILED_LOAD_Q, TILED_LOAD_KV, TILED_COMPUTE, TILED_WRITE_O, TILED_DONE };

#define TILED_MAX_TILE 256

struct tiled_run {
	int n, d, tile, causal;
	const float *q, *k, *v;   /* [n][d], the caller's */
	float *o;                 /* [n][d], the caller's */
	float *m, *l;             /* [tile] running max and sum per row of the block */
	float *acc;               /* [tile][d] */
	float *s_tile;            /* [tile][tile] the last score tile, for pictures */
	int qb, kb;               /* current query block and key block */
	int nblocks;
	enum tiled_event last;    /* what the last step did */
	struct traffic t;
	int64_t computed_blocks, skipped_blocks;
};

/* Allocates the run's scratch; 0, or -1 on bad sizes or no memory. */
int tiled_init(struct tiled_run *r, const float *q, const float *k, const float *v, float *o,
	       int n, int d, int tile, int causal);
void tiled_free(struct tiled_run *r);
/* One event; returns the event done (TILED_DONE when already finished). */
enum tiled_event tiled_step(struct tiled_run *r);
/* Number of events the whole run takes. */
int64_t tiled_event_count(int n, int tile, int causal);
/* Rows in query (or key) block b. */
int tiled_block_rows(const struct tiled_run *r, int b);
/* Key blocks a query block visits: all, or up to the diagonal when causal. */
int tiled_kv_blocks_for(int qb, int nblocks, int causal);

/* Closed forms of the counts (lesson Ex. 4), for any n, d and tile. */
struct traffic tiled_naive_traffic_formula(int64_t n, int64_t d);
struct traffic tiled_traffic_formula(int64_t n, int64_t d, int64_t tile, int causal);

#endif
