/**
 * Media files for API tests: `createMediaFile` uploads one as the given visitor, the way the
 * uploader does it (a ticket, the bytes PUT with the visitor's cookie, the record), and returns
 * the gallery's entry for it, parsed.
 */
import { expect } from 'vitest';
import { mediaFileSchema, type MediaFile, type UploadTicket } from '../../contracts/media.js';
import type { TestServer, Visitor } from '../helpers/server.js';

export async function createMediaFile(
  server: Pick<TestServer, 'url'>,
  visitor: Visitor,
  { bytes, fileType, fileName }: { bytes: Buffer; fileType: string; fileName: string },
): Promise<MediaFile> {
  const ticketAnswer = await visitor.request('POST', '/api/media/upload', {
    body: { fileType, fileSize: bytes.length },
  });
  expect(ticketAnswer.status).toBe(200);
  const ticket = (await ticketAnswer.json()) as UploadTicket;
  const url = new URL(ticket.uploadURL, server.url).toString();
  const cookie = [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const put = await fetch(url, {
    method: 'PUT',
    headers: { ...ticket.headers, cookie },
    body: bytes,
  });
  expect(put.status).toBe(200);
  const recorded = await visitor.request('PUT', '/api/media', {
    body: { mediaURL: url, fileName, fileType, fileSize: bytes.length },
  });
  expect(recorded.status).toBe(201);
  return mediaFileSchema.parse(await recorded.json());
}
