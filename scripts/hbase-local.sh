#!/usr/bin/env bash
# A standalone HBase for this machine: master, region server and ZooKeeper in one JVM, on the local
# file system, listening on 127.0.0.1 only, started from the project's own Maven-resolved jars (no
# HBase download). Its data, logs and configuration live in var/hbase/ (ignored by git).
#
#   scripts/hbase-local.sh start    start it and wait until it answers (exit 0), or say why not (1)
#   scripts/hbase-local.sh stop     shut it down and wait for the JVM to exit
#   scripts/hbase-local.sh status   exit 0 running and answering, 3 not running, 4 running but not
#                                   answering within 10 s
#   scripts/hbase-local.sh wipe     stop it and delete its data (var/hbase)
#
# The server runs with umask 077 and on a file system that grants nobody but its owner any access,
# even where HBase asks for 0777 (bulk loads): nothing in var/hbase is readable by other users.
# Its command line carries -Dhbulk.standalone.home=<var/hbase>; stop and start act only on the
# process in var/hbase/hbase.pid when it carries that mark. A pid file naming a process that is gone
# or is anything else (after a reboot the number can be anybody's) is stale: it is reported and
# removed, and that process is left alone.
# Ports are chosen free, below the kernel's ephemeral range; a server that dies because one was
# taken before it bound is started again on others (three attempts), and a server that dies is
# never waited for.
#
# Environment: HBULK_VAR (default: the project's var/), HBASE_HEAP (default 2g),
# HBASE_START_TIMEOUT seconds (default 120), JAVA (default java), HBULK_STANDALONE_FS (default on:
# the server on hbulk's StandaloneFileSystem, which makes bulk loads renames, not copies, and keeps
# every file its owner's; off: Hadoop's LocalFileSystem, and the bulk loads' 0777 modes stand;
# change it only with a fresh var/hbase, after wipe).
# Exit codes: 0 done; 1 failed to start or stop; 2 bad usage, not built (it says the command that
# builds it), or a path with # % ? & \
# in it; 3 not running (status); 4 running but not answering (status).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=scripts/lib.sh
source "${here}/lib.sh"

base="${HBULK_VAR}/hbase"
conf_dir="${base}/conf"
pid_file="${base}/hbase.pid"
log_file="${base}/logs/hbase.log"

# On the server's command line: which var/ it serves. Only a process carrying it is ever signalled.
marker="-Dhbulk.standalone.home=${base}"

recorded_pid() {
  [[ -f "${pid_file}" ]] && head -c 32 "${pid_file}" | tr -d '[:space:]'
}

# alive PID: whether PID is a process that has not exited (a killed server nobody has reaped yet is
# a zombie: still in /proc, state Z, with an empty command line).
alive() {
  local stat
  [[ "$1" =~ ^[0-9]+$ ]] && stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
  stat="${stat##*) }"
  [[ "${stat:0:1}" != Z ]]
}

# is_ours PID: whether PID is a live process whose command line carries this var/'s mark.
is_ours() {
  alive "$1" || return 1
  # Read by grep itself: in a pipe, grep -q leaves at the first match and pipefail would count the
  # writer's SIGPIPE as a failure.
  grep -qzxF -- "${marker}" "/proc/$1/cmdline" 2>/dev/null
}

# Prints the pid of this var/'s running HBase; fails when there is none.
running_pid() {
  local pid
  pid="$(recorded_pid)" && is_ours "${pid}" || return 1
  printf '%s\n' "${pid}"
}

