# ports/opensbi/opensbi.mk - rvpmu inside OpenSBI (issues 30 and 38,
# docs/opensbi.md), included by the top-level Makefile.
#
#   make opensbi   OpenSBI 1.9's generic fw_dynamic (rv64 and rv32) with
#                  the series ports/opensbi/0*.patch applied and rvpmu
#                  turned on in a copy of the generic defconfig
#                  (ports/opensbi/rvpmu.config), as docs/opensbi.md tells a
#                  board vendor to do: nothing of this repository is
#                  linked into the tree, the series carries rvpmu's files
#   make opensbi-series   scripts/opensbi-series write: the series made
#                  again from ports/opensbi/parts and rvpmu's files
#   make conformance FW=opensbi-rvpmu [XLEN=32]   the suite on it
#   make opensbi-bench   instructions per SBI call: stock 1.9 beside 1.9+rvpmu
#   make check-opensbi   the rows of set "opensbi" (and "opensbi-check")
#
# The source: OpenSBI's v1.9 release tree, from OSBI_TARBALL (default
# ../shared/opensbi/opensbi-1.9.tar.xz, beside the clone) or, for a tree of
# the user's own, OSBI_DIR (a folder holding OpenSBI's source). Without
# either, `make check` says "skipped: no OpenSBI source" once and runs
# none of the rows (OSBI_HAVE below).
OSBI_VER      := 1.9
OSBI_TARBALL  ?= ../shared/opensbi/opensbi-$(OSBI_VER).tar.xz
OSBI_DIR      ?=
OSBI_HAVE     := $(if $(OSBI_DIR),$(wildcard $(OSBI_DIR)/Makefile),$(wildcard $(OSBI_TARBALL)))
OSBI_SRC      := $(B)/opensbi/src-$(OSBI_VER)
OSBI_TREE     := $(B)/opensbi/tree-$(OSBI_VER)
OSBI_PATCHES  := $(sort $(wildcard ports/opensbi/0*.patch))
OSBI_CROSS    ?= riscv64-linux-gnu-
osbi_out       = $(B)/opensbi/out-rv$(1)
# osbi_bin XLEN: the generic platform's fw_dynamic.bin with rvpmu
osbi_bin       = $(call osbi_out,$(1))/platform/generic/firmware/fw_dynamic.bin

# the unpacked source, untouched
$(OSBI_SRC)/.done: $(if $(OSBI_DIR),,$(OSBI_TARBALL))
	rm -rf $(OSBI_SRC) && mkdir -p $(OSBI_SRC)
	@if [ -n "$(OSBI_DIR)" ]; then cp -a $(OSBI_DIR)/. $(OSBI_SRC)/; \
	else tar -xJf $(OSBI_TARBALL) -C $(OSBI_SRC) --strip-components=1; fi
	touch $@

# a fresh copy of the source with the series on it (every patch must
# apply), and the vendor's step: rvpmu turned on in a copy of the generic
# platform's defconfig, which the build names (PLATFORM_DEFCONFIG)
$(OSBI_TREE)/.applied: $(OSBI_SRC)/.done $(OSBI_PATCHES) ports/opensbi/rvpmu.config ports/opensbi/opensbi.mk
	rm -rf $(OSBI_TREE)
	@# OpenSBI's make does not track its objects.mk lists (the carrays of
	@# extensions): a new series builds from scratch
	rm -rf $(call osbi_out,64) $(call osbi_out,32)
	cp -a $(OSBI_SRC) $(OSBI_TREE)
	@for p in $(OSBI_PATCHES); do \
	  patch -s --forward -p1 -d $(OSBI_TREE) < $$p || { echo "opensbi: $$p does not apply"; exit 1; }; done
	cat $(OSBI_TREE)/platform/generic/configs/defconfig ports/opensbi/rvpmu.config \
	  > $(OSBI_TREE)/platform/generic/configs/rvpmu_defconfig
	touch $@

