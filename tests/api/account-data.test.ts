/**
 * Issue 27: the account's data downloaded as one ZIP, and the account deleted with everything in
 * it, both after a fresh sign-in (docs/features/account-data.md, docs/decisions/024). Real SMTP,
 * a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL), real files on local storage;
 * archives are opened with fflate and, where it is installed, checked by Info-ZIP's `unzip -t`.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_EXPORT,
  AUTH_MESSAGES,
  REAUTH_FRESH_MINUTES,
  accountSchema,
  type SignedInAccount,
} from '../../contracts/auth.js';
import type { Movie } from '../../contracts/media.js';
import { createLocalStorage } from '../../server/adapters/storage/local.js';
import { NOT_EXPORTED_COLUMNS } from '../../server/features/accounts/export.js';
import { EXPORTED_TABLES } from '../../server/features/accounts/repository.js';
import { EXPORTS_PER_HOUR_PER_ACCOUNT } from '../../server/features/accounts/routes.js';
import { VISITOR_TABLES } from '../../server/features/retention/repository.js';
import { createBooking } from '../factories/bookings.js';
import { createMediaFile } from '../factories/media.js';
import { createPlannerItem, createTrip } from '../factories/planner.js';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files.js';
import {
  addressesUnder,
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';
import { signInByMail } from '../helpers/sign-in.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp.js';

const run = promisify(execFile);
const SITE = 'http://journeys.test';
const UNZIP = '/usr/bin/unzip';

interface Records {
  format: number;
  account: { id: string; email: string };
  sessions: { id: string }[];
  files: { path: string; table: string; id: string; stored: boolean }[];
  notExportedColumns: string[];
  tables: Record<string, Record<string, unknown>[]>;
}

describe('the account’s data: a download of everything, and the deletion of everything', () => {
  let smtp: SmtpReceiver;
  let server: TestServer;
  let fixtures: MediaFixtures;

  beforeAll(async () => {
    fixtures = await makeMediaFixtures();
    smtp = await startSmtpReceiver();
    server = await startTestServer({ SMTP_URL: smtp.url, APP_URL: SITE, TRUST_PROXY: 'loopback' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await fixtures?.close();
  });

  const db = () => server.database.db;
  const store = () => createLocalStorage({ dataDir: server.dataDir, secret: 'unused' });
  const nextAddress = addressesUnder('10.7');
  const visitor = () => createVisitor(server.url, { address: nextAddress() });
  const mails = new Map<string, number>();

  /** Signs `who` in with a new mailed code (the way the account page asks for a fresh sign-in). */
  async function signIn(who: Visitor, email: string): Promise<SignedInAccount> {
    const count = (mails.get(email) ?? 0) + 1;
    mails.set(email, count);
    return signInByMail(smtp, who, email, { site: SITE, count });
  }

  const upload = (who: Visitor, bytes: Buffer, fileType: string, fileName: string) =>
    createMediaFile(server, who, { bytes, fileType, fileName });

  /** Something in every feature: trip and items, links, a booking, chat, photos, a movie. */
  async function makeEverything(who: Visitor, label: string) {
    const trip = await createTrip(who, { title: `${label} trip` });
    await createPlannerItem(who, trip.id, { itemName: `${label} tram` });
    await createPlannerItem(who, trip.id, { itemName: `${label} museum` });
    expect(
      (await who.request('POST', `/api/trip-planners/${trip.id}/shares`, { body: {} })).status,
    ).toBe(201);
    await who.request('POST', `/api/trip-planners/${trip.id}/calendar-subscription`);
    await createBooking(who, { title: `${label} booking` });
    await who.request('POST', '/api/chat', { body: { message: `${label} says hello` } });
    const photo = await upload(
      who,
      fixtures.jpeg,
      'image/jpeg',
      `..${label} harbour: a "view".jpg`,
    );
    const video = await upload(who, fixtures.mp4, 'video/mp4', `${label}-boat.mp4`);
    const share = await who.request('POST', '/api/media/share', {
      body: { mediaIds: [photo.id], shareType: 'social', socialPlatform: 'facebook' },
    });
    expect(share.status).toBe(200);
    return { trip, photo, video };
  }

  async function makeMovie(who: Visitor, mediaIds: string[]): Promise<string> {
    const created = await who.request('POST', '/api/media/create-movie', {
      body: { mediaIds, style: 'documentary', duration: 'short' },
    });
    expect(created.status).toBe(201);
    const movie = (await created.json()) as Movie;
    await server.app.movies!.idle();
    return movie.id;
  }

  const exportOf = (who: Visitor) => who.request('GET', '/api/account/export');
  const deleteOf = (who: Visitor, confirm: string) =>
    who.request('DELETE', '/api/account', { body: { confirm } });
  const makeStale = (accountEmail: string) =>
    db()
      .updateTable('sessions')
      .set({
        createdAt: new Date(Date.now() - (REAUTH_FRESH_MINUTES + 1) * 60_000).toISOString(),
      })
      .where('accountId', 'in', (eb) =>
        eb.selectFrom('accounts').select('id').where('email', '=', accountEmail),
      )
      .execute();

  /** The visitor's rows in every exported table, as the database holds them, by table. */
  async function rowsOf(visitorId: string, tripIds: string[]) {
    const rows: Record<string, string[]> = {};
    for (const table of VISITOR_TABLES) {
      const found = await db()
        .selectFrom(table)
        .select('id')
        .where('visitorId', '=', visitorId)
        .execute();
      rows[table] = found.map((row) => row.id).sort();
    }
    const items = tripIds.length
      ? await db()
          .selectFrom('plannerItems')
          .select('id')
          .where('plannerId', 'in', tripIds)
          .execute()
      : [];
    rows.plannerItems = items.map((row) => row.id).sort();
    return rows;
  }

  /** Every file under the local storage folder. */
  async function storedFiles(): Promise<string[]> {
    const root = path.join(server.dataDir, 'storage');
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  }

  it('asks for a fresh sign-in before a download or a deletion, with a reason a page can read', async () => {
    const anonymous = visitor();
    await createTrip(anonymous, { title: 'Not an account' });
    for (const response of [
      await exportOf(anonymous),
      await deleteOf(anonymous, 'x@example.org'),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        message: AUTH_MESSAGES.signInFirst,
        reauthenticate: true,
      });
    }

    const email = 'stale@example.org';
    const traveller = visitor();
    await signIn(traveller, email);
    await makeStale(email);
    for (const response of [await exportOf(traveller), await deleteOf(traveller, email)]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        message: AUTH_MESSAGES.reauthenticate,
        reauthenticate: true,
      });
    }
    expect(
      await db().selectFrom('accounts').select('id').where('email', '=', email).execute(),
    ).toHaveLength(1);
    // Still signed in: only these two ask again.
    expect(await (await traveller.request('GET', '/api/account')).json()).toMatchObject({
      signedIn: true,
    });
    // A new code signs in again, on a new session: fresh.
    await signIn(traveller, email);
    // Not from a link on another site, though: the browser says where the request comes from.
    const fromElsewhere = await traveller.request('GET', '/api/account/export', {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fromElsewhere.status).toBe(403);
    expect(await fromElsewhere.json()).toEqual({ message: 'Cross-site request refused' });
    const again = await exportOf(traveller);
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });

  it(
    'downloads every record and every file of the account as one streamed ZIP',
    { timeout: 180_000 },
    async () => {
      const email = 'archive@example.org';
      const laptop = visitor();
      const made = await makeEverything(laptop, 'Lisbon');
      await signIn(laptop, email);
      const phone = visitor();
      const more = await makeEverything(phone, 'Kyoto');
      await signIn(phone, email);
      const movieId = await makeMovie(phone, [made.photo.id, more.photo.id]);
      // Someone else's things, which must not be in the archive.
      const stranger = visitor();
      await makeEverything(stranger, 'Stranger');

      // A HEAD makes no archive, and is not counted.
      const head = await phone.request('HEAD', '/api/account/export');
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('application/zip');
      const response = await exportOf(phone);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${ACCOUNT_EXPORT.fileName}"`,
      );
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      // Streamed: no length known in advance.
      expect(response.headers.get('content-length')).toBeNull();
      const zipBytes = Buffer.from(await response.arrayBuffer());
      if (existsSync(UNZIP)) {
        const file = path.join(fixtures.dir, 'export.zip');
        await writeFile(file, zipBytes);
        const { stdout } = await run(UNZIP, ['-t', file]);
        expect(stdout).toMatch(/No errors detected/);
      }
      const entries = unzipSync(zipBytes);
      const text = new TextDecoder().decode(entries[ACCOUNT_EXPORT.recordsFile]);
      const records = JSON.parse(text) as Records;

      const account = await db()
        .selectFrom('accounts')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(records).toMatchObject({ format: 1, account: { id: account.id, email } });
      expect(records.sessions).toHaveLength(2);
      expect(records.notExportedColumns).toEqual([...NOT_EXPORTED_COLUMNS]);
      expect(Object.keys(records.tables)).toEqual([...EXPORTED_TABLES]);

      // Every record: each exported table holds exactly the account's rows, whole.
      const tripIds = (records.tables.tripPlanners ?? []).map((row) => String(row.id));
      const expected = await rowsOf(account.visitorId, tripIds);
      for (const table of EXPORTED_TABLES) {
        const ids = records.tables[table]!.map((row) => String(row.id)).sort();
        expect(ids, table).toEqual(expected[table]);
      }
      expect(expected.tripPlanners).toHaveLength(2);
      expect(expected.plannerItems).toHaveLength(4);
      expect(expected.mediaFiles).toHaveLength(4);
      expect(expected.mediaMovies).toEqual([movieId]);
      expect(expected.tripShares).toHaveLength(2);
      expect(expected.mediaShares).toHaveLength(2);
      const trip = records.tables.tripPlanners!.find((row) => row.id === made.trip.id);
      expect(trip).toMatchObject({ title: 'Lisbon trip', visitorId: account.visitorId });
      // No secret: no token's hash, no address tag.
      for (const rows of Object.values(records.tables)) {
        for (const row of rows)
          for (const column of NOT_EXPORTED_COLUMNS) expect(row).not.toHaveProperty(column);
      }
      const hashes = await db().selectFrom('tripShares').select('tokenHash').execute();
      for (const { tokenHash } of hashes) expect(text).not.toContain(tokenHash);
      expect(text).not.toContain('Stranger');

      // Every file, byte for byte, under a safe name, with the index in account.json.
      const names = Object.keys(entries).sort();
      for (const [file, bytes] of [
        [made.photo, fixtures.jpeg],
        [made.video, fixtures.mp4],
        [more.photo, fixtures.jpeg],
        [more.video, fixtures.mp4],
      ] as const) {
        const name = names.find((n) => n.startsWith(`media/${file.id}-`));
        expect(name, file.fileName).toBeDefined();
        expect(name).not.toContain('/..');
        expect(Buffer.from(entries[name!]!).equals(bytes)).toBe(true);
      }
      // A name made safe for any unzip tool: no leading dot, no colon or quote.
      expect(names).toContain(`media/${made.photo.id}-Lisbon harbour_ a _view_.jpg`);
      const movie = await db()
        .selectFrom('mediaMovies')
        .selectAll()
        .where('id', '=', movieId)
        .executeTakeFirstOrThrow();
      expect(movie.status).toBe('ready');
      for (const key of [movie.videoKey!, movie.calmVideoKey!, movie.captionsKey!]) {
        const name = `movies/${movieId}-${key.split('/').at(-1)}`;
        const stored = Buffer.concat(await (await store().read(key)).toArray());
        expect(Buffer.from(entries[name]!).equals(stored), name).toBe(true);
      }
      expect(names).toHaveLength(1 + 4 + 3);
      expect(records.files).toHaveLength(4 + 3);
      expect(records.files.every((file) => file.stored && names.includes(file.path))).toBe(true);
    },
  );

  it(`allows ${EXPORTS_PER_HOUR_PER_ACCOUNT} downloads an hour per account`, async () => {
    const email = 'downloads@example.org';
    const traveller = visitor();
    await signIn(traveller, email);
    // Asking what the download is (HEAD) is not downloading it.
    for (let i = 0; i < EXPORTS_PER_HOUR_PER_ACCOUNT; i++) {
      expect((await traveller.request('HEAD', '/api/account/export')).status).toBe(200);
    }
    for (let i = 0; i < EXPORTS_PER_HOUR_PER_ACCOUNT; i++) {
      const response = await exportOf(traveller);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const refused = await exportOf(traveller);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another device of the same account is the same account.
    const other = visitor();
    await signIn(other, email);
    expect((await exportOf(other)).status).toBe(429);
  });

  it(
    'deletes the account and everything in it, files too, once its address is typed again',
    { timeout: 180_000 },
    async () => {
      const email = 'leaving@example.org';
      const laptop = visitor();
      const made = await makeEverything(laptop, 'Leaving');
      await signIn(laptop, email);
      const phone = visitor();
      await signIn(phone, email);
      const movieId = await makeMovie(phone, [made.photo.id]);
      const neighbour = visitor();
      const kept = await makeEverything(neighbour, 'Staying');
      const account = await db()
        .selectFrom('accounts')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const tripIds = (await rowsOf(account.visitorId, [])).tripPlanners!;
      const before = await rowsOf(account.visitorId, tripIds);
      const files = await db()
        .selectFrom('mediaFiles')
        .selectAll()
        .where('visitorId', '=', account.visitorId)
        .execute();
      const movie = await db()
        .selectFrom('mediaMovies')
        .selectAll()
        .where('id', '=', movieId)
        .executeTakeFirstOrThrow();
      const keys = [
        ...files.flatMap((file) => [file.objectKey, file.thumbnailKey!]),
        movie.videoKey!,
        movie.calmVideoKey!,
        movie.captionsKey!,
      ];
      for (const key of keys) expect(await store().head(key), key).not.toBeNull();
      const ids = [...files.map((file) => file.id), movieId];

      // A wrong address deletes nothing.
      const wrong = await deleteOf(phone, 'someone.else@example.org');
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({
        errors: [{ path: 'confirm', message: AUTH_MESSAGES.deleteConfirm }],
      });
      expect(await rowsOf(account.visitorId, tripIds)).toEqual(before);

      const deleted = await deleteOf(phone, '  Leaving@Example.org ');
      expect(deleted.status).toBe(204);
      // This browser starts anew; the other device is signed out.
      expect(deleted.headers.getSetCookie()).toHaveLength(1);
      for (const device of [phone, laptop]) {
        const answer = accountSchema.parse(
          await (await device.request('GET', '/api/account')).json(),
        );
        expect(answer).toEqual({ signedIn: false });
        expect(await (await device.request('GET', '/api/trip-planners')).json()).toEqual([]);
      }

      // No row of the account or its visitor in any table.
      const after = await rowsOf(account.visitorId, tripIds);
      for (const table of EXPORTED_TABLES) expect(after[table], table).toEqual([]);
      expect(
        await db()
          .selectFrom('accounts')
          .select('id')
          .where((eb) => eb.or([eb('id', '=', account.id), eb('email', '=', email)]))
          .execute(),
      ).toEqual([]);
      expect(
        await db()
          .selectFrom('sessions')
          .select('id')
          .where((eb) =>
            eb.or([eb('accountId', '=', account.id), eb('visitorId', '=', account.visitorId)]),
          )
          .execute(),
      ).toEqual([]);
      expect(
        await db().selectFrom('signInCodes').select('id').where('email', '=', email).execute(),
      ).toEqual([]);
      // No stored object: not by key, and no file on disk named after any of its ids.
      for (const key of keys) expect(await store().head(key), key).toBeNull();
      const left = await storedFiles();
      for (const id of ids)
        expect(
          left.filter((file) => file.includes(id)),
          id,
        ).toEqual([]);

      // The neighbour's things are untouched.
      const theirs = await neighbour.request('GET', kept.photo.contentUrl);
      expect(theirs.status).toBe(200);
      expect(Buffer.from(await theirs.arrayBuffer()).equals(fixtures.jpeg)).toBe(true);
      // The address can sign in again: a new, empty account.
      const fresh = await signIn(visitor(), email);
      expect(fresh.email).toBe(email);
      const again = await db()
        .selectFrom('accounts')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(again.id).not.toBe(account.id);
      expect(await rowsOf(again.visitorId, [])).toMatchObject({ tripPlanners: [], mediaFiles: [] });
    },
  );

  it('lists the routes in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(doc.paths['/api/account/export']?.get?.tags).toEqual(['accounts']);
    expect(doc.paths['/api/account']?.delete?.tags).toEqual(['accounts']);
  });
});
