"""Hypothesis strategies for uploads: valid `.tar.gz` and `.zip` bot archives, mutated where
the readers look (tar header fields, PAX records, GNU long names, sizes, names, modes, link
kinds; zip local and central directory fields, extra fields, compression methods), then
optionally damaged as bytes (truncated, a byte flipped, the gzip layer broken).

Each archive is kept as a list of parts with named fields and built at the end, so a
mutation changes one field and everything else (checksums, lengths, offsets) stays as a
real tool would write it, unless the mutation is to lie about exactly that.
"""

from __future__ import annotations

import bz2
import gzip
import struct
import zlib
from dataclasses import dataclass, field

from hostile_archives import GOOD
from hypothesis import strategies as st

# --- values that readers trip on ------------------------------------------------------------

NAMES = [
    b"bot.py",
    b"mybot/bot.py",
    b"lib/util.py",
    b"Bot.py",
    b"../bot.py",
    b"/etc/passwd",
    b"C:/x.py",
    b"a\\..\\b.py",
    b"./",
    b".",
    b"",
    b"a/",
    b"a//b.py",
    b"\xff\xfe.py",
    b"caf\xc3\xa9.py",
    b"cafe\xcc\x81.py",
    b"x\x00y.py",
    b"x\ny.py",
    b"\xe2\x80\xaeyp.txt",
    b"\xed\xa0\x80.py",
    "/".join(["d"] * 40).encode(),
    b"n" * 300,
]
DIGITS = st.one_of(
    st.integers(0, 10**30).map(lambda n: str(n).encode()),
    st.sampled_from([20, 30, 4300, 4301, 5000, 6000]).map(lambda n: b"9" * n),
    st.sampled_from([4301, 5000]).map(lambda n: b"1" * n),
    st.sampled_from([1, 30, 5000]).map(lambda n: b"0" * n + b"7"),
    st.sampled_from([b"", b"-1", b"+5", b"0x10", b"1e9", b" 12", b"\xd9\xa3", b"\xef\xbc\x91"]),
)
PAX_KEYS = [
    b"path",
    b"size",
    b"linkpath",
    b"mtime",
    b"uid",
    b"uname",
    b"comment",
    b"GNU.sparse.size",
    b"GNU.sparse.map",
    b"SCHILY.xattr.user.x",
    b"hdrcharset",
    b"",
    b"\xff",
]
TAR_KINDS = [b"0", b"\x00", b"7", b"5", b"1", b"2", b"3", b"4", b"6", b"x", b"g", b"L", b"K"]
TAR_KINDS += [b"S", b"V", b"M", b"D", b"N", b"A", b"\xff", b"9"]


def octal(width: int) -> st.SearchStrategy[bytes]:
    """Values for a numeric tar field `width` bytes wide: octal text, GNU base-256, junk."""
    return st.one_of(
        st.integers(0, 8 ** (width - 1) - 1).map(lambda n: b"%0*o\x00" % (width - 1, n)),
        st.integers(0, 2 ** (8 * width - 1) - 1).map(
            lambda n: (n | (0x80 << (8 * width - 8))).to_bytes(width, "big")
        ),
        st.integers(0, 2 ** (8 * width - 8) - 1).map(
            lambda n: b"\xff" + n.to_bytes(width - 1, "big")
        ),
        st.binary(max_size=width),
        st.sampled_from([b"", b" " * width, b"9" * width, b"7" * width, b"-1", b"0x10"]),
    )


# --- .tar ------------------------------------------------------------------------------------

#: ustar header fields: name -> (offset, width).
TAR_FIELDS = {
    "name": (0, 100),
    "mode": (100, 8),
    "uid": (108, 8),
    "gid": (116, 8),
    "size": (124, 12),
    "mtime": (136, 12),
    "chksum": (148, 8),
    "type": (156, 1),
    "linkname": (157, 100),
    "magic": (257, 8),
    "uname": (265, 32),
    "devmajor": (329, 8),
    "prefix": (345, 155),
}


