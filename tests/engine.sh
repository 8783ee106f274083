#!/bin/sh
# A real llama.cpp against attnviz: tools/fetch-llama.sh brings the pinned
# engine (node-llama-cpp 3.22.1's prebuilt CPU libllama and the llama.cpp
# source it was built from); tests/llama_probe.c is compiled here against
# that source's headers.  For each GGUF (written by build/gguf_write with
# every tensor of its architecture, as a sparse file of the full size) and a
# matrix of deployments, llama.cpp's own KV cache log lines (cells, layers,
# streams, MiB) are compared with `attnviz --summary iswa` for the same file,
# and (buffers below) the compute and output buffers and the refusals with
# `attnviz --summary fa-engines`.
# One ok / not ok line per GGUF x group; skip lines when the engine cannot
# be had.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
: "${GGUF_WRITE:=build/gguf_write}"
: "${LLAMA_DIR:=build/llama}"
export LLAMA_DIR
if ! sh tools/fetch-llama.sh 2>/tmp/engine-fetch.$$; then
	echo "skip - engine: llama.cpp not fetched ($(head -n 1 /tmp/engine-fetch.$$))"
	rm -f /tmp/engine-fetch.$$
	exit 0
fi
rm -f /tmp/engine-fetch.$$
if [ ! -x "$GGUF_WRITE" ]; then
	fail "engine: $GGUF_WRITE was not built (make $GGUF_WRITE)"
	exit 0
fi
lib=$(cd "$LLAMA_DIR/lib" && pwd)
src="$LLAMA_DIR/src"
probe=build/llama_probe
CC=${CC:-cc}
CXX=${CXX:-c++}
if ! $CC -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -I"$src/include" -I"$src/ggml/include" -c -o $probe.o tests/llama_probe.c \
	2>build/llama_probe.err ||
	! $CXX -std=c++17 -O1 -I"$src/include" -I"$src/ggml/include" -I"$src/src" -c -o $probe-bd.o tests/llama_breakdown.cpp \
	2>>build/llama_probe.err ||
	! $CXX -o $probe $probe.o $probe-bd.o -L"$lib" -l:libllama.v0.5.0.so -l:libggml.v0.5.0.so -l:libggml-base.so \
	-Wl,-rpath,"$lib" 2>>build/llama_probe.err; then
	fail "engine: tests/llama_probe.c does not build against the fetched llama.h ($(head -n 1 build/llama_probe.err))"
	exit 0
fi
export LLAMA_LIBDIR="$lib"
d=$(mktemp -d)
[ -n "${ENGINE_KEEP:-}" ] && echo "# engine: files kept in $d" || trap 'rm -rf "$d"' EXIT

# ---- GGUFs: every tensor llama.cpp's load_tensors creates (tests/ggufs.sh) ----
. tests/ggufs.sh
models=$(model_specs "$d")

# ---- the deployments -------------------------------------------------------------
# deploys SWA GROUP: f16 = f16 K and V, flash attention on, the whole matrix
# ctx x n_seq x unified x swa_full x ubatch; nofa = f16 without flash
# attention and q8_0 = q8_0 K and V with it, both on ctx 4096 and 131072.
deploys() {
	ctxs="1000 4096 32768 131072" kt=f16 fa=1
	case $2 in
	nofa) ctxs="4096 131072" fa=0 ;;
	q8_0) ctxs="4096 131072" kt=q8_0 ;;
	esac
	for ctx in $ctxs; do
		for ns in 1 3; do
			for un in 0 1; do
				for sf in 0 1; do
					[ "$1" = swa ] || [ $sf -eq 0 ] || continue
					for ub in 512 2048; do
						echo "ctx=$ctx n_seq=$ns unified=$un swa_full=$sf ubatch=$ub fa=$fa k=$kt v=$kt"
					done
				done
			done
		done
	done
}

