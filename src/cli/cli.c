#include "cli/cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "keytable.h"
#include "size/budget.h"
#include "frame.h"
#include "scene/explain.h"
#include "theme.h"
#include "util/err.h"
#include "util/xmalloc.h"

#ifndef ATTNVIZ_VERSION
#define ATTNVIZ_VERSION "0.1.0"
#endif

void cli_help(FILE *out)
{
	fputs("usage: attnviz [-s SCENE] [-m MODEL] [--set KEY=VALUE]...    "
	      "interactive (needs a terminal)\n"
	      "       attnviz --list                                        "
	      "scenes and models, one a line\n"
	      "       attnviz --archs                                       "
	      "llama.cpp's architectures: sized, or why not\n"
	      "       attnviz --print SCENE|all [-m MODEL] [--set K=V]...   "
	      "the scene's lesson tables as text\n"
	      "       attnviz --summary SCENE|all [-m MODEL] [--set K=V]... "
	      "key numbers, tab-separated\n"
	      "       attnviz --export-model -m MODEL                       "
	      "the model as an INI file\n"
	      "       attnviz --check                                       "
	      "every scene's checks; exit 1 on a failure\n"
	      "       attnviz --explain SCENE|all [-m MODEL] [--set K=V]... "
	      "each number: formula, inputs, check\n"
	      "       attnviz --dump-tensors DIR -s SCENE [--set K=V]...    "
	      "write the scene's tensors as .npy\n"
	      "       attnviz --bench [--format tsv] [--set K=V]...         "
	      "real-size kernels timed here\n"
	      "       attnviz --fit MEM [-m MODEL [-m MODEL]] [--format tsv] "
	      "[--set K=V]...\n"
	      "                                     the largest context per "
	      "cache type that fits MEM (24GiB,\n"
	      "                                     80GB, 12000MiB, a device: "
	      "--fit list; several: 2x24GiB)\n"
	      "       attnviz --cast SCENE|all [--size WxH] [-m MODEL] [--set "
	      "K=V]...\n"
	      "                                     the scene played first to "
	      "last step, asciicast v2 on stdout\n"
	      "       attnviz --record FILE [-s SCENE] ...  interactive, the "
	      "session also saved to FILE (asciicast v2)\n"
	      "       attnviz --lesson FILE [--cast]        play a lesson "
	      "plan, live or as a recording\n"
	      "       attnviz --frame SCENE [--step N] [--size WxH] [--format "
	      "svg|ansi|txt] [-m MODEL] [--set K=V]...\n"
	      "                                     one composed frame "
	      "(default the last step, txt), for slides\n"
	      "       attnviz --reconcile LOG [-m MODEL]    a llama.cpp log's "
	      "memory lines beside attnviz's numbers\n"
	      "       attnviz --batch                       command lines from "
	      "stdin, one a line, each run\n"
	      "                                     in turn; after each one's "
	      "output, 0x1e and its exit status\n"
	      "       attnviz --help | --version\n"
	      "\n",
	      out);
	fputs("SCENE is an id (tiled) or a number (4); MODEL an INI file, a "
	      ".gguf file, a config.json\n"
	      "(saved as any NAME.json, or a directory holding one) or a model "
	      "id (--list).\n"
	      "-m A -m B: B beside A on gqa, mla-bytes, iswa, cost, memory and "
	      "fit (rows, bars and curves\n"
	      "of both; B's summary keys end in @2) in the TUI, --summary, "
	      "--explain, --frame and --cast.\n"
	      "--set values: numbers (4096, 1e-3), lists (1,3,2), vectors "
	      "(1:0,0:1).\n"
	      "--set theme=projector: dark text on white, bold, for a lit "
	      "classroom (t switches in the TUI).\n"
	      "--summary prints scene, key, value, expected, status (ok, FAIL "
	      "or -) and how per line;\n"
	      "how names the second way: lesson (the lesson's printed figure, "
	      "at its parameters),\n"
	      "formula (a closed form written apart), reference (another "
	      "algorithm) or - (none).\n"
	      "--explain (and w in the TUI) shows each number's formula with "
	      "the values put in,\n"
	      "where every input came from, and how it was checked.\n"
	      "Unattended TUI runs: --frames N (stop after N frames), --keys "
	      "FILE (read keys from FILE).\n"
	      "A lesson plan (--lesson) is an INI file: [lesson] title, model "
	      "(optional); items [1], [2], ...\n"
	      "with scene, step (the first shown), set (as --set, applied "
	      "together), until (the last) and note.\n"
	      "Recordings mark every step with an asciicast marker labelled "
	      "\"scene N/step M\".\n"
	      "\n"
	      "--bench parameters: n, heads, threads, causal (lists), kv "
	      "(f32,f16,q8_0,q4_0),\n"
	      "kernels (tiled,naive,decode), runs, peer (1: ggml beside "
	      "ours where\n"
	      "build/ggml_peer.so loads) and path (best,portable,avx2,avx512: "
	      "every case\n"
	      "on each kernel path), e.g. --set kernels=decode "
	      "--set path=avx2,avx512.\n"
	      "--fit parameters: margin (MiB, 1024), n_seq, unified, ubatch, "
	      "n_batch, fa (1 on, 0 off),\n"
	      "swa_full, ctx_max (0: the trained context), weights (Q4_K_M, "
	      "MXFP4_MOE: llama-quantize's).\n"
	      "\n"
	      "--reconcile reads a llama-server / llama-cli / llama-bench log "
	      "(stderr, as pasted): the\n"
	      "deployment from its llama_context lines, the model from -m, "
	      "else the GGUF it loaded,\n"
	      "else its print_info lines; each memory line says agree, or "
	      "DIFFERS with the cause\n"
	      "(exit 1); a file that is not a llama.cpp log exits 2.\n"
	      "\n"
	      "Exit status: 0 success, 1 a check failed, 2 usage error or bad "
	      "input.\n"
	      "Models are searched in $ATTNVIZ_MODELS, "
	      "$XDG_CONFIG_HOME/attnviz/models, the data dir\n"
	      "and ./assets/models; scene files in $ATTNVIZ_SCENES, beside the "
	      "program and the data dir.\n",
	      out);
	fputs("\nKeys of the interactive program:\n", out);
	keytable_print(out);
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
	o->frame_step = -1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL;
		if (is_opt(a, "-s") || is_opt(a, "--scene")) {
			if (need_arg(argc, argv, &i, &o->scene, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "-m") || is_opt(a, "--model")) {
			if (o->model2) {
				err_set(err, errlen, NULL, 0, NULL, NULL, "-m at most twice");
				return -1;
			}
			if (need_arg(argc, argv, &i, o->model ? &o->model2 : &o->model, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--set")) {
			if (need_arg(argc, argv, &i, &v, err, errlen) < 0)
				return -1;
			if (!strncmp(v, "theme=", 6)) {
				/* The look of the screen, not a scene's parameter: every mode takes it. */
				if ((o->theme = theme_by_name(v + 6)) < 0) {
					err_set(err, errlen, NULL, 0, NULL, "theme", "takes classic or projector");
					return -1;
				}
				continue;
			}
			if (o->nsets >= CLI_MAX_SETS) {
				err_set(err, errlen, NULL, 0, NULL, NULL, "too many --set options (at most %d)", CLI_MAX_SETS);
				return -1;
			}
			o->sets[o->nsets++] = v;
		} else if (is_opt(a, "--list")) {
			if (set_mode(o, MODE_LIST, a, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--archs")) {
			if (set_mode(o, MODE_ARCHS, a, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--print") || is_opt(a, "--summary")) {
			if (set_mode(o, a[2] == 'p' ? MODE_PRINT : MODE_SUMMARY, a, err, errlen) < 0 ||
			    need_arg(argc, argv, &i, &o->scene, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--explain")) {
			if (set_mode(o, MODE_EXPLAIN, a, err, errlen) < 0 ||
			    need_arg(argc, argv, &i, &o->scene, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--check")) {
			if (set_mode(o, MODE_CHECK, a, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--dump-tensors")) {
			if (set_mode(o, MODE_DUMP, a, err, errlen) < 0 ||
			    need_arg(argc, argv, &i, &o->dump_dir, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--export-model")) {
			if (set_mode(o, MODE_EXPORT, a, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--bench")) {
			if (set_mode(o, MODE_BENCH, a, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--fit")) {
			int64_t bytes;
			const struct budget_device *dev;
			char why[200], shown[64];
			if (set_mode(o, MODE_FIT, a, err, errlen) < 0 || need_arg(argc, argv, &i, &o->fit_mem, err, errlen) < 0)
				return -1;
			if (strcmp(o->fit_mem, "list") &&
			    budget_parse(o->fit_mem, &bytes, &dev, why,
					 sizeof why) < 0) {
				err_clean(shown, sizeof shown, o->fit_mem);
				err_set(err, errlen, NULL, 0, NULL, NULL, "--fit '%s': %s", shown, why);
				return -1;
			}
		} else if (is_opt(a, "--format")) {
			if (need_arg(argc, argv, &i, &o->format, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--cast")) {
			if (set_mode(o, MODE_CAST, a, err, errlen) < 0)
				return -1;
			/* --lesson FILE --cast takes no scene: a scene is a word that is no option */
			if (strchr(a, '=') || (i + 1 < argc && argv[i + 1][0] != '-'))
				if (need_arg(argc, argv, &i, &o->scene, err, errlen) < 0)
					return -1;
		} else if (is_opt(a, "--lesson")) {
			if (need_arg(argc, argv, &i, &o->lesson, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--frame")) {
			if (set_mode(o, MODE_FRAME, a, err, errlen) < 0 ||
			    need_arg(argc, argv, &i, &o->scene, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--step")) {
			char *end;
			if (need_arg(argc, argv, &i, &v, err, errlen) < 0)
				return -1;
			errno = 0;
			long st = strtol(v, &end, 10);
			if (errno || *end || end == v || st < 0 || st > 100000000) {
				err_set(err, errlen, NULL, 0, NULL, NULL, "--step takes a step number from 0");
				return -1;
			}
			o->frame_step = (int)st;
		} else if (is_opt(a, "--reconcile")) {
			if (set_mode(o, MODE_RECONCILE, a, err, errlen) < 0 ||
			    need_arg(argc, argv, &i, &o->reconcile, err, errlen) < 0)
				return -1;
		} else if (is_opt(a, "--size")) {
			char x;
			if (need_arg(argc, argv, &i, &v, err, errlen) < 0)
				return -1;
			if (sscanf(v, "%4d%c%4d%c", &o->cast_w, &x, &o->cast_h, &x) != 3 || (x != 'x' && x != 'X') ||
			    o->cast_w < FRAME_MIN_W || o->cast_h < FRAME_MIN_H || o->cast_w > 1000 || o->cast_h > 1000) {
				err_set(err, errlen, NULL, 0, NULL, NULL, "--size takes WxH from %dx%d to 1000x1000",
					FRAME_MIN_W, FRAME_MIN_H);
				return -1;
			}
		} else if (is_opt(a, "--record")) {
			if (need_arg(argc, argv, &i, &o->record, err, errlen) < 0)
				return -1;
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
		} else if (is_opt(a, "--batch")) {
			if (argc != 2) {
				err_set(err, errlen, NULL, 0, NULL, NULL,
					"--batch takes no other option: each "
					"line of its input is a command line");
				return -1;
			}
			o->mode = MODE_BATCH;
			return 0;
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
	if (o->format && o->mode == MODE_FRAME) {
		static const char *const names[] = {[FRAME_TXT] = "txt", [FRAME_SVG] = "svg", [FRAME_ANSI] = "ansi"};
		int found = -1;
		for (int k = 0; k < (int)(sizeof names / sizeof names[0]); k++)
			if (!strcmp(o->format, names[k]))
				found = k;
		if (found < 0) {
			err_set(err, errlen, NULL, 0, NULL, NULL, "--frame --format takes svg, ansi or txt");
			return -1;
		}
		o->frame_format = (enum frame_format)found;
	} else if (o->format && o->mode != MODE_BENCH && o->mode != MODE_FIT) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--format goes with --bench, --fit or --frame");
		return -1;
	} else if (o->format && strcmp(o->format, "tsv") && strcmp(o->format, "text")) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--format takes tsv or text");
		return -1;
	}
	if (o->model2 && o->mode != MODE_FIT && o->mode != MODE_TUI && o->mode != MODE_SUMMARY && o->mode != MODE_EXPLAIN &&
	    o->mode != MODE_FRAME && o->mode != MODE_CAST) {
		err_set(err, errlen, NULL, 0, NULL, NULL,
			"a second -m goes with the terminal program, --summary, --explain, --frame, --cast or --fit");
		return -1;
	}
	if (o->mode == MODE_ARCHS && (o->model || o->scene || o->nsets)) {
		err_set(err, errlen, NULL, 0, NULL, NULL,
			"--archs takes no -m, -s or --set");
		return -1;
	}
	if (o->cast_w && o->mode != MODE_CAST && o->mode != MODE_FRAME) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--size goes with --cast or --frame");
		return -1;
	}
	if (o->frame_step >= 0 && o->mode != MODE_FRAME) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--step goes with --frame");
		return -1;
	}
	if (o->mode == MODE_FRAME && !strcmp(o->scene, "all")) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--frame draws one scene, not all");
		return -1;
	}
	if (o->lesson && o->mode != MODE_TUI && o->mode != MODE_CAST) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--lesson plays in the terminal or with --cast");
		return -1;
	}
	if (o->lesson && (o->scene || o->nsets)) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--lesson plays the plan's own scenes and sets: "
			"no %s with it", o->scene ? "scene" : "--set");
		return -1;
	}
	if (o->mode == MODE_CAST && !o->scene && !o->lesson) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--cast needs SCENE, all, or --lesson FILE");
		return -1;
	}
	if (o->record && o->mode != MODE_TUI) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--record goes with the interactive program");
		return -1;
	}
	if (o->mode == MODE_EXPORT && !o->model) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--export-model needs -m MODEL");
		return -1;
	}
	if (o->mode == MODE_DUMP && !o->scene) {
		err_set(err, errlen, NULL, 0, NULL, NULL, "--dump-tensors needs -s SCENE");
		return -1;
	}
	return 0;
}

static int list(const struct registry *reg)
{
	struct model_entry *models = xcalloc(MODEL_LIST_MAX, sizeof *models);
	struct model *m = xmalloc(sizeof *m);
	for (int i = 0; i < reg->n; i++)
		printf("scene\t%d\t%s\t%s\n", reg->defs[i].file.order, reg->defs[i].cls->id, reg->defs[i].file.title);
	int n = model_list(models, MODEL_LIST_MAX);
	for (int i = 0; i < n; i++) {
		char err[600];
		if (model_find_load(m, models[i].path, err, sizeof err) == 0)
			printf("model\t%s\t%s\t%s\n", models[i].id, m->name, models[i].path);
		else
			printf("model\t%s\t(error: %s)\t%s\n", models[i].id, err, models[i].path);
	}
	free(models);
	free(m);
	return 0;
}

/* The mode over the named scene, or over every scene ("all", --check). */
static int each_scene(const struct app *a, const struct cli_options *o)
{
	char err[700];
	const struct registry *reg = &a->reg;
	int first = 0, last = reg->n - 1, status = 0;
	if (a->scene)
		first = last = registry_index(reg, a->scene);
	for (int i = first; i <= last; i++) {
		struct run r;
		if (app_open_run(a, &r, &reg->defs[i], o, first != last, err, sizeof err) < 0) {
			err_print(err);
			return 2;
		}
		/* Every scene at once is the lesson's numbers: the benchmark
		 * measures this machine (seconds of it) only when named, or
		 * for --check, which runs every check there is. */
		r.unmeasured = first != last && o->mode != MODE_CHECK;
		if (o->mode == MODE_PRINT) {
			if (first != last)
				printf("%s== %d %s: %s ==\n", i > first ? "\n" : "", reg->defs[i].file.order,
				       reg->defs[i].cls->id, reg->defs[i].file.title);
			if (run_print(&r, stdout, err, sizeof err) < 0) {
				err_print(err);
				status = 2;
			}
		} else if (o->mode == MODE_SUMMARY || o->mode == MODE_CHECK || o->mode == MODE_EXPLAIN) {
			struct summary s;
			int checked, failed;
			summary_init(&s);
			if (run_summary_last(&r, &s, err, sizeof err) < 0) {
				err_print(err);
				status = 2;
			} else {
				summary_counts(&s, &checked, &failed);
				if (o->mode == MODE_SUMMARY)
					summary_print(&s, r.def->cls->id, stdout);
				else if (o->mode == MODE_EXPLAIN) {
					if (i > first)
						putchar('\n');
					explain_write(&r, &s, stdout);
				}
				else
					printf("%s\t%s\t%d checks\t%d failed\n", failed ? "FAIL" : "ok", r.def->cls->id,
					       checked, failed);
				if (failed && status == 0)
					status = 1;
			}
			summary_free(&s);
		} else if (o->mode == MODE_DUMP) {
			if (run_dump(&r, o->dump_dir, err, sizeof err) < 0) {
				err_print(err);
				status = 2;
			}
		}
		run_close(&r);
	}
	return status;
}

int cli_run(const struct app *a, const struct cli_options *o)
{
	switch (o->mode) {
	case MODE_LIST:
		return list(&a->reg);
	case MODE_EXPORT:
		if (model_export(a->model, stdout) < 0 || fflush(stdout) != 0) {
			err_print("--export-model: the model could not be written whole");
			return 2;
		}
		return 0;
	case MODE_CHECK: {
		/* Every scene at its defaults, with the lesson's models. */
		struct cli_options each = *o;
		struct app defaults = *a;
		each.nsets = 0;
		defaults.model = NULL;
		defaults.scene = NULL;
		return each_scene(&defaults, &each);
	}
	case MODE_CAST:
		return a->lesson ? cli_cast_lesson(a, o) : cli_cast(a, o);
	case MODE_FRAME:
		return cli_frame(a, o);
	case MODE_FIT:
		return cli_fit(a, o);
	case MODE_RECONCILE:
		return cli_reconcile(a, o);
	case MODE_DUMP: {
		struct stat st;
		/* A directory that does not exist yet is made (one level, like mkdir). */
		int rc = stat(o->dump_dir, &st);
		const char *why = "not a directory";
		if (rc < 0 && errno == ENOENT) {
			rc = mkdir(o->dump_dir, 0777) == 0 ? stat(o->dump_dir, &st) : -1;
			if (rc < 0)
				why = strerror(errno);
		}
		if (rc < 0 || !S_ISDIR(st.st_mode)) {
			char shown[300];
			err_clean(shown, sizeof shown, o->dump_dir);
			fprintf(stderr, "attnviz: %s: %s\n", shown, why);
			return 2;
		}
		return each_scene(a, o);
	}
	default:
		return each_scene(a, o);
	}
}
