"""A model of RowDeflate's greedy parse, to weigh parses that keep their tokens within a row.

Encoding a frame's band against the static image (reusing the static image's tokens where the
arc does not reach) needs a parse whose tokens depend on nearby bytes only. This script parses
the band rows of real frames three ways and estimates the compressed size of each:

  current   RowDeflate's parse: the pixel before (4 back), the row above, and the last position
            whose 4 bytes hashed the same, matches running across rows; the band in 4 blocks.
  row+hash  tokens kept within their row; the hash only finds positions in the same row.
  row       tokens kept within their row; only the pixel before and the row above.

Sizes are estimates: each block's Huffman code is built without the 15-bit limit and its
header is approximated, so compare the modes with each other, not with real files. For the row
parses, "shared" is the size when every frame uses frame 0's code (every unused symbol counted
once), which lets unchanged rows keep their bits.

  python3 bench/parse-model.py FOLDER FIRST_ROW END_ROW
  e.g. frames --style indicator --scale 3 --no-text --frames 60 --out w1
       python3 bench/parse-model.py w1 60 204
"""
import heapq
import os
import sys

import numpy as np
from PIL import Image

LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
               131, 163, 195, 227, 258]
LENGTH_EXTRA = [0] * 8 + [1] * 4 + [2] * 4 + [3] * 4 + [4] * 4 + [5] * 4 + [0]
DISTANCE_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]


def symbol(value, bases):
    return max(s for s, b in enumerate(bases) if value >= b)


def scanlines(path, rows):
    pixels = np.array(Image.open(path).convert("RGBA"))[rows[0]:rows[1]].reshape(rows[1] - rows[0], -1)
    return np.hstack([np.zeros((len(pixels), 1), np.uint8), pixels]).tobytes(), pixels.shape[1] + 1


def match(b, i, j, cap):
    n = 0
    while n < cap and b[i + n] == b[j + n]:
        n += 1
    return n


def parse(b, row_bytes, in_row, hashing):
    """Greedy tokens: ('l', byte) or ('m', length, distance), as RowDeflate's Matcher chooses."""
    tokens, table, i, n = [], {}, 0, len(b)
    while i < n:
        row_start = i // row_bytes * row_bytes
        cap = min((row_start + row_bytes if in_row else n) - i, 258)
        run = match(b, i, i - 4, cap if in_row else min(n - i, 1 << 16)) if i >= 4 else 0
        if not in_row and run >= 258:
            while run > 0:
                piece = min(258, run)
                if 0 < run - piece < 3:
                    piece = run - 3
                tokens.append(("m", piece, 4))
                run -= piece
                i += piece
            continue
        far, distance = 0, 0
        if cap >= 4:
            if i >= row_bytes:
                far, distance = match(b, i, i - row_bytes, cap), row_bytes
            if hashing:
                word = b[i:i + 4]
                candidate = table.get(word, -1)
                table[word] = i
                if in_row and candidate < row_start:
                    candidate = -1
                gap = i - candidate
                if candidate >= 0 and gap <= 32768 and gap not in (4, row_bytes) and far < cap:
                    length = match(b, i, candidate, cap)
                    if length > far:
                        far, distance = length, gap
        if run >= 4 and run + 8 >= far:
            tokens.append(("m", run, 4))
            i += run
        elif far >= 4:
            tokens.append(("m", far, distance))
            i += far
        else:
            tokens.append(("l", b[i]))
            i += 1
    return tokens


def counts(tokens):
    literals, distances, extra = [0] * 286, [0] * 30, 0
    for t in tokens:
        if t[0] == "l":
            literals[t[1]] += 1
            continue
        s = symbol(t[1], LENGTH_BASE)
        literals[257 + s] += 1
        d = symbol(t[2], DISTANCE_BASE)
        distances[d] += 1
        extra += LENGTH_EXTRA[s] + max(0, d // 2 - 1)
    literals[256] += 1
    return literals, distances, extra


def code_lengths(weights):
    used = [(w, s) for s, w in enumerate(weights) if w > 0]
    if len(used) == 1:
        return {used[0][1]: 1}
    depth = {s: 0 for _, s in used}
    heap = [(w, k, [s]) for k, (w, s) in enumerate(used)]
    heapq.heapify(heap)
    k = len(heap)
    while len(heap) > 1:
        a, b = heapq.heappop(heap), heapq.heappop(heap)
        for s in a[2] + b[2]:
            depth[s] += 1
        k += 1
        heapq.heappush(heap, (a[0] + b[0], k, a[2] + b[2]))
    return depth


def block_bits(tokens, code=None):
    """Bits of one block: header (about 4 bits a code length), tokens, end-of-block, flush."""
    literals, distances, extra = counts(tokens)
    lit, dist = code or (code_lengths(literals), code_lengths(distances))
    header = 17 + 57 + 4 * (max(lit) + 1) // 3 + 4 * (max(dist) + 1 if dist else 1)
    body = sum(w * lit[s] for s, w in enumerate(literals) if w) + sum(w * dist[s] for s, w in enumerate(distances) if w)
    return header + body + extra + 40


def main():
    folder, rows = sys.argv[1], (int(sys.argv[2]), int(sys.argv[3]))
    frames = [scanlines(os.path.join(folder, f), rows) for f in sorted(os.listdir(folder)) if f.endswith(".png")]
    row_bytes = frames[0][1]
    blocks = 4
    per_block = (rows[1] - rows[0]) // blocks * row_bytes
    bits, token_count = 0, 0
    for b, _ in frames:
        for k in range(blocks):
            tokens = parse(b[k * per_block:(k + 1) * per_block], row_bytes, False, True)
            token_count += len(tokens)
            bits += block_bits(tokens)
    print(f"current:  {token_count / len(frames):.0f} tokens, ~{bits / 8 / len(frames):.0f} B a frame's band")
    for name, hashing in (("row+hash", True), ("row", False)):
        parsed = [parse(b, row_bytes, True, hashing) for b, _ in frames]
        literals, distances, _ = counts(parsed[0])
        distances[3] = max(distances[3], 1)
        shared = (code_lengths([w or 1 for w in literals]), code_lengths(distances))
        own = sum(block_bits(t) for t in parsed)
        common = sum(block_bits(t, shared) for t in parsed)
        tokens = sum(len(t) for t in parsed)
        print(f"{name}: {tokens / len(frames):.0f} tokens, ~{own / 8 / len(frames):.0f} B a frame's band "
              f"(own code), ~{common / 8 / len(frames):.0f} B (frame 0's code, shared)")


if __name__ == "__main__":
    main()
