# Thirty-second session, call 2 (call 1 shortened to the device time left): one environment check, the GPU tests of
# 12, 14d, 15, 20 (the align's crossover and chunks of `df65fd7`), 18, 19, 22, 31, 32, 33 and 54 (this session's input
# checks), then s31's layer_ab.py at three sizes and three rounds. On an H200 the same (no time for the refresh).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s32/call2.sh ; results in $OUT/call2.tgz
CALL=call2; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 220 python3 -m pytest -q -m gpu tests/test_12_moe_align.py tests/test_14d_grouped_gemm.py tests/test_15_fused_moe.py \
  tests/test_20_moe_layer.py tests/test_18_paged_attention.py tests/test_19_norm_rope.py tests/test_22_forward_batch.py \
  tests/test_31_graphs.py tests/test_32_decode_runner.py tests/test_33_prefill_runner.py tests/test_54_sampler.py > $R/tests.txt 2>&1
echo "tests rc=$? $(el)"; tail -3 $R/tests.txt; pack
timeout 150 python3 docs/gpu-runs/2026-12-06-s31/layer_ab.py --m 256 512 1024 --rounds 3 > $R/layer_ab.jsonl 2> $R/layer_ab.err
echo "ab rc=$? $(el)"; tail -3 $R/layer_ab.err; pack; cat $R/layer_ab.jsonl
