#!/usr/bin/env bash
# Shared by the scripts in this folder: where things are, and how to build and find the jars.
# Sourced, not run.
set -euo pipefail

HBULK_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HBULK_VAR="${HBULK_VAR:-${HBULK_ROOT}/var}"
export HBULK_ROOT HBULK_VAR

# These folders go into file: URIs (hbase.rootdir), where # % ? start a fragment, an escape or a
# query, and into hbase-site.xml.in through sed, where & and \ mean something: refuse such a path
# here, before anything starts. A space is fine (the local job runner's own folder, which cannot
# hold one, is reached through a link: LocalDirAlias).
for place in HBULK_ROOT HBULK_VAR; do
  if [[ "${!place}" =~ [\#%?\&\\] ]]; then
    printf '%s: %s is %s: hbulk cannot run with any of # %% ? & \\ in it; %s\n' \
      "$(basename "$0")" "${place}" "${!place}" \
      "$([[ "${place}" == HBULK_VAR ]] && printf 'set HBULK_VAR to a folder without them' \
        || printf 'move or clone the checkout to a folder without them, or link one to it (ln -s)')" >&2
    exit 2
  fi
done

# What HBase and Hadoop need to reach into on JDK 17 (the same list as the pom's jdk17.opens).
JDK17_OPENS="--add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.lang.reflect=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED --add-opens java.base/java.util.concurrent=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.net=ALL-UNNAMED"
export JDK17_OPENS

# jdk_feature_version: the feature version (17 for 17.0.15, 1 for 1.8.0) of the JDK that
# ${JAVA:-java} runs: from the release file of the JDK it lives in, which costs no JVM start, else
# (a wrapper such as jenv's, outside any JDK) from what it says to -version. Nothing when neither
# tells.
jdk_feature_version() {
  local java release
  java="$(command -v "${JAVA:-java}")" || return 0
  release="$(dirname "$(dirname "$(readlink -f "${java}")")")/release"
  if [[ -r "${release}" ]]; then
    sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "${release}"
  else
    { "${java}" -version 2>&1 || true; } | sed -n '1s/^[^"]* version "\([0-9]*\).*/\1/p'
  fi
}

# user_jvm_opts [USER_OPTS]: the JVM options the user chose, wherever the JVM takes them from
# (USER_OPTS, JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS), space-separated with a space at each end: a
# choice made there is never overridden by the launcher's own.
user_jvm_opts() {
  printf ' %s %s %s ' "${JAVA_TOOL_OPTIONS:-}" "${JDK_JAVA_OPTIONS:-}" "${1:-}"
}

# biased_locking_flags [USER_OPTS]: prints, one per line, the JVM flags that switch biased locking
# back on where the JDK still has it: 15 to 17 keep it, off by default (a JVM from 19 on refuses the
# flag, so it is never given there). Nothing when USER_OPTS, JAVA_TOOL_OPTIONS or JDK_JAVA_OPTIONS
# set it already. HBase's HFile writer and Java's data streams take an uncontended lock on every
# write call, which biased locking makes nearly free (README, "Where hbulk relies on internals").
# The JDK's deprecation warning for the flag is silenced around it; every other warning stays on,
# unless those options silence them too.
biased_locking_flags() {
  local user
  user="$(user_jvm_opts "${1:-}")"
  [[ "${user}" != *UseBiasedLocking* && "$(jdk_feature_version)" =~ ^1[5-7]$ ]] || return 0
  printf '%s\n' -XX:-PrintWarnings -XX:+UseBiasedLocking
  [[ "${user}" == *-XX:-PrintWarnings* ]] || printf '%s\n' -XX:+PrintWarnings
}

# later_jit_flags [USER_OPTS]: prints the flag that makes the JIT compilers wait for twice the
# calls and loops before compiling a method (CompileThresholdScaling=2). On two cores the compiler
# threads take their CPU from the tasks, and a batch JVM compiles thousands of methods that run
# only a while: a 4 M-row prepare spent 5-6 s of CPU in C2 and 1.3 s in C1, 4 and 1 s with it
# (README, "The embedded default"). Nothing when USER_OPTS, JAVA_TOOL_OPTIONS or JDK_JAVA_OPTIONS
# choose compile thresholds or tiers already (an -XX option whose name starts with CompileThreshold
# or Tier).
later_jit_flags() {
  local user own='[[:space:]]-XX:[+-]?(CompileThreshold|Tier)'
  user="$(user_jvm_opts "${1:-}")"
  [[ ! "${user}" =~ ${own} ]] || return 0
  printf '%s\n' -XX:CompileThresholdScaling=2
}

# usage SCRIPT: prints the script's header comment (line 2 up to the first line that is not a
# comment), its --help text, so the text and the script never disagree on where it ends.
usage() {
  awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$1"
}

die() {
  local code="$1"
  shift
  printf '%s: %s\n' "$(basename "$0")" "$*" >&2
  exit "${code}"
}

jobs_jar() {
  local jar
  for jar in "${HBULK_ROOT}"/jobs/target/hbulk-jobs-*.jar; do
    [[ -f "${jar}" && "${jar}" != *-tests.jar && "${jar}" != *-sources.jar && "${jar}" != *-job.jar ]] && { printf '%s\n' "${jar}"; return 0; }
  done
  return 1
}

# Exits 2 with the command that builds the project when its jars or classpath list are missing: no
# script runs Maven behind the user's back but quickstart.sh and bench.sh.
require_built() {
  local build
  build="cd $(printf '%q' "${HBULK_ROOT}") && mvn -B -q -Dmaven.test.skip=true install"
  if ! jobs_jar >/dev/null || [[ ! -f "${HBULK_ROOT}/jobs/target/runtime-classpath.txt" ]]; then
    die 2 "not built: run ${build}"
  fi
  # A jar the build listed and that is gone since (a cleaned module, a pruned ~/.m2) would fail the
  # JVM later with less to go on.
  local jar listed
  # The list has no final line break, so read reports the end of the file: not an error here.
  IFS=":" read -r -a listed < "${HBULK_ROOT}/jobs/target/runtime-classpath.txt" || true
  for jar in "${listed[@]}"; do
    [[ -z "${jar}" || -e "${jar}" ]] || die 2 "a jar of the build is missing (${jar}): run ${build}"
  done
}

# The jobs jar followed by its runtime dependencies (HBase, Hadoop, commons-csv, picocli...).
project_classpath() {
  printf '%s:%s' "$(jobs_jar)" "$(cat "${HBULK_ROOT}/jobs/target/runtime-classpath.txt")"
}

# Refuses (exit 2) an HBULK_CONF_DIR that names no directory or one without a *-site.xml: the command
# would otherwise run against HBase's and Hadoop's built-in defaults.
check_conf_dir() {
  [[ -n "${HBULK_CONF_DIR:-}" ]] || return 0
  [[ -d "${HBULK_CONF_DIR}" ]] || die 2 "HBULK_CONF_DIR=${HBULK_CONF_DIR} is not a directory: point it at" \
    "the folder holding hbase-site.xml (core-site.xml...), or unset it for scripts/hbase-local.sh's HBase"
  compgen -G "${HBULK_CONF_DIR}/*-site.xml" >/dev/null || die 2 "HBULK_CONF_DIR=${HBULK_CONF_DIR} holds no" \
    "*-site.xml: point it at the folder holding hbase-site.xml (core-site.xml...)"
}

# The job jar `hadoop jar` runs: HBULK_JOB_JAR, else the one `mvn package` built in jobs/target.
job_jar() {
  if [[ -n "${HBULK_JOB_JAR:-}" ]]; then
    [[ -f "${HBULK_JOB_JAR}" ]] || return 1
    printf '%s\n' "${HBULK_JOB_JAR}"
    return 0
  fi
  local jar
  for jar in "${HBULK_ROOT}"/jobs/target/hbulk-jobs-*-job.jar; do
    [[ -f "${jar}" ]] && { printf '%s\n' "${jar}"; return 0; }
  done
  return 1
}

# client_command NAME HOME: the cluster client's launcher NAME (hadoop, hbase) on PATH, else
# HOME/bin/NAME (HADOOP_HOME, HBASE_HOME); nothing and status 1 when there is none.
client_command() {
  local name="$1" home="$2"
  if command -v "${name}" >/dev/null 2>&1; then
    command -v "${name}"
  elif [[ -n "${home}" && -x "${home}/bin/${name}" ]]; then
    printf '%s\n' "${home}/bin/${name}"
  else
    return 1
  fi
}

# choose_runner: sets runner to hadoop or local and runner_why to the reason, from runner_wanted
# (the scripts' --runner, else HBULK_RUNNER, else auto). auto is hadoop when a Hadoop client is
# installed (a hadoop command), local otherwise; hadoop when asked for is refused (exit 2) without
# one. Either way the choice is printed on stderr, so a log always says which jars ran.
choose_runner() {
  local wanted="${runner_wanted:-${HBULK_RUNNER:-auto}}" hadoop=""
  hadoop="$(client_command hadoop "${HADOOP_HOME:-}")" || hadoop=""
  case "${wanted}" in
    auto)
      if [[ -n "${hadoop}" ]]; then
        runner=hadoop
        runner_why="a Hadoop client is installed (${hadoop})"
      else
        runner=local
        runner_why="no hadoop command on PATH or in HADOOP_HOME/bin"
      fi ;;
    hadoop)
      [[ -n "${hadoop}" ]] || die 2 "--runner hadoop (or HBULK_RUNNER=hadoop), but there is no hadoop" \
        "command on PATH or in HADOOP_HOME/bin: install the cluster's client, or use --runner local"
      runner=hadoop
      runner_why="as asked" ;;
    local)
      runner=local
      runner_why="as asked" ;;
    *) die 2 "--runner (or HBULK_RUNNER) is '${wanted}': expected hadoop, local or auto" ;;
  esac
  hadoop_cmd="${hadoop}"
}