# The real engine's own time: the wall seconds the suite waits for the probe,
# summed at the end (the issue holds the probe to a minute of the suite's
# time).  A line of probe.times: start, end, the runs in that span and
# the contexts they created.
probe_run() {
	t0=$(date +%s.%N)
	"$probe" "$@"
	rc=$?
	echo "$t0 $(date +%s.%N) 1 $(($# - 1))" >>"$d/probe.times"
	return $rc
}
# plan F O: a probe run to make later: llama.cpp on the GGUF F with the
# deployments of O.deploys, its output in O.out and O.err, its exit status
# in O.rc.  run_planned makes all those planned: one run per GGUF for all
# its groups, a deployment two groups share created once (the f16 group
# and the buffers' share ctx 1000 and 32768 with flash attention, the
# recurrent state's are the f16 group's), then each group's lines taken
# out of that run's, numbered as in its own list.  The runs go as many at
# a time as the machine has cores: each is one process creating its
# contexts one after another, bound by one core (llama.cpp's graph
# building), so two side by side take the time of one on two cores.
plan() { echo "$1 $2" >>"$d/jobs"; }
run_planned() {
	[ -s "$d/jobs" ] || return 0
	t0=$(date +%s.%N)
	awk '{ print $1 }' "$d/jobs" | awk '!seen[$0]++' >"$d/jobs.gguf"
	while read -r f; do
		awk -v f="$f" '$1 == f { print $2 ".deploys" }' "$d/jobs" | xargs cat | awk '!seen[$0]++' >"$f.all.deploys"
		echo "$f"
	done <"$d/jobs.gguf" |
		xargs -P "$jobs" -n 1 sh -c '"$0" "$1" <"$1.all.deploys" >"$1.all.out" 2>"$1.all.err"; echo $? >"$1.all.rc"' "$probe"
	while read -r f o; do
		cp "$f.all.rc" "$o.rc"
		cp "$f.all.err" "$o.err"
		# each deployment's lines, renumbered to its place in O.deploys, in that order
		awk -F'\t' -v OFS='\t' 'NR == FNR { want[$0] = n++; next }
			$1 != "D" { print; next }
			$3 == "deploy" { cur = ($4 in want) ? want[$4] : -1 }
			cur >= 0 { $2 = cur; rec[cur] = rec[cur] $0 "\n" }
			END { for (i = 0; i < n; i++) printf "%s", rec[i] }' "$o.deploys" "$f.all.out" >"$o.out"
	done <"$d/jobs"
	n=$(cat "$d"/*.all.deploys | wc -l)
	echo "$t0 $(date +%s.%N) $(wc -l <"$d/jobs.gguf") $n" >>"$d/probe.times"
	rm -f "$d"/*.all.deploys
	: >"$d/jobs"
}
jobs=${ENGINE_JOBS:-$(nproc 2>/dev/null || echo 2)}
# probed O: the planned run O exited 0
probed() { [ "$(cat "$1.rc" 2>/dev/null)" = 0 ]; }
# plan_compare M GROUP: compare's deployments for GROUP (f16, nofa, q8_0)
plan_compare() {
	swa=no
	grep -q sliding_window "$d/$1.spec" && swa=swa
	case $1 in gemma2* | llama4*) swa=swa ;; esac
	deploys $swa "$2" >"$d/$1.$2.deploys"
	plan "$d/$1.gguf" "$d/$1.$2"
}
# compare M GROUP: probe llama.cpp on $d/M.gguf, then attnviz, one ok / not ok line.
# The cache types go to iswa as -ctk and -ctv (k_type, v_type): q8_0's bytes
# are compared as f16's are.
compare() {
	m=$1 g=$2 f="$d/$1.gguf" o="$d/$1.$2"
	if ! probed "$o"; then
		fail "engine: $m: llama.cpp does not load the GGUF ($(grep -i 'error\|failed\|exception' "$o.err" | head -n 2 | tr '\n' ' '))"
		return
	fi
	if ! grep -q '^defaults ok' "$o.out"; then
		fail "engine: llama_context_default_params through the fetched llama.h: $(head -n 1 "$o.out")"
		return
	fi
	# One line per deployment: its words | n_ctx | cells layers streams MiB of
	# the first (non-SWA) cache, then of the SWA cache | llama.cpp's refusal
	awk -F'\t' '
		$1 == "D" && $3 == "deploy" { n = $2; dep[n] = $4; nd = n + 1 }
		$1 == "D" && $3 == "ctx" && $4 == "n_ctx" { nctx[$2] = $5 }
		$1 == "D" && $3 == "kv" { k = $2; kvn[k]++; kv[k, kvn[k]] = $4 " " $5 " " $7 " " $8 }
		$1 == "D" && $3 == "error" { err[$2] = $4 }
		$1 == "D" && $3 == "log" && err[$2] == "" && $4 ~ /(failed|not supported|requires|cannot)/ { why[$2] = $4 }
		END {
			for (i = 0; i < nd; i++) {
				a = (i, 1) in kv ? kv[i, 1] : "- - - -"
				b = (i, 2) in kv ? kv[i, 2] : "0 0 - 0.00"
				e = (i in err) ? err[i] ((i in why) ? ": " why[i] : "") : ""
				printf "%s|%s|%s %s|%s\n", dep[i], (i in nctx) ? nctx[i] : "-", a, b, e
			}
		}' "$o.out" >"$o.llama"
	# A deployment's iswa --set arguments, and the file that holds its
	# summary, shared by the groups
	args='function args(dep,   w, i, a) {
		split(dep, w, " "); a = ""
		for (i = 1; i in w; i++)
			if (w[i] ~ /^(ctx|n_seq|unified|swa_full|ubatch|fa)=/) a = a " --set " w[i]
			else if (w[i] ~ /^[kv]=/) a = a " --set " substr(w[i], 1, 1) "_type=" substr(w[i], 3)
		return a }
	function sumfile(a,   n) { n = substr(a, 2); gsub(/[^a-z0-9_]/, "_", n); return d "/" m ".sum." n }'
	# attnviz's summary of every deployment not asked yet, from one process
	# (--batch), each into the file the comparison reads
	awk -F'|' -v d="$d" -v m="$m" -v f="$f" -v cmds="$o.cmds" -v sums="$o.sums" "$args"'
		{ a = args($1); s = sumfile(a) }
		s in asked { next }
		{ asked[s] = 1; if ((getline x < s) >= 0) { close(s); next }
		  print "--summary iswa -m '\''" f "'\''" a > cmds; print s > sums }
		END { printf "" > cmds; printf "" > sums }' "$o.llama"
	"$ATTNVIZ" --batch <"$o.cmds" 2>&1 | awk 'NR == FNR { name[++n] = $0; next }
		/^\036/ { close(name[k + 1]); k++; next } { print > name[k + 1] }' "$o.sums" -
	# each deployment's numbers, llama.cpp's against attnviz's
	set -- $(awk -F'|' -v d="$d" -v m="$m" -v g="$g" -v badf="$o.bad" "$args"'
		function pair(what, lv, av) {
			n++
			if ((lv "") == (av "")) { good++; return }
			if (++nbad <= 4) bad = bad "; [" dep "] " what " llama.cpp " lv " attnviz " av (err != "" ? " (llama.cpp: " err ")" : "")
		}
		{
			dep = $1; lctx = $2; err = $4; split($3, l, " ")
			s = sumfile(args(dep)); split("", v)
			while ((getline x < s) > 0) {
				split(x, c, "\t")
				if (c[2] ~ /^(n_ctx|streams|global_layers|local_layers|swa_cells)$/) v[c[2]] = c[3]
				if (c[2] ~ /^(global|local)_bytes$/) v[c[2]] = sprintf("%.2f", c[3] / 1048576)
			}
			close(s)
			cells = v["streams"] > 0 ? int(v["n_ctx"] / v["streams"]) : "-"
			pair("n_ctx", lctx, v["n_ctx"]); pair("cells", l[1], cells)
			pair("streams", l[3], v["streams"]); pair("global_layers", l[2], v["global_layers"])
			pair("swa_cells", l[5], v["swa_cells"]); pair("local_layers", l[6], v["local_layers"])
			pair("global_MiB", l[4], v["global_bytes"]); pair("local_MiB", l[8], v["local_bytes"])
		}
		END {
			if (nbad > 4) bad = bad "; ... " nbad - 4 " more"
			printf "%s", bad > badf
			print n + 0, good + 0
		}' "$o.llama")
	n=$1 good=$2 bad=$(cat "$o.bad")
	total=$((total + n)) agree=$((agree + good))
	nd=$(wc -l <"$o.llama")
	case $g in
	f16) what="f16, flash attention" ;;
	nofa) what="f16, no flash attention" ;;
	q8_0) what="q8_0 K and V, flash attention" ;;
	esac
	if [ -z "$bad" ]; then
		ok "engine: $m: $what: $nd deployments, $good of $n numbers agree with llama.cpp"
	else
		fail "engine: $m: $what: $nd deployments, $good of $n numbers agree with llama.cpp$bad"
	fi
}

# compare_rs M: a hybrid's recurrent state.  llama.cpp logs
# "llama_memory_recurrent: size = X MiB (N cells, ...), R (f32): r MiB, S (f32): s MiB";
# attnviz's iswa scene gives recurrent_bytes (all R and S) for the same deployment.
# The state does not grow with the context: ctx 4096 and 131072 alike.
plan_rs() {
	for ctx in 4096 131072; do
		for ns in 1 3; do
			echo "ctx=$ctx n_seq=$ns unified=0 swa_full=0 ubatch=512 fa=1 k=f16 v=f16"
		done
	done >"$d/$1.rs.deploys"
	plan "$d/$1.gguf" "$d/$1.rs"
}
compare_rs() {
	m=$1 f="$d/$1.gguf" o="$d/$1.rs"
	if ! probed "$o"; then
		fail "engine: $m: llama.cpp does not load the GGUF for the recurrent state"
		return
	fi
	awk -F'\t' '$3 == "deploy" { dep[$2] = $4 }
		$3 == "log" && $4 ~ /llama_memory_recurrent: size =/ {
			l = $4; sub(/.*size = */, "", l); mib = l + 0
			c = l; sub(/^[^(]*\( */, "", c); cells = c + 0
			print dep[$2] "|" sprintf("%.2f", mib) "|" cells }' "$o.out" >"$o.llama"
	n=0 bad=""
	while IFS='|' read -r dep lmib lcells; do
		args=""
		for w in $dep; do
			case $w in ctx=* | n_seq=*) args="$args --set $w" ;; esac
		done
		# shellcheck disable=SC2086
		amib=$("$ATTNVIZ" --summary iswa -m "$f" $args | awk -F'\t' '$2 == "recurrent_bytes" { printf "%.2f", $3 / 1048576 }')
		ns=${dep#*n_seq=}; ns=${ns%% *}
		n=$((n + 1))
		[ "$lmib" = "$amib" ] && [ "$lcells" = "$ns" ] || bad="$bad; [$dep] llama.cpp $lmib MiB in $lcells cells, attnviz $amib MiB"
	done <"$o.llama"
	if [ "$n" -eq 4 ] && [ -z "$bad" ]; then
		ok "engine: $m: recurrent state: 4 deployments, the MiB and cells (one per sequence) agree with llama.cpp"
	else
		fail "engine: $m: recurrent state: $n of 4 deployments read$bad"
	fi
}

# compare_dsa M: llama_kv_cache_dsa logs two llama_kv_cache lines, the
# latent's and the indexer's, on the same cells and layers; attnviz's iswa
# total_bytes holds both.
plan_dsa() {
	for ctx in 4096 131072; do
		for ns in 1 3; do
			for un in 0 1; do
				echo "ctx=$ctx n_seq=$ns unified=$un swa_full=0 ubatch=512 fa=1 k=f16 v=f16"
			done
		done
	done >"$d/$1.dsa.deploys"
	plan "$d/$1.gguf" "$d/$1.dsa"
}
compare_dsa() {
	m=$1 f="$d/$1.gguf" o="$d/$1.dsa"
	if ! probed "$o"; then
		fail "engine: $m: llama.cpp does not load the GGUF ($(grep -i 'error' "$o.err" | head -n 1))"
		return
	fi
	awk -F'\t' '$3 == "deploy" { dep[$2] = $4; nd = $2 + 1 }
		$3 == "kv" { n[$2]++; cells[$2] = cells[$2] " " $4; layers[$2] = layers[$2] " " $5; mib[$2] += $8 }
		END { for (i = 0; i < nd; i++) printf "%s|%d|%s|%s|%.2f\n", dep[i], n[i], cells[i], layers[i], mib[i] }' \
		"$o.out" >"$o.llama"
	k=0 bad=""
	while IFS='|' read -r dep nkv lcells llayers lmib; do
		args=""
		for w in $dep; do
			case $w in ctx=* | n_seq=* | unified=*) args="$args --set $w" ;; esac
		done
		# shellcheck disable=SC2086
		eval "$("$ATTNVIZ" --summary iswa -m "$f" $args | awk -F'\t' '
			$2 == "n_ctx" || $2 == "streams" || $2 == "global_layers" { print "a_" $2 "=" $3 }
			$2 == "total_bytes" { printf "a_mib=%.2f\n", $3 / 1048576 }')"
		c=$((a_n_ctx / a_streams))
		k=$((k + 1))
		want="2| $c $c| $a_global_layers $a_global_layers"
		# llama.cpp rounds each cache's MiB to 2 places: their sum is within 0.01 of the total's
		if [ "$nkv|$lcells|$llayers" != "$want" ] ||
			! awk -v l="$lmib" -v a="$a_mib" 'BEGIN { d = l - a; exit !(d <= 0.0100001 && d >= -0.0100001) }'; then
			bad="$bad; [$dep] llama.cpp $nkv|$lcells|$llayers|$lmib MiB attnviz $want|$a_mib MiB"
		fi
	done <"$o.llama"
	if [ $k -eq 8 ] && [ -z "$bad" ]; then
		ok "engine: $m: latent and indexer caches: 8 deployments, cells, layers and MiB agree with llama.cpp"
	else
		fail "engine: $m: latent and indexer caches: $k of 8 deployments read$bad"
	fi
}

