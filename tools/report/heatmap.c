/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/heatmap.c - rvpmu-report --heatmap (and --plot above 16
 * events): event rates as an SVG heat map, events down, samples across,
 * a panel per hart or, above 16 harts, per cluster (the sum of its harts'
 * rates). A cell's colour is its rate on a log scale from the lowest to
 * the highest non-zero cell of its event row in any panel (at most 3
 * decades apart), so that each event uses the whole scale and the panels
 * compare. A cell spans one sample or, when there are more samples than
 * columns, several: its rate is the counts over the true lengths
 * (rr_window) of the windows rr_win_used takes, late ones included (a
 * late window's rate over its true length is right), short, lost and
 * disagreeing ones left out: a catch-up window of a few microseconds is
 * mostly the switch's blind time, and a window whose time and counts may
 * describe different intervals gives no rate; a passed or uncounted one
 * holds no count at all. Cells with only such windows are hatched, not
 * coloured; a marker row above each panel shows the columns with a late,
 * short, lost, disagreeing, passed or uncounted window.
 *
 * A row whose rates hardly vary is not spread over the scale, where noise
 * would look like signal: when its highest rate is within FLAT (5 %) of
 * its lowest, over every window it uses and every cell, and none is 0,
 * its cells are one colour (not on the scale) with the rate printed on
 * them. The legend is laid out in the width given: its entries flow left
 * to right and wrap, and none overlaps another (tests/report checks the
 * boxes each entry states, data-box, at several widths).
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "report.h"

/* Geometry, px: the width is the caller's (RR_HEATMAP_W by default). */
#define ML		190.0	/* left margin: event labels */
#define MR		80.0	/* right margin: each row's highest rate */
#define MARK_H		5.0	/* the late/short marker row */
#define PANEL_GAP	58.0	/* title above, time ticks below */
#define MAX_PER_HART	16	/* harts above which panels are clusters */
#define CELL_BUDGET	300000	/* cells in the whole map, so that it stays small */
#define DECADES		3.0	/* the colour scale spans at most 10^3 */
#define LEVELS		32	/* colours, so that neighbours with one merge */
#define FLAT		0.05	/* max/min below 1 + FLAT: the row is one colour */

/* A cell's state: windows with a rate (on time or late), short ones, none. */
#define HAS_OK		1u
#define HAS_OFF		2u

struct hm {
	const struct rr_run *r;
	double w;		/* the SVG's width */
	uint32_t rows, cols, nr_panels;
	uint64_t start, span;	/* the samples drawn: [start, start + span) */
	uint32_t *panel_of;	/* [nr_harts]: its panel */
	uint32_t *panel_id;	/* [nr_panels]: the hart's or the cluster's id */
	uint32_t *panel_harts;	/* [nr_panels]: harts summed in it */
	double *val;		/* [panel][row][col]: the rate */
	uint8_t *state;		/* [panel][row][col]: HAS_* */
	uint8_t *mark;		/* [panel][col]: a late or short window there */
	double *pmax;		/* [panel][row]: the panel's highest rate */
	double *rowmax;		/* [row]: the highest in any panel */
	double *rowmin;		/* [row]: the lowest above 0 in any panel */
	double *wmin, *wmax;	/* [row]: its lowest and highest window rate */
	uint8_t *flat;		/* [row]: within FLAT: one colour */
	double *cnt, *len;	/* [row]: one hart's sums over one column */
	uint8_t *hs;		/* [row]: their HAS_* */
	int by_cluster;
};

/* The plot area's width. */
static double pw(const struct hm *h)
{
	return h->w - ML - MR;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* Panels: a hart each, or the run's clusters in increasing order. */
static int panels(struct hm *h)
{
	const struct rr_run *r = h->r;
	uint32_t pos, n = 0;

	h->panel_of = calloc(r->nr_harts, sizeof(*h->panel_of));
	h->panel_id = calloc(r->nr_harts, sizeof(*h->panel_id));
	h->panel_harts = calloc(r->nr_harts, sizeof(*h->panel_harts));
	if (!h->panel_of || !h->panel_id || !h->panel_harts)
		return -1;
	h->by_cluster = r->nr_harts > MAX_PER_HART;
	if (!h->by_cluster) {
		for (pos = 0; pos < r->nr_harts; pos++) {
			h->panel_of[pos] = pos;
			h->panel_id[pos] = r->hart[pos];
			h->panel_harts[pos] = 1;
		}
		h->nr_panels = r->nr_harts;
		return 0;
	}
	memcpy(h->panel_id, r->cluster, r->nr_harts * sizeof(*r->cluster));
	qsort(h->panel_id, r->nr_harts, sizeof(*h->panel_id), cmp_u32);
	for (pos = 0; pos < r->nr_harts; pos++)
		if (!n || h->panel_id[n - 1] != h->panel_id[pos])
			h->panel_id[n++] = h->panel_id[pos];
	h->nr_panels = n;
	for (pos = 0; pos < r->nr_harts; pos++) {
		uint32_t *p = bsearch(&r->cluster[pos], h->panel_id, n, sizeof(*p), cmp_u32);

		h->panel_of[pos] = (uint32_t)(p - h->panel_id);
		h->panel_harts[h->panel_of[pos]]++;
	}
	return 0;
}

/* The column of run-wide sample n (start <= n < start + span). */
static uint32_t column(const struct hm *h, uint64_t n)
{
	double c = (double)(n - h->start) / (double)h->span * h->cols;

	return c >= h->cols - 1 ? h->cols - 1 : (uint32_t)c;
}

/* One hart's sums over column col into its panel's cells; cleared. */
static void flush(struct hm *h, size_t p, uint32_t col)
{
	uint32_t row;

	for (row = 0; row < h->rows; row++) {
		size_t c = (p * h->rows + row) * h->cols + col;

		if (h->hs[row] & HAS_OK)
			h->val[c] += h->cnt[row] / h->len[row];
		h->state[c] |= h->hs[row];
		h->cnt[row] = h->len[row] = 0;
		h->hs[row] = 0;
	}
}

/* A window's rate into its row's lowest and highest (wmin < 0: none yet). */
static void window_rate(struct hm *h, uint32_t row, double v)
{
	if (h->wmin[row] < 0 || v < h->wmin[row])
		h->wmin[row] = v;
	if (v > h->wmax[row])
		h->wmax[row] = v;
}

/*
 * One hart's windows into its panel's cells and markers. Buffers are in
 * sample order, so the columns come in order: the sums of one column at
 * a time are enough.
 */
static void add_hart(struct hm *h, uint32_t pos)
{
	const struct rr_run *r = h->r;
	size_t i, p = h->panel_of[pos];
	uint32_t s, sub, e, col = 0;
	struct rr_win w;

	for (i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];

		for (s = 0; s < b->nr_samples; s++) {
			uint32_t c = column(h, b->first_sample + s);

			if (c != col)
				flush(h, p, col);
			col = c;
			for (sub = 0; sub < r->nr_subsamples; sub++) {
				rr_window(r, b, s, sub, pos, &w);
				if (w.kind != RR_WIN_OK && w.kind != RR_WIN_ABSENT)
					h->mark[p * h->cols + col] = 1;
				if (w.kind != RR_WIN_ABSENT && (w.lost || w.disagree))
					h->mark[p * h->cols + col] = 1;
				for (e = sub * r->nr_pmu; e < r->nr_events && e < (sub + 1) * r->nr_pmu;
				     e++) {
					if (rr_win_used(&w)) {
						double n = (double)rr_count(r, b, s, e, pos);

						h->cnt[e] += n;
						h->len[e] += w.len_s;
						h->hs[e] |= HAS_OK;
						window_rate(h, e, n / w.len_s);
					} else if (w.kind != RR_WIN_ABSENT) {
						h->hs[e] |= HAS_OFF;
					}
				}
			}
		}
	}
	flush(h, p, col);
}

static void hm_free(struct hm *h)
{
	free(h->panel_of);
	free(h->panel_id);
	free(h->panel_harts);
	free(h->val);
	free(h->state);
	free(h->mark);
	free(h->pmax);
	free(h->rowmax);
	free(h->rowmin);
	free(h->wmin);
	free(h->wmax);
	free(h->flat);
	free(h->cnt);
	free(h->len);
	free(h->hs);
}

/*
 * Whether row's rates stay within FLAT: every window it uses and every
 * cell (a cell sums a cluster's harts and averages several samples) above
 * 0, the highest at most 1 + FLAT times the lowest.
 */
static int flat_row(const struct hm *h, uint32_t row)
{
	size_t cells = (size_t)h->rows * h->cols, c;
	uint32_t p;

	if (!(h->wmin[row] > 0) || h->wmax[row] >= h->wmin[row] * (1 + FLAT))
		return 0;
	if (!(h->rowmin[row] > 0) || h->rowmax[row] >= h->rowmin[row] * (1 + FLAT))
		return 0;
	for (p = 0; p < h->nr_panels; p++)
		for (c = 0; c < h->cols; c++) {
			size_t i = p * cells + (size_t)row * h->cols + c;

			if ((h->state[i] & HAS_OK) && !(h->val[i] > 0))
				return 0;
		}
	return 1;
}

/* Every cell's rate, and the maxima the colours are relative to. */
static int build(struct hm *h)
{
	const struct rr_run *r = h->r;
	size_t cells, i;
	uint32_t pos, row, col, p;
	uint64_t first = r->end_sample, budget;

	for (i = 0; i < r->nr_bufs; i++)
		if (r->bufs[i].nr_samples && r->bufs[i].first_sample < first)
			first = r->bufs[i].first_sample;
	h->start = first;
	h->span = r->end_sample - first;
	h->rows = r->nr_events;
	if (panels(h))
		return -1;
	/* at least 2 px a column, and CELL_BUDGET cells, but 4 columns always */
	budget = CELL_BUDGET / ((uint64_t)h->rows * h->nr_panels);
	h->cols = (uint32_t)(pw(h) / 2);
	if (budget < h->cols)
		h->cols = budget < 4 ? 4 : (uint32_t)budget;
	if (h->span < h->cols)
		h->cols = (uint32_t)h->span;
	if (!h->cols)
		return 0;	/* no samples */
	cells = (size_t)h->rows * h->cols;
	h->val = calloc(cells * h->nr_panels, sizeof(*h->val));
	h->state = calloc(cells * h->nr_panels, 1);
	h->mark = calloc((size_t)h->nr_panels * h->cols, 1);
	h->pmax = calloc((size_t)h->nr_panels * h->rows, sizeof(*h->pmax));
	h->rowmax = calloc(h->rows, sizeof(*h->rowmax));
	h->rowmin = calloc(h->rows, sizeof(*h->rowmin));
	h->wmin = calloc(h->rows, sizeof(*h->wmin));
	h->wmax = calloc(h->rows, sizeof(*h->wmax));
	h->flat = calloc(h->rows, 1);
	h->cnt = calloc(h->rows, sizeof(*h->cnt));
	h->len = calloc(h->rows, sizeof(*h->len));
	h->hs = calloc(h->rows, 1);
	if (!h->val || !h->state || !h->mark || !h->pmax || !h->rowmax || !h->rowmin || !h->cnt ||
	    !h->len || !h->hs || !h->wmin || !h->wmax || !h->flat)
		return -1;
	for (row = 0; row < h->rows; row++)
		h->wmin[row] = -1;
	for (pos = 0; pos < r->nr_harts; pos++)
		add_hart(h, pos);
	for (p = 0; p < h->nr_panels; p++)
		for (row = 0; row < h->rows; row++)
			for (col = 0; col < h->cols; col++) {
				size_t c = ((size_t)p * h->rows + row) * h->cols + col;
				double *m = &h->pmax[(size_t)p * h->rows + row];

				if (!(h->state[c] & HAS_OK))
					continue;
				*m = h->val[c] > *m ? h->val[c] : *m;
				h->rowmax[row] = h->val[c] > h->rowmax[row] ? h->val[c] : h->rowmax[row];
				if (h->val[c] > 0 && (!h->rowmin[row] || h->val[c] < h->rowmin[row]))
					h->rowmin[row] = h->val[c];
			}
	for (row = 0; row < h->rows; row++)
		h->flat[row] = flat_row(h, row);
	return 0;
}

/*
 * The colour scale, dark (the row's lowest) to light (its highest):
 * indigo, blue, teal, green, yellow, picked so that lightness rises
 * steadily and the scale reads in grey too.
 */
static const unsigned char stops[5][3] = {
	{ 36, 18, 84 }, { 44, 82, 158 }, { 32, 146, 140 }, { 122, 196, 86 }, { 246, 228, 70 },
};

static void colour(unsigned int level, char *buf, size_t n)
{
	double t = (double)level / (LEVELS - 1) * 4;
	unsigned int i = t >= 4 ? 3 : (unsigned int)t, c[3], k;

	t -= i;
	for (k = 0; k < 3; k++)
		c[k] = (unsigned int)lround(stops[i][k] + (stops[i + 1][k] - stops[i][k]) * t);
	snprintf(buf, n, "#%02x%02x%02x", c[0], c[1], c[2]);
}

/* A cell's look: -1 no data, -2 short windows only, -3 zero, -4 a flat
   row's one colour, else a level. */
static int look(const struct hm *h, uint32_t p, uint32_t row, uint32_t col)
{
	size_t c = ((size_t)p * h->rows + row) * h->cols + col;
	double v = h->val[c], hi = h->rowmax[row], lo = h->rowmin[row], t;

	if (!(h->state[c] & HAS_OK))
		return h->state[c] & HAS_OFF ? -2 : -1;
	if (v <= 0)
		return -3;
	if (h->flat[row])
		return -4;
	if (lo < hi / pow(10, DECADES))
		lo = hi / pow(10, DECADES);
	t = hi > lo ? log10(v / lo) / log10(hi / lo) : 1;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return (int)lround(t * (LEVELS - 1));
}

static void cell(FILE *out, int lk, double x, double y, double w, double rh)
{
	char fill[16];

	if (lk >= 0) {
		colour((unsigned int)lk, fill, sizeof(fill));
		fprintf(out, "<rect class=\"c\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" "
			"fill=\"%s\"/>\n", x, y, w, rh, fill);
	} else {
		fprintf(out, "<rect class=\"%s\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\"/>\n",
			lk == -4 ? "flat" : lk == -3 ? "zero" : lk == -2 ? "off" : "nodata", x, y, w, rh);
	}
}

/* A flat row's rate on its cells: the middle of its range and how far
   apart its ends are (max/min), so the one colour says what it hides;
   shorter where the plot is narrow, never past its edges. */
static void flat_label(FILE *out, const struct hm *h, uint32_t row, double y, double rh,
		       double fs)
{
	double lo = h->rowmin[row] < h->wmin[row] ? h->rowmin[row] : h->wmin[row];
	double hi = h->rowmax[row] > h->wmax[row] ? h->rowmax[row] : h->wmax[row];
	char v[32], text[96];
	int n, form;

	rr_si(sqrt(lo * hi), "/s", v, sizeof(v));
	for (form = 0; form < 3; form++) {
		n = form == 0 ? snprintf(text, sizeof(text), "%s, max/min %.3f (under %.2f: one "
					 "colour)", v, hi / lo, 1 + FLAT) :
		    form == 1 ? snprintf(text, sizeof(text), "%s, max/min %.3f", v, hi / lo) :
		    snprintf(text, sizeof(text), "%s", v);
		if (n > 0 && rr_text_w(text, (size_t)n, fs) <= pw(h) - 8)
			break;
	}
	if (form == 3)
		return;		/* not even the rate fits: the right margin has it */
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"fv\" font-size=\"%.0f\">%s</text>\n",
		ML + pw(h) / 2, y + rh / 2 + fs * 0.35, fs, text);
}

