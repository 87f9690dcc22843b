/**
 * The RFC 6381 `codecs` of an MP4 file (`avc1.4d401f,mp4a.40.2`), read from its sample
 * descriptions: the H.264 configuration (`avcC`: profile, constraints, level) and the AAC one
 * (`esds`: object type, then the audio object type). A player that is told the codecs of a
 * progressive file needs not guess them (a VAST MediaFile's `codec`, VAST 4.1 §3.9.1). A file
 * without either box (or another codec) gives what was found, undefined when nothing was.
 */
export function mp4Codecs(file: Uint8Array): string | undefined {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const codecs = [avcCodec(bytes), aacCodec(bytes)].filter((codec): codec is string => codec !== undefined);
  return codecs.length === 0 ? undefined : codecs.join(',');
}

const hex = (byte: number) => byte.toString(16).padStart(2, '0');

/** `avc1.PPCCLL` from the first avcC box: configurationVersion, then profile, constraint flags, level. */
function avcCodec(bytes: Buffer): string | undefined {
  const at = bytes.indexOf('avcC', 0, 'latin1');
  if (at < 4 || at + 8 > bytes.length || bytes[at + 4] !== 1) return undefined;
  return `avc1.${hex(bytes[at + 5] as number)}${hex(bytes[at + 6] as number)}${hex(bytes[at + 7] as number)}`;
}

/** `mp4a.OO.A` from the first esds box: ES_Descriptor → DecoderConfigDescriptor (OO) → DecoderSpecificInfo (A). */
function aacCodec(bytes: Buffer): string | undefined {
  const at = bytes.indexOf('esds', 0, 'latin1');
  if (at < 4) return undefined;
  let offset = at + 4 + 4; // the fourcc, then version and flags
  const descriptor = (tag: number): number | undefined => {
    if (bytes[offset] !== tag) return undefined;
    offset += 1;
    // The size: up to four bytes, seven bits each, the high bit saying another follows.
    for (let i = 0; i < 4 && offset < bytes.length; i += 1) {
      const byte = bytes[offset++] as number;
      if ((byte & 0x80) === 0) break;
    }
    return offset;
  };
  if (descriptor(0x03) === undefined) return undefined;
  const esFlags = bytes[offset + 2] ?? 0;
  offset += 3; // ES_ID, flags
  if (esFlags & 0x80) offset += 2; // dependsOn_ES_ID
  if (esFlags & 0x40) offset += 1 + (bytes[offset] ?? 0); // URL
  if (esFlags & 0x20) offset += 2; // OCR_ES_Id
  if (descriptor(0x04) === undefined) return undefined;
  const objectType = bytes[offset];
  if (objectType === undefined) return undefined;
  offset += 13; // objectTypeIndication, streamType, bufferSizeDB, maxBitrate, avgBitrate
  if (descriptor(0x05) === undefined) return `mp4a.${hex(objectType)}`;
  const first = bytes[offset];
  if (first === undefined) return `mp4a.${hex(objectType)}`;
  let audioObjectType = first >> 3;
  if (audioObjectType === 31)
    audioObjectType = 32 + (((first & 0x07) << 3) | ((bytes[offset + 1] ?? 0) >> 5));
  return `mp4a.${hex(objectType)}.${audioObjectType}`;
}
