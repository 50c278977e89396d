# Sourced by call2.sh and call3.sh with CALL set: the environment check, the GPU's tile JSON, $R and pack().
# The H200 tile JSON is copied under this GPU's name when it has none, so the tiles are the committed ones.
scripts/gpu-check env > "$OUT/env-$CALL.log" 2>&1 || { tail -20 "$OUT/env-$CALL.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
R=/tmp/$CALL; mkdir -p $R
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))")
[ -f "refmoe/configs/E=64,N=1408,device_name=$NAME.json" ] || cp "refmoe/configs/E=64,N=1408,device_name=NVIDIA_H200.json" "refmoe/configs/E=64,N=1408,device_name=$NAME.json"
pack() { tar czf "$OUT/$CALL.tgz" -C /tmp $CALL; }
