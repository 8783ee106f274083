#include "cli/cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/err.h"

#ifndef ATTNVIZ_VERSION
#define ATTNVIZ_VERSION "0.1.0"
#endif

void cli_error(const char *msg)
{
	fprintf(stderr, "attnviz: %s\n", msg);
}

void cli_help(FILE *out)
{
	fputs("usage: attnviz [-s SCENE] [-m MODEL] [--set KEY=VALUE]...    interactive (needs a terminal)\n"
	      "       attnviz --list                                        scenes and models, one a line\n"
	      "       attnviz --print SCENE|all [-m MODEL] [--set K=V]...   the scene's lesson tables as text\n"
	      "       attnviz --summary SCENE|all [-m MODEL] [--set K=V]... key numbers, tab-separated\n"
	      "       attnviz --check                                       every scene's checks; exit 1 on a failure\n"
	      "       attnviz --dump-tensors DIR -s SCENE [--set K=V]...    write the scene's tensors as .npy\n"
	      "       attnviz --bench [--format tsv] [--set K=V]...         real-size kernels timed here\n"
	      "       attnviz --help | --version\n"
	      "\n"
	      "SCENE is an id (tiled) or a number (4); MODEL an INI file or a model id (--list).\n"
	      "--set values: numbers (4096, 1e-3), lists (1,3,2), vectors (1:0,0:1).\n"
	      "--summary prints scene, key, value, expected and status (ok, FAIL or -) per line.\n"
	      "Unattended TUI runs: --frames N (stop after N frames), --keys FILE (read keys from FILE).\n"
	      "\n"
	      "--bench parameters: n, heads, threads, causal (lists), kv (f32,f16),\n"
	      "kernels (tiled,naive,decode) and runs, e.g. --set kv=f16 --set kernels=decode.\n"
	      "\n"
	      "Keys: right/l/space next step, left/h back, g/G first/last, Tab/] and S-Tab/[ scene,\n"
	      "1-9 jump, s scene list, a autoplay, +/- speed, r reset, m model, e parameters,\n"
	      "x cancel a running benchmark, ? help, q quit.\n"
	      "\n"
	      "Exit status: 0 success, 1 a check failed, 2 usage error or bad input.\n"
	      "Models are searched in $ATTNVIZ_MODELS, $XDG_CONFIG_HOME/attnviz/models, the data dir\n"
	      "and ./assets/models; scene files in $ATTNVIZ_SCENES, beside the program and the data dir.\n",
	      out);
}

static int need_arg(int argc, char **argv, int *i, const char **out, char *err, size_t errlen)
{
	const char *opt = argv[*i];
	const char *eq = strchr(opt, '=');
	if (opt[1] == '-' && eq) {
		*out = eq + 1;
		return 0;
	}
	if (*i + 1 >= argc) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "option %s needs an argument (see attnviz --help)", opt);
		return -1;
	}
	*out = argv[++*i];
	return 0;
}

/* "--opt" or "--opt=value" */
static int is_opt(const char *arg, const char *name)
{
	size_t n = strlen(name);
	return !strncmp(arg, name, n) && (arg[n] == 0 || (arg[n] == '=' && name[1] == '-'));
}

static int set_mode(struct cli_options *o, enum cli_mode m, const char *opt, char *err, size_t errlen)
{
	if (o->mode != MODE_TUI && o->mode != m) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "%s cannot be combined with another mode", opt);
		return -1;
	}
	o->mode = m;
	return 0;
}

