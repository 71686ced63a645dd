"""Times SQL statements straight on a SQLite file (the app's local D1 database), for the
benchmarks' "same SQL without the app" reference. Reads a JSON job on stdin:
{"file": path, "repeat": n, "statements": [{"label", "sql", "params"}]} and prints a JSON object
{label: median milliseconds}. Statements run interleaved, after one warm-up round."""
import json
import sqlite3
import statistics
import sys
import time

job = json.load(sys.stdin)
db = sqlite3.connect(f"file:{job['file']}?mode=ro", uri=True)
times = {s["label"]: [] for s in job["statements"]}
for round_ in range(job["repeat"] + 1):
    for s in job["statements"]:
        started = time.perf_counter()
        db.execute(s["sql"], s["params"]).fetchall()
        if round_ > 0:
            times[s["label"]].append((time.perf_counter() - started) * 1000)
print(json.dumps({label: statistics.median(t) for label, t in times.items()}))
