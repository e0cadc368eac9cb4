#!/bin/sh
# Stand-in base image: a minimal Debian made with debootstrap from a Debian mirror and imported
# into Docker, for machines that reach Debian's archive but no image registry.
# Usage: debian-base.sh <tag> <suite> <mirror> <apt-sources-file>
#   tag               image to create, e.g. wfm-standin/debian:bookworm
#   suite             Debian release, e.g. bookworm
#   mirror            archive debootstrap downloads from, e.g. http://deb.debian.org/debian
#   apt-sources-file  becomes /etc/apt/sources.list.d/debian.sources in the image (deb822), so
#                     apt-get inside it uses the same archive(s) as the host
# Needs root, debootstrap and a running Docker engine; takes about a minute.
set -eu
tag=$1 suite=$2 mirror=$3 sources=$4
rootfs=$(mktemp -d "${TMPDIR:-/tmp}/wfm-standin-rootfs.XXXXXX")
trap 'rm -rf "$rootfs"' EXIT
debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >"$rootfs.log" 2>&1 || {
  tail -n 20 "$rootfs.log" >&2
  rm -f "$rootfs.log"
  exit 1
}
rm -f "$rootfs.log" "$rootfs/etc/apt/sources.list"
cp "$sources" "$rootfs/etc/apt/sources.list.d/debian.sources"
# Like the official Debian images: no package cache, no indexes (every Dockerfile runs apt-get update).
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/tmp/*
tar -C "$rootfs" --numeric-owner -c . | docker import -c 'CMD ["bash"]' -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' - "$tag" >/dev/null
echo "$tag"
