#!/usr/bin/python3
"""
hf-gguf-header: the GGUF header llama.cpp's converter writes for a
config.json, made by the converter itself.

    python3 tools/hf-gguf-header.py LLAMA_SRC CONFIG.json OUT.gguf

LLAMA_SRC is llama.cpp's source tree (convert_hf_to_gguf.py, conversion/,
gguf-py/).  The class is the converter's own: conversion.get_model_class
(architectures[0]), its __init__ and set_gguf_parameters, run on the raw
config.json (the converter's fallback when transformers' AutoConfig cannot
read it; transformers is not used, so a field the file leaves out is not
filled in).  No checkpoint is read: the file holds the token embeddings'
tensor info alone (and, for a class in CHECKPOINT_TENSORS, the tensors
its checkpoints hold that change llama.cpp's graph: Phi-3's fused qkv,
Jamba's routers), its tokenizer is one
key, ARCH.vocab_size = vocab_size, which llama.cpp's loader reads before
the token list.  generate_extra_tensors is not run (its tensors and the
keys it writes, Phi3MiniModel's rope.scaling.attn_factor, are left out).

torch and transformers are not needed: set_gguf_parameters uses neither,
and the modules that import them at the top get stand-ins.  numpy and
gguf-py are the converter's own (python3-numpy).  Not run by the suite: its
outputs are fixtures (tests/hf/NAME/converted.gguf).
"""
import json
import statistics
import sys
import types
from pathlib import Path


class _Any(type):
    """A stand-in class: any attribute is another stand-in."""

    def __getattr__(cls, name):
        return _stub(name)

    def __call__(cls, *a, **k):
        return cls

    def __getitem__(cls, k):
        return cls

    def __or__(cls, other):
        return cls

    __ror__ = __or__


def _stub(name):
    return _Any(name, (), {})


class _Normal:
    """torch.distributions.normal.Normal(loc, scale), icdf only."""

    def __init__(self, loc, scale):
        self.loc, self.scale = float(loc), float(scale)

    def icdf(self, p):
        import numpy as np
        p = float(p)
        if p <= 0 or p >= 1:
            q = float("-inf") if p <= 0 else float("inf")
        else:
            q = statistics.NormalDist().inv_cdf(p)
        return np.float32(self.loc + self.scale * q)


