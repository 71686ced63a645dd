"""A title-sorted searched Videos page, two walks interleaved (docs/performance.md, "A
title-sorted search tested on the title index"): the walk testing the matched set of the
trigram index against the walk testing each title with LIKE. The database is the content
migrations applied to a temporary file with 100,000 videos of one channel, one in twelve titled
like the sandbox's "“The future of search” — ..." programme. Run: python3 bench/title-walk-ab.py
(needs the sqlite3 CLI to apply the migrations). Prints the median of each over 60 rounds."""

import glob
import os
import random
import sqlite3
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORG = "3f2a9c1e-1111-4222-8333-444455556666"
SPAN = 2**36
PAGE = 200
CAP = 1582  # the app's cap for a 200-row page (worker/features/tables/specs.ts)


def build(path):
    for migration in sorted(glob.glob(os.path.join(ROOT, "migrations-content", "*.sql"))):
        with open(migration) as sql:
            subprocess.run(["sqlite3", path], stdin=sql, check=True)
    db = sqlite3.connect(path)
    db.execute("INSERT INTO organizations(id, name, created_at, updated_at) VALUES (?, 'Bench', 0, 0)", (ORG,))
    db.execute("INSERT INTO channels(id, organization_id, external_id, title, created_at) VALUES ('ch1', ?, 'UC1', 'Bench Channel', 0)", (ORG,))
    random.seed(7)
    words = "news tech music games science travel food health money design climate space cars film art".split()
    rows = []
    for i in range(100_000):
        title = (f"\u201cThe future of search\u201d \u2014 {random.choice(words)} {i}" if i % 12 == 0
                 else f"{random.choice(words).title()} {random.choice(words)} weekly {i}")
        rows.append((f"v{i}", ORG, "ch1", f"x{i}", title, random.randint(0, 10**6), 1_700_000_000_000 + i * 1000, 0))
    db.executemany("INSERT INTO videos(id, organization_id, channel_id, external_id, title, views, publish_date, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    return db


def statements():
    slot = 0
    for ch in ORG[:4]:
        slot = slot * 16 + "123456789abcdef".index(ch) + 1
    lo, hi = slot * SPAN, slot * SPAN + SPAN - 1
    own = f"SELECT rowid % {SPAN} FROM video_search WHERE video_search MATCH :q AND rowid BETWEEN {lo} AND {hi}"
    children = f"SELECT videos.rowid FROM videos WHERE channel_id IN (SELECT id FROM channels WHERE organization_id = :org AND rowid IN (SELECT rowid % {SPAN} FROM channel_search WHERE channel_search MATCH :channelQ AND rowid BETWEEN {lo} AND {hi}))"
    plan = f"WITH search_plan(walk) AS (SELECT m >= {CAP} OR m * m * 8 >= {PAGE} * n FROM (SELECT count(*) AS m FROM (SELECT 1 FROM ({own} LIMIT {CAP}) UNION ALL SELECT 1 FROM ({children} LIMIT {CAP}))) CROSS JOIN (SELECT coalesce((SELECT row_count FROM table_stats WHERE organization_id = :org AND table_name = 'videos'), 0) AS n) LIMIT 1)"
    select = "SELECT v.*, c.title AS channel_title FROM videos v JOIN channels c ON c.id = v.channel_id"
    walk_org = "(SELECT key FROM organization_keys WHERE organization_id = (SELECT :org FROM search_plan WHERE walk))"
    order = f"ORDER BY v.title DESC, v.rowid DESC LIMIT {PAGE}"

    def page(own_in_walk):
        return (f"{plan} SELECT * FROM ({select} WHERE v.org_key = {walk_org} AND ({own_in_walk} OR +v.rowid IN ({children})) {order}) "
                f"UNION ALL SELECT * FROM ({select} WHERE +v.organization_id = :org AND v.rowid IN (SELECT * FROM ({own} UNION ALL {children}) LIMIT (SELECT CASE WHEN walk THEN 0 ELSE -1 END FROM search_plan)) {order})")

    like = f"(v.title LIKE :like ESCAPE '\\' OR ((instr(v.title, '\u212a') > 0 OR instr(v.title, '\u017f') > 0) AND +v.rowid IN ({own})))"
    return {"matched set (before)": page(f"+v.rowid IN ({own})"), "LIKE on the title": page(like)}


def main():
    with tempfile.TemporaryDirectory() as tmp:
        db = build(os.path.join(tmp, "content.db"))
        params = {"org": ORG, "q": '"future"', "channelQ": 'title : ("future")', "like": "%future%"}
        variants = statements()
        times = {name: [] for name in variants}
        answers = {}
        for _ in range(60):
            for name, sql in variants.items():
                bound = {k: v for k, v in params.items() if f":{k}" in sql}
                start = time.perf_counter()
                answers[name] = [row[0] for row in db.execute(sql, bound).fetchall()]
                times[name].append((time.perf_counter() - start) * 1000)
        same = len({tuple(a) for a in answers.values()}) == 1
        for name in variants:
            print(f"title desc + \"future\", {name}: {statistics.median(times[name]):.2f} ms (median of 60)")
        print(f"same 200 rows both ways: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
