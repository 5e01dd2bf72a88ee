#!/usr/bin/env bash
# hbulk end to end on this machine, from a fresh clone: builds the project, starts a standalone
# HBase from the project's own jars (scripts/hbase-local.sh), generates an example orders CSV,
# creates the pre-split table of conf/examples/orders.spec, bulk-loads the CSV, prints the report
# and a few rows read back through the HBase client, then the next commands to try and the path of
# the run's report page (report.html). HBase keeps running afterwards.
#
#   scripts/quickstart.sh [--rows N]     (default 100000 rows)
#   scripts/quickstart.sh --help
#
# Exit codes: 0 done; 2 bad usage; otherwise the exit code of the step that failed.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=scripts/lib.sh
source "${here}/lib.sh"

rows=100000
while (( $# > 0 )); do
  case "$1" in
    --rows) [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || die 2 "--rows needs a number"; rows="$2"; shift 2 ;;
    -h|--help) usage "$0"; exit 0 ;;
    *) die 2 "unknown argument: $1 (see --help)" ;;
  esac
done

started="$(date +%s)"
step() { printf '\n==> %s\n' "$*"; }

step "building (mvn install, tests skipped; 'mvn verify' runs them)"
(cd "${HBULK_ROOT}" && mvn -B -q -Dmaven.test.skip=true install)

step "starting the standalone HBase"
"${here}/hbase-local.sh" start

data="${HBULK_VAR}/data/orders.csv"
step "generating ${rows} example orders in ${data}"
"${here}/hbulk" sample-data --rows "${rows}" --out "${data}"
head -n 4 "${data}"

spec="${HBULK_ROOT}/conf/examples/orders.spec"
step "creating table 'orders', one region per salt bucket of the row key"
"${here}/create-table.sh" "${spec}"

run_dir="${HBULK_VAR}/runs/quickstart-$(date +%Y%m%d-%H%M%S)"
step "bulk-loading: CSV -> row keys -> HFiles per region -> BulkLoadHFiles"
"${here}/hbulk" load --spec "${spec}" --input "${data}" --run-dir "${run_dir}"
printf '(the key-length warning is expected: %s says why this example keeps readable keys)\n' \
  "conf/examples/orders.spec"

step "reading back: the first 2 rows, then 1 row from the region of salt bucket 5"
"${here}/hbulk" scan --table orders --limit 2
"${here}/hbulk" scan --table orders --start-row '5|' --limit 1

# The first order of the file, for a Get by the key's columns (order_id, user_id lead each line).
IFS=, read -r order_id user_id _ < <(sed -n 2p "${data}")

printf '\nquickstart done in %d s. HBase is still running: stop it with scripts/hbase-local.sh stop\n' \
  "$(( $(date +%s) - started ))"
printf '\nNext, try:\n'
printf '  scripts/hbulk explain --spec conf/examples/orders.spec --input %q --lines 3\n' "${data}"
printf '  scripts/hbulk analyze --spec conf/examples/orders.spec --input %q\n' "${data}"
printf '  scripts/hbulk get --spec conf/examples/orders.spec --key order_id=%s,user_id=%s\n' \
  "${order_id}" "${user_id}"
printf '  scripts/hbulk count --table orders --regions\n'
printf '  scripts/hbulk verify --run-dir %q\n' "${run_dir}"
printf "The load's report: %q (for machines), and to look at in a browser:\n" "${run_dir}/report.json"
printf '  %s\n' "file://${run_dir}/report.html"
