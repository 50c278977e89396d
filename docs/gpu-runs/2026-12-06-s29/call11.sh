# Twenty-ninth session, call 11: 14's up GEMV against a variant whose programs each walk several tiles
# (gemv_multi_ab.py), at M = 1 and 4. On an H200, the short refresh of call 10 first.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s29/call11.sh ; results in $OUT/call11.tgz
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
if [ "$NAME" = NVIDIA_H200 ]; then bash docs/gpu-runs/2026-12-06-s29/call10.sh; fi
CALL=call11; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 240 python3 docs/gpu-runs/2026-12-06-s29/gemv_multi_ab.py --rounds 5 > $R/gemv_multi.jsonl 2> $R/gemv_multi.err
echo "gemv_multi rc=$? $(el)"; tail -3 $R/gemv_multi.err; cut -c1-2500 $R/gemv_multi.jsonl; pack
