/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/svg.c - rvpmu-report --plot: event rates over time as a
 * hand-written SVG. A title, a legend (a colour per hart), then a panel
 * per event stacked vertically on a shared time axis in ms from t0; each
 * panel has its own y axis in events/s with "nice" ticks (1, 2, 2.5, 5 x
 * 10^n) and SI prefixes. A point is a subsample's rate (its count over
 * the window's true length, rr_window), drawn at the middle of its
 * window as the hart lived it (its mtime where the data has one); only
 * windows rr_win_used takes give points, and a panel says how many it
 * left out; a line breaks where samples were lost or a window was left
 * out. Many events are better read as a heat map (heatmap.c).
 */
#include <inttypes.h>
#include <math.h>

#include "plot.h"
#include "report.h"

/* Geometry, px. */
#define W		960.0
#define ML		96.0	/* left margin: y tick labels */
#define MR		24.0
#define PW		(W - ML - MR)
#define PH		140.0	/* plot area of a panel */
#define PGAP		58.0	/* panel title above, x tick labels below */
#define LEG_W		104.0	/* the legend's column at least */
#define MARKERS_MAX	60	/* samples up to which each point gets a dot */

static const char *const colour[10] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
};

/* Past ten harts the colours repeat, dashed, then dotted. */
static const char *dash(uint32_t pos)
{
	static const char *const d[3] = { "", " stroke-dasharray=\"6 3\"",
					  " stroke-dasharray=\"2 2\"" };
	return d[(pos / 10) % 3];
}

double rr_nice_step(double range, int want)
{
	double raw = range / want, p = pow(10, floor(log10(raw))), f = raw / p;

	return p * (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10);
}

/* A tick label: v scaled by the axis' prefix, no trailing zeros. */
static void tick_label(char *buf, size_t n, double v, double scale, char prefix)
{
	if (prefix == ' ' || v == 0)
		snprintf(buf, n, "%g", v / scale);
	else
		snprintf(buf, n, "%g %c", v / scale, prefix);
}

/* Event e's rate in sample s of b on pos: its count over its window's true length. */
static double rate(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t e,
		   uint32_t pos)
{
	struct rr_win w;

	rr_window(r, b, s, e / r->nr_pmu, pos, &w);
	return (double)rr_count(r, b, s, e, pos) / w.len_s;
}

/* Whether event e's window in sample s of b on pos gives a point (rr_win_used). */
static int used(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t e,
		uint32_t pos)
{
	struct rr_win w;

	rr_window(r, b, s, e / r->nr_pmu, pos, &w);
	return rr_win_used(&w);
}

/* The highest point of event e; *out: the windows with data left out. */
static double rate_max(const struct rr_run *r, uint32_t e, uint64_t *out)
{
	double m = 0;
	size_t i;

	*out = 0;
	for (i = 0; i < r->nr_bufs; i++)
		for (uint32_t s = 0; s < r->bufs[i].nr_samples; s++)
			for (uint32_t pos = 0; pos < r->nr_harts; pos++) {
				const struct rr_buf *b = &r->bufs[i];
				struct rr_win w;
				double v;

				rr_window(r, b, s, e / r->nr_pmu, pos, &w);
				if (!rr_win_used(&w)) {
					*out += w.kind != RR_WIN_ABSENT;
					continue;
				}
				v = rate(r, b, s, e, pos);
				m = v > m ? v : m;
			}
	return m;
}

/* Where sample s of b puts event e of position pos in a panel at y0: at
   the middle of its window as the hart lived it (rr_window's start). */
static void point(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t e,
		  uint32_t pos, double y0, double xscale, double ytop, double *x, double *y)
{
	struct rr_win w;

	rr_window(r, b, s, e / r->nr_pmu, pos, &w);
	*x = ML + (w.start_s + w.len_s / 2) * 1e3 * xscale;
	*y = y0 + PH - rate(r, b, s, e, pos) / ytop * PH;
}

/* The end of the last window in the data, ms from t0 (at least the
   nominal end: a late window may end past it). */
