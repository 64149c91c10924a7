# rvpmu - top-level Makefile.
#
#   make run     the main job (see README)
#   make check   every test; last line "N passed, N failed"
#   make fuzz    the fuzz targets for longer (FUZZ_SECONDS, default 60 each)
#   make bench   SBI call instruction counts, rvpmu and every OpenSBI peer side by side
#   make conformance FW=rvpmu|opensbi|opensbi-<ver> [XLEN=32]   the SBI PMU conformance suite
#   make conformance-table   regenerate docs/conformance.md (rvpmu and every peer)
#   make peers   fetch the OpenSBI releases of PEERS into build/stack (no system change)
#   make linux-check [FW=opensbi]   Linux 6.1 + perf_event_open + the perf tool
#   make linux612-check  the same with Linux 6.12 and perf 6.12 on QEMU 10
#   make linux-matrix  both kernels on both QEMUs: the pairs make check leaves out (6.1 on both)
#   make check-aia  Linux 6.12 on QEMU 10 with aia=aplic and aia=aplic-imsic
#   make linux-newest  the newest kernel Debian carries (7.3): EVENT_GET_INFO, raw v2
#   make linux-stress  the sampler's AUX lifetime under stress, page poisoning on
#   make linux612-stress  the sampler's race stress on 6.12, whole (make check runs it short)
#   make linux612-kasan  the same stress on 6.12 built with KASAN (a second kernel)
#   make linux612-rt  the stress, and on the lying firmware, on 6.12 with PREEMPT_RT and lockdep
#   make linux-multidie  perf record on every die of a 4-socket, 32-hart DT
#   make perf-compare  the perf tool (perf test too) on rvpmu and OpenSBI, compared
#   make linux-bench  instructions from reset to /init, rvpmu and OpenSBI
#   make uboot-check  U-Boot 2023.01 and 2025.01 on rvpmu, booti Linux: 1/4/32 harts x 128M..4G
#   make stack   QEMU 10 and U-Boot 2025.01 from Debian's archive into build/stack
#   make check-scale  only the many-hart steps of make check (up to 512 harts)
#   (the steps of both are the rows of tests/check.steps)
#   make clean
#
# Host builds of the core run under ASan and UBSan. The core is also
# compiled freestanding for rv64 and rv32 to prove it needs nothing else.

B        := build
HOSTCC   ?= gcc
CLANG    ?= clang
CROSS    ?= riscv64-unknown-elf-
WARN     := -Wall -Wextra -Werror
SAN      := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
HOSTCFLAGS := -std=c11 $(WARN) -O1 -g $(SAN) -Iinclude -I. -Itests
FUZZ_SECONDS ?= 60
CHECK_FUZZ_SECONDS ?= 5	# a smoke in make check; make fuzz runs FUZZ_SECONDS
comma    := ,

CORE_SRC := core/counters.c core/events.c core/match.c core/startstop.c core/spec.c core/steps.c \
            core/fwctr.c core/snapshot.c core/map.c core/reserve.c core/group.c
