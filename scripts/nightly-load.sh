#!/usr/bin/env bash
# The nightly load of one spec, for a scheduler: loads yesterday's input (or --date's), never runs
# twice at once for the same spec, and is safe to re-run (see `hbulk nightly --help`).
#
#   scripts/nightly-load.sh --spec SPEC --input-template PATH [--date YYYY-MM-DD] [--zone ZONE]
#                           [--force] [--keep-days N] [any other hbulk option, e.g. -D k=v]
#   scripts/nightly-load.sh --help
#
# PATH may hold {date} (2026-11-22), {yyyyMMdd}, {yyyy}, {MM}, {dd}. The run directory is
# <hbulk.work.dir>/<spec name>/<date> (locally var/runs/...): HFiles until loaded, rejects, report.json,
# run.properties (how far it got). The lock is var/locks/<spec name>.lock (HBULK_LOCK_DIR).
#
# crontab (02:30 every night, Shanghai dates):
#   30 2 * * * cd /opt/hbulk && scripts/nightly-load.sh --spec conf/orders.spec --zone Asia/Shanghai \
#     --input-template 'hdfs:///dumps/{date}/orders-*.csv.gz' >> var/logs/orders.log 2>&1
# systemd: a oneshot hbulk-orders.service with ExecStart= the same command, and hbulk-orders.timer with
#   [Timer] OnCalendar=*-*-* 02:30:00  Persistent=true
#
# Exit codes: 0 loaded; 10 nothing to do (already loaded, or no input for the date); 11 lock held by
# another run; 2 bad command line; 3 bad spec; 4 HBase unreachable or table missing; 5 rejects over
# budget; 6 job failed; 7 bulk load failed (run again: it resumes); 8 cell collisions.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=scripts/lib.sh
source "${here}/lib.sh"

readonly EXIT_LOCK_HELD=11

spec=""
args=("$@")
while (( $# > 0 )); do
  case "$1" in
    -h|--help) usage "$0"; exit 0 ;;
    --spec|-s) [[ $# -ge 2 ]] || die 2 "--spec needs a file"; spec="$2"; shift 2 ;;
    *) shift ;;
  esac
done
[[ -n "${spec}" ]] || die 2 "give --spec (see --help)"
[[ -f "${spec}" ]] || die 2 "spec file ${spec} not found"

name="$(basename "${spec}")"
name="${name%.*}"
lock_dir="${HBULK_LOCK_DIR:-${HBULK_VAR}/locks}"
mkdir -p "${lock_dir}"
lock="${lock_dir}/${name}.lock"

# The lock lives as long as the load: the open descriptor passes to hbulk through exec, and the
# kernel releases it when that process ends, however it ends.
exec 9>"${lock}"
if ! flock -n 9; then
  printf 'nightly-load.sh: another run of %s holds %s; exiting\n' "${name}" "${lock}" >&2
  exit "${EXIT_LOCK_HELD}"
fi
exec "${here}/hbulk" nightly "${args[@]}"
