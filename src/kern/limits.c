/*
 * The machine's limits, measured or reused (limits.h).  The file holds a
 * line a measurement, `CPU<TAB>threads<TAB>peak<TAB>bw`; lines of another
 * CPU, or that do not read whole, are passed over.  Groups of a suite that
 * run side by side may measure at once: each appends its one line with a
 * single write, and a reader takes the first line that matches.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kern/fastattn.h"
#include "kern/limits.h"

/* The CPU's model name as /proc/cpuinfo gives it ("?" where it does not),
 * with no tab, so that it stays one field of a line. */
static void cpu_name(char *out, size_t len)
{
	snprintf(out, len, "?");
	FILE *f = fopen("/proc/cpuinfo", "r");
	if (!f)
		return;
	char line[512];
	while (fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');
		if (strncmp(line, "model name", 10) || !colon)
			continue;
		colon += 1 + (colon[1] == ' ');
		colon[strcspn(colon, "\n")] = 0;
		snprintf(out, len, "%s", colon);
		for (char *p = out; *p; p++)
			if (*p == '\t')
				*p = ' ';
		break;
	}
	fclose(f);
}

static int reuse(const char *path, const char *cpu, int threads,
		 struct machine_limits *l)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	char line[700];
	int found = 0;
	while (!found && fgets(line, sizeof line, f)) {
		char *tab = strchr(line, '\t');
		if (!tab || (size_t)(tab - line) != strlen(cpu) ||
		    strncmp(line, cpu, strlen(cpu)))
			continue;
		int t, end = 0;
		double peak, bw;
		if (sscanf(tab + 1, "%d\t%lf\t%lf\n%n", &t, &peak, &bw, &end) ==
			    3 &&
		    end > 0 && t == threads && peak > 0 && bw > 0) {
			*l = (struct machine_limits){
				.peak = peak, .bw = bw, .reused = 1};
			found = 1;
		}
	}
	fclose(f);
	return found;
}

struct machine_limits machine_limits(int threads, double seconds)
{
	const char *path = getenv("ATTNVIZ_BENCH_LIMITS");
	char cpu[300];
	struct machine_limits l = {0};
	if (path && *path) {
		cpu_name(cpu, sizeof cpu);
		if (reuse(path, cpu, threads, &l))
			return l;
	}
	/* A third of the time for the FMA peak, the rest for the bandwidth,
	 * whose pass over 256 MiB takes longer to settle. */
	l.peak = fastattn_fma_peak(threads, seconds / 3);
	l.bw = fastattn_read_bandwidth(threads, seconds * 2 / 3);
	if (path && *path && l.peak > 0 && l.bw > 0) {
		char line[400];
		int n = snprintf(line, sizeof line, "%s\t%d\t%.6g\t%.6g\n", cpu,
				 threads, l.peak, l.bw);
		int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
		if (fd >= 0) {
			if (n > 0 && (size_t)n < sizeof line &&
			    write(fd, line, (size_t)n) != n) {
				/* a line not written whole is passed over by
				 * reuse */
			}
			close(fd);
		}
	}
	return l;
}
