"""Structured rulings -> engine scenarios, through the template
families of engine_bridge.templates, with a coverage report of every ruling no template fits.

    result = generate_from_pagedocs(docs)          # PageDoc records from pipeline.run (or generate_scenarios(rulings))
    result.scenarios                                # Scenario objects: a ruling scenario + its control
    result.uncovered                                # [(ruling_id, topics, reason, ...)]
    write_scenarios(result, "out/")                 # one YAML file per scenario
    result.coverage()                               # counts by topic and template, reasons

Each ruling (rulings.records.StoredRuling) is cut into clauses (templates.base.clauses) and each clause goes to the first template
that matches it; a ruling with at least one scenario is covered, one with none is uncovered with
the most telling reason any template gave (e.g. "no script for 「宫廷的规矩」 (9995766)").
Generation is deterministic: ids derive from template, ruling id, clause and variant.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, NamedTuple

import yaml

from engine_bridge.scenario import Scenario
from engine_bridge.templates import TEMPLATES, Miss, PackCatalog, default_catalog
from engine_bridge.templates.base import as_ruling, clauses
from rulings.errors import InputError
from rulings.jsonl import read_jsonl_numbered
from rulings.records import PageDoc, StoredRuling, problem

if TYPE_CHECKING:  # the compiler imports card data and runners: only its type is needed here
    from engine_bridge.compiler import CardSource


class Uncovered(NamedTuple):
    ruling_id: str
    topics: list[str]
    reason: str
    source_url: str = ""
    text: str = ""


class PartlyCovered(NamedTuple):
    ruling_id: str
    clause: str
    reason: str


@dataclass
class GenerationResult:
    scenarios: list[Scenario] = field(default_factory=list)
    uncovered: list[Uncovered] = field(default_factory=list)
    partial: list[PartlyCovered] = field(default_factory=list)  # covered rulings' clauses left untested
    rulings: list[StoredRuling] = field(default_factory=list)

    def scenarios_for(self, ruling_id: str) -> list[Scenario]:
        return [s for s in self.scenarios if ruling_id in s.ruling_ids]

    def coverage(self) -> dict[str, Any]:
        """Counts by topic (a ruling counts under each of its topics, 'other' when it has none) and by
        template, plus every uncovered ruling with its reason."""
        covered_ids = {rid for s in self.scenarios for rid in s.ruling_ids}
        by_topic: dict[str, Counter] = {}
        for ruling in self.rulings:
            for topic in ruling.topics or ["other"]:
                row = by_topic.setdefault(topic, Counter())
                row["rulings"] += 1
                row["covered" if ruling.id in covered_ids else "uncovered"] += 1
                row["scenarios"] += sum(1 for s in self.scenarios if ruling.id in s.ruling_ids)
        return {
            "rulings": len(self.rulings),
            "covered": sum(1 for r in self.rulings if r.id in covered_ids),
            "uncovered": len(self.uncovered),
            "scenarios": len(self.scenarios),
            "by_topic": {t: {k: row.get(k, 0) for k in ("rulings", "covered", "uncovered", "scenarios")}
                         for t, row in sorted(by_topic.items())},
            "by_template": dict(sorted(Counter(s.template for s in self.scenarios).items())),
            "uncovered_rulings": [u._asdict() for u in self.uncovered],
            "partly_covered": [p._asdict() for p in self.partial],
            "uncovered_by_reason": reason_groups(u.reason for u in self.uncovered),
        }

    def table(self) -> str:
        cov = self.coverage()
        lines = [f"{'topic':24} {'rulings':>8} {'covered':>8} {'uncovered':>10} {'scenarios':>10}", "-" * 64]
        for topic, row in cov["by_topic"].items():
            lines.append(f"{topic:24} {row['rulings']:>8} {row['covered']:>8} {row['uncovered']:>10} {row['scenarios']:>10}")
        lines += ["-" * 64, f"{'total':24} {cov['rulings']:>8} {cov['covered']:>8} {cov['uncovered']:>10} {cov['scenarios']:>10}"]
        return "\n".join(lines)


def reason_groups(reasons: Iterable[str]) -> dict[str, int]:
    """Uncovered rulings counted by reason, card names and numbers folded so that one reason groups
    ("no script for 「X」 (N)"); the frame's reason when there is one (it is the more specific)."""
    import re

    groups: Counter = Counter()
    for reason in reasons:
        reason = reason.split("; frame: ", 1)[-1]
        reason = re.sub(r"「[^」]*」", "「X」", reason)
        reason = re.sub(r"\([^)]*\)", "(…)", reason)
        groups[re.sub(r"\d+", "N", reason)] += 1
    return dict(groups.most_common())


# ------------------------------------------------------------------ generation


def _reason(misses: list[Miss], ruling: StoredRuling) -> str:
    recognized = []
    for miss in misses:
        text = f"{miss.template}: {miss.reason}"
        if miss.recognized and text not in recognized:
            recognized.append(text)
    if recognized:
        return "; ".join(recognized)
    return (f"fits no template (topics: {', '.join(ruling.topics) or 'none'}; action: {ruling.action or 'none'}; "
            f"no statement a template checks)")


