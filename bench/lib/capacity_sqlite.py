"""Capacity bench worker (bench/capacity.bench.mjs): builds two throw-away SQLite files and
measures what history costs on disk, indexes included, with SQLite's dbstat table.

- "today": the project's migrations applied in order, then organisations' history written
  straight into channel_metrics, video_metrics, show_metrics and episode_metrics, one day at a
  time (every entity gets its row for the day, as the daily refresh writes them), with random
  UUID ids as the app's crypto.randomUUID() gives.
- "candidate": the same values in a compact layout that the product does NOT use: integer
  surrogate keys, WITHOUT ROWID tables keyed by (entity, day), day as an integer, no
  organisation column and no second index (daily rows need no capture time: every window reads
  the date only; hourly readings of young videos would live in their own table).

Reads a JSON job on stdin: {"dir", "migrations": [paths], "orgs", "videos", "episodes",
"channels", "shows", "days", "seed"} and prints one JSON object with, per layout, the rows
and the bytes (pages, payload, unused) of every table and index, and the median time of three
history reads in each layout (local SQLite, not D1: a ratio, not a D1 latency)."""
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


today = connect(os.path.join(job["dir"], "today.sqlite"))
for path in job["migrations"]:
    with open(path, encoding="utf8") as f:
        today.executescript(f.read())  # drizzle's "--> statement-breakpoint" is a comment

candidate = connect(os.path.join(job["dir"], "candidate.sqlite"))
candidate.executescript(
    """
    CREATE TABLE channel_day (channel_key INTEGER NOT NULL, day INTEGER NOT NULL,
      subscriber_count INTEGER NOT NULL, subscribers_hidden INTEGER NOT NULL,
      total_views INTEGER NOT NULL, video_count INTEGER NOT NULL,
      PRIMARY KEY (channel_key, day)) WITHOUT ROWID;
    CREATE TABLE video_day (video_key INTEGER NOT NULL, day INTEGER NOT NULL,
      views INTEGER NOT NULL, likes INTEGER NOT NULL, comments INTEGER NOT NULL,
      PRIMARY KEY (video_key, day)) WITHOUT ROWID;
    CREATE TABLE show_day (show_key INTEGER NOT NULL, day INTEGER NOT NULL,
      total_downloads INTEGER NOT NULL, downloads INTEGER NOT NULL, unique_listeners INTEGER,
      PRIMARY KEY (show_key, day)) WITHOUT ROWID;
    CREATE TABLE episode_day (episode_key INTEGER NOT NULL, day INTEGER NOT NULL,
      downloads INTEGER NOT NULL, cumulative_downloads INTEGER NOT NULL,
      unique_listeners INTEGER, PRIMARY KEY (episode_key, day)) WITHOUT ROWID;
    """
)

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

