#!/bin/sh
# cli_tests.sh RVPMU_DT DTB_DIR - the rvpmu-dt command line: exit codes
# 0 clean / 1 problems / 2 not a DTB or bad usage, and what it prints.
tool=$1; dir=$2
. "$(dirname "$0")/../cli.sh"
check "qemu virt: problems reported, exit 1" 1 "row 5: names no counters" check "$dir/qemu-virt.dtb" --hpm 16
check "qemu virt: table shows the DTLB row" 1 "0x10019 +dtlb-read-miss +3-18" check "$dir/qemu-virt.dtb" --hpm 16
check "qemu virt: default selectors explained" 1 "zero-extended event_idx" check "$dir/qemu-virt.dtb"
check "unmatched example is clean" 0 "problems: 0" check "$dir/binding-unmatched.dtb"
check "unmatched: selector table" 0 "0x10019 +dtlb-read-miss +0x1002" check "$dir/binding-unmatched.dtb"
check "first example: undefined event 0xb" 1 "event-to-mhpmevent row 0: event 0xb" check "$dir/binding-example.dtb"
check "first example with 16 hpm: counter 19" 1 "row 3: counter\(s\) 19 dropped" check "$dir/binding-example.dtb" --hpm 16
check "bad ranges: 14 problems" 1 "problems: 14" check "$dir/bad-ranges.dtb" --hpm 16
check "no riscv,pmu node: exit 0" 0 "no riscv,pmu node" check "$dir/no-pmu.dtb"
check "clean tree: exit 0" 0 "problems: 0" check "$dir/clean.dtb"
check "text file: exit 2" 2 "not a usable device tree blob" check "$0"
check "missing file: exit 2" 2 "No such file" check "$dir/does-not-exist.dtb"
check "no arguments: usage, exit 2" 2 "usage: rvpmu-dt check" 
check "bad --hpm: usage, exit 2" 2 "usage" check "$dir/clean.dtb" --hpm 40
check "unknown verb: usage, exit 2" 2 "usage" lint "$dir/clean.dtb"
cli_done
