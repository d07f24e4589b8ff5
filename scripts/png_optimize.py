#!/usr/bin/env python3
# Lossless re-encoding of the 8-bit RGBA/RGB PNGs that dicer writes (stb_image_write: fast, not small): RGB, the
# best filter per row, zlib level 9. For the committed PNGs: docs/images (scripts/gallery.sh), docs/bench plots (no PNG
# optimiser in Debian base).
# usage: scripts/png_optimize.py IN.png OUT.png
import struct, sys, zlib
def chunks(data):
    i = 8
    while i < len(data):
        n, = struct.unpack(">I", data[i:i+4]); t = data[i+4:i+8]; yield t, data[i+8:i+8+n]; i += 12 + n
src = open(sys.argv[1], "rb").read()
idat = b""; w = h = 0
for t, c in chunks(src):
    if t == b"IHDR": w, h, depth, ctype = struct.unpack(">IIBB", c[:10]); assert depth == 8
    if t == b"IDAT": idat += c
bpp = {6: 4, 2: 3}[ctype]
raw = zlib.decompress(idat); stride = w * bpp
rows = []; prev = bytearray(stride)
for y in range(h):
    f = raw[y * (stride + 1)]; line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0; b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + ((a + b) >> 1)) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line); prev = line
out = bytearray(); prev = bytearray(w * 3)
for line in rows:
    rgb = bytearray(w * 3)
    for x in range(w): rgb[3*x:3*x+3] = line[bpp*x:bpp*x+3]
    best = None
    for f in range(5):
        enc = bytearray(len(rgb))
        for x in range(len(rgb)):
            a = rgb[x - 3] if x >= 3 else 0; b = prev[x]; c = prev[x - 3] if x >= 3 else 0
            pr = [0, a, b, (a + b) >> 1, 0][f]
            if f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
            enc[x] = (rgb[x] - pr) & 255
        score = sum(v if v < 128 else 256 - v for v in enc)
        if best is None or score < best[0]: best = (score, f, enc)
    out += bytes([best[1]]) + best[2]; prev = rgb
def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + \
      chunk(b"IDAT", zlib.compress(bytes(out), 9)) + chunk(b"IEND", b"")
open(sys.argv[2], "wb").write(png); print(len(src), "->", len(png))
