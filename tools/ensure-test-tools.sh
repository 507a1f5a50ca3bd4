#!/usr/bin/env bash
# Installs the system tools the test suite drives (Debian packages), when they are missing:
# nginx and openssl (load-balancer and TLS tests), docker-compose (compose file validation), chromium
# (demo page e2e), redis-server and redis-cli (private servers and the local Redis Cluster of the
# cluster project), prometheus and promtool (alert rule unit tests, dashboards against a real
# Prometheus), Alertmanager and amtool, and the Redis, nginx and blackbox exporters (the alerting
# configuration's checks and its end-to-end test).
set -euo pipefail

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

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "The tests need these Debian packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing test tools: ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
