/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/plot.h - what the two SVG exporters (svg.c's line panels,
 * heatmap.c's heat map) share. Host code.
 */
#ifndef RVPMU_REPORT_PLOT_H
#define RVPMU_REPORT_PLOT_H

#include <stddef.h>

/* A tick step near range / want that is 1, 2, 2.5 or 5 times a power of 10. */
double rr_nice_step(double range, int want);

/*
 * The width in px of the n bytes of text at s set at size px: an upper
 * bound for DejaVu Sans, the first (and widest) font the SVGs ask for, so
 * that a layout made with it does not overlap in any of the fonts named
 * (measured with rsvg-convert: 5-9 % above the ink of lowercase text).
 */
double rr_text_w(const char *s, size_t n, double size);

/*
 * Text broken at spaces into lines at most max_w px wide at size px (a
 * word wider than that alone on its line): line i is the bytes
 * [at[i], at[i] + len[i]) of text. At most max_lines lines, the last one
 * taking the rest. Returns the number of lines (0 for empty text); *w, if
 * not NULL, is the widest line's width.
 */
int rr_wrap(const char *text, double size, double max_w, size_t *at, size_t *len,
	    int max_lines, double *w);

/*
 * A legend entry: a swatch of class cls (NULL: none) and its text, or a
 * fixed box (fixed_w > 0: a colour scale, say) the caller draws. rr_layout
 * fills x, y (the box's top left), w, h and the text's lines.
 */
#define RR_LEG_FS	12.0	/* legend text: font size, px */
#define RR_LEG_LH	16.0	/* a line of it */
#define RR_LEG_GAP	22.0	/* between entries on a line */
#define RR_LEG_LINES	8	/* lines an entry's text may wrap to */
#define RR_SW_W		14.0	/* a swatch, and the gap to its text */
#define RR_SW_GAP	6.0
struct rr_entry {
	const char *cls, *text;
	double fixed_w, fixed_h;
	double x, y, w, h;
	int n;
	size_t at[RR_LEG_LINES], len[RR_LEG_LINES];
};

/*
 * Places n entries left to right from (x0, y), each on the current line
 * when it fits in what is left of it (a text wrapped no more than on a
 * line of its own, and not into less than 200 px), else at the start of
 * the next line, its text wrapped to x1 - x0. Returns the bottom of the
 * last line. No two entries' boxes overlap; each lies within x0..x1 but a
 * word wider than x1 - x0.
 */
double rr_layout(struct rr_entry *e, int n, double x0, double x1, double y);

#endif