static double end_ms(const struct rr_run *r)
{
	double t = rr_time_s(r, r->end_sample * r->nr_subsamples);
	struct rr_win w;
	size_t i;

	for (i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];

		if (!b->nr_samples)
			continue;
		for (uint32_t sub = 0; sub < r->nr_subsamples; sub++)
			for (uint32_t pos = 0; pos < r->nr_harts; pos++) {
				rr_window(r, b, b->nr_samples - 1, sub, pos, &w);
				if (w.kind != RR_WIN_ABSENT && w.start_s + w.len_s > t)
					t = w.start_s + w.len_s;
			}
	}
	return t * 1e3;
}

/*
 * A line's points, decimated: of the points that fall in one half-pixel
 * column only the first, the highest, the lowest and the last are drawn,
 * in their order, so the line keeps its shape (peaks included) while the
 * SVG grows with the plot's width, not with the number of samples.
 */
struct pen {
	FILE *out;
	uint32_t pos;
	int open, held;		/* a polyline is open; points are held */
	long col;		/* the held points' column */
	double x[4], y[4];	/* first, min y, max y, last */
	uint64_t i[4];		/* their sample numbers */
};

static void pen_flush(struct pen *p)
{
	int ord[4] = { 0, 1, 2, 3 };
	uint64_t done = UINT64_MAX;

	if (!p->held)
		return;
	for (int a = 1; a < 4; a++)	/* four: insertion sort by sample */
		for (int b = a; b > 0 && p->i[ord[b]] < p->i[ord[b - 1]]; b--) {
			int t = ord[b];

			ord[b] = ord[b - 1];
			ord[b - 1] = t;
		}
	if (!p->open)
		fprintf(p->out, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s "
			"points=\"", colour[p->pos % 10], dash(p->pos));
	for (int a = 0; a < 4; a++) {
		int k = ord[a];

		if (p->i[k] == done)
			continue;
		fprintf(p->out, "%s%.1f,%.1f", p->open ? " " : "", p->x[k], p->y[k]);
		p->open = 1;
		done = p->i[k];
	}
	p->held = 0;
}

static void pen_point(struct pen *p, double x, double y, uint64_t i)
{
	long col = lround(x * 2);

	if (p->held && col != p->col)
		pen_flush(p);
	if (!p->held) {
		for (int k = 0; k < 4; k++) {
			p->x[k] = x;
			p->y[k] = y;
			p->i[k] = i;
		}
		p->col = col;
		p->held = 1;
		return;
	}
	if (y < p->y[1]) {
		p->x[1] = x;
		p->y[1] = y;
		p->i[1] = i;
	}
	if (y > p->y[2]) {
		p->x[2] = x;
		p->y[2] = y;
		p->i[2] = i;
	}
	p->x[3] = x;
	p->y[3] = y;
	p->i[3] = i;
}

/* End the polyline: the next point starts a new one. */
static void pen_lift(struct pen *p)
{
	pen_flush(p);
	if (p->open)
		fputs("\"/>\n", p->out);
	p->open = 0;
}

/* Draw hart pos's line for event e: a polyline per run of samples with
   no loss between them; a dot per point when there are few. */
static void line(FILE *out, const struct rr_run *r, uint32_t e, uint32_t pos, double y0,
		 double xscale, double ytop)
{
	struct pen pen = { .out = out, .pos = pos };
	uint64_t next = UINT64_MAX;
	double x, y;
	size_t i;

	for (i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];

		for (uint32_t s = 0; s < b->nr_samples; s++) {
			if (b->first_sample + s != next)
				pen_lift(&pen);
			if (!used(r, b, s, e, pos)) {
				pen_lift(&pen);	/* no point: the line breaks */
				continue;
			}
			point(r, b, s, e, pos, y0, xscale, ytop, &x, &y);
			pen_point(&pen, x, y, b->first_sample + s);
			next = b->first_sample + s + 1;
		}
	}
	pen_lift(&pen);
	if (r->samples > MARKERS_MAX)
		return;
	for (i = 0; i < r->nr_bufs; i++)
		for (uint32_t s = 0; s < r->bufs[i].nr_samples; s++) {
			if (!used(r, &r->bufs[i], s, e, pos))
				continue;
			point(r, &r->bufs[i], s, e, pos, y0, xscale, ytop, &x, &y);
			fprintf(out, "<circle r=\"2.5\" fill=\"%s\" cx=\"%.1f\" cy=\"%.1f\"/>\n",
				colour[pos % 10], x, y);
		}
}

