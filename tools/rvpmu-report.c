/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rvpmu-report - decode, dump, export and plot the offloaded sampler's
 * buffers (include/rvpmu/sampler.h). The decoder and each exporter live in
 * tools/report/ so that the fuzz target runs exactly this code.
 */
#define _POSIX_C_SOURCE 200809L	/* open_memstream, fmemopen: several runs in one SVG */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/perfdata.h"
#include "report/report.h"

static const char usage_text[] =
	"usage: rvpmu-report [-D | --csv] [--perfetto OUT.json] [--plot OUT.svg]\n"
	"                    [--heatmap OUT.svg] [--width PX] [--max-panels N] FILE\n"
	"\n"
	"FILE holds one or more sampler buffers back to back, each header.buffer_size\n"
	"bytes starting with its header, and pad records (\"-\" reads standard input),\n"
	"one run or several (a buffer whose run parameters differ starts a run; each\n"
	"output then covers every run, in file order), or is a perf.data\n"
	"file of perf record -e rvpmu_sampler_die<N>/.../ (its AUX data are read; -D\n"
	"then prints what perf report -D prints for them). With no option a summary\n"
	"is printed: the run; how window lengths are known and each hart's late and\n"
	"short windows; per event and hart the mean rate in events/s, and min and max\n"
	"over the windows on time; the derived metrics, the same way.\n"
	"\n"
	"Every rate is a count over its window's true length: its own window word\n"
	"(layouts 3 and 4), else from mtime (layout 2), else from the window's cycles\n"
	"field at the run's median cycle rate. A window is late over 1.5 periods,\n"
	"short under 0.5. Layout 4 (the extension's version 2) writes a hart's slots\n"
	"only for windows it counted: the others (uncounted: passed or paused;\n"
	"absent: none counted after) are no data and never read as counts.\n"
	"Derived metrics, where the run counts instructions: ipc (instructions over\n"
	"the window's cycles field) and, for each cache or TLB miss event, misses\n"
	"per 1000 instructions (its rate over the instructions' rate in the sample).\n"
	"\n"
	"  -D                 dump every buffer and subsample, perf report -D style;\n"
	"                     search for the keyword RVPMU SAMPLER\n"
	"  --csv              CSV on standard output, one row per window, hart, event:\n"
	"                       time_s       scheduled start of the window, s from t0\n"
	"                       hart         hartid\n"
	"                       cluster      the hart's cluster\n"
	"                       cid1         satp.ASID at capture\n"
	"                       cid2         the hart's CID2 word at capture\n"
	"                       event        event name (raw:0x<selector> for raw)\n"
	"                       value        the count over the window\n"
	"                       cycles       the hart's cycles over the window\n"
	"                       length_s     the window's true length, s\n"
	"                       rate         value / length_s, events/s\n"
	"                       window       ok, late, short, lost, disagree, or\n"
	"                                    absent, passed, uncounted (no data:\n"
	"                                    cid, value, cycles, length, rate empty)\n"
	"                       ipc          rows of the instructions event: value /\n"
	"                                    cycles; else empty\n"
	"                       per_1k_inst  rows of a cache/TLB miss event: misses\n"
	"                                    per 1000 instructions; else empty\n"
	"  --perfetto OUT     Chrome trace-event JSON for ui.perfetto.dev: a process\n"
	"                     per hart, a counter track per event in events/s and\n"
	"                     per derived metric, late and short windows marked\n"
	"  --plot OUT         SVG over time: up to 16 events a panel per event and a\n"
	"                     line per hart; above 16, the heat map (--heatmap)\n"
	"  --heatmap OUT      SVG heat map: events by samples, a panel per hart (per\n"
	"                     cluster above 16 harts), log colour scale per event row,\n"
	"                     short windows hatched, late and short ones marked, a\n"
	"                     row within 5 % (max/min) one colour with its rate\n"
	"  --width PX         the heat map's width, 480..4000 (default 1000)\n"
	"  --max-panels N     line panels for --plot whatever the number of events,\n"
	"                     at most N (default 16, 1..240)\n"
	"  -h, --help         this text\n"
	"\n"
	"Exit status: 0 done, 1 the file is truncated, corrupt or unreadable or an\n"
	"output could not be written (a message names the problem and its offset),\n"
	"2 bad usage.\n";

/* Events up to which --plot draws line panels, not the heat map. */
#define PLOT_LINES_MAX	16

static int usage(const char *why)
{
	if (why)
		fprintf(stderr, "rvpmu-report: %s\n", why);
	fputs(usage_text, stderr);
	return 2;
}

/* The whole file in memory: the decoder checks every offset against it. */
static uint8_t *slurp(const char *path, size_t *size)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	uint8_t *buf = NULL, *nb;
	size_t cap = 0, n = 0, got;

	if (!f)
		return NULL;
	do {
		if (n == cap) {
			cap = cap ? 2 * cap : 1 << 16;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				errno = ENOMEM;
				buf = NULL;
				break;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got);
	if (buf && ferror(f)) {
		free(buf);
		buf = NULL;
		errno = EIO;
	}
	if (f != stdin)
		fclose(f);
	*size = n;
	return buf;
}

