/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/plot.h - what the two SVG exporters (svg.c's line panels,
 * heatmap.c's heat map) share. Host code.
 */
#ifndef RVPMU_REPORT_PLOT_H
#define RVPMU_REPORT_PLOT_H

/* A tick step near range / want that is 1, 2, 2.5 or 5 times a power of 10. */
double rr_nice_step(double range, int want);

#endif
