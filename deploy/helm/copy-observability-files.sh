#!/usr/bin/env bash
# Copies the alert rules and Grafana dashboards that compose's Prometheus and Grafana load
# (deploy/observability) into the chart: helm reads and packages only files inside a chart, and
# follows no symlink. The files in deploy/observability are the source; deploy/test/helm-monitoring.test.ts
# fails while a copy differs. Run after changing them: bash deploy/helm/copy-observability-files.sh
set -euo pipefail
cd "$(dirname "$0")"
chart=price-data-service/files
cp ../observability/prometheus/alerts.yml ../observability/prometheus/slo.yml "$chart/prometheus/"
rm -f "$chart"/dashboards/*.json
cp ../observability/grafana/dashboards/*.json "$chart/dashboards/"