@dataclass
class TarPart:
    """One header block and its data; `fields` overrides what the header would say."""

    name: bytes
    content: bytes = b""
    kind: bytes = b"0"
    fields: dict[str, bytes] = field(default_factory=dict)

    def build(self) -> bytes:
        block = bytearray(512)
        values = {
            "name": self.name,
            "mode": b"0000644\x00",
            "uid": b"0001750\x00",
            "gid": b"0001750\x00",
            "size": b"%011o\x00" % len(self.content),
            "mtime": b"14677457531\x00",
            "type": self.kind,
            "magic": b"ustar\x0000",
            "uname": b"someone",
            **self.fields,
        }
        for key, (offset, width) in TAR_FIELDS.items():
            if key != "chksum":
                value = values.get(key, b"")[:width]
                block[offset : offset + len(value)] = value
        if "chksum" in self.fields:
            value = self.fields["chksum"][:8]
            block[148 : 148 + len(value)] = value
        else:
            block[148:156] = b" " * 8
            block[148:156] = b"%06o\x00 " % sum(block)
        return bytes(block) + self.content + bytes(-len(self.content) % 512)


def pax_body(records: list[tuple[bytes, bytes]]) -> bytes:
    body = b""
    for key, value in records:
        fixed = len(key) + len(value) + 3
        length = previous = 0
        while True:  # the length counts its own digits
            length = fixed + len(str(previous))
            if length == previous:
                break
            previous = length
        body += b"%d %s=%s\n" % (length, key, value)
    return body


def valid_tar_parts() -> st.SearchStrategy[list[TarPart]]:
    """A few archives as real tools write them: plain ustar with folders, PAX names, GNU
    long names, one top-level folder."""
    plain = [
        TarPart(b"bot.py", GOOD),
        TarPart(b"lib/", kind=b"5"),
        TarPart(b"lib/util.py", b"X = 1\n"),
    ]
    long_path = b"helpers/" + b"a_deeper_folder/" * 6 + b"module.py"
    pax = [
        TarPart(b"././@PaxHeader", pax_body([(b"path", long_path), (b"mtime", b"1.5")]), b"x"),
        TarPart(long_path[:99], b"Y = 2\n"),
        TarPart(b"bot.py", GOOD),
    ]
    gnu = [
        TarPart(b"././@LongLink", long_path + b"\x00", b"L"),
        TarPart(long_path[:99], b"Y = 2\n"),
        TarPart(b"bot.py", GOOD),
    ]
    folder = [
        TarPart(b"mybot-main/", kind=b"5"),
        TarPart(b"mybot-main/bot.py", GOOD),
        TarPart(b"mybot-main/data.bin", bytes(range(256)) * 3),
    ]
    return st.sampled_from([plain, pax, gnu, folder]).map(
        lambda parts: [TarPart(p.name, p.content, p.kind, dict(p.fields)) for p in parts]
    )


@st.composite
def pax_record(draw) -> tuple[bytes, bytes]:
    """A key, and a value of the kind it expects more often than not."""
    key = draw(st.sampled_from([b"path", b"size", b"size", *PAX_KEYS]))
    numeric = key in (b"size", b"mtime", b"uid", b"GNU.sparse.size")
    text = key in (b"path", b"linkpath", b"uname")
    if numeric and draw(st.integers(0, 3)):
        return key, draw(DIGITS)
    if text and draw(st.integers(0, 3)):
        return key, draw(st.sampled_from(NAMES))
    return key, draw(st.one_of(DIGITS, st.sampled_from(NAMES), st.binary(max_size=64)))