/* One panel at y0: title, markers, a row per event (cells merged where alike). */
static void panel(FILE *out, const struct hm *h, uint32_t p, double y0, double rh)
{
	const struct rr_run *r = h->r;
	double cw = pw(h) / h->cols, top = y0 + MARK_H + 2, fs = rh - 2 < 7 ? 7 : rh - 2 > 11 ? 11 : rh - 2;
	char name[RR_LABEL_MAX], mx[32];
	uint32_t row, col, run;

	if (h->by_cluster)
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"pt\">cluster %u: the sum of its %u "
			"hart(s)</text>\n", ML, y0 - 8, h->panel_id[p], h->panel_harts[p]);
	else
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"pt\">hart %u (cluster %u)</text>\n",
			ML, y0 - 8, h->panel_id[p], r->cluster[p]);
	fprintf(out, "<g class=\"panel\">\n");
	for (col = 0; col < h->cols; col++)
		if (h->mark[(size_t)p * h->cols + col])
			fprintf(out, "<rect class=\"mark\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" "
				"height=\"%.1f\"/>\n", ML + col * cw, y0, cw, MARK_H);
	for (row = 0; row < h->rows; row++) {
		double y = top + row * rh;

		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"ev\" font-size=\"%.0f\">%s</text>\n",
			ML - 6, y + rh / 2 + fs * 0.35, fs, rr_event_label(r, row, name));
		for (col = 0; col < h->cols; col = run) {
			int lk = look(h, p, row, col);

			for (run = col + 1; run < h->cols && look(h, p, row, run) == lk; run++)
				;
			cell(out, lk, ML + col * cw, y, (run - col) * cw, rh);
		}
		if (h->flat[row])
			flat_label(out, h, row, y, rh, fs);
		rr_si(h->pmax[(size_t)p * h->rows + row], "/s", mx, sizeof(mx));
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"mx\" font-size=\"%.0f\">%s</text>\n",
			ML + pw(h) + 6, y + rh / 2 + fs * 0.35, fs, mx);
	}
	fprintf(out, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n"
		"</g>\n", ML, top, pw(h), h->rows * rh);
}

