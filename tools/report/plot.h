/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/plot.h - what the two SVG exporters (svg.c's line panels,
 * heatmap.c's heat map) share. Host code.
 */
#ifndef RVPMU_REPORT_PLOT_H
#define RVPMU_REPORT_PLOT_H

#include <stddef.h>

/**
 * rr_nice_step() - a tick step for an axis
 * @range: the axis' span (> 0)
 * @want: about how many ticks (> 0)
 *
 * Context: Host tool code; single-threaded.
 * Return: the step near @range / @want that is 1, 2, 2.5 or 5 times a
 *         power of 10: the smallest such step at or above it.
 */
double rr_nice_step(double range, int want);

/**
 * rr_text_w() - the width of a text as the SVGs set it
 * @s: the text
 * @n: bytes of @s to measure
 * @size: the font size, px
 *
 * An upper bound for DejaVu Sans, the first (and widest) font the SVGs
 * ask for, so that a layout made with it does not overlap in any of the
 * fonts named (measured with rsvg-convert: 5-9 % above the ink of
 * lowercase text).
 *
 * Context: Host tool code; single-threaded.
 * Return: the width of the @n bytes at @s set at @size px, in px.
 */
double rr_text_w(const char *s, size_t n, double size);

/**
 * rr_wrap() - break a text into lines of a width
 * @text: the text, NUL-terminated
 * @size: its font size, px
 * @max_w: the widest a line may be, px
 * @at: filled in: line i starts at byte at[i] of @text (@max_lines entries)
 * @len: filled in: line i is len[i] bytes long (@max_lines entries)
 * @max_lines: the most lines to make (> 0)
 * @w: if not NULL, set to the widest line's width, px
 *
 * The text is broken at spaces into lines at most @max_w px wide at @size
 * px (rr_text_w()); a word wider than that stands alone on its line. The
 * last of @max_lines lines takes the rest of the text, whatever its width.
 *
 * Context: Host tool code; single-threaded.
 * Return: the number of lines (0 for a text that is empty or all spaces).
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

/**
 * rr_layout() - lay out a legend's entries
 * @e: the entries: cls, text, fixed_w and fixed_h set; x, y, w, h, n, at
 *     and len filled in
 * @n: entries at @e
 * @x0: the legend's left edge, px
 * @x1: its right edge, px
 * @y: the top of its first line, px
 *
 * Places the @n entries left to right from (@x0, @y), each on the current
 * line when it fits in what is left of it (a text wrapped no more than on
 * a line of its own, and not into less than 200 px), else at the start of
 * the next line, its text wrapped to @x1 - @x0. No two entries' boxes
 * overlap; each lies within @x0..@x1 but a word wider than @x1 - @x0.
 *
 * Context: Host tool code; single-threaded.
 * Return: the bottom of the last line, px (@y with no entry).
 */
double rr_layout(struct rr_entry *e, int n, double x0, double x1, double y);

#endif
