/* fit: the search's cost, counted rather than timed (a loaded machine makes
 * any stopwatch flaky): a bisection computes about log2 of the range's steps. */
#include <math.h>
#include <stdlib.h>

#include "size/fit.h"
#include "model/model.h"
#include "t.h"

static void t_bisects(void)
{
	struct model *m = calloc(1, sizeof *m);
	char err[256];
	if (!m || model_find_load(m, "deepseek-v3", err, sizeof err) < 0) {
		T_OK(0, "fit: deepseek-v3 loads (%s)", m ? err : "out of memory");
		free(m);
		return;
	}
	struct fit_query q = { .budget = (int64_t)2000 << 30, .margin = FIT_MARGIN_DEFAULT, .ctx_cap = 4000000 };
	q.d = deploy_default(4096);
	struct fit_row r;
	int rc = fit_solve(m, &q, FIT_F16, &r);
	T_EQ_INT(rc, 0, "fit: deepseek-v3 up to 4M tokens solves");
	/* (4e6 - 4096) / 256 = 15609 steps: a scan computes 15609 totals, a
	 * bisection ceil(log2 15609) = 14, plus the floor, the answer and the next. */
	int64_t steps = (r.cap - r.lo) / r.step;
	int most = (int)ceil(log2((double)steps)) + 3;
	T_OK(steps > 10000 && r.evals <= most, "fit: %lld steps searched in %d totals (at most %d: bisection)",
	     (long long)steps, r.evals, most);
	free(m);
}

void test_fit(void)
{
	t_bisects();
}
