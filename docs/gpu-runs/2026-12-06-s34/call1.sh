# Thirty-fourth session, call 1. On an H200: the refresh (s27's call 4: tuner at M = 1024-4096, `bench router`,
# `bench moe`, notebook 71 run in place). On any other GPU: the thirty-third session's unrun call 3 (the GPU tests
# after the moves of 06, 04 and 55, then `refmoe demo --device cuda`).
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-06-s34/call1.sh ; results in $OUT/call4.tgz (H200) or $OUT/call3.tgz
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))" 2>/dev/null)
echo "device: $NAME"
if [ "$NAME" = NVIDIA_H200 ]; then exec bash docs/gpu-runs/2026-12-06-s27/call4.sh; fi
exec bash docs/gpu-runs/2026-12-06-s33/call3.sh
