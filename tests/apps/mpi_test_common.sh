# Sourced by the MPI tests, with $work set: a fresh work folder, Open MPI
# allowed to run as root (CI runs as root) and to put more processes than
# cores on this machine (unbound: 3 processes share 2 cores here), and the
# helpers below.
rm -rf "$work"
mkdir -p "$work"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMP_WAIT_POLICY=PASSIVE
fail() { echo "FAIL: $*" >&2; exit 1; }
# The sha256 of every tier file under a directory, by relative path.
digests() { (cd "$1" && find . -name '*.rtb' | sort | xargs sha256sum); }

# kill_a_rank TIERS COUNT OUT ERR MPIRUN ARGS...
# runs MPIRUN ARGS in the background (mpirun itself, so that its rank
# processes are its children), kills one rank process with SIGKILL once the
# folder TIERS holds COUNT tier files, and requires mpirun to fail. Sets
# `victim` (the killed process) and `left` (the tier files then).
kill_a_rank() {
  local tiers=$1 count=$2 out=$3 err=$4
  shift 4
  "$@" > "$out" 2> "$err" &
  local launcher=$!
  for _ in $(seq 1200); do
    [ "$(find "$tiers" -name '*.rtb' 2>/dev/null | wc -l)" -ge "$count" ] && break
    sleep 0.05
  done
  victim=$(pgrep -P "$launcher" -x rtb | tail -n 1)
  [ -n "$victim" ] || fail "no rank process under mpirun $launcher"
  kill -KILL "$victim"
  if wait "$launcher"; then fail "mpirun exited 0 although a rank was killed"; fi
  left=$(find "$tiers" -name '*.rtb' | wc -l)
}
