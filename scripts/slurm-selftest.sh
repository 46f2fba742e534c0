#!/usr/bin/env bash
# The scaling guide's Slurm recipe (docs/guides/scaling.md), run for real on a single-node Slurm (issue 19):
#   scripts/slurm-selftest.sh [--no-install] [--quick] [BOUNDCHECK]
# 1. installs slurm-wlm and munge from Debian if missing (--no-install: exit 77, "skipped", instead;
#    so does a run without root, which slurmd needs to start jobs);
# 2. starts a private munged, slurmctld and slurmd (generated slurm.conf, free ports, every file in
#    one temporary directory; the system's own Slurm, if any, is left alone);
# 3. takes the guide's `sbatch` script and merge step verbatim (only the spec name, the array size
#    and the output name are substituted: 64 -> 8 tasks), submits them over the skewed rank bound grid
#    of issue 19 (d = 8..256 step 8, r = 1,2,4,8, 84 H; about 24 s of CPU unsharded; --quick: a
#    small grid of about 2 s, for the test suite, where Slurm's own start-up dominates) from the
#    submit directory,
#    waits for the dependent merge job;
# 4. checks that every array task ran (table status) and that the merged LaTeX is byte for byte the
#    unsharded run's; prints both wall times and the speedup;
# 5. stops the daemons it started (by their pids) and removes the directory.
# Exit 0: passed; 1: failed (the daemons' logs are printed); 77: skipped.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
install=1 dmax=256 per_decade=15
while [[ ${1:-} == --* ]]; do
  case $1 in
    --no-install) install=0 ;;
    --quick) dmax=96 per_decade=1 ;;
    *) echo "usage: scripts/slurm-selftest.sh [--no-install] [--quick] [BOUNDCHECK]" >&2; exit 2 ;;
  esac
  shift
done
exe=$(realpath "${1:-$here/build/release/boundcheck}")
[[ -x $exe ]] || { echo "slurm-selftest: no boundcheck at $exe (build it first)" >&2; exit 1; }
skip() { echo "slurm-selftest: skipped: $*" >&2; exit 77; }

if [[ $(id -u) -ne 0 ]]; then
  ((install)) || skip "needs root (slurmd starts the jobs)"
  echo "slurm-selftest: needs root (slurmd starts the jobs); run it with sudo" >&2
  exit 1
fi
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  ((install)) || skip "slurm-wlm and munge are not installed (scripts/slurm-selftest.sh installs them)"
  echo "slurm-selftest: installing slurm-wlm munge" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
fi

work=$(mktemp -d /tmp/boundcheck-slurm.XXXXXX)
chmod 700 "$work"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "slurm-selftest: FAILED: $*" >&2
  for f in "$work"/log/*.log "$work"/job/*.log; do
    [[ -f $f ]] && { echo "--- $f" >&2; tail -n 20 "$f" >&2; }
  done
  exit 1
}
mkdir -p "$work"/{munge,state,spool,log,job,bin}
ln -s "$exe" "$work/bin/boundcheck"
export PATH="$work/bin:$PATH"

# munge: a fresh key and socket of our own
dd if=/dev/urandom of="$work/munge/key" bs=1024 count=1 status=none
chmod 400 "$work/munge/key"
munged --foreground --force --key-file="$work/munge/key" --socket="$work/munge/sock" \
  --pid-file="$work/munge/pid" --log-file="$work/log/munged.log" --seed-file="$work/munge/seed" \
  >"$work/log/munged.out" 2>&1 &
pids+=($!)

# two free TCP ports for slurmctld and slurmd
read -r pctl pd < <(/usr/bin/python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
host=$(hostname -s)
cpus=$(nproc)
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=bcselftest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$pctl
SlurmdPort=$pd
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/sock
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
PlugStackConfig=$work/plugstack.conf
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=selftest Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
: >"$work/plugstack.conf"
for _ in $(seq 50); do [[ -S $work/munge/sock ]] && break; sleep 0.1; done
[[ -S $work/munge/sock ]] || fail "munged did not start"
slurmctld -D -c -f "$SLURM_CONF" >"$work/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$work/log/slurmd.out" 2>&1 &
pids+=($!)
up=0
for _ in $(seq 120); do
  state=$(sinfo -h -o %T 2>/dev/null || true)
  [[ $state == idle ]] && { up=1; break; }
  sleep 0.5
done
((up)) || fail "the node did not come up (sinfo: ${state:-no answer})"

# the guide's recipe, verbatim but for the names
cd "$work/job"
cat >skew.toml <<EOF
# rank bound where small d and r near d cost thousands of times more than large d
command = "rank bound"
[sweep]
d = { from = 8, to = $dmax, step = 8 }
r = [1, 2, 4, 8]
H = { from = 1, to = 1e6, per_decade = $per_decade }
EOF
readme_block() {  # the ```sh block of docs/guides/scaling.md whose text matches $1
  awk -v pat="$1" '/^```sh$/ {inb = 1; b = ""; next} inb && /^```$/ {inb = 0; if (b ~ pat) {printf "%s", b; exit}}
                   inb {b = b $0 "\n"}' "$here/docs/guides/scaling.md"
}
readme_block '#SBATCH' | sed -e 's/big\.toml/skew.toml/g' -e 's/--array=1-64/--array=1-8/' \
  -e 's#/64"#/8"#' >sweep.sh
readme_block 'dependency=afterok' | sed -e 's/big\.tex/merged.tex/' >submit.sh
grep -q -- '--array=1-8' sweep.sh && grep -q '/8"' sweep.sh && grep -q 'skew.toml' sweep.sh ||
  fail "docs/guides/scaling.md has no sbatch script of the expected shape: $(cat sweep.sh)"
grep -q 'merged.tex' submit.sh || fail "docs/guides/scaling.md has no merge step of the expected shape: $(cat submit.sh)"

start=$(date +%s.%N)
bash submit.sh
done_=0
for _ in $(seq 1200); do  # at most 10 minutes
  if [[ -z $(squeue -h -o %i 2>/dev/null) ]]; then done_=1; break; fi
  sleep 0.5
done
end=$(date +%s.%N)
((done_)) || fail "the jobs did not finish within 10 minutes: $(squeue 2>&1)"
[[ -s merged.tex ]] || fail "the dependent merge job wrote no merged.tex"
boundcheck table status part-*.json --spec skew.toml >status.txt 2>&1 || fail "table status: $(cat status.txt)"

TIMEFORMAT='%R %U %S'
{ time boundcheck table --spec skew.toml --threads 1 --max-seconds 86400 --format latex --output whole.tex \
  2>/dev/null; } 2>whole.time
read -r wall user sys <whole.time
cmp -s merged.tex whole.tex || fail "the merged table differs from the unsharded run: $(diff merged.tex whole.tex | head)"
/usr/bin/python3 - "$start" "$end" "$wall" "$user" "$sys" "$cpus" <<'EOF'
import sys
s, e, wall, user, sys_, cpus = map(float, sys.argv[1:])
print("slurm-selftest: passed: 8-task array job + dependent merge on one node with %d CPUs: %.1f s wall; "
      "unsharded (--threads 1) %.1f s wall, %.1f s CPU; speedup %.2fx; merged LaTeX identical"
      % (cpus, e - s, wall, user + sys_, wall / (e - s)))
EOF