/* An SVG exporter: the line panels, or the heat map (panels unused). */
typedef int (*svg_fn)(FILE *out, const struct rr_run *r, unsigned int panels, FILE *note);

/* --width: the heat map's width in px */
static double heat_width = RR_HEATMAP_W;

static int heatmap(FILE *out, const struct rr_run *r, unsigned int panels, FILE *note)
{
	(void)panels, (void)note;
	return rr_heatmap_w(out, r, heat_width);
}

/* Up to 16 events line panels, above that the heat map, unless --max-panels. */
static svg_fn plot_of(const struct rr_run *r, int lines)
{
	return !lines && r->nr_events > PLOT_LINES_MAX ? heatmap : rr_svg;
}

/* The width and height an exporter's SVG says in its <svg ...> element. */
static int svg_size(const char *svg, double *w, double *h)
{
	const char *at = strstr(svg, "<svg ");

	if (!at || !(at = strstr(at, " width=\"")) || sscanf(at, " width=\"%lf\" height=\"%lf\"",
								w, h) != 2)
		return -1;
	return 0;
}

/*
 * Several runs in one SVG: each run's picture, as its exporter draws it,
 * nested in one document below the one before, headed by its
 * rr_run_title. One run: the exporter's picture as it is.
 */
static int svg_runs(FILE *out, const struct rr_runs *rs, unsigned int panels, int lines,
		    svg_fn only)
{
	double y = 0, width = 0, w, h;
	char **pic, title[160];
	size_t i, len;
	int bad = 0;

	if (rs->nr_runs == 1)
		return (only ? only : plot_of(&rs->runs[0], lines))(out, &rs->runs[0], panels,
								   stderr);
	pic = calloc(rs->nr_runs, sizeof(*pic));
	if (!pic)
		return -1;
	for (i = 0; i < rs->nr_runs && !bad; i++) {
		FILE *m = open_memstream(&pic[i], &len);
		const struct rr_run *r = &rs->runs[i];

		if (!m || (only ? only : plot_of(r, lines))(m, r, panels, stderr))
			bad = 1;
		if (m && fclose(m))
			bad = 1;
		if (!bad && svg_size(pic[i], &w, &h))
			bad = 1;
		if (!bad) {
			y += 30 + h;
			width = w > width ? w : width;
		}
	}
	if (!bad) {
		fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
			"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
			"viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
			"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n", width, y, width, y);
		for (y = 0, i = 0; i < rs->nr_runs; i++) {
			FILE *t = fmemopen(title, sizeof(title), "w");
			const char *inner = strstr(pic[i], "<svg ");

			title[0] = 0;
			if (t) {
				rr_run_title(t, rs, i);
				fputc(0, t);
				fclose(t);
			}
			title[strcspn(title, "\n")] = 0;
			fprintf(out, "<text x=\"10\" y=\"%.0f\" font-size=\"16\" font-weight=\"bold\" "
				"class=\"run\">%s</text>\n", y + 22, title);
			svg_size(pic[i], &w, &h);
			fprintf(out, "<svg y=\"%.0f\" %s", y + 30, inner + 5);
			y += 30 + h;
		}
		fputs("</svg>\n", out);
	}
	for (i = 0; i < rs->nr_runs; i++)
		free(pic[i]);
	free(pic);
	return bad || ferror(out) ? -1 : 0;
}

/* Write one output file with an exporter; 0 or -1 with the message said. */
static int to_file(const char *path, const struct rr_runs *rs, unsigned int panels,
		   int lines, svg_fn svg, int (*json)(FILE *, const struct rr_runs *))
{
	FILE *f = fopen(path, "w");
	int bad;

	if (!f) {
		fprintf(stderr, "rvpmu-report: %s: %s\n", path, strerror(errno));
		return -1;
	}
	bad = json ? json(f, rs) : svg_runs(f, rs, panels, lines, svg);
	if (fclose(f) || bad) {
		fprintf(stderr, "rvpmu-report: %s: write failed\n", path);
		return -1;
	}
	return 0;
}

/*
 * A perf.data file: its AUX data into *pd. With -D, each AUXTRACE record's
 * buffers are dumped on their own, with perf.data's offsets, exactly as
 * perf report -D does (the same code: scripts/perf-decoder). Returns 1 to
 * go on with pd->aux as the run, else minus the exit status.
 */
static int from_perf(const char *file, const uint8_t *data, size_t size, int dump,
		     struct rr_perfdata *pd)
{
	struct rr_dump_state st = { 0 };
	char err[256];
	size_t i;

