#!/usr/bin/env python3
"""merge-symbol-graphs.py GRAPHS OUT NAME MODULE...

Writes one symbol graph named NAME into OUT from the graphs of MODULE... in GRAPHS (as written by
`swift package dump-symbol-graph`): a product that re-exports several modules is documented as the one
module its users import. A module's extensions of another module of the set join the main graph; its
extensions of modules outside the set (Testing, Foundation) go to NAME@Other.symbols.json, merged across
the set. Standard library only.
"""
import glob
import json
import os
import sys


def load(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def merge_into(merged, graph, seen):
    for symbol in graph["symbols"]:
        identifier = symbol["identifier"]["precise"]
        if identifier not in seen:
            seen.add(identifier)
            merged["symbols"].append(symbol)
    merged["relationships"].extend(graph["relationships"])


def fold_extension_blocks(graph):
    """Folds each extension block of a type the merged graph has (a module of the set extending another's
    type) into that type: the block goes, and what was a member of the block becomes a member of the type.
    Otherwise docc sees the block and the type under one name, and every link to the type is ambiguous."""
    present = {symbol["identifier"]["precise"] for symbol in graph["symbols"]}
    folded = {}
    for relationship in graph["relationships"]:
        if relationship["kind"] == "extensionTo" and relationship["target"] in present:
            folded[relationship["source"]] = relationship["target"]
    graph["symbols"] = [symbol for symbol in graph["symbols"] if symbol["identifier"]["precise"] not in folded]
    relationships = []
    for relationship in graph["relationships"]:
        if relationship["kind"] == "extensionTo" and relationship["source"] in folded:
            continue
        if relationship["target"] in folded:
            relationship = dict(relationship, target=folded[relationship["target"]])
        if relationship["source"] in folded:
            relationship = dict(relationship, source=folded[relationship["source"]])
        relationships.append(relationship)
    graph["relationships"] = relationships


def empty_like(graph, module_name):
    return dict(graph, symbols=[], relationships=[], module=dict(graph["module"], name=module_name))


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__.strip().splitlines()[0])
    graphs, out, name, modules = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    merged, seen = None, set()
    extensions = {}  # extended module outside the set -> (graph, seen)
    for module in modules:
        main_path = os.path.join(graphs, module + ".symbols.json")
        if not os.path.exists(main_path):
            sys.exit(f"error: no symbol graph for {module} in {graphs}")
        paths = [main_path] + sorted(glob.glob(os.path.join(graphs, module + "@*.symbols.json")))
        for path in paths:
            graph = load(path)
            stem = os.path.basename(path)[: -len(".symbols.json")]
            extended = stem.split("@", 1)[1] if "@" in stem else None
            if extended is None or extended in modules:
                if merged is None:
                    merged = empty_like(graph, name)
                merge_into(merged, graph, seen)
            else:
                if extended not in extensions:
                    extensions[extended] = (empty_like(graph, name), set())
                merge_into(extensions[extended][0], graph, extensions[extended][1])
    fold_extension_blocks(merged)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, name + ".symbols.json"), "w", encoding="utf-8") as file:
        json.dump(merged, file)
    for extended, (graph, _) in extensions.items():
        with open(os.path.join(out, f"{name}@{extended}.symbols.json"), "w", encoding="utf-8") as file:
            json.dump(graph, file)
    print(f"{name}: {len(merged['symbols'])} symbols from {', '.join(modules)}"
          + (f"; extensions of {', '.join(sorted(extensions))}" if extensions else ""))


if __name__ == "__main__":
    main()
