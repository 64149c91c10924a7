// SPDX-License-Identifier: BSD-2-Clause
/*
 * main.c - rvpmu_sampler.ko: probes rvpmu's sampler extension and
 * registers one perf PMU per die, rvpmu_sampler_die<N>.
 *
 * A die is what Linux's topology calls the physical package: the DT
 * cpu-map's socketN node (topology_physical_package_id); Linux 6.1 puts a
 * cpu-map without sockets (QEMU 7.2's, whatever -smp says) in package 0.
 * That is the PMCU's unit (one per SCCL) and the DT's only level above
 * the cluster.
 *
 * Per PMU in sysfs: user_events (read/write), cpumask (the die's first
 * CPU: system-wide tools open the event there), format/ (see below).
 */
#include <linux/module.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/topology.h>
#include <asm/sbi.h>

#include "rvpmu_sampler.h"

/* attr.config* layout, published in format/ */
#define CFG_NR_SAMPLE(c)	((u32)((c) & 0xffffffff))	/* config:0-31 */
#define CFG_PERIOD_MS(c)	((u32)(((c) >> 32) & 0x1ffff))	/* config:32-48 */
#define CFG1_PERIOD_US(c)	((u32)((c) & 0xffffffff))	/* config1:0-31 */
#define CFG1_NR_PMU(c)		((u32)(((c) >> 32) & 0x3f))	/* config1:32-37 */
#define CFG2_FILTER(c)		((u32)((c) & 0x1f))		/* config2:0-4 */

static struct rvs_die *dies;
static int nr_dies;
static atomic_t busy = ATOMIC_INIT(0);	/* the firmware has one sampler */

static struct rvs_die *to_die(struct pmu *pmu)
{
	return container_of(pmu, struct rvs_die, pmu);
}

/* ---- sysfs */
static ssize_t user_events_show(struct device *dev, struct device_attribute *a, char *buf)
{
	struct rvs_die *die = to_die(dev_get_drvdata(dev));
	ssize_t n = 0;
	unsigned int i;

	mutex_lock(&die->lock);
	for (i = 0; i < die->nr_events; i++)
		n += sysfs_emit_at(buf, n, "%llx%c", die->ids[i],
				   i + 1 == die->nr_events ? '\n' : ' ');
	mutex_unlock(&die->lock);
	return n;
}

static ssize_t user_events_store(struct device *dev, struct device_attribute *a,
				 const char *buf, size_t len)
{
	struct rvs_die *die = to_die(dev_get_drvdata(dev));
	u64 *ids = kmalloc_array(RVPMU_SAMPLER_MAX_EVENTS, sizeof(*ids), GFP_KERNEL);
	int n;

	if (!ids)
		return -ENOMEM;
	n = rvs_parse_events(buf, len, ids);
	if (n >= 0) {
		mutex_lock(&die->lock);
		memcpy(die->ids, ids, n * sizeof(*ids));
		die->nr_events = n;
		mutex_unlock(&die->lock);
	}
	kfree(ids);
	return n < 0 ? n : (ssize_t)len;
}
static DEVICE_ATTR_RW(user_events);

static ssize_t cpumask_show(struct device *dev, struct device_attribute *a, char *buf)
{
	return cpumap_print_to_pagebuf(true, buf, cpumask_of(to_die(dev_get_drvdata(dev))->lead_cpu));
}
static DEVICE_ATTR_RO(cpumask);

static struct attribute *rvs_attrs[] = {
	&dev_attr_user_events.attr, &dev_attr_cpumask.attr, NULL,
};
static const struct attribute_group rvs_group = { .attrs = rvs_attrs };

#define FORMAT(n, s) \
	static ssize_t n##_show(struct device *d, struct device_attribute *a, char *b) \
	{ return sysfs_emit(b, "%s\n", s); } \
	static struct device_attribute format_##n = __ATTR_RO(n)
