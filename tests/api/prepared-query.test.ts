import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, type Db } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { prepareQuery } from '../../server/db/prepared.js';
import { createTestDatabaseUrl } from '../helpers/database.js';

// On SQLite, or on PostgreSQL when TEST_DATABASE_URL is set (.ci/run runs both).
let handle: DatabaseHandle;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aj-prepared-'));
  const pg = await createTestDatabaseUrl();
  handle = createDatabase({ databaseUrl: pg?.url, dataDir });
  await migrateToLatest(handle.db, handle.kind);
  const now = new Date().toISOString();
  await handle.db
    .insertInto('sessions')
    .values([
      { tokenHash: 'hash-a', visitorId: 'visitor-a', createdAt: now, lastSeenAt: now },
      { tokenHash: 'hash-b', visitorId: 'visitor-b', createdAt: now, lastSeenAt: now },
      { tokenHash: 'hash-c', visitorId: 'visitor-b', createdAt: '2020-01-01', lastSeenAt: now },
    ])
    .execute();
  cleanUp = async () => {
    await handle.close();
    await pg?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => cleanUp());

/** Stores a session in `on` (a transaction), as the tests below need one. */
async function insertSession(on: Db, tokenHash: string, visitorId: string) {
  const now = new Date().toISOString();
  await on
    .insertInto('sessions')
    .values({ tokenHash, visitorId, createdAt: now, lastSeenAt: now })
    .execute();
}

/** The token hashes of a visitor's sessions, prepared on `db` (or a transaction). */
const tokenHashesOf = (db: Db) =>
  prepareQuery(db, (p: { visitorId: string }) =>
    db.selectFrom('sessions').select('tokenHash').where('visitorId', '=', p.visitorId),
  );

describe('prepareQuery', () => {
  it('runs the query compiled once with each call’s values, mapped to camelCase', async () => {
    const { db } = handle;
    const find = prepareQuery(db, (p: { visitorId: string; since: string }) =>
      db
        .selectFrom('sessions')
        .select(['tokenHash', 'visitorId'])
        .where('visitorId', '=', p.visitorId)
        .where('createdAt', '>', p.since)
        // A value the query fixes, not the caller: kept as it was compiled.
        .where('tokenHash', '!=', 'hash-z')
        .orderBy('tokenHash'),
    );
    expect(await find({ visitorId: 'visitor-a', since: '2021-01-01' })).toEqual([
      { tokenHash: 'hash-a', visitorId: 'visitor-a' },
    ]);
    expect(await find({ visitorId: 'visitor-b', since: '2021-01-01' })).toEqual([
      { tokenHash: 'hash-b', visitorId: 'visitor-b' },
    ]);
    expect(await find({ visitorId: 'visitor-b', since: '2019-01-01' })).toHaveLength(2);
    expect(await find({ visitorId: 'nobody', since: '2019-01-01' })).toEqual([]);
  });

  it('refuses a stand-in written into the SQL text instead of bound as a value', async () => {
    const { db } = handle;
    const find = prepareQuery(db, (p: { visitorId: string }) =>
      db.selectFrom('sessions').select('tokenHash').where('visitorId', '=', sql.lit(p.visitorId)),
    );
    await expect(find({ visitorId: 'visitor-a' })).rejects.toThrow(/wrote a value into its SQL/);
  });

  it('runs inside a transaction, on the transaction', async () => {
    const { db } = handle;
    await db.transaction().execute(async (trx) => {
      await insertSession(trx, 'hash-t', 'visitor-t');
      const find = tokenHashesOf(trx);
      expect(await find({ visitorId: 'visitor-t' })).toEqual([{ tokenHash: 'hash-t' }]);
    });
  });

  it('runs a query prepared once in a transaction it is given, seeing what it wrote', async () => {
    const { db } = handle;
    const find = tokenHashesOf(db);
    await db.transaction().execute(async (trx) => {
      await insertSession(trx, 'hash-u', 'visitor-u');
      expect(await find({ visitorId: 'visitor-u' }, trx)).toEqual([{ tokenHash: 'hash-u' }]);
    });
  });

  it('never reads what an open transaction wrote and then rolled back', async () => {
    const { db } = handle;
    const find = tokenHashesOf(db);
    let readDuring: Promise<unknown> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await insertSession(trx, 'hash-r', 'visitor-r');
        // A request's read while another request's transaction is open, on the same process.
        readDuring = find({ visitorId: 'visitor-r' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readDuring).toEqual([]);
    expect(await find({ visitorId: 'visitor-r' })).toEqual([]);
  });
});