# take_runner_option ARGS...: sets runner_wanted from --runner X / --runner=X and args to ARGS
# without it, for the scripts that pass the rest to hbulk.
take_runner_option() {
  args=()
  runner_wanted=""
  while (( $# > 0 )); do
    case "$1" in
      --runner)
        (( $# > 1 )) || die 2 "--runner needs a value: hadoop, local or auto"
        runner_wanted="$2"
        shift 2 ;;
      --runner=*)
        runner_wanted="${1#--runner=}"
        shift ;;
      *)
        args+=("$1")
        shift ;;
    esac
  done
}

# run_hbulk ARGS...: runs hbulk with ARGS through the chosen runner, replacing this shell. hadoop:
# `hadoop jar` on the job jar, with HBase's client jars (`hbase mapredcp`, or HBULK_HBASE_CLASSPATH)
# and configuration (HBULK_CONF_DIR, then HBASE_CONF_DIR, default /etc/hbase/conf) in
# HADOOP_CLASSPATH; the cluster's Hadoop configuration is the hadoop command's own (HADOOP_CONF_DIR).
# local: scripts/hbulk, the project's jars.
run_hbulk() {
  local lock_dir="${HBULK_LOCK_DIR:-${HBULK_VAR}/locks}"
  choose_runner
  if [[ "${runner}" == local ]]; then
    printf '%s: running scripts/hbulk with this checkout'"'"'s jars (runner local: %s)\n' \
      "$(basename "$0")" "${runner_why}" >&2
    exec "${HBULK_ROOT}/scripts/hbulk" "$@"
  fi
  check_conf_dir
  local jar hbase_cp hbase hbase_conf="${HBASE_CONF_DIR:-/etc/hbase/conf}" conf_dirs
  jar="$(job_jar)" || die 2 "no job jar for hadoop jar: run cd $(printf '%q' "${HBULK_ROOT}") &&" \
    "mvn -B -q -DskipTests package (jobs/target/hbulk-jobs-VERSION-job.jar), or set HBULK_JOB_JAR"
  conf_dirs="${HBULK_CONF_DIR:+${HBULK_CONF_DIR}:}${hbase_conf}"
  # Without an hbase-site.xml the job would look for HBase on this machine's ZooKeeper; checked
  # before hbase mapredcp runs.
  [[ -f "${HBULK_CONF_DIR:-/nonexistent}/hbase-site.xml" || -f "${hbase_conf}/hbase-site.xml" ]] \
    || die 2 "no hbase-site.xml in ${conf_dirs//:/ or }: set HBASE_CONF_DIR (or HBULK_CONF_DIR) to the" \
      "folder holding the cluster's hbase-site.xml"
  if [[ -n "${HBULK_HBASE_CLASSPATH:-}" ]]; then
    hbase_cp="${HBULK_HBASE_CLASSPATH}"
  else
    hbase="$(client_command hbase "${HBASE_HOME:-}")" || die 2 "hadoop jar needs HBase's client jars:" \
      "no hbase command on PATH or in HBASE_HOME/bin; install HBase's client or set" \
      "HBULK_HBASE_CLASSPATH (the output of hbase mapredcp)"
    hbase_cp="$("${hbase}" mapredcp)" || die 2 "${hbase} mapredcp failed: the runner hadoop cannot run without HBase's jars"
  fi
  HADOOP_CLASSPATH="${conf_dirs}:${hbase_cp}${HADOOP_CLASSPATH:+:${HADOOP_CLASSPATH}}"
  export HADOOP_CLASSPATH
  printf '%s: running %s jar %s (runner hadoop: %s)\n' "$(basename "$0")" "${hadoop_cmd}" "${jar}" \
    "${runner_why}" >&2
  exec "${hadoop_cmd}" jar "${jar}" -D "hbulk.nightly.lock.dir=${lock_dir}" "$@"
}
