# The fourteenth session's GPU steps in one call (carry .whl): run 11's fine-tune and its checks, the one-launch
# routed experts, the served tool grammar. REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s14/call1.sh
S=docs/gpu-runs/2026-12-03-s14
bash $S/finetune.sh; echo "finetune rc=$?"
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
unset TRITON_INTERPRET
timeout 200 python3 $S/onelaunch.py > $OUT/onelaunch.txt 2>&1; echo "onelaunch rc=$?"; head -30 $OUT/onelaunch.txt
timeout 150 python3 $S/served_probe.py > $OUT/served.txt 2>&1; echo "served rc=$?"; cat $OUT/served.txt
