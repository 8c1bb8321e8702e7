#!/usr/bin/env python3
"""Checks that every pointer to a section of a document names one that exists.

A pointer is written in one of two ways, in the sources, the documents and
the programs' help texts alike:

    docs/usage.md#json-output            a link: FILE.md#ANCHOR
    (docs/results.md, "The lean walk")   in words: FILE, then a heading's text
    (README: JSON output)                (its start), quoted or up to the ')'

FILE is a path to a Markdown file (README stands for README.md), taken from
the folder of the file that names it, else from the repository's root. An
anchor is matched as GitHub makes it from a heading (lower case, spaces to
hyphens, punctuation dropped, "-1", "-2" for a repeated heading); words are a
pointer when they start with a capital letter, as every heading here does
(after "docs/rules.md: the board, ..." comes a quotation, not a section),
and match the start of a heading. Any other mention of a Markdown file must
name one of the repository's, by its path or its name alone: a document
outside the repository is no reference. With RTB, every command's
`RTB COMMAND --help` (the commands as `RTB --help` lists them) is read too.

    scripts/check_doc_links.py ROOT [RTB]     exit 1 and a line a stale pointer
    scripts/check_doc_links.py --self-test
"""
import os
import re
import subprocess
import sys

from planted_tree import check_planted

TEXT_FILES = ('.md', '.cpp', '.hpp', '.h', '.py', '.pyi', '.sh', '.txt', '.cmake', '.html', '.js', '.toml', '.in')
LINK = re.compile(r'([\w./-]*\.md)#([\w-]+)')
# FILE, then ',' or ':' and the heading: quoted, or up to a ')'.
IN_WORDS = re.compile(r'\b((?:[\w./-]*/)?README(?:\.md)?|[\w./-]+\.md)(?:,|:) +(?:"([A-Z][^"]*)"|([A-Z][^()"\n]*?)\))')
# Any Markdown file named (not inside an address: "https://.../README.md").
MENTION = re.compile(r'(?<![\w./:-])([\w./-]*\w\.md)\b')
FENCE = re.compile(r'^\s*(```|~~~)')
HEADING = re.compile(r'^(#{1,6})\s+(.*?)\s*#*\s*$')


def heading_text(markdown):
    """A heading as GitHub renders it: code, links and emphasis as plain text."""
    text = re.sub(r'!\[[^\]]*\]\([^)]*\)', '', markdown)
    text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', text)
    return text.replace('`', '').replace('*', '')


def slug(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen."""
    kept = ''.join(c for c in heading_text(heading).strip().lower() if c.isalnum() or c in ' -_')
    return kept.replace(' ', '-')


def headings(path):
    """The headings of a Markdown file (fenced code skipped), as rendered text, in order."""
    out, fenced = [], False
    with open(path, encoding='utf-8') as f:
        for line in f:
            if FENCE.match(line):
                fenced = not fenced
            elif not fenced and (m := HEADING.match(line)):
                out.append(heading_text(m.group(2)).strip())
    return out


def anchors(names):
    """The anchors of the headings `names`, a repeated one numbered as GitHub numbers it."""
    seen, out = {}, set()
    for name in names:
        base = slug(name)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f'{base}-{n}')
    return out


def joined(text):
    """The text with each line break and a comment's marker after it made one space,
    so that a pointer wrapped over two lines of a comment is read whole."""
    return re.sub(r'\s*\n\s*(?:///?|#(?!#)|\*(?!\*))?\s*', ' ', text)


def pointers(text):
    """(file, kind, target) of every pointer in `text`: kind 'anchor' or 'heading', or
    'file' (target None) for a file named without a section."""
    text = joined(text)
    out = [(m.group(1), 'anchor', m.group(2)) for m in LINK.finditer(text)]
    for m in IN_WORDS.finditer(text):
        target = (m.group(2) or m.group(3)).strip().rstrip('.')
        out.append((m.group(1), 'heading', target))
    named = {name for name, _, _ in out}
    out += [(m.group(1), 'file', None) for m in MENTION.finditer(text) if m.group(1) not in named]
    return out


def resolve(root, folder, name):
    """The Markdown file `name` names from `folder`: there, else from the root; None if neither."""
    if not name.endswith('.md'):
        name += '.md'
    for base in (folder, root):
        path = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(path):
            return path
    return None


def stale(root, where, folder, text, cache):
    """A line for each pointer in `text` (found in `where`) that names no section."""
    out = []
    for name, kind, target in pointers(text):
        path = resolve(root, folder, name)
        if kind == 'file':
            if path is None and os.path.basename(name) not in cache['names']:
                out.append(f'{where}: {name}: no such file in the repository')
            continue
        if path is None:
            out.append(f'{where}: {name} ({target}): no such file')
            continue
        if path not in cache:
            cache[path] = headings(path)
        names = cache[path]
        if kind == 'anchor':
            if target not in anchors(names):
                out.append(f'{where}: {name}#{target}: no such section in {os.path.relpath(path, root)}')
        elif not any(h.lower().startswith(target.lower()) for h in names):
            out.append(f'{where}: {name}, "{target}": no heading of {os.path.relpath(path, root)} starts so')
    return out


def source_files(root):
    """The repository's text files, build folders and hidden ones left out."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(('.', 'build'))
                         and not os.path.exists(os.path.join(folder, d, 'CMakeCache.txt')))
        for name in sorted(files):
            if name.endswith(TEXT_FILES) or name == 'CMakeLists.txt':
                yield os.path.join(folder, name)


