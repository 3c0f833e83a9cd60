// Reference: bare node:http answering every request with one fixed body (argv[3], a file) and
// fixed headers (argv[4], a JSON file: a content type alone, or every header a cached answer of
// the site carries), so a cached answer can be compared with the cost of its bytes alone.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const port = Number(process.argv[2]);
const body = readFileSync(process.argv[3]);
const headers = { ...JSON.parse(readFileSync(process.argv[4], 'utf8')), 'content-length': body.length };
http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(port, '127.0.0.1', () => process.send?.('ready'));

// The benchmark asks for this process's CPU time around each run.
process.on('message', (m) => { if (m === 'cpu') process.send?.({ cpu: process.cpuUsage() }); });
