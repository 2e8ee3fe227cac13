#!/usr/bin/python3
"""The bad-input corpus of issue 14: generated here at test time (no binaries are committed)
and run through the real glide binary in the headless sway whose environment this runs in.

    corpus.py run GLIDE DIRECTORY

writes the corpus into DIRECTORY, runs every case (windows four at a time in the one sway),
and prints one JSON object per case on stdout:
    {"case": NAME, "problems": [...], "key_ms": N, "gap_ms": N, "frames": N}
`problems` is empty when the case held. Each case checks the exit status and the message
(one line), and, for a case that opens a window, that the window answers a key within
100 ms while its content loads (the scroll shows in the --trace), that no frame of an
animation comes more than 50 ms after the one before (`gap_ms`), and that Glide's peak memory
stays within 600 MB (`memory_mb`); a case marked `first_frame` shows its window within 1 s.
"""
import fcntl
import json
import os
import pwd
import re
import shutil
import signal
import stat
import struct
import subprocess
import sys
import threading
import time
import zlib

KEY_BUDGET_MS = 100
GAP_BUDGET_MS = 50
# Issue 28: Glide's own peak memory (VmHWM, its helper processes have budgets of their own) in
# any case with a window, and the time to the first frame of the cases that ask for it.
MEMORY_BUDGET_MB = 600
FIRST_FRAME_BUDGET_S = 1.0
BATCH = 4
# How long a case with `hold` holds its key: about 85 repeats at sway's default rate.
HOLD_SECONDS = 4
UNPRIVILEGED = "glidetest"

# ---------------------------------------------------------------- generating the files