# One OpenSBI generic build: OSBI_BUILD_template XLEN TREE OUT PREREQUISITES DEFCONFIG
define OSBI_BUILD_template
$(3)/platform/generic/firmware/fw_dynamic.bin: $(4)
	nice -n 10 $(MAKE) -s -C $(2) PLATFORM=generic CROSS_COMPILE=$(OSBI_CROSS) \
	  PLATFORM_RISCV_XLEN=$(1) PLATFORM_DEFCONFIG=$(5) O=$(CURDIR)/$(3)
	@touch $$@
endef
# the same source without the series, same compiler and flags: the
# baseline the bench compares with (Debian's binary package is another
# compiler's build)
osbi_stock_out = $(B)/opensbi/stock-rv$(1)
osbi_stock_bin = $(call osbi_stock_out,$(1))/platform/generic/firmware/fw_dynamic.bin
$(foreach x,64 32,$(eval $(call OSBI_BUILD_template,$(x),$(OSBI_TREE),$(call osbi_out,$(x)),$(OSBI_TREE)/.applied,rvpmu_defconfig)))
$(foreach x,64 32,$(eval $(call OSBI_BUILD_template,$(x),$(OSBI_SRC),$(call osbi_stock_out,$(x)),$(OSBI_SRC)/.done,defconfig)))

