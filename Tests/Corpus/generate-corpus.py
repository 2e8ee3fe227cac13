#!/usr/bin/python3
"""Writes the format and bad-input corpus of issues 13 and 14 into a directory, with
manifest.json saying what glide must do with each file. Generated at test time, so no binary
is committed: every file is built here from its format's specification.

    generate-corpus.py DIRECTORY
"""
import io
import json
import os
import shutil
import struct
import sys
import zipfile
import zlib

directory = sys.argv[1]
os.makedirs(directory, exist_ok=True)
manifest = []


def write(name, data, expect, kind=None, note=""):
    """expect: "refused" (exit 1 with the one-line message for `kind`) or "shown"."""
    path = os.path.join(directory, name)
    with open(path, "wb") as file:
        file.write(data)
    manifest.append({"name": name, "path": path, "expect": expect, "kind": kind, "note": note})


def png(width, height, rgb=(40, 90, 200)):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    row = b"\x00" + bytes(rgb) * width
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def zip_bytes(entries, first_stored=None):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        if first_stored:
            archive.writestr(zipfile.ZipInfo(first_stored[0]), first_stored[1], compress_type=zipfile.ZIP_STORED)
        for name, data in entries:
            archive.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


# A PDF under a name that hides it, recognised by its bytes and opened with poppler, which
# finds it damaged (no cross-reference table, no pages).
write("report.txt", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n%%EOF\n",
      "damaged", "PDF")

# A small EPUB 3 book under a name that hides it: shown.
container = ('<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
             '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
             '</rootfiles></container>')
package = ('<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">'
           '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:1</dc:identifier>'
           '<dc:title>A Corpus Book</dc:title><dc:language>en</dc:language></metadata>'
           '<manifest><item id="c1" href="chapter.xhtml" media-type="application/xhtml+xml"/></manifest>'
           '<spine><itemref idref="c1"/></spine></package>')
chapter = ('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title></head><body>'
           + '<h1>Chapter one</h1>' + '<p>A paragraph of the corpus book, long enough to wrap.</p>' * 80 + '</body></html>')
write("book.data", zip_bytes([("META-INF/container.xml", container), ("OEBPS/content.opf", package),
                              ("OEBPS/chapter.xhtml", chapter)], first_stored=("mimetype", "application/epub+zip")),
      "shown", "EPUB")

# A comic book: a zip of pictures, in natural order (page2 before page10).
write("comic.data", zip_bytes([("page10.png", png(48, 64)), ("page2.png", png(64, 48)), ("notes.txt", "not a page")]),
      "shown", "CBZ")
# An archive with no pictures: refused, saying so.
write("archive.zip", zip_bytes([("a.txt", "hello " * 100)]), "no images", "ZIP")

# Formats Glide refuses, each under a name that hides it (recognition is by bytes).
with open("/bin/true", "rb") as executable:
    write("program.md", executable.read(), "refused", "ELF")
write("noise.txt", bytes((index * 7919 + 13) % 256 for index in range(8192)), "refused", "binary")

# Images, recognised by their bytes and shown (or, where the loader rejects a minimal file,
# shown as a placeholder page saying why).
write("photo.png", png(64, 48), "shown")
write("animation.gif", b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00"
      b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;", "shown")
write("picture.webp", b"RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00",
      "shown")
avif_ftyp = b"\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf"
write("photo.avif", avif_ftyp + b"\x00\x00\x00\x08free", "shown", note="a header only: a placeholder page")
write("drawing.svg", b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="200" height="120">'
      b'<rect width="200" height="120" fill="#3a6"/><circle cx="100" cy="60" r="40" fill="#fc0"/></svg>\n', "shown")

# Text: GitHub tables, a tab-heavy log, broken UTF-8 in a table cell, emoji and CJK.
rows = ["| # | Name | Size | Notes |", "|--:|:-----|-----:|:------|"]
rows += [f"| {n} | file-{n}.txt | {n * 37} | row {n} of a thousand, ~~old~~ **new** |" for n in range(1000)]
write("table-1000-rows.md", ("# A long table\n\n" + "\n".join(rows) + "\n").encode(), "shown")
columns = 200
wide = ["|" + "".join(f" c{n} |" for n in range(columns)), "|" + "---|" * columns]
wide += ["|" + "".join(f" {r}.{n} |" for n in range(columns)) for r in range(20)]
write("table-200-columns.md", ("# A wide table\n\n" + "\n".join(wide) + "\n").encode(), "shown")
log = "".join(f"2026-11-30T19:{n % 60:02d}:{n * 7 % 60:02d}\tINFO\tworker-{n % 8}\tjob {n}\tdone in {n % 97} ms\n"
              for n in range(5000))
write("tabbed.log", log.encode(), "shown")
write("broken-cell.md", b"| name | value |\n|---|---|\n| ok | fine |\n| bad \xff\xc3( | \xe2\x82 cut |\n", "shown")
write("emoji-and-cjk.txt", "Emoji: 😀 🎉 👍🏽 🇩🇪 ❤️\n中文：滚动应该像纸一样顺滑。\n日本語：スクロールは紙のように。\n한국어: 스크롤\n".encode(),
      "shown")

# Issue 14's pathological inputs: nesting and combining marks.
levels = 100_000
write("nested-images.md", b"![" * levels + b"x" + b"](u)" * levels + b"\n", "shown")
write("combining.txt", "e".encode() + "\u0300".encode() * 500_000 + b"\n", "shown")

# Files changed while shown (the tests truncate, grow, rename and delete these).
paragraph = "A log line that goes on for a while, as logs do, with a number: {}.\n"
write("app.log", "".join(paragraph.format(n) for n in range(4200)).encode(), "shown", note="287 KB, as issue 13's")
big = "".join(f"## Part {n}\n\n" + "Markdown paragraph with *emphasis* and `code`, number {}.\n\n".format(n) * 20
              for n in range(4200))
write("big.md", big.encode(), "shown", note="over the 4 MB whole-parse limit")

with open(os.path.join(directory, "manifest.json"), "w") as file:
    json.dump(manifest, file, indent=1)
