#!/usr/bin/env python3
"""Validate JSON files against one of docs/schema/*.schema.json.

usage: schema_check.py SCHEMA_DIR SCHEMA_NAME FILE...

Exit 0 when every file is valid, 1 (with the first error per file) when
one is not, 77 when python's jsonschema is not installed.  Works with
Debian 12's python3-jsonschema (4.10, RefResolver) and later versions
(the referencing library).
"""
import json
import os
import sys

try:
    import jsonschema
except ImportError:
    sys.exit(77)


def validator(schema_dir, name):
    schemas = {}
    for f in os.listdir(schema_dir):
        if f.endswith(".schema.json"):
            with open(os.path.join(schema_dir, f)) as fh:
                s = json.load(fh)
            schemas[s["$id"]] = s
    main = schemas["urn:mmsim:" + name]
    cls = jsonschema.Draft202012Validator
    cls.check_schema(main)
    try:
        from referencing import Registry, Resource
        reg = Registry().with_resources(
            [(k, Resource.from_contents(v)) for k, v in schemas.items()])
        return cls(main, registry=reg)
    except ImportError:
        # jsonschema 4.10's RefResolver loses the referenced document's
        # own "#/$defs" when one schema refers to another: inline them.
        return cls(inline(main, schemas))


def inline(main, schemas):
    main = json.loads(json.dumps(main))
    defs = main.setdefault("$defs", {})

    def walk(node):
        if isinstance(node, dict):
            ref = node.get("$ref")
            if ref in schemas and ref != main["$id"]:
                other = json.loads(json.dumps(schemas[ref]))
                for k, v in other.pop("$defs", {}).items():
                    defs.setdefault(k, v)
                other.pop("$id", None)
                other.pop("$schema", None)
                key = "inlined_" + ref.split(":")[-1].split(".")[0]
                defs[key] = other
                node["$ref"] = "#/$defs/" + key
            for v in list(node.values()):
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    walk(main)
    return main


def main():
    v = validator(sys.argv[1], sys.argv[2])
    bad = 0
    for path in sys.argv[3:]:
        with open(path) as fh:
            doc = json.load(fh)
        errors = sorted(v.iter_errors(doc), key=lambda e: list(e.path))
        if errors:
            e = errors[0]
            print("%s: %s: %s" % (path, "/".join(str(p) for p in e.path),
                                  e.message[:300]))
            bad = 1
    sys.exit(bad)


main()
