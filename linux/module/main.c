// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0
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
 * Per PMU in sysfs: user_events (read/write), cpumask (the die's lead
 * CPU: system-wide tools open the event there, and event_init puts it
 * there whatever CPU was asked), format/ (see below).
 *
 * The lead is a CPU of the die that is online: the first to come online
 * when the die has none, and when it goes offline, another online CPU of
 * the die, to which the event moves (perf_pmu_migrate_context) while the
 * firmware run goes on without the stopped hart (run.c). Only when the
 * die's last CPU goes offline does the event stop, with the run.
 */
#include <linux/bits.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/reboot.h>
#include <linux/slab.h>
#include <linux/syscore_ops.h>
#include <linux/topology.h>
#include <asm/sbi.h>

#include "rvpmu_sampler.h"

/* attr.config* layout, published in format/ */
#define CFG_NR_SAMPLE(c)	((u32)((c) & 0xffffffff))	/* config:0-31 */
#define CFG_PERIOD_MS(c)	((u32)(((c) >> 32) & 0x1ffff))	/* config:32-48 */
#define CFG1_PERIOD_US(c)	((u32)((c) & 0xffffffff))	/* config1:0-31 */
#define CFG1_NR_PMU(c)		((u32)(((c) >> 32) & 0x3f))	/* config1:32-37 */
#define CFG2_FILTER(c)		((u32)((c) & 0x1f))		/* config2:0-4 */
#define CFG2_HARTS(c)		((u32)((c) >> 32))		/* config2:32-63 */
/*
 * the bits no term names: set, they are a request this driver cannot
 * read (a newer perf, a typo in a raw config), so event_init refuses
 */
#define CFG_UNUSED		GENMASK_ULL(63, 49)
#define CFG1_UNUSED		GENMASK_ULL(63, 38)
#define CFG2_UNUSED		GENMASK_ULL(31, 5)
/* config3: no term (perf 6.3 and later have it) */

static struct rvs_die *dies;
static int nr_dies;
/*
 * the firmware has one sampler: the event that has it, or NULL; changed
 * under owner_lock
 */
static struct perf_event *owner;
static DEFINE_MUTEX(owner_lock);
static enum cpuhp_state hp_state;	/* a dynamic AP state, multi-instance */
static bool removing;			/* module exit: the PMUs go */

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
	unsigned int lead = READ_ONCE(to_die(dev_get_drvdata(dev))->lead_cpu);

	if (lead >= nr_cpu_ids)		/* every CPU of the die is offline */
		return sysfs_emit(buf, "\n");
	return cpumap_print_to_pagebuf(true, buf, cpumask_of(lead));
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
FORMAT(harts, "config2:32-63");
static struct attribute *rvs_format_attrs[] = {
	&format_nr_sample.attr, &format_sample_period_ms.attr,
	&format_sample_period_us.attr, &format_nr_pmu.attr, &format_filter.attr,
	&format_harts.attr, NULL,
};

static const struct attribute_group rvs_format = { .name = "format", .attrs = rvs_format_attrs };
static const struct attribute_group *rvs_groups[] = { &rvs_group, &rvs_format, NULL };

/* ---- perf callbacks */
/*
 * attr into s, against what GET_INFO says the firmware takes. -EINVAL: a
 * bit no term names, a value out of range, or a request this event cannot
 * keep (freq: perf would stop and start the run every tick; nothing left
 * to count); -EOPNOTSUPP: a mode filter the firmware cannot honour, or
 * exclude_idle (the firmware cannot tell idle).
 */
static int settings(const struct perf_event_attr *attr, const struct rvs_die *die,
		    struct rvs_settings *s)
{
	const struct rvpmu_sampler_info *info = rvs_info;
	u32 ms = CFG_PERIOD_MS(attr->config), us = CFG1_PERIOD_US(attr->config1);
	u32 host = RVPMU_SAMPLER_EXCLUDE_M | RVPMU_SAMPLER_EXCLUDE_S | RVPMU_SAMPLER_EXCLUDE_U;
	u32 guest = RVPMU_SAMPLER_EXCLUDE_VS | RVPMU_SAMPLER_EXCLUDE_VU;

