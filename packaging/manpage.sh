#!/bin/sh
# packaging/manpage.sh GLIDE README: writes glide(1) in roff to standard output, made from the
# English `GLIDE --help` (its layout is described in Sources/glide/HelpText.swift) and the
# table under "### Keys" in README, so the man page never says something the program does not.
set -eu
glide=$1
readme=$2
version=$(LANGUAGE= LC_ALL=C "$glide" --version | sed 's/^glide //')
# The date of the newest commit, so the page is the same on every machine (and in the .deb).
date=$(git log -1 --format=%cs 2>/dev/null || date -u +%Y-%m-%d)

# roff escapes: a backslash, a hyphen in an option (\-, so it copies as ASCII), and a line
# that would start with a control character.
escape() {
    sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
}

printf '.TH GLIDE 1 "%s" "glide %s" "User Commands"\n' "$date" "$version"
printf '.SH NAME\nglide \\- a document viewer for touch scrolling on Wayland\n'

LANGUAGE= LC_ALL=C "$glide" --help | escape | awk '
    function flush() { if (text != "") { print text; text = "" } }
    NR == 1 { sub(/^usage: /, ""); print ".SH SYNOPSIS"; print ".B " $1; $1 = ""; sub(/^ /, ""); print $0; next }
    /^$/ { flush(); section = ""; paragraph++; next }
    /^[^ ].*:$/ {
        flush(); title = toupper(substr($0, 1, length($0) - 1)); print ".SH " title; section = title; next
    }
    section != "" && /^  [^ ]/ {
        flush(); line = substr($0, 3)
        # A term and its description are separated by two or more spaces.
        if (match(line, /  +/)) { term = substr(line, 1, RSTART - 1); text = substr(line, RSTART + RLENGTH) }
        else { term = line; text = "" }
        print ".TP"; print ".B " term; next
    }
    section != "" { sub(/^ +/, ""); text = (text == "" ? $0 : text " " $0); next }
    # Outside a section only the description (the first paragraph) is kept: the closing note
    # on input is the KEYS section below, in full.
    paragraph == 1 && !described { print ".SH DESCRIPTION"; described = 1 }
    paragraph == 1 { sub(/^ +/, ""); text = (text == "" ? $0 : text " " $0) }
    END { flush() }
'

# The key table: "| keys | action |" rows under "### Keys", up to the next heading.
printf '.SH KEYS\n'
escape < "$readme" | awk '
    /^### Keys/ { inside = 1; next }
    inside && /^#/ { exit }
    inside && /^\|/ {
        if ($0 ~ /^\|[-\\| ]+\|$/ || ++rows == 1) next
        n = split($0, cells, "|")
        key = cells[2]; action = cells[3]
        gsub(/^ +| +$/, "", key); gsub(/^ +| +$/, "", action); gsub(/`/, "", key); gsub(/`/, "", action)
        print ".TP"; print ".B " key; print action
    }
'

printf '.SH FILES\n'
printf '.TP\n.I /usr/share/glide/default\\-document.md\nthe bundled guide, shown when no file is given\n'
printf '.TP\n.I $XDG_STATE_HOME/glide/\nthe remembered reading positions (~/.local/state/glide/ by default)\n'
