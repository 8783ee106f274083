/*
 * The memory, fit and iswa scenes as the class sees them at 80x24 (the
 * walk3 review's findings F4, F6, F10, F11, F14): each check reads the
 * composed screen for what one fix promised.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "frame.h"
#include "glyph.h"
#include "model/model.h"
#include "shot.h"
#include "t.h"
#include "theme.h"

/* The row of c whose every cell is a block glyph (the frame keeps a blank
 * column between it and the divider), or -1. */
static int full_row(const struct canvas *c)
{
	for (int y = 0; y < c->h; y++) {
		int x = 0;
		while (x < c->w && canvas_at(c, x, y)->ch != ' ' && canvas_at(c, x, y)->ch >= 0x2500)
			x++;
		if (x == c->w)
			return y;
	}
	return -1;
}

/* F6: memory's stacked bar with model (NULL: the default), step 2: each
 * legend swatch (the glyph before a part's name) is found on the bar in
 * the same glyph and role, and no two swatches share a glyph (NO_COLOR) or
 * a colour. */
static void memory_bar(const struct registry *reg, const char *model, int want_parts)
{
	static const char *const names[] = {"weights", "KV cache", "recurrent state", "compute buffer", "output buffer"};
	struct shot sh;
	if (shoot(reg, "memory", model, NULL, 2, &sh) < 0) {
		T_OK(0, "memory -m %s: opens", model ? model : "(default)");
		return;
	}
	const char *mn = model ? model : "(default)";
	int bar = full_row(sh.pic), nparts = 0;
	T_OK(bar >= 0, "memory -m %s step 2: the stacked bar fills a row of the pane", mn);
	uint32_t glyph[5];
	enum role role[5];
	for (int i = 0; i < 5 && bar >= 0; i++) {
		char pat[40];
		snprintf(pat, sizeof pat, "%s ", names[i]);
		int y = row_with(sh.pic, pat);
		if (y < 0 || canvas_at(sh.pic, 0, y)->ch == ' ')
			continue;   /* a part of 0 B has no swatch, and no segment */
		glyph[nparts] = canvas_at(sh.pic, 0, y)->ch;
		role[nparts] = canvas_at(sh.pic, 0, y)->role;
		int on_bar = 0, wrong_role = 0;
		for (int x = 0; x < sh.pic->w; x++)
			if (canvas_at(sh.pic, x, bar)->ch == glyph[nparts]) {
				on_bar++;
				wrong_role += canvas_at(sh.pic, x, bar)->role != role[nparts];
			}
		T_OK(on_bar > 0 && wrong_role == 0, "memory -m %s: the %s swatch is on the bar (%d cells), in its role", mn,
		     names[i], on_bar);
		int same_glyph = 0, same_colour = 0;
		for (int j = 0; j < nparts; j++) {
			const struct theme_style *a = &theme_roles[THEME_CLASSIC][role[j]];
			const struct theme_style *b = &theme_roles[THEME_CLASSIC][role[nparts]];
			same_glyph += glyph[j] == glyph[nparts];
			same_colour += a->fg256 == b->fg256 || a->fg8 == b->fg8;
		}
		T_OK(same_glyph == 0 && same_colour == 0,
		     "memory -m %s: the %s swatch's glyph and colour are no other part's", mn, names[i]);
		nparts++;
	}
	T_EQ_INT(nparts, want_parts, "memory -m %s step 2: every part with bytes has a swatch", mn);
	/* Proportional: a part's cells are its share of the bar's, rounded,
	 * give or take the cells the one-cell minimum of the small parts
	 * takes from the rest (bytes read off the legend, as shown). */
	double bytes[5] = {0}, total = 0;
	int cells[5] = {0}, forced = 0, worst_part = -1;
	double worst = 0;
	for (int i = 0; i < 5 && bar >= 0; i++) {
		char pat[40], row[400], unit[8];
		snprintf(pat, sizeof pat, "%s ", names[i]);
		int y = row_with(sh.pic, pat);
		double v;
		if (y < 0 || canvas_at(sh.pic, 0, y)->ch == ' ')
			continue;
		row_of(sh.pic, y, row, sizeof row);
		const char *at = strstr(row, pat) + strlen(pat);
		if (sscanf(at, "%lf %7s", &v, unit) != 2)
			continue;
		bytes[i] = v * (!strcmp(unit, "GiB") ? 1 << 30 : !strcmp(unit, "MiB") ? 1 << 20 : !strcmp(unit, "KiB") ? 1 << 10 : 1);
		total += bytes[i];
		for (int x = 0; x < sh.pic->w; x++)
			cells[i] += canvas_at(sh.pic, x, bar)->ch == canvas_at(sh.pic, 0, y)->ch;
	}
	for (int i = 0; i < 5 && total > 0; i++) {
		double share = bytes[i] / total * sh.pic->w;
		forced += bytes[i] > 0 && share < 0.5;
		if (bytes[i] > 0 && fabs(cells[i] - share) > worst)
			worst = fabs(cells[i] - share), worst_part = i;
	}
	T_OK(total > 0 && worst <= 0.5 + forced, "memory -m %s step 2: each part's cells are its share (worst: %s, %.2f "
	     "cells off; %d small parts take a cell each)", mn, worst_part >= 0 ? names[worst_part] : "-", worst, forced);
	shot_free(&sh);
}

