"""Graph benchmark: ingest rate of a synthetic 100k-ruling load (one transaction per page, with
mentions, topics and sections) and `query card` latency on the resulting graph.

Runs on its own Neo4j in a temporary home (kb.server.LocalNeo4j), or on NEO4J_URI when set (then
only the benchmark's own nodes are written and deleted afterwards). Size: BENCH_KB_RULINGS
(default 100000), BENCH_KB_PER_PAGE rulings per page (default 50).

Unknown-name suggestions (`query card` with a typo) are timed on the real card names (~97k), imported
into the temporary server; on NEO4J_URI only when that graph already holds the real cards.

What bounds the figures, measured in the same run on the same server: the Bolt round trip of a
trivial query (`RETURN 1`), the server's own time for the `query card` statement (from the result
summary), and the bare write rate of the same ruling rows (UNWIND + CREATE of the rulings' properties,
same batch size, no index, no relationship, no logic), and the machine's load average."""

from __future__ import annotations

import logging
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

from rulings.records import Mention, PageDoc, Ruling

CARD_BASE = 900_000_000  # synthetic passcodes, above every real one and below the synthetic-card range
N_CARDS = 1000
QUERIES = 200
WORKERS = int(os.environ.get("BENCH_KB_WORKERS", 2))  # sessions writing pages at once
_HAN = "陷阱怪兽魔法卡效果发动连锁破坏对象除外特殊召唤墓地手卡场上无效代价时点伤害步骤"


def synthetic_cards(n: int = N_CARDS):
    from rulings.cards import Card

    for i in range(n):
        yield Card(passcode=CARD_BASE + i, passcode_kind="official",
                   names={"en": f"Bench Card {i}", "ja": f"ベンチカード{i}", "zh-CN": f"基准卡{i}"})


