"""Capacity bench worker (bench/capacity.bench.mjs): builds two throw-away SQLite files and
measures what history costs on disk, indexes included, with SQLite's dbstat table.

- "product": every migration in migrations/ applied in order: the layout the product stores
  history in (migration 0009, issue 17: integer entity keys, WITHOUT ROWID tables keyed by
  (entity key, capture time or day), no organisation column, no other index).
- "before": the migrations before 0009, i.e. the layout the product used until issue 17 (UUID
  keys, the organisation on every row, four indexes on video_metrics). Kept as the same-run
  reference for sizes and read times.

In each file organisations' history is written straight into channel_metrics, video_metrics,
show_metrics and episode_metrics, one day at a time (every entity gets its row for the day, as
the daily refresh writes them), with random UUID ids as the app's crypto.randomUUID() gives and
integer keys as the insert trigger of migration 0009 gives.

Reads a JSON job on stdin: {"dir", "layouts": {"product": [paths], "before": [paths]}, "orgs",
"videos", "episodes", "channels", "shows", "days", "seed"} and prints one JSON object with, per
layout, the rows and the bytes (pages, payload, unused) of every table and index, and the
median time of the product's history reads in each layout (local SQLite, not D1: a ratio, not
a D1 latency)."""
import json
import os
import random
import sqlite3
import statistics
import sys
import time

job = json.load(sys.stdin)
ORGS, VIDEOS, EPISODES = job["orgs"], job["videos"], job["episodes"]
CHANNELS, SHOWS, DAYS = job["channels"], job["shows"], job["days"]
FIRST_DAY = 20089  # 2025-01-01 as days since 1970-01-01
DAY_MS = 86_400_000


def connect(path):
    db = sqlite3.connect(path, isolation_level=None)
    # Throw-away files: no journal, no fsync. Neither changes the pages a row takes.
    db.execute("PRAGMA journal_mode=OFF")
    db.execute("PRAGMA synchronous=OFF")
    db.execute("PRAGMA cache_size=-786432")  # 768 MB: the whole index working set, fewer reads
    return db


def uuid(rng):
    h = "%032x" % rng.getrandbits(128)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def iso(day):
    return time.strftime("%Y-%m-%d", time.gmtime(day * 86400))




def build(name):
    db = connect(os.path.join(job["dir"], f"{name}.sqlite"))
    for path in job["layouts"][name]:
        with open(path, encoding="utf8") as f:
            db.executescript(f.read())  # drizzle's "--> statement-breakpoint" is a comment
    return db


def columns(db, table):
    return [row[1] for row in db.execute(f'PRAGMA table_info("{table}")')]


before, product = build("before"), build("product")
# The SQL below is written for these layouts: a migration that changes them must change it too.
assert columns(product, "video_metrics") == ["video_key", "captured_at", "views", "likes", "comments"]
assert columns(product, "episode_metrics")[:2] == ["episode_key", "day"]
assert "organization_id" in columns(before, "video_metrics")

rng = random.Random(job["seed"])
orgs = []
for o in range(ORGS):
    org = {"id": uuid(rng)}
    # (uuid, surrogate key, base, daily gain): figures grow like real counts, so integers take
    # the varint widths real rows take.
    org["channels"] = [
        (uuid(rng), o * CHANNELS + i + 1, rng.randint(1_000, 5_000_000), rng.randint(10, 20_000))
        for i in range(CHANNELS)
    ]
    org["videos"] = [
        (uuid(rng), o * VIDEOS + i + 1, int(10 ** rng.uniform(2, 6.5)), rng.uniform(0.001, 0.01))
        for i in range(VIDEOS)
    ]
    org["shows"] = [
        (uuid(rng), o * SHOWS + i + 1, rng.randint(1_000, 2_000_000), rng.randint(50, 20_000))
        for i in range(SHOWS)
    ]
    org["episodes"] = [
        (uuid(rng), o * EPISODES + i + 1, rng.randint(100, 200_000), rng.randint(0, 3_000))
        for i in range(EPISODES)
    ]
    orgs.append(org)