started = time.perf_counter()
for d in range(DAYS):
    day = FIRST_DAY + d
    date = iso(day)
    t_rows, c_rows = {k: [] for k in "cvse"}, {k: [] for k in "cvse"}
    for org in orgs:
        oid = org["id"]
        for cid, key, base, gain in org["channels"]:
            subs, total = base // 50 + gain * d // 20, base + gain * d
            captured = day * DAY_MS + rng.randint(0, DAY_MS - 1)
            t_rows["c"].append((uuid(rng), oid, cid, date, subs, 0, total, 40 + d // 7, captured))
            c_rows["c"].append((key, day, subs, 0, total, 40 + d // 7))
        for vid, key, base, rate in org["videos"]:
            views = int(base * (1 + rate * d))
            likes, comments = views // 40, views // 400
            captured = day * DAY_MS + rng.randint(0, DAY_MS - 1)
            t_rows["v"].append((uuid(rng), oid, vid, captured, date, views, likes, comments))
            c_rows["v"].append((key, day, views, likes, comments))
        for sid, key, base, gain in org["shows"]:
            daily = rng.randint(0, gain)
            t_rows["s"].append((uuid(rng), oid, sid, date, base + gain * d, daily, daily * 4 // 5))
            c_rows["s"].append((key, day, base + gain * d, daily, daily * 4 // 5))
        for eid, key, base, gain in org["episodes"]:
            daily = rng.randint(0, gain)
            listeners = None if daily == 0 else daily * 4 // 5
            t_rows["e"].append((uuid(rng), oid, eid, date, daily, base + gain * d, listeners))
            c_rows["e"].append((key, day, daily, base + gain * d, listeners))
    today.execute("BEGIN")
    today.executemany(
        "INSERT INTO channel_metrics (id, organization_id, channel_id, date, subscriber_count,"
        " subscribers_hidden, total_views, video_count, created_at) VALUES (?,?,?,?,?,?,?,?,?)",
        t_rows["c"],
    )
    today.executemany(
        "INSERT INTO video_metrics (id, organization_id, video_id, captured_at, date, views,"
        " likes, comments) VALUES (?,?,?,?,?,?,?,?)",
        t_rows["v"],
    )
    today.executemany(
        "INSERT INTO show_metrics (id, organization_id, show_id, date, total_downloads,"
        " downloads, unique_listeners) VALUES (?,?,?,?,?,?,?)",
        t_rows["s"],
    )
    today.executemany(
        "INSERT INTO episode_metrics (id, organization_id, episode_id, date, downloads,"
        " cumulative_downloads, unique_listeners) VALUES (?,?,?,?,?,?,?)",
        t_rows["e"],
    )
    today.execute("COMMIT")
    candidate.execute("BEGIN")
    candidate.executemany("INSERT INTO channel_day VALUES (?,?,?,?,?,?)", c_rows["c"])
    candidate.executemany("INSERT INTO video_day VALUES (?,?,?,?,?)", c_rows["v"])
    candidate.executemany("INSERT INTO show_day VALUES (?,?,?,?,?)", c_rows["s"])
    candidate.executemany("INSERT INTO episode_day VALUES (?,?,?,?,?)", c_rows["e"])
    candidate.execute("COMMIT")
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
    """Median ms of the reads the product makes on history, today's SQL against the candidate's,
    interleaved in one loop so both see the same load. The organisation's entity lists go in
    temp tables (the bench writes no videos or episodes rows)."""
    org = orgs[0]
    for db, column, pick in ((today, "id TEXT", 0), (candidate, "key INTEGER", 1)):
        db.execute(f"CREATE TEMP TABLE org_videos ({column})")
        db.execute(f"CREATE TEMP TABLE org_episodes ({column})")
        db.executemany("INSERT INTO org_videos VALUES (?)", [(v[pick],) for v in org["videos"]])
        db.executemany("INSERT INTO org_episodes VALUES (?)", [(e[pick],) for e in org["episodes"]])
    video = org["videos"][len(org["videos"]) // 2]
    last = FIRST_DAY + DAYS - 1
    reads = {
        "one video's daily series": (
            (today, "SELECT date, views FROM video_metrics WHERE video_id = ? ORDER BY date",
             (video[0],)),
            (candidate, "SELECT day, views FROM video_day WHERE video_key = ? ORDER BY day",
             (video[1],)),
        ),
        "trailing-1W base of the organisation's videos": (
            (today, "SELECT (SELECT views FROM video_metrics m WHERE m.video_id = o.id"
             " AND m.date <= ? ORDER BY m.date DESC, m.captured_at DESC LIMIT 1)"
             " FROM temp.org_videos o", (iso(last - 7),)),
            (candidate, "SELECT (SELECT views FROM video_day d WHERE d.video_key = o.key"
             " AND d.day <= ? ORDER BY d.day DESC LIMIT 1) FROM temp.org_videos o", (last - 7,)),
        ),
        "organisation's episode downloads over 30 days": (
            (today, "SELECT sum(downloads) FROM episode_metrics WHERE organization_id = ?"
             " AND date BETWEEN ? AND ?", (org["id"], iso(last - 29), iso(last))),
            (candidate, "SELECT sum(d.downloads) FROM temp.org_episodes o JOIN episode_day d"
             " ON d.episode_key = o.key AND d.day BETWEEN ? AND ?", (last - 29, last)),
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
        label: {"today": statistics.median(a), "candidate": statistics.median(b)}
        for label, (a, b) in times.items()
    }


result = {
    "loadSeconds": load_seconds,
    "sqlite": sqlite3.sqlite_version,
    "today": measure(
        today, ["channel_metrics", "video_metrics", "show_metrics", "episode_metrics"]
    ),
    "candidate": measure(candidate, ["channel_day", "video_day", "show_day", "episode_day"]),
}
result["reads"] = read_timings()
today.close()
candidate.close()
print(json.dumps(result))
