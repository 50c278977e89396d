# Twenty-third session, call 3 (H100): the router plan A/B in the layer, then `refmoe bench router`. HEAD, no patch.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-05-s23/call3.sh ; everything lands in $OUT/call3.tgz
scripts/gpu-check env > "$OUT/env-call3.log" 2>&1 || { tail -20 "$OUT/env-call3.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
R=/tmp/call3; mkdir -p $R
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))")
[ -f "refmoe/configs/E=64,N=1408,device_name=$NAME.json" ] || cp "refmoe/configs/E=64,N=1408,device_name=NVIDIA_H200.json" "refmoe/configs/E=64,N=1408,device_name=$NAME.json"
pack() { tar czf "$OUT/call3.tgz" -C /tmp call3; }
timeout 150 python3 docs/gpu-runs/2026-12-05-s23/router_layer_ab.py > $R/router_layer_ab.jsonl 2> $R/router_layer_ab.err; echo "ab rc=$?"; tail -2 $R/router_layer_ab.err; pack
timeout 90 python3 -m refmoe bench router > $R/bench_router.jsonl 2> $R/bench_router.err; echo "router rc=$?"; tail -2 $R/bench_router.err; pack
