#!/bin/sh
# packaging/metainfo.sh TEMPLATE CHANGELOG VERSION_SWIFT: the AppStream metainfo on standard
# output, with TEMPLATE's @RELEASES@ replaced by one <release> per "## " section of the
# changelog: "## Unreleased" is the version in VERSION_SWIFT, a development release dated by
# the newest commit; "## X.Y.Z (YYYY-MM-DD)" is a stable release. Each "### Heading" becomes a
# paragraph and its bullets a list (continuation lines joined, Markdown code marks dropped).
set -eu
template=$1
changelog=$2
version=$(sed -n 's/^let glideVersion = "\(.*\)"/\1/p' "$3")
date=$(git log -1 --format=%cs 2>/dev/null || date -u +%Y-%m-%d)

releases=$(awk -v version="$version" -v date="$date" '
    function xml(text) { gsub(/&/, "\\&amp;", text); gsub(/</, "\\&lt;", text); gsub(/>/, "\\&gt;", text); gsub(/`/, "", text); return text }
    function end_item() { if (item != "") { print "          <li>" xml(item) "</li>"; item = "" } }
    function end_list() { end_item(); if (in_list) { print "        </ul>"; in_list = 0 } }
    function end_release() { end_list(); if (in_release) { print "      </description>"; print "    </release>"; in_release = 0 } }
    /^## / {
        end_release()
        heading = substr($0, 4)
        if (heading == "Unreleased") { print "    <release version=\"" version "\" date=\"" date "\" type=\"development\">" }
        else if (match(heading, /\([0-9-]+\)/)) {
            split(heading, words, " ")
            print "    <release version=\"" words[1] "\" date=\"" substr(heading, RSTART + 1, RLENGTH - 2) "\" type=\"stable\">"
        } else next
        print "      <description>"; in_release = 1; next
    }
    !in_release { next }
    /^### / { end_list(); print "        <p>" xml(substr($0, 5)) "</p>"; next }
    /^- / { end_item(); if (!in_list) { print "        <ul>"; in_list = 1 } item = substr($0, 3); next }
    /^  +[^ ]/ && item != "" { sub(/^ +/, " "); item = item $0; next }
    END { end_release() }
' "$changelog")

RELEASES=$releases awk '$0 == "@RELEASES@" { print ENVIRON["RELEASES"]; next } { print }' "$template"