	if (rr_perfdata(data, size, pd, err, sizeof(err))) {
		fprintf(stderr, "rvpmu-report: %s: %s\n", file, err);
		return -1;
	}
	if (pd->truncated)
		fprintf(stderr, "rvpmu-report: %s: %llu of %llu AUX record(s) truncated: samples "
			"were lost or the firmware refused the run (see the kernel log)\n", file,
			(unsigned long long)pd->truncated, (unsigned long long)pd->aux_records);
	if (!pd->nr_pieces) {
		fprintf(stderr, "rvpmu-report: %s: no sampler data in this perf.data\n", file);
		rr_perfdata_free(pd);
		return -1;
	}
	if (!dump)
		return 1;
	for (i = 0; i < pd->nr_pieces; i++) {
		const struct rr_piece *pc = &pd->pieces[i];
		struct rr_runs rs;

		printf(".\n");
		if (rr_decode_all(data + pc->offset, pc->size, &rs, err, sizeof(err))) {
			printf(". ... RVPMU SAMPLER bad data at 0x%zx: %s\n", pc->offset, err);
			continue;
		}
		rr_dump_stream(stdout, &rs, pc->offset, &st);
		rr_runs_free(&rs);
	}
	rr_perfdata_free(pd);
	return fflush(stdout) ? -1 : 0;
}

int main(int argc, char **argv)
{
	const char *file = NULL, *json = NULL, *svg = NULL, *heat = NULL;
	int dump = 0, csv = 0, rc = 0, lines = 0, i;
	unsigned long panels = 16;
	struct rr_perfdata pd = { 0 };
	struct rr_runs runs;
	char err[256];
	uint8_t *data;
	size_t size;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage_text, stdout);
			return 0;
		} else if (!strcmp(a, "-D")) {
			dump = 1;
		} else if (!strcmp(a, "--csv")) {
			csv = 1;
		} else if (!strcmp(a, "--perfetto") && i + 1 < argc) {
			json = argv[++i];
		} else if (!strcmp(a, "--plot") && i + 1 < argc) {
			svg = argv[++i];
		} else if (!strcmp(a, "--heatmap") && i + 1 < argc) {
			heat = argv[++i];
		} else if (!strcmp(a, "--width") && i + 1 < argc) {
			char *end;
			unsigned long w;

			errno = 0;
			w = strtoul(argv[++i], &end, 10);
			if (errno || *end || end == argv[i] || w < RR_HEATMAP_MIN_W ||
			    w > RR_HEATMAP_MAX_W)
				return usage("--width takes 480..4000 (px)");
			heat_width = (double)w;
		} else if (!strcmp(a, "--max-panels") && i + 1 < argc) {
			char *end;

			errno = 0;
			panels = strtoul(argv[++i], &end, 10);
			if (errno || *end || end == argv[i] || !panels ||
			    panels > RVPMU_SAMPLER_MAX_EVENTS)
				return usage("--max-panels takes 1..240");
			lines = 1;
		} else if (a[0] == '-' && a[1]) {
			return usage("unknown option, or an option without its argument");
		} else if (file) {
			return usage("one FILE only");
		} else {
			file = a;
		}
	}
	if (!file)
		return usage("no FILE");
	if (dump && csv)
		return usage("-D and --csv both write to standard output: choose one");
	data = slurp(file, &size);
	if (!data) {
		fprintf(stderr, "rvpmu-report: %s: %s\n", file, strerror(errno));
		return 1;
	}
	if (rr_is_perfdata(data, size)) {
		rc = from_perf(file, data, size, dump, &pd);
		if (rc <= 0) {
			free(data);
			return -rc;
		}
		rc = 0;
		dump = 0;
	}
	if (rr_decode_all(pd.aux ? pd.aux : data, pd.aux ? pd.aux_size : size, &runs, err,
			  sizeof(err))) {
		fprintf(stderr, "rvpmu-report: %s: %s\n", file, err);
		rr_perfdata_free(&pd);
		free(data);
		return 1;
	}
	if (dump) {
		rc |= rr_dump_all(stdout, &runs);
	} else if (csv) {
		rc |= rr_csv_all(stdout, &runs);
	} else if (!json && !svg && !heat) {
		rc |= rr_summary_all(stdout, &runs);
	}
	if (fflush(stdout) || rc) {
		fprintf(stderr, "rvpmu-report: writing standard output failed\n");
		rc = -1;
	}
	if (!runs.nr_runs && (json || svg || heat)) {
		fprintf(stderr, "rvpmu-report: %s: no sampler buffer, only pad records: nothing "
			"to plot\n", file);
		rc = -1;
	}
	if (json && runs.nr_runs)
		rc |= to_file(json, &runs, 0, 0, NULL, rr_perfetto_all);
	if (svg && runs.nr_runs)
		rc |= to_file(svg, &runs, (unsigned int)panels, lines, NULL, NULL);
	if (heat && runs.nr_runs)
		rc |= to_file(heat, &runs, 0, 0, heatmap, NULL);
	rr_runs_free(&runs);
	rr_perfdata_free(&pd);
	free(data);
	return rc ? 1 : 0;
}
