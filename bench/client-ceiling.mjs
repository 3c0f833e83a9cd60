#!/usr/bin/env node
// What the load generator itself can take: bare node:http answering with bodies of one size but
// different bytes. autocannon turns every response body into a JavaScript string, so the bytes of
// a compressed page (invalid UTF-8) cost its one thread far more than ASCII of the same length;
// with the generator on the same two cores as the server, that sets the ceiling of every
// compressed page row in pages.mjs. Usage: node bench/client-ceiling.mjs [bytes=11000]
import { randomBytes } from 'node:crypto';
import { brotliCompressSync } from 'node:zlib';
import { durationArg, helloWorldRow, sameBodyRow, table } from './lib.mjs';

const size = Number(process.argv[2] ?? 11_000);
const duration = durationArg();
const baseline = await helloWorldRow(duration);
const rows = [baseline];
// Brotli output of a long Persian text, cut to the size: bytes like a compressed page's.
const persian = Buffer.from('چاپار خبرهای کانال‌های خبری را به مقاله‌های کوتاه و خوانا تبدیل می‌کند. '.repeat(4000));
const compressed = brotliCompressSync(Buffer.concat([persian, randomBytes(size * 2)])).subarray(0, size);
rows.push(await sameBodyRow(`${size} bytes of ASCII`, Buffer.alloc(size, 'a'), duration, 'text/html'));
rows.push(await sameBodyRow(`${size} bytes of brotli output`, compressed, duration, 'text/html'));
console.log(`\nautocannon, ${duration} s × 50 connections, ${new Date().toISOString()}\n`);
console.log(table(rows, baseline));
