# The seventeenth session's last GPU script (carry .whl): the GPU cells of 14, 18, 19 and 73 for their saved outputs
# (call 3's copies did not come back: nine files). REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s17/call4.sh
scripts/gpu-check env > "$OUT/env4.log" 2>&1 || { tail -20 "$OUT/env4.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
for nb in 14_moe_gemv 18_paged_attention 19_norm_rope; do timeout 100 python3 scripts/nbtools.py run --flags gpu nbs/$nb.ipynb > "$OUT/nb-$nb.txt" 2>&1; echo "$nb rc=$?"; done
timeout 240 python3 scripts/nbtools.py run --flags "gpu bench" nbs/73_runner_bench.ipynb > "$OUT/nb-73.txt" 2>&1; echo "nb73 rc=$?"
tar czf "$OUT/logs.tgz" -C "$OUT" nb-14_moe_gemv.txt nb-18_paged_attention.txt nb-19_norm_rope.txt nb-73.txt env4.log && rm -f "$OUT"/nb-*.txt "$OUT/env4.log"
cp nbs/14_moe_gemv.ipynb nbs/18_paged_attention.ipynb nbs/19_norm_rope.ipynb nbs/73_runner_bench.ipynb "$OUT/"
ls "$OUT"
