#!/bin/sh
# ffmpeg doing the work `forkrender scenes/backdrop-video.json --video out.mp4` does, for docs/performance.md's
# video backdrop row: decode the clip for the scene's 90 frames, then encode forkrender's own frames (raw RGBA,
# made once beforehand) with VideoSink's arguments. Make the frames with:
#   forkrender scenes/backdrop-video.json -o png -q --png-level 0
#   ffmpeg -framerate 30 -i png/%04d.png -f rawvideo -pix_fmt rgba frames.rgba
# usage: scripts/bench-peers/video-backdrop-peer.sh frames.rgba [out.mp4]
set -e
here=$(dirname "$0")/../..
frames=${1:?usage: video-backdrop-peer.sh frames.rgba [out.mp4]}
ffmpeg -nostdin -loglevel error -stream_loop 1 -i "$here/scenes/backdrops/pan.mp4" -frames:v 90 -f null -
exec ffmpeg -nostdin -hide_banner -loglevel error -y -f rawvideo -pix_fmt rgba -video_size 1170x2532 -framerate 30 \
  -i "$frames" -vf 'pad=ceil(iw/2)*2:ceil(ih/2)*2' -c:v libx264 -pix_fmt yuv420p -crf 18 -preset medium \
  -movflags +faststart "${2:-/tmp/video-backdrop-peer.mp4}"