@st.composite
def tar_mutation(draw, parts: list[TarPart]) -> None:
    """Change `parts` in place, once, somewhere the tar reader looks."""
    at = draw(st.integers(0, len(parts) - 1))
    part = parts[at]
    how = draw(
        st.sampled_from(
            ["field", "size", "name", "kind", "pax", "pax", "pax", "pax_raw", "meta", "dup", "drop"]
        )
    )
    if how == "field":
        key = draw(st.sampled_from(sorted(TAR_FIELDS)))
        width = TAR_FIELDS[key][1]
        part.fields[key] = draw(st.one_of(octal(width), st.binary(max_size=width)))
    elif how == "size":
        part.fields["size"] = draw(octal(12))
    elif how == "name":
        part.name = draw(st.one_of(st.sampled_from(NAMES), st.binary(max_size=110)))
        if draw(st.booleans()):
            part.fields["prefix"] = draw(st.sampled_from(NAMES))
    elif how == "kind":
        part.kind = draw(st.sampled_from(TAR_KINDS))
        if part.kind in (b"1", b"2"):
            part.fields["linkname"] = draw(st.sampled_from(NAMES))
    elif how == "pax":
        records = draw(st.lists(pax_record(), min_size=1, max_size=3))
        kind = draw(st.sampled_from([b"x", b"x", b"x", b"g"]))
        parts.insert(at, TarPart(b"././@PaxHeader", pax_body(records), kind))
    elif how == "pax_raw":
        raw = draw(
            st.one_of(
                st.binary(max_size=200),
                st.tuples(DIGITS, st.sampled_from(PAX_KEYS), st.binary(max_size=40)).map(
                    lambda t: t[0] + b" " + t[1] + b"=" + t[2] + b"\n"
                ),
            )
        )
        parts.insert(at, TarPart(b"././@PaxHeader", raw, b"x"))
    elif how == "meta":
        kind = draw(st.sampled_from([b"x", b"g", b"L", b"K"]))
        payload = draw(st.one_of(st.sampled_from(NAMES), st.binary(max_size=600)))
        meta = TarPart(b"././@LongLink", payload, kind)
        if draw(st.booleans()):
            meta.fields["size"] = draw(octal(12))
        parts.insert(at, meta)
    elif how == "dup":
        parts.insert(at, TarPart(part.name, part.content, part.kind, dict(part.fields)))
    elif how == "drop" and len(parts) > 1:
        del parts[at]


def damaged(data: bytes, draw) -> bytes:
    """`data`, or `data` truncated, with a byte changed, or with bytes after it."""
    how = draw(st.sampled_from(["keep", "keep", "truncate", "flip", "append"]))
    if how == "truncate" and data:
        return data[: draw(st.integers(0, len(data) - 1))]
    if how == "flip" and data:
        at = draw(st.integers(0, len(data) - 1))
        bit = draw(st.integers(1, 255))
        return data[:at] + bytes([data[at] ^ bit]) + data[at + 1 :]
    if how == "append":
        return data + draw(st.binary(min_size=1, max_size=600))
    return data


@st.composite
def tar_gz_uploads(draw) -> bytes:
    parts = draw(valid_tar_parts())
    for _ in range(draw(st.integers(0, 4))):
        draw(tar_mutation(parts))
    end = draw(st.sampled_from([bytes(1024), bytes(1024), bytes(512), b"", bytes(10240)]))
    tar = damaged(b"".join(part.build() for part in parts) + end, draw)
    layer = draw(st.sampled_from(["gzip", "gzip", "gzip", "damaged", "twice", "raw", "members"]))
    if layer == "damaged":
        return damaged(gzip.compress(tar, mtime=0), draw)
    if layer == "twice":
        return gzip.compress(gzip.compress(tar, mtime=0), mtime=0)
    if layer == "raw":  # deflate without the gzip wrapping, or not compressed at all
        return draw(st.sampled_from([zlib.compress(tar), tar]))
    if layer == "members":  # the same tar cut across two gzip members
        cut = draw(st.integers(0, len(tar)))
        return gzip.compress(tar[:cut], mtime=0) + gzip.compress(tar[cut:], mtime=0)
    return gzip.compress(tar, mtime=0)


# --- .zip ------------------------------------------------------------------------------------

