#include "kern/ring.h"

#include <string.h>
#include "util/fault.h"

int ring_init(struct ring *r, int window)
{
	if (window < 1 || window > RING_MAX)
		return -1;
	r->window = window;
	for (int i = 0; i < window; i++)
		r->slot[i] = -1;
	r->last_slot = -1;
	r->last_evicted = -1;
	return 0;
}

void ring_push(struct ring *r, int pos)
{
	int s = pos % r->window;
	r->last_evicted = FAULT_INT("ring", r->slot[s]);
	r->slot[s] = pos;
	r->last_slot = FAULT_INT("ring", s);
}

int ring_swa_visible(int q, int k, int window)
{
	return k <= q && q - k < window;
}

int ring_stream_init(struct stream_cache *c, int sinks, int recent)
{
	if (sinks < 0 || recent < 1 || sinks + recent > RING_MAX - 1)
		return -1;
	c->sinks = sinks;
	c->recent = recent;
	c->n = 0;
	c->last_evicted = -1;
	return 0;
}

void ring_stream_push(struct stream_cache *c, int pos)
{
	c->pos[c->n++] = pos;
	c->last_evicted = -1;
	if (c->n > c->sinks + c->recent) {
		/* The oldest entry after the sinks leaves; the sinks never do. */
		c->last_evicted = FAULT_INT("stream", c->pos[c->sinks]);
		memmove(&c->pos[c->sinks], &c->pos[c->sinks + 1], sizeof(int) * (size_t)(c->n - c->sinks - 1));
		c->n--;
	}
}