/* F4: fit with model at step k: each cache type the side pane lists is seen
 * on the plot, by its own mark or by the shared one (≡) that the side pane
 * then names; `zero` whether the narration explains a 0; a device step
 * says the summary under it is at the mem parameter's budget. */
static void fit_curves(const struct registry *reg, const char *model,
		       const char *set, int k, int zero)
{
	static const uint32_t marks[3] = {'#', '+', 'o'};
	struct shot sh;
	const char *mn = model ? model : "(default)";
	if (shoot(reg, "fit", model, set, k, &sh) < 0) {
		T_OK(0, "fit -m %s step %d: opens", mn, k);
		return;
	}
	int shared = cells_holding(sh.pic, 0x2261), named = rows_holding(sh.side, "≡ curves on one cell") +
								  rows_holding(sh.side, "max_ctx  ≡ same cell");
	for (int t = 0; t < 3; t++) {
		char lab[4] = {(char)marks[t], ' ', 0};
		int y = row_with(sh.side, lab);
		if (y < 0)
			continue;
		T_OK(cells_holding(sh.pic, marks[t]) > 0 || (shared > 0 && named == 1),
		     "fit -m %s step %d: the %c curve is on the plot or marked as sharing cells", mn, k, (char)marks[t]);
	}
	T_EQ_INT(named, shared > 0, "fit -m %s step %d: ≡ named in the side pane exactly when drawn (%d cells)", mn, k,
		 shared);
	/* a type that does not fit reads "none", in the side pane and the narration alike (a device step once
	 * said 0 where steps 1-4 say none) */
	T_EQ_INT(strstr(sh.narration, "none with") != NULL, zero, "fit -m %s step %d: \"none\" in the narration only "
		 "where a type does not fit", mn, k);
	T_EQ_INT(rows_holding(sh.side, "  none") > 0, zero, "fit -m %s step %d: \"none\" in the side pane only where a type "
		 "does not fit", mn, k);
	T_EQ_INT(rows_holding(sh.side, "the summary below is"), k >= 5,
		 "fit -m %s step %d: a device step says the "
		 "summary is at the mem parameter",
		 mn, k);
	if (k >= 5)
		T_EQ_INT(rows_holding(sh.side, "8.00 GiB"), 1,
			 "fit -m %s step %d: the summary's budget, 8 GiB", mn,
			 k);
	shot_free(&sh);
}

/* F14: memory with model and set at step 0: whether the side pane flags
 * the sequence's context past the trained one (`flag` the line, NULL:
 * none), as llama.cpp warns, and the narration and kv_bytes' explanation
 * say so too. */
static void memory_train(const struct registry *reg, const char *model, const char *set, const char *flag)
{
	struct shot sh;
	if (shoot(reg, "memory", model, set, 0, &sh) < 0) {
		T_OK(0, "memory -m %s %s: opens", model, set ? set : "");
		return;
	}
	const char *st = set ? set : "(defaults)";
	if (flag)
		T_EQ_INT(rows_holding(sh.side, flag), 1, "memory -m %s %s: the side pane flags \"%s\"", model, st, flag);
	else
		T_EQ_INT(rows_holding(sh.side, "n_ctx_train") + rows_holding(sh.side, "trained"), 0,
			 "memory -m %s %s: within the trained context, no flag", model, st);
	T_EQ_INT(strstr(sh.narration, "possible training context overflow") != NULL, flag != NULL,
		 "memory -m %s %s: the narration warns as llama.cpp does, or not", model, st);
	shot_free(&sh);
	/* --explain's kv_bytes: llama.cpp's line with the sequence's cells */
	struct run r;
	struct summary sum;
	struct model m;
	char err[600];
	if (model_find_load(&m, model, err, sizeof err) < 0 || run_open(&r, registry_find(reg, "memory"), &m, err, sizeof err) < 0)
		return;
	if (!set || run_set_line(&r, set, err, sizeof err) == 0) {
		summary_init(&sum);
		run_summary(&r, &sum, err, sizeof err);
		const char *ex = NULL;
		for (int i = 0; i < sum.n; i++)
			if (!strcmp(sum.items[i].key, "kv_bytes"))
				ex = sum.items[i].explain;
		T_EQ_INT(ex && strstr(ex, "possible training context overflow"), flag != NULL,
			 "memory -m %s %s: --explain kv_bytes cites llama.cpp's warning, or not", model, st);
		summary_free(&sum);
	}
	run_close(&r);
}

/* The K cache type a side pane names ("K f16, V f16", "32 layers, K bf16
 * V bf16") into out, or "" when none. */
static void k_label(const struct canvas *side, char *out, size_t len)
{
	char line[1024];
	out[0] = 0;
	for (int y = 0; y < side->h && len >= 16; y++) {   /* %15[: 16 bytes */
		row_of(side, y, line, sizeof line);
		char *k = strstr(line, "K ");
		if (k && (k == line || k[-1] == ' ') && sscanf(k + 2, "%15[a-z0-9_]", out) == 1)
			return;
	}
	out[0] = 0;
}

