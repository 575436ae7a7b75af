import exifr from 'exifr';
import { imageSizeFromFile } from 'image-size/fromFile';
import { MediaQueueBusy, MediaToolLimitError } from './runner.js';
import { probe, type MediaTools, type ProbeResult, type ProbeStream } from './tools.js';

/** What a photo or video says about itself; null wherever it does not say (or cannot be read). */
export interface MediaMetadata {
  capturedAt: Date | null;
  latitude: number | null;
  longitude: number | null;
  /**
   * As the file is shown: a photo's EXIF rotation and a video's rotation are applied. For a
   * picture over MAX_MEDIA_PIXELS, its size (and nothing else is read).
   */
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

/** Cameras without a clock write 1904 (QuickTime's epoch) or 1970; neither is a capture time. */
const EARLIEST_PLAUSIBLE_YEAR = 1971;

const EMPTY: MediaMetadata = {
  capturedAt: null,
  latitude: null,
  longitude: null,
  width: null,
  height: null,
  durationSeconds: null,
};

export interface InspectOptions {
  signal?: AbortSignal;
  /** Whose turn in the media work queue (the uploader's address key). */
  workKey?: string;
}

/**
 * Reads when and where a file was taken and its size, decoding nothing: a photo's size from its
 * header (image-size; ffprobe only for a format it does not know) and its time and place from
 * EXIF (exifr), a video's all from one ffprobe. The size is the picture's even when it is over
 * MAX_MEDIA_PIXELS, so the caller can refuse it. A file that is not readable media gives nulls;
 * a file that took a probe past its time, CPU or memory limit rejects (MediaToolLimitError), as
 * does an abort.
 */
export async function inspectMedia(
  tools: MediaTools | null,
  filePath: string,
  kind: 'image' | 'video',
  options: InspectOptions = {},
): Promise<MediaMetadata> {
  return kind === 'image'
    ? readImageMetadata(tools, filePath, options)
    : readVideoMetadata(tools, filePath, options);
}

/** inspectMedia that never throws: a file that cannot be read, for any reason, gives nulls. */
export async function readMetadata(
  tools: MediaTools | null,
  filePath: string,
  kind: 'image' | 'video',
  options: InspectOptions = {},
): Promise<MediaMetadata> {
  try {
    return await inspectMedia(tools, filePath, kind, options);
  } catch {
    return { ...EMPTY };
  }
}

interface ExifFields {
  DateTimeOriginal?: unknown;
  CreateDate?: unknown;
  OffsetTimeOriginal?: unknown;
  OffsetTime?: unknown;
  Orientation?: unknown;
  ExifImageWidth?: unknown;
  ExifImageHeight?: unknown;
  ImageWidth?: unknown;
  ImageHeight?: unknown;
  latitude?: unknown;
  longitude?: unknown;
}

async function readExif(filePath: string): Promise<ExifFields> {
  try {
    // Values stay raw: exifr would revive EXIF's zone-less dates in this server's time zone.
    const parsed = (await exifr.parse(filePath, {
      tiff: true,
      exif: true,
      gps: true,
      ihdr: true,
      reviveValues: false,
      translateValues: false,
    })) as ExifFields | undefined;
    return parsed ?? {};
  } catch {
    return {};
  }
}

/**
 * A picture's stored size from its header, the largest where a file holds several (an icon, a
 * HEIF with a preview); null where image-size does not know the format or cannot find the size
 * in the file's first 512 KB.
 */
async function headerSize(filePath: string): Promise<{ width: number; height: number } | null> {
  try {
    const found = await imageSizeFromFile(filePath);
    const sizes = [found, ...(found.images ?? [])].filter(
      (s) => positive(s.width) && positive(s.height),
    );
    if (sizes.length === 0) return null;
    return sizes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  } catch {
    return null;
  }
}

async function readImageMetadata(
  tools: MediaTools | null,
  filePath: string,
  options: InspectOptions,
): Promise<MediaMetadata> {
  const exif = await readExif(filePath);
  const capturedAt =
    exifDate(exif.DateTimeOriginal, exif.OffsetTimeOriginal) ??
    exifDate(exif.CreateDate, exif.OffsetTime);
  const { latitude, longitude } = coordinates(exif.latitude, exif.longitude);

  // The header is what decoders allocate by; EXIF's own size fields are only a writer's claim.
  let width = positive(exif.ExifImageWidth) ?? positive(exif.ImageWidth);
  let height = positive(exif.ExifImageHeight) ?? positive(exif.ImageHeight);
  const header = await headerSize(filePath);
  if (header) {
    ({ width, height } = header);
  } else if (tools) {
    const result = await probeReadable(tools, filePath, options);
    const stream = firstVideoStream(result);
    const size =
      result?.oversized ??
      (stream && positive(stream.width) && positive(stream.height)
        ? { width: stream.width!, height: stream.height! }
        : null);
    if (size) ({ width, height } = size);
  }
  // Orientations 5 to 8 turn the stored picture a quarter turn.
  if (width && height && swapsSides(orientationOf(exif.Orientation))) {
    [width, height] = [height, width];
  }
  return { capturedAt, latitude, longitude, width, height, durationSeconds: null };
}

async function readVideoMetadata(
  tools: MediaTools | null,
  filePath: string,
  options: InspectOptions,
): Promise<MediaMetadata> {
  if (!tools) return { ...EMPTY };
  const result = await probeReadable(tools, filePath, options);
  if (!result) return { ...EMPTY };
  if (result.oversized) return { ...EMPTY, ...result.oversized };
  const stream = firstVideoStream(result);
  // ffprobe "reads" any file named .jpg or .mp4; without a picture size nothing in it is trusted.
  if (!stream || !positive(stream.width) || !positive(stream.height)) return { ...EMPTY };
  const tags = lowerKeys({ ...stream.tags, ...result.format?.tags });

  const creation = tags['creation_time'] ?? tags['com.apple.quicktime.creationdate'];
  const capturedAt = creation ? plausible(new Date(creation)) : null;
  const where =
    tags['com.apple.quicktime.location.iso6709'] ??
    tags['location'] ??
    Object.entries(tags).find(([key]) => key.startsWith('location'))?.[1];
  const { latitude, longitude } = where ? parseIso6709(where) : { latitude: null, longitude: null };

  let width = positive(stream.width);
  let height = positive(stream.height);
  if (width && height && Math.abs(videoRotation(stream)) % 180 === 90) {
    [width, height] = [height, width];
  }
  const durationSeconds =
    positive(Number(result.format?.duration)) ?? positive(Number(stream.duration));
  return { capturedAt, latitude, longitude, width, height, durationSeconds };
}

/**
 * One ffprobe within its limits: null for a file it cannot read, but a limit reached, an abort or
 * a full queue is thrown, for the caller to refuse the file or try again.
 */
async function probeReadable(
  tools: MediaTools,
  filePath: string,
  options: InspectOptions,
): Promise<ProbeResult | null> {
  try {
    return await probe(tools, filePath, options);
  } catch (error) {
    if (error instanceof MediaToolLimitError || error instanceof MediaQueueBusy) throw error;
    options.signal?.throwIfAborted();
    return null;
  }
}

const firstVideoStream = (result: ProbeResult | null): ProbeStream | undefined =>
  result?.streams.find((s) => s.codec_type === 'video');

/** A phone video's rotation: the display matrix (newer ffprobe) or the `rotate` tag (older). */
function videoRotation(stream: ProbeStream): number {
  const fromMatrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  if (typeof fromMatrix === 'number') return fromMatrix;
  const tag = Number(stream.tags?.rotate);
  return Number.isFinite(tag) ? tag : 0;
}

function lowerKeys(tags: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(tags).map(([k, v]) => [k.toLowerCase(), v]));
}

