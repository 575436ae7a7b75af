import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import { directSqliteOf, type Db } from './database.js';

/** Marks where a named value goes; no real value holds U+0000 (http-server.ts refuses it in any input). */
const SLOT_PREFIX = '\u0000prepared:';

type Slot = { name: string } | { value: unknown };

/**
 * A query built and compiled once, run with new values: for the reads every request makes, where
 * Kysely's builder and compiler cost more than the database's own answer (a trip's version by its
 * id; the figures are in docs/history.md). `build` gets stand-ins for the values, which may only be
 * used as values (a comparison's right side, an insert's value), never to choose the query's shape:
 *
 *   const findTrip = prepareQuery(db, (p: { id: string }) =>
 *     db.selectFrom('tripPlanners').selectAll().where('id', '=', p.id));
 *   const rows = await findTrip({ id });
 *   const inside = await findTrip({ id }, trx); // the same query, in a transaction
 *
 * The SQL text is the same on every run, so the statement cache of database.ts keeps it prepared.
 * Given a transaction (`on`), the query runs in it. On SQLite, a read outside any transaction is
 * run on the connection itself while no transaction is open on it: Kysely's executor, its mutex,
 * plugin and promises, cost more than the read (docs/quality.md).
 */
export function prepareQuery<Params extends Record<string, unknown>, Row>(
  db: Db,
  build: (params: Params) => Compilable<Row>,
): (params: Params, on?: Db) => Promise<Row[]> {
  // Compiled on first use: a transaction's queries are made for each transaction, and most are
  // never run in it.
  let prepared: { compiled: CompiledQuery<Row>; slots: Slot[] } | undefined;
  function prepare() {
    const standIns = new Proxy({} as Params, {
      get: (_target, name) => `${SLOT_PREFIX}${String(name)}`,
    });
    const compiled = build(standIns).compile();
    if (compiled.sql.includes(SLOT_PREFIX)) {
      throw new Error(`A prepared query wrote a value into its SQL: ${compiled.sql}`);
    }
    const slots = compiled.parameters.map((value): Slot =>
      typeof value === 'string' && value.startsWith(SLOT_PREFIX)
        ? { name: value.slice(SLOT_PREFIX.length) }
        : { value },
    );
    return { compiled, slots };
  }
  const direct = directSqliteOf(db);
  return async (params, on = db) => {
    prepared ??= prepare();
    const parameters = prepared.slots.map((slot) =>
      'name' in slot ? params[slot.name] : slot.value,
    );
    if (on === db && direct && !direct.inTransaction()) {
      const statement = direct.statement(prepared.compiled.sql);
      if (statement.reader) {
        const rows = statement.all(parameters) as Record<string, unknown>[];
        return rows.map((row) => direct.mapRow(row) as Row);
      }
    }
    const result = await on.executeQuery<Row>({
      ...prepared.compiled,
      queryId: createQueryId(),
      parameters,
    });
    return result.rows;
  };
}
