/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/layout.c - text widths, line breaking and the legends'
 * flow for the two SVG exporters (svg.c, heatmap.c). Host code. The SVGs
 * ask for DejaVu Sans first; widths are an upper bound of its advances,
 * so that nothing laid out here overlaps in it or in the narrower fonts
 * named after it.
 */
#include <ctype.h>
#include <string.h>

#include "plot.h"

/* A character's advance in DejaVu Sans, in em, rounded up by class. */
static double em(unsigned char c)
{
	if (c >= 0x80)
		return 0.5;	/* a UTF-8 byte: two or three make one glyph of <= 1 em */
	if (strchr("ijl", c))
		return 0.28;
	if (strchr("ft", c))
		return 0.40;
	if (c == 'r')
		return 0.42;
	if (c == 'I')
		return 0.30;
	if (c == ' ')
		return 0.32;
	if (strchr(".,:;'|!", c))
		return 0.33;
	if (strchr("()[]{}", c))
		return 0.40;
	if (strchr("-/", c))
		return 0.37;
	if (c == 'm')
		return 0.98;
	if (c == 'w')
		return 0.82;
	if (strchr("WM%@", c))
		return 1.0;
	if (islower(c))
		return 0.62;
	if (isdigit(c))
		return 0.64;
	return 0.78;
}

double rr_text_w(const char *s, size_t n, double size)
{
	double w = 0;

	while (n--)
		w += em((unsigned char)*s++);
	return w * size * 1.05;
}

int rr_wrap(const char *text, double size, double max_w, size_t *at, size_t *len,
	    int max_lines, double *w)
{
	size_t i = 0, n = strlen(text);
	double widest = 0;
	int lines = 0;

	while (i < n && lines < max_lines) {
		size_t end = i, next, stop = i;

		while (text[i] == ' ')
			i++;
		if (i >= n)
			break;
		/* take words while the line fits; the first word always */
		for (end = i; end < n; end = next) {
			for (next = end + (text[end] == ' '); next < n && text[next] != ' '; next++)
				;
			if (end > i && rr_text_w(text + i, next - i, size) > max_w)
				break;
			stop = next;
		}
		if (lines == max_lines - 1)
			stop = n;
		at[lines] = i;
		len[lines] = stop - i;
		if (rr_text_w(text + i, stop - i, size) > widest)
			widest = rr_text_w(text + i, stop - i, size);
		lines++;
		i = stop;
	}
	if (w)
		*w = widest;
	return lines;
}

/* Text (after a swatch or not) wrapped to max_w; the entry's size. */
static void measure(struct rr_entry *e, double max_w)
{
	double off = e->cls ? RR_SW_W + RR_SW_GAP : 0, tw;

	if (e->fixed_w > 0) {
		e->w = e->fixed_w;
		e->h = e->fixed_h;
		return;
	}
	e->n = rr_wrap(e->text, RR_LEG_FS, max_w - off, e->at, e->len, RR_LEG_LINES, &tw);
	e->w = off + tw;
	e->h = (e->n - 1) * RR_LEG_LH + RR_LEG_FS + 2;
}

double rr_layout(struct rr_entry *e, int n, double x0, double x1, double y)
{
	double x = x0, line_h = 0;
	int i;

	for (i = 0; i < n; i++) {
		measure(&e[i], x1 - x);		/* in the rest of this line */
		if (x > x0) {
			struct rr_entry t = e[i];

			measure(&t, x1 - x0);	/* on a line of its own */
			/* a fresh line when it does not fit the rest, wraps more
			   there than it would alone, or is squeezed under 200 px */
			if (e[i].w > x1 - x || e[i].n > t.n || (e[i].n > 1 && x1 - x < 200)) {
				y += line_h + 10;
				x = x0;
				line_h = 0;
				e[i] = t;
			}
		}
		e[i].x = x;
		e[i].y = y;
		x += e[i].w + RR_LEG_GAP;
		line_h = e[i].h > line_h ? e[i].h : line_h;
	}
	return y + line_h;
}
