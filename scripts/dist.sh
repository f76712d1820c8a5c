#!/usr/bin/env bash
# Builds what users install, into target/dist/ (or OUT):
#   oxagent-<v>-cp310-abi3-manylinux_2_28_x86_64.whl   the Python package, one wheel for CPython 3.10+
#   oxagent-<v>.tgz                                      the npm package (the JS, no addon)
#   oxagent-linux-x64-gnu-<v>.tgz                        its platform package: the stripped addon
#   oxagent                                              the CLI, stripped
# Everything links through zig against glibc 2.28 (ziglang and cargo-zigbuild come from the
# package index into .venv), so it runs on any x86_64 Linux with glibc >= 2.28.
#
#   scripts/dist.sh [PROFILE [OUT]]   release (the default, `just dist`), or dist-ci: CI's
#                                     quicker build, packaged the same way (`just test-dist`)
set -euo pipefail
profile=${1:-release}
out=${2:-target/dist}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
export PATH="$root/.venv/bin:$PATH"
pip install --quiet --disable-pip-version-check ziglang==0.17.1 cargo-zigbuild==0.24.1

triple=x86_64-unknown-linux-gnu
glibc=2.28
# maturin's zig wrapper and cargo-zigbuild's are different linkers to cargo, so each build has
# its own target folder, apart from the usual one: none throws away the others' artifacts.
builds=$root/target/dist-build
built=$builds/cargo/$triple/$([ "$profile" = dev ] && echo debug || echo "$profile")
platform=linux-x64-gnu
version=$(node -p 'require("./js/package.json").version')
rm -rf "$out" && mkdir -p "$out/npm"

# The wheel: maturin links with zig for glibc 2.28 and checks the result is manylinux_2_28.
(cd python && maturin build --locked --strip --profile "$profile" --target-dir "$builds/maturin" \
  --zig --compatibility "manylinux_${glibc/./_}" --out "$root/$out")

# The Node addon and the CLI, for the same glibc.
cargo zigbuild --locked --profile "$profile" -p oxagent-node -p oxagent-cli --target "$triple.$glibc" \
  --target-dir "$builds/cargo"
install -m 755 "$built/oxagent" "$out/oxagent"
strip "$out/oxagent"

# The platform package, as @napi-rs/cli lays it out: the addon, and os/cpu/libc fields so that
# npm installs it only where it runs.
pkg=$out/npm/$platform
mkdir -p "$pkg"
cp "$built/liboxagent_node.so" "$pkg/oxagent.$platform.node"
strip --strip-unneeded "$pkg/oxagent.$platform.node"
node - "$pkg" "$version" "$platform" <<'EOF'
const [dir, version, platform] = process.argv.slice(2);
const main = require(require("node:path").resolve("js/package.json"));
const pkg = {
  name: `oxagent-${platform}`,
  version,
  description: `The native addon of the oxagent package for ${platform}`,
  license: main.license,
  main: `oxagent.${platform}.node`,
  files: [`oxagent.${platform}.node`],
  os: ["linux"],
  cpu: ["x64"],
  libc: ["glibc"],
  engines: main.engines,
};
require("node:fs").writeFileSync(`${dir}/package.json`, JSON.stringify(pkg, null, 2) + "\n");
EOF

# The main package: js/ as `npm pack` takes it, less any addon built there, with the platform
# package as an optional dependency of the same version.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
npm pack ./js --silent --pack-destination "$stage" >/dev/null
tar -xzf "$stage"/oxagent-*.tgz -C "$stage"
rm -f "$stage"/package/*.node "$stage"/package/lib/native.d.ts
node - "$stage/package/package.json" "$version" "$platform" <<'EOF'
const [file, version, platform] = process.argv.slice(2);
const fs = require("node:fs");
const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
pkg.optionalDependencies = { [`oxagent-${platform}`]: version };
fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n");
EOF
npm pack "$stage/package" --silent --pack-destination "$out" >/dev/null
npm pack "./$pkg" --silent --pack-destination "$out" >/dev/null

# Sizes and the newest glibc symbol each binary needs.
glibc_max() { objdump -T "$1" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1; }
wheel=$(ls "$out"/*.whl)
python3 -m zipfile -e "$wheel" "$stage/wheel"
echo "== $out ($profile build)"
size() { numfmt --to=iec-i --round=nearest --suffix=B "$(du -sb "$1" | cut -f1)"; }
printf '%-52s %8s\n' "$(basename "$wheel")" "$(size "$wheel")"
for t in "$out"/*.tgz; do printf '%-52s %8s\n' "$(basename "$t")" "$(size "$t")"; done
printf '%-52s %8s\n' "$platform package, unpacked" "$(size "$pkg")"
printf '%-52s %8s\n' "oxagent (CLI)" "$(size "$out/oxagent")"
echo "newest glibc symbol: wheel $(glibc_max "$stage"/wheel/claude_agent_sdk/_native*.so)," \
  "addon $(glibc_max "$pkg/oxagent.$platform.node"), CLI $(glibc_max "$out/oxagent")"
