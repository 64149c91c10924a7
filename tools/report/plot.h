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

#endif
