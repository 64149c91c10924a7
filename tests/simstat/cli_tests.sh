#!/bin/sh
# cli_tests.sh RVPMU_SIMSTAT DTB_DIR - rvpmu-simstat, the core on a
# simulated hart: its synthetic workload (2,000,000 instructions, a quarter
# in S-mode, a set_timer every 100 rounds and an IPI every 250 of 2000,
# instructions sampled every 100,000) must come out as the core counted
# it, with and without QEMU virt's mapping; bad input exits 2.
tool=$1; dir=$2
. "$(dirname "$0")/../cli.sh"
v=$dir/qemu-virt.dtb
check "qemu virt: the mapping is read, its problems counted" 0 \
	"mapping from .*: 5 event rows, 2 problem\(s\)" "$v"
check "qemu virt: cycles on an hpm counter (Sscofpmf)" 0 " 2,000,000 +cycles +# counter ([3-9]|1[0-8])$" "$v"
check "qemu virt: instructions, all of them" 0 " 2,000,000 +instructions +# counter" "$v"
check "qemu virt: instructions:u leaves out S-mode's quarter" 0 " 1,500,000 +instructions:u +#" "$v"
check "qemu virt: instructions:k is S-mode's quarter" 0 " 500,000 +instructions:k +#" "$v"
check "qemu virt: dTLB read misses counted on an hpm counter" 0 \
	" [1-9][0-9,]* +dtlb-read-miss +# counter ([3-9]|1[0-8])$" "$v"
check "qemu virt: no row maps branch-misses" 0 "not supported> +branch-misses" "$v"
check "qemu virt: fw:set_timer every 100 rounds: 20" 0 " 20 +fw:set_timer +# counter 19$" "$v"
check "qemu virt: fw:ipi_sent every 250 rounds: 8" 0 " 8 +fw:ipi_sent +# counter 20$" "$v"
check "qemu virt: 20 overflow samples of 100,000 instructions" 0 \
	" 20 +samples of instructions, period 100000 \(counter 3," "$v"
check "no DT: cycles on the fixed counter" 0 " 2,000,000 +cycles +# counter 0$"
check "no DT: instructions only on instret, which the sampler holds" 0 \
	"not supported> +instructions +\(no counter can count it\)"
check "no DT: the fixed counter cannot interrupt: no samples" 0 " 0 +samples of instructions"
check "no DT: firmware events still count" 0 " 20 +fw:set_timer +# counter 19$"
check "text file: exit 2" 2 "not a device tree blob" "$0"
check "missing file: exit 2" 2 "No such file" "$dir/does-not-exist.dtb"
cli_done
