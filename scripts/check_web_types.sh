#!/usr/bin/env bash
# Type-check the browser client's JSDoc (every module is `// @ts-check`) with TypeScript from the npm
# registry, against the same library versions the client vendors. Needs node and npm; nothing is
# installed into the project.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
mkdir -p node_modules/@preact
for spec in typescript@5.9.3 preact@11.2.0 htm@3.1.1 @preact/signals@2.11.4 @preact/signals-core@1.14.5; do
    file="$(npm pack -q "$spec" | tail -1)"
    name="${spec%@*}"
    mkdir -p "node_modules/$name"
    tar xzf "$file" -C "node_modules/$name" --strip-components=1
done
web="$root/src/medieval/interfaces/web"
cat > tsconfig.json <<JSON
{
  "compilerOptions": {
    "allowJs": true, "checkJs": true, "noEmit": true, "strict": true, "noImplicitAny": false,
    "target": "es2022", "module": "esnext", "moduleResolution": "bundler",
    "lib": ["es2022", "dom", "dom.iterable"], "baseUrl": ".", "skipLibCheck": true,
    "paths": {"medieval/*": ["$web/*"], "preact": ["./node_modules/preact"],
              "preact/hooks": ["./node_modules/preact/hooks"], "htm": ["./node_modules/htm"],
              "@preact/signals": ["./node_modules/@preact/signals"]}
  },
  "include": ["$web/*.js", "$web/lib/*.js", "$web/components/*.js", "$web/views/*.js", "$root/src/medieval/games/*/web/*.js"]
}
JSON
node node_modules/typescript/lib/tsc.js -p tsconfig.json
echo "web types: ok"
