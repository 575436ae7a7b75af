import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_LINES_PATH, helpLinesSchema } from '../../contracts/help-lines.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('help lines', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('serves the veterans line, STEP and the Overseas Citizens Services numbers', async () => {
    const response = await fetch(`${server.url}${HELP_LINES_PATH}`);
    expect(response.status).toBe(200);
    const body = helpLinesSchema.parse(await response.json());
    expect(body.veteransCrisisLine).toMatchObject({
      call: { dial: '988', thenPress: '1' },
      text: '838255',
    });
    expect(body.veteransCrisisLine.overseasNote).toMatch(/chat/);
    expect(body.smartTravelerEnrollmentProgram.url).toBe('https://step.state.gov');
    expect(body.overseasCitizensServices).toMatchObject({
      fromUsOrCanada: '+1-888-407-4747',
      fromOverseas: '+1-202-501-4444',
    });
  });
});