METHODS = [0, 8, 8, 12, 14, 1, 9, 93, 99, 0xFFFF]


@dataclass
class ZipPart:
    """One member: its local header, data and central directory entry. `local` and
    `central` override fields of each (by the names in `_LOCAL` / `_CENTRAL`)."""

    name: bytes
    content: bytes
    method: int = 8
    local: dict[str, int | bytes] = field(default_factory=dict)
    central: dict[str, int | bytes] = field(default_factory=dict)

    def data(self) -> bytes:
        if self.method == 8:
            compressor = zlib.compressobj(6, zlib.DEFLATED, -15)
            return compressor.compress(self.content) + compressor.flush()
        if self.method == 12:
            return bz2.compress(self.content)
        return self.content


_LOCAL = ["version", "flags", "method", "time", "date", "crc", "csize", "usize", "nlen", "xlen"]
_CENTRAL = ["made", "version", "flags", "method", "time", "date", "crc", "csize", "usize"]
_CENTRAL += ["nlen", "xlen", "clen", "disk", "iattr", "eattr", "offset"]
_EOCD = ["disk", "cd_disk", "here", "total", "cd_size", "cd_offset", "clen"]


def build_zip(parts: list[ZipPart], eocd: dict[str, int], comment: bytes = b"") -> bytes:
    body = central = b""
    for part in parts:
        data = part.data()
        name = part.local.get("name", part.name)
        extra = part.local.get("extra", b"")
        values = {
            "version": 20,
            "flags": 0x800,
            "method": part.method,
            "time": 0,
            "date": 0x21,
            "crc": zlib.crc32(part.content),
            "csize": len(data),
            "usize": len(part.content),
            "nlen": len(name),
            "xlen": len(extra),
        }
        values.update({k: v for k, v in part.local.items() if k in _LOCAL})
        offset = len(body)
        packed = [
            values[k] & (0xFFFFFFFF if k in ("crc", "csize", "usize") else 0xFFFF) for k in _LOCAL
        ]
        body += struct.pack("<4s5H3I2H", b"PK\x03\x04", *packed)
        body += name + extra + data
        name = part.central.get("name", part.name)
        extra = part.central.get("extra", b"")
        values.update(
            made=0x0314,
            nlen=len(name),
            xlen=len(extra),
            clen=0,
            disk=0,
            iattr=0,
            eattr=(0o100644 << 16),
            offset=offset,
        )
        values.update({k: v for k, v in part.central.items() if k in _CENTRAL})
        packed = [
            values[k]
            & (0xFFFFFFFF if k in ("crc", "csize", "usize", "eattr", "offset") else 0xFFFF)
            for k in _CENTRAL
        ]
        central += struct.pack("<4s6H3I5H2I", b"PK\x01\x02", *packed)
        central += name + extra
    ends = {
        "disk": 0,
        "cd_disk": 0,
        "here": len(parts),
        "total": len(parts),
        "cd_size": len(central),
        "cd_offset": len(body),
        "clen": len(comment),
        **eocd,
    }
    packed = [ends[k] & (0xFFFFFFFF if k in ("cd_size", "cd_offset") else 0xFFFF) for k in _EOCD]
    return body + central + struct.pack("<4s4H2IH", b"PK\x05\x06", *packed) + comment


def zip64_extra(values: list[int]) -> bytes:
    payload = b"".join(struct.pack("<Q", v & (2**64 - 1)) for v in values)
    return struct.pack("<2H", 1, len(payload)) + payload


def valid_zip_parts() -> st.SearchStrategy[list[ZipPart]]:
    plain = [
        ZipPart(b"bot.py", GOOD),
        ZipPart(b"lib/", b"", 0, central={"eattr": (0o40755 << 16) | 0x10}),
        ZipPart(b"lib/util.py", b"X = 1\n", 0),
    ]
    folder = [
        ZipPart(b"mybot-main/bot.py", GOOD),
        ZipPart(b"mybot-main/data.bin", bytes(range(256)) * 3),
    ]
    return st.sampled_from([plain, folder]).map(
        lambda parts: [
            ZipPart(p.name, p.content, p.method, dict(p.local), dict(p.central)) for p in parts
        ]
    )


