"""A picture of a card's neighbourhood (the card, its rulings, their topics and the other cards they
mention) as a self-contained HTML page drawn with pyvis."""

from __future__ import annotations

from pathlib import Path

from rulings.errors import InputError

_COLOURS = {"card": "#e4572e", "other": "#f3a712", "ruling": "#29335c", "topic": "#669bbc", "old": "#9e9e9e"}


def _short(text: str, n: int = 60) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= n else text[: n - 1] + "…"


def card_graph_html(report: list[dict], out: Path, max_rulings: int = 150) -> Path:
    """report: kb.queries.card_report(...). Writes `out` and returns it."""
    from pyvis.network import Network

    out = Path(out)
    if out.suffix.lower() not in (".html", ".htm"):
        raise InputError(f"--graph {out}: the picture is an HTML page, give a .html file name")
    net = Network(height="800px", width="100%", directed=True, cdn_resources="in_line", notebook=False)
    added = set()

    def node(key, label, title, colour, shape="dot", size=12):
        if key not in added:
            # a box draws its label inside: light text on the dark ruling colour
            font = {"color": "#ffffff"} if shape == "box" else {"color": "#222222"}
            net.add_node(key, label=label, title=title, color=colour, shape=shape, size=size, font=font)
            added.add(key)

    for entry in report:
        card = entry["card"]
        card_key = f"card:{card['passcode']}"
        names = ", ".join(sorted({n["text"] for n in card.get("names", [])}))
        node(card_key, card.get("name") or str(card["passcode"]), f"{card['passcode']}: {names}",
             _COLOURS["card"], "star", 30)
        shown = 0
        for group in entry["topics"]:
            for r in group["rulings"]:
                if shown >= max_rulings:
                    break
                shown += 1
                r_key = f"ruling:{r['id']}"
                title = f"[{r['language']}] {r.get('date') or ''} {r.get('source') or ''}\n{r['text']}\n{r.get('url')}"
                colour = _COLOURS["ruling" if r.get("current", True) else "old"]
                node(r_key, _short(r["text"] or r.get("normalized") or "", 24), title, colour, "box", 10)
                net.add_edge(r_key, card_key, title="MENTIONS")
                for t in r["topics"]:
                    node(f"topic:{t}", t, t, _COLOURS["topic"], "diamond", 14)
                    net.add_edge(r_key, f"topic:{t}", title="ABOUT")
                for m in r["mentions"]:
                    if m["passcode"] == card["passcode"]:
                        continue
                    other = f"card:{m['passcode']}"
                    node(other, m.get("name") or str(m["passcode"]), str(m["passcode"]), _COLOURS["other"], "dot", 14)
                    net.add_edge(r_key, other, title=f"MENTIONS {m.get('role') or ''}")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(net.generate_html(notebook=False), encoding="utf-8")
    except OSError as exc:
        from rulings.errors import write_failed

        raise write_failed(out, exc) from exc
    return out