/* F11: the same model's cache type is the same word in every scene that
 * names it (llama.cpp's default -ctk f16 unless the model file sets one). */
static void cache_labels(const struct registry *reg)
{
	static const char *const scenes[] = {"gqa", "iswa", "cost", "memory"};
	static struct model_entry ents[MODEL_LIST_MAX];
	int nm = model_list(ents, MODEL_LIST_MAX), same = 0, named = 0;
	for (int i = 0; i < nm; i++) {
		char first[16] = "", k[16];
		int agree = 1;
		for (size_t j = 0; j < sizeof scenes / sizeof scenes[0]; j++) {
			struct shot sh;
			if (shoot(reg, scenes[j], ents[i].id, NULL, 1, &sh) < 0)
				continue;
			k_label(sh.side, k, sizeof k);
			shot_free(&sh);
			if (!k[0])
				continue;
			named++;
			if (!first[0])
				snprintf(first, sizeof first, "%s", k);
			else if (strcmp(first, k)) {
				agree = 0;
				T_OK(0, "-m %s: %s names K %s, %s K %s", ents[i].id, scenes[0], first, scenes[j], k);
			}
		}
		same += agree;
	}
	T_OK(nm >= 20 && same == nm && named >= 2 * nm, "every shipped model: one K cache type in gqa, iswa, cost and memory "
	     "(%d of %d models agree, %d labels)", same, nm, named);
}

/* F10: iswa with models a and b compared as bars: on every step the side
 * pane names a (the deployment both share), never the tiny preset. */
static void iswa_two(const struct registry *reg, const char *a, const char *b, const char *name)
{
	struct run r;
	struct model ma, mb;
	char err[600];
	if (model_find_load(&ma, a, err, sizeof err) < 0 || model_find_load(&mb, b, err, sizeof err) < 0 ||
	    run_open(&r, registry_find(reg, "iswa"), &ma, err, sizeof err) < 0) {
		T_OK(0, "iswa -m %s -m %s: opens (%s)", a, b, err);
		return;
	}
	if (run_set_model2(&r, &mb, err, sizeof err) == 0) {
		int pw, ph, sw, sh, named = 0, tiny = 0;
		frame_pane_sizes(80, 24, FRAME_SUMMARY_ROWS, &pw, &ph, &sw,
				 &sh);
		struct canvas *pic = canvas_new(pw, ph), *side = canvas_new(sw, sh);
		for (int k = 0; k <= r.nsteps; k++) {
			struct view v = {.pic = pic, .side = side};
			run_goto(&r, k);
			run_render(&r, &v);
			named += rows_holding(side, name) > 0;
			tiny += rows_holding(side, "tiny") > 0;
		}
		T_OK(named == r.nsteps + 1 && tiny == 0, "iswa -m %s -m %s: every one of %d steps' side pane names %s (%d), "
		     "none the tiny preset (%d)", a, b, r.nsteps + 1, name, named, tiny);
		canvas_free(pic);
		canvas_free(side);
	} else {
		T_OK(0, "iswa -m %s -m %s: the second model loads (%s)", a, b, err);
	}
	run_close(&r);
}

void test_walkmem(void)
{
	struct registry reg;
	char err[600];
	if (registry_load(&reg, err, sizeof err) < 0) {
		T_OK(0, "walkmem: registry loads (%s)", err);
		return;
	}
	memory_bar(&reg, NULL, 4);               /* Gemma 3 27B: no recurrent state */
	memory_bar(&reg, "qwen3-next-80b", 5);   /* a hybrid: all five parts */
	fit_curves(&reg, NULL, NULL, 18,
		   0); /* 512 GiB: all three curves on the weights' row */
	fit_curves(&reg, NULL, NULL, 6,
		   0); /* 16 GiB: apart at long contexts, together at short */
	fit_curves(&reg, NULL, NULL, 3, 0); /* the mem parameter's own budget */
	/* 16 GiB: bf16 weights leave f16 no room: none */
	fit_curves(&reg, "olmo2-7b", "weights=BF16", 6, 1);
	memory_train(&reg, "llama3-8b", NULL, "! > n_ctx_train 8192");   /* -c 131072 on an 8K model */
	memory_train(&reg, "llama3-8b", "ctx=8192", NULL);
	memory_train(&reg, "llama3-8b", "n_seq=4", "! seq > n_ctx_train 8192");   /* 32768 a sequence */
	memory_train(&reg, "llama3-8b", "n_seq=16", NULL);                         /* 8192 a sequence */
	memory_train(&reg, "gemma3-27b", NULL, NULL);                              /* trained on 131072 */
	cache_labels(&reg);
	iswa_two(&reg, "deepseek-v3", "gemma3-27b", "DeepSeek-V3");
	iswa_two(&reg, "gemma3-27b", "gemma2-9b", "Gemma 3 27B");
	registry_free(&reg);
}
