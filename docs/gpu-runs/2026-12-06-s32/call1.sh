# Thirty-second session, call 1: the thirty-first session's call 5 (on an H200 the refresh; elsewhere the GPU tests
# of 12, 14d, 15, 20 and layer_ab.py), then the GPU tests of 22, 31, 32 and 33 with the token-id bound of `1f49c9e`
# (a runner's batch check now bounds input_ids by the model's vocabulary, on the device for an unsealed batch), and of
# 18, 19 and 54 (the kernels' host-only checks of `6d60763`, the sampler's kept top token of `b9eb753`).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s32/call1.sh ; results in $OUT/call5.tgz and $OUT/call1.tgz
bash docs/gpu-runs/2026-12-06-s31/call5.sh
CALL=call1; . docs/gpu-runs/2026-12-06-s25/prelude.sh
timeout 150 python3 -m pytest -q -m gpu tests/test_22_forward_batch.py tests/test_31_graphs.py tests/test_32_decode_runner.py \
  tests/test_33_prefill_runner.py tests/test_54_sampler.py tests/test_18_paged_attention.py tests/test_19_norm_rope.py > $R/tests.txt 2>&1
echo "runner tests rc=$?"; tail -3 $R/tests.txt; pack
