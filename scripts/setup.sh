#!/usr/bin/env bash
# Installs the Debian packages jhalt needs (only those missing), then
# configures and builds jhalt in build/ (or build-asan/ with --sanitize).
#
#   scripts/setup.sh              install what is missing, build build/
#   scripts/setup.sh --deps-only  only install packages
#   scripts/setup.sh --sanitize   build build-asan/ with -fsanitize=address,undefined
#   scripts/setup.sh --fuzz       also install clang; build build-fuzz/ with libFuzzer
set -euo pipefail
cd "$(dirname "$0")/.."

mode=normal
for arg in "$@"; do
  case "$arg" in
    --deps-only) mode=deps ;;
    --sanitize) mode=sanitize ;;
    --fuzz) mode=fuzz ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

packages=(g++ cmake make pkg-config python3 libz3-dev libzip-dev libcli11-dev nlohmann-json3-dev
          zlib1g-dev libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev openjdk-17-jdk-headless graphviz
          libcommons-cli-java libgmp-dev cvc5 libasm-java z3)
if [[ $mode == fuzz ]]; then packages+=(clang libclang-rt-14-dev); fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if (( ${#missing[@]} )); then
  echo "setup.sh: installing ${missing[*]}"
  sudo=""
  if [[ $(id -u) != 0 ]]; then sudo=sudo; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
[[ $mode == deps ]] && exit 0

jobs=$(nproc 2>/dev/null || echo 2)
case $mode in
  normal) dir=build; flags=() ;;
  sanitize) dir=build-asan; flags=(-DJHALT_SANITIZE=ON -DJHALT_BENCHMARKS=OFF -DCMAKE_BUILD_TYPE=Debug) ;;
  fuzz) dir=build-fuzz
        flags=(-DJHALT_FUZZ=ON -DJHALT_TESTS=OFF -DJHALT_BENCHMARKS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
               -DCMAKE_CXX_COMPILER=clang++) ;;
esac
mkdir -p "$dir"
cmake -S . -B "$dir" "${flags[@]}" > "$dir/configure.log" 2>&1 || { cat "$dir/configure.log"; exit 1; }
if [[ $mode == fuzz ]]; then
  cmake --build "$dir" -j "$jobs" --target classfile_fuzzer  # the fuzzer needs only the front end
else
  cmake --build "$dir" -j "$jobs"
fi
