"""Reading an uploaded archive with every cost bounded before it is paid.

An upload is hostile bytes. A 917 KB `.tar.gz` used to cost the web process 1.26 GB and 39 s
(`tarfile` reads a whole PAX or GNU long-name header into memory, whatever size it
declares), and 460k folder entries packed into 1 MiB cost two minutes of CPU. So nothing
here trusts a size it has not checked against `UploadLimits` first:

- `.tar.gz`: the gzip data is inflated a piece at a time, never more than the caller asked
  for plus one piece, and never more in all than a tar within the limits needs. The tar
  headers are read here, not by `tarfile`: a 512-byte block at a time, each checksummed, and
  a member's size (or an extended header's) is compared with the limits before a byte of it
  is read. Only regular files, folders, PAX extended headers and GNU long names are
  understood; every other kind of member is refused.
- `.zip`: the central directory is at most the upload itself (`zipfile` parses it); the
  member count and the declared sizes are checked before anything is inflated, and each
  member is then inflated with a byte budget, so a size that lies only stops the read
  sooner. Only stored and deflated members are accepted.

Both then apply the same rules to every member: a relative path of valid UTF-8 text without
`..` or control characters, not too long or deep; no two members with the same path, or
paths that differ only in letter case, or a path that is both a file and a folder; no
links, devices or pipes. Messages quote names with `repr`, so they are always valid text.
"""

from __future__ import annotations

import io
import re
import stat
import unicodedata
import zipfile
import zlib
from dataclasses import dataclass

BLOCK = 512
_ZERO_BLOCK = bytes(BLOCK)
_GZIP_MAGIC = b"\x1f\x8b"
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class SubmissionError(ValueError):
    """The upload is refused; the message says why, for the person who uploaded it."""


@dataclass(frozen=True)
class UploadLimits:
    """Every bound on an upload, in one place (docs/decisions/upload-limits-before-unpacking.md).

    Each is checked before the cost it bounds is paid; the web process's memory for one
    upload is then a small multiple of `upload_bytes + total_bytes`.
    """

    #: The file as uploaded (settings.ARENA_UPLOAD_MAX_BYTES).
    upload_bytes: int = 1 << 20
    #: Entries of an archive of any kind, folders included: each costs a header to read.
    members: int = 200
    #: All files' contents together, unpacked.
    total_bytes: int = 8 << 20
    #: One file's contents, unpacked.
    file_bytes: int = 4 << 20
    #: One tar PAX extended header or GNU long-name header.
    header_bytes: int = 8 << 10
    #: One member's path, in bytes of UTF-8.
    path_bytes: int = 200
    #: Parts of one member's path (its folders and its own name).
    depth: int = 16
    #: Address space and CPU seconds of the throw-away process that compiles the Python files.
    compile_memory: int = 512 << 20
    compile_seconds: int = 5

    @property
    def tar_stream_bytes(self) -> int:
        """The most inflated tar data that an archive within the other limits needs: its
        files, each member's header and padding, up to three metadata headers per member,
        and the end-of-archive blocks with generous padding."""
        metadata = 3 * (2 * BLOCK + self.header_bytes)
        return self.total_bytes + self.members * (2 * BLOCK + metadata) + (64 << 10)


def shown(text: str, limit: int = 80) -> str:
    """`text` quoted for a message: escaped (control characters, lone surrogates, invisible
    format characters) and cut to `limit` characters, so the message is always valid text."""
    return repr(text[:limit]) + ("..." if len(text) > limit else "")


def shown_bytes(raw: bytes, limit: int = 80) -> str:
    """Bytes that are not text, quoted for a message."""
    return repr(raw[:limit]) + ("..." if len(raw) > limit else "")


