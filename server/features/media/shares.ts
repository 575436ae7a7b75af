import { randomUUID } from 'node:crypto';
import {
  formatFileSize,
  type Share,
  type ShareMedia,
  type ShareResult,
  type SharedPage,
  type SocialPlatform,
} from '../../../contracts/media.js';
import { formatUtcDay } from '../../../contracts/dates.values.js';
import { sharedMediaPath } from '../../../contracts/routes.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { Gone, NotFound } from '../../errors.js';
import {
  contactPageUrl,
  escapeHtml,
  linkFallback,
  mailButton,
  mailHtml,
  noReplyFooter,
  sharedBy,
} from '../../lib/mail-layout.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { MediaFileRow, MediaRepository, ShareRow } from './repository.js';
import { fileContent, thumbnailContent } from './gallery.js';
import type { StoredContent } from './send-stored.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where each platform takes a link. Instagram has no web address that shares a link, so its entry
 * is the share page itself, to paste into a post, a story or a bio.
 */
export function socialShareUrls(shareUrl: string, text: string): Record<SocialPlatform, string> {
  const url = encodeURIComponent(shareUrl);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(text)}`,
    instagram: shareUrl,
  };
}

/**
 * The e-mail that hands a gallery link to someone: plain text and HTML. The sharer's name, when
 * given, says who sent it; without one the words stay neutral.
 */
export function shareMail(input: {
  link: string;
  files: MediaFileRow[];
  expiresAt: Date;
  message?: string;
  senderName?: string;
  contactUrl: string;
}): { subject: string; text: string; html: string } {
  const expires = formatUtcDay(input.expiresAt);
  const one = input.files.length === 1;
  const count = `${input.files.length} travel ${one ? 'photo or video' : 'photos and videos'}`;
  const list = input.files.map((f) => `${f.fileName} (${formatFileSize(f.fileSize)})`);
  const sender = sharedBy(input.senderName);
  const footer = noReplyFooter(input.contactUrl);
  const text = [
    `${sender.who} shared ${count} with you on Accessible Journeys.`,
    ...(input.message ? ['', input.message] : []),
    '',
    'See them here (no account needed):',
    input.link,
    '',
    ...list.map((line) => `- ${line}`),
    '',
    `The link works until ${expires}.`,
    '',
    ...sender.note.flatMap((line) => [line, '']),
    ...footer.text,
  ].join('\n');
  const html = mailHtml([
    `<p>${escapeHtml(`${sender.who} shared ${count} with you on Accessible Journeys.`)}</p>`,
    input.message ? `<p>${escapeHtml(input.message)}</p>` : '',
    `<p>${mailButton(input.link, 'See the shared photos and videos')}</p>`,
    `<ul>${list.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<p>The link works until ${escapeHtml(expires)}. ${linkFallback(input.link)}</p>`,
    ...sender.note.map((line) => `<p>${escapeHtml(line)}</p>`),
    footer.html,
  ]);
  const memories = one ? 'a travel memory' : 'travel memories';
  return {
    subject: input.senderName
      ? `${input.senderName} shared ${memories} with you`
      : `Travel ${one ? 'memory' : 'memories'} shared with you`,
    text,
    html,
  };
}

export interface ShareServiceDeps {
  repository: MediaRepository;
  mailer: Mailer;
  appUrl: string;
}

/** Private links to a read-only page of chosen files: unguessable, revocable, expiring. */
export function createShareService(deps: ShareServiceDeps) {
  const { repository } = deps;

  function toShare(row: ShareRow, shareUrl: string): Share {
    return {
      id: row.id,
      shareUrl,
      shareType: row.shareType === 'email' ? 'email' : 'social',
      email: row.email,
      fileCount: (JSON.parse(row.mediaIds) as string[]).length,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      revokedAt: row.revokedAt,
    };
  }

  /** The share of a token, if it is still open: unknown and revoked are 404, expired is 410. */
  async function openShare(token: string): Promise<ShareRow> {
    const row = await repository.findShareByTokenHash(hashToken(token));
    if (!row || row.revokedAt) throw new NotFound('This share link does not exist or was revoked');
    if (Date.parse(row.expiresAt) <= Date.now()) throw new Gone('This share link has expired');
    return row;
  }

  async function sharedFiles(row: ShareRow): Promise<MediaFileRow[]> {
    const ids = JSON.parse(row.mediaIds) as string[];
    const files = await repository.getFiles(row.visitorId, ids);
    const byId = new Map(files.map((f) => [f.id, f]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async function sharedFile(token: string, id: string): Promise<MediaFileRow> {
    const row = await openShare(token);
    const file = (await sharedFiles(row)).find((f) => f.id === id);
    if (!file) throw new NotFound('Media file not found');
    return file;
  }

  return {
    async share(visitorId: string, input: ShareMedia): Promise<ShareResult> {
      const files = await repository.getFiles(visitorId, input.mediaIds);
      if (files.length !== input.mediaIds.length) {
        throw new NotFound('One or more of the selected files were not found');
      }
      const token = newToken();
      const now = new Date();
      const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
      const row: ShareRow = {
        id: randomUUID(),
        visitorId,
        tokenHash: hashToken(token),
        shareType: input.shareType,
        email: input.shareType === 'email' ? (input.email ?? null) : null,
        mediaIds: JSON.stringify(input.mediaIds),
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
        revokedAt: null,
      };
      const shareUrl = `${deps.appUrl}${sharedMediaPath(token)}`;
      await repository.insertShare(row);
      if (input.shareType === 'email' && input.email) {
        const ordered = input.mediaIds.flatMap((id) => files.find((f) => f.id === id) ?? []);
        try {
          await deps.mailer.send({
            to: input.email,
            ...shareMail({
              link: shareUrl,
              files: ordered,
              expiresAt,
              message: input.message,
              senderName: input.senderName,
              contactUrl: contactPageUrl(deps.appUrl),
            }),
          });
        } catch (error) {
          // Not queued: the link was never handed to anyone, so it does not stay open.
          await repository.revokeShare(visitorId, row.id, new Date().toISOString());
          throw error;
        }
      }
      const text = `${files.length === 1 ? 'A travel memory' : 'Travel memories'} from Accessible Journeys`;
      return {
        ...toShare(row, shareUrl),
        ...(input.shareType === 'social'
          ? { socialShareData: socialShareUrls(shareUrl, text) }
          : {}),
      };
    },

    /** The visitor's links. The token is not stored, so a listed link shows no address. */
    /** Null: a visitor with no stored session, who has shared nothing. */
    async list(visitorId: string | null): Promise<Share[]> {
      if (!visitorId) return [];
      const rows = await repository.listShares(visitorId);
      return rows.map((row) => toShare(row, ''));
    },

    async revoke(visitorId: string, id: string): Promise<void> {
      const row = await repository.revokeShare(visitorId, id, new Date().toISOString());
      if (!row) throw new NotFound('Share link not found');
    },

    async page(token: string): Promise<SharedPage> {
      const row = await openShare(token);
      const files = await sharedFiles(row);
      const base = `/api/shared/${encodeURIComponent(token)}/files`;
      return {
        expiresAt: row.expiresAt,
        files: files.map((f) => ({
          id: f.id,
          fileName: f.fileName,
          fileType: f.fileType,
          fileSize: f.fileSize === null ? null : Number(f.fileSize),
          description: f.description,
          capturedAt: f.capturedAt,
          contentUrl: `${base}/${f.id}/content`,
          thumbnailUrl: f.thumbnailKey ? `${base}/${f.id}/thumbnail` : null,
        })),
      };
    },

    async content(token: string, id: string): Promise<StoredContent> {
      return fileContent(await sharedFile(token, id));
    },

    async thumbnail(token: string, id: string): Promise<StoredContent> {
      return thumbnailContent(await sharedFile(token, id));
    },
  };
}
export type ShareService = ReturnType<typeof createShareService>;
