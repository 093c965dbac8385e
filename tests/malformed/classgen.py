"""A tiny class-file assembler (JVMS §4) for building valid and malformed
test inputs. Only what the tests need: a constant pool with symbolic helpers,
methods with a Code attribute, raw attributes."""
import struct


def u1(v): return struct.pack(">B", v)
def u2(v): return struct.pack(">H", v)
def u4(v): return struct.pack(">I", v)
def s4(v): return struct.pack(">i", v)


class ConstantPool:
    def __init__(self):
        self.raw = []      # encoded entries
        self.index = {}    # key -> index
        self.count = 1     # next index

    def _add(self, key, data, slots=1):
        if key in self.index:
            return self.index[key]
        i = self.count
        self.raw.append(data)
        self.index[key] = i
        self.count += slots
        return i

    def utf8(self, s):
        b = s.encode("utf-8") if isinstance(s, str) else s
        return self._add(("utf8", b), u1(1) + u2(len(b)) + b)

    def cls(self, name): return self._add(("class", name), u1(7) + u2(self.utf8(name)))
    def string(self, s): return self._add(("string", s), u1(8) + u2(self.utf8(s)))
    def integer(self, v): return self._add(("int", v), u1(3) + s4(v))
    def long(self, v): return self._add(("long", v), u1(5) + struct.pack(">q", v), 2)

    def nat(self, name, desc):
        return self._add(("nat", name, desc), u1(12) + u2(self.utf8(name)) + u2(self.utf8(desc)))

    def ref(self, tag, owner, name, desc):
        return self._add(("ref", tag, owner, name, desc),
                         u1(tag) + u2(self.cls(owner)) + u2(self.nat(name, desc)))

    def methodref(self, owner, name, desc): return self.ref(10, owner, name, desc)
    def fieldref(self, owner, name, desc): return self.ref(9, owner, name, desc)

    def raw_entry(self, data, slots=1):
        """Appends an arbitrary entry and returns its index."""
        i = self.count
        self.raw.append(data)
        self.count += slots
        return i

    def encode(self, count=None):
        return u2(self.count if count is None else count) + b"".join(self.raw)


def attribute(cp, name, body):
    return u2(cp.utf8(name)) + u4(len(body)) + body


def code_attribute(cp, code, max_stack=4, max_locals=4, handlers=(), attrs=(), length=None):
    body = u2(max_stack) + u2(max_locals) + u4(len(code) if length is None else length) + code
    body += u2(len(handlers)) + b"".join(u2(a) + u2(b) + u2(c) + u2(d) for a, b, c, d in handlers)
    body += u2(len(attrs)) + b"".join(attrs)
    return attribute(cp, "Code", body)


def method(cp, name, desc, attrs, access=0x0009):
    return u2(access) + u2(cp.utf8(name)) + u2(cp.utf8(desc)) + u2(len(attrs)) + b"".join(attrs)


def class_file(cp, name="Bad", methods=(), fields=(), attrs=(), major=52, minor=0,
               magic=0xCAFEBABE, super_name="java/lang/Object", cp_count=None):
    this_index = cp.cls(name)
    super_index = cp.cls(super_name) if super_name else 0
    body = u2(0x0021) + u2(this_index) + u2(super_index) + u2(0)
    body += u2(len(fields)) + b"".join(fields)
    body += u2(len(methods)) + b"".join(methods)
    body += u2(len(attrs)) + b"".join(attrs)
    return u4(magic) + u2(minor) + u2(major) + cp.encode(cp_count) + body


def simple_class(code=b"\x1a\xac", desc="(I)I", max_locals=1, handlers=(), major=52, **kw):
    """A class `Bad` with one static method `m` whose code is `code`."""
    cp = ConstantPool()
    m = method(cp, "m", desc, [code_attribute(cp, code, max_locals=max_locals, handlers=handlers)])
    return class_file(cp, methods=[m], major=major, **kw)
