import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** POST /api/destinations/populate allows this many a minute from one address. */
const POPULATES_PER_MINUTE = 10;

/** Per-address limits behind a reverse proxy: the client's address, and only a trusted proxy's word for it. */
describe('the client address behind a proxy', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const populate = (forwardedFor: string) =>
    fetch(`${server!.url}/api/destinations/populate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: '{}',
    });

  async function spend(forwardedFor: string) {
    for (let i = 0; i < POPULATES_PER_MINUTE; i++) {
      expect((await populate(forwardedFor)).status).toBe(200);
    }
  }

  it('is the forwarded one when TRUST_PROXY trusts the proxy: each client has its own allowance', async () => {
    server = await startTestServer({ TRUST_PROXY: 'loopback' });
    await spend('203.0.113.7');
    expect((await populate('203.0.113.7')).status).toBe(429);
    expect((await populate('198.51.100.20')).status).toBe(200);
  });

  it("is the connection's own without TRUST_PROXY: a made-up header buys no new allowance", async () => {
    server = await startTestServer();
    await spend('203.0.113.7');
    expect((await populate('198.51.100.20')).status).toBe(429);
  });
});