/* Time ticks under a panel whose rows end at y. */
static void ticks(FILE *out, const struct hm *h, double y)
{
	const struct rr_run *r = h->r;
	double t0 = rr_time_s(r, h->start * r->nr_subsamples) * 1e3;
	double t1 = rr_time_s(r, (h->start + h->span) * r->nr_subsamples) * 1e3;
	double step, first;
	int i;

	if (!(t1 > t0))
		return;	/* times past 2^53 ticks: doubles no longer tell them apart */
	step = rr_nice_step(t1 - t0, 8);
	first = ceil(t0 / step - 1e-9) * step;
	/* counted, not summed: a step below t0's precision must still end */
	for (i = 0; i < 20 && first + i * step <= t1 * (1 + 1e-9); i++) {
		double t = first + i * step, x = ML + (t - t0) / (t1 - t0) * pw(h);

		fprintf(out, "<line class=\"tick\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>"
			"<text class=\"xt\" x=\"%.1f\" y=\"%.1f\">%g</text>\n", x, x, y, y + 4, x,
			y + 15, t);
	}
}

/* The legend's entries: what each says and where it goes (layout.c). */
#define SCALE_W	240.0

static void draw(FILE *out, const struct rr_entry *e)
{
	double tx = e->x + (e->cls ? RR_SW_W + RR_SW_GAP : 0);
	char c[16];
	int i;

	fprintf(out, "<g class=\"entry\" data-box=\"%.1f %.1f %.1f %.1f\">\n", e->x, e->y, e->w,
		e->h);
	if (e->cls && !strcmp(e->cls, "scale")) {
		fprintf(out, "<defs><linearGradient id=\"scale\">\n");
		for (i = 0; i < LEVELS; i += (LEVELS - 1) / 8) {
			colour((unsigned int)i, c, sizeof(c));
			fprintf(out, "<stop offset=\"%.3f\" stop-color=\"%s\"/>\n",
				(double)i / (LEVELS - 1), c);
		}
		colour(LEVELS - 1, c, sizeof(c));
		fprintf(out, "<stop offset=\"1\" stop-color=\"%s\"/>\n</linearGradient></defs>\n"
			"<rect class=\"scale\" x=\"%.1f\" y=\"%.1f\" width=\"%.0f\" height=\"12\" "
			"fill=\"url(#scale)\"/>\n<text class=\"note\" x=\"%.1f\" y=\"%.1f\">the "
			"row's lowest</text><text class=\"note\" x=\"%.1f\" y=\"%.1f\" "
			"text-anchor=\"end\">highest</text>\n</g>\n", c, e->x, e->y, SCALE_W, e->x,
			e->y + 26, e->x + SCALE_W, e->y + 26);
		return;
	}
	if (e->cls)
		fprintf(out, "<rect class=\"%s sw\" x=\"%.1f\" y=\"%.1f\" width=\"%.0f\" "
			"height=\"10\"/>\n", e->cls, e->x, e->y + 1, RR_SW_W);
	for (i = 0; i < e->n; i++)
		fprintf(out, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\">%.*s</text>\n", tx,
			e->y + RR_LEG_FS - 1 + i * RR_LEG_LH, (int)e->len[i], e->text + e->at[i]);
	fputs("</g>\n", out);
}