# buffers M: the compute and output buffers and the refusals of llama.cpp against
# attnviz's fa-engines (src/size/buffers.c) over fa on/off, ctx < and > ubatch,
# n_seq 1/3/4, unified, swa_full, and K/V cache types (attnviz reads the types from
# the GGUF exported as INI with its [cache] lines changed).  The compute buffer
# (llama_get_memory_breakdown, bytes) must be within 2 %, the output buffer the
# log's MiB to the hundredth, a refusal on both sides or neither.
plan_buffers() {
	m=$1 o="$d/$1.buf"
	swa=no
	grep -q sliding_window "$d/$m.spec" && swa=swa
	sfs=0
	[ $swa = swa ] && sfs="0 1"
	: >"$o.deploys"
	for ctx in 1000 32768; do
		for ns in 1 3 4; do
			for un in 0 1; do
				for sf in $sfs; do
					for fa in 0 1; do
						for ub in 512 2048; do
							echo "ctx=$ctx n_seq=$ns unified=$un swa_full=$sf ubatch=$ub fa=$fa k=f16 v=f16"
						done
					done
				done
			done
		done
	done >>"$o.deploys"
	for kv in "q8_0 q8_0" "f16 q8_0" "q8_0 f16"; do
		set -- $kv
		for fa in 0 1; do
			echo "ctx=4096 n_seq=1 unified=0 swa_full=0 ubatch=512 fa=$fa k=$1 v=$2"
		done
	done >>"$o.deploys"
	# the rotated cache at longer contexts, where best fit moves the logits
	echo "ctx=16384 n_seq=1 unified=0 swa_full=0 ubatch=512 fa=1 k=q4_0 v=q4_0" >>"$o.deploys"
	echo "ctx=32768 n_seq=1 unified=0 swa_full=0 ubatch=2048 fa=1 k=q8_0 v=q8_0" >>"$o.deploys"
	plan "$d/$m.gguf" "$o"
}
buffers() {
	m=$1 f="$d/$1.gguf" o="$d/$1.buf"
	# deploy words | compute bytes | output MiB | refused (1/0)
	awk -F'\t' '
		$1 == "D" && $3 == "deploy" { n = $2; dep[n] = $4; nd = n + 1 }
		$1 == "D" && $3 == "bytes" { cb[$2] = $6 }
		$1 == "D" && $3 == "buffer" && $4 == "CPU_output" { ob[$2] = $5 }
		$1 == "D" && $3 == "error" { err[$2] = 1 }
		END { for (i = 0; i < nd; i++) printf "%s|%s|%s|%d\n", dep[i], cb[i], ob[i], err[i] + 0 }' "$o.out" >"$o.llama"
	# attnviz: one fa-engines run per deployment of the cache (both -ub, -fa
	# on and off), all from one process (tests/lib.sh answers), its numbers
	# in a table; a cache type's model is the GGUF exported as INI with its
	# [cache] changed, written once
	: >"$o.attnviz"
	awk -F'|' '{ print $1 }' "$o.llama" | awk '{ for (i = 1; i <= NF; i++) if ($i !~ /^(ubatch|fa)=/) printf "%s ", $i; print "" }' |
		sort -u >"$o.keys"
	rm -rf "$o.ans" && mkdir "$o.ans"
	n=0
	while read -r w1 w2 w3 w4 w5 w6; do
		n=$((n + 1))
		mf=$f kt=${w5#k=} vt=${w6#v=}
		if [ "$kt $vt" != "f16 f16" ]; then
			mf="$d/$m.$kt.$vt.ini"
			[ -f "$mf" ] || "$ATTNVIZ" --export-model -m "$f" | sed "s/^k_type .*/k_type = $kt/; s/^v_type .*/v_type = $vt/" >"$mf"
		fi
		echo "$n --summary fa-engines -m $mf --set $w1 --set $w2 --set $w3 --set $w4 --set ubatch=512,2048"
	done <"$o.keys" >"$o.cmds"
	answers "$o.ans" <"$o.cmds"
	n=0
	while read -r w1 w2 w3 w4 w5 w6; do
		n=$((n + 1))
		awk -v key="$w1 $w2 $w3 $w4 $w5 $w6" -F'\t' '
				$2 ~ /^compute_(on|off)_bytes\./ { print key "\t" $2 "\t" $3 }
				$2 == "compute_modelled" { print key "\tmodelled\t" $3 }
				$2 == "output_bytes" { printf "%s\toutput\t%.2f\n", key, $3 / 1048576 }
				$1 ~ /^attnviz: / { print key "\terror\t" $0 }' "$o.ans/$n" >>"$o.attnviz"
	done <"$o.keys"
	eval "$(awk -v m="$m" -v tol="${ENGINE_TOL:-2}" -v tol_est="${ENGINE_TOL_EST:-20}" '
		NR == FNR { a[$1 "|" $2] = $3; next }
		{
			split($1, w, " "); key = ""; ub = ""; fa = ""
			for (i = 1; i in w; i++) if (w[i] ~ /^ubatch=/) ub = substr(w[i], 8); else if (w[i] ~ /^fa=/) fa = substr(w[i], 4); else key = key w[i] " "
			sub(/ $/, "", key)
			acb = a[key "|compute_" (fa == 1 ? "on" : "off") "_bytes." ub]
			aref = acb == "" ? 1 : 0
			n++
			if (aref != $4) { bad[++nb] = "[" $1 "] refused by " ($4 ? "llama.cpp" : "attnviz") " only"; next }
			if ($4) { nref++; next }
			if (a[key "|output"] != $3) bad[++nb] = "[" $1 "] output llama.cpp " $3 " MiB attnviz " a[key "|output"]
			e = (acb - $2) / $2 * 100; if (e < 0) e = -e
			if (e > worst) { worst = e; wdep = $1 ": llama.cpp " $2 " B, attnviz " acb " B" }
			# modelled: within tol (2 %); estimated (MoE, MLA latent): within tol_est, the bound README states
			t = a[key "|modelled"] == 1 ? tol : tol_est
			if (a[key "|modelled"] != 1) { est = 1; if (e > west) west = e } else { nmod++; if (e > wmod) wmod = e }
			if (e > t) bad[++nb] = sprintf("[%s] compute llama.cpp %s B attnviz %s B (%.2f %% > %s %%)", $1, $2, acb, e, t)
		}
		END {
			b = ""; for (i = 1; i <= nb && i <= 4; i++) b = b "; " bad[i]
			if (nb > 4) b = b "; ... " nb - 4 " more"
			printf "n=%d nref=%d nbad=%d worst=%.3f nmod=%d wmod=%.3f west=%.3f est=%d wdep=\"%s\" bad=\"%s\"\n", n, nref, nb, worst, nmod, wmod, west, est, wdep, b
		}' FS='\t' "$o.attnviz" FS='|' "$o.llama")"
	if [ "${n:-0}" -eq 0 ]; then
		fail "engine: $m: buffers: no deployment compared"
		return
	fi
	echo "# engine: $m: worst compute error $worst % [$wdep]; modelled deployments $wmod %, estimated $west %"
	if [ -z "$bad" ]; then
		lim="${ENGINE_TOL:-2} % where modelled (worst $wmod %)"
		[ "$est" = 1 ] && lim="$lim, ${ENGINE_TOL_EST:-20} % where estimated (worst $west %)"
		[ "$nmod" = 0 ] && lim="${ENGINE_TOL_EST:-20} %, estimated everywhere (worst $west %)"
		ok "engine: $m: buffers: $n deployments ($nref refused by both), compute within $lim, output exact"
	else
		fail "engine: $m: buffers: $n deployments, $nbad differ$bad"
	fi
}

# ENGINE_MODELS="a b": only those (a quicker run while working on one family)
models=${ENGINE_MODELS:-$models}
# --reconcile's fixtures: the probe's own logs (tests/reconcile-fixtures.sh).
# (their runs are counted in the probe's time, with the GGUFs they write)
t0=$(date +%s.%N)
. tests/reconcile-fixtures.sh
n=$(grep -c '^[a-z]' tests/reconcile/fixtures.list)
echo "$t0 $(date +%s.%N) $n $n" >>"$d/probe.times"
[ "${ENGINE_FIXTURES:-}" = write ] && exit 0

total=0 agree=0
recurrent() { case $1 in qwen3-next* | granite-hybrid* | nemotron-h* | lfm2* | jamba* | falcon-h1* | qwen3.5*) return 0 ;; esac; return 1; }
deepseek32 >"$d/deepseek-v3.2.spec"
glm5 >"$d/glm-5.spec"
# Every GGUF written and every probe run planned, then run together; a GGUF
# that cannot be written is removed, its groups not planned nor compared.
for m in $models deepseek-v3.2 glm-5; do
	if ! "$GGUF_WRITE" "$d/$m.gguf" <"$d/$m.spec"; then
		fail "engine: $m: writing the GGUF"
		rm -f "$d/$m.gguf"
		continue
	fi
	case $m in
	deepseek-v3.2 | glm-5) plan_dsa "$m" ;;
	*)
		for g in f16 nofa q8_0; do
			plan_compare "$m" $g
		done
		! recurrent "$m" || plan_rs "$m"
		;;
	esac
	plan_buffers "$m"
