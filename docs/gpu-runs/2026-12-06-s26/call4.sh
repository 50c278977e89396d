# Twenty-sixth session, call 4: Nsight Compute on the routed layer at M = 1024 (sorted kernel) and M = 4096 (the slot
# path: gather, TMA GEMM1, TMA GEMM2), on whichever GPU comes, to explain the large-M roofline gap from a profile.
# ncu locks the clocks at base and flushes caches between passes: read its ratios, not its times.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s26/call4.sh ; results in $OUT/call4.tgz
CALL=call4; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
echo "ncu: $NCU"; [ -n "$NCU" ] || exit 1
K='regex:grouped_gemm|gather_slots|fused_moe_kernel|moe_sum'
timeout 420 $NCU --profile-from-start off --set full -k "$K" -f -o $R/moe python3 scripts/ncu-moe.py --m 1024 4096 > $R/ncu.log 2>&1
echo "ncu rc=$? $(el)"; tail -3 $R/ncu.log; pack
$NCU --import $R/moe.ncu-rep --page details > $R/details.txt 2>&1
$NCU --import $R/moe.ncu-rep --page raw --csv > $R/raw.csv 2>&1
echo "import $(el)"; ls -la $R; pack
grep -E "^  [a-z_]+.*\(|Duration|Compute \(SM\) Throughput|Memory Throughput|DRAM Throughput|Achieved Occupancy|Registers Per|Theoretical Occupancy|Issue Slots Busy|Executed Ipc A" $R/details.txt | head -80