#define NR_ENTRIES	7

/* The legend's entries at y, laid out in h's width (drawn unless out is
   NULL); returns its bottom. */
static double legend(FILE *out, const struct hm *h, double y)
{
	struct rr_entry e[NR_ENTRIES] = {
		{ .cls = "scale", .fixed_w = SCALE_W, .fixed_h = 30 },
		{ .text = "log scale per event row, from its lowest rate above 0 (at most 1000 "
			  "times below) to its highest in any panel; right: the panel's highest" },
		{ .cls = "zero", .text = "0" },
		{ .cls = "off", .text = "short, passed, uncounted, lost or disagreeing only" },
		{ .cls = "nodata", .text = "no data (lost, or the hart absent)" },
		{ .cls = "mark", .text = "a window not on time or not sure" },
		{ .cls = "flat", .text = "a row whose highest rate is under 1.05 times its lowest: "
			  "one colour, its rate printed" },
	};
	double bottom = rr_layout(e, NR_ENTRIES, ML, h->w - 10, y);
	int i;

	if (!out)
		return bottom;
	fputs("<g id=\"legend\">\n", out);
	for (i = 0; i < NR_ENTRIES; i++)
		draw(out, &e[i]);
	fputs("</g>\n", out);
	return bottom;
}

/* Text at (x, y) wrapped to max_w at size px, a line every lh (drawn
   unless out is NULL); returns the y of the line after it. */
