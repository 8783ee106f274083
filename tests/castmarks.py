# castmarks.py FILE: a recording read with asciinema's own asciicast v2 loader
# (Debian's asciinema 2.2.0 predates marker support: its loader passes every
# event through and its player skips all but "o", so the markers are checked
# here, strictly).  Prints each marker's label, one a line, or "bad: why".
# Rules: version 2 header; every event [time, type, text] with a number, a
# known type (o, r, m) and a string; times never go backwards; every marker
# is at the time of the frame ("o") just before it: a step's marker marks
# the moment its frame is drawn.
import sys
sys.path.insert(0, "/usr/lib/python3/dist-packages")
from asciinema.asciicast import v2

path = sys.argv[1]
with open(path, encoding="utf-8") as f:
    first = f.readline()
    with v2.open_from_file(first, f) as cast:
        if cast.v2_header.get("version") != 2:
            print("bad: not version 2"); sys.exit(0)
        last_t, last_o, labels = -1.0, None, []
        for ev in cast.events():
            if not (isinstance(ev, list) and len(ev) == 3 and isinstance(ev[0], (int, float))
                    and ev[1] in ("o", "r", "m") and isinstance(ev[2], str)):
                print("bad: event %r" % (ev,)); sys.exit(0)
            if ev[0] < last_t:
                print("bad: time goes back at %r" % (ev,)); sys.exit(0)
            last_t = ev[0]
            if ev[1] == "o":
                last_o = ev[0]
            elif ev[1] == "m":
                if last_o is None or abs(last_o - ev[0]) > 1e-9:
                    print("bad: marker %r not at its frame's time (%r)" % (ev, last_o)); sys.exit(0)
                labels.append(ev[2])
print("\n".join(labels))
