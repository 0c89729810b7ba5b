/** Issue #13 item 6: a same-name duelist on another team needs confirming unless Player IDs tell them apart. */
import { describe, expect, it } from "vitest";
import { sameNameClashes } from "@/lib/teams/sameName";

const existing = [
  { name: "Ana Souza", playerId: null, team: "Dragões" },
  { name: "Bruno Lima", playerId: "0001", team: "Águias" },
];

describe("same-name duelists", () => {
  it("the same name (case, spacing, composed accents ignored) with no Player ID clashes", () => {
    expect(sameNameClashes({ name: "ana  SOUZA", playerId: null }, existing)).toEqual([{ name: "Ana Souza", team: "Dragões" }]);
    expect(sameNameClashes({ name: "Ana Souza", playerId: "0002" }, existing)).toEqual([{ name: "Ana Souza", team: "Dragões" }]);
  });
  it("two different Player IDs tell them apart; a missing one on either side does not", () => {
    expect(sameNameClashes({ name: "Bruno Lima", playerId: "0009" }, existing)).toEqual([]);
    expect(sameNameClashes({ name: "Bruno Lima", playerId: null }, existing)).toEqual([{ name: "Bruno Lima", team: "Águias" }]);
  });
  it("different names never clash", () => {
    expect(sameNameClashes({ name: "Ana Sousa", playerId: null }, existing)).toEqual([]);
  });
});