done
run_planned
for m in $models; do
	[ -f "$d/$m.gguf" ] || continue
	for g in f16 nofa q8_0; do
		compare "$m" $g
	done
	buffers "$m"
	! recurrent "$m" || compare_rs "$m"
done
for m in deepseek-v3.2 glm-5; do
	[ -f "$d/$m.gguf" ] || continue
	compare_dsa $m
	# the compute buffer with the indexer's top-k leaves (src/graph/compute_dsa_replay.c)
	buffers $m
done
# The same model as GGUF, INI (assets/models) and config.json (tests/hf): every
# size of the iswa scene identical (a hybrid's recurrent state too), over a
# few deployments, all asked of one process (tests/lib.sh answers).
rm -rf "$d/same" && mkdir "$d/same"
for m in $models deepseek-v3.2 glm-5; do
	ini=assets/models/$m.ini hf=tests/hf/$m
	[ -f "$d/$m.gguf" ] && [ -f "$ini" ] && [ -f "$hf/config.json" ] || continue
	echo "$m" >>"$d/same/.models"
	i=0
	for dep in "ctx=4096" "ctx=131072" "ctx=100000 n_seq=3 ubatch=513" "ctx=32768 n_seq=4 unified=1 swa_full=1"; do
		i=$((i + 1))
		args=""
		for w in $dep; do args="$args --set $w"; done
		echo "$m.$i.gguf --summary iswa -m $d/$m.gguf$args"
		echo "$m.$i.ini --summary iswa -m $ini$args"
		echo "$m.$i.hf --summary iswa -m $hf$args"
	done
