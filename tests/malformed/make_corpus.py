#!/usr/bin/env python3
"""Writes the malformed-class-file corpus (and a few valid edge cases) to a
directory. Each case is `<name>.class` (or `.jar`); `MANIFEST` lists
`<file> <expect> <message fragment>` with expect = `bad` (exit 2, one-line
error containing the fragment) or `ok` (exit 0).

Usage: make_corpus.py OUTDIR [VALID_JAR]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from classgen import (ConstantPool, attribute, class_file, code_attribute, method,  # noqa: E402
                      simple_class, u1, u2, u4, s4)

CASES = []


def case(name, expect, fragment):
    def register(fn):
        CASES.append((name, expect, fragment, fn))
        return fn
    return register


# --- header and constant pool -------------------------------------------------
@case("empty", "bad", "truncated")
def _(): return b""


@case("truncated_header", "bad", "truncated")
def _(): return simple_class()[:7]


@case("bad_magic", "bad", "bad magic")
def _(): return simple_class(magic=0xCAFEBABF)


@case("version_too_new", "bad", "unsupported class file version 70")
def _(): return simple_class(major=70)


@case("version_too_old", "bad", "unsupported class file version 44")
def _(): return simple_class(major=44)


@case("cp_count_zero", "bad", "constant_pool_count is 0")
def _():
    cp = ConstantPool()
    return class_file(cp, cp_count=0)


@case("cp_unknown_tag", "bad", "unknown tag 2")
def _():
    cp = ConstantPool()
    cp.raw_entry(u1(2) + u2(0))
    return class_file(cp)


@case("cp_truncated", "bad", "truncated")
def _():
    cp = ConstantPool()
    data = class_file(cp, cp_count=200)
    return data


@case("cp_index_out_of_range", "bad", "refers to entry 999")
def _():
    cp = ConstantPool()
    cp.raw_entry(u1(7) + u2(999))
    return class_file(cp)


@case("cp_wrong_kind", "bad", "which is not Utf8")
def _():
    cp = ConstantPool()
    i = cp.integer(5)
    cp.raw_entry(u1(7) + u2(i))
    return class_file(cp)


@case("cp_bad_utf8", "bad", "malformed modified UTF-8")
def _():
    cp = ConstantPool()
    cp.utf8(b"ab\xf5c")
    return class_file(cp)


@case("cp_long_in_last_slot", "bad", "8-byte constant in the last slot")
def _():
    cp = ConstantPool()
    cp.long(7)
    return class_file(cp, cp_count=cp.count - 1)


@case("cp_bad_method_handle_kind", "bad", "bad method handle kind 12")
def _():
    cp = ConstantPool()
    r = cp.methodref("Bad", "m", "()V")
    cp.raw_entry(u1(15) + u1(12) + u2(r))
    return class_file(cp)


@case("cp_missing_bootstrap", "bad", "refers to bootstrap method 3")
def _():
    cp = ConstantPool()
    cp.raw_entry(u1(18) + u2(3) + u2(cp.nat("run", "()Ljava/lang/Runnable;")))
    return class_file(cp)


@case("this_class_not_class", "bad", "is Utf8 where Class is required")
def _():
    cp = ConstantPool()
    data = bytearray(class_file(cp))
    # this_class is the u2 after the access flags that follow the pool.
    pos = 10 + sum(len(r) for r in cp.raw) + 2
    data[pos:pos + 2] = u2(cp.utf8("Bad"))
    return bytes(data)


# --- members and attributes ---------------------------------------------------
@case("bad_method_descriptor", "bad", "malformed method descriptor")
def _(): return simple_class(desc="(I")


@case("methods_count_huge", "bad", "truncated")
def _():
    cp = ConstantPool()
    data = class_file(cp)
    return data[:-4] + u2(65535) + u2(0)


@case("attribute_length_too_long", "bad", "truncated")
def _():
    cp = ConstantPool()
    return class_file(cp, attrs=[u2(cp.utf8("SourceFile")) + u4(100) + u2(cp.utf8("X.java"))])


@case("attribute_length_mismatch", "bad", "SourceFile attribute has 2 byte(s) more")
def _():
    cp = ConstantPool()
    return class_file(cp, attrs=[attribute(cp, "SourceFile", u2(cp.utf8("X.java")) + u2(0))])


@case("trailing_bytes", "bad", "unexpected byte(s) after the last attribute")
def _(): return simple_class() + b"\0\0\0"


@case("code_length_zero", "bad", "code length 0")
def _(): return simple_class(code=b"")


@case("code_length_lies", "bad", "truncated")
def _():
    cp = ConstantPool()
    m = method(cp, "m", "()V", [code_attribute(cp, b"\xb1", length=50)])
    return class_file(cp, methods=[m])


@case("stackmap_reserved_frame", "bad", "reserved frame type 200")
def _():
    cp = ConstantPool()
    smt = attribute(cp, "StackMapTable", u2(1) + u1(200))
    m = method(cp, "m", "()V", [code_attribute(cp, b"\xb1", attrs=[smt])])
    return class_file(cp, methods=[m])


# --- code ---------------------------------------------------------------------
@case("invalid_opcode", "bad", "invalid opcode 0xca")
def _(): return simple_class(code=b"\xca\xb1")


@case("impdep_opcode", "bad", "invalid opcode 0xfe")
def _(): return simple_class(code=b"\xfe\xb1")


@case("operand_past_end", "bad", "runs past the end of the code")
def _(): return simple_class(code=b"\x1a\x11\x01")  # sipush missing a byte


@case("branch_outside_code", "bad", "outside the code")
def _(): return simple_class(code=b"\xa7\x00\x40\xb1")  # goto +64


@case("branch_mid_instruction", "bad", "is not the start of an instruction")
def _(): return simple_class(code=b"\xa7\x00\x04\x10\x05\xac")  # goto into bipush's operand


@case("tableswitch_low_gt_high", "bad", "low 5 > high 1")
def _():
    code = b"\x1a\xaa\x00\x00" + s4(12) + s4(5) + s4(1) + b"\x1a\xac"
    return simple_class(code=code)


@case("lookupswitch_unsorted", "bad", "keys are not sorted")
def _():
    code = b"\x1a\xab\x00\x00" + s4(28) + s4(2) + s4(9) + s4(28) + s4(3) + s4(28) + b"\x1a\xac"
    return simple_class(code=code)


@case("falls_off_end", "bad", "fall off the end of the code")
def _(): return simple_class(code=b"\x1a")


@case("local_out_of_range", "bad", "local variable 7 out of range")
def _(): return simple_class(code=b"\x15\x07\xac")


@case("bad_wide", "bad", "wide cannot modify opcode 0x00")
def _(): return simple_class(code=b"\xc4\x00\x1a\xac")


@case("newarray_bad_type", "bad", "newarray with bad array type 3")
def _(): return simple_class(code=b"\x1a\xbc\x03\xb0", desc="(I)Ljava/lang/Object;")


@case("ldc_methodref", "bad", "refers to constant pool entry")
def _():
    cp = ConstantPool()
    r = cp.methodref("Bad", "m", "()V")
    m = method(cp, "m", "()V", [code_attribute(cp, b"\x12" + u1(r) + b"\x57\xb1")])
    return class_file(cp, methods=[m])


@case("invoke_fieldref", "bad", "of kind Fieldref")
def _():
    cp = ConstantPool()
    f = cp.fieldref("Bad", "f", "I")
    m = method(cp, "m", "()V", [code_attribute(cp, b"\xb8" + u2(f) + b"\xb1")])
    return class_file(cp, methods=[m])


@case("handler_bad_range", "bad", "exception handler 0 has a bad range")
def _(): return simple_class(handlers=[(1, 1, 0, 0)])


@case("handler_mid_instruction", "bad", "not on instruction boundaries")
def _(): return simple_class(code=b"\x10\x05\xac", handlers=[(1, 2, 0, 0)])


# --- valid edge cases -----------------------------------------------------------
for v in (45, 49, 50, 52, 55, 61, 65, 69):
    case("version_%d" % v, "ok", "")(lambda v=v: simple_class(major=v))


@case("wide_iinc", "ok", "")
def _():
    # wide iinc 300 by 1000; iload 300 (wide); ireturn
    code = b"\xc4\x84" + u2(300) + u2(1000) + b"\xc4\x15" + u2(300) + b"\xac"
    return simple_class(code=code, max_locals=301)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    lines = []
    for name, expect, fragment, fn in CASES:
        path = name + ".class"
        with open(os.path.join(out, path), "wb") as f:
            f.write(fn())
        lines.append("%s %s %s" % (path, expect, fragment))
    # Archives: garbage with a .jar name, and a real jar cut in half.
    with open(os.path.join(out, "not_a_zip.jar"), "wb") as f:
        f.write(b"this is not a zip archive\n" * 10)
    lines.append("not_a_zip.jar bad cannot open as a zip archive")
    if len(sys.argv) > 2:
        with open(sys.argv[2], "rb") as f:
            data = f.read()
        with open(os.path.join(out, "truncated.jar"), "wb") as f:
            f.write(data[: len(data) // 2])
        lines.append("truncated.jar bad cannot open as a zip archive")
    with open(os.path.join(out, "MANIFEST"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote %d cases to %s" % (len(lines), out))


if __name__ == "__main__":
    main()