# Removes a pid file that names no running HBase of this var/, saying what it named.
forget_stale() {
  local pid what
  [[ -f "${pid_file}" ]] || return 0
  pid="$(recorded_pid || true)"
  if alive "${pid}"; then
    what="process ${pid}, which is not this checkout's HBase (its command line lacks ${marker}); it was left alone (an HBase started by an older hbase-local.sh lacks it too: stop that one with kill ${pid})"
  else
    what="process '${pid}', which is no longer running"
  fi
  printf 'stale pid file %s named %s; removed it\n' "${pid_file}" "${what}" >&2
  rm -f "${pid_file}"
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# The first port of the kernel's ephemeral range: outgoing connections (ZooKeeper's own clients
# among them, while the server starts) take their local ports from there, so a listening port chosen
# inside it can be taken between choosing and binding.
ephemeral_low() {
  local low
  low="$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || true)"
  [[ "${low}" =~ ^[0-9]+$ ]] && (( low > 12000 )) || low=32768
  printf '%s\n' "${low}"
}

# A free port below the ephemeral range, starting from a random one, so two checkouts on one
# machine do not collide.
free_port() {
  local span port tries=0
  span=$(( $(ephemeral_low) - 10000 - 600 ))
  port=$(( 10000 + RANDOM % span ))
  while port_in_use "${port}" || [[ " ${taken:-} " == *" ${port} "* ]]; do
    port=$(( port + 1 ))
    tries=$(( tries + 1 ))
    (( tries < 500 )) || die 1 "no free port found near ${port}"
  done
  taken="${taken:-} ${port}"
  printf '%s\n' "${port}"
}

write_conf() {
  local zk master rs
  taken=""
  zk="$(free_port)"; taken="${taken} ${zk}"
  master="$(free_port)"; taken="${taken} ${master}"
  rs="$(free_port)"
  mkdir -p "${conf_dir}" "${base}/logs" "${base}/data" "${HBULK_VAR}/tmp" "${HBULK_VAR}/runs"
  sed -e "s#@ROOT@#${HBULK_VAR}#g" -e "s#@ZK_PORT@#${zk}#g" \
      -e "s#@MASTER_PORT@#${master}#g" -e "s#@RS_PORT@#${rs}#g" \
      "${HBULK_ROOT}/conf/local/hbase-site.xml.in" > "${conf_dir}/hbase-site.xml"
}

# Fills the array hmaster_cmd with the java command line of HBase's HMaster.
hmaster_command() {
  # shellcheck disable=SC2206 # word splitting of the JVM flags is intended
  local opts=(${JDK17_OPENS})
  hmaster_cmd=("${JAVA:-java}" "-Xmx${HBASE_HEAP:-2g}" "${opts[@]}"
    "-Dlog4j.configuration=file:${HBULK_ROOT}/conf/log4j.properties" -Dhbulk.log.level=INFO "${marker}"
    -cp "${conf_dir}:$(project_classpath)" org.apache.hadoop.hbase.master.HMaster)
  # The server on hbulk's StandaloneFileSystem: Hadoop's raw local file system (no .crc file
  # beside HFiles and WALs, which carry HBase's own checksums) with a service name, so that a
  # bulk load renames HFiles into the regions instead of copying them twice, and chmod without a
  # process per call. Server only: the client's local job runner requires Hadoop's checksummed
  # LocalFileSystem. A -D after the class is HMaster's own option: it goes into the server's
  # configuration (a JVM system property before the class would not). HBULK_STANDALONE_FS=off:
  # HBase's own choice, Hadoop's LocalFileSystem.
  if [[ "${HBULK_STANDALONE_FS:-on}" != off ]]; then
    hmaster_cmd+=(-Dfs.file.impl=org.hbulk.jobs.standalone.StandaloneFileSystem)
  fi
}

ping() {
  HBULK_CONF_DIR="${conf_dir}" HBULK_HEAP=256m "${here}/hbulk" ping --timeout "$1"
}

start() {
  # One start at a time for this data: two at once would both find no server and launch two on
  # the same folder, of which stop, status and wipe would know only the last. The lock goes when
  # this script ends (the server does not inherit it); a second start waits, then finds the first.
  # Everything the server (and this script) writes is its owner's alone, the lock and var/ too;
  # data from before this rule is brought in line below.
  umask 077
  if command -v flock >/dev/null; then
    mkdir -p "$(dirname "${base}")"
    exec 8>"${base}.start-lock"
    flock 8
  fi
  if pid="$(running_pid)"; then
    printf 'HBase is already running (pid %s, configuration %s)\n' "${pid}" "${conf_dir}"
    return 0
  fi
  forget_stale
  require_built
  if [[ -d "${base}" ]]; then
    chmod -R go-rwx "${base}"
  fi
  local attempt outcome
  for attempt in 1 2 3; do
    write_conf
    printf 'starting standalone HBase (data in %s, log in %s)...\n' "${base}" "${log_file}"
    hmaster_command
    nohup "${hmaster_cmd[@]}" start >"${log_file}" 2>&1 </dev/null 8>&- &
    printf '%s\n' "$!" > "${pid_file}"
    outcome=0
    await_server "$!" "${HBASE_START_TIMEOUT:-120}" || outcome=$?
    if (( outcome == 0 )); then
      printf 'HBase is up. Stop it with: scripts/hbase-local.sh stop\n'
      return 0
    fi
    # Another process took one of the chosen ports between the check and the bind: choose again.
    if (( outcome == 2 )) && (( attempt < 3 )) && grep -q 'Address already in use' "${log_file}"; then
      rm -f "${pid_file}"
      printf 'a port HBase was given was taken meanwhile (attempt %s of 3); choosing others\n' "${attempt}" >&2
      continue
    fi
    break
  done
  printf 'HBase did not come up; last lines of %s:\n' "${log_file}" >&2
  tail -n 30 "${log_file}" >&2 || true
  stop || true
  return 1
}

# await_server PID SECONDS: 0 once the server answers; 1 when it runs but has not answered within
# SECONDS; 2 as soon as its JVM has exited (a server that died is not waited for).
await_server() {
  local pid="$1" deadline=$(( SECONDS + $2 )) left answer=""
  while alive "${pid}"; do
    left=$(( deadline - SECONDS ))
    if (( left <= 0 )); then
      printf 'HBase did not answer within %s s: %s\n' "$2" "${answer}" >&2
      return 1
    fi
    if answer="$(ping "$(( left < 10 ? left : 10 ))" 2>&1)"; then
      return 0
    fi
  done
  return 2
}

stop() {
  local pid waited=0
  if ! pid="$(running_pid)"; then
    forget_stale
    printf 'HBase is not running\n'
    return 0
  fi
  printf 'stopping HBase (pid %s)...\n' "${pid}"
  hmaster_command
  "${hmaster_cmd[@]}" stop --shutDownCluster >>"${log_file}" 2>&1 || true
  while is_ours "${pid}"; do
    if (( waited >= 60 )); then
      printf 'HBase did not stop within 60 s; killing it\n' >&2
      kill "${pid}" 2>/dev/null || true
      sleep 5
      if is_ours "${pid}"; then
        kill -9 "${pid}" 2>/dev/null || true
      fi
      break
    fi
    sleep 1
    waited=$(( waited + 1 ))
  done
  rm -f "${pid_file}"
  printf 'HBase stopped\n'
}

status() {
  local pid
  if ! pid="$(running_pid)"; then
    forget_stale
    printf 'HBase is not running\n'
    return 3
  fi
  printf 'HBase is running (pid %s, configuration %s)\n' "${pid}" "${conf_dir}"
  if ! ping 10; then
    printf 'HBase (pid %s) runs but does not answer; see %s\n' "${pid}" "${log_file}" >&2
    return 4
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  wipe) stop; rm -rf "${base}"; printf 'deleted %s\n' "${base}" ;;
  -h|--help|help) usage "$0" ;;
  *) usage "$0" >&2; exit 2 ;;
esac
