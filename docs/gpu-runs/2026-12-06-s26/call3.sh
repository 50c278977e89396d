# Twenty-sixth session, call 3 (call 2 on an H200 only: on any other GPU it stops after the environment check): GPU tests of 13, 14d, 15, 20 with the H100 table that picks the slot path at
# M = 2048 and 4096; notebook 14d run in place (its GPU cells: the slot path against the sorted kernel, same tiles).
# On an H200 also: the tuner at M = 1024, 2048, 4096 over sorted and slot candidates (--merge), `refmoe bench moe`
# and `bench router` into artifacts/gpu/moe/, notebook 71 run in place. On an H100: `bench moe` at M = 1024-4096.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s26/call3.sh ; results in $OUT/call3.tgz
CALL=call3; . docs/gpu-runs/2026-12-06-s25/prelude.sh
[ "$NAME" = NVIDIA_H200 ] || { echo "not an H200: stopping"; exit 0; }
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 150 python3 -m pytest -q -m gpu tests/test_13_tile_configs.py tests/test_14d_grouped_gemm.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
timeout 150 python3 scripts/nbtools.py run nbs/14d_grouped_gemm.ipynb --flags gpu > $R/nbrun14d.log 2>&1
echo "nbrun 14d rc=$? $(el)"; tail -2 $R/nbrun14d.log; cp nbs/14d_grouped_gemm.ipynb $R/; pack
if [ "$NAME" != NVIDIA_H200 ]; then
  timeout 100 python3 -m refmoe bench moe --m 1024 2048 4096 --no-padded --no-torch-ref > $R/bench_moe.jsonl 2> $R/bench_moe.err
  echo "bench rc=$? $(el)"; cut -c1-330 $R/bench_moe.jsonl; pack; exit 0
fi
timeout 150 python3 scripts/tune_fused_moe.py --m 1024 2048 4096 --merge --budget-s 110 --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$? $(el)"; grep -E "^M=|WRONG|FAILED" $R/tune.log | cut -c1-200; pack
mkdir -p artifacts/gpu/moe
timeout 100 python3 -m refmoe bench router > artifacts/gpu/moe/bench_router.jsonl 2> $R/router.err; echo "router rc=$? $(el)"
timeout 200 python3 -m refmoe bench moe > artifacts/gpu/moe/bench_moe.jsonl 2> $R/moe.err; echo "moe rc=$? $(el)"
cp artifacts/gpu/moe/*.jsonl $R/; cut -c1-300 $R/bench_moe.jsonl; pack
LEFT=$(( 570 - ($(date +%s) - T0) )); [ $LEFT -gt 60 ] || exit 0
timeout $LEFT python3 scripts/nbtools.py run nbs/71_moe_bench.ipynb --flags "gpu bench" > $R/nbrun71.log 2>&1; echo "nbrun 71 rc=$? $(el)"
cp nbs/71_moe_bench.ipynb $R/; pack
