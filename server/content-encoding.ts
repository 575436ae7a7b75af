/** Whether an Accept-Encoding header takes gzip (any browser's does); `gzip;q=0` refuses it. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((coding) => {
    const [name, ...params] = coding.split(';').map((part) => part.trim().toLowerCase());
    return name === 'gzip' && !params.some((param) => /^q=0(\.0*)?$/.test(param));
  });
}
