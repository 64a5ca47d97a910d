import { deflateSync } from "node:zlib";

// Real image bytes, built here so the tests show exactly what is uploaded.

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

type Rgb = [number, number, number];

/**
 * A valid RGB PNG whose pixel at (x, y) is `pixel(x, y)`; `padding` adds an ancillary text chunk to reach a
 * given size. Used by the API tests and the e2e journeys (logos, receipts).
 */
export function drawPng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => Rgb,
  padding = 0,
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: width }, (_, x) => pixel(x, y)).flat()]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    ...(padding > 0 ? [chunk("tEXt", Buffer.alloc(padding, 0x61))] : []),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** A valid RGB PNG of one colour; `padding` adds an ancillary text chunk to reach a given size. */
export function png(width: number, height: number, rgb: Rgb, padding = 0): Uint8Array {
  return drawPng(width, height, () => rgb, padding);
}
