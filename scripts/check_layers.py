#!/usr/bin/env python3
"""Checks rtb's include graph against its layers (docs/design.md).

Each folder is one layer; a file may include only from its own folder or
from a layer below it, never from a higher one or from a peer:

    rank  layer
    0     solver/                      contract and engine
    1     search/, tablebases/         searches; the file format
    2     games/kit/                   what games are built from
    3     games/<game>/                one folder a game (peers: no game includes another)
    4     games/registry.*             the one table of games
    5     driver/                      generating: group loop, stores, resource plan
    6     service/                     what every front end is built on
    7     library/, include/rtb/       the public C++ API
    8     apps/rtb/ with play/, serve/, mpi/ (one program: its folders may use one
          another's headers, but play/, serve/ and mpi/ not each other's)
    9     python/

Tests, benchmarks, fuzz targets and examples sit above everything and are
not checked. Besides the ranks, no Boost.Program_options header may be
reachable from service/ or library/ (it is the command line's alone).

    scripts/check_layers.py [ROOT]     exit 1 and a line a violation
    scripts/check_layers.py --self-test
"""
import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.M)
SOURCES = ('.hpp', '.cpp', '.h', '.cc')


def unit_of(path):
    """(rank, unit) of a repository-relative path, or None when unchecked."""
    parts = path.split('/')
    top = parts[0]
    if top == 'solver':
        return 0, 'solver'
    if top in ('search', 'tablebases'):
        return 1, top
    if top == 'games':
        if len(parts) == 2:  # games/registry.*
            return 4, 'games/registry'
        if parts[1] == 'kit':
            return 2, 'games/kit'
        return 3, 'games/' + parts[1]
    if top == 'driver':
        return 5, 'driver'
    if top == 'service':
        return 6, 'service'
    if top in ('library', 'include'):
        return 7, 'library'
    if top == 'apps':
        sub = parts[2] if len(parts) > 3 else ''
        return 8, 'apps/rtb' + ('/' + sub if sub in ('play', 'serve', 'mpi') else '')
    if top == 'python':
        return 9, 'python'
    return None


def resolve(root, included):
    """The repository path a quoted include names, or None (generated, system)."""
    for candidate in (included, 'include/' + included):
        if os.path.isfile(os.path.join(root, candidate)):
            return candidate
    return None


def sources(root):
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith('.') and not d.startswith('build')]
        for f in files:
            if f.endswith(SOURCES):
                yield os.path.relpath(os.path.join(folder, f), root)


def includes(root, path):
    with open(os.path.join(root, path), encoding='utf-8', errors='replace') as f:
        return INCLUDE.findall(f.read())


def check(root):
    problems = []
    graph = {}
    for path in sources(root):
        quoted, system = [], []
        for kind, name in includes(root, path):
            if kind == '"':
                target = resolve(root, name)
                if target:
                    quoted.append(target)
            else:
                system.append(name)
        graph[path] = (quoted, system)
        mine = unit_of(path)
        if mine is None:
            continue
        for target in quoted:
            theirs = unit_of(target)
            if theirs is None:
                problems.append(f'{path}: includes {target}, which is no layer (tests, tools?)')
            elif theirs[1] == mine[1] or 'apps/rtb' in (mine[1], theirs[1]) and mine[0] == theirs[0] == 8:
                continue  # its own folder; the program and its play/, serve/, mpi/ are one app
            elif theirs[0] >= mine[0]:
                how = 'a peer' if theirs[0] == mine[0] else 'a higher layer'
                problems.append(f'{path} ({mine[1]}) includes {target}: {how} ({theirs[1]})')
    # No Boost.Program_options below the command line.
    for start in graph:
        unit = unit_of(start)
        if unit is None or unit[1] not in ('service', 'library'):
            continue
        seen, todo = set(), [start]
        while todo:
            path = todo.pop()
            if path in seen or path not in graph:
                continue
            seen.add(path)
            quoted, system = graph[path]
            if any(s.startswith('boost/program_options') for s in system):
                problems.append(f'{start} reaches boost/program_options through {path}')
                break
            todo.extend(quoted)
    return problems


def self_test():
    """The check must see each kind of violation in a small tree made for it."""
    tree = {
        'solver/a.hpp': '#include "games/kit/k.hpp"\n',            # upwards
        'games/kit/k.hpp': '#include "solver/ok.hpp"\n',
        'solver/ok.hpp': '#include <vector>\n',
        'games/one/one.hpp': '#include "games/two/two.hpp"\n',   # a peer game
        'games/two/two.hpp': '#include "games/kit/k.hpp"\n',
        'service/s.hpp': '#include "service/t.hpp"\n',
        'service/t.hpp': '#include "apps/rtb/cli.hpp"\n',        # upwards, and reaches boost
        'apps/rtb/cli.hpp': '#include <boost/program_options.hpp>\n',
        'apps/rtb/play/p.cpp': '#include "apps/rtb/cli.hpp"\n#include "service/s.hpp"\n',  # allowed
        'apps/rtb/serve/v.cpp': '#include "apps/rtb/play/p.cpp"\n',  # a peer
    }
    with tempfile.TemporaryDirectory() as root:
        for path, text in tree.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), 'w') as f:
                f.write(text)
        found = check(root)
    expected = ['solver/a.hpp (solver) includes games/kit/k.hpp: a higher layer',
                'games/one/one.hpp (games/one) includes games/two/two.hpp: a peer',
                'service/t.hpp (service) includes apps/rtb/cli.hpp: a higher layer',
                'apps/rtb/serve/v.cpp (apps/rtb/serve) includes apps/rtb/play/p.cpp: a peer',
                'service/s.hpp reaches boost/program_options',
                'service/t.hpp reaches boost/program_options']
    missing = [e for e in expected if not any(p.startswith(e) for p in found)]
    extra = [p for p in found if not any(p.startswith(e) for e in expected)]
    if missing or extra:
        print('self-test failed: missing', missing, 'unexpected', extra)
        return 1
    print(f'self-test: all {len(expected)} planted violations found, nothing else')
    return 0


def main(argv):
    if argv[1:] == ['--self-test']:
        return self_test()
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    problems = check(os.path.abspath(root))
    for p in problems:
        print(p)
    if problems:
        print(f'{len(problems)} include(s) against the layers (see scripts/check_layers.py)')
        return 1
    print('layers: every include goes downwards; no Boost.Program_options in service/ or library/')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