int cli_parse(int argc, char **argv, struct cli_options *o, char *err, size_t errlen)
{
	memset(o, 0, sizeof *o);
	o->frames = -1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL;
		if (is_opt(a, "-s") || is_opt(a, "--scene")) {
			if (need_arg(argc, argv, &i, &o->scene, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "-m") || is_opt(a, "--model")) {
			if (need_arg(argc, argv, &i, &o->model, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--set")) {
			if (need_arg(argc, argv, &i, &v, err, errlen) < 0)
				return -1;
			if (o->nsets >= CLI_MAX_SETS) {
				err_set(err, errlen, NULL, 0, NULL, NULL, "too many --set options (at most %d)", CLI_MAX_SETS);
				return -1;
			}
			o->sets[o->nsets++] = v;
		} else if (is_opt(a, "--list")) {
			if (set_mode(o, MODE_LIST, a, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--print") || is_opt(a, "--summary")) {
			if (set_mode(o, a[2] == 'p' ? MODE_PRINT : MODE_SUMMARY, a, err, errlen) < 0 ||
			    need_arg(argc, argv, &i, &o->scene, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--check")) {
			if (set_mode(o, MODE_CHECK, a, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--dump-tensors")) {
			if (set_mode(o, MODE_DUMP, a, err, errlen) < 0 ||
			    need_arg(argc, argv, &i, &o->dump_dir, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--bench")) {
			if (set_mode(o, MODE_BENCH, a, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--format")) {
			if (need_arg(argc, argv, &i, &o->format, err, errlen) < 0)
				return -1;
			if (strcmp(o->format, "tsv") && strcmp(o->format, "text")) {
				err_set(err, errlen, NULL, 0, NULL, NULL, "--format takes tsv or text");
				return -1;
			}
		} else if (is_opt(a, "--keys")) {
			if (need_arg(argc, argv, &i, &o->keys_file, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--frames")) {
			char *end;
			if (need_arg(argc, argv, &i, &v, err, errlen) < 0)
				return -1;
			errno = 0;
			o->frames = strtol(v, &end, 10);
			if (errno || *end || end == v || o->frames < 0 || o->frames > 100000000) {
				err_set(err, errlen, NULL, 0, NULL, NULL, "--frames takes a count from 0 to 100000000");
				return -1;
			}
		} else if (is_opt(a, "-h") || is_opt(a, "--help")) {
			o->mode = MODE_HELP;
			return 0;
		} else if (is_opt(a, "-V") || is_opt(a, "--version")) {
			o->mode = MODE_VERSION;
			return 0;
		} else {
			char shown[64];
			err_clean(shown, sizeof shown, a);
			err_set(err, errlen, NULL, 0, NULL, NULL, "unknown %s '%s' (see attnviz --help)",
				a[0] == '-' ? "option" : "argument", shown);
			return -1;
		}
	}
	if (o->format && o->mode != MODE_BENCH) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--format goes with --bench");
		return -1;
	}
	if (o->mode == MODE_DUMP && !o->scene) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--dump-tensors needs -s SCENE");
		return -1;
	}
	return 0;
}

int cli_open_run(struct run *r, const struct scene_def *def, const struct model *m, const struct cli_options *o,
		 int only_known, char *err, size_t errlen)
{
	if (run_open(r, def, m, err, errlen) < 0)
		return 2;
	for (int i = 0; i < o->nsets; i++) {
		char key[64];
		const char *eq = strchr(o->sets[i], '=');
		size_t kl = eq ? (size_t)(eq - o->sets[i]) : 0;
		if (only_known && eq && kl < sizeof key) {
			memcpy(key, o->sets[i], kl);
			key[kl] = 0;
			if (params_find(&r->params, key) < 0)
				continue;
		}
		if (run_set(r, o->sets[i], err, errlen) < 0) {
			char scoped[600];
			snprintf(scoped, sizeof scoped, "%s: %s", def->cls->id, err);
			snprintf(err, errlen, "%s", scoped);
			run_close(r);
			return 2;
		}
	}
	return 0;
}

static void list(const struct registry *reg)
{
	static struct model_entry models[256];
	for (int i = 0; i < reg->n; i++)
		printf("scene\t%d\t%s\t%s\n", reg->defs[i].file.order, reg->defs[i].cls->id, reg->defs[i].file.title);
	int n = model_list(models, 256);
	for (int i = 0; i < n; i++) {
		struct model m;
		char err[600];
		if (model_load(&m, models[i].path, err, sizeof err) == 0)
			printf("model\t%s\t%s\t%s\n", models[i].id, m.name, models[i].path);
		else
			printf("model\t%s\t(error: %s)\t%s\n", models[i].id, err, models[i].path);
	}
}

/* Every --set must name a parameter of at least one of the chosen scenes. */
static int sets_known(const struct registry *reg, const struct cli_options *o, int first, int last,
		      char *err, size_t errlen)
{
	for (int i = 0; i < o->nsets; i++) {
		const char *eq = strchr(o->sets[i], '=');
		int found = 0;
		if (!eq)
			continue;   /* params_set reports the malformed assignment */
		for (int s = first; s <= last && !found; s++)
			for (const struct param_spec *p = reg->defs[s].cls->params; p && p->name; p++)
				if (strlen(p->name) == (size_t)(eq - o->sets[i]) && !strncmp(p->name, o->sets[i], (size_t)(eq - o->sets[i])))
					found = 1;
		if (!found) {
			char key[64];
			snprintf(key, sizeof key, "%.*s", (int)(eq - o->sets[i] < 60 ? eq - o->sets[i] : 60), o->sets[i]);
			err_set(err, errlen, NULL, 0, NULL, key, "unknown parameter (no chosen scene has it)");
			return -1;
		}
	}
	return 0;
}

static int each_scene(const struct registry *reg, const struct cli_options *o, const struct model *m)
{
	char err[700];
	int first = 0, last = reg->n - 1, status = 0;
	if (strcmp(o->scene, "all")) {
		const struct scene_def *def = registry_find(reg, o->scene);
		if (!def) {
			char shown[64];
			err_clean(shown, sizeof shown, o->scene);
			fprintf(stderr, "attnviz: unknown scene '%s' (see attnviz --list)\n", shown);
			return 2;
		}
		first = last = registry_index(reg, def);
	}
	if (first != last && sets_known(reg, o, first, last, err, sizeof err) < 0) {
		cli_error(err);
		return 2;
	}
	for (int i = first; i <= last; i++) {
		struct run r;
		int rc = cli_open_run(&r, &reg->defs[i], m, o, first != last, err, sizeof err);
		if (rc) {
			cli_error(err);
			return rc;
		}
		if (o->mode == MODE_PRINT) {
			if (first != last)
				printf("%s== %d %s: %s ==\n", i > first ? "\n" : "", reg->defs[i].file.order,
				       reg->defs[i].cls->id, reg->defs[i].file.title);
			if (run_print(&r, stdout, err, sizeof err) < 0) {
				cli_error(err);
				status = 2;
			}
		} else if (o->mode == MODE_SUMMARY || o->mode == MODE_CHECK) {
			struct summary s;
			int checked, failed;
			summary_init(&s);
			if (run_summary(&r, &s, err, sizeof err) < 0) {
				cli_error(err);
				status = 2;
			} else {
				summary_counts(&s, &checked, &failed);
				if (o->mode == MODE_SUMMARY)
					summary_print(&s, r.def->cls->id, stdout);
				else
					printf("%s\t%s\t%d checks\t%d failed\n", failed ? "FAIL" : "ok", r.def->cls->id,
					       checked, failed);
				if (failed && status == 0)
					status = 1;
			}
			summary_free(&s);
		} else if (o->mode == MODE_DUMP) {
			if (run_dump(&r, o->dump_dir, err, sizeof err) < 0) {
				cli_error(err);
				status = 2;
			}
		}
		run_close(&r);
	}
	return status;
}

int cli_run(const struct cli_options *o)
{
	char err[700];
	struct registry reg;
	static struct model model;
	const struct model *m = NULL;

	if (o->mode == MODE_HELP) {
		cli_help(stdout);
		return 0;
	}
	if (o->mode == MODE_VERSION) {
		printf("attnviz %s\n", ATTNVIZ_VERSION);
		return 0;
	}
	if (o->mode == MODE_BENCH)
		return cli_bench(o);
	if (registry_load(&reg, err, sizeof err) < 0) {
		cli_error(err);
		return 2;
	}
	if (o->model) {
		if (model_find_load(&model, o->model, err, sizeof err) < 0) {
			cli_error(err);
			registry_free(&reg);
			return 2;
		}
		if (model.warning[0])
			fprintf(stderr, "attnviz: warning: %s\n", model.warning);
		m = &model;
	}
	int status = 0;
	struct cli_options each = *o;
	switch (o->mode) {
	case MODE_LIST:
		list(&reg);
		break;
	case MODE_CHECK:
		each.scene = "all";
		each.nsets = 0;
		status = each_scene(&reg, &each, NULL);
		break;
	case MODE_DUMP: {
		struct stat st;
		if (stat(o->dump_dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
			char shown[300];
			err_clean(shown, sizeof shown, o->dump_dir);
			fprintf(stderr, "attnviz: %s: not a directory\n", shown);
			status = 2;
			break;
		}
		status = each_scene(&reg, o, m);
		break;
	}
	default:
		status = each_scene(&reg, o, m);
		break;
	}
	registry_free(&reg);
	return status;
}