CORE_HDR := $(wildcard core/*.h) include/rvpmu/sbi.h lib/bits.h
SAMPLER_SRC := sampler/config.c sampler/layout.c sampler/start.c sampler/engine.c sampler/fills.c \
	       sampler/pause.c sampler/status.c
SAMPLER_HDR := sampler/sampler.h sampler/state.h sampler/internal.h sampler/fills.h include/rvpmu/sampler.h
SAMPLER_TEST := $(wildcard tests/sampler/*.c)
DT_SRC   := dt/pmu_dt.c dt/cpu_map.c lib/fmt.c
NAMES_SRC := lib/names.c	# event names: tools, tests, payloads (not the firmware)
SIM_SRC  := tools/sim/sim_hart.c
# the payloads: every payloads/NAME.c but a file another payload also
# builds from (PL_EXTRA_NAME): a new payload is a new file, nothing more
PL_EXTRA_hostile := payloads/hostile_legacy.c
PL_EXTRA_smoke := payloads/memcheck.c
PL_EXTRAS := $(foreach v,$(filter PL_EXTRA_%,$(.VARIABLES)),$($(v)))
PAYLOADS := $(filter-out $(basename $(notdir $(PL_EXTRAS))), \
	      $(basename $(notdir $(wildcard payloads/*.c))))
UNIT_SRC := tests/unit_main.c tests/fixture.c tests/drive.c $(wildcard tests/test_*.c) $(NAMES_SRC)
# the unit, sampler and report-engine tests reach the simulated hart through
# the core's fast path contract (core/hw.h) as the firmware reaches its
# CSRs; the fuzz targets and tools through the ops table (its default)
SIM_PLATFORM := -DRVPMU_HW_PLATFORM -Itools/sim

.PHONY: all deps run check fuzz bench clean core-cross
all: $(B)/rvpmu-dt $(B)/unit64 $(B)/unit32 $(B)/core-diff64 $(B)/core-diff32 $(B)/dt-tests $(B)/rvpmu-simstat \
     $(B)/sampler64 $(B)/sampler32 $(B)/small-unit64 $(B)/small-unit32 $(B)/small-sampler64 \
     $(B)/small-sampler32 $(B)/rvpmu-report $(B)/report-gen $(B)/report-engine \
     $(B)/misalign

deps:
	@scripts/deps.sh

# ---- host programs
# The firmware sizes its harts' PMU state for its 16 firmware counters
# (core/pmu.h RVPMU_MAX_FW); the unit and sampler tests build as it does;
# the small ones (as the OpenSBI port), core-diff and the fuzz targets
# with the core's default of 32.
FW_MAX_FW := -DRVPMU_MAX_FW=16
$(B)/unit64: $(UNIT_SRC) $(CORE_SRC) $(SIM_SRC) $(CORE_HDR) tests/*.h tools/sim/*.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) $(SIM_PLATFORM) $(FW_MAX_FW) -DRVPMU_XLEN=64 -o $@ $(UNIT_SRC) $(CORE_SRC) $(SIM_SRC)

$(B)/unit32: $(UNIT_SRC) $(CORE_SRC) $(SIM_SRC) $(CORE_HDR) tests/*.h tools/sim/*.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) $(SIM_PLATFORM) $(FW_MAX_FW) -DRVPMU_XLEN=32 -o $@ $(UNIT_SRC) $(CORE_SRC) $(SIM_SRC)

# the fast layer against the spec layer (tests/diff.h), both XLENs
DIFF_SRC := tests/diff.c tests/drive.c tests/fixture.c
$(B)/core-diff%: tests/diff_main.c $(DIFF_SRC) $(CORE_SRC) $(SIM_SRC) $(CORE_HDR) tests/*.h tools/sim/*.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) $(SIM_PLATFORM) -DRVPMU_XLEN=$* -o $@ tests/diff_main.c $(DIFF_SRC) $(CORE_SRC) $(SIM_SRC)

# the sampler engine on simulated harts (tests/sampler/)
$(B)/sampler%: $(SAMPLER_TEST) $(SAMPLER_SRC) $(CORE_SRC) $(SIM_SRC) tests/fixture.c $(SAMPLER_HDR) $(CORE_HDR) tests/*.h tests/sampler/*.h tools/sim/*.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) $(SIM_PLATFORM) $(FW_MAX_FW) -DRVPMU_XLEN=$* -pthread -o $@ $(SAMPLER_TEST) tests/fixture.c $(SAMPLER_SRC) $(CORE_SRC) $(SIM_SRC)

# the same two with RVPMU_SMALL (core/internal.h), as the OpenSBI port builds
# the core and the sampler
$(B)/small-unit%: $(UNIT_SRC) $(CORE_SRC) $(SIM_SRC) $(CORE_HDR) tests/*.h tools/sim/*.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) $(SIM_PLATFORM) -DRVPMU_SMALL -DRVPMU_XLEN=$* -o $@ $(UNIT_SRC) $(CORE_SRC) $(SIM_SRC)

$(B)/small-sampler%: $(SAMPLER_TEST) $(SAMPLER_SRC) $(CORE_SRC) $(SIM_SRC) tests/fixture.c $(SAMPLER_HDR) $(CORE_HDR) tests/*.h tests/sampler/*.h tools/sim/*.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) $(SIM_PLATFORM) -DRVPMU_SMALL -DRVPMU_XLEN=$* -pthread -o $@ $(SAMPLER_TEST) tests/fixture.c $(SAMPLER_SRC) $(CORE_SRC) $(SIM_SRC)

$(B)/rvpmu-dt: tools/rvpmu-dt.c $(DT_SRC) $(NAMES_SRC) $(CORE_SRC) dt/*.h $(CORE_HDR) lib/names.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) -o $@ tools/rvpmu-dt.c $(DT_SRC) $(NAMES_SRC) $(CORE_SRC) -lfdt

$(B)/dt-tests: tests/dt/dt_tests.c $(DT_SRC) $(CORE_SRC) dt/*.h $(CORE_HDR)
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) -o $@ tests/dt/dt_tests.c $(DT_SRC) $(CORE_SRC) -lfdt

$(B)/rvpmu-simstat: tools/rvpmu-simstat.c $(CORE_SRC) $(SIM_SRC) $(DT_SRC) $(NAMES_SRC) $(CORE_HDR) lib/names.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) -o $@ tools/rvpmu-simstat.c $(DT_SRC) $(NAMES_SRC) $(CORE_SRC) $(SIM_SRC) -lfdt

# rvpmu-report: the decoder and exporters are REPORT_SRC, shared with the
# fuzz target; report-gen writes the test inputs (tests/report/)
REPORT_SRC := tools/report/decode.c tools/report/units.c tools/report/dump.c \
              tools/report/csv.c tools/report/perfetto.c tools/report/svg.c \
              tools/report/heatmap.c tools/report/summary.c tools/report/metrics.c \
              tools/report/perfdata.c tools/report/layout.c \
              $(NAMES_SRC)
REPORT_HDR := tools/report/*.h include/rvpmu/sampler.h include/rvpmu/sbi.h lib/names.h
$(B)/rvpmu-report: tools/rvpmu-report.c $(REPORT_SRC) $(REPORT_HDR)
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) -o $@ tools/rvpmu-report.c $(REPORT_SRC) -lm

# the engine's buffers read back by the decoder (both sides of the ABI)
$(B)/report-engine: tests/report/engine_rt.c tests/sampler/sfx.c $(SAMPLER_SRC) $(CORE_SRC) $(SIM_SRC) tests/fixture.c $(REPORT_SRC) $(REPORT_HDR) $(SAMPLER_HDR) $(CORE_HDR) tests/*.h tests/sampler/*.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) $(SIM_PLATFORM) -DRVPMU_XLEN=64 -Itests/sampler -o $@ tests/report/engine_rt.c tests/sampler/sfx.c \
	  tests/fixture.c $(SAMPLER_SRC) $(CORE_SRC) $(SIM_SRC) $(REPORT_SRC) -lm

$(B)/report-gen: tests/report/gen.c tests/report/write.c tests/report/write.h include/rvpmu/sampler.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) -o $@ tests/report/gen.c tests/report/write.c -lm

# ---- device trees used by the tests and by `make run`
DTS := $(wildcard tests/dt/*.dts)
DTBS := $(patsubst tests/dt/%.dts,$(B)/dt/%.dtb,$(DTS)) $(B)/dt/qemu-virt.dtb \
        $(B)/dt/qemu-virt-smp4.dtb
$(B)/dt/%.dtb: tests/dt/%.dts
	@mkdir -p $(B)/dt
	dtc -q -I dts -O dtb -o $@ $<
# the firmware's misaligned load/store emulation on a simulated hart
MISALIGN_SRC := firmware/misalign.c tests/misalign/mhart.c
$(B)/misalign: tests/misalign/test_misalign.c $(MISALIGN_SRC) firmware/misalign.h tests/misalign/mhart.h tests/t.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) -o $@ tests/misalign/test_misalign.c $(MISALIGN_SRC)

$(B)/dt/qemu-virt.dtb:
	@mkdir -p $(B)/dt
	qemu-system-riscv64 -M virt,dumpdtb=$@ -cpu rv64,sscofpmf=true -m 256M -nographic >/dev/null
$(B)/dt/qemu-virt-smp4.dtb:
	@mkdir -p $(B)/dt
	qemu-system-riscv64 -M virt,dumpdtb=$@ -cpu rv64 -smp 4 -m 256M -nographic >/dev/null

# QEMU virt's DT with its CLINT taken out: the firmware must boot without
# an IPI/timer device and say so (not a DT test input: kept apart).
# virt-noclint-smpN.dtb keeps Sstc (TIME stays), virt-noclint-nosstc-smpN.dtb
# has neither timer (no TIME either).
$(B)/fw-dt/virt-noclint-%.dtb:
	@mkdir -p $(B)/fw-dt
	qemu-system-riscv64 -M virt,dumpdtb=$@ -cpu rv64,sscofpmf=true$(if $(findstring nosstc,$*),$(comma)sstc=false) \
		-smp $(lastword $(subst smp, ,$*)) -m 256M -nographic >/dev/null
	fdtput -r $@ /soc/clint@2000000

# ---- fuzzing (libFuzzer needs clang)
FUZZFLAGS := -std=c11 $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Iinclude -I. -Itests
$(B)/fuzz-calls: tests/fuzz/fuzz_calls.c tests/drive.c $(CORE_SRC) $(SIM_SRC) tests/fixture.c $(CORE_HDR)
	@mkdir -p $(B)
	$(CLANG) $(FUZZFLAGS) -o $@ tests/fuzz/fuzz_calls.c tests/drive.c tests/fixture.c $(CORE_SRC) $(SIM_SRC)
$(B)/fuzz-calls-diff: tests/fuzz/fuzz_calls_diff.c $(DIFF_SRC) $(CORE_SRC) $(SIM_SRC) $(CORE_HDR) tests/*.h
	@mkdir -p $(B)
	$(CLANG) $(FUZZFLAGS) -o $@ tests/fuzz/fuzz_calls_diff.c $(DIFF_SRC) $(CORE_SRC) $(SIM_SRC)
$(B)/fuzz-sampler: tests/fuzz/fuzz_sampler.c tests/sampler/sfx.c $(SAMPLER_SRC) $(CORE_SRC) $(SIM_SRC) tests/fixture.c $(SAMPLER_HDR) $(CORE_HDR) tests/sampler/*.h
	@mkdir -p $(B)
	$(CLANG) $(FUZZFLAGS) -o $@ tests/fuzz/fuzz_sampler.c tests/sampler/sfx.c tests/fixture.c $(SAMPLER_SRC) $(CORE_SRC) $(SIM_SRC)
$(B)/fuzz-dt: tests/fuzz/fuzz_dt.c $(DT_SRC) $(CORE_SRC) $(SIM_SRC) tests/fixture.c $(CORE_HDR) dt/*.h
	@mkdir -p $(B)
	$(CLANG) $(FUZZFLAGS) -o $@ tests/fuzz/fuzz_dt.c tests/fixture.c $(DT_SRC) $(CORE_SRC) $(SIM_SRC) -lfdt
$(B)/fuzz-report: tests/fuzz/fuzz_report.c tests/report/write.c tests/report/write.h $(REPORT_SRC) $(REPORT_HDR)
	@mkdir -p $(B)
	$(CLANG) $(FUZZFLAGS) -o $@ tests/fuzz/fuzz_report.c tests/report/write.c $(REPORT_SRC) -lm

$(B)/fuzz-misalign: tests/fuzz/fuzz_misalign.c $(MISALIGN_SRC) firmware/misalign.h tests/misalign/mhart.h
	@mkdir -p $(B)
	$(CLANG) $(FUZZFLAGS) -o $@ tests/fuzz/fuzz_misalign.c $(MISALIGN_SRC)

# ---- the core and the sampler engine, freestanding, for both XLENs
core-cross:
	@mkdir -p $(B)/cross
	@set -e; for x in "rv64imac_zicsr lp64" "rv32imac_zicsr ilp32"; do \
	  set -- $$x; \
	  for f in $(CORE_SRC) $(SAMPLER_SRC); do \
	    $(CROSS)gcc -std=c11 $(WARN) -Os -ffreestanding -nostdlib -mcmodel=medany \
	      -march=$$1 -mabi=$$2 -Iinclude -I. -c $$f -o $(B)/cross/$$1-$$(basename $$f .c).o; \
	  done; \
	  $(CROSS)gcc -march=$$1 -mabi=$$2 -nostdlib -r -o $(B)/cross/core-$$1.o $(B)/cross/$$1-*.o; \
	  $(CROSS)size -G $(B)/cross/$$1-config.o $(B)/cross/$$1-layout.o $(B)/cross/$$1-start.o $(B)/cross/$$1-engine.o $(B)/cross/$$1-fills.o $(B)/cross/$$1-pause.o $(B)/cross/$$1-status.o \
	    | awk 'NR>1 {t+=$$1+$$2} END {print "  of which the sampler: " t " bytes text+data"}'; \
	  undef=$$($(CROSS)nm -u $(B)/cross/core-$$1.o | awk '{print $$2}' | grep -vE '^(memset|memcpy|__[a-z]+[sd]i[0-9])$$' || true); \
	  if [ -n "$$undef" ]; then echo "core for $$1 needs: $$undef"; exit 1; fi; \
	  echo "core for $$1: $$($(CROSS)size -G $(B)/cross/core-$$1.o | tail -1 | awk '{print $$1+$$2" bytes text+data"}'), needs only: $$($(CROSS)nm -u $(B)/cross/core-$$1.o | awk '{print $$2}' | tr '\n' ' ')"; \
	done


# ---- the M-mode firmware (rv64 and rv32), with libfdt taken at build time
# from Debian's linux-source-6.1 (never committed)
LINUX_SRC_TAR ?= /usr/src/linux-source-6.1.tar.xz
LIBFDT_DIR := $(B)/libfdt
LIBFDT_SRC := fdt.c fdt_ro.c fdt_rw.c fdt_wip.c fdt_strerror.c fdt_addresses.c
FW_SRC   := $(filter-out firmware/lie.c,$(wildcard firmware/*.c)) firmware/entry.S firmware/pmu_csr.S firmware/grp_csr.S firmware/fpr.S firmware/probe.S
FW_LIBS  := $(CORE_SRC) $(SAMPLER_SRC) $(DT_SRC)
FW_HDR   := $(wildcard firmware/*.h) $(CORE_HDR) $(SAMPLER_HDR) dt/pmu_dt.h dt/cpu_map.h lib/fmt.h lib/bits.h
ARCH_rv64 := -march=rv64imac -misa-spec=2.2 -mabi=lp64
ARCH_rv32 := -march=rv32imac -misa-spec=2.2 -mabi=ilp32
# t3-t6 fixed: the trap vector's ecall path need not save them
# (scripts/check-fixed-regs checks the linked firmware, libraries too)
FW_FIXED := -ffixed-t3 -ffixed-t4 -ffixed-t5 -ffixed-t6
# RVPMU_HW_PLATFORM: the core's fast path is firmware/rvpmu_hw_platform.h
# (core/hw.h); -Ifirmware is where the core finds it
FW_CFLAGS := -std=c11 $(WARN) -O2 -g -DRVPMU_HW_PLATFORM $(FW_MAX_FW) -Ifirmware $(FW_FIXED) \
             -ffreestanding -fno-stack-protector -fno-pic \
             -mcmodel=medany -mno-relax -ffunction-sections -fdata-sections \
             --specs=picolibc.specs -Iinclude -I. -I$(LIBFDT_DIR)
LIBFDT_CFLAGS := -O2 -g $(FW_FIXED) -ffreestanding -fno-stack-protector -fno-pic -mcmodel=medany \
             -mno-relax -ffunction-sections -fdata-sections --specs=picolibc.specs -I$(LIBFDT_DIR)

$(LIBFDT_DIR)/libfdt.h:
	@mkdir -p $(B)/libfdt-x
	tar -xJf $(LINUX_SRC_TAR) -C $(B)/libfdt-x --wildcards '*/scripts/dtc/libfdt/*'
	rm -rf $(LIBFDT_DIR) && mv $(B)/libfdt-x/*/scripts/dtc/libfdt $(LIBFDT_DIR)
	rm -rf $(B)/libfdt-x

define FW_template
$(B)/fw-$(1)/libfdt.a: $(LIBFDT_DIR)/libfdt.h Makefile
	@mkdir -p $(B)/fw-$(1)/libfdt
	cd $(B)/fw-$(1)/libfdt && for f in $(LIBFDT_SRC); do \
	  $(CROSS)gcc $(ARCH_$(1)) $(LIBFDT_CFLAGS) -I$(CURDIR)/$(LIBFDT_DIR) -c $(CURDIR)/$(LIBFDT_DIR)/$$$$f || exit 1; done
	$(CROSS)ar rcs $$@ $(B)/fw-$(1)/libfdt/*.o

$(B)/rvpmu-fw-$(1).elf: $(FW_SRC) $(FW_LIBS) $(FW_HDR) firmware/fw.lds $(B)/fw-$(1)/libfdt.a
	$(CROSS)gcc $(ARCH_$(1)) $(FW_CFLAGS) -nostartfiles -T firmware/fw.lds \
	  -Wl,--gc-sections -Wl,--no-warn-rwx-segments -o $$@ $(FW_SRC) $(FW_LIBS) $(B)/fw-$(1)/libfdt.a -lc -lgcc
	@scripts/check-fixed-regs $$@ || { rm -f $$@; exit 1; }
	@$(CROSS)size $$@ | tail -1 | awk '{print "$$@: " $$$$1 " text, " $$$$2 " data, " $$$$3 " bss+stacks"}'
# the same firmware with each function's frame (-fstack-usage) and its
# relocations kept (-q), for scripts/stack-bound: the M-mode stack's bound
$(B)/stack-bound-$(1)/fw.elf: $(FW_SRC) $(FW_LIBS) $(FW_HDR) firmware/fw.lds $(B)/fw-$(1)/libfdt.a
	@rm -rf $(B)/stack-bound-$(1) && mkdir -p $(B)/stack-bound-$(1)
	$(CROSS)gcc $(ARCH_$(1)) $(FW_CFLAGS) -fstack-usage -nostartfiles -T firmware/fw.lds \
	  -Wl,--gc-sections -Wl,--no-warn-rwx-segments -Wl,-q -o $$@ $(FW_SRC) $(FW_LIBS) \
	  $(B)/fw-$(1)/libfdt.a -lc -lgcc
endef
$(eval $(call FW_template,rv64))
# A firmware that lies to the sampler's client, for tests only
# (firmware/lie.h: a STOP that returns while the run goes on, a RESET, a
# failed STATUS, a late fill; the log of what the run wrote, by
# semihosting). Never the default image: make check's lying rows boot it.
$(B)/rvpmu-fw-lie-rv64.elf: $(FW_SRC) firmware/lie.c $(FW_LIBS) $(FW_HDR) firmware/fw.lds $(B)/fw-rv64/libfdt.a
	$(CROSS)gcc $(ARCH_rv64) $(FW_CFLAGS) -DRVPMU_LIE -nostartfiles -T firmware/fw.lds \
	  -Wl,--gc-sections -Wl,--no-warn-rwx-segments -o $@ $(FW_SRC) firmware/lie.c $(FW_LIBS) \
	  $(B)/fw-rv64/libfdt.a -lc -lgcc
$(eval $(call FW_template,rv32))

# the misaligned emulation's binding in the firmware on a QEMU hart in
# M-mode, with synthetic traps (QEMU 7.2 raises no misaligned exception
# for plain loads and stores)
MISALIGN_M_SRC := tests/misalign/mmode.c tools/sampler-cost/start.S firmware/trap_misalign.c \
                  firmware/misalign.c firmware/fpr.S firmware/probe.S firmware/console.c lib/fmt.c
define MISALIGN_M_template
$(B)/misalign-m-$(1).elf: $(MISALIGN_M_SRC) $(FW_HDR) firmware/misalign.h firmware/fw.lds
	$(CROSS)gcc $(ARCH_$(1)) $(FW_CFLAGS) -nostartfiles -T firmware/fw.lds -Wl,--no-warn-rwx-segments \
	  -o $$@ $(MISALIGN_M_SRC) -lc -lgcc
endef
$(eval $(call MISALIGN_M_template,rv64))
$(eval $(call MISALIGN_M_template,rv32))
MISALIGN_M_RUN = timeout 60 qemu-system-riscv$(1) -M virt -m 256M -nographic -monitor none \
	-serial stdio -bios $(B)/misalign-m-rv$(1).elf

.PHONY: firmware firmware-all
firmware: deps $(B)/rvpmu-fw-rv64.elf $(B)/rvpmu-fw-rv32.elf
firmware-all: $(B)/rvpmu-fw-rv64.elf $(B)/rvpmu-fw-rv32.elf \
	$(foreach p,$(PAYLOADS),$(B)/$(p)-rv64.elf $(B)/$(p)-rv32.elf)


# ---- S-mode payloads (smoke test, demo, bench), on the client runtime
PAYLOAD_BASE_rv64 := 0x80200000
PAYLOAD_BASE_rv32 := 0x80400000
# (512 rv64 harts' firmware memory, 2,032 KiB, fits below 0x80200000: the
# scale payload that boots them is linked there too; docs/firmware.md)
RT_SRC := client/start.S client/vs.S client/u.S client/rt.c client/perf.c client/sampler.c \
          client/semihost.c client/fdt.c lib/fmt.c $(NAMES_SRC)
PL_CFLAGS := -std=c11 $(WARN) -O2 -g -ffreestanding -fno-stack-protector -fno-pic \
             -mcmodel=medany -mno-relax --specs=picolibc.specs -Iinclude -I.
# a payload's sources besides payloads/NAME.c: PL_EXTRA_NAME (above)
define PAYLOAD_template
$(B)/$(1)-$(2).elf: payloads/$(1).c $(PL_EXTRA_$(1)) $(RT_SRC) client/*.h payloads/*.h \
		    include/rvpmu/sbi.h client/smode.lds
	$(CROSS)gcc $(ARCH_$(2)) $(PL_CFLAGS) -nostartfiles -T client/smode.lds \
	  -Wl,--defsym=PAYLOAD_BASE=$(or $(PAYLOAD_BASE_$(1)_$(2)),$(PAYLOAD_BASE_$(2))) \
	  -Wl,--no-warn-rwx-segments -o $$@ payloads/$(1).c $(PL_EXTRA_$(1)) $(RT_SRC) -lc -lgcc
endef
$(foreach p,$(PAYLOADS),$(foreach a,rv64 rv32,$(eval $(call PAYLOAD_template,$(p),$(a)))))


# ---- Linux from Debian's linux-source-<version>, with perfcheck as /init:
# 6.1 (Debian 12's, on QEMU 7.2: the compatibility row) and 6.12 (from
# bookworm-backports, on QEMU 10: "Today's stack" below). One set of
# recipes, LINUX_template, over the version; each version's tree has the
# same layout under its own directory DIR:
#   DIR/linux/linux-source-V   the unpacked source
#   DIR/linux/out              the kernel (configured from linux/rvpmu.config,
#                              rebuilt only when that fragment changes)
#   DIR/perf/perf              the real perf tool, static, from the same source
#   DIR/linux-module/          rvpmu_sampler.ko built against that kernel
#   DIR/initramfs.cpio         /init in a separate initramfs
# 6.1's DIR is $(B) itself, so its names (LINUX_SRC, LINUX_OUT, KERNEL,
# INITRD, PERF, ...) are what they always were; 6.12's carry a 612 suffix
# (KERNEL612, INITRD612, ...) and live in $(B)/linux612.
#
# The perf tool: static, with rvpmu's patches (riscv auxtrace and the
# rvpmu-sampler AUX type): linux/perf-patches/ for 6.1, whose decoder
# scripts/perf-decoder copies from tools/report/, and
# linux/perf-patches-6.12/ for 6.12, perf code of its own (decoder, AUX
# queues, a summary for perf report --stdio, documentation and a shell
# test), which the linux612-rvpmu row checks against rvpmu-report -D in
# the guest. A kernel config change does not rebuild it; a change of the
# patches does (perf's own make rebuilds what they touch).
#
# The kernel: Debian's source with rvpmu's fixes to it, none for 6.1 and
# linux/kernel-patches-6.12/ for 6.12 (two riscv_pmu_sbi bugs in its
# snapshot path, which no firmware but rvpmu reached: the area is never
# registered again after CPU hotplug, and overflowed counters are
# restarted at base index 4096; docs/stacks.md). The perf series goes on
# top of the kernel's (6.12's adds perf's files to the MAINTAINERS entry
# of the kernel series' driver), so the kernel series is put on again
# only with the perf series off, and the perf series after it.
#
# rvpmu_sampler.ko (linux/module, issue 13), out of tree against the
# kernel: its sources are copied to DIR/linux-module (kbuild writes beside
# them). modules_prepare makes the out dir able to link modules; with
# MODVERSIONS off, modpost's missing-Module.symvers warning is harmless
# (6.1 warns about every kernel symbol it cannot see; from 6.6 those are
# errors unless KBUILD_MODPOST_WARN says warn, as 6.1 does anyway).
#
# The initramfs: linux/initramfs.list's paths are relative to DIR; /init
# and rvpmu-report (plain static programs, whatever the kernel) are built
# once, in $(B)/linux-rootfs, which DIR/linux-rootfs is for 6.12.
#
# linux/initramfs-VERSION.list, where there is one, adds to it: 6.12's puts
# perf's shell test of the sampler (the perf series' 0006) and busybox as
# /bin/sh, which perf test runs it with, in the guest.
#
# LINUX_template SUFFIX,DIR,VERSION,TARBALL,TARBALL_DEP,PERF_PATCH_DIR,KERNEL_PATCH_DIR,INITRD_DEPS
# (TARBALL_DEP: the tarball when a rule of this Makefile fetches it;
# INITRD_DEPS: what VERSION's own list needs built)
FW ?= rvpmu
PERF_OPTS := ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- LDFLAGS=-static NO_LIBELF=1 \
	NO_LIBTRACEEVENT=1 NO_LIBPERL=1 NO_LIBPYTHON=1 NO_SLANG=1 NO_GTK2=1 NO_LIBUNWIND=1 \
	NO_LIBDW_DWARF_UNWIND=1 NO_LIBBPF=1 NO_LIBNUMA=1 NO_LIBAUDIT=1 NO_LIBCRYPTO=1 \
	NO_LIBZSTD=1 NO_LIBCAP=1 NO_DEMANGLE=1 NO_JVMTI=1 NO_LIBBABELTRACE=1 NO_SDT=1 \
	NO_LZMA=1 NO_ZLIB=1 NO_BPF_SKEL=1 WERROR=0
KMOD_SRC := $(wildcard linux/module/*.c linux/module/*.h linux/module/shim/*.h) linux/module/Kbuild
LINUX_INIT_SRC := linux/perfcheck.c linux/perftool.c linux/samplercheck.c linux/samplerstress.c \
	linux/samplerdies.c linux/samplerpmu.c linux/samplerrestart.c linux/samplerkexec.c \
	linux/perfload.c linux/perfrun.c linux/perfcost.c linux/samplerrun.c \
	lib/fmt.c

define LINUX_template
LINUX_SRC$(1)    := $(2)/linux/linux-source-$(3)
LINUX_OUT$(1)    := $(CURDIR)/$(2)/linux/out
KERNEL$(1)       := $$(LINUX_OUT$(1))/arch/riscv/boot/Image
INITRD$(1)       := $(2)/initramfs.cpio
KMAKE$(1)        := $$(MAKE) -C $$(LINUX_SRC$(1)) ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- \
	O=$$(LINUX_OUT$(1))
PERF$(1)         := $(2)/perf/perf
PERF_PATCHES$(1) := $$(sort $$(wildcard $(6)/*.patch))
KERNEL_PATCHES$(1) := $$(sort $$(wildcard $(7)/*.patch))
KMOD$(1)         := $(2)/linux-module/rvpmu_sampler.ko
INITRD_LISTS$(1) := linux/initramfs.list $$(wildcard linux/initramfs-$(3).list)

$$(LINUX_SRC$(1))/Makefile: | $(5)
	@mkdir -p $(2)/linux
	tar -xJf $(4) -C $(2)/linux
	@touch $$@

$$(LINUX_OUT$(1))/.config: linux/rvpmu.config $(2)/linux/kernel-patched
	@mkdir -p $$(LINUX_OUT$(1))
	$$(KMAKE$(1)) -s tinyconfig
	cd $$(LINUX_SRC$(1)) && scripts/kconfig/merge_config.sh -m -O $$(LINUX_OUT$(1)) \
	  $$(LINUX_OUT$(1))/.config $(CURDIR)/linux/rvpmu.config >/dev/null
	$$(KMAKE$(1)) -s olddefconfig

$(2)/linux/kernel-patched: $$(KERNEL_PATCHES$(1)) scripts/series-apply | $$(LINUX_SRC$(1))/Makefile
	scripts/series-apply $$(LINUX_SRC$(1)) $(2)/linux/perf-applied
	@rm -f $(2)/linux/perf-patched
	scripts/series-apply $$(LINUX_SRC$(1)) $(2)/linux/kernel-applied $$(KERNEL_PATCHES$(1))
	@touch $$@

$$(KERNEL$(1)): $$(LINUX_OUT$(1))/.config $(2)/linux/kernel-patched
	$$(KMAKE$(1)) -s -j$$$$(nproc) Image
	@touch $$@

$(2)/linux/perf-patched: $$(PERF_PATCHES$(1)) scripts/series-apply $(2)/linux/kernel-patched
	scripts/series-apply $$(LINUX_SRC$(1)) $(2)/linux/perf-applied $$(PERF_PATCHES$(1))
	@touch $$@

$$(PERF$(1)): $(2)/linux/perf-patched | $$(LINUX_SRC$(1))/Makefile
	@mkdir -p $(2)/perf
	$$(MAKE) -C $$(LINUX_SRC$(1))/tools/perf -f Makefile.perf O=$(CURDIR)/$(2)/perf $$(PERF_OPTS) \
	  -j2 $(CURDIR)/$$(PERF$(1))

$$(INITRD$(1)): $$(INITRD_LISTS$(1)) $(2)/linux-rootfs/init $$(PERF$(1)) $$(KERNEL$(1)) $$(KMOD$(1)) \
           $(2)/linux-rootfs/rvpmu-report $(2)/linux-rootfs/sampler_kexec.elf $(8) \
           $(2)/linux-fragtest/rvpmu_frag.ko
	cd $(2) && cat $$(addprefix $(CURDIR)/,$$(INITRD_LISTS$(1))) | $$(LINUX_OUT$(1))/usr/gen_init_cpio - \
	  > initramfs.cpio
endef

# rvpmu_sampler.ko out of tree (6.1): linux/module's sources copied to
# DIR/linux-module and built there against the kernel, with the shim
# (linux/module/shim) for what differs between kernels
define KMOD_OUT_template
$$(KMOD$(1)): $$(KMOD_SRC) include/rvpmu/sampler.h $$(KERNEL$(1))
	@mkdir -p $(2)/linux-module/include/rvpmu $(2)/linux-module/shim
	cp linux/module/*.c linux/module/*.h linux/module/Kbuild $(2)/linux-module/
	cp linux/module/shim/*.h $(2)/linux-module/shim/
	cp include/rvpmu/sampler.h $(2)/linux-module/include/rvpmu/
	@[ -f $$(LINUX_OUT$(1))/scripts/module.lds ] || $$(KMAKE$(1)) -s modules_prepare
	@rm -f $$@
	$$(KMAKE$(1)) -s M=$(CURDIR)/$(2)/linux-module W=1 KBUILD_MODPOST_WARN=1 modules > $(2)/linux-module/build.log 2>&1; st=$$$$?; \
	  grep -vE 'Module.symvers|undefined!|may not have dep|unresolved symbol|MODPOST_WARN|own risk' $(2)/linux-module/build.log >&2; \
	  exit $$$$st
endef

# rvpmu_frag.ko (linux/fragtest), the sampler stress's fragmenter, a test
# module out of tree against each kernel (never in a driver patch). After
# the driver's module: two kernel makes at once in one output tree race
# on its generated headers (make -j2 check did)
define FRAG_template
$(2)/linux-fragtest/rvpmu_frag.ko: linux/fragtest/rvpmu_frag.c linux/fragtest/Kbuild $$(KERNEL$(1)) $$(KMOD$(1))
	@mkdir -p $(2)/linux-fragtest
	cp linux/fragtest/rvpmu_frag.c linux/fragtest/Kbuild $(2)/linux-fragtest/
	@[ -f $$(LINUX_OUT$(1))/scripts/module.lds ] || $$(KMAKE$(1)) -s modules_prepare
	$$(KMAKE$(1)) -s M=$(CURDIR)/$(2)/linux-fragtest W=1 KBUILD_MODPOST_WARN=1 modules > $(2)/linux-fragtest/build.log 2>&1; st=$$$$?; \
	  grep -vE 'Module.symvers|undefined!|may not have dep|unresolved symbol|MODPOST_WARN|own risk' $(2)/linux-fragtest/build.log >&2; \
	  exit $$$$st
endef

# rvpmu_sampler.ko in tree (6.12): drivers/perf/rvpmu_sampler, added by
# the kernel series' driver patch (scripts/driver-patch writes it from
# linux/module), CONFIG_RVPMU_SAMPLER_PMU=m in linux/rvpmu.config; the
# kernel's modules target builds it, W=1, and a warning fails the build
define KMOD_TREE_template
$$(KMOD$(1)): $$(KERNEL$(1))
	@mkdir -p $(2)/linux-module
	@rm -f $$@
	$$(KMAKE$(1)) -s W=1 drivers/perf/rvpmu_sampler/rvpmu_sampler.ko > $(2)/linux-module/build.log 2>&1 || { cat $(2)/linux-module/build.log >&2; exit 1; }
	@# the compiler's warnings, not make's own (a jobserver note under make -j)
	@if grep -vE '^make(\[[0-9]+\])?: ' $(2)/linux-module/build.log | grep -E 'warning:|error:' >&2; \
	  then exit 1; fi
	cp $$(LINUX_OUT$(1))/drivers/perf/rvpmu_sampler/rvpmu_sampler.ko $$@
endef

$(eval $(call LINUX_template,,$(B),6.1,$(LINUX_SRC_TAR),,linux/perf-patches,linux/kernel-patches-6.1))

# Linux 6.1's initramfs without perf, for make check's 6.1 stress row
# (issue 39: the concurrent stress on both kernels): the stress opens its
# events itself, and perf's static build is the costly part of a kernel's
# set (make linux-matrix boots the whole initramfs)
STRESS_INITRD := $(B)/linux/stress-initramfs.cpio
$(STRESS_INITRD): linux/initramfs.list $(B)/linux-rootfs/init $(KERNEL) $(KMOD) \
           $(B)/linux-rootfs/rvpmu-report $(B)/linux-rootfs/sampler_kexec.elf \
           $(B)/linux-fragtest/rvpmu_frag.ko
	cd $(B) && grep -v '^file /bin/perf ' $(CURDIR)/linux/initramfs.list | \
	  $(LINUX_OUT)/usr/gen_init_cpio - > $(CURDIR)/$@
$(eval $(call KMOD_OUT_template,,$(B)))
$(eval $(call FRAG_template,,$(B)))
PERF_DECODER_PATCH := linux/perf-patches/0001-perf-rvpmu-sampler-Add-the-sampler-s-decoder.patch

$(B)/linux-rootfs/init: $(LINUX_INIT_SRC) linux/perfcheck.h linux/samplerrun.h lib/fmt.h include/rvpmu/sampler.h include/rvpmu/sbi.h
	@mkdir -p $(B)/linux-rootfs
	riscv64-linux-gnu-gcc -static -O2 $(WARN) -I. -o $@ $(LINUX_INIT_SRC) -lpthread

# what the samplerkexec boot kexecs into (linux/samplerkexec.c)
$(B)/linux-rootfs/sampler_kexec.elf: $(B)/sampler_kexec-rv64.elf
	@mkdir -p $(B)/linux-rootfs
	cp $< $@

# the guest's /bin/sh for perf 6.12's shell test (perf test runs a shell
# test with system()): Debian's static busybox for riscv64, from trixie
$(B)/guest-busybox/usr/bin/busybox: scripts/stack-fetch
	STACK_ARCH=riscv64 scripts/stack-fetch $(B)/guest-busybox trixie busybox-static
	@touch $@
$(B)/linux-rootfs/busybox: $(B)/guest-busybox/usr/bin/busybox
	@mkdir -p $(B)/linux-rootfs
	cp $< $@

# rvpmu-report in the guest too: the checks compare its -D with perf's
$(B)/linux-rootfs/rvpmu-report: tools/rvpmu-report.c $(REPORT_SRC) $(REPORT_HDR)
	@mkdir -p $(B)/linux-rootfs
	riscv64-linux-gnu-gcc -static -O2 -std=c11 $(WARN) -Iinclude -I. -o $@ tools/rvpmu-report.c \
	  $(REPORT_SRC) -lm

.PHONY: linux linux-check linux-stress linux-multidie linux-bench perf-compare uboot-check
uboot-check: deps stack $(B)/rvpmu-fw-rv64.elf $(KERNEL) $(INITRD)
	@UBOOT_LOGS=$(B)/uboot scripts/uboot-check $(B)/rvpmu-fw-rv64.elf $(UBOOT2023) $(KERNEL) $(INITRD)
	@UBOOT_LOGS=$(B)/uboot-2025 scripts/uboot-check $(B)/rvpmu-fw-rv64.elf $(UBOOT2025) $(KERNEL) $(INITRD)
linux: deps $(KERNEL) $(INITRD)
linux-check: linux $(B)/rvpmu-fw-rv64.elf $(B)/rvpmu-report
	@scripts/linux-check $(FW) $(KERNEL) $(INITRD) $(B)/rvpmu-fw-rv64.elf
# issue 21, one boot each: the sampler's AUX lifetime under stress with
# the kernel's page poisoning on (linux/samplerstress.c), and perf record
# on every die of a DT with 4 sockets of 8 harts (linux/samplerdies.c).
# oops=panic: an Oops in a kernel thread (the CPU hotplug callback, say)
# leaves that CPU's hotplug stuck and the stress waiting on it until
# QEMU's timeout; as a panic it ends the boot at once (linux-check's
# panic=-1 and -no-reboot), the Oops on the console
LINUX_STRESS_ARGS := samplerstress page_poison=1 debug_pagealloc=on slub_debug=FZP oops=panic
# and the same 4 dies of 2 harts (the linux612-multidie row; QEMU 10's
# below): one rule, the harts from the name
LINUX_DIES_DTB := $(B)/fw-dt/linux-32harts-4sockets.dtb
LINUX_DIES8_DTB := $(B)/fw-dt/linux-8harts-4sockets.dtb
$(B)/fw-dt/linux-%harts-4sockets.dtb: scripts/cluster-dtb
	@mkdir -p $(B)/fw-dt
	scripts/cluster-dtb $@ 64 $* 4 4 ,sscofpmf=true,sstc=false 2>/dev/null
linux-stress: linux $(B)/rvpmu-fw-rv64.elf
	@scripts/linux-check rvpmu $(KERNEL) $(INITRD) $(B)/rvpmu-fw-rv64.elf $(LINUX_STRESS_ARGS)
linux-multidie: linux $(B)/rvpmu-fw-rv64.elf $(B)/rvpmu-report $(LINUX_DIES_DTB)
	@LINUX_SMP=32 LINUX_QEMU_ARGS="-dtb $(LINUX_DIES_DTB)" scripts/linux-check rvpmu \
	  $(KERNEL) $(INITRD) $(B)/rvpmu-fw-rv64.elf multidie
perf-compare: linux $(B)/rvpmu-fw-rv64.elf
	@scripts/perf-compare $(KERNEL) $(INITRD) $(B)/rvpmu-fw-rv64.elf
linux-bench: linux peers $(B)/rvpmu-fw-rv64.elf
	@scripts/linux-bench $(B)/rvpmu-fw-rv64.elf $(KERNEL) $(INITRD) $(call peer_args,64)


# ---- the conformance suite (payloads/suite), rv64 and rv32
SUITE_SRC := $(wildcard payloads/suite/*.c)
define SUITE_template
$(B)/suite-$(1).elf: $(SUITE_SRC) payloads/suite/suite.h $(RT_SRC) client/*.h include/rvpmu/sbi.h client/smode.lds
	$(CROSS)gcc $(ARCH_$(1)) $(PL_CFLAGS) -Ipayloads/suite -nostartfiles -T client/smode.lds \
	  -Wl,--defsym=PAYLOAD_BASE=$(PAYLOAD_BASE_$(1)) -Wl,--no-warn-rwx-segments \
	  -o $$@ $(SUITE_SRC) $(RT_SRC) -lc -lgcc
endef
$(eval $(call SUITE_template,rv64))
$(eval $(call SUITE_template,rv32))


# ---- the peers: OpenSBI releases beside rvpmu in make bench and the
# conformance table. This is the one list. A peer is a name and a
# fw_dynamic.bin per XLEN Debian ships it for: 1.1 is Debian 12's own
# package (scripts/deps.sh; rv64 only), the others come from newer suites
# through scripts/stack-fetch into $(B)/stack/opensbi-<ver>/ (nothing on the
# system changes). 1.5 and later link fw_dynamic.elf at 0: QEMU takes the .bin.
PEERS           := opensbi-1.1 opensbi-1.5.1 opensbi-1.6 opensbi-1.9
PEER_SUITE_opensbi-1.5.1 := bookworm-backports
PEER_SUITE_opensbi-1.6   := trixie
PEER_SUITE_opensbi-1.9   := sid
PEER_XLENS_opensbi-1.1   := 64
PEER_XLENS_opensbi-1.5.1 := 64 32
PEER_XLENS_opensbi-1.6   := 64 32
PEER_XLENS_opensbi-1.9   := 64 32
PEERS_FETCHED   := $(filter-out opensbi-1.1,$(PEERS))
peer_root = $(if $(filter opensbi-1.1,$(1)),,$(B)/stack/$(1))
# peer_bin NAME XLEN: its fw_dynamic.bin
peer_bin  = $(call peer_root,$(1))/usr/lib/riscv$(2)-linux-gnu/opensbi/generic/fw_dynamic.bin
# "NAME=BIN" for every peer with an XLEN build, as the bench and table scripts take them
peer_args = $(foreach p,$(PEERS),$(if $(filter $(1),$(PEER_XLENS_$(p))),$(p)=$(call peer_bin,$(p),$(1))))
.PHONY: peers
peers: $(foreach p,$(PEERS_FETCHED),$(B)/stack/$(p)/.done)
$(B)/stack/opensbi-%/.done: scripts/stack-fetch
	scripts/stack-fetch $(B)/stack/opensbi-$* $(PEER_SUITE_opensbi-$*) opensbi
	@for x in $(PEER_XLENS_opensbi-$*); do \
	  test -f $(B)/stack/opensbi-$*/usr/lib/riscv$$x-linux-gnu/opensbi/generic/fw_dynamic.bin || \
	  { echo "opensbi-$*: no rv$$x fw_dynamic.bin in the package"; exit 1; }; done

# ---- conformance: make conformance FW=rvpmu|opensbi|<peer> [XLEN=32]; the table
# FW=opensbi is QEMU's bundled OpenSBI 1.1 (what make check records); a peer
# name (above) runs that peer's fw_dynamic.bin. A peer that halts the
# machine is stopped there by scripts/peer-run, which says so.
XLEN ?= 64
CONF_BIOS = $(if $(filter opensbi,$(FW)),default,$(if $(filter $(PEERS),$(FW)),$(call peer_bin,$(FW),$(XLEN)),$(B)/rvpmu-fw-rv$(XLEN).elf))
.PHONY: conformance conformance-table
conformance: deps $(if $(filter $(PEERS_FETCHED),$(FW)),peers) $(B)/rvpmu-fw-rv$(XLEN).elf $(B)/suite-rv$(XLEN).elf
	@mkdir -p $(B)/conformance
	@scripts/peer-run -t $(B)/conformance/run-$(or $(FW),rvpmu)-rv$(XLEN).log \
	  $(XLEN) $(CONF_BIOS) $(B)/suite-rv$(XLEN).elf 4 ,sscofpmf=true
# OpenSBI's results move with QEMU's timing: the table shows several runs of each peer.
CONF_OPENSBI_RUNS := 1 2 3 4 5
# every (peer, XLEN) as NAME:XLEN
CONF_PEER_RUNS  := $(foreach p,$(PEERS),$(foreach x,$(PEER_XLENS_$(p)),$(p):$(x)))
pr_name = $(word 1,$(subst :, ,$(1)))
pr_xlen = $(word 2,$(subst :, ,$(1)))
conformance-table: deps peers firmware-all $(B)/suite-rv64.elf $(B)/suite-rv32.elf
	@rm -rf $(B)/conformance/table && mkdir -p $(B)/conformance/table
	scripts/qemu-run 64 $(B)/rvpmu-fw-rv64.elf $(B)/suite-rv64.elf 4 ,sscofpmf=true > $(B)/conformance/table/rvpmu-rv64.log
	scripts/qemu-run 32 $(B)/rvpmu-fw-rv32.elf $(B)/suite-rv32.elf 4 ,sscofpmf=true > $(B)/conformance/table/rvpmu-rv32.log
	@# OpenSBI fails checks, so its runs end in a failure shutdown (or a halt
	@# peer-run ends); the table checks each run finished or says where it stopped
	@$(foreach pr,$(CONF_PEER_RUNS),$(foreach i,$(CONF_OPENSBI_RUNS),\
	  scripts/peer-run $(B)/conformance/table/$(call pr_name,$(pr))-rv$(call pr_xlen,$(pr))-$(i).log \
	    $(call pr_xlen,$(pr)) $(call peer_bin,$(call pr_name,$(pr)),$(call pr_xlen,$(pr))) \
	    $(B)/suite-rv$(call pr_xlen,$(pr)).elf 4 ,sscofpmf=true || true;))
	scripts/conformance-table docs/conformance-opensbi-notes.tsv $(B)/conformance/table/rvpmu-rv64.log \
	  $(B)/conformance/table/rvpmu-rv32.log \
	  $(foreach pr,$(CONF_PEER_RUNS),$(foreach i,$(CONF_OPENSBI_RUNS),$(B)/conformance/table/$(subst :,-rv,$(pr))-$(i).log)) \
	  > $(B)/conformance/table.md
	cp $(B)/conformance/table.md docs/conformance.md
	@echo "docs/conformance.md written"

# QEMU's DT with the cpu-map cut into clusters: virt-<N>harts-<C>clusters.dtb
$(B)/fw-dt/virt-%clusters.dtb: scripts/cluster-dtb
	@mkdir -p $(B)/fw-dt
	scripts/cluster-dtb $@ 64 $(firstword $(subst harts-, ,$*)) $(lastword $(subst harts-, ,$*)) 2>/dev/null

# QEMU's DT with a /reserved-memory no-map region in RAM (the sampler's
# shared-memory rule): virt-resv-rv<XLEN>.dtb, 4 harts
$(B)/fw-dt/virt-resv-rv%.dtb: scripts/resv-dtb
	@mkdir -p $(B)/fw-dt
	scripts/resv-dtb $@ $* 4

# ---- the two commands
run: deps $(B)/rvpmu-dt $(B)/rvpmu-fw-rv64.elf $(B)/demo-rv64.elf $(B)/dt/qemu-virt.dtb \
     $(B)/sampler_demo-rv64.elf $(B)/rvpmu-report
	@echo "== rvpmu-dt check on QEMU 7.2 virt's device tree =="
	@$(B)/rvpmu-dt check $(B)/dt/qemu-virt.dtb --hpm 16 || true
	@echo
	@echo "== the rvpmu firmware on QEMU virt (rv64, 2 harts) with the demo payload =="
	@scripts/qemu-run 64 $(B)/rvpmu-fw-rv64.elf $(B)/demo-rv64.elf 2 ,sscofpmf=true
	@echo
	@echo "== the sampler: 10 events rotated over 4 counters every 20 ms on 4 harts, by the firmware =="
	@scripts/qemu-run 64 $(B)/rvpmu-fw-rv64.elf $(B)/sampler_demo-rv64.elf 4 ,sscofpmf=true \
	  -semihosting-config enable=on,target=native | grep -v '^[0-9]* passed, [0-9]* failed'
	@$(B)/rvpmu-report $(B)/sampler-demo.bin
	@$(B)/rvpmu-report --plot $(B)/sampler-demo.svg --perfetto $(B)/sampler-demo.json \
	  --heatmap $(B)/sampler-heatmap.svg --csv $(B)/sampler-demo.bin > $(B)/sampler-demo.csv
	@echo
	@echo "sampler data: $(B)/sampler-demo.bin (decode: $(B)/rvpmu-report -D $(B)/sampler-demo.bin)"
	@echo "plot: $(B)/sampler-demo.svg   Perfetto trace: $(B)/sampler-demo.json   CSV: $(B)/sampler-demo.csv"
	@echo "heat map: $(B)/sampler-heatmap.svg"

# the README's picture of the heat map, from the last make run
.PHONY: heatmap-png
heatmap-png:
	rsvg-convert -o docs/sampler-heatmap.png $(B)/sampler-heatmap.svg

# -icount with sleep=off: an idle wait warps QEMU's virtual clock straight
# to the next deadline (with sleep=on it takes host time, host latency
# included), so delivery times are the firmware's alone, and repeatable
ICOUNT_EXACT := -icount shift=0,sleep=off

# ---- Today's stack beside Debian 12's (docs/stacks.md): what apt cannot
# install beside it comes from Debian's archive through a private apt
# configuration in $(B)/apt and is unpacked into $(B)/stack
# (scripts/stack-fetch); this is the one list of it.
QEMU10_BIN := $(B)/stack/qemu10/bin
UBOOT2023  := /usr/lib/u-boot/qemu-riscv64_smode/uboot.elf
UBOOT2025  := $(B)/stack/uboot-2025/usr/lib/u-boot/qemu-riscv64_smode/uboot.elf
$(QEMU10_BIN)/qemu-system-riscv64: scripts/stack-qemu scripts/stack-fetch
	scripts/stack-qemu $(B)/stack/qemu10
$(UBOOT2025): scripts/stack-fetch
	scripts/stack-fetch $(B)/stack/uboot-2025 trixie u-boot-qemu
	@touch $@
.PHONY: stack
stack: deps $(QEMU10_BIN)/qemu-system-riscv64 $(UBOOT2025)

# Linux 6.12 and perf 6.12 (issue 27) from bookworm-backports'
# linux-source-6.12, built by LINUX_template (above) into $(B)/linux612,
# booted on QEMU 10: the driver asks for snapshot shared memory (6.10) and
# knows platform firmware events (6.12). 6.1 on QEMU 7.2 stays the
# compatibility row.
LINUX612_TAR := $(B)/stack/linux-source-6.12/usr/src/linux-source-6.12.tar.xz
$(LINUX612_TAR): scripts/stack-fetch
	scripts/stack-fetch $(B)/stack/linux-source-6.12 bookworm-backports linux-source-6.12
	@touch $@
$(eval $(call LINUX_template,612,$(B)/linux612,6.12,$(LINUX612_TAR),$(LINUX612_TAR),linux/perf-patches-6.12,linux/kernel-patches-6.12,$(B)/linux612/linux-rootfs/busybox))
$(eval $(call KMOD_TREE_template,612,$(B)/linux612))
$(eval $(call FRAG_template,612,$(B)/linux612))
$(B)/linux612/linux-rootfs/%: $(B)/linux-rootfs/%
	@mkdir -p $(B)/linux612/linux-rootfs
	cp $< $@
# the multi-die DTs as QEMU 10 makes them (riscv,isa-extensions, which
# 6.12 reads; QEMU 7.2's has riscv,isa alone): 32 harts, the qemu10
# pass's LINUX_DIES_DTB (make linux-matrix's 6.1 row), and 8 harts in the
# same 4 dies for make check's linux612-multidie (32 vCPU threads on 2
# host cores busy with other work starved the guest into RCU stalls)
LINUX_DIES_DTB_Q10 := $(B)/fw-dt/linux-32harts-4sockets-qemu10.dtb
LINUX_DIES8_DTB_Q10 := $(B)/fw-dt/linux-8harts-4sockets-qemu10.dtb
$(B)/fw-dt/linux-%harts-4sockets-qemu10.dtb: scripts/cluster-dtb $(QEMU10_BIN)/qemu-system-riscv64
	@mkdir -p $(B)/fw-dt
	PATH=$(CURDIR)/$(QEMU10_BIN):$$PATH scripts/cluster-dtb $@ 64 $* 4 4 ,sscofpmf=true,sstc=false 2>/dev/null
.PHONY: linux612 linux612-check
linux612: deps $(KERNEL612) $(INITRD612)
linux612-check: linux612 $(B)/rvpmu-fw-rv64.elf $(B)/rvpmu-report $(QEMU10_BIN)/qemu-system-riscv64
	@PATH=$(CURDIR)/$(QEMU10_BIN):$$PATH scripts/linux-check $(FW) $(KERNEL612) $(INITRD612) \
	  $(B)/rvpmu-fw-rv64.elf

# A variant of the 6.12 kernel: make check's .config with a fragment on
# top (linux/NAME.config), built in $(B)/linux612/NAME with its in-tree
# sampler driver, and an initramfs with that module (and the stress's
# rvpmu_frag.ko built against it). Not in make check:
# each is a kernel build of its own (about 8 minutes on 2 cores).
define K612_VARIANT_template
$(1)612_OUT    := $(B)/linux612/$(2)
$(1)612_IMAGE  := $$($(1)612_OUT)/arch/riscv/boot/Image
$(1)612_INITRD := $(B)/linux612/$(2)-initramfs.cpio
$$($(1)612_OUT)/.config: $$(KERNEL612) linux/$(2).config
	@mkdir -p $$($(1)612_OUT)
	cat $$(LINUX_OUT612)/.config linux/$(2).config > $$@
	$$(MAKE) -C $$(LINUX_SRC612) ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- \
	  O=$$(CURDIR)/$$($(1)612_OUT) -s olddefconfig
$$($(1)612_IMAGE): $$($(1)612_OUT)/.config
	$$(MAKE) -C $$(LINUX_SRC612) ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- \
	  O=$$(CURDIR)/$$($(1)612_OUT) -s -j$$$$(nproc) Image modules
	@touch $$@
$$($(1)612_OUT)-fragtest/rvpmu_frag.ko: linux/fragtest/rvpmu_frag.c linux/fragtest/Kbuild $$($(1)612_IMAGE)
	@mkdir -p $$($(1)612_OUT)-fragtest
	cp linux/fragtest/rvpmu_frag.c linux/fragtest/Kbuild $$($(1)612_OUT)-fragtest/
	$$(MAKE) -C $$(LINUX_SRC612) ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- \
	  O=$$(CURDIR)/$$($(1)612_OUT) -s M=$$(CURDIR)/$$($(1)612_OUT)-fragtest W=1 modules \
	  > $$($(1)612_OUT)-fragtest/build.log 2>&1 || { cat $$($(1)612_OUT)-fragtest/build.log >&2; exit 1; }
$$($(1)612_INITRD): $$($(1)612_IMAGE) $$(INITRD612) linux/initramfs.list linux/initramfs-6.12.list \
		    $$($(1)612_OUT)-fragtest/rvpmu_frag.ko
	cd $(B)/linux612 && cat $(CURDIR)/linux/initramfs.list $(CURDIR)/linux/initramfs-6.12.list | \
	  sed -e 's|^file /rvpmu_sampler.ko linux-module/rvpmu_sampler.ko|file /rvpmu_sampler.ko $(2)/drivers/perf/rvpmu_sampler/rvpmu_sampler.ko|' \
	      -e 's|^file /rvpmu_frag.ko linux-fragtest/rvpmu_frag.ko|file /rvpmu_frag.ko $(2)-fragtest/rvpmu_frag.ko|' | \
	  $$(LINUX_OUT612)/usr/gen_init_cpio - > $(2)-initramfs.cpio
endef

# make linux612-stress: the sampler driver's race stress on 6.12 whole (50
# rounds of each kind, 60 concurrent ones); make check's linux612-stress
# row runs 20 and 24
.PHONY: linux612-stress
linux612-stress: linux612 $(B)/rvpmu-fw-rv64.elf $(QEMU10_BIN)/qemu-system-riscv64
	@PATH=$(CURDIR)/$(QEMU10_BIN):$$PATH scripts/linux-check rvpmu $(KERNEL612) $(INITRD612) \
	  $(B)/rvpmu-fw-rv64.elf $(LINUX_STRESS_ARGS)

# make linux612-kasan: the 6.12 kernel again with KASAN (linux/kasan.config)
# and the sampler's race stress on it under QEMU 10. The boot runs KASAN's
# KUnit tests first (the positive control), then the stress;
# scripts/kasan-check reads the console.
$(eval $(call K612_VARIANT_template,KASAN,kasan))
.PHONY: linux612-kasan
linux612-kasan: linux612 $(KASAN612_INITRD) $(B)/rvpmu-fw-rv64.elf $(QEMU10_BIN)/qemu-system-riscv64
	@PATH=$(CURDIR)/$(QEMU10_BIN):$$PATH scripts/kasan-check $(KASAN612_IMAGE) $(KASAN612_INITRD) \
	  $(B)/rvpmu-fw-rv64.elf $(LINUX_STRESS_ARGS)

# make linux612-rt: the 6.12 kernel with PREEMPT_RT, lockdep and debug
# objects (linux/rt.config), booted on QEMU 10 with tests/check.steps' "rt"
# rows: the sampler's stress on rvpmu's firmware and on the lying one
# (issue 39: the driver's poll timer and its cancels under RT).
$(eval $(call K612_VARIANT_template,RT,rt))
.PHONY: linux612-rt
linux612-rt: linux612 $(RT612_INITRD) $(B)/rvpmu-fw-rv64.elf $(B)/rvpmu-fw-lie-rv64.elf \
	     $(QEMU10_BIN)/qemu-system-riscv64
	@rm -rf $(B)/check-rt && mkdir -p $(B)/check-rt
	@$(CHECK_ENV) $(CHECK_QEMU10) KERNEL612RT=$(RT612_IMAGE) INITRD612RT=$(RT612_INITRD) \
	  scripts/check-run tests/check.steps $(B)/check-rt rt
	@scripts/summary $(B)/check-rt

# make check's steps are the rows of tests/check.steps (scripts/check-run);
# the variables their command lines use
CHECK_ENV = B=$(B) KERNEL=$(KERNEL) INITRD=$(INITRD) STRESS_INITRD=$(STRESS_INITRD) \
	FUZZ_SECONDS=$(CHECK_FUZZ_SECONDS) \
	ICOUNT_EXACT="$(ICOUNT_EXACT)" PERF_DECODER_PATCH=$(PERF_DECODER_PATCH) MAKE="$(MAKE)" \
	LINUX_STRESS_ARGS="$(LINUX_STRESS_ARGS)" LINUX_DIES_DTB=$(LINUX_DIES_DTB) \
	UBOOT2023=$(UBOOT2023) UBOOT2025=$(UBOOT2025) KERNEL612=$(KERNEL612) INITRD612=$(INITRD612) \
	LINUX_DIES8_DTB=$(LINUX_DIES8_DTB)
# the rows of set "qemu10" run a second time on QEMU 10, named NAME@qemu10
CHECK_QEMU10 = PATH=$(CURDIR)/$(QEMU10_BIN):$$PATH CHECK_SUFFIX=@qemu10 LINUX_DIES_DTB=$(LINUX_DIES_DTB_Q10) \
	LINUX_DIES8_DTB=$(LINUX_DIES8_DTB_Q10)

# What the rows of tests/check.steps boot, read from the table: each
# payload row's ELF (a sampler-check row's payload) and every DT a row
# names; a new row needs no list here.
CHECK_ELFS := $(shell awk -F'|' '!/^\#/ && NF >= 5 && $$4 !~ /host/ { \
	p = $$5; gsub(/^ +| +$$/, "", p); sub(/^sampler-check /, "", p); \
	if (match($$4, /xlen=[0-9]+/)) print "BDIR/" p "-rv" substr($$4, RSTART + 5, RLENGTH - 5) ".elf" }' \
	tests/check.steps | sort -u)
CHECK_DTBS := $(shell grep -v '^\#' tests/check.steps | grep -o '[$$]B/[^ ]*[.]dtb' | sort -u | sed 's/^[$$]B/BDIR/')
CHECK_NEEDS := $(patsubst BDIR/%,$(B)/%,$(CHECK_ELFS) $(CHECK_DTBS))
# What make check runs is built first, CHECK_JOBS at a time: on 2 cores
# the host programs and payloads (one compiler each) and the downloads of
# today's stack overlap the kernel's build instead of waiting for it. The
# packages come first (deps), alone, since every compiler is one of them.
CHECK_JOBS ?= 2
.PHONY: check-build
check-build: all $(DTBS) $(B)/fuzz-calls $(B)/fuzz-calls-diff $(B)/fuzz-dt $(B)/fuzz-sampler $(B)/fuzz-report $(B)/fuzz-misalign $(B)/misalign-m-rv64.elf $(B)/misalign-m-rv32.elf firmware-all $(CHECK_NEEDS) \
	scale-bins stack $(KERNEL612) $(INITRD612) $(LINUX_DIES_DTB_Q10) $(LINUX_DIES8_DTB_Q10) \
	$(B)/rvpmu-fw-lie-rv64.elf $(B)/stack-bound-rv64/fw.elf $(B)/stack-bound-rv32/fw.elf \
	$(KERNEL) $(STRESS_INITRD)
check: deps
	@$(MAKE) --no-print-directory -j$(CHECK_JOBS) check-build
	@rm -rf $(B)/check && mkdir -p $(B)/check $(B)/conformance
	@$(CHECK_ENV) scripts/check-run tests/check.steps $(B)/check check scale
	$(call OSBI_CHECK_RUN,opensbi-check)
	@$(CHECK_ENV) $(CHECK_QEMU10) scripts/check-run tests/check.steps $(B)/check qemu10
	$(if $(OSBI_HAVE),@$(CHECK_ENV) $(CHECK_QEMU10) scripts/check-run tests/check.steps $(B)/check opensbi-q10)
	@scripts/summary $(B)/check

# ---- The newest kernel Debian carries (make linux-newest): its name moves
# with Debian (7.3 from trixie-backports on 2026-11-28: LINUX_NEWEST and
# LINUX_NEWEST_SUITE say which), so it is not in make check. The kernel
# alone, from tinyconfig and linux/rvpmu.config (LINUX_template; no perf
# and no module: their patches are 6.1's and 6.12's), booted on QEMU 10
# with perfcheck as /init in its "v3" run: EVENT_GET_INFO and raw v2.
LINUX_NEWEST ?= 7.3
LINUX_NEWEST_SUITE ?= trixie-backports
NEWEST_TAR := $(B)/stack/linux-source-newest/usr/src/linux-source-$(LINUX_NEWEST).tar.xz
$(NEWEST_TAR): scripts/stack-fetch
	scripts/stack-fetch $(B)/stack/linux-source-newest $(LINUX_NEWEST_SUITE) linux-source-$(LINUX_NEWEST)
	@touch $@
$(eval $(call LINUX_template,NEWEST,$(B)/linux-newest,$(LINUX_NEWEST),$(NEWEST_TAR),$(NEWEST_TAR),,))
$(B)/linux-newest/init.cpio: $(KERNELNEWEST) $(B)/linux-rootfs/init
	printf '%s\n' 'dir /dev 0755 0 0' 'nod /dev/console 0600 0 0 c 5 1' 'dir /proc 0555 0 0' \
	  'dir /sys 0555 0 0' 'dir /tmp 01777 0 0' 'nod /dev/null 0666 0 0 c 1 3' \
	  'file /init $(CURDIR)/$(B)/linux-rootfs/init 0755 0 0' > $(B)/linux-newest/init.list
	$(LINUX_OUTNEWEST)/usr/gen_init_cpio $(B)/linux-newest/init.list > $@
.PHONY: linux-newest
linux-newest: deps stack $(KERNELNEWEST) $(B)/linux-newest/init.cpio $(B)/rvpmu-fw-rv64.elf
	@PATH=$(CURDIR)/$(QEMU10_BIN):$$PATH scripts/linux-check rvpmu $(KERNELNEWEST) \
	  $(B)/linux-newest/init.cpio $(B)/rvpmu-fw-rv64.elf v3

# Linux 6.1 and 6.12 on QEMU 7.2 and 10, the pairs make check leaves out
# (it boots 6.12 on QEMU 10 alone): tests/check.steps' "linux61" rows on
# QEMU 7.2 and 10, its "linux612" rows on QEMU 7.2
.PHONY: linux-matrix
linux-matrix: deps stack $(KERNEL) $(INITRD) $(KERNEL612) $(INITRD612) $(B)/rvpmu-fw-rv64.elf \
	      $(B)/rvpmu-fw-lie-rv64.elf \
	      $(B)/rvpmu-report $(LINUX_DIES_DTB) $(LINUX_DIES_DTB_Q10) $(LINUX_DIES8_DTB) \
	      $(LINUX_DIES8_DTB_Q10)
	@rm -rf $(B)/check-matrix && mkdir -p $(B)/check-matrix
	@$(CHECK_ENV) scripts/check-run tests/check.steps $(B)/check-matrix linux61 linux612
	@$(CHECK_ENV) $(CHECK_QEMU10) scripts/check-run tests/check.steps $(B)/check-matrix linux61
	@scripts/summary $(B)/check-matrix

# Linux 6.12 on QEMU 10's AIA machines (issue 40): tests/check.steps' "aia"
# rows (about a minute each; aia-hotplug-imsic also runs in make check)
.PHONY: check-aia
check-aia: deps stack $(KERNEL612) $(INITRD612) $(B)/rvpmu-fw-rv64.elf $(B)/rvpmu-report $(CHECK_NEEDS)
	@rm -rf $(B)/check-aia && mkdir -p $(B)/check-aia
	@$(CHECK_ENV) $(CHECK_QEMU10) scripts/check-run tests/check.steps $(B)/check-aia aia
	@scripts/summary $(B)/check-aia

# The many-hart steps (issue 10), measured on 2 shared cores: each smoke or
# suite run takes about a second; the 512-hart boot (every hart through HSM,
# an IPI answer from each) about 65 s, so it runs in make check too.
.PHONY: scale-bins check-scale
SCALE_BIN := $(B)/rvpmu-fw-rv64.elf $(B)/rvpmu-fw-rv32.elf $(B)/smoke-rv64.elf $(B)/smoke-rv32.elf \
             $(B)/scale-rv64.elf $(B)/scale-rv32.elf $(B)/suite-rv64.elf
$(B)/scale/sparse.dtb: scripts/sparse-dtb
	@mkdir -p $(B)/scale
	scripts/sparse-dtb $@ 2>/dev/null
scale-bins: $(SCALE_BIN) $(B)/scale/sparse.dtb $(B)/hostile-rv64.elf $(B)/fw-dt/virt-noclint-smp32.dtb \
	     $(B)/fw-dt/virt-noclint-nosstc-smp32.dtb
check-scale: deps scale-bins
	@rm -rf $(B)/check && mkdir -p $(B)/check
	@$(CHECK_ENV) scripts/check-run tests/check.steps $(B)/check scale scale-only
	@scripts/summary $(B)/check

# instructions of the sampler's tick on QEMU (tools/sampler-cost)
$(B)/sampler-cost.elf: tools/sampler-cost/cost.c tools/sampler-cost/start.S firmware/pmu_csr.S firmware/grp_csr.S \
		$(SAMPLER_SRC) $(CORE_SRC) $(SAMPLER_HDR) $(CORE_HDR) firmware/csr.h
	$(CROSS)gcc $(ARCH_rv64) $(FW_CFLAGS) -nostartfiles -T firmware/fw.lds -Wl,--no-warn-rwx-segments \
	  -o $@ tools/sampler-cost/start.S tools/sampler-cost/cost.c firmware/pmu_csr.S firmware/grp_csr.S \
	  $(SAMPLER_SRC) $(CORE_SRC) -lc -lgcc
.PHONY: sampler-cost
sampler-cost: $(B)/sampler-cost.elf
	@timeout 60 qemu-system-riscv64 -M virt -cpu rv64,sscofpmf=true -m 256M -nographic \
	  -monitor none -serial stdio -bios $< -icount shift=0 </dev/null | tr -d '\r'

# ---- make linux-cost (issue 41): M-mode instructions per context switch
# under perf stat and per sample under perf record, Linux 6.12 on QEMU 10
# (1 hart, -icount shift=0), on rvpmu, rvpmu without the snapshot (the
# same firmware built with FW_NO_SNAPSHOT: SNAPSHOT_SET_SHMEM answers
# NOT_SUPPORTED) and OpenSBI 1.1 and 1.9, the same kernel and initramfs
# (scripts/linux-cost, linux/perfcost.c); a benchmark, not a test. Its
# last step, row linux612-cost (set "cost"), is the short form against
# Debian's OpenSBI with TAP checks: about 2 minutes, which make check's
# 25 do not have.
COST_PEERS := opensbi-1.1 opensbi-1.9
$(B)/rvpmu-fw-rv64-nosnap.elf: $(FW_SRC) $(FW_LIBS) $(FW_HDR) firmware/fw.lds $(B)/fw-rv64/libfdt.a
	$(CROSS)gcc $(ARCH_rv64) $(FW_CFLAGS) -DFW_NO_SNAPSHOT -nostartfiles -T firmware/fw.lds \
	  -Wl,--gc-sections -Wl,--no-warn-rwx-segments -o $@ $(FW_SRC) $(FW_LIBS) $(B)/fw-rv64/libfdt.a -lc -lgcc
	@scripts/check-fixed-regs $@ || { rm -f $@; exit 1; }
.PHONY: linux-cost
linux-cost: deps peers linux612 $(B)/rvpmu-fw-rv64.elf $(B)/rvpmu-fw-rv64-nosnap.elf \
		$(QEMU10_BIN)/qemu-system-riscv64
	@PATH=$(CURDIR)/$(QEMU10_BIN):$$PATH scripts/linux-cost $(KERNEL612) $(INITRD612) \
	  $(B)/linux-rootfs/init rvpmu=$(B)/rvpmu-fw-rv64.elf rvpmu-nosnap=$(B)/rvpmu-fw-rv64-nosnap.elf \
	  $(foreach p,$(COST_PEERS),$(p)=$(call peer_bin,$(p),64))
	@rm -rf $(B)/check-cost && mkdir -p $(B)/check-cost
	@$(CHECK_ENV) $(CHECK_QEMU10) scripts/check-run tests/check.steps $(B)/check-cost cost

# every peer (PEERS above) beside rvpmu, rv64 and rv32 (a benchmark, not a test)
bench: deps peers $(B)/rvpmu-fw-rv64.elf $(B)/bench-rv64.elf $(B)/rvpmu-fw-rv32.elf $(B)/bench-rv32.elf \
		$(B)/scale-rv64.elf
	@scripts/bench-table $(B)/rvpmu-fw-rv64.elf $(B)/bench-rv64.elf $(B)/rvpmu-fw-rv32.elf $(B)/bench-rv32.elf \
	  $(foreach x,64 32,$(addprefix $(x):,$(call peer_args,$(x))))
	@echo
	@scripts/bench-scale $(B)/rvpmu-fw-rv64.elf $(B)/scale-rv64.elf

# the sampler's cost per switch beside S-mode rotation (a benchmark, not a test)
.PHONY: sampler-bench
sampler-bench: deps $(B)/rvpmu-fw-rv64.elf $(B)/sampler_bench-rv64.elf $(B)/rotbench-rv64.elf \
		$(B)/fw-dt/virt-32harts-4clusters.dtb $(B)/rvpmu-fw-rv32.elf $(B)/sampler_bench-rv32.elf \
		$(B)/rotbench-rv32.elf
	@scripts/sampler-bench $(B)/rvpmu-fw-rv64.elf $(B)/sampler_bench-rv64.elf $(B)/rotbench-rv64.elf \
	  $(B)/fw-dt/virt-32harts-4clusters.dtb $(B)/rvpmu-fw-rv32.elf $(B)/sampler_bench-rv32.elf \
	  $(B)/rotbench-rv32.elf

fuzz: deps $(B)/fuzz-calls $(B)/fuzz-calls-diff $(B)/fuzz-dt $(B)/fuzz-sampler $(B)/fuzz-report $(B)/fuzz-misalign $(B)/report-gen $(DTBS)
	scripts/fuzz-run $(B)/fuzz-calls $(FUZZ_SECONDS)
	scripts/fuzz-run $(B)/fuzz-calls-diff $(FUZZ_SECONDS)
	scripts/fuzz-run $(B)/fuzz-sampler $(FUZZ_SECONDS)
	scripts/fuzz-run $(B)/fuzz-dt $(FUZZ_SECONDS) tests/dt $(B)/dt
	@mkdir -p $(B)/report/seeds && $(B)/report-gen seeds $(B)/report/seeds
	scripts/fuzz-run $(B)/fuzz-report $(FUZZ_SECONDS) $(B)/report/seeds
	scripts/fuzz-run $(B)/fuzz-misalign $(FUZZ_SECONDS)

clean:
	rm -rf $(B)

# OpenSBI with rvpmu inside (make opensbi; issue 30)
include ports/opensbi/opensbi.mk
