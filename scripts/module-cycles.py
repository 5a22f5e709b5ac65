#!/usr/bin/env python3
"""Lists import cycles between the modules of each crate of the workspace.

A module is a file (`src/a/b.rs` is `a::b`, `src/a/mod.rs` is `a`). Module M imports
module N when M's file names N in a path (`use crate::N`, `super::N`, `crate::N::x`
anywhere in code). Submodule-to-parent imports of a `mod.rs` that only declares and
re-exports are ignored. Prints every strongly connected component of more than one
module and exits 1 if there is any.
"""
import os
import re
import sys

def modules(src):
    mods = {}
    for root, _, files in os.walk(src):
        for f in files:
            if not f.endswith('.rs'):
                continue
            path = os.path.join(root, f)
            rel = os.path.relpath(path, src)[:-3].split(os.sep)
            if rel[-1] in ('mod', 'lib', 'main'):
                rel = rel[:-1]
            mods['::'.join(rel)] = path
    return mods

def imports(name, path, mods):
    text = open(path).read()
    # Drop comments and the test module: dev-only imports are not layering.
    text = re.sub(r'//[^\n]*', '', text)
    text = text.split('#[cfg(test)]')[0]
    parts = name.split('::') if name else []
    parent = parts[:-1] if not path.endswith(('mod.rs', 'lib.rs', 'main.rs')) else parts[:-1]
    own = parts if path.endswith(('mod.rs', 'lib.rs', 'main.rs')) else parts[:-1]
    found = set()
    for m in re.finditer(r'\b(crate|super)((?:::\w+)+)', text):
        base = [] if m.group(1) == 'crate' else list(own if not path.endswith(('mod.rs', 'lib.rs', 'main.rs')) else parts[:-1])
        segs = m.group(2).strip(':').split('::')
        cand = base + segs
        # The longest prefix that is a module.
        for k in range(len(cand), 0, -1):
            target = '::'.join(cand[:k])
            if target in mods and target != name:
                found.add(target)
                break
    # Braced groups: `use super::{a, b::c}`.
    for m in re.finditer(r'\b(crate|super)::\{([^}]*)\}', text):
        base = [] if m.group(1) == 'crate' else list(own if not path.endswith(('mod.rs', 'lib.rs', 'main.rs')) else parts[:-1])
        for item in m.group(2).split(','):
            seg = item.strip().split('::')[0].strip()
            target = '::'.join(base + [seg])
            if seg and target in mods and target != name:
                found.add(target)
    # A parent module declaring its children is not an import of them.
    return {t for t in found if not (t.startswith(name + '::') and name != '' and path.endswith('mod.rs'))}

def sccs(graph):
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    def visit(v):
        index[v] = low[v] = counter[0]; counter[0] += 1
        stack.append(v); on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v:
                    break
            out.append(comp)
    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return out

bad = False
for src in sys.argv[1:] or ['src', 'crates/core/src', 'crates/retrocheck/src', 'crates/selftest/src']:
    mods = modules(src)
    graph = {name: imports(name, path, mods) - {''} for name, path in mods.items() if name}
    for comp in sccs(graph):
        if len(comp) > 1:
            bad = True
            print(f'{src}: cycle among {", ".join(sorted(comp))}')
            for a in sorted(comp):
                print(f'  {a} -> {", ".join(sorted(graph[a] & set(comp)))}')
if not bad:
    print('no module import cycles')
sys.exit(1 if bad else 0)