FORMAT(nr_sample, "config:0-31");
FORMAT(sample_period_ms, "config:32-48");
FORMAT(sample_period_us, "config1:0-31");
FORMAT(nr_pmu, "config1:32-37");
FORMAT(filter, "config2:0-4");
static struct attribute *rvs_format_attrs[] = {
	&format_nr_sample.attr, &format_sample_period_ms.attr,
	&format_sample_period_us.attr, &format_nr_pmu.attr, &format_filter.attr, NULL,
};
static const struct attribute_group rvs_format = { .name = "format", .attrs = rvs_format_attrs };
static const struct attribute_group *rvs_groups[] = { &rvs_group, &rvs_format, NULL };

/* ---- perf callbacks */
static int settings(const struct perf_event_attr *attr, struct rvs_settings *s)
{
	u32 ms = CFG_PERIOD_MS(attr->config), us = CFG1_PERIOD_US(attr->config1);

	s->nr_sample = CFG_NR_SAMPLE(attr->config) ?: RVPMU_SAMPLER_NR_SAMPLE_DEFAULT;
	if (!us)
		us = (ms ?: RVPMU_SAMPLER_PERIOD_DEFAULT_US / 1000) * 1000ull <= RVPMU_SAMPLER_PERIOD_MAX_US ?
		     (ms ?: RVPMU_SAMPLER_PERIOD_DEFAULT_US / 1000) * 1000 : 0;
	if (us < RVPMU_SAMPLER_PERIOD_MIN_US || us > RVPMU_SAMPLER_PERIOD_MAX_US)
		return -EINVAL;
	s->period_us = us;
	s->nr_pmu = CFG1_NR_PMU(attr->config1);
	if (s->nr_pmu > RVPMU_SAMPLER_NR_PMU_MAX)
		return -EINVAL;
	s->filter = CFG2_FILTER(attr->config2);
	if (attr->exclude_hv)
		s->filter |= RVPMU_SAMPLER_EXCLUDE_M;
	if (attr->exclude_kernel)
		s->filter |= RVPMU_SAMPLER_EXCLUDE_S;
	if (attr->exclude_user)
		s->filter |= RVPMU_SAMPLER_EXCLUDE_U;
	return 0;
}

static void rvs_destroy(struct perf_event *event)
{
	rvs_cid2_destroy();
	atomic_set(&busy, 0);
}

static int rvs_event_init(struct perf_event *event)
{
	struct rvs_die *die = to_die(event->pmu);
	struct rvs_settings s;
	int err;

	if (event->attr.type != event->pmu->type)
		return -ENOENT;
	/* system-wide only, like the PMCU: the run covers the whole die */
	if (event->cpu < 0 || (event->attach_state & PERF_ATTACH_TASK))
		return -EOPNOTSUPP;
	if (!cpumask_test_cpu(event->cpu, &die->cpus))
		return -EINVAL;
	err = settings(&event->attr, &s);
	if (err)
		return err;
	if (!READ_ONCE(die->nr_events))
		return -EINVAL;		/* write user_events first */
	if (atomic_cmpxchg(&busy, 0, 1))
		return -EBUSY;
	rvs_run_prepare(die, &s);
	err = rvs_cid2_create(die, s.period_us);
	if (err) {
		atomic_set(&busy, 0);
		return err;
	}
	event->destroy = rvs_destroy;
	return 0;
}

static void rvs_start(struct perf_event *event, int flags)
{
	event->hw.state = rvs_run_start(event) ? PERF_HES_STOPPED : 0;
}

