#!/usr/bin/env bash
# deploy/install.sh: the first install on a Debian machine, run as root from a checkout of the
# code (git clone, or an unpacked release):   sudo deploy/install.sh
#
# It creates the system user btr, copies the code to /opt/florida-btr and builds it there,
# makes /var/lib/florida-btr (data, uploads, mail, backups, the registry drop folder), writes
# /etc/florida-btr/env from deploy/florida-btr.env with a new SESSION_SECRET and METRICS_TOKEN
# (only when there is none yet), installs the systemd units, the `florida-btr` command and the
# Caddyfile (only over Debian's default one), and enables the units. It starts nothing: fill in
# /etc/florida-btr/env first (docs/operations.md, "Install on a server").
# Safe to run again; an upgrade is deploy/upgrade.sh.
#
# FLORIDA_BTR_PREFIX=/some/folder (trials only): the same layout under that folder, paths in the
# env file rewritten to it, and no systemctl.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=${FLORIDA_BTR_PREFIX:-}
APP=$PREFIX/opt/florida-btr
DATA=$PREFIX/var/lib/florida-btr
ETC=$PREFIX/etc/florida-btr
UNITS=$PREFIX/etc/systemd/system
say() { printf '==> %s\n' "$*"; }
die() { printf 'install: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "run as root (sudo deploy/install.sh)"
command -v node >/dev/null || die "Node.js 20 or later is needed (docs/operations.md, step 1)"
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' ||
  die "Node.js $(node --version) is too old: 20 or later is needed"
[ -z "$PREFIX" ] && { [ -x /usr/bin/node ] || die "the unit runs /usr/bin/node: install Node.js there (NodeSource or Debian 13)"; }
for tool in npm rsync openssl runuser; do command -v "$tool" >/dev/null || die "$tool is missing (apt-get install $tool)"; done

say "system user btr"
if ! getent passwd btr >/dev/null; then
  useradd --system --user-group --home-dir /var/lib/florida-btr --no-create-home --shell /usr/sbin/nologin btr
fi

say "data in $DATA"
install -d -o btr -g btr -m 0750 "$DATA" "$DATA/uploads" "$DATA/mail" "$DATA/backups" "$DATA/registry-drop"

say "code in $APP (owned by root: the service cannot change its own code)"
install -d -m 0755 "$APP"
rsync -a --delete --exclude-from="$SRC/.dockerignore" --exclude=.env "$SRC/" "$APP/"
(
  cd "$APP"
  say "npm ci, npm run build (a few minutes; better-sqlite3 may compile: python3, make, g++)"
  npm ci --no-audit --no-fund --loglevel=error
  npm run build --silent
  say "npm prune --omit=dev (the build tools are not needed to run it)"
  npm prune --omit=dev --no-audit --no-fund --loglevel=error
)

say "configuration in $ETC"
install -d -o root -g btr -m 0750 "$ETC"
if [ ! -e "$ETC/env" ]; then
  install -o root -g btr -m 0640 "$SRC/deploy/florida-btr.env" "$ETC/env"
  sed -i -e "s/^SESSION_SECRET=\$/SESSION_SECRET=$(openssl rand -hex 32)/" \
    -e "s/^METRICS_TOKEN=\$/METRICS_TOKEN=$(openssl rand -hex 32)/" "$ETC/env"
  [ -n "$PREFIX" ] && sed -i "s#/var/lib/florida-btr#$DATA#g" "$ETC/env"
  say "wrote $ETC/env: fill in the REQUIRED lines and the town's values"
else
  say "$ETC/env exists: left as it is (compare it with deploy/florida-btr.env for new variables)"
fi
ln -sfn "$ETC/env" "$APP/.env"

say "systemd units, the florida-btr command, logrotate"
install -d "$UNITS" "$PREFIX/usr/local/bin" "$PREFIX/etc/logrotate.d"
install -m 0644 "$SRC/deploy/florida-btr.service" "$SRC/deploy/florida-btr-offsite.service" \
  "$SRC/deploy/florida-btr-offsite.timer" "$UNITS/"
install -m 0755 "$SRC/deploy/florida-btr-cli" "$PREFIX/usr/local/bin/florida-btr"
install -m 0644 "$SRC/deploy/logrotate.conf" "$PREFIX/etc/logrotate.d/florida-btr"

if [ -d "$PREFIX/etc/caddy" ]; then
  caddyfile=$PREFIX/etc/caddy/Caddyfile
  if [ ! -e "$caddyfile" ] || grep -q '^:80 {' "$caddyfile"; then
    [ -e "$caddyfile" ] && cp "$caddyfile" "$caddyfile.debian-default"
    install -m 0644 "$SRC/deploy/Caddyfile" "$caddyfile"
    say "wrote $caddyfile: put the town's host name in it, then: systemctl reload caddy"
  else
    say "$caddyfile is not Debian's default: left as it is (see deploy/Caddyfile)"
  fi
else
  say "no /etc/caddy: apt-get install caddy, then run this again (or copy deploy/Caddyfile)"
fi

if [ -z "$PREFIX" ] && [ -d /run/systemd/system ]; then
  systemctl daemon-reload
  systemctl enable florida-btr.service florida-btr-offsite.timer
  say "enabled florida-btr and florida-btr-offsite.timer (not started)"
else
  say "systemd is not running here: units copied, not enabled"
fi

cat <<'NEXT'

Next (docs/operations.md, "Install on a server"):
  1. edit /etc/florida-btr/env (APP_URL, Stripe, SMTP_URL, the town, OFFSITE_DEST)
  2. edit /etc/caddy/Caddyfile (the host name), systemctl reload caddy
  3. florida-btr registry:import -- /path/to/cordata.zip
  4. florida-btr user:create -- --username ... --email ... --admin
  5. systemctl start florida-btr && curl -fsS http://127.0.0.1:3000/resources/readyz
NEXT
