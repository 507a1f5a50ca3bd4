#!/bin/sh
# Writes Alertmanager's configuration to $1: alertmanager.yml (beside this script) and the
# receivers the environment names. Runs in the Alertmanager container (busybox sh) and in tests.
#   ALERT_WEBHOOK_URL      critical and warning alerts POSTed here (Alertmanager's webhook JSON)
#   ALERT_EMAIL_TO         critical and warning alerts mailed here, through:
#   ALERT_SMTP_SMARTHOST   host:port of the SMTP server (587 with STARTTLS, or 25)
#   ALERT_SMTP_FROM        the sender address
#   ALERT_SMTP_USERNAME, ALERT_SMTP_PASSWORD   its login, when it asks for one
#   ALERT_SMTP_REQUIRE_TLS true (default) or false for a local mail sink
#   ALERT_WATCHDOG_URL     the dead man's switch: the Watchdog POSTed here every minute
#   ALERT_RECEIVER=none    run with no receiver on purpose (a trial, a test): alerts only in the UI
# With neither ALERT_WEBHOOK_URL nor ALERT_EMAIL_TO, it refuses (exits 1) unless ALERT_RECEIVER is
# `none`: receivers left empty by mistake would drop every page without a word.
set -eu
out=$1
here=$(dirname "$0")

if [ -z "${ALERT_WEBHOOK_URL:-}" ] && [ -z "${ALERT_EMAIL_TO:-}" ] && [ "${ALERT_RECEIVER:-}" != none ]; then
  echo "No alert receiver: set ALERT_WEBHOOK_URL, or ALERT_EMAIL_TO with ALERT_SMTP_FROM and ALERT_SMTP_SMARTHOST; or ALERT_RECEIVER=none to run Alertmanager without one (alerts only in its UI)" >&2
  exit 1
fi

# Mail needs its server and sender: refuse to start rather than drop every mail.
if [ -n "${ALERT_EMAIL_TO:-}" ]; then
  : "${ALERT_SMTP_FROM:?ALERT_SMTP_FROM must be set with ALERT_EMAIL_TO}"
  : "${ALERT_SMTP_SMARTHOST:?ALERT_SMTP_SMARTHOST must be set with ALERT_EMAIL_TO}"
fi

# A YAML single-quoted scalar: any value (a password with quotes, colons or #) stays one string.
quoted() {
  printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"
}

webhook() {
  printf '    webhook_configs:\n      - url: %s\n        send_resolved: %s\n' "$(quoted "$1")" "$2"
}

email() {
  printf '    email_configs:\n'
  printf '      - to: %s\n' "$(quoted "$ALERT_EMAIL_TO")"
  printf '        from: %s\n' "$(quoted "$ALERT_SMTP_FROM")"
  printf '        smarthost: %s\n' "$(quoted "$ALERT_SMTP_SMARTHOST")"
  printf '        require_tls: %s\n' "${ALERT_SMTP_REQUIRE_TLS:-true}"
  printf '        send_resolved: true\n'
  if [ -n "${ALERT_SMTP_USERNAME:-}" ]; then
    printf '        auth_username: %s\n' "$(quoted "$ALERT_SMTP_USERNAME")"
    printf '        auth_password: %s\n' "$(quoted "${ALERT_SMTP_PASSWORD:-}")"
  fi
}

{
  cat "$here/alertmanager.yml"
  printf '\nreceivers:\n'
  for name in critical warning; do
    printf '  - name: %s\n' "$name"
    if [ -n "${ALERT_WEBHOOK_URL:-}" ]; then webhook "$ALERT_WEBHOOK_URL" true; fi
    if [ -n "${ALERT_EMAIL_TO:-}" ]; then email; fi
  done
  printf '  - name: watchdog\n'
  if [ -n "${ALERT_WATCHDOG_URL:-}" ]; then webhook "$ALERT_WATCHDOG_URL" false; fi
} >"$out"
