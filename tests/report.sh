#!/bin/sh
# The suite's closing lines, from the groups' logs (tests/group.sh wrote
# them into DIR, default build/check): the failures again (CI shows only
# the tail of a long run), each group's wall time, slowest first, then
# `N passed, N failed` (`, N skipped` where any).  Exit 1 on any failure,
# or when nothing passed.
dir=${1:-build/check}
logs=$(ls "$dir"/*.log 2>/dev/null)
if [ -z "$logs" ]; then
	echo "0 passed, 1 failed"
	exit 1
fi
# shellcheck disable=SC2086
cat $logs > "$dir/all.txt"
if grep -q '^not ok - ' "$dir/all.txt"; then
	echo "# what failed:"
	grep '^not ok - ' "$dir/all.txt"
fi
# A group that stopped before its last line (killed, or a script that
# exited early) has no time line: that is a failure too.
for f in $logs; do
	grep -q '^# time ' "$f" || echo "not ok - $(basename "$f" .log) did not finish" | tee -a "$dir/all.txt"
done
echo "# each group's wall and CPU seconds (they run side by side), slowest first:"
grep -h '^# time ' $logs | awk '{ printf "#   %7.1f s %7s  %s %s\n", $5, $6 == "" ? "" : $6 " s", $3, $4 }' | sort -rn -k2
passed=$(grep -c '^ok - ' "$dir/all.txt")
failed=$(grep -c '^not ok - ' "$dir/all.txt")
skipped=$(grep -c '^skip - ' "$dir/all.txt")
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
