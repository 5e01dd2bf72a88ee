#!/usr/bin/env bash
# Benchmark: hbulk against HBase's own ImportTsv, on the same rows and the same 16-region
# pre-split table, in one go, on a standalone HBase of its own (under var/bench, wiped at the end).
# For each row count it generates clickstream events (10 columns, about 115 bytes a row as CSV,
# quoted fields, increasing timestamps, skewed users; conf/bench/events.spec) as CSV for hbulk and
# as the equivalent TSV (row key in front) for ImportTsv, then times:
#   hbulk prepare (checked to reject no record), hbulk complete; hbulk load (both in one command,
#   into a table of its own);
#   ImportTsv with importtsv.bulk.output at its defaults, then with hbulk's local parallelism;
#   ImportTsv's Put path; the floor: one thread, no framework, the same job (SingleThreadFloor:
#   byte-level CSV parse with no String per field, hbulk's row keys and cells, a sort on 16-byte key
#   prefixes, the HFiles written by hbulk's own writer with the table's family format, one per
#   region; its JVM gets ParallelGC, biased locking and later JIT compilation, as hbulk's launcher
#   gives hbulk's; ImportTsv gets the last two too); the parallel floor: the same on one thread per
#   core, each on its own part of the CSV, writing HFiles of its own (ParallelFloor: a reference
#   for what the cores give this job with no framework, not a rival: its threads never merge their
#   parts, so each region gets one file per thread).
# It prints seconds, rows/s and MB/s per step, the floor's phases, the HFiles' bytes, and the ratios
# the project's targets are about (hbulk prepare against the floor among them).
#
# With --table-format, every table (and the floor's HFiles) has a family with that compression and
# data block encoding, set through a [family d] section added to a copy of the spec; each format
# given runs the whole comparison in turn.
#
# With --repeat N, every step runs N times in rounds (each round all steps once, on fresh tables)
# and the median is printed, with every round's time beside it. Before each round both input files
# are read once, so every step reads its input from the page cache, whichever runs first, and before
# each step the dirty pages earlier steps left are written out (sync), so none pays for another's
# writes. Before the first round an untimed 20,000-row hbulk prepare writes hbulk's class-data
# archive (scripts/hbulk).
#
#   scripts/bench.sh [--rows "1000000 4000000"] [--repeat N] [--table-format LIST] [--profile]
#                    [--put-max-rows N] [--keep]
#   scripts/bench.sh --deletes PCT [--rows "1000000"] [--repeat N] [--keep]
#   scripts/bench.sh --cluster [--rows "1000000"] [--repeat N] [--modes "off on"] [--steps LIST]
#     --rows LIST   row counts to run, in one go (default "1000000 4000000"; with --cluster "1000000")
#     --repeat N    rounds per row count; medians are printed (default 1)
#     --table-format LIST  the family format(s) of the local comparison, each plain (no
#                   compression, no encoding) or CODEC+ENCODING, CODEC one of none, gz, snappy, lz4,
#                   zstd (pure-Java aircompressor codecs, no native library), ENCODING one of none,
#                   prefix, diff, fast_diff, row_index_v1; e.g. "plain zstd+fast_diff" (default
#                   "plain")
#     --profile     after the timed rounds of each row count and format, one more hbulk prepare, untimed,
#                   under Java Flight Recorder (settings=profile, DebugNonSafepoints so that samples
#                   land on the line that ran; the recording is kept in the logs
#                   directory, var/bench/logs/profile-*.jfr) and the top of its CPU profile
#                   (ProfileTop, a test class): samples per task kind, own time by package and by
#                   method, inclusive time by method, garbage-collection pauses
#     --put-max-rows N  run ImportTsv's Put path only for row counts up to N (the slowest step by
#                   far: about 23 minutes at 16,000,000 rows); above it, its line and ratio say
#                   "not run" (default: every row count)
#     --keep        leave the benchmark's HBase running with its tables (default: stop and wipe)
#     --deletes PCT only hbulk prepare, twice on the same input in which PCT % of the records have
#                   status D: once as plain records, once with the spec's delete-when = status = D
#                   and delete = cells (each such record writes a column delete marker per cell
#                   instead of its cells); prints both and how much slower the deletions are
#                   (target: at most 15 %). Default rows "1000000"
#     --cluster     the same comparison on the cluster path: HDFS, YARN (MiniMRYarnCluster, tasks in
#                   containers of their own, room for 2 maps and 2 reduces at once) and HBase mini
#                   clusters in one JVM (ClusterBench, a test class), input and HFiles on HDFS, one
#                   16-region table truncated before each step: hbulk prepare (+ complete) and load,
#                   ImportTsv with importtsv.bulk.output and its Put path, per mode of map output
#                   compression; it prints seconds, rows/s, the ratios, map output bytes
#                   (MAP_OUTPUT_MATERIALIZED_BYTES) per input byte, HFile bytes and where each
#                   job's time went. Files under var/bench-cluster (the data is kept, the rest wiped)
#     --modes LIST  with --cluster: off (both tools uncompressed), on (hbulk at its cluster defaults,
#                   ImportTsv given the same codec), or a candidate for a default: a codec class,
#                   and after a colon KEY=VALUE,... for hbulk, timed on hbulk prepare alone
#                   (default "off on")
#     --steps LIST  with --cluster: which of prepare,load,itsv,put to run (default all four)
#   scripts/bench.sh --help
#
# It builds the project first (mvn package; its data generator and floor are test classes, outside
# the product's jars). Needs about 8 GB of free disk per round at 4,000,000 rows.
# Exit codes: 0 done; 1 a step failed (its log is printed); 2 bad usage.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=scripts/lib.sh
source "${here}/lib.sh"

