#!/bin/sh
# Writes the web page's own words (shown before the game has loaded) as a
# script, from the translation files: window.mscTexts = { en: {...}, ... }.
# Usage: sh scripts/page-texts.sh assets/i18n > dist/texts.js
set -eu
dir=${1:-assets/i18n}
printf 'window.mscTexts = {\n'
for f in "$dir"/*.ftl; do
    lang=$(basename "$f" .ftl)
    printf '  "%s": {' "$lang"
    for key in title web-loading web-starting web-assets web-old-browser; do
        # One-line messages only: "key = text"; quotes and backslashes escaped.
        value=$(sed -n "s/^$key = //p" "$f" | head -n 1 | sed 's/\\/\\\\/g; s/"/\\"/g')
        printf ' "%s": "%s",' "$key" "$value"
    done
    printf ' },\n'
done
printf '};\n'
