#!/bin/sh
# The fixtures of tests/reconcile.sh: a real llama.cpp's own logs
# (tests/llama_probe.c with LLAMA_PROBE_RAW=1), one per line of
# tests/reconcile/fixtures.list, for the GGUFs tests/engine.sh writes.
#   sh tests/reconcile-fixtures.sh    rewrite tests/reconcile/*.log
# tests/engine.sh sources this file after writing its GGUFs and building the
# probe: with ENGINE_FIXTURES=write it writes the logs, else it checks that
# the engine still writes them byte for byte (one ok / not ok line).
# Lines that name this machine are dropped (the CPU backend's path, the
# reserve time) and the GGUF's directory becomes /tmp/attnviz-engine, which
# holds no GGUF: --reconcile then takes the model from the print_info lines.
if [ -z "${probe:-}" ]; then
	cd "$(dirname "$0")/.." || exit 2
	ENGINE_FIXTURES=write exec sh tests/engine.sh
fi

# fixture_log GGUF DEPLOY: the probe's log, made machine-independent
# (DEPLOY "alloc WORDS...": loaded for real, not llama.cpp's dry run).
fixture_log() {
	alloc=0 dep=$2
	case $dep in alloc\ *) alloc=1 dep=${dep#alloc } ;; esac
	LLAMA_PROBE_ALLOC=$alloc LLAMA_PROBE_RAW=1 "$probe" "$d/$1.gguf" "$dep" 2>&1 |
		sed -e "s#$d/#/tmp/attnviz-engine/#g" -e '/^load_backend: /d' -e '/reserve took .* ms/d'
}

fixtures() {
	nf=0 nbad=0 bad=""
	while read -r name gguf deploy; do
		case $name in '' | '#'*) continue ;; esac
		if [ ! -f "$d/$gguf.gguf" ]; then
			if ! "$GGUF_WRITE" "$d/$gguf.gguf" <"$d/$gguf.spec"; then
				fail "engine: reconcile fixtures: writing $gguf.gguf"
				return
			fi
		fi
		nf=$((nf + 1))
		if [ "${ENGINE_FIXTURES:-}" = write ]; then
			fixture_log "$gguf" "$deploy" >"tests/reconcile/$name.log"
		else
			fixture_log "$gguf" "$deploy" >"$d/$name.log"
			if ! cmp -s "$d/$name.log" "tests/reconcile/$name.log"; then
				nbad=$((nbad + 1))
				bad="$bad $name (first difference: $(diff "tests/reconcile/$name.log" "$d/$name.log" | grep '^[<>]' | head -n 1))"
			fi
		fi
	done <tests/reconcile/fixtures.list
	if [ "${ENGINE_FIXTURES:-}" = write ]; then
		echo "# engine: wrote $nf --reconcile fixtures in tests/reconcile/"
	elif [ $nbad -eq 0 ]; then
		ok "engine: the $nf --reconcile fixtures are what llama.cpp logs today"
	else
		fail "engine: $nbad of $nf --reconcile fixtures differ from llama.cpp's log (sh tests/reconcile-fixtures.sh rewrites them):$bad"
	fi
}
fixtures
