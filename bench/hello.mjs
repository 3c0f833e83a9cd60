// The baseline: a bare node:http hello world on the port given as argv[2].
import http from 'node:http';

const port = Number(process.argv[2] ?? 3102);
http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('hello world');
}).listen(port, '127.0.0.1', () => process.send?.('ready'));

// The benchmark asks for this process's CPU time around each run.
process.on('message', (m) => { if (m === 'cpu') process.send?.({ cpu: process.cpuUsage() }); });