done >"$d/same/.lines"
answers "$d/same" <"$d/same/.lines"
# each answer's sizes, KEY=VALUE a line, into NAME.sizes
awk -F'\t' 'FNR == 1 { if (out != "") close(out); out = FILENAME ".sizes"; printf "" > out }
	$2 ~ /^(n_ctx|streams|global_layers|local_layers|swa_cells|global_bytes|local_bytes|total_bytes|recurrent_layers|recurrent_bytes)$/ {
		print $2 "=" $3 > out }' "$d/same"/*.gguf "$d/same"/*.ini "$d/same"/*.hf
while read -r m; do
	same=0 diff=""
	i=0
	for dep in "ctx=4096" "ctx=131072" "ctx=100000 n_seq=3 ubatch=513" "ctx=32768 n_seq=4 unified=1 swa_full=1"; do
		i=$((i + 1))
		s="$d/same/$m.$i"
		if cmp -s "$s.gguf.sizes" "$s.ini.sizes" && cmp -s "$s.gguf.sizes" "$s.hf.sizes" && [ -s "$s.gguf.sizes" ]; then
			same=$((same + 1))
		else
			diff="$diff; [$dep] gguf $(tr '\n' ' ' <"$s.gguf.sizes")| ini $(tr '\n' ' ' <"$s.ini.sizes")| config.json $(tr '\n' ' ' <"$s.hf.sizes")"
		fi
	done
	if [ -z "$diff" ]; then
		ok "engine: $m: GGUF, INI and config.json give the same sizes ($same deployments)"
	else
		fail "engine: $m: GGUF, INI and config.json differ$diff"
	fi
done <"$d/same/.models"
# The weights under llama-quantize types: a shipped INI and its config.json
# (tests/hf) are sized from the tensors their architecture's loader creates
# (src/model/wshapes.c); the GGUF above, which llama.cpp loaded, from its
# own tensor infos (the same GGUFs' totals equal llama_model_quantize's dry
# run in tests/quant.sh).  Every family with a tensor list, four types.
rm -rf "$d/w" && mkdir "$d/w"
wtypes="Q4_K_M IQ2_XS Q6_K MXFP4_MOE"
wmodels="llama3-8b mistral-7b gemma3-27b gemma2-9b qwen2.5-7b gpt-oss-20b mistral-small-3.1 smollm3-3b phi-4-mini
	command-r7b olmo2-7b deepseek-v2-lite kimi-k2"
for m in $wmodels; do
	hf=tests/hf/$m
	[ "$m" = mistral-7b ] && hf=tests/hf/mistral-7b-v0.1
	for t in $wtypes; do
		echo "$m.$t.gguf --summary memory -m $d/$m.gguf --set weights=$t"
		echo "$m.$t.ini --summary memory -m assets/models/$m.ini --set weights=$t"
		# DeepSeek-V2-Lite has no config.json in tests/hf
		[ -d "$hf" ] && echo "$m.$t.hf --summary memory -m $hf --set weights=$t"
	done
