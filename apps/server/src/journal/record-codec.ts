// Journal record format: one line per command, `<crc32 as 8 hex> <command JSON>\n`. JSON.stringify never
// emits a raw newline, so a line is a record. The checksum and the newline let recovery tell a complete
// record from a torn one (a crash in the middle of a write) and drop the torn tail.
import { crc32 as zlibCrc32 } from 'node:zlib';

/** CRC-32 (IEEE, zlib's) of bytes or of a string's UTF-8 bytes: node's native one (zlib.crc32). */
export function crc32(data: Uint8Array | string): number {
  return zlibCrc32(data);
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export function encodeRecord(json: string): string {
  // The checksum of the JSON's UTF-8 bytes, taken from the string (no encoded copy is made).
  const crc = crc32(json).toString(16).padStart(8, '0');
  return `${crc} ${json}\n`;
}

export interface DecodedRecords {
  records: string[];
  /** Bytes up to the end of the last valid record; anything after it is a torn or corrupt tail. */
  validBytes: number;
  /** Bytes after validBytes (0 for a clean file). */
  droppedBytes: number;
}

const NEWLINE = 0x0a;

/** Reads records until the first incomplete or invalid one. */
export function decodeRecords(data: Uint8Array): DecodedRecords {
  const records: string[] = [];
  let pos = 0;
  while (pos < data.length) {
    const end = data.indexOf(NEWLINE, pos);
    if (end === -1) break; // no newline: the last write was torn
    const line = data.subarray(pos, end);
    if (line.length < 10 || line[8] !== 0x20) break;
    let header: string;
    let json: string;
    try {
      header = decoder.decode(line.subarray(0, 8));
      json = decoder.decode(line.subarray(9));
    } catch {
      break;
    }
    if (!/^[0-9a-f]{8}$/.test(header) || Number.parseInt(header, 16) !== crc32(line.subarray(9))) break;
    records.push(json);
    pos = end + 1;
  }
  return { records, validBytes: pos, droppedBytes: data.length - pos };
}