HOUR_MS = 3_600_000
started = time.perf_counter()
for d in range(DAYS):
    day = FIRST_DAY + d
    date = iso(day)
    b_rows, p_rows = {k: [] for k in "cvse"}, {k: [] for k in "cvse"}
    for org in orgs:
        oid = org["id"]
        for cid, key, base, gain in org["channels"]:
            subs, total = base // 50 + gain * d // 20, base + gain * d
            captured = day * DAY_MS + rng.randint(0, DAY_MS - 1)
            row = (uuid(rng), oid, cid, date, subs, 0, total, 40 + d // 7, captured)
            b_rows["c"].append(row)
            p_rows["c"].append(row)
        for vid, key, base, rate in org["videos"]:
            views = int(base * (1 + rate * d))
            likes, comments = views // 40, views // 400
            # Snapshots are keyed by the hour they belong to (ingestion/video-writes.ts).
            captured = day * DAY_MS + rng.randint(0, 23) * HOUR_MS
            b_rows["v"].append((uuid(rng), oid, vid, captured, date, views, likes, comments))
            p_rows["v"].append((key, captured, views, likes, comments))
        for sid, key, base, gain in org["shows"]:
            daily = rng.randint(0, gain)
            row = (uuid(rng), oid, sid, date, base + gain * d, daily, daily * 4 // 5)
            b_rows["s"].append(row)
            p_rows["s"].append(row)
        for eid, key, base, gain in org["episodes"]:
            daily = rng.randint(0, gain)
            listeners = None if daily == 0 else daily * 4 // 5
            b_rows["e"].append((uuid(rng), oid, eid, date, daily, base + gain * d, listeners))
            p_rows["e"].append((key, day, daily, base + gain * d, listeners))
    for db, rows in ((before, b_rows), (product, p_rows)):
        db.execute("BEGIN")
        db.executemany(
            "INSERT INTO channel_metrics (id, organization_id, channel_id, date, subscriber_count,"
            " subscribers_hidden, total_views, video_count, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
            rows["c"],
        )
        db.executemany(
            "INSERT INTO show_metrics (id, organization_id, show_id, date, total_downloads,"
            " downloads, unique_listeners) VALUES (?,?,?,?,?,?,?)",
            rows["s"],
        )
        db.execute("COMMIT")
    before.execute("BEGIN")
    before.executemany(
        "INSERT INTO video_metrics (id, organization_id, video_id, captured_at, date, views,"
        " likes, comments) VALUES (?,?,?,?,?,?,?,?)",
        b_rows["v"],
    )
    before.executemany(
        "INSERT INTO episode_metrics (id, organization_id, episode_id, date, downloads,"
        " cumulative_downloads, unique_listeners) VALUES (?,?,?,?,?,?,?)",
        b_rows["e"],
    )
    before.execute("COMMIT")
    product.execute("BEGIN")
    product.executemany(
        "INSERT INTO video_metrics (video_key, captured_at, views, likes, comments)"
        " VALUES (?,?,?,?,?)",
        p_rows["v"],
    )
    product.executemany(
        "INSERT INTO episode_metrics (episode_key, day, downloads, cumulative_downloads,"
        " unique_listeners) VALUES (?,?,?,?,?)",
        p_rows["e"],
    )
    product.execute("COMMIT")
load_seconds = time.perf_counter() - started


def measure(db, tables):
    """Rows of each table, and pages/payload/unused bytes of the table and each of its indexes."""
    owner = dict(db.execute("SELECT name, tbl_name FROM sqlite_master WHERE type IN ('table','index')"))
    out = {t: {"rows": db.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0], "parts": {}} for t in tables}
    stat = db.execute(
        "SELECT name, sum(pgsize), sum(payload), sum(unused), count(*) FROM dbstat GROUP BY name"
    )
    for name, pgsize, payload, unused, pages in stat:
        table = owner.get(name)
        if table in out:
            kind = "table" if name == table else "index"
            out[table]["parts"][name] = {
                "kind": kind, "bytes": pgsize, "payload": payload, "unused": unused, "pages": pages
            }
    page_size = db.execute("PRAGMA page_size").fetchone()[0]
    file_bytes = db.execute("PRAGMA page_count").fetchone()[0] * page_size
    return {"tables": out, "fileBytes": file_bytes, "pageSize": page_size}


def read_timings(rounds=15):
    """Median ms of the reads the product makes on history (worker/features/details/series.ts,
    overview/youtube.ts and podcast.ts), in the "before" layout's SQL against the product's,
    interleaved in one loop so both see the same load. The organisation's entity lists go in
    temp tables (the bench writes no videos or episodes rows; the product joins videos.key)."""
    org = orgs[0]
    for db in (before, product):
        db.execute("CREATE TEMP TABLE org_videos (id TEXT, key INTEGER)")
        db.execute("CREATE TEMP TABLE org_episodes (id TEXT, key INTEGER)")
        db.executemany("INSERT INTO org_videos VALUES (?, ?)", [v[:2] for v in org["videos"]])
        db.executemany("INSERT INTO org_episodes VALUES (?, ?)", [e[:2] for e in org["episodes"]])
    video = org["videos"][len(org["videos"]) // 2]
    last = FIRST_DAY + DAYS - 1
    first = last - 89  # the detail panel's 90-day chart with its comparison period's base
    reads = {
        "one video's daily series (90 days)": (
            (before, "SELECT date, views FROM video_metrics WHERE video_id = ?"
             " AND date >= ? AND date <= ? ORDER BY captured_at",
             (video[0], iso(first), iso(last))),
            # The key comes with the video's row, which both layouts read first (series.ts).
            (product, "SELECT captured_at, views FROM video_metrics WHERE video_key = ?"
             " AND captured_at >= ? AND captured_at < ? ORDER BY captured_at",
             (video[1], first * DAY_MS, (last + 1) * DAY_MS)),
        ),
        "trailing-1W base of the organisation's videos": (
            (before, "SELECT (SELECT views FROM video_metrics m WHERE m.video_id = o.id"
             " AND m.date <= ? ORDER BY m.date DESC, m.captured_at DESC LIMIT 1)"
             " FROM temp.org_videos o", (iso(last - 7),)),
            (product, "SELECT (SELECT views FROM video_metrics m WHERE m.video_key = o.key"
             " AND m.captured_at < ? ORDER BY m.captured_at DESC LIMIT 1)"
             " FROM temp.org_videos o", ((last - 6) * DAY_MS,)),
        ),
        "organisation's episode downloads over 30 days": (
            (before, "SELECT sum(downloads) FROM episode_metrics WHERE organization_id = ?"
             " AND date BETWEEN ? AND ?", (org["id"], iso(last - 29), iso(last))),
            (product, "SELECT sum(m.downloads) FROM temp.org_episodes o JOIN episode_metrics m"
             " ON m.episode_key = o.key AND m.day BETWEEN ? AND ?", (last - 29, last)),
        ),
    }
    times = {label: ([], []) for label in reads}
    for round_ in range(rounds + 1):
        for label, pair in reads.items():
            for i, (db, sql, params) in enumerate(pair):
                t0 = time.perf_counter()
                db.execute(sql, params).fetchall()
                if round_ > 0:
                    times[label][i].append((time.perf_counter() - t0) * 1000)
    return {
        label: {"before": statistics.median(a), "product": statistics.median(b)}
        for label, (a, b) in times.items()
    }


HISTORY = ["channel_metrics", "video_metrics", "show_metrics", "episode_metrics"]
result = {
    "loadSeconds": load_seconds,
    "sqlite": sqlite3.sqlite_version,
    "before": measure(before, HISTORY),
    "product": measure(product, HISTORY),
}
result["reads"] = read_timings()
before.close()
product.close()
print(json.dumps(result))
