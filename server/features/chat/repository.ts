import type { Insertable, Selectable } from 'kysely';
import {
  CHAT_MANAGERS,
  proposalSchema,
  type ChatMessage,
  type Proposal,
  type ProposalStatus,
} from '../../../contracts/chat.js';
import type { ConversationState } from './assistant/types.js';
import type { Db } from '../../db/database.js';
import { prepareQuery } from '../../db/prepared.js';
import type { ChatMessageTable } from './table.js';

function toMessage(row: Selectable<ChatMessageTable>): ChatMessage {
  const managers = JSON.parse(row.managers) as unknown[];
  return {
    id: row.id,
    role: row.role === 'user' ? 'user' : 'beth',
    content: row.content,
    timestamp: row.createdAt,
    managers: CHAT_MANAGERS.filter((m) => managers.includes(m)),
    ...(row.answeredBy === 'built-in' || row.answeredBy === 'model'
      ? { answeredBy: row.answeredBy }
      : {}),
    ...(row.proposal
      ? {
          proposal: proposalSchema.parse({
            ...(JSON.parse(row.proposal) as object),
            status: row.proposalStatus,
          }),
        }
      : {}),
  };
}

export function createChatRepository(db: Db) {
  // The queries every question makes, compiled once (server/db/prepared.ts): building and
  // compiling them again for each question cost about as much as the assistant's own reading.
  const recentOf = prepareQuery(db, (p: { visitorId: string; limit: number }) =>
    db
      .selectFrom('chatMessages')
      .selectAll()
      .where('visitorId', '=', p.visitorId)
      .orderBy('seq', 'desc')
      .limit(p.limit),
  );
  const lastStateOf = prepareQuery(db, (p: { visitorId: string }) =>
    db
      .selectFrom('chatMessages')
      .select('context')
      .where('visitorId', '=', p.visitorId)
      .where('role', '=', 'beth')
      .orderBy('seq', 'desc')
      .limit(1),
  );
  const lastSeqOf = prepareQuery(db, (p: { visitorId: string }) =>
    db
      .selectFrom('chatMessages')
      .select('seq')
      .where('visitorId', '=', p.visitorId)
      .orderBy('seq', 'desc')
      .limit(1),
  );
  const insertMessage = prepareQuery(db, (p: Required<Insertable<ChatMessageTable>>) =>
    db
      .insertInto('chatMessages')
      .values({
        id: p.id,
        visitorId: p.visitorId,
        seq: p.seq,
        role: p.role,
        content: p.content,
        managers: p.managers,
        createdAt: p.createdAt,
        proposal: p.proposal,
        proposalStatus: p.proposalStatus,
        answeredBy: p.answeredBy,
        context: p.context,
      })
      .returningAll(),
  );
  const deleteUpTo = prepareQuery(db, (p: { visitorId: string; seq: number }) =>
    db.deleteFrom('chatMessages').where('visitorId', '=', p.visitorId).where('seq', '<=', p.seq),
  );

  return {
    async recent(visitorId: string, limit: number): Promise<ChatMessage[]> {
      const rows = await recentOf({ visitorId, limit });
      return rows.reverse().map(toMessage);
    },

    async lastState(visitorId: string): Promise<ConversationState | undefined> {
      const [row] = await lastStateOf({ visitorId });
      if (!row?.context) return undefined;
      try {
        return JSON.parse(row.context) as ConversationState;
      } catch {
        return undefined;
      }
    },

    async find(visitorId: string, id: string): Promise<ChatMessage | undefined> {
      const row = await db
        .selectFrom('chatMessages')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toMessage(row);
    },

    /**
     * Moves a message's proposal on, only from the status the caller saw: of two concurrent
     * decisions one wins and the other gets false.
     */
    async updateProposal(
      visitorId: string,
      id: string,
      from: ProposalStatus,
      proposal: Proposal,
    ): Promise<boolean> {
      const { status, ...rest } = proposal;
      const result = await db
        .updateTable('chatMessages')
        .set({ proposal: JSON.stringify(rest), proposalStatus: status })
        .where('visitorId', '=', visitorId)
        .where('id', '=', id)
        .where('proposalStatus', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Appends an exchange in one transaction and drops what is older than `keep` messages. The
     * unique (visitor, seq) index makes two concurrent exchanges of one visitor retry, not interleave.
     */
    async append(
      visitorId: string,
      rows: Omit<Insertable<ChatMessageTable>, 'seq' | 'visitorId'>[],
      keep: number,
    ): Promise<ChatMessage[]> {
      return db.transaction().execute(async (trx) => {
        const [last] = await lastSeqOf({ visitorId }, trx);
        let seq = last?.seq ?? 0;
        const stored: ChatMessage[] = [];
        for (const row of rows) {
          seq += 1;
          const [inserted] = await insertMessage(
            {
              proposal: null,
              proposalStatus: null,
              answeredBy: null,
              context: null,
              ...row,
              visitorId,
              seq,
            },
            trx,
          );
          stored.push(toMessage(inserted!));
        }
        await deleteUpTo({ visitorId, seq: seq - keep }, trx);
        return stored;
      });
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
