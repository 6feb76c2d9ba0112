/**
 * The reference endpoint of bench/ingest.ts: the least a device path can do, with no framework.
 * A bare http.createServer takes the same POST /api/device/v1/stations/:code/report bodies,
 * checks the bearer key against the station's stored SHA-256, parses the JSON, maps tank codes
 * to ids, computes volumes (the bench tanks' table is linear: 15 L/mm) and inserts the readings
 * with one unnest INSERT into its own table shaped like tank_readings (same columns and primary
 * key, not partitioned, no summaries, no latest state, no rules), answering after the commit.
 *
 * Run as a child process: DATABASE_URL, PORT, TABLE; prints "listening" when ready.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const TABLE = process.env.TABLE ?? 'bench_minimal_readings';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
const RECORD_TYPES = ['hourly', 'shift', 'interval', 'start', 'end', 'single', 'alarm-period'];

interface Station {
  id: number;
  keyHash: string;
  tanks: Map<string, number>;
}
const stations = new Map<string, Station>();
const { rows } = await pool.query<{ code: string; station_id: number; key_hash: string; tank: string; tank_id: number }>(
  'select s.code, s.id as station_id, s.device_key_hash as key_hash, t.code as tank, t.id as tank_id from stations s join tanks t on t.station_id = s.id',
);
for (const r of rows) {
  let s = stations.get(r.code);
  if (!s) stations.set(r.code, (s = { id: r.station_id, keyHash: r.key_hash, tanks: new Map() }));
  s.tanks.set(r.tank, r.tank_id);
}

const INSERT = `insert into ${TABLE} (tank_id, ts, station_id, type, product_height_mm, water_height_mm, temperature_c, volume_l, tc_volume_l, water_volume_l)
  select * from unnest($1::int[], $2::timestamptz[], $3::int[], $4::smallint[], $5::float8[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[])
  on conflict do nothing`;

const lit = (values: unknown[]) => `{${values.join(',')}}`;

function answer(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const ROUTE = /^\/api\/device\/v1\/stations\/([^/]+)\/report$/;

const server = http.createServer((req, res) => {
  const match = req.method === 'POST' ? ROUTE.exec(req.url ?? '') : null;
  if (!match) return answer(res, 404, { code: 404 });
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    void (async () => {
      const station = stations.get(decodeURIComponent(match[1]!));
      const key = (req.headers.authorization ?? '').slice(7);
      if (!station || createHash('sha256').update(key).digest('hex') !== station.keyHash) return answer(res, 401, { code: 30001 });
      let body: { readings?: { tank: string; ts: string; type?: string; productHeightMm: number; waterHeightMm?: number; temperatureC: number }[] };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return answer(res, 400, { code: 91011 });
      }
      const readings = Array.isArray(body.readings) ? body.readings : [];
      const cols: unknown[][] = Array.from({ length: 10 }, () => []);
      const refused: number[] = [];
      readings.forEach((r, i) => {
        const tankId = station.tanks.get(r.tank);
        if (tankId === undefined || typeof r.productHeightMm !== 'number' || typeof r.temperatureC !== 'number' || typeof r.ts !== 'string') return refused.push(i);
        const water = r.waterHeightMm ?? 0;
        const volume = r.productHeightMm * 15;
        const row = [tankId, `"${r.ts}"`, station.id, Math.max(0, RECORD_TYPES.indexOf(r.type ?? 'interval')), r.productHeightMm, water, r.temperatureC, volume, volume, water * 15];
        for (let c = 0; c < 10; c++) cols[c]!.push(row[c]);
      });
      try {
        const result = readings.length > refused.length ? await pool.query(INSERT, cols.map(lit)) : { rowCount: 0 };
        const accepted = result.rowCount ?? 0;
        answer(res, 200, { code: 1000, msg: 'Success', data: { accepted, duplicates: readings.length - refused.length - accepted, refused, serverTime: new Date().toISOString() } });
      } catch (error) {
        answer(res, 500, { code: 500, msg: String(error) });
      }
    })();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${(server.address() as { port: number }).port}`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
