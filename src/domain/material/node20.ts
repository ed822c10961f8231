/**
 * pdf.js 5 (inside unpdf) calls `ArrayBuffer.prototype.transferToFixedLength`, which Node 22 has and
 * Node 20 lacks; without it a page's drawing operators fail and a scanned page renders blank.
 * A copy does what the missing method does for pdf.js's purposes (it never reuses the source).
 */
const proto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (n?: number) => ArrayBuffer };
if (typeof proto.transferToFixedLength !== 'function') {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value: function transferToFixedLength(this: ArrayBuffer, length = this.byteLength): ArrayBuffer {
      const out = new ArrayBuffer(length);
      new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return out;
    },
  });
}
export {};
