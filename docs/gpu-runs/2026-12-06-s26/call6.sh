# Twenty-sixth session, call 6, on an H200 only (any other GPU stops after the environment check): the tuner at
# M = 1024, 2048, 4096 over sorted and slot candidates (--merge into the H200 table), then `bench moe` there.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s26/call6.sh ; results in $OUT/call6.tgz
CALL=call6; . docs/gpu-runs/2026-12-06-s25/prelude.sh
[ "$NAME" = NVIDIA_H200 ] || { echo "not an H200: stopping"; exit 0; }
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 140 python3 scripts/tune_fused_moe.py --m 1024 2048 4096 --merge --budget-s 90 --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$? $(el)"; grep -E "^M=|WRONG|FAILED" $R/tune.log | cut -c1-200; pack
timeout 120 python3 -m refmoe bench moe --m 1024 2048 4096 --no-padded --no-torch-ref > $R/bench_moe.jsonl 2> $R/bench_moe.err
echo "bench rc=$? $(el)"; cut -c1-400 $R/bench_moe.jsonl; pack
