"""The position, declared once.

A game's ``State`` subclass declares each attribute of its position with its type and its *copy depth*
in one annotation::

    class PaladinState(State):
        round: Annotated[int, 0]               # immutable: clones share it
        hands: Annotated[list[list[int]], 2]   # copy the outer list and each hand
        row: Annotated[list[int], 1]           # copy the list
        battle: Annotated[dict[str, Any] | None, "json"]   # a full deep copy

From these declarations the class gets ``FIELDS`` (the names, in declaration order, base classes first),
a ``clone`` that copies each field exactly as deep as declared, and a ``position_json`` that copies every
field completely. Both are generated as straight-line code once per class, so they cost what a
hand-written copy costs, and a new field cannot be forgotten in one of three places.

A depth says how many container levels are copied: 0 shares the value (ints, strings, tuples, and
lists the rules never change in place), 1 copies the outer list or dict, 2 also the lists or dicts inside
it, and so on; ``"json"`` copies every level whatever the type says. ``X | None`` copies X when the value
is not None. A class that keeps derived caches beside its position defines ``_clone_caches(self, new)``,
which the generated ``clone`` calls last.

``"shared"`` declares a list or dict that a clone shares with its original until either writes to it,
for large containers a search's clone mostly leaves alone (a map's per-square lists)::

    skel: Annotated[list[int], "shared"]
    own_skel: Callable[[], list[int]]      # generated; declared so that type checkers know it

The class gets ``own_skel()``, which the rules call before every write: it returns the list, copied
first (its outer level) if a clone may share it. The clone marks both states as sharing
(``_skel_shared``); whichever writes first copies, so neither ever sees the other's writes. Reading
``skel`` directly stays free.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from typing import Any, get_args, get_origin

Depth = int | str

__all__ = ["SHARED", "Depth", "PositionField", "declared_fields", "equip", "make_base_copy", "make_clone",
           "make_owner", "make_position_json"]

#: The copy depth of a container shared by clones until one of them writes to it.
SHARED = "shared"


class PositionField:
    """One declared field: its name, its type (as a syntax tree), its copy depth."""

    __slots__ = ("depth", "name", "type")

    def __init__(self, name: str, type_: ast.expr, depth: Depth) -> None:
        if not (depth in ("json", SHARED) or (isinstance(depth, int) and not isinstance(depth, bool)
                                                and depth >= 0)):
            raise TypeError(f"field {name!r}: copy depth must be an integer >= 0, 'json' or 'shared', "
                            f"got {depth!r}")
        if depth == SHARED and _parts(type_)[0] not in ("list", "dict"):
            raise TypeError(f"field {name!r}: only a list or a dict can be 'shared' until written, "
                            f"not {ast.unparse(type_)}")
        self.name = name
        self.type = type_
        self.depth = depth

    def __repr__(self) -> str:
        return f"PositionField({self.name!r}, {ast.unparse(self.type)!r}, {self.depth!r})"


def copy_json(value: Any) -> Any:
    """Deep copy of a JSON-native value (dicts, lists, scalars); tuples become lists."""
    if isinstance(value, list | tuple):
        return [copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    return value


def _annotated(name: str, annotation: Any) -> PositionField | None:
    """The field an annotation declares, or None for a plain annotation (not part of the position)."""
    if isinstance(annotation, str):
        try:
            tree = ast.parse(annotation, mode="eval").body
        except SyntaxError:
            return None
        if not (isinstance(tree, ast.Subscript) and isinstance(tree.value, ast.Name | ast.Attribute)):
            return None
        head = tree.value.id if isinstance(tree.value, ast.Name) else tree.value.attr
        if head != "Annotated" or not isinstance(tree.slice, ast.Tuple) or len(tree.slice.elts) != 2:
            return None
        type_node, depth_node = tree.slice.elts
        if not isinstance(depth_node, ast.Constant):
            raise TypeError(f"field {name!r}: write the copy depth as a literal (0, 1, 2, 'json' or 'shared')")
        depth = depth_node.value
        if not isinstance(depth, int | str):
            raise TypeError(f"field {name!r}: copy depth must be an integer >= 0, 'json' or 'shared', "
                            f"got {depth!r}")
        return PositionField(name, type_node, depth)
    metadata = getattr(annotation, "__metadata__", None)
    if metadata is None or len(metadata) != 1:
        return None
    return PositionField(name, ast.parse(_type_text(get_args(annotation)[0]), mode="eval").body, metadata[0])


def _type_text(tp: Any) -> str:
    origin = get_origin(tp)
    if origin is None:
        return getattr(tp, "__name__", "Any") if tp is not type(None) else "None"
    args = get_args(tp)
    name = getattr(origin, "__name__", str(origin))
    if name in ("Union", "UnionType"):
        return " | ".join(_type_text(a) for a in args)
    return f"{name}[{', '.join(_type_text(a) for a in args)}]"


def declared_fields(cls: type) -> list[PositionField]:
    """The position fields of ``cls`` and its bases, base classes first, each in declaration order."""
    out: dict[str, PositionField] = {}
    for klass in reversed(cls.__mro__):
        for name, annotation in inspect.get_annotations(klass).items():
            found = _annotated(name, annotation)
            if found is not None:
                out[name] = found
    return list(out.values())


# ------------------------------------------------------------------------------------- code generation
def _parts(node: ast.expr) -> tuple[str, list[ast.expr], bool]:
    """(container kind: list, dict or other; its item types; whether None is allowed)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = node.left, node.right
        if isinstance(right, ast.Constant) and right.value is None:
            kind, items, _ = _parts(left)
            return kind, items, True
        if isinstance(left, ast.Constant) and left.value is None:
            kind, items, _ = _parts(right)
            return kind, items, True
        return "json", [], False  # a union of containers: copy whatever it is
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        if node.value.id == "Literal":
            return "value", [], False  # literal strings, numbers, booleans: immutable
        args = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if node.value.id == "list":
            return "list", args, False
        if node.value.id == "dict":
            return "dict", args, False
        if node.value.id == "tuple":
            return "value", [], False
    if isinstance(node, ast.Name):
        if node.id in ("int", "str", "bool", "float", "None"):
            return "value", [], False
        if node.id in ("list", "dict", "Any"):
            return "json", [], False
    if isinstance(node, ast.Constant) and node.value is None:
        return "value", [], False
    return "json", [], False


