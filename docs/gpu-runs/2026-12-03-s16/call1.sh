# The sixteenth session's first call (carry .whl): the GPU tests of the changed kernels (14's shared slots, 18's
# run-time chunk and one-split path, 20's layer), the tile tuner at M = 8, 32, 128 and 512 (13's 64-row candidates
# past 24 pairs per expert), and the prefill bench before and after the new configs.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s16/call1.sh
scripts/gpu-check env > "$OUT/env1.log" 2>&1 || { tail -20 "$OUT/env1.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
mkdir -p "$OUT/call1"
timeout 200 python3 -m pytest -q -m gpu tests/test_14_moe_gemv.py tests/test_15_fused_moe.py tests/test_18_paged_attention.py tests/test_20_moe_layer.py tests/test_21_attention.py tests/test_25_model.py tests/test_32_decode_runner.py tests/test_33_prefill_runner.py > "$OUT/call1/pytest-gpu.txt" 2>&1; echo "pytest rc=$?"; tail -4 "$OUT/call1/pytest-gpu.txt"
timeout 60 python3 -m refmoe bench prefill --device cuda --tokens 256 512 > "$OUT/call1/prefill-before.jsonl" 2>&1; tail -2 "$OUT/call1/prefill-before.jsonl" | cut -c1-400
for M in 512 8 128 32; do
  timeout 70 python3 scripts/tune_fused_moe.py --m $M --merge --budget-s 30 > "$OUT/call1/tune-m$M.txt" 2>&1; echo "tune M=$M rc=$?"; grep "best" "$OUT/call1/tune-m$M.txt"
done
cp refmoe/configs/*.json "$OUT/call1/h200-configs.json"
timeout 60 python3 -m refmoe bench prefill --device cuda --tokens 256 512 > "$OUT/call1/prefill-after.jsonl" 2>&1; tail -2 "$OUT/call1/prefill-after.jsonl" | cut -c1-400
cd "$OUT" && tar czf call1.tgz call1 && rm -rf call1