static double wrapped(FILE *out, double x, double y, double max_w, double size, double lh,
		      const char *attrs, const char *text)
{
	size_t at[RR_LEG_LINES], len[RR_LEG_LINES];
	int i, n = rr_wrap(text, size, max_w, at, len, RR_LEG_LINES, NULL);

	for (i = 0; out && i < n; i++)
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" %s>%.*s</text>\n", x, y + i * lh, attrs,
			(int)len[i], text + at[i]);
	return y + n * lh;
}

int rr_heatmap(FILE *out, const struct rr_run *r)
{
	return rr_heatmap_w(out, r, RR_HEATMAP_W);
}

/* The title, the run's line, what a panel and a column are, the legend
   (drawn unless out is NULL); returns where the panels start. */
static double header(FILE *out, const struct hm *h)
{
	const struct rr_run *r = h->r;
	double y, tw = h->w - ML - 10;
	char per[32], line[256];

	/* bold 18 px measured as regular 20 px: DejaVu Sans Bold is wider */
	y = wrapped(out, ML, 28, tw, 20, 22, "font-size=\"18\" font-weight=\"bold\"",
		    "rvpmu sampler: event rates, events by samples");
	rr_si(rr_period_s(r), "s", per, sizeof(per));
	snprintf(line, sizeof(line), "%u hart(s) in %u cluster(s), %u event(s) on %u counter(s), "
		 "period %s per subsample, %" PRIu64 " sample(s), %" PRIu64 " lost", r->nr_harts,
		 r->nr_clusters, r->nr_events, r->nr_pmu, per, r->samples, r->lost);
	y = wrapped(out, ML, y, tw, RR_LEG_FS, RR_LEG_LH, "class=\"note\"", line);
	snprintf(line, sizeof(line), "a panel per %s, a column per %s, a row per event",
		 h->by_cluster ? "cluster (the sum of its harts)" : "hart",
		 h->cols && h->span > h->cols ? "few samples" : "sample");
	y = wrapped(out, ML, y, tw, RR_LEG_FS, RR_LEG_LH, "class=\"note\"", line);
	return legend(out, h, y + 4) + 48;
}