class _Gen:
    def __init__(self) -> None:
        self.n = 0

    def var(self) -> str:
        self.n += 1
        return f"_v{self.n}"

    def copy(self, node: ast.expr, depth: Depth, expr: str) -> str:
        """An expression copying ``expr`` (of type ``node``) ``depth`` levels deep (None: every level)."""
        if depth == 0 or depth == SHARED:
            return expr
        kind, items, optional = _parts(node)
        if depth == "json" or kind == "json":
            out = f"_copy_json({expr})"
        elif kind == "value":
            return expr
        else:
            inner_depth = None if depth is None else int(depth) - 1
            if kind == "list":
                item = items[0] if items else ast.Name("Any")
                v = self.var()
                inner = self.copy(item, inner_depth, v) if inner_depth != 0 else v
                # (an empty container is copied without building a comprehension: usually the cheapest case;
                # a list of lists copied one level down maps ``list.copy`` over it, cheaper than a comprehension)
                if inner == v:
                    out = f"{expr}[:]"
                elif inner == f"{v}[:]" and _parts(item)[0] == "list":
                    out = f"([*_map(_list_copy, {expr})] if {expr} else [])"
                else:
                    out = f"([{inner} for {v} in {expr}] if {expr} else [])"
            else:
                item = items[1] if len(items) == 2 else ast.Name("Any")
                v, k = self.var(), self.var()
                inner = self.copy(item, inner_depth, v) if inner_depth != 0 else v
                out = (f"{expr}.copy()" if inner == v
                       else f"({{{k}: {inner} for {k}, {v} in {expr}.items()}} if {expr} else {{}})")
        if optional:
            return f"(None if {expr} is None else {out})"
        return out

    def copy_all(self, node: ast.expr, expr: str) -> str:
        return self.copy(node, None, expr)  # type: ignore[arg-type]


