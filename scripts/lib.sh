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
  if jobs_jar >/dev/null && [[ -f "${HBULK_ROOT}/jobs/target/runtime-classpath.txt" ]]; then
    return 0
  fi
  die 2 "not built: run cd $(printf '%q' "${HBULK_ROOT}") && mvn -B -q -Dmaven.test.skip=true install"
}

# The jobs jar followed by its runtime dependencies (HBase, Hadoop, commons-csv, picocli...).
project_classpath() {
  printf '%s:%s' "$(jobs_jar)" "$(cat "${HBULK_ROOT}/jobs/target/runtime-classpath.txt")"
}
