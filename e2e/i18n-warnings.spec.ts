/**
 * Issue #6 (i18n leftovers), in Chromium: a manual swap that forces a rematch, done by a
 * Portuguese (Brazil) organizer — the success message and the round's edit log name the two teams
 * and the round in Portuguese (structured warning → operations.warning.REMATCH), and a refused
 * swap comes back in Portuguese (actionErrors.SAME_TEAM). The penalties page explains the rule
 * basis in Portuguese. Screenshot at phone width.
 */
import path from "node:path";
import { test, expect, type Page } from "./test";
import { SHOTS, addJudge, createEvent, newSignedInPage, registerTeam } from "./helpers";

const TEAMS = [
  { name: "Dragões", a: "Ana Souza", b: "Bruno Lima" },
  { name: "Águias", a: "Carla Rossi", b: "Davide Bianchi" },
  { name: "Lupi", a: "Elena Costa", b: "Fabio Santos" },
  { name: "Stelle", a: "Giulia Ferri", b: "Henrique Alves" },
  { name: "Falcões", a: "Isabel Rocha", b: "João Pereira" },
];

async function pairRound(to: Page, eventId: string, r: number) {
  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill(`i18n-r${r}`);
  await to.getByRole("button", { name: `Pair round ${r}` }).click();
  await expect(to.getByTestId(`round-${r}`).getByTestId("round-status")).toHaveText("Paired (not public)");
}

/** "X vs Y" rows of a round page (byes: one name). */
async function pairings(page: Page, eventId: string, r: number): Promise<string[][]> {
  await page.goto(`/events/${eventId}/rounds/${r}`);
  return (await page.getByTestId("match-teams").allInnerTexts()).map((x) => x.split(" vs "));
}

test("pt-BR: a forced rematch is reported in Portuguese (form and edit log); a refusal too", async ({ browser }) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const judge = await newSignedInPage(browser, "e2e-judge");
  const eventId = await createEvent(to, "E2E i18n warnings");
  await addJudge(to);
  for (const t of TEAMS) await registerTeam(judge, eventId, t);

  // Round 1: pair, publish, the first team of each table wins, close.
  await pairRound(to, eventId, 1);
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");
  const r1 = await pairings(judge, eventId, 1);
  const rows = judge.getByTestId("match-row");
  for (let i = 0; i < r1.length; i++) {
    if (r1[i].length < 2) continue;
    await rows.nth(i).getByLabel(`${r1[i][0]} wins`).check();
    await rows.nth(i).getByRole("button", { name: "Save result" }).click();
    await expect(rows.nth(i).getByTestId("match-result")).toBeVisible();
  }
  await to.goto(`/events/${eventId}/admin`);
  to.once("dialog", (d) => void d.accept()); // Run event asks before closing / starting the cut (issue #14)
  await to.getByTestId("round-1").getByRole("button", { name: "Close round" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Closed");

  // Round 2 paired: pick a round-1 pair [p, q] that plays at two different tables now.
  await pairRound(to, eventId, 2);
  const r2 = (await pairings(to, eventId, 2)).filter((m) => m.length === 2);
  const at = (n: string) => r2.find((m) => m.includes(n));
  const [p, q] = r1.find((m) => m.length === 2 && m.every((n) => at(n)) && at(m[0]) !== at(m[1]))!;
  const x = at(p)!.find((n) => n !== p)!; // swapping x and q seats q against p again

  // Switch the organizer to Portuguese (Brazil).
  await to.context().addCookies([{ name: "tandem-locale", value: "pt-BR", domain: new URL(to.url()).hostname, path: "/" }]);
  await to.setViewportSize({ width: 390, height: 844 });
  await to.goto(`/events/${eventId}/rounds/2`);
  const form = to.getByTestId("swap-form");
  const value = async (name: string) =>
    form
      .locator('select[name="teamAId"] option')
      .filter({ hasText: new RegExp(`^${name} \\(`) })
      .getAttribute("value");
  // Refused (same team twice): the message is Portuguese.
  await form.locator('select[name="teamAId"]').selectOption((await value(q))!);
  await form.locator('select[name="teamBId"]').selectOption((await value(q))!);
  await form.locator('input[name="reason"]').fill("teste");
  await form.getByRole("button", { name: "Trocar" }).click();
  await expect(form.getByRole("alert")).toHaveText("Escolha duas equipes diferentes.");
  // The forced rematch: saved, with the warning in Portuguese.
  await form.locator('select[name="teamAId"]').selectOption((await value(x))!);
  await form.locator('select[name="teamBId"]').selectOption((await value(q))!);
  await form.locator('input[name="reason"]').fill("pedido do juiz");
  await form.getByRole("button", { name: "Trocar" }).click();
  const sentence = `Confronto repetido: ${q} e ${p} já jogaram na rodada 1.`;
  await expect(form.getByTestId("edit-warnings")).toContainText(sentence);
  await to.reload();
  await expect(to.getByTestId("edit-log-warnings")).toContainText(sentence);
  await to.getByTestId("edit-log").scrollIntoViewIfNeeded();
  await to.screenshot({ path: path.join(SHOTS, "i18n-rematch-warning-pt-BR.png"), fullPage: true });

  // Audit log and penalties page, same language.
  await to.goto(`/events/${eventId}/audit?entity=Round`);
  await expect(to.getByTestId("audit-changes").filter({ hasText: "Avisos" }).first()).toContainText(sentence);
  await expect(to.getByTestId("audit-action-label").first()).toHaveText("Edição de pareamento: equipes trocadas");
  await to.goto(`/events/${eventId}/penalties`);
  await expect(to.getByTestId("penalty-rule")).toHaveText("Regra: em equipe: a equipe compartilha os PV e perde como uma unidade");
});