def frame_cards(scripts: str | Path | None = None, cards: str | Path | None = None) -> "CardSource":
    """Card data and scripts the frame compiler builds with: the given (or RULINGS_EDOPRO_SCRIPTS /
    RULINGS_EDOPRO_CARDS) real EDOPro scripts and cards.cdb, the project's pack otherwise."""
    import os

    from engine_bridge.constants import CARDS_ENV, SCRIPTS_ENV
    from engine_bridge.compiler import CardSource
    from engine_bridge.request import pack_script_dirs, user_script_dirs

    scripts = scripts or os.environ.get(SCRIPTS_ENV)
    return CardSource(user_script_dirs(scripts) if scripts else pack_script_dirs(),
                      cards or os.environ.get(CARDS_ENV) or None)


def generate_scenarios(rulings: Iterable[Any], catalog: PackCatalog | None = None,
                       cards: "CardSource | None" = None) -> GenerationResult:
    """Scenarios for rulings given as StoredRuling, Ruling or plain dicts (kb.queries rows): from the
    ruling's frame (engine_bridge.compiler) where it compiles, else from the template families."""
    from engine_bridge.compiler import compile_frame

    catalog = catalog or default_catalog()
    cards = cards or frame_cards()
    result = GenerationResult()
    seen_ids: set[str] = set()
    seen_rulings: set[str] = set()
    for raw in rulings:
        ruling = as_ruling(raw)
        if not ruling.id:
            raise InputError(f"a ruling has no id (text {ruling.text[:40]!r})")
        if ruling.id in seen_rulings:
            continue  # the same ruling twice (two inputs holding one page): its scenarios exist already
        seen_rulings.add(ruling.id)
        result.rulings.append(ruling)
        compiled = compile_frame(ruling, ruling.frame, cards)
        if compiled.scenarios:
            result.scenarios.extend(s for s in compiled.scenarios if s.id not in seen_ids)
            seen_ids.update(s.id for s in compiled.scenarios)
            continue
        built: list[Scenario] = []
        left: list[tuple[str, list[Miss]]] = []
        all_misses: list[Miss] = []
        for clause in clauses(ruling):
            misses: list[Miss] = []
            for template in TEMPLATES:
                outcome = template.match(ruling, clause, catalog)
                if isinstance(outcome, Miss):
                    misses.append(outcome)
                    continue
                built.extend(s for s in template.build(outcome, catalog) if s.id not in seen_ids)
                seen_ids.update(s.id for s in built)
                break
            else:
                left.append((clause.text, misses))
                all_misses.extend(misses)
        if built:
            result.scenarios.extend(built)
            for text, misses in left:
                result.partial.append(PartlyCovered(ruling.id, text, _reason(misses, ruling)))
        else:
            result.uncovered.append(Uncovered(ruling.id, list(ruling.topics),
                                              f"{_reason(all_misses, ruling)}; frame: {compiled.reason}",
                                              ruling.url, ruling.text))
    return result


def generate_from_pagedocs(docs: Iterable[Any], catalog: PackCatalog | None = None,
                           cards: "CardSource | None" = None) -> GenerationResult:
    """From PageDoc records (rulings.records.PageDoc or their JSON dicts): each ruling where it stands
    on its page."""
    def rulings():
        for doc in docs:
            if isinstance(doc, dict):
                doc = PageDoc.from_json(doc)
            for ruling in doc.rulings:
                yield StoredRuling.at_page(ruling, doc)

    return generate_scenarios(rulings(), catalog, cards)


def generate_from_graph(driver, database: str | None = None, catalog: PackCatalog | None = None,
                        cards: "CardSource | None" = None) -> GenerationResult:
    """From the knowledge graph's current rulings (kb.queries.rulings_for_scenarios)."""
    from kb.queries import rulings_for_scenarios

    return generate_scenarios(rulings_for_scenarios(driver, database), catalog, cards)


def read_rulings_jsonl(path: str | Path) -> list[StoredRuling]:
    """A JSONL file of PageDoc records (the NLP stage's output) or of plain ruling objects
    (StoredRuling: a Ruling's fields, with the page's `url`); a line that is neither is an InputError
    naming the line and the field."""
    out: list[StoredRuling] = []
    for lineno, obj in read_jsonl_numbered(Path(path)):
        try:
            if obj.get("record") == "PageDoc":
                doc = PageDoc.from_json(obj)
                out.extend(StoredRuling.at_page(r, doc) for r in doc.rulings)
            else:
                out.append(StoredRuling.model_validate(obj))
        except ValueError as exc:
            raise InputError(f"{path}:{lineno}: neither a PageDoc record nor a ruling ({problem(exc)})") from None
    return out


def is_pagedoc_jsonl(path: Path) -> bool:
    """A JSONL file whose first record is a PageDoc (the NLP stage's output), not raw Q&A pages."""
    import gzip

    if not path.is_file() or not path.name.endswith((".jsonl", ".jsonl.gz")):
        return False
    opener = gzip.open if path.name.endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8") as fh:
            first = next((line for line in fh if line.strip()), "")
        return json.loads(first).get("record") == "PageDoc"
    except (OSError, ValueError, UnicodeDecodeError, AttributeError):
        return False


def scenario_document(scenario: Scenario) -> dict[str, Any]:
    return scenario.to_dict()  # notes (clause, stand-ins, control) are part of the format


def write_scenarios(result: GenerationResult, out_dir: str | Path) -> list[Path]:
    """One YAML file per scenario, named by its id; byte-identical for the same input."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for scenario in result.scenarios:
        path = out / f"{scenario.id}.yaml"
        path.write_text(yaml.safe_dump(scenario_document(scenario), allow_unicode=True, sort_keys=False), encoding="utf-8")
        written.append(path)
    return written
