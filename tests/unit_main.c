/* SPDX-License-Identifier: BSD-2-Clause */
/* Runs every unit suite of the core; argv[1] optionally filters by name. */
#include "t.h"

struct t_state t_state;

void suite_counters(void);
void suite_match(void);
void suite_startstop(void);
void suite_fw(void);
void suite_snapshot(void);
void suite_event_info(void);
void suite_harts(void);
void suite_map(void);
void suite_names(void);
void suite_random(void);
void suite_reserve(void);
void suite_hwprops(void);

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);	/* keep output a sanitizer abort follows */
	t_state.filter = argc > 1 ? argv[1] : NULL;
	printf("# rvpmu core unit tests, XLEN %d\n", RVPMU_XLEN);
	suite_counters();
	suite_match();
	suite_startstop();
	suite_hwprops();
	suite_fw();
	suite_snapshot();
	suite_event_info();
	suite_harts();
	suite_map();
	suite_names();
	suite_random();
	suite_reserve();
	return t_finish();
}