done >"$d/w/.lines"
answers "$d/w" <"$d/w/.lines"
# NAME.TYPE.FORMAT VALUE a line
awk -F'\t' '$2 == "weights_bytes" { n = split(FILENAME, p, "/"); print p[n], $3 }' \
	"$d/w"/*.gguf "$d/w"/*.ini $(ls "$d/w"/*.hf 2>/dev/null) >"$d/w/.all"
for m in $wmodels; do
	res=$(awk -v m="$m." 'index($1, m) == 1 { k = substr($1, length(m) + 1); f = k; t = k
			sub(/^[^.]*\./, "", f); sub(/\..*$/, "", t); v[t, f] = $2; ts[t] = 1 }
		END { for (t in ts) { n++
			if (v[t, "gguf"] == "" || v[t, "gguf"] != v[t, "ini"] || ((t, "hf") in v && v[t, "gguf"] != v[t, "hf"]))
				bad = bad "; " t ": GGUF " v[t, "gguf"] ", INI " v[t, "ini"] ", config.json " v[t, "hf"] }
		      print n + 0 bad }' "$d/w/.all")
	n=${res%%;*}
	[ "$res" = "$n" ] && [ "$n" -eq 4 ] &&
		ok "engine: $m: weights in $n llama-quantize types, the same from the INI's shapes (and config.json's where tests/hf has one) as from the GGUF" ||
		fail "engine: $m: weights differ ($res)"
done
# One deployment (DESIGN section 2): every model scene reads -c, -np and -fa
# alike, so the DeciLM's cache (layers of 0 to 4 KV heads, V rows padded to
# the widest without flash attention) is one number in all of them, the
# memory scene's being the one held against llama.cpp above.
for fa in 1 0; do
	want=$(sval memory kv_bytes -m "$d/deci-8l.gguf" --set ctx=1000 --set n_seq=3 --set fa=$fa)
	got=""
	for k in "gqa kv_gib_at_ctx" "mla-bytes model_gib_at_ctx" "cost kv_gib.1000" "iswa total_bytes"; do
		v=$(sval ${k% *} ${k#* } -m "$d/deci-8l.gguf" --set ctx=1000 --set n_seq=3 --set fa=$fa)
		case $k in *gib*) v=$(awk -v x="$v" 'BEGIN { printf "%.0f", x * 2^30 }') ;; esac
		got="$got ${k% *}=$v"
	done
	expect_eq "engine: deci-8l -c 1000 -np 3 -fa $fa: gqa, mla-bytes, cost and iswa give memory's KV bytes ($want)" \
		"$got" " gqa=$want mla-bytes=$want cost=$want iswa=$want"
done
# DeepSeek-V3 (no GGUF here): its INI and config.json agree
expect_eq "engine: deepseek-v3: Q4_K_M the same from the INI's and config.json's shapes" \
	"$(sval memory weights_bytes -m deepseek-v3)" "$(sval memory weights_bytes -m tests/hf/deepseek-v3 --set weights=Q4_K_M)"
# a family without a tensor list is estimated, and says so
expect_eq "engine: qwen3-next-80b: Q4_K_M estimated from params (no tensor list for qwen3next)" \
	"$("$ATTNVIZ" --explain memory -m qwen3-next-80b | grep -c 'no tensor list for qwen3next')" 1

# What llama.cpp refuses (attnviz's iswa scene takes no cache type for a GGUF,
# so there is no attnviz figure to hold against these: noted, not counted).
for m in llama3-8b deepseek-v2-lite; do
	[ -f "$d/$m.gguf" ] || continue
	probe_run "$d/$m.gguf" "ctx=4096 fa=0 k=q8_0 v=q8_0" "ctx=4096 fa=1 k=f16 v=q8_0" 2>/dev/null |
		awk -F'\t' -v m="$m" '$3 == "deploy" { dep[$2] = $4 } $3 == "log" && $4 ~ /llama_init_from_model: / { sub(/^llama_init_from_model: /, "", $4); why[$2] = $4 }
			$3 == "error" { print "# engine: " m ": llama.cpp refuses [" dep[$2] "]: " why[$2] }
			$3 == "kv" { print "# engine: " m ": llama.cpp accepts [" dep[$2] "]: " $4 " cells, K " $9 " " $10 " MiB, V " $11 " " $12 " MiB" }'
done
echo "# engine: $agree of $total numbers agree"

# ---- --fit: the total at max_ctx against llama.cpp -------------------------------
# For each GGUF and cache type, attnviz --fit at a budget a few GiB above the
# weights gives max_ctx and its terms; llama.cpp is run at that -c with that
# cache type.  The weights must be exact (llama_model_size, every tensor's
# bytes); the KV cache as llama.cpp logs it (MiB, 2 decimals); the total
# (weights + KV + compute + output) within 2 % of llama.cpp's compute buffer
# of llama.cpp's model + context + compute (llama_get_memory_breakdown's
# terms, as the CPU backend logs them) plus its output buffer.
# attnviz --fit for every GGUF first, then llama.cpp at each max_ctx (planned runs, together)
for m in $models; do
	f="$d/$m.gguf"
	[ -f "$f" ] || continue
	w=$("$ATTNVIZ" --fit 1000GiB -m "$f" --format tsv | awk -F'\t' '$1 == "f16" { print $3 }')
	echo $(( (w >> 30) + 4 ))GiB >"$d/$m.fitmem"
	"$ATTNVIZ" --fit "$(cat "$d/$m.fitmem")" -m "$f" --format tsv | tail -n +2 >"$d/$m.fit"
	while IFS="$(printf '\t')" read -r t mctx rest; do
		[ "$mctx" = 0 ] && continue
		echo "ctx=$mctx fa=1 swa_full=0 k=$t v=$t" >"$d/$m.$t.fit.deploys"
		plan "$f" "$d/$m.$t.fit"
	done <"$d/$m.fit"
done
run_planned
for m in $models; do
	f="$d/$m.gguf"
	[ -f "$f" ] || continue
	mem=$(cat "$d/$m.fitmem")
	# each cache type's compute mark (modelled: 2 %, estimated: 20 %, as the buffers group)
	"$ATTNVIZ" --fit "$mem" -m "$f" | awk '/^[a-z0-9_]+ \(K / { t = $1 } $1 == "compute" && t != "" { print t, $NF }' >"$d/$m.fitmark"
	while IFS="$(printf '\t')" read -r t mctx wb kvb rb cb ob tb flags; do
		if [ "$mctx" = 0 ]; then
			echo "# engine: --fit $m $t at $mem: nothing fits (or refused): not probed"
			continue
		fi
		tol=0.02
		[ "$(awk -v t="$t" '$1 == t { print $2 }' "$d/$m.fitmark")" = estimated ] && tol=0.20
		got=$(awk -F'\t' -v wb="$wb" -v kvb="$kvb" -v cb="$cb" -v ob="$ob" -v tb="$tb" -v tol="$tol" '
			$1 == "model_size" { ms = $2 }
			$1 == "D" && $3 == "kv" { kv += $8 }
			$1 == "D" && $3 == "buffer" && $4 == "CPU_compute" { comp = $5 }
			$1 == "D" && $3 == "buffer" && $4 == "CPU_output" { outb = $5 }
			$1 == "D" && $3 == "log" && $4 ~ /llama_memory_recurrent: size =/ { l = $4; sub(/.*size = */, "", l); rs += l + 0 }
			END {
				mib = 1048576
				if (ms == "" || comp == "") { print "llama.cpp gave no model size or compute buffer"; exit }
				lt = ms + kv * mib + rs * mib + comp * mib + outb * mib
				d = tb - lt; if (d < 0) d = -d
				if (ms != wb) print "weights " wb " != llama_model_size " ms
				else if (kvb / mib - kv > 0.01 || kv - kvb / mib > 0.01) print "KV " kvb / mib " MiB != llama.cpp " kv " MiB"
				else if (d > tol * comp * mib + 0.03 * mib)
					printf "total %.0f != llama.cpp %.0f (model %.0f + KV %.2f MiB + compute %.2f MiB + output %.2f MiB): off by %.2f MiB, more than %d %% of the compute buffer (attnviz compute %.2f MiB)\n", tb, lt, ms, kv, comp, outb, d / mib, tol * 100, cb / mib
				else print "ok"
			}' "$d/$m.$t.fit.out")
		expect_eq "engine: --fit $mem -m $m: $t max_ctx $mctx: weights exact, KV and total as llama.cpp's" "$got" ok
	done <"$d/$m.fit"
