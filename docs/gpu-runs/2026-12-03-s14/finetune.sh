# Run 11: run 10's weights fine-tuned with renamed tools and parameters (80a's vary_schema), then eval11.py.
# On the device: REFMOE_COMMIT=<sha> bash docs/gpu-runs/2026-12-03-s14/finetune.sh  (carry .whl)
set -o pipefail
scripts/gpu-check env > "$OUT/env.log" 2>&1 || { tail -20 "$OUT/env.log"; exit 1; }
export PYTHONPATH=/tmp/site PATH=/tmp/site/bin:$PATH
mkdir -p "$OUT/w"
python3 -m refmoe train tiny-tools --init refmoe/models/weights/tiny-tools.safetensors --rename ${RENAME:-0.5} --steps ${STEPS:-1500} --max-minutes ${MAX_MINUTES:-2} \
  --lr 3e-4 --warmup 50 --wide-from 0 --short-until never --out "$OUT/w/tiny-tools.safetensors" --plot "$OUT/loss.png" > "$OUT/train.log" 2>&1
rc=$?; tail -c 600 "$OUT/train.log"; [ $rc = 0 ] || exit $rc
python3 -c "import json; m = json.load(open('$OUT/w/tiny-tools.json')); print({k: m[k] for k in ('seconds', 'steps_run', 'final_loss', 'sha256')})"
REFMOE_WEIGHTS_DIR="$OUT/w" timeout ${EVAL_TIMEOUT:-150} python3 docs/gpu-runs/2026-12-03-s14/eval11.py | tee "$OUT/eval.md"