const positive = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

function plausible(date: Date): Date | null {
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  return date.getUTCFullYear() >= EARLIEST_PLAUSIBLE_YEAR ? date : null;
}

/**
 * EXIF's "YYYY:MM:DD HH:MM:SS" carries no zone. With its offset tag it is an exact instant;
 * without, it is read as UTC, so the date a template shows (in UTC) is the camera's own date.
 */
function exifDate(value: unknown, offset: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    return null;
  }
  let time = Date.UTC(year, month - 1, day, hour, minute, second);
  const zone = typeof offset === 'string' ? /^([+-])(\d{2}):?(\d{2})$/.exec(offset.trim()) : null;
  if (zone) {
    const minutes = Number(zone[2]) * 60 + Number(zone[3]);
    time -= (zone[1] === '-' ? -1 : 1) * minutes * 60_000;
  }
  return plausible(new Date(time));
}

function coordinates(
  latitude: unknown,
  longitude: unknown,
): { latitude: number | null; longitude: number | null } {
  if (
    typeof latitude !== 'number' ||
    typeof longitude !== 'number' ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180 ||
    // 0, 0 is what a device without a fix writes, not a place in the Gulf of Guinea.
    (latitude === 0 && longitude === 0)
  ) {
    return { latitude: null, longitude: null };
  }
  return { latitude, longitude };
}

