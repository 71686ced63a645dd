// Prints how many demo channels have every trailing window and how many demo videos older than
// 7 days have every first window, as GET .../tables/channels and .../tables/videos answer them.
// Usage: BASE=http://localhost:8801 node scripts/demo-windows.mjs (with `npm start` running).
const base = process.env.BASE ?? "http://localhost:8787";
const json = (res) => res.json();
const { accessToken } = await fetch(`${base}/api/auth/sign-in`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "demo.admin@crosscast.test", password: "crosscast-demo-admin" }),
}).then(json);
const headers = { authorization: `Bearer ${accessToken}` };
const me = await fetch(`${base}/api/auth/me`, { headers }).then(json);
const org = me.organization.id;

async function allRows(table) {
  const rows = [];
  for (let page = 1; ; page++) {
    const body = await fetch(`${base}/api/orgs/${org}/tables/${table}?page=${page}`, {
      headers,
    }).then(json);
    rows.push(...body.rows);
    if (rows.length >= body.total || body.rows.length === 0) return { rows, body };
  }
}

const trailing = ["trailing1dViews", "trailing1wViews", "trailing1mViews", "trailing1yViews"];
const first = ["first24hViews", "first48hViews", "first7dViews"];
const has = (row, keys) => keys.every((k) => row[k] !== null && row[k] !== undefined);

const channels = await allRows("channels");
console.log(
  `channels with all trailing windows: ${channels.rows.filter((r) => has(r, trailing)).length}/${channels.rows.length}`,
);
for (const r of channels.rows)
  console.log(`  ${r.title}: ${trailing.map((k) => `${k.slice(8, 10)}=${r[k]}`).join(" ")}`);
console.log(`  optional columns shown: ${JSON.stringify(channels.body.optionalColumns)}`);

const videos = await allRows("videos");
const weekAgo = Date.now() - 7 * 86_400_000;
const old = videos.rows.filter((r) => Date.parse(r.publishDate) < weekAgo);
const withFirst = old.filter((r) => has(r, first));
console.log(
  `videos older than 7 days with 24H/48H/7D: ${withFirst.length}/${old.length} (${((100 * withFirst.length) / old.length).toFixed(1)}%)`,
);
for (const k of trailing)
  console.log(
    `  videos with ${k}: ${videos.rows.filter((r) => r[k] !== null).length}/${videos.rows.length}`,
  );
console.log(`  optional columns shown: ${JSON.stringify(videos.body.optionalColumns)}`);
