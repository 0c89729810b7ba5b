/**
 * Postgres binary array parameters (lib/server/pgArrays.ts, the card staging insert): the
 * array_recv layout, byte for byte — ndim 1, no-null flag 0, element OID, length, lower bound 1,
 * then (byte length, bytes) per element.
 */
import { describe, expect, it } from "vitest";
import { int4Array, textArray } from "@/lib/server/write/pgArrays";

const be = (...xs: number[]) =>
  Buffer.concat(
    xs.map((x) => {
      const b = Buffer.alloc(4);
      b.writeInt32BE(x);
      return b;
    }),
  );

describe("binary array parameters", () => {
  it("text[] holds each string's UTF-8 bytes with its byte length (two-byte é, four-byte emoji, empty)", () => {
    expect(textArray(["Blue-Eyes", "é", "🐉", ""])).toEqual(
      Buffer.concat([
        be(1, 0, 25, 4, 1),
        be(9),
        Buffer.from("Blue-Eyes"),
        be(2),
        Buffer.from([0xc3, 0xa9]),
        be(4),
        Buffer.from([0xf0, 0x9f, 0x90, 0x89]),
        be(0),
      ]),
    );
    expect(textArray([])).toEqual(be(1, 0, 25, 0, 1));
  });

  it("int4[] holds 4-byte big-endian values, the signed type bit pattern included", () => {
    expect(int4Array([89631139, 0, -2147483648])).toEqual(
      Buffer.concat([be(1, 0, 23, 3, 1), be(4, 89631139), be(4, 0), be(4, -2147483648)]),
    );
  });
});
