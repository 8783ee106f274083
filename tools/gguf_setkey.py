#!/usr/bin/env python3
"""gguf_setkey.py SRC DST KEY VALUE: DST is the GGUF SRC with the metadata
key KEY a uint32 of VALUE (replaced in place, or added last when SRC has
none): the same tensor infos, the header padded to its alignment again,
then a hole as long as SRC's tensor data (a sparse file, for dry runs).
The files llama.cpp's saver writes hold one value of each key; a variant
shows a rule the saver's value does not reach (tools/archs-fixtures.sh)."""
import os
import struct
import sys

SIZES = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}


def main(src, dst, name, value):
    with open(src, "rb") as f:
        data = f.read(64 << 20)
    total = os.path.getsize(src)
    off = 0

    def take(n):
        nonlocal off
        if off + n > len(data):
            sys.exit(f"gguf_setkey: {src}: cut short at byte {off}")
        b = data[off:off + n]
        off += n
        return b

    def u64():
        return struct.unpack("<Q", take(8))[0]

    def u32():
        return struct.unpack("<I", take(4))[0]

    def skip(t):
        if t == 8:
            take(u64())
        elif t == 9:
            at, n = u32(), u64()
            for _ in range(n):
                skip(at)
        else:
            take(SIZES[t])

    head = take(8)
    if head[:4] != b"GGUF":
        sys.exit(f"gguf_setkey: {src}: not a GGUF file")
    nt, nkv = u64(), u64()
    kb = name.encode()
    mine = struct.pack("<Q", len(kb)) + kb + struct.pack("<II", 4, int(value))
    kept, align, found = [], 32, False
    for _ in range(nkv):
        at = off
        key = take(u64()).decode()
        t = u32()
        skip(t)
        if key == "general.alignment":
            align = struct.unpack("<I", data[off - 4:off])[0]
        if key == name:
            kept.append(mine)
            found = True
        else:
            kept.append(data[at:off])
    if not found:
        kept.append(mine)
    infos = off
    for _ in range(nt):
        take(u64())
        nd = u32()
        take(8 * nd + 4 + 8)
    infos = data[infos:off]
    old = (off + align - 1) // align * align
    out = head + struct.pack("<QQ", nt, len(kept)) + b"".join(kept) + infos
    out += b"\0" * ((len(out) + align - 1) // align * align - len(out))
    with open(dst, "wb") as f:
        f.write(out)
        f.truncate(len(out) + total - old)


if __name__ == "__main__":
    main(*sys.argv[1:5])
