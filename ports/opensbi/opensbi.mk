# ports/opensbi/opensbi.mk - rvpmu inside OpenSBI (issue 30, docs/opensbi.md),
# included by the top-level Makefile.
#
#   make opensbi   OpenSBI 1.9's generic fw_dynamic (rv64 and rv32) with
#                  rvpmu's core as its SBI PMU: the source from Debian's
#                  source package (scripts/stack-source, a private apt
#                  configuration: nothing on the system changes), the series
#                  ports/opensbi/*.patch on it (scripts/series-apply), rvpmu's
#                  sources linked into lib/utils/rvpmu/src
#   make conformance FW=opensbi-rvpmu [XLEN=32]   the suite on it
#   make opensbi-bench   instructions per SBI call: stock 1.9 beside 1.9+rvpmu
#
# The unpacked source is this build tree's own ($(B)/opensbi, not $(B)/stack):
# the series is applied to a copy of it, and a copy per tree keeps worktrees
# that share $(B)/stack apart.
OSBI_VER      := 1.9
OSBI_DEB      := 1.9-1
OSBI_SUITE    := sid
OSBI_SRC      := $(B)/opensbi/src-$(OSBI_VER)
OSBI_TREE     := $(B)/opensbi/tree-$(OSBI_VER)
OSBI_PATCHES  := $(sort $(wildcard ports/opensbi/*.patch))
OSBI_HOST     := $(wildcard ports/opensbi/host/*.c ports/opensbi/host/*.h)
# a clone of OpenSBI for its tag v$(OSBI_VER) where apt cannot fetch the
# source package (scripts/stack-source)
OSBI_GIT      ?=
OSBI_CROSS    ?= riscv64-linux-gnu-
# what rvpmu gives OpenSBI's tree, as lib/utils/rvpmu/src/<name>
OSBI_LINKS    := core=core dt=dt lib=lib include=include sampler=sampler \
		 host=ports/opensbi/host
osbi_out       = $(B)/opensbi/out-rv$(1)
# osbi_bin XLEN: the generic platform's fw_dynamic.bin with rvpmu
osbi_bin       = $(call osbi_out,$(1))/platform/generic/firmware/fw_dynamic.bin

$(OSBI_SRC)/.done: scripts/stack-source
	STACK_SOURCE_GIT=$(OSBI_GIT) scripts/stack-source $(OSBI_SRC) $(OSBI_SUITE) opensbi $(OSBI_DEB)

# a fresh copy of the source with the series on it; every patch must apply
$(OSBI_TREE)/.applied: $(OSBI_SRC)/.done $(OSBI_PATCHES) scripts/series-apply ports/opensbi/opensbi.mk
	rm -rf $(OSBI_TREE) $(B)/opensbi/applied
	@# OpenSBI's make does not track its objects.mk lists (the carrays of
	@# extensions): a new series builds from scratch
	rm -rf $(call osbi_out,64) $(call osbi_out,32)
	cp -a $(OSBI_SRC) $(OSBI_TREE)
	scripts/series-apply $(OSBI_TREE) $(B)/opensbi/applied $(OSBI_PATCHES)
	mkdir -p $(OSBI_TREE)/lib/utils/rvpmu/src
	@for l in $(OSBI_LINKS); do \
	  ln -sfn $(CURDIR)/$${l#*=} $(OSBI_TREE)/lib/utils/rvpmu/src/$${l%%=*}; done
	touch $@

# One OpenSBI generic build: OSBI_BUILD_template XLEN TREE OUT PREREQUISITES.
# OpenSBI's own make tracks its objects; the rule reruns it whenever a
# prerequisite (rvpmu's side of the build, for the series' build) changed.
define OSBI_BUILD_template
$(3)/platform/generic/firmware/fw_dynamic.bin: $(4)
	$(MAKE) -s -C $(2) PLATFORM=generic CROSS_COMPILE=$(OSBI_CROSS) \
	  PLATFORM_RISCV_XLEN=$(1) O=$(CURDIR)/$(3)
	@touch $$@
endef
OSBI_RVPMU_DEPS := $(OSBI_TREE)/.applied $(CORE_SRC) $(CORE_HDR) dt/pmu_dt.c dt/pmu_dt.h \
		   lib/fmt.c lib/fmt.h $(OSBI_HOST) $(wildcard sampler/*.c sampler/*.h)
# the same source without the series, same compiler and flags: the
# baseline the bench compares with (Debian's binary package is another
# compiler's build)
osbi_stock_out = $(B)/opensbi/stock-rv$(1)
osbi_stock_bin = $(call osbi_stock_out,$(1))/platform/generic/firmware/fw_dynamic.bin
$(foreach x,64 32,$(eval $(call OSBI_BUILD_template,$(x),$(OSBI_TREE),$(call osbi_out,$(x)),$(OSBI_RVPMU_DEPS))))
$(foreach x,64 32,$(eval $(call OSBI_BUILD_template,$(x),$(OSBI_SRC),$(call osbi_stock_out,$(x)),$(OSBI_SRC)/.done)))

.PHONY: opensbi opensbi-bench
opensbi: $(call osbi_bin,64) $(call osbi_bin,32)
	@for x in 64 32; do \
	  $(OSBI_CROSS)size $(B)/opensbi/out-rv$$x/platform/generic/firmware/fw_dynamic.elf | tail -1 | \
	    awk -v x=$$x '{print "OpenSBI $(OSBI_VER)+rvpmu rv" x ": " $$1 " text, " $$2 " data, " $$3 " bss"}'; \
	done

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

# The rows of tests/check.steps' set "opensbi", on QEMU 7.2 and 10. Not in
# make check: Debian's archive as this machine reaches it lists opensbi
# 1.9-1 in its Sources index but serves none of its files (404 for the
# .dsc and both tarballs, 2026-11-28), so a fresh machine cannot get the
# source; with OSBI_GIT naming a clone at tag v1.9 it runs here.
.PHONY: check-opensbi
check-opensbi: deps stack opensbi $(B)/suite-rv64.elf $(B)/suite-rv32.elf $(B)/rvpmu-report $(KERNEL) $(INITRD) \
		$(foreach p,sampler_demo sampler_acc sampler_hsm,$(B)/$(p)-rv64.elf $(B)/$(p)-rv32.elf)
	@rm -rf $(B)/check-opensbi && mkdir -p $(B)/check-opensbi
	@$(CHECK_ENV) scripts/check-run tests/check.steps $(B)/check-opensbi opensbi
	@$(CHECK_ENV) $(CHECK_QEMU10) scripts/check-run tests/check.steps $(B)/check-opensbi opensbi
	@scripts/summary $(B)/check-opensbi