def _compile(cls: type, name: str, source: str, env: dict[str, Any]) -> Callable[..., Any]:
    namespace: dict[str, Any] = {}
    env = {"_map": map, "_list_copy": list.copy, **env}  # the helpers ``_Gen`` writes
    exec(compile(source, f"<{cls.__module__}.{cls.__qualname__}.{name}>", "exec"), env, namespace)
    fn = namespace[name]
    fn.__qualname__ = f"{cls.__qualname__}.{name}"
    fn.__module__ = cls.__module__
    return fn  # type: ignore[no-any-return]


def make_base_copy(lines: tuple[str, ...]) -> Callable[[Any, Any], None]:
    """``copy_base(self, new)``: the statements ``lines`` (over ``self`` and ``new``) as one function."""
    source = "def copy_base(self, new):\n" + "".join(f"    {line}\n" for line in lines)
    namespace: dict[str, Any] = {}
    exec(compile(source, "<medieval.core.state.copy_base>", "exec"), {}, namespace)
    return namespace["copy_base"]  # type: ignore[no-any-return]


def make_clone(cls: type, fields: list[PositionField], base_lines: list[str]) -> Callable[..., Any]:
    """``clone(self)``: the base attributes (``base_lines``, statements over ``self`` and ``new``), then
    each field copied to its declared depth, then ``self._clone_caches(new)`` if the class has it."""

    gen = _Gen()
    lines = ["def clone(self):", "    new = _new(_cls)"]
    lines += [f"    {line}" for line in base_lines]
    for f in fields:
        lines.append(f"    new.{f.name} = {gen.copy(f.type, f.depth, f'self.{f.name}')}")
    for f in fields:
        if f.depth == SHARED:
            lines.append(f"    self._{f.name}_shared = new._{f.name}_shared = True")
    if hasattr(cls, "_clone_caches"):
        lines.append("    self._clone_caches(new)")
    lines.append("    return new")
    return _compile(cls, "clone", "\n".join(lines) + "\n",
                    {"_new": object.__new__, "_cls": cls, "_copy_json": copy_json})


def make_owner(cls: type, field: PositionField) -> Callable[..., Any]:
    """``own_<field>(self)``: the field of a ``"shared"`` declaration, copied first (one level) if a clone
    may share it."""
    name = field.name
    copy = _Gen().copy(field.type, 1, f"self.{name}")
    source = (f"def own_{name}(self):\n"
              f"    if self._{name}_shared:\n"
              f"        self.{name} = {copy}\n"
              f"        self._{name}_shared = False\n"
              f"    return self.{name}\n")
    fn = _compile(cls, f"own_{name}", source, {})
    fn.__doc__ = f"``{name}`` to write to: a copy of its own first if a clone may share it."
    return fn


def equip(cls: type, fields: list[PositionField], base_lines: list[str]) -> None:
    """Give ``cls`` what its declared ``fields`` imply: ``FIELDS``, a ``clone`` and a ``position_json``
    (unless the class writes its own), and for each ``"shared"`` field its flag and ``own_<field>``."""
    cls.FIELDS = tuple(f.name for f in fields)  # type: ignore[attr-defined]
    if "clone" not in cls.__dict__:
        cls.clone = make_clone(cls, fields, base_lines)  # type: ignore[attr-defined]
    if "position_json" not in cls.__dict__:
        cls.position_json = make_position_json(cls, fields)  # type: ignore[attr-defined]
    for f in fields:
        if f.depth == SHARED:
            setattr(cls, f"_{f.name}_shared", False)
            if f"own_{f.name}" not in cls.__dict__:
                setattr(cls, f"own_{f.name}", make_owner(cls, f))


def make_position_json(cls: type, fields: list[PositionField]) -> Callable[..., Any]:
    """``position_json(self)``: every field copied through every level, as JSON-native values."""

    gen = _Gen()
    items = []
    for f in fields:
        node = ast.Name("Any") if f.depth == "json" else f.type
        items.append(f"        {f.name!r}: {gen.copy_all(node, f'self.{f.name}')},")
    source = "\n".join(["def position_json(self):", "    return {", *items, "    }"]) + "\n"
    return _compile(cls, "position_json", source, {"_copy_json": copy_json})
