/**
 * A software passkey authenticator for the API tests: it answers WebAuthn options the way a
 * browser and an authenticator do together (ES256 keys, "none" attestation, discoverable
 * credentials), with real signatures over real client data, so the server's verification runs
 * whole. The browser tests use Chromium's own virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

/** The parts of the options the authenticator reads. */
interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** The public key in COSE form (EC2, P-256, ES256). */
function coseKey(privateKey: KeyObject): Uint8Array {
  const jwk = privateKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

export function softAuthenticator(origin: string) {
  const credentials: Credential[] = [];
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentials,

    /** Makes a new credential for the options, as navigator.credentials.create() answers. */
    create(options: CreationOptions) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const credential = {
        id: randomBytes(16),
        privateKey,
        userHandle: options.user.id,
        counter: 0,
      };
      credentials.push(credential);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
        counterBytes(credential.counter),
        Buffer.alloc(16),
        Buffer.from([0, credential.id.length]),
        credential.id,
        coseKey(privateKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      );
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },

    /**
     * Signs the options' challenge with `credential` (the latest made, by default), as
     * navigator.credentials.get() answers; `counter` moves on unless told otherwise.
     */
    get(
      options: RequestOptions,
      credential = credentials.at(-1)!,
      counter = credential.counter + 1,
    ) {
      const rpId = options.rpId ?? new URL(origin).hostname;
      credential.counter = counter;
      const authenticatorData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
        counterBytes(counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', options.challenge);
      const signature = sign(
        'sha256',
        Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
        credential.privateKey,
      );
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
      };
    },
  };
}
export type SoftAuthenticator = ReturnType<typeof softAuthenticator>;