static void rvs_stop(struct perf_event *event, int flags)
{
	if (event->hw.state & PERF_HES_STOPPED)
		return;
	rvs_run_stop(event);
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int rvs_add(struct perf_event *event, int flags)
{
	event->hw.state = PERF_HES_STOPPED;
	if (flags & PERF_EF_START)
		rvs_start(event, flags);
	return 0;
}

static void rvs_del(struct perf_event *event, int flags)
{
	rvs_stop(event, PERF_EF_UPDATE);
}

static void rvs_read(struct perf_event *event)
{
	/* the data is in the AUX area; the event has no count */
}

static void *rvs_setup_aux(struct perf_event *event, void **pages, int nr_pages,
			   bool overwrite)
{
	struct rvs_aux *aux;

	if (overwrite || nr_pages < 2)	/* the firmware never overwrites */
		return NULL;
	aux = kzalloc(sizeof(*aux), GFP_KERNEL);
	if (aux) {
		aux->pages = pages;
		aux->nr_pages = nr_pages;
	}
	return aux;
}

static void rvs_free_aux(void *aux)
{
	kfree(aux);
}

/* ---- module */
static int die_of(int cpu)
{
	int id = topology_physical_package_id(cpu);

	return id < 0 ? 0 : id;
}

static int hartids(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct device_node *np = of_get_cpu_node(cpu, NULL);
		u64 reg;

		if (!np)
			return -ENODEV;
		if (of_property_read_u64(np, "reg", &reg)) {
			u32 r32;

			if (of_property_read_u32(np, "reg", &r32)) {
				of_node_put(np);
				return -ENODEV;
			}
			reg = r32;
		}
		of_node_put(np);
		rvs_hartid[cpu] = reg;
	}
	return 0;
}

static int __init rvs_init(void)
{
	int cpu, i, err;

	if (sbi_probe_extension(RVPMU_SAMPLER_EID) <= 0) {
		pr_err(RVS_NAME ": this firmware has no rvpmu sampler (SBI extension 0x%lx); not loading\n",
		       RVPMU_SAMPLER_EID);
		return -ENODEV;
	}
	err = hartids();
	if (!err)
		err = rvs_run_init();
	if (err)
		return err;
	for_each_possible_cpu(cpu)
		nr_dies = max(nr_dies, die_of(cpu) + 1);
	dies = kcalloc(nr_dies, sizeof(*dies), GFP_KERNEL);
	if (!dies) {
		rvs_run_exit();
		return -ENOMEM;
	}
	for_each_possible_cpu(cpu) {
		struct rvs_die *d = &dies[die_of(cpu)];

		if (cpumask_empty(&d->cpus))
			d->lead_cpu = cpu;
		cpumask_set_cpu(cpu, &d->cpus);
	}
	for (i = 0; i < nr_dies; i++) {
		struct rvs_die *d = &dies[i];

		if (cpumask_empty(&d->cpus))
			continue;
		d->id = i;
		mutex_init(&d->lock);
		snprintf(d->name, sizeof(d->name), "rvpmu_sampler_die%d", i);
		d->pmu = (struct pmu) {
			.module = THIS_MODULE,
			.capabilities = PERF_PMU_CAP_EXCLUSIVE | PERF_PMU_CAP_ITRACE |
					PERF_PMU_CAP_AUX_NO_SG,
			.task_ctx_nr = perf_invalid_context,
			.attr_groups = rvs_groups,
			.event_init = rvs_event_init,
			.add = rvs_add,
			.del = rvs_del,
			.start = rvs_start,
			.stop = rvs_stop,
			.read = rvs_read,
			.setup_aux = rvs_setup_aux,
			.free_aux = rvs_free_aux,
		};
		err = perf_pmu_register(&d->pmu, d->name, -1);
		if (err) {
			while (--i >= 0)
				if (!cpumask_empty(&dies[i].cpus))
					perf_pmu_unregister(&dies[i].pmu);
			kfree(dies);
			rvs_run_exit();
			return err;
		}
		pr_info(RVS_NAME ": %s: %u CPUs, events open on CPU %d\n", d->name,
			cpumask_weight(&d->cpus), d->lead_cpu);
	}
	return 0;
}

static void __exit rvs_exit(void)
{
	int i;

	for (i = 0; i < nr_dies; i++)
		if (!cpumask_empty(&dies[i].cpus))
			perf_pmu_unregister(&dies[i].pmu);
	kfree(dies);
	rvs_run_exit();
}

module_init(rvs_init);
module_exit(rvs_exit);
MODULE_DESCRIPTION("rvpmu offloaded sampler as a perf AUX PMU");
MODULE_LICENSE("Dual BSD/GPL");
