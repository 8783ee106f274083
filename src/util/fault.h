/*
 * fault: test-only fault injection into the value path.
 *
 * The shipped program never defines ATTNVIZ_FAULT, so FAULT_REAL and
 * FAULT_INT are the bare expression there and cost nothing.  `make fault`
 * builds build/fault/attnviz with -DATTNVIZ_FAULT; in that build a hook
 * whose name equals $ATTNVIZ_FAULT perturbs its value (a real by 1 % plus
 * 0.01, an integer by one).  tests/fault.sh runs --check and --summary with
 * each fault and asserts that the scenes whose values pass through it fail:
 * the proof that their checks can fail (a check whose expected value went
 * through the same code would survive the fault).
 *
 * Put a hook where a kernel or the model code hands a result on, never on
 * an index used to address memory.  The expression may be evaluated twice
 * only in the fault build; keep it free of side effects.
 */
#ifndef ATTNVIZ_FAULT_H
#define ATTNVIZ_FAULT_H

#ifdef ATTNVIZ_FAULT
#include <stdlib.h>
#include <string.h>

static inline int fault_on(const char *name)
{
	const char *f = getenv("ATTNVIZ_FAULT");
	return f && !strcmp(f, name);
}

#define FAULT_REAL(name, expr) (fault_on(name) ? (expr) * 1.01 + 0.01 : (expr))
#define FAULT_INT(name, expr) (fault_on(name) ? (expr) + 1 : (expr))
#else
#define FAULT_REAL(name, expr) (expr)
#define FAULT_INT(name, expr) (expr)
#endif

#endif
