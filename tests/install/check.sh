#!/usr/bin/env bash
# Install, package and consume qianmj the way a user or another project would (ctest runs
# each mode as its own test; `LABELS install`).
#   check.sh destdir      BUILD SOURCE WORK  cmake --install into a DESTDIR: the file list, the
#                                            installed binary, man page and completions
#   check.sh consumer     BUILD SOURCE WORK  tests/install/consumer against that install tree
#                                            (find_package and pkg-config) and the build tree
#   check.sh library-only BUILD SOURCE WORK  -DQIANMJ_CLI=OFF -DQIANMJ_TESTS=OFF with CLI11
#                                            and Catch2 made unfindable; its install; a consumer
#   check.sh package      BUILD SOURCE WORK  `make package`'s build (prefix /usr) and CPack's
#                                            .debs: file lists, control fields
set -euo pipefail
mode=$1 build=$(realpath "$2") source=$(realpath "$3") work=$4
mkdir -p "$work"
work=$(realpath "$work")
jobs=${JOBS:-2}
# The builds here compile the same sources as the build under test: through its compiler
# launcher (ccache, where `make` found it), they take seconds.
launcher=$(sed -n 's/^CMAKE_CXX_COMPILER_LAUNCHER:[A-Z]*=//p' "$build/CMakeCache.txt")
launch=()
[ -z "$launcher" ] || launch=(-DCMAKE_CXX_COMPILER_LAUNCHER="$launcher")

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# The expected files of `components` (cli, dev) under a prefix, one path a line, sorted.
expected() {
  local components=$1
  grep -v '^#' "$source/tests/install/files.txt" | awk -v want="$components" \
    'BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) ok[w[i]] = 1 } ok[$1] { print $2 }' |
    LC_ALL=C sort
}

# What is installed under a directory, as paths relative to it.
installed() {
  (cd "$1" && find . -type f -o -type l | sed 's|^\./||' | LC_ALL=C sort)
}

same_list() {  # what, expected, actual
  if ! diff -u <(echo "$2") <(echo "$3") >&2; then fail "$1 (- expected, + actual)"; fi
}

consumer() {  # name, cmake arguments...: configures, builds and runs the consumer project
  local name=$1
  shift
  rm -rf "$work/$name"
  cmake -S "$source/tests/install/consumer" -B "$work/$name" "$@" >"$work/$name.log" 2>&1 ||
    { cat "$work/$name.log" >&2; fail "$name: the consumer project does not configure"; }
  cmake --build "$work/$name" >>"$work/$name.log" 2>&1 ||
    { cat "$work/$name.log" >&2; fail "$name: the consumer project does not build"; }
  check_consumer_output "$name" "$("$work/$name/consumer")"
}

check_consumer_output() {
  local version
  version=$(sed -n 's/^project(qianmj VERSION \([0-9.]*\).*/\1/p' "$source/CMakeLists.txt")
  same_list "$1: what the consumer prints" \
    "qianmj $version: 345789s23445677p pinghu total 18
waits 1m 2m 3m 4m 5m 6m 7m 8m 9m
18" "$2"
}

case $mode in
destdir)
  dest=$work/destdir
  rm -rf "$dest"
  # As the README says: make install (PREFIX=/usr/local, the default), staged in DESTDIR.
  make -s -C "$source" install BUILD="$build" DESTDIR="$dest" >"$work/destdir.log" 2>&1 ||
    { cat "$work/destdir.log" >&2; fail "make install"; }
  prefix=$dest/usr/local
  same_list "installed files" "$(expected "cli dev")" "$(installed "$prefix")"
  # The installed program runs on its own (no path into the build tree).
  out=$("$prefix/bin/qianmj" score 23445677筒345789条 --zimo --json | jq -r '.pattern.id, .total')
  same_list "installed qianmj score" "pinghu
18" "$out"
  "$prefix/bin/qianmj" --version | grep -qx "qianmj [0-9.]*" || fail "installed qianmj --version"
  # man finds the page where it was put, and it renders.
  page=$(man -M "$prefix/share/man" -w qianmj) || fail "man -M ... -w qianmj finds no page"
  [ "$page" = "$prefix/share/man/man1/qianmj.1.gz" ] || fail "man found $page"
  MANWIDTH=80 man -l "$page" 2>/dev/null | grep -q "Guizhou mahjong" || fail "the man page does not render"
  # The Chinese page, for man -L zh_CN (or a zh_CN locale), renders in Chinese. (MANPATH, not
  # -M: man-db looks in the language's directories of MANPATH's, not of -M's.)
  page=$(MANPATH=$prefix/share/man man -L zh_CN -w qianmj) || fail "man -L zh_CN -w qianmj finds no page"
  [ "$page" = "$prefix/share/man/zh_CN/man1/qianmj.1.gz" ] || fail "man -L zh_CN found $page"
  MANWIDTH=80 man -l "$page" 2>/dev/null | grep -q "贵州麻将" || fail "the Chinese man page does not render"
  # The bash completion loads and completes a subcommand and an option.
  words=$(bash -c 'source "$1"; COMP_WORDS=(qianmj sc); COMP_CWORD=1; _qianmj; echo "${COMPREPLY[*]}"
                   COMP_WORDS=(qianmj score --zi); COMP_CWORD=2; _qianmj; echo "${COMPREPLY[*]}"' \
    _ "$prefix/share/bash-completion/completions/qianmj")
  same_list "bash completion of 'qianmj sc' and 'qianmj score --zi'" "score
--zimo" "$words"
  # make uninstall takes away what make install put (another staging, so the consumer test
  # keeps the first).
  make -s -C "$source" install BUILD="$build" DESTDIR="$work/destdir-again" PREFIX=/opt/qianmj \
    >>"$work/destdir.log" 2>&1 || fail "make install PREFIX=/opt/qianmj"
  [ -x "$work/destdir-again/opt/qianmj/bin/qianmj" ] || fail "PREFIX=/opt/qianmj: no bin/qianmj"
  make -s -C "$source" uninstall BUILD="$build" DESTDIR="$work/destdir-again" >>"$work/destdir.log" 2>&1 || fail "make uninstall"
  left=$(find "$work/destdir-again" -type f | wc -l)
  [ "$left" = 0 ] || fail "make uninstall left $left files"
  ;;
consumer)
  prefix=$work/destdir/usr/local
  [ -x "$prefix/bin/qianmj" ] || fail "no install tree: the destdir test runs first"
  consumer consumer-install -DCMAKE_PREFIX_PATH="$prefix"
  consumer consumer-build-tree -Dqianmj_DIR="$build"
  # pkg-config, from the .pc file alone.
  flags=$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs qianmj)
  g++ -std=c++20 "$source/tests/install/consumer/main.cpp" $flags -o "$work/consumer-pkg-config"
  check_consumer_output pkg-config "$("$work/consumer-pkg-config")"
  ;;
