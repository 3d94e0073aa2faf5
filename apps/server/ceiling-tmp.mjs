// Ceiling: bare node:http + node-postgres running the real goods page statement (no Fastify, no validation).
import http from "node:http";
import pg from "pg";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const text = `select max(p.total)::int as total, '[' || string_agg(p.list_item, ',' order by p.sort, p.id) || ']' as items
from (select g.list_item, g.id, g.sort, count(*) over () as total from goods g where g.status = 1 and g.is_show = 1 and g.category2 = $1 order by g.sort, g.id limit $2 offset $3) p`;
const mode = process.argv[2] ?? "page";
const head = Buffer.from('{"code":1,"message":"","data":{"dataList":');
http.createServer(async (req, res) => {
  const q = mode === "one" ? { name: "one", text: "select 1", values: [] } : { name: "page", text, values: ["4", 12, 0], rowMode: "array" };
  const { rows } = await pool.query(q);
  const body = mode === "one" ? Buffer.from("{}") : Buffer.concat([head, Buffer.from(rows[0][1]), Buffer.from("}}")]);
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
}).listen(3978, "127.0.0.1");