class _Module(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _stub(name)


# method -> its answer without the checkpoint's files:
# MiniMaxText01Model._get_suppress_tokens (AutoTokenizer, safetensors):
# none; Qwen4ExpTextModel._read_hash_constants (the PLE tensors' int64
# constants): one 0 a key, a stand-in (GGUF has no empty array)
CHECKPOINT_READS = {"_get_suppress_tokens": None, "_read_hash_constants": [0]}


def _phi3_qkv(h):
    # Phi-3's checkpoints hold self_attn.qkv_proj, Q, K and V in one
    # (transformers Phi3Attention), which gguf-py's tensor map names
    # attn_qkv: phi3.cpp then builds one wqkv matmul.  Its rows: heads + 2
    # KV heads, of hidden_size // heads.
    heads = h["num_attention_heads"]
    kv = h.get("num_key_value_heads") or heads
    rows = (heads + 2 * kv) * (h["hidden_size"] // heads)
    return [("blk.0.attn_qkv.weight", rows)]


def _jamba_routers(h):
    # Jamba's checkpoints hold a router (feed_forward.router, gguf-py's
    # ffn_gate_inp [n_embd, n_expert]) on the layers expert_layer_offset +
    # k x expert_layer_period alone (JambaConfig: 1 and 2); jamba.cpp makes
    # those layers MoE and the others dense.
    n = h.get("num_experts") or h.get("num_local_experts") or 16
    off, per = h.get("expert_layer_offset", 1), h.get("expert_layer_period", 2)
    return [("blk.%d.ffn_gate_inp.weight" % il, n)
            for il in range(h["num_hidden_layers"])
            if n > 1 and il >= off and (il - off) % per == 0]


# architectures[0] -> the tensors its published checkpoints hold that the
# graph llama.cpp builds depends on, which no config key says
CHECKPOINT_TENSORS = {"Phi3ForCausalLM": _phi3_qkv,
                      "JambaForCausalLM": _jamba_routers}


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: hf-gguf-header.py LLAMA_SRC CONFIG.json OUT.gguf")
    src, cfg, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    for name in ("torch", "torch.nn", "torch.nn.functional", "transformers",
                 "safetensors", "safetensors.torch"):
        sys.modules[name] = _Module(name)
    # torch.finfo(torch.float32).eps, the one torch value a set_gguf_parameters
    # writes (TalkieModel's rms epsilon): float32's, as numpy gives it
    import numpy as np
    sys.modules["torch"].float32 = np.float32
    sys.modules["torch"].finfo = np.finfo
    # Gemma3NModel's activation_sparsity_scale: the standard normal's
    # quantile of each pattern entry (torch.distributions.normal.Normal(0,
    # 1).icdf of a float32 tensor), -inf at 0 as torch gives it
    sys.modules["torch"].tensor = lambda v, dtype=None: np.float32(v)
    sys.modules["torch"].distributions = types.SimpleNamespace(
        normal=types.SimpleNamespace(Normal=_Normal))

    class _NoAutoConfig:
        """AutoConfig without transformers: load_hparams (LlamaModel.__init__
        calls it again) falls back to config.json as the converter does."""

        @staticmethod
        def from_pretrained(*a, **k):
            raise OSError("transformers is not used")

    sys.modules["transformers"].AutoConfig = _NoAutoConfig
    sys.path.insert(0, str(src / "gguf-py"))
    sys.path.insert(0, str(src))
    import gguf
    import conversion
    from conversion.base import ModelBase

    hparams = json.loads(cfg.read_text(encoding="utf-8"))
    # ModelBase.load_hparams' renames of a nested language model
    for k in ("llm_config", "lm_config", "language_config", "lfm"):
        if k in hparams:
            hparams["text_config"] = hparams[k]
    arch = hparams["architectures"][0]
    cls = conversion.get_model_class(arch)

    def base_init(self, dir_model, ftype, fname_out, **kw):
        # ModelBase.__init__ without the checkpoint: its hparams, file type
        # and writer as the original sets them
        self.dir_model = dir_model
        self.ftype = ftype
        self.fname_out = fname_out
        self.hparams = kw["hparams"]
        self.model_tensors = {}
        self.gguf_writer = gguf.GGUFWriter(
            path=None, arch=gguf.MODEL_ARCH_NAMES[self.model_arch])
        for k in ("lazy", "dry_run", "fuse_qkv", "fuse_gate_up_exps"):
            setattr(self, k, False)
        self.remote_hf_model_id = None
        self.metadata_override = None
        self.model_name = None
        self.dir_model_card = dir_model
        # no_mtp as the class has it (False unless --no-mtp; Qwen4Exp's
        # True), not set on the instance

    ModelBase.__init__ = base_init
    # The few methods of set_gguf_parameters that read the checkpoint's
    # tokenizer or tensors, not config.json, answer as for a checkpoint
    # without what they look for (no token to suppress, no hash constant).
    for name, value in CHECKPOINT_READS.items():
        if hasattr(cls, name):
            setattr(cls, name, lambda self, *a, _v=value, **k: _v)
    model = cls(cfg.parent, gguf.LlamaFileType.MOSTLY_BF16, out,
                hparams=hparams)
    model.set_gguf_parameters()
    # a class that hands the work to another (Mistral3Model's impl, its
    # Mistral4Model or Ministral3Model) writes with that one's writer
    impl = getattr(model, "impl", None)
    if isinstance(impl, ModelBase):
        model = impl
    w = model.gguf_writer
    key = f"{w.kv_data[0].get('general.architecture').value}.vocab_size"
    # the tokenizer's size: vocab_size, or ChatGLM's padded_vocab_size
    # (ChatGLMModel.set_vocab_chatglm3)
    vocab = model.hparams.get("vocab_size",
                              model.hparams.get("padded_vocab_size"))
    if vocab is not None and key not in w.kv_data[0]:
        w.add_vocab_size(vocab)
    # one tensor info, the token embeddings [n_embd, vocab] in bf16, as the
    # converter names them: attnviz reads no GGUF without tensors.  Its
    # data is not written; the test extends the file to its length.
    n_embd = model.find_hparam(["hidden_size", "n_embd", "dim", "d_model",
                                "model_dim"])  # OpenELM's model_dim
    w.add_tensor_info("token_embd.weight", [vocab, n_embd], np.dtype(np.uint16),
                      vocab * n_embd * 2, raw_dtype=gguf.GGMLQuantizationType.BF16)
    # the checkpoint tensors the converter keeps as they are and llama.cpp's
    # graph builds on (CHECKPOINT_TENSORS)
    said = CHECKPOINT_TENSORS.get(arch)
    for name, rows in said(model.hparams) if said else []:
        w.add_tensor_info(name, [rows, n_embd], np.dtype(np.uint16),
                          rows * n_embd * 2,
                          raw_dtype=gguf.GGMLQuantizationType.BF16)
    w.write_header_to_file(path=out)
    w.write_kv_data_to_file()
    w.write_ti_data_to_file()
    w.close()
    print(f"{out}: {cls.__module__}.{cls.__name__} ({arch})")


if __name__ == "__main__":
    main()