library-only)
  lib=$work/library-only
  rm -rf "$lib"
  # CMAKE_DISABLE_FIND_PACKAGE_*: configuring fails if CLI11 or Catch2 is looked for at all.
  cmake -S "$source" -B "$lib" "${launch[@]}" -DCMAKE_BUILD_TYPE=Release -DQIANMJ_CLI=OFF -DQIANMJ_TESTS=OFF \
    -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON \
    >"$work/library-only.log" 2>&1 || { cat "$work/library-only.log" >&2; fail "library-only configure"; }
  cmake --build "$lib" -j "$jobs" >>"$work/library-only.log" 2>&1 ||
    { cat "$work/library-only.log" >&2; fail "library-only build"; }
  rm -rf "$lib-destdir"
  DESTDIR=$lib-destdir cmake --install "$lib" --prefix /usr/local >>"$work/library-only.log"
  same_list "library-only installed files" "$(expected dev)" "$(installed "$lib-destdir/usr/local")"
  consumer consumer-library-only -DCMAKE_PREFIX_PATH="$lib-destdir/usr/local"
  ;;
package)
  pkg=$work/package
  rm -rf "$pkg"
  # What `make package` does: a build for the prefix /usr, then CPack.
  cmake -S "$source" -B "$pkg" "${launch[@]}" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DQIANMJ_TESTS=OFF \
    >"$work/package.log" 2>&1 || { cat "$work/package.log" >&2; fail "package configure"; }
  cmake --build "$pkg" -j "$jobs" >>"$work/package.log" 2>&1 ||
    { cat "$work/package.log" >&2; fail "package build"; }
  (cd "$pkg" && cpack >>"$work/package.log" 2>&1) || { cat "$work/package.log" >&2; fail "cpack"; }
  multiarch=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:PATH=//p' "$pkg/CMakeCache.txt")
  [ -n "$multiarch" ] || multiarch=lib
  # /usr/local paths -> /usr paths: the multiarch libdir, Debian's zsh directory.
  to_usr() { sed -e "s|^lib/|$multiarch/|" -e 's|^share/zsh/site-functions/|share/zsh/vendor-completions/|' \
    -e 's|^|usr/|' | LC_ALL=C sort; }
  for deb in qianmj libqianmj-dev; do
    files=("$pkg"/${deb}_*.deb)
    [ -f "${files[0]}" ] || fail "no ${deb}_*.deb in $pkg"
    component=cli
    [ $deb = qianmj ] || component=dev
    want=$(expected $component | to_usr)
    got=$(dpkg-deb -c "${files[0]}" | awk '$1 !~ /^d/ { print $6 }' | sed 's|^\./||' | LC_ALL=C sort)
    same_list "$deb's files" "$want" "$got"
    [ "$(dpkg-deb -f "${files[0]}" Package)" = $deb ] || fail "$deb: Package field"
  done
  # The program links the C++ runtime in (QIANMJ_STATIC_RUNTIME): it needs only the C library.
  # libedit, opened only for line editing at a terminal, is recommended: without it a session
  # reads plain lines.
  depends=$(dpkg-deb -f "$pkg"/qianmj_*.deb Depends)
  [[ $depends =~ ^libc6\ \([^\)]*\)$ ]] || fail "qianmj's Depends is not libc6 alone: $depends"
  recommends=$(dpkg-deb -f "$pkg"/qianmj_*.deb Recommends)
  [ "$recommends" = libedit2 ] || fail "qianmj's Recommends is not libedit2: $recommends"
  [[ $(dpkg-deb -f "$pkg"/libqianmj-dev_*.deb Depends) == *"nlohmann-json3-dev"* ]] ||
    fail "libqianmj-dev does not depend on nlohmann-json3-dev"
  ;;
*)
  fail "unknown mode $mode"
  ;;
esac
echo "ok: $mode"