def checked_path(name: str, limits: UploadLimits, *, folder: bool = False) -> str:
    """The member's relative POSIX path, or SubmissionError if it could escape the folder
    it is unpacked into, or could not be written there. A folder may be the archive's own
    root (`./`, as `tar -C dir .` writes it): its path is then ""."""
    try:
        size = len(name.encode("utf-8"))
    except UnicodeEncodeError:
        raise SubmissionError(
            f"archive member {shown(name)} has a name that is not valid text"
        ) from None
    if _CONTROL.search(name):
        raise SubmissionError(
            f"archive member {shown(name)} has a control character (such as NUL or a line "
            "break) in its name"
        )
    posix = name.replace("\\", "/")
    if posix.startswith("/") or re.match(r"^[A-Za-z]:", posix):
        raise SubmissionError(
            f"archive member {shown(name)} has an absolute path; paths must be relative"
        )
    parts = [p for p in posix.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise SubmissionError(
            f"archive member {shown(name)} contains '..'; paths must stay inside the archive"
        )
    if not parts:
        if folder:
            return ""
        raise SubmissionError(f"archive member {shown(name)} has an empty path")
    if size > limits.path_bytes:
        raise SubmissionError(
            f"archive member {shown(name)} has a path of {size:,} bytes; the limit is "
            f"{limits.path_bytes:,}"
        )
    if len(parts) > limits.depth:
        raise SubmissionError(
            f"archive member {shown(name)} is {len(parts)} levels deep; the limit is {limits.depth}"
        )
    return "/".join(parts)


class _Tree:
    """The files read so far, and the rules between members: count, sizes, clashing paths."""

    def __init__(self, limits: UploadLimits) -> None:
        self.limits = limits
        self.files: dict[str, bytes] = {}
        self.members = 0
        self.total = 0
        #: Path folded for case and Unicode form -> (the path as written, is it a folder).
        self._seen: dict[str, tuple[str, bool]] = {}

    def member(self) -> None:
        """Count one more entry (file, folder, or tar global header)."""
        self.members += 1
        if self.members > self.limits.members:
            self.too_many()

    def too_many(self) -> None:
        raise SubmissionError(
            f"the archive has more than {self.limits.members} members (files and folders "
            "count alike); leave out what the bot does not need"
        )

    def folder(self, path: str) -> None:
        if not path:
            return  # the archive's root
        parts = path.split("/")
        for end in range(1, len(parts) + 1):
            self._claim("/".join(parts[:end]), folder=True)

    def expect(self, path: str, declared: int) -> int:
        """Claim `path` for a file of `declared` bytes; return how many bytes it may hold."""
        parent = path.rpartition("/")[0]
        if parent:
            self.folder(parent)
        self._claim(path, folder=False)
        limit = self.limits.file_bytes
        if declared > limit:
            raise SubmissionError(
                f"archive member {shown(path)} is {declared:,} bytes; the limit for one file "
                f"is {limit:,} bytes"
            )
        if self.total + declared > self.limits.total_bytes:
            self.too_much()
        return min(limit, self.limits.total_bytes - self.total)

    def add(self, path: str, content: bytes) -> None:
        """Keep `path`'s contents (read with at most `expect`'s budget plus one byte)."""
        if len(content) > self.limits.file_bytes:
            raise SubmissionError(
                f"archive member {shown(path)} unpacks to more than "
                f"{self.limits.file_bytes:,} bytes, the limit for one file"
            )
        self.total += len(content)
        if self.total > self.limits.total_bytes:
            self.too_much()
        self.files[path] = content

    def too_much(self) -> None:
        raise SubmissionError(
            f"the archive unpacks to more than {self.limits.total_bytes:,} bytes, the limit "
            "for all files together"
        )

    def _claim(self, path: str, *, folder: bool) -> None:
        key = unicodedata.normalize("NFC", path).casefold()
        seen = self._seen.get(key)
        if seen is None:
            self._seen[key] = (path, folder)
            return
        other, other_folder = seen
        if other != path:
            raise SubmissionError(
                f"archive members {shown(other)} and {shown(path)} differ only in letter case "
                "(or Unicode form); they would be one file on some systems"
            )
        if folder and other_folder:
            return
        if folder or other_folder:
            raise SubmissionError(f"{shown(path)} is both a file and a folder in the archive")
        raise SubmissionError(f"archive member {shown(path)} appears twice")


# --- .zip ----------------------------------------------------------------------------------


def read_zip(data: bytes, limits: UploadLimits) -> dict[str, bytes]:
    """The files of a .zip upload (relative path -> contents), every rule checked."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except UnicodeDecodeError as exc:  # a name flagged as UTF-8 that is not
        raise SubmissionError(
            f"archive member name {shown_bytes(exc.object)} is marked as UTF-8 but is not "
            "UTF-8 text"
        ) from None
    except Exception as exc:  # zipfile raises many kinds of error on hostile bytes
        raise SubmissionError(f"not a valid .zip archive: {_reason(exc)}") from None
    tree = _Tree(limits)
    with archive:
        infos = archive.infolist()
        if len(infos) > limits.members:
            tree.too_many()
        if sum(info.file_size for info in infos) > limits.total_bytes:
            tree.too_much()
        for info in infos:
            tree.member()
            name = _zip_name(info)
            is_folder = _is_zip_folder(info)
            path = checked_path(name, limits, folder=is_folder)
            _refuse_special_zip_member(info, name)
            if is_folder:
                tree.folder(path)
                continue
            budget = tree.expect(path, info.file_size)
            try:
                with archive.open(info) as member:
                    content = member.read(budget + 1)
            except Exception as exc:  # corrupt data, bad CRC, sizes that lie, ...
                raise SubmissionError(
                    f"cannot read archive member {shown(name)}: {_reason(exc)}"
                ) from None
            tree.add(path, content)
    return tree.files


def _zip_name(info: zipfile.ZipInfo) -> str:
    """The member's name, which must be UTF-8: flagged as such (zipfile has decoded it), or
    unflagged, as Info-ZIP writes UTF-8 names (zipfile has decoded those as cp437, which
    maps every byte, so encoding back gives the bytes stored)."""
    if info.flag_bits & 0x800:
        return info.filename
    raw = info.filename.encode("cp437")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SubmissionError(
            f"archive member name {shown_bytes(raw)} is not UTF-8 text; name files in UTF-8"
        ) from None


def _is_zip_folder(info: zipfile.ZipInfo) -> bool:
    """`ZipInfo.is_dir`, without its IndexError on an empty name."""
    return info.filename.endswith("/")


def _refuse_special_zip_member(info: zipfile.ZipInfo, name: str) -> None:
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        raise SubmissionError(f"archive member {shown(name)} is a symbolic link; links are refused")
    if mode and (
        stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)
    ):
        raise SubmissionError(
            f"archive member {shown(name)} is a device, pipe or socket; only regular "
            "files are accepted"
        )
    if info.flag_bits & 0x1:
        raise SubmissionError(f"archive member {shown(name)} is encrypted")
    methods = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
    if not _is_zip_folder(info) and info.compress_type not in methods:
        raise SubmissionError(
            f"archive member {shown(name)} is compressed with method "
            f"{info.compress_type}; use deflate (every zip tool's default)"
        )


def _reason(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 200 else text[:200] + "..."


# --- .tar.gz -------------------------------------------------------------------------------


class _Gunzip:
    """The inflated bytes of gzip data, produced on demand one bounded piece at a time.

    It holds at most what the caller asked for plus one piece, and refuses to produce more
    than `budget` bytes in all. Concatenated gzip members are read as one stream, as gzip
    does; bytes after the last member are ignored.
    """

    PIECE = 64 << 10

    def __init__(self, data: bytes, budget: int) -> None:
        self._data = data
        self._pos = 0  # input handed to zlib so far
        self._zlib = zlib.decompressobj(wbits=31)
        self._tail = b""  # input handed to zlib that it has not consumed yet
        self._out = bytearray()
        self._budget = budget
        self.produced = 0

    def read(self, size: int) -> bytes:
        """`size` bytes, or fewer where the data ends."""
        while len(self._out) < size and self._inflate():
            pass
        chunk = bytes(self._out[:size])
        del self._out[:size]
        return chunk

    def finish(self) -> None:
        """Inflate to the end (within the budget), so the gzip checksums are verified."""
        self._out.clear()
        while self._inflate():
            self._out.clear()
        if not self._zlib.eof:
            raise SubmissionError("the archive is truncated: its gzip data ends early")

    def _inflate(self) -> bool:
        """Inflate one more piece; False at the end of the data."""
        if self._zlib.eof and not self._next_member():
            return False
        if self._tail:
            source = self._tail
        elif self._pos < len(self._data):
            source = self._data[self._pos : self._pos + self.PIECE]
            self._pos += len(source)
        else:
            return False
        out = self._zlib.decompress(source, self.PIECE)
        self._tail = self._zlib.unconsumed_tail
        self.produced += len(out)
        if self.produced > self._budget:
            raise SubmissionError(
                f"the archive unpacks to more than {self._budget:,} bytes of tar data, more "
                "than an archive within the limits needs"
            )
        self._out += out
        return True

    def _next_member(self) -> bool:
        start = self._pos - len(self._zlib.unused_data)
        if self._data[start : start + 2] != _GZIP_MAGIC:
            return False
        self._pos = start
        self._zlib = zlib.decompressobj(wbits=31)
        self._tail = b""
        return True


def read_tar_gz(data: bytes, limits: UploadLimits) -> dict[str, bytes]:
    """The files of a .tar.gz upload (relative path -> contents), every rule checked."""
    if not data.startswith(_GZIP_MAGIC):
        raise SubmissionError("not a valid .tar.gz archive: it is not gzip-compressed")
    stream = _Gunzip(data, limits.tar_stream_bytes)
    tree = _Tree(limits)
    try:
        _TarReader(stream, tree, limits).read()
        stream.finish()
    except zlib.error as exc:
        raise SubmissionError(
            f"not a valid .tar.gz archive: its compressed data is corrupt ({exc})"
        ) from None
    return tree.files


_REGULAR = (b"0", b"\x00", b"7")
#: Digits of the largest size a tar may declare (GNU base-256 in 12 bytes: 2**95).
_SIZE_DIGITS = 29
_METADATA = {
    b"x": "PAX extended",
    b"g": "PAX global",
    b"L": "GNU long-name",
    b"K": "GNU long-link-name",
}


class _TarReader:
    """A strict reader of the tar members a bot needs, over a bounded stream."""

    def __init__(self, stream: _Gunzip, tree: _Tree, limits: UploadLimits) -> None:
        self.stream = stream
        self.tree = tree
        self.limits = limits
        self.headers = 0
        self.pax: dict[bytes, bytes] | None = None
        self.long_name: bytes | None = None
        self.long_link = False

    def read(self) -> None:
        while True:
            block = self.stream.read(BLOCK)
            if not block and self.headers:
                break  # no end-of-archive blocks: accepted, as tar and tarfile do
            if not self.headers and block.startswith(_GZIP_MAGIC):
                raise SubmissionError(
                    "not a valid .tar.gz archive: it is compressed twice (gzip inside gzip)"
                )
            if len(block) < BLOCK:
                if not self.headers:
                    self._not_tar()
                self._truncated()
            if block == _ZERO_BLOCK:
                break
            self.headers += 1
            self._member(block)
        if self.pax is not None or self.long_name is not None or self.long_link:
            raise SubmissionError(
                "not a valid .tar.gz archive: it ends after a header that describes no member"
            )

    def _member(self, block: bytes) -> None:
        self._check_sum(block)
        kind = block[156:157]
        size = self._number(block[124:136])
        if kind in _METADATA:
            self._metadata(kind, size)
            return
        self.tree.member()
        raw = self._name(block)
        pax, self.pax, self.long_name, self.long_link = self.pax or {}, None, None, False
        if b"size" in pax:
            size = self._decimal(pax[b"size"])
        try:
            name = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise SubmissionError(
                f"archive member name {shown_bytes(raw)} is not UTF-8 text; name files in UTF-8"
            ) from None
        is_folder = kind == b"5" or (kind == b"\x00" and name.endswith("/"))
        path = checked_path(name, self.limits, folder=is_folder)
        if kind in (b"1", b"2"):
            raise SubmissionError(f"archive member {shown(name)} is a link; links are refused")
        if kind in (b"3", b"4", b"6"):
            raise SubmissionError(
                f"archive member {shown(name)} is a device or pipe; only regular files are accepted"
            )
        if is_folder:
            if size:
                self._corrupt(f"folder {shown(name)} declares contents")
            self.tree.folder(path)
            return
        if kind not in _REGULAR:
            raise SubmissionError(
                f"archive member {shown(name)} is of tar type {shown_bytes(kind)}, not a "
                "regular file or folder"
            )
        budget = self.tree.expect(path, size)
        content = self._payload(min(size, budget))
        self.tree.add(path, content)

    def _metadata(self, kind: bytes, size: int) -> None:
        what = _METADATA[kind]
        if size > self.limits.header_bytes:
            raise SubmissionError(
                f"the archive has a {what} header of {size:,} bytes; the limit is "
                f"{self.limits.header_bytes:,} bytes"
            )
        payload = self._payload(size)
        if kind == b"g":
            self.tree.member()
            records = self._pax_records(payload)
            if b"path" in records or b"size" in records:
                self._corrupt("a PAX global header renames or resizes every member")
        elif kind == b"x":
            if self.pax is not None:
                self._corrupt("two PAX extended headers in a row")
            self.pax = self._pax_records(payload)
        elif kind == b"L":
            if self.long_name is not None:
                self._corrupt("two GNU long names in a row")
            self.long_name = payload.split(b"\x00", 1)[0]
        else:
            if self.long_link:
                self._corrupt("two GNU long link names in a row")
            self.long_link = True

    def _name(self, block: bytes) -> bytes:
        if self.pax and b"path" in self.pax:
            return self.pax[b"path"]
        if self.long_name is not None:
            return self.long_name
        name = block[0:100].split(b"\x00", 1)[0]
        if block[257:263] == b"ustar\x00":  # POSIX ustar: a long path is split in two
            prefix = block[345:500].split(b"\x00", 1)[0]
            if prefix:
                name = prefix + b"/" + name
        return name

    def _payload(self, size: int) -> bytes:
        """`size` bytes of data, then the padding to the next block."""
        data = self.stream.read(size)
        padding = -size % BLOCK
        if len(data) < size or len(self.stream.read(padding)) < padding:
            self._truncated()
        return data

    def _pax_records(self, payload: bytes) -> dict[bytes, bytes]:
        """`LENGTH key=value\\n` records (POSIX pax), strictly."""
        records: dict[bytes, bytes] = {}
        pos = 0
        while pos < len(payload) and payload[pos] != 0:
            space = payload.find(b" ", pos, pos + 12)
            digits = payload[pos:space] if space > pos else b""
            if not digits.isdigit():
                self._corrupt("a PAX record without its length")
            end = pos + int(digits)
            if end <= space + 1 or end > len(payload) or payload[end - 1] != 0x0A:
                self._corrupt("a PAX record of the wrong length")
            key, equals, value = payload[space + 1 : end - 1].partition(b"=")
            if not equals:
                self._corrupt("a PAX record without '='")
            if key.startswith(b"GNU.sparse."):
                raise SubmissionError(
                    "the archive holds a sparse file; only regular files are accepted"
                )
            records[key] = value
            pos = end
        return records

    def _check_sum(self, block: bytes) -> None:
        field = block[148:156]
        try:
            stored = self._number(field)
        except SubmissionError:
            stored = -1
        unsigned = sum(block) - sum(field) + 8 * 0x20
        high = sum(1 for byte in block[:148] + block[156:] if byte > 0x7F)
        if stored not in (unsigned, unsigned - 256 * high):
            if self.headers == 1:
                self._not_tar()
            self._corrupt(f"header {self.headers} has a wrong checksum")

    def _number(self, field: bytes) -> int:
        """A numeric header field: octal text, or GNU's base-256 for large values."""
        if field[0] & 0x80:
            if field[0] == 0xFF:
                self._corrupt("a negative number in a header")
            return int.from_bytes(bytes([field[0] & 0x7F]) + field[1:], "big")
        digits = field.split(b"\x00", 1)[0].strip(b" ")
        if not digits:
            return 0
        if not re.fullmatch(rb"[0-7]+", digits):
            self._corrupt("a header field that is not a number")
        return int(digits, 8)

    def _decimal(self, value: bytes) -> int:
        """A PAX size: decimal digits, no more than a size within the limits needs (Python
        refuses to convert more than 4,300 digits, and a size needs 20 at most)."""
        if not value.isdigit():
            self._corrupt("a PAX size that is not a number")
        digits = value.lstrip(b"0")
        if len(digits) > _SIZE_DIGITS:
            raise SubmissionError(
                f"the archive declares a PAX size of {len(digits):,} digits; a member may "
                f"hold at most {self.limits.file_bytes:,} bytes"
            )
        return int(digits or b"0")

    def _not_tar(self) -> None:
        raise SubmissionError(
            "not a valid .tar.gz archive: its gzip data does not hold a tar archive"
        )

    def _truncated(self) -> None:
        raise SubmissionError("the archive is truncated: it ends inside a member")

    def _corrupt(self, what: str) -> None:
        raise SubmissionError(f"not a valid .tar.gz archive: {what}")
