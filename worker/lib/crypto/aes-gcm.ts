import { fromBase64, randomBytes, toBase64 } from "./encoding";

/*
 * Secrets at rest (provider API keys, Google refresh tokens): AES-256-GCM with a fresh 96-bit IV
 * each time, key from the ENCRYPTION_KEY secret. Stored as "<iv b64>.<ciphertext b64>".
 */
const keys = new Map<string, Promise<CryptoKey>>();

function importKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const raw = fromBase64(secret);
    if (raw.length !== 32) throw new Error("ENCRYPTION_KEY must be 32 bytes, base64-encoded");
    key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    keys.set(secret, key);
  }
  return key;
}

export async function encryptSecret(plaintext: string, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const data = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await importKey(secret),
    new TextEncoder().encode(plaintext),
  );
  return `${toBase64(iv)}.${toBase64(new Uint8Array(data))}`;
}

export async function decryptSecret(stored: string, secret: string): Promise<string> {
  const [ivText, dataText] = stored.split(".");
  if (!ivText || !dataText) throw new Error("malformed encrypted value");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(ivText) },
    await importKey(secret),
    fromBase64(dataText),
  );
  return new TextDecoder().decode(plain);
}
