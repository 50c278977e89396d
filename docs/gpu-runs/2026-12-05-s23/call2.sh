# Twenty-third session, call 2 (an H100: no H200 came): the committed HEAD, no patch. The GPU tests never run on the
# twentieth/twenty-first sessions' 16-row router plan and 19c's fixed case, then the per-phase layer profile.
# The H200 tile JSON is copied under the H100's name first, so the tiles are the committed ones.
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-05-s23/call2.sh ; everything lands in $OUT/call2.tgz
scripts/gpu-check env > "$OUT/env-call2.log" 2>&1 || { tail -20 "$OUT/env-call2.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
R=/tmp/call2; mkdir -p $R
NAME=$(python3 -c "import torch; print(torch.cuda.get_device_name().replace(' ', '_'))")
[ -f "refmoe/configs/E=64,N=1408,device_name=$NAME.json" ] || cp "refmoe/configs/E=64,N=1408,device_name=NVIDIA_H200.json" "refmoe/configs/E=64,N=1408,device_name=$NAME.json"
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv > $R/gpu.txt
pack() { tar czf "$OUT/call2.tgz" -C /tmp call2; }
timeout 220 python3 -m pytest -q -m gpu tests/test_10a_gate_route.py tests/test_19c_slot_copy.py tests/test_20_moe_layer.py tests/test_32_decode_runner.py tests/test_33_prefill_runner.py > $R/tests.txt 2>&1; echo "tests rc=$?"; tail -3 $R/tests.txt; pack
timeout 150 python3 docs/gpu-runs/2026-12-04-s20/wip/layer_profile.py --m 256 1024 > $R/layer_profile.jsonl 2> $R/layer_profile.err; echo "profile rc=$?"; tail -2 $R/layer_profile.err; pack
timeout 60 python3 docs/gpu-runs/2026-12-05-s23/align_cut.py > $R/align_cut.jsonl 2> $R/align_cut.err; echo "align rc=$?"; tail -2 $R/align_cut.err; pack
