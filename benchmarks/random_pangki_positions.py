#!/usr/bin/env python3
"""Prints N random Pangki positions (default 10000), one a line, for
benchmarks/batch_query.sh: 2 to 6 pieces a side on random squares, a random
side to move. The same seed gives the same positions.

Usage: random_pangki_positions.py [N] [SEED]
"""
import random
import sys


def position(rng):
    squares = ["."] * 16
    black, white = rng.randint(2, 6), rng.randint(2, 6)
    for i, piece in enumerate(rng.sample(range(16), black + white)):
        squares[piece] = "b" if i < black else "w"
    ranks = ["".join(squares[r * 4:r * 4 + 4]) for r in range(4)]
    return "/".join(ranks) + " " + rng.choice("bw")


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 16)
    for _ in range(count):
        print(position(rng))


if __name__ == "__main__":
    main()
