#!/usr/bin/env bash
# A self-signed certificate to run the TLS deployment offline: fullchain.pem and privkey.pem in the
# folder given (default: this one, which docker-compose mounts into nginx). No client trusts it
# unless told to (curl --cacert deploy/tls/fullchain.pem); for a real one, see docs/production.md, "TLS".
set -euo pipefail
dir="${1:-$(dirname "$0")}"
host="${TLS_HOST:-localhost}"
san="DNS:$host,IP:127.0.0.1"
[ "$host" = localhost ] || san="$san,DNS:localhost"
mkdir -p "$dir"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
  -subj "/CN=$host" -addext "subjectAltName=$san" \
  -keyout "$dir/privkey.pem" -out "$dir/fullchain.pem" 2>/dev/null
chmod 600 "$dir/privkey.pem"
echo "Wrote $dir/fullchain.pem and $dir/privkey.pem (self-signed for $host, valid 30 days)"