int rr_heatmap_w(FILE *out, const struct rr_run *r, double width)
{
	struct hm h = { .r = r };
	double rh, ph, y, height;
	uint32_t p;
	int bad;

	h.w = width < RR_HEATMAP_MIN_W ? RR_HEATMAP_MIN_W : width > RR_HEATMAP_MAX_W ?
	      RR_HEATMAP_MAX_W : width;
	bad = build(&h);
	rh = h.rows <= 24 ? 14 : h.rows <= 60 ? 11 : 8;
	ph = MARK_H + 2 + h.rows * rh;
	y = header(NULL, &h);
	height = y + (h.cols ? h.nr_panels * (ph + PANEL_GAP) : 40) + 30;
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
		"viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
		"<defs><pattern id=\"hatch\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" "
		"patternTransform=\"rotate(45)\"><rect width=\"5\" height=\"5\" fill=\"#ffffff\"/>"
		"<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"5\" stroke=\"#e8937a\" stroke-width=\"1.5\"/>"
		"</pattern></defs>\n<style>\n"
		".c,.zero,.off,.nodata,.flat{shape-rendering:crispEdges}\n"
		".zero{fill:#ffffff}\n.off{fill:url(#hatch)}\n.nodata{fill:#c8c8c8}\n"
		".flat{fill:#eadfc4}\n"
		".mark{fill:#e0603a}\n.frame{fill:none;stroke:#444;stroke-width:1}\n"
		".tick{stroke:#444;stroke-width:1}\n.sw{stroke:#888;stroke-width:0.5}\n"
		".pt{font-size:14px;font-weight:bold;fill:#222}\n"
		".ev{fill:#222;text-anchor:end}\n.mx{fill:#555}\n"
		".fv{fill:#222;text-anchor:middle}\n"
		".xt{font-size:11px;fill:#333;text-anchor:middle}\n.note{font-size:12px;fill:#444}\n"
		"</style>\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		h.w, height, h.w, height);
	header(out, &h);
	if (bad) {
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"note\">out of memory</text>\n", ML, y);
	} else if (!h.cols) {
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"note\">no samples</text>\n", ML, y);
	} else {
		for (p = 0; p < h.nr_panels; p++, y += ph + PANEL_GAP) {
			panel(out, &h, p, y, rh);
			ticks(out, &h, y + ph);
		}
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"xt\" font-size=\"13\">"
			"time since t0 (ms)</text>\n", ML + pw(&h) / 2, y - PANEL_GAP + 36);
	}
	fputs("</svg>\n", out);
	hm_free(&h);
	return bad || ferror(out) ? -1 : 0;
}
