#!/usr/bin/env python3
"""Generate large, valid, realistic MLIR files for benchmarking mlir-analyzer.

The output imitates a compiler IR dump: one module holding many `func.func`
functions that use the func, arith, cf, scf and memref dialects in their
pretty (custom) syntax, plus affine-map and type aliases, dense tensor
constants, attribute dictionaries, `loc(...)` locations and comments.
Every file passes the real `mlir-opt` parser and verifier, so a benchmark
measures the parser on input it must accept, not on error paths.

Usage:  gen_ir.py --lines N [--seed S] [-o OUT]

The file has exactly N lines (at least 25: the header, a few external
declarations and the trailer) and the same N and S always give
byte-identical output.  Standard library only.
"""

import argparse
import random
import sys

FLOATS = ("f32", "f64")
# Real kernels are dominated by a few types; weighting them keeps most
# operands already in scope instead of materializing fresh constants.
INT_MIX = ("i32",) * 6 + ("index",) * 5 + ("i64",)
FLOAT_MIX = ("f32",) * 7 + ("f64",)
SCALAR_MIX = INT_MIX + FLOAT_MIX
TENSORS = ("tensor<4xf32>", "tensor<8xi32>")

# memref type -> (element type, rank).  `!buf` and `!tile` are the type
# aliases defined in the file header.
MEMREFS = {
    "memref<?x?xf32>": ("f32", 2),
    "!buf": ("f32", 2),
    "memref<64xi32>": ("i32", 1),
    "memref<8x8xf64, #map2>": ("f64", 2),
    "!tile": ("f32", 2),
    "memref<4x4xf32, strided<[16, 1], offset: ?>>": ("f32", 2),
    "memref<4x4xf32, strided<[16, 1], offset: 72>>": ("f32", 2),
    "memref<16xi32, strided<[2]>>": ("i32", 1),
}
ALLOCATABLE = ("memref<?x?xf32>", "!buf", "memref<64xi32>", "memref<8x8xf64, #map2>")
# Subviews the verifier accepts: source -> [(offsets or None for dynamic
# index operands, sizes and strides, result type)].
SUBVIEWS = {
    "memref<?x?xf32>": [(None, "[4, 4] [1, 1]", "!tile")],
    "!buf": [(None, "[4, 4] [1, 1]", "memref<4x4xf32, strided<[16, 1], offset: ?>>"),
             ("[4, 8]", "[4, 4] [1, 1]", "memref<4x4xf32, strided<[16, 1], offset: 72>>")],
    "memref<64xi32>": [("[0]", "[16] [2]", "memref<16xi32, strided<[2]>>")],
}
# Types a function signature may use; memrefs only from the allocatable set
# so a caller can always materialize an argument.
ARG_TYPES = SCALAR_MIX + ("memref<?x?xf32>", "memref<?x?xf32>", "!buf")

INT_BINOPS = ("addi", "addi", "subi", "muli", "muli", "divsi", "remsi", "andi", "ori", "xori", "maxsi")
FLOAT_BINOPS = ("addf", "addf", "subf", "mulf", "mulf", "divf", "maximumf", "minimumf")
CMPI_PREDS = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "uge")
CMPF_PREDS = ("oeq", "one", "olt", "ole", "ogt", "oge", "ult", "une")
CASTS = (("i32", "index", "index_cast"), ("index", "i32", "index_cast"),
         ("index", "i64", "index_cast"), ("i64", "index", "index_castui"),
         ("i32", "i64", "extsi"), ("i64", "i32", "trunci"), ("i32", "f32", "sitofp"),
         ("f32", "i32", "fptosi"), ("f32", "f64", "extf"), ("f64", "f32", "truncf"),
         ("i64", "f64", "sitofp"))
