#!/usr/bin/env bash
# The production path, as a deployment runs it: build once (with the development dependencies),
# copy the repository without node_modules, `npm ci --omit=dev` there, and `npm start` it with
# NODE_ENV=production. Checks that it starts without vite and without building, answers /ready,
# /health, the web app at /, robots.txt and /metrics, hides source maps, then stops it cleanly.
# Without the build, `npm start` there must fail with a clear message.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/broadcast-production-XXXXXX")
server_pid=
cleanup() {
  if [ -n "$server_pid" ] && kill -0 -- "-$server_pid" 2>/dev/null; then kill -KILL -- "-$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
# HTTP with node's fetch (no curl needed): status on the first line, then the body.
http() {
  node -e 'const [url, method, auth] = process.argv.slice(1);
    fetch(url, { method: method || "GET", headers: auth ? { authorization: auth } : {} })
      .then(async (r) => process.stdout.write(`${r.status}\n${await r.text()}`))
      .catch(() => process.stdout.write("000\n"))' "$@"
}
# (No early-closing pipes: with pipefail a writer cut off by `head` or `grep -q` fails the test.)
status() {
  local out
  out=$(http "$@")
  echo "${out%%$'\n'*}"
}
body() {
  local out
  out=$(http "$@")
  echo "${out#*$'\n'}"
}
has() { grep -q -- "$2" <<<"$1"; }
fail() {
  echo "production smoke test: $*" >&2
  [ -f "$work/server.log" ] && { echo '--- server output ---' >&2; tail -n 50 "$work/server.log" >&2; }
  exit 1
}

echo "build (with development dependencies)"
npm run build --silent >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail 'npm run build failed'; }
[ -f dist/web/index.html ] || fail 'npm run build made no dist/web/index.html'
if [ -n "$(find dist/web -name '*.map')" ]; then fail 'the production build contains source maps'; fi

echo "copy the repository without node_modules"
mkdir "$work/app"
tar -C "$root" -cf - \
  --exclude=./node_modules --exclude=./.git --exclude=./data --exclude=./test-results \
  --exclude=./playwright-report . | tar -C "$work/app" -xf -
cd "$work/app"

echo "npm ci --omit=dev"
npm ci --omit=dev --no-audit --no-fund --prefer-offline >"$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; fail 'npm ci --omit=dev failed'; }
for dev in vite vitest @vitejs/plugin-react @playwright/test drizzle-kit @biomejs/biome; do
  [ ! -e "node_modules/$dev" ] || fail "development dependency $dev was installed"
done

port=$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
base="http://127.0.0.1:$port"
metrics_token=$(node -e 'console.log(require("node:crypto").randomBytes(24).toString("hex"))')
export NODE_ENV=production HOST=127.0.0.1 PORT="$port" PUBLIC_URL="$base" DATA_DIR="$work/data" VAPID_SUBJECT="mailto:ops@broadcast.sk"
export JWT_SECRET=$(node -e 'console.log(require("node:crypto").randomBytes(48).toString("base64"))')
export METRICS_TOKEN="$metrics_token" LOG_LEVEL=info
unset DATABASE_URL WEB_DIST_DIR

echo "without the build, npm start refuses with a clear message"
mv dist/web "$work/web.off"
if npm start --silent >"$work/unbuilt.log" 2>&1; then fail 'npm start without dist/web and without vite did not fail'; fi
grep -q 'npm run build' "$work/unbuilt.log" || { cat "$work/unbuilt.log" >&2; fail 'no "npm run build" advice'; }
mv "$work/web.off" dist/web

echo "npm start (NODE_ENV=production, port $port)"
setsid npm start --silent >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 180); do
  kill -0 "$server_pid" 2>/dev/null || fail 'the server exited while starting'
  [ "$(status "$base/ready")" = 200 ] && break
  sleep 0.5
done
[ "$(status "$base/ready")" = 200 ] || fail 'GET /ready did not answer 200'
! grep -q 'building it once' "$work/server.log" || fail 'npm start built the web app'

[ "$(status "$base/health")" = 200 ] || fail 'GET /health'
has "$(body "$base/health")" '"status":"ok"' || fail 'GET /health says no "ok"'
[ "$(status "$base/")" = 200 ] || fail 'GET / is not 200'
has "$(body "$base/")" '<div id="root"></div>' || fail "GET / is not the web app's HTML"
[ "$(status "$base/login" HEAD)" = 200 ] || fail 'HEAD /login'
has "$(body "$base/robots.txt")" '^Disallow: /app/' || fail 'GET /robots.txt'
[ "$(status "$base/foo.php")" = 404 ] || fail 'GET /foo.php is not a 404'
[ "$(status "$base/healthz")" = 404 ] || fail 'GET /healthz is not a 404'
[ "$(status "$base/api/unknown")" = 404 ] || fail 'GET /api/unknown is not a 404'
scripts=(dist/web/assets/*.js)
script=${scripts[0]#dist/web/}
[ "$(status "$base/$script")" = 200 ] || fail "GET /$script"
[ "$(status "$base/$script.map")" = 404 ] || fail "GET /$script.map is not a 404"
has "$(body "$base/metrics" GET "Bearer $metrics_token")" '^broadcast_http_requests_total' ||
  fail 'GET /metrics has no broadcast_http_requests_total'

echo "stop"
kill -TERM -- "-$server_pid"
# Wait for the whole process group, not only npm: npm can exit on SIGTERM while the server it
# started is still closing its database (and only then releases the embedded database lock).
for _ in $(seq 1 40); do kill -0 -- "-$server_pid" 2>/dev/null || break; sleep 0.5; done
if kill -0 -- "-$server_pid" 2>/dev/null; then fail 'the server did not stop within 20 s of SIGTERM'; fi
wait "$server_pid" 2>/dev/null || true
server_pid=
[ ! -e "$DATA_DIR/server.pid" ] || fail 'the server left its embedded database lock behind'
echo "production smoke test passed"
