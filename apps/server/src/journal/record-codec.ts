// Journal record format: one line per command, `<crc32 as 8 hex> <command JSON>\n`. JSON.stringify never
// emits a raw newline, so a line is a record. The checksum and the newline let recovery tell a complete
// record from a torn one (a crash in the middle of a write) and drop the torn tail.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE) of a byte buffer. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function encodeRecord(json: string): string {
  const crc = crc32(encoder.encode(json)).toString(16).padStart(8, '0');
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
