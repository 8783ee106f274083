/*
 * ring: the caches that keep fewer tokens.
 *
 * A sliding-window ring buffer (lesson Ex. 9): position p goes to slot
 * p mod W and overwrites the oldest entry.  A streaming cache (lesson
 * Ex. 11): the first `sinks` positions stay forever, then the most recent
 * ones; when full, the oldest non-sink entry is evicted.
 */
#ifndef ATTNVIZ_RING_H
#define ATTNVIZ_RING_H

#define RING_MAX 4096

struct ring {
	int window;
	int slot[RING_MAX];   /* [window] stored position, -1 when empty */
	int last_slot;        /* slot the last push wrote */
	int last_evicted;     /* position it overwrote, -1 when none */
};

/* 0, or -1 when window is out of 1..RING_MAX. */
int ring_init(struct ring *r, int window);
void ring_push(struct ring *r, int pos);
/* A query at q may attend to a key at k: causal and within the window. */
int ring_swa_visible(int q, int k, int window);

struct stream_cache {
	int sinks, recent;
	int n;
	int pos[RING_MAX];    /* [n] positions in cache order */
	int last_evicted;     /* -1 when the last push evicted nothing */
};

int ring_stream_init(struct stream_cache *c, int sinks, int recent);
void ring_stream_push(struct stream_cache *c, int pos);

#endif
