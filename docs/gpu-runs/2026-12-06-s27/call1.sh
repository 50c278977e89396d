# Twenty-seventh session, call 1: the GPU tests of 13, 14d, 15 and 20 (15's slot test as rewritten at the end of the
# twenty-sixth session had not run on a GPU); on an H200 the tuner at M = 1024-4096 over both kinds (--merge into the
# H200 table) and `bench moe`; then the flattened persistent slot GEMMs against the package's (flatten_ab.py).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s27/call1.sh ; results in $OUT/call1.tgz
CALL=call1; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 170 python3 -m pytest -q -m gpu tests/test_13_tile_configs.py tests/test_14d_grouped_gemm.py tests/test_15_fused_moe.py tests/test_20_moe_layer.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
if [ "$NAME" = NVIDIA_H200 ]; then
  timeout 140 python3 scripts/tune_fused_moe.py --m 1024 2048 4096 --merge --budget-s 90 --out $R/tuned > $R/tune.log 2>&1
  echo "tune rc=$? $(el)"; grep -E "^M=|WRONG|FAILED" $R/tune.log | cut -c1-200; cp refmoe/configs/*H200*.json $R/; pack
  mkdir -p artifacts/gpu/moe
  timeout 120 python3 -m refmoe bench moe --m 1024 2048 4096 --no-padded --no-torch-ref > $R/bench_moe.jsonl 2> $R/bench_moe.err
  echo "bench rc=$? $(el)"; cut -c1-400 $R/bench_moe.jsonl; pack
fi
LEFT=$(( 585 - ($(date +%s) - T0) )); [ $LEFT -gt 60 ] || exit 0
timeout $LEFT python3 docs/gpu-runs/2026-12-06-s27/flatten_ab.py > $R/flatten_ab.jsonl 2> $R/flatten_ab.err
echo "flatten_ab rc=$? $(el)"; cut -c1-900 $R/flatten_ab.jsonl; tail -5 $R/flatten_ab.err; pack
