import { createDecipheriv, createHmac, type ECDH } from 'node:crypto';
import { Refusal } from './common';

// Message encryption (RFC 8291 on RFC 8188 aes128gcm)

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypt an aes128gcm body with the receiver's (user agent's) ECDH key and auth secret. */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Refusal(400, 'The body is too short for an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  if (recordSize < 18) throw new Refusal(400, 'The aes128gcm record size is too small');
  if (keyIdLength !== 65)
    throw new Refusal(400, 'The aes128gcm key id must be the sender’s 65-byte public key');
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const content = body.subarray(21 + keyIdLength);
  if (content.length === 0) throw new Refusal(400, 'The aes128gcm body has no record');

  let ecdhSecret: Buffer;
  try {
    ecdhSecret = receiver.computeSecret(senderPublic);
  } catch {
    throw new Refusal(400, 'The sender’s key in the aes128gcm header is not a P-256 point');
  }
  const receiverPublic = receiver.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const baseNonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);

  const plain: Buffer[] = [];
  const records = Math.ceil(content.length / recordSize);
  for (let seq = 0; seq < records; seq++) {
    const record = content.subarray(seq * recordSize, (seq + 1) * recordSize);
    if (record.length < 17) throw new Refusal(400, 'An aes128gcm record is too short');
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8); // seq < 2^32 here
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let padded: Buffer;
    try {
      padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refusal(400, 'The body does not decrypt with the subscription’s keys (aes128gcm)');
    }
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const last = seq === records - 1;
    if (end < 0 || padded[end] !== (last ? 2 : 1)) {
      throw new Refusal(400, 'An aes128gcm record has a wrong padding delimiter');
    }
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}
