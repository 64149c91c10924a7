/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/units.c - times, rates and names of a decoded run, shared
 * by every exporter so that they all say the same thing.
 */
#include <math.h>
#include <stdio.h>

#include "lib/names.h"
#include "decode.h"
#include "rvpmu/sbi.h"

double rr_period_s(const struct rr_run *r)
{
	return (double)r->period_ticks / (double)r->timebase_hz;
}

double rr_time_s(const struct rr_run *r, uint64_t k)
{
	/* k * period_ticks fits in 64 bits: rr_decode checked every window */
	return (double)(k * r->period_ticks) / (double)r->timebase_hz;
}

double rr_rate(const struct rr_run *r, double count)
{
	return count * (double)r->timebase_hz / (double)r->period_ticks;
}

_Static_assert(RR_LABEL_MAX >= RVPMU_EVENT_NAME_MAX, "a label holds a name");

const char *rr_event_label(const struct rr_run *r, uint32_t e, char *buf)
{
	const struct rvpmu_sampler_event *ev = &r->events[e];
	uint32_t type = SBI_PMU_EVENT_TYPE(ev->event_idx);

	/* a raw event is its selector, which names.c cannot know */
	if (ev->event_idx <= SBI_PMU_EVENT_IDX_MASK &&
	    (type == SBI_PMU_EVENT_TYPE_RAW || type == SBI_PMU_EVENT_TYPE_RAW_V2)) {
		snprintf(buf, RR_LABEL_MAX, "%s:0x%llx",
			 type == SBI_PMU_EVENT_TYPE_RAW ? "raw" : "raw2",
			 (unsigned long long)ev->event_data);
		return buf;
	}
	return rvpmu_event_name(ev->event_idx, buf);
}

const char *rr_state_name(uint32_t state)
{
	static const char *const names[] = { "FREE", "FILLING", "FULL", "LAST" };

	return state <= RVPMU_SAMPLER_BUF_LAST ? names[state] : "?";
}

const char *rr_si(double v, const char *unit, char *buf, size_t n)
{
	static const char prefix[] = "m kMGTPE";
	double a = fabs(v);
	int i = 1;

	if (a == 0) {
		snprintf(buf, n, "0 %s", unit);
		return buf;
	}
	if (a < 0.9995) {	/* below 1, but not what %.3g rounds up to 1 */
		i = 0;
		v *= 1e3;
	} else {
		while (a >= 999.5 && prefix[i + 1]) {
			a /= 1e3;
			v /= 1e3;
			i++;
		}
	}
	if (prefix[i] == ' ')
		snprintf(buf, n, "%.3g %s", v, unit);
	else
		snprintf(buf, n, "%.3g %c%s", v, prefix[i], unit);
	return buf;
}
