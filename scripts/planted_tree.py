"""A tree of small files in a temporary folder: what the checks' self-tests plant their cases in."""
import os
import tempfile


def check_planted(tree, check):
    """check(root) run on a temporary folder that holds `tree` (relative path -> text)."""
    with tempfile.TemporaryDirectory() as root:
        for path, text in tree.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), 'w') as f:
                f.write(text)
        return check(root)