def png(width, height, depth=1, colour=0, rows=None):
    """A PNG: by default a 1-bit grey image of zeros, which compresses to almost nothing
    however large it claims to be."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row_bytes = (width * depth * (3 if colour == 2 else 1) + 7) // 8
    if rows is None:
        compressor = zlib.compressobj(9)
        row = b"\0" * (1 + row_bytes)
        parts = [compressor.compress(row * min(height, 512)) for _ in range(0, height, 512)]
        data = b"".join(parts) + compressor.flush()
    else:
        data = zlib.compress(rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0))
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))


def write(path, data):
    with open(path, "wb") as file:
        file.write(data)
    return path


def long_tail(words="The window must answer while the picture above decodes. "):
    """Enough text after an image that a key has somewhere to scroll."""
    return "\n\n".join(words * 8 for _ in range(120)) + "\n"


def pdf(objects):
    """A PDF of `objects` (the bytes between `N 0 obj` and `endobj`; object 1 is the catalog)
    with a correct cross-reference table."""
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    return out + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, table)


def pdf_stream(dictionary, data):
    return b"<< %s /Length %d >>\nstream\n%s\nendstream" % (dictionary, len(data), data)


def pdf_pages(kids, count, extra=b"", page_extra=b"", tail=()):
    """A catalog (object 1, with `extra`), a page tree (2) of `kids` pages claiming `count`, the
    pages (3…, with `page_extra`; tall, so even a quarter of the output scrolls), a content
    stream naming the page, and `tail` objects."""
    contents = 3 + kids
    pages = [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 1200] /Contents %d 0 R %s"
             b"/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>" % (contents, page_extra)] * kids
    return pdf([b"<< /Type /Catalog /Pages 2 0 R %s>>" % extra,
                b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % (3 + i) for i in range(kids)), count)]
               + pages + [pdf_stream(b"", b"BT /F1 24 Tf 40 60 Td (A page of a damaged PDF) Tj ET")] + list(tail))


def jbig2_bomb(draws):
    """One tall page drawing `draws` times a JBIG2 image whose one symbol-dictionary segment claims
    2^31 new symbols: poppler's allocator prints "Bogus memory allocation size" to fd 2 each
    time the image is decoded (JBIG2Stream::readSymbolDictSeg, gmallocn_checkoverflow)."""
    segment = (struct.pack(">IBBBI", 1, 0, 0, 1, 10)  # number 1, type 0 (symbol dictionary), page 1, 10 bytes
               + struct.pack(">HII", 1, 0, 0x80000000))  # Huffman coded, no exported symbols, 2^31 new ones
    image = pdf_stream(b"/Type /XObject /Subtype /Image /Width 8 /Height 8 /BitsPerComponent 1 /ColorSpace /DeviceGray "
                       b"/Filter /JBIG2Decode", segment)
    content = b"".join(b"q 40 0 0 40 %d 40 cm /Im Do Q\n" % (40 * i) for i in range(draws))
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 2400] /Contents 4 0 R "
                b"/Resources << /XObject << /Im 5 0 R >> >> >>", pdf_stream(b"", content), image])


def generate(d):
    os.makedirs(d, exist_ok=True)
    os.chmod(d, 0o755)
    j = lambda name: os.path.join(d, name)
    # A directory run before keeps its files (runs by hand); the tests start from an empty one.
    if os.path.exists(j(".generated")):
        return
    # Crashes and stalls, 1: nested Markdown images (the exact reproduction).
    write(j("nested.md"), b"![" * 100000 + b"x" + b"](u)" * 100000 + b"\n")
    # 2: a 27 KB SVG of 400 blurred circles (127 s to render), nested <use>, a PNG bomb.
    circles = "".join(f'<circle cx="{i * 7 % 1000}" cy="{i * 13 % 1000}" r="300" fill="#{i * 2654435761 % 0xFFFFFF:06x}" '
                      f'filter="url(#b)"/>' for i in range(400))
    write(j("blur.svg"), ('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">'
                          '<filter id="b"><feGaussianBlur stdDeviation="300"/></filter>' + circles + "</svg>").encode())
    levels = ['<circle id="u0" cx="5" cy="5" r="4"/>']
    for level in range(1, 8):
        uses = "".join(f'<use xlink:href="#u{level - 1}" x="{k}" y="{k}"/>' for k in range(10))
        levels.append(f'<g id="u{level}">{uses}</g>')
    write(j("use.svg"), ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                         'width="800" height="800"><defs>' + "".join(levels) + '</defs><use xlink:href="#u7"/></svg>').encode())
    write(j("bomb.png"), png(8192, 8192))
    write(j("bomb-30000.png"), png(30000, 30000))
    for name in ["blur.svg", "use.svg", "bomb.png"]:
        write(j(name.replace(".", "-") + ".md"), (f"# {name}\n\n![{name}]({name})\n\n" + long_tail()).encode())
    # 3: one e and 500,000 combining grave accents.
    write(j("combining.txt"), ("e" + "\u0300" * 500000 + "\n" + long_tail("Text after the marks. ")).encode())
    # 6: names.
    write(os.path.join(d.encode(), b"bad\xff.txt"), b"A file whose name is not UTF-8.\n\n" + long_tail().encode())
    write(j("new\nline.txt"), b"A file whose name has a newline.\n\n" + long_tail().encode())
    # What held: files.
    with open(j("sparse-1g.txt"), "wb") as file:
        file.truncate(1 << 30)
    line = b"a fifty megabyte line without a newline " * 1310721
    write(j("line-50mb.txt"), line[: 50 << 20])
    paragraph = b"One hundred megabytes of plain text, paragraph after paragraph, to be opened at once.\n"
    with open(j("text-100mb.txt"), "wb") as file:
        # Written in blocks: a 100 MB bytes object would double the script's memory.
        block = paragraph * 12000
        for _ in range((100 << 20) // len(block)):
            file.write(block)
    write(j("headings-200k.md"), b"".join(b"# Heading %d\n\n" % i for i in range(200000)))
    write(j("quotes-1m.md"), b">" * 1000000 + b" deep\n\n" + long_tail().encode())
    write(j("fenced-40mb.md"), b"```\n" + b"fenced code line that goes on and on\n" * ((40 << 20) // 37) + b"```\n")
    # Markdown images that point anywhere.
    os.makedirs(j("a-directory"), exist_ok=True)
    if not os.path.exists(j("image-fifo.png")):
        os.mkfifo(j("image-fifo.png"))
    for name, target in [("loop-a.png", "loop-b.png"), ("loop-b.png", "loop-a.png")]:
        if not os.path.lexists(j(name)):
            os.symlink(target, j(name))
    sources = ["/dev/zero", "image-fifo.png", "a-directory", "/etc/shadow", "bomb.png", "bomb-30000.png", "loop-a.png",
               "https://example.com/remote.png"]
    write(j("hostile-images.md"), ("# Images that point anywhere\n\n" + "".join(f"![x]({s})\n\n" for s in sources)
                                   + long_tail()).encode())
    # Folders: 5,000 PNGs, and one with a symlink loop.
    small = png(64, 48, 8, 2, b"".join(b"\0" + bytes(v for x in range(64) for v in (x * 4, y * 5, 128)) for y in range(48)))
    os.makedirs(j("folder-5000"), exist_ok=True)
    for index in range(5000):
        write(j(f"folder-5000/{index:04d}.png"), small)
    os.makedirs(j("folder-loop"), exist_ok=True)
    write(j("folder-loop/real.png"), small)
    for name, target in [("self", "."), ("x.png", "y.png"), ("y.png", "x.png")]:
        if not os.path.lexists(j(f"folder-loop/{name}")):
            os.symlink(target, j(f"folder-loop/{name}"))
    # Paths and limits.
    write(j("denied.txt"), b"secret\n")
    os.chmod(j("denied.txt"), 0)
    if not os.path.exists(j("fifo")):
        os.mkfifo(j("fifo"))
    os.chmod(j("fifo"), 0o666)
    # Documents for the state cases, one each (each has its own record).
    for name in ["stray", "huge", "directory", "garbage", "read-only", "full", "pair"]:
        write(j(f"state-{name}.md"), (f"# State: {name}\n\n" + long_tail()).encode())
    # Issue 28, stderr: damaged PDFs whose libraries print. A /Count that lies (5 pages claimed,
    # 2 kids, enough objects that poppler believes it: pages 3 to 5 cannot be read).
    write(j("count-lies.pdf"), pdf_pages(2, 5, tail=[b"<< /Padding %d >>" % i for i in range(10)]))
    # A page tree of 1,000,000 kids, all the same page, claiming as many: more pages than
    # objects, so poppler counts none and Glide refuses it.
    write(j("kids-1m.pdf"), pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                                 b"<< /Type /Pages /Kids [" + b"3 0 R " * 1000000 + b"] /Count 1000000 >>",
                                 b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] >>"]))
    write(j("jbig2-bomb.pdf"), jbig2_bomb(10))
    # An outline entry and a link that lead past the last of 2 pages (to page 10).
    link = b"<< /Type /Annot /Subtype /Link /Rect [0 0 600 1200] /Border [0 0 0] /Dest [9 /Fit] >>"
    outline = [b"<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 1 >>",
               b"<< /Title (Past the end) /Parent 6 0 R /Dest [9 /XYZ 0 0 0] >>"]
    write(j("past-the-end.pdf"), pdf_pages(2, 2, extra=b"/Outlines 6 0 R ", page_extra=b"/Annots [8 0 R] ",
                                           tail=outline + [link]))
    # Issue 28, item 1: one e and a flood of combining acute accents between short lines, read
    # with Down held (the key repeats). The flood's sections come out empty, so the frame whose
    # margin first reaches them laid out all of them: 400,000 marks (97 sections) take 3 ms
    # now, 20,000,000 (40 MB, 4,880 sections) took 111 ms. The 80 lines before the flood are
    # more than the first frame lays out, so the held key reaches it while the view moves.
    short_lines = lambda lines: "".join(f"Line {i}\n" for i in lines)
    write(j("marks-short-lines.txt"), (short_lines(range(80)) + "e" + "\u0301" * 20000000 + "\n"
                                        + short_lines(range(80, 3080))).encode())
    # Issue 28, Markdown that grows without bound inside cmark-gfm: a 60 KB table whose header has
    # 10,000 cells over 10,000 rows of one cell; one 500 KB URL used by 200,000 references
    # (1.3 MB), and a 10 KB one used by 100,000 (410 KB); 2 MB of pipes (a header of 699,050
    # empty cells and its delimiter row, then text to scroll); a table of 10,000 columns and 20 rows.
    write(j("table-header-10000.md"), b"|" + b"a|" * 10000 + b"\n|" + b"-|" * 10000 + b"\n" + b"a\n" * 10000)
    write(j("references-1.3mb.md"), b"[a]: " + b"u" * 500000 + b"\n\n" + b"[a] " * 200000 + b"\n")
    write(j("references-410kb.md"), b"[a]: " + b"u" * 10000 + b"\n\n" + b"[a] " * 100000 + b"\n")
    write(j("pipes-2mb.md"), b"|" * 699051 + b"\n|" + b"-|" * 699050 + b"\n\n" + long_tail().encode())
    write(j("table-10000x20.md"), b"|" + b"h|" * 10000 + b"\n|" + b"-|" * 10000 + b"\n" + (b"|" + b"c|" * 10000 + b"\n") * 20)
    # Issue 28, item 1: links whose documents take as long as they like to open. A FIFO named
    # notes.md (its writer is held open while the case runs), 2 MB of nested emphasis that
    # cmark-gfm parses for over a second, and /dev/zero named zero.md (refused at 256 MB).
    # Every paragraph is the link, so a click anywhere on the text follows it, wherever the
    # document is scrolled to.
    os.makedirs(j("links"), exist_ok=True)
    if not os.path.exists(j("links/notes.md")):
        os.mkfifo(j("links/notes.md"))
    os.chmod(j("links/notes.md"), 0o666)
    write(j("links/emphasis-2mb.md"), b"*a**b***c_" * 200000)
    if not os.path.lexists(j("links/zero.md")):
        os.symlink("/dev/zero", j("links/zero.md"))
    for name, target in [("to-fifo.md", "notes.md"), ("to-emphasis.md", "emphasis-2mb.md"), ("to-zero.md", "zero.md")]:
        write(j(f"links/{name}"), ("# Links\n\n" + f"[{'follow this link ' * 40}]({target})\n\n" * 60).encode())
    # A flood few enough to be parsed whole (the two above make too many nodes and are parsed a
    # section at a time): a 2 MB URL used by 40,000 references, 80 GB of destinations.
    write(j("references-whole.md"), b"[a]: " + b"u" * 2000000 + b"\n\n" + b"[a] " * 40000 + b"\n\n" + long_tail().encode())
    # Issue 28: pages poppler draws for minutes (100 times a form that draws 1,000 times a
    # form of 1,000 fills of the whole page: 100,000,000 fills in 26 KB; over 15 s at a tenth of
    # the page's size), so a quit comes while a render thread is inside poppler, as with pdf.js's
    # function_based_shading.pdf: the loop joined that thread and Glide outlived SIGTERM.
    form = lambda content, resources=b"": pdf_stream(b"/Type /XObject /Subtype /Form /BBox [0 0 600 1200] " + resources,
                                                     content)
    # Three such pages, so a page key has somewhere to go in a window of any shape.
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 1200] /Contents 6 0 R "
            b"/Resources << /XObject << /F2 8 0 R >> >> >>")
    write(j("slow-page.pdf"), pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>",
                                   page, page, page, pdf_stream(b"", b"/F2 Do\n" * 100),
                                   form(b"0 0 600 1200 re f\n" * 1000),
                                   form(b"/F1 Do\n" * 1000, b"/Resources << /XObject << /F1 7 0 R >> >>")]))
    write(j(".generated"), b"")


# ---------------------------------------------------------------- the cases

USAGE = r"usage: glide \[OPTIONS\]"
DEBUG = {"GLIDE_DEBUG": "1"}
NO_PAGES = r"glide: cannot open PDF '.*/%s\.pdf': it has no pages \(truncated or damaged\)"


def cases(d):
    j = lambda name: os.path.join(d, name)
    text = lambda name, **extra: dict(name=name, args=[j(name)], window=True, **extra)
    return [
        # Crashes and stalls found.
        text("nested.md"),
        text("blur-svg.md"), text("use-svg.md"), text("bomb-png.md"),
        # One image is one page: nothing to scroll, so the key is F11, which redraws at a new size.
        dict(name="bomb.png", args=[j("bomb.png")], window=True, key="F11"),
        text("combining.txt"),
        dict(name="trace into a closed pipe", args=["--trace", "-", j("state-stray.md")], window=True, closed_stdout=True,
             stderr=r"glide: warning: stopped writing the frame trace to standard output: its reader went away"),
        # A reader that keeps the pipe open and never reads: the pipe fills, Glide goes on.
        dict(name="trace into a reader that stops reading", args=["--trace", "-", j("state-stray.md")], window=True,
             stalled_stdout=True),
        dict(name="SIGTERM while a FIFO is read", args=[j("fifo")], window=False, fifo_writer=j("fifo"), terminate_reading=j("fifo"),
             status=0, stderr=""),
        dict(name="SIGTERM while /dev/zero is read", args=["/dev/zero"], window=False, terminate_reading="/dev/zero", status=0,
             stderr=""),
        dict(name="a name that is not UTF-8", args=[os.path.join(d.encode(), b"bad\xff.txt")], window=True),
        dict(name="a name with a newline", args=[j("new\nline.txt")], window=True),
        dict(name="a missing name with a newline", args=[j("no\nsuch.txt")], window=False, status=1,
             stderr=r"glide: cannot open '.*/no\\nsuch\.txt': No such file or directory"),
        dict(name="a missing name that is not UTF-8", args=[os.path.join(d.encode(), b"no\xfe.txt")], window=False, status=1,
             stderr=r"glide: cannot open '.*/no\\xFE\.txt': No such file or directory"),
        text("state-stray.md", state="stray"),
        text("state-huge.md", state="huge",
             stderr=r"glide: warning: ignoring the reading-position file '.*': at 209715200 bytes it is not a reading position; it will be replaced"),
        text("state-directory.md", state="directory",
             stderr=r"glide: warning: the reading-position file '.*' is a directory, not a regular file; the reading position of this document is not saved"),
        dict(name="--size 0.4x0.4", args=["--size", "0.4x0.4", j("state-stray.md")], window=False, status=2,
             stderr=r"glide: --size needs at least 1 px a side, not \"0\.4x0\.4\"; " + USAGE + ".*"),
        # What held, and must keep holding.
        text("sparse-1g.txt"), text("line-50mb.txt"), text("text-100mb.txt"), text("headings-200k.md"),
        dict(name="headings-200k.md --split", args=["--split", j("headings-200k.md")], window=True),
        text("quotes-1m.md"), text("fenced-40mb.md"), text("hostile-images.md"),
        dict(name="folder-5000", args=[j("folder-5000")], window=True, key="Right"),
        dict(name="folder-loop", args=[j("folder-loop")], window=True, key="F11"),
        dict(name="permission denied", args=[j("denied.txt")], window=False, status=1, unprivileged=True,
             stderr=r"glide: cannot open '.*/denied\.txt': Permission denied"),
        dict(name="/dev/zero refused at 256 MB", args=["/dev/zero"], window=False, status=1,
             stderr=r"glide: cannot open '/dev/zero': more than 256 MB to read"),
        dict(name="/proc/self/maps", args=["/proc/self/maps"], window=True),
        text("state-read-only.md", state="read-only",
             stderr=r"glide: warning: cannot save the reading position: cannot create '.*': Permission denied"),
        text("state-full.md", state="full",
             stderr=r"glide: warning: cannot save the reading position: cannot (write|create) '.*': (No space left on device|File too large)"),
        text("state-garbage.md", state="garbage",
             stderr=r"glide: warning: ignoring the unreadable reading-position file '.*'; it will be replaced"),
        dict(name="two instances quitting at once", args=[j("state-pair.md")], window=True, pair=True, state="pair"),
        # Issue 28, stderr: no library line on stderr unless GLIDE_DEBUG=1, and with it the
        # library's line does show (so the quiet runs prove the routing, not a silent library).
        # poppler says nothing of a /Count that lies: its pages past the kids are placeholders.
        text("count-lies.pdf"),
        dict(name="kids-1m.pdf", args=[j("kids-1m.pdf")], window=False, status=1, stderr=NO_PAGES % "kids-1m"),
        dict(name="kids-1m.pdf GLIDE_DEBUG=1", args=[j("kids-1m.pdf")], window=False, status=1, env=DEBUG,
             stderr_includes=[r"^" + NO_PAGES % "kids-1m" + "$",
                              r"^glide: Poppler-INFO: .*Page count \(1000000\) larger than number of objects \(4\)$"]),
        text("jbig2-bomb.pdf"),
        dict(name="jbig2-bomb.pdf GLIDE_DEBUG=1", args=[j("jbig2-bomb.pdf")], window=True, env=DEBUG,
             stderr_includes=[r"^Bogus memory allocation size$"]),
        # poppler-glib itself asks for page 10 of 2 as it reads such a destination.
        dict(name="past-the-end.pdf --split", args=["--split", j("past-the-end.pdf")], window=True),
        # Started with stderr closed, Glide's first file (the trace) would be descriptor 2, and
        # poppler's allocator would write into it.
        dict(name="jbig2-bomb.pdf, stderr closed", args=[j("jbig2-bomb.pdf")], window=True, closed_stderr=True),
        dict(name="past-the-end.pdf --split GLIDE_DEBUG=1", args=["--split", j("past-the-end.pdf")], window=True, env=DEBUG,
             stderr_includes=[r"^glide: Poppler-CRITICAL: .*assertion '0 <= index && index < poppler_document_get_n_pages\(document\)' failed$",
                              r"^glide: Poppler-WARNING: Invalid page 10 in Link Destination$"]),
        # Issue 28, item 1: Down held for HOLD_SECONDS over the marks and the short lines after.
        dict(name="marks-short-lines.txt, Down held", args=[j("marks-short-lines.txt")], window=True, hold="Down"),
        # Issue 28, Markdown that grows without bound inside cmark-gfm: the first frame within
        # FIRST_FRAME_BUDGET_S (and, as every case, at most MEMORY_BUDGET_MB).
        text("table-header-10000.md", first_frame=True), text("references-1.3mb.md", first_frame=True),
        text("references-410kb.md", first_frame=True), text("pipes-2mb.md", first_frame=True),
        text("table-10000x20.md", first_frame=True), text("references-whole.md", first_frame=True),
        # Issue 28, item 1: a followed link opens its document off the frame loop; the window
        # answers keys meanwhile and SIGTERM within a second, even while a worker is stuck in
        # the FIFO's read.
        dict(name="a link to a FIFO held open", args=[j("links/to-fifo.md")], window=True, follow_link=True,
             fifo_writer=j("links/notes.md"), quit_within_s=1),
        dict(name="a link to 2 MB of nested emphasis", args=[j("links/to-emphasis.md")], window=True, follow_link=True,
             quit_within_s=1),
        dict(name="a link to /dev/zero", args=[j("links/to-zero.md")], window=True, follow_link=True, quit_within_s=1),
        # Issue 28: SIGTERM while poppler draws a page that does not end soon.
        dict(name="slow-page.pdf, SIGTERM while a page draws", args=[j("slow-page.pdf")], window=True, quit_within_s=1,
             alone=True),
    ]


# ---------------------------------------------------------------- running them


def is_root():
    return os.getuid() == 0


def unprivileged_ids():
    entry = pwd.getpwnam(UNPRIVILEGED)
    return entry.pw_uid, entry.pw_gid


def own(path):
    """Makes `path` writable by the user glide runs as."""
    if is_root():
        uid, gid = unprivileged_ids()
        os.chown(path, uid, gid)


def record_name(document):
    """The reading-position record glide keeps for `document` (FNV-1a of its real path)."""
    value = 0xcbf29ce484222325
    for byte in os.fsencode(os.path.realpath(document)):
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return format(value, "x") + ".json"


class Run:
    """One glide process of a case."""

    def __init__(self, glide, case, workdir, environment):
        self.case = case
        self.trace = os.path.join(workdir, "trace.jsonl")
        arguments = list(case["args"])
        if not case.get("closed_stdout") and case.get("window"):
            arguments = ["--trace", self.trace] + arguments
        command = [glide] + arguments
        if is_root():
            uid, gid = unprivileged_ids()
            user = dict(user=uid, group=gid, extra_groups=[])
        else:
            user = {}
        stdout = subprocess.DEVNULL
        self.stalled_reader = None
        if case.get("closed_stdout") or case.get("stalled_stdout"):
            reader, writer = os.pipe()
            if case.get("closed_stdout"):
                os.close(reader)
            else:
                # The smallest pipe (a page), so a few frames fill it.
                fcntl.fcntl(writer, 1031, 4096)  # F_SETPIPE_SZ
                self.stalled_reader = reader
            stdout = writer
        self.started = time.monotonic()
        # A closed stderr: the lowest free descriptor, 2, is the next file the process opens.
        closed = dict(stderr=subprocess.DEVNULL, preexec_fn=lambda: os.close(2)) if case.get("closed_stderr") else {}
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=stdout,
                                        **(closed or dict(stderr=subprocess.PIPE)),
                                        env=dict(environment, **case.get("env", {})), **user)
        if case.get("closed_stdout") or case.get("stalled_stdout"):
            os.close(writer)
        self.stderr = b""
        self.reader = threading.Thread(target=self._read_errors, daemon=True)
        self.reader.start()

    def _read_errors(self):
        self.stderr = self.process.stderr.read() if self.process.stderr else b""

    def wait(self, seconds):
        try:
            status = self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            status = None
        self.reader.join(5)
        if self.stalled_reader is not None:
            os.close(self.stalled_reader)
            self.stalled_reader = None
        return status

    def peak_memory_mb(self):
        """The most memory the process has held (VmHWM), in MB; None once it is gone."""
        try:
            with open(f"/proc/{self.process.pid}/status") as file:
                for line in file:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) // 1024
        except OSError:
            pass
        return None

    def frames(self):
        try:
            with open(self.trace) as file:
                return [json.loads(line) for line in file if line.strip()]
        except (OSError, ValueError):
            return []


def swaymsg(environment, *arguments):
    return subprocess.run(["swaymsg"] + list(arguments), env=environment, capture_output=True, text=True, timeout=20)


def window_pids(environment):
    tree = json.loads(swaymsg(environment, "-t", "get_tree").stdout or "{}")
    pids = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.get("app_id") == "dev.glide.Glide" and node.get("pid"):
            pids.add(node["pid"])
        stack.extend(node.get("nodes", []) + node.get("floating_nodes", []))
    return pids


def wait_for_window(run, environment, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if run.process.poll() is not None:
            return False
        if run.process.pid in window_pids(environment):
            run.window_s = getattr(run, "window_s", None) or time.monotonic() - run.started
            return True
        time.sleep(0.05)
    return False


def time_windows(runs, environment, seconds=30):
    """Notes when each run's window appears (`window_s`, from its start), watching them all at
    once, so that a slow window does not delay the noting of the others."""
    deadline = time.monotonic() + seconds
    waiting = list(runs)
    while waiting and time.monotonic() < deadline:
        shown = window_pids(environment)
        for run in list(waiting):
            if run.process.pid in shown:
                run.window_s = time.monotonic() - run.started
            if run.process.pid in shown or run.process.poll() is not None:
                waiting.remove(run)
        time.sleep(0.02)


def type_keys(environment, *keys):
    arguments = []
    for key in keys:
        arguments += ["-k", key]
    return subprocess.run(["wtype"] + arguments, env=environment, capture_output=True, timeout=20)


def check_key(run, environment, key):
    """Sends `key` to the run's window and returns the ms from the key to the first frame
    that shows it (its offset changed; any frame for F11, which changes the size), or None."""
    swaymsg(environment, f"[pid={run.process.pid}]", "focus")
    before = run.frames()
    last = before[-1] if before else {"x": 0, "y": 0}
    # Each wtype is a new virtual keyboard, which may lose its first key (see
    # HeadlessSwayInputTests): a key that changes nothing at the start goes first.
    sent = time.monotonic() * 1000
    type_keys(environment, "Home", key)
    delivered = time.monotonic() * 1000
    # Without presentation reports (headless sway sends none) the trace writes a frame's line
    # once a few more frames follow. A scroll brings them itself (its indicator fades out over
    # many frames); F11, which only resizes, is followed by three more.
    if key == "F11":
        time.sleep(0.15)
        type_keys(environment, "Home", "F11", "F11", "F11")
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline:
        if os.environ.get("CORPUS_DEBUG"):
            print(sent, delivered, last, run.frames()[-12:], file=sys.stderr)
        for frame in run.frames():
            moved = (frame["x"], frame["y"]) != (last["x"], last["y"])
            if frame.get("commit_ms", 0) >= sent and (moved or key == "F11"):
                return max(0.0, frame["commit_ms"] - delivered)
        time.sleep(0.02)
    return None


def hold_key(run, environment, key):
    """Holds `key` down in the run's window for HOLD_SECONDS, so the window's own key repeat
    scrolls on and on (sway's default repeat: 25 a second after 600 ms)."""
    swaymsg(environment, f"[pid={run.process.pid}]", "focus")
    # Home first, in the same wtype: a new virtual keyboard may lose its first key.
    subprocess.run(["wtype", "-k", "Home", "-P", key, "-s", str(int(HOLD_SECONDS * 1000)), "-p", key], env=environment,
                   capture_output=True, timeout=20 + HOLD_SECONDS)
class VirtualPointer:
    """glide-virtual-pointer (GLIDE_VIRTUAL_POINTER), kept running so sway's seat has a pointer;
    each command returns once the compositor handled it."""

    def __init__(self, environment):
        self.process = subprocess.Popen([os.environ["GLIDE_VIRTUAL_POINTER"]], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, text=True)

    def send(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().startswith("ok")

    def close(self):
        self.process.stdin.close()
        self.process.wait(10)


def window_rect(environment, pid):
    tree = json.loads(swaymsg(environment, "-t", "get_tree").stdout or "{}")
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.get("app_id") == "dev.glide.Glide" and node.get("pid") == pid:
            return node["rect"]
        stack.extend(node.get("nodes", []) + node.get("floating_nodes", []))
    return None


def follow_link(run, environment, pointer, problems):
    """Clicks the link the run's document is made of (see `generate`), once it is drawn."""
    deadline = time.monotonic() + 10
    while not run.frames() and time.monotonic() < deadline:
        time.sleep(0.05)
    rect = window_rect(environment, run.process.pid)
    if rect is None:
        problems.append("no window to click the link in")
        return
    # Below the heading, on a link, whatever the width the window was tiled to.
    clicked = pointer.send(f"move {rect['x'] + rect['width'] // 2} {rect['y'] + 160}")
    # The pointer rests before it presses, as in VirtualPointer.click: the hover came first.
    time.sleep(0.15)
    clicked = clicked and pointer.send("press") and pointer.send("release")
    if not clicked:
        problems.append("glide-virtual-pointer did not click")


def largest_gap(frames):
    """The longest time between a frame of an animation (not idle) and the next, in ms: what
    the reader sees, whoever was late (Glide, or the compositor's frame callbacks)."""
    gap = 0.0
    for previous, frame in zip(frames, frames[1:]):
        if previous.get("phase") != "idle":
            gap = max(gap, frame["commit_ms"] - previous["commit_ms"])
    return gap


def prepare_state(case, d, workdir):
    """The state directory of a case, set up as the case needs; returns XDG_STATE_HOME."""
    home = os.path.join(workdir, "state")
    glide_state = os.path.join(home, "glide")
    os.makedirs(glide_state, exist_ok=True)
    for path in [home, glide_state]:
        own(path)
    kind = case.get("state")
    record = os.path.join(glide_state, record_name(case["args"][-1]))
    case["record"] = record
    if kind == "stray":
        case["stray"] = write(record + ".tmp-2147483646", b'{"half":')
        own(case["stray"])
    elif kind == "huge":
        with open(record, "wb") as file:
            file.truncate(200 << 20)
        own(record)
    elif kind == "directory":
        os.makedirs(record, exist_ok=True)
    elif kind == "garbage":
        write(record, b"\x00{not json at all\xff")
        own(record)
    elif kind == "read-only":
        os.chmod(glide_state, 0o555)
    elif kind == "full":
        mounted = is_root() and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4k,mode=0777", "tmpfs", glide_state],
                                               capture_output=True).returncode == 0
        case["mounted"] = glide_state if mounted else None
        if not mounted:
            case["setup_problem"] = "cannot make a full file system for the state (mount -t tmpfs needs root)"
        else:
            try:
                with open(os.path.join(glide_state, "filler"), "wb") as file:
                    file.write(b"\0" * 8192)
            except OSError:
                pass  # full, as wanted
    return home


def finish_state(case, problems):
    if case.get("setup_problem"):
        problems.append(case["setup_problem"])
    kind = case.get("state")
    record = case.get("record")
    if kind == "stray" and os.path.exists(case["stray"]):
        problems.append("the stray temporary file is still there")
    if kind in ("stray", "garbage", "huge", "pair"):
        try:
            with open(record) as file:
                json.load(file)
            if os.path.getsize(record) > 4096:
                problems.append("the oversized record was not replaced")
        except (OSError, ValueError) as error:
            problems.append(f"no valid record was saved: {error}")
        leftovers = [n for n in os.listdir(os.path.dirname(record)) if ".tmp-" in n]
        if leftovers:
            problems.append(f"temporaries left behind: {leftovers}")
    if kind == "directory" and not os.path.isdir(record):
        problems.append("the directory was replaced")
    if case.get("mounted"):
        subprocess.run(["umount", case["mounted"]], capture_output=True)


def shortened(text, limit=300):
    """The start of a message (a crash's backtrace runs to megabytes)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return text if len(text) <= limit else text[:limit] + "…"


def check_exit(case, run, status, problems):
    expected_status = case.get("status", 0)
    if status != expected_status:
        problems.append(f"exit status {status}, expected {expected_status}")
    message = run.stderr.decode("utf-8", "replace")
    expected = case.get("stderr", "")
    if case.get("stderr_includes"):
        # A GLIDE_DEBUG run: diagnostics of every kind, among them these lines.
        for pattern in case["stderr_includes"]:
            if not re.search(pattern, message, re.MULTILINE):
                problems.append(f"no line matches {pattern!r} in {shortened(message, 2000)!r}")
    elif expected == "":
        if message:
            problems.append(f"unexpected message: {shortened(message)!r}")
    else:
        if message.count("\n") != 1 or not message.endswith("\n"):
            problems.append(f"not one line: {shortened(message)!r}")
        if not re.fullmatch(expected, message.rstrip("\n")):
            problems.append(f"message {shortened(message)!r} does not match {expected!r}")


def run_window_batch(glide, batch, d, environment, results):
    runs = []
    for index, case in batch:
        workdir = os.path.join(d, "runs", str(index))
        os.makedirs(workdir, exist_ok=True)
        own(workdir)
        case_environment = dict(environment, XDG_STATE_HOME=prepare_state(case, d, workdir))
        count = 2 if case.get("pair") else 1
        for copy in range(count):
            copy_dir = os.path.join(workdir, str(copy))
            os.makedirs(copy_dir, exist_ok=True)
            own(copy_dir)
            runs.append((case, Run(glide, case, copy_dir, case_environment), []))
    time_windows([run for case, run, problems in runs if case.get("first_frame")], environment)
    for case, run, problems in runs:
        if not wait_for_window(run, environment):
            problems.append(f"no window (exit {run.process.poll()}): {shortened(run.stderr)!r}")
        elif case.get("first_frame") and run.window_s > FIRST_FRAME_BUDGET_S:
            problems.append(f"the window came after {run.window_s:.2f} s")
    key_times = {}
    pointer = VirtualPointer(environment) if any(case.get("follow_link") for case, _, _ in runs) else None
    writers = [os.open(case["fifo_writer"], os.O_RDWR) for case, _, _ in runs if case.get("fifo_writer")]
    for case, run, problems in runs:
        if case.get("follow_link") and not problems:
            # The key goes at once: the window must answer it while the link's document opens.
            follow_link(run, environment, pointer, problems)
        if problems or case.get("closed_stdout") or case.get("stalled_stdout"):
            # The trace is on standard output: scroll, and see that Glide still quits on time.
            if case.get("stalled_stdout") and not problems:
                swaymsg(environment, f"[pid={run.process.pid}]", "focus")
                type_keys(environment, "Home", "Next", "Prior", "Next", "Prior", "Next")
            continue
        # A key wtype sends can be lost before it reaches any client (a harness fault, not
        # Glide's); a second try tells that from a window that does not answer.
        latency = check_key(run, environment, case.get("key", "Next"))
        # After a click on a link the second try comes while the link's document still opens
        # too (a FIFO held open never does; /dev/zero reads 256 MB first), so it may retry as
        # any case does: a whole corpus run saw three first tries go unanswered, after a link
        # and after ordinary starts alike.
        if latency is None:
            latency = check_key(run, environment, case.get("key", "Next"))
        key_times[id(run)] = latency
        if case.get("hold"):
            hold_key(run, environment, case["hold"])
        if latency is None:
            problems.append(f"the window did not answer {case.get('key', 'Next')} within 3 s")
        elif latency > KEY_BUDGET_MS:
            problems.append(f"the window answered a key after {latency:.0f} ms")
    # Let the animations run out, so the trace holds them whole.
    time.sleep(0.6)
    memory = {}
    for case, run, problems in runs:
        memory[id(run)] = run.peak_memory_mb()
        if memory[id(run)] is not None and memory[id(run)] > MEMORY_BUDGET_MB:
            problems.append(f"peak memory {memory[id(run)]} MB, over {MEMORY_BUDGET_MB} MB")
    pairs = {}
    for case, run, problems in runs:
        if case.get("pair"):
            pairs.setdefault(id(case), []).append(run)
    for group in pairs.values():
        # Two instances of the same document quit at the same moment.
        for run in group:
            run.process.send_signal(signal.SIGTERM)
    for case, run, problems in runs:
        # SIGTERM ends Glide as its quit key does (that key has tests of its own).
        signalled = None
        if run.process.poll() is None and not case.get("pair"):
            signalled = time.monotonic()
            run.process.send_signal(signal.SIGTERM)
        status = run.wait(20)
        if signalled is not None and case.get("quit_within_s") and time.monotonic() - signalled > case["quit_within_s"]:
            problems.append(f"SIGTERM was answered after {time.monotonic() - signalled:.1f} s")
        check_exit(case, run, status, problems)
    for writer in writers:
        os.close(writer)
    if pointer is not None:
        pointer.close()
    for case, run, problems in runs:
        frames = run.frames()
        gap = largest_gap(frames) if frames else None
        if case.get("closed_stderr"):
            with open(run.trace, "rb") as file:
                strangers = [line for line in file if not line.startswith(b"{")]
            if strangers:
                problems.append(f"{len(strangers)} lines in the trace are not Glide's: {shortened(strangers[0])!r}")
        # The measure: the time between two frames of an animation. (A compositor
        # starved of CPU sends frame callbacks late too: the machine must not be overloaded.)
        if gap is not None and gap > GAP_BUDGET_MS:
            problems.append(f"a frame came {gap:.0f} ms after the one before")
        results.setdefault(case["name"], dict(case=case["name"], problems=[], key_ms=None, gap_ms=None, frames=0))
        result = results[case["name"]]
        result["problems"] += problems
        result["key_ms"] = max(filter(None, [result["key_ms"], key_times.get(id(run))]), default=key_times.get(id(run)))
        result["gap_ms"] = max(filter(lambda v: v is not None, [result["gap_ms"], gap]), default=None)
        result["frames"] += len(frames)
        result["memory_mb"] = max(filter(None, [result.get("memory_mb"), memory.get(id(run))]), default=None)
    for index, case in batch:
        finish_state(case, results[case["name"]]["problems"])


def window_batches(windows):
    """The window cases in batches of BATCH that share the output, except that a case whose key
    is F11 runs alone: its fullscreen window covers the others, and a compositor sends no frame
    callbacks to a covered window (sway holds them; wl_surface.frame allows it), so their
    animations would fall back to Glide's 100 ms timer and their traces would show gaps that no
    reader sees. A case marked `alone` runs by itself too: its Glide keeps a core busy (a page
    poppler draws for minutes), which would starve its neighbours' frames on a 2-core machine."""
    by_itself = lambda case: case.get("key") == "F11" or case.get("alone")
    alone = [[window] for window in windows if by_itself(window[1])]
    shared = [window for window in windows if not by_itself(window[1]) and not window[1].get("follow_link")]
    # Links are clicked in windows of one batch of their own, all tiled alike.
    linked = [window for window in windows if window[1].get("follow_link")]
    return [shared[start:start + BATCH] for start in range(0, len(shared), BATCH)] + alone + ([linked] if linked else [])


def wait_until_reading(pid, path, seconds=10):
    """Waits until process `pid` has `path` open (it is reading it now)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            for descriptor in os.listdir(f"/proc/{pid}/fd"):
                try:
                    if os.readlink(f"/proc/{pid}/fd/{descriptor}") == path:
                        return True
                except OSError:
                    pass
        except OSError:
            return False
        time.sleep(0.002)
    return False


def run_exit_case(glide, index, case, d, environment, results):
    workdir = os.path.join(d, "runs", str(index))
    os.makedirs(workdir, exist_ok=True)
    own(workdir)
    problems = []
    writer = os.open(case["fifo_writer"], os.O_RDWR) if case.get("fifo_writer") else None
    run = Run(glide, case, workdir, environment)
    if case.get("terminate_reading"):
        if not wait_until_reading(run.process.pid, case["terminate_reading"]):
            problems.append(f"glide never opened {case['terminate_reading']}")
        run.process.send_signal(signal.SIGTERM)
    status = run.wait(20)
    if writer is not None:
        os.close(writer)
    check_exit(case, run, status, problems)
    results[case["name"]] = dict(case=case["name"], problems=problems, key_ms=None, gap_ms=None, frames=0)


def runnable_copy(glide, d):
    """Under root, glide and the helpers it starts (found beside it) copied into the corpus's
    directory, which the unprivileged user can enter: the build directory may sit in one only
    root can (`mktemp -d` makes 0700 directories)."""
    if not is_root():
        return glide
    programs = os.path.join(d, "programs")
    os.makedirs(programs, exist_ok=True)
    os.chmod(programs, 0o755)
    for name in ["glide", "glide-image-decoder", "glide-page-renderer"]:
        shutil.copy2(os.path.join(os.path.dirname(glide), name), os.path.join(programs, name))
    return os.path.join(programs, "glide")


def main():
    if len(sys.argv) != 4 or sys.argv[1] != "run":
        sys.exit("usage: corpus.py run GLIDE DIRECTORY")
    glide, d = sys.argv[2], sys.argv[3]
    generate(d)
    glide = runnable_copy(glide, d)
    environment = dict(os.environ)
    only = os.environ.get("CORPUS_ONLY")
    all_cases = [(index, case) for index, case in enumerate(cases(d)) if not only or re.search(only, case["name"])]
    results = {}
    threads = []
    for index, case in all_cases:
        if not case.get("window"):
            thread = threading.Thread(target=run_exit_case, args=(glide, index, case, d, environment, results))
            thread.start()
            threads.append(thread)
    for thread in threads:
        thread.join()
    for batch in window_batches([(index, case) for index, case in all_cases if case.get("window")]):
        run_window_batch(glide, batch, d, environment, results)
    for index, case in all_cases:
        print(json.dumps(results.get(case["name"], dict(case=case["name"], problems=["never ran"]))), flush=True)


if __name__ == "__main__":
    main()
