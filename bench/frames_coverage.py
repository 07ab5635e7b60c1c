"""Frame coverage of a PageDoc JSONL (e.g. the dev Q&As) on the engine: compiled / conclusive / pass /
fail / inconclusive by question kind, the reasons rulings were not compiled or stayed inconclusive,
and every failing ruling with its engine log.

    rulings nlp process --out /tmp/qa-dev.jsonl ../shared/corpus/konami-faq/qa-dev.jsonl.gz
    RULINGS_EDOPRO_SCRIPTS=/path/to/script RULINGS_EDOPRO_CARDS=/path/to/cards.cdb \\
        python -m bench.frames_coverage /tmp/qa-dev.jsonl [--json out.json] [--ids ids.txt]

`--json` also writes every ruling's kind and verdict (or why it was not compiled), so two runs can be
compared ruling by ruling; `--ids` keeps only the rulings whose ids a file lists (one per line), for a
quick loop on a slice.

Schema-1 PageDocs (no frames) get their frames read here. Without the variables it runs on the
project's script pack (few rulings compile: the pack has few cards)."""

from __future__ import annotations

import argparse
import json
import os
import re
from collections import Counter, defaultdict
from pathlib import Path

from engine_bridge.compiler import compile_frame, settle
from engine_bridge.generate import frame_cards, reason_groups
from engine_bridge.runner import run_scenarios
from pipeline.frames import frame_for
from rulings.records import PageDoc, StoredRuling
from rulings.jsonl import read_jsonl


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pagedocs")
    parser.add_argument("--json", dest="json_out")
    parser.add_argument("--ids", help="a file of ruling ids, one per line: measure only these")
    args = parser.parse_args(argv)
    only = set(Path(args.ids).read_text(encoding="utf-8").split()) if args.ids else None
    scripts, cards = os.environ.get("RULINGS_EDOPRO_SCRIPTS"), os.environ.get("RULINGS_EDOPRO_CARDS")
    source = frame_cards(scripts, cards)
    views, kinds, reasons, scenarios = [], {}, {}, []
    for obj in read_jsonl(Path(args.pagedocs)):
        doc = PageDoc.from_json(obj)
        for r in doc.rulings:
            if r.frame is None:
                r.frame = frame_for(r.normalized, r.language, r.mentions, r.meta if r.kind == "qa" else None)
            view = StoredRuling.at_page(r, doc)
            if only is not None and view.id not in only:
                continue
            views.append(view)
            kinds[view.id] = r.frame.question.kind if r.frame and r.frame.question else "none"
            compiled = compile_frame(view, r.frame, source)
            if compiled.reason:
                reasons[view.id] = compiled.reason
            scenarios += compiled.scenarios
    results = run_scenarios(scenarios, scripts=scripts, cards=cards)
    verdicts = settle(scenarios, results)
    table: dict[str, Counter] = defaultdict(Counter)
    for kind in kinds.values():
        table[kind]["rulings"] += 1
    for verdict in verdicts.values():
        row = table[verdict.kind]
        row["compiled"] += 1
        row[verdict.verdict] += 1
        row["conclusive"] += verdict.verdict in ("pass", "fail")
    print(f"{'question kind':14} {'rulings':>7} {'compiled':>8} {'conclusive':>10} {'pass':>5} {'fail':>5} {'inconclusive':>12}")
    total: Counter = Counter()
    for kind, row in sorted(table.items(), key=lambda kv: -kv[1]["rulings"]):
        total.update(row)
        print(f"{kind:14} {row['rulings']:7} {row['compiled']:8} {row['conclusive']:10} {row['pass']:5} {row['fail']:5} "
              f"{row['inconclusive']:12}")
    print(f"{'total':14} {total['rulings']:7} {total['compiled']:8} {total['conclusive']:10} {total['pass']:5} "
          f"{total['fail']:5} {total['inconclusive']:12}")
    print("not compiled, by reason:")
    for reason, count in list(reason_groups(reasons.values()).items())[:25]:
        print(f"  {count:6}  {reason}")
    print("inconclusive, by reason:")
    titles = {v.id: (v.section[-1] if v.section else v.text[:80]) for v in views}
    by_reason: dict[str, list[str]] = defaultdict(list)
    for v in verdicts.values():
        if v.verdict == "inconclusive":
            by_reason[re.sub(r"\(options:.*", "", re.sub(r"「[^」]*」", "「X」", v.reason))].append(v.ruling_id)
    for reason, rids in sorted(by_reason.items(), key=lambda kv: -len(kv[1]))[:10]:
        print(f"  {len(rids):6}  {reason}")
        for rid in rids[:3]:
            print(f"            e.g. {titles.get(rid)}")
    failing = [v for v in verdicts.values() if v.verdict == "fail"]
    for v in failing:
        print(f"FAIL {v.ruling_id} {titles.get(v.ruling_id)}\n     {v.reason}\n     engine: "
              f"{(v.log or {}).get('message')}; steps {json.dumps((v.log or {}).get('steps'), ensure_ascii=False)}")
    report = {"by_kind": {k: dict(r) for k, r in table.items()}, "total": dict(total),
              "failing": [{**v.__dict__, "title": titles.get(v.ruling_id)} for v in failing],
              "rulings": {rid: {"kind": kind, "verdict": verdicts[rid].verdict if rid in verdicts else "not compiled",
                                "reason": verdicts[rid].reason if rid in verdicts else reasons.get(rid)}
                          for rid, kind in kinds.items()}}
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(report, ensure_ascii=False, indent=1, default=str), encoding="utf-8")
    return report


if __name__ == "__main__":
    main()
