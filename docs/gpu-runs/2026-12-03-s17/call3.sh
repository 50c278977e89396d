# The seventeenth session's third GPU script (carry .whl): every GPU test of the kernels, layers, model and runners
# with PDL on; the decode A/B (off, on without the early indices, on, on with one input copy); prefill with PDL off
# and on; the GPU cells of 14, 18, 19 and 73 for their saved outputs.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s17/call3.sh
scripts/gpu-check env > "$OUT/env3.log" 2>&1 || { tail -20 "$OUT/env3.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 200 python3 -m pytest -q -m gpu tests/test_02_env.py tests/test_1*.py tests/test_2*.py tests/test_3*.py 2>&1 | tail -4
timeout 150 python3 docs/gpu-runs/2026-12-03-s17/ab_pdl3.py 1 8 64 > "$OUT/ab_pdl3.jsonl" 2>&1; echo "ab rc=$?"; cut -c1-600 "$OUT/ab_pdl3.jsonl"
for pdl in 0 1; do REFMOE_PDL=$pdl timeout 90 python3 -m refmoe bench prefill --device cuda > "$OUT/prefill-pdl$pdl.jsonl" 2>&1; echo "prefill PDL=$pdl rc=$?"; cut -c1-300 "$OUT/prefill-pdl$pdl.jsonl"; done
mkdir -p "$OUT/nbs"
for nb in 14_moe_gemv 18_paged_attention 19_norm_rope; do timeout 100 python3 scripts/nbtools.py run --flags gpu nbs/$nb.ipynb > "$OUT/nb-$nb.txt" 2>&1; echo "$nb rc=$?"; cp nbs/$nb.ipynb "$OUT/nbs/"; done
timeout 200 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb-73.txt" 2>&1; echo "nb73 rc=$?"; cp nbs/73_runner_bench.ipynb "$OUT/nbs/"
tar czf "$OUT/nbs.tgz" -C "$OUT" nbs && rm -rf "$OUT/nbs"
grep -E '"bench": "(decode|prefill)"' "$OUT/nb-73.txt" | cut -c1-400
