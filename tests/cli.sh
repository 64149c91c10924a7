# tests/cli.sh - sourced by the command-line tests (tests/dt/cli_tests.sh,
# tests/simstat/cli_tests.sh): set tool, then call check per case and
# cli_done at the end. TAP, ending in "N passed, N failed".
n=0; pass=0; fail=0

# check DESC EXPECTED_EXIT PATTERN ARGS...: "$tool" ARGS... exits with
# EXPECTED_EXIT and prints a line matching PATTERN (grep -E) on stdout or
# stderr
check() {
	desc=$1; want=$2; pat=$3; shift 3
	n=$((n + 1))
	out=$("$tool" "$@" 2>&1); got=$?
	if [ "$got" -eq "$want" ] && printf '%s\n' "$out" | grep -qE -- "$pat"; then
		pass=$((pass + 1)); echo "ok $n - $desc"
	else
		fail=$((fail + 1)); echo "not ok $n - $desc (exit $got, want $want)"
		printf '%s\n' "$out" | sed 's/^/#   /' | head -n 15
	fi
}

cli_done() {
	echo "1..$n"
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
