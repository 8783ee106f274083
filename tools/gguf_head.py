#!/usr/bin/env python3
"""gguf_head.py FILE: the length of FILE's GGUF header, the offset where
its tensor data begins (ggml's gguf.cpp: the tensor infos, then padding to
general.alignment, default 32).  Everything before it is what a dry run
(no_alloc) and attnviz read; tools/archs-fixtures.sh keeps those bytes."""
import struct
import sys

SIZES = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
FMT = {4: "<I", 5: "<i", 10: "<Q", 11: "<q"}


def main(path):
    with open(path, "rb") as f:
        data = f.read(64 << 20)   # headers are far smaller
    off = 0

    def take(n):
        nonlocal off
        if off + n > len(data):
            sys.exit(f"gguf_head: {path}: cut short at byte {off}")
        b = data[off:off + n]
        off += n
        return b

    def u64():
        return struct.unpack("<Q", take(8))[0]

    def u32():
        return struct.unpack("<I", take(4))[0]

    def string():
        return take(u64())

    def value(t):
        if t == 8:
            return string()
        if t == 9:
            at, n = u32(), u64()
            for _ in range(n):
                value(at)
            return None
        b = take(SIZES[t])
        return struct.unpack(FMT[t], b)[0] if t in FMT else None

    if take(4) != b"GGUF" or u32() != 3:
        sys.exit(f"gguf_head: {path}: not a GGUF v3 file")
    nt, nkv = u64(), u64()
    align = 32
    for _ in range(nkv):
        key = string()
        v = value(u32())
        if key == b"general.alignment":
            align = v
    for _ in range(nt):
        string()
        nd = u32()
        take(8 * nd + 4 + 8)
    print((off + align - 1) // align * align)


if __name__ == "__main__":
    main(sys.argv[1])
