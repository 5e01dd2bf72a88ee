#!/usr/bin/env bash
# Creates the pre-split tables of a load spec before the first load: the operator's entry point to
# `hbulk create-table`. Safe to re-run: a table that already matches the spec is left alone.
#
#   scripts/create-table.sh SPEC [create-table options]
#   scripts/create-table.sh conf/examples/orders.spec
#   scripts/create-table.sh users.spec --input 'data/users-*.csv' --regions 16
#   scripts/create-table.sh orders.spec --alter          # apply changed family/table settings
#   scripts/create-table.sh orders.spec --runner hadoop   # through hadoop jar on an edge node
#   scripts/create-table.sh --help                        # this text, then every option
#
# Runner (--runner hadoop|local|auto, else HBULK_RUNNER, else auto): hadoop runs `hadoop jar` on the
# job jar (HBULK_JOB_JAR, else jobs/target/hbulk-jobs-VERSION-job.jar) with `hbase mapredcp` (or
# HBULK_HBASE_CLASSPATH), HBULK_CONF_DIR and HBASE_CONF_DIR (default /etc/hbase/conf, which must
# hold hbase-site.xml) in HADOOP_CLASSPATH: the cluster's HBase. local runs scripts/hbulk, this
# checkout's jars, with the HBase in HBULK_CONF_DIR (default: scripts/hbase-local.sh's standalone
# one). auto is hadoop when a hadoop command is on PATH or in HADOOP_HOME/bin, local otherwise.
# Exit codes: those of hbulk create-table, listed at the end of this --help; 0 done, also when every
# table is already as specified; 2 bad command line (also a runner that cannot run: no hadoop
# command, no job jar, no hbase-site.xml); 3 bad load spec; 4 HBase or table problem, also a table
# that differs from the spec (see --alter).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=scripts/lib.sh
source "${here}/lib.sh"

take_runner_option "$@"
set -- "${args[@]}"
case "${1:-}" in
  -h|--help) usage "$0"; run_hbulk create-table --help ;;
  "") usage "$0" >&2; exit 2 ;;
esac
[[ $# -gt 0 ]] || { usage "$0" >&2; exit 2; }
spec="$1"
shift
# A local spec must be there; one on a file system (hdfs://...) the driver reads and checks itself.
if [[ ! "${spec}" =~ ^[A-Za-z][A-Za-z0-9+.-]*: && ! -f "${spec}" ]]; then
  printf 'create-table.sh: spec file %s not found\n' "${spec}" >&2
  exit 2
fi
run_hbulk create-table --spec "${spec}" "$@"