INT_VALUES = (-1, 0, 1, 2, 3, 7, 16, 42, 255, 1024)
INDEX_VALUES = (0, 1, 2, 4, 8, 16, 32, 64, 128)
FLOAT_VALUES = (0.0, 1.0, -1.0, 0.5, 2.0, 3.14159, 1e-05, 255.0, 6.0)
FILES = ("model.py", "kernels/gemm.py", "layers/conv2d.py", "ops/reduce.cc")
FUNC_PREFIXES = ("kernel", "compute_tile", "reduce", "conv_step", "matmul_inner", "update")
COMMENTS = ("// Tile loop.", "// Accumulate partial results.", "// Bounds check.",
            "// TODO: vectorize this loop.", "// Reduction over the inner dimension.",
            "// Spill to scratch buffer.", "// Hoisted out of the loop.")
N_LOC_ALIASES = 12
MAX_DEPTH = 4


class FuncGen:
    """Builds the lines of one function while tracking which typed SSA
    values are visible, so every operand is defined and dominates its use."""

    def __init__(self, rng, sig, callees):
        self.r = rng.random
        self.sig, self.callees = sig, callees
        self.out = []
        self.ind = "    "
        self.depth = 0
        self.vals = {}        # type -> visible value names, newest last
        # Open scopes, outermost being the function body: per scope, the
        # value-list lengths to restore and the memref.alloc results to free.
        self.marks = [{}]
        self.allocs = [[]]
        self.consts = {}      # (type, value) -> constant visible everywhere
        self.names = {}       # pretty-name base -> times used (for suffixes)
        self.next_id = self.next_arg = 0
        self.next_bb = 1
        self.cur_bb = "^bb0"
        self.in_arm = False

    # ----- small helpers -------------------------------------------------

    def pick(self, seq):
        return seq[int(self.r() * len(seq))]

    def emit(self, line):
        self.out.append(self.ind + line)

    def new(self, ty):
        name = f"%{self.next_id}"
        self.next_id += 1
        self.define(name, ty)
        return name

    def new_arg(self):
        self.next_arg += 1
        return f"%arg{self.next_arg - 1}"

    def define(self, name, ty):
        self.vals.setdefault(ty, []).append(name)

    def pretty(self, base):
        # Mirror mlir-opt's naming (%c0, %c0_0, %cst_1) while keeping names unique.
        n = self.names.get(base, -1)
        self.names[base] = n + 1
        return base if n < 0 else f"{base}_{n}"

    def loc(self):
        """Occasional trailing location, in the forms real dumps contain."""
        x = self.r()
        if x > 0.05:
            return ""
        if x < 0.02:
            return f' loc("{self.pick(FILES)}":{self.next_id + 11}:{self.next_id % 40 + 1})'
        if x < 0.04:
            return f" loc(#loc{self.next_id % N_LOC_ALIASES})"
        if x < 0.047:
            return f' loc("{self.pick(FUNC_PREFIXES)}")'
        return f' loc(fused["{self.pick(FILES)}":3:7, "{self.pick(FILES)}":9:1])'

    def use(self, ty):
        """A visible value of type `ty`, preferring recent ones as real
        dataflow does; emits a definition first if none is visible."""
        lst = self.vals.get(ty)
        if not lst:
            return self.materialize(ty)
        return lst[-1 - int(self.r() * min(len(lst), 6))]

    def use_pair(self, ty):
        """Two operands, distinct when possible (`x op x` is rare in real IR)."""
        a, b = self.use(ty), self.use(ty)
        lst = self.vals[ty]
        if a == b and len(lst) > 1:
            b = lst[-1] if a != lst[-1] else lst[-2]
        return a, b

    def bound(self):
        """A loop upper bound: any visible index except the zero constant."""
        ub = self.use("index")
        return ub if ub != self.consts[("index", 0)] else self.const("index", 16)

    def materialize(self, ty):
        if ty in MEMREFS:
            return self.alloc(ty if ty in ALLOCATABLE else "!buf")
        if ty in TENSORS:
            return self.dense(ty)
        if ty == "i1":
            return self.constant("i1", self.r() < 0.5)
        return self.constant(ty, self.pick(INDEX_VALUES if ty == "index" else
                                           FLOAT_VALUES if ty in FLOATS else INT_VALUES))

    # ----- scopes --------------------------------------------------------

    def open_scope(self):
        self.marks.append({t: len(l) for t, l in self.vals.items()})
        self.allocs.append([])

    def close_scope(self):
        """Free this scope's buffers, then forget its values (they do not
        dominate anything after the region or block)."""
        for name, ty in self.allocs.pop():
            self.emit(f"memref.dealloc {name} : {ty}")
        mark = self.marks.pop()
        for ty, lst in self.vals.items():
            del lst[mark.get(ty, 0):]

    def indent(self, delta):
        self.depth += delta
        self.ind = "    " + "  " * self.depth

    # ----- simple ops ----------------------------------------------------

    def constant(self, ty, v):
        if ty == "i1":
            name, text = self.pretty("%true" if v else "%false"), ("true" if v else "false")
        elif ty in FLOATS:
            name, text = self.pretty("%cst"), f"{v:.6e} : {ty}"
        elif ty == "index":
            name, text = self.pretty(f"%c{v}"), f"{v} : index"
        else:
            name, text = self.pretty(f"%c{v}_{ty}"), f"{v} : {ty}"
        self.emit(f"{name} = arith.constant {text}")
        self.define(name, ty)
        return name

    def const(self, ty, v):
        """A function-wide constant, created once at the current point if needed."""
        name = self.consts.get((ty, v))
        return name if name else self.constant(ty, v)

    def dense(self, ty):
        x, name = self.r(), self.pretty("%cst")
        if ty == "tensor<4xf32>":
            body = f"{self.pick(FLOAT_VALUES):.6e}" if x < 0.5 else \
                "[" + ", ".join(f"{self.pick(FLOAT_VALUES):.6e}" for _ in range(4)) + "]"
        elif x < 0.3:
            body = '"0x' + "".join(f"{self.pick(INT_VALUES) & 0xff:02X}000000" for _ in range(8)) + '"'
        else:
            body = "[" + ", ".join(str(self.pick(INT_VALUES)) for _ in range(8)) + "]"
        self.emit(f"{name} = arith.constant dense<{body}> : {ty}")
        self.define(name, ty)
        return name

    def op_int(self):
        ty = self.pick(INT_MIX) if self.r() > 0.03 else "tensor<8xi32>"
        (a, b), op = self.use_pair(ty), self.pick(INT_BINOPS)
        flag = " overflow<nsw>" if op in ("addi", "muli") and self.r() < 0.15 else ""
        self.emit(f"{self.new(ty)} = arith.{op} {a}, {b}{flag} : {ty}{self.loc()}")

    def op_float(self):
        ty = self.pick(FLOAT_MIX) if self.r() > 0.03 else "tensor<4xf32>"
        (a, b), op = self.use_pair(ty), self.pick(FLOAT_BINOPS)
        flag = " fastmath<fast>" if self.r() < 0.1 else ""
        self.emit(f"{self.new(ty)} = arith.{op} {a}, {b}{flag} : {ty}{self.loc()}")

    def op_cmp(self):
        if self.r() < 0.6:
            ty, op, pred = self.pick(INT_MIX), "cmpi", self.pick(CMPI_PREDS)
        else:
            ty, op, pred = self.pick(FLOAT_MIX), "cmpf", self.pick(CMPF_PREDS)
        a, b = self.use_pair(ty)
        self.emit(f"{self.new('i1')} = arith.{op} {pred}, {a}, {b} : {ty}{self.loc()}")

    def op_select(self):
        ty = self.pick(SCALAR_MIX)
        c, (a, b) = self.use("i1"), self.use_pair(ty)
        self.emit(f"{self.new(ty)} = arith.select {c}, {a}, {b} : {ty}")

    def op_cast(self):
        src, dst, op = self.pick(CASTS)
        a = self.use(src)
        self.emit(f"{self.new(dst)} = arith.{op} {a} : {src} to {dst}{self.loc()}")

    def op_const(self):
        self.materialize(self.pick(SCALAR_MIX)) if self.r() < 0.9 else self.dense(self.pick(TENSORS))

    def op_comment(self):
        self.emit(self.pick(COMMENTS))

    # ----- memref ops ----------------------------------------------------

    def alloc(self, ty):
        dyn = f"{self.use('index')}, {self.use('index')}" if ty == "memref<?x?xf32>" else ""
        attr = " {alignment = 64 : i64}" if self.r() < 0.2 else ""
        if not dyn and self.r() < 0.3:    # stack buffers need no dealloc
            kind = "alloca"
        else:
            kind = "alloc"
        name = self.new(ty)
        self.emit(f"{name} = memref.{kind}({dyn}){attr} : {ty}")
        if kind == "alloc":
            self.allocs[-1].append((name, ty))
        return name

    def some_memref(self):
        """A visible memref (any type), allocating one if none is visible."""
        present = [t for t in MEMREFS if self.vals.get(t)]
        return self.pick(present) if present else self.pick(ALLOCATABLE)

    def indices(self, rank):
        return ", ".join(self.use("index") for _ in range(rank))

    def op_load(self):
        ty = self.some_memref()
        elem, rank = MEMREFS[ty]
        m, idx = self.use(ty), self.indices(rank)
        attr = " {nontemporal = true}" if self.r() < 0.03 else ""
        self.emit(f"{self.new(elem)} = memref.load {m}[{idx}]{attr} : {ty}{self.loc()}")

    def op_store(self):
        ty = self.some_memref()
        elem, rank = MEMREFS[ty]
        v, m, idx = self.use(elem), self.use(ty), self.indices(rank)
        self.emit(f"memref.store {v}, {m}[{idx}] : {ty}{self.loc()}")

    def op_alloc(self):
        self.alloc(self.pick(ALLOCATABLE))

    def op_subview(self):
        present = [t for t in SUBVIEWS if self.vals.get(t)]
        if not present:
            return self.op_load()
        src = self.pick(present)
        offsets, rest, dst = self.pick(SUBVIEWS[src])
        m = self.use(src)
        offsets = offsets or f"[{self.indices(MEMREFS[src][1])}]"
        self.emit(f"{self.new(dst)} = memref.subview {m}{offsets} {rest} : {src} to {dst}")

    def op_dim(self):
        m, i = self.use("memref<?x?xf32>"), self.const("index", self.pick((0, 1)))
        self.emit(f"{self.new('index')} = memref.dim {m}, {i} : memref<?x?xf32>")

    # ----- calls ---------------------------------------------------------

    def op_call(self):
        if not self.callees:
            return self.op_int()
        callee, args, results = self.pick(self.callees)
        ops = ", ".join(self.use(t) for t in args)
        # Inside func.func the default dialect is func, so `call` also parses;
        # nested scf regions reset it, so the short form stays at depth 0.
        fn = "call" if self.depth == 0 and self.r() < 0.7 else "func.call"
        lhs, outs = self.result_names(results)
        self.emit(f"{lhs}{fn} {callee}({ops}) : ({', '.join(args)}) -> {fmt_results(results)}{self.loc()}")
        self.define_all(outs)

    def result_names(self, types):
        """('%5:2 = ', [('%5#0', t0), ('%5#1', t1)]) for an op with results."""
        if not types:
            return "", []
        name = f"%{self.next_id}"
        self.next_id += 1
        if len(types) == 1:
            return f"{name} = ", [(name, types[0])]
        return f"{name}:{len(types)} = ", [(f"{name}#{i}", t) for i, t in enumerate(types)]

    def define_all(self, pairs):
        for name, ty in pairs:
            self.define(name, ty)

    # ----- scf regions ---------------------------------------------------

    def region(self, budget, params, types):
        """One scf region: `params` are its block arguments, `types` what
        its scf.yield returns.  Its values vanish when it closes."""
        self.indent(1)
        self.open_scope()
        self.define_all(params)
        self.block(budget)
        ys = [self.use(t) for t in types]
        self.close_scope()
        if types:
            self.emit(f"scf.yield {', '.join(ys)} : {', '.join(types)}")
        self.indent(-1)

    def region_types(self):
        return [self.pick(SCALAR_MIX) for _ in range(self.pick((0, 1, 1, 1, 1, 2, 2, 3)))]

    def op_for(self, budget):
        types = self.region_types()
        inits = [self.use(t) for t in types]
        lb, ub = self.const("index", 0), self.bound()
        step = self.const("index", self.pick((1, 1, 1, 1, 1, 4)))
        iv, args = self.new_arg(), [self.new_arg() for _ in types]
        lhs, outs = self.result_names(types)
        head = f"{lhs}scf.for {iv} = {lb} to {ub} step {step}"
        if types:
            iters = ", ".join(f"{a} = {v}" for a, v in zip(args, inits))
            head += f" iter_args({iters}) -> ({', '.join(types)})"
        self.emit(head + " {")
        self.region(budget - 2, [(iv, "index")] + list(zip(args, types)), types)
        self.emit("}" + (" {bench.schedule = #map1}" if self.r() < 0.05 else ""))
        self.define_all(outs)

    def op_if(self, budget):
        types = self.region_types()
        cond = self.use("i1")
        lhs, outs = self.result_names(types)
        arrow = f" -> ({', '.join(types)})" if types else ""
        self.emit(f"{lhs}scf.if {cond}{arrow} {{")
        has_else = bool(types) or self.r() < 0.4
        then_budget = (budget - 3) // 2 if has_else else budget - 2
        self.region(then_budget, [], types)
        if has_else:
            self.emit("} else {")
            self.region(budget - 3 - then_budget, [], types)
        self.emit("}")
        self.define_all(outs)

    # ----- cf blocks (function top level only: scf regions are single-block)

    def label(self, args, preds):
        """Start a new block; `args` are (name, type) block arguments."""
        bb = f"^bb{self.next_bb}"
        self.next_bb += 1
        sig = f"({', '.join(f'{n}: {t}' for n, t in args)})" if args else ""
        comment = f"// pred: {preds[0]}" if len(preds) == 1 else f"// {len(preds)} preds: {', '.join(preds)}"
        self.out.append(f"{self.ind[2:]}{bb}{sig}:  {comment}")
        self.cur_bb = bb
        return bb

    def branch_block(self, budget, args, ty, pred):
        """A block of about `budget` lines whose only predecessor is `pred`;
        returns a value of type `ty` for the caller's closing branch."""
        self.label(args, [pred])
        self.open_scope()
        self.define_all(args)
        # No cf constructs inside an arm: the callers number blocks ahead.
        self.in_arm = True
        self.block(budget)
        self.in_arm = False
        v = self.use(ty)
        self.close_scope()
        return v

    def cf_diamond(self, budget):
        ty, cond, entry = self.pick(SCALAR_MIX), self.use("i1"), self.cur_bb
        then_bb, else_bb, merge_bb = (f"^bb{self.next_bb + i}" for i in range(3))
        a = self.use(ty)
        self.emit(f"cf.cond_br {cond}, {then_bb}({a} : {ty}), {else_bb}")
        half = (budget - 6) // 2
        v1 = self.branch_block(half, [(self.new_arg_id(), ty)], ty, entry)
        self.emit(f"cf.br {merge_bb}({v1} : {ty})")
        v2 = self.branch_block(budget - 6 - half, [], ty, entry)
        self.emit(f"cf.br {merge_bb}({v2} : {ty}){self.loc()}")
        merged = self.new_arg_id()
        self.label([(merged, ty)], [then_bb, else_bb])
        self.define(merged, ty)

    def cf_loop(self, budget):
        """A lowered counted loop: header with induction variable and an
        accumulator, a body with the back edge, and an exit block."""
        ty, entry = self.pick(SCALAR_MIX), self.cur_bb
        head_bb, body_bb, exit_bb = (f"^bb{self.next_bb + i}" for i in range(3))
        ub, init = self.bound(), self.use(ty)
        self.emit(f"cf.br {head_bb}({self.const('index', 0)}, {init} : index, {ty})")
        iv, acc = self.new_arg_id(), self.new_arg_id()
        self.label([(iv, "index"), (acc, ty)], [entry, body_bb])
        self.define_all([(iv, "index"), (acc, ty)])
        cond = self.new("i1")
        self.emit(f"{cond} = arith.cmpi slt, {iv}, {ub} : index")
        self.emit(f"cf.cond_br {cond}, {body_bb}, {exit_bb}")
        nxt = self.branch_block(budget - 8, [], ty, head_bb)
        step = self.new("index")
        self.emit(f"{step} = arith.addi {iv}, {self.const('index', 1)} : index")
        self.emit(f"cf.br {head_bb}({step}, {nxt} : index, {ty})")
        self.vals["index"].remove(step)    # defined in the body block only
        self.label([], [head_bb])

    def new_arg_id(self):
        self.next_id += 1
        return f"%{self.next_id - 1}"

    # ----- statement choice ----------------------------------------------

    def block(self, budget):
        """Emit statements until about `budget` lines were added."""
        end = len(self.out) + budget
        while len(self.out) < end:
            left = end - len(self.out)
            if left >= 6 and self.r() < self.region_odds():
                self.region_op(left)
            else:
                self.pick(SIMPLE_OPS)(self)

    def region_odds(self):
        if self.depth >= MAX_DEPTH:
            return 0.0
        return 0.18 if self.depth == 0 else 0.12

    def region_op(self, left):
        sub = 6 + int(self.r() ** 2 * (min(left, 60) - 5))
        x = self.r()
        if self.depth == 0 and not self.in_arm and x < 0.15 and sub >= 10:
            self.cf_diamond(sub) if x < 0.09 else self.cf_loop(sub)
        elif x < 0.6:
            self.op_for(sub)
        else:
            self.op_if(sub)

    # ----- whole function ------------------------------------------------

    def build(self, target):
        """Emit the whole function in about `target` lines; returns the lines."""
        self.header()
        self.prelude()
        self.block(max(target - len(self.out) - 2, 1))
        results = self.sig[2]
        rets = [self.use(t) for t in results]
        self.close_scope()
        ret = "return" if self.r() < 0.8 else "func.return"
        tail = f" {', '.join(rets)} : {', '.join(results)}" if results else ""
        self.emit(f"{ret}{tail}{self.loc()}")
        self.out.append("  }")
        return self.out

    def header(self):
        name, args, results = self.sig
        params = []
        for t in args:
            arg = self.new_arg()
            self.define(arg, t)
            attr = " {bench.noalias}" if t in MEMREFS and self.r() < 0.3 else ""
            params.append(f"{arg}: {t}{attr}")
        arrow = f" -> {fmt_results(results)}" if results else ""
        attrs = self.pick(FUNC_ATTRS)
        self.out.append(f"  func.func {name}({', '.join(params)}){arrow}{attrs} {{")

    def prelude(self):
        # Constants hoisted to the entry block, as canonicalization leaves them.
        extra = [self.random_const() for _ in range(self.pick((0, 1, 2, 3)))]
        for ty, v in [("index", 0), ("index", 1)] + extra:
            if (ty, v) not in self.consts:
                self.consts[(ty, v)] = self.constant(ty, v)

    def random_const(self):
        ty = self.pick(SCALAR_MIX)
        vals = INDEX_VALUES if ty == "index" else FLOAT_VALUES if ty in FLOATS else INT_VALUES
        return ty, self.pick(vals)


