"""Thirtieth session: compile refmoe's kernels for sm_90 on a machine without a GPU and read their registers and stack
(Triton's own ptxas and cuobjdump), so that a tile's register cost can be seen before a GPU run; and compare the PTX
of 10a's router before and after its preload went through the loop. Needs the GPU machine's Triton (3.6) on the path,
not the CPU venv's:

  .venv/bin/python -m pip install --target /tmp/t36 triton==3.6.0
  PYTHONPATH=/tmp/t36 .venv/bin/python docs/gpu-runs/2026-12-06-s30/compile_check.py
"""
import os, re, subprocess, sys, tempfile

os.environ["TRITON_INTERPRET"] = "0"   # before refmoe: compile, do not interpret
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))
import refmoe.kernels.gate_route as gr
import refmoe.kernels.moe_align as ma

BIN = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin")


def compiled(fn, sig: dict, consts: dict, warps: int):
    for k in consts: sig[k] = "constexpr"
    return triton.compile(ASTSource(fn=fn, signature=sig, constexprs=consts), target=GPUTarget("cuda", 90, 32), options={"num_warps": warps})


def usage(fn, sig, consts, warps) -> str:
    "REG and STACK of the compiled kernel."
    with tempfile.NamedTemporaryFile(suffix=".cubin") as f:
        f.write(compiled(fn, dict(sig), consts, warps).asm["cubin"]); f.flush()
        out = subprocess.run([os.path.join(BIN, "cuobjdump"), "--dump-resource-usage", f.name], capture_output=True, text=True).stdout
    return " ".join(re.findall(r"(REG:\d+|STACK:\d+)", out))


def main():
    print("triton", triton.__version__)
    lay = dict(hist_ptr="*i32", sorted_ids_ptr="*i32", expert_ids_ptr="*i32", num_post_ptr="*i32", numel="i32", num_experts="i32",
               num_programs="i32", max_blocks="i32")
    for bb, bp, w in ((256, 32, 8), (128, 32, 8), (32, 32, 8), (32, 32, 4), (32, 128, 8), (32, 128, 16)):
        print(f"moe_align_layout_kernel NB 128, BLOCK_B {bb}, BLOCK_P {bp}, {w} warps:",
              usage(ma.moe_align_layout_kernel, lay, dict(BLOCK_SIZE=128, NB=128, BLOCK_P=bp, BLOCK_B=bb, PDL=True), w))
    one = dict(topk_ids_ptr="*i32", sorted_ids_ptr="*i32", expert_ids_ptr="*i32", num_post_ptr="*i32", scratch_ptr="*i32",
               numel="i32", num_experts="i32", max_blocks="i32")
    for bb, bt, w in ((256, 1024, 8), (128, 512, 4), (32, 1024, 8)):
        print(f"moe_align_block_size_kernel NB 128, blocks of 16, BLOCK_B {bb}, BLOCK_T {bt}, {w} warps:",
              usage(ma.moe_align_block_size_kernel, one, dict(BLOCK_SIZE=16, NB=128, BLOCK_T=bt, BLOCK_B=bb, PDL=True), w))
    router = dict(x_ptr="*bf16", gate_ptr="*bf16", part_ptr="*fp32", counter_ptr="*i32", bias_ptr="*i32", map_ptr="*i32",
                  count_ptr="*i32", weights_ptr="*fp32", ids_ptr="*i32", load_ptr="*i32", M="i32", H="i32", E="i32",
                  stride_xm="i32", stride_ge="i32", scale="fp32")
    base = dict(SPLIT=8, H_PER_SPLIT=256, PRECISION=None, UPCAST=False, TOP_K=6, BLOCK_K=8, BLOCK_M=16, BLOCK_E=64, SIGMOID=False,
                N_GROUP=1, GROUP_SIZE=64, TOPK_GROUP=1, RENORMALIZE=False, HAS_BIAS=False, HAS_MAP=False, HAS_COUNT=False,
                HAS_LOAD=False, PDL=True)
    strip = lambda ptx: re.sub(r"^\s*\.loc.*$|^\s*\.file.*$", "", ptx.split("\t.section\t.debug")[0], flags=re.M)   # code only: no line table, no DWARF
    for preload, bh in ((True, 256), (False, 128)):
        ptx = strip(compiled(gr.gate_route_kernel, dict(router), dict(base, BLOCK_H=bh, PRELOAD=preload), 8).asm["ptx"])
        path = os.path.join(tempfile.gettempdir(), f"gate_route_preload{int(preload)}.ptx")
        print(f"gate_route_kernel M = 1 plan, PRELOAD {preload}: {len(ptx.splitlines())} PTX lines (debug information dropped) in {path}")
        open(path, "w").write(ptx)


if __name__ == "__main__":
    main()
