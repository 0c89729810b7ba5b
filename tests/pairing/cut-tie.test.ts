import { describe, expect, it } from "vitest";
import { cutLineTie, drawCut } from "@/lib/pairing";

const row = (teamId: string, tiedWithPrevious = false) => ({ teamId, tiedWithPrevious });
// A; B = C = D = E (exact tie on every key); F
const ST = [row("A"), row("B"), row("C", true), row("D", true), row("E", true), row("F")];

describe("exact ties at the top-cut line", () => {
  it("a tie across the line is found with its places: Top 3 → B, C, D, E tied for places 2–3", () => {
    expect(cutLineTie(ST, 3)).toEqual({ size: 3, tied: ["B", "C", "D", "E"], firstPlace: 2, places: 2 });
    expect(cutLineTie(ST, 1)).toBeNull(); // A alone above the line
    expect(cutLineTie(ST, 5)).toBeNull(); // the line falls between E and F
    expect(cutLineTie(ST, 6)).toBeNull(); // everybody is in
  });

  it("a dropped team inside the tie is skipped; a drop between two tied teams keeps them tied", () => {
    expect(cutLineTie(ST, 2, (t) => t !== "B")).toEqual({ size: 2, tied: ["C", "D", "E"], firstPlace: 2, places: 1 });
    const broken = [row("A"), row("B"), row("X"), row("C", true)];
    expect(cutLineTie(broken, 2, (t) => t !== "X")).toBeNull(); // B and C are not tied (X differs from B)
  });

  it("the tie is broken by a seeded draw: same seed → same cut, the draw is returned to be recorded", () => {
    const a = drawCut(ST, 3, "seed-1");
    expect(a.draw).toMatchObject({ seed: "seed-1", tied: ["B", "C", "D", "E"], places: 2 });
    expect([...a.draw!.order].sort()).toEqual(["B", "C", "D", "E"]);
    expect(a.cut).toEqual(["A", ...a.draw!.order.slice(0, 2)]);
    expect(drawCut(ST, 3, "seed-1")).toEqual(a);
    // over many seeds each tied team gets in sometimes (not by team id)
    const inCut = new Set<string>();
    for (let s = 0; s < 40; s++) for (const t of drawCut(ST, 3, `s${s}`).cut) inCut.add(t);
    expect([...inCut].sort()).toEqual(["A", "B", "C", "D", "E"]);
    expect(drawCut(ST, 5, "x")).toEqual({ cut: ["A", "B", "C", "D", "E"], draw: null });
  });
});