SIMPLE_OPS = (
    [FuncGen.op_int] * 24 + [FuncGen.op_float] * 18 + [FuncGen.op_cmp] * 6 + [FuncGen.op_select] * 3
    + [FuncGen.op_cast] * 5 + [FuncGen.op_const] * 2 + [FuncGen.op_load] * 7 + [FuncGen.op_store] * 4
    + [FuncGen.op_alloc] * 1 + [FuncGen.op_subview] * 1 + [FuncGen.op_dim] * 1 + [FuncGen.op_call] * 3
    + [FuncGen.op_comment] * 2)
FUNC_ATTRS = ("",) * 12 + (" attributes {bench.access = #map}",
                           " attributes {bench.unroll = 4 : i64, bench.access = #map1}",
                           " attributes {bench.kind = \"kernel\", bench.vectorize}")


def fmt_results(types):
    return types[0] if len(types) == 1 else f"({', '.join(types)})"


def random_sig(rng, name):
    args = [ARG_TYPES[int(rng.random() * len(ARG_TYPES))] for _ in range(rng.choice((0, 1, 2, 2, 3, 4)))]
    results = [SCALAR_MIX[int(rng.random() * len(SCALAR_MIX))] for _ in range(rng.choice((0, 1, 1, 2)))]
    return name, args, results