# A test tree: the series' tree with rvpmu's test PMU device added to the
# generic platform (ports/opensbi/test: an sbi_pmu_device whose hooks count
# their calls, served as platform firmware events), for row
# opensbi-pmu-device (payloads/pmu_device.c). Never part of the series.
OSBI_DEVTEST  := $(B)/opensbi/tree-devtest-$(OSBI_VER)
osbi_dev_out   = $(B)/opensbi/devtest-rv$(1)
osbi_dev_bin   = $(call osbi_dev_out,$(1))/platform/generic/firmware/fw_dynamic.bin
$(OSBI_DEVTEST)/.applied: $(OSBI_TREE)/.applied $(wildcard ports/opensbi/test/rvpmu_test/*)
	rm -rf $(OSBI_DEVTEST) $(call osbi_dev_out,64) $(call osbi_dev_out,32)
	cp -a $(OSBI_TREE) $(OSBI_DEVTEST)
	cp -a ports/opensbi/test/rvpmu_test $(OSBI_DEVTEST)/platform/generic/
	touch $@
$(foreach x,64 32,$(eval $(call OSBI_BUILD_template,$(x),$(OSBI_DEVTEST),$(call osbi_dev_out,$(x)),$(OSBI_DEVTEST)/.applied,rvpmu_defconfig)))

.PHONY: opensbi opensbi-series opensbi-bench
opensbi: $(call osbi_bin,64) $(call osbi_bin,32)
	@for x in 64 32; do \
	  $(OSBI_CROSS)size $(B)/opensbi/out-rv$$x/platform/generic/firmware/fw_dynamic.elf | tail -1 | \
	    awk -v x=$$x '{print "OpenSBI $(OSBI_VER)+rvpmu rv" x ": " $$1 " text, " $$2 " data, " $$3 " bss"}'; \
	done

opensbi-series:
	OSBI_TARBALL=$(OSBI_TARBALL) scripts/opensbi-series write

# the peer machinery (Makefile: PEERS, conformance) knows it as a firmware
# name: FW=opensbi-rvpmu runs the suite on this build
ifeq ($(FW),opensbi-rvpmu)
CONF_BIOS = $(call osbi_bin,$(XLEN))
conformance: $(call osbi_bin,$(XLEN))
endif

# instructions per SBI call, OpenSBI 1.9 built here without the series
# ("1.9 same build") and with it, beside Debian's 1.9 binary package, same
# QEMU, -icount shift=0 (scripts/bench-table)
opensbi-bench: deps peers opensbi $(call osbi_stock_bin,64) $(call osbi_stock_bin,32) \
		$(B)/rvpmu-fw-rv64.elf $(B)/bench-rv64.elf $(B)/rvpmu-fw-rv32.elf $(B)/bench-rv32.elf
	@scripts/bench-table $(B)/rvpmu-fw-rv64.elf $(B)/bench-rv64.elf $(B)/rvpmu-fw-rv32.elf \
	  $(B)/bench-rv32.elf $(foreach x,64 32,$(x):opensbi-1.9-debian=$(call peer_bin,opensbi-1.9,$(x)) \
	  $(x):opensbi-1.9-same-build=$(call osbi_stock_bin,$(x)) \
	  $(x):opensbi-1.9+rvpmu=$(call osbi_bin,$(x)))

# What make check needs for its OpenSBI rows (set "opensbi-check", on
# QEMU 7.2 and, those also in "opensbi-q10", on QEMU 10), when the source
# is there; the Makefile's check target runs them only then.
OSBI_CHECK_NEEDS := $(if $(OSBI_HAVE),opensbi $(B)/suite-rv64.elf $(B)/suite-rv32.elf \
	$(foreach p,sampler_demo sampler_acc sampler_hsm sampler_storm,$(B)/$(p)-rv64.elf $(B)/$(p)-rv32.elf) \
	$(call osbi_dev_bin,64) $(B)/pmu_device-rv64.elf $(B)/prestage-counting-rv64.elf \
	$(B)/prestage-plain-rv64.elf $(B)/fw-dt/virt-4harts-2clusters.dtb $(B)/hostile-rv64.elf)

# a previous boot stage in front of OpenSBI at 0x88000000, with counters
# left counting (counting) or not (plain): ports/opensbi/prestage-check
$(B)/prestage-%-rv64.elf: ports/opensbi/test/prestage.S
	@mkdir -p $(B)
	$(CROSS)gcc $(ARCH_rv64) -nostdlib -nostartfiles $(if $(filter counting,$*),-DCOUNTING) \
	  -DNEXT=0x88000000 -Wl,-Ttext=0x80000000 -Wl,--no-warn-rwx-segments -o $@ $<
# check-run SETS for make check, or the one skip line
define OSBI_CHECK_RUN
	@if [ -n "$(OSBI_HAVE)" ]; then \
	  $(CHECK_ENV) OSBI_TARBALL=$(OSBI_TARBALL) OSBI_DIR=$(OSBI_DIR) scripts/check-run tests/check.steps $(B)/check $(1); \
	else echo "skipped: no OpenSBI source ($(OSBI_TARBALL) absent, OSBI_DIR unset)"; fi
endef

# The rows of sets "opensbi-check" and "opensbi" (the longer ones: Linux,
# U-Boot, sifive_u), on QEMU 7.2 and 10, and "opensbi-linux612" (Linux
# 6.12, as make check boots it: on QEMU 10 only).
.PHONY: check-opensbi
check-opensbi: deps stack opensbi $(OSBI_CHECK_NEEDS) $(call osbi_dev_bin,32) $(B)/pmu_device-rv32.elf \
		$(B)/rvpmu-report $(KERNEL) $(INITRD) $(KERNEL612) $(INITRD612)
	@rm -rf $(B)/check-opensbi && mkdir -p $(B)/check-opensbi
	@$(CHECK_ENV) OSBI_TARBALL=$(OSBI_TARBALL) scripts/check-run tests/check.steps $(B)/check-opensbi opensbi-check opensbi opensbi-once
	@$(CHECK_ENV) $(CHECK_QEMU10) scripts/check-run tests/check.steps $(B)/check-opensbi opensbi-q10 opensbi \
	  opensbi-linux612
	@scripts/summary $(B)/check-opensbi

# make check builds what its OpenSBI rows boot, when the source is there
check: $(OSBI_CHECK_NEEDS)
