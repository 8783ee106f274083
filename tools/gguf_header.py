#!/usr/bin/env python3
"""gguf_header.py: a GGUF file's header, as ggml's gguf.cpp lays it out (the
metadata keys, the tensor infos, then padding to general.alignment, default
32), for tools/archs-fixtures.sh:

  gguf_header.py head FILE           the header's length: the offset where
                                     the tensor data begins; everything
                                     before it is what a dry run (no_alloc)
                                     and attnviz read
  gguf_header.py dropkey SRC DST KEY DST is SRC without the metadata key
                                     KEY: the same tensor infos, the header
                                     padded again, then a hole as long as
                                     SRC's tensor data (a sparse file).  The
                                     files llama.cpp's saver writes carry
                                     every key; one without shows the
                                     loader's default.
  gguf_header.py setkey SRC DST KEY N
                                     DST is SRC with KEY a uint32 of N
                                     (in its place, or added last): a value
                                     the saver does not write, padded and
                                     holed the same way
  gguf_header.py setarr SRC DST KEY V,V,...
                                     DST is SRC with the integer array KEY
                                     holding those values."""
import os
import struct
import sys

SIZES = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
FMT = {4: "<I", 5: "<i", 10: "<Q", 11: "<q"}


class Header:
    """The parts of a GGUF header: magic and version (head), the keys as
    (name, value, their bytes), the tensor infos' bytes, the alignment and
    the header's padded end."""

    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            self.data = f.read(64 << 20)   # headers are far smaller
        self.off = 0
        self.head = self.take(8)
        if self.head[:4] != b"GGUF":
            self.fail("not a GGUF file")
        self.n_tensors, nkv = self.u64(), self.u64()
        self.keys, self.align = [], 32
        for _ in range(nkv):
            at = self.off
            name = self.take(self.u64()).decode()
            value = self.value(self.u32())
            self.keys.append((name, value, self.data[at:self.off]))
            if name == "general.alignment":
                self.align = value
        at = self.off
        for _ in range(self.n_tensors):
            self.take(self.u64())
            self.take(8 * self.u32() + 4 + 8)
        self.infos = self.data[at:self.off]
        self.end = self.padded(self.off)

    def fail(self, why):
        sys.exit(f"gguf_header: {self.path}: {why}")

    def padded(self, n):
        return (n + self.align - 1) // self.align * self.align

    def take(self, n):
        if self.off + n > len(self.data):
            self.fail(f"cut short at byte {self.off}")
        b = self.data[self.off:self.off + n]
        self.off += n
        return b

    def u64(self):
        return struct.unpack("<Q", self.take(8))[0]

    def u32(self):
        return struct.unpack("<I", self.take(4))[0]

    def value(self, t):
        if t == 8:
            return self.take(self.u64())
        if t == 9:
            at, n = self.u32(), self.u64()
            for _ in range(n):
                self.value(at)
            return None
        b = self.take(SIZES[t])
        return struct.unpack(FMT[t], b)[0] if t in FMT else None


def dropkey(src, dst, drop):
    h = Header(src)
    kept = [raw for name, _, raw in h.keys if name != drop]
    if len(kept) != len(h.keys) - 1:
        h.fail(f"no key {drop}")
    write(h, src, dst, kept)


def setkey(src, dst, key, n):
    h = Header(src)
    b = key.encode()
    mine = struct.pack("<Q", len(b)) + b + struct.pack("<II", 4, int(n))
    kept = [mine if name == key else raw for name, _, raw in h.keys]
    if all(name != key for name, _, _ in h.keys):
        kept.append(mine)
    write(h, src, dst, kept)


def setarr(src, dst, key, values):
    """DST is SRC with the array KEY holding VALUES (comma-separated
    integers), in the element type it has there."""
    h = Header(src)
    b = key.encode()
    kept = []
    for name, _, raw in h.keys:
        if name == key:
            at = 8 + len(b)
            if struct.unpack("<I", raw[at:at + 4])[0] != 9:
                h.fail(f"{key} is not an array")
            et = struct.unpack("<I", raw[at + 4:at + 8])[0]
            if et not in FMT and et not in (0, 1, 2, 3, 7):
                h.fail(f"{key}: elements of type {et}, not integers")
            code = FMT.get(et, {0: "<B", 1: "<b", 2: "<H", 3: "<h",
                                7: "<B"}.get(et))
            vals = [int(v) for v in values.split(",")]
            raw = (raw[:at + 8] + struct.pack("<Q", len(vals)) +
                   b"".join(struct.pack(code, v) for v in vals))
        kept.append(raw)
    if all(name != key for name, _, _ in h.keys):
        h.fail(f"no key {key}")
    write(h, src, dst, kept)


def write(h, src, dst, kept):
    """DST: SRC's header with the keys kept, then a hole as long as SRC's
    tensor data."""
    out = (h.head + struct.pack("<QQ", h.n_tensors, len(kept)) +
           b"".join(kept) + h.infos)
    out += b"\0" * (h.padded(len(out)) - len(out))
    with open(dst, "wb") as f:
        f.write(out)
        f.truncate(len(out) + os.path.getsize(src) - h.end)


def main(argv):
    if len(argv) == 2 and argv[0] == "head":
        print(Header(argv[1]).end)
    elif len(argv) == 4 and argv[0] == "dropkey":
        dropkey(*argv[1:4])
    elif len(argv) == 5 and argv[0] == "setkey":
        setkey(*argv[1:5])
    elif len(argv) == 5 and argv[0] == "setarr":
        setarr(*argv[1:5])
    else:
        sys.exit("usage: gguf_header.py head FILE | dropkey SRC DST KEY | "
                 "setkey SRC DST KEY N | setarr SRC DST KEY V,V,...")


if __name__ == "__main__":
    main(sys.argv[1:])
