# Twenty-ninth session, call 9. On an H200: the twenty-seventh session's call 4 (the H200 refresh). On any other GPU:
# nothing (the device time left is kept for an H200).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s29/call9.sh ; results in $OUT/call4.tgz on an H200
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
echo "device $NAME"
if [ "$NAME" = NVIDIA_H200 ]; then exec bash docs/gpu-runs/2026-12-06-s27/call4.sh; fi
