# rvpmu - top-level Makefile.
#
#   make run     the main job (see README)
#   make check   every test; last line "N passed, N failed"
#   make fuzz    the fuzz targets for longer (FUZZ_SECONDS, default 60 each)
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
CHECK_FUZZ_SECONDS ?= 10

CORE_SRC := core/counters.c core/events.c core/match.c core/startstop.c \
            core/fwctr.c core/snapshot.c core/map.c core/names.c
CORE_HDR := $(wildcard core/*.h) include/rvpmu/sbi.h
DT_SRC   := dt/pmu_dt.c lib/fmt.c
SIM_SRC  := tests/sim/sim_hart.c
UNIT_SRC := tests/unit_main.c tests/fixture.c tests/drive.c $(wildcard tests/test_*.c)

.PHONY: all deps run check fuzz clean core-cross
all: $(B)/rvpmu-dt $(B)/unit64 $(B)/unit32 $(B)/dt-tests $(B)/rvpmu-simstat

deps:
	@scripts/deps.sh

# ---- host programs
$(B)/unit64: $(UNIT_SRC) $(CORE_SRC) $(SIM_SRC) $(CORE_HDR) tests/*.h tests/sim/*.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) -DRVPMU_XLEN=64 -o $@ $(UNIT_SRC) $(CORE_SRC) $(SIM_SRC)

$(B)/unit32: $(UNIT_SRC) $(CORE_SRC) $(SIM_SRC) $(CORE_HDR) tests/*.h tests/sim/*.h
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) -DRVPMU_XLEN=32 -o $@ $(UNIT_SRC) $(CORE_SRC) $(SIM_SRC)

$(B)/rvpmu-dt: tools/rvpmu-dt.c $(DT_SRC) $(CORE_SRC) dt/*.h $(CORE_HDR)
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) -o $@ tools/rvpmu-dt.c $(DT_SRC) $(CORE_SRC) -lfdt

$(B)/dt-tests: tests/dt/dt_tests.c $(DT_SRC) $(CORE_SRC) dt/*.h $(CORE_HDR)
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) -o $@ tests/dt/dt_tests.c $(DT_SRC) $(CORE_SRC) -lfdt

$(B)/rvpmu-simstat: tools/rvpmu-simstat.c $(CORE_SRC) $(SIM_SRC) $(DT_SRC) $(CORE_HDR)
	@mkdir -p $(B)
	$(HOSTCC) $(HOSTCFLAGS) -o $@ tools/rvpmu-simstat.c $(DT_SRC) $(CORE_SRC) $(SIM_SRC) -lfdt

# ---- device trees used by the tests and by `make run`
DTS := $(wildcard tests/dt/*.dts)
DTBS := $(patsubst tests/dt/%.dts,$(B)/dt/%.dtb,$(DTS)) $(B)/dt/qemu-virt.dtb \
        $(B)/dt/qemu-virt-smp4.dtb
$(B)/dt/%.dtb: tests/dt/%.dts
	@mkdir -p $(B)/dt
	dtc -q -I dts -O dtb -o $@ $<
$(B)/dt/qemu-virt.dtb:
	@mkdir -p $(B)/dt
	qemu-system-riscv64 -M virt,dumpdtb=$@ -cpu rv64,sscofpmf=true -m 256M -nographic >/dev/null
$(B)/dt/qemu-virt-smp4.dtb:
	@mkdir -p $(B)/dt
	qemu-system-riscv64 -M virt,dumpdtb=$@ -cpu rv64 -smp 4 -m 256M -nographic >/dev/null

# ---- fuzzing (libFuzzer needs clang)
FUZZFLAGS := -std=c11 $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Iinclude -I. -Itests
$(B)/fuzz-calls: tests/fuzz/fuzz_calls.c tests/drive.c $(CORE_SRC) $(SIM_SRC) tests/fixture.c $(CORE_HDR)
	@mkdir -p $(B)
	$(CLANG) $(FUZZFLAGS) -o $@ tests/fuzz/fuzz_calls.c tests/drive.c tests/fixture.c $(CORE_SRC) $(SIM_SRC)
$(B)/fuzz-dt: tests/fuzz/fuzz_dt.c $(DT_SRC) $(CORE_SRC) $(SIM_SRC) tests/fixture.c $(CORE_HDR) dt/*.h
	@mkdir -p $(B)
	$(CLANG) $(FUZZFLAGS) -o $@ tests/fuzz/fuzz_dt.c tests/fixture.c $(DT_SRC) $(CORE_SRC) $(SIM_SRC) -lfdt

# ---- the core, freestanding, for both XLENs
core-cross:
	@mkdir -p $(B)/cross
	@set -e; for x in "rv64imac_zicsr lp64" "rv32imac_zicsr ilp32"; do \
	  set -- $$x; \
	  for f in $(CORE_SRC); do \
	    $(CROSS)gcc -std=c11 $(WARN) -Os -ffreestanding -nostdlib -mcmodel=medany \
	      -march=$$1 -mabi=$$2 -Iinclude -c $$f -o $(B)/cross/$$1-$$(basename $$f .c).o; \
	  done; \
	  $(CROSS)gcc -march=$$1 -mabi=$$2 -nostdlib -r -o $(B)/cross/core-$$1.o $(B)/cross/$$1-*.o; \
	  undef=$$($(CROSS)nm -u $(B)/cross/core-$$1.o | awk '{print $$2}' | grep -vE '^(memset|memcpy|__[a-z]+[sd]i[0-9])$$' || true); \
	  if [ -n "$$undef" ]; then echo "core for $$1 needs: $$undef"; exit 1; fi; \
	  echo "core for $$1: $$($(CROSS)size -G $(B)/cross/core-$$1.o | tail -1 | awk '{print $$1+$$2" bytes text+data"}'), needs only: $$($(CROSS)nm -u $(B)/cross/core-$$1.o | awk '{print $$2}' | tr '\n' ' ')"; \
	done

# ---- the two commands
run: deps all $(B)/dt/qemu-virt.dtb
	@echo "== rvpmu-dt check on QEMU 7.2 virt's device tree =="
	@$(B)/rvpmu-dt check $(B)/dt/qemu-virt.dtb --hpm 16 || true
	@echo
	@echo "== a simulated hart under the PMU core =="
	@$(B)/rvpmu-simstat $(B)/dt/qemu-virt.dtb

check: deps all $(DTBS) $(B)/fuzz-calls $(B)/fuzz-dt
	@rm -rf $(B)/check && mkdir -p $(B)/check
	@scripts/check-step core-rv64-unit  $(B)/check $(B)/unit64
	@scripts/check-step core-rv32-unit  $(B)/check $(B)/unit32
	@scripts/check-step dt              $(B)/check $(B)/dt-tests $(B)/dt
	@scripts/check-step rvpmu-dt-cli    $(B)/check tests/dt/cli_tests.sh $(B)/rvpmu-dt $(B)/dt
	@scripts/check-step core-cross      $(B)/check scripts/tap-cmd "core builds freestanding for rv64 and rv32" $(MAKE) -s core-cross
	@scripts/check-step fuzz-calls      $(B)/check scripts/fuzz-run $(B)/fuzz-calls $(CHECK_FUZZ_SECONDS)
	@scripts/check-step fuzz-dt         $(B)/check scripts/fuzz-run $(B)/fuzz-dt $(CHECK_FUZZ_SECONDS) tests/dt $(B)/dt
	@scripts/summary $(B)/check

fuzz: deps $(B)/fuzz-calls $(B)/fuzz-dt $(DTBS)
	scripts/fuzz-run $(B)/fuzz-calls $(FUZZ_SECONDS)
	scripts/fuzz-run $(B)/fuzz-dt $(FUZZ_SECONDS) tests/dt $(B)/dt

clean:
	rm -rf $(B)
