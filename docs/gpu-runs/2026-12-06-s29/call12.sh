# Twenty-ninth session, call 12: Nsight Compute on the multi-program align's kernels at M = 1024-4096 (align_ncu.py),
# to see why the one-program layout kernel takes 10-16 us. ncu runs at base clocks: read its ratios.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s29/call12.sh ; results in $OUT/call12.tgz
CALL=call12; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $NCU"; [ -n "$NCU" ] || exit 1
timeout 200 $NCU --set full --import-source yes -k "regex:moe_align" -f -o $R/align python3 docs/gpu-runs/2026-12-06-s29/align_ncu.py > $R/ncu.log 2>&1
echo "ncu rc=$? $(el)"; tail -3 $R/ncu.log
$NCU --import $R/align.ncu-rep --page details > $R/details.txt 2>&1
$NCU --import $R/align.ncu-rep --page source --csv --print-source sass > $R/source.csv 2>/dev/null
echo "import $(el)"; pack
grep -E "^  moe_align|Duration|Registers Per|Achieved Occupancy|Executed Ipc A|Block Size|Grid Size|Warp Cycles Per Issued" $R/details.txt | head -90
