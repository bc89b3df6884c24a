"""Turns docs/design-format.md into the manual page sortkey-design(5), so that
the page and the document never differ: headings become sections (SH) and
subsections (SS), paragraphs stay paragraphs, fenced code and tables are
shown as written (nf/fi), list items are indented paragraphs, `code` is
bold, [text](link) keeps its text. Only what the document uses is read.

Usage: md2man.py SOURCE.md OUTPUT VERSION
"""
import re
import sys


def escape(text):
    text = text.replace("\\", "\\e")
    # Non-ASCII as groff's Unicode escapes: the page reads the same under any locale.
    text = "".join(c if ord(c) < 128 else f"\\[u{ord(c):04X}]" for c in text)
    # A line must not start with a control character of roff.
    return re.sub(r"^([.'])", r"\\&\1", text)


def inline(text):
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    text = escape(text)
    text = re.sub(r"`([^`]+)`", r"\\fB\1\\fR", text)
    return re.sub(r"\*\*([^*]+)\*\*", r"\\fB\1\\fR", text)


def convert(lines, version):
    out = [
        f'.TH SORTKEY-DESIGN 5 "" "sortkey {version}" "File Formats"',
        ".SH NAME",
        "sortkey-design \\- the design file of sortkey design check",
    ]
    fenced = False
    in_table = False
    for raw in lines:
        line = raw.rstrip("\n")
        if line.startswith("```"):
            fenced = not fenced
            out += [".PP", ".nf", ".RS 4"] if fenced else [".RE", ".fi"]
            continue
        if fenced:
            out.append(escape(line) if line else "")
            continue
        if line.startswith("|"):
            if not in_table:
                out += [".PP", ".nf"]
                in_table = True
            if not re.match(r"^\|[\s\-|:]+\|$", line):
                out.append(inline(" ".join(c.strip() for c in line.strip("|").split("|"))))
            continue
        if in_table:
            out.append(".fi")
            in_table = False
        if line.startswith("# "):
            out += [".SH DESCRIPTION"]
        elif line.startswith("## "):
            out += [".SH " + inline(line[3:].upper())]
        elif line.startswith("###"):
            out += [".SS " + inline(line.lstrip("#").strip())]
        elif re.match(r"^\s*([-*]|\d+\.) ", line):
            out += [".IP \\(bu 2", inline(re.sub(r"^\s*([-*]|\d+\.) ", "", line))]
        elif not line.strip():
            out.append(".PP")
        else:
            out.append(inline(line.strip()))
    if in_table:
        out.append(".fi")
    out += [".SH SEE ALSO", "\\fBsortkey\\fR(1); /usr/share/doc/sortkey/design-format.md"]
    # Collapse runs of paragraph marks.
    collapsed = []
    for line in out:
        if line == ".PP" and collapsed and collapsed[-1] in (".PP", ".IP \\(bu 2"):
            continue
        collapsed.append(line)
    return "\n".join(collapsed) + "\n"


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        page = convert(f.readlines(), argv[3])
    with open(argv[2], "w", encoding="utf-8") as f:
        f.write(page)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
