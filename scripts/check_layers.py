#!/usr/bin/env python3
"""Checks rtb's include graph against its layers (docs/design.md).

Each folder is one layer; a file may include only from its own folder or
from a layer below it, never from a higher one or from a peer:

    rank  layer
    0     text/                        the text kit: square names, board rows, lower case,
                                       printable echoes, thousands separators
    1     solver/                      contract and engine
    2     search/, tablebases/         searches; the file format
    3     games/kit/                   what games are built from
    4     games/<game>/                one folder a game (peers: no game includes another)
    5     games/registry.*             the one table of games
    6     driver/                      generating: group loop, stores, resource plan
    7     service/                     what every front end is built on
    8     library/, include/rtb/       the public C++ API
    9     apps/rtb/ with play/, serve/, mpi/ (one program: its folders may use one
          another's headers, but play/, serve/ and mpi/ not each other's)
    10    python/

Tests, benchmarks, fuzz targets and examples sit above everything and are
not checked. Besides the ranks, no Boost.Program_options header may be
reachable from service/ or library/ (it is the command line's alone), and
the front ends (apps/, library/ with include/rtb/, python/) are peers over
service/: they include nothing from solver/, driver/ or tablebases/ but
through a service/ header (text/ is no part of the engine: anything may
include it), save the few exceptions THROUGH_SERVICE_EXCEPTIONS
lists, each with its reason (issue 51).

    scripts/check_layers.py [ROOT]     exit 1 and a line a violation
    scripts/check_layers.py --self-test
"""
import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.M)
SOURCES = ('.hpp', '.cpp', '.h', '.cc')


# What a front end may include from the engine's layers directly, by where
# the including file sits (a prefix) and the header; anything else of
# solver/, driver/ and tablebases/ comes through service/.
ENGINE_LAYERS = ('solver', 'driver', 'tablebases')
FRONT_ENDS = ('apps', 'library', 'include', 'python')
THROUGH_SERVICE_EXCEPTIONS = {
    ('apps/rtb/main.cpp', 'solver/openmp_wait.hpp'):
        "the program's first act, before any service exists: it sets OpenMP's wait policy for the whole "
        'process (and may start it again), which must happen before any thread does',
    ('apps/rtb/mpi/', 'solver/tier_graph.hpp'):
        'TierGroup is plain data, the solve order the MPI scheduler hands out; the scheduler is built as a '
        'module of its own that loads under mpirun only, and the service headers would pull the engine into it',
    ('apps/rtb/mpi/', 'solver/slot_share.hpp'):
        'GroupExchange is the interface a split group\'s walk calls between levels (issue 50); the MPI module '
        'implements it with MPI_Alltoallv, and, built on its own, cannot take the service headers\' engine',
}


def exception_of(path, target):
    """The key of THROUGH_SERVICE_EXCEPTIONS that allows this include, or None."""
    for where, header in THROUGH_SERVICE_EXCEPTIONS:
        if path.startswith(where) and target == header:
            return where, header
    return None


def unit_of(path):
    """(rank, unit) of a repository-relative path, or None when unchecked."""
    parts = path.split('/')
    top = parts[0]
    if top == 'text':
        return 0, 'text'
    if top == 'solver':
        return 1, 'solver'
    if top in ('search', 'tablebases'):
        return 2, top
    if top == 'games':
        if len(parts) == 2:  # games/registry.*
            return 5, 'games/registry'
        if parts[1] == 'kit':
            return 3, 'games/kit'
        return 4, 'games/' + parts[1]
    if top == 'driver':
        return 6, 'driver'
    if top == 'service':
        return 7, 'service'
    if top in ('library', 'include'):
        return 8, 'library'
    if top == 'apps':
        sub = parts[2] if len(parts) > 3 else ''
        return 9, 'apps/rtb' + ('/' + sub if sub in ('play', 'serve', 'mpi') else '')
    if top == 'python':
        return 10, 'python'
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


def check(root, stale_exceptions=True):
    problems = []
    graph = {}
    used = set()
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
            elif theirs[1] == mine[1] or 'apps/rtb' in (mine[1], theirs[1]) and mine[0] == theirs[0] == 9:
                continue  # its own folder; the program and its play/, serve/, mpi/ are one app
            elif theirs[0] >= mine[0]:
                how = 'a peer' if theirs[0] == mine[0] else 'a higher layer'
                problems.append(f'{path} ({mine[1]}) includes {target}: {how} ({theirs[1]})')
            elif path.split('/')[0] in FRONT_ENDS and target.split('/')[0] in ENGINE_LAYERS:
                allowed = exception_of(path, target)
                if allowed:
                    used.add(allowed)
                else:
                    problems.append(f'{path} ({mine[1]}) includes {target}: a front end reaches '
                                    f'{target.split("/")[0]}/ only through service/')
    # An exception nothing needs any more is removed, so that the list stays true.
    if stale_exceptions:
        for where, header in THROUGH_SERVICE_EXCEPTIONS:
            if (where, header) not in used:
                problems.append(f'THROUGH_SERVICE_EXCEPTIONS: nothing in {where} includes {header} any more')
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
        'driver/d.hpp': '#include "solver/ok.hpp"\n',
        'tablebases/f.hpp': '#include "solver/ok.hpp"\n',
        'service/g.hpp': '#include "driver/d.hpp"\n#include "tablebases/f.hpp"\n',
        'apps/rtb/cmd.cpp': '#include "driver/d.hpp"\n#include "service/g.hpp"\n',  # past the service
        'library/l.cpp': '#include "tablebases/f.hpp"\n#include "service/g.hpp"\n',  # past the service
        'python/m.cpp': '#include "solver/ok.hpp"\n',                                # past the service
        'apps/rtb/main.cpp': '#include "solver/openmp_wait.hpp"\n',                 # an exception
        'solver/openmp_wait.hpp': '#include <vector>\n',
        'apps/rtb/play/q.cpp': '#include "solver/openmp_wait.hpp"\n',               # not its exception
        'text/t.hpp': '#include "solver/ok.hpp"\n',                                 # upwards from the bottom
        'library/u.cpp': '#include "text/t.hpp"\n',                                 # allowed: text/ is no engine
    }
    with tempfile.TemporaryDirectory() as root:
        for path, text in tree.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), 'w') as f:
                f.write(text)
        found = check(root, stale_exceptions=False)
    expected = ['solver/a.hpp (solver) includes games/kit/k.hpp: a higher layer',
                'text/t.hpp (text) includes solver/ok.hpp: a higher layer',
                'games/one/one.hpp (games/one) includes games/two/two.hpp: a peer',
                'service/t.hpp (service) includes apps/rtb/cli.hpp: a higher layer',
                'apps/rtb/serve/v.cpp (apps/rtb/serve) includes apps/rtb/play/p.cpp: a peer',
                'apps/rtb/cmd.cpp (apps/rtb) includes driver/d.hpp: a front end reaches driver/ only',
                'library/l.cpp (library) includes tablebases/f.hpp: a front end reaches tablebases/ only',
                'python/m.cpp (python) includes solver/ok.hpp: a front end reaches solver/ only',
                'apps/rtb/play/q.cpp (apps/rtb/play) includes solver/openmp_wait.hpp: a front end',
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
    print('layers: every include goes downwards; no Boost.Program_options in service/ or library/; '
          'front ends reach solver/, driver/ and tablebases/ only through service/, but for '
          f'{len(THROUGH_SERVICE_EXCEPTIONS)} exceptions:')
    for (where, header), why in THROUGH_SERVICE_EXCEPTIONS.items():
        print(f'  {where} -> {header}: {why}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
