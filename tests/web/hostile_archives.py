"""Crafted uploads: small on disk, hostile inside, each with the refusal it must get.

Built here, in the tests, byte by byte where `tarfile` / `zipfile` would refuse to write
them. Big payloads of zeros are written as concatenated gzip members (a gzip stream may
hold several, and every reader joins them), so a 900 MiB header costs the test one 64 MiB
compression, not fourteen.
"""

from __future__ import annotations

import functools
import gzip
import io
import struct
import tarfile
import warnings
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass

GOOD = b"""from arena_sdk import Bot


class First(Bot):
    def act(self, view, legal):
        return legal[0].code
"""
MiB = 1 << 20


# --- building blocks ------------------------------------------------------------------------


def tar_header(name: bytes, size: int = 0, kind: bytes = b"0", prefix: bytes = b"") -> bytes:
    """One ustar header block, checksummed, with any name bytes and any declared size."""
    block = bytearray(512)
    block[0 : len(name)] = name
    block[100:108] = b"0000644\x00"
    block[108:116] = b"0000000\x00"
    block[116:124] = b"0000000\x00"
    block[124:136] = b"%011o\x00" % size
    block[136:148] = b"00000000000\x00"
    block[148:156] = b" " * 8
    block[156:157] = kind
    block[257:265] = b"ustar\x0000"
    block[345 : 345 + len(prefix)] = prefix
    block[148:156] = b"%06o\x00 " % sum(block)
    return bytes(block)


def tar_member(name: bytes, content: bytes = b"", kind: bytes = b"0") -> bytes:
    return tar_header(name, len(content), kind) + content + bytes(-len(content) % 512)


def pax_member(records: dict[bytes, bytes], kind: bytes = b"x") -> bytes:
    """A PAX header (`x`: for the next member, `g`: global) holding `records`."""
    body = b""
    for key, value in records.items():
        fixed = len(key) + len(value) + 3  # " ", "=", "\n"
        length = previous = 0
        while True:  # the length counts its own digits
            length = fixed + len(str(previous))
            if length == previous:
                break
            previous = length
        body += b"%d %s=%s\n" % (length, key, value)
    return tar_member(b"././@PaxHeader", body, kind)


END = bytes(1024)


def gz(data: bytes) -> bytes:
    return gzip.compress(data, 9, mtime=0)


