#!/bin/sh
# report_tests.sh RVPMU_REPORT REPORT_GEN WORKDIR - rvpmu-report on the
# files report-gen writes: known values at the right places in -D and CSV,
# the summary's rates for a constant-rate run, JSON that parses with the
# expected events, SVG that is well-formed XML with a panel per event, and
# every corrupt or truncated file refused with exit 1, a message naming the
# problem, and no sanitizer report. TAP, ending in "N passed, N failed".
tool=$1; gen=$2; dir=$3
rm -rf "$dir/valid" "$dir/bad" && mkdir -p "$dir/valid" "$dir/bad" "$dir/seeds" "$dir/out"
"$gen" valid "$dir/valid" && "$gen" corrupt "$dir/bad" && "$gen" seeds "$dir/seeds" || {
	echo "not ok 1 - report-gen"; echo "0 passed, 1 failed"; exit 1; }
v=$dir/valid; o=$dir/out
n=0; pass=0; fail=0
ok() { n=$((n + 1)); pass=$((pass + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n - $1"; }
sanitizer() { grep -qE 'Sanitizer|runtime error' "$1"; }

# check DESC EXPECTED_EXIT PATTERN ARGS...: exit status, and PATTERN (grep
# -E) in stdout+stderr; a sanitizer report always fails
check() {
	desc=$1; want=$2; pat=$3; shift 3
	"$tool" "$@" >"$o/last" 2>&1; got=$?
	if [ "$got" -eq "$want" ] && ! sanitizer "$o/last" && grep -qE -- "$pat" "$o/last"; then
		ok "$desc"
	else
		nok "$desc (exit $got, want $want, /$pat/)"
		head -n 10 "$o/last" | sed 's/^/#   /'
	fi
}
# count DESC N PATTERN FILE: exactly N lines of FILE match
count() {
	got=$(grep -cE -- "$3" "$4")
	if [ "$got" -eq "$2" ]; then ok "$1"; else nok "$1 ($got lines, want $2)"; fi
}
# py DESC SCRIPT ARGS...: a python3 check that exits 0
py() {
	desc=$1; script=$2; shift 2
	if python3 -c "$script" "$@" >"$o/py" 2>&1; then ok "$desc"; else
		nok "$desc"; head -n 8 "$o/py" | sed 's/^/#   /'; fi
}

# ---- the dump (one.bin: header 200 bytes, subsample 64, sample 192)
check "-D: keyword line" 0 '^\. \.\.\. RVPMU SAMPLER data: 1 buffer\(s\), ' -D "$v/one.bin"
check "-D: sample 2, subsample 1 at its offset" 0 \
	'^0x288 \[0x40\]: RVPMU SAMPLER subsample 1 of sample 2, k 7, t 0.007000000 s, mtime 5070000$' \
	-D "$v/one.bin"
check "-D: hart 1's CIDs, cycles and counts there" 0 \
	'^  hart 1 cluster 0 cid1 0x00000202 cid2 0xc0de0001 cycles 7002011 \| dtlb-read-miss 3002001 \| fw:set_timer 3003001$' \
	-D "$v/one.bin"
check "-D: padded last subsample shows the raw event only" 0 \
	'^  hart 0 cluster 0 cid1 0x00000103 cid2 0xc0de0000 cycles 7003020 \| raw:0x1238 4004000$' \
	-D "$v/one.bin"
check "-D: buffer line with the gap" 0 \
	'^0x0 \[0x498\]: RVPMU SAMPLER buffer index 0 lap 0 LAST: samples 0\.\.3 \(4 of capacity 5\), header 200 bytes, gap 16 bytes' \
	-D "$v/one.bin"
"$tool" -D "$v/one.bin" >"$o/one.dump" 2>&1
count "-D: 4 samples x 3 subsamples" 12 'RVPMU SAMPLER subsample' "$o/one.dump"
check "-D: a buffer without samples" 0 'RVPMU SAMPLER buffer index 0 lap 0 FILLING: no samples \(0 of capacity 4\)' -D "$v/empty.bin"
check "-D: lost samples between buffers" 0 'RVPMU SAMPLER lost samples 5\.\.6 \(2\)' -D "$v/three.bin"
check "-D: buffers in sample order" 0 '^0x458 \[0x1a8\]: RVPMU SAMPLER buffer index 1 lap 0 FULL: samples 3\.\.4' \
	-D "$v/three.bin"
check "-D: 2 clusters in hart-in-cluster order" 0 'position 1: hart 4 cluster 1' -D "$v/clusters.bin"
check "-D: 240 events, subsample 29" 0 'RVPMU SAMPLER subsample 29 of sample 1, k 59' -D "$v/max.bin"
check "-D: 64-bit counts" 0 '\| cycles 18446744073709551615 \| instructions 18446744073709551614' \
	-D "$v/huge.bin"

# ---- CSV
check "csv: header row" 0 '^time_s,hart,cluster,cid1,cid2,event,value,cycles$' --csv "$v/one.bin"
check "csv: sample 2, set_timer, hart 1" 0 \
	'^0\.007000000,1,0,514,3235774465,fw:set_timer,3003001,7002011$' --csv "$v/one.bin"
"$tool" --csv "$v/one.bin" >"$o/one.csv" 2>&1
count "csv: a row per sample, event and hart" 40 '^[0-9]' "$o/one.csv"
"$tool" --csv "$v/max.bin" >"$o/max.csv" 2>&1
count "csv: 240 events x 2 samples" 480 '^[0-9]' "$o/max.csv"
check "csv: sorted by sample, not file order" 0 '^0\.000000000,3,0,256,3235774464,cycles,1000000,7000000$' \
	--csv "$v/three.bin"
check "csv: cluster column" 0 '^0\.000500000,5,1,1024,3235774467,raw:0x123d,1009003,7000013$' \
	--csv "$v/clusters.bin"

# ---- summary (const.bin: period 1 ms)
check "summary: header line" 0 \
	'^RVPMU SAMPLER summary: 2 hart\(s\) in 1 cluster\(s\), 3 event\(s\), nr_pmu 2 \(2 subsample\(s\) per sample\), period 1000 us, 10 sample\(s\), 0 lost, 2 buffer\(s\)$' \
	"$v/const.bin"
check "summary: 1000 per ms is 1 M/s" 0 '^  cycles +0 +1 M/s +1 M/s +1 M/s$' "$v/const.bin"
check "summary: 3000 per ms is 3 M/s" 0 '^ +1 +3 M/s +3 M/s +3 M/s$' "$v/const.bin"
check "summary: mean 5 k/s of 4 and 6" 0 '^  instructions +0 +5 k/s +4 k/s +6 k/s$' "$v/const.bin"
check "summary: zero rate" 0 '^ +1 +0 /s +0 /s +0 /s$' "$v/const.bin"
check "summary: lost samples counted" 0 '7 sample\(s\), 2 lost, 3 buffer\(s\)' "$v/three.bin"
check "summary: no samples" 0 '^no samples$' "$v/empty.bin"
check "summary: 64-bit counts over 85.9 s" 0 '^  cycles +0 +215 P/s' "$v/huge.bin"

# ---- Perfetto JSON and SVG for every valid shape
for f in "$v"/*.bin; do
	s=$(basename "$f" .bin)
	"$tool" --perfetto "$o/$s.json" --plot "$o/$s.svg" "$f" >"$o/$s.log" 2>&1; rc=$?
	if [ $rc -eq 0 ] && ! sanitizer "$o/$s.log"; then ok "$s: --perfetto and --plot"; else
		nok "$s: --perfetto and --plot (exit $rc)"; fi
	py "$s: JSON parses; a process per hart, a counter per sample, event, hart" '
import json, struct, sys
t = json.load(open(sys.argv[1]))["traceEvents"]
b = open(sys.argv[2], "rb").read()
harts, events = struct.unpack_from("<II", b, 28)[0], struct.unpack_from("<I", b, 40)[0]
names = [e for e in t if e["ph"] == "M" and e["name"] == "process_name"]
assert len(names) == harts, names
samples = int(sys.argv[3])
c = [e for e in t if e["ph"] == "C"]
assert len(c) == samples * events * harts, (len(c), samples, events, harts)
assert all(e["ts"] >= 0 and len(e["args"]) == 1 for e in c)
' "$o/$s.json" "$f" "$("$tool" "$f" | sed -n 's/.* \([0-9]*\) sample(s).*/\1/p')"
	py "$s: SVG is XML with a panel per event (up to 16)" '
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg"
ns = "{http://www.w3.org/2000/svg}"
frames = [r for r in root.iter(ns + "rect") if r.get("class") == "frame"]
want = min(int(sys.argv[2]), 16)
assert len(frames) == want, (len(frames), want)
texts = " ".join(t.text or "" for t in root.iter(ns + "text"))
assert "time since t0 (ms)" in texts and "events/s" in texts
' "$o/$s.svg" "$("$tool" "$f" | sed -n 's/.*, \([0-9]*\) event(s),.*/\1/p')"
done
py "perfetto: const rates in events/s at ts in us" '
import json, sys
t = json.load(open(sys.argv[1]))["traceEvents"]
c = [(e["pid"], e["name"], e["ts"], e["args"]["events/s"]) for e in t if e["ph"] == "C"]
assert (2, "cycles", 0.0, 3e6) in c, c[:4]
assert (1, "instructions", 2000.0, 6e3) in c
assert (1, "dtlb-read-miss", 19000.0, 7e3) in c
' "$o/const.json"
py "perfetto: lost samples marked" '
import json, sys
t = json.load(open(sys.argv[1]))["traceEvents"]
i = [e for e in t if e["ph"] == "i"]
assert len(i) == 1 and i[0]["name"] == "lost samples 5..6" and i[0]["ts"] == 30000.0, i
' "$o/three.json"
py "svg: a line breaks where samples were lost" '
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
lines = list(root.iter("{http://www.w3.org/2000/svg}polyline"))
assert len(lines) == 3 * 2 * 2, len(lines)   # 3 events, 2 harts, 2 runs of samples
' "$o/three.svg"
py "svg: 20000 samples thinned to the plot width, the one peak kept" '
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
lines = list(root.iter("{http://www.w3.org/2000/svg}polyline"))
assert len(lines) == 1
pts = [tuple(map(float, p.split(","))) for p in lines[0].get("points").split()]
assert 1000 < len(pts) <= 4 * (2 * 840 + 1), len(pts)
assert len(set(y for x, y in pts)) == 2, sorted(set(y for x, y in pts))
assert not list(root.iter("{http://www.w3.org/2000/svg}circle"))
' "$o/long.svg"
check "plot: panels capped, the rest named" 0 'plot: 3 of 240 events drawn; left out: fw:set_timer raw:0x1238' \
	--plot "$o/cap.svg" --max-panels 3 "$v/max.bin"
py "plot: capped SVG names what it left out" '
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
t = " ".join(x.text or "" for x in root.iter("{http://www.w3.org/2000/svg}text"))
assert "3 of 240 events drawn" in t and "raw:0x1323" in t, t[-300:]
' "$o/cap.svg"

# ---- usage and I/O
check "no FILE: usage, exit 2" 2 'usage: rvpmu-report'
check "unknown option: exit 2" 2 'unknown option' --bogus "$v/one.bin"
check "-D with --csv: exit 2" 2 'choose one' -D --csv "$v/one.bin"
check "--max-panels 0: exit 2" 2 'max-panels takes' --max-panels 0 "$v/one.bin"
check "--plot without its argument: exit 2" 2 'without its argument' "$v/one.bin" --plot
check "--help: exit 0, columns documented" 0 'cid2 +the hart.s CID2 word' --help
check "missing file: exit 1" 1 'No such file' "$dir/does-not-exist.bin"
check "unwritable output: exit 1" 1 'rvpmu-report: /nonexistent/x.svg' --plot /nonexistent/x.svg "$v/one.bin"
if "$tool" - <"$v/one.bin" 2>&1 | grep -q '4 sample(s)'; then ok "reads standard input"; else nok "reads standard input"; fi

# ---- corrupt files: exit 1 and the message the corruption calls for
while read -r name pat; do
	check "corrupt $name: exit 1, /$pat/" 1 "rvpmu-report: .*bad-$name\.bin: (offset [0-9]+ \(0x[0-9a-f]+\): .*)?($pat)" \
		"$dir/bad/bad-$name.bin"
done <"$dir/bad/corrupt.list"

# ---- three.bin truncated at every 7th byte, at the header's edges and
# at the buffer boundaries (552, 1112), which leave a shorter valid file
size=$(wc -c <"$v/three.bin"); bad=0; tried=0; good=0
for i in $(seq 1 7 "$size") 103 104 105 551 553 1111 1113 $((size - 1)) 1112 552; do
	head -c "$i" "$v/three.bin" >"$o/trunc.bin"
	"$tool" "$o/trunc.bin" >"$o/trunc.log" 2>&1; rc=$?
	tried=$((tried + 1))
	case $i in
	552|1112) { [ $rc -eq 0 ] && ! sanitizer "$o/trunc.log"; } && good=$((good + 1)) ;;
	*) { [ $rc -eq 1 ] && grep -q 'offset [0-9]' "$o/trunc.log" && ! sanitizer "$o/trunc.log"; } ||
		{ bad=$((bad + 1)); echo "# truncated at $i: exit $rc"; head -n 3 "$o/trunc.log" | sed 's/^/#   /'; } ;;
	esac
done
if [ $bad -eq 0 ] && [ $good -eq 2 ]; then ok "truncated at $tried offsets: each refused, whole buffers kept"; else
	nok "truncation: $bad of $tried refused wrongly, $good of 2 boundaries kept"; fi
check "truncated at a boundary: the buffers before it" 0 '2 sample\(s\), 7 lost, 1 buffer' "$o/trunc.bin"

echo "1..$n"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
