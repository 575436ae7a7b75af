import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createFuzzVisitor, sendRaw, type FuzzVisitor, type RawResponse } from './fuzz-client.js';
import {
  BETA_EMAIL,
  DEMO_FLIGHT,
  PNG,
  TRIP_DAY,
  WALLET,
  createFixtures,
  placeholder as p,
  type Fixtures,
} from './fuzz-fixtures.js';
import {
  breakOne,
  breakerArb,
  parameterValueArb,
  rawBodyArb,
  valueFor,
  type JsonSchema,
} from './fuzz-schema.js';
import { changesBetween, takeSnapshot, type Change, type Snapshot } from './fuzz-state.js';

/**
 * Property-based fuzzing of every endpoint the server's own OpenAPI document lists (issue 10):
 * schema-shaped bodies with one field broken, arbitrary JSON, raw malformed bytes, and random query
 * and path parameters. For every request: never a 5xx; an error is the JSON error shape; and a
 * refused request (4xx) leaves every table and every file under DATA_DIR as it was.
 *
 * A failure prints fast-check's seed and path; pass them to fc.assert ({ seed, path }) to replay.
 */

/** Runs per endpoint, sized so the whole file takes about a minute on SQLite on two cores. */
const RUNS = {
  brokenField: 30,
  anyJson: 10,
  rawBody: 12,
  parameters: 15,
  /** Endpoints that take no parameters still get junk query strings. */
  noParameters: 4,
};
/** Long enough for 60-odd endpoints on a busy machine; the runs above keep it near a minute. */
const FUZZ_TEST_TIMEOUT_MS = 300_000;