	if ((attr->config & CFG_UNUSED) || (attr->config1 & CFG1_UNUSED) ||
	    (attr->config2 & CFG2_UNUSED) || rvs_config3(attr))
		return -EINVAL;
	/* the run's period is config's; perf's own period has no meaning here */
	if (attr->freq)
		return -EINVAL;
	if (attr->exclude_idle)
		return -EOPNOTSUPP;
	/* harts: bit i is the die's i-th CPU (cpumask order); none beyond */
	s->harts = CFG2_HARTS(attr->config2);
	if (cpumask_weight(&die->cpus) < 32 && s->harts >> cpumask_weight(&die->cpus))
		return -EINVAL;

	s->nr_sample = CFG_NR_SAMPLE(attr->config) ?: RVS_NR_SAMPLE_DEFAULT;
	if (!us) {
		u64 from_ms = (ms ?: RVPMU_SAMPLER_PERIOD_DEFAULT_US / 1000) * 1000ull;

		us = from_ms <= U32_MAX ? from_ms : 0;
	}
	if (us < info->period_min_us || us > info->period_max_us)
		return -EINVAL;
	s->period_us = us;
	s->nr_pmu = CFG1_NR_PMU(attr->config1);
	if (s->nr_pmu > info->max_nr_pmu)
		return -EINVAL;
	s->filter = CFG2_FILTER(attr->config2);
	if (attr->exclude_hv)
		s->filter |= RVPMU_SAMPLER_EXCLUDE_M;
	if (attr->exclude_kernel)
		s->filter |= RVPMU_SAMPLER_EXCLUDE_S;
	if (attr->exclude_user)
		s->filter |= RVPMU_SAMPLER_EXCLUDE_U;
	if (attr->exclude_host)
		s->filter |= host;
	/*
	 * perf sets exclude_guest unless told otherwise (as riscv_pmu_sbi,
	 * it is honoured where the firmware can filter the guest's modes; a
	 * firmware that filters no mode at all counts what it counts)
	 */
	if (attr->exclude_guest && (info->filter & guest) == guest)
		s->filter |= guest;
	if ((s->filter & (host | guest)) == (host | guest))
		return -EINVAL;
	if (s->filter & ~info->filter)
		return -EOPNOTSUPP;
	return 0;
}

static struct rvs_event *to_ev(struct perf_event *event)
{
	return event->pmu_private;
}

static void rvs_destroy(struct perf_event *event)
{
	struct rvs_event *ev = to_ev(event);

	rvs_event_teardown(ev);
	cpus_read_lock();
	rvs_cid2_destroy(ev->die);
	cpus_read_unlock();
	event->pmu_private = NULL;
	mutex_lock(&owner_lock);
	owner = NULL;
	mutex_unlock(&owner_lock);
	kfree(ev);
}

/*
 * The order matters: nothing global changes before the privilege check
 * (perf core checks a CPU-wide open only after event_init), and every
 * check that can fail without the firmware comes before taking it. The
 * lead CPU is read, and the event put there, under the hotplug lock, so
 * that it is online and the one the hotplug callbacks move events from.
 */
static int rvs_event_init(struct perf_event *event)
{
	struct rvs_die *die = to_die(event->pmu);
	struct rvs_settings s;
	struct rvs_event *ev;
	unsigned int lead;
	int err;

	if (event->attr.type != event->pmu->type)
		return -ENOENT;
	/*
	 * root or CAP_PERFMON, as for the PMCU (perf_allow_cpu's paranoid
	 * level is not exported to modules)
	 */
	if (!perfmon_capable())
		return -EACCES;
	/* system-wide only, like the PMCU: the run covers the whole die */
	if (event->cpu < 0 || (event->attach_state & PERF_ATTACH_TASK))
		return -EOPNOTSUPP;
	if (!cpumask_test_cpu(event->cpu, &die->cpus))
		return -EINVAL;
	err = settings(&event->attr, die, &s);
	if (err)
		return err;
	if (!READ_ONCE(die->nr_events))
		return -EINVAL;		/* write user_events first */
	ev = kzalloc(sizeof(*ev), GFP_KERNEL);
	if (!ev)
		return -ENOMEM;
	mutex_lock(&owner_lock);
	if (owner) {
		mutex_unlock(&owner_lock);
		kfree(ev);
		return -EBUSY;
	}
	owner = event;
	mutex_unlock(&owner_lock);
	ev->event = event;
	ev->die = die;
	rvs_event_setup(ev);
	cpus_read_lock();
	lead = die->lead_cpu;
	err = lead < nr_cpu_ids ? rvs_run_prepare(ev, &s) : -ENODEV;
	if (err) {
		cpus_read_unlock();
		mutex_lock(&owner_lock);
		owner = NULL;
		mutex_unlock(&owner_lock);
		kfree(ev);
		return err;
	}
	/* the event lives on the lead, the one CPU hotplug moves it from */
	event->cpu = lead;
	event->pmu_private = ev;
	rvs_cid2_create(die);
	cpus_read_unlock();
	/* perf's scheduler hooks on while the event exists: CID2 (cid2.c) */
	event->attach_state |= PERF_ATTACH_SCHED_CB;
	event->destroy = rvs_destroy;
	return 0;
}

