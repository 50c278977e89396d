# Thirtieth session, call 1. On an H200: the twenty-seventh session's call 4 (the tuner at M = 1024-4096 over both kinds,
# --merge into the H200 table; `bench router|moe`; notebook 71 run in place). On any other GPU: `align_parts.py` (the
# align's layout kernel part by part, at full clocks), then Nsight Compute's source page for the align's one-program layout kernel at M = 2048 (where its 21.6 us at base clocks go, per SASS
# instruction and per Python line), with the kernel's register and stack use.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s30/call1.sh ; results in $OUT/call1.tgz (call4.tgz on an H200)
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
echo "device $NAME"
if [ "$NAME" = NVIDIA_H200 ]; then exec bash docs/gpu-runs/2026-12-06-s27/call4.sh; fi
CALL=call1; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 200 python3 docs/gpu-runs/2026-12-06-s30/align_parts.py > $R/align_parts.jsonl 2> $R/align_parts.err
echo "parts rc=$? $(el)"; cut -c1-900 $R/align_parts.jsonl; tail -3 $R/align_parts.err; pack
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $NCU"; [ -n "$NCU" ] || exit 1
timeout 240 $NCU --set full --import-source yes -k "regex:moe_align_layout" --launch-skip 3 --launch-count 1 -f -o $R/layout \
  python3 docs/gpu-runs/2026-12-06-s29/align_ncu.py > $R/ncu.log 2>&1
echo "ncu rc=$? $(el)"; tail -3 $R/ncu.log
$NCU --import $R/layout.ncu-rep --page details > $R/details.txt 2>&1
$NCU --import $R/layout.ncu-rep --page source --csv --print-source sass > $R/source_sass.csv 2> $R/source_sass.err
$NCU --import $R/layout.ncu-rep --page source --csv --print-source cuda > $R/source_py.csv 2> $R/source_py.err
wc -c $R/*.csv; head -c 600 $R/source_py.csv; echo; head -c 600 $R/source_sass.err; rm -f $R/layout.ncu-rep
echo "import $(el)"; pack
grep -E "Duration|Registers Per|Executed Ipc A|Local Memory|Warp Cycles Per Issued" $R/details.txt | head -20
