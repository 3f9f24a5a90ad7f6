#!/bin/sh
# Install the Debian packages mmsim builds and tests with, when missing.
# Idempotent and quiet when everything is present.
set -e
pkgs="build-essential pkg-config libcmocka-dev libinih-dev libjansson-dev gnuplot-nox libtracecmd-dev time valgrind"
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing$missing" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
