#!/usr/bin/env bash
# Regenerates src/fonts/inter-latin-400-800.woff2 from the package's Inter (latin, variable wght).
# Run by hand after an upgrade of @fontsource-variable/inter; the result is committed, so
# neither the build nor the shop needs these tools. Needs Debian's fonttools and python3-brotli
# (apt-get install fonttools python3-brotli).
# What it keeps: the same characters as the package's latin subset, the weights the styles use
# (400 to 800, still variable) and kerning. What it drops: weights 100-300 and 900, TrueType
# hinting, and the optional features no style asks for (contextual alternates, fractions,
# tabular and proportional figures, localised forms). 48 KiB becomes 22 KiB, which is what
# every first view downloads before its largest paint.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
src="$(cd "$here" && node -p "require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')")"
out="$here/src/fonts/inter-latin-400-800.woff2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
/usr/bin/fonttools ttLib.woff2 decompress "$src" -o "$tmp/full.ttf"
/usr/bin/fonttools varLib.instancer "$tmp/full.ttf" wght=400:800 -o "$tmp/range.ttf"
unicodes="$(/usr/bin/python3 -c "
from fontTools.ttLib import TTFont
print(','.join('U+%04X' % c for c in sorted(TTFont('$tmp/full.ttf').getBestCmap())))")"
/usr/bin/pyftsubset "$tmp/range.ttf" --unicodes="$unicodes" --layout-features=kern --no-hinting \
  --flavor=woff2 --output-file="$out"
ls -l "$out"