@functools.cache
def _zero_member(size: int) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    piece = bytes(MiB)
    out = [compressor.compress(piece) for _ in range(size // MiB)]
    out.append(compressor.compress(bytes(size % MiB)))
    out.append(compressor.flush())
    return b"".join(out)


def gz_zeros(size: int) -> bytes:
    """`size` zero bytes as concatenated gzip members of at most 64 MiB each."""
    full, rest = divmod(size, 64 * MiB)
    return _zero_member(64 * MiB) * full + (_zero_member(rest) if rest else b"")


def gz_repeat(block: bytes, times: int, per_member: int = 4096) -> bytes:
    """`block` repeated `times` times, as gzip members."""
    full, rest = divmod(times, per_member)
    return gz(block * per_member) * full + (gz(block * rest) if rest else b"")


def zip_of(
    entries: list[tuple[zipfile.ZipInfo | str, bytes]], method=zipfile.ZIP_DEFLATED
) -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Duplicate name": that is the point
        with zipfile.ZipFile(buffer, "w", method) as archive:
            for info, content in entries:
                archive.writestr(info, content)
    return buffer.getvalue()


def deflated(data: bytes) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


def raw_zip(members: list[tuple[bytes, bytes, int, int, int]], flags: int = 0) -> bytes:
    """A zip built by hand from (name, data as stored, method, crc, declared size), so that
    any field may lie; the central directory may name members whose data is shared."""
    body = b""
    central = b""
    offsets: dict[bytes, int] = {}
    for name, data, method, crc, size in members:
        if data not in offsets:
            offsets[data] = len(body)
            body += struct.pack(
                "<4s5H3I2H",
                b"PK\x03\x04",
                20,
                flags,
                method,
                0,
                0x21,
                crc,
                len(data),
                size,
                len(name),
                0,
            )
            body += name + data
        central += struct.pack(
            "<4s6H3I5H2I",
            b"PK\x01\x02",
            20,
            20,
            flags,
            method,
            0,
            0x21,
            crc,
            len(data),
            size,
            len(name),
            0,
            0,
            0,
            0,
            0,
            offsets[data],
        )
        central += name
    count = len(members)
    end = struct.pack("<4s4H2IH", b"PK\x05\x06", 0, 0, count, count, len(central), len(body), 0)
    return body + central + end


def zip_member(name: bytes, content: bytes) -> tuple[bytes, bytes, int, int, int]:
    return (name, deflated(content), zipfile.ZIP_DEFLATED, zlib.crc32(content), len(content))


def zip_with_raw_name(name: bytes, flags: int = 0x800) -> bytes:
    """bot.py and one member named by raw bytes; by default every name is flagged as UTF-8
    (bit 11)."""
    return raw_zip([zip_member(b"bot.py", GOOD), zip_member(name, b"x")], flags=flags)


def tar_gz_by_tarfile(files: dict[str, bytes], fmt: int = tarfile.PAX_FORMAT) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", format=fmt) as archive:
        for name, content in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(content)
            archive.addfile(info, io.BytesIO(content))
    return buffer.getvalue()


# --- the crafted uploads ----------------------------------------------------------------------


@dataclass(frozen=True)
class Crafted:
    filename: str
    build: Callable[[], bytes]
    #: A piece of the refusal the person must see.
    reason: str

    @functools.cached_property
    def data(self) -> bytes:
        return self.build()


def _pax_bomb() -> bytes:
    """One PAX header declaring 900 MiB (and holding it): tarfile read it whole."""
    return (
        gz(tar_header(b"././@PaxHeader", 900 * MiB, b"x"))
        + gz_zeros(900 * MiB)
        + gz(tar_member(b"bot.py", GOOD) + END)
    )


def _gnu_long_name_bomb() -> bytes:
    return (
        gz(tar_header(b"././@LongLink", 900 * MiB, b"L"))
        + gz_zeros(900 * MiB)
        + gz(tar_member(b"bot.py", GOOD) + END)
    )


def _huge_member() -> bytes:
    """A regular file of 900 MiB (zeros): refused by its declared size."""
    return (
        gz(tar_member(b"bot.py", GOOD) + tar_header(b"big.bin", 900 * MiB))
        + gz_zeros(900 * MiB)
        + gz(END)
    )


def _many_folders() -> bytes:
    """460,800 folder entries in a few hundred KB."""
    return (
        gz(tar_member(b"bot.py", GOOD)) + gz_repeat(tar_header(b"d/", 0, b"5"), 460_800) + gz(END)
    )


def _many_pax_headers() -> bytes:
    """Extended headers piled up in front of one member."""
    return gz(pax_member({b"comment": b"x"}) * 1000 + tar_member(b"bot.py", GOOD) + END)


@functools.cache
def _gib_of_zeros() -> tuple[bytes, int]:
    """1 GiB of zeros, deflated (~1 MB), and its CRC."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    piece = bytes(MiB)
    chunks = [compressor.compress(piece) for _ in range(1024)] + [compressor.flush()]
    crc = 0
    for _ in range(1024):
        crc = zlib.crc32(piece, crc)
    return b"".join(chunks), crc


def _zip_bomb() -> bytes:
    """bot.py plus a member that inflates to 1 GiB of zeros, and says so."""
    data, crc = _gib_of_zeros()
    return raw_zip([zip_member(b"bot.py", GOOD), (b"big.bin", data, 8, crc, 1 << 30)])


def _zip_bomb_lying() -> bytes:
    """The same member declaring 6 bytes: only reading with a budget finds out."""
    data, crc = _gib_of_zeros()
    return raw_zip([zip_member(b"bot.py", GOOD), (b"big.bin", data, 8, crc, 6)])


def _zip_many_members() -> bytes:
    """15,000 names in the central directory, all sharing one member's data."""
    shared = zip_member(b"bot.py", GOOD)
    return raw_zip([shared] + [(b"%d" % i, *shared[1:]) for i in range(15_000)])


def _gzip_of_gzip() -> bytes:
    return gz(gz(tar_member(b"bot.py", GOOD) + END))


def _truncated_tar() -> bytes:
    whole = tar_gz_by_tarfile({"bot.py": GOOD, "data.txt": bytes(range(256)) * 64})
    return whole[: len(whole) // 2]


def _corrupt_tar() -> bytes:
    whole = bytearray(tar_gz_by_tarfile({"bot.py": GOOD, "data.txt": bytes(range(256)) * 64}))
    middle = len(whole) // 2
    whole[middle : middle + 8] = bytes(b ^ 0xFF for b in whole[middle : middle + 8])
    return bytes(whole)


def _lzma_zip() -> bytes:
    return zip_of([("bot.py", GOOD)], zipfile.ZIP_LZMA)


def _deep() -> bytes:
    return zip_of([("bot.py", GOOD), ("/".join(["d"] * 20) + "/x.py", b"X = 1\n")])


def _long_name() -> bytes:
    return zip_of([("bot.py", GOOD), ("a" * 150 + "/" + "b" * 150 + ".py", b"X = 1\n")])


CRAFTED: dict[str, Crafted] = {
    # Costs the web process paid before anything was checked.
    "tar PAX header of 900 MiB": Crafted(
        "bot.tar.gz", _pax_bomb, "PAX extended header of 943,718,400 bytes; the limit is 8,192"
    ),
    "tar GNU long name of 900 MiB": Crafted(
        "bot.tar.gz", _gnu_long_name_bomb, "GNU long-name header of 943,718,400 bytes"
    ),
    "tar member of 900 MiB": Crafted(
        "bot.tar.gz", _huge_member, "'big.bin' is 943,718,400 bytes; the limit for one file"
    ),
    "tar PAX size of 5,000 digits": Crafted(
        "bot.tar.gz",
        lambda: gz(pax_member({b"size": b"9" * 5000}) + tar_member(b"bot.py", GOOD) + END),
        "PAX size of 5,000 digits",
    ),
    "zip member with an empty name": Crafted(
        "bot.zip",
        lambda: raw_zip([zip_member(b"bot.py", GOOD), zip_member(b"", b"x")]),
        "has an empty path",
    ),
    "tar 460,800 folders": Crafted("bot.tar.gz", _many_folders, "more than 200 members"),
    "tar 1,000 PAX headers in a row": Crafted(
        "bot.tar.gz", _many_pax_headers, "two PAX extended headers in a row"
    ),
    "zip bomb, 1 GiB declared": Crafted("bot.zip", _zip_bomb, "unpacks to more than 8,388,608"),
    "zip bomb, 6 bytes declared": Crafted("bot.zip", _zip_bomb_lying, "Bad CRC-32"),
    "zip of 15,001 members": Crafted("bot.zip", _zip_many_members, "more than 200 members"),
    # Paths and names.
    "tar file and folder of one name": Crafted(
        "bot.tar.gz",
        lambda: gz(
            tar_member(b"bot.py", GOOD)
            + tar_member(b"helpers", b"X = 1\n")
            + tar_member(b"helpers/util.py", b"X = 1\n")
            + END
        ),
        "'helpers' is both a file and a folder",
    ),
    "zip folder entry and file of one name": Crafted(
        "bot.zip",
        lambda: zip_of([("bot.py", GOOD), ("lib/", b""), ("lib", b"X = 1\n")]),
        "'lib' is both a file and a folder",
    ),
    "zip duplicate names": Crafted(
        "bot.zip", lambda: zip_of([("bot.py", GOOD), ("bot.py", b"x = 1\n")]), "appears twice"
    ),
    "tar names differing in case": Crafted(
        "bot.tar.gz",
        lambda: gz(tar_member(b"bot.py", GOOD) + tar_member(b"Bot.py", GOOD) + END),
        "differ only in letter case",
    ),
    "tar non-UTF-8 name": Crafted(
        "bot.tar.gz",
        lambda: gz(tar_member(b"bot.py", GOOD) + tar_member(b"caf\xe9.py", b"X = 1\n") + END),
        "name b'caf\\xe9.py' is not UTF-8 text",
    ),
    "tar non-UTF-8 PAX path": Crafted(
        "bot.tar.gz",
        lambda: gz(
            tar_member(b"bot.py", GOOD)
            + pax_member({b"path": b"\xff\xfe.py"})
            + tar_member(b"x.py", b"X = 1\n")
            + END
        ),
        "is not UTF-8 text",
    ),
    "zip name flagged UTF-8 that is not": Crafted(
        "bot.zip",
        lambda: zip_with_raw_name(b"caf\xe9.py"),
        "is marked as UTF-8 but is not",
    ),
    "zip name not UTF-8, unflagged": Crafted(
        "bot.zip",
        lambda: zip_with_raw_name(b"caf\xe9.py", flags=0),
        "name b'caf\\xe9.py' is not UTF-8 text",
    ),
    "zip name with a line break": Crafted(
        "bot.zip", lambda: zip_of([("bot.py", GOOD), ("a\nb.py", b"")]), "control character"
    ),
    "zip 20 folders deep": Crafted("bot.zip", _deep, "21 levels deep; the limit is 16"),
    "zip path of 304 bytes": Crafted("bot.zip", _long_name, "path of 304 bytes; the limit is 200"),
    "tar absolute path": Crafted(
        "bot.tar.gz", lambda: gz(tar_member(b"/bot.py", GOOD) + END), "absolute path"
    ),
    "tar dot-dot": Crafted(
        "bot.tar.gz", lambda: gz(tar_member(b"a/../../bot.py", GOOD) + END), "contains '..'"
    ),
    "tar dot-dot in a ustar prefix": Crafted(
        "bot.tar.gz",
        lambda: gz(tar_header(b"bot.py", len(GOOD), prefix=b"..") + GOOD.ljust(512, b"\0") + END),
        "contains '..'",
    ),
    # Members that are not files.
    "tar symlink": Crafted(
        "bot.tar.gz",
        lambda: gz(tar_member(b"bot.py", GOOD) + tar_header(b"x", 0, b"2") + END),
        "is a link",
    ),
    "tar hard link": Crafted(
        "bot.tar.gz",
        lambda: gz(tar_member(b"bot.py", GOOD) + tar_header(b"x", 0, b"1") + END),
        "is a link",
    ),
    "tar device": Crafted(
        "bot.tar.gz",
        lambda: gz(tar_member(b"bot.py", GOOD) + tar_header(b"sda", 0, b"4") + END),
        "device or pipe",
    ),
    "tar fifo": Crafted(
        "bot.tar.gz",
        lambda: gz(tar_member(b"bot.py", GOOD) + tar_header(b"p", 0, b"6") + END),
        "device or pipe",
    ),
    "tar sparse file": Crafted(
        "bot.tar.gz",
        lambda: gz(tar_member(b"bot.py", GOOD) + tar_header(b"s", 0, b"S") + END),
        "not a regular file or folder",
    ),
    "zip symlink": Crafted(
        "bot.zip",
        lambda: zip_of([("bot.py", GOOD), (_symlink_info(), b"/etc/passwd")]),
        "symbolic link",
    ),
    "zip LZMA member": Crafted("bot.zip", _lzma_zip, "compressed with method 14"),
    # Not what they say they are.
    ".tar.gz that is a zip": Crafted(
        "bot.tar.gz", lambda: zip_of([("bot.py", GOOD)]), "it is not gzip-compressed"
    ),
    ".tar.gz of plain text": Crafted(
        "bot.tar.gz", lambda: gz(b"hello " * 200), "does not hold a tar archive"
    ),
    ".tar.gz compressed twice": Crafted("bot.tar.gz", _gzip_of_gzip, "compressed twice"),
    ".zip that is a tar.gz": Crafted(
        "bot.zip", lambda: gz(tar_member(b"bot.py", GOOD) + END), "not a valid .zip archive"
    ),
    "truncated .tar.gz": Crafted("bot.tar.gz", _truncated_tar, "truncated"),
    "corrupt .tar.gz": Crafted("bot.tar.gz", _corrupt_tar, "not a valid .tar.gz archive"),
    "truncated .zip": Crafted(
        "bot.zip", lambda: zip_of([("bot.py", GOOD)])[:-30], "not a valid .zip archive"
    ),
    # Python files.
    ".py not UTF-8": Crafted("bot.py", lambda: b"x = '\xff'\n" + GOOD, "is not UTF-8 text"),
    ".py with a NUL": Crafted("bot.py", lambda: GOOD + b"# \x00\n", "has a NUL byte at byte"),
    ".py of 500,000 lines": Crafted(
        "bot.py", lambda: b"a\n" * 500_000, "too large or too deeply nested to compile"
    ),
    ".py nested 100,000 deep": Crafted(
        "bot.py", lambda: b"x = " + b"-" * 100_000 + b"1\n", "too large or too deeply nested"
    ),
}


def _symlink_info() -> zipfile.ZipInfo:
    info = zipfile.ZipInfo("link")
    info.external_attr = 0o120777 << 16
    return info


#: The ones that cost the most before the limits: the memory test sends these.
WORST = [
    "tar PAX header of 900 MiB",
    "tar GNU long name of 900 MiB",
    "tar member of 900 MiB",
    "tar 460,800 folders",
    "zip bomb, 1 GiB declared",
    "zip bomb, 6 bytes declared",
    "zip of 15,001 members",
    ".py of 500,000 lines",
    ".py nested 100,000 deep",
]
