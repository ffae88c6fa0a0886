import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/*
 * A software WebAuthn authenticator for server tests: a P-256 key per credential, real
 * clientDataJSON, authenticatorData and 'none' attestation objects in CBOR, so the server verifies
 * exactly what a browser would send.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

export interface CeremonyOptions {
  origin?: string;
  /** Whether the authenticator verified the user (biometric / PIN). */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    /** 16 bytes, as a UUID string; the provider name comes from it. */
    readonly aaguid = '00000000-0000-0000-0000-000000000000',
    /** Counting authenticators raise the counter on every use; synced passkeys keep it at 0. */
    readonly counting = true,
  ) {}

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  register(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    options: any,
    { origin = 'http://localhost', userVerified = true, credentialId }: CeremonyOptions & { credentialId?: Buffer } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = encodeCBOR(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = credentialId ?? randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.from(this.aaguid.replace(/-/g, ''), 'hex'), idLength, id, Buffer.from(cose)]);
    const counter = this.counting ? 1 : 0;
    const flags = FLAG_UP | (userVerified ? FLAG_UV : 0) | FLAG_BE | FLAG_BS | FLAG_AT;
    const authData = this.authData(options.rp.id, flags, counter, attested);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', authData],
      ]),
    );
    this.credentials.push({ id, privateKey, counter, userHandle: options.user.id });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(Buffer.from(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /**
   * Signs a sign-in challenge with a credential (the newest by default). `counter` overrides the
   * value sent, to imitate a cloned authenticator.
   */
  authenticate(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    options: any,
    {
      origin = 'http://localhost',
      userVerified = true,
      credential = this.credentials.at(-1)!,
      counter,
    }: CeremonyOptions & { credential?: Credential; counter?: number } = {},
  ) {
    if (counter === undefined && this.counting) credential.counter += 1;
    const flags = FLAG_UP | (userVerified ? FLAG_UV : 0) | FLAG_BE | FLAG_BS;
    const authData = this.authData(options.rpId, flags, counter ?? credential.counter);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
