#!/bin/sh
# A consistent copy of the Ringside team server's data while it runs (docs/team-server.md, "Backup and
# restore"): SQLite's online backup of identity.sqlite and of each agent's history, each agent's
# settings.json and the audit log, into a new time-stamped folder. The directory cache is left out: the
# server rebuilds it from the PBX. Run it as the server's user (sudo -u ringside), never as root.
#
#   ringside-backup [DATA_DIRECTORY] [BACKUP_FOLDER]    # defaults: /var/lib/ringside /var/backups/ringside
set -eu
# The copies hold call history: the backup's user alone may read them (sqlite3 honours the umask).
umask 077
src=${1:-/var/lib/ringside}
dest=${2:-/var/backups/ringside}/$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$dest"
sqlite3 "$src/identity.sqlite" ".backup '$dest/identity.sqlite'"
for folder in "$src"/agents/*/; do
  [ -d "$folder" ] || continue
  name=$(basename "$folder")
  mkdir -p "$dest/agents/$name"
  for db in "$folder"history-*.sqlite; do
    if [ -e "$db" ]; then sqlite3 "$db" ".backup '$dest/agents/$name/$(basename "$db")'"; fi
  done
  if [ -e "$folder/settings.json" ]; then cp -p "$folder/settings.json" "$dest/agents/$name/"; fi
done
# Append-only: a copy taken mid-write may end in a torn line, which the audit reader skips.
for log in "$src"/audit.log*; do
  if [ -e "$log" ]; then cp -p "$log" "$dest/"; fi
done
echo "$dest"
