# Twenty-third session, call 2 (an H100: no H200 came): the committed HEAD, no patch. The GPU tests never run on the
# twentieth/twenty-first sessions' 16-row router plan and 19c's fixed case, then the per-phase layer profile.
# (The shared setup went into prelude.sh after the calls ran; the commands are the same.)
# REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-05-s23/call2.sh ; everything lands in $OUT/call2.tgz
CALL=call2; . docs/gpu-runs/2026-12-05-s23/prelude.sh
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm --format=csv > $R/gpu.txt
timeout 220 python3 -m pytest -q -m gpu tests/test_10a_gate_route.py tests/test_19c_slot_copy.py tests/test_20_moe_layer.py tests/test_32_decode_runner.py tests/test_33_prefill_runner.py > $R/tests.txt 2>&1; echo "tests rc=$?"; tail -3 $R/tests.txt; pack
timeout 150 python3 docs/gpu-runs/2026-12-04-s20/wip/layer_profile.py --m 256 1024 > $R/layer_profile.jsonl 2> $R/layer_profile.err; echo "profile rc=$?"; tail -2 $R/layer_profile.err; pack
timeout 60 python3 docs/gpu-runs/2026-12-05-s23/align_cut.py > $R/align_cut.jsonl 2> $R/align_cut.err; echo "align rc=$?"; tail -2 $R/align_cut.err; pack
