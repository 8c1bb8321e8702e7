#!/usr/bin/env python3
"""Proves a game's tablebases and counts their values with the rtb module, as
`rtb verify` and `rtb stats` do: each tier as it is proven, then the totals.
Exit 0 when every tier is proven, 1 when one is not.

    verify_and_count.py DIR GAME [VARIANT]
    verify_and_count.py tb pangki
"""
import sys

import rtb


def main(argv):
    if not 3 <= len(argv) <= 4:
        print(f"usage: verify_and_count.py DIR GAME [VARIANT]   (rtb {rtb.__version__})", file=sys.stderr)
        return 2
    directory, game = argv[1], argv[2]
    variant = argv[3] if len(argv) == 4 else "default"
    try:
        proven = rtb.verify(directory, game, variant, threads=2,
                            on_tier=lambda t: print(f"tier {t['tier']}: {t['message']}"))
        if not proven["ok"]:
            print(f"{proven['failures']} of {proven['tiers_checked']} tiers FAILED")
            return 1
        print(f"all {proven['tiers_checked']} tiers ok, {proven['values_proven']} values proven")
        total = rtb.stats(directory, game, variant, threads=2)["total"]
        positions = total["win"] + total["loss"] + total["draw"]
        print(f"{positions} positions: {total['win']} WIN, {total['loss']} LOSS, {total['draw']} DRAW; "
              f"longest win {total.get('longest_win_plies', -1)} plies")
        return 0
    except ValueError as e:
        print(f"verify_and_count.py: {e}", file=sys.stderr)
        return 2
    except (OSError, RuntimeError) as e:  # rtb.TablebaseNotFoundError, a damaged file while counting
        print(f"verify_and_count.py: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
