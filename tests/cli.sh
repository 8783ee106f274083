#!/bin/sh
# Command-line contract: --list, --print, --summary, --check, exit codes and error lines.
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$ATTNVIZ" --version | grep -q '^attnviz [0-9]' && ok "cli: --version" || fail "cli: --version"
"$ATTNVIZ" --help | grep -q -- '--summary SCENE|all' && ok "cli: --help lists --summary" || fail "cli: --help"
"$ATTNVIZ" --list > "$tmp/list"; expect_eq "cli: --list exits 0" $? 0
expect_eq "cli: --list first scene line" "$(grep -m1 '^scene' "$tmp/list")" "$(printf 'scene\t2\tonline-softmax\tOnline softmax in one pass')"
grep -q "^model	llama3-8b	Llama 3 8B	" "$tmp/list" && ok "cli: --list shows models" || fail "cli: --list shows models"

# The lesson's Example 2 and 3 output, byte for byte (the lesson text is the reference).
"$ATTNVIZ" --print online-softmax > "$tmp/os"
cat > "$tmp/os.want" <<'X'
two-pass: max 5.0, sum 1.582426
step 0: x=1.0  m=1.0  s=1.000000
step 1: x=3.0  m=3.0  s=1.135335
step 2: x=2.0  m=3.0  s=1.503215
step 3: x=5.0  m=5.0  s=1.203438
step 4: x=0.5  m=5.0  s=1.214547
step 5: x=4.0  m=5.0  s=1.582426
p[0]  two-pass 0.011574  one-pass 0.011574
p[1]  two-pass 0.085524  one-pass 0.085524
p[2]  two-pass 0.031462  one-pass 0.031462
p[3]  two-pass 0.631941  one-pass 0.631941
p[4]  two-pass 0.007020  one-pass 0.007020
p[5]  two-pass 0.232478  one-pass 0.232478
exp(1000) without subtracting the max: Infinity
X
check "cli: --print online-softmax reproduces the lesson" cmp -s "$tmp/os" "$tmp/os.want"
"$ATTNVIZ" --print 3 > "$tmp/or"
cat > "$tmp/or.want" <<'X'
key 0: m=1.0 s=1.0000 acc=(1.0000, 0.0000)
key 1: m=3.0 s=1.1353 acc=(0.1353, 1.0000)
key 2: m=3.0 s=1.5032 acc=(0.5032, 1.3679)
key 3: m=5.0 s=1.2034 acc=(2.0681, 0.1851)
key 4: m=5.0 s=1.2145 acc=(2.0681, 0.2073)
key 5: m=5.0 s=1.5824 acc=(2.4360, -0.1605)
streaming output  (1.539397, -0.101451)
reference output  (1.539397, -0.101451)
X
check "cli: --print 3 (online-row) reproduces the lesson" cmp -s "$tmp/or" "$tmp/or.want"

expect_eq "cli: sum_one_pass" "$(sval online-softmax sum_one_pass | cut -c1-8)" "1.582426"
expect_eq "cli: p.3 status" "$(sstatus online-softmax p.3)" "ok"
expect_eq "cli: online-row out.0" "$(sval online-row out.0 | cut -c1-8)" "1.539396"
expect_eq "cli: online-row out.1" "$(sval online-row out.1 | cut -c1-9)" "-0.101451"
# Other scores: one pass still equals two pass, and every p.I is there.
"$ATTNVIZ" --summary online-softmax --set x=2,-1,7,3,7.5 > "$tmp/s2"; expect_eq "cli: --set x exits 0" $? 0
expect_eq "cli: --set x gives 5 p keys" "$(grep -c '	p\.[0-9]*	' "$tmp/s2")" 5
expect_eq "cli: --set x: no FAIL" "$(grep -c 'FAIL' "$tmp/s2")" 0
want=$(awk 'BEGIN { m = 7.5; s = exp(2-m)+exp(-1-m)+exp(7-m)+exp(3-m)+exp(0); printf "%.6f", s }')
expect_eq "cli: --set x: sum_one_pass against awk" "$(awk -F'\t' '$2=="sum_one_pass"{printf "%.6f", $3}' "$tmp/s2")" "$want"
expect_eq "cli: summary has 5 columns" "$(awk -F'\t' 'NF != 5' "$tmp/s2" | wc -l)" 0

"$ATTNVIZ" --check > "$tmp/check"; expect_eq "cli: --check exits 0" $? 0
expect_eq "cli: --check reports no failure" "$(grep -c '^FAIL' "$tmp/check")" 0

# Usage errors: exit 2 and one line on stderr that names the problem.
err_case() {   # NAME WANT-IN-STDERR ARGS...
	name=$1 want=$2; shift 2
	"$ATTNVIZ" "$@" >/dev/null 2>"$tmp/err"; rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/err"; then ok "$name"
	else fail "$name (rc $rc, stderr: $(cat "$tmp/err"))"; fi
}
err_case "cli: unknown --set key" "bogus: unknown parameter (this scene has: x)" --summary online-softmax --set bogus=1
err_case "cli: malformed --set value" "attnviz: online-softmax: x: not a number: '1a'" --summary online-softmax --set x=1a,2
err_case "cli: out-of-range value" "x: 1e+06 is out of range" --summary online-softmax --set x=1e6
err_case "cli: unknown scene" "unknown scene 'nope'" --summary nope
err_case "cli: unknown option" "unknown option '--frobnicate'" --frobnicate
err_case "cli: missing argument" "needs an argument" --summary
err_case "cli: vectors and scores disagree" "values: 2 vectors for 6 scores" --summary online-row --set values=1:0,0:1
err_case "cli: vector with 3 components" "values: a vector has 2 components" --summary online-row --set values=1:0:2
err_case "cli: --set for all names no scene" "nope: unknown parameter" --summary all --set nope=1
err_case "cli: interactive without a terminal" "needs a terminal" -s 2 </dev/null
err_case "cli: unknown model" "no model 'no-such-model'" --summary online-softmax -m no-such-model
err_case "cli: dump into a missing dir" "not a directory" --dump-tensors "$tmp/missing" -s tiled