interface Operation {
  method: string;
  /** OpenAPI template: /api/trip-planners/{id} */
  path: string;
  key: string;
  parameters: { name: string; in: 'path' | 'query' }[];
  bodySchema: JsonSchema | undefined;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** Valid bodies, with placeholders for real records, so a broken field is often the only fault. */
const EXAMPLES: Record<string, unknown[]> = {
  'POST /api/destinations/populate': [{}],
  'POST /api/search': [
    {
      from: 'Denver',
      to: 'Banff',
      checkinDate: '2027-03-01',
      checkoutDate: '2027-03-05',
      accessibilityNeeds: ['Mobility Support'],
    },
  ],
  'POST /api/search/quick': [
    { type: 'hotels', to: 'Banff', accessibilityNeeds: ['Visual Support'] },
  ],
  'POST /api/bookings': [
    DEMO_FLIGHT,
    {
      bookingType: 'destinations',
      totalAmount: '100.00',
      currency: 'USD',
      bookingDetails: { title: 'Cart' },
      items: [{ destinationId: p('destinationId') }],
    },
  ],
  'POST /api/create-payment-intent': [
    { bookingId: p('bookingId'), amount: DEMO_FLIGHT.totalAmount, currency: 'USD' },
  ],
  'POST /api/create-blockchain-payment': [
    { bookingId: p('bookingId'), walletAddress: WALLET, amount: '687.50', currency: 'USD' },
  ],
  'POST /api/confirm-blockchain-payment': [
    { paymentId: p('paymentId'), transactionHash: '0x' + 'cd34'.repeat(16) },
  ],
  'POST /api/trip-planners': [
    {
      title: 'Fjords',
      destination: 'Bergen, Norway',
      startDate: '2027-06-01',
      endDate: '2027-06-09',
      status: 'planning',
    },
  ],
  'PATCH /api/trip-planners/{id}': [{ title: 'Rockies again', status: 'active', endDate: null }],
  'POST /api/planner-items': [
    {
      plannerId: p('tripId'),
      itemType: 'activity',
      itemName: 'Gondola',
      itemDescription: 'Step-free cabins',
      scheduledDate: TRIP_DAY,
      scheduledTime: 'morning',
      price: '64.50',
      isBooked: false,
      priority: 3,
    },
  ],
  'PATCH /api/planner-items/{id}': [
    { itemName: 'Fairmont suite', price: 99, isBooked: true, priority: -2, scheduledTime: '' },
  ],
  'POST /api/chat': [{ message: 'What is the travel advisory for Canada?' }],
  'POST /api/chat/messages/{messageId}/proposal': [{ action: 'discard' }, { action: 'apply' }],
  'POST /api/media/upload': [{ fileType: 'image/jpeg', fileSize: 1000 }],
  'PUT /api/media': [
    {
      mediaURL: p('storedUploadURL'),
      fileName: 'lake.png',
      fileType: 'image/png',
      fileSize: PNG.length,
      description: 'A lake',
    },
    // The stored upload is a PNG: recording it as a JPEG is refused and discards the upload.
    {
      mediaURL: p('storedUploadURL'),
      fileName: 'lake.jpg',
      fileType: 'image/jpeg',
      fileSize: PNG.length,
    },
  ],
  'POST /api/media/create-movie': [
    { mediaIds: [p('mediaId')], style: 'documentary', duration: 'medium' },
  ],
  'POST /api/media/share': [
    {
      mediaIds: [p('mediaId')],
      shareType: 'email',
      email: 'friend@example.com',
      expiresInDays: 30,
      message: 'Our trip',
    },
    { mediaIds: [p('mediaId')], shareType: 'social', socialPlatform: 'twitter' },
  ],
  'POST /api/trip-planners/{id}/shares': [
    { expiresInDays: null, hidePrices: true, email: 'friend@example.com', message: 'Our plan' },
  ],
  'POST /api/beta/signup': [
    {
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '(415) 555-0199',
      email: '',
      countryCode: 'US',
      travelInterests: ['parks'],
      accessibilityNeeds: ['veteran'],
      agreedToTerms: true,
      agreedToPrivacy: true,
      agreedToDataProcessing: true,
      agreedToFeedback: true,
    },
  ],
  'POST /api/beta/resend-verification': [{ email: p('betaEmail') }],
};

/** Real values for a path or query parameter, by the path it belongs to. */
function realValues(path: string, name: string): string[] {
  const own = (record: string) => [p(record)];
  if (name === 'shareId') return own('tripShareId');
  if (name === 'messageId') return own('proposalMessageId');
  if (name === 'uploadId') return own('storedUploadId');
  if (name === 'plannerId') return [p('tripId'), p('foreignTripId')];
  if (name === 'from' || name === 'to') return [TRIP_DAY, '2027-12-31'];
  if (name === 'countries') return ['Canada', 'France,Japan', 'CA,FR'];
  if (name === 'country') return ['Canada', 'FR'];
  if (name === 'paper') return ['a4', 'letter'];
  if (name === 'email') return [BETA_EMAIL];
  if (name === 'download') return ['0', '1'];
  if (name === 'variant') return ['main', 'calm'];
  if (name === 'token') {
    if (path.startsWith('/api/calendar/')) return own('calendarToken');
    if (path.startsWith('/api/shared-trips/')) return own('tripShareToken');
    if (path.startsWith('/api/shared/')) return own('mediaShareToken');
    return [];
  }
  if (name === 'id') {
    if (path.startsWith('/api/bookings/')) return [p('bookingId'), p('foreignBookingId')];
    if (path.startsWith('/api/trip-planners/')) return [p('tripId'), p('foreignTripId')];
    if (path.startsWith('/api/planner-items/')) return [p('itemId'), p('foreignItemId')];
    if (path.startsWith('/api/media/movies/')) return own('movieId');
    if (path.startsWith('/api/media/shares/')) return own('mediaShareId');
    if (path.startsWith('/api/media/') || path.startsWith('/api/shared/')) return own('mediaId');
  }
  return [];
}

/** Percent-encodings a URL parser may choke on, sent as they are. */
const MALFORMED_PATH_PIECES = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%00', '%2F', '..', '%2e%2e', ';'];

type Piece = { encoded: string } | { raw: string };

/** Percent-encodes the UTF-8 bytes (encodeURIComponent throws on a lone surrogate). */
const encodePiece = (text: string) =>
  [...Buffer.from(text)]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
const pieceArb = (values: string[]): fc.Arbitrary<Piece> =>
  fc.oneof(
    { weight: 5, arbitrary: parameterValueArb(values).map((encoded) => ({ encoded })) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_PATH_PIECES).map((raw) => ({ raw })) },
  );

