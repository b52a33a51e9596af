//! Each checked-in JSON of test-data/tablegen reads into the expected records (snapshots
//! of the records' dump).

mod common;

use expect_test::{Expect, expect};

fn check(name: &str, expected: Expect) {
    expected.assert_eq(&common::read_fixture(name).to_string());
}

#[test]
fn basics() {
    check(
        "basics",
        expect![[r#"
        def Circle: Shape @ basics.td:17
          Comment = ?
          IsRound = 1
          Name = "circle"
          Sides = 0
          Tags = []
        def Collections @ basics.td:58
          Names = ["a", "b", "c"]
          Nested = [[1, 2], [], [3]]
          NoShapes = []
          Numbers = [1, -2, 30000000000]
          Shapes = [Circle, Triangle, Square]
        def Expression @ basics.td:50
          Empty = (ops)
          Patterns = [(add 1, 2), (mul 3, 4)]
          Tree = (add (mul 1, 2):$product, 3:$rhs, "note")
          Unset = (ops ?:$hole)
        def Hexagon: Shape, Polygon @ basics.td:80
          Comment = "from a top-level let"
          IsRound = 0
          Name = "hexagon"
          Sides = 6
          Tags = ["polygon"]
        def Load: Encoded @ basics.td:35
          Flag = 1
          High = [0, 1, 0, 1]
          Low = [1, 0, 1, 0]
          Opcode = [1, 0, 1, 0, 0, 1, 0, 1]
          Partial = [1, ?, ?, 0]
        def Palette @ basics.td:72
          Accents = [anonymous_1, anonymous_2]
          Background = anonymous_0
        def Pentagon: Shape, Polygon @ basics.td:79
          Comment = "from a top-level let"
          IsRound = 0
          Name = "pentagon"
          Sides = 5
          Tags = ["polygon"]
        def Quoting @ basics.td:84
          Block = "\n    multi \"line\" code\n  "
          Text = "tab\there \"quoted\" back\\slash"
        def Square: Shape, Polygon @ basics.td:19
          Area = " side * side "
          Comment = "four equal sides"
          IsRound = 0
          Name = "square"
          Sides = 4
          Tags = ["polygon"]
        def Store: WithOperand @ basics.td:44
          Word = [1, 1, 1, reg{0}, reg{1}, reg{2}]
          reg = [?, ?, ?]
        def Triangle: Shape, Polygon @ basics.td:18
          Comment = ?
          IsRound = 0
          Name = "triangle"
          Sides = 3
          Tags = ["polygon"]
        def add @ basics.td:48
        def anonymous_0 (anonymous): Colour @ basics.td:73
          Blue = 0
          Green = 0
          Red = 0
        def anonymous_1 (anonymous): Colour @ basics.td:74
          Blue = 0
          Green = 0
          Red = 255
        def anonymous_2 (anonymous): Colour @ basics.td:74
          Blue = 0
          Green = 255
          Red = 0
        def mul @ basics.td:49
        def ops @ basics.td:47
        class Colour: anonymous_0, anonymous_1, anonymous_2
        class Encoded: Load
        class Polygon: Hexagon, Pentagon, Square, Triangle
        class Shape: Circle, Hexagon, Pentagon, Square, Triangle
        class WithOperand: Store
    "#]],
    );
}

#[test]
fn common_classes() {
    check(
        "common",
        expect![[r#"
        def Metre: Unit @ common.td:8
          Symbol = "m"
        def Second: Unit @ common.td:9
          Symbol = "s"
        class Unit: Metre, Second
    "#]],
    );
}

#[test]
fn includes() {
    check(
        "includes",
        expect![[r#"
        def Length: Quantity @ includes.td:5
          Name = "length"
          Scale = 1
          Unit = Metre
        def Metre: Unit @ common.td:8
          Symbol = "m"
        def Second: Unit @ common.td:9
          Symbol = "s"
        def Time: Quantity @ includes.td:6
          Name = "time"
          Scale = 1000
          Unit = Second
        class Quantity: Length, Time
        class Unit: Metre, Second
    "#]],
    );
}

#[test]
fn multiclass() {
    check(
        "multiclass",
        expect![[r#"
        def ADD_32: Instruction @ multiclass.td:10, multiclass.td:16
          Flags = ["narrow"]
          Mnemonic = "add32"
          Width = 32
        def ADD_64: Instruction @ multiclass.td:11, multiclass.td:16
          Flags = ["wide", "slow"]
          Mnemonic = "add64"
          Width = 64
        def Bit0 @ multiclass.td:24
          Index = 0
          Kind = "clear"
        def Bit1 @ multiclass.td:24
          Index = 1
          Kind = "set"
        def Eager: Lazy @ multiclass.td:34
          Doubled = 42
          Shown = "21"
        def Reg1: Instruction @ multiclass.td:20
          Flags = ["odd"]
          Mnemonic = "reg1"
          Width = 32
        def Reg2: Instruction @ multiclass.td:20
          Flags = ["even"]
          Mnemonic = "reg2"
          Width = 32
        def Reg3: Instruction @ multiclass.td:20
          Flags = ["odd"]
          Mnemonic = "reg3"
          Width = 32
        def SUB_32: Instruction @ multiclass.td:10, multiclass.td:17
          Flags = ["narrow"]
          Mnemonic = "sub32"
          Width = 32
        def SUB_64: Instruction @ multiclass.td:11, multiclass.td:17
          Flags = ["wide", "slow"]
          Mnemonic = "sub64"
          Width = 64
        class Instruction: ADD_32, ADD_64, Reg1, Reg2, Reg3, SUB_32, SUB_64
        class Lazy: Eager
    "#]],
    );
}

#[test]
fn unresolved() {
    check(
        "unresolved",
        expect![[r#"
        def Pending: Deferred @ unresolved.td:19
          field Call = (op Count:$n, Label:$text)
          Count = ?
          field CountAgain = Count
          field Disabled = !cast<bit>(!not(Enabled))
          Enabled = ?
          Label = ?
          field Mode = [1, Enabled]
          field Ready = 3
          field Sizes = [1, Count]
          field Title = !strconcat(Label, "!")
        def op @ unresolved.td:4
        class Deferred: Pending
    "#]],
    );
}