static void rvs_stop(struct perf_event *event, int flags)
{
	if (event->hw.state & PERF_HES_STOPPED)
		return;
	rvs_run_stop(to_ev(event));
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int start(struct perf_event *event)
{
	int err = rvs_run_start(to_ev(event));

	event->hw.state = err ? PERF_HES_STOPPED : 0;
	return err;
}

static void rvs_start(struct perf_event *event, int flags)
{
	start(event);
}

/* the firmware's refusal goes back to perf as the errno */
static int rvs_add(struct perf_event *event, int flags)
{
	event->hw.state = PERF_HES_STOPPED;
	return flags & PERF_EF_START ? start(event) : 0;
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
	if (overwrite || nr_pages < 2)	/* the firmware never overwrites */
		return NULL;
	/* contiguous chunks the firmware can write (aux.c), else refused */
	return rvs_aux_setup(to_ev(event), pages, nr_pages);
}

static void rvs_free_aux(void *aux)
{
	rvs_aux_free(aux);
}

/*
 * ---- Reboot, kexec, power off: the firmware RESET so that no run goes
 * on writing into memory the next kernel (or the firmware) has; the
 * reboot notifier runs on kexec too (kernel_restart_prepare), and the
 * syscore shutdown is the last chance, on one CPU.
 */
static int rvs_reboot(struct notifier_block *nb, unsigned long action, void *data)
{
	rvs_run_shutdown(true);
	return NOTIFY_DONE;
}

static struct notifier_block rvs_reboot_nb = { .notifier_call = rvs_reboot };

static void rvs_syscore_shutdown(void)
{
	rvs_run_shutdown(false);
}

static struct syscore_ops rvs_syscore = { .shutdown = rvs_syscore_shutdown };

/*
 * ---- CPU hotplug (CPUHP_AP_ONLINE_DYN: on the CPU concerned, process
 * context; the teardown runs before perf's own, which would remove the
 * event from the CPU)
 */
static int rvs_cpu_online(unsigned int cpu, struct hlist_node *node)
{
	struct rvs_die *die = hlist_entry_safe(node, struct rvs_die, node);

	if (!cpumask_test_cpu(cpu, &die->cpus))
		return 0;
	rvs_cid2_cpu_up(die);
	if (die->lead_cpu >= nr_cpu_ids)
		WRITE_ONCE(die->lead_cpu, cpu);
	return 0;
}

static int rvs_cpu_offline(unsigned int cpu, struct hlist_node *node)
{
	struct rvs_die *die = hlist_entry_safe(node, struct rvs_die, node);
	cpumask_t others;
	unsigned int to;

	if (cpumask_test_cpu(cpu, &die->cpus))
		rvs_cid2_cpu_down(die);
	if (cpu != die->lead_cpu || removing)
		return 0;
	/* cpu is still in cpu_online_mask here */
	cpumask_and(&others, &die->cpus, cpu_online_mask);
	to = cpumask_any_but(&others, cpu);
	WRITE_ONCE(die->lead_cpu, to < nr_cpu_ids ? to : nr_cpu_ids);
	if (to >= nr_cpu_ids) {
		pr_info_ratelimited(RVS_NAME ": %s: no CPU left online, its event stops\n",
				    die->name);
		return 0;	/* perf's teardown removes the event: pmu::del stops */
	}
	/*
	 * pmu::del here stops the run and lets its pages go; pmu::add there
	 * starts a fresh one (run.c)
	 */
	perf_pmu_migrate_context(&die->pmu, cpu, to);
	pr_info_ratelimited(RVS_NAME ": %s: CPU %u goes offline, events now on CPU %u\n",
			    die->name, cpu, to);
	return 0;
}

/* ---- module */
static int die_of(int cpu)
{
	int id = topology_physical_package_id(cpu);

	return id < 0 ? 0 : id;
}

/* Unregisters the PMUs of dies [0, n) and leaves the hotplug state. */
static void dies_remove(int n)
{
	removing = true;
	while (--n >= 0) {
		struct rvs_die *d = &dies[n];

		if (cpumask_empty(&d->cpus))
			continue;
		/*
		 * the offline callback on every online CPU: CID2's callbacks
		 * off; the PMU has no event left to move
		 */
		cpuhp_state_remove_instance(hp_state, &d->node);
		perf_pmu_unregister(&d->pmu);
	}
	cpuhp_remove_multi_state(hp_state);
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

/* The reboot hooks off and the run's memory freed (init's failure, exit). */
static void rvs_unhook(void)
{
	unregister_syscore_ops(&rvs_syscore);
	unregister_reboot_notifier(&rvs_reboot_nb);
	rvs_run_exit();
}

static int __init rvs_init(void)
{
	long version = sbi_probe_extension(RVPMU_SAMPLER_EID);
	int cpu, i, err;

	if (version < RVPMU_SAMPLER_SPEC_VERSION) {
		pr_err(RVS_NAME ": this firmware has no rvpmu sampler version %u (SBI extension 0x%lx, probe %ld); not loading\n",
		       RVPMU_SAMPLER_SPEC_VERSION, RVPMU_SAMPLER_EID, version);
		return -ENODEV;
	}
	err = hartids();
	if (!err)
		err = rvs_run_init();
	if (err)
		return err;
	register_reboot_notifier(&rvs_reboot_nb);
	register_syscore_ops(&rvs_syscore);
	err = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN, "perf/rvpmu_sampler:online",
				      rvs_cpu_online, rvs_cpu_offline);
	if (err < 0) {
		rvs_unhook();
		return err;
	}
	hp_state = err;
	for_each_possible_cpu(cpu)
		nr_dies = max(nr_dies, die_of(cpu) + 1);
	dies = kcalloc(nr_dies, sizeof(*dies), GFP_KERNEL);
	if (!dies) {
		cpuhp_remove_multi_state(hp_state);
		rvs_unhook();
		return -ENOMEM;
	}
	for_each_possible_cpu(cpu)
		cpumask_set_cpu(cpu, &dies[die_of(cpu)].cpus);
	for (i = 0; i < nr_dies; i++) {
		struct rvs_die *d = &dies[i];

		if (cpumask_empty(&d->cpus))
			continue;
		d->id = i;
		d->lead_cpu = nr_cpu_ids;
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
			.sched_task = rvs_sched_task,
		};
		/*
		 * registered first: the online callback's perf_sched_cb_inc
		 * needs the PMU's per-CPU contexts
		 */
		err = perf_pmu_register(&d->pmu, d->name, -1);
		if (!err) {
			/* calls rvs_cpu_online on every online CPU: the lead */
			err = cpuhp_state_add_instance(hp_state, &d->node);
			if (err)
				perf_pmu_unregister(&d->pmu);
		}
		if (err) {
			dies_remove(i);
			kfree(dies);
			rvs_unhook();
			return err;
		}
		pr_info(RVS_NAME ": %s: %u CPUs, events open on CPU %u\n", d->name,
			cpumask_weight(&d->cpus), d->lead_cpu);
	}
	return 0;
}

static void __exit rvs_exit(void)
{
	dies_remove(nr_dies);
	kfree(dies);
	rvs_unhook();
}

module_init(rvs_init);
module_exit(rvs_exit);
MODULE_DESCRIPTION("rvpmu offloaded sampler as a perf AUX PMU");
MODULE_LICENSE("Dual BSD/GPL");
