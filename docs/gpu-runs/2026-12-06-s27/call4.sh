# Twenty-seventh session, call 4. On an H200: the tuner at M = 1024, 2048, 4096 over both kinds with 13's 4-stage
# down tiles (--merge into the H200 table), `bench router` and `bench moe` into artifacts/gpu/moe/, then notebook 71
# run in place (its bench cell reads those files). On any other GPU: the GPU tests of 14d and 20 with the H100 table
# of call 3 (4-stage down tiles at M = 1024-4096).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s27/call4.sh ; results in $OUT/call4.tgz
CALL=call4; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
if [ "$NAME" != NVIDIA_H200 ]; then
  timeout 200 python3 -m pytest -q -m gpu tests/test_14d_grouped_gemm.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
  echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack; exit 0
fi
timeout 200 python3 scripts/tune_fused_moe.py --m 1024 2048 4096 --merge --budget-s 150 --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$? $(el)"; grep -E "^M=|WRONG|FAILED" $R/tune.log | cut -c1-250; cp refmoe/configs/*.json $R/; pack
mkdir -p artifacts/gpu/moe
timeout 60 python3 -m refmoe bench router > artifacts/gpu/moe/bench_router.jsonl 2> $R/router.err; echo "router rc=$? $(el)"
timeout 160 python3 -m refmoe bench moe > artifacts/gpu/moe/bench_moe.jsonl 2> $R/moe.err; echo "moe rc=$? $(el)"
cp artifacts/gpu/moe/*.jsonl $R/; cut -c1-300 $R/bench_moe.jsonl; pack
LEFT=$(( 585 - ($(date +%s) - T0) )); [ $LEFT -gt 60 ] || exit 0
timeout $LEFT python3 scripts/nbtools.py run nbs/71_moe_bench.ipynb --flags "gpu bench" > $R/nbrun71.log 2>&1; echo "nbrun 71 rc=$? $(el)"
cp nbs/71_moe_bench.ipynb $R/; pack
