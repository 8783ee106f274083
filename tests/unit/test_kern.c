/* Kernel tests: java.util.Random against the JDK, softmax and the online row against the lesson. */
#include <math.h>

#include "kern/attn_row.h"
#include "kern/jrand.h"
#include "kern/softmax.h"
#include "t.h"

void test_jrand(void)
{
	/* Values printed by the JDK 17 for the same calls (javac R.java && java R). */
	struct jrand r;
	jrand_init(&r, 42);
	T_EQ_INT(jrand_int(&r), -1170105035, "jrand: Random(42).nextInt()");
	T_EQ_INT(jrand_int_below(&r, 100), 63, "jrand: nextInt(100)");
	T_EQ_INT(jrand_int_below(&r, 64), 43, "jrand: nextInt(64), a power of two");
	T_EQ_INT(jrand_int_below(&r, 1000000007), 102948884, "jrand: nextInt(1000000007)");
	T_OK(jrand_double(&r) == 0.30871945533265976, "jrand: nextDouble bit for bit");
	T_NEAR(jrand_gaussian(&r), -1.2314225495957323, 1e-15, "jrand: nextGaussian, first of a pair");
	T_NEAR(jrand_gaussian(&r), 0.9144954758720792, 1e-15, "jrand: nextGaussian, the cached second");
	jrand_init(&r, -7);
	double s = 0;
	for (int i = 0; i < 10000; i++)
		s += jrand_gaussian(&r);
	T_NEAR(s, 4.691307932393451, 1e-9, "jrand: 10000 gaussians from Random(-7)");
	jrand_init(&r, 3);
	T_OK(jrand_double(&r) * 2 == 1.462114738297724, "jrand: Random(3).nextDouble()*2 (sinks' first score)");
	T_EQ_INT(jrand_int_below(&r, 0), -1, "jrand: nextInt(0) is refused");
}

void test_softmax(void)
{
	static const double x[] = {1.0, 3.0, 2.0, 5.0, 0.5, 4.0};
	static const double lesson_s[] = {1.000000, 1.135335, 1.503215, 1.203438, 1.214547, 1.582426};
	static const double lesson_p[] = {0.011574, 0.085524, 0.031462, 0.631941, 0.007020, 0.232478};
	double max, sum;
	softmax_two_pass(x, 6, &max, &sum);
	T_NEAR(max, 5.0, 0, "softmax: two-pass max (lesson 5.0)");
	T_NEAR(sum, 1.582426, 5e-7, "softmax: two-pass sum (lesson 1.582426)");
	struct online_softmax o;
	online_softmax_init(&o);
	for (int i = 0; i < 6; i++) {
		online_softmax_step(&o, x[i]);
		T_NEAR(o.s, lesson_s[i], 5e-7, "softmax: online s after step %d (lesson)", i);
	}
	T_OK(o.raised == 0 && o.m == 5, "softmax: the last step did not raise the max");
	T_NEAR(o.s, sum, 1e-15, "softmax: one pass equals two pass");
	for (int i = 0; i < 6; i++)
		T_NEAR(online_softmax_p(&o, x[i]), lesson_p[i], 5e-7, "softmax: p[%d] (lesson)", i);
	/* The rescale factor at step 1 is exp(1 - 3). */
	online_softmax_init(&o);
	online_softmax_step(&o, 1);
	online_softmax_step(&o, 3);
	T_NEAR(o.rescale, 0.135335, 5e-7, "softmax: rescale exp(1-3) (lesson 0.135335)");
	T_OK(o.raised, "softmax: step 1 raised the max");
	/* Large scores: subtracting the max keeps everything finite. */
	static const double big[] = {1000, 999, 998};
	online_softmax_run(&o, big, 3);
	T_OK(isfinite(o.s) && fabs(o.s - (1 + exp(-1) + exp(-2))) < 1e-12, "softmax: scores near 1000 stay finite");

	static const double vals[] = {1, 0, 0, 1, 1, 1, 2, 0, 0, 2, 1, -1};
	struct attn_row row;
	double out[2], ref[2];
	T_EQ_INT(attn_row_init(&row, 0), -1, "attn_row: dv 0 is refused");
	attn_row_init(&row, 2);
	for (int j = 0; j < 6; j++)
		attn_row_step(&row, x[j], vals + 2 * j);
	attn_row_output(&row, out);
	attn_row_reference(x, vals, 6, 2, ref);
	T_NEAR(out[0], 1.539397, 5e-7, "attn_row: streaming out[0] (lesson 1.539397)");
	T_NEAR(out[1], -0.101451, 5e-7, "attn_row: streaming out[1] (lesson -0.101451)");
	T_NEAR(out[0], ref[0], 1e-14, "attn_row: streaming equals reference [0]");
	T_NEAR(out[1], ref[1], 1e-14, "attn_row: streaming equals reference [1]");
	T_NEAR(row.acc[0], 2.4360, 5e-5, "attn_row: acc[0] after key 5 (lesson 2.4360)");
	T_NEAR(row.acc[1], -0.1605, 5e-5, "attn_row: acc[1] after key 5 (lesson -0.1605)");
}