def declaration(sig):
    name, args, results = sig
    arrow = f" -> {fmt_results(results)}" if results else ""
    return f"  func.func private {name}({', '.join(args)}){arrow}"


def file_header(seed, n_lines):
    return [
        f"// Synthetic MLIR benchmark input: {n_lines} lines, seed {seed}.",
        "// Generated by bench/gen_ir.py; valid for mlir-opt.",
        "#map = affine_map<(d0, d1) -> (d0 * 16 + d1)>",
        "#map1 = affine_map<(d0)[s0] -> (d0 + s0)>",
        "#map2 = affine_map<(d0, d1) -> (d1, d0)>",
        "!buf = memref<16x16xf32>",
        "!tile = memref<4x4xf32, strided<[?, 1], offset: ?>>",
        f"module attributes {{bench.seed = {seed} : i64}} {{",
    ]


def file_trailer(rng):
    # mlir-opt --mlir-print-debuginfo puts location aliases after the module.
    locs = [f'#loc{i} = loc("{rng.choice(FILES)}":{rng.randint(1, 900)}:{rng.randint(1, 80)})'
            for i in range(N_LOC_ALIASES)]
    return ["}"] + locs


def fitting_function(rng, sig, callees, target, room):
    """Build a function of about `target` lines, retrying smaller until it
    fits in `room` (budgets are approximate: buffers freed at the end,
    constants materialized for operands)."""
    while True:
        lines = FuncGen(rng, sig, callees).build(target)
        if len(lines) <= room:
            return lines
        target -= len(lines) - room


