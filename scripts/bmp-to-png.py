#!/usr/bin/env python3
"""Converts the demo's BMP screenshots (32-bit, as SDL_SaveBMP writes them) to PNG, with the Python
standard library only: docs/demo.md's screenshots are made this way (scripts/demo-screenshots.sh).

    scripts/bmp-to-png.py IN.bmp OUT.png [--half]

A picture of at most 256 colours (the demo's art usually is) is written as an indexed PNG, which
keeps it small; otherwise as RGB. --half keeps every second pixel of every second row: the demo
draws 2x2 screen pixels per art pixel, so nothing is lost.
"""
import struct
import sys
import zlib


def read_bmp(path):
    data = open(path, "rb").read()
    if data[:2] != b"BM":
        sys.exit(f"{path}: not a BMP file")
    offset = struct.unpack_from("<I", data, 10)[0]
    width, height = struct.unpack_from("<ii", data, 18)
    bits = struct.unpack_from("<H", data, 28)[0]
    if bits not in (24, 32):
        sys.exit(f"{path}: {bits}-bit BMP; expected 24 or 32")
    step = bits // 8
    stride = (width * step + 3) & ~3
    rows = []
    for y in range(abs(height)):
        source = y if height < 0 else abs(height) - 1 - y
        start = offset + source * stride
        row = data[start:start + width * step]
        rows.append([(row[x * step + 2], row[x * step + 1], row[x * step]) for x in range(width)])
    return width, abs(height), rows


def chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)


def write_png(path, width, height, rows):
    colours = sorted({pixel for row in rows for pixel in row})
    if len(colours) <= 256:
        index = {colour: i for i, colour in enumerate(colours)}
        raw = b"".join(b"\0" + bytes(index[p] for p in row) for row in rows)
        header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
        extra = chunk(b"PLTE", b"".join(bytes(c) for c in colours))
    else:
        raw = b"".join(b"\0" + b"".join(bytes(p) for p in row) for row in rows)
        header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
        extra = b""
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)
    return len(colours)


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(arguments) != 2:
        sys.exit(__doc__)
    width, height, rows = read_bmp(arguments[0])
    if "--half" in sys.argv:
        rows = [row[::2] for row in rows[::2]]
        width, height = len(rows[0]), len(rows)
    count = write_png(arguments[1], width, height, rows)
    print(f"{arguments[1]}: {width}x{height}, {count if count <= 256 else 'over 256'} colours")


if __name__ == "__main__":
    main()