done
# ---- every architecture llama.cpp's own saver writes -----------------------------
# tests/archs: the tiny model of each architecture that llama.cpp's
# tests/test-llama-archs -o saves through llama_model_saver
# (tools/llama-archs.sh), recreated from the headers kept there.  For each
# file attnviz sizes, its KV and recurrent bytes against the bytes the real
# engine's context holds (llama_get_memory_breakdown: every cache, exact)
# at a few deployments; for each file it refuses, the reason is counted.
# (the last two: quantized caches at a smaller ubatch, which sizes a sliding
# window's cells, and a batch above the context, which llama.cpp caps)
archdeps="ctx=4096 n_seq=1 fa=1 swa_full=0|ctx=32768 n_seq=2 fa=1 swa_full=0|ctx=1000 n_seq=3 unified=1 fa=0 swa_full=0|ctx=8192 n_seq=4 fa=1 swa_full=1|\
ctx=3000 n_seq=2 ubatch=256 k_type=q8_0 v_type=q8_0 fa=1 swa_full=0|ctx=2500 n_seq=1 ubatch=128 n_batch=4096 k_type=q4_0 fa=0 swa_full=0"
# the same in the probe's words (tests/llama_probe.c)
probedeps=$(echo "$archdeps" | sed 's/k_type=/k=/g; s/v_type=/v=/g; s/n_batch=/batch=/g')
if sh tests/archs/recreate.sh "$d/archs" 2>"$d/archs.err"; then
	rm -rf "$d/archs.ans" && mkdir "$d/archs.ans"
	for f in "$d"/archs/*.gguf; do
		n=$(basename "$f" .gguf) i=0
		IFS='|'
		for dep in $archdeps; do
			unset IFS
			i=$((i + 1)) args=""
			for w in $dep; do args="$args --set $w"; done
			echo "$n.$i --summary memory -m $f$args"
			echo "$n.$i.fa --summary fa-engines -m $f$args"
			IFS='|'
		done
		unset IFS
	done >"$d/archs.cmds"
	answers "$d/archs.ans" <"$d/archs.cmds"
	sized=0 refused=0 cexact=0 cnear=0 cest=0 cmod=0
	for f in "$d"/archs/*.gguf; do
		n=$(basename "$f" .gguf)
		if [ "$(cat "$d/archs.ans/$n.1.rc")" != 0 ]; then
			# only by its name, with the reason of src/model/arch_refused.c:
			# a known architecture's file that llama.cpp loads is read as
			# it reads it
			if grep -q "general.architecture: '[^']*' is not sized: " "$d/archs.ans/$n.1"; then
				refused=$((refused + 1))
			else
				fail "engine: archs: $n: llama.cpp loads it, attnviz refuses it: $(head -c 300 "$d/archs.ans/$n.1")"
			fi
			continue
		fi
		sized=$((sized + 1))
		IFS='|'
		# shellcheck disable=SC2086
		probe_run "$f" $probedeps >"$d/archs.ans/$n.probe" 2>/dev/null
		unset IFS
		bad="" i=0
		IFS='|'
		for dep in $archdeps; do
			unset IFS
			a=$(awk -F'\t' '$2 == "kv_bytes" || $2 == "recurrent_bytes" { s += $3 } END { print s + 0 }' "$d/archs.ans/$n.$((i + 1))")
			# refused by both (a head too narrow for q4_0's blocks)
			[ "$(cat "$d/archs.ans/$n.$((i + 1)).rc")" = 0 ] || a=refused
			l=$(awk -F'\t' -v i=$i '$1 == "D" && $2 == i && $3 == "bytes" { print $5 }
				$1 == "D" && $2 == i && $3 == "error" { print "refused" }' "$d/archs.ans/$n.probe")
			[ "$a" = "$l" ] || bad="$bad; [$dep] llama.cpp ${l:-no context} attnviz $a"
			i=$((i + 1))
			IFS='|'
		done
		unset IFS
		if [ -z "$bad" ]; then
			ok "engine: archs: $n: KV and recurrent bytes equal llama.cpp's context at $i deployments"
		else
			fail "engine: archs: $n: attnviz's caches differ from llama.cpp's$bad"
		fi
		# the compute buffer: within 2 % wherever attnviz marks it
		# modelled (the fa-engines row of the deployment's flash
		# attention at its ubatch, 512); the estimates counted
		bad="" i=0 nmod=0
		IFS='|'
		for dep in $archdeps; do
			unset IFS
			fa=on ub=512
			case $dep in *fa=0*) fa=off ;; esac
			case $dep in *ubatch=*) ub=${dep#*ubatch=} ub=${ub%% *} ;; esac
			r=$(awk -F'\t' -v k="compute_${fa}_bytes.$ub" '$2 == k { c = $3 }
				$2 == "compute_modelled" { mk = $3 } END { print c + 0, mk + 0 }' "$d/archs.ans/$n.$((i + 1)).fa")
			l=$(awk -F'\t' -v i=$i '$1 == "D" && $2 == i && $3 == "bytes" { print $6 }' "$d/archs.ans/$n.probe")
			i=$((i + 1))
			IFS='|'
			[ -n "$l" ] || continue
			ca=${r% *} cm=${r#* }
			c=$(awk -v a="$ca" -v b="$l" 'BEGIN { e = (a - b) / b * 100; if (e < 0) e = -e; print (e == 0 ? "exact" : e <= 2 ? "near" : "far") }')
			if [ "$cm" = 1 ]; then
				nmod=$((nmod + 1)) cmod=$((cmod + 1))
				[ "$c" = far ] && bad="$bad; [$dep] llama.cpp $l attnviz $ca (modelled)"
			else
				cest=$((cest + 1))
				case $c in exact) cexact=$((cexact + 1)) ;; near) cnear=$((cnear + 1)) ;; esac
			fi
		done
		unset IFS
		if [ -n "$bad" ]; then
			fail "engine: archs: $n: a compute buffer marked modelled is off$bad"
		elif [ "$nmod" -gt 0 ]; then
			ok "engine: archs: $n: compute buffer within 2 % at the $nmod deployments marked modelled"
		fi
	done
	echo "# engine: archs: compute buffers: $cmod marked modelled (each within 2 %); of $cest estimated, $cexact exact, $cnear within 2 %"
	# llama.cpp runs Grok without flash attention whatever is asked
	# (llama_init_from_model): --fit's rows say so, V kept f16
	expect_eq "engine: archs: grok-moe: --fit's llama.cpp flags say -fa off, V f16" \
		"$("$ATTNVIZ" --fit 8GiB -m "$d/archs/grok-moe.gguf" --format tsv |
			awk -F'\t' 'NR > 1 { print $9 }' | grep -c -- '-ctv f16 -fa off')" 3
	# a -fa off deployment whose -fa on leg llama.cpp refuses (Laguna's
	# heads of 80 under q4_0 blocks): fa-engines still shows the one made
	expect_eq "engine: archs: laguna-moe: fa-engines' -fa off buffer where -fa on is refused, as llama.cpp's" \
		"$(awk -F'\t' '$2 == "compute_off_bytes.128" { print $3 }' "$d/archs.ans/laguna-moe.6.fa")" \
		"$(awk -F'\t' '$1 == "D" && $2 == 5 && $3 == "bytes" { print $6 }' "$d/archs.ans/laguna-moe.probe")"
	n=$(ls "$d"/archs/*.gguf | wc -l)
	expect_eq "engine: archs: of the $n files (llama.cpp's and their variants), $sized sized, $refused refused with a reason" \
		$((sized + refused)) "$n"
	# DeepSeek V4 (llama_kv_cache_dsv4): each compressed cache and state
	# on a line of its own, checked by its closed form at every
	# deployment above, and no line failing
	for i in 1 2 3 4; do
		awk -F'\t' '$2 ~ /^comp_(state_)?bytes\./ && $5 == "ok" { n++ } $5 == "FAIL" { f = f " " $2 }
			END { print n + 0 f }' "$d/archs.ans/deepseek4-moe.$i"
	done >"$d/dsv4.lines"
	expect_eq "engine: archs: deepseek4-moe: its 3 caches and 3 states checked by their formulas, no FAIL" \
		"$(sort -u "$d/dsv4.lines")" 6
	# ... the file's sliding_window_pattern unread (set_swa_pattern(0):
	# every layer slides), a quantized cache under -kvu with swa_full, and
	# K and V of two types, which llama.cpp refuses for it
	f="$d/archs/deepseek4-moe.gguf" key=deepseek4.attention.sliding_window_pattern
	python3 tools/gguf_header.py setarr "$f" "$d/dsv4-pattern.gguf" "$key" 1,0,1,0
	probe_run "$d/dsv4-pattern.gguf" "ctx=4096 fa=1 swa_full=0" "ctx=5000 n_seq=2 unified=1 swa_full=1 fa=1 k=q8_0 v=q8_0" \
		"ctx=4096 fa=0 k=q8_0 v=f16" >"$d/dsv4.probe" 2>/dev/null
	for i in 0 1; do
		awk -F'\t' -v i=$i '$1 == "D" && $2 == i && $3 == "bytes" { print $5 }' "$d/dsv4.probe"
	done >"$d/dsv4.want"
	{
		"$ATTNVIZ" --summary memory -m "$d/dsv4-pattern.gguf" --set ctx=4096
		"$ATTNVIZ" --summary memory -m "$f" --set ctx=5000 --set n_seq=2 --set unified=1 --set swa_full=1 \
			--set k_type=q8_0 --set v_type=q8_0 | sed 's/^/2 /'
	} | awk -F'\t' '$2 == "kv_bytes" || $2 == "recurrent_bytes" { s[substr($1, 1, 1)] += $3 }
		END { print s["m"] + 0; print s["2"] + 0 }' >"$d/dsv4.got"
	expect_eq "engine: archs: deepseek4-moe: sliding_window_pattern [1,0,1,0] unread, q8_0 under -kvu with swa_full: llama.cpp's bytes" \
		"$(cat "$d/dsv4.got")" "$(cat "$d/dsv4.want")"
	"$ATTNVIZ" --summary memory -m "$f" --set k_type=q8_0 --set fa=0 >/dev/null 2>"$d/dsv4.err"
	expect_eq "engine: archs: deepseek4-moe: K q8_0 beside V f16 refused by llama.cpp and attnviz alike" \
		"$(awk -F'\t' '$1 == "D" && $2 == 2 && $3 == "error" { print "refused" }' "$d/dsv4.probe") $(grep -c 'different K (q8_0) and V (f16)' "$d/dsv4.err")" \
		"refused 1"
	# Hunyuan V4 refuses a file whose layer 0 owns no indexer
	# (hy-v4.cpp); dots3note's indexer types have no such rule
	f="$d/archs/hy_v4-moe.gguf" key=hy_v4.attention.indexer.types
	python3 tools/gguf_header.py setarr "$f" "$d/hyv4-types.gguf" "$key" 0,0
	l=$(probe_run "$d/hyv4-types.gguf" "ctx=4096" 2>&1 | grep -c "layer 0 must own an indexer")
	"$ATTNVIZ" --summary memory -m "$d/hyv4-types.gguf" >/dev/null 2>"$d/hyv4.err"
	expect_eq "engine: archs: hy_v4-moe with indexer.types [0,0]: refused by llama.cpp and attnviz alike" \
		"$([ "$l" -gt 0 ] && echo refused) $(grep -c 'layer 0 must own an indexer' "$d/hyv4.err")" "refused 1"
	# A split model, as llama.cpp's own gguf-split writes it (7 files
	# of at most 10 tensors): read from its first file, it is the whole
	# model's tensors (llama-model-loader.cpp loads every split)
	if $CXX -std=c++17 -O1 -I"$src/include" -I"$src/ggml/include" \
		-I"$src/common" -o "$d/gguf-split" \
		"$src/tools/gguf-split/gguf-split.cpp" -L"$lib" \
		-l:libllama-common.so -l:libllama.v0.5.0.so \
		-l:libggml.v0.5.0.so -l:libggml-base.so -Wl,-rpath,"$lib" \
		2>"$d/split.err" &&
		"$d/gguf-split" --split-max-tensors 10 "$d/archs/llama-dense.gguf" \
			"$d/sp" >/dev/null 2>&1; then
		keys() { "$ATTNVIZ" --export-model -m "$1" |
			awk '$1 == "params" || $1 == "weights_bytes" { print $3 }' |
			tr '\n' ' '; }
		l=$(probe_run "$d/sp-00001-of-00007.gguf" "ctx=4096" 2>/dev/null |
			grep -c 'bytes')
		expect_eq "engine: archs: llama-dense split in 7 by gguf-split: the whole model's tensors, as llama.cpp loads it" \
			"$l $(keys "$d/sp-00001-of-00007.gguf")" \
			"1 $(keys "$d/archs/llama-dense.gguf")"
		"$ATTNVIZ" --export-model -m "$d/sp-00003-of-00007.gguf" \
			>/dev/null 2>"$d/sp.err"
		l=$(probe_run "$d/sp-00003-of-00007.gguf" "ctx=4096" 2>&1 |
			grep -c 'illegal split file idx')
		expect_eq "engine: archs: a split model opened at its third file: refused, as llama.cpp does" \
			"$l $(grep -c 'split.no: llama.cpp loads a split model from its first file' "$d/sp.err")" "1 1"
	else
		fail "engine: archs: llama.cpp's gguf-split: $(head -c 200 "$d/split.err")"
	fi
	# MiniCPM3's loader requires both low-rank widths (minicpm3.cpp
	# load_arch_hparams), which only its weights use
	for key in q_lora_rank kv_lora_rank; do
		python3 tools/gguf_header.py dropkey "$d/archs/minicpm3-dense.gguf" \
			"$d/mcpm3.gguf" "minicpm3.attention.$key"
		l=$(probe_run "$d/mcpm3.gguf" "ctx=4096" 2>&1 |
			grep -c "key not found in model: minicpm3.attention.$key")
		"$ATTNVIZ" --summary memory -m "$d/mcpm3.gguf" >/dev/null \
			2>"$d/mcpm3.err"
		expect_eq "engine: archs: minicpm3 without $key: refused by llama.cpp and attnviz alike" \
			"$l $(grep -c "minicpm3.attention.$key: missing" "$d/mcpm3.err")" \
			"1 1"
	done
else
	fail "engine: archs: recreating tests/archs ($(head -n 1 "$d/archs.err"))"
fi

# Every architecture of the source followed (src/llama-arch.cpp
# LLM_ARCH_NAMES, LLM_ARCH_UNKNOWN aside) is in --archs, sized or refused
# with a reason, and --archs names no other.
if [ -f "$src/src/llama-arch.cpp" ]; then
	sed -n '/LLM_ARCH_NAMES = {/,/^};/p' "$src/src/llama-arch.cpp" |
		grep -o '{ *LLM_ARCH_[A-Z0-9_]*, *"[^"]*"' | grep -v LLM_ARCH_UNKNOWN |
		sed 's/.*"\(.*\)"/\1/' | sort >"$d/llama.archs"
	"$ATTNVIZ" --archs | cut -f1 | sort >"$d/our.archs"
	expect_eq "engine: --archs lists the $(wc -l <"$d/llama.archs") architectures of llama.cpp's llama-arch.cpp, no other" \
		"$(diff "$d/llama.archs" "$d/our.archs" | grep '^[<>]' | tr '\n' ' ')" ""
fi

if [ -f "$d/probe.times" ]; then
	awk -v j="$jobs" '{ s += $2 - $1; n += $3; c += $4 } END { printf "# engine: llama.cpp itself (the probe: %d runs, %d at a time, %d contexts) took %.1f s of the suite'"'"'s time\n", n, j, c, s }' "$d/probe.times"
fi