row_counts=""
repeat=1
keep=false
cluster=false
modes="off on"
steps="prepare,load,itsv,put"
deletes=""
table_formats=""
profile=false
put_max_rows=""
while (( $# > 0 )); do
  case "$1" in
    --rows) [[ $# -ge 2 && "$2" =~ ^[0-9\ ]+$ ]] || die 2 "--rows needs numbers, e.g. --rows \"1000000 4000000\""; row_counts="$2"; shift 2 ;;
    --repeat) [[ $# -ge 2 && "$2" =~ ^[1-9][0-9]*$ ]] || die 2 "--repeat needs a positive number"; repeat="$2"; shift 2 ;;
    --keep) keep=true; shift ;;
    --profile) profile=true; shift ;;
    --put-max-rows) [[ $# -ge 2 && "$2" =~ ^(0|[1-9][0-9]*)$ ]] || die 2 "--put-max-rows needs a number of rows"; put_max_rows="$2"; shift 2 ;;
    --deletes) [[ $# -ge 2 && "$2" =~ ^([1-9][0-9]?)$ ]] || die 2 "--deletes needs a percentage from 1 to 99"; deletes="$2"; shift 2 ;;
    --table-format)
      [[ $# -ge 2 && "$2" =~ ^\ *(plain|(none|gz|snappy|lz4|zstd)\+(none|prefix|diff|fast_diff|row_index_v1))(\ +(plain|(none|gz|snappy|lz4|zstd)\+(none|prefix|diff|fast_diff|row_index_v1)))*\ *$ ]] \
        || die 2 "--table-format needs plain or CODEC+ENCODING, e.g. --table-format \"plain zstd+fast_diff\" (see --help)"
      table_formats="$2"; shift 2 ;;
    --cluster) cluster=true; shift ;;
    --modes) [[ $# -ge 2 && -n "$2" ]] || die 2 "--modes needs a list, e.g. --modes \"off on\""; modes="$2"; shift 2 ;;
    --steps) [[ $# -ge 2 && "$2" =~ ^(prepare|load|itsv|put)(,(prepare|load|itsv|put))*$ ]] || die 2 "--steps needs a comma list of prepare,load,itsv,put"; steps="$2"; shift 2 ;;
    -h|--help) usage "$0"; exit 0 ;;
    *) die 2 "unknown argument: $1 (see --help)" ;;
  esac
done

if [[ "${cluster}" == true ]]; then
  [[ -z "${deletes}" ]] || die 2 "--deletes is for the local benchmark"
  [[ "${keep}" == false ]] || die 2 "--keep is for the local benchmark: the mini clusters stop with their JVM"
  [[ -z "${table_formats}" ]] || die 2 "--table-format is for the local comparison"
  [[ "${profile}" == false ]] || die 2 "--profile is for the local comparison"
  [[ -z "${put_max_rows}" ]] || die 2 "--put-max-rows is for the local comparison (--cluster has --steps)"
  (cd "${HBULK_ROOT}" && mvn -B -q -DskipTests package) || die 1 "the build failed"
  var="${HBULK_ROOT}/var/bench-cluster"
  # The job jar, the test classes and the test classpath (the mini clusters); containers inherit it.
  cp="${HBULK_ROOT}/jobs/target/test-classes:$(jobs_jar):$(cat "${HBULK_ROOT}/jobs/target/test-classpath.txt")"
  read -r -a mode_list <<<"${modes}"
  for rows in ${row_counts:-1000000}; do
    data="${var}/data/${rows}"
    if [[ ! -f "${data}/events.tsv" ]]; then
      printf 'generating %s rows in %s\n' "${rows}" "${data}"
      # shellcheck disable=SC2086 # word splitting of the JVM flags is intended
      "${JAVA:-java}" -Xmx2g ${JDK17_OPENS} -cp "${cp}" org.hbulk.jobs.bench.BenchData \
        "${HBULK_ROOT}/conf/bench/events.spec" "${rows}" "${data}"
    fi
    work="${var}/work"
    rm -rf "${work}"
    mkdir -p "${work}"
    printf 'load average before: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
    # MiniYARNCluster keeps its files under ./target: run from the work folder. Its log (Hadoop's
    # warnings) goes to cluster.log, each step's output to logs/STEP.log.
    # shellcheck disable=SC2086 # word splitting of the JVM flags is intended
    if ! (cd "${work}" && "${JAVA:-java}" -Xmx3g ${JDK17_OPENS} "-Dhbulk.jdk17.opens=${JDK17_OPENS}" \
      "-Dlog4j.configuration=file:${HBULK_ROOT}/conf/log4j.properties" -cp "${cp}" \
      org.hbulk.jobs.bench.ClusterBench "${HBULK_ROOT}/conf/bench/events.spec" "${data}" "${work}" \
      "${repeat}" "${steps}" "${mode_list[@]}" 2>"${work}/cluster.log"); then
      tail -n 40 "${work}/cluster.log" >&2
      die 1 "the cluster benchmark failed (logs: ${work}/cluster.log, ${work}/logs)"
    fi
    printf 'load average after: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
    rm -rf "${work}/data"
  done
  exit 0
fi
if [[ -n "${deletes}" ]]; then
  [[ -z "${table_formats}" ]] || die 2 "--table-format is for the local comparison, not --deletes"
  row_counts="${row_counts:-1000000}"
fi
row_counts="${row_counts:-1000000 4000000}"

# A standalone HBase of the benchmark's own: the user's tables and data are never touched.
HBULK_VAR="${HBULK_ROOT}/var/bench"
export HBULK_VAR
spec="${HBULK_ROOT}/conf/bench/events.spec"
columns="HBASE_ROW_KEY,d:event_id,d:ts,d:user_id,d:session,d:country,d:device,d:url,d:amount,d:status,d:note"
cores="$(nproc)"
logs="${HBULK_VAR}/logs"

# package, not install: the jars and their classpath list stay in target/, and the benchmark's own
# classes (the data generator and the floor) are test classes, kept out of the product's jars.
(cd "${HBULK_ROOT}" && mvn -B -q -DskipTests package) || die 1 "the build failed"
mkdir -p "${logs}"
cleanup() {
  if [[ "${keep}" == false ]]; then
    "${here}/hbase-local.sh" stop >/dev/null 2>&1 || true
    "${here}/hbase-local.sh" wipe >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT
"${here}/hbase-local.sh" start >"${logs}/hbase-start.log" 2>&1 || { cat "${logs}/hbase-start.log" >&2; die 1 "HBase did not start"; }
# hbulk talks to the benchmark's HBase, whatever HBULK_CONF_DIR the caller has set.
export HBULK_CONF_DIR="${HBULK_VAR}/hbase/conf"

classpath="${HBULK_VAR}/hbase/conf:$(project_classpath)"
# BenchData and SingleThreadFloor: last, so that no test resource (hbase-site.xml) shadows the benchmark's.
bench_classpath="${classpath}:${HBULK_ROOT}/jobs/target/test-classes"
# shellcheck disable=SC2206 # word splitting of the JVM flags is intended
opens=(${JDK17_OPENS})
# Biased locking, which hbulk's launcher switches on where the JDK has it, speeds HBase's HFile
# writer in any JVM, and later JIT compilation any batch JVM on two cores: ImportTsv and the floors
# get them whenever hbulk does, so the ratios compare the tools (README, "Is the comparison fair?").
shared_jvm_flags=()
if [[ "${HBULK_JVM_TUNING:-on}" != off ]]; then
  mapfile -t shared_jvm_flags < <(biased_locking_flags "${HBULK_JAVA_OPTS:-}")
  mapfile -t -O "${#shared_jvm_flags[@]}" shared_jvm_flags < <(later_jit_flags "${HBULK_JAVA_OPTS:-}")
fi
# java_run HEAP [-cp CLASSPATH] MAIN ARGS...: the project's classpath unless one is given.
java_run() {
  local heap="$1" cp="${classpath}"
  shift
  if [[ "$1" == -cp ]]; then
    cp="$2"
    shift 2
  fi
  "${JAVA:-java}" "-Xmx${heap}" "${opens[@]}" "${shared_jvm_flags[@]}" "-Dlog4j.configuration=file:${HBULK_ROOT}/conf/log4j.properties" \
    -cp "${cp}" "$@"
}

# timed STEP LOG COMMAND...: runs it with its output in ${logs}/LOG.log and adds its seconds to
# times[STEP], one entry per round. It first writes out what earlier steps left in the page cache
# (sync, untimed), so that no step pays for another's disk writes: the kernel writes dirty pages
# back about 30 s after they were made, which would otherwise land in whichever step runs then.
declare -A times=() median_of=()
timed() {
  local step="$1" name="$2"
  shift 2
  local t0 t1
  sync
  t0="$(date +%s%N)"
  if ! "$@" >"${logs}/${name}.log" 2>&1; then
    tail -n 40 "${logs}/${name}.log" >&2
    die 1 "${name} failed (log: ${logs}/${name}.log)"
  fi
  t1="$(date +%s%N)"
  times[${step}]+="$(awk -v a="${t0}" -v b="${t1}" 'BEGIN { printf " %.1f", (b - a) / 1e9 }')"
}

# row STEP NAME BYTES: one line of the results table: median_of[STEP], then each round's time.
row() {
  if [[ -z "${median_of[$1]:-}" ]]; then
    printf '  %-52s not run (--put-max-rows %s)\n' "$2" "${put_max_rows}"
    return
  fi
  awk -v n="$2" -v s="${median_of[$1]}" -v r="${rows}" -v b="$3" -v all="${times[$1]}" \
    'BEGIN { printf "  %-52s %8.1f s %10.0f rows/s %7.1f MB/s", n, s, r / s, b / 1048576 / s;
             if (split(all, x, " ") > 1) printf "   (rounds:%s)", all; printf "\n" }'
}

# median "SECONDS...": the middle value of a space-separated list (the mean of the two middle ones
# for an even count).
median() {
  tr ' ' '\n' <<<"$1" | sort -n | awk 'NF { v[++n] = $1 }
    END { printf "%.1f", (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }'
}

# floor_phases LOG WORD STEP:LABEL...: from the line of LOG that starts with WORD (a floor's own
# line, e.g. "floor parse+key S sort S write S total S rows N cells N"), the seconds after each
# LABEL, added to times[STEP] (one entry per round).
floor_phases() {
  local log="$1" word="$2" pair seconds
  shift 2
  for pair in "$@"; do
    seconds="$(awk -v w="${word}" -v l="${pair#*:}" \
      '$1 == w { for (i = 2; i < NF; i++) if ($i == l) { print $(i + 1); exit } }' "${log}")"
    [[ -n "${seconds}" ]] || die 1 "no ${pair#*:} time on the ${word} line of ${log}"
    times[${pair%%:*}]+=" ${seconds}"
  done
}

# ratio A B: A / B, or "not run" where either step did not run.
ratio() {
  if [[ -z "$1" || -z "$2" ]]; then
    printf 'not run'
    return
  fi
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'
}

# The first prepare or load of a build writes hbulk's class-data archive (see scripts/hbulk), a
# cost paid once per build and JVM; a small untimed prepare pays it here, before any timed step.
warm="${HBULK_VAR}/data/20000"
if [[ ! -f "${warm}/events.csv" ]]; then
  java_run 2g -cp "${bench_classpath}" org.hbulk.jobs.bench.BenchData "${spec}" 20000 "${warm}" >"${logs}/warm-up.log" 2>&1
fi
if ! { "${here}/hbulk" create-table --spec "${spec}" --table bench_warm_up \
    && "${here}/hbulk" prepare --spec "${spec}" --table bench_warm_up --input "${warm}/events.csv" \
      --run-dir "${HBULK_VAR}/runs/warm-up"; } >"${logs}/warm-up.log" 2>&1; then
  cat "${logs}/warm-up.log" >&2
  die 1 "the warm-up prepare failed"
fi
rm -rf "${HBULK_VAR}/runs/warm-up"

# deletes_round DATA SUFFIX: the two timed prepares of --deletes, into tables of their own.
deletes_round() {
  local data="$1" suffix="$2" t
  for t in plain deletes; do
    "${here}/hbulk" create-table --spec "${spec}" --table "bench_${t}_${suffix}" >"${logs}/create-${t}.log" 2>&1 \
      || { cat "${logs}/create-${t}.log" >&2; die 1 "create-table failed"; }
  done
  rm -rf "${HBULK_VAR}/runs/${suffix}-plain" "${HBULK_VAR}/runs/${suffix}-deletes"
  cat "${data}/events.csv" >/dev/null
  timed plain "hbulk-prepare-plain-${suffix}" "${here}/hbulk" prepare --spec "${spec}" \
    --table "bench_plain_${suffix}" --input "${data}/events.csv" --run-dir "${HBULK_VAR}/runs/${suffix}-plain"
  timed deletes "hbulk-prepare-deletes-${suffix}" "${here}/hbulk" \
    -D "hbulk.spec.output.events.delete-when=status = D" -D hbulk.spec.output.events.delete=cells \
    prepare --spec "${spec}" --table "bench_deletes_${suffix}" --input "${data}/events.csv" \
    --run-dir "${HBULK_VAR}/runs/${suffix}-deletes"
  grep -q "deletes   records" "${logs}/hbulk-prepare-deletes-${suffix}.log" \
    || die 1 "the deletion run counted no deletions (see ${logs}/hbulk-prepare-deletes-${suffix}.log)"
  rm -rf "${HBULK_VAR}/runs/${suffix}-plain" "${HBULK_VAR}/runs/${suffix}-deletes"
}

read -r -a counts <<<"${row_counts}"
declare -A per_row_us
if [[ -n "${deletes}" ]]; then
  for rows in "${counts[@]}"; do
    data="${HBULK_VAR}/data/${rows}-deletes${deletes}"
    if [[ ! -f "${data}/events.csv" ]]; then
      printf 'generating %s rows (%s %% status D) in %s\n' "${rows}" "${deletes}" "${data}"
      java_run 2g -cp "${bench_classpath}" org.hbulk.jobs.bench.BenchData "${spec}" "${rows}" "${data}" "${deletes}"
    fi
    csv_bytes="$(stat -c %s "${data}/events.csv")"
    times=()
    for (( round = 1; round <= repeat; round++ )); do
      deletes_round "${data}" "${rows}_d${deletes}_r${round}"
    done
    median_of=()
    for step in "${!times[@]}"; do
      median_of[${step}]="$(median "${times[${step}]}")"
    done
    printf '\n%s rows, %s %% of them deletions: CSV %.1f MB, 16 regions, %s cores, load average %s; median of %s round(s)\n' \
      "${rows}" "${deletes}" "$(awk -v b="${csv_bytes}" 'BEGIN { print b / 1048576 }')" "${cores}" \
      "$(cut -d' ' -f1-3 /proc/loadavg)" "${repeat}"
    row plain "hbulk prepare, every record a row of cells" "${csv_bytes}"
    row deletes "hbulk prepare, ${deletes} % deletions (delete = cells)" "${csv_bytes}"
    printf '  deletions vs plain: %+d%% (target: at most +15%%)\n' \
      "$(awk -v a="${median_of[deletes]}" -v b="${median_of[plain]}" 'BEGIN { printf "%.0f", (a / b - 1) * 100 }')"
  done
  exit 0
fi
# format_spec FORMAT: the spec with a [family d] section of FORMAT's compression and encoding
# (plain: NONE and NONE, written out so that create-table's defaults cannot change it), written
# under var/bench/specs; prints its path.
format_spec() {
  local codec=none encoding=none file
  if [[ "$1" != plain ]]; then
    codec="${1%%+*}"
    encoding="${1#*+}"
  fi
  file="${HBULK_VAR}/specs/events-${codec}-${encoding}.spec"
  mkdir -p "${HBULK_VAR}/specs"
  { cat "${spec}"; printf '\n[family d]\ncompression = %s\nencoding = %s\n' "${codec^^}" "${encoding^^}"; } >"${file}"
  printf '%s\n' "${file}"
}

# hfile_bytes DIR: the bytes of the HFiles under DIR (not the checksum and bookkeeping files).
hfile_bytes() {
  find "$1" -type f ! -name '.*' ! -name '_*' -printf '%s\n' | awk '{ s += $1 } END { printf "%.0f", s }'
}

mb() {
  awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'
}

# The floor's JVM: ParallelGC, biased locking and later JIT compilation (java_run), as hbulk's
# launcher gives hbulk's. No class-data archive: with one written by a warm-up run the floor wrote
# its HFiles much more slowly in some rounds, for a reason not found (README). Its classes in a jar
# of their own, without the test resources (hbase-site.xml).
floor_jar="${HBULK_VAR}/floor-classes.jar"
"${JAR:-jar}" --create --file "${floor_jar}" -C "${HBULK_ROOT}/jobs/target/test-classes" org/hbulk/jobs/bench
floor_classpath="$(project_classpath):${floor_jar}:${HBULK_VAR}/hbase/conf"
floor_run() {
  java_run 12g -cp "${floor_classpath}" -XX:+UseParallelGC "$@"
}
read -r -a formats <<<"${table_formats:-plain}"

# profile_prepare SPEC CSV SUFFIX: one more hbulk prepare, untimed (the recording slows it), under
# Java Flight Recorder; prints the top of its CPU profile. scripts/hbulk leaves the recording option
# out of its class-data archive's key, so this run reads the archive the timed ones read.
profile_prepare() {
  local spec_file="$1" csv="$2" suffix="$3" recording="${logs}/profile-${3}.jfr"
  "${here}/hbulk" create-table --spec "${spec_file}" --table "bench_profile_${suffix}" >"${logs}/create-profile.log" 2>&1 \
    || { cat "${logs}/create-profile.log" >&2; die 1 "create-table failed"; }
  rm -rf "${HBULK_VAR}/runs/profile" "${recording}"
  # DebugNonSafepoints: a sample lands on the line that ran, not on the nearest loop edge or call.
  HBULK_JAVA_OPTS="${HBULK_JAVA_OPTS:-} -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints -XX:StartFlightRecording=settings=profile,filename=${recording}" \
    "${here}/hbulk" prepare --spec "${spec_file}" --table "bench_profile_${suffix}" --input "${csv}" \
    --run-dir "${HBULK_VAR}/runs/profile" >"${logs}/profile-${suffix}.log" 2>&1 \
    || { tail -n 40 "${logs}/profile-${suffix}.log" >&2; die 1 "the profiled prepare failed"; }
  rm -rf "${HBULK_VAR}/runs/profile"
  [[ -s "${recording}" ]] || die 1 "the profiled prepare wrote no recording (log: ${logs}/profile-${suffix}.log)"
  printf '  where hbulk prepare spends its time (one more run under JFR, %s):\n' "${recording}"
  java_run 2g -cp "${bench_classpath}" org.hbulk.jobs.bench.ProfileTop "${recording}" 12 | sed 's/^/    /'
}

declare -A bytes_of=()
for rows in "${counts[@]}"; do
  data="${HBULK_VAR}/data/${rows}"
  if [[ ! -f "${data}/events.tsv" ]]; then
    printf 'generating %s rows in %s\n' "${rows}" "${data}"
    java_run 2g -cp "${bench_classpath}" org.hbulk.jobs.bench.BenchData "${spec}" "${rows}" "${data}"
  fi
  csv_bytes="$(stat -c %s "${data}/events.csv")"
  tsv_bytes="$(stat -c %s "${data}/events.tsv")"
  for format in "${formats[@]}"; do
    format_spec_file="$(format_spec "${format}")"
    times=()
    bytes_of=()
    for (( round = 1; round <= repeat; round++ )); do
      suffix="${rows}_${format//+/_}_r${round}"
      run_put=true
      if [[ -n "${put_max_rows}" ]] && (( rows > put_max_rows )); then
        run_put=false
      fi
      tables=(hbulk hbulk_load itsv itsv_par)
      [[ "${run_put}" == false ]] || tables+=(put)
      for t in "${tables[@]}"; do
        "${here}/hbulk" create-table --spec "${format_spec_file}" --table "bench_${t}_${suffix}" >"${logs}/create-${t}.log" 2>&1 \
          || { cat "${logs}/create-${t}.log" >&2; die 1 "create-table failed"; }
      done
      run_dir="${HBULK_VAR}/runs/${suffix}"
      rm -rf "${run_dir}" "${run_dir}-load" "${HBULK_VAR}/itsv-out"
      cat "${data}/events.csv" "${data}/events.tsv" >/dev/null

      timed prepare "hbulk-prepare-${suffix}" "${here}/hbulk" prepare --spec "${format_spec_file}" --table "bench_hbulk_${suffix}" \
        --input "${data}/events.csv" --run-dir "${run_dir}"
      grep -q "+ rejected 0 " "${logs}/hbulk-prepare-${suffix}.log" \
        || die 1 "hbulk rejected records (see ${logs}/hbulk-prepare-${suffix}.log)"
      bytes_of[hbulk]="$(hfile_bytes "${run_dir}/hfiles")"
      timed complete "hbulk-complete-${suffix}" "${here}/hbulk" complete --run-dir "${run_dir}"
      # complete moved the HFiles into the regions; the run directory keeps its state and report.
      rm -rf "${run_dir}"
      timed load "hbulk-load-${suffix}" "${here}/hbulk" load --spec "${format_spec_file}" --table "bench_hbulk_load_${suffix}" \
        --input "${data}/events.csv" --run-dir "${run_dir}-load"
      rm -rf "${run_dir}-load"

      timed itsv "importtsv-bulk-${suffix}" java_run 3g org.apache.hadoop.hbase.mapreduce.ImportTsv \
        "-Dimporttsv.columns=${columns}" "-Dimporttsv.bulk.output=${HBULK_VAR}/itsv-out/default" \
        "bench_itsv_${suffix}" "${data}/events.tsv"
      bytes_of[itsv]="$(hfile_bytes "${HBULK_VAR}/itsv-out/default")"
      # hbulk's own local split rule (JobSetup): whole waves of equal splits of at most about 32 MiB.
      block=$(( 32 * 1024 * 1024 ))
      waves=$(( (tsv_bytes + cores * block - 1) / (cores * block) ))
      split=$(( (tsv_bytes + cores * waves - 1) / (cores * waves) ))
      timed itsv_par "importtsv-bulk-parallel-${suffix}" java_run 3g org.apache.hadoop.hbase.mapreduce.ImportTsv \
        "-Dimporttsv.columns=${columns}" "-Dimporttsv.bulk.output=${HBULK_VAR}/itsv-out/parallel" \
        "-Dmapreduce.local.map.tasks.maximum=${cores}" "-Dmapreduce.local.reduce.tasks.maximum=${cores}" \
        "-Dmapreduce.input.fileinputformat.split.minsize=${split}" \
        "-Dmapreduce.input.fileinputformat.split.maxsize=${split}" \
        "bench_itsv_par_${suffix}" "${data}/events.tsv"
      rm -rf "${HBULK_VAR}/itsv-out"
      # Before the Put path: after it the region server flushes and compacts for a while, on the
      # same cores, which slowed the floor's writing several-fold.
      rm -rf "${HBULK_VAR}/floor-out"
      timed floor "floor-${suffix}" floor_run org.hbulk.jobs.bench.SingleThreadFloor "${format_spec_file}" "${data}/events.csv" "${HBULK_VAR}/floor-out"
      bytes_of[floor]="$(hfile_bytes "${HBULK_VAR}/floor-out")"
      rm -rf "${HBULK_VAR}/floor-out"
      floor_phases "${logs}/floor-${suffix}.log" floor floor_parse:parse+key floor_sort:sort floor_write:write floor_total:total
      timed floor_par "floor-parallel-${suffix}" floor_run org.hbulk.jobs.bench.ParallelFloor "${format_spec_file}" \
        "${data}/events.csv" "${HBULK_VAR}/floor-out" "${cores}"
      rm -rf "${HBULK_VAR}/floor-out"
      floor_phases "${logs}/floor-parallel-${suffix}.log" parallel floor_par_cut:setup+cut floor_par_parse:parse+key \
        floor_par_sort:sort floor_par_write:write
      [[ "${run_put}" == true ]] || continue
      timed put "importtsv-put-${suffix}" java_run 3g org.apache.hadoop.hbase.mapreduce.ImportTsv \
        "-Dimporttsv.columns=${columns}" "bench_put_${suffix}" "${data}/events.tsv"
    done
    median_of=()
    for step in "${!times[@]}"; do
      median_of[${step}]="$(median "${times[${step}]}")"
    done

    printf '\n%s rows: CSV %.1f MB, TSV %.1f MB, 16 regions, table format %s, %s cores, local job runner, standalone HBase; median of %s round(s)\n' \
      "${rows}" "$(awk -v b="${csv_bytes}" 'BEGIN { print b / 1048576 }')" \
      "$(awk -v b="${tsv_bytes}" 'BEGIN { print b / 1048576 }')" "${format}" "${cores}" "${repeat}"
    row prepare "hbulk prepare (CSV -> HFiles)" "${csv_bytes}"
    row complete "hbulk complete (BulkLoadHFiles)" "${csv_bytes}"
    row load "hbulk load (one command, end to end)" "${csv_bytes}"
    row itsv "ImportTsv bulk output, defaults" "${tsv_bytes}"
    row itsv_par "ImportTsv bulk output, ${cores} maps + ${cores} reduces at once" "${tsv_bytes}"
    row put "ImportTsv Put path" "${tsv_bytes}"
    row floor "floor: 1 thread parse + sort + write" "${csv_bytes}"
    printf '  floor inside its JVM: parse+key %s s, sort %s s, write %s s, total %s s\n' "${median_of[floor_parse]}" \
      "${median_of[floor_sort]}" "${median_of[floor_write]}" "${median_of[floor_total]}"
    row floor_par "floor: ${cores} threads, a part of the CSV each" "${csv_bytes}"
    printf '  parallel floor inside its JVM: setup+cut %s s, slowest thread parse+key %s s, sort %s s, write %s s\n' \
      "${median_of[floor_par_cut]}" "${median_of[floor_par_parse]}" "${median_of[floor_par_sort]}" "${median_of[floor_par_write]}"
    printf '  HFiles (last round): hbulk prepare %s MB, ImportTsv bulk %s MB, floor %s MB\n' "$(mb "${bytes_of[hbulk]}")" \
      "$(mb "${bytes_of[itsv]}")" "$(mb "${bytes_of[floor]}")"
    printf '  hbulk prepare vs ImportTsv bulk at defaults:       %sx (target >= 6 at 1 M rows, >= 10 at 4 M)\n' "$(ratio "${median_of[itsv]}" "${median_of[prepare]}")"
    printf '  hbulk prepare vs ImportTsv bulk, same parallelism: %sx (target >= 4 at 4 M rows)\n' "$(ratio "${median_of[itsv_par]}" "${median_of[prepare]}")"
    load_vs_put="$(ratio "${median_of[put]:-}" "${median_of[load]}")"
    [[ "${load_vs_put}" == "not run" ]] || load_vs_put+="x"
    printf '  hbulk load vs ImportTsv Put path:                  %s (target >= 10 at 4 M rows)\n' "${load_vs_put}"
    printf "  hbulk prepare (%s cores) vs 1-thread floor:        %sx the floor's time (target <= 0.6x)\n" "${cores}" \
      "$(ratio "${median_of[prepare]}" "${median_of[floor]}")"
    printf "  %s-thread floor vs 1-thread floor:                  %sx the 1-thread floor's time (no framework: what %s cores give this job here)\n" \
      "${cores}" "$(ratio "${median_of[floor_par]}" "${median_of[floor]}")" "${cores}"
    printf "  hbulk prepare vs %s-thread floor:                   %sx the %s-thread floor's time (what hbulk's framework costs on the same cores)\n" \
      "${cores}" "$(ratio "${median_of[prepare]}" "${median_of[floor_par]}")" "${cores}"
    per_row_us[${format} ${rows}]="$(awk -v s="${median_of[prepare]}" -v r="${rows}" 'BEGIN { printf "%.2f", s * 1e6 / r }')"
    printf '  hbulk prepare per row: %s us\n' "${per_row_us[${format} ${rows}]}"
    if [[ "${profile}" == true ]]; then
      profile_prepare "${format_spec_file}" "${data}/events.csv" "${rows}_${format//+/_}"
    fi
  done
done

if (( ${#counts[@]} >= 2 )); then
  small="${counts[0]}"
  big="${counts[${#counts[@]}-1]}"
  for format in "${formats[@]}"; do
    printf '\nhbulk prepare per row at %s vs %s rows, table format %s: %s us vs %s us, %+d%% (target: at most +15%%)\n' \
      "${big}" "${small}" "${format}" "${per_row_us[${format} ${big}]}" "${per_row_us[${format} ${small}]}" \
      "$(awk -v a="${per_row_us[${format} ${big}]}" -v b="${per_row_us[${format} ${small}]}" 'BEGIN { printf "%.0f", (a / b - 1) * 100 }')"
  done
fi
