// Reference: bare node:http answering every request with one fixed body (argv[3], a file) and
// its content type, so a cached answer can be compared with the cost of its bytes alone; with
// argv[5] (a JSON file of headers), with the very headers the site's cached answer carries.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const port = Number(process.argv[2]);
const body = readFileSync(process.argv[3]);
const type = process.argv[4] ?? 'application/json; charset=utf-8';
const headers = process.argv[5]
  ? { ...JSON.parse(readFileSync(process.argv[5], 'utf8')), 'content-length': body.length }
  : { 'content-type': type, 'content-length': body.length };
http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(port, '127.0.0.1', () => process.send?.('ready'));

// The benchmark asks for this process's CPU time around each run.
process.on('message', (m) => { if (m === 'cpu') process.send?.({ cpu: process.cpuUsage() }); });
