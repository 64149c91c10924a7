/* SPDX-License-Identifier: BSD-2-Clause */
/* Runs the sampler engine's suites; argv[1] optionally filters by name. */
#include <stdbool.h>

#include "t.h"

struct t_state t_state;

void suite_sampler_config(void);
void suite_sampler_run(void);
void suite_sampler_edges(void);
void suite_sampler_v2(void);
void suite_sampler_pause(void);
extern bool sfx_use_direct;

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	t_state.filter = argc > 1 ? argv[1] : NULL;
	printf("# rvpmu sampler engine tests, XLEN %d\n", RVPMU_XLEN);
	suite_sampler_config();
	suite_sampler_run();
	suite_sampler_edges();
	suite_sampler_v2();
	suite_sampler_pause();
	/* the runs again, with slots stored through the direct-access op */
	sfx_use_direct = true;
	suite_sampler_run();
	suite_sampler_edges();
	suite_sampler_v2();
	suite_sampler_pause();
	return t_finish();
}