def synthetic_docs(n_rulings: int, per_page: int, seed: int = 5) -> list[PageDoc]:
    rng = random.Random(seed)
    topics = ["chain", "damage_step", "trap_monsters", "targeting", "cost_vs_effect", "pendulum"]
    docs = []
    for page in range((n_rulings + per_page - 1) // per_page):
        doc = PageDoc(url=f"bench://page/{page}", source_id="bench", content_hash=f"h{page}",
                      language="zh-Hans", title=f"page {page}")
        for k in range(min(per_page, n_rulings - page * per_page)):
            a, b = rng.sample(range(N_CARDS), 2)
            body = "".join(rng.choice(_HAN) for _ in range(60))
            text = f"「基准卡{a}」{body}「基准卡{b}」。"
            mentions = [Mention(surface=f"基准卡{a}", start=1, end=1 + len(f"基准卡{a}"), passcode=CARD_BASE + a, confidence=0.9,
                                role="acting"),
                        Mention(surface=f"基准卡{b}", start=len(text) - 2 - len(f"基准卡{b}"), end=len(text) - 2,
                                passcode=CARD_BASE + b, confidence=0.9, role="affected")]
            doc.rulings.append(Ruling(
                id=f"bench-{page}-{k}", text=text, normalized=text, language="zh-Hans",
                section=[f"section {k // 10}"], date="2020-01-01", polarity=rng.choice(["can", "cannot", "is"]),
                action=rng.choice(["destroy", "target", "negate"]), topics=rng.sample(topics, 2),
                mentions=mentions))
        docs.append(doc)
    return docs


def _percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def run(driver, database, n_rulings: int, per_page: int, real_names: bool = True) -> dict:
    from kb import graph, queries
    from kb.load import load_pagedocs

    graph.ensure_schema(driver, database)
    graph.import_cards(driver, synthetic_cards(), database=database)
    docs = synthetic_docs(n_rulings, per_page)
    started = time.perf_counter()
    counts = load_pagedocs(driver, docs, database, workers=WORKERS)
    ingest = time.perf_counter() - started
    assert counts["errors"] == [] and counts["rulings"] == n_rulings, counts

    started = time.perf_counter()
    again = load_pagedocs(driver, docs, database, workers=WORKERS)
    reload_s = time.perf_counter() - started
    assert again["pages_unchanged"] == len(docs)

    load_during_ingest = [round(x, 1) for x in os.getloadavg()]
    rng = random.Random(7)
    names = [rng.choice([f"基准卡{i}", f"ベンチカード{i}", f"Bench Card {i}", str(CARD_BASE + i)])
             for i in (rng.randrange(N_CARDS) for _ in range(QUERIES))]
    latencies, sizes = [], []
    for name in names:
        t = time.perf_counter()
        report = queries.card_report(driver, name, database)
        latencies.append((time.perf_counter() - t) * 1000)
        sizes.append(report[0]["count"])
    names = ensure_real_names(driver, database) if real_names else None
    suggest = suggestion_latency(driver, database) if names else {}
    bounds = {**round_trip(driver, database),
              **query_card_server_ms(driver, database, [CARD_BASE + i for i in range(0, N_CARDS, 20)]),
              **bare_write_rate(driver, database, docs)}
    return {
        "rulings": n_rulings, "pages": len(docs), "workers": WORKERS, "mentions": counts["mentions"],
        "ingest_s": round(ingest, 1), "ingest_rulings_per_s": round(n_rulings / ingest),
        "ingest_pages_per_s": round(len(docs) / ingest, 1), "load_average_after_ingest": load_during_ingest,
        "unchanged_reload_pages_per_s": round(len(docs) / reload_s, 1),
        "query_card_p50_ms": round(statistics.median(latencies), 1),
        "query_card_p95_ms": round(_percentile(latencies, 0.95), 1),
        "query_card_rulings_per_answer": round(statistics.mean(sizes)),
        "card_names": names, **suggest, **bounds,
        "load_average": [round(x, 1) for x in os.getloadavg()],
    }


def round_trip(driver, database, n: int = 200) -> dict:
    """The floor of any query's latency here: a trivial auto-commit query, one round trip."""
    latencies = []
    with driver.session(database=database) as session:
        for _ in range(n):
            t = time.perf_counter()
            session.run("RETURN 1").consume()
            latencies.append((time.perf_counter() - t) * 1000)
    return {"bolt_round_trip_p50_ms": round(statistics.median(latencies), 2),
            "bolt_round_trip_p95_ms": round(_percentile(latencies, 0.95), 2)}


def query_card_server_ms(driver, database, passcodes: list[int]) -> dict:
    """The server's time for the `query card` statement (available + consumed, from the summary):
    what is left of the latency once the round trip and the client's decoding are taken out."""
    from kb import queries
    from rulings.text import fold_name

    times = []
    with driver.session(database=database) as session:
        for passcode in passcodes:
            result = session.run(queries._CARD_REPORT, normalized=fold_name(str(passcode)), passcode=passcode,
                                 lang=None, history=False)
            list(result)
            summary = result.consume()
            times.append(summary.result_available_after + summary.result_consumed_after)
    return {"query_card_server_p50_ms": statistics.median(times),
            "query_card_server_p95_ms": _percentile(times, 0.95)}


BARE_LABEL = "BenchBareRuling"  # nodes of the bare write rates only, deleted afterwards


def bare_write_rate(driver, database, docs, limit: int = 20_000) -> dict:
    """Rulings per second Neo4j takes here with no logic at all: the rulings' own property rows (as
    kb.load builds them), UNWIND + CREATE, batches of kb.load.BATCH_RULINGS, one transaction each, one
    writer. Twice: on a label with no index (the ceiling of any write of these rows), and also labelled
    Ruling, so with the indexes every ruling must update (unique id, full text, property indexes) but
    still no page, section, topic or mention: the ceiling of `ingest_rulings_per_s`."""
    from kb.load import BATCH_RULINGS, ruling_props

    rows = [{"id": f"bare-{r.id}", "props": ruling_props(doc, r)} for doc in docs for r in doc.rulings][:limit]
    out = {}
    for key, labels in (("bare_write_rulings_per_s", BARE_LABEL), ("bare_write_indexed_rulings_per_s",
                                                                  f"{BARE_LABEL}:Ruling")):
        query = f"UNWIND $rows AS row CREATE (r:{labels} {{id: row.id}}) SET r += row.props"
        started = time.perf_counter()
        with driver.session(database=database) as session:
            for at in range(0, len(rows), BATCH_RULINGS):
                session.execute_write(_run_rows, query, rows[at:at + BATCH_RULINGS])
        out[key] = round(len(rows) / (time.perf_counter() - started))
        _delete_bare(driver, database)
    return out


def _run_rows(tx, query: str, rows: list[dict]) -> None:
    tx.run(query, rows=rows).consume()


def _delete_bare(driver, database) -> None:
    while driver.execute_query(f"MATCH (n:{BARE_LABEL}) WITH n LIMIT 10000 DELETE n RETURN count(*) AS n",
                               database_=database)[0][0]["n"]:
        pass


SUGGESTIONS = 100
_TYPO_HAN = "之的龙兽魔神光暗炎水风地天使战士机械"  # replacement characters for the near-misses


def ensure_real_names(driver, database) -> int:
    """The real card catalog (~97k names): suggestions are only as slow as the name set is big."""
    from kb import graph
    from kb.cards import import_path
    from rulings import config

    if graph.count_cards(driver, database)["cards"] < 10_000:
        for path in (config.cards_file(), config.community_names_file()):
            import_path(driver, path, database=database)
    return sum(graph.count_cards(driver, database)["names"].values())


def suggestion_latency(driver, database) -> dict:
    """`query card` with an unknown Chinese/Japanese name: real names with one character replaced; p50
    of kb.queries.suggest_names and how often the real name comes first / in the top 5."""
    from kb import queries
    from rulings.text import CJK, fold_name

    rows = queries._rows(driver, "MATCH (n:CardName) WHERE n.language STARTS WITH 'zh' OR n.language = 'ja' "
                                 "RETURN n.text AS text, n.normalized AS normalized ORDER BY n.key", database)
    rng = random.Random(11)
    rows = [r for r in rows if 3 <= len(r["normalized"]) <= 12 and CJK.search(r["normalized"])]
    latencies, top1, top5 = [], 0, 0
    for row in rng.sample(rows, min(SUGGESTIONS, len(rows))):
        text = row["text"]
        at = rng.choice([i for i, ch in enumerate(text) if CJK.match(ch)])
        typo = text[:at] + rng.choice([c for c in _TYPO_HAN if c != text[at]]) + text[at + 1:]
        t = time.perf_counter()
        suggestions = [fold_name(s) for s in queries.suggest_names(driver, typo, database)]
        latencies.append((time.perf_counter() - t) * 1000)
        top1 += bool(suggestions) and suggestions[0] == row["normalized"]
        top5 += row["normalized"] in suggestions
    n = len(latencies)
    return {"suggest_names_p50_ms": round(statistics.median(latencies), 1),
            "suggest_names_p95_ms": round(_percentile(latencies, 0.95), 1),
            "suggest_top1_rate": round(top1 / n, 2), "suggest_top5_rate": round(top5 / n, 2), "suggest_queries": n}


def has_real_names(driver) -> bool:
    from kb import graph

    return graph.count_cards(driver, None)["cards"] >= 10_000


def _cleanup_external(driver, database) -> None:
    for query in ("MATCH (r:Ruling {source_id: 'bench'}) WITH r LIMIT 10000 DETACH DELETE r RETURN count(*) AS n",
                  "MATCH (n) WHERE (n:Page OR n:Section) AND (n.url STARTS WITH 'bench://' OR n.page_url STARTS WITH "
                  "'bench://') WITH n LIMIT 10000 DETACH DELETE n RETURN count(*) AS n",
                  "MATCH (c:Card) WHERE c.passcode >= $lo AND c.passcode < $hi OPTIONAL MATCH (n:CardName)-[:NAMES]->(c) "
                  "WITH c, n LIMIT 10000 DETACH DELETE c, n RETURN count(*) AS n"):
        while driver.execute_query(query, lo=CARD_BASE, hi=CARD_BASE + N_CARDS, database_=database)[0][0]["n"]:
            pass
    driver.execute_query("MATCH (s:Source {id: 'bench'}) DETACH DELETE s", database_=database)
    _delete_bare(driver, database)


def main() -> dict:
    from kb.db import connection, open_driver, temporary_server

    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
    # A terminated benchmark must still stop its server and delete its home (the finally blocks below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    n_rulings = int(os.environ.get("BENCH_KB_RULINGS", 100_000))
    per_page = int(os.environ.get("BENCH_KB_PER_PAGE", 50))
    if os.environ.get("NEO4J_URI"):
        driver = open_driver(connection())
        try:
            _cleanup_external(driver, None)
            # a server of the user's: suggestions are measured on the names it has, none are imported
            has_names = has_real_names(driver)
            return {"server": "NEO4J_URI", **run(driver, None, n_rulings, per_page, real_names=has_names)}
        finally:
            _cleanup_external(driver, None)
            driver.close()
    with tempfile.TemporaryDirectory(prefix="bench-kb-") as home:
        with temporary_server(Path(home)) as (driver, start_s):
            return {"server": "local (temporary home)", "server_start_s": round(start_s, 1),
                    **run(driver, None, n_rulings, per_page)}


if __name__ == "__main__":
    import json

    print(json.dumps(main(), ensure_ascii=False))
