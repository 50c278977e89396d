# Twenty-sixth session, call 5: GEMM2's routed weight loaded before the K loop (14d's slot GEMM2, 15's sorted kernel)
# against the kernels before (weight_prefetch_ab.py; the old modules written here by its --write-only and carried
# untracked), then the GPU tests of 14d, 15, 20 and `bench moe` at M = 1024-4096.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s26/call5.sh ; results in $OUT/call5.tgz
CALL=call5; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 200 python3 docs/gpu-runs/2026-12-06-s26/weight_prefetch_ab.py > $R/prefetch_ab.jsonl 2> $R/prefetch_ab.err
echo "ab rc=$? $(el)"; cat $R/prefetch_ab.jsonl; tail -3 $R/prefetch_ab.err; pack
rm -f refmoe/kernels/_ab_old_*.py
timeout 150 python3 -m pytest -q -m gpu tests/test_14d_grouped_gemm.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
timeout 100 python3 -m refmoe bench moe --m 1024 2048 4096 --no-padded --no-torch-ref > $R/bench_moe.jsonl 2> $R/bench_moe.err
echo "bench rc=$? $(el)"; cut -c1-330 $R/bench_moe.jsonl; pack