describe('fuzzing every endpoint in the OpenAPI document', () => {
  let stripe: FakeStripe;
  let server: TestServer;
  let visitor: FuzzVisitor;
  let fixtures: Fixtures;
  let operations: Operation[];
  let state: Snapshot;
  /** Answers per operation and status, to show what the fuzzer reached. */
  const answered = new Map<string, Map<number, number>>();
  let turn = 0;
  /** Refused records of the fixture upload that discarded it (allowedOnRefusal). */
  let discards = 0;
  /** Time spent looking at the database and DATA_DIR after each request. */
  let snapshotMs = 0;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    // Stripe (a local stand-in) is configured, so the card endpoints run their real code instead
    // of the demo mode's 503.
    server = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_fuzz',
      STRIPE_API_BASE: stripe.url,
    });
    // Rendering is not an input path, and it writes progress in the background; fuzzed movies
    // stay queued instead of spending minutes in ffmpeg.
    await server.app.jobs!.stop();
    const cookieOf = (response: RawResponse) => {
      const setCookie = response.headers['set-cookie']?.[0];
      if (!setCookie) throw new Error('no session cookie');
      return setCookie.split(';')[0]!;
    };
    const firstVisit = () => sendRaw(server.url, { method: 'GET', path: '/api/trip-planners' });
    visitor = await createFuzzVisitor(server, cookieOf(await firstVisit()));
    const other = await createFuzzVisitor(server, cookieOf(await firstVisit()), 1);
    fixtures = await createFixtures(server, visitor, other);

    const document = JSON.parse(
      (await sendRaw(server.url, { method: 'GET', path: '/api/openapi.json' })).body.toString(),
    ) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
            responses?: Operation['responses'];
          }
        >
      >;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        parameters: (op.parameters ?? []).filter(
          (param): param is Operation['parameters'][number] =>
            param.in === 'path' || param.in === 'query',
        ),
        bodySchema: op.requestBody?.content?.['application/json']?.schema,
        responses: op.responses ?? {},
      })),
    );
    state = await takeSnapshot(server.database, server.dataDir);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await stripe?.close();
  });

  const jsonBodyOperations = () => operations.filter((op) => op.bodySchema !== undefined);

  /** The path with its parameters filled in (real records, or the fuzzed pieces). */
  function pathOf(op: Operation, pieces: Record<string, Piece> = {}): string {
    return op.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const piece = pieces[name] ?? { encoded: realValues(op.path, name)[0] ?? 'none' };
      return 'raw' in piece ? piece.raw : encodePiece(fixtures.fill(piece.encoded));
    });
  }

  /** What is wrong with an error answer's body, if anything. */
  function errorShapeProblem(op: Operation, response: RawResponse): string | undefined {
    const type = response.headers['content-type'] ?? '';
    if (!type.startsWith('application/json')) return `content-type is "${type}", not JSON`;
    const text = response.body.toString();
    if (/\n\s+at |\.ts:\d+|node_modules/.test(text)) return 'the body shows a stack trace';
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return 'the body is not JSON';
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'not an object';
    const fields = body as Record<string, unknown>;
    if (typeof fields.message !== 'string' || fields.message === '') return 'no message';
    if (
      fields.errors !== undefined &&
      !(
        Array.isArray(fields.errors) &&
        fields.errors.every(
          (e: { path?: unknown; message?: unknown } | null) =>
            typeof e?.path === 'string' && typeof e.message === 'string',
        )
      )
    ) {
      return 'errors is not a list of {path, message}';
    }
    // Keys beyond the error envelope only where the operation declares them for this status.
    const schema = op.responses[String(response.status)]?.content?.['application/json']?.schema;
    const declared = Object.assign(
      {},
      schema?.properties,
      ...[...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].map((s) => s.properties),
    ) as Record<string, unknown>;
    const extra = Object.keys(fields).filter(
      (key) => !['message', 'errors', 'requestId'].includes(key) && !(key in declared),
    );
    return extra.length > 0 ? `undeclared keys ${extra.join(', ')}` : undefined;
  }

  /**
   * The one refusal that removes something by design: recording an upload whose stored bytes are
   * not what the request says discards that upload, ticket and file (media service `forget`), so
   * a refused upload leaves nothing behind. Only the fixture's stored upload can be discarded so.
   */
  function allowedOnRefusal(op: Operation, change: Change): boolean {
    if (op.key !== 'PUT /api/media' || change.what !== 'removed') return false;
    const ticket = fixtures.values.storedUploadId!;
    return (
      (change.table === 'media_uploads' && change.detail.includes(`"id":"${ticket}"`)) ||
      (change.file?.startsWith(`storage/media/${ticket}`) ?? false)
    );
  }

  /** Sends one fuzzed request and checks every property; throws (for fast-check) when one fails. */
  async function exercise(
    op: Operation,
    request: { path: string; contentType?: string; body?: Buffer; label: string },
  ): Promise<void> {
    turn++;
    const headers: Record<string, string> = {};
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    // A same-origin Origin on every other request, none on the rest: both are allowed.
    if (turn % 2 === 0) headers.origin = server.url;
    const response = await visitor.send({
      method: op.method,
      path: request.path,
      headers,
      body: request.body,
    });
    const counts = answered.get(op.key) ?? new Map<number, number>();
    counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
    answered.set(op.key, counts);

    const problems: string[] = [];
    if (response.status >= 500) problems.push(`answered ${response.status}`);
    if (response.status >= 400) {
      const shape = errorShapeProblem(op, response);
      if (shape) problems.push(`error body: ${shape}`);
    }
    const started = performance.now();
    const after = await takeSnapshot(server.database, server.dataDir);
    snapshotMs += performance.now() - started;
    let changes = response.status >= 400 ? changesBetween(state, after) : [];
    const discarded = changes.filter((change) => allowedOnRefusal(op, change));
    changes = changes.filter((change) => !allowedOnRefusal(op, change));
    if (changes.length > 0) {
      problems.push(
        `a refused request changed stored data:\n  ${changes
          .map((c) => `${c.table ?? c.file} ${c.what}: ${c.detail}`)
          .join('\n  ')}`,
      );
    }
    if (discarded.length > 0) discards++;
    if ((response.status < 400 && op.method !== 'GET') || discarded.length > 0) {
      // A success may use up a record (deleted, paid, revoked): make it again, then look anew.
      await fixtures.ensure();
      state = await takeSnapshot(server.database, server.dataDir);
    } else {
      state = after;
    }
    if (problems.length > 0) {
      const sent = request.body?.toString().slice(0, 500) ?? '(no body)';
      throw new Error(
        `${op.method} ${request.path.slice(0, 300)} (${request.label}) -> ${response.status} ` +
          `${response.body.toString().slice(0, 300)}\nsent: ${sent}\n${problems.join('\n')}`,
      );
    }
  }

  it('notices a changed row, a new file and a malformed error body, so every check below can fail', async () => {
    const before = await takeSnapshot(server.database, server.dataDir);
    const tripId = fixtures.values.tripId!;
    const trips = server.database.db.updateTable('tripPlanners').where('id', '=', tripId);
    const probe = path.join(server.dataDir, 'probe.txt');
    await trips.set({ title: 'Changed behind the API' }).execute();
    await writeFile(probe, 'written');
    const changes = changesBetween(before, await takeSnapshot(server.database, server.dataDir));
    await trips.set({ title: 'Rockies' }).execute();
    await rm(probe);
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: 'trip_planners', what: 'removed' }),
        expect.objectContaining({ table: 'trip_planners', what: 'added' }),
        expect.objectContaining({ file: 'probe.txt', what: 'added' }),
      ]),
    );
    expect(changesBetween(before, await takeSnapshot(server.database, server.dataDir))).toEqual([]);

    const answer = (status: number, text: string): RawResponse => ({
      status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: Buffer.from(text),
    });
    const op = operations.find((o) => o.key === 'GET /api/bookings/{id}')!;
    expect(errorShapeProblem(op, answer(404, '{"message":"Booking not found"}'))).toBeUndefined();
    expect(
      errorShapeProblem(op, answer(414, '{"error":"Bad Request","code":"X","message":"m"}')),
    ).toBe('undeclared keys error, code');
    expect(errorShapeProblem(op, answer(400, '{"errors":[]}'))).toBe('no message');
  });

  const jsonRequest = (op: Operation, value: unknown, label: string) => ({
    path: pathOf(op),
    label,
    ...(value === undefined
      ? {}
      : {
          contentType: 'application/json',
          body: Buffer.from(fixtures.fill(JSON.stringify(value))),
        }),
  });

  const assertEach = async <T>(
    op: Operation,
    arbitrary: fc.Arbitrary<T>,
    numRuns: number,
    run: (value: T) => Promise<void>,
  ) => {
    await fc.assert(fc.asyncProperty(arbitrary, run), { numRuns });
  };

  it(
    'a body of the right shape with one field broken never gets a 5xx, and when refused writes nothing',
    async () => {
      for (const op of jsonBodyOperations()) {
        const examples = EXAMPLES[op.key] ?? [];
        const base = fc.oneof(
          { weight: 1, arbitrary: valueFor(op.bodySchema) },
          ...(examples.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...examples) }] : []),
        );
        // Described, not built: fast-check prints the description of a failing body.
        const body = fc.oneof(
          { weight: 1, arbitrary: fc.record({ base }) },
          { weight: 6, arbitrary: fc.record({ base, pick: fc.nat(), breaker: breakerArb }) },
        );
        await assertEach(op, body, RUNS.brokenField, (d) =>
          exercise(
            op,
            jsonRequest(
              op,
              'breaker' in d ? breakOne(d.base, d.pick, d.breaker) : d.base,
              'breaker' in d ? `${d.breaker.kind} at ${d.pick}` : 'intact',
            ),
          ),
        );
      }
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    'any JSON value as a body never gets a 5xx, and when refused writes nothing',
    async () => {
      for (const op of jsonBodyOperations()) {
        await assertEach(
          op,
          fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.object({ maxDepth: 3 })),
          RUNS.anyJson,
          (value) => exercise(op, jsonRequest(op, value, 'any JSON')),
        );
      }
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    'truncated JSON, wrong content types, empty bodies and invalid UTF-8 never get a 5xx, and write nothing',
    async () => {
      for (const op of operations.filter((o) => o.method !== 'GET')) {
        const example = EXAMPLES[op.key]?.[0] ?? {};
        await assertEach(op, rawBodyArb(JSON.stringify(example)), RUNS.rawBody, (raw) => {
          return exercise(op, {
            path: pathOf(op),
            contentType: raw.contentType,
            body: fillBytes(raw.bytes),
            label: raw.label,
          });
        });
      }
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  /** Fills placeholders in bytes that may hold invalid UTF-8, leaving those bytes as they are. */
  function fillBytes(bytes: Buffer): Buffer {
    const parts: Buffer[] = [];
    const open = Buffer.from('⟦');
    const close = Buffer.from('⟧');
    let at = 0;
    for (;;) {
      const start = bytes.indexOf(open, at);
      const end = start < 0 ? -1 : bytes.indexOf(close, start);
      if (start < 0 || end < 0) break;
      parts.push(bytes.subarray(at, start));
      parts.push(Buffer.from(fixtures.fill(bytes.subarray(start, end + close.length).toString())));
      at = end + close.length;
    }
    parts.push(bytes.subarray(at));
    return Buffer.concat(parts);
  }

  it(
    'random ids and huge, unicode, negative or malformed query and path parameters never get a 5xx, and write nothing when refused',
    async () => {
      for (const op of operations) {
        const pathParams = op.parameters.filter((param) => param.in === 'path');
        const queryParams = op.parameters.filter((param) => param.in === 'query');
        const declared = fc.record(
          Object.fromEntries(
            queryParams.map((param) => [
              param.name,
              fc.option(
                fc.oneof(
                  parameterValueArb(realValues(op.path, param.name)).map((v) => [v]),
                  fc.array(parameterValueArb(realValues(op.path, param.name)), {
                    minLength: 2,
                    maxLength: 3,
                  }),
                ),
                // Absent half the time, so the other parameters can be the only fault.
                { nil: undefined, freq: 2 },
              ),
            ]),
          ),
        );
        const arbitrary = fc.record({
          pieces: fc.record(
            Object.fromEntries(
              pathParams.map((param) => [param.name, pieceArb(realValues(op.path, param.name))]),
            ),
          ),
          query: declared,
          // An undeclared parameter, half the time.
          extra: fc.option(fc.tuple(fc.string({ maxLength: 20 }), parameterValueArb([])), {
            nil: undefined,
            freq: 2,
          }),
        });
        const example = EXAMPLES[op.key]?.[0];
        const runs = op.parameters.length > 0 ? RUNS.parameters : RUNS.noParameters;
        await assertEach(op, arbitrary, runs, ({ pieces, query, extra }) => {
          const search = new URLSearchParams();
          for (const [name, values] of Object.entries(query)) {
            for (const value of values ?? []) search.append(name, fixtures.fill(value));
          }
          if (extra) search.append(extra[0], extra[1]);
          const queryString = search.toString();
          return exercise(op, {
            ...jsonRequest(op, op.bodySchema ? (example ?? {}) : undefined, 'parameters'),
            path:
              pathOf(op, pieces as Record<string, Piece>) + (queryString ? `?${queryString}` : ''),
          });
        });
      }
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it('fuzzed every JSON-body endpoint the OpenAPI document lists, past its rate limit', () => {
    const jsonEndpoints = jsonBodyOperations().map((op) => op.key);
    // Every hand-written example still names a JSON-body endpoint of the document (none went stale).
    expect(Object.keys(EXAMPLES).filter((key) => !jsonEndpoints.includes(key))).toEqual([]);
    const notReached = jsonEndpoints.filter((key) => {
      const counts = answered.get(key);
      const total = [...(counts?.values() ?? [])].reduce((a, b) => a + b, 0);
      const limited = counts?.get(429) ?? 0;
      return total < RUNS.brokenField + RUNS.anyJson || total - limited < RUNS.brokenField;
    });
    // What the fuzzer reached, per endpoint: the answers it got, by status.
    console.log(
      [...answered]
        .map(([key, counts]) => `${key}: ${[...counts].map(([s, n]) => `${s}x${n}`).join(' ')}`)
        .join('\n') +
        `\nrequests: ${turn}, snapshots: ${Math.round(snapshotMs / turn)} ms each on average` +
        `\nrefused records that discarded their upload: ${discards}`,
    );
    expect(notReached).toEqual([]);
    // Every operation, JSON body or not, got parameter fuzzing.
    expect(operations.filter((op) => !answered.has(op.key)).map((op) => op.key)).toEqual([]);
  });
});
