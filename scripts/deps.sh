#!/bin/sh
# scripts/deps.sh - the one install list. `make run`, `make check` and every
# other target that needs a package call this first. It installs only what
# is missing, running `apt-get update` once before the first install.
# Usage: scripts/deps.sh [--list]
set -eu

PACKAGES="
make gcc libc6-dev python3
clang libclang-rt-14-dev
libfdt-dev device-tree-compiler
qemu-system-misc opensbi u-boot-qemu
gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf
gcc-riscv64-linux-gnu libc6-dev-riscv64-cross
linux-source-6.1 xz-utils bc flex bison cpio
librsvg2-bin
"

if [ "${1:-}" = "--list" ]; then
	echo $PACKAGES
	exit 0
fi

missing=""
for p in $PACKAGES; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo "deps: installing:$missing" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q $missing
