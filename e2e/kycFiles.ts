/** A tiny JPEG (SOI, JFIF, a scan header and its data): enough for the server's byte checks. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
  Buffer.from([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0]),
  Buffer.from('pixels'),
  Buffer.from([0xff, 0xd9]),
]);
