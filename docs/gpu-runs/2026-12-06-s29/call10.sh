# Twenty-ninth session, call 10. On an H200 only (any other GPU: nothing): the tuner at M = 2048 and 4096 over both
# kinds (the persistent GEMM1 now launched without PDL; --merge into the H200 table), then `bench moe` at M = 1024-4096
# and `bench router`, within the device time this session has left.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s29/call10.sh ; results in $OUT/call10.tgz
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
echo "device $NAME"
[ "$NAME" = NVIDIA_H200 ] || exit 0
CALL=call10; . docs/gpu-runs/2026-12-06-s25/prelude.sh
T0=$(date +%s); el() { echo "($(( $(date +%s) - T0 ))s)"; }
timeout 170 python3 scripts/tune_fused_moe.py --m 2048 4096 --merge --budget-s 130 --out $R/tuned > $R/tune.log 2>&1
echo "tune rc=$? $(el)"; grep -E "^M=|WRONG|FAILED" $R/tune.log | cut -c1-250; cp refmoe/configs/*.json $R/; pack
timeout 150 python3 -m refmoe bench moe --m 1024 2048 4096 --no-padded --no-torch-ref > $R/bench_moe.jsonl 2> $R/bench_moe.err
echo "moe rc=$? $(el)"; cut -c1-300 $R/bench_moe.jsonl; pack
timeout 60 python3 -m refmoe bench router > $R/bench_router.jsonl 2> $R/router.err; echo "router rc=$? $(el)"; pack