SIZES = st.one_of(
    st.integers(0, 2**32 - 1),
    st.sampled_from([0, 1, 5, 0xFFFFFFFF, 0xFFFF, 1 << 30, 4 << 20, (4 << 20) + 1]),
)
FIELD_VALUES = {
    "flags": st.one_of(st.sampled_from([0, 1, 8, 0x800, 0x809, 0x41, 0x2000]), SIZES),
    "method": st.sampled_from(METHODS),
    "crc": SIZES,
    "csize": SIZES,
    "usize": SIZES,
    "nlen": st.integers(0, 0xFFFF),
    "xlen": st.integers(0, 0xFFFF),
    "version": st.sampled_from([10, 20, 45, 63, 0xFFFF]),
    "made": st.sampled_from([0, 0x0314, 0x0A14, 0x1E14]),
    "disk": st.sampled_from([0, 1, 0xFFFF]),
    "eattr": st.one_of(
        st.sampled_from([0o120777, 0o020644, 0o060644, 0o010644, 0o140644, 0o40755, 0]).map(
            lambda mode: mode << 16
        ),
        SIZES,
    ),
    "offset": SIZES,
    "time": st.integers(0, 0xFFFF),
    "date": st.integers(0, 0xFFFF),
}


@st.composite
def zip_mutation(draw, parts: list[ZipPart], eocd: dict[str, int]) -> None:
    at = draw(st.integers(0, len(parts) - 1))
    part = parts[at]
    how = draw(
        st.sampled_from(["central", "local", "method", "name", "extra", "eocd", "dup", "drop"])
    )
    if how in ("central", "local"):
        keys = [k for k in (_CENTRAL if how == "central" else _LOCAL) if k in FIELD_VALUES]
        key = draw(st.sampled_from(keys))
        getattr(part, how)[key] = draw(FIELD_VALUES[key])
    elif how == "method":  # compressed honestly with another method, or the method lies
        part.method = draw(st.sampled_from(METHODS))
        if draw(st.booleans()):
            part.central["method"] = part.local["method"] = draw(st.sampled_from(METHODS))
    elif how == "name":
        name = draw(st.one_of(st.sampled_from(NAMES), st.binary(max_size=80)))
        where = draw(st.sampled_from(["both", "central", "local"]))
        if where == "both":
            part.name = name
        else:
            getattr(part, where)["name"] = name
        if draw(st.booleans()):
            part.central["flags"] = part.local["flags"] = draw(st.sampled_from([0, 0x800]))
    elif how == "extra":
        extra = draw(
            st.one_of(
                st.lists(SIZES, max_size=4).map(zip64_extra),
                st.binary(max_size=40),
                st.tuples(st.integers(0, 0xFFFF), st.integers(0, 0xFFFF)).map(
                    lambda t: struct.pack("<2H", *t)
                ),
            )
        )
        getattr(part, draw(st.sampled_from(["central", "local"])))["extra"] = extra
    elif how == "eocd":
        key = draw(st.sampled_from(_EOCD))
        eocd[key] = draw(st.one_of(st.integers(0, 0xFFFF), SIZES))
    elif how == "dup":
        parts.insert(at, ZipPart(part.name, part.content, part.method))
    elif how == "drop" and len(parts) > 1:
        del parts[at]


@st.composite
def zip_uploads(draw) -> bytes:
    parts = draw(valid_zip_parts())
    eocd: dict[str, int] = {}
    for _ in range(draw(st.integers(0, 4))):
        draw(zip_mutation(parts, eocd))
    comment = draw(st.sampled_from([b"", b"", b"a comment", b"PK\x05\x06" + bytes(18)]))
    return damaged(build_zip(parts, eocd, comment), draw)
