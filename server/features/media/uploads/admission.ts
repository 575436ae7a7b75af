import {
  MAX_UPLOAD_BYTES,
  MEDIA_QUOTA_BYTES,
  MEDIA_QUOTA_FILES,
  type UploadRequest,
} from '../../../../contracts/media.js';
import type { MediaStorage } from '../../../adapters/storage/types.js';
import { PayloadTooLarge, ServiceUnavailable, TooManyRequests } from '../../../errors.js';
import type { MediaLogger } from '../gallery.js';
import type { MediaRepository } from '../repository.js';
import type { AddressBudget } from './address-budget.js';

export interface AdmissionDeps {
  repository: MediaRepository;
  storage: MediaStorage;
  /** What one visitor's gallery may hold (contracts' MEDIA_QUOTA_* unless set). */
  quota?: { bytes: number; files: number };
  /** Disk space an upload to storage on this machine must leave free (none kept when unset). */
  diskReserveBytes?: number;
  /** Bytes of uploads one client address may ask for in an hour (none counted when unset). */
  addressBudget?: AddressBudget;
  log: MediaLogger;
}

/** A quota in the units people read: GB from 1 GB up, else MB. */
function quotaSize(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${Number(gb.toFixed(1))} GB` : `${Number((bytes / 1024 ** 2).toFixed(1))} MB`;
}

/**
 * What an upload may cost (docs/decisions/017): the visitor's gallery quota, the disk's reserve
 * and the address's hourly budget, checked when a URL is asked for; the quota again when the upload
 * is recorded, and the disk again before a local PUT's body is written.
 */
export function createUploadAdmission(deps: AdmissionDeps) {
  const { repository, storage, log } = deps;
  const quota = deps.quota ?? { bytes: MEDIA_QUOTA_BYTES, files: MEDIA_QUOTA_FILES };

  /**
   * Refuses a file that would take the visitor's gallery past its quota: checked when the upload is
   * asked for (with the size the browser declares) and again when it is recorded (with the size
   * stored), since a declared size can be missing or wrong. Two records racing each other may pass
   * together, so a gallery can go over by the few uploads one visitor can have open at once.
   */
  async function assertRoom(visitorId: string, bytes: number): Promise<void> {
    const usage = await repository.usage(visitorId);
    if (usage.files + 1 > quota.files || usage.bytes + bytes > quota.bytes) {
      throw new PayloadTooLarge(
        `Your gallery is full: it holds up to ${quota.files} ${quota.files === 1 ? 'file' : 'files'} and ${quotaSize(quota.bytes)}. Delete some files to upload more.`,
      );
    }
  }

  /**
   * Refuses an upload of `bytes` that would leave the disk under its reserve (local storage only):
   * a full disk would stop the database too, and every booking and trip with it. Checked when the
   * upload is asked for and again before its body is written, since other uploads may have
   * filled the disk in between; a refusal is for now, and the same upload URL may be tried again.
   */
  async function assertDiskRoom(bytes: number): Promise<void> {
    if (!storage.freeBytes) return;
    const reserve = deps.diskReserveBytes ?? 0;
    const free = await storage.freeBytes();
    if (free - bytes >= reserve) return;
    log.warn(
      { freeBytes: free, uploadBytes: bytes, reserveBytes: reserve },
      'disk nearly full: upload refused',
    );
    throw new ServiceUnavailable(
      'The site has no room for new uploads right now. Nothing was uploaded; please try again later.',
    );
  }

  return {
    assertRoom,
    assertDiskRoom,

    /** Asking for an upload URL: room in the gallery, on the disk, then in the address's hour. */
    async admit(visitorId: string, request: UploadRequest, clientAddress?: string): Promise<void> {
      await assertRoom(visitorId, request.fileSize ?? 0);
      const bytes = request.fileSize ?? MAX_UPLOAD_BYTES;
      await assertDiskRoom(bytes);
      // Counted last, so a refusal above does not use up the address's hour.
      const wait = clientAddress
        ? ((await deps.addressBudget?.take(clientAddress, bytes)) ?? 0)
        : 0;
      if (wait > 0) {
        throw new TooManyRequests(
          `Too many uploads from your network in the last hour. Please try again in ${Math.ceil(wait / 60)} ${wait <= 60 ? 'minute' : 'minutes'}.`,
          wait,
        );
      }
    },
  };
}
export type UploadAdmission = ReturnType<typeof createUploadAdmission>;
