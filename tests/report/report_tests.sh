#!/bin/sh
# report_tests.sh RVPMU_REPORT REPORT_GEN WORKDIR - rvpmu-report on the
# files report-gen writes: known values at the right places in -D and CSV,
# the summary's rates for a constant-rate run, rates over true window
# lengths (mtime in version 2, cycles in version 1) with late and short
# windows flagged, derived metrics (IPC, misses per 1000 instructions) on
# crafted data, JSON that parses with the expected events, SVG that is
# well-formed XML with a panel per event or a heat map with its cells,
# labels and legend (nothing in it overlapping at any width), rows that
# hardly vary one colour, and every corrupt or truncated file refused with exit
# 1, a message naming the problem, and no sanitizer report. TAP, ending in
# "N passed, N failed".
tool=$1; gen=$2; dir=$3
rm -rf "$dir/valid" "$dir/bad" "$dir/multi" && mkdir -p "$dir/valid" "$dir/bad" "$dir/seeds" "$dir/out" "$dir/multi"
"$gen" valid "$dir/valid" && "$gen" corrupt "$dir/bad" && "$gen" seeds "$dir/seeds" &&
	"$gen" multi "$dir/multi" || {
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
check "-D: version 2 said" 0 'header version 2 \(mtime per subsample\)$' -D "$v/mtime.bin"
check "-D: version 2's mtime per hart, after cycles" 0 \
	'^  hart 1 cluster 0 cid1 0x00000200 cid2 0xc0de0001 cycles 100000 mtime 5000000 \| cycles 3000 \| instructions 0$' \
	-D "$v/mtime.bin"
check "-D: the late window's mtime" 0 '^  hart 0 cluster 0 cid1 0x00000102 cid2 0xc0de0000 cycles 200000 mtime 5040000 \|' \
	-D "$v/late2.bin"

# ---- CSV
check "csv: header row" 0 \
	'^time_s,hart,cluster,cid1,cid2,event,value,cycles,length_s,rate,window,ipc,per_1k_inst$' \
	--csv "$v/one.bin"
check "csv: sample 2, set_timer, hart 1" 0 \
	'^0\.007000000,1,0,514,3235774465,fw:set_timer,3003001,7002011,0\.00[0-9]+,[0-9.e+]+,ok,,$' \
	--csv "$v/one.bin"
"$tool" --csv "$v/one.bin" >"$o/one.csv" 2>&1
count "csv: a row per sample, event and hart" 40 '^[0-9]' "$o/one.csv"
"$tool" --csv "$v/max.bin" >"$o/max.csv" 2>&1
count "csv: 240 events x 2 samples" 480 '^[0-9]' "$o/max.csv"
check "csv: sorted by sample, not file order" 0 '^0\.000000000,3,0,256,3235774464,cycles,1000000,7000000,' \
	--csv "$v/three.bin"
check "csv: cluster column" 0 '^0\.000500000,5,1,1024,3235774467,raw:0x123d,1009003,7000013,' \
	--csv "$v/clusters.bin"
check "csv: const run, 1 ms windows, instructions 4 per ms, IPC 4 / 100000" 0 \
	'^0\.000000000,0,0,256,3235774464,instructions,4,100000,0\.001000000,4000,ok,4e-05,$' --csv "$v/const.bin"
check "csv: miss ratio on the miss event's rows: 7 per 6 instructions" 0 \
	'^0\.003000000,0,0,257,3235774464,dtlb-read-miss,7,100000,0\.001000000,7000,ok,,1166\.66667$' \
	--csv "$v/const.bin"
check "csv: no instructions counted, no miss ratio" 0 \
	'^0\.001000000,1,0,512,3235774465,dtlb-read-miss,7,100000,0\.001000000,7000,ok,,$' --csv "$v/const.bin"

# ---- true window lengths (late1, late2: hart 0's window 4 ends a period
# late, 2 periods long, window 5 is a 200-tick catch-up; period 1 ms)
check "csv: a 2-period window's rate is its count over 2 periods, flagged late" 0 \
	'^0\.004000000,0,0,258,3235774464,cycles,200000,200000,0\.002000000,100000000,late,,$' \
	--csv "$v/late2.bin"
check "csv: IPC in the late window" 0 \
	'^0\.004000000,0,0,258,3235774464,instructions,100000,200000,0\.002000000,50000000,late,0\.5,$' \
	--csv "$v/late2.bin"
check "csv: the catch-up window: 2 misses in 20 us, 2 per 1000 instructions, short, at its mtime" 0 \
	'^0\.006000000,0,0,258,3235774464,dtlb-read-miss,2,2000,0\.000020000,100000,short,,2$' \
	--csv "$v/late2.bin"
check "csv: version 1 has no mtime: the catch-up window at its nominal start" 0 \
	'^0\.005000000,0,0,258,3235774464,dtlb-read-miss,2,2000,0\.000020000,100000,short,,2$' \
	--csv "$v/late1.bin"
check "csv: the same from the cycles field alone (version 1)" 0 \
	'^0\.004000000,0,0,258,3235774464,cycles,200000,200000,0\.002000000,100000000,late,,$' \
	--csv "$v/late1.bin"
for f in late1 late2; do
	"$tool" --csv "$v/$f.bin" >"$o/$f.csv" 2>&1
	py "$f: every rate is value / length_s, constant per event and hart; flags as crafted" '
import csv, sys
want = {("cycles", "0"): 1e8, ("cycles", "1"): 1e8, ("instructions", "0"): 5e7,
        ("instructions", "1"): 1.25e8, ("dtlb-read-miss", "0"): 1e5,
        ("dtlb-read-miss", "1"): 2e5, ("fw:sbi_calls", "0"): 5e4, ("fw:sbi_calls", "1"): 5e4}
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 8 * 4 * 2, len(rows)
flags = {}
for r in rows:
    v, l, rate = int(r["value"]), float(r["length_s"]), float(r["rate"])
    assert abs(rate - v / l) <= 1e-6 * rate, r
    assert abs(rate - want[(r["event"], r["hart"])]) <= 1e-6 * rate, r
    flags[(r["time_s"], r["hart"], r["window"])] = l
late = {k: l for k, l in flags.items() if k[2] != "ok"}
short_at = "0.006000000" if sys.argv[2] == "late2" else "0.005000000"   # mtime: where it began
assert late == {("0.004000000", "0", "late"): 0.002, (short_at, "0", "short"): 0.00002}, late
ipc = {(r["hart"], r["ipc"]) for r in rows if r["ipc"]}
assert ipc == {("0", "0.5"), ("1", "1.25")}, ipc
pk = {(r["hart"], r["per_1k_inst"]) for r in rows if r["per_1k_inst"]}
assert pk == {("0", "2"), ("1", "1.6")}, pk
' "$o/$f.csv" "$f"
done

# ---- summary (const.bin: period 1 ms)
check "summary: header line" 0 \
	'^RVPMU SAMPLER summary: 2 hart\(s\) in 1 cluster\(s\), 3 event\(s\), nr_pmu 2 \(2 subsample\(s\) per sample\), period 1000 us, 10 sample\(s\), 0 lost, 2 buffer\(s\)$' \
	"$v/const.bin"
check "summary: 1000 per ms is 1 M/s" 0 '^  cycles +0 +1 M/s +1 M/s +1 M/s$' "$v/const.bin"
check "summary: 3000 per ms is 3 M/s" 0 '^ +1 +3 M/s +3 M/s +3 M/s$' "$v/const.bin"
check "summary: mean 5 k/s of 4 and 6" 0 '^  instructions +0 +5 k/s +4 k/s +6 k/s$' "$v/const.bin"
check "summary: zero rate" 0 '^ +1 +0 /s +0 /s +0 /s$' "$v/const.bin"
check "summary: lost samples counted" 0 '7 sample\(s\), 2 lost, 3 buffer\(s\)' "$v/three.bin"
check "summary: version 1 lengths from cycles" 0 \
	'^window lengths: from cycles at 100 MHz \(the run.s median; header version 1, no mtime\)$' "$v/const.bin"
check "summary: every window on time" 0 '^every window on time' "$v/const.bin"
check "summary: version 2 lengths from mtime" 0 '^window lengths: from mtime \(header version 2\)$' "$v/mtime.bin"
check "summary: version 2, same rates as version 1" 0 '^ +1 +3 M/s +3 M/s +3 M/s$' "$v/mtime.bin"
for f in late1 late2; do
	"$tool" "$v/$f.bin" >"$o/$f.summary" 2>&1
	count "$f summary: hart 0's late and short windows said once" 1 '^  hart 0: 1 late, 1 short, 0 passed, 0 lost, 0 disagree of 16 windows$' "$o/$f.summary"
	# version 2 has mtime: every hart's line, so that 0 disagreeing is said
	count "$f summary: another hart's only where mtime was checked" $([ $f = late2 ] && echo 1 || echo 0) \
		'^  hart 1: 0 late, 0 short, 0 passed, 0 lost, 0 disagree of 16 windows$' "$o/$f.summary"
	count "$f summary: mean, min and max over the same windows, said" 1 \
		'^mean, min and max over the same windows: on time or late, not short, lost or disagreeing$' "$o/$f.summary"
	count "$f summary: 100 M/s cycles over true lengths, the late window flagged" 1 \
		'^  cycles +0 +100 M/s +100 M/s +100 M/s  \(1 late\)$' "$o/$f.summary"
	count "$f summary: the catch-up window flagged short" 1 \
		'^  dtlb-read-miss +0 +100 k/s +100 k/s +100 k/s  \(1 short; 7 of 8 used\)$' "$o/$f.summary"
	count "$f summary: hart 1 on time" 1 '^ +1 +200 k/s +200 k/s +200 k/s$' "$o/$f.summary"
	count "$f summary: firmware event 256 named" 1 '^  fw:sbi_calls +0 +50 k/s' "$o/$f.summary"
	count "$f summary: metrics table" 1 '^  metric +hart +mean +min +max$' "$o/$f.summary"
	count "$f summary: IPC per hart" 2 '^(  ipc)? +(0 +0\.5 +0\.5 +0\.5|1 +1\.25 +1\.25 +1\.25)$' "$o/$f.summary"
	count "$f summary: misses per 1000 instructions" 2 \
		'^(  dtlb-read-miss per 1k inst)? +(0 +2 +2 +2  \(7 of 8 samples used\)|1 +1\.6 +1\.6 +1\.6)$' "$o/$f.summary"
done
check "summary: a metric without instructions counted is -" 0 '^ +1 +- +- +-$' "$v/const.bin"
check "summary: no samples" 0 '^no samples$' "$v/empty.bin"
check "summary: 64-bit counts over 85.9 s" 0 '^  cycles +0 +215 P/s' "$v/huge.bin"

# The heat map's structure, for every shape: a legend with the colour
# scale and the swatches; a panel per hart (per cluster above 16 harts);
# in each, a label per event and per event a row of cells that tile the
# plot's width exactly; colours from the scale, the lightest in every
# row that has one (each row is normalized to its own highest rate).
# Prints "panel row class x width fill" per cell for the specific checks.
HEAT='
import struct, sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == ns + "svg"
b = open(sys.argv[2], "rb").read()
harts, events = struct.unpack_from("<I", b, 28)[0], struct.unpack_from("<I", b, 40)[0]
clusters = set(struct.unpack_from("<%dI" % harts, b, 104 + 8 * ((4 * harts + 7) // 8)))
legend = [g for g in root.iter(ns + "g") if g.get("id") == "legend"]
assert len(legend) == 1
stops = list(legend[0].iter(ns + "stop"))
assert len(stops) >= 2 and stops[0].get("offset") == "0.000" and stops[-1].get("offset") == "1"
lightest = stops[-1].get("stop-color")
lrects = list(legend[0].iter(ns + "rect"))
assert any(r.get("fill") == "url(#scale)" for r in lrects)
assert {"zero sw", "off sw", "nodata sw", "mark sw"} <= {r.get("class") for r in lrects}
lt = " ".join(t.text or "" for t in legend[0].iter(ns + "text"))
assert "lowest" in lt and "highest" in lt and "not on time or not sure" in lt and "short, passed, uncounted, lost or disagreeing only" in lt, lt
palette = set()
panels = [g for g in root.iter(ns + "g") if g.get("class") == "panel"]
texts = " ".join(t.text or "" for t in root.iter(ns + "text"))
if "no samples" in texts:
    assert not panels
    sys.exit(0)
assert len(panels) == (harts if harts <= 16 else len(clusters)), (len(panels), harts)
light_rows = {}
for p, g in enumerate(panels):
    labels = [t.text for t in g.iter(ns + "text") if t.get("class") == "ev"]
    assert len(labels) == events, (len(labels), events)
    rows = {}
    for r in g.iter(ns + "rect"):
        if r.get("class") in ("c", "zero", "off", "nodata", "flat"):
            rows.setdefault(float(r.get("y")), []).append(r)
    assert len(rows) == events, (len(rows), events)
    for i, y in enumerate(sorted(rows)):
        cells = sorted(rows[y], key=lambda r: float(r.get("x")))
        x = 190.0
        for c in cells:
            assert abs(float(c.get("x")) - x) < 0.02, (p, i, c.get("x"), x)
            x = float(c.get("x")) + float(c.get("width"))
            if c.get("class") == "c":
                light_rows.setdefault(i, False)
                light_rows[i] |= c.get("fill") == lightest
            print(p, i, c.get("class"), c.get("x"), c.get("width"), c.get("fill"))
        assert abs(x - 920.0) < 0.05, (p, i, x)
    for m in g.iter(ns + "rect"):
        if m.get("class") == "mark":
            print(p, "mark", "mark", m.get("x"), m.get("width"), None)
assert all(light_rows.values()), light_rows
'

# ---- Perfetto JSON, SVG and the heat map for every valid shape
for f in "$v"/*.bin; do
	s=$(basename "$f" .bin)
	"$tool" --perfetto "$o/$s.json" --plot "$o/$s.svg" --heatmap "$o/$s.heat.svg" "$f" >"$o/$s.log" 2>&1; rc=$?
	if [ $rc -eq 0 ] && ! sanitizer "$o/$s.log"; then ok "$s: --perfetto, --plot and --heatmap"; else
		nok "$s: --perfetto, --plot and --heatmap (exit $rc)"; fi
	"$tool" --csv "$f" >"$o/$s.csv" 2>&1
	py "$s: JSON parses; a process per hart, a counter per window with data (the CSV's rows with a value), metrics" '
import csv, json, struct, sys
t = json.load(open(sys.argv[1]))["traceEvents"]
b = open(sys.argv[2], "rb").read()
harts, events = struct.unpack_from("<II", b, 28)[0], struct.unpack_from("<I", b, 40)[0]
names = [e for e in t if e["ph"] == "M" and e["name"] == "process_name"]
assert len(names) == harts, names
samples = int(sys.argv[3])
rows = list(csv.DictReader(open(sys.argv[4])))
assert len(rows) == samples * events * harts, (len(rows), samples, events, harts)
data = [r for r in rows if r["value"]]
assert all(r["window"] in ("absent", "passed", "uncounted") for r in rows if not r["value"])
c = [e for e in t if e["ph"] == "C" and "events/s" in e["args"]]
assert len(c) == len(data), (len(c), len(data))
m = [e for e in t if e["ph"] == "C" and "events/s" not in e["args"]]
assert all(list(e["args"]) == ["ipc" if e["name"] == "ipc" else "per 1k inst"] for e in m)
assert all(e["ts"] >= 0 and len(e["args"]) == 1 for e in c + m)
' "$o/$s.json" "$f" "$("$tool" "$f" | sed -n 's/.* \([0-9]*\) sample(s).*/\1/p')" "$o/$s.csv"
	nev=$("$tool" "$f" | sed -n 's/.*, \([0-9]*\) event(s),.*/\1/p')
	if [ "$nev" -gt 16 ]; then
		py "$s: --plot above 16 events is the heat map" "$HEAT" "$o/$s.svg" "$f"
	else
		py "$s: SVG is XML with a panel per event" '
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg"
ns = "{http://www.w3.org/2000/svg}"
frames = [r for r in root.iter(ns + "rect") if r.get("class") == "frame"]
assert len(frames) == int(sys.argv[2]), (len(frames), sys.argv[2])
assert not [g for g in root.iter(ns + "g") if g.get("id") == "legend"]
texts = " ".join(t.text or "" for t in root.iter(ns + "text"))
assert "time since t0 (ms)" in texts and "events/s" in texts
' "$o/$s.svg" "$nev"
	fi
	py "$s: heat map: legend, a panel per hart or cluster, a label and a row of cells per event" \
		"$HEAT" "$o/$s.heat.svg" "$f"
done
# ---- trust (version 3): hart 0's window 2 late, 3 short (a catch-up);
# hart 1's window 5 disagrees (cycles and counts 3x its mtime length), 6
# LOST, 11 passed by the late policy (nothing counted). The table's mean, min and max come from the same windows (none of
# the short, disagreeing or lost ones), each hart says what it had, no
# point is drawn from those windows and each panel says how many it left
# out, the heat map hatches and marks them.
"$tool" "$v/trust.bin" >"$o/trust.summary" 2>&1
count "trust summary: lengths from each window's own word" 1 \
	'^window lengths: each window.s own, from mtime \(header version 3\)$' "$o/trust.summary"
count "trust summary: checked against cycles at the run's rate, the bound said" 1 \
	'^checked against cycles at 100 MHz \(the run.s median rate\): a window disagrees beyond 204 ticks$' "$o/trust.summary"
count "trust summary: hart 0 had a late and a short window" 1 \
	'^  hart 0: 1 late, 1 short, 0 passed, 0 lost, 0 disagree of 16 windows$' "$o/trust.summary"
count "trust summary: hart 1 a passed, a lost and a disagreeing one" 1 \
	'^  hart 1: 0 late, 0 short, 1 passed, 1 lost, 1 disagree of 16 windows$' "$o/trust.summary"
count "trust summary: cycles, the late window used, the lost one not" 2 \
	'^(  cycles)? +(0 +100 M/s +100 M/s +100 M/s  \(1 late\)|1 +100 M/s +100 M/s +100 M/s  \(1 unsure; 7 of 8 used\))$' "$o/trust.summary"
count "trust summary: dTLB misses, the short, the passed and the disagreeing windows not used" 2 \
	'^(  dtlb-read-miss)? +(0 +100 k/s +100 k/s +100 k/s  \(1 short; 7 of 8 used\)|1 +200 k/s +200 k/s +200 k/s  \(1 passed, 1 unsure; 6 of 8 used\))$' "$o/trust.summary"
count "trust summary: metrics over clean samples only" 3 \
	'^(  ipc|  dtlb-read-miss per 1k inst)? +(1 +1\.25 +1\.25 +1\.25  \(7 of 8 samples used\)|0 +2 +2 +2  \(7 of 8 samples used\)|1 +1\.6 +1\.6 +1\.6  \(5 of 7 samples used\))$' "$o/trust.summary"
py "trust summary: in no row is the mean outside min..max" '
import re, sys
si = {"": 1, "k": 1e3, "M": 1e6, "G": 1e9, "m": 1e-3}
def val(x):
    m = re.match(r"([0-9.]+) ?([kMGm]?)(/s)?$", x)
    return float(m.group(1)) * si[m.group(2)] if m else None
n = 0
for line in open(sys.argv[1]):
    if line.lstrip().startswith("hart ") or not line.startswith("  "):
        continue
    f = re.findall(r"[0-9.]+(?: [kMGm]?/s)?", line.split("(")[0])
    if len(f) >= 4:
        mean, lo, hi = (val(x) for x in f[-3:])
        if None not in (mean, lo, hi):
            assert lo <= mean <= hi, line
            n += 1
assert n == 12, n
' "$o/trust.summary"
"$tool" --csv "$v/trust.bin" >"$o/trust.csv" 2>&1
py "trust csv: the window column marks each window as crafted" '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
marks = sorted({(r["time_s"], r["hart"], r["window"]) for r in rows if r["window"] != "ok"})
assert marks == [("0.002000000", "0", "late"), ("0.004000000", "0", "short"),
                 ("0.005000000", "1", "disagree"), ("0.006000000", "1", "lost"),
                 ("0.011000000", "1", "passed")], marks
' "$o/trust.csv"
"$tool" --plot "$o/trust.svg" --heatmap "$o/trust.heat.svg" "$v/trust.bin" >/dev/null 2>&1
py "trust plot: no point from a short, passed, lost or disagreeing window; each panel says how many" '
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
dots = list(root.iter(ns + "circle"))
assert len(dots) == 8 * 2 * 4 - 8, len(dots)     # 8 samples, 2 harts, 4 events, 8 left out
notes = [t.text for t in root.iter(ns + "text") if t.get("class") == "left"]
assert notes == ["%d window(s) not drawn: short, passed, uncounted, lost or disagreeing" % n for n in (1, 1, 3, 3)], notes
# the disagreeing window would be 600 k/s of dTLB misses: the axis stops at what was drawn
ticks = [t.text for t in root.iter(ns + "text") if t.get("class") == "yt"]
assert "600 k" not in ticks, ticks
' "$o/trust.svg"
python3 -c "$HEAT" "$o/trust.heat.svg" "$v/trust.bin" >"$o/trust.cells" 2>&1
count "trust heat map: the short, disagreeing, lost and passed windows' cells hatched" 8 ' off ' "$o/trust.cells"
count "trust heat map: marked over hart 0's column 1 and hart 1's columns 2, 3 and 5" 4 \
	'^(0 mark mark 281\.25|1 mark mark 372\.50|1 mark mark 463\.75|1 mark mark 646\.25) ' "$o/trust.cells"
# ---- layout 4 (version 2 of the extension): trust4 is trust's run with
# only COUNTED slots written; hart 1's window 11 (passed) and its windows
# 14 and 15 (it left) not counted, their slots stale bytes (GEN_STALE).
"$tool" "$v/trust4.bin" >"$o/trust4.summary" 2>&1
count "trust4 summary: layout 4 said" 1 \
	'^window lengths: each window.s own, from mtime \(layout 4: only counted windows are data\)$' "$o/trust4.summary"
count "trust4 summary: hart 0 as in layout 3" 1 \
	'^  hart 0: 1 late, 1 short, 0 lost, 0 disagree, 0 uncounted \(passed or paused\), 0 absent \(none counted after\) of 16 windows$' "$o/trust4.summary"
count "trust4 summary: hart 1's uncounted window and the two after it left" 1 \
	'^  hart 1: 0 late, 0 short, 1 lost, 1 disagree, 1 uncounted \(passed or paused\), 2 absent \(none counted after\) of 16 windows$' "$o/trust4.summary"
count "trust4 summary: the same rates; an uncounted window left out, absent ones not windows" 4 \
	'^(  cycles|  dtlb-read-miss)? +(0 +100 M/s +100 M/s +100 M/s  \(1 late\)|1 +100 M/s +100 M/s +100 M/s  \(1 unsure; 6 of 7 used\)|0 +100 k/s +100 k/s +100 k/s  \(1 short; 7 of 8 used\)|1 +200 k/s +200 k/s +200 k/s  \(1 uncounted, 1 unsure; 5 of 7 used\))$' "$o/trust4.summary"
count "trust4 summary: metrics only where both windows hold data" 2 \
	'^(  ipc|  dtlb-read-miss per 1k inst)? +(1 +1\.25 +1\.25 +1\.25  \(6 of 7 samples used\)|1 +1\.6 +1\.6 +1\.6  \(4 of 6 samples used\))$' "$o/trust4.summary"
"$tool" --csv "$v/trust4.bin" >"$o/trust4.csv" 2>&1
py "trust4 csv: windows marked as crafted; no value, CID or cycles where nothing was counted" '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
marks = sorted({(r["time_s"], r["hart"], r["window"]) for r in rows if r["window"] != "ok"})
assert marks == [("0.002000000", "0", "late"), ("0.004000000", "0", "short"),
                 ("0.005000000", "1", "disagree"), ("0.006000000", "1", "lost"),
                 ("0.011000000", "1", "uncounted"), ("0.014000000", "1", "absent"),
                 ("0.015000000", "1", "absent")], marks
for r in rows:
    empty = r["window"] in ("uncounted", "absent")
    for f in ("cid1", "cid2", "value", "cycles", "length_s", "rate", "ipc", "per_1k_inst"):
        assert not (empty and r[f]), r
    if not empty:
        assert abs(float(r["rate"]) - int(r["value"]) / float(r["length_s"])) <= 1e-6 * float(r["rate"]), r
' "$o/trust4.csv"
"$tool" -D "$v/trust4.bin" >"$o/trust4.dump" 2>&1
count "trust4 -D: layout 4 said" 1 'header version 4 \(mtime and window per subsample, counted only\)$' "$o/trust4.dump"
count "trust4 -D: an uncounted hart's slots are not shown, 3 times" 3 '^  hart 1 cluster 0 not counted$' "$o/trust4.dump"
count "trust4 -D: counted windows with their words" 29 '^  hart [01] cluster 0 cid1 .* len [0-9]+' "$o/trust4.dump"
count "trust4 -D: the LOST word" 1 '^  hart 1 cluster 0 cid1 0x00000203 .* len 10000 LOST \|' "$o/trust4.dump"
"$tool" --perfetto "$o/trust4.json" --plot "$o/trust4.svg" --heatmap "$o/trust4.heat.svg" "$v/trust4.bin" >/dev/null 2>&1
py "trust4 perfetto: the uncounted window an instant, no counter; the absent ones nothing" '
import json, sys
t = json.load(open(sys.argv[1]))["traceEvents"]
i = sorted((e["pid"], e["name"], e["ts"]) for e in t if e["ph"] == "i")
assert (2, "uncounted window", 11000.0) in i and not [x for x in i if "absent" in x[1]], i
c = [(e["pid"], e["ts"]) for e in t if e["ph"] == "C" and "events/s" in e["args"]]
assert (2, 11000.0) not in c and (2, 14000.0) not in c and (2, 15000.0) not in c
assert len(c) == 8 * 4 * 2 - 2 - 4, len(c)
' "$o/trust4.json"
py "trust4 plot: no point from the windows without data" '
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
dots = list(root.iter(ns + "circle"))
assert len(dots) == 8 * 2 * 4 - 8 - 4, len(dots)   # 8 left out as in trust, 4 absent or uncounted more
' "$o/trust4.svg"
for f in trust4 one4; do
	"$tool" "$v/$f.bin" >"$o/$f.all" 2>&1
	for x in -D --csv; do "$tool" $x "$v/$f.bin" >>"$o/$f.all" 2>&1; done
	"$tool" --perfetto "$o/$f.j" --plot "$o/$f.p" --heatmap "$o/$f.h" "$v/$f.bin" >>"$o/$f.all" 2>&1
	cat "$o/$f.j" "$o/$f.p" "$o/$f.h" >>"$o/$f.all"
	# the stale bytes, as numbers any output could show them: 64 and 32 bits,
	# decimal and hex, and the rates and ratios made of them
	count "$f: no output shows the stale bytes of an uncounted slot" 0 \
		'6510615555426900570|1515870810|5a5a5a5a|6\.51[0-9]*e\+?(1|2)[0-9]|1\.51[0-9]*e\+?(0|1)[0-9]' "$o/$f.all"
done
check "one4: stale padding of an uncounted window is not read" 0 '4 sample\(s\), 0 lost' "$v/one4.bin"
check "const4: layout 4, the same rates as layouts 1 and 2" 0 '^ +1 +3 M/s +3 M/s +3 M/s$' "$v/const4.bin"
check "const4 -D: every hart's window counted" 0 \
	'^  hart 1 cluster 0 cid1 0x00000200 cid2 0xc0de0001 cycles 100000 mtime 5000000 len 10000 \| cycles 3000 \| instructions 0$' \
	-D "$v/const4.bin"
python3 -c "$HEAT" "$o/late2.heat.svg" "$v/late2.bin" >"$o/late2.cells" 2>&1
count "heat map: hart 0's catch-up window hatched, in column 2 of 8" 2 \
	'^0 [23] off 372\.50 91\.25 None$' "$o/late2.cells"
count "heat map: nothing else hatched" 2 ' off ' "$o/late2.cells"
count "heat map: hart 0's marker over column 2, hart 1 none" 1 '^0 mark mark 372\.50 91\.25' "$o/late2.cells"
count "heat map: no marker elsewhere" 1 ' mark ' "$o/late2.cells"
count "heat map: the late window's true rate is the others': cycles one flat row" 1 \
	'^0 0 flat 190\.00 730\.00 None$' "$o/late2.cells"
count "heat map: hart 1 (the higher or equal rates): a cell a row, the lightest or flat" 4 \
	'^1 [0-3] (c 190\.00 730\.00 #f6e446|flat 190\.00 730\.00 None)$' "$o/late2.cells"
count "heat map: hart 0's instructions, the row's lowest (50 M/s of 125), darkest" 1 \
	'^0 1 c 190\.00 730\.00 #241254$' "$o/late2.cells"
python3 -c "$HEAT" "$o/const.heat.svg" "$v/const.bin" >"$o/const.cells" 2>&1
count "heat map: a zero rate is white, not a colour" 1 '^1 1 zero 190\.00 730\.00 None$' "$o/const.cells"
python3 -c "$HEAT" "$o/three.heat.svg" "$v/three.bin" >"$o/three.cells" 2>&1
count "heat map: lost samples 5 and 6 are no data in every row" 6 \
	'^[01] [0-2] nodata 595\.56 162\.22 None$' "$o/three.cells"
py "heat map: above 16 harts a panel per cluster, summed" '
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
t = [x.text for x in ET.parse(sys.argv[1]).getroot().iter(ns + "text") if x.get("class") == "pt"]
assert t == ["cluster %d: the sum of its 5 hart(s)" % c for c in range(4)], t
' "$o/wide.heat.svg"
py "heat map: the per-row log scale spans each row from its lowest to its highest" '
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
stops = [s.get("stop-color") for s in root.iter(ns + "stop")]
panels = [g for g in root.iter(ns + "g") if g.get("class") == "panel"]
rows = {}
for g in panels:
    for r in g.iter(ns + "rect"):
        if r.get("class") == "c":
            rows.setdefault(r.get("y"), set()).add(r.get("fill"))
# the wave shape spans about a decade per event: every row reaches both ends
assert all(stops[0] in f and stops[-1] in f for f in rows.values()), rows
' "$o/wave.heat.svg"

# The legend at any width: no two of its texts and swatches overlap, and
# all lie inside the picture, for several shapes at widths from the least
# (480) to the most (4000). A text's box is its width in DejaVu Sans (the
# widths rvpmu-report lays out with, by character class, checked against
# rsvg-convert's rendering: 6-9 % above the ink), from its anchor; the
# panels start below the legend.
LEGEND='
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
def em(c):
    if ord(c) >= 0x80: return 0.5 * len(c.encode())
    for k, v in (("ijl", .28), ("ft", .40), ("r", .42), ("I", .30), (" ", .32), (".,:;\x27|!", .33),
                 ("()[]{}", .40), ("-/", .37), ("m", .98), ("w", .82), ("WM%@", 1.0)):
        if c in k: return v
    return .62 if c.islower() else .64 if c.isdigit() else .78
def width(t, size): return sum(em(c) for c in t) * size * 1.05
root = ET.parse(sys.argv[1]).getroot()
W = float(root.get("width"))
assert W == float(sys.argv[2]), (W, sys.argv[2])
leg = [g for g in root.iter(ns + "g") if g.get("id") == "legend"][0]
boxes = []
for e in leg.iter():
    if e.tag == ns + "text":
        size = 12.0
        w = width(e.text or "", size)
        x = float(e.get("x")) - (w if e.get("text-anchor") == "end" else 0)
        y = float(e.get("y"))
        boxes.append((x, y - size * 0.8, w, size, "text " + repr(e.text)))
    elif e.tag == ns + "rect":
        boxes.append((float(e.get("x")), float(e.get("y")), float(e.get("width")),
                      float(e.get("height")), "rect " + e.get("class", "")))
assert len(boxes) >= 12, boxes
for i, a in enumerate(boxes):
    assert a[0] >= 0 and a[0] + a[2] <= W and a[1] >= 0, ("outside", a, W)
    for b in boxes[i + 1:]:
        if a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]:
            sys.exit("overlap at width %g: %s and %s" % (W, a, b))
bottom = max(b[1] + b[3] for b in boxes)
titles = [float(t.get("y")) for t in root.iter(ns + "text") if t.get("class") == "pt"]
assert not titles or min(titles) - 14 > bottom, (titles, bottom)
texts = [t for t in root.iter(ns + "text") if t.get("font-weight") == "bold" or t.get("class") == "note"]
for t in texts:
    size = 18 * 1.12 if t.get("font-weight") == "bold" else 12
    assert float(t.get("x")) + width(t.text or "", size) <= W + 0.5 or t.get("text-anchor") == "end", \
        ("past the right edge", t.text, W)
for t in root.iter(ns + "text"):	# the rate of a flat row stays on its cells
    if t.get("class") == "fv":
        half = width(t.text, float(t.get("font-size"))) / 2
        assert float(t.get("x")) - half >= 190 and float(t.get("x")) + half <= W - 80, (t.text, W)
'
for s in wave wide flat trust late2; do
	bad=""
	for w in 480 560 640 800 1000 1300 2000 4000; do
		"$tool" --heatmap "$o/$s.w$w.svg" --width $w "$v/$s.bin" >/dev/null 2>&1 &&
			python3 -c "$LEGEND" "$o/$s.w$w.svg" $w >"$o/py" 2>&1 || { bad="$bad $w"; tail -n 2 "$o/py" | sed 's/^/#   /'; }
	done
	if [ -z "$bad" ]; then ok "heat map legend of $s: nothing overlaps, inside the width, at 480..4000 px"
	else nok "heat map legend of $s: overlaps or runs out at width(s)$bad"; fi
done
check "--width below 480: exit 2" 2 'width takes 480\.\.4000' --width 479 --heatmap "$o/x.svg" "$v/one.bin"
check "--width not a number: exit 2" 2 'width takes 480\.\.4000' --width 9x --heatmap "$o/x.svg" "$v/one.bin"

# Flat rows: a row whose rates stay under 1.05 times their lowest is one
# colour, its rate and max/min printed on it; 1.06, or a 0, is the scale.
"$tool" --heatmap "$o/flat.heat.svg" "$v/flat.bin" >/dev/null 2>&1
python3 -c "$HEAT" "$o/flat.heat.svg" "$v/flat.bin" >"$o/flat.cells" 2>&1
count "flat rows: cycles (4 %) and dtlb-read-miss (4.9 %) one flat cell a row on each hart" 4 \
	'^[01] [02] flat 190\.00 730\.00 None$' "$o/flat.cells"
count "flat rows: instructions (6 %) on the scale, darkest and lightest alternating" 16 \
	'^[01] 1 c [0-9.]+ 91\.25 #(241254|f6e446)$' "$o/flat.cells"
count "flat rows: the 0-or-1000 row is white and lightest, not flat" 16 \
	'^[01] 3 (zero [0-9.]+ 91\.25 None|c [0-9.]+ 91\.25 #f6e446)$' "$o/flat.cells"
count "flat rows: the rate and max/min printed on each flat row" 2 \
	'class="fv"[^>]*>1\.02 G/s, max/min 1\.040 \(under 1\.05: one colour\)<' "$o/flat.heat.svg"
count "flat rows: dtlb-read-miss at 102 M/s, max/min 1.049" 2 \
	'class="fv"[^>]*>102 M/s, max/min 1\.049 \(under 1\.05: one colour\)<' "$o/flat.heat.svg"
py "perfetto: const rates in events/s at ts in us" '
import json, sys
t = json.load(open(sys.argv[1]))["traceEvents"]
c = [(e["pid"], e["name"], e["ts"], e["args"]["events/s"]) for e in t
     if e["ph"] == "C" and "events/s" in e["args"]]
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
py "perfetto: late and short windows marked; true-length rates; metrics as counter tracks" '
import json, sys
t = json.load(open(sys.argv[1]))["traceEvents"]
i = [(e["pid"], e["name"], e["ts"]) for e in t if e["ph"] == "i"]
assert i == [(1, "late window (2 periods)", 4000.0), (1, "short window (0.02 periods)", 6000.0)], i
c = {(e["pid"], e["name"], e["ts"]): list(e["args"].values())[0] for e in t if e["ph"] == "C"}
assert c[(1, "cycles", 4000.0)] == 1e8 and c[(1, "dtlb-read-miss", 6000.0)] == 1e5
assert c[(1, "ipc", 4000.0)] == 0.5 and c[(2, "ipc", 0.0)] == 1.25
assert c[(1, "dtlb-read-miss per 1k inst", 5000.0)] == 2
assert c[(2, "dtlb-read-miss per 1k inst", 1000.0)] == 1.6
assert len([k for k in c if k[1] == "ipc"]) == 16 and len([k for k in c if "1k" in k[1]]) == 16
' "$o/late2.json"
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
check "--help: the new columns documented" 0 'per_1k_inst +rows of a cache/TLB miss event' --help
check "--heatmap without its argument: exit 2" 2 'without its argument' "$v/one.bin" --heatmap
check "unwritable heat map: exit 1" 1 'rvpmu-report: /nonexistent/h.svg' --heatmap /nonexistent/h.svg "$v/one.bin"
check "missing file: exit 1" 1 'No such file' "$dir/does-not-exist.bin"
check "unwritable output: exit 1" 1 'rvpmu-report: /nonexistent/x.svg' --plot /nonexistent/x.svg "$v/one.bin"
if "$tool" - <"$v/one.bin" 2>&1 | grep -q '4 sample(s)'; then ok "reads standard input"; else nok "reads standard input"; fi

# ---- corrupt files: exit 1 and the message the corruption calls for
while read -r name pat; do
	check "corrupt $name: exit 1, /$pat/" 1 "rvpmu-report: .*bad-$name\.bin: (offset [0-9]+ \(0x[0-9a-f]+\): .*)?($pat)" \
		"$dir/bad/bad-$name.bin"
done <"$dir/bad/corrupt.list"

# ---- several runs and PAD records (the driver's AUX stream): multi.bin is
# pad, run 1 (multi-run1.bin), a 40-byte pad of stale bytes, run 2's first
# buffer, pad, its other two (run 2 alone: multi-run2.bin), a trailing pad
m=$dir/multi
check "multi: summary, run 1 of 2 from the buffer after the first pad" 0 \
	'^RVPMU SAMPLER run 1 of 2: t0 5000000, 2 buffer\(s\) from offset 0x10$' "$m/multi.bin"
check "multi: summary, run 2 of 2" 0 '^RVPMU SAMPLER run 2 of 2: t0 9000000, 3 buffer\(s\) from offset 0x788$' \
	"$m/multi.bin"
"$tool" "$m/multi.bin" >"$o/multi.summary" 2>&1
"$tool" "$m/multi-run1.bin" >"$o/run1.summary" 2>&1
"$tool" "$m/multi-run2.bin" >"$o/run2.summary" 2>&1
py "multi: each run's summary is the summary of that run alone" '
import sys
t = open(sys.argv[1]).read()
a, b = open(sys.argv[2]).read(), open(sys.argv[3]).read()
parts = t.split("\nRVPMU SAMPLER run 2 of 2: ")
assert len(parts) == 2, t
assert parts[0].split("\n", 1)[1] == a, parts[0]
assert parts[1].split("\n", 1)[1] == b, parts[1]
' "$o/multi.summary" "$o/run1.summary" "$o/run2.summary"
"$tool" -D "$m/multi.bin" >"$o/multi.dump" 2>&1
count "multi -D: the four pads" 4 '^0x[0-9a-f]+ \[0x[0-9a-f]+\]: RVPMU SAMPLER pad$' "$o/multi.dump"
count "multi -D: a run line before each run" 2 '^\. \.\.\. RVPMU SAMPLER run [12] of 2$' "$o/multi.dump"
check "multi -D: the stale pad" 0 '^0x760 \[0x28\]: RVPMU SAMPLER pad$' -D "$m/multi.bin"
check "multi -D: run 2's sample 8, subsample 1, its own t0" 0 \
	'^0x8f0 \[0x40\]: RVPMU SAMPLER subsample 1 of sample 8, k 17, t 0\.051000000 s, mtime 9510000$' \
	-D "$m/multi.bin"
check "multi -D: run 2's values there" 0 \
	'^  hart 7 cluster 0 cid1 0x00000208 cid2 0xc0de0001 cycles 7008011 \| dtlb-read-miss 9002001$' \
	-D "$m/multi.bin"
py "multi -D: buffers and pads tile the file, offsets and sizes adding up" '
import os, re, sys
recs = sorted((int(a, 16), int(b, 16)) for a, b in
              re.findall(r"^0x([0-9a-f]+) \[0x([0-9a-f]+)\]: RVPMU SAMPLER (?:buffer|pad)", open(sys.argv[1]).read(), re.M))
at = 0
for off, size in recs:
    assert off == at, (off, at)
    at += size
assert at == os.path.getsize(sys.argv[2]) and len(recs) == 9, (at, len(recs))
' "$o/multi.dump" "$m/multi.bin"
"$tool" --csv "$m/multi.bin" >"$o/multi.csv" 2>&1
"$tool" --csv "$m/multi-run1.bin" >"$o/run1.csv" 2>&1
"$tool" --csv "$m/multi-run2.bin" >"$o/run2.csv" 2>&1
py "multi csv: a run column first; each run's rows those of the run alone" '
import sys
t = open(sys.argv[1]).read().split("\n")
a, b = (open(f).read().split("\n") for f in sys.argv[2:4])
assert t[0] == "run," + a[0], t[0]
rows = [r for r in t[1:] if r]
assert [r[2:] for r in rows if r.startswith("1,")] == [r for r in a[1:] if r]
assert [r[2:] for r in rows if r.startswith("2,")] == [r for r in b[1:] if r]
assert len(rows) == 60 + 42, len(rows)
' "$o/multi.csv" "$o/run1.csv" "$o/run2.csv"
"$tool" --perfetto "$o/multi.json" --plot "$o/multi.svg" --heatmap "$o/multi.heat.svg" "$m/multi.bin" \
	>"$o/multi.log" 2>&1; rc=$?
if [ $rc -eq 0 ] && ! sanitizer "$o/multi.log"; then ok "multi: --perfetto, --plot and --heatmap"; else
	nok "multi: --perfetto, --plot and --heatmap (exit $rc)"; fi
py "multi json: a process per run and hart, every counter, run 2 placed 0.4 s on" '
import json, sys
t = json.load(open(sys.argv[1]))["traceEvents"]
names = sorted(e["args"]["name"] for e in t if e["ph"] == "M" and e["name"] == "process_name")
assert names == ["run 1: hart 0 (cluster 0)", "run 1: hart 1 (cluster 0)",
                 "run 2: hart 3 (cluster 0)", "run 2: hart 7 (cluster 0)"], names
c = [e for e in t if e["ph"] == "C" and "events/s" in e["args"]]
assert len(c) == 60 + 42, len(c)
assert min(e["ts"] for e in c if e["pid"] > 2) == 400000.0
assert any(e["ph"] == "i" and e["name"] == "run 2: lost samples 5..6" for e in t)
' "$o/multi.json"
for f in multi multi.heat; do
	py "multi $f svg: well-formed, a picture and a title per run" '
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
inner = [e for e in root if e.tag == ns + "svg"]
assert len(inner) == 2, len(inner)
titles = [e.text for e in root if e.tag == ns + "text" and e.get("class") == "run"]
assert [t.split(":")[0] for t in titles] == ["RVPMU SAMPLER run 1 of 2", "RVPMU SAMPLER run 2 of 2"], titles
assert float(inner[1].get("y")) > float(inner[0].get("y")) + float(inner[0].get("height")) - 1
assert float(root.get("height")) >= float(inner[1].get("y")) + float(inner[1].get("height"))
' "$o/$f.svg"
done
for x in "" -D --csv; do
	"$tool" $x "$m/multi-padded.bin" >"$o/padded.out" 2>&1
	"$tool" $x "$m/multi-run1.bin" >"$o/plain.out" 2>&1
	[ "$x" = -D ] && sed -i '/RVPMU SAMPLER pad$/d; /^$/d' "$o/padded.out" "$o/plain.out" &&
		sed -i 's/^0x\([0-9a-f]*\)/\1/' "$o/padded.out" "$o/plain.out" && \
		awk '/^[0-9a-f]+ \[/ { sub(/^[0-9a-f]+/, "") } { print }' "$o/padded.out" >"$o/p1" &&
		awk '/^[0-9a-f]+ \[/ { sub(/^[0-9a-f]+/, "") } { print }' "$o/plain.out" >"$o/p2" &&
		mv "$o/p1" "$o/padded.out" && mv "$o/p2" "$o/plain.out"
	if cmp -s "$o/padded.out" "$o/plain.out"; then ok "one run among pads: ${x:-summary} as without them"; else
		nok "one run among pads: ${x:-summary} differs"; diff "$o/plain.out" "$o/padded.out" | head -5 | sed 's/^/#   /'; fi
done
check "pads only: the summary says so" 0 '^RVPMU SAMPLER summary: no sampler buffer, 2 pad\(s\) only$' "$m/multi-pads.bin"
check "pads only: nothing to plot, exit 1" 1 'only pad records: nothing to plot' --plot "$o/none.svg" "$m/multi-pads.bin"
while read -r name runs; do
	check "split $name: a changed run parameter starts run $runs of $runs" 0 "^RVPMU SAMPLER run $runs of $runs: " \
		"$m/split-$name.bin"
done <"$m/split.list"

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