/**
 * ISO 6709 as videos carry it, e.g. "+48.8577+002.2950+035.000/": decimal degrees, or degrees and
 * minutes (±DDMM.MM), or degrees, minutes and seconds (±DDMMSS.S), told apart by digit count.
 */
export function parseIso6709(text: string): { latitude: number | null; longitude: number | null } {
  const m = /^\s*([+-])(\d+(?:\.\d+)?)([+-])(\d+(?:\.\d+)?)/.exec(text);
  if (!m) return { latitude: null, longitude: null };
  const part = (sign: string, digits: string, degreeDigits: number): number => {
    const whole = digits.split('.')[0]!.length;
    const value = Number(digits);
    let degrees: number;
    if (whole <= degreeDigits) degrees = value;
    else if (whole === degreeDigits + 2) {
      const d = Math.trunc(value / 100);
      degrees = d + (value - d * 100) / 60;
    } else {
      const d = Math.trunc(value / 10_000);
      const min = Math.trunc((value - d * 10_000) / 100);
      degrees = d + min / 60 + (value - d * 10_000 - min * 100) / 3600;
    }
    return sign === '-' ? -degrees : degrees;
  };
  return coordinates(part(m[1]!, m[2]!, 2), part(m[3]!, m[4]!, 3));
}

function orientationOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 8
    ? value
    : 1;
}

/** Orientations 5 to 8 turn the stored picture a quarter turn. */
export const swapsSides = (orientation: number) => orientation >= 5;

/** A photo's EXIF orientation (1 to 8; 1, upright, where it says nothing). */
export async function imageOrientation(filePath: string): Promise<number> {
  try {
    return orientationOf(await exifr.orientation(filePath));
  } catch {
    return 1;
  }
}

/**
 * ffmpeg filters that turn a photo stored with EXIF orientation `orientation` upright. ffmpeg
 * itself only learned to read EXIF orientation in later versions, so callers pass `-noautorotate`
 * and apply these, giving the same result on every version.
 */
export function orientationFilters(orientation: number): string[] {
  switch (orientation) {
    case 2:
      return ['hflip'];
    case 3:
      return ['hflip', 'vflip'];
    case 4:
      return ['vflip'];
    case 5:
      return ['transpose=cclock_flip'];
    case 6:
      return ['transpose=clock'];
    case 7:
      return ['transpose=clock_flip'];
    case 8:
      return ['transpose=cclock'];
    default:
      return [];
  }
}

/** Roughly where a place name stops being true: a photo within this of a place is "at" it. */
export const PLACE_RADIUS_KM = 50;

/**
 * A readable name for where a file was taken. The site's destinations carry no coordinates (see
 * server/catalogue/destinations.ts), so there is nothing within PLACE_RADIUS_KM to name yet and this
 * gives the coordinates themselves, e.g. "48.86° N, 2.35° E". Null for coordinates that are not
 * on Earth.
 */
export function placeName(latitude: number, longitude: number): string | null {
  const { latitude: lat, longitude: lon } = coordinates(latitude, longitude);
  if (lat === null || lon === null) return null;
  const format = (value: number, positiveSide: string, negativeSide: string) => {
    const rounded = Math.abs(value).toFixed(2);
    // Rounding can leave "-0.00"; a value that rounds to zero has no side worth naming.
    const side = Number(rounded) === 0 ? positiveSide : value >= 0 ? positiveSide : negativeSide;
    return `${rounded}° ${side}`;
  };
  return `${format(lat, 'N', 'S')}, ${format(lon, 'E', 'W')}`;
}

/**
 * The movie's order: files by capture time, earliest first; files that do not say when they were
 * taken follow, in the order given (the sort is stable, so equal times keep theirs too).
 */
export function orderByCaptureTime<T>(
  items: readonly T[],
  capturedAt: (item: T) => Date | null,
): T[] {
  const time = (item: T) => {
    const at = capturedAt(item)?.getTime();
    return at === undefined || Number.isNaN(at) ? Number.POSITIVE_INFINITY : at;
  };
  return [...items].sort((a, b) => {
    const ta = time(a);
    const tb = time(b);
    return ta === tb ? 0 : ta < tb ? -1 : 1;
  });
}
