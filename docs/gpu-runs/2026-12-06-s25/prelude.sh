# Sourced by the call scripts with CALL set: the environment check, $R (results) and pack().
scripts/gpu-check env > "$OUT/env-$CALL.log" 2>&1 || { tail -20 "$OUT/env-$CALL.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
R=/tmp/$CALL; mkdir -p $R
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))")
echo "device $NAME"
pack() { tar czf "$OUT/$CALL.tgz" -C /tmp $CALL; }
