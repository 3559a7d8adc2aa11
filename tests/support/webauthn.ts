/**
 * A software authenticator for tests (issue 41): one EC P-256 key per passkey, answering the
 * server's options as a browser with a platform authenticator would ("none" attestation), so the
 * integration tests run the real @simplewebauthn/server checks without a browser.
 */
import crypto from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => crypto.createHash("sha256").update(data).digest();

function uint32(value: number) {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export type SoftPasskey = {
  id: string;
  privateKey: crypto.KeyObject;
  publicKey: crypto.KeyObject;
  /** The user handle the server gave at registration (base64url). */
  userHandle: string;
  rpID: string;
  counter: number;
};

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

function coseKey(publicKey: crypto.KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
    ]),
  );
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** Creates a passkey for the registration options, and the browser's answer to send. */
export function createPasskey(
  options: CreationOptions,
  { origin = "http://localhost:3000", userVerified = true }: { origin?: string; userVerified?: boolean } = {},
): { passkey: SoftPasskey; response: RegistrationResponseJSON } {
  const rpID = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = crypto.randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpID),
    Buffer.from([FLAG_UP | (userVerified ? FLAG_UV : 0) | FLAG_AT]),
    uint32(0),
    Buffer.alloc(16), // AAGUID: none
    idLength,
    credentialId,
    Buffer.from(coseKey(publicKey)),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ["fmt", "none"],
      ["attStmt", new Map<string, string>()],
      ["authData", new Uint8Array(authData)],
    ]),
  );
  const id = b64url(credentialId);
  return {
    passkey: { id, privateKey, publicKey, userHandle: options.user.id, rpID, counter: 0 },
    response: {
      id,
      rawId: id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    },
  };
}

/**
 * The passkey's answer to authentication options: the counter goes up by one (or is `counter`),
 * signed over authenticatorData and the hash of clientDataJSON.
 */
export function assertPasskey(
  passkey: SoftPasskey,
  options: RequestOptions,
  {
    origin = "http://localhost:3000",
    counter = passkey.counter + 1,
    userVerified = true,
    withUserHandle = true,
  }: { origin?: string; counter?: number; userVerified?: boolean; withUserHandle?: boolean } = {},
): AuthenticationResponseJSON {
  passkey.counter = counter;
  const authData = Buffer.concat([sha256(options.rpId ?? passkey.rpID), Buffer.from([FLAG_UP | (userVerified ? FLAG_UV : 0)]), uint32(counter)]);
  const data = clientData("webauthn.get", options.challenge, origin);
  const signature = crypto.sign("sha256", Buffer.concat([authData, sha256(data)]), passkey.privateKey);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: "public-key",
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: withUserHandle ? passkey.userHandle : undefined,
    },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}
