import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenProblem, portProblem } from './port-check.ts';

// This project's tests keep to ports 3171-3179.
const PORT = 3178;
let taken: Server | undefined;
afterEach(async () => {
  if (taken) await new Promise((resolve) => taken!.close(resolve));
  taken = undefined;
});

describe('the port serve listens on', () => {
  it('is found taken before the start does anything slow, naming PORT', async () => {
    expect(await portProblem('127.0.0.1', PORT)).toBeUndefined();
    taken = createServer();
    await new Promise<void>((resolve) => taken!.listen(PORT, '127.0.0.1', resolve));
    expect(await portProblem('127.0.0.1', PORT)).toBe(`PORT ${PORT} on 127.0.0.1 is already in use (another Chapar process, or another program): stop it, or set PORT to a free port.`);
    // Free once more when the other program is gone: the check holds nothing.
    await new Promise((resolve) => taken!.close(resolve));
    taken = undefined;
    expect(await portProblem('127.0.0.1', PORT)).toBeUndefined();
    expect(await portProblem('127.0.0.1', 0)).toBeUndefined();
  });

  it('names HOST when it is not this machine\'s', () => {
    expect(listenProblem('10.255.255.1', 3000, Object.assign(new Error('x'), { code: 'EADDRNOTAVAIL' }))).toMatch(/^HOST 10\.255\.255\.1 is not an address of this machine/);
  });
});