def help_texts(rtb):
    """(command, its --help text) for every command `rtb --help` lists."""
    listing = subprocess.run([rtb, '--help'], capture_output=True, text=True, check=True).stdout
    commands = re.findall(r'^  ([a-z][a-z-]*)  ', listing.split('commands:', 1)[1], re.M)
    if not commands:
        raise SystemExit(f'{rtb} --help lists no commands')
    yield 'rtb --help', listing
    for command in commands:
        run = subprocess.run([rtb, command, '--help'], capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(f'rtb {command} --help failed ({run.returncode}): {run.stderr}')
        yield f'rtb {command} --help', run.stdout


def check(root, rtb=None):
    root = os.path.abspath(root)
    found = []
    cache = {'names': {os.path.basename(p) for p in source_files(root) if p.endswith('.md')}}
    for path in source_files(root):
        # This file's own examples are not pointers.
        if os.path.samefile(path, __file__):
            continue
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
        found += stale(root, os.path.relpath(path, root), os.path.dirname(path), text, cache)
    if rtb:
        for where, text in help_texts(rtb):
            found += stale(root, where, root, text, cache)
    return found


def self_test():
    """Slugs as GitHub makes them, and each kind of stale pointer seen in a small tree."""
    assert slug("Nine Men's Morris: the mid- and endgame") == 'nine-mens-morris-the-mid--and-endgame'
    assert slug('Generating on a cluster (MPI)') == 'generating-on-a-cluster-mpi'
    assert slug('Crossings as the seed text (`--variant seed`, `seed-CxR`)') == \
        'crossings-as-the-seed-text---variant-seed-seed-cxr'
    assert slug('[Linked](x.md) *title*') == 'linked-title'
    assert anchors(['Results', 'Results']) == {'results', 'results-1'}
    tree = {
        'README.md': '# Title\n## JSON output\n```\n# not a heading\n```\n## Results\n## Results\n',
        'docs/a.md': '# A\n## Generating on a cluster (MPI)\n'
                     'See [ok](a.md#generating-on-a-cluster-mpi), [ok](../README.md#results-1),\n'
                     '[bad](a.md#generating-on-a-cluster) and [gone](b.md#x); a.md and README.md are here,\n'
                'and so is any file called a.md, but ../shared/RULES.md is not.\n',
        'src/x.cpp': '// (README: JSON output) (README: Results) (docs/a.md, "Generating on a\n'
                     '// cluster") fine; README.md#not-a-heading and (README: Old name) stale;\n'
                     '// (README: see below) and (a.md: "it says") quote, and so does docs/a.md.\n',
    }
    found = check_planted(tree, check)
    expected = ['docs/a.md: a.md#generating-on-a-cluster: no such section in docs/a.md',
                'docs/a.md: b.md (x): no such file',
                'docs/a.md: ../shared/RULES.md: no such file in the repository',
                'src/x.cpp: README.md#not-a-heading: no such section in README.md',
                'src/x.cpp: README, "Old name": no heading of README.md starts so']
    if found != expected:
        print('self-test failed:\n  found    ' + '\n           '.join(found) +
              '\n  expected ' + '\n           '.join(expected))
        return 1
    print('self-test passed')
    return 0


def main(argv):
    if argv[1:] == ['--self-test']:
        return self_test()
    if len(argv) not in (2, 3):
        print(__doc__)
        return 2
    found = check(argv[1], argv[2] if len(argv) == 3 else None)
    for line in found:
        print(line)
    print(f'{len(found)} stale pointer(s)' if found else 'every pointer names a section that exists')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
