#!/usr/bin/env bash
# deploy/upgrade.sh NEW_CODE: upgrades /opt/florida-btr to the code in NEW_CODE (a git checkout
# or an unpacked release of the new version), and rolls back if it does not come up ready.
# Run as root:   sudo /path/to/new/florida-btr/deploy/upgrade.sh /path/to/new/florida-btr
#
#   1. build the new code beside the old one (/opt/florida-btr.new-<time>): npm ci, build;
#      the service keeps serving meanwhile, and a failure here changes nothing;
#   2. stop the service (in-flight requests finish);
#   3. back up the database and uploads into BACKUP_DIR (taken after the stop, so the rollback
#      loses nothing);
#   4. install: the old code moves to /opt/florida-btr.previous-<time>, the new one in its place;
#   5. migrate the database (npm run db:migrate);
#   6. start the service;
#   7. wait for /resources/readyz to answer 200 (READY_TIMEOUT seconds, 900: the warm-up of a
#      large registry takes minutes);
#   on a failure in 4-7, roll back: stop, put the old code back, restore the backup of step 3
#   (db:restore keeps what it replaces as *.before-restore-<time>), start, wait for readiness.
#
# FLORIDA_BTR_PREFIX (trials only): the layout under another folder. SERVICE_CTL (trials only):
# a command taking `stop` or `start` in place of `systemctl stop|start florida-btr`.
set -euo pipefail

NEW=${1:?usage: upgrade.sh NEW_CODE_DIR}
NEW=$(cd "$NEW" && pwd)
PREFIX=${FLORIDA_BTR_PREFIX:-}
APP=$PREFIX/opt/florida-btr
ENV_FILE=$PREFIX/etc/florida-btr/env
CLI=$PREFIX/usr/local/bin/florida-btr
READY_TIMEOUT=${READY_TIMEOUT:-900}
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
STAGE=$APP.new-$STAMP
PREVIOUS=$APP.previous-$STAMP
say() { printf '==> %s\n' "$*"; }
die() { printf 'upgrade: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root"
[ -d "$APP" ] && [ -r "$ENV_FILE" ] || die "no install in $APP with $ENV_FILE: run deploy/install.sh first"
[ -f "$NEW/package.json" ] && [ -f "$NEW/scripts/start.ts" ] || die "$NEW is not a florida-btr checkout"
# The settings this script needs, read the way the service reads them.
PORT=$(set -a; . "$ENV_FILE"; echo "${PORT:-3000}")
BACKUP_DIR=$(set -a; . "$ENV_FILE"; echo "${BACKUP_DIR:-}")
[ -n "$BACKUP_DIR" ] || die "BACKUP_DIR is not set in $ENV_FILE: the upgrade needs a backup to roll back to"

service() {
  if [ -n "${SERVICE_CTL:-}" ]; then
    $SERVICE_CTL "$1"
  else
    # After a release that could not start, systemd's start limit would refuse the next start.
    if [ "$1" = start ]; then systemctl reset-failed florida-btr 2>/dev/null || true; fi
    systemctl "$1" florida-btr
  fi
}
ready() {
  local until=$((SECONDS + READY_TIMEOUT)) answer
  while [ $SECONDS -lt $until ]; do
    answer=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/resources/readyz" || true)
    [ "$answer" = 200 ] && return 0
    # A release that cannot start: systemd gives up after StartLimitBurst tries; no need to wait on.
    if [ -z "${SERVICE_CTL:-}" ] && systemctl is-failed --quiet florida-btr; then
      systemctl status --no-pager --lines=5 florida-btr >&2 || true
      return 1
    fi
    sleep 2
  done
  curl -s "http://127.0.0.1:$PORT/resources/readyz" >&2 || true
  return 1
}

say "1. building the new code in $STAGE (the service keeps serving)"
install -d -m 0755 "$STAGE"
rsync -a --exclude-from="$NEW/.dockerignore" --exclude=.env "$NEW/" "$STAGE/"
if ! (cd "$STAGE" && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent &&
  npm prune --omit=dev --no-audit --no-fund --loglevel=error); then
  rm -rf "$STAGE"
  die "the new code did not build; nothing was changed"
fi
ln -sfn "$ENV_FILE" "$STAGE/.env"

say "2. stopping florida-btr"
service stop

say "3. backing up into $BACKUP_DIR"
backup_log=$("$CLI" db:backup 2>&1) || { echo "$backup_log" >&2; service start; rm -rf "$STAGE"; die "the backup failed; the old version was started again"; }
echo "$backup_log"
BACKUP=$(printf '%s\n' "$backup_log" | sed -n 's/^Backup written to //p' | tail -1)
[ -d "$BACKUP" ] || { service start; die "could not tell which backup was written; the old version was started again"; }

rollback() {
  trap - ERR
  say "ROLLING BACK to the previous version and the backup $BACKUP"
  service stop || true
  if [ -d "$PREVIOUS" ]; then
    [ -d "$APP" ] && mv "$APP" "$APP.failed-$STAMP"
    mv "$PREVIOUS" "$APP"
  fi
  if ! "$CLI" db:restore -- "$BACKUP"; then
    say "the restore of $BACKUP failed: the service is stopped; restore by hand (docs/operations.md)"
    exit 1
  fi
  service start || true
  if ready; then
    say "rolled back: the previous version is serving again (the failed one is in $APP.failed-$STAMP)"
  else
    say "the previous version did not come up ready either: see journalctl -u florida-btr"
  fi
  exit 1
}
trap 'rollback' ERR

say "4. installing the new code (the old one is kept as $PREVIOUS)"
mv "$APP" "$PREVIOUS"
mv "$STAGE" "$APP"

say "5. migrating the database"
"$CLI" db:migrate

say "6. starting florida-btr"
service start

say "7. waiting for readiness (at most ${READY_TIMEOUT}s)"
ready
trap - ERR

# Keep one previous version for a manual rollback, not every one.
for old in "$APP".previous-*; do
  [ "$old" = "$PREVIOUS" ] || [ ! -d "$old" ] || rm -rf "$old"
done
say "upgraded: ready on port $PORT; previous code in $PREVIOUS, backup $BACKUP"