/* Shade the windows of lost samples, so a break in a line is explained. */
static void lost(FILE *out, const struct rr_run *r, double y0, double xscale)
{
	uint64_t next = 0;

	for (size_t i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];

		if (!b->nr_samples)
			continue;
		if (b->first_sample > next) {
			double x0 = ML + rr_time_s(r, next * r->nr_subsamples) * 1e3 * xscale;
			double x1 = ML + rr_time_s(r, b->first_sample * r->nr_subsamples) * 1e3 * xscale;

			fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
				"class=\"lost\"/><text x=\"%.1f\" y=\"%.1f\" class=\"xt\">lost</text>\n",
				x0, y0, x1 - x0, PH, (x0 + x1) / 2, y0 + 14);
		}
		next = b->first_sample + b->nr_samples;
	}
}

static void panel(FILE *out, const struct rr_run *r, uint32_t e, double y0, double t_ms,
		  double xstep)
{
	static const char prefix[] = " kMGTPE";
	uint64_t out_n;
	double top, step, scale = 1, xscale = PW / t_ms, max = rate_max(r, e, &out_n);
	char name[RR_LABEL_MAX], lab[32];
	int p = 0;

	step = rr_nice_step(max > 0 ? max : 1, 4);
	top = ceil((max > 0 ? max : 1) / step - 1e-9) * step;
	while (top / scale >= 1000 && prefix[p + 1]) {
		scale *= 1e3;
		p++;
	}
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"pt\">%s</text>\n", ML, y0 - 10,
		rr_event_label(r, e, name));
	/* the same event may be listed twice: its number tells them apart */
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"unit\" text-anchor=\"end\">"
		"events/s (event %u, subsample %u)</text>\n", ML + PW, y0 - 10, e, e / r->nr_pmu);
	/* what is not drawn is said */
	if (out_n)
		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"left\">%" PRIu64 " window(s) "
			"not drawn: short, passed, uncounted, lost or disagreeing</text>\n", ML + PW / 2, y0 - 10,
			out_n);
	lost(out, r, y0, xscale);
	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" class=\"frame\"/>\n",
		ML, y0, PW, PH);
	for (int i = 0; i * step <= top * (1 + 1e-9); i++) {
		double v = i * step, y = y0 + PH - v / top * PH;

		tick_label(lab, sizeof(lab), v, scale, prefix[p]);
		fprintf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>\n"
			"<text x=\"%.1f\" y=\"%.1f\" class=\"yt\">%s</text>\n",
			ML, ML + PW, y, y, ML - 6, y + 4, lab);
	}
	for (int i = 0; i * xstep <= t_ms * (1 + 1e-9); i++) {
		double x = ML + i * xstep * xscale;

		fprintf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>\n"
			"<text x=\"%.1f\" y=\"%.1f\" class=\"xt\">%g</text>\n",
			x, x, y0, y0 + PH, x, y0 + PH + 15, i * xstep);
	}
	for (uint32_t pos = 0; pos < r->nr_harts; pos++)
		line(out, r, e, pos, y0, xscale, top);
}

/* A hart's legend entry: "hart N" or "hart N (cC)". */
static int legend_label(const struct rr_run *r, uint32_t pos, char *buf, size_t n)
{
	if (r->nr_clusters > 1)
		return snprintf(buf, n, "hart %u (c%u)", r->hart[pos], r->cluster[pos]);
	return snprintf(buf, n, "hart %u", r->hart[pos]);
}

/* The legend's column: its widest entry (line, gap, label) and a gap,
   so that no label runs into the next entry whatever the harts' ids. */
static double legend_w(const struct rr_run *r)
{
	double w = LEG_W;
	char label[48];

	for (uint32_t pos = 0; pos < r->nr_harts; pos++) {
		int n = legend_label(r, pos, label, sizeof(label));
		double lw = 28 + rr_text_w(label, n < 0 ? 0 : (size_t)n, 12) + 16;

		w = lw > w ? lw : w;
	}
	return w;
}

