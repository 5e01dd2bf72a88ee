#!/usr/bin/env bash
# The nightly load of one spec, for a scheduler: loads yesterday's input (or --date's), never runs
# twice at once for the same nightly identity, and is safe to re-run (see `hbulk nightly --help`).
#
#   scripts/nightly-load.sh --spec SPEC --input-template PATH [--name NAME] [--date YYYY-MM-DD]
#                           [--zone ZONE] [--force] [--keep-days N] [--runner hadoop|local|auto]
#                           [any other hbulk option, e.g. -D k=v]
#   scripts/nightly-load.sh --help
#
# Runner (--runner, else HBULK_RUNNER, else auto; the choice is the log's first line): hadoop runs
# `hadoop jar` on the job jar (HBULK_JOB_JAR, else jobs/target/hbulk-jobs-VERSION-job.jar from
# `mvn package`), with `hbase mapredcp` (or HBULK_HBASE_CLASSPATH) and the folders HBULK_CONF_DIR
# and HBASE_CONF_DIR (default /etc/hbase/conf, which must hold hbase-site.xml) in HADOOP_CLASSPATH:
# the edge node's own Hadoop client, its configuration and YARN. local runs scripts/hbulk, this
# checkout's jars, with HBULK_CONF_DIR (default: scripts/hbase-local.sh's HBase). auto is hadoop
# when a hadoop command is on PATH or in HADOOP_HOME/bin, local otherwise.
#
# PATH may hold {date} (2026-11-22), {yyyyMMdd}, {yyyy}, {MM}, {dd}. A run is known by its identity:
# --name, else the spec's base name and the tables it writes (orders@orders). The run directory is
# <hbulk.work.dir>/<identity>/<date> (locally var/runs/...): HFiles until loaded, rejects, report.json,
# run.properties, nightly.log. hbulk takes the lock var/locks/<identity>.lock (HBULK_LOCK_DIR) itself.
#
# Exit codes: those of hbulk nightly, listed at the end of its --help; 0 done, the date is loaded;
# 10 nothing to do, already loaded (from the same spec and tables); 11 another run holds the lock
# (of the same identity); 12 no input for the date (the dump is missing: a failure to hear of);
# 13 date loaded from another spec or other tables (--force replaces it); 2 bad command line (also
# a runner that cannot run: no hadoop command, no job jar, no hbase-site.xml);
# 3 bad load spec; 4 HBase or table problem (unreachable, table missing); 5 rejects over budget;
# 6 job failed; 7 bulk load failed (run again: it resumes); 8 cell collisions, nothing loaded;
# 18 --strict: a warning stopped the run (a replicated family whose servers do not replicate bulk loads).
#
# crontab (02:30 every night, Shanghai dates; one line; 10 is quiet, any other failure is mailed):
#   30 2 * * * cd /opt/hbulk && mkdir -p var/logs && { scripts/nightly-load.sh --spec conf/examples/orders.spec --zone Asia/Shanghai --input-template 'hdfs:///dumps/{date}/orders.csv' >> var/logs/orders.log 2>&1; rc=$?; [ "$rc" -eq 0 ] || [ "$rc" -eq 10 ] || echo "hbulk nightly orders failed with exit $rc: see /opt/hbulk/var/logs/orders.log"; }
#
# systemd: /etc/systemd/system/hbulk-orders.service (output in the journal; a failure, 12 too, marks
# the unit failed: see systemctl --failed, or add OnFailure= under [Unit]):
#   [Unit]
#   Description=hbulk nightly load of orders
#   [Service]
#   Type=oneshot
#   WorkingDirectory=/opt/hbulk
#   ExecStart=/opt/hbulk/scripts/nightly-load.sh --spec conf/examples/orders.spec --zone Asia/Shanghai --input-template 'hdfs:///dumps/{date}/orders.csv'
#   SuccessExitStatus=10
# and /etc/systemd/system/hbulk-orders.timer, started with systemctl enable --now hbulk-orders.timer:
#   [Unit]
#   Description=hbulk nightly load of orders at 02:30
#   [Timer]
#   OnCalendar=*-*-* 02:30:00
#   Persistent=true
#   [Install]
#   WantedBy=timers.target
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=scripts/lib.sh
source "${here}/lib.sh"

for arg in "$@"; do
  case "${arg}" in
    -h|--help) usage "$0"; exit 0 ;;
  esac
done

take_runner_option "$@"
# Both runners point the lock at HBULK_LOCK_DIR (default var/locks), on this machine.
run_hbulk nightly "${args[@]}"