def generate(n_lines, seed, write):
    """Write exactly `n_lines` lines (more only if n_lines is tiny)."""
    rng = random.Random(seed)
    head, tail = file_header(seed, n_lines), file_trailer(rng)
    write("\n".join(head) + "\n")
    externs = [random_sig(rng, f"@ext_{i}") for i in range(4)]
    write("\n".join(declaration(s) for s in externs) + "\n")
    left = n_lines - len(head) - len(tail) - len(externs)
    callees, chunk, i = list(externs), [], 0
    while left > 24:
        # Sizes skew small (20..200 lines) like real dumps.
        target = min(20 + int(rng.random() ** 2 * 181), left)
        sig = random_sig(rng, f"@{FUNC_PREFIXES[i % len(FUNC_PREFIXES)]}_{i}")
        lines = fitting_function(rng, sig, callees, target, left)
        callees.append(sig)
        chunk.extend(lines)
        left -= len(lines)
        i += 1
        if len(chunk) > 50000:
            write("\n".join(chunk) + "\n")
            chunk = []
    # Pad the remainder with one-line external declarations.
    chunk.extend(declaration(random_sig(rng, f"@ext_pad_{j}")) for j in range(max(left, 0)))
    write("\n".join(chunk + tail) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", type=int, required=True, help="total lines to write")
    ap.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    ap.add_argument("-o", "--output", default="-", help="output file (default stdout)")
    opts = ap.parse_args()
    if opts.output == "-":
        generate(opts.lines, opts.seed, sys.stdout.write)
    else:
        with open(opts.output, "w", encoding="utf-8") as f:
            generate(opts.lines, opts.seed, f.write)


if __name__ == "__main__":
    main()