int rr_svg(FILE *out, const struct rr_run *r, unsigned int max_panels, FILE *note)
{
	uint32_t drawn = r->nr_events < max_panels ? r->nr_events : max_panels;
	double leg_w = legend_w(r);
	uint32_t per_row = PW / leg_w < 1 ? 1 : (uint32_t)(PW / leg_w);
	uint32_t rows = (r->nr_harts + per_row - 1) / per_row;
	double legend_y = 70, top = legend_y + rows * 20.0 + 34;
	double t_ms = end_ms(r);
	double h = top + drawn * (PH + PGAP) - PGAP + 50, xstep;
	char name[RR_LABEL_MAX], per[32];
	uint32_t e, pos;

	if (t_ms <= 0)
		t_ms = rr_period_s(r) * 1e3 * r->nr_subsamples;	/* no samples: one sample's span */
	xstep = rr_nice_step(t_ms, 8);
	if (drawn < r->nr_events)
		h += 30 + 16.0 * ((r->nr_events - drawn) / 6 + 1);
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
		"viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
		"<style>\n"
		".frame{fill:none;stroke:#444;stroke-width:1}\n"
		".grid{stroke:#ddd;stroke-width:1}\n"
		".lost{fill:#eee}\n"
		".pt{font-size:14px;font-weight:bold;fill:#222}\n"
		".unit{font-size:12px;fill:#555}\n"
		".yt{font-size:11px;fill:#333;text-anchor:end}\n"
		".xt{font-size:11px;fill:#333;text-anchor:middle}\n"
		".leg{font-size:12px;fill:#222}\n"
		".note{font-size:12px;fill:#444}\n"
		".left{font-size:12px;fill:#a33;text-anchor:middle}\n"
		"</style>\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n", W, h, W, h);
	fprintf(out, "<text x=\"%.1f\" y=\"28\" font-size=\"18\" font-weight=\"bold\">"
		"rvpmu sampler: event rates per hart</text>\n", ML);
	rr_si(rr_period_s(r), "s", per, sizeof(per));
	fprintf(out, "<text x=\"%.1f\" y=\"50\" class=\"note\">%u hart(s) in %u cluster(s), "
		"%u event(s) on %u counter(s), period %s per subsample, %" PRIu64 " sample(s), %"
		PRIu64 " lost</text>\n", ML, r->nr_harts, r->nr_clusters, r->nr_events, r->nr_pmu,
		per, r->samples, r->lost);
	for (pos = 0; pos < r->nr_harts; pos++) {
		double x = ML + (pos % per_row) * leg_w, y = legend_y + (pos / per_row) * 20.0;

		char label[48];

		legend_label(r, pos, label, sizeof(label));
		fprintf(out, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			"stroke-width=\"3\"%s/><text x=\"%.1f\" y=\"%.1f\" class=\"leg\">%s</text>\n",
			x, x + 22, y, y, colour[pos % 10], dash(pos), x + 28, y + 4, label);
	}
	for (e = 0; e < drawn; e++)
		panel(out, r, e, top + e * (PH + PGAP), t_ms, xstep);
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"xt\" font-size=\"13\">"
		"time since t0 (ms)</text>\n", ML + PW / 2, top + drawn * (PH + PGAP) - PGAP + 34);
	if (drawn < r->nr_events) {
		double y = top + drawn * (PH + PGAP) + 10;

		fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" class=\"note\">%u of %u events drawn "
			"(--max-panels); left out:</text>\n", ML, y, drawn, r->nr_events);
		if (note)
			fprintf(note, "rvpmu-report: plot: %u of %u events drawn; left out:", drawn,
				r->nr_events);
		for (e = drawn; e < r->nr_events; e++) {
			/* six names a line, the comma before a break ending the line */
			if ((e - drawn) % 6 == 0)
				fprintf(out, "%s<text x=\"%.1f\" y=\"%.1f\" class=\"note\">",
					e > drawn ? ",</text>\n" : "", ML + 12,
					y + 16.0 * ((e - drawn) / 6 + 1));
			else
				fputs(", ", out);
			fputs(rr_event_label(r, e, name), out);
			if (note)
				fprintf(note, " %s", name);
		}
		fputs("</text>\n", out);
		if (note)
			fputc('\n', note);
	}
	fputs("</svg>\n", out);
	return ferror(out) ? -1 : 0;
}
