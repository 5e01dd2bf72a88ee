#!/usr/bin/env bash
# Regenerates the README's picture of a run's report page, jobs/src/site/resources/images/report.png, with
# headless Chromium (Debian's package chromium, or the binary named in HBULK_CHROMIUM).
#
#   scripts/report-screenshot.sh [RUN_DIR]   the page of RUN_DIR (default: the newest quickstart
#                                            run, var/runs/quickstart-*; scripts/quickstart.sh
#                                            makes one)
#   scripts/report-screenshot.sh --help
#
# Environment: HBULK_SCREENSHOT_SIZE (default 1280,2000: the window, width,height in pixels).
# Exit codes: 0 written; 1 Chromium failed; 2 bad usage, no run with a report.html, or no Chromium.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=scripts/lib.sh
source "${here}/lib.sh"

run_dir=""
while (( $# > 0 )); do
  case "$1" in
    -h|--help) usage "$0"; exit 0 ;;
    -*) die 2 "unknown option: $1 (see --help)" ;;
    *) [[ -z "${run_dir}" ]] || die 2 "one run directory at most (see --help)"; run_dir="$1"; shift ;;
  esac
done

if [[ -z "${run_dir}" ]]; then
  newest=""
  for dir in "${HBULK_VAR}"/runs/quickstart-*; do
    if [[ -f "${dir}/report.html" && ( -z "${newest}" || "${dir}" > "${newest}" ) ]]; then
      newest="${dir}"
    fi
  done
  [[ -n "${newest}" ]] || die 2 "no quickstart run with a report.html under ${HBULK_VAR}/runs: run scripts/quickstart.sh first, or name a run directory"
  run_dir="${newest}"
fi
page="$(cd "${run_dir}" 2>/dev/null && pwd)/report.html" || die 2 "no such run directory: ${run_dir}"
[[ -f "${page}" ]] || die 2 "${run_dir} has no report.html (runs before this version of hbulk have none)"

browser="${HBULK_CHROMIUM:-}"
if [[ -z "${browser}" ]]; then
  browser="$(command -v chromium || command -v chromium-browser || true)"
fi
[[ -n "${browser}" && -x "${browser}" ]] || die 2 "no Chromium: install Debian's package chromium (apt-get install chromium), or name the binary in HBULK_CHROMIUM"

out="${HBULK_ROOT}/jobs/src/site/resources/images/report.png"
profile="$(mktemp -d)"
trap 'rm -rf "${profile}"' EXIT
mkdir -p "$(dirname "${out}")"
# The network flags keep Chromium from trying to reach Google's hosts; no sandbox for root.
if ! "${browser}" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
    --user-data-dir="${profile}" --window-size="${HBULK_SCREENSHOT_SIZE:-1280,2000}" \
    --screenshot="${out}" "file://${page}" >"${profile}/log" 2>&1; then
  cat "${profile}/log" >&2
  die 1 "Chromium failed on ${page}"
fi
printf 'wrote %s from %s\n' "${out}" "${page}"
