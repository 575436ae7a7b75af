/** Distinct Accept-Encoding values remembered: browsers send a handful; anything may be sent. */
const REMEMBERED = 64;
const answers = new Map<string, boolean>();

/** Whether an Accept-Encoding header takes gzip (any browser's does); `gzip;q=0` refuses it. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  // Parsed once per distinct value: every answer that can be compressed asks.
  let answer = answers.get(acceptEncoding);
  if (answer === undefined) {
    answer = acceptEncoding.split(',').some((coding) => {
      const [name, ...params] = coding.split(';').map((part) => part.trim().toLowerCase());
      return name === 'gzip' && !params.some((param) => /^q=0(\.0*)?$/.test(param));
    });
    if (answers.size >= REMEMBERED) answers.clear();
    answers.set(acceptEncoding, answer);
  }
  return answer;
}
