#!/usr/bin/env bash
# Regenerates the demo product clips (served by the media routes from
# apps/api/src/domains/media/assets/video) from the demo's own garment drawings.
# Needs ffmpeg built with librsvg and libx264 (Debian: apt-get install -y ffmpeg); the app itself
# never needs ffmpeg. Each clip: 480x640, 24 fps, about 5.5 s, H.264 (yuv420p, faststart, no audio):
# a slow zoom on the front, a cross-fade to the cloth close-up, then a cross-fade to the back.
# Bump the file name (…-v2.mp4) when a clip changes: the URLs are cached as immutable.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../../../.." && pwd)"
out="$root/apps/api/src/domains/media/assets/video"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

clip() { # name kind colour pattern
  local name=$1 kind=$2 colour=$3 pattern=$4 dir="$tmp/$1"
  mkdir -p "$dir"
  (cd "$root" && node --import tsx "$here/clip-frames.ts" "$dir" "$kind" "$colour" "$pattern")
  for view in front detail back; do
    ffmpeg -loglevel error -y -i "$dir/$view.svg" -frames:v 1 "$dir/$view.png"
  done
  # zoompan works on a large still (1200x1600) and outputs 480x640: little shimmer, smooth motion.
  local z="zoompan=d=60:s=480x640:fps=24:x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)'"
  ffmpeg -loglevel error -y \
    -loop 1 -t 2.5 -i "$dir/front.png" -loop 1 -t 2.5 -i "$dir/detail.png" -loop 1 -t 2.5 -i "$dir/back.png" \
    -filter_complex "\
[0]${z}:z='1+0.0015*on',trim=duration=2.5,setpts=PTS-STARTPTS[a];\
[1]${z}:z='1.15-0.0015*on',trim=duration=2.5,setpts=PTS-STARTPTS[b];\
[2]${z}:z='1+0.001*on',trim=duration=2.5,setpts=PTS-STARTPTS[c];\
[a][b]xfade=transition=fade:duration=0.6:offset=1.9[ab];\
[ab][c]xfade=transition=fade:duration=0.6:offset=3.8,format=yuv420p[v]" \
    -map '[v]' -c:v libx264 -preset veryslow -crf 30 -profile:v main -tune stillimage \
    -movflags +faststart -an "$out/$name.mp4"
  ls -l "$out/$name.mp4"
}

mkdir -p "$out"
clip linen-shirt-v1 shirt sand plain
clip midi-dress-v1 dress terracotta plain
clip fleece-hoodie-v1 hoodie grey plain
